"""Euchre, rule by rule (rule text 004 and the decisions on the rules page)."""

from __future__ import annotations

from pathlib import Path

import pytest
from helpers import EUCHRE_DEAL as DEAL  # one deal serves most tests; every card of it accounted for
from helpers import EUCHRE_SEATS as SEATS
from helpers import euchre_hand as make_hand

from trickbook import Action, Card, Deal, IllegalActionError, find_game, parse_cards
from trickbook.errors import DealError
from trickbook.games.euchre import (
    EuchreHand,
    EuchreRules,
    card_power,
    card_suit,
    left_bower_suit,
    team_points,
)
from trickbook.record import load_record, replay


def act(state: EuchreHand, text: str) -> list:
    events = []
    for part in text.split(";"):
        if part.strip():
            events += state.apply(Action.parse(part, SEATS))
    return events


def reason(state: EuchreHand, text: str) -> str | None:
    r = state.why_illegal(Action.parse(text, SEATS))
    return None if r is None else r.code


def codes(events) -> list[str]:
    return [e.code for e in events]


def test_registry_finds_euchre():
    assert find_game("euchre") is EuchreHand


# ----- the bowers ------------------------------------------------------------
def test_left_bower_is_the_other_jack_of_the_same_colour():
    assert [left_bower_suit(t) for t in "SHDC"] == ["C", "D", "H", "S"]


def test_right_bower_is_the_highest_trump_then_the_left_bower_then_ace_down_to_nine():
    order = [Card.parse(c) for c in "JH JD AH KH QH TH 9H".split()]
    powers = [card_power(c, "H") for c in order]
    assert powers == sorted(powers, reverse=True) and len(set(powers)) == len(powers)


def test_left_bower_belongs_to_the_trump_suit():
    assert card_suit(Card.parse("JD"), "H") == "H"
    assert card_suit(Card.parse("JH"), "H") == "H"
    assert card_suit(Card.parse("JC"), "H") == "C"  # a jack of the other colour stays in its suit
    assert card_suit(Card.parse("JD"), None) == "D"  # before trumps are made, a jack is a jack


def test_in_a_plain_suit_the_jack_ranks_between_queen_and_ten():
    order = [Card.parse(c) for c in "AC KC QC JC TC 9C".split()]
    assert [card_power(c, "H") for c in order] == sorted((card_power(c, "H") for c in order), reverse=True)


def test_left_bower_follows_a_trump_lead():
    # Hearts trumps; W leads a trump and E's only trump is the left bower, so E must play it.
    hands = {"N": "AS KS QS JS TS", "E": "JD 9C TC QC KC", "S": "9S AD KD QD TD", "W": "AH KH QH 9H 9D"}
    state = make_hand(hands, upcard="TH", kitty="AC JC JH", dealer="S")
    act(state, "W order; S discard 9S")
    assert state.current == "W"
    act(state, "W AH; N TS")
    assert state.legal_plays("E") == [Card.parse("JD")]
    assert reason(state, "E 9C") == "must-follow-suit"


def test_left_bower_does_not_follow_its_printed_suit():
    # Hearts trumps: N holds JD (a trump) and no other diamond, so N is void in diamonds.
    state = make_hand()
    act(state, "N order; W discard JS")
    act(state, "N KS; E QS; S AS; W KD")  # S wins with the ace of spades
    act(state, "S KC; W 9H; N AC; E TC")  # W trumps in
    act(state, "W QD")
    assert sorted(state.legal_plays("N")) == sorted(parse_cards("JH AH JD"))  # void in diamonds: any card


def test_a_left_bower_may_not_be_played_to_follow_its_printed_suit_when_holding_that_suit():
    # Spades trumps, so JC is the left bower. Clubs led: E holds 9C and JC and must play 9C.
    hands = {"N": "AC KC QC AH KH", "E": "JC 9C 9H TH QH", "S": "AS KS QS TS 9S", "W": "AD KD QD JD TD"}
    state = make_hand(hands, upcard="JS", kitty="9D TC JH", dealer="W")
    act(state, "N order; W discard TD")
    act(state, "N AC")
    assert state.legal_plays("E") == [Card.parse("9C")]
    r = state.why_illegal(Action.parse("E JC", SEATS))
    assert r is not None and r.code == "must-follow-suit" and r.values["suit"] == "C"


def test_a_left_bower_lead_calls_for_trumps():
    state = make_hand()
    act(state, "N order; W discard JS")
    act(state, "N JD")  # the left bower led: hearts were led
    assert state.led_suit() == "H"
    assert reason(state, "E 9S") is None  # E has no trump
    act(state, "E 9S")
    assert state.legal_plays("S") == parse_cards("QH TH")


def test_trick_won_events_name_the_bower():
    state = make_hand()
    act(state, "N order; W discard JS")
    ev = act(state, "N JH; E 9S; S TH; W 9H")
    assert ev[-1].code == "trick-won-right-bower" and ev[-1].values["seat"] == "N"
    ev = act(state, "N JD; E TS; S QH; W 9D")
    assert ev[-1].code == "trick-won-left-bower"
    ev = act(state, "N AH; E QS; S AS; W TD")
    assert ev[-1].code == "trick-won-trump"
    ev = act(state, "N KS; E 9C; S KC; W QD")
    assert ev[-1].code == "trick-won-led" and ev[-1].values["suit"] == "S"


def test_a_trump_beats_any_card_of_the_led_suit():
    state = make_hand()
    act(state, "N order; W discard JS")
    act(state, "N AC; E TC; S QC; W 9H")
    assert state.tricks[0].winner == "W"


# ----- round one: order up, pick up, discard -------------------------------
def test_bidding_starts_left_of_the_dealer():
    state = make_hand(dealer="S")
    assert state.phase == "round-one" and state.current == "W"
    assert [str(a) for a in state.legal_actions()] == ["W order", "W order alone", "W pass"]


def test_order_up_makes_the_upcard_suit_trumps_and_the_dealer_takes_it():
    state = make_hand()
    events = act(state, "N order")
    assert state.trump == "H" and state.maker == "N"
    assert codes(events) == ["order", "dealer-takes-upcard"]
    assert state.phase == "discard" and state.current == "W"
    assert Card.parse("9H") in state.hands["W"] and len(state.hands["W"]) == 6


def test_the_dealer_picks_up_with_pickup_and_order_means_the_same_from_him():
    for verb in ("pickup", "order"):
        state = make_hand()
        events = act(state, f"N pass; E pass; S pass; W {verb}")
        assert codes(events)[-1] == "pickup"
        assert state.trump == "H" and state.maker == "W" and state.phase == "discard"


def test_only_the_dealer_picks_up():
    state = make_hand()
    assert reason(state, "N pickup") == "only-dealer-picks-up"
    assert reason(state, "N pickup alone") == "only-dealer-picks-up"
    with pytest.raises(IllegalActionError) as info:
        act(state, "N pickup")
    assert info.value.code == "only-dealer-picks-up"


def test_a_suit_cannot_be_named_in_round_one():
    state = make_hand()
    assert reason(state, "N call H") == "first-round-order-or-pass"


def test_the_dealer_may_discard_the_card_he_picked_up():
    state = make_hand()
    act(state, "N order")
    assert reason(state, "W discard 9H") is None
    events = act(state, "W discard 9H")
    assert codes(events)[0] == "discard"
    assert Card.parse("9H") not in state.hands["W"] and len(state.hands["W"]) == 5
    assert state.phase == "play" and state.current == "N"


def test_the_dealer_must_discard_before_play():
    state = make_hand()
    act(state, "N order")
    assert reason(state, "W 9H") == "must-discard"
    assert reason(state, "W pass") == "must-discard"
    assert all(a.verb == "discard" for a in state.legal_actions()) and len(state.legal_actions()) == 6


def test_four_passes_turn_the_upcard_down():
    state = make_hand()
    events = act(state, "N pass; E pass; S pass; W pass")
    assert codes(events)[-1] == "turned-down"
    assert state.phase == "round-two" and state.turned_down == "H" and state.current == "N"
    assert state.public_view()["upcard_state"] == "turned-down"


# ----- round two and the stuck dealer --------------------------------------
def test_the_turned_down_suit_cannot_be_named_in_round_two():
    state = make_hand()
    act(state, "N pass; E pass; S pass; W pass")
    assert reason(state, "N call H") == "turned-down-suit"
    assert "N call H" not in [str(a) for a in state.legal_actions()]
    assert reason(state, "N call S") is None


def test_the_upcard_cannot_be_ordered_in_round_two():
    state = make_hand()
    act(state, "N pass; E pass; S pass; W pass")
    assert reason(state, "N order") == "upcard-turned-down"


def test_a_call_makes_trumps_and_the_left_of_the_dealer_leads():
    state = make_hand()
    events = act(state, "N pass; E pass; S pass; W pass; N pass; E call D")
    assert codes(events)[-1] == "call"
    assert state.trump == "D" and state.maker == "E" and state.phase == "play" and state.current == "N"


def test_stick_the_dealer_the_dealer_cannot_pass_in_round_two():
    state = make_hand()
    act(state, "N pass; E pass; S pass; W pass; N pass; E pass; S pass")
    assert state.current == "W"
    assert reason(state, "W pass") == "dealer-must-call"
    legal = [str(a) for a in state.legal_actions()]
    assert "W pass" not in legal and "W call D" in legal


def test_the_stuck_dealer_cannot_name_the_turned_down_suit():
    state = make_hand()
    act(state, "N pass; E pass; S pass; W pass; N pass; E pass; S pass")
    assert reason(state, "W call H") == "turned-down-suit"


def test_without_stick_the_dealer_eight_passes_end_the_hand_in_a_redeal():
    state = make_hand(stick_the_dealer=False)
    events = act(state, "N pass; E pass; S pass; W pass; N pass; E pass; S pass; W pass")
    assert codes(events)[-1] == "redeal"
    assert state.is_terminal and state.awards == [] and state.score == {"NS": 0, "EW": 0}


# ----- going alone ---------------------------------------------------------
def test_going_alone_the_partner_sits_out():
    state = make_hand()
    events = act(state, "N order alone")
    assert codes(events)[:3] == ["order", "alone", "sits-out"]
    assert state.alone and state.sitting_out == "S" and "S" not in state.in_play


def test_the_turn_skips_the_seat_that_sits_out():
    state = make_hand()
    act(state, "N order alone; W discard JS; N JH")
    assert state.current == "E"
    act(state, "E 9S")
    assert state.current == "W"
    assert reason(state, "S TH") == "sitting-out"
    act(state, "W 9H")
    assert len(state.tricks[0].plays) == 3 and state.tricks[0].winner == "N"


def test_a_seat_whose_partner_went_alone_is_told_it_sits_out():
    state = make_hand()
    act(state, "N order alone; W discard JS; N JH; E 9S")
    why = state.why_illegal(Action.parse("S TH", state.seats))
    assert why is not None and why.code == "sitting-out"
    assert why.text == "S sits out because its partner, N, went alone."
    # Another seat out of turn still hears whose turn it is.
    assert reason(state, "E TH") == "not-your-turn"


def test_the_lead_passes_on_when_the_leader_sits_out():
    # Dealer W, so N would lead; S goes alone and N sits out: E leads.
    state = make_hand()
    act(state, "N pass; E pass; S order alone; W discard JS")
    assert state.sitting_out == "N" and state.phase == "play" and state.current == "E"


def test_when_the_dealers_partner_goes_alone_the_dealer_sits_out_and_nobody_picks_up():
    state = make_hand()
    events = act(state, "N pass; E order alone")
    assert codes(events)[-3:] == ["alone", "sits-out", "upcard-stays"]
    assert state.sitting_out == "W" and state.phase == "play" and state.current == "N"
    assert Card.parse("9H") not in state.hands["W"] and len(state.hands["W"]) == 5
    view = state.full_view()
    assert view["upcard_state"] == "in-kitty" and "9H" in view["kitty"]


def test_the_dealer_may_pick_up_and_go_alone():
    state = make_hand()
    act(state, "N pass; E pass; S pass; W pickup alone")
    assert state.sitting_out == "E" and state.phase == "discard" and state.current == "W"
    act(state, "W discard JS")
    assert state.current == "N"


# ----- scoring -----------------------------------------------------------
@pytest.mark.parametrize(
    "tricks, alone, expected",
    [
        (3, False, ("makers", 1)),
        (4, False, ("makers", 1)),
        (5, False, ("march", 2)),
        (3, True, ("lone", 1)),
        (4, True, ("lone", 1)),
        (5, True, ("lone-march", 4)),
        (2, False, ("euchred", 2)),
        (1, False, ("euchred", 2)),
        (0, False, ("euchred", 2)),
        (0, True, ("euchred", 2)),
    ],
)
def test_scoring_table(tricks, alone, expected):
    assert team_points(tricks, alone) == expected


def test_makers_with_three_tricks_score_one():
    state = make_hand()
    act(state, "N order; W discard JS")
    act(state, "N AC; E TC; S QC; W 9H")  # W trumps in
    act(state, "W KD; N KS; E 9C; S KC")  # nobody holds a diamond but the left bower
    act(state, "W QD; N JH; E 9S; S AS")
    act(state, "N JD; E QS; S QH; W TD")
    act(state, "N AH; E TS; S TH; W 9D")
    assert state.tricks_won() == {"NS": 3, "EW": 2}
    assert [a.as_json() for a in state.awards] == [{"category": "makers", "team": "NS", "points": 1}]
    assert state.score == {"NS": 1, "EW": 0} and state.is_terminal


def test_makers_with_four_tricks_score_one():
    state = make_hand()
    act(state, "N order; W discard JS")
    act(state, "N KS; E QS; S AS; W KD")
    act(state, "S KC; W 9H; N AC; E TC")
    act(state, "W QD; N JH; E 9C; S QC")
    act(state, "N JD; E 9S; S QH; W TD")
    act(state, "N AH; E TS; S TH; W 9D")
    assert state.tricks_won() == {"NS": 4, "EW": 1}
    assert state.score == {"NS": 1, "EW": 0}


def test_a_march_scores_two():
    state = make_hand()
    events = act(state, "N pass; E pass; S order; W discard JS")
    events += act(state, "N JH; E 9S; S TH; W 9H; N JD; E TS; S QH; W 9D; N AH; E QS; S AS; W TD")
    events += act(state, "N AC; E 9C; S KC; W QD; N KS; E TC; S QC; W KD")
    assert state.tricks_won() == {"NS": 5, "EW": 0}
    assert "march" in codes(events)
    assert state.score == {"NS": 2, "EW": 0}


def test_a_lone_hand_with_three_tricks_scores_one():
    state = make_hand()
    act(state, "N order alone; W discard JS")
    act(state, "N AC; E TC; W 9H")
    act(state, "W KD; N KS; E 9C")
    act(state, "W QD; N JH; E 9S")
    act(state, "N JD; E QS; W TD")
    events = act(state, "N AH; E TS; W 9D")
    assert state.tricks_won() == {"NS": 3, "EW": 2}
    assert "lone" in codes(events)
    assert [a.as_json() for a in state.awards] == [{"category": "lone", "team": "NS", "points": 1}]


def test_a_lone_hand_with_four_tricks_scores_one():
    state = make_hand()
    act(state, "N order alone; W discard JS")
    act(state, "N AC; E TC; W 9H; W KD; N JH; E 9C; N JD; E 9S; W QD")
    act(state, "N AH; E QS; W TD; N KS; E TS; W 9D")
    assert state.tricks_won() == {"NS": 4, "EW": 1}
    assert state.score == {"NS": 1, "EW": 0}


def test_a_lone_march_scores_four():
    state = make_hand()
    act(state, "N order alone; W discard JS")
    act(state, "N JH; E 9S; W 9H; N JD; E TS; W 9D; N AH; E QS; W TD; N AC; E 9C; W QD")
    events = act(state, "N KS; E TC; W KD")
    assert "lone-march" in codes(events)
    assert [a.as_json() for a in state.awards] == [{"category": "lone-march", "team": "NS", "points": 4}]


def test_euchred_makers_give_two_to_the_defenders():
    state = make_hand()
    act(state, "N pass; E order; W discard JS")
    act(state, "N JH; E 9S; S QH; W 9H; N JD; E TS; S TH; W 9D; N AH; E QS; S AS; W TD")
    events = act(state, "N AC; E 9C; S KC; W QD; N KS; E TC; S QC; W KD")
    assert state.tricks_won() == {"NS": 5, "EW": 0}
    assert "euchred" in codes(events)
    assert [a.as_json() for a in state.awards] == [{"category": "euchred", "team": "NS", "points": 2}]


def test_a_euchred_lone_hand_gives_two_to_the_defenders():
    state = make_hand()
    act(state, "N pass; E order alone")  # W, the dealer, sits out
    act(state, "N JH; E 9S; S QH; N JD; E TS; S TH; N AH; E QS; S AS; N AC; E 9C; S KC")
    act(state, "N KS; E TC; S QC")
    assert state.score == {"NS": 2, "EW": 0}


def test_ten_points_win_the_match():
    state = make_hand(score={"NS": 8, "EW": 9})
    act(state, "N pass; E pass; S order; W discard JS")
    events = act(state, "N JH; E 9S; S TH; W 9H; N JD; E TS; S QH; W 9D; N AH; E QS; S AS; W TD")
    events += act(state, "N AC; E 9C; S KC; W QD; N KS; E TC; S QC; W KD")
    assert codes(events)[-2:] == ["score", "match-won"]
    assert state.winner == "NS" and state.score == {"NS": 10, "EW": 9}
    assert reason(state, "N pass") == "match-over"


def test_the_score_carries_on_from_the_records_starting_score():
    state = make_hand(score={"WE": 4, "NS": 7})
    act(state, "N pass; E order; W discard JS")
    act(state, "N JH; E 9S; S QH; W 9H; N JD; E TS; S TH; W 9D; N AH; E QS; S AS; W TD")
    act(state, "N AC; E 9C; S KC; W QD; N KS; E TC; S QC; W KD")
    assert state.score == {"NS": 9, "EW": 4} and state.winner is None


def test_the_target_is_a_rules_option():
    assert EuchreRules().target == 10
    state = make_hand(target=1)
    act(state, "N order; W discard JS")
    act(state, "N KS; E QS; S AS; W KD; S KC; W 9H; N AC; E TC; W QD; N JH; E 9C; S QC")
    act(state, "N JD; E 9S; S QH; W TD; N AH; E TS; S TH; W 9D")
    assert state.winner == "NS"


# ----- follow suit --------------------------------------------------------
def test_follow_suit_if_you_can_else_play_anything():
    state = make_hand()
    act(state, "N order; W discard JS; N AC")
    assert state.legal_plays("E") == parse_cards("9C TC")
    r = state.why_illegal(Action.parse("E 9S", SEATS))
    assert r is not None and r.code == "must-follow-suit" and r.values["suit"] == "C"
    act(state, "E TC; S QC")
    assert len(state.legal_plays("W")) == 5  # void in clubs


# ----- the deal and the views ---------------------------------------------
def test_a_deal_needs_five_cards_each_and_an_upcard():
    short = dict(DEAL, N="JH JD AH KS")
    with pytest.raises(DealError):
        make_hand(short)
    deal = Deal({s: parse_cards(c) for s, c in DEAL.items()})
    with pytest.raises(DealError):
        EuchreHand(None, SEATS, "W", deal)


def test_a_deal_uses_the_24_card_pack():
    with pytest.raises(DealError, match="Euchre pack"):
        make_hand(dict(DEAL, N="JH JD AH KS 2C"))


def test_observation_hides_other_hands_the_kitty_and_the_discard():
    state = make_hand()
    act(state, "N order; W discard QD")
    for seat in SEATS:
        obs = state.observation(seat)
        assert "hands" not in obs and "kitty" not in obs
        assert obs["upcard"] == "9H" and obs["maker"] == "N" and obs["trump"] == "H"
        assert ("discarded" in obs) == (seat == "W")
        # The history shows the dealer his own discard, and every other seat that a card went face down.
        assert obs["history"] == ["N order", "W discard " + ("QD" if seat == "W" else "?")]
        text = str({k: v for k, v in obs.items() if k not in ("hand", "discarded", "history")})
        assert "QD" not in text and "KH" not in text  # the discard and the kitty never leak
    assert state.observation("W")["discarded"] == "QD"
    full = state.full_view()
    assert sorted(full["kitty"]) == sorted(["KH", "AD", "JC", "QD"])
    assert full["hands"]["S"] == ["AS", "QH", "TH", "KC", "QC"]


def test_public_view_shows_maker_alone_sitter_and_tricks_per_team():
    state = make_hand()
    act(state, "N order alone; W discard JS; N JH; E 9S; W 9H")
    view = state.public_view()
    assert view["maker"] == "N" and view["makers"] == "NS" and view["alone"] is True
    assert view["sitting_out"] == "S" and view["tricks_won"] == {"NS": 1, "EW": 0}
    assert view["upcard_state"] == "picked-up"


def test_cards_are_conserved_through_a_hand():
    state = make_hand()
    act(state, "N order; W discard JS; N JH; E 9S; S TH; W 9H")
    held = [c for h in state.hands.values() for c in h]
    taken = [c for t in state.taken.values() for c in t]
    assert len(held) + len(taken) + len(state.kitty_cards()) == 24
    assert len(set(held + taken + state.kitty_cards())) == 24


# ----- the worked hands -----------------------------------------------------
HANDS = Path(__file__).resolve().parent.parent / "docs" / "hands" / "euchre"


@pytest.mark.parametrize(
    "name, awards, score, winner",
    [
        ("euchre-bowers", [("makers", "NS", 1)], {"NS": 1, "EW": 0}, None),
        ("euchre-order-up-march", [("march", "NS", 2)], {"NS": 2, "EW": 0}, None),
        ("euchre-stick-the-dealer", [("makers", "EW", 1)], {"NS": 0, "EW": 1}, None),
        ("euchre-lone-march", [("lone-march", "EW", 4)], {"NS": 5, "EW": 10}, "EW"),
        ("euchre-euchred", [("euchred", "NS", 2)], {"NS": 2, "EW": 0}, None),
    ],
)
def test_worked_hands_replay_to_their_scores(name, awards, score, winner):
    state = replay(load_record(HANDS / f"{name}.hand.toml")).state
    assert state.is_terminal
    assert [(a.category, a.team, a.points) for a in state.awards] == awards
    assert state.score == score and state.winner == winner


def test_the_worked_hands_show_every_teaching_point():
    seen: set[str] = set()
    for path in sorted(HANDS.glob("*.hand.toml")):
        seen.update(e.code for e in replay(load_record(path)).state.events)
    for code in ("trick-won-right-bower", "trick-won-left-bower", "order", "pickup", "turned-down",
                 "call", "alone", "sits-out", "march", "lone-march", "euchred", "match-won"):
        assert code in seen, code
