"""Printing a hand record in canonical form: parsing the text gives an equal record."""

from __future__ import annotations

import re
from typing import Any, Mapping

from ..cards import format_cards
from ..errors import RecordError, TrickbookError
from ..game import HandState
from .model import SUFFIX, DealSpec, Record
from .questions import format_questions
from .replay import new_state

_BARE_KEY = re.compile(r"^[A-Za-z0-9_-]+$")


def format_record(record: Record) -> str:
    """The record in canonical form: parsing it gives an equal record."""
    out = [f"format = {record.format}"]
    if record.id is not None and (record.id_written or record.file is None or not record.file.endswith(SUFFIX)):
        out.append(f"id = {toml_str(record.id)}")
    out.append(f"game = {toml_str(record.game)}")
    if record.title is not None:
        out.append(f"title = {toml_str(record.title)}")
    out.append(f"seats = [{', '.join(toml_str(s) for s in record.seats)}]")
    out.append(f"dealer = {toml_str(record.dealer)}")
    if record.score is not None:
        out.append(f"score = {_inline_table(record.score)}")
    if record.actions:
        out.append('actions = """')
        out.extend(_action_lines(record))
        out.append('"""')
    if record.rules:
        out.append("\n[rules]")
        out.extend(f"{toml_key(k)} = {_toml_value(v)}" for k, v in record.rules.items())
    out.append("\n[deal]")
    out.extend(_deal_lines(record.deal))
    if record.notes:
        out.append("\n[notes]")
        out.extend(f"{_note_key(record, n)} = {toml_str(text)}" for n, text in sorted(record.notes.items()))
    out.extend(format_questions(record.questions, toml_str))
    return "\n".join(out) + "\n"


def _note_key(record: Record, number: int) -> str:
    """A note's key as its author chose it: a number, ``"trick N SEAT"``, or the action (canonical text)."""
    written = " ".join(record.note_keys.get(number, "").split())
    if not written or written.isdigit() or not 1 <= number <= len(record.actions):
        return str(number)
    if written.lower().startswith("trick "):
        return toml_str("trick " + written[len("trick "):])
    return toml_str(str(record.actions[number - 1]))


def _action_lines(record: Record) -> list[str]:
    """One trick per line; bids, trump-making and the rest one per line.

    The engine says where each trick ends; past an action it refuses, the rest
    go one per line (the record is still printed, so that it can be fixed).
    """
    lines: list[str] = []
    current: list[str] = []
    state: HandState | None
    try:
        state = new_state(record)
    except TrickbookError:
        state = None
    for action in record.actions:
        in_trick = False
        trick = None
        if state is not None:
            trick = state.trick
            try:
                state.apply(action)
            except TrickbookError:
                state = None
            else:
                in_trick = trick is not None and action.verb in ("play", "throw")
        if in_trick and state is not None:
            current.append(str(action))
            if state.trick is not trick:
                lines.append("; ".join(current))
                current = []
        else:
            if current:
                lines.append("; ".join(current))
                current = []
            lines.append(str(action))
    if current:
        lines.append("; ".join(current))
    return lines


def _deal_lines(deal: DealSpec) -> list[str]:
    if deal.seed is not None:
        return [f"seed = {toml_str(deal.seed)}", f"hand = {deal.hand or 1}"]
    out = [f"{toml_key(s)} = {toml_str(format_cards(cards))}" for s, cards in deal.hands.items()]
    if deal.turn is not None:
        out.append(f"turn = {toml_str(str(deal.turn))}")
    if deal.kitty:
        out.append(f"kitty = {toml_str(format_cards(deal.kitty))}")
    if deal.stock:
        out.append(f"stock = {toml_str(format_cards(deal.stock))}")
    return out


_ESCAPES = {'"': '\\"', "\\": "\\\\", "\n": "\\n", "\t": "\\t", "\r": "\\r", "\b": "\\b", "\f": "\\f"}


def toml_str(text: str) -> str:
    """A TOML basic string."""
    out = []
    for ch in text:
        if ch in _ESCAPES:
            out.append(_ESCAPES[ch])
        elif ord(ch) < 0x20 or ord(ch) == 0x7F:
            out.append(f"\\u{ord(ch):04x}")
        else:
            out.append(ch)
    return '"' + "".join(out) + '"'


def toml_key(key: str) -> str:
    return key if _BARE_KEY.match(key) else toml_str(key)


def _toml_value(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (int, float)):
        return repr(value)
    if isinstance(value, str):
        return toml_str(value)
    raise RecordError(f"cannot print rules value {value!r}", code="bad-value")


def _inline_table(mapping: Mapping[str, Any]) -> str:
    if not mapping:
        return "{}"
    return "{ " + ", ".join(f"{toml_key(k)} = {_toml_value(v)}" for k, v in mapping.items()) + " }"
