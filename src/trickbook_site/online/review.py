"""A finished hand looked at with every hand known, for a class's teacher: the costly plays and the result.

A play is *costly* when, before it, the player's side could make sure of one of
its stakes whatever the others played (the contract, a march, the Jack, Game),
and after it could not. Both halves are decided by the question solver
(``trickbook.questions.solve``), which looks at every legal line of play, so a
play is marked only when the look-ahead proves it: never by a bot's play-out,
never by a guess. A position too large to look at within ``NODES`` positions is
left unjudged rather than guessed (early plays of a long hand).

The stakes, by what the hand's state has:

- a declarer and payments (Nap): the declarer's contract, kept by the declarer's
  side and defeated by the defenders';
- a maker and tricks by team (Euchre): the makers' three tricks, made by the
  makers and stopped by the defenders, and the makers' march;
- captured game values and trumps (All Fours): the Jack of trumps, taken by a
  side, and Game, which a side saves when the other side captures no more.

The page writes each mark in its reader's language from its parts
(``{seat, card, stake, better, trick, bot}``).
"""

from __future__ import annotations

from typing import Any, Callable

from trickbook.actions import Action
from trickbook.cards import Card
from trickbook.game import HandState
from trickbook.questions.solve import Goal, Solver, Summary, TooDeep, goal_for, side_of

NODES = 20_000     # positions one look-ahead may visit before the play is left unjudged
BUDGET = 100_000   # positions the whole hand's review may visit; the earlier plays are then left unjudged


class _Bounded(Solver):
    """The question solver, stopped past ``limit`` positions for each question it is asked."""

    limit = NODES

    def __init__(self, spent: list[int], *args: Any) -> None:
        super().__init__(*args)
        self.spent = spent   # shared by every solver of one review: [positions visited]

    def wins(self, state: HandState) -> bool:
        if self.nodes > self.limit:
            raise TooDeep()
        return super().wins(state)

    def ask(self, state: HandState) -> bool:
        if self.spent[0] > BUDGET:
            raise TooDeep()
        self.nodes = 0
        try:
            return self.wins(state)
        finally:
            self.spent[0] += self.nodes


Stake = tuple[str, frozenset[str], Goal, Summary, bool]   # name, side, goal, summary, counts tricks only


def _negate(goal: Goal) -> Goal:
    def other(s: HandState) -> bool | None:
        decided = goal(s)
        return None if decided is None else not decided
    return other


def _tricks_by_team(state: HandState) -> dict[str, int]:
    """Tricks taken by each team, in a game whose state counts them (one with a maker: Euchre)."""
    # Only Euchre's state has the method (checked by the caller); the type of HandState does not name it.
    counted: dict[str, int] = state.tricks_won()  # type: ignore[attr-defined]  # a state with a maker has it
    return counted


def stakes(state: HandState, seat: str) -> list[Stake]:
    """What ``seat``'s side plays for in this hand, each as a goal the solver can decide."""
    side = side_of(state, seat)
    out: list[Stake] = []
    declarer = getattr(state, "declarer", None)
    if declarer is not None and hasattr(state, "payments"):
        found = goal_for("keeps-contract", state, declarer)
        if not isinstance(found, str):
            goal, summary = found
            out.append(("contract", side, goal if seat == declarer else _negate(goal), summary, True))
    maker = getattr(state, "maker", None)
    if maker is not None and hasattr(state, "tricks_won"):
        makers = state.team_of(maker)

        def made(s: HandState) -> bool | None:
            won = _tricks_by_team(s)
            if won[makers] >= 3:
                return True
            if sum(won.values()) - won[makers] >= 3:
                return False
            return None

        def march(s: HandState) -> bool | None:
            won = _tricks_by_team(s)
            if sum(won.values()) > won[makers]:
                return False
            return True if won[makers] == 5 else None

        def by_team(s: HandState) -> Any:
            return tuple(sorted(_tricks_by_team(s).items()))

        ours = state.team_of(seat) == makers
        out.append(("contract", side, made if ours else _negate(made), by_team, True))
        if ours:
            out.append(("march", side, march, by_team, True))
    if hasattr(state, "captured_points") and state.trump is not None:
        for rule, name in (("takes-jack", "jack"), ("saves-game", "game")):
            found = goal_for(rule, state, seat)
            if not isinstance(found, str):
                out.append((name, side, found[0], found[1], False))
    return out


def _start(match: Any, index: int) -> HandState:
    """Hand ``index`` of ``match`` as it was dealt, before any action."""
    state: HandState = match.hands[index]
    start: HandState = match.hand_class(match.rules, match.seats, state.dealer, state.deal,
                                        score=match.scores_before[index])
    return start


def costly_plays(match: Any, index: int) -> list[dict[str, Any]]:
    """Every play of hand ``index`` that the look-ahead proves cost its side a stake; latest first looked at,
    so that each solver's memory of the later positions serves the earlier ones."""
    final = match.hands[index]
    state = _start(match, index)
    before: list[tuple[HandState, Action, int]] = []
    for action in final.history:
        if action.verb == "play" and action.card is not None:
            trick = len(state.tricks) if state.trick is not None else len(state.tricks) + 1
            before.append((state.clone(), action, trick))
        state.apply(action)
    solvers: dict[tuple[str, frozenset[str]], _Bounded] = {}
    spent = [0]
    marks: list[dict[str, Any]] = []
    for position, action, trick in reversed(before):
        seat, card = action.seat, action.card
        assert card is not None
        for name, side, goal, summary, tricks_only in stakes(position, seat):
            solver = solvers.get((name, side))
            if solver is None:
                solver = solvers[(name, side)] = _Bounded(spent, side, goal, summary, tricks_only)
            mark = _judge(solver, position, seat, card)
            if mark is not None:
                marks.append({"seat": seat, "card": str(card), "stake": name, "better": [str(c) for c in mark],
                              "trick": trick})
    marks.reverse()
    return marks


def _judge(solver: _Bounded, position: HandState, seat: str, played: Card) -> list[Card] | None:
    """The cards that kept the stake when ``played`` lost it; None when ``played`` lost nothing (or the
    look-ahead could not tell)."""
    legal = [a for a in position.legal_actions() if a.seat == seat and a.verb == "play" and a.card is not None]
    try:
        after = position.clone()
        after.apply(Action(seat, "play", card=played))
        if solver.ask(after):
            return None
        better = []
        for action in legal:
            if action.card == played:
                continue
            child = position.clone()
            child.apply(action)
            if solver.ask(child):
                assert action.card is not None
                better.append(action.card)
    except TooDeep:
        return None
    return sorted(better) or None


def result(match: Any, index: int, bot: Callable[[str], bool] = lambda seat: False) -> dict[str, Any]:
    """What a finished hand came to, for comparing the tables of a class on the same cards."""
    state = match.hands[index]
    tricks: dict[str, int] = {}
    for t in state.tricks:
        if t.winner is not None:
            key = state.team_of(t.winner) if state.partnership else t.winner
            tricks[key] = tricks.get(key, 0) + 1
    out: dict[str, Any] = {
        "trump": state.trump,
        "tricks": tricks,
        "awards": [{"category": a.category, "team": a.team, "points": a.points} for a in state.awards],
    }
    for attr in ("declarer", "contract", "maker"):
        value = getattr(state, attr, None)
        if value is not None:
            out[attr] = str(value)
    if getattr(state, "alone", False):
        out["alone"] = True
    return out
