"""Golden transcripts: every worked hand under docs/hands/, replayed and compared with tests/golden/<id>.txt.

A transcript lists every step (the action, the English text of its events, the
score when it changes) and the final result. A changed transcript is reviewed
like code. To write new or changed transcripts, run:

    TRICKBOOK_UPDATE_GOLDEN=1 .venv/bin/python -m pytest tests/test_golden.py

and read the diff before keeping it.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from trickbook.record import load_record, replay

ROOT = Path(__file__).resolve().parent.parent
HANDS = ROOT / "docs" / "hands"
GOLDEN = Path(__file__).resolve().parent / "golden"
UPDATE = os.environ.get("TRICKBOOK_UPDATE_GOLDEN") == "1"
RECORDS = sorted(HANDS.rglob("*.hand.toml"))
HOW = "TRICKBOOK_UPDATE_GOLDEN=1 .venv/bin/python -m pytest tests/test_golden.py"


def record_id(path: Path) -> str:
    return path.name.removesuffix(".hand.toml")


@pytest.mark.parametrize("path", RECORDS, ids=record_id)
def test_transcript_matches_the_golden_file(path):
    transcript = replay(load_record(path)).transcript()
    golden = GOLDEN / f"{record_id(path)}.txt"
    if UPDATE:
        golden.write_text(transcript, encoding="utf-8")
        return
    if not golden.exists():
        pytest.fail(f"no golden transcript for {path.relative_to(ROOT)}: create it with `{HOW}` and review it")
    assert transcript == golden.read_text(encoding="utf-8"), (
        f"the replay of {path.relative_to(ROOT)} changed; if the change is right, rewrite it with `{HOW}`")


def test_every_golden_transcript_belongs_to_a_record():
    ids = {record_id(p) for p in RECORDS}
    stale = sorted(p.name for p in GOLDEN.glob("*.txt") if p.stem not in ids)
    assert not stale, f"golden transcripts without a record under docs/hands/ (delete them): {stale}"
