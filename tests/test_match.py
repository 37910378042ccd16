"""Matches: hands dealt from the seed in order, the dealer moving as each game says, the score carried."""

from __future__ import annotations

import hashlib

import pytest

from trickbook.actions import Action
from trickbook.bots import RandomBot
from trickbook.cards import full_pack, parse_cards
from trickbook.errors import DealError
from trickbook.game import Deal
from trickbook.match import Match, MatchError, play_hand, play_match
from trickbook.shuffle import SeedError, deal_hand, first_dealer

SEED = hashlib.sha256(b"match tests").hexdigest()
GAME_MODULES = {"yorkshire": "yorkshire", "trinidad": "trinidad", "nap": "nap", "euchre": "euchre"}


ALL_GAMES = list(GAME_MODULES)


def random_bots(seats, offset=0):
    return {s: RandomBot(offset + i) for i, s in enumerate(seats)}


def play_one(match, offset=0):
    state = match.next_hand()
    return play_hand(state, random_bots(match.seats, offset))


@pytest.mark.parametrize("game", ALL_GAMES)
def test_first_dealer_comes_from_the_seed_when_not_given(game):
    match = Match(game, seed=SEED)
    assert match.dealer == first_dealer(game, match.seats, SEED)[0]


@pytest.mark.parametrize("game", ALL_GAMES)
def test_every_hand_is_dealt_from_the_seed_with_the_next_hand_number(game):
    match = Match(game, seed=SEED, rounds=3 if game == "nap" else None)
    for n in (1, 2, 3):
        if match.is_over:
            break
        dealer = match.dealer
        state = match.next_hand()
        assert state.deal.hands == deal_hand(game, match.seats, dealer, SEED, n).hands
        play_hand(state, random_bots(match.seats, n))
    assert match.hand_numbers[:3] == list(range(1, len(match.hand_numbers[:3]) + 1))


@pytest.mark.parametrize("game", ALL_GAMES)
def test_the_deal_passes_to_the_next_seat_in_the_order_of_play(game):
    match = Match(game, seed=SEED, dealer=Match(game).seats[0], rounds=2 if game == "nap" else None)
    first = play_one(match)
    if match.is_over or getattr(first, "redeal", False):
        pytest.skip("this seed ends the match or redeals in the first hand")
    assert match.dealer == match.seats[1]


def test_trinidad_deal_passes_to_the_right_which_is_next_in_its_order_of_play():
    pytest.importorskip("trickbook.games.trinidad")
    match = Match("trinidad", seed=SEED, dealer="N")
    assert match.seats == ("N", "W", "S", "E")
    play_one(match)
    if not match.is_over and not match.hands[0].redeal:
        assert match.dealer == "W"


@pytest.mark.parametrize("game", ALL_GAMES)
def test_the_score_carries_from_hand_to_hand(game):
    match = Match(game, seed=SEED, rounds=2 if game == "nap" else None)
    first = play_one(match)
    if match.is_over:
        pytest.skip("the first hand ended the match")
    match.next_hand()
    # The new hand starts from the old hand's final score (a Trinidad kick may add to it at once).
    assert match.scores_before[1] == first.score


@pytest.mark.parametrize("game", ["yorkshire", "trinidad", "euchre"])
def test_the_match_ends_when_a_hand_declares_a_winner(game):
    match = play_match(game, random_bots(Match(game).seats), SEED)
    last = match.hands[-1]
    assert match.winner == last.winner is not None
    assert match.balances()[match.winner] >= match.rules.target
    assert all(h.winner is None for h in match.hands[:-1])
    with pytest.raises(MatchError, match="over"):
        match.next_hand()


def test_a_new_hand_before_the_last_one_ends_is_refused():
    match = Match("nap", seed=SEED, rounds=1)
    match.next_hand()
    with pytest.raises(MatchError, match="not finished"):
        match.next_hand()


def test_nap_session_ends_after_the_agreed_rounds_and_balances_sum_to_zero():
    match = play_match("nap", random_bots("ABCD"), SEED, rounds=3)
    assert len(match.hands) == 12
    balances = match.balances()
    assert sum(balances.values()) == 0 and match.winner is None
    for state in match.hands:
        assert sum(state.payments.values()) == 0


def test_nap_dealers_take_turns_round_the_table():
    match = play_match("nap", random_bots("ABCD"), SEED, rounds=2, dealer="B")
    assert [h.dealer for h in match.hands] == list("BCDABCDA")


def test_nap_all_pass_still_counts_as_the_dealers_turn():
    match = Match("nap", seed=SEED, dealer="D", rounds=1)
    state = match.next_hand()
    for seat in "ABCD":
        state.apply(Action(seat, "pass"))
    assert state.is_terminal and state.payments == {s: 0 for s in "ABCD"}
    assert match.dealer == "A" and not match.is_over
    assert match.next_hand().dealer == "A"


def test_nap_needs_a_number_of_rounds_to_be_played_to_the_end():
    with pytest.raises(MatchError, match="rounds"):
        play_match("nap", random_bots("ABCD"), SEED)


def test_trinidad_same_dealer_deals_again_when_the_pack_runs_out():
    hands = {
        "N": parse_cards("AS KS QS JS TS 9S"),
        "W": parse_cards("AD KD QD JD TD 9D"),
        "S": parse_cards("AC KC QC JC TC 9C"),
        "E": parse_cards("8S 7S 8D 7D 8C 7C"),
    }
    used = {c for h in hands.values() for c in h} | set(parse_cards("2H 3H 4H"))
    rest = [c for c in full_pack() if c not in used and c.suit != "H"]
    hearts_left = [c for c in full_pack() if c not in used and c.suit == "H"]
    # Both runs kick a heart again, so a third run is needed and the pack cannot supply it.
    stock = rest[:12] + parse_cards("3H") + rest[12:15] + hearts_left[:9] + parse_cards("4H") + hearts_left[9:]
    deal = Deal(hands, turn=parse_cards("2H")[0], stock=stock)
    match = Match("trinidad", seed=SEED, dealer="S")
    state = match.next_hand(deal)
    state.apply(Action("E", "beg"))
    state.apply(Action("S", "run"))
    assert state.is_terminal and state.redeal
    assert match.dealer == "S"
    again = match.next_hand()
    assert again.dealer == "S" and match.hand_numbers == [None, 1]


def test_euchre_throw_in_passes_the_deal_on():
    match = Match("euchre", seed=SEED, dealer="N", rules={"stick_the_dealer": False})
    state = match.next_hand()
    for seat in "ESWN" * 2:
        state.apply(Action(seat, "pass"))
    assert state.is_terminal
    assert match.next_hand().dealer == "E"


def test_a_caller_supplied_deal_is_played_and_takes_no_hand_number():
    deal = deal_hand("nap", "ABCD", "A", SEED, 9)
    match = Match("nap", seed=SEED, dealer="A", rounds=1)
    state = match.next_hand(deal)
    assert state.deal is deal and match.hand_numbers == [None]


def test_bad_seed_dealer_or_rounds_are_refused():
    with pytest.raises(SeedError):
        Match("nap", seed="12ab")
    with pytest.raises(DealError, match="not a seat"):
        Match("nap", dealer="Z")
    with pytest.raises(MatchError, match="rounds"):
        Match("nap", rounds=0)


def test_a_seat_without_a_bot_is_refused():
    with pytest.raises(MatchError, match="no bot for seat D"):
        play_match("nap", random_bots("ABC"), SEED, rounds=1)


@pytest.mark.parametrize("game", ALL_GAMES)
def test_match_records_replay_to_the_same_hands(game):
    record = pytest.importorskip("trickbook.record")
    bots = random_bots(Match(game).seats)
    match = play_match(game, bots, SEED, rounds=1 if game == "nap" else None)
    texts = match.records()
    assert len(texts) == len(match.hands)
    for text, state, number in zip(texts, match.hands, match.hand_numbers, strict=False):
        parsed = record.parse_record(text)
        assert parsed.deal.seed == SEED and parsed.deal.hand == number
        replayed = record.replay(parsed).state
        assert replayed.full_view() == state.full_view()
        assert [str(a) for a in replayed.history] == [str(a) for a in state.history]
