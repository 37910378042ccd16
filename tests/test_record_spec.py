"""The hand record, its replay JSON, Euchre and Nap checked sentence by sentence.

Against the published record format (docs/writing-hands.md), the rules pages and the fair
shuffle (docs/verify.md).

Each test is named for the sentence (or the rule) it checks.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from trickbook import web
from trickbook.actions import Action
from trickbook.errors import RecordError
from trickbook.record import format_record, parse_record, replay
from trickbook.tools import check_main, replay_main

ROOT = Path(__file__).resolve().parent.parent
HANDS = ROOT / "docs" / "hands"

NAP_HANDS = {
    "A": "AH KH QH AS 2C",
    "B": "JH TH KS AC KD",
    "C": "9H 8H QS QC QD",
    "D": "7H 6H JS JC JD",
    "E": "5H 4H 3H 2D 6D",
    "F": "5S 4S 3S 2S 3D",
    "G": "5C 4C 3C 6C 4D",
}

# Euchre: W deals; hearts up; N holds both red jacks.
EUCHRE_DEAL = """[deal]
N = "JH JD AH KS AC"
E = "9S TS QS 9C TC"
S = "QH TH AS KC QC"
W = "KD QD TD 9D JS"
turn = "9H"
kitty = "KH AD JC"
"""


def nap_text(seats: str, dealer: str, actions: str, head: str = "") -> str:
    deal = "\n".join(f'{s} = "{NAP_HANDS[s]}"' for s in seats)
    return f'format = 1\ngame = "nap"\ndealer = "{dealer}"\n{head}actions = """\n{actions}\n"""\n[deal]\n{deal}\n'


def euchre_text(actions: str, head: str = "") -> str:
    return f'format = 1\ngame = "euchre"\ndealer = "W"\n{head}actions = """\n{actions}\n"""\n{EUCHRE_DEAL}'


# ----- seats: "defaults: N E S W; Trinidad N W S E; Nap A B C … for 3 to 7 seats" ----------

@pytest.mark.parametrize("count", [3, 5, 6, 7])
def test_nap_default_seats_are_a_b_c_for_three_to_seven_seats(count):
    seats = "ABCDEFG"[:count]
    record = parse_record(nap_text(seats, seats[-1], ""))
    assert record.seats == tuple(seats)
    state = replay(record).state
    assert state.current_player == "A" and len(state.seats) == count


def test_nap_default_seats_for_a_seeded_deal_are_a_b_c_d():
    seed = "ab" * 32
    record = parse_record(f'format = 1\ngame = "nap"\ndealer = "A"\n[deal]\nseed = "{seed}"\n')
    assert record.seats == ("A", "B", "C", "D")


def test_default_seats_are_n_e_s_w_and_n_w_s_e_in_trinidad():
    # A seeded deal needs no cards written, so the seats come from the defaults alone.
    assert parse_record('format = 1\ngame = "euchre"\ndealer = "N"\n[deal]\nseed = "' + "0" * 64 + '"\n').seats == (
        "N", "E", "S", "W")
    assert parse_record('format = 1\ngame = "trinidad"\ndealer = "N"\n[deal]\nseed = "' + "0" * 64 + '"\n').seats == (
        "N", "W", "S", "E")


# ----- score: "a team may be written with its two seats in either order" -------------------

def test_a_team_written_twice_in_score_is_an_error_not_a_silent_choice():
    with pytest.raises(RecordError) as info:
        replay(parse_record(euchre_text("N pass", "score = { EW = 3, WE = 5 }\n")))
    assert info.value.line == 4 and info.value.code == "bad-deal"
    assert "EW" in info.value.message and "WE" in info.value.message


# ----- actions: lines and separators -------------------------------------------------------

def test_actions_in_a_one_line_string_are_all_on_the_keys_line_even_with_an_escaped_newline():
    text = nap_text("ABCD", "D", "").replace('actions = """\n\n"""', 'actions = "A bid four\\nB bid three"')
    record = parse_record(text)
    assert record.lines == (4, 4)
    with pytest.raises(RecordError) as info:
        replay(record)
    assert (info.value.line, info.value.step, info.value.code) == (4, 2, "bid-too-low")


# ----- Euchre `order` by the dealer: one action, one canonical spelling ----------------------

def test_the_dealers_order_is_his_pickup_and_prints_canonically_as_pickup():
    ordered = parse_record(euchre_text("N pass; E pass; S pass; W order alone"))
    picked = parse_record(euchre_text("N pass; E pass; S pass; W pickup alone"))
    assert ordered == picked
    assert str(ordered.actions[-1]) == "W pickup alone"
    assert "W pickup alone\n" in format_record(ordered)
    assert ordered.actions[-1] in replay(ordered, stop=3).state.legal_actions()


def test_a_what_if_order_by_the_dealer_is_recorded_as_his_pickup():
    text = euchre_text("N pass; E pass; S pass")
    out = json.loads(web.whatif_json(text, 3, "w ORDER", seed=1))
    assert out["ok"] and out["steps"][0]["action"] == "W pickup"
    assert [e["code"] for e in out["steps"][0]["events"]][0] == "pickup"


def test_order_from_a_seat_other_than_the_dealer_stays_order():
    record = parse_record(euchre_text("N order"))
    assert str(record.actions[0]) == "N order"


def test_pickup_from_anyone_but_the_dealer_is_refused_with_only_dealer_picks_up():
    with pytest.raises(RecordError) as info:
        replay(parse_record(euchre_text("N pass; E pickup")))
    assert (info.value.code, info.value.step, info.value.seat) == ("only-dealer-picks-up", 2, "E")


def test_call_suit_alone_accepts_suit_letters_and_symbols_in_any_case():
    letters = parse_record(euchre_text("N pass; E pass; S pass; W pass; N call d ALONE"))
    symbols = parse_record(euchre_text("n PASS; E pass; S pass; W pass; N Call ♦ alone"))
    assert letters == symbols and str(letters.actions[-1]) == "N call D alone"


# ----- Euchre: the dealer's partner alone ----------------------------------------------------

def test_replay_json_when_the_dealers_partner_goes_alone_keeps_the_upcard_in_the_kitty():
    out = replay(parse_record(euchre_text("N pass; E order alone; N JH; E 9S; S QH"))).as_json()
    codes = [e["code"] for e in out["events"]]
    assert codes[codes.index("order"):codes.index("leads")] == ["order", "alone", "sits-out", "upcard-stays"]
    assert "dealer-takes-upcard" not in codes and "discard" not in codes
    # Three cards a trick: the lead is N's (the dealer's left) and W never plays.
    assert out["tricks"] == [{"leader": "N", "plays": [["N", "JH"], ["E", "9S"], ["S", "QH"]], "winner": "N"}]
    assert out["deal"]["turn"] == "9H" and out["deal"]["kitty"] == ["KH", "AD", "JC"]


# ----- Nap bidding ---------------------------------------------------------------------------

def test_a_wellington_after_a_wellington_is_too_low_not_a_missing_nap():
    state = replay(parse_record(nap_text("ABCDE", "E", "A bid nap; B bid wellington"))).state
    reason = state.why_illegal(Action.parse("C bid wellington", state.seats))
    assert reason is not None and reason.code == "bid-too-low"
    assert reason.values == {"seat": "C", "contract": "wellington"}


def test_wellington_without_any_nap_still_needs_a_nap():
    state = replay(parse_record(nap_text("ABCD", "D", "A bid four"))).state
    reason = state.why_illegal(Action.parse("B bid wellington", state.seats))
    assert reason is not None and reason.code == "wellington-needs-nap"


# ----- replay JSON ---------------------------------------------------------------------------

def test_replay_json_keys_for_a_partnership_game_have_no_payments(capsys):
    path = HANDS / "euchre" / "euchre-lone-march.hand.toml"
    assert replay_main([str(path), "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert list(out) == ["deal", "trump", "tricks", "awards", "score", "winner", "events"]
    assert out["awards"] == [{"category": "lone-march", "team": "EW", "points": 4}]
    assert all(set(e) >= {"code", "values"} for e in out["events"])


def test_nap_single_award_is_the_contract_with_the_declarers_net():
    out = replay(parse_record(nap_text("ABCDE", "E", "A bid four; B pass; C pass; D pass; E pass\n"
                                                     "A AH; B JH; C 9H; D 7H; E 5H\n"
                                                     "A KH; B TH; C 8H; D 6H; E 4H\n"
                                                     "A QH; B KD; C QD; D JD; E 3H\n"
                                                     "A AS; B KS; C QS; D JS; E 6D"))).as_json()
    assert out["awards"] == [{"category": "contract", "seat": "A", "points": 16}]
    assert out["payments"] == {"A": 16, "B": -4, "C": -4, "D": -4, "E": -4}
    assert out["winner"] is None


# ----- trickbook check PATH… ------------------------------------------------------------------

def test_check_of_a_folder_and_a_file_inside_it_does_not_call_the_file_a_duplicate(capsys):
    nap_folder = HANDS / "nap"
    assert check_main([str(nap_folder), str(nap_folder / "nap-four-hearts.hand.toml")]) == 0
    out = capsys.readouterr().out
    assert "duplicate-id" not in out and out.endswith(" 0 bad\n")



# ----- Euchre: "10 points win"; once the match is won no action is accepted ---------------------

@pytest.mark.parametrize("score", ["{ NS = 10 }", "{ EW = 12 }", "{ NS = -1 }"])
def test_a_euchre_record_cannot_start_from_a_won_match_or_a_negative_score(score):
    with pytest.raises(RecordError) as info:
        replay(parse_record(euchre_text("N pass", f"score = {score}\n")))
    assert (info.value.line, info.value.code) == (4, "bad-deal")


def test_a_euchre_record_may_start_one_point_short_of_the_target():
    state = replay(parse_record(euchre_text("N pass", "score = { NS = 9, WE = 9 }\n"))).state
    assert state.score == {"NS": 9, "EW": 9} and state.winner is None


def test_score_names_teams_in_any_case_like_seats():
    """Seat names are case-insensitive everywhere in a record; so are the teams made of them."""
    from trickbook.games.euchre import EuchreHand
    from trickbook.games.nap import NapHand
    from trickbook.shuffle import deal_hand

    seed = "cd" * 32
    euchre = EuchreHand(None, "NESW", "N", deal_hand("euchre", "NESW", "N", seed, 1), {"ns": 3, "We": 5})
    assert euchre.score == {"NS": 3, "EW": 5}
    nap = NapHand(None, "ABCD", "D", deal_hand("nap", "ABCD", "D", seed, 1), {"a": 4, "B": -4})
    assert nap.score == {"A": 4, "B": -4, "C": 0, "D": 0}
