"""A score question's parts: what each game asks about a hand's score, and the helpers games build them with.

A game's ``HandState.score_parts()`` gives the answer key of a ``score`` question asked at a
state: ``parts``, one per thing asked, each with its ``category`` (the key of the reader's
answer, and the part's label: a category's name), ``choices``, the ``accepted`` choice and
the ``reason`` shown. ``who_scored_parts`` is the default: for each category scored in the
hand, who scored most in it. The judge (``questions.judge``) asks the game and knows no game.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Iterable

from .errors import TrickbookError
from .messages import N_, Event, Reason, register

if TYPE_CHECKING:
    from .game import HandState

NOBODY = "nobody"

register({"score-seat": N_("{seat} scores {points} for {category}.")})


class QuestionError(TrickbookError):
    """A question the rules cannot ask or answer at its step (the record layer adds where it is)."""

    code = "bad-question"


def reason(code: str, **values: Any) -> dict[str, Any]:
    """A reason as a key holds it (code, values, English text)."""
    return Reason(code, values).as_dict()


def require_scored(state: "HandState") -> None:
    """Refuse a score question before the hand is scored."""
    if not state.is_terminal or not state.awards and not any(e.code == "no-score" for e in state.events):
        raise QuestionError(
            "the hand is not scored at this step: ask 'score' at the last step of a hand that is played out"
        )


def find_event(state: "HandState", codes: Iterable[str], category: str) -> Event | None:
    """The last event of one of ``codes``, or the ``no-score`` event of ``category``."""
    codes = tuple(codes)
    for event in reversed(state.events):
        if event.code in codes or (event.code == "no-score" and event.values.get("category") == category):
            return event
    return None


def scored(state: "HandState", who: str, points: int, category: str) -> dict[str, Any]:
    """The reason of a part: ``who`` (a team, or a seat where each seat scores alone) scored ``points``."""
    if state.partnership:
        return Event("score", {"team": who, "points": points, "category": category}).as_dict()
    return Event("score-seat", {"seat": who, "points": points, "category": category}).as_dict()


def who_scored_parts(state: "HandState") -> dict[str, Any]:
    """The default key: for each category scored in the hand, in the order first scored, who scored
    most in it (a team, or a seat where each seat scores alone); a category whose most is shared
    between several is not asked."""
    require_scored(state)
    units = list(state.teams) if state.partnership else list(state.seats)
    choices = [*units, NOBODY]
    totals: dict[str, dict[str, int]] = {}
    for award in state.awards:
        by_unit = totals.setdefault(award.category, {})
        by_unit[award.team] = by_unit.get(award.team, 0) + award.points
    parts = []
    for category, by_unit in totals.items():
        most = max(by_unit.values())
        top = [u for u, p in by_unit.items() if p == most]
        if len(top) != 1 or most <= 0:
            continue
        parts.append({"category": category, "choices": choices, "accepted": top[0],
                      "reason": scored(state, top[0], most, category)})
    if not parts:
        raise QuestionError("nobody scores alone in this hand: there is no score to ask about")
    return {"parts": parts, "choices": choices, "multiple": False}
