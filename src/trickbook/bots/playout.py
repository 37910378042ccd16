"""How the search bot finishes a guessed hand, and what the finished hand is worth to a side.

In a guessed world every hand is known, so the play-out policy plays as a
player who sees all the cards would at a glance, one trick at a time: lead a
card no opponent can beat if there is one, else the cheapest card; follow by
taking the trick with the cheapest card no opponent still to play can beat,
by feeding count cards (All Fours' game values) to a partner whose card
already holds the trick, or else by throwing the cheapest card. It uses no
random choice, so every action tried in one world meets the same answers and
the difference between two actions is the actions' alone.

Every rule it weighs is the engine's: the follow rule, the suits, the trick
order, the scoring. ``WorkMeter`` counts the engine actions applied, the
unit in which the search bot's budget per move is fixed.
"""

from __future__ import annotations

from typing import Any, Callable

from ..actions import Action
from ..cards import Card, game_value
from ..game import HandState

# What a side's finished hand is worth, besides its points: each trick taken (Euchre, Nap) and each
# game value captured (All Fours), small enough never to outweigh a point.
TRICK_SHAPE = 0.1
GAME_VALUE_SHAPE = 0.006
# What winning (or losing) the match in a play-out is worth, in points of the hand.
MATCH_BONUS = 20.0
# What a heuristic bot's call in a play-out costs besides the action applied, in engine actions: it reads
# the seat's observation and weighs the hand, about as long as two actions played (bench/stability.py
# --times). Counted, so that a call searched (which plays every seat's calls in every world) stays
# within the time its budget stands for.
CALL_COST = 2


class OutOfBudget(Exception):
    """The budget of engine actions is spent: the play-out under way is abandoned."""


class WorkMeter:
    """Counts the engine actions the search applies: its budget per move is a number of them. With a
    ``limit``, an action past it is not applied: ``OutOfBudget`` is raised instead."""

    def __init__(self, limit: int | None = None) -> None:
        self.applied = 0
        self.limit = limit

    def charge(self, work: int) -> None:
        """Count ``work`` action-equivalents done outside ``apply`` (a clone); raise if past the limit."""
        if self.limit is not None and self.applied + work > self.limit:
            raise OutOfBudget(self.applied)
        self.applied += work

    def apply(self, state: HandState, action: Action) -> None:
        if self.limit is not None and self.applied >= self.limit:
            raise OutOfBudget(self.applied)
        state.apply(action)
        self.applied += 1


def counts_game_values(hand_class: type[HandState]) -> bool:
    """Whether captured cards score by their game values (All Fours' Game point)."""
    return hasattr(hand_class, "captured_points")


def allies(state: HandState) -> Callable[[str, str], bool]:
    """Who plays together: partners; in Nap the defenders against the declarer."""
    if state.partnership:
        return lambda a, b: state.team_of(a) == state.team_of(b)
    declarer = getattr(state, "declarer", None)
    return lambda a, b: a == b or (declarer is not None and a != declarer and b != declarer)


def finish_decisions(state: HandState, meter: WorkMeter, bot: Any) -> None:
    """Let ``bot`` (a heuristic bot, reading each seat's observation in turn) take every decision
    left before trick play: the rest of the bidding, trumps, begging, giving, the discard."""
    while state.phase != "play" and not state.is_terminal and state.winner is None:
        seat = state.current_player
        if seat is None:
            return
        meter.charge(CALL_COST)
        meter.apply(state, Action.parse(bot.choose(state.observation(seat)), state.seats))


def play_out(state: HandState, meter: WorkMeter) -> HandState:
    """Finish the hand with the play-out policy (deterministic given the state)."""
    values = counts_game_values(type(state))
    together = allies(state)
    while not (state.is_terminal or state.winner is not None):
        meter.apply(state, policy(state, together, values))
    return state


def policy(state: HandState, together: Callable[[str, str], bool], values: bool) -> Action:
    actions = state.legal_actions()
    plays = [a for a in actions if a.verb == "play" and a.card is not None]
    if len(plays) <= 1:
        return plays[0] if plays else actions[0]
    seat = state.current_player
    trick = state.trick
    assert seat is not None and trick is not None
    trump = state.trump
    cls = type(state)

    def cheap(card: Card) -> tuple[bool, int, int]:
        return (cls.suit_of(card, trump) == trump, game_value(card) if values else 0, cls.rank_power(card, trump))

    cards = [a.card for a in plays if a.card is not None]
    by_card = {a.card: a for a in plays}
    played = {e.seat for e in trick.entries}
    to_play = [s for s in trick.expected if s not in played and s != seat]
    foes = [s for s in to_play if not together(s, seat)]

    def holds(card: Card, led: str) -> bool:
        """No opponent still to play can beat ``card`` in a trick led in ``led``."""
        key = cls.trick_key(card, led, trump)
        for foe in foes:
            hand = state.hands[foe]
            for c in hand:
                if cls.trick_key(c, led, trump) > key and cls.follow_rule(foe, c, hand, led, trump) is None:
                    return False
        return True

    declarer = getattr(state, "declarer", None)
    if declarer is not None and getattr(state, "contract", None) == "misere":
        return by_card[_misere(state, seat, declarer, cards)]
    if trick.led is None:
        if trump is None:  # Nap's first lead names trumps: keep the heuristic's habit, the longest strong suit
            return by_card[
                max(cards, key=lambda c: (sum(1 for h in cards if h.suit == c.suit), cls.rank_power(c, None)))
            ]
        sure = [c for c in cards if holds(c, cls.suit_of(c, trump))]
        if sure:
            return by_card[min(sure, key=cheap)]
        return by_card[min(cards, key=cheap)]
    led = cls.suit_of(trick.led, trump)
    assert trick.winning is not None
    holder, holding = trick.winning
    if together(holder, seat) and holds(holding, led):
        if values:  # feed the partner's trick: the richest card that is not a trump
            return by_card[max(cards, key=lambda c: (not cheap(c)[0], game_value(c), -cls.rank_power(c, trump)))]
        return by_card[min(cards, key=cheap)]
    best = cls.trick_key(holding, led, trump)
    winners = [c for c in cards if cls.trick_key(c, led, trump) > best and holds(c, led)]
    if winners:
        return by_card[min(winners, key=lambda c: cls.trick_key(c, led, trump))]
    return by_card[min(cards, key=cheap)]


def _misere(state: HandState, seat: str, declarer: str, cards: list[Card]) -> Card:
    """Misère as the heuristic plays it: the declarer tries to lose every trick, the others to make him
    take one (``nap.misere_choice``); every lead is the lowest card."""
    from .nap import _lowest, misere_choice

    trick = state.trick
    assert trick is not None
    cls = type(state)
    if trick.led is None:
        if seat == declarer:
            return _lowest(cards)
        # A defender, seeing the declarer's hand, leads where he cannot stay under: below all his cards
        # of a suit he holds; else as close under his lowest card of a suit as it can.
        theirs = list(state.hands[declarer])

        def pressure(card: Card) -> tuple[int, int]:
            power = cls.rank_power(card, None)
            his = [cls.rank_power(c, None) for c in theirs if c.suit == card.suit]
            if not his:
                return 2, power
            gap = min(his) - power
            return (0, power) if gap > 0 else (1, -gap)

        return min(cards, key=pressure)
    led = cls.suit_of(trick.led, None)
    assert trick.winning is not None
    holder, holding = trick.winning
    best = cls.trick_key(holding, led, None)
    played = {e.seat for e in trick.entries}
    later = any(s not in played and s != seat for s in trick.expected)
    card, _ = misere_choice(seat, declarer, cards, lambda c: cls.trick_key(c, led, None) > best,
                            declarer in played, holder, later)
    return card


def value(state: HandState, seat: str, score_before: dict[str, int], values: bool) -> float:
    """The finished play-out's worth to ``seat``'s side: points gained less the others' (their mean),
    a little for tricks or game values taken, and the match if it was decided."""
    mine = state.team_of(seat)
    gained = {t: state.score.get(t, 0) - score_before.get(t, 0) for t in state.score}
    others = max(1, len(gained) - 1)
    result = gained.get(mine, 0) - sum(v for t, v in gained.items() if t != mine) / others
    together = allies(state)
    ours = theirs = 0.0
    for taker, cards in state.taken.items():
        worth: float = sum(game_value(c) for c in cards) * GAME_VALUE_SHAPE if values else 0.0
        tricks = sum(1 for t in state.tricks if t.winner == taker)
        worth += tricks * TRICK_SHAPE
        if together(taker, seat):
            ours += worth
        else:
            theirs += worth
    result += ours - theirs
    if state.winner is not None:
        result += MATCH_BONUS if state.winner == mine else -MATCH_BONUS
    return result


__all__ = [
    "CALL_COST", "MATCH_BONUS", "OutOfBudget", "WorkMeter", "allies", "counts_game_values", "finish_decisions",
    "play_out", "policy", "value",
]
