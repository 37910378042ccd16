"""Yorkshire All Fours, rule by rule (rule texts 000/002 and the decisions on the rules page)."""

import pytest
from helpers import YORKSHIRE_EXAMPLE as EXAMPLE  # the rule text's example: N leads the A♥, E captures S's 2♥
from helpers import YORKSHIRE_EXAMPLE_PLAY as EXAMPLE_PLAY
from helpers import YORKSHIRE_SEATS as SEATS
from helpers import act, awards, codes, play, reason
from helpers import yorkshire_hand as hand

from trickbook.actions import Action
from trickbook.cards import parse_cards
from trickbook.errors import DealError, IllegalActionError
from trickbook.game import Deal
from trickbook.games import find_game
from trickbook.games.yorkshire import YorkshireHand

# NS hold only the A♠; EW are dealt the 2♠ and J♠ and capture most of the Game.
HIGH_ONLY = {
    "N": "AS 2C 3C 4C 5C 6C",
    "E": "3S JS TD TH TC AD",
    "S": "7D 8D 9D 7H 8H 9H",
    "W": "2S KS QS AH KH QH",
}
HIGH_ONLY_PLAY = """
E 3S; S 7D; W 2S; N AS
N 2C; E TC; S 7H; W KS
W AH; N 3C; E TH; S 8H
W KH; N 4C; E AD; S 9H
W QH; N 5C; E TD; S 8D
W QS; N 6C; E JS; S 9D
"""


# ----- dealing and the first lead ----------------------------------------------

def test_yorkshire_is_found_by_name_and_alias():
    assert find_game("yorkshire") is YorkshireHand
    assert find_game("Yorkshire All Fours") is YorkshireHand


def test_each_player_is_dealt_six_cards():
    cards = dict(EXAMPLE, N="AH 3C 4C 5D 6D")
    with pytest.raises(DealError, match="6 cards"):
        hand(cards)


def test_no_card_is_turned_for_trump():
    deal = Deal({s: parse_cards(c) for s, c in EXAMPLE.items()}, turn=parse_cards("JH")[0])
    with pytest.raises(DealError, match="no turned card"):
        YorkshireHand(None, SEATS, "W", deal)


def test_pitcher_left_of_the_dealer_leads():
    state = hand(EXAMPLE, dealer="W")
    assert state.pitcher == "N" and state.current_player == "N"
    state = hand(EXAMPLE, dealer="N")
    assert state.pitcher == "E" and state.current_player == "E"


def test_first_card_led_sets_trump_for_the_hand():
    state = hand(EXAMPLE)
    assert state.trump is None
    events = act(state, "N AH")
    assert state.trump == "H"
    assert ("trump-set", {"suit": "H"}) in [(e.code, dict(e.values)) for e in events]


# ----- following ---------------------------------------------------------------

def test_trump_lead_must_be_followed_with_a_trump_when_held():
    state = play(hand(EXAMPLE), "N AH")
    assert reason(state, "E 8C") == "must-follow-trump"
    assert reason(state, "E QH") is None
    with pytest.raises(IllegalActionError) as err:
        act(state, "E 9D")
    assert err.value.code == "must-follow-trump"


def test_trump_lead_without_a_trump_allows_any_card():
    state = play(hand(HIGH_ONLY, dealer="N"), "E 3S")
    # S holds no spade at all.
    assert {str(a) for a in state.legal_actions() if a.verb == "play"} == {f"S {c}" for c in HIGH_ONLY["S"].split()}


def test_no_obligation_to_head_a_trump_lead():
    state = play(hand(EXAMPLE), "N AH")
    # E may play the Q♥ under the ace while holding the K♥, or the K♥.
    assert reason(state, "E QH") is None and reason(state, "E KH") is None


def test_plain_lead_may_be_trumped_even_holding_the_suit():
    state = play(hand(EXAMPLE), "N AH; E QH; S 3H; W TH; N 3C")
    assert "8C" in EXAMPLE["E"]
    assert reason(state, "E KH") is None


def test_plain_lead_holding_the_suit_must_be_followed_or_trumped():
    state = play(hand(EXAMPLE), "N AH; E QH; S 3H; W TH; N 3C")
    assert reason(state, "E 9D") == "must-follow-or-trump"
    assert reason(state, "E 8C") is None


def test_without_the_led_suit_any_card_may_be_played():
    state = play(hand(EXAMPLE), EXAMPLE_PLAY.split("W KD")[0] + "W KD; N 6D")
    # E holds no diamond: the 2♠, the 10♠ or the K♥ are all legal.
    assert {str(a) for a in state.legal_actions() if a.verb == "play"} == {"E 2S", "E TS", "E KH"}


def test_highest_trump_wins_else_highest_card_of_the_suit_led():
    state = play(hand(EXAMPLE), "N AH; E QH; S 3H; W TH")
    assert state.tricks[0].winner == "N"
    state = play(state, "N 3C; E 8C; S 5C; W AC")
    assert state.tricks[1].winner == "W"
    state = play(hand(EXAMPLE), EXAMPLE_PLAY)
    assert state.tricks[5].winner == "E"  # K♥ trumps the A♠ led


# ----- scoring ----------------------------------------------------------------

def test_rule_text_example_captured_two_keeps_high_and_low_for_the_pair():
    state = play(hand(EXAMPLE), EXAMPLE_PLAY)
    assert state.is_terminal
    assert state.captor(parse_cards("2H")[0]) == "E"
    assert awards(state)[:2] == [("high", "NS", 1), ("low", "NS", 1)]


def test_low_goes_to_the_pair_dealt_it_even_if_captured():
    state = play(hand(EXAMPLE), EXAMPLE_PLAY)
    low = next(e for e in state.events if e.code == "low-captured")
    assert str(low.values["card"]) == "2H" and low.values["seat"] == "S" and low.values["captor"] == "E"
    assert ("low", "NS", 1) in awards(state)


def test_undealt_trump_jack_scores_nobody():
    state = play(hand(EXAMPLE), EXAMPLE_PLAY)
    assert not any(a.category == "jack" for a in state.awards)
    nobody = [e for e in state.events if e.code == "no-score"]
    assert [(e.values["category"], e.values["why"]) for e in nobody] == [("jack", "why-jack-not-in-play")]
    assert nobody[0].text == "Nobody scores Jack: the trump jack was not in play."


def test_game_counts_captured_values_in_every_suit():
    state = play(hand(EXAMPLE), EXAMPLE_PLAY)
    # NS took A♥ Q♥ 3♥ 10♥ (16); EW took the rest of the 47 points dealt (31).
    assert state.captured_points() == {"NS": 16, "EW": 31}
    assert awards(state) == [("high", "NS", 1), ("low", "NS", 1), ("game", "EW", 1)]
    assert state.score == {"NS": 2, "EW": 1}


def test_jack_scores_one_for_whoever_captures_it():
    state = play(hand(HIGH_ONLY, dealer="N"), HIGH_ONLY_PLAY)
    assert awards(state) == [("high", "NS", 1), ("low", "EW", 1), ("jack", "EW", 1), ("game", "EW", 1)]


def test_jack_captured_from_the_opponents_scores_one_only():
    # The trump jack dealt to W, captured by N: one point, not Trinidad's three.
    cards = {
        "N": "AS 2C 3C 4C 5C 6C",
        "E": "3S 7S TD TH TC AD",
        "S": "7D 8D 9D 7H 8H 9H",
        "W": "JS 2S QS AH KH QH",
    }
    state = play(hand(cards, dealer="N"), "E 3S; S 7D; W JS; N AS")
    state = play(state, "N 2C; E TC; S 7H; W QS")
    state = play(state, "W AH; N 3C; E TH; S 8H; W KH; N 4C; E AD; S 9H")
    state = play(state, "W QH; N 5C; E TD; S 8D; W 2S; N 6C; E 7S; S 9D")
    assert ("jack", "NS", 1) in awards(state)
    assert "hang-jack" not in codes(state)


def test_game_tie_scores_nobody():
    cards = {
        "N": "AS 2C 3C 4C 5C 6C",
        "E": "2S 7C 8C 9C 7D 8D",
        "S": "3S 2D 3D 4D 5D 6D",
        "W": "4S AH 3H 4H 5H 6H",
    }
    # N takes the A♠ (4), E takes the A♥ (4); nothing else has a value.
    state = play(hand(cards, dealer="W"), """
        N AS; E 2S; S 3S; W 4S
        N 2C; E 7C; S 2D; W AH
        E 8C; S 3D; W 3H; N 3C
        E 9C; S 4D; W 4H; N 4C
        E 7D; S 5D; W 5H; N 5C
        E 8D; S 6D; W 6H; N 6C
    """)
    assert state.captured_points() == {"NS": 4, "EW": 4}
    assert not any(a.category == "game" for a in state.awards)
    assert state.events[-1].code == "no-score" and state.events[-1].values["why"] == "why-game-tie"


def test_single_trump_in_play_is_both_high_and_low():
    cards = {
        "N": "AS 2C 3C 4C 5C 6C",
        "E": "7C 8C 9C 7D 8D 9D",
        "S": "2D 3D 4D 5D 6D TD",
        "W": "2H 3H 4H 5H 6H 7H",
    }
    state = play(hand(cards, dealer="W"), "N AS; E 7C; S 2D; W 2H")
    assert state.trumps_in_play() == parse_cards("AS")
    state = play(state, "N 2C; E 8C; S 3D; W 3H; E 9C; S 4D; W 4H; N 3C")
    state = play(state, "E 7D; S 5D; W 5H; N 4C; E 8D; S 6D; W 6H; N 5C; E 9D; S TD; W 7H; N 6C")
    assert awards(state)[:2] == [("high", "NS", 1), ("low", "NS", 1)]


def test_ten_all_high_decides_the_match():
    state = play(hand(HIGH_ONLY, dealer="N", score={"NS": 10, "EW": 10}), HIGH_ONLY_PLAY)
    # EW would take Low, Jack and Game, but High is counted first and ends the match.
    assert awards(state) == [("high", "NS", 1)]
    assert state.winner == "NS" and state.score == {"NS": 11, "EW": 10}
    assert codes(state)[-1] == "match-won"


def test_first_pair_to_the_target_wins_and_later_categories_are_not_counted():
    state = play(hand(HIGH_ONLY, dealer="N", score={"NS": 5, "EW": 9}), HIGH_ONLY_PLAY)
    # High to NS (6), Low to EW (10), Jack to EW (11): Game is never counted.
    assert awards(state) == [("high", "NS", 1), ("low", "EW", 1), ("jack", "EW", 1)]
    assert state.winner == "EW" and state.score == {"NS": 6, "EW": 11}


def test_target_is_a_rules_option():
    state = play(hand(HIGH_ONLY, dealer="N", score={"NS": 5, "EW": 9}, target=15), HIGH_ONLY_PLAY)
    assert state.winner is None and len(state.awards) == 4


# ----- throw-in -----------------------------------------------------------------

THROW = {
    "N": "AS KS 2C 3C AD KD",
    "E": "2H 3H 4H 5D 6D 7D",
    "S": "QS JS 4C 5C QD JD",
    "W": "TS 9H 8H 6C 7C 8C",
}


def test_throw_in_allowed_without_trump_or_a_card_above_nine():
    state = play(hand(THROW, dealer="W"), "N AS")
    assert "E throw" in [str(a) for a in state.legal_actions()]
    events = act(state, "E throw")
    assert events[0].code == "throw" and events[0].text.startswith("E throws in the rest of the hand")
    assert state.hands["E"] == [] and state.in_play == ["N", "S", "W"]
    assert state.tricks[0].entries[1].thrown == tuple(parse_cards("4H 3H 2H 7D 6D 5D"))


def test_thrown_cards_go_to_the_trick_winner_and_later_tricks_have_three_cards():
    state = play(hand(THROW, dealer="W"), "N AS; E throw; S QS; W TS")
    assert state.tricks[0].winner == "N"
    assert len(state.taken["N"]) == 9
    assert state.tricks[0].as_json()["plays"][1] == ["E", "throw", ["4H", "3H", "2H", "7D", "6D", "5D"]]
    state = play(state, "N KS; S JS; W 9H")
    assert len(state.tricks[1].entries) == 3 and state.tricks[1].winner == "N"
    state = play(state, "N AD; S QD; W 8H; N KD; S JD; W 8C; N 2C; S 4C; W 6C; W 7C; N 3C; S 5C")
    assert state.is_terminal and state.tricks[-1].winner == "W"
    assert sum(len(t) for t in state.taken.values()) == 24


def test_throw_in_refused_when_leading():
    state = hand(THROW, dealer="N")  # E pitches, holding only low cards
    r = state.why_illegal(Action.parse("E throw", SEATS))
    assert r.code == "throw-not-allowed" and r.values["why"] == "why-throw-when-leading"
    assert r.text == "E cannot throw in: the player leading a trick must play a card."


def test_throw_in_refused_holding_a_trump():
    state = play(hand(THROW, dealer="W"), "N 2C")
    assert reason(state, "E throw") is None  # clubs are trumps and E holds none
    state = play(hand(THROW, dealer="W"), "N AD")
    r = state.why_illegal(Action.parse("E throw", SEATS))
    assert r.code == "throw-not-allowed" and r.values["why"] == "why-throw-holds-trump"


def test_throw_in_refused_holding_a_card_above_nine():
    state = play(hand(THROW, dealer="W"), "N AD; E 5D; S QD")
    r = state.why_illegal(Action.parse("W throw", SEATS))
    assert r.values["why"] == "why-throw-card-above-nine" and str(r.values["card"]) == "TS"


def test_throw_in_refused_when_a_card_would_win_the_trick():
    cards = dict(THROW, N="AS KS 2C 3C 2D KD")
    state = play(hand(cards, dealer="W"), "N AS; E 2H; S QS; W TS; N 2D")
    # The 2♦ leads; E's 5♦ would win the trick, so E may not throw in.
    r = state.why_illegal(Action.parse("E throw", SEATS))
    assert r.values["why"] == "why-throw-would-win" and str(r.values["card"]) == "5D"
    state = play(hand(cards, dealer="W"), "N AS; E 2H; S QS; W TS; N KD")
    assert reason(state, "E throw") is None


# ----- the early look (peek) ---------------------------------------------------

def test_peek_by_the_pitchers_partner_gives_the_opponents_four_at_once():
    state = hand(EXAMPLE, dealer="W")  # N pitches; S waits
    events = act(state, "S peek")
    assert [e.code for e in events] == ["peek", "score"]
    assert awards(state) == [("peek", "EW", 4)]
    assert state.current_player == "N" and not state.is_terminal
    play(state, EXAMPLE_PLAY)
    assert state.score == {"NS": 2, "EW": 5}


def test_peek_penalty_can_win_the_match_before_a_card_is_played():
    state = hand(EXAMPLE, dealer="W", score={"NS": 3, "EW": 8})
    act(state, "S peek")
    assert state.winner == "EW" and state.is_terminal and state.tricks[0].entries == []
    assert reason(state, "N AH") == "match-over"


def test_peek_only_by_the_pitchers_partner():
    state = hand(EXAMPLE, dealer="W")
    r = state.why_illegal(Action.parse("E peek", SEATS))
    assert r.code == "peek-not-allowed" and r.values["why"] == "why-peek-not-partner"
    assert reason(state, "N peek") == "peek-not-allowed"


def test_peek_only_before_the_first_lead():
    state = play(hand(EXAMPLE, dealer="W"), "N AH")
    r = state.why_illegal(Action.parse("S peek", SEATS))
    assert r.values["why"] == "why-peek-after-lead"


def test_peek_is_accepted_out_of_turn_and_listed_for_the_pitchers_partner_only():
    # The state contract: legal_actions() lists every action why_illegal() accepts, out of turn too.
    state = hand(EXAMPLE, dealer="W")
    assert state.current_player == "N" and state.is_legal(Action.parse("S peek", SEATS))
    assert [str(a) for a in state.legal_actions() if a.verb == "peek"] == ["S peek"]
    # Each seat's observation lists only its own actions: the pitcher is not offered the partner's look.
    assert state.observation("S")["legal"] == ["S peek"]
    assert "S peek" not in state.observation("N")["legal"]
    act(state, "S peek")
    assert reason(state, "S peek") == "peek-not-allowed"
    assert all(a.verb != "peek" for a in state.legal_actions())


# ----- views ------------------------------------------------------------------

def test_observation_hides_the_other_hands():
    state = play(hand(EXAMPLE), "N AH")
    obs = state.observation("E")
    assert obs["hand"] == ["TS", "2S", "KH", "QH", "9D", "8C"]
    assert "hands" not in obs and obs["legal"] == ["E KH", "E QH"]
    assert state.observation("S")["legal"] == []
    assert "hands" in state.full_view() and state.full_view()["pitcher"] == "N"


def test_public_view_shows_captured_points_and_thrown_in_seats():
    state = play(hand(THROW, dealer="W"), "N AS; E throw; S QS; W TS")
    view = state.public_view()
    assert view["captured"] == {"NS": 4 + 2 + 10, "EW": 0}
    assert view["thrown_in"] == ["E"]
