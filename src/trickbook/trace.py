"""A replayed hand record: the ``Trace`` of every step, and its JSON forms.

``record.replay(record)`` plays a record through the engine once and returns a
``Trace``. Everything downstream reads it: the golden transcripts
(``transcript()``), ``trickbook replay --json`` (``as_json()``), the page's
pre-rendered figure (the typed steps), the data embedded in the page
(``compact_json()``) and the browser worker's answers (``steps_json()``).

The compact form carries the first step's full view and, for every later step,
only what changed (``view_delta``); ``widgets/trace.js`` expands it in the
browser, and ``expand_compact`` here is its twin:

>>> old = {"hands": {"A": ["AH", "KH"], "B": ["QS"]}, "tricks": [], "current": "A"}
>>> new = {"hands": {"A": ["KH"], "B": ["QS"]}, "tricks": [{"plays": [["A", "AH"]]}], "current": "B"}
>>> delta = view_delta(old, new)
>>> delta
[[['hands', 'A'], ['KH']], [['tricks'], [{'plays': [['A', 'AH']]}]], [['current'], 'B']]
>>> apply_delta(old, delta) == new
True
"""

from __future__ import annotations

import copy
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Mapping

from .actions import Action
from .cards import format_cards
from .game import Award, Deal, HandState
from .messages import Event
from .tricks import Trick

if TYPE_CHECKING:
    from .record.model import Record

Path = list[str | int]


@dataclass
class Step:
    """Step ``number`` is the state after the first ``number`` actions; step 0 is the deal."""

    number: int
    action: Action | None
    line: int | None
    events: list[Event]
    note: str | None
    score: dict[str, int] = field(default_factory=dict)
    view: dict[str, Any] | None = None

    @property
    def text(self) -> str | None:
        return None if self.action is None else str(self.action)

    def as_json(self) -> dict[str, Any]:
        return {
            "step": self.number,
            "action": self.text,
            "line": self.line,
            "events": [e.as_dict() for e in self.events],
            "note": self.note,
            "view": self.view,
        }


@dataclass
class Trace:
    """A record played through the engine: the final state and every step on the way."""

    record: Record
    state: HandState
    steps: list[Step]

    # ----- the hand's outcome, as the figure and the JSON read it
    @property
    def deal(self) -> Deal:
        return self.state.deal

    @property
    def tricks(self) -> list[Trick]:
        """The tricks with at least one card or throw-in."""
        return [t for t in self.state.tricks if t.entries]

    @property
    def awards(self) -> list[Award]:
        return list(self.state.awards)

    @property
    def payments(self) -> Mapping[str, int] | None:
        """Nap's settlement between the seats; None in the other games or before the end."""
        payments: Mapping[str, int] | None = getattr(self.state, "payments", None)
        return payments

    def as_json(self, events: bool = True) -> dict[str, Any]:
        """The object ``trickbook replay --json`` prints (without ``events``, all but the events)."""
        s = self.state
        out: dict[str, Any] = {
            "deal": s.deal.as_json(),
            "trump": s.trump,
            "tricks": [t.as_json() for t in self.tricks],
            "awards": [a.as_json() for a in s.awards],
            "score": dict(s.score),
            "winner": s.winner,
        }
        if hasattr(s, "payments"):
            out["payments"] = s.payments
        if events:
            out["events"] = [e.as_dict() for e in s.events]
        return out

    def header(self) -> dict[str, Any]:
        r = self.record
        return {"id": r.id, "game": r.game, "title": r.title, "seats": list(r.seats), "dealer": r.dealer}

    def steps_json(self) -> list[dict[str, Any]]:
        return [s.as_json() for s in self.steps]

    def compact_json(self) -> dict[str, Any]:
        """The trace as a page embeds it: the first view whole, then each step's events and view changes.

        Notes, lines and the English text of events are left out (the page carries
        the notes translated; the widget fills events from the catalogs). Needs a
        trace replayed with ``views=True``.
        """
        steps: list[dict[str, Any]] = []
        previous: dict[str, Any] | None = None
        for s in self.steps:
            if s.view is None:
                raise ValueError("a compact trace needs the views: replay(record, views=True)")
            item: dict[str, Any] = {"step": s.number, "action": s.text,
                                    "events": [{"code": e.code, "values": e.as_dict()["values"]} for e in s.events]}
            if previous is None:
                item["view"] = s.view
            else:
                item["delta"] = view_delta(previous, s.view)
            previous = s.view
            steps.append(item)
        result = self.as_json(events=False)  # every step has its own
        return {**self.header(), "compact": True, "steps": steps, "result": result}

    def transcript(self) -> str:
        """A readable account of the hand: each step's action, its events and the score."""
        r, s = self.record, self.state
        out = [f"{r.id or '<record>'}: {r.title or ''}".rstrip(),
               f"game {r.game}; seats {' '.join(r.seats)}; dealer {r.dealer}"]
        for seat, cards in s.deal.hands.items():
            out.append(f"deal {seat}: {format_cards(cards)}")
        for name in ("turn", "kitty", "stock"):
            value = s.deal.as_json().get(name)
            if value:
                out.append(f"deal {name}: {value if isinstance(value, str) else ' '.join(value)}")
        score = None
        for step in self.steps:
            out.append(f"{step.number:>3} {step.text or '(deal)'}")
            out.extend(f"      {e.text}" for e in step.events)
            now = _score_text(step.score)
            if now != score:
                out.append(f"      score: {now}")
                score = now
        out.append(f"final score: {_score_text(s.score)}; winner: {s.winner or '-'}")
        payments = getattr(s, "payments", None)
        if payments is not None:
            out.append(f"payments: {_score_text(payments)}")
        return "\n".join(out) + "\n"


def _score_text(score: Mapping[str, int]) -> str:
    return ", ".join(f"{k} {v}" for k, v in score.items())


# ----- view differences ----------------------------------------------------------

def view_delta(old: Any, new: Any) -> list[list[Any]]:
    """The changes from one JSON view to the next, as ``[path, value]`` pairs (set ``value`` at ``path``).

    Objects with the same keys in the same order and lists of objects or lists
    that keep or grow their length are compared item by item; anything else that
    differs is replaced whole, so that key order and list contents come out exactly.
    """
    out: list[list[Any]] = []
    _diff(old, new, [], out)
    return out


def _same(old: Any, new: Any) -> bool:
    """Equal as JSON text would be: same types, same key order."""
    if type(old) is not type(new):
        return False
    if isinstance(old, dict):
        return list(old) == list(new) and all(_same(old[k], new[k]) for k in old)
    if isinstance(old, list):
        return len(old) == len(new) and all(_same(a, b) for a, b in zip(old, new, strict=False))
    return bool(old == new)


def _diff(old: Any, new: Any, path: Path, out: list[list[Any]]) -> None:
    # Containers compared item by item add nothing where they are the same, so only what is
    # replaced whole is compared whole (once, not again at every level above it).
    if isinstance(old, dict) and isinstance(new, dict) and list(old) == list(new):
        for key in new:
            _diff(old[key], new[key], [*path, key], out)
        return
    if (isinstance(old, list) and isinstance(new, list) and old and len(new) >= len(old)
            and all(isinstance(v, (dict, list)) for v in new)):
        for i, value in enumerate(new):
            if i < len(old):
                _diff(old[i], value, [*path, i], out)
            else:
                out.append([[*path, i], value])
        return
    if not _same(old, new):
        out.append([path, new])


def apply_delta(view: Any, delta: list[list[Any]]) -> Any:
    """The view after ``delta`` (a copy; ``view`` is left as it was)."""
    view = copy.deepcopy(view)
    for path, value in delta:
        if not path:
            view = copy.deepcopy(value)
            continue
        target = view
        for key in path[:-1]:
            target = target[key]
        last = path[-1]
        if isinstance(target, list) and last == len(target):
            target.append(copy.deepcopy(value))
        else:
            target[last] = copy.deepcopy(value)
    return view


def expand_compact(data: Mapping[str, Any]) -> list[dict[str, Any]]:
    """The steps of a compact trace with every view whole (``widgets/trace.js`` does the same)."""
    steps: list[dict[str, Any]] = []
    view: Any = None
    for item in data["steps"]:
        view = item["view"] if "view" in item else apply_delta(view, item["delta"])
        steps.append({"step": item["step"], "action": item["action"], "events": item["events"], "view": view})
    return steps
