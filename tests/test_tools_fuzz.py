"""Fuzzing the record tools: mutated worked hands through check, replay --json and fmt.

Each mutation of one of the repository's own records (docs/hands/**) either
passes or is refused with the engine's own error, naming the file and a line;
never another exception. Every record ``fmt`` writes parses back to the same
record. The run is derandomised; its size comes from the Hypothesis profile that
tests/conftest.py loads (the full tier's or the fast tier's), and
``TRICKBOOK_FUZZ_EXAMPLES`` sets it exactly (``scripts/fuzz`` runs a longer one).
"""

from __future__ import annotations

import io
import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from trickbook.record import load_record, parse_record
from trickbook.tools import check_main, fmt_main, replay_main
from trickbook_site.hands import page_sources

ROOT = Path(__file__).resolve().parent.parent
SAMPLES = sorted((ROOT / "docs" / "hands").rglob("*.hand.toml"))
EXAMPLES = settings.default.max_examples
FUZZ = settings(max_examples=EXAMPLES, deadline=None, derandomize=True, database=None,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large,
                                       HealthCheck.function_scoped_fixture])

ODD = ["\x00", "\ufeff", "\u202e", "\u2028", "\x7f", "\r", "\t", "\u0301", "\U0001F0A1", "１", "٣", "²", "♥", "é",
       "\\", '"', "'", "#", ";", "=", "[", "]", "{", "}", "\n", '"""', "'''", "\\u00e9", "\\uD800", "\ud800"]
TOKEN = re.compile(rb"\s+|[^\s]+")


def _pos(data: st.DataObject, body: bytes) -> int:
    return data.draw(st.integers(0, len(body)))


def byte_flip(body: bytes, data: st.DataObject) -> bytes:
    at = data.draw(st.integers(0, max(len(body) - 1, 0)))
    return body[:at] + bytes([body[at] ^ data.draw(st.integers(1, 255))]) + body[at + 1:]


def token_swap(body: bytes, data: st.DataObject) -> bytes:
    tokens = TOKEN.findall(body)
    i, j = data.draw(st.integers(0, len(tokens) - 1)), data.draw(st.integers(0, len(tokens) - 1))
    tokens[i], tokens[j] = tokens[j], tokens[i]
    return b"".join(tokens)


def _action_lines(body: bytes) -> tuple[list[bytes], int, int]:
    lines = body.split(b"\n")
    start = next((k for k, line in enumerate(lines) if line.startswith(b"actions")), 0) + 1
    end = next((k for k in range(start, len(lines)) if lines[k].startswith(b'"""')), len(lines))
    return lines, start, max(end, start)


def _drawn_action(body: bytes, data: st.DataObject) -> tuple[list[bytes], int, int, int, list[bytes], int] | None:
    """The body's lines, where its actions start and end, one action line drawn among them, its actions
    (split at ``;``) and one of those drawn; None when the body has no action line."""
    lines, start, end = _action_lines(body)
    if end == start:
        return None
    k = data.draw(st.integers(start, end - 1))
    pieces = lines[k].split(b";")
    return lines, start, end, k, pieces, data.draw(st.integers(0, len(pieces) - 1))


def duplicate_action(body: bytes, data: st.DataObject) -> bytes:
    drawn = _drawn_action(body, data)
    if drawn is None:
        return body
    lines, start, end, _, pieces, i = drawn
    lines.insert(data.draw(st.integers(start, end)), pieces[i].strip())
    return b"\n".join(lines)


def remove_action(body: bytes, data: st.DataObject) -> bytes:
    drawn = _drawn_action(body, data)
    if drawn is None:
        return body
    lines, _, _, k, pieces, i = drawn
    del pieces[i]
    lines[k] = b";".join(pieces)
    return b"\n".join(lines)


def huge_number(body: bytes, data: st.DataObject) -> bytes:
    digits = data.draw(st.sampled_from([20, 300, 4299, 4300, 4301, 10000]))
    number = data.draw(st.sampled_from(["9", "1", "-1", "0x1", "1_0"])) + "0" * digits
    numbers = list(re.finditer(rb"\d+", body))
    if numbers and data.draw(st.booleans()):
        m = numbers[data.draw(st.integers(0, len(numbers) - 1))]
        return body[:m.start()] + number.encode() + body[m.end():]
    key = data.draw(st.sampled_from(["format", "score", "x", "1", "[notes]\n7", "[rules]\ntarget", "[deal]\nhand"]))
    return body + f"\n{key} = {number}\n".encode()


def deep_nesting(body: bytes, data: st.DataObject) -> bytes:
    depth = data.draw(st.sampled_from([2, 31, 32, 33, 200, 1000]))
    opening, closing = data.draw(st.sampled_from([("[", "]"), ("{ a = ", " }"), ("[{ a = ", "}]")]))
    value = opening * depth + "1" + closing * depth
    key = data.draw(st.sampled_from(["actions", "score", "x", "title", "[deal]\nA", "[notes]\n1", "a.b.c"]))
    line = f"{key} = {value}\n".encode()
    lines = body.split(b"\n")
    lines.insert(data.draw(st.integers(0, len(lines))), line)
    return b"\n".join(lines)


def odd_unicode(body: bytes, data: st.DataObject) -> bytes:
    text = data.draw(st.sampled_from(ODD)) if data.draw(st.booleans()) else data.draw(st.text(min_size=1, max_size=4))
    at = _pos(data, body)
    return body[:at] + text.encode("utf-8", "surrogatepass") + body[at:]


def long_string(body: bytes, data: st.DataObject) -> bytes:
    size = data.draw(st.sampled_from([1000, 100_000]))
    piece = data.draw(st.sampled_from(["x", "A pass; ", "♥", "A AH ", "\\n"])) * (size // 4)
    where = data.draw(st.sampled_from(["title", "action", "note", "seat", "anywhere"]))
    if where == "title":
        return re.sub(rb'(?m)^title = "', ('title = "' + piece).encode(), body, count=1)
    if where == "action":
        lines, start, end = _action_lines(body)
        lines.insert(start, piece.encode())
        return b"\n".join(lines)
    if where == "note":
        return body + f'\n[notes]\n1 = "{piece}"\n'.encode()
    if where == "seat":
        return re.sub(rb"(?m)^dealer = \"", ('dealer = "' + piece).encode(), body, count=1)
    at = _pos(data, body)
    return body[:at] + piece.encode() + body[at:]


MUTATIONS = [
    byte_flip, token_swap, duplicate_action, remove_action, huge_number, deep_nesting, odd_unicode, long_string,
]


@st.composite
def mutated_records(draw: st.DrawFn) -> tuple[Path, bytes]:
    sample = draw(st.sampled_from(SAMPLES))
    body = sample.read_bytes()
    data = draw(st.data())
    for _ in range(draw(st.integers(1, 3))):
        body = draw(st.sampled_from(MUTATIONS))(body, data)
    return sample, body


def assert_refused_here(text: str, path: Path) -> None:
    """One line per refusal, naming the file and a line."""
    assert re.match(rf"{re.escape(str(path))}:\d+: ", text), text[:300]


def run_tools(path: Path) -> None:
    """check, replay --json and fmt on one file, as the command line runs them."""
    out = io.StringIO()
    status = check_main([str(path)], out=out)
    assert status in (0, 1)
    if status:
        assert_refused_here(out.getvalue(), path)

    out = io.StringIO()
    status = replay_main([str(path), "--json"], out=out)
    answer = json.loads(out.getvalue())
    if status:
        error = answer["error"]
        assert error["file"] == str(path) and isinstance(error["line"], int), error
    else:
        assert list(answer)[:6] == ["deal", "trump", "tricks", "awards", "score", "winner"]

    out = io.StringIO()
    status = fmt_main([str(path)], out=out)
    if status:
        assert_refused_here(out.getvalue(), path)
        return
    # What fmt prints reads back as the same record, and printing it again changes nothing.
    original = load_record(path)
    again = parse_record(out.getvalue(), file=str(path))
    assert again == original
    path.write_text(out.getvalue(), encoding="utf-8")
    out2 = io.StringIO()
    assert fmt_main([str(path)], out=out2) == 0 and out2.getvalue() == out.getvalue()


@FUZZ
@given(mutated_records())
def test_a_mutated_worked_hand_passes_or_is_refused_with_file_and_line_by_every_tool(tmp_path_factory, case):
    sample, body = case
    folder = tmp_path_factory.mktemp("fuzz")
    path = folder / sample.name  # the same file name, so that the id still matches
    path.write_bytes(body)
    run_tools(path)


@settings(FUZZ, max_examples=max(EXAMPLES // 5, 10))
@given(mutated_records())
def test_a_mutated_record_inline_in_a_page_passes_or_is_refused_with_page_and_line(tmp_path_factory, case):
    _, body = case
    page = tmp_path_factory.mktemp("fuzz") / "lesson.md"
    page.write_bytes(b"# Lesson\n\n```hand\nid = \"inline\"\n" + body.replace(b"```", b"") + b"\n```\n")
    out = io.StringIO()
    status = check_main([str(page)], out=out, pages=page_sources)
    assert status in (0, 1)
    if status:
        first = out.getvalue().splitlines()[0]
        assert first.startswith(f"{page}:"), first


CLI_CASES = {
    "deep nesting": lambda text: text + "\nx = " + "[" * 700 + "]" * 700 + "\n",
    "long integer": lambda text: text.replace("format = 1", "format = 1" + "0" * 5000, 1),
    "latin-1": lambda text: text.replace("format = 1", "# caf\u00e9\nformat = 1", 1),
    # Readable but refused by the rules: fmt still prints it, so that it can be fixed.
    "a duplicated action": lambda text: text.replace('actions = """\n', 'actions = """\nB pass\n', 1),
}


@pytest.mark.slow  # 12 subprocesses; in the fast tier the same tools run in-process in the tests above
@pytest.mark.parametrize("case", CLI_CASES, ids=list(CLI_CASES))
def test_the_real_command_refuses_a_mutated_record_in_one_line(tmp_path, case):
    sample = next(p for p in SAMPLES if p.name == "nap-four-hearts.hand.toml")
    path = tmp_path / sample.name
    text = CLI_CASES[case](sample.read_text(encoding="utf-8"))
    path.write_bytes(text.encode("latin-1" if case == "latin-1" else "utf-8"))
    env = dict(os.environ, PYTHONIOENCODING="utf-8", NO_MKDOCS_2_WARNING="1")
    for args in (["check"], ["replay", "--json"], ["fmt"]):
        done = subprocess.run([sys.executable, "-m", "trickbook_site.cli", args[0], str(path), *args[1:]],
                              capture_output=True, text=True, timeout=120, env=env)
        assert "Traceback" not in done.stderr and "Traceback" not in done.stdout
        if args[0] == "fmt" and case == "a duplicated action":
            assert done.returncode == 0 and parse_record(done.stdout) == parse_record(text)
            continue
        assert done.returncode == 1, (args, done.stdout[-500:], done.stderr[-500:])
        if args[0] == "replay":
            error = json.loads(done.stdout)["error"]
            assert error["file"] == str(path) and isinstance(error["line"], int)
        else:
            assert_refused_here(done.stdout, path)
