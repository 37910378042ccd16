"""Trinidad All Fours, rule by rule (rule text 003 and the decisions on the rules page)."""

from pathlib import Path

import pytest
from helpers import TRINIDAD_EXAMPLE as EXAMPLE  # the rule text's example: W hangs N's J♠, captures the 2♠
from helpers import TRINIDAD_EXAMPLE_PLAY as EXAMPLE_PLAY
from helpers import TRINIDAD_SEATS as SEATS
from helpers import act, awards, codes, play, reason
from helpers import trinidad_hand as hand

from trickbook.actions import Action
from trickbook.cards import Card, parse_cards
from trickbook.errors import DealError, IllegalActionError, RecordError
from trickbook.game import Deal
from trickbook.games import find_game
from trickbook.games.trinidad import TrinidadHand
from trickbook.record.parse import parse_record
from trickbook.record.replay import replay

ROOT = Path(__file__).resolve().parents[1]


# ----- the table and the deal -------------------------------------------------------

def test_trinidad_is_found_by_name_and_alias():
    assert find_game("trinidad") is TrinidadHand
    assert find_game("all-fours-trinidad") is TrinidadHand


def test_seats_are_listed_in_counter_clockwise_order_of_play_with_teams_ns_and_we():
    assert TrinidadHand.default_seats == ("N", "W", "S", "E")
    state = hand()
    assert state.teams == ("NS", "WE")
    assert state.team_of("E") == "WE"


def test_the_dealers_right_speaks_first():
    assert hand(dealer="E").current_player == "N"
    assert hand(dealer="N").current_player == "W"


def test_a_kicked_card_is_required():
    deal = Deal({s: parse_cards(c) for s, c in EXAMPLE.items()})
    with pytest.raises(DealError, match="kicked card"):
        TrinidadHand(None, SEATS, "E", deal)


def test_each_player_is_dealt_six_cards():
    with pytest.raises(DealError, match="6 cards"):
        hand(dict(EXAMPLE, N="AS JS 4D 5D 6D"))


def test_the_kick_sets_trumps():
    state = hand(kick="9S")
    assert state.trump == "S" and codes(state) == ["deal", "kick", "trump-set"]


# ----- kick bonuses ----------------------------------------------------------------

@pytest.mark.parametrize("kick, points", [("AC", 1), ("6C", 2), ("JC", 3), ("9C", 0), ("KC", 0)])
def test_kicked_ace_six_or_jack_scores_one_two_or_three_for_the_dealers_side(kick, points):
    state = hand(kick=kick, dealer="E")
    expected = [("kick", "WE", points)] if points else []
    assert awards(state) == expected
    assert state.score == {"NS": 0, "WE": points}


def test_kick_bonus_can_win_the_match_before_a_card_is_played():
    state = hand(kick="6C", dealer="E", score={"NS": 3, "WE": 12})
    assert state.winner == "WE" and state.is_terminal
    assert state.legal_actions() == []
    assert reason(state, "N stand") == "match-over"


# ----- stand, beg, give, run --------------------------------------------------------

def test_stand_keeps_the_kicked_suit_and_the_dealers_right_leads():
    state = play(hand(), "N stand")
    assert state.phase == "play" and state.trump == "S" and state.current_player == "N"
    assert awards(state) == []


def test_only_stand_or_beg_before_the_play():
    state = hand()
    assert [str(a) for a in state.legal_actions()] == ["N beg", "N stand"]
    assert reason(state, "N AS") == "not-now"
    assert reason(state, "E give") == "not-your-turn"


def test_after_a_beg_the_dealer_gives_or_runs():
    state = play(hand(), "N beg")
    assert state.current_player == "E" and state.begged == "N"
    assert [str(a) for a in state.legal_actions()] == ["E give", "E run"]


def test_beg_and_give_scores_one_for_the_beggars_and_keeps_trumps():
    state = play(hand(), "N beg; E give")
    assert awards(state) == [("gift", "NS", 1)]
    assert state.trump == "S" and state.phase == "play" and state.current_player == "N"


def test_gift_at_thirteen_wins_the_match_for_the_beggars():
    state = play(hand(score={"NS": 13, "WE": 5}), "N beg; E give")
    assert state.winner == "NS" and state.is_terminal and state.score["NS"] == 14


def test_gift_at_thirteen_refused_when_the_gift_may_not_win():
    state = play(hand(score={"NS": 13, "WE": 5}, gift_may_win=False), "N beg")
    r = state.why_illegal(Action.parse("E give", SEATS))
    assert r.code == "gift-not-allowed" and r.values["team"] == "NS"
    assert [str(a) for a in state.legal_actions()] == ["E run"]
    with pytest.raises(IllegalActionError):
        act(state, "E give")
    # Below 13 the house rule changes nothing.
    state = play(hand(score={"NS": 12, "WE": 5}, gift_may_win=False), "N beg; E give")
    assert state.score["NS"] == 13 and state.winner is None


def test_running_the_pack_deals_three_more_to_each_from_the_dealers_right_and_kicks_again():
    front = "2H 3H 4H 5H 6H 7H 8H 9H QH 5C 6C 7C JC"
    state = play(hand(stock_front=front), "N beg; E run")
    assert state.hands["N"][-3:] == parse_cards("2H 3H 4H")
    assert state.hands["W"][-3:] == parse_cards("5H 6H 7H")
    assert state.hands["S"][-3:] == parse_cards("8H 9H QH")
    assert state.hands["E"][-3:] == parse_cards("5C 6C 7C")
    assert state.trump == "C" and state.kick_card == Card.parse("JC")
    assert state.phase == "play" and state.current_player == "N"
    # The new kick's jack scores 3 for the dealer's side.
    assert awards(state) == [("kick", "WE", 3)]


def test_run_cards_are_in_play_and_kicked_cards_never():
    front = "2H 3H 4H 5H 6H 7H 8H 9H QH 5C 6C 7C JC"
    state = play(hand(stock_front=front), "N beg; E run")
    in_play = state.trumps_in_play()
    assert set(in_play) == set(parse_cards("5C 6C 7C 2C 3C 4C"))
    assert Card.parse("JC") not in in_play


RUN_ONE = "2H 3H 4H 5H 6H 7H 8H 9H QH 5C 6C 7C 6S"  # twelve cards, then a spade kick
RUN_TWO = "JH 2D 3D KC QC 8C 9C TC 8S 7S JC 4S"  # twelve more cards before the next kick


def test_a_run_repeats_while_the_kick_keeps_the_suit():
    state = play(hand(stock_front=f"{RUN_ONE} {RUN_TWO} AC"), "N beg; E run")
    # The 6♠ keeps spades: the dealer runs again at once; the A♣ then makes clubs trumps.
    assert state.runs == 2 and [str(c) for c in state.kicks] == ["9S", "6S", "AC"]
    assert "same-suit" in codes(state)
    assert state.trump == "C" and state.phase == "play" and state.current_player == "N"
    assert awards(state) == [("kick", "WE", 2), ("kick", "WE", 1)]
    assert all(len(state.hands[s]) == 12 for s in SEATS)


def test_the_pack_running_out_ends_the_hand_in_a_redeal_keeping_kick_points():
    state = play(hand(stock_front=f"{RUN_ONE} {RUN_TWO} 5S"), "N beg; E run")
    # Two runs kick spades again; one card is left, too few for a third run.
    assert state.is_terminal and state.redeal and state.winner is None
    assert codes(state)[-1] == "pack-run-out"
    assert awards(state) == [("kick", "WE", 2)]  # the 6♠ scored; the 5♠ scores nothing
    assert state.tricks == [] and state.public_view()["stock_size"] == 1


def test_kick_during_a_run_can_win_the_match():
    front = "2H 3H 4H 5H 6H 7H 8H 9H QH 5C 6C 7C JC"
    state = play(hand(stock_front=front, score={"NS": 0, "WE": 11}), "N beg; E run")
    assert state.winner == "WE" and state.is_terminal


def test_a_record_stock_too_short_for_the_run_is_refused():
    state = play(hand(stock_front="2H 3H", full_stock=False), "N beg")
    r = state.why_illegal(Action.parse("E run", SEATS))
    assert r.code == "stock-too-short" and r.values == {"count": 2, "needed": 13}


# ----- following ------------------------------------------------------------------

def test_trump_lead_must_be_followed_with_a_trump_when_held():
    state = play(hand(), "N stand; N AS")
    assert reason(state, "W AH") == "must-follow-trump"
    assert reason(state, "W QS") is None


def test_plain_lead_may_be_trumped_even_holding_the_suit():
    state = play(hand(), "N stand; N AS; W QS; S 3S; E TS; N 4D")
    assert reason(state, "W KS") is None  # W holds no diamond anyway
    state = play(state, "W 2C")
    assert reason(state, "S 2S") is None  # S holds 8♦ and 9♦ but may trump
    assert reason(state, "S 3C") == "must-follow-or-trump"


def test_under_trumping_is_allowed():
    state = play(hand(), "N stand; N AS; W QS; S 3S; E TS; N 4D; W KS")
    assert reason(state, "S 2S") is None  # lower than the K♠ already on the trick


# ----- scoring ----------------------------------------------------------------------

def test_rule_text_example_low_keeps_its_point_and_the_jack_is_hanged():
    state = play(hand(), "N stand" + EXAMPLE_PLAY)
    assert state.is_terminal
    assert awards(state) == [("high", "NS", 1), ("low", "NS", 1), ("jack", "WE", 3), ("game", "WE", 1)]
    hang = next(e for e in state.events if e.code == "hang-jack")
    assert hang.values["seat"] == "W" and hang.values["owner"] == "N"
    assert hang.text == "W hangs the jack: J♠, dealt to N, is captured by the other side."


def test_hang_jack_scores_three_for_the_capturers_whichever_side():
    cards = dict(EXAMPLE, N="AS KS 4D 5D 6D 7D", W="JS QS AH KH TH 2C")
    moves = EXAMPLE_PLAY.replace("W QS", "W JS").replace("N JS; W KS", "N KS; W QS")
    state = play(hand(cards), "N stand" + moves)
    # N's A♠ captures W's J♠ in the first trick.
    assert ("jack", "NS", 3) in awards(state) and "hang-jack" in codes(state)


def test_jack_won_by_the_side_dealt_it_scores_one():
    cards = dict(EXAMPLE, N="AS KS 4D 5D 6D 7D", S="JS 2S 8D 9D 3C 4C", W="3S QS AH KH TH 2C")
    moves = EXAMPLE_PLAY.replace("W QS; S 3S", "W 3S; S JS").replace("N JS; W KS", "N KS; W QS")
    state = play(hand(cards), "N stand" + moves)
    assert ("jack", "NS", 1) in awards(state) and "hang-jack" not in codes(state)


def test_kicked_jack_is_not_in_play_and_scores_no_jack():
    cards = dict(EXAMPLE, N="AS 8S 4D 5D 6D 7D")
    state = play(hand(cards, kick="JS"), "N stand" + EXAMPLE_PLAY.replace("N JS", "N 8S"))
    assert awards(state) == [("kick", "WE", 3), ("high", "NS", 1), ("low", "NS", 1), ("game", "WE", 1)]
    nobody = next(e for e in state.events if e.code == "no-score")
    assert nobody.values == {"category": "jack", "why": "why-jack-not-in-play"}


def test_single_trump_in_play_is_both_high_and_low():
    cards = {
        "N": "AS 2C 3C 4C 5C 6C",
        "W": "7C 8C 9C 7D 8D 9D",
        "S": "2D 3D 4D 5D 6D TD",
        "E": "2H 3H 4H 5H 6H 7H",
    }
    state = play(hand(cards, kick="9S"), """
        N stand
        N AS; W 7C; S 2D; E 2H
        N 2C; W 8C; S 3D; E 3H
        W 9C; S 4D; E 4H; N 3C
        W 7D; S 5D; E 5H; N 4C
        W 8D; S 6D; E 6H; N 5C
        W 9D; S TD; E 7H; N 6C
    """)
    assert awards(state)[:2] == [("high", "NS", 1), ("low", "NS", 1)]


def test_categories_stop_as_soon_as_a_side_reaches_fourteen():
    state = play(hand(score={"NS": 12, "WE": 13}), "N stand" + EXAMPLE_PLAY)
    # High to NS (13), Low to NS (14): the match is over; the hang jack is never counted.
    assert awards(state) == [("high", "NS", 1), ("low", "NS", 1)]
    assert state.winner == "NS" and state.score == {"NS": 14, "WE": 13}


def test_views_show_the_kick_and_hide_the_stock():
    state = play(hand(), "N beg")
    obs = state.observation("E")
    assert obs["kick"] == "9S" and obs["begged"] == "N" and obs["stock_size"] == 27
    assert "stock" not in obs and "hands" not in obs
    assert obs["legal"] == ["E give", "E run"]
    assert len(state.full_view()["stock"]) == 27


def test_a_short_stock_refuses_the_beg_that_would_leave_the_dealer_no_action():
    # The dealer answers a beg by giving or running the pack: beggars at 13 whom the gift may not
    # win, and a stock that cannot supply a run, would leave E no action, so N may not beg.
    short = hand(stock_front="2H 3H", full_stock=False, score={"NS": 13, "WE": 2}, gift_may_win=False)
    r = short.why_illegal(Action.parse("N beg", SEATS))
    assert r.code == "stock-too-short" and r.values == {"count": 2, "needed": 13}
    assert [str(a) for a in short.legal_actions()] == ["N stand"]
    # A hand that stands never runs the pack: the short stock does not matter.
    assert play(short, "N stand").phase.name == "PLAY"
    # With the whole stock the dealer runs; with the gift allowed he gives.
    assert [str(a) for a in play(hand(score={"NS": 13, "WE": 2}, gift_may_win=False), "N beg").legal_actions()] == [
        "E run"
    ]
    short = play(hand(stock_front="2H 3H", full_stock=False, score={"NS": 13, "WE": 2}), "N beg")
    assert [str(a) for a in short.legal_actions()] == ["E give"]


def _kicked_jack_without_stock(actions: str) -> str:
    """The worked hand "Kicking the jack" (its hands and kick, no stock), the beggars at 13 and the
    gift not allowed to win, with ``actions`` before its tricks."""
    text = (ROOT / "docs" / "hands" / "trinidad" / "trinidad-kicked-jack.hand.toml").read_text(encoding="utf-8")
    text = text.split("[notes]")[0].replace(
        'dealer = "E"\n', 'dealer = "E"\nscore = { NS = 13, WE = 2 }\nrules = { gift_may_win = false }\n')
    assert "stock" not in text and "N stand\n" in text
    return text.replace("N stand\n", actions, 1)


def test_a_record_listing_no_stock_replays_when_the_eldest_hand_stands():
    # Rule: the dealer answers only a beg; a hand that stands is played without the pack.
    trace = replay(parse_record(_kicked_jack_without_stock("N stand\n"), "stands.hand.toml"))
    assert len(trace.steps) == 26


def test_a_record_listing_no_stock_that_runs_the_pack_is_refused_at_its_line():
    # Rule: with the gift refused the dealer must run the pack, which needs the cards the record leaves out.
    text = _kicked_jack_without_stock("N beg\nE run\n")
    line = text.splitlines().index("N beg") + 1
    with pytest.raises(RecordError) as refused:
        replay(parse_record(text, "runs.hand.toml"))
    said = str(refused.value)
    assert f"runs.hand.toml:{line}:" in said and "'N beg'" in said
    assert "stock is too short to run the pack (cards listed: 0; needed: 13)" in said
