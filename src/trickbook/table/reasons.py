"""Why a bot did what it did: one sentence for each reason code the bots give with their choice.

A bot keeps the reason for its last choice (``bot.reason``: a code and its
values); the table turns it into a message, so that the reader can ask "Why
did North play that?". A reason has two forms. Its **full** form may say what
the bot holds (the card it keeps, that it holds no trump, how many trumps a
call is made on): it is told only once the hand is over. Its **public** form,
told during the hand to every other seat, says only what they all see: the
card played, the trick, the call made (``PUBLIC`` gives a code's public form;
a code not in it says nothing hidden and is its own).
"""

from __future__ import annotations

from typing import Any

from ..messages import MESSAGES, N_, Message, register

register({
    "bot-pitch": N_("{seat} pitches {card}: {suit} looked the best suit to have as trumps."),
    "bot-lead-trump": N_("{seat} leads a trump, {card}, to draw any trumps the other side still holds."),
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
    "bot-bid-public": N_("{seat} bids {contract}."),
    "bot-bid-misere": N_("{seat} holds no card above {card} and bids Misère, to take no trick."),
    "bot-misere-lead-low": N_("{seat} leads {card}, the lowest card of the hand, to lose the lead."),
    "bot-misere-duck": N_("{seat} plays {card}, the highest card that still loses the trick."),
    "bot-misere-forced": N_(
        "{seat} cannot lose this trick, and takes it with {card}, the highest card {seat} may play."
    ),
    "bot-misere-defend-lead-low": N_(
        "{seat} leads {card}, its lowest card, so that {declarer} has less room to play under it."
    ),
    "bot-misere-defend-low": N_(
        "{seat} plays {card}, the lowest it may play, so that {declarer} has less room to play under it."
    ),
    "bot-misere-stay-under": N_("{seat} plays {card} under the card of {declarer}, who keeps the trick."),
    "bot-misere-stay-under-later": N_(
        "{seat} plays {card} under the card of {declarer}, who holds the trick so far; a seat still to play may "
        "yet go over it."
    ),
    "bot-misere-cannot-stay-under": N_(
        "{seat} cannot stay under the card of {declarer}, and gives {card}, the lowest."
    ),
    "bot-misere-shed-high": N_(
        "{declarer} is already beaten in this trick, so {seat} sheds {card}, the highest it may play."
    ),
    "bot-declarer-names-trumps": N_("{seat} leads {card}: the best suit of the hand becomes trumps."),
    "bot-misere-lowest-hope": N_(
        "{seat} cannot stay under the trick's best card and plays {card}, the lowest it may play: "
        "a seat still to play may have to go over it."
    ),
    "bot-last-card": N_("{seat} plays its last card, {card}."),
    "bot-lead-no-trumps-hand": N_("{seat} leads {card}: nothing is trumps in this hand."),
    "bot-over-partner": N_(
        "{seat} plays {card} over the card of {partner}, its partner, so that {foe}, still to play, must beat a "
        "higher card."
    ),
    "bot-over-partner-last": N_(
        "{seat} plays {card} over the card of {partner}, its partner: the side keeps the trick."
    ),
    "bot-stand-high": N_("{seat} stands on a single trump, {card}: the ace of trumps makes High sure."),
    # The searched choices: the fact of the position the choice turns on.
    "bot-misere-lead-count": N_(
        "{seat} leads {card}, with {higher} higher and {lower} lower cards of its suit not yet seen."
    ),
    "bot-misere-over": N_("{seat} plays {card}, over the best card of the trick so far."),
    "bot-misere-under": N_("{seat} plays {card}, under the best card of the trick so far."),
    "bot-trumps-count": N_("{seat} makes {suit} trumps, holding {count} of them."),
    "bot-stand-count": N_("{seat} stands, holding {count} {suit}."),
    "bot-beg-count": N_("{seat} begs, holding {count} {suit}."),
    "bot-give-count": N_("{seat} gives a point to keep {suit} as trumps, holding {count} of them."),
    "bot-pass-count": N_("{seat} passes, holding {count} {suit}."),
    "bot-bid-count": N_("{seat} bids {contract}, holding {count} {suit}, its longest suit."),
    "bot-pass-longest": N_("{seat} passes, holding {count} {suit}, its longest suit."),
    # The public forms: what every seat sees.
    "bot-leads-trump": N_("{seat} leads a trump, {card}."),
    "bot-leads-plain": N_("{seat} leads {card}, not a trump."),
    "bot-lets-go": N_("{seat} lets the trick go with {card}."),
    "bot-plays": N_("{seat} plays {card}."),
    "bot-pitches": N_("{seat} pitches {card}, and {suit} become trumps."),
    "bot-names-trumps": N_("{seat} leads {card}, and {suit} become trumps."),
    "bot-stands": N_("{seat} stands: {suit} stay trumps."),
    "bot-begs": N_("{seat} begs for another suit than {suit}."),
    "bot-gives-point": N_("{seat} gives a point, and {suit} stay trumps."),
    "bot-runs": N_("{seat} runs the pack."),
    "bot-passes-suit": N_("{seat} passes, and does not make {suit} trumps."),
    "bot-passes-all": N_("{seat} passes, and names no suit."),
    "bot-makes-trumps": N_("{seat} makes {suit} trumps."),
    "bot-makes-trumps-alone": N_("{seat} makes {suit} trumps and plays without a partner."),
    "bot-defends-alone": N_("{seat} defends alone against {maker}."),
    "bot-no-defence-public": N_("{seat} does not defend alone against {maker}."),
    "bot-calls-no-trump": N_("{seat} calls no trump."),
    "bot-stuck-public": N_("{seat} is the dealer and stuck, and must name a suit."),
    "bot-bids-misere": N_("{seat} bids Misère, to take no trick."),
    "bot-misere-leads": N_("{seat} leads {card}."),
    "bot-misere-goes-under": N_("{seat} plays {card}, under the best card of the trick so far."),
    "bot-misere-later": N_("{seat} plays {card}; the seats still to play may yet go over it."),
    "bot-misere-takes": N_("{seat} plays {card} and takes the trick."),
    "bot-misere-defend-leads": N_("{seat} leads {card} against the Misère of {declarer}."),
    "bot-misere-defend-plays": N_("{seat} plays {card}; {declarer} is still to play."),
    "bot-misere-goes-over": N_("{seat} plays {card}, over the card of {declarer}."),
    "bot-misere-sheds": N_("{declarer} is already beaten in this trick, so {seat} sheds {card}."),
})

# Each full form that says something hidden, and its public form: the code, and the values it keeps.
PUBLIC: dict[str, tuple[str, tuple[str, ...]]] = {
    "bot-pitch": ("bot-pitches", ("seat", "card", "suit")),
    "bot-lead-trump": ("bot-leads-trump", ("seat", "card")),
    "bot-lead-trump-none-out": ("bot-leads-trump", ("seat", "card")),
    "bot-lead-plain": ("bot-leads-plain", ("seat", "card")),
    "bot-lead-no-trump": ("bot-leads-plain", ("seat", "card")),
    "bot-cannot-win": ("bot-lets-go", ("seat", "card")),
    "bot-keeps-cheaper": ("bot-lets-go", ("seat", "card")),
    "bot-only-card": ("bot-plays", ("seat", "card")),
    "bot-stand-strong": ("bot-stands", ("seat", "suit")),
    "bot-stand-high": ("bot-stands", ("seat", "suit")),
    "bot-stand-count": ("bot-stands", ("seat", "suit")),
    "bot-beg-weak": ("bot-begs", ("seat", "suit")),
    "bot-beg-count": ("bot-begs", ("seat", "suit")),
    "bot-give-strong": ("bot-gives-point", ("seat", "suit")),
    "bot-give-count": ("bot-gives-point", ("seat", "suit")),
    "bot-run": ("bot-runs", ("seat",)),
    "bot-pass-weak": ("bot-passes-suit", ("seat", "suit")),
    "bot-pass-count": ("bot-passes-suit", ("seat", "suit")),
    "bot-pass-weak-all": ("bot-passes-all", ("seat",)),
    "bot-trumps-strong": ("bot-makes-trumps", ("seat", "suit")),
    "bot-trumps-count": ("bot-makes-trumps", ("seat", "suit")),
    "bot-trumps-alone": ("bot-makes-trumps-alone", ("seat", "suit")),
    "bot-defend-bowers": ("bot-defends-alone", ("seat", "maker")),
    "bot-defend-top-trumps": ("bot-defends-alone", ("seat", "maker")),
    "bot-no-defence": ("bot-no-defence-public", ("seat", "maker")),
    "bot-no-trump": ("bot-calls-no-trump", ("seat",)),
    "bot-stuck": ("bot-stuck-public", ("seat",)),
    "bot-bid-count": ("bot-bid-public", ("seat", "contract")),
    "bot-pass-longest": ("bot-pass-bid", ("seat",)),
    "bot-bid-misere": ("bot-bids-misere", ("seat",)),
    "bot-declarer-names-trumps": ("bot-names-trumps", ("seat", "card", "suit")),
    "bot-misere-lead-low": ("bot-misere-leads", ("seat", "card")),
    "bot-misere-lead-count": ("bot-misere-leads", ("seat", "card")),
    "bot-misere-duck": ("bot-misere-goes-under", ("seat", "card")),
    "bot-misere-lowest-hope": ("bot-misere-later", ("seat", "card")),
    "bot-misere-forced": ("bot-misere-takes", ("seat", "card")),
    "bot-misere-defend-lead-low": ("bot-misere-defend-leads", ("seat", "card", "declarer")),
    "bot-misere-defend-low": ("bot-misere-defend-plays", ("seat", "card", "declarer")),
    "bot-misere-cannot-stay-under": ("bot-misere-goes-over", ("seat", "card", "declarer")),
    "bot-misere-shed-high": ("bot-misere-sheds", ("seat", "card", "declarer")),
}


def public_form(code: str, values: dict[str, Any]) -> tuple[str, dict[str, Any]]:
    """The form of a reason every seat may be told during the hand."""
    if code not in PUBLIC:
        return code, dict(values)
    public, keep = PUBLIC[code]
    return public, {k: values[k] for k in keep if k in values}


def reason_forms(bot: Any) -> tuple[dict[str, Any], dict[str, Any] | None] | None:
    """The reason a bot gave for its last choice, as messages: its public form, and its full form
    when that says more (None when not); None when it gave no reason."""
    reason = getattr(bot, "reason", None)
    if not reason:
        return None
    code, values = reason
    if code not in MESSAGES:
        return None
    public = Message(*public_form(code, values)).as_dict()
    return public, (Message(code, dict(values)).as_dict() if code in PUBLIC else None)


def bot_reason(bot: Any) -> dict[str, Any] | None:
    """The public form of the reason a bot gave for its last choice, as a message; None when it gave none."""
    forms = reason_forms(bot)
    return forms[0] if forms else None
