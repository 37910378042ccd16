"""The engine's command-line functions (replay, check, fmt), called in-process."""

from __future__ import annotations

import io
import json

from helpers import BAD_RECORDS as BAD
from helpers import FOUR_HEARTS, HANDS
from helpers import nap_record as nap

from trickbook.tools import check_main, fmt_main, main, record_files, replay_main


def test_check_names_each_bad_record_with_file_line_and_action(capsys):
    assert check_main([str(BAD)]) == 1
    out = capsys.readouterr().out
    assert f"{BAD / 'must-follow-suit.hand.toml'}:11: action 6 'B KD': B holds hearts and must follow suit." in out
    assert f"{len(list(BAD.glob('*.hand.toml')))} record(s) checked" in out


def test_check_passes_the_worked_hands(capsys):
    assert check_main([str(HANDS)]) == 0
    count = len(list(HANDS.rglob("*.hand.toml")))
    assert f"{count} record(s) checked, 0 bad" in capsys.readouterr().out


def test_check_reports_two_files_with_one_id(tmp_path, capsys):
    for folder in ("a", "b"):
        (tmp_path / folder).mkdir()
        (tmp_path / folder / "same.hand.toml").write_text(nap("A pass"), encoding="utf-8")
    assert check_main([str(tmp_path)]) == 1
    assert "[duplicate-id]" in capsys.readouterr().out


def test_fmt_prints_the_canonical_form_and_write_rewrites(tmp_path, capsys):
    path = tmp_path / "loose.hand.toml"
    path.write_text(nap("a bid FOUR; b pass; c pass; d pass; a ah; b jh; c 9h; d 7h"), encoding="utf-8")
    assert fmt_main([str(path)]) == 0
    printed = capsys.readouterr().out
    assert "A bid four\nB pass\nC pass\nD pass\nA AH; B JH; C 9H; D 7H\n" in printed
    assert fmt_main([str(path), "--write"]) == 0
    assert path.read_text(encoding="utf-8") == printed
    assert fmt_main([str(path), str(path)]) == 2


def test_replay_main_prints_a_transcript_without_json(capsys):
    assert replay_main([str(FOUR_HEARTS)]) == 0
    assert "A has made Four, taking 4 of the five tricks." in capsys.readouterr().out


def test_record_files_searches_folders_recursively_and_keeps_named_files(tmp_path):
    (tmp_path / "a" / "b").mkdir(parents=True)
    deep = tmp_path / "a" / "b" / "x.hand.toml"
    deep.write_text(nap("A pass"), encoding="utf-8")
    (tmp_path / "a" / "notes.md").write_text("not a record", encoding="utf-8")
    named = tmp_path / "named.toml"
    assert record_files([str(tmp_path), str(named)]) == [deep, named]


def test_check_reports_a_path_that_does_not_exist(tmp_path, capsys):
    assert check_main([str(tmp_path / "missing.hand.toml")]) == 1
    assert "[no-such-file]" in capsys.readouterr().out


def test_check_without_a_path_is_a_usage_error(capsys):
    assert check_main([]) == 2
    assert "usage: trickbook check" in capsys.readouterr().err


def test_fmt_of_a_bad_record_exits_1_and_says_why(capsys):
    assert fmt_main([str(BAD / "toml-syntax.hand.toml")]) == 1
    assert "toml-syntax.hand.toml:3: TOML syntax" in capsys.readouterr().out


def test_replay_main_json_error_object(capsys):
    assert replay_main([str(BAD / "card-not-in-hand.hand.toml"), "--json"]) == 1
    err = json.loads(capsys.readouterr().out)["error"]
    assert (err["step"], err["code"], err["action"]) == (5, "card-not-in-hand", "A KS")


def test_main_dispatches_to_the_commands(capsys):
    assert main(["check", str(FOUR_HEARTS)]) == 0
    assert "1 record(s) checked, 0 bad" in capsys.readouterr().out
    assert main(["build"]) == 2


def test_fmt_keeps_the_opening_comment_and_drops_the_others(tmp_path, capsys):
    path = tmp_path / "commented.hand.toml"
    body = nap("A pass").replace('actions = """', '# a comment inside\nactions = """', 1)
    path.write_text("# Why this hand is on the page.\n#\n" + body, encoding="utf-8")
    assert fmt_main([str(path)]) == 0
    printed = capsys.readouterr().out
    assert printed.startswith("# Why this hand is on the page.\n#\nformat = 1\n")
    assert "# a comment inside" not in printed


def test_every_published_record_is_stored_in_canonical_form():
    """``trickbook fmt`` on a record of the site changes nothing, so a diff shows only what an author changed."""
    records = sorted(HANDS.rglob("*.hand.toml"))
    assert len(records) >= 22
    for record in records:
        out = io.StringIO()
        assert fmt_main([str(record)], out=out) == 0
        assert out.getvalue() == record.read_text(encoding="utf-8"), f"{record} is not canonical: run trickbook fmt -w"
