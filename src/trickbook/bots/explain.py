"""Why a card was played, in words that are true of the position: the reason codes the bots share.

A reason claims something of the position (the seat holds trumps it keeps, the
card given is the cheapest it could give, the partner is still to play); the
code is chosen by checking that claim, so that a learner is never told
something false. ``cost`` is what giving a card away costs: a trump before a
plain card, then (in All Fours) its Game points, then its power.
"""

from __future__ import annotations

from typing import Any, Mapping, Sequence

from ..actions import Action
from ..cards import RANKS, SUITS, Card, game_value
from ..game import HandState
from ..view import SeatView


def cost(me: SeatView, card: Card, values: bool) -> tuple[bool, int, int]:
    """What giving ``card`` away costs, lowest first: plain before trump, Game points (if they count), power."""
    return me.is_trump(card), game_value(card) if values else 0, me.power(card)


def cheaper_than(me: SeatView, card: Card, cards: Sequence[Card], values: bool) -> list[Card]:
    """The cards of ``cards`` that cost strictly less to give than ``card``."""
    mine = cost(me, card, values)
    return [c for c in cards if cost(me, c, values) < mine]


def play_reason(me: SeatView, card: Card, cards: Sequence[Card], values: bool,
                after: Sequence[str] = ()) -> tuple[str, dict[str, Any]]:
    """The reason for playing ``card`` of the legal ``cards``; ``after`` are the seats still to play
    to this trick, ``values`` whether captured cards score by their Game points."""
    said: dict[str, Any] = {"seat": me.seat, "card": card}
    if len(me.hand) == 1:
        return "bot-last-card", said
    if len(cards) == 1:
        return "bot-only-card", said
    if not me.plays:
        if me.trump is None:  # a hand played without trumps (Euchre's no trump)
            return "bot-lead-no-trumps-hand", said
        if me.is_trump(card):
            return ("bot-lead-trump" if trumps_out(me) else "bot-lead-trump-none-out"), said
        kept = any(me.is_trump(c) for c in me.hand if c != card)
        return ("bot-lead-plain" if kept else "bot-lead-no-trump"), said
    assert me.winning is not None and me.led is not None
    partner = getattr(me, "partner", None)
    if me.beats(card, me.winning[1], me.led):
        if partner is not None and me.winning[0] == partner:
            # Over the partner's card: not to take the trick from the side, but to hold it higher
            # against an opponent still to play (or, the last to play, to take the lead).
            foes = [s for s in after if me.team_of(s) != me.team]
            if foes:
                return "bot-over-partner", {**said, "partner": partner, "foe": foes[0]}
            return "bot-over-partner-last", {**said, "partner": partner}
        return "bot-take-trick", said
    if partner is not None and me.winning[0] == partner:
        return "bot-partner-holds", {**said, "partner": partner}
    cheaper = cheaper_than(me, card, cards, values)
    if not cheaper:
        return "bot-cannot-win", said
    if partner is not None and partner in after and any(me.beats(c, me.winning[1], me.led) for c in unseen(me)):
        # "may take it": a card this seat has not seen beats the trick's best card (none may: the ace of trumps).
        return "bot-gives-partner-to-play", {**said, "partner": partner}
    return "bot-keeps-cheaper", {**said, "kept": min(cheaper, key=lambda c: cost(me, c, values))}


def choice_reason(game: type[HandState], obs: Mapping[str, Any], text: str) -> tuple[str, dict[str, Any]]:
    """Why the seat whose observation is ``obs`` chose ``text``, in a fact of the position that weighs
    in the choice: for a card, the trick it takes, leaves or holds (``play_reason``); for a call, the
    trumps it is made on. The search bot's choice is told so; each code is checked against the
    position by the tests, as the heuristic bots' are."""
    me = SeatView.deciding(obs, game=game)
    action = Action.parse(text, me.seats)
    said: dict[str, Any] = {"seat": me.seat}
    if action.verb == "play" and action.card is not None:
        card = action.card
        if obs.get("contract") == "misere":
            if len(me.hand) == 1:
                return "bot-last-card", {**said, "card": card}
            if not me.plays:  # how many cards of its suit, still out, may go over or under it
                out = [c for c in unseen(me) if c.suit == card.suit]
                higher = sum(1 for c in out if RANKS.index(c.rank) < RANKS.index(card.rank))
                return "bot-misere-lead-count", {**said, "card": card, "higher": higher, "lower": len(out) - higher}
            assert me.winning is not None and me.led is not None
            over = me.beats(card, me.winning[1], me.led)
            return ("bot-misere-over" if over else "bot-misere-under"), {**said, "card": card}
        values = hasattr(game, "captured_points")
        if not me.plays and me.trump is None and len(me.hand) > 1 and ("declarer" in obs or values):
            # The first lead names trumps (Nap's declarer, All Fours' pitch).
            return "bot-names-trumps", {**said, "card": card, "suit": card.suit}
        return play_reason(me, card, me.cards, values=values, after=still_to_play(me))
    verb, phase = action.verb, me.phase
    if verb == "bid" and action.contract == "misere":  # told with the hand's highest card
        highest = min(me.hand, key=lambda c: (RANKS.index(c.rank), SUITS.index(c.suit)))
        return "bot-bid-misere", {**said, "card": highest}
    if verb == "bid" or (verb == "pass" and phase == "bidding"):  # Nap: the longest suit, the first lead's
        suit = max(SUITS, key=lambda s: (sum(1 for c in me.hand if c.suit == s), -SUITS.index(s)))
        count = sum(1 for c in me.hand if c.suit == suit)
        if verb == "pass":
            return "bot-pass-longest", {**said, "suit": suit, "count": count}
        return "bot-bid-count", {**said, "contract": action.contract, "suit": suit, "count": count}
    if verb in SUIT_CALLS or (verb == "pass" and phase == "round-one"):
        suit = action.suit or me.trump or Card.parse(obs["upcard"]).suit
        held = [c for c in me.hand if me.rules.suit_of(c, suit) == suit]
        if verb == "pickup":  # the dealer holds the upcard too
            held.append(Card.parse(obs["upcard"]))
        return SUIT_CALLS.get(verb, "bot-pass-count"), {**said, "suit": suit, "count": len(held)}
    if verb in ("defend", "pass") and phase == "defend":
        return ("bot-defends-alone" if verb == "defend" else "bot-no-defence-public"), {**said, "maker": obs["maker"]}
    return {"notrump": "bot-calls-no-trump", "run": "bot-runs"}.get(verb) or (
        "bot-passes-all" if phase == "round-two" else "bot-pass-bid"), said


# The calls made on a suit (the trumps they make or keep), and the fact each is told with: the trumps held.
SUIT_CALLS = {"order": "bot-trumps-count", "pickup": "bot-trumps-count", "call": "bot-trumps-count",
              "stand": "bot-stand-count", "give": "bot-give-count", "beg": "bot-beg-count"}


def unseen(me: SeatView) -> list[Card]:
    """The cards of the pack this seat has not seen (neither in its hand, nor played or thrown, nor kicked)."""
    seen = set(me.hand) | {Card.parse(c) for c in me.obs.get("kicks", [])}
    for trick in me.obs["tricks"]:
        for entry in trick["plays"]:
            if entry[1] == "throw":
                seen.update(Card.parse(c) for c in entry[2])
            else:
                seen.add(Card.parse(entry[1]))
    return [c for c in me.rules.pack() if c not in seen]


def trumps_out(me: SeatView) -> list[Card]:
    """The trumps this seat has not seen: the other side may hold them."""
    return [c for c in unseen(me) if me.is_trump(c)]


def still_to_play(me: SeatView) -> list[str]:
    """The seats still to play to the trick in progress after this one, in order."""
    j = me.in_play.index(me.seat)
    return [s for s in me.in_play[j + 1:] + me.in_play[:j] if s not in me.played_here]


__all__ = ["cheaper_than", "choice_reason", "cost", "play_reason", "still_to_play", "trumps_out", "unseen"]
