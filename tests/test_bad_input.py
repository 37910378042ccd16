"""Bad records never crash the record tools: each class ends in one error naming file and line, exit 1.

Every class goes through each way a record is read: ``trickbook check``,
``trickbook replay --json``, ``trickbook fmt`` (the functions the command line
calls, in-process), the site build's reader of ``docs/hands/`` and a page's
``hand`` block (read by the build and by ``check``).
"""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from trickbook import web
from trickbook.errors import RecordError
from trickbook.games import find_game
from trickbook.record import load_record, parse_record
from trickbook.tools import check_main, fmt_main, replay_main
from trickbook_site.errors import HandBlockError
from trickbook_site.hands import load_hands, page_sources
from trickbook_site.i18n.extract import extract_markdown

ROOT = Path(__file__).resolve().parent.parent
DEAL = '[deal]\nA = "AH KH QH AS 2C"\nB = "JH TH KS AC KD"\nC = "9H 8H QS QC QD"\nD = "7H 6H JS JC JD"\n'
HEAD = 'format = 1\ngame = "nap"\ndealer = "D"\n'


def refusals(tmp_path: Path, body: bytes, line: int, code: str, inline_line: int | None = None) -> None:
    """The record ``body`` is refused everywhere with ``code``, naming its file and ``line``
    (``inline_line`` in the page, by default six lines lower)."""
    record = tmp_path / "hands" / "nap" / "bad.hand.toml"
    record.parent.mkdir(parents=True)
    record.write_bytes(body)
    where = f"{record}:{line}: "

    out = io.StringIO()
    assert check_main([str(record)], out=out) == 1
    assert out.getvalue().startswith(where) and f"[{code}]" in out.getvalue()
    out = io.StringIO()
    assert replay_main([str(record), "--json"], out=out) == 1
    error = json.loads(out.getvalue())["error"]
    assert (error["file"], error["line"], error["code"]) == (str(record), line, code)
    out = io.StringIO()
    assert fmt_main([str(record)], out=out) == 1
    assert out.getvalue().startswith(where) and out.getvalue().count("\n") == 1

    # The build reads docs/hands/ the same way.
    with pytest.raises(RecordError) as info:
        load_hands(tmp_path)
    assert (info.value.file, info.value.line, info.value.code) == (str(record), line, code)
    record.unlink()

    # The same record inline in a page, eight lines down (an id added on the block's first line).
    page = tmp_path / "lesson.md"
    block = b"# Lesson\n\nSome prose.\n\n```hand\n" + b'id = "inline"\n' + body + b"```\n"
    page.write_bytes(block)
    page_line = line + 6 if inline_line is None else inline_line
    with pytest.raises(RecordError) as info:
        load_hands(tmp_path)
    assert (info.value.file, info.value.line, info.value.code) == (str(page), page_line, code)
    out = io.StringIO()
    assert check_main([str(page)], out=out, pages=page_sources) == 1
    assert out.getvalue().startswith(f"{page}:{page_line}: ") and f"[{code}]" in out.getvalue()


def test_deep_nesting_is_refused_with_the_line_where_it_starts(tmp_path):
    body = HEAD + "actions = " + "[" * 500 + "]" * 500 + "\n" + DEAL
    refusals(tmp_path, body.encode(), 4, "too-deep")


def test_deep_inline_tables_are_refused_with_their_line(tmp_path):
    body = HEAD + "score = " + "{ A = " * 300 + "1" + " }" * 300 + "\n" + DEAL
    refusals(tmp_path, body.encode(), 4, "too-deep")


def test_a_very_long_integer_value_is_refused_with_its_line(tmp_path):
    body = HEAD + DEAL + "[rules]\nx = " + "7" * 5000 + "\n"
    refusals(tmp_path, body.encode(), 10, "bad-value")


def test_a_very_long_note_number_is_refused_with_its_line(tmp_path):
    body = HEAD + 'actions = "A pass"\n' + DEAL + "[notes]\n" + "1" * 5000 + ' = "no such action"\n'
    refusals(tmp_path, body.encode(), 11, "bad-note")


def test_a_record_that_is_not_utf8_is_refused_with_the_line_of_the_first_bad_byte(tmp_path):
    body = HEAD.encode() + b'title = "Caf\xe9"\n' + DEAL.encode()
    refusals(tmp_path, body, 4, "bad-encoding")


def test_a_missing_key_names_the_first_line_of_the_record(tmp_path):
    # Inline, the record starts on the block's first line (its id), line 6 of the page.
    refusals(tmp_path, ('format = 1\ngame = "nap"\n' + DEAL).encode(), 1, "missing-key", inline_line=6)


def test_a_dotted_unknown_key_names_its_line(tmp_path):
    refusals(tmp_path, (HEAD + 'player.name = "A"\n' + DEAL).encode(), 4, "unknown-key")


def test_a_toml_error_at_the_end_of_the_document_names_the_last_line(tmp_path):
    refusals(tmp_path, (HEAD + DEAL + 'notes = [\n  "one",\n').encode(), 10, "toml-syntax")


def test_score_and_a_deal_seat_written_as_tables_name_their_lines(tmp_path):
    refusals(tmp_path, (HEAD + '[score]\nA = 1\nB = "two"\n' + DEAL).encode(), 6, "bad-value")
    for leftover in tmp_path.rglob("*"):
        if leftover.is_file():
            leftover.unlink()
    body = HEAD + DEAL.replace('D = "7H 6H JS JC JD"\n', '[deal.D]\ncards = "7H 6H JS JC JD"\n')
    refusals(tmp_path / "again", body.encode(), 8, "bad-value")


def test_a_deeply_nested_hand_block_fails_the_real_build_in_one_line(course_copy):
    site = course_copy  # a course as `trickbook new` makes it (conftest.py's small_course)
    env = dict(os.environ, NO_MKDOCS_2_WARNING="1", PYTHONIOENCODING="utf-8")
    trickbook = [sys.executable, "-m", "trickbook_site.cli"]
    index = site / "docs" / "index.md"
    index.write_text(index.read_text(encoding="utf-8") + "\n```hand\nid = \"deep\"\nx = " + "[" * 600 + "]" * 600
                     + "\n```\n", encoding="utf-8")
    line = index.read_text(encoding="utf-8").splitlines().index('id = "deep"') + 2
    done = subprocess.run([*trickbook, "build"], cwd=site, env=env, capture_output=True, text=True, timeout=300)
    assert done.returncode == 1 and "Traceback" not in done.stderr
    assert done.stderr.strip().splitlines() == [
        f"trickbook build: {index}:{line}: too deep: arrays or inline tables nested more than 32 deep; "
        "a record needs two levels at most"]


# ----- a large record: positions in linear time --------------------------------------

def test_every_action_of_a_large_record_written_as_an_array_has_its_own_line():
    # As many actions as a record may hold (more are refused: tests/test_record_limits.py).
    count = find_game("nap").max_actions() // 4
    rows = ['  "A pass",', '  "B pass",', '  "C pass",', '  "D bid three",'] * count
    text = HEAD + "actions = [\n" + "\n".join(rows) + "\n]\n" + DEAL
    record = parse_record(text)
    assert len(record.actions) == 4 * count
    assert record.lines == tuple(range(5, 5 + 4 * count))
    assert [str(a) for a in record.actions[:4]] == ["A pass", "B pass", "C pass", "D bid three"]


def test_action_lines_are_right_with_escapes_and_comments_in_the_array():
    text = (HEAD + 'actions = [  # the bidding\n  "A \\u0070ass", # A passes\n\n'
            '  \'B pass\',\n  """C pass""",\n]\n' + DEAL)
    assert parse_record(text).lines == (5, 7, 8)


# ----- the browser facade -------------------------------------------------------------

FOUR_HEARTS = (ROOT / "docs" / "hands" / "nap" / "nap-four-hearts.hand.toml").read_text(encoding="utf-8")


@pytest.mark.parametrize("call", [
    lambda: web.replay_json(None),
    lambda: web.replay_json(42),
    lambda: web.replay_json(FOUR_HEARTS, file=3),
    lambda: web.load_json(["not", "text"]),
    lambda: web.whatif_json(FOUR_HEARTS, "5", "B TH"),
    lambda: web.whatif_json(FOUR_HEARTS, 2.5, "B TH"),
    lambda: web.whatif_json(FOUR_HEARTS, True, "B TH"),
    lambda: web.whatif_json(FOUR_HEARTS, 5, None),
    lambda: web.whatif_json(FOUR_HEARTS, 5, "B TH", seed="x"),
    lambda: web.whatif_json(b"bytes", 5, "B TH"),
], ids=["replay-none", "replay-int", "replay-file-int", "load-list", "whatif-str-step", "whatif-float-step",
        "whatif-bool-step", "whatif-none-action", "whatif-str-seed", "whatif-bytes"])
def test_the_browser_facade_answers_wrong_argument_types_with_an_error_object(call):
    answer = json.loads(call())
    assert answer["ok"] is False and answer["error"]["code"] in ("bad-argument", "bad-step")
    assert answer["error"]["text"]


def test_the_facade_reads_a_record_once_and_branches_from_the_states_it_keeps():
    loaded = json.loads(web.load_json(FOUR_HEARTS))
    assert loaded == {"ok": True, "id": None, "game": "nap", "steps": 25}
    first = json.loads(web.whatif_json(FOUR_HEARTS, 5, "B TH", seed=3))
    hand = web._HANDS[FOUR_HEARTS]
    assert 5 in hand.states and 0 in hand.states
    again = json.loads(web.whatif_json(FOUR_HEARTS, 5, "B TH", seed=3))
    assert first == again and first["steps"][0]["step"] == 6
    # The kept state is a copy: the branch played on did not change it.
    assert len(hand.states[5].history) == 5


# ----- hand blocks: one finder for the build, check and the extractor --------------------

ADMONITION = "# Lesson\n\n!!! note \"A hand\"\n\n    Look:\n\n    ```hand\n    ref = \"nap-four-hearts\"\n    ```\n"


def test_a_hand_block_inside_an_admonition_is_refused_by_the_build_check_and_extractor(tmp_path):
    docs = tmp_path / "docs"
    docs.mkdir()
    page = docs / "lesson.md"
    page.write_text(ADMONITION, encoding="utf-8")
    message = f"{page}:7: a hand block must start at the left margin, not inside an admonition"
    with pytest.raises(HandBlockError) as info:
        load_hands(docs)
    assert str(info.value) == message
    out = io.StringIO()
    assert check_main([str(page)], out=out, pages=page_sources) == 1
    assert out.getvalue().startswith(message)
    with open(page, "rb") as handle, pytest.raises(HandBlockError) as info:
        list(extract_markdown(handle, {}, [], {}))
    assert str(info.value) == message


def test_the_extractor_reads_hand_blocks_where_the_build_finds_them():
    from trickbook_site.hands import find_blocks

    page = ROOT / "docs" / "writing-hands.md"
    text = page.read_text(encoding="utf-8")
    with open(page, "rb") as handle:
        extracted = {line for line, _, _, comment in extract_markdown(handle, {}, [], {})
                     if comment[0].startswith("hand ")}
    inline = [b for b in find_blocks(text, page) if b.inline_id]
    assert inline and extracted
    assert all(any(b.line <= line < b.end for line in extracted) for b in inline)


def test_a_record_file_is_read_through_the_shared_reader():
    with pytest.raises(RecordError) as info:
        load_record(ROOT / "tests" / "bad_records" / "not-utf-8.hand.toml")
    assert (info.value.line, info.value.code) == (3, "bad-encoding")
