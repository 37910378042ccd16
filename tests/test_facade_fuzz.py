"""The JSON facades the browser's worker calls never raise: any argument, any saved match.

``trickbook.table.facade`` (the play tables), ``trickbook.web`` (the worked hands),
``trickbook.questions.facade`` (questions and drills) and ``trickbook.bots.warm``
(the idle warm-up; its answer is ``{"error": text}`` or the searches' counts and
``ms``) answer every call with JSON: ``{"ok": true, …}`` or ``{"ok": false,
"error": {code, text, …}}`` (or ``"reason"`` for an action the rules refuse),
whatever the types and sizes of the arguments, and whatever a saved match
holds. The wrong-type sweep is exhaustive; the rest is Hypothesis, derandomised,
sized by ``TRICKBOOK_FUZZ_EXAMPLES`` (``scripts/fuzz`` runs a longer one). Every facade
function that ``widgets/worker.js`` calls is in ``_calls``: a test reads the worker to make sure.
"""

from __future__ import annotations

import importlib
import json
import os
import re
from pathlib import Path
from typing import Any, Callable

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from trickbook import web
from trickbook.bots import warm
from trickbook.questions import facade as questions
from trickbook.table import facade

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = int(os.environ.get("TRICKBOOK_FUZZ_EXAMPLES", "60"))
FUZZ = settings(max_examples=EXAMPLES, deadline=None, derandomize=True, database=None,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
SEED = "5e" * 32
RECORD = ROOT / "docs" / "hands" / "nap" / "nap-all-pass.hand.toml"
PLAYED = ROOT / "docs" / "hands" / "nap" / "nap-four-hearts.hand.toml"  # step 4: A leads, AS or AH
SAVE_CODES = {"bad-save", "save-version", "save-refused"}


class Odd:
    """An object no JSON bridge would send, standing for anything the caller could pass."""


# Values of every kind a caller might pass by mistake, as the review tried them.
WRONG = [None, True, 0, -1, 10**100, 1.5, float("nan"), "", "x" * 1_000_000, "\ud800", [], ["S 9C"], {},
         {"a": 1}, b"bytes", Odd()]


def _answer(text: Any) -> dict[str, Any]:
    """A facade's answer: JSON text of an object whose ``ok`` is a boolean, with an error or reason when false."""
    assert isinstance(text, str)
    answer = json.loads(text)
    if isinstance(answer, dict) and "ok" not in answer and ("ms" in answer or "error" in answer):  # the warm-up's
        assert isinstance(answer.get("error", ""), str) and answer.get("error") != "", answer
        assert "error" in answer or isinstance(answer["ms"], float), answer
        return {"ok": "error" not in answer, **answer}
    assert isinstance(answer, dict) and isinstance(answer.get("ok"), bool)
    if not answer["ok"]:
        problem = answer.get("error") or answer.get("reason")
        assert isinstance(problem, dict) and isinstance(problem.get("code"), str) and problem.get("text"), answer
    return answer


def _table_id() -> str:
    opened = _answer(facade.table_new_json(SEED, game="nap", players=3, level="gentle"))
    assert opened["ok"], opened
    return opened["id"]


def _calls() -> list[tuple[str, Callable[..., str], list[Any]]]:
    """Each facade function with a good value for each of its arguments."""
    table_id = _table_id()
    record = RECORD.read_text(encoding="utf-8")
    return [
        ("table_new_json", facade.table_new_json, [SEED, "A", "nap", 3, 1, "gentle"]),
        ("table_resume_json", facade.table_resume_json, ["{}"]),
        ("table_act_json", facade.table_act_json, [table_id, "A pass"]),
        ("table_timeout_json", facade.table_timeout_json, [table_id]),
        ("table_next_json", facade.table_next_json, [table_id]),
        ("table_explain_json", facade.table_explain_json, [table_id, "card:AS"]),
        ("replay_json", web.replay_json, [record]),
        ("load_json", web.load_json, [record]),
        ("whatif_json", web.whatif_json, [record, 1, "A pass", 0]),
        ("variants_json", web.variants_json, [record, 0]),
        ("variant_whatif_json", web.variant_whatif_json, [record, "misere", 1, "A pass", 0]),
        ("cost_json", questions.cost_json, [PLAYED.read_text(encoding="utf-8"), 4, "A", "AS", "AH", "gentle"]),
        ("practice_json", questions.practice_json, ["nap", "drill", 3]),
        ("practice_cost_json", questions.practice_cost_json, ["nap", "drill", 3, "AS", "AH"]),
        ("warm_up_json", warm.warm_up_json, ["yorkshire"]),
    ]


# How widgets/worker.js reaches each facade: `web.` is trickbook.web, `questions()` and `table()` import the
# modules named here, and `pyimport("module").name` names its module itself.
WORKER_MODULES = {"web.": "trickbook.web", "questions().": "trickbook.questions.facade",
                  "table().": "trickbook.table.facade"}


def _worker_calls() -> set[tuple[str, str]]:
    worker = (ROOT / "widgets" / "worker.js").read_text(encoding="utf-8")
    calls = set()
    for found in re.finditer(r'(web\.|questions\(\)\.|table\(\)\.|pyimport\("([\w.]+)"\)\.)(\w+_json)\b', worker):
        calls.add((found.group(2) or WORKER_MODULES[found.group(1)], found.group(3)))
    # Every facade name the worker mentions was read with its module: none reached Python another way.
    assert {name for _, name in calls} == set(re.findall(r"\b(\w+_json)\b", worker)), calls
    return calls


def test_every_facade_function_the_worker_calls_is_fuzzed():
    calls = _worker_calls()
    assert len(calls) >= 12 and ("trickbook.questions.facade", "cost_json") in calls, calls
    fuzzed = {(function.__module__, function.__name__) for _, function, _ in _calls()}
    for module, name in calls:
        assert callable(getattr(importlib.import_module(module), name)), (module, name)
    assert calls - fuzzed == set(), f"called by widgets/worker.js but not fuzzed here: {sorted(calls - fuzzed)}"


def test_every_facade_call_answers_json_whatever_the_type_of_each_argument():
    tried = 0
    for name, function, good in _calls():
        for position in range(len(good)):
            for value in WRONG:
                args = list(good)
                args[position] = value
                try:
                    _answer(function(*args))
                except Exception as exc:  # noqa: BLE001 - the contract under test: nothing escapes
                    pytest.fail(f"{name} with argument {position} = {type(value).__name__} raised {exc!r}")
                tried += 1
    assert tried == sum(len(good) for _, _, good in _calls()) * len(WRONG)


def _saved_match() -> dict[str, Any]:
    opened = _answer(facade.table_new_json(SEED, game="nap", players=3, level="gentle"))
    moved = _answer(facade.table_timeout_json(opened["id"]))
    return {"version": moved["version"], "game": "nap", "seed": SEED, "seat": "A", "players": 3, "level": "gentle",
            "moves": moved["moves"], "hand_number": moved["view"]["hand_number"],
            "fingerprint": moved["view"]["fingerprint"]}


def test_a_saved_match_nested_deeper_than_python_reads_is_refused_as_unreadable():
    for deep in ("[" * 100_000 + "]" * 100_000, '{"a":' * 100_000 + "1" + "}" * 100_000):
        answer = _answer(facade.table_resume_json(deep))
        assert answer == {"ok": False, "error": {"code": "bad-save", "values": {},
                                                 "text": "the saved match is nested too deep to read"}}


def test_a_saved_match_says_whether_it_is_unreadable_refused_or_from_another_version():
    saved = _saved_match()
    assert _answer(facade.table_resume_json(json.dumps(saved)))["ok"]
    cases = {
        "save-version": {**saved, "version": "0.1+table3"},
        "save-refused": {**saved, "moves": saved["moves"] + ["A bid banana"]},
        "bad-save": {**saved, "players": "three"},
    }
    for code, case in cases.items():
        assert _answer(facade.table_resume_json(json.dumps(case)))["error"]["code"] == code
    # 200,000 moves: refused at the first that cannot be played, not read as another version.
    many = _answer(facade.table_resume_json(json.dumps({**saved, "moves": ["A wait"] * 200_000})))
    assert many["error"]["code"] == "save-refused" and many["error"]["text"].startswith("move 1 ")


# ----- Hypothesis ------------------------------------------------------------------------------
def _nested(leaf: st.SearchStrategy[Any]) -> st.SearchStrategy[Any]:
    return st.recursive(leaf, lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=5), inner,
                                                                                         max_size=3), max_leaves=8)


SCALARS = (st.none() | st.booleans() | st.integers(-(2**70), 2**70) | st.floats(allow_nan=True)
           | st.text(max_size=30) | st.binary(max_size=8).map(bytes))
GOODISH = st.sampled_from([SEED, "nap", "euchre", "yorkshire", "trinidad", "A", "S", "N", "gentle", "strong",
                           "A pass", "S 9C", "timeout", "next", "wait", "card:AS", "trump", "kitty", "taken:B",
                           "t1", "t2", 3, 4, 7, 1, 0])
ANY = _nested(SCALARS | GOODISH)


@FUZZ
@given(st.data())
def test_random_calls_with_random_arguments_always_answer_json(data):
    calls = _calls()
    for _ in range(data.draw(st.integers(1, 4))):
        name, function, good = data.draw(st.sampled_from(calls))
        args = [data.draw(st.one_of(st.just(g), ANY)) for g in good]
        if name == "table_new_json":
            args[5] = data.draw(st.sampled_from(["gentle", None, 7]))  # the strong bots are slow; their type is enough
        if name == "cost_json":
            args[5] = data.draw(st.sampled_from(["gentle", None, 7, "x", "\ud800"]))  # likewise
        _answer(function(*args))


def _mutate(saved: dict[str, Any], data: st.DataObject) -> Any:
    kind = data.draw(st.sampled_from(["field", "drop", "moves", "text", "any"]))
    if kind == "field":
        return {**saved, data.draw(st.sampled_from(sorted(saved))): data.draw(ANY)}
    if kind == "drop":
        key = data.draw(st.sampled_from(sorted(saved)))
        return {k: v for k, v in saved.items() if k != key}
    if kind == "moves":
        extra = data.draw(st.lists(st.sampled_from(["A pass", "A bid two", "timeout", "next", "A wait", "A 2C"])
                                   | st.text(max_size=8), max_size=6))
        return {**saved, "moves": saved["moves"] + extra}
    if kind == "text":
        text = json.dumps(saved)
        at = data.draw(st.integers(0, len(text)))
        return text[:at] + data.draw(st.text(max_size=4)) + text[at + 1:]
    return data.draw(ANY)


@FUZZ
@given(st.data())
def test_random_saved_matches_resume_or_are_refused_with_a_reason(data):
    saved = _saved_match()
    case = _mutate(saved, data)
    text = case if isinstance(case, str) else json.dumps(case, default=repr)
    answer = _answer(facade.table_resume_json(text))
    if not answer["ok"]:
        assert answer["error"]["code"] in SAVE_CODES
    else:
        assert answer["view"]["you"] in ("A", "B", "C") and answer["version"] == facade.SAVE_VERSION
