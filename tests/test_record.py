"""The hand record (format 1): parsing, printing, replaying, errors, the web facade and the command line."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from helpers import BAD_RECORDS as BAD
from helpers import FOUR_HEARTS, HANDS, ROOT
from helpers import NAP_DEAL as DEAL
from helpers import nap_record as nap

from trickbook import web
from trickbook.errors import RecordError
from trickbook.record import format_record, load_record, parse_record, replay

ALL_RECORDS = sorted(HANDS.rglob("*.hand.toml"))


def record_id(path: Path) -> str:
    return path.name.removesuffix(".hand.toml")


# ----- printing and parsing round-trip ---------------------------------------------

@pytest.mark.parametrize("path", ALL_RECORDS, ids=record_id)
def test_every_record_round_trips_through_its_canonical_form(path):
    record = load_record(path)
    text = format_record(record)
    again = parse_record(text, file=str(path))
    assert again == record
    assert format_record(again) == text  # printing is idempotent


@pytest.mark.parametrize("path", ALL_RECORDS, ids=record_id)
def test_every_record_under_docs_replays(path):
    result = replay(load_record(path))
    assert len(result.steps) == len(result.record.actions) + 1


def test_canonical_form_puts_one_trick_per_line_and_each_bid_on_its_own():
    text = format_record(load_record(FOUR_HEARTS))
    actions = text.split('actions = """\n', 1)[1].split('"""', 1)[0].splitlines()
    assert actions == [
        "A bid four", "B pass", "C pass", "D pass",
        "A AH; B JH; C 9H; D 7H",
        "A KH; B TH; C 8H; D 6H",
        "A QH; B KD; C QD; D JD",
        "A AS; B KS; C QS; D JS",
        "A 2C; B AC; C QC; D JC",
    ]


def test_canonical_form_of_a_file_record_does_not_add_an_id():
    assert "\nid = " not in format_record(load_record(FOUR_HEARTS))


def test_canonical_form_keeps_a_trick_in_progress_on_its_own_line():
    record = parse_record(nap("A bid four; B pass; C pass; D pass; A AH; B JH"))
    assert format_record(record).count("\nA AH; B JH\n") == 1


def test_canonical_form_still_prints_a_record_that_does_not_replay():
    record = parse_record(nap("A bid four; B pass; C pass; D pass; A AH; B KD; C 9H"))
    with pytest.raises(RecordError):
        replay(record)
    assert parse_record(format_record(record)) == record


def test_titles_and_notes_with_quotes_and_backslashes_round_trip():
    head = 'title = "The \\"A\\" hand \\\\ with ♥"\n'
    text = nap("A pass", head) + '\n[notes]\n1 = "Line one\\nline two\\ttab"\n'
    record = parse_record(text)
    assert record.title == 'The "A" hand \\ with ♥'
    assert parse_record(format_record(record)) == record


# ----- forgiving syntax -------------------------------------------------------------

def test_verbs_suits_ranks_and_seats_are_case_insensitive_and_ten_may_be_10_or_t():
    loose = parse_record(nap("a BID Four; b Pass; c pass; D PASS\na ah; B jh; c 9♥; d 7h\nA K♥; B 10H; C 8h; D 6♡"))
    strict = parse_record(nap("A bid four; B pass; C pass; D pass\nA AH; B JH; C 9H; D 7H\nA KH; B TH; C 8H; D 6H"))
    assert loose == strict


def test_deal_cards_accept_symbols_commas_and_10():
    deal = DEAL.replace('"JH TH KS AC KD"', '"J♥, 10♥, k♠, A♣, KD"')
    assert parse_record(nap("A pass", deal=deal)) == parse_record(nap("A pass"))


def test_actions_may_be_a_single_line_string_or_an_array_of_strings():
    base = 'format = 1\ngame = "nap"\ndealer = "D"\n'
    one_line = parse_record(base + 'actions = "A bid four; B pass"\n' + DEAL)
    array = parse_record(base + 'actions = [\n  "A bid four",\n  "B pass",\n]\n' + DEAL)
    assert one_line == array
    assert one_line.lines == (4, 4)
    assert array.lines == (5, 6)


def test_a_hash_in_the_actions_starts_a_comment_and_blank_lines_are_skipped():
    record = parse_record(nap("A bid four  # a safe contract\n\n; B pass ;\n# only a comment"))
    assert [str(a) for a in record.actions] == ["A bid four", "B pass"]
    assert record.lines == (5, 7)


def test_game_aliases_and_default_seats():
    text = nap("A pass").replace('game = "nap"', 'game = "Napoleon"')
    record = parse_record(text)
    assert record.game == "nap" and record.seats == ("A", "B", "C", "D")


def test_score_teams_may_be_written_in_either_order():
    yorkshire = """format = 1\ngame = "yorkshire"\ndealer = "W"\nscore = { {team} = 5 }\n[deal]
N = "AS KS QS JS TS 9S"\nE = "AH KH QH JH TH 9H"\nS = "AD KD QD JD TD 9D"\nW = "AC KC QC JC TC 9C"\n"""
    one = replay(parse_record(yorkshire.replace("{team}", "EW"))).state.score
    other = replay(parse_record(yorkshire.replace("{team}", "WE"))).state.score
    assert one == other and 5 in one.values()


def test_a_note_keyed_zero_belongs_to_the_deal():
    record = parse_record(nap("A pass") + '\n[notes]\n0 = "Before anyone speaks."\n')
    assert replay(record).steps[0].note == "Before anyone speaks."


# ----- ids --------------------------------------------------------------------------

def test_a_file_record_takes_its_id_from_the_file_name():
    assert load_record(FOUR_HEARTS).id == "nap-four-hearts"


def test_an_inline_record_must_carry_an_id():
    with pytest.raises(RecordError) as info:
        parse_record(nap("A pass"), file="docs/nap.md", line_offset=20)
    assert info.value.code == "missing-id" and info.value.line == 21


def test_an_inline_records_lines_are_counted_from_its_place_in_the_page():
    text = 'id = "inline-hand"\n' + nap("A bid four\nB bid three")
    with pytest.raises(RecordError) as info:
        replay(parse_record(text, file="docs/nap.md", line_offset=40))
    assert (info.value.file, info.value.line, info.value.step, info.value.code) == (
        "docs/nap.md", 40 + 7, 2, "bid-too-low")


# ----- errors -----------------------------------------------------------------------

def _expectation(path: Path) -> dict[str, str]:
    first = path.read_bytes().split(b"\n", 1)[0].decode("utf-8")  # a bad record may be bad bytes after it
    assert first.startswith("# expect:"), f"{path.name} must start with '# expect: line=… step=… code=…'"
    return dict(part.split("=", 1) for part in first.removeprefix("# expect:").split())


def _number(text: str) -> int | None:
    return None if text == "none" else int(text)


@pytest.mark.parametrize("path", sorted(BAD.glob("*.hand.toml")), ids=record_id)
def test_bad_record_fails_with_the_expected_line_step_and_code(path):
    expected = _expectation(path)
    with pytest.raises(RecordError) as info:
        replay(load_record(path))
    e = info.value
    assert (e.line, e.step, e.code) == (_number(expected["line"]), _number(expected["step"]), expected["code"])
    assert e.file == str(path)
    assert e.message
    if e.step is not None:
        assert e.action and e.seat and e.action.split()[0].lower() == e.seat.lower()


def test_a_refused_action_names_the_seat_the_action_and_the_rules_reason_in_english():
    with pytest.raises(RecordError) as info:
        replay(load_record(BAD / "must-follow-suit.hand.toml"))
    assert info.value.as_dict() == {
        "file": str(BAD / "must-follow-suit.hand.toml"), "line": 11, "step": 6, "seat": "B",
        "action": "B KD", "code": "must-follow-suit", "message": "B holds hearts and must follow suit.",
    }


def test_no_action_is_accepted_once_the_match_is_won():
    text = """format = 1\ngame = "yorkshire"\ndealer = "W"\nscore = { WE = 7, NS = 3 }
actions = \"\"\"
S peek
N AS
\"\"\"
[deal]
N = "AS KS QS JS TS 9S"\nE = "AH KH QH JH TH 9H"\nS = "AD KD QD JD TD 9D"\nW = "AC KC QC JC TC 9C"
"""
    with pytest.raises(RecordError) as info:
        replay(parse_record(text))
    assert (info.value.code, info.value.step, info.value.line) == ("match-over", 2, 7)
    done = replay(parse_record(text), stop=1).state
    assert done.winner == "EW"


def test_a_record_may_stop_early_and_reports_the_state_reached():
    result = replay(parse_record(nap("A bid four; B pass; C pass; D pass; A AH; B JH")))
    out = result.as_json()
    assert out["trump"] == "H" and out["payments"] is None and out["awards"] == []
    assert out["tricks"] == [{"leader": "A", "plays": [["A", "AH"], ["B", "JH"]], "winner": None}]
    assert result.state.current_player == "C"


def test_seeded_deal_gives_the_published_shuffles_hand():
    shuffle = pytest.importorskip("trickbook.shuffle", reason="the fair shuffle is not in the engine yet")
    seed = "00112233445566778899aabbccddeeff00112233445566778899aabbccddeeff"
    text = f'format = 1\ngame = "nap"\ndealer = "B"\n[deal]\nseed = "{seed.upper()}"\nhand = 2\n'
    record = parse_record(text)
    assert record.deal.seed == seed
    dealt = shuffle.deal_hand("nap", ["A", "B", "C", "D"], "B", seed, 2)
    assert replay(record).as_json()["deal"] == dealt.as_json()
    assert parse_record(format_record(record)) == record


# ----- replay JSON ------------------------------------------------------------------

def test_replay_json_has_the_documented_keys():
    out = replay(load_record(FOUR_HEARTS)).as_json()
    assert list(out) == ["deal", "trump", "tricks", "awards", "score", "winner", "payments", "events"]
    assert out["deal"]["hands"]["B"] == ["JH", "TH", "KS", "AC", "KD"]
    assert out["score"] == {"A": 12, "B": -4, "C": -4, "D": -4}
    assert out["events"][0] == {"code": "deal", "values": {"dealer": "D"}, "text": "D deals."}
    json.dumps(out)


def test_steps_carry_action_line_events_and_note():
    result = replay(load_record(FOUR_HEARTS), views=True)
    step = result.steps[5]
    assert (step.number, step.text, step.line) == (5, "A AH", 13)
    assert [e.code for e in step.events] == ["trump-set", "leads"]
    assert step.note and step.view["trump"] == "H"
    assert result.steps[0].text is None and result.steps[0].events[0].code == "deal"


# ----- the web facade ---------------------------------------------------------------

def test_web_replay_json_gives_every_step_with_a_full_view():
    out = json.loads(web.replay_json(FOUR_HEARTS.read_text(encoding="utf-8"), file=str(FOUR_HEARTS)))
    assert out["ok"] and out["id"] == "nap-four-hearts" and out["game"] == "nap"
    assert [s["step"] for s in out["steps"]] == list(range(25))
    assert out["steps"][0]["view"]["hands"]["A"] == ["AS", "AH", "KH", "QH", "2C"]  # sorted S H D C
    assert out["steps"][24]["view"]["payments"] == {"A": 12, "B": -4, "C": -4, "D": -4}
    assert out["result"]["winner"] is None


def test_web_replay_json_reports_errors_as_data():
    out = json.loads(web.replay_json((BAD / "must-follow-suit.hand.toml").read_text(encoding="utf-8")))
    assert out["ok"] is False
    err = out["error"]
    assert (err["code"], err["step"], err["line"]) == ("must-follow-suit", 6, 11)
    assert err["values"] == {"seat": "B", "suit": "H", "card": "KD"}
    assert err["text"] == "B holds hearts and must follow suit."
    assert json.loads(web.replay_json("game = ")) ["error"]["code"] == "toml-syntax"


def test_web_whatif_explains_every_card_that_may_not_be_played():
    text = FOUR_HEARTS.read_text(encoding="utf-8")  # at step 5, A has led the ace of hearts
    answers = {card: json.loads(web.whatif_json(text, 5, f"B {card}")) for card in ("JH", "TH", "KS", "KD", "AC")}
    assert [card for card, out in answers.items() if out["ok"]] == ["JH", "TH"]
    assert {out["reason"]["code"] for out in answers.values() if not out["ok"]} == {"must-follow-suit"}
    assert json.loads(web.whatif_json(text, 99, "B JH"))["error"]["code"] == "bad-step"


def test_web_whatif_refuses_an_illegal_branch_with_the_reason():
    text = FOUR_HEARTS.read_text(encoding="utf-8")
    out = json.loads(web.whatif_json(text, 5, "B KD"))
    assert out["ok"] is False and out["reason"]["code"] == "must-follow-suit"
    assert json.loads(web.whatif_json(text, 5, "B XX"))["error"]["code"] == "bad-notation"


def test_web_whatif_branches_and_bots_finish_the_hand():
    text = FOUR_HEARTS.read_text(encoding="utf-8")
    out = json.loads(web.whatif_json(text, 5, "B TH", seed=3))
    assert out["ok"] and out["branch"] == 5
    assert out["steps"][0]["step"] == 6 and out["steps"][0]["action"] == "B TH"
    assert out["steps"][-1]["step"] == 24 and out["steps"][-1]["view"]["phase"] == "over"
    assert sum(out["result"]["payments"].values()) == 0
    assert out == json.loads(web.whatif_json(text, 5, "B TH", seed=3))  # deterministic


# ----- the command line -------------------------------------------------------------

def run_cli(*args: str) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, PYTHONIOENCODING="utf-8")
    return subprocess.run([sys.executable, "-m", "trickbook", *args], capture_output=True, text=True,
                          cwd=ROOT, env=env, timeout=60)


def test_cli_replay_json_prints_the_result_and_exits_0():
    done = run_cli("replay", str(FOUR_HEARTS), "--json")
    assert done.returncode == 0, done.stderr
    out = json.loads(done.stdout)
    assert out["payments"] == {"A": 12, "B": -4, "C": -4, "D": -4}
    assert [t["winner"] for t in out["tricks"]] == ["A", "A", "A", "A", "B"]


def test_cli_replay_of_a_bad_record_exits_1_with_the_error_object():
    done = run_cli("replay", str(BAD / "bid-too-low.hand.toml"), "--json")
    assert done.returncode == 1
    err = json.loads(done.stdout)["error"]
    assert set(err) == {"file", "line", "step", "seat", "action", "code", "message"}
    assert (err["line"], err["step"], err["seat"], err["action"], err["code"]) == (
        5, 2, "B", "B bid three", "bid-too-low"
    )


def test_cli_replay_of_a_missing_file_exits_1():
    done = run_cli("replay", "no-such.hand.toml", "--json")
    assert done.returncode == 1 and json.loads(done.stdout)["error"]["code"] == "no-such-file"


def test_cli_usage_errors_exit_2():
    assert run_cli("replay").returncode == 2
    assert run_cli("replay", str(FOUR_HEARTS), "--bogus").returncode == 2
    assert run_cli("nonsense").returncode == 2


def test_a_note_key_must_be_an_ascii_action_number():
    with pytest.raises(RecordError) as info:
        parse_record(nap("A pass") + '\n[notes]\n"²" = "A superscript two is not an action number."\n')
    assert info.value.code == "bad-note"
