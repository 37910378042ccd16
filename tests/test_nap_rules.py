"""Nap, basic British profile: one test per rule of the rule text, and its worked A♥ Four hand."""

from __future__ import annotations

from pathlib import Path

import pytest

from trickbook import Action, Deal, DealError, IllegalActionError, parse_cards
from trickbook.games.nap import NapHand, NapRules
from trickbook.record import load_record, replay

HANDS = Path(__file__).resolve().parent.parent / "docs" / "hands" / "nap"

# The rule text's worked hand: A bids Four, B, C and D pass.
EXAMPLE = {
    "A": "AH KH QH AS 2C",
    "B": "JH TH KS AC KD",
    "C": "9H 8H QS QC QD",
    "D": "7H 6H JS JC JD",
}
EXAMPLE_PLAY = """
A AH; B JH; C 9H; D 7H
A KH; B TH; C 8H; D 6H
A QH; B KD; C QD; D JD
A AS; B KS; C QS; D JS
A 2C; B AC; C QC; D JC
"""

# Five seats with spare cards, for the bidding rules.
FIVE = {
    "A": "AS KS QS JS TS",
    "B": "AH KH QH JH TH",
    "C": "AD KD QD JD TD",
    "D": "AC KC QC JC TC",
    "E": "9S 9H 9D 9C 8S",
}


def hand(cards: dict[str, str], dealer: str = "D", score: dict[str, int] | None = None) -> NapHand:
    seats = list(cards)
    return NapHand(None, seats, dealer, Deal({s: parse_cards(c) for s, c in cards.items()}), score)


def run(state: NapHand, text: str) -> list[str]:
    """Apply actions separated by newlines or ';'; return the codes of the events."""
    codes = []
    for piece in text.replace("\n", ";").split(";"):
        if piece.strip():
            codes += [e.code for e in state.apply(Action.parse(piece, state.seats))]
    return codes


def refusal(state: NapHand, text: str) -> str:
    with pytest.raises(IllegalActionError) as info:
        state.apply(Action.parse(text, state.seats))
    return info.value.reason.code


def deal_of(n: int) -> dict[str, str]:
    """n seats named A, B, C… with five distinct cards each."""
    from trickbook.cards import full_pack

    pack = [str(c) for c in full_pack()]
    return {chr(65 + i): " ".join(pack[5 * i: 5 * i + 5]) for i in range(n)}


# ----- players and the deal -----------------------------------------------------

@pytest.mark.parametrize("n", [3, 4, 5, 6, 7])
def test_three_to_seven_players_may_play(n):
    state = hand(deal_of(n), dealer="A")
    assert len(state.seats) == n


@pytest.mark.parametrize("n", [2, 8])
def test_fewer_than_three_or_more_than_seven_players_are_refused(n):
    with pytest.raises(DealError, match="3 to 7"):
        hand(deal_of(n), dealer="A")


def test_each_player_is_dealt_exactly_five_cards():
    cards = dict(EXAMPLE, A="AH KH QH AS")
    with pytest.raises(DealError, match="5 cards"):
        hand(cards)


def test_a_card_cannot_be_dealt_twice():
    cards = dict(EXAMPLE, D="7H 6H JS JC AH")
    with pytest.raises(DealError, match="dealt twice"):
        hand(cards)


def test_there_is_no_kitty_floater_or_upcard():
    deal = Deal({s: parse_cards(c) for s, c in EXAMPLE.items()}, kitty=parse_cards("2S"))
    with pytest.raises(DealError, match="no upcard, kitty or stock"):
        NapHand(None, list(EXAMPLE), "D", deal)


# ----- bidding ------------------------------------------------------------------

def test_bidding_starts_on_the_dealers_left_and_the_dealer_speaks_last():
    state = hand(FIVE, dealer="C")
    assert state.current_player == "D"
    run(state, "D pass; E pass; A pass; B pass")
    assert state.current_player == "C"


def test_the_seat_on_the_dealers_left_may_not_be_skipped():
    state = hand(FIVE, dealer="C")
    assert refusal(state, "A bid three") == "not-your-turn"


def test_each_player_speaks_once_and_a_pass_is_final():
    state = hand(EXAMPLE)
    run(state, "A pass; B bid three; C pass; D pass")
    # Everyone has spoken once: the bidding is over and B leads.
    assert state.phase == "play" and state.current_player == "B"
    assert refusal(state, "B bid four") == "not-now"


def test_a_bid_must_be_strictly_higher_than_the_current_bid():
    state = hand(FIVE, dealer="E")
    run(state, "A bid four")
    assert refusal(state, "B bid four") == "bid-too-low"
    assert refusal(state, "B bid three") == "bid-too-low"
    run(state, "B bid nap")
    assert state.contract == "nap" and state.declarer == "B"


def test_the_bids_rank_three_four_nap_wellington():
    state = hand(FIVE, dealer="E")
    run(state, "A bid three; B bid four; C bid nap; D bid wellington")
    assert state.contract == "wellington" and state.declarer == "D"


def test_wellington_may_only_follow_a_nap():
    state = hand(FIVE, dealer="E")
    assert refusal(state, "A bid wellington") == "wellington-needs-nap"
    run(state, "A bid four")
    assert refusal(state, "B bid wellington") == "wellington-needs-nap"
    assert "B bid wellington" not in [str(a) for a in state.legal_actions()]


def test_after_a_wellington_the_others_still_speak_but_can_only_pass():
    state = hand(FIVE, dealer="E")
    run(state, "A bid nap; B bid wellington")
    assert state.current_player == "C"
    assert [str(a) for a in state.legal_actions()] == ["C pass"]
    run(state, "C pass; D pass")
    assert [str(a) for a in state.legal_actions()] == ["E pass"]


def test_legal_bids_at_the_start_are_pass_three_four_and_nap():
    state = hand(EXAMPLE)
    assert [str(a) for a in state.legal_actions()] == ["A bid four", "A bid nap", "A bid three", "A pass"]


def test_when_everyone_passes_there_is_no_play_and_no_payment():
    state = hand(EXAMPLE, score={"A": 7, "B": -7})
    codes = run(state, "A pass; B pass; C pass; D pass")
    assert codes[-1] == "all-pass"
    assert state.is_terminal and state.tricks == [] and state.awards == []
    assert state.payments == {"A": 0, "B": 0, "C": 0, "D": 0}
    assert state.score == {"A": 7, "B": -7, "C": 0, "D": 0}


def test_the_top_bidder_is_the_declarer_and_leads():
    state = hand(EXAMPLE)
    codes = run(state, "A pass; B bid three; C bid four; D pass")
    assert codes[-1] == "declarer"
    assert state.declarer == "C" and state.current_player == "C" and state.phase == "play"


# ----- play ---------------------------------------------------------------------

def test_the_declarers_first_card_fixes_trumps_for_the_whole_hand():
    state = hand(EXAMPLE)
    run(state, "A bid four; B pass; C pass; D pass")
    assert state.trump is None
    assert "trump-set" in run(state, "A AS")
    assert state.trump == "S"
    run(state, "B KS; C QS; D JS; A AH")
    assert state.trump == "S"  # a later lead does not change trumps


def test_the_declarer_may_lead_any_card():
    state = hand(EXAMPLE)
    run(state, "A bid four; B pass; C pass; D pass")
    assert sorted(str(a) for a in state.legal_actions()) == ["A 2C", "A AH", "A AS", "A KH", "A QH"]


def test_a_player_must_follow_suit_when_able():
    state = hand(EXAMPLE)
    run(state, "A bid four; B pass; C pass; D pass; A AH")
    assert refusal(state, "B KD") == "must-follow-suit"
    assert [str(a) for a in state.legal_actions()] == ["B JH", "B TH"]


def test_a_player_without_the_led_suit_may_play_anything_and_need_not_trump():
    state = hand(EXAMPLE)
    run(state, "A bid four; B pass; C pass; D pass")
    run(state, "A AH; B JH; C 9H; D 7H; A KH; B TH; C 8H; D 6H; A QH")
    # B has no heart (trumps): any card is legal, and no trump obligation exists.
    assert sorted(str(a) for a in state.legal_actions()) == ["B AC", "B KD", "B KS"]


def test_the_highest_trump_wins_the_trick():
    state = hand({"A": "AS KS QS JS 2C", "B": "3H KH QH JH TH", "C": "9H 8H 7H 6H 5H", "D": "2H 2D 3D 4D 5D"})
    run(state, "A bid three; B pass; C pass; D pass")
    run(state, "A 2C")  # clubs are trumps; nobody else holds one
    assert state.trump == "C"
    run(state, "B KH; C 9H; D 2H")
    assert state.tricks[0].winner == "A"


def test_a_trump_beats_a_higher_card_of_the_led_suit():
    state = hand(EXAMPLE)
    run(state, "A bid four; B pass; C pass; D pass")
    run(state, "A AH; B JH; C 9H; D 7H; A KH; B TH; C 8H; D 6H; A AS; B KS; C QS; D JS; A 2C; B AC; C QC; D JC")
    # B won the club trick and leads its last card, the king of diamonds; A trumps with the queen of hearts.
    run(state, "B KD; C QD; D JD; A QH")
    assert state.tricks[-1].winner == "A"


def test_without_trumps_the_highest_card_of_the_led_suit_wins():
    state = hand(EXAMPLE)
    run(state, "A bid four; B pass; C pass; D pass")
    run(state, "A AH; B JH; C 9H; D 7H; A KH; B TH; C 8H; D 6H; A QH; B KD; C QD; D JD; A AS; B KS; C QS; D JS")
    run(state, "A 2C; B AC; C QC; D JC")
    assert state.tricks[-1].winner == "B"  # the ace of clubs, not a trump in play


def test_a_card_of_another_suit_never_wins_even_if_higher():
    state = hand({"A": "2S 3S 4S 5S 6S", "B": "AH KH QH JH TH", "C": "AD KD QD JD TD", "D": "AC KC QC JC TC"})
    run(state, "A bid three; B pass; C pass; D pass; A 2S; B AH; C AD; D AC")
    assert state.tricks[0].winner == "A"


def test_the_winner_of_a_trick_leads_the_next():
    state = hand(EXAMPLE)
    run(state, "A bid four; B pass; C pass; D pass")
    run(state, "A 2C; B AC; C QC; D JC")
    assert state.current_player == "B"
    assert refusal(state, "A AH") == "not-your-turn"


def test_a_player_cannot_play_a_card_not_held():
    state = hand(EXAMPLE)
    run(state, "A bid four; B pass; C pass; D pass")
    assert refusal(state, "A KS") == "card-not-in-hand"


# ----- payments -----------------------------------------------------------------

def _made(contract: str, declarer_cards: str) -> NapHand:
    """Four seats; A declares ``contract`` and takes every trick with five top spades."""
    state = hand({"A": declarer_cards, "B": "2H 3H 4H 5H 6H", "C": "2D 3D 4D 5D 6D", "D": "2C 3C 4C 5C 6C"})
    bids = "A bid nap; B bid wellington" if contract == "wellington" else f"A bid {contract}"
    run(state, bids)
    while state.phase == "bidding":
        run(state, f"{state.current_player} pass")
    return state


@pytest.mark.parametrize("contract,unit", [("three", 3), ("four", 4), ("nap", 5)])
def test_each_opponent_pays_a_successful_declarer_three_four_or_five(contract, unit):
    state = _made(contract, "AS KS QS JS TS")
    for card in ("AS", "KS", "QS", "JS", "TS"):
        run(state, f"A {card}")
        while state.current_player not in (None, "A"):
            run(state, str(state.legal_actions()[0]))
    assert state.payments == {"A": 3 * unit, "B": -unit, "C": -unit, "D": -unit}


def test_each_opponent_pays_ten_for_a_wellington():
    state = hand({"A": "2H 3H 4H 5H 6H", "B": "AS KS QS JS TS", "C": "2D 3D 4D 5D 6D", "D": "2C 3C 4C 5C 6C"})
    run(state, "A bid nap; B bid wellington; C pass; D pass")
    for card in ("AS", "KS", "QS", "JS", "TS"):
        run(state, f"B {card}")
        while state.current_player not in (None, "B"):
            run(state, str(state.legal_actions()[0]))
    assert state.payments == {"A": -10, "B": 30, "C": -10, "D": -10}
    assert [a.as_json() for a in state.awards] == [{"category": "contract", "seat": "B", "points": 30}]


def test_extra_tricks_pay_nothing_more():
    state = _made("three", "AS KS QS JS TS")
    run(state, "A AS; B 2H; C 2D; D 2C; A KS; B 3H; C 3D; D 3C; A QS; B 4H; C 4D; D 4C")
    settled = dict(state.payments)
    run(state, "A JS; B 5H; C 5D; D 5C; A TS; B 6H; C 6D; D 6C")
    assert state.tricks_won("A") == 5
    assert state.payments == settled == {"A": 9, "B": -3, "C": -3, "D": -3}


def test_a_failed_declarer_pays_each_opponent_the_same():
    state = hand({"A": "AS 2H 3H 4H 5H", "B": "KS QS JS TS 9S", "C": "AH KH QH JH TH", "D": "AD KD QD JD TD"})
    run(state, "A bid three; B pass; C pass; D pass")
    run(state, "A 2H; B KS; C AH; D AD")  # hearts trumps; C wins
    run(state, "C KH; D KD; A 3H; B QS")  # A's trump is lower; C wins
    codes = run(state, "C QH; D QD; A 4H; B JS")  # the defence holds three: the Three has failed
    assert "contract-failed" in codes
    assert state.payments == {"A": -9, "B": 3, "C": 3, "D": 3}


def test_a_failed_nap_is_settled_at_the_first_lost_trick():
    state = hand({"A": "AS KS QS JS 2H", "B": "TS 9S 8S 7S 6S", "C": "AH KH QH JH TH", "D": "AD KD QD JD TD"})
    run(state, "A bid nap; B pass; C pass; D pass")
    codes = run(state, "A 2H; B 6S; C AH; D AD")
    assert "contract-failed" in codes
    assert state.payments == {"A": -15, "B": 5, "C": 5, "D": 5}


def test_payments_wait_until_the_result_is_certain():
    state = hand(EXAMPLE)
    run(state, "A bid four; B pass; C pass; D pass")
    run(state, "A AH; B JH; C 9H; D 7H; A KH; B TH; C 8H; D 6H; A QH; B KD; C QD; D JD")
    assert state.payments is None and state.awards == []


@pytest.mark.parametrize("name", sorted(p.name for p in HANDS.glob("*.hand.toml")))
def test_balances_sum_to_zero_after_every_hand(name):
    state = replay(load_record(HANDS / name)).state
    assert state.payments is not None
    assert sum(state.payments.values()) == 0
    assert sum(state.score.values()) == sum((load_record(HANDS / name).score or {}).values())


def test_the_payments_add_to_the_balances_carried_in():
    state = hand(EXAMPLE, score={"A": 1, "B": 2, "C": 3, "D": -6})
    run(state, "A bid four; B pass; C pass; D pass")
    run(state, EXAMPLE_PLAY)
    assert state.score == {"A": 13, "B": -2, "C": -1, "D": -10}


# ----- the rule text's worked hand ----------------------------------------------

def test_worked_example_a_four_in_hearts_makes_four_and_b_wins_the_last_club():
    state = hand(EXAMPLE)
    run(state, "A bid four; B pass; C pass; D pass")
    run(state, EXAMPLE_PLAY)
    assert state.trump == "H"
    assert [t.winner for t in state.tricks] == ["A", "A", "A", "A", "B"]
    assert state.tricks_won("A") == 4
    assert state.payments == {"A": 12, "B": -4, "C": -4, "D": -4}
    assert state.is_terminal


def test_worked_example_with_only_three_tricks_would_lose_twelve():
    # The same contract, but the defence takes two tricks: A makes only three and pays 4 to each.
    state = hand({"A": "AH KH QH 2S 2C", "B": "JH TH KS AC KD", "C": "9H 8H QS QC QD", "D": "7H 6H JS JC JD"})
    run(state, "A bid four; B pass; C pass; D pass")
    run(state, "A AH; B JH; C 9H; D 7H; A KH; B TH; C 8H; D 6H; A QH; B KD; C QD; D JD")
    codes = run(state, "A 2S; B KS; C QS; D JS")
    assert "contract-failed" not in codes  # one defence trick: the Four is still possible
    codes = run(state, "B AC; C QC; D JC; A 2C")
    assert "contract-failed" in codes
    assert state.payments == {"A": -12, "B": 4, "C": 4, "D": 4}


def test_worked_example_record_is_exactly_the_rule_texts_hand():
    record = load_record(HANDS / "nap-four-hearts.hand.toml")
    assert {s: " ".join(map(str, c)) for s, c in record.deal.hands.items()} == EXAMPLE
    result = replay(record).as_json()
    assert [t["winner"] for t in result["tricks"]] == ["A", "A", "A", "A", "B"]
    assert result["payments"] == {"A": 12, "B": -4, "C": -4, "D": -4}
    assert result["awards"] == [{"category": "contract", "seat": "A", "points": 12}]
    assert result["winner"] is None


# ----- the worked hands on the site ---------------------------------------------

EXPECTED = {
    "nap-four-hearts": ("four", "A", {"A": 12, "B": -4, "C": -4, "D": -4}),
    "nap-nap-made": ("nap", "D", {"A": -5, "B": -5, "C": -5, "D": 15}),
    "nap-wellington": ("wellington", "B", {"A": -10, "B": 30, "C": -10, "D": -10}),
    "nap-three-failed": ("three", "A", {"A": -12, "B": 3, "C": 3, "D": 3, "E": 3}),
    "nap-all-pass": (None, None, {"A": 0, "B": 0, "C": 0}),
}


@pytest.mark.parametrize("hand_id", sorted(EXPECTED))
def test_worked_hands_replay_to_the_contract_and_payments_the_rules_give(hand_id):
    record = load_record(HANDS / f"{hand_id}.hand.toml")
    state = replay(record).state
    contract, declarer, payments = EXPECTED[hand_id]
    assert (state.contract, state.declarer, state.payments) == (contract, declarer, payments)
    assert record.title and record.notes


def test_a_record_may_stop_once_the_failure_is_certain():
    state = replay(load_record(HANDS / "nap-three-failed.hand.toml")).state
    assert len([t for t in state.tricks if t.winner]) == 4
    assert not state.is_terminal and state.current_player == "E"


def test_nap_has_no_rules_options_so_a_target_is_refused():
    # Nap has no target: a session lasts an agreed number of rounds, and unknown options are errors.
    with pytest.raises(DealError, match="'target'"):
        NapRules.from_options({"target": 10})
    assert NapRules().target == 0 and NapRules.from_options({}) == NapRules()
