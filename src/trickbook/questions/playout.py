"""What a wrong card costs: the hand played on after it, and after a card the rules accept.

The cost is judged by the verdict's own standard. For a question that a rule decides
(``wins-trick``, ``keeps-contract``, ``takes-jack``, ``saves-game``), both hands are played
on by the verdict's solver (``solve.Solver``) until the rule's goal is settled: after the wrong
card the other side plays the best defence the solver finds, after the right card the seat's
side plays to keep the goal. The first line of the cost says how the goal ends (``cost-lost-*``),
which is what the verdict said. What is left of the hand after that is played out by the bots
(the question's level, the gentle bots unless it names the strong ones) with the same seed, so
the difference between the two scores is the card's; the cost says so (``bots``: one possible
play-out). A question with a list of accepted cards has no solver: both hands are played out by
the bots, and the cost says it is one possible play-out.

The score is given by category, for the seat's side and for the other side, as messages
(``cost-side``, ``cost-other``; ``cost-none`` when nothing changes).
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from ..actions import Action
from ..cards import Card
from ..game import HandState
from ..messages import Reason
from .solve import Solver, _moves, accepted_cards, side_of

# A hand never needs more actions than this; it stops a misbehaving bot from looping.
MAX_ACTIONS = 1000



def bots_finish(state: HandState, game: str, seed: int = 0, level: str = "gentle") -> list[Action]:
    """Play ``state`` to the end of the hand by bots (in place); the actions they took."""
    from ..bots import make_bot  # bots load only when a wrong card is played out

    bot = make_bot(game, seed, level)
    taken: list[Action] = []
    while state.current_player is not None and state.legal_actions() and len(taken) < MAX_ACTIONS:
        seat = state.current_player
        chosen = Action.parse(bot.choose(state.observation(seat)), state.seats)
        state.apply(chosen)
        taken.append(chosen)
    return taken


def play_out(
    state: HandState, action: Action, game: str, seed: int = 0, level: str = "gentle"
) -> tuple[HandState, list[Action]]:
    """A copy of ``state`` after ``action``, played to the end of the hand by bots; and the actions they took."""
    state = state.clone()
    state.apply(action)
    return state, bots_finish(state, game, seed, level)


def best_line(solver: Solver, state: HandState) -> list[Action]:
    """Play ``state`` on (in place) as the solver finds best for each side until the goal is settled: the
    seat's side keeps the goal where it can, the other side defeats it where it can."""
    taken: list[Action] = []
    while solver.goal(state) is None and len(taken) < MAX_ACTIONS:
        moves = _moves(state)
        if not moves:
            break
        ours = state.current_player in solver.side
        chosen = moves[0]
        for action in moves:
            child = state.clone()
            child.apply(action)
            if solver.wins(child) == ours:
                chosen = action
                break
        state.apply(chosen)
        taken.append(chosen)
    return taken


def _points(state: HandState, side: frozenset[str]) -> tuple[Counter[str], Counter[str]]:
    """Points scored in the hand by category: for the side, and for everyone else."""
    ours: Counter[str] = Counter()
    theirs: Counter[str] = Counter()
    side_names = side | {state.team_of(s) for s in side} if state.partnership else side
    for award in state.awards:
        (ours if award.team in side_names else theirs)[award.category] += award.points
    return ours, theirs


def _lost(rule: str, state: HandState, start: HandState, seat: str, wrong: Card,
          side: frozenset[str]) -> dict[str, Any]:
    """The line that says how the goal ended after the wrong card (``state``, played on from ``start``)."""
    values: dict[str, Any] = {"card": wrong, "seat": seat}
    if rule == "wins-trick":
        number = len(start.tricks) if start.trick is not None else len(start.tricks) + 1
        values["winner"] = state.tricks[number - 1].winner if len(state.tricks) >= number else None
    elif rule == "saves-game":
        team = state.team_of(seat)
        totals = state.captured_points()  # type: ignore[attr-defined]  # an All Fours state (the rule checked it)
        values.update({"ours": totals[team], "theirs": totals[state.other_team(team)]})
    return Reason(f"cost-lost-{rule}", values).as_dict()


def cost(state: HandState, seat: str, wrong: Card, right: Card, game: str, seed: int = 0,
         level: str = "gentle", rule: str | None = None) -> dict[str, Any]:
    """The score of the hand after ``wrong`` against after ``right``, by category, and the play-out's actions.

    With ``rule`` (an acceptance rule), both are played on by the rule's solver until its goal is settled,
    the other side defending its best after ``wrong``, and by the bots after that; ``goal`` is the line
    saying how the goal ended after ``wrong``, and ``bots`` whether the bots played any of the rest.
    """
    side = side_of(state, seat)
    after_wrong, after_right = state.clone(), state.clone()
    after_wrong.apply(Action(seat, "play", card=wrong))
    after_right.apply(Action(seat, "play", card=right))
    goal: dict[str, Any] | None = None
    actions: list[Action] = []
    if rule is not None:
        found = accepted_cards(rule, state, seat)
        if isinstance(found, str):
            from . import QuestionError
            raise QuestionError(found)
        _, solver = found
        actions = best_line(solver, after_wrong)
        best_line(solver, after_right)
        goal = _lost(rule, after_wrong, state, seat, wrong, side)
    bots_wrong = bots_finish(after_wrong, game, seed, level)
    bots_right = bots_finish(after_right, game, seed, level)
    actions.extend(bots_wrong)
    ours_w, theirs_w = _points(after_wrong, side)
    ours_r, theirs_r = _points(after_right, side)
    lines = []
    for category in dict.fromkeys([*ours_r, *ours_w, *theirs_r, *theirs_w]):
        mine = ours_w[category] - ours_r[category]
        other = theirs_w[category] - theirs_r[category]
        if mine:
            lines.append({"category": category, "side": "yours", "points": mine,
                          "reason": Reason("cost-side", {"category": category, "points": mine}).as_dict()})
        if other:
            lines.append({"category": category, "side": "other", "points": other,
                          "reason": Reason("cost-other", {"category": category, "points": other}).as_dict()})
    if not lines:
        lines.append({"category": None, "side": None, "points": 0,
                      "reason": Reason("cost-none", {"card": wrong}).as_dict()})
    return {"card": str(wrong), "compared_with": str(right), "rule": rule, "goal": goal, "costs": lines,
            "bots": bool(bots_wrong or bots_right) or rule is None,
            "actions": [str(a) for a in actions], "awards": [a.as_json() for a in after_wrong.awards]}
