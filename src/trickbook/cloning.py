"""A hand's copy for what-ifs and search: each container of the state copied once, the values it
holds shared where they never change (cards, actions, events, awards, finished trick entries).

``copy.deepcopy`` did the same work through its memo and reduce protocol for every card and action
of the hand; this walks the state's own containers instead. A value of a type not known here is
still deep-copied, so a game that keeps something new in its state stays independent of its clone.
"""

from __future__ import annotations

import copy
import enum
from typing import Any

from .actions import Action
from .cards import Card
from .messages import Event, Reason
from .model import Award, Deal, Phase, Rules
from .tricks import Trick, TrickEntry

# Values that are never changed once made: shared by a state and its clone. A frozen value of a new
# type (a game's own rules, an enum) joins them the first time one is met (``copied``).
_KEPT: set[type] = {
    str, int, bool, float, type(None), Card, Action, Event, Reason, Award, TrickEntry, Rules, Deal, Phase,
}
# A copy is made without its class's __init__ (which would check and deal a hand again), its fields
# copied from the original's __dict__: the whole of what a state or a trick holds.
_new = object.__new__


def _copied_list(value: list[Any]) -> list[Any]:
    out = value[:]
    if _KEPT.issuperset(map(type, out)):  # the usual case, checked without a loop in Python
        return out
    kept = _KEPT
    for i, item in enumerate(out):
        kind = type(item)
        if kind is Trick:
            out[i] = _copied_trick(item)
        elif kind not in kept:
            out[i] = copied(item)
    return out


def _copied_dict(value: dict[Any, Any]) -> dict[Any, Any]:
    out = value.copy()
    kept = _KEPT
    for key, item in out.items():  # values replaced in place: the keys stay as they are
        kind = type(item)
        if kind is list:
            out[key] = item[:] if kept.issuperset(map(type, item)) else _copied_list(item)
        elif kind not in kept:
            out[key] = copied(item)
    return out


def _copied_tuple(value: tuple[Any, ...]) -> tuple[Any, ...]:
    kept = _KEPT
    for item in value:
        if type(item) not in kept:
            return tuple(copied(i) for i in value)
    return value


def _copied_trick(trick: Trick) -> Trick:
    out: Trick = _new(Trick)
    fields = out.__dict__
    fields.update(trick.__dict__)
    fields["entries"] = trick.entries[:]  # the entries themselves are frozen
    return out


_COPIERS: dict[type, Any] = {
    list: _copied_list,
    dict: _copied_dict,
    tuple: _copied_tuple,
    set: set.copy,
    frozenset: lambda value: value,
    Trick: _copied_trick,
}


def _frozen(value: Any) -> bool:
    """True for a value that cannot change: an enum member, or a frozen dataclass whose fields are
    all kept values (a game's rules options)."""
    if isinstance(value, enum.Enum):
        return True
    params = getattr(type(value), "__dataclass_params__", None)
    if params is None or not params.frozen:
        return False
    return all(type(v) in _KEPT for v in value.__dict__.values())


def copied(value: Any) -> Any:
    """``value`` as deep-copied, with the values that never change shared."""
    kind = type(value)
    if kind in _KEPT:
        return value
    copier = _COPIERS.get(kind)
    if copier is not None:
        return copier(value)
    if _frozen(value):
        if isinstance(value, (Rules, enum.Enum)):  # a game's rules options, an enum: every value of the type is kept
            _KEPT.add(kind)
        return value
    return copy.deepcopy(value)


def clone_state(state: Any, shared: frozenset[str]) -> Any:
    """A new object of ``state``'s class whose attributes are ``state``'s copied (those named in
    ``shared``, tables only ever read, are the same objects)."""
    out = _new(type(state))
    fields = out.__dict__
    kept = _KEPT
    for name, value in state.__dict__.items():
        kind = type(value)
        if kind in kept or name in shared:
            fields[name] = value
        elif kind is list:
            fields[name] = value[:] if kept.issuperset(map(type, value)) else _copied_list(value)
        elif kind is dict:
            fields[name] = _copied_dict(value)
        else:
            fields[name] = copied(value)
    return out
