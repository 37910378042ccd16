"""Observations carry legal actions as objects, the teams, the partner and the trick's current winner."""

from __future__ import annotations

import hashlib

import pytest

from trickbook.actions import Action
from trickbook.bots import RandomBot
from trickbook.cards import RANKS, Card, parse_cards
from trickbook.game import Deal
from trickbook.games import find_game
from trickbook.match import hand_finished
from trickbook.shuffle import deal_hand
from trickbook.view import SeatView

GAMES = ("yorkshire", "trinidad", "nap", "euchre")


def seeded_hand(game: str, n: int):
    cls = find_game(game)
    seats = tuple(cls.default_seats)
    dealer = seats[n % len(seats)]
    seed = hashlib.sha256(f"observations {game} {n}".encode()).hexdigest()
    return cls(None, seats, dealer, deal_hand(game, seats, dealer, seed, 1))


def states(game: str, hands: int = 6):
    """Every state of a few hands played by random players."""
    for n in range(hands):
        state = seeded_hand(game, n)
        players = {s: RandomBot(n * 10 + i) for i, s in enumerate(state.seats)}
        yield state
        while not hand_finished(state):
            seat = state.current_player
            state.apply(Action.parse(players[seat].choose(state.observation(seat)), state.seats))
            yield state


@pytest.mark.parametrize("game", GAMES)
def test_actions_are_the_legal_texts_as_objects(game):
    for state in states(game):
        for seat in state.seats:
            obs = state.observation(seat)
            assert [a["text"] for a in obs["actions"]] == obs["legal"]
            for data in obs["actions"]:
                assert set(data) == {"text", "seat", "verb", "card", "suit", "contract", "alone"}
                assert str(Action.from_json(data)) == data["text"] and data["seat"] == seat
        view = state.full_view()
        assert [a["text"] for a in view["actions"]] == view["legal"]


@pytest.mark.parametrize("game", ("yorkshire", "trinidad", "euchre"))
def test_partners_sit_opposite_and_teams_name_both_seats(game):
    state = seeded_hand(game, 0)
    s = state.seats
    assert state.observation(s[0])["teams"] == {s[0] + s[2]: [s[0], s[2]], s[1] + s[3]: [s[1], s[3]]}
    assert [state.observation(x)["partner"] for x in s] == [s[2], s[3], s[0], s[1]]
    assert state.full_view()["partners"] == {s[0]: s[2], s[1]: s[3], s[2]: s[0], s[3]: s[1]}


def test_in_nap_each_seat_is_its_own_team_and_has_no_partner():
    state = seeded_hand("nap", 0)
    obs = state.observation("A")
    assert obs["teams"] == {"A": ["A"], "B": ["B"], "C": ["C"], "D": ["D"]}
    assert "partner" not in obs and "partners" not in state.full_view()


@pytest.mark.parametrize("game", ("yorkshire", "trinidad", "nap"))
def test_the_winning_play_is_the_highest_trump_else_the_highest_card_of_the_suit_led(game):
    seen = 0
    for state in states(game):
        trick = state.trick
        winning = state.public_view()["winning"]
        if trick is None or not trick.plays:
            assert winning is None
            continue
        led = trick.plays[0][1].suit
        trumps = [(s, c) for s, c in trick.plays if c.suit == state.trump]
        candidates = trumps or [(s, c) for s, c in trick.plays if c.suit == led]
        seat, card = min(candidates, key=lambda p: RANKS.index(p[1].rank))
        assert winning == {"seat": seat, "card": str(card)}
        seen += 1
    assert seen > 50


def test_the_winning_play_follows_each_card_of_a_nap_trick():
    hands = {"A": "AH 2S 3S 4S 5S", "B": "KH 6S 7S 8S 9S", "C": "2H TS JS QS KS"}
    state = find_game("nap")(None, "ABC", "C", Deal({s: parse_cards(c) for s, c in hands.items()}))
    for text in ("A bid three", "B pass", "C pass", "A 2S"):
        state.apply(Action.parse(text, state.seats))
    assert state.public_view()["winning"] == {"seat": "A", "card": "2S"}
    state.apply(Action.parse("B 9S", state.seats))
    assert state.public_view()["winning"] == {"seat": "B", "card": "9S"}
    state.apply(Action.parse("C TS", state.seats))  # completes the trick: C wins it
    assert state.tricks[0].winner == "C" and state.public_view()["winning"] is None


def test_in_euchre_the_left_bower_holds_the_trick_over_the_trump_ace():
    hands = {"N": "AH KS AC KC QC", "E": "JD 9S TS 9C TC", "S": "QH TH AS 9D QD", "W": "KD TD JS JC QS"}
    deal = Deal({s: parse_cards(c) for s, c in hands.items()}, turn=Card.parse("9H"), kitty=parse_cards("KH AD JH"))
    state = find_game("euchre")(None, "NESW", "W", deal)
    for text in ("N order", "W discard QS", "N AH", "E JD"):
        state.apply(Action.parse(text, state.seats))
    assert state.public_view()["winning"] == {"seat": "E", "card": "JD"}
    me = SeatView(state.observation("S"))
    assert me.winning == ("E", Card.parse("JD")) and me.led == "H"
    assert not me.beats(Card.parse("QH"), Card.parse("JD"), "H")


def test_the_seat_view_knows_partner_opponents_and_shown_out_suits():
    # All Fours: W leads a diamond, N plays a club holding no diamond and no trump: N is out of diamonds.
    hands = {"N": "2C 3C 4C 5C 6C 7C", "E": "AD KD QD JD TD 9D", "S": "AS KS QS JS TS 9S", "W": "AH KH 2D 3D 4D 5D"}
    state = find_game("yorkshire")(None, "NESW", "S", Deal({s: parse_cards(c) for s, c in hands.items()}))
    for text in ("W 2D", "N 2C"):
        state.apply(Action.parse(text, state.seats))
    me = SeatView(state.observation("E"))
    assert me.partner == "W" and me.opponents == ("S", "N") and me.team == "EW"
    assert me.voids["N"] == {"D"} and me.voids["W"] == set()
    assert me.trump == "D" and me.winning == ("W", Card.parse("2D"))
