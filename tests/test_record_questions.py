"""A record's [[questions]]: read, printed back, and refused with file, line and step when the rules
cannot ask or answer them (a step not in the hand, a seat not to act, no right answer, no question)."""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from trickbook.errors import RecordError
from trickbook.record import format_record, parse_record, replay
from trickbook.record.questions import question_keys
from trickbook.tools import check_main

NAP = Path(__file__).parent.parent / "docs/hands/nap/nap-four-hearts.hand.toml"
BASE = NAP.read_text(encoding="utf-8").split("[[questions]]")[0]


def record(questions: str) -> str:
    return BASE + questions


def keys(text: str, file: str = "x.hand.toml") -> list[dict]:
    return question_keys(replay(parse_record(text, file=file)))


def refusal(tmp_path: Path, questions: str) -> str:
    path = tmp_path / "bad.hand.toml"
    path.write_text(record(questions), encoding="utf-8")
    out = io.StringIO()
    assert check_main([str(path)], out=out) == 1
    return out.getvalue()


def line_of(text: str, needle: str) -> int:
    return text.splitlines().index(needle) + 1


def test_questions_round_trip_through_canonical_form() -> None:
    parsed = parse_record(NAP.read_text(encoding="utf-8"), file=str(NAP))
    assert [q.kind for q in parsed.questions] == ["play", "legal", "winner", "score"]
    again = parse_record(format_record(parsed), file=str(NAP))
    assert again == parsed and again.questions == parsed.questions


def test_each_kind_gets_its_answer_from_the_rules() -> None:
    found = {k["kind"]: k for k in keys(NAP.read_text(encoding="utf-8"), str(NAP))}
    # Nap: the declarer A leads; only the two of clubs, a sure loser led at once, lets the defence beat the Four.
    assert sorted(found["play"]["accepted"]) == ["AH", "AS", "KH", "QH"]
    assert found["play"]["reasons"]["2C"]["code"] == "refuse-keeps-contract"
    # B has no heart left after two rounds of trumps: every card is legal, by the rule's own reason.
    assert sorted(found["legal"]["accepted"]) == ["AC", "KD", "KS"]
    assert found["legal"]["reasons"]["KS"]["code"] == "why-legal-void"
    # Third trick: A's Q♥ is the highest trump.
    assert found["winner"]["accepted"] == ["A"] and found["winner"]["reasons"]["B"]["code"] == "trick-won-trump"
    # The Four made at a table of four: each defender pays 4, A nets 12.
    assert found["score"]["parts"][0]["accepted"] == "12"


def test_a_step_not_in_the_hand_is_refused_with_file_line_and_step(tmp_path: Path) -> None:
    q = '\n[[questions]]\nstep = 99\nkind = "winner"\ntext = "Who?"\n'
    out = refusal(tmp_path, q)
    assert f"bad.hand.toml:{line_of(record(q), 'step = 99')}:" in out
    assert "step 99 is not in the hand" in out and "[bad-question]" in out


def test_a_seat_not_to_act_is_refused(tmp_path: Path) -> None:
    q = '\n[[questions]]\nstep = 13\nkind = "legal"\nseat = "C"\ntext = "Which cards may C play?"\n'
    out = refusal(tmp_path, q)
    assert f"bad.hand.toml:{line_of(record(q), '[[questions]]')}:" in out
    assert "question at step 13" in out and "C is not the seat to act at this step (B is)" in out


def test_a_question_with_no_right_answer_is_refused(tmp_path: Path) -> None:
    # After A's K♥ at step 9, B holds J♥ and T♥ only in hearts and neither can beat it.
    q = '\n[[questions]]\nstep = 9\nkind = "play"\naccept = "wins-trick"\ntext = "Can B take it?"\n'
    out = refusal(tmp_path, q)
    assert "no right answer" in out and "step 9" in out


def test_a_play_question_that_accepts_every_legal_card_is_refused(tmp_path: Path) -> None:
    # B must follow hearts with J♥ or T♥ and either loses to A♥: losing is not asked; a list of both is no question.
    q = '\n[[questions]]\nstep = 5\nkind = "play"\naccept = "JH TH"\ntext = "What may B play?"\n'
    out = refusal(tmp_path, q)
    assert "there is no question" in out


def test_an_accepted_card_that_is_not_legal_is_refused_with_the_rules_reason(tmp_path: Path) -> None:
    q = '\n[[questions]]\nstep = 5\nkind = "play"\naccept = "KS"\ntext = "What may B play?"\n'
    out = refusal(tmp_path, q)
    assert "K♠ cannot be played: B holds hearts and must follow suit." in out


def test_winner_asked_before_the_trick_is_complete_and_score_before_the_end_are_refused(tmp_path: Path) -> None:
    assert "no trick is completed" in refusal(tmp_path, '\n[[questions]]\nstep = 6\nkind = "winner"\ntext = "Who?"\n')
    assert "not settled" in refusal(tmp_path, '\n[[questions]]\nstep = 10\nkind = "score"\ntext = "Score?"\n')


@pytest.mark.parametrize("table, message", [
    ('kind = "guess"\nstep = 1\ntext = "?"', "'kind' is one of legal, winner, play, score"),
    ('kind = "play"\nstep = 5\ntext = "?"', "a play question needs 'accept'"),
    ('kind = "play"\nstep = 5\naccept = "wins-everything"\ntext = "?"', "'accept' is one of wins-trick"),
    ('kind = "legal"\nstep = 5\ntext = "?"\ncolour = "red"', "unknown key 'colour'"),
    ('kind = "legal"\nstep = 5', "a question needs its 'text'"),
    ('kind = "legal"\nstep = 5\nseat = "Z"\ntext = "?"', "'Z' is not a seat"),
])
def test_bad_keys_are_refused_at_their_line(table: str, message: str) -> None:
    text = record("\n[[questions]]\n" + table + "\n")
    with pytest.raises(RecordError) as caught:
        keys(text)
    assert message in caught.value.message
    assert caught.value.line is not None and caught.value.line > line_of(text, "[[questions]]") - 1


def test_a_seat_view_hides_the_others_until_the_answer() -> None:
    # Which cards B may play depends on B's hand alone: it may be asked with the others' hands hidden.
    text = NAP.read_text(encoding="utf-8").replace(
        'seat = "B"\ntext', 'seat = "B"\nview = "seat"\ntext', 1)
    found = keys(text, str(NAP))
    assert found[1]["kind"] == "legal" and found[1]["view"] == "seat" and found[1]["seat"] == "B"
    assert all(k["view"] == "all" for k in found if k is not found[1])
