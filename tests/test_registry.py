"""A game is one class: the registry, the shuffle, matches, bots and records find it from its module alone."""

from __future__ import annotations

import sys
import textwrap

import pytest

import trickbook.games as registry
from trickbook.bots import BOTS, RandomBot, make_bot
from trickbook.game import _REGISTRY, HandState
from trickbook.games import GAMES, canonical_name, find_game
from trickbook.match import Match, play_match
from trickbook.record import parse_record, replay
from trickbook.shuffle import deal_hand, first_dealer

SEED = "ab" * 32

# A fifth game, written the way ARCHITECTURE.md says: one module, nothing else edited.
FIFTH_GAME = '''
from dataclasses import dataclass

from trickbook.game import HandState, Rules


@dataclass(frozen=True)
class SevensRules(Rules):
    """No options but the trick count that ends a session."""

    target: int = 50


class SevensHand(HandState):
    """Seven cards each, the next card turned for trumps, a point a trick."""

    game = "sevens-for-tests"
    aliases = ("seven-card-trumps",)
    title = "Seven-card trumps"
    rules_class = SevensRules
    default_seats = ("A", "B", "C")
    seat_counts = range(3, 6)
    partnership = False
    hand_size = 7
    packets = (4, 3)
    turn_card = "trump card"
    has_stock = True

    def _start(self):
        self.trump = self.deal.turn.suit
        self.emit("deal", dealer=self.dealer)
        self.start_play(self.next_seat(self.dealer))

    def _score_hand(self):
        for seat in self.seats:
            self.award("tricks", seat, sum(1 for t in self.tricks if t.winner == seat))
        self.end_hand()
'''


@pytest.fixture
def fifth_game(tmp_path, monkeypatch):
    """The fifth game's module on the import path; the registry as it was afterwards."""
    (tmp_path / "sevens_for_tests.py").write_text(textwrap.dedent(FIFTH_GAME), encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    saved = dict(_REGISTRY)
    yield "sevens_for_tests"
    _REGISTRY.clear()
    _REGISTRY.update(saved)
    sys.modules.pop("sevens_for_tests", None)


def test_the_four_games_are_found_without_a_table_of_names():
    assert list(GAMES) == ["yorkshire", "trinidad", "nap", "euchre"]
    assert {g: find_game(g).game for g in GAMES} == {g: g for g in GAMES}
    assert canonical_name("Batley") == "yorkshire" and canonical_name("all_fours") == "trinidad"
    assert BOTS["euchre"] == "trickbook.bots.euchre:EuchreBot"


def test_a_game_module_registers_its_class_and_is_found_by_module_path(fifth_game):
    cls = find_game(fifth_game)
    assert issubclass(cls, HandState) and cls.game == "sevens-for-tests"
    assert find_game("Seven card trumps") is cls and find_game(f"{fifth_game}:SevensHand") is cls
    assert registry.GAMES["sevens-for-tests"] == f"{fifth_game}:SevensHand"  # read afresh: the live registry


def test_the_shuffle_deals_a_new_game_by_its_packets_and_turned_card(fifth_game):
    seats = ("A", "B", "C")
    deal = deal_hand(fifth_game, seats, "C", SEED, 1)
    assert [len(deal.hands[s]) for s in seats] == [7, 7, 7]
    assert deal.turn is not None and len(deal.stock) == 52 - 21 - 1 and not deal.kitty
    dealer, how = first_dealer(fifth_game, seats, SEED)
    assert dealer in seats and "draws" in how


def test_a_match_of_a_new_game_is_played_by_its_bot_and_recorded(fifth_game):
    find_game(fifth_game)  # a game outside trickbook.games is known once its module is imported
    assert make_bot("sevens-for-tests").__class__ is RandomBot
    match = play_match("sevens-for-tests", {s: RandomBot(i) for i, s in enumerate("ABC")}, SEED, rounds=1)
    assert len(match.hands) == 3 and sum(match.balances().values()) == 3 * 7
    record = parse_record(match.records()[0])
    assert record.game == "sevens-for-tests"
    assert replay(record).state.score == match.hands[0].score


def test_a_new_game_starts_a_match_by_its_seat_and_rules_facts(fifth_game):
    find_game(fifth_game)
    match = Match("seven-card-trumps", seed=SEED)
    assert match.seats == ("A", "B", "C") and match.rules.target == 50
    with pytest.raises(ValueError, match="3 to 5 players"):
        find_game(fifth_game)(None, ("A", "B"), "A", deal_hand(fifth_game, ("A", "B"), "A", SEED, 1))
