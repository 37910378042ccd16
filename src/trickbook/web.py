"""The JSON facade that the browser worker and the site build call for worked hands: record text in, JSON text out.

The functions never raise on bad input: a record that cannot be read or
replayed, a step out of range or an action that is not notation come back as
``{"ok": false, "error": {code, values, text, step, ...}}``; an action the rules
refuse comes back as ``{"ok": false, "reason": {code, values, text}}``.
"""

from __future__ import annotations

import json
from typing import Any

from .actions import Action
from .errors import RecordError, TrickbookError
from .game import HandState
from .record import ActionRefused, Record, Replay, Step, parse_record, replay

# A hand never needs more actions than this; it stops a misbehaving bot from looping.
MAX_BOT_ACTIONS = 1000


def _dump(obj: dict[str, Any]) -> str:
    return json.dumps(obj, ensure_ascii=False)


def _error(e: TrickbookError) -> str:
    """The error object for a record or an input that cannot be used."""
    if isinstance(e, RecordError):
        info = e.as_dict()
        values = e.reason.as_dict()["values"] if isinstance(e, ActionRefused) else {}
        info.update({"values": values, "text": e.message})
    else:
        info = {"code": e.code, "values": {}, "text": str(e), "step": None}
    return _dump({"ok": False, "error": info})


def _header(record: Record) -> dict[str, Any]:
    return {"ok": True, "id": record.id, "game": record.game, "title": record.title,
            "seats": list(record.seats), "dealer": record.dealer}


def replay_json(record_text: str, file: str | None = None) -> str:
    """Every step of the record with its events, note and full view, and the final result."""
    try:
        rep = replay(parse_record(record_text, file=file), views=True)
    except TrickbookError as e:
        return _error(e)
    out = _header(rep.record)
    out["steps"] = [s.as_json() for s in rep.steps]
    out["result"] = rep.as_json()
    return _dump(out)


def _state_at(record_text: str, step: int) -> tuple[Record, HandState]:
    record = parse_record(record_text)
    if type(step) is not int or not 0 <= step <= len(record.actions):
        raise RecordError(f"step {step!r} is not between 0 and {len(record.actions)}", step=None, code="bad-step")
    return record, replay(record, stop=step).state


def legal_json(record_text: str, step: int) -> str:
    """The legal actions at a step, and for each card of the seat to act that is not legal, why."""
    try:
        record, state = _state_at(record_text, step)
    except TrickbookError as e:
        return _error(e)
    seat = state.current_player
    illegal = []
    if seat is not None:
        for card in sorted(state.hands[seat]):
            action = Action(seat, "play", card=card)
            reason = state.why_illegal(action)
            if reason is not None:
                illegal.append({"action": str(action), "reason": reason.as_dict()})
    return _dump({"ok": True, "step": step, "seat": seat,
                  "legal": [str(a) for a in state.legal_actions()], "illegal": illegal})


def whatif_json(record_text: str, step: int, action_text: str, seed: int = 0) -> str:
    """Branch from the record at ``step`` with the reader's action; bots finish the hand.

    Returns the new steps (numbered on from ``step``) in the shape of
    ``replay_json``, and the branch's result.
    """
    try:
        record, state = _state_at(record_text, step)
        # The reader's words, spelt as the record would print them (the dealer's order is a pickup).
        action = type(state).canonical_action(Action.parse(action_text, record.seats), state.dealer)
    except TrickbookError as e:
        return _error(e)
    reason = state.why_illegal(action)
    if reason is not None:
        return _dump({"ok": False, "step": step, "action": str(action), "reason": reason.as_dict()})
    steps = [_apply_step(state, step + 1, action)]
    steps.extend(_bots_finish(state, record.game, step + 2, seed))
    out = _header(record)
    out["branch"] = step
    out["steps"] = [s.as_json() for s in steps]
    out["result"] = Replay(record, state, steps).as_json()
    return _dump(out)


def _apply_step(state: HandState, number: int, action: Action) -> Step:
    events = state.apply(action)
    return Step(number, action, None, list(events), None, dict(state.score), state.full_view())


def _bots_finish(state: HandState, game: str, number: int, seed: int) -> list[Step]:
    from .bots import make_bot  # bots load only when a reader branches

    bot = make_bot(game, seed)
    steps: list[Step] = []
    while state.current_player is not None and state.legal_actions() and len(steps) < MAX_BOT_ACTIONS:
        seat = state.current_player
        action = Action.parse(bot.choose(state.observation(seat)), state.seats)
        steps.append(_apply_step(state, number + len(steps), action))
    return steps
