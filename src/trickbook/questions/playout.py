"""What a wrong card costs: the hand played out to its end after it, and after a card the rules accept.

Both play-outs use the same bots (the question's level, the gentle bots unless it
names the strong ones) with the same seed, so the difference between them is the
card's. The cost is given by scoring category, for the seat's side and for the other
side, as messages (``cost-side``, ``cost-other``; ``cost-none`` when nothing changes).
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from ..actions import Action
from ..cards import Card
from ..game import HandState
from ..messages import Reason
from .solve import side_of

# A hand never needs more actions than this; it stops a misbehaving bot from looping.
MAX_ACTIONS = 1000


def play_out(
    state: HandState, action: Action, game: str, seed: int = 0, level: str = "gentle"
) -> tuple[HandState, list[Action]]:
    """A copy of ``state`` after ``action``, played to the end of the hand by bots; and the actions they took."""
    from ..bots import make_bot  # bots load only when a wrong card is played out

    state = state.clone()
    state.apply(action)
    bot = make_bot(game, seed, level)
    taken: list[Action] = []
    while state.current_player is not None and state.legal_actions() and len(taken) < MAX_ACTIONS:
        seat = state.current_player
        chosen = Action.parse(bot.choose(state.observation(seat)), state.seats)
        state.apply(chosen)
        taken.append(chosen)
    return state, taken


def _points(state: HandState, side: frozenset[str]) -> tuple[Counter[str], Counter[str]]:
    """Points scored in the hand by category: for the side, and for everyone else."""
    ours: Counter[str] = Counter()
    theirs: Counter[str] = Counter()
    side_names = side | {state.team_of(s) for s in side} if state.partnership else side
    for award in state.awards:
        (ours if award.team in side_names else theirs)[award.category] += award.points
    return ours, theirs


def cost(state: HandState, seat: str, wrong: Card, right: Card, game: str, seed: int = 0,
         level: str = "gentle") -> dict[str, Any]:
    """The score of the hand after ``wrong`` against after ``right``, by category, and the play-out's actions."""
    side = side_of(state, seat)
    after_wrong, actions = play_out(state, Action(seat, "play", card=wrong), game, seed, level)
    after_right, _ = play_out(state, Action(seat, "play", card=right), game, seed, level)
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
    return {"card": str(wrong), "compared_with": str(right), "costs": lines,
            "actions": [str(a) for a in actions], "awards": [a.as_json() for a in after_wrong.awards]}
