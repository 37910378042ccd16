"""Replaying a record through the engine, once: the hand as dealt, then each action, into a ``Trace``."""

from __future__ import annotations

from typing import Mapping

from ..errors import DealError, IllegalActionError, RecordError, TrickbookError
from ..game import Deal, HandState
from ..games import find_game
from ..messages import Event
from ..trace import Step, Trace
from .model import ActionRefused, Record


def replay(record: Record, stop: int | None = None, views: bool = False) -> Trace:
    """Play the record's actions (the first ``stop`` of them, if given) through the engine.

    With ``views``, each step keeps ``state.full_view()`` (the study view the
    step-through player shows).
    """
    state = new_state(record)
    steps = [Step(0, None, None, list(state.events), record.notes.get(0), dict(state.score),
                  state.full_view() if views else None)]
    actions = record.actions if stop is None else record.actions[:stop]
    for number, action in enumerate(actions, 1):
        events = apply_action(record, state, number)
        steps.append(Step(number, action, record.action_line(number), list(events), record.notes.get(number),
                          dict(state.score), state.full_view() if views else None))
    return Trace(record, state, steps)


def apply_action(record: Record, state: HandState, number: int) -> list[Event]:
    """Apply the record's action ``number`` (1-based) to ``state``; a refusal names its line and seat."""
    action = record.actions[number - 1]
    try:
        return state.apply(action)
    except IllegalActionError as e:
        raise ActionRefused(e.reason, file=record.file, line=record.action_line(number), step=number,
                            seat=action.seat, action=str(action)) from None


def new_state(record: Record) -> HandState:
    """The hand as dealt: the game's state before the first action."""
    cls = find_game(record.game)
    # One option at a time first, so that an error points at the option's own line.
    for name, value in record.rules.items():
        try:
            cls.rules_class.from_options({name: value})
        except TrickbookError as e:
            raise _where(record, e, "rules", name) from None
    try:
        rules = cls.rules_class.from_options(record.rules)
    except TrickbookError as e:
        raise _where(record, e, "rules") from None
    deal = make_deal(record)
    try:
        state = cls(rules, record.seats, record.dealer, deal, None)
    except TrickbookError as e:
        raise _where(record, e, "deal") from None
    if record.score:
        try:
            _check_score_names(state, record.score)
            state = cls(rules, record.seats, record.dealer, deal, record.score)
        except TrickbookError as e:
            raise _where(record, e, "score") from None
    return state


def _check_score_names(state: HandState, score: Mapping[str, int]) -> None:
    """A team may be written either way round, but only once (``EW`` and ``WE`` together is an error)."""
    seen: dict[str, str] = {}
    for key in score:
        name = state.normalise_team(key)
        if name in seen:
            raise DealError(f"score names {name} twice, as {seen[name]!r} and {key!r}")
        seen[name] = key


def make_deal(record: Record) -> Deal:
    spec = record.deal
    if spec.seed is None:
        return Deal({s: list(c) for s, c in spec.hands.items()}, turn=spec.turn,
                    kitty=list(spec.kitty), stock=list(spec.stock))
    from ..shuffle import deal_hand  # only seeded records need the shuffle

    try:
        return deal_hand(record.game, record.seats, record.dealer, spec.seed, spec.hand or 1)
    except TrickbookError as e:
        raise _where(record, e, "deal", "seed") from None


def _where(record: Record, e: TrickbookError, *path: str) -> RecordError:
    line = record.line_of(*path)
    if line is None and record.positions is not None:
        line = 1 + record.line_offset  # no better place than the record's first line
    return RecordError(str(e), file=record.file, line=line, code=e.code, template=e.template, values=e.values)
