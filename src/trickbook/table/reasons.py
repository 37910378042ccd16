"""Why a bot did what it did: one sentence for each reason code the bots give with their choice.

A bot keeps the reason for its last choice (``bot.reason``: a code and its
values, never a card it has not shown); the table turns it into a message, so
that the reader can ask "Why did North play that?".
"""

from __future__ import annotations

from typing import Any

from ..messages import MESSAGES, N_, Message, register

register({
    "bot-pitch": N_("{seat} pitches {card}: {suit} looked the best suit to have as trumps."),
    "bot-lead-trump": N_("{seat} leads a trump, {card}, to draw the other side's trumps."),
    "bot-lead-trump-none-out": N_("{seat} leads a trump, {card}: no other trump is left out, so it cannot be beaten."),
    "bot-lead-plain": N_("{seat} leads {card} and keeps the trumps for later."),
    "bot-lead-no-trump": N_("{seat} holds no trump and leads {card}."),
    "bot-take-trick": N_("{seat} plays {card} to take the trick."),
    "bot-partner-holds": N_("{partner}, the partner of {seat}, is winning the trick, so {seat} plays {card}."),
    "bot-cannot-win": N_("{seat} lets the trick go and gives {card}, the card that costs least."),
    "bot-gives-partner-to-play": N_("{seat} gives {card} to the trick: {partner}, still to play, may take it."),
    "bot-keeps-cheaper": N_("{seat} lets the trick go with {card} and keeps {kept} for later."),
    "bot-only-card": N_("{seat} has only one card that may be played: {card}."),
    "bot-stand-strong": N_("{seat} holds enough {suit} to keep them as trumps, and stands."),
    "bot-beg-weak": N_("{seat} holds too few good {suit} and begs for another suit."),
    "bot-give-strong": N_("{seat} holds good {suit} and gives a point to keep them as trumps."),
    "bot-run": N_("{seat} would rather run the pack than give a point."),
    "bot-give-forced": N_("{seat} gives a point: the pack cannot be run."),
    "bot-discard": N_("{seat} discards the card least useful for this hand; it stays face down."),
    "bot-pass-weak": N_("{seat} passes: the hand is too weak with {suit} as trumps."),
    "bot-pass-weak-all": N_("{seat} passes: no suit is strong enough to name."),
    "bot-trumps-strong": N_("{seat} holds enough {suit} to make them trumps."),
    "bot-trumps-alone": N_("{seat} holds {suit} strong enough to play without a partner."),
    "bot-defend-bowers": N_("{seat} holds both bowers and defends alone against {maker}."),
    "bot-defend-top-trumps": N_("{seat} holds {count} of the four highest trumps and defends alone against {maker}."),
    "bot-no-defence": N_("{seat} holds too few of the highest trumps to face {maker} alone, and passes."),
    "bot-no-trump": N_(
        "{seat} holds high cards in several suits, better without trumps than with any, and calls no trump."
    ),
    "bot-stuck": N_("{seat} is the dealer and stuck, and names the strongest suit left."),
    "bot-bid": N_("{seat} expects to take {tricks} tricks and bids {contract}."),
    "bot-pass-bid": N_("{seat} does not expect enough tricks to bid higher, and passes."),
    "bot-bid-misere": N_("{seat} holds no card above {card} and bids Misère, to take no trick."),
    "bot-misere-lead-low": N_("{seat} leads {card}, the lowest card of the hand, to lose the lead."),
    "bot-misere-duck": N_("{seat} plays {card}, the highest card that still loses the trick."),
    "bot-misere-forced": N_(
        "{seat} cannot lose this trick, and takes it with {card}, the highest card {seat} may play."
    ),
    "bot-misere-defend-lead-low": N_("{seat} leads {card}, low, so that {declarer} has less room to play under it."),
    "bot-misere-defend-low": N_("{seat} plays {card}, low, so that {declarer} has less room to play under it."),
    "bot-misere-stay-under": N_("{seat} plays {card} under the card of {declarer}, who keeps the trick."),
    "bot-misere-cannot-stay-under": N_(
        "{seat} cannot stay under the card of {declarer}, and gives {card}, the lowest."
    ),
    "bot-misere-shed-high": N_("{declarer} is already beaten in this trick, so {seat} sheds {card}, a high card."),
    "bot-declarer-names-trumps": N_("{seat} leads {card}: the best suit of the hand becomes trumps."),
    "bot-looked-ahead": N_("{seat} plays {card}: played out over many guesses at the hidden cards, it did best."),
    "bot-looked-ahead-call": N_(
        "{seat} played the hand out over many guesses at the hidden cards, and this call did best."
    ),
})


def bot_reason(bot: Any) -> dict[str, Any] | None:
    """The reason a bot gave for its last choice, as a message; None when it gave none."""
    reason = getattr(bot, "reason", None)
    if not reason:
        return None
    code, values = reason
    if code not in MESSAGES:
        return None
    return Message(code, dict(values)).as_dict()
