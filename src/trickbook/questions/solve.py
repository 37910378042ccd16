"""The acceptance rules of a play question, decided by the rules alone.

Every hand of a worked hand is known, so a rule is decided by looking ahead over
every legal play (a game tree, never a guess): a card is accepted when, after it,
the seat's side can make sure of the goal whatever the other side plays, each
side choosing its own cards. The goal is checked by the engine's own state
(the trick's winner, the contract's payments, the Jack's captor, the game values
captured).

- ``wins-trick``: the trick under way goes to the seat's side.
- ``keeps-contract`` (Nap, the declarer): the declarer makes the contract.
- ``takes-jack`` (All Fours): the seat's side captures the Jack of trumps.
- ``saves-game`` (All Fours): the other side does not score Game (captures no
  more game values than the seat's side).
"""

from __future__ import annotations

from typing import Any, Callable

from ..actions import Action
from ..cards import Card
from ..game import HandState

# A goal: True or False once decided, None while the hand can still go either way.
Goal = Callable[[HandState], "bool | None"]
# What besides the cards held and the trick under way a goal's future depends on.
Summary = Callable[[HandState], Any]
# Looking ahead stops past this many positions (a question the author asks so early that the
# tree is too large is refused with this reason, never left to run).
MAX_NODES = 400_000


class TooDeep(Exception):
    """The look-ahead would pass ``MAX_NODES`` positions."""


def side_of(state: HandState, seat: str) -> frozenset[str]:
    """The seats playing for ``seat``: its team in a partnership game; in Nap a defender's side is every
    seat but the declarer's (the defenders play together against the contract); else the seat alone."""
    if state.partnership:
        return frozenset({seat, state.partner(seat)})
    declarer = getattr(state, "declarer", None)
    if declarer is not None and hasattr(state, "payments") and seat != declarer:
        return frozenset(s for s in state.seats if s != declarer)
    return frozenset({seat})


def _moves(state: HandState) -> list[Action]:
    """The actions of the seat to act that move the hand on (a card, or a throw-in): never a look out of turn."""
    seat = state.current_player
    return [a for a in state.legal_actions() if a.seat == seat and a.verb in ("play", "throw")]


def _key(state: HandState, summary: Any) -> tuple[Any, ...]:
    hands = tuple(tuple(sorted(map(str, state.hands[s]))) for s in state.seats)
    trick = state.trick
    plays = () if trick is None else tuple((e.seat, str(e.card), tuple(map(str, e.thrown))) for e in trick.entries)
    return (hands, plays, state.current_player, summary, tuple(state.in_play))


def _distinct(state: HandState, moves: list[Action]) -> list[Action]:
    """One card of each run of touching cards a seat holds in a suit: when only tricks count, the cards
    of such a run (no card of the suit between them left in any hand or on the trick) do the same."""
    seat = state.current_player
    live: list[tuple[str, int, str | None]] = []  # (suit, power, holder)
    for s in state.seats:
        for c in state.hands[s]:
            live.append((state.effective_suit(c), state.power(c), s))
    trick = state.trick
    for entry in trick.entries if trick is not None else ():
        if entry.card is not None:
            live.append((state.effective_suit(entry.card), state.power(entry.card), None))
    order = {suit: sorted(p for su, p, _ in live if su == suit) for suit in {su for su, _, _ in live}}
    holder = {(su, p): h for su, p, h in live}
    kept: list[Action] = []
    seen: set[tuple[str, int]] = set()
    for action in moves:
        card = action.card
        if card is None:
            kept.append(action)
            continue
        suit, power = state.effective_suit(card), state.power(card)
        powers = order[suit]
        i = powers.index(power)
        while i + 1 < len(powers) and holder.get((suit, powers[i + 1])) == seat:
            i += 1  # the top of the run this card belongs to names the run
        if (suit, powers[i]) not in seen:
            seen.add((suit, powers[i]))
            kept.append(action)
    return kept


class Solver:
    """Whether a side can make sure of a goal from a state, by looking at every legal line of play.

    ``tricks_only``: the goal counts tricks alone (not which cards they hold), so touching cards are
    looked at once (``_distinct``).
    """

    def __init__(self, side: frozenset[str], goal: Goal, summary: Summary, tricks_only: bool = False) -> None:
        self.side = side
        self.goal = goal
        self.summary = summary
        self.tricks_only = tricks_only
        self.memo: dict[tuple[Any, ...], bool] = {}
        self.nodes = 0

    def wins(self, state: HandState) -> bool:
        decided = self.goal(state)
        if decided is not None:
            return decided
        moves = _moves(state)
        if not moves:
            return False
        if self.tricks_only:
            moves = _distinct(state, moves)
        key = _key(state, self.summary(state))
        known = self.memo.get(key)
        if known is not None:
            return known
        self.nodes += 1
        if self.nodes > MAX_NODES:
            raise TooDeep()
        ours = state.current_player in self.side
        result = not ours
        for action in moves:
            child = state.clone()
            child.apply(action)
            if self.wins(child) == ours:
                result = ours
                break
        self.memo[key] = result
        return result

    def refutation(self, state: HandState) -> list[tuple[str, Card]]:
        """A line of plays by which the other side defeats the goal from ``state`` (it must be able to)."""
        line: list[tuple[str, Card]] = []
        while self.goal(state) is None:
            moves = _moves(state)
            if not moves:
                break
            ours = state.current_player in self.side
            for action in moves:
                child = state.clone()
                child.apply(action)
                if not self.wins(child):
                    break
            else:  # pragma: no cover - only asked where the goal can be defeated
                break
            if not ours and action.card is not None:
                line.append((action.seat, action.card))
            state = child
        return line


def goal_for(rule: str, state: HandState, seat: str) -> tuple[Goal, Summary] | str:
    """The goal and summary of ``rule`` for ``seat`` at ``state``, or why the rule does not apply here."""
    side = side_of(state, seat)
    if rule == "wins-trick":
        number = len(state.tricks) if state.trick is not None else len(state.tricks) + 1

        def trick_goal(s: HandState) -> bool | None:
            if len(s.tricks) < number or s.tricks[number - 1].winner is None:
                return None if not s.is_terminal else False
            return s.tricks[number - 1].winner in side
        return trick_goal, lambda s: None
    if rule == "keeps-contract":
        declarer = getattr(state, "declarer", None)
        if declarer is None or not hasattr(state, "payments"):
            return "keeps-contract is a Nap rule, asked of the declarer"
        if declarer != seat:
            return f"keeps-contract is asked of the declarer, {declarer}, not {seat}"

        def contract_goal(s: HandState) -> bool | None:
            payments = getattr(s, "payments", None)
            if payments is not None:
                return bool(payments[declarer] > 0)
            return False if s.is_terminal else None
        return contract_goal, lambda s: sum(1 for t in s.tricks if t.winner == declarer)
    if rule in ("takes-jack", "saves-game"):
        if not hasattr(state, "captured_points") or state.trump is None:
            return f"{rule} is an All Fours rule, asked once trumps are known"
        team = state.team_of(seat)
        if rule == "takes-jack":
            jack = Card("J", state.trump)
            if jack not in getattr(state, "dealt_to", {}):
                return "the Jack of trumps is not in play in this hand"

            def jack_goal(s: HandState) -> bool | None:
                captor = s.captor(jack)  # type: ignore[attr-defined]  # an All Fours state (checked above)
                if captor is not None:
                    return bool(s.team_of(captor) == team)
                return False if s.is_terminal else None
            return jack_goal, lambda s: None

        def game_goal(s: HandState) -> bool | None:
            if not _moves(s):
                totals = s.captured_points()  # type: ignore[attr-defined]  # an All Fours state (checked above)
                return bool(totals[team] >= totals[s.other_team(team)])
            return None

        def captured(s: HandState) -> int:
            totals = s.captured_points()  # type: ignore[attr-defined]  # an All Fours state (checked above)
            return int(totals[team] - totals[s.other_team(team)])
        return game_goal, captured
    return f"unknown acceptance rule {rule!r}"


def accepted_cards(rule: str, state: HandState, seat: str) -> tuple[dict[Card, bool], Solver] | str:
    """For each legal card of ``seat`` at ``state``: whether ``rule`` accepts it (or why the rule cannot be asked)."""
    found = goal_for(rule, state, seat)
    if isinstance(found, str):
        return found
    goal, summary = found
    solver = Solver(side_of(state, seat), goal, summary, tricks_only=rule in ("wins-trick", "keeps-contract"))
    verdicts: dict[Card, bool] = {}
    try:
        for action in _moves(state):
            if action.card is None:
                continue
            child = state.clone()
            child.apply(action)
            verdicts[action.card] = solver.wins(child)
    except TooDeep:
        return f"{rule} cannot be decided this early in the hand (more than {MAX_NODES} positions to look at)"
    return verdicts, solver
