"""How the table's bots play: strong (the search bot) by default, gentle (each game's heuristic bot) when the
reader asks; the level reaches every bot, is saved with the match and replays the same match.

And the search bot's own contract: its work per move is a fixed number of engine actions (never time),
a move with one choice, or with choices that cannot play differently, is not searched, and a searched
move names why it overrode the heuristic.
"""

from __future__ import annotations

import hashlib
import json
from typing import Any

import pytest

from trickbook.actions import Action
from trickbook.bots import bot_class, make_bot
from trickbook.bots.search import SearchBot, World
from trickbook.games import find_game
from trickbook.messages import MESSAGES
from trickbook.shuffle import deal_hand
from trickbook.table import Table, TableError, facade

GAMES = ["euchre", "yorkshire", "trinidad", "nap"]
SEED = hashlib.sha256(b"bot levels").hexdigest()


def seed_of(*parts: Any) -> str:
    return hashlib.sha256(" ".join(map(str, parts)).encode()).hexdigest()


@pytest.mark.parametrize("game", GAMES)
def test_the_table_plays_strong_bots_unless_the_reader_asks_for_gentle_ones(game):
    strong = Table(seed=SEED, game=game)
    assert strong.level == "strong" and strong.view()["level"] == "strong"
    assert strong.bots and all(type(b) is SearchBot for b in strong.bots.values())
    gentle = Table(seed=SEED, game=game, level="gentle")
    assert gentle.view()["level"] == "gentle"
    assert all(type(b) is bot_class(game) for b in gentle.bots.values())
    with pytest.raises(TableError, match="bot level 'fierce'"):
        Table(seed=SEED, game=game, level="fierce")


def test_the_facade_opens_a_table_at_the_level_asked_and_refuses_an_unknown_one():
    gentle = json.loads(facade.table_new_json(SEED, game="yorkshire", level="gentle"))
    assert gentle["ok"] and gentle["view"]["level"] == "gentle"
    assert json.loads(facade.table_new_json(SEED, game="yorkshire"))["view"]["level"] == "strong"
    refused = json.loads(facade.table_new_json(SEED, game="yorkshire", level="fierce"))
    assert not refused["ok"] and "fierce" in refused["error"]["text"]


@pytest.mark.parametrize("level", ["gentle", "strong"])
def test_a_saved_match_resumes_with_the_level_it_was_played_at(level):
    opened = json.loads(facade.table_new_json(SEED, game="euchre", level=level))
    moved = json.loads(facade.table_timeout_json(opened["id"]))
    saved = {"version": moved["version"], "game": "euchre", "seed": SEED, "seat": "S", "players": None,
             "level": level, "moves": moved["moves"], "hand_number": moved["view"]["hand_number"]}
    resumed = json.loads(facade.table_resume_json(json.dumps(saved)))
    assert resumed["ok"] and resumed["view"] == moved["view"] and resumed["view"]["level"] == level
    bad = json.loads(facade.table_resume_json(json.dumps({**saved, "level": 3})))
    assert not bad["ok"] and bad["error"]["code"] == "bad-save"


def positions(game: str, hands: int) -> list[dict[str, Any]]:
    """Observations at every decision of a few hands played by the heuristic bots (bids included)."""
    out = []
    cls = find_game(game)
    seats = tuple(cls.default_seats)
    for n in range(hands):
        dealer = seats[n % len(seats)]
        state = cls(None, seats, dealer, deal_hand(game, seats, dealer, seed_of("levels", game, n), 1))
        bots = {s: make_bot(game, seed=i) for i, s in enumerate(seats)}
        while not (state.is_terminal or state.winner is not None):
            seat = state.current_player
            obs = state.observation(seat)
            out.append(obs)
            state.apply(Action.parse(bots[seat].choose(obs), state.seats))
    return out


@pytest.mark.slow  # strong-bot searches; the fast tier keeps the levels' table and save tests and test_search_bot.py
@pytest.mark.parametrize("game", GAMES)
def test_the_search_bot_never_applies_more_engine_actions_than_its_budget(game):
    bot = SearchBot(game, seed=3)
    assert bot.budget == bot_class(game).search_budget
    searched = 0
    for obs in positions(game, 40 if game == "nap" else 6):
        choice = bot.choose(obs)
        assert choice in obs["legal"]
        assert bot.work <= bot.budget, (obs["legal"], bot.work)
        if len(obs["legal"]) == 1:
            assert bot.work == 0  # one legal action: nothing to search
        searched += bot.work > 0
    assert searched > 5, "the bot searched no move"


@pytest.mark.slow  # strong-bot searches; the fast tier keeps the levels' table and save tests and test_search_bot.py
@pytest.mark.parametrize("game", GAMES)
def test_a_smaller_budget_means_fewer_worlds_and_the_same_moves_from_the_same_seed(game):
    for obs in positions(game, 30 if game == "nap" else 3)[:40]:
        small, big = SearchBot(game, seed=5, budget=120), SearchBot(game, seed=5)
        first, second = big.choose(obs), SearchBot(game, seed=5).choose(obs)
        assert first == second
        small.choose(obs)
        assert small.work <= 120 and small.worlds_tried <= big.worlds_tried


def test_cards_that_cannot_play_differently_are_searched_once():
    # Euchre, hearts trumps: the seat holds the K and Q of clubs; the A of clubs is out. K and Q are next to
    # each other with no card between them, so they are one choice; the A of spades is another.
    cls = find_game("euchre")
    seats = cls.default_seats
    bot = SearchBot("euchre", seed=1)
    obs = {"seat": "S", "seats": list(seats), "dealer": "W", "trump": "H", "hand": ["KC", "QC", "AS"],
           "tricks": [], "hand_sizes": {s: 3 for s in seats}, "score": {"NS": 0, "EW": 0}, "awards": [],
           "history": []}
    world = World(cls, obs)
    legal = ["S KC", "S QC", "S AS"]
    assert bot.distinct(world, legal, "S QC") == ["S QC", "S AS"]
    # With the ten of clubs still out between them (Q and 9), they differ.
    obs9 = {**obs, "hand": ["QC", "9C", "AS"]}
    assert bot.distinct(World(cls, obs9), ["S QC", "S 9C", "S AS"], "S QC") == ["S QC", "S 9C", "S AS"]


@pytest.mark.slow  # strong-bot searches; the fast tier keeps the levels' table and save tests and test_search_bot.py
def test_a_card_the_search_chose_over_the_heuristic_comes_with_its_reason():
    found = False
    for obs in positions("yorkshire", 10):
        bot = SearchBot("yorkshire", seed=2)
        choice = bot.choose(obs)
        if bot.searched is not None:
            # The fact of the position the card turns on (the trick it takes or leaves), as a code of its own.
            code, values = bot.reason
            assert code in MESSAGES and not code.startswith("bot-looked-ahead")
            assert obs["seat"] + " " + str(values["card"]) == choice
            found = True
        elif bot.reason is not None:
            assert bot.reason == bot.heuristic.reason
    assert found, "the search never overrode the heuristic in ten hands"
