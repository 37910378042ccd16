"""The trace of a replayed record: one replay feeds the figure, the page's compact data and the worker."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from trickbook import web
from trickbook.record import load_record, replay
from trickbook.trace import apply_delta, expand_compact, view_delta

ROOT = Path(__file__).resolve().parent.parent
RECORDS = sorted((ROOT / "docs" / "hands").rglob("*.hand.toml"))


def full_steps(path: Path) -> list[dict]:
    return [{"step": s["step"], "action": s["action"], "events": [{"code": e["code"], "values": e["values"]}
                                                                   for e in s["events"]], "view": s["view"]}
            for s in replay(load_record(path), views=True).steps_json()]


@pytest.mark.parametrize("path", RECORDS, ids=lambda p: p.name.removesuffix(".hand.toml"))
def test_the_compact_trace_expands_to_every_steps_full_view(path):
    compact = replay(load_record(path), views=True).compact_json()
    assert "view" in compact["steps"][0] and all("view" not in s for s in compact["steps"][1:])
    assert expand_compact(compact) == full_steps(path)


def test_the_compact_trace_is_much_smaller_than_every_view_whole():
    compact = full = 0
    for path in RECORDS:
        trace = replay(load_record(path), views=True)
        compact += len(json.dumps(trace.compact_json()))
        full += len(json.dumps(web.trace_json(trace)))
    assert compact * 2 < full


def _delta_as_it_was(old, new, path=(), out=None):
    """``view_delta`` as first written (each level compared whole before its items): the reference
    the faster one must match pair for pair."""
    out = [] if out is None else out

    def same(a, b):
        if type(a) is not type(b):
            return False
        if isinstance(a, dict):
            return list(a) == list(b) and all(same(a[k], b[k]) for k in a)
        if isinstance(a, list):
            return len(a) == len(b) and all(same(x, y) for x, y in zip(a, b, strict=False))
        return bool(a == b)

    if same(old, new):
        return out
    if isinstance(old, dict) and isinstance(new, dict) and list(old) == list(new):
        for key in new:
            _delta_as_it_was(old[key], new[key], (*path, key), out)
        return out
    if (isinstance(old, list) and isinstance(new, list) and old and len(new) >= len(old)
            and all(isinstance(v, (dict, list)) for v in new)):
        for i, value in enumerate(new):
            if i < len(old):
                _delta_as_it_was(old[i], value, (*path, i), out)
            else:
                out.append([[*path, i], value])
        return out
    out.append([list(path), new])
    return out


def test_the_view_changes_of_every_record_are_those_the_first_version_made():
    for path in RECORDS:
        trace = replay(load_record(path), views=True)
        views = [step.view for step in trace.steps]
        for old, new in zip(views, views[1:], strict=False):
            assert json.dumps(view_delta(old, new)) == json.dumps(_delta_as_it_was(old, new)), path
        result = trace.as_json()
        del result["events"]
        assert json.dumps(trace.compact_json()["result"]) == json.dumps(result)
    edge = [({"x": 1}, {"x": True}), ({"a": [1, 2]}, {"a": [1, 2, 3]}), ({"a": [{"b": 1}]}, {"a": [{"b": 1}, [2]]}),
            ({"a": 1, "b": 2}, {"b": 2, "a": 1}), ([], [{"a": 1}]), ({"a": {"b": None}}, {"a": {"b": 0}})]
    for old, new in edge:
        assert view_delta(old, new) == _delta_as_it_was(old, new)


def test_a_view_change_keeps_key_order_and_replaces_what_shrinks():
    old = {"a": 1, "hands": {"N": ["AH", "KH"], "S": ["QS"]}, "tricks": [{"plays": [["N", "AH"]]}]}
    new = {"a": 1, "hands": {"N": ["KH"], "S": ["QS"]},
           "tricks": [{"plays": [["N", "AH"], ["S", "QS"]]}, {"plays": []}]}
    delta = view_delta(old, new)
    assert delta == [[["hands", "N"], ["KH"]], [["tricks", 0, "plays", 1], ["S", "QS"]], [["tricks", 1], {"plays": []}]]
    assert apply_delta(old, delta) == new and old["hands"]["N"] == ["AH", "KH"]  # the old view is untouched
    reordered = {"b": 2, "a": 1}
    assert list(apply_delta({"a": 1, "b": 2}, view_delta({"a": 1, "b": 2}, reordered))) == ["b", "a"]
    # A value that changes type (1 and True are equal in Python) is replaced, never kept.
    assert view_delta({"x": 1}, {"x": True}) == [[["x"], True]]


def test_the_worker_json_of_a_trace_keeps_its_keys():
    out = json.loads(web.replay_json(RECORDS[0].read_text(encoding="utf-8"), file=str(RECORDS[0])))
    assert list(out) == ["ok", "id", "game", "title", "seats", "dealer", "steps", "result"]
    assert list(out["steps"][0]) == ["step", "action", "line", "events", "note", "view"]


@pytest.mark.skipif(sys.platform == "emscripten" or shutil.which("node") is None, reason="needs Node")
def test_the_widgets_trace_module_expands_like_the_engine():
    compact = [replay(load_record(p), views=True).compact_json() for p in RECORDS]
    done = subprocess.run(["node", str(ROOT / "tests" / "trace_check.mjs")], input=json.dumps(compact),
                          capture_output=True, text=True, timeout=60, check=True)
    assert json.loads(done.stdout) == [full_steps(p) for p in RECORDS]
