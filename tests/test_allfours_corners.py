"""Yorkshire and Trinidad All Fours: the corners of the rules.

From texts 000/002, 003 and the decisions on the rules pages.
"""

import pytest
from helpers import (
    TRINIDAD_EXAMPLE_PLAY,
    TRINIDAD_SEATS,
    YORKSHIRE_EXAMPLE,
    YORKSHIRE_SEATS,
    awards,
    codes,
    play,
    reason,
)
from helpers import trinidad_hand as trinidad  # the rule text's example by default
from helpers import yorkshire_hand as yorkshire

from trickbook.actions import Action
from trickbook.cards import parse_cards
from trickbook.errors import DealError
from trickbook.match import Match

# Twelve run cards (three each to N, W, S, E), then the kick.
RUN_TO_CLUBS = "2H 3H 4H 5H 6H 7H 8H 9H QH 5C 6C 7C JC"
RUN_KEEPS_SPADES = "2H 3H 4H 5H 6H 7H 8H 9H QH 5C 6C 7C 6S"
SECOND_RUN_KEEPS_SPADES = "JH 2D 3D KC QC 8C 9C TC 8S 7S JC 4S 5S"


def why(state, text):
    return state.why_illegal(Action.parse(text, state.seats)).values["why"]


def strings(value):
    """Every string in a view, keys included."""
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for k, v in value.items():
            yield from strings(k)
            yield from strings(v)
    elif isinstance(value, (list, tuple)):
        for v in value:
            yield from strings(v)


def play_first_legal(state):
    """Finish a hand, each seat taking its first legal action (a fixed, rule-abiding line of play)."""
    while not state.is_terminal:
        state.apply(state.legal_actions()[0])
    return state


# ----- the score before a hand ---------------------------------------------------------

def test_a_score_already_at_the_target_is_refused_because_the_match_is_over():
    with pytest.raises(DealError, match="already won at 11"):
        yorkshire(YORKSHIRE_EXAMPLE, score={"NS": 11, "EW": 4})
    with pytest.raises(DealError, match="already won at 14"):
        trinidad(score={"NS": 2, "WE": 14})
    # A higher target makes the same score an ordinary one.
    assert yorkshire(YORKSHIRE_EXAMPLE, score={"NS": 11, "EW": 4}, target=15).score == {"NS": 11, "EW": 4}


def test_a_score_below_zero_is_refused():
    with pytest.raises(DealError, match="below zero"):
        yorkshire(YORKSHIRE_EXAMPLE, score={"EW": -1})
    with pytest.raises(DealError, match="below zero"):
        trinidad(score={"WE": -3})


# ----- Yorkshire: following --------------------------------------------------------------

def test_yorkshire_under_trumping_a_plain_lead_is_allowed_while_holding_the_suit():
    state = play(yorkshire(YORKSHIRE_EXAMPLE), "N AH; E QH; S 3H; W TH; N 3C; E KH")
    # S holds clubs, yet may trump with the 2♥, lower than the K♥ already on the trick.
    assert reason(state, "S 2H") is None
    assert reason(state, "S 7D") == "must-follow-or-trump"


def test_yorkshire_legal_actions_are_sorted_and_end_with_the_hand():
    state = yorkshire(YORKSHIRE_EXAMPLE)
    texts = [str(a) for a in state.legal_actions()]
    # The pitcher's six cards, and the early look his partner may take out of turn.
    assert texts == sorted(texts) and len(texts) == 7 and "S peek" in texts
    play_first_legal(state)
    assert len(state.tricks) == 6 and all(t.complete for t in state.tricks)
    assert sum(len(c) for c in state.taken.values()) == 24
    assert state.legal_actions() == [] and state.current_player is None
    assert reason(state, "N 3C") == "hand-over"


def test_a_verb_of_another_game_is_not_an_action_in_yorkshire():
    state = yorkshire(YORKSHIRE_EXAMPLE)
    refusal = state.why_illegal(Action.parse("N stand", YORKSHIRE_SEATS))
    assert refusal.code == "unknown-verb" and refusal.text == "stand is not an action in this game."
    assert reason(state, "N bid four") == "unknown-verb"


# ----- Yorkshire: the throw-in -----------------------------------------------------------

# N pitches the A♠. W's last five cards hold no trump and nothing above a nine.
THROW_AFTER_TRUMP = {
    "N": "AS 2D 2C 3C 4C 5C",
    "E": "2H 3D 7H 8H 6C 7C",
    "S": "3S 5S 4D 6D 8C 9C",
    "W": "4S 9D 8D 7D 6H 5H",
}


def test_throw_in_allowed_holding_the_led_suit_when_a_trump_already_wins_the_trick():
    state = play(yorkshire(THROW_AFTER_TRUMP), "N AS; E 2H; S 3S; W 4S; N 2D; E 3D; S 5S")
    # W's 9♦ would beat every diamond on the trick, but S's trump wins it.
    assert reason(state, "W throw") is None
    play(state, "W throw")
    assert state.tricks[1].winner == "S" and state.in_play == ["N", "E", "S"]
    assert set(parse_cards("9D 8D 7D 6H 5H")) <= set(state.taken["S"])


def test_throw_in_judged_against_the_cards_already_on_the_trick():
    state = play(yorkshire(THROW_AFTER_TRUMP), "N AS; E 2H; S 3S; W 4S; N 2D; E 3D; S 4D")
    # No trump on the trick: W's 9♦ would win it, so W may not throw in.
    assert reason(state, "W throw") == "throw-not-allowed"
    assert why(state, "W throw") == "why-throw-would-win"


# Every seat but N holds nothing above a nine and no spade.
ALL_LOW = {
    "N": "AS KS QS JS TS AD",
    "E": "2H 3H 4H 5D 6D 7D",
    "S": "2C 3C 4C 5C 6C 7C",
    "W": "8H 9H 8D 9D 8C 9C",
}


def test_both_partners_may_throw_in_and_the_other_side_plays_on_alone():
    state = play(yorkshire(ALL_LOW), "N AS; E throw; S 2C; W throw")
    # The last seat of the trick threw in: the trick is over and its winner leads.
    assert state.tricks[0].winner == "N" and state.current_player == "N"
    assert state.in_play == ["N", "S"]
    # The narration says who plays on: E's partner W is still in after E's throw, not after W's.
    assert [e.code for e in state.events if e.code.startswith("throw")] == ["throw", "throw-last"]
    assert reason(state, "E 2H") == "not-your-turn"
    play(state, "N KS; S 3C; N QS; S 4C; N JS; S 5C; N TS; S 6C; N AD; S 7C")
    assert state.is_terminal and all(len(t.entries) == 2 for t in state.tricks[1:])
    assert sum(len(c) for c in state.taken.values()) == 24
    # N was dealt every spade: High (A♠), Low (10♠) and Jack; NS took every card with a value.
    assert awards(state) == [("high", "NS", 1), ("low", "NS", 1), ("jack", "NS", 1), ("game", "NS", 1)]


def test_throw_in_is_open_to_the_leaders_partner_too():
    state = play(yorkshire(ALL_LOW), "N AS; E 2H")
    # S holds no spade and nothing above a nine; the trump on the trick cannot be beaten.
    assert reason(state, "S throw") is None
    assert "S throw" in [str(a) for a in state.legal_actions()]


# ----- Yorkshire: the early look -----------------------------------------------------------

def test_peek_belongs_to_the_pitchers_partner_whoever_deals():
    state = yorkshire(YORKSHIRE_EXAMPLE, dealer="N")  # E pitches; W waits
    assert state.pitcher == "E" and state.current_player == "E"
    assert why(state, "S peek") == "why-peek-not-partner"
    play(state, "W peek")
    assert awards(state) == [("peek", "NS", 4)] and state.current_player == "E"


def test_after_a_peek_wins_the_match_nothing_more_is_accepted():
    state = play(yorkshire(YORKSHIRE_EXAMPLE, score={"NS": 2, "EW": 7}), "S peek")
    assert state.winner == "EW" and state.score == {"NS": 2, "EW": 11}
    assert state.legal_actions() == [] and state.current_player is None
    assert reason(state, "S peek") == "match-over"
    assert reason(state, "E throw") == "match-over"


# ----- Yorkshire: the deal -------------------------------------------------------------------

def test_yorkshire_deal_passes_to_the_left_and_the_new_dealers_left_pitches():
    match = Match("yorkshire", seed="ab" * 32, dealer="W")
    first = match.next_hand()
    assert first.pitcher == "N"
    play_first_legal(first)
    assert match.dealer == "N"
    assert match.next_hand().pitcher == "E"


# ----- Trinidad: who speaks ------------------------------------------------------------------

def test_only_the_dealers_right_stands_or_begs():
    state = trinidad(dealer="E")
    assert reason(state, "W beg") == "not-your-turn"
    assert reason(state, "E stand") == "not-your-turn"
    assert reason(state, "N give") == "not-now"


def test_only_the_dealer_gives_or_runs():
    state = play(trinidad(dealer="E"), "N beg")
    assert reason(state, "N give") == "not-your-turn"
    assert reason(state, "S run") == "not-your-turn"
    assert reason(state, "E beg") == "not-now" and reason(state, "E stand") == "not-now"


def test_a_verb_of_another_game_is_not_an_action_in_trinidad():
    state = trinidad()
    assert reason(state, "N throw") == "unknown-verb"
    assert reason(state, "N pass") == "unknown-verb"
    # A Trinidad verb at the wrong moment is refused as such.
    assert reason(state, "N run") == "not-now"


# ----- Trinidad: kicks and runs ---------------------------------------------------------------

def test_same_suit_kick_during_a_run_can_win_the_match():
    state = play(trinidad(stock_front=RUN_KEEPS_SPADES, score={"NS": 0, "WE": 12}), "N beg; E run")
    # The 6♠ keeps spades and scores 2 for the dealer's side: 14, before any further run.
    assert state.winner == "WE" and state.is_terminal and state.runs == 1
    assert awards(state) == [("kick", "WE", 2)]
    assert "same-suit" not in codes(state) and state.tricks == []


def test_same_suit_is_announced_only_when_the_pack_can_supply_another_run():
    state = play(trinidad(stock_front=f"{RUN_KEEPS_SPADES} {SECOND_RUN_KEEPS_SPADES}"), "N beg; E run")
    # 6♠ keeps spades (another run follows); 5♠ keeps them again with one card left: a redeal.
    assert codes(state)[-6:] == ["run", "kick", "score", "same-suit", "kick", "pack-run-out"]
    assert state.redeal and awards(state) == [("kick", "WE", 2)]


def test_a_record_stock_may_stop_where_a_kick_wins_the_match():
    state = play(trinidad(stock_front=RUN_KEEPS_SPADES, full_stock=False, score={"NS": 0, "WE": 12}), "N beg")
    assert reason(state, "E run") is None
    play(state, "E run")
    assert state.winner == "WE"
    # Without the win the same short stock cannot supply the second run.
    state = play(trinidad(stock_front=RUN_KEEPS_SPADES, full_stock=False), "N beg")
    assert state.why_illegal(Action.parse("E run", TRINIDAD_SEATS)).values == {"count": 13, "needed": 26}


def test_a_run_card_can_be_high_and_a_kicked_jack_is_never_in_play():
    state = play(trinidad(stock_front=RUN_TO_CLUBS), "N beg; E run")
    assert state.trump == "C" and all(len(state.hands[s]) == 9 for s in TRINIDAD_SEATS)
    play_first_legal(state)
    # Trumps in play: W 2♣; S 3♣ 4♣; E 5♣ 6♣ 7♣ (run cards). The J♣ was kicked.
    assert len(state.tricks) == 9 and all(not h for h in state.hands.values())
    assert awards(state)[:3] == [("kick", "WE", 3), ("high", "WE", 1), ("low", "WE", 1)]
    high = next(e for e in state.events if e.code == "high")
    assert str(high.values["card"]) == "7C" and high.values["seat"] == "E"
    assert not any(a.category == "jack" for a in state.awards)
    assert {"category": "jack", "why": "why-jack-not-in-play"} in [
        dict(e.values) for e in state.events if e.code == "no-score"
    ]


def test_the_hand_after_a_run_hides_the_stock_and_the_other_hands():
    state = play(trinidad(stock_front=RUN_TO_CLUBS), "N beg; E run")
    obs = state.observation("N")
    assert obs["hand"] == [str(c) for c in sorted(parse_cards("AS JS 2H 3H 4H 4D 5D 6D 7D"))]
    assert "stock" not in obs and "hands" not in obs
    assert obs["kicks"] == ["9S", "JC"] and obs["stock_size"] == 14
    shown = set(strings(obs))
    assert not shown & {str(c) for c in state.stock}
    assert not shown & {str(c) for s in ("W", "S", "E") for c in state.hands[s]}


# ----- Trinidad: following --------------------------------------------------------------------

def test_trinidad_without_the_led_suit_any_card_may_be_played():
    state = play(trinidad(), "N stand; N AS; W QS; S 3S; E TS; N 4D")
    assert {str(a) for a in state.legal_actions()} == {"W KS", "W AH", "W KH", "W TH", "W 2C"}


# ----- Trinidad: scoring in order up to 14 ------------------------------------------------------

def test_hang_jack_can_win_the_match_and_game_is_then_not_counted():
    state = play(trinidad(score={"NS": 0, "WE": 11}), "N stand" + TRINIDAD_EXAMPLE_PLAY)
    assert awards(state) == [("high", "NS", 1), ("low", "NS", 1), ("jack", "WE", 3)]
    assert state.winner == "WE" and state.score == {"NS": 2, "WE": 14}
    assert codes(state)[-1] == "match-won"


def test_gift_counts_at_once_and_the_categories_then_stop_at_fourteen():
    state = play(trinidad(score={"NS": 11, "WE": 12}), "N beg; E give")
    assert state.score == {"NS": 12, "WE": 12} and state.phase == "play"
    play(state, TRINIDAD_EXAMPLE_PLAY)
    # High makes 13 and Low 14 for NS: the hang jack that would give WE 15 is never counted.
    assert awards(state) == [("gift", "NS", 1), ("high", "NS", 1), ("low", "NS", 1)]
    assert state.winner == "NS"
