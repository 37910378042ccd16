"""Values as error messages quote them: bounded in length and depth, in the record's own words.

``true``, ``false`` and dates read from a record are shown as the record writes them, never as
Python's ``True`` or ``datetime.date(…)``; everything else as a short repr.
"""

from __future__ import annotations

import datetime
import reprlib
from typing import Any

_short = reprlib.Repr()
_short.maxstring = _short.maxother = 60
_short.maxlevel = 3


def _has_toml_word(value: Any, depth: int = 0) -> bool:
    if isinstance(value, (bool, datetime.date, datetime.time)):
        return True
    if depth < 3 and isinstance(value, (list, tuple)):
        return any(_has_toml_word(v, depth + 1) for v in value[:6])
    if depth < 3 and isinstance(value, dict):
        return any(_has_toml_word(v, depth + 1) for v in list(value.values())[:6])
    return False


def show(value: Any, depth: int = 0) -> str:
    """A value as an error message quotes it: bounded in length and depth, and true, false and dates as
    the record writes them (never Python's ``True`` or ``datetime.date(…)``).

    >>> show(True), show([True, "AS"]), show(datetime.date(1979, 5, 27)), show({"a": False}), show("AS")
    ('true', "[true, 'AS']", '1979-05-27', '{a = false}', "'AS'")
    """
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (datetime.date, datetime.time)):
        return value.isoformat()
    if not _has_toml_word(value) or depth >= 3:
        return _short.repr(value) if depth < 3 or not isinstance(value, (list, dict)) else "…"
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join([show(v, depth + 1) for v in value[:6]] + (["…"] if len(value) > 6 else [])) + "]"
    items = list(value.items())
    shown = [f"{k} = {show(v, depth + 1)}" for k, v in items[:6]]
    return "{" + ", ".join(shown + (["…"] if len(items) > 6 else [])) + "}"
