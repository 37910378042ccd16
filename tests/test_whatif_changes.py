"""A "what if" says what it changed against the record: `web.whatif_json`'s `changes`.

The facts are checked against the record's own replay and the branch's own result, and the one
fact the rules alone decide (who takes a trick whose last card the reader chose) against the
trick-taking rule worked out by hand.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from trickbook import web
from trickbook.record import parse_record, replay

HANDS = Path(__file__).resolve().parents[1] / "docs" / "hands"


def whatif(text: str, step: int, action: str, seed: int = 7) -> dict:
    answer = json.loads(web.whatif_json(text, step, action, seed))
    assert answer["ok"], answer
    return answer


def record_text(game: str, hand: str) -> str:
    return (HANDS / game / f"{hand}.hand.toml").read_text(encoding="utf-8")


def test_rule_trick_winner_when_the_reader_chooses_the_tricks_last_card():
    # Trinidad hang-jack, trumps spades, trick 3: E led K♦, N 5♦, W 10♥; S plays its last card.
    # In the record S follows with 9♦ and E's king takes it. If S trumps with 2♠ instead (S may: a
    # trump may always be played), the only trump on the trick wins it: S takes trick 3.
    text = record_text("trinidad", "trinidad-hang-jack")
    trace = replay(parse_record(text))
    assert str(trace.record.actions[12]) == "S 9D"
    changes = whatif(text, 12, "S 2S")["changes"]
    assert changes["trick"]["number"] == 3
    assert changes["trick"]["record"] == trace.tricks[2].winner == "E"
    assert changes["trick"]["branch"] == "S"
    assert changes["trick"]["step"] == 13  # won at once: the reader's card was its last


@pytest.mark.parametrize("game,hand", [("yorkshire", "yorkshire-low-stays-with-the-pair"),
                                       ("trinidad", "trinidad-hang-jack"), ("nap", "nap-four-hearts"),
                                       ("euchre", "euchre-euchred")])
def test_changes_agree_with_the_record_and_the_branch_for_every_other_card(game, hand):
    text = record_text(game, hand)
    record = parse_record(text)
    trace = replay(record)
    recorded = {}
    for award in trace.awards:
        recorded.setdefault(award.category, []).append({"team": award.team, "points": award.points})
    tried = 0
    for step in range(len(record.actions)):
        for action in [str(a) for a in replay(record, stop=step).state.legal_actions()]:
            words = action.split()
            if len(words) != 2 or len(words[1]) != 2 or action == str(record.actions[step]):
                continue  # a card other than the record's
            answer = whatif(text, step, action, seed=step)
            changes, result = answer["changes"], answer["result"]
            tried += 1
            # The trick the card went to, and who takes it in each.
            last = answer["steps"][-1]["view"]["tricks"]
            number = changes["trick"]["number"]
            assert action.split()[1] in [p[1] for p in last[number - 1]["plays"]]
            assert changes["trick"]["branch"] == last[number - 1]["winner"]
            assert changes["trick"]["record"] == (
                trace.tricks[number - 1].winner if len(trace.tricks) >= number else None
            )
            # Every category whose side or points differ, and only those.
            branched = {}
            for award in result["awards"]:
                branched.setdefault(award["category"], []).append(
                    {"team": award.get("team", award.get("seat")), "points": award["points"]})
            differ = {c for c in {*recorded, *branched} if recorded.get(c, []) != branched.get(c, [])}
            assert {c["category"] for c in changes["categories"]} == differ
            for c in changes["categories"]:
                assert c["record"] == recorded.get(c["category"], []) and c["branch"] == branched.get(c["category"], [])
            # The contract: Nap's declarer, Euchre's makers; none in All Fours.
            if game in ("yorkshire", "trinidad"):
                assert changes["contract"] is None
            else:
                assert changes["contract"]["record"] in ("made", "failed")
                assert changes["contract"]["branch"] in ("made", "failed")
    assert tried >= 10


def test_rule_nap_contract_result_is_read_from_the_payment():
    # Nap A♥ Four: A needs four tricks. In the record A makes it (A is paid).
    text = record_text("nap", "nap-four-hearts")
    changes = whatif(text, 5, "B TH")["changes"]
    assert changes["contract"]["holder"] == "A" and changes["contract"]["record"] == "made"
    result = whatif(text, 5, "B TH")["result"]
    assert changes["contract"]["branch"] == ("made" if result["payments"]["A"] > 0 else "failed")
