"""Refusals of a record name its mistakes in the record's own words and codes: `true` and dates as TOML
writes them (never Python's `True` or `datetime.date(…)`), and a rules option or a seat gets its own code."""

from __future__ import annotations

from pathlib import Path

import pytest

from trickbook.errors import OptionError, RecordError, TrickbookError
from trickbook.record import parse_record, replay

ROOT = Path(__file__).resolve().parents[1]
BASE = (ROOT / "docs" / "hands" / "nap" / "nap-four-hearts.hand.toml").read_text(encoding="utf-8")


def refusal(text: str) -> TrickbookError:
    with pytest.raises(TrickbookError) as refused:
        replay(parse_record(text, file="x.hand.toml"))
    return refused.value


@pytest.mark.parametrize("extra, says", [
    ('[[questions]]\nstep = true\nkind = "legal"\ntext = "Which cards?"\n', "step true is not in the hand"),
    ('[[questions]]\nstep = 4\nkind = true\ntext = "Which cards?"\n', "not true"),
    ('[[questions]]\nstep = 4\nkind = "legal"\nview = 1979-05-27\ntext = "Which cards?"\n', "not 1979-05-27"),
    ('[[questions]]\nstep = 4\nkind = "legal"\nbots = [true]\ntext = "Which cards?"\n', "not [true]"),
])
def test_a_question_refused_quotes_its_value_as_the_record_writes_it(extra: str, says: str) -> None:
    error = refusal(BASE + "\n" + extra)
    assert says in str(error), str(error)
    assert "True" not in str(error) and "datetime" not in str(error)


def test_a_rules_option_value_refused_is_quoted_as_toml_and_carries_the_option_code() -> None:
    error = refusal(BASE.replace("[deal]", "[rules]\nmisere = 1979-05-27\n\n[deal]", 1))
    assert "not 1979-05-27" in str(error) and "datetime" not in str(error)
    unknown = refusal(BASE.replace("[deal]", "[rules]\nbanana = true\n\n[deal]", 1))
    assert isinstance(unknown, RecordError) and unknown.code == "bad-option", unknown.code
    from trickbook.games import find_game

    euchre = find_game("euchre")
    with pytest.raises(OptionError) as typed:
        euchre.rules_class.from_options({"target": True})
    assert "not true" in str(typed.value) and typed.value.code == "bad-option"


def test_a_seat_that_is_not_at_the_table_carries_the_seat_code() -> None:
    error = refusal(BASE.replace('dealer = "D"', 'dealer = "Z"', 1))
    assert error.code == "bad-seat" and "'Z' is not a seat" in str(error), (error.code, str(error))
