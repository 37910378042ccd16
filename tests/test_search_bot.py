"""The search bot (level "strong"): legal and deterministic from its seed, and its guesses at the hidden
cards agree with everything the seat has seen, replayed by the engine itself."""

from __future__ import annotations

import hashlib
import random
from typing import Any, Callable

import pytest

from trickbook.actions import Action
from trickbook.bots import LEVELS, make_bot
from trickbook.bots.search import SearchBot, World
from trickbook.cards import Card
from trickbook.games import find_game
from trickbook.messages import MESSAGES
from trickbook.shuffle import deal_hand
from trickbook.table import reasons  # noqa: F401  (registers the bots' reason messages)

GAMES = ["euchre", "yorkshire", "trinidad", "nap"]


def seed_of(*parts: Any) -> str:
    return hashlib.sha256(" ".join(map(str, parts)).encode()).hexdigest()


def new_hand(game: str, n: int) -> Any:
    cls = find_game(game)
    seats = tuple(cls.default_seats)
    dealer = seats[n % len(seats)]
    return cls(None, seats, dealer, deal_hand(game, seats, dealer, seed_of("search", game, n), 1))


def positions(game: str, hands: int, phases: Callable[[str], bool]) -> list[tuple[Any, dict[str, Any]]]:
    """(state, observation) at every decision with a choice in the phases wanted, heuristic bots playing."""
    out = []
    for n in range(hands):
        state = new_hand(game, n)
        bots = {s: make_bot(game, seed=i) for i, s in enumerate(state.seats)}
        while not (state.is_terminal or state.winner is not None):
            seat = state.current_player
            obs = state.observation(seat)
            if phases(obs["phase"]) and len(obs["legal"]) > 1:
                out.append((state.clone(), obs))
            state.apply(Action.parse(bots[seat].choose(obs), state.seats))
    return out


def play_positions(game: str, hands: int) -> list[tuple[Any, dict[str, Any]]]:
    """(state, observation) at every trick-play decision with a choice."""
    return positions(game, hands, lambda phase: phase == "play")


def test_make_bot_offers_a_gentle_and_a_strong_level():
    assert LEVELS == ("gentle", "strong")
    assert type(make_bot("euchre", seed=1, level="strong")) is SearchBot
    assert type(make_bot("euchre", seed=1)).__name__ == "EuchreBot"
    with pytest.raises(ValueError, match="unknown bot level"):
        make_bot("euchre", level="fierce")


@pytest.mark.parametrize("game", GAMES)
def test_search_bot_is_deterministic_from_its_seed_and_answers_only_legal_actions(game):
    positions = play_positions(game, 30 if game == "nap" else 6)[:12]
    assert positions, "no trick-play decision to try the bot on"
    for _state, obs in positions:
        first = make_bot(game, seed=7, level="strong").choose(obs)
        assert first == make_bot(game, seed=7, level="strong").choose(obs)
        assert first in obs["legal"]


def guessed_world(game, state, obs, rng):
    """A world guessed from ``obs`` and the engine state rebuilt from one sample of it (both must exist)."""
    world = World.from_observation(type(state), obs)
    hidden = world.sample(rng)
    assert hidden is not None
    rebuilt = world.rebuild(hidden)
    assert rebuilt is not None, "the engine refused a guess that should fit"
    return world, rebuilt


@pytest.mark.parametrize("game", ["euchre", "yorkshire", "trinidad"])
def test_every_guessed_world_keeps_the_seats_hand_the_public_play_and_the_voids_shown(game):
    rng = random.Random(3)
    checked = 0
    for state, obs in play_positions(game, 12):
        world, rebuilt = guessed_world(game, state, obs, rng)
        seat = obs["seat"]
        # What the seat sees is the same in the guessed world: its hand, the tricks, the legal moves.
        guessed = rebuilt.observation(seat)
        for key in ("hand", "tricks", "legal", "trump", "hand_sizes", "score", "current"):
            assert guessed[key] == obs[key], key
        # A seat that showed out of a suit holds none of it in the guess.
        for other, suits in world.void.items():
            if other == seat:
                continue
            assert not [c for c in rebuilt.hands[other] if type(state).suit_of(c, rebuilt.trump) in suits]
        checked += 1
    assert checked > 20


def test_voids_come_from_the_follow_rule_not_from_any_card_off_suit():
    # Yorkshire lets a seat trump while holding the suit led: trumping shows no void; a plain card does.
    cls = find_game("yorkshire")
    assert not cls.shows_out(Card.parse("2S"), "H", "S")
    assert cls.shows_out(Card.parse("2C"), "H", "S")
    # In Euchre the left bower follows trumps, so it shows no void in its printed suit.
    euchre = find_game("euchre")
    assert not euchre.shows_out(Card.parse("JD"), "H", "H")


# ----- the calls before trick play are searched too ---------------------------------------------------

def euchre_round_one(hand_n: list[str], upcard: str = "9H") -> Any:
    """A Euchre hand at North's first call (West deals): North's hand given, the rest dealt in order."""
    from trickbook.game import Deal

    cls = find_game("euchre")
    seats = tuple(cls.default_seats)
    mine = [Card.parse(c) for c in hand_n]
    up = Card.parse(upcard)
    rest = [c for c in cls.pack() if c not in mine and c != up]
    hands = {"N": mine, "E": rest[0:5], "S": rest[5:10], "W": rest[10:15]}
    return cls(None, seats, "W", Deal(hands, turn=up, kitty=rest[15:]))


class Answers:
    """A stand-in heuristic that always answers ``text`` (to show what the search does with its call)."""

    def __init__(self, text: str) -> None:
        self.text, self.reason = text, None

    def choose(self, observation: Any) -> str:
        return self.text


def test_the_call_search_goes_alone_with_a_lay_down_the_heuristic_would_only_order():
    # Hearts turned up; North holds both bowers, the A and K of hearts and the A of clubs. The others hold
    # at most three trumps (Q, 10, 9), which four rounds of the top trumps draw, and the A of clubs takes
    # the last trick: alone, the hand takes all five for 4 points instead of 2. The heuristic counts the
    # upcard going to the opponents (West deals) and only orders; the play-outs show going alone is worth more.
    state = euchre_round_one(["JH", "JD", "AH", "KH", "AC"])
    obs = state.observation("N")
    assert set(obs["legal"]) == {"N order", "N order alone", "N pass"}
    bot = SearchBot("euchre", seed=4)
    assert bot.heuristic.choose(obs) == "N order"
    assert bot.choose(obs) == "N order alone"
    # Told by the trumps it is made on: both bowers, the ace and the king of hearts.
    assert bot.reason == ("bot-trumps-count", {"seat": "N", "suit": "H", "count": 4})
    assert bot.worlds_tried >= 2 and bot.work <= bot.budget


def test_the_call_search_declines_to_order_up_a_hopeless_hand():
    # No trump, no ace, the jack of hearts turned up for the dealer's side: a heuristic that wanted to go
    # alone is overruled by the play-outs (euchred in almost every guess), and the bot passes.
    state = euchre_round_one(["9C", "TC", "9S", "TS", "QD"], upcard="JH")
    obs = state.observation("N")
    bot = SearchBot("euchre", seed=4)
    bot.heuristic = Answers("N order alone")
    assert bot.choose(obs) == "N pass"
    assert bot.reason == ("bot-pass-count", {"seat": "N", "suit": "H", "count": 0})


def bidding_positions(game: str, hands: int) -> list[tuple[Any, dict[str, Any]]]:
    """(state, observation) at every call before trick play with a choice."""
    return positions(game, hands, lambda phase: phase not in ("play", "discard"))


# The fast tier searches Euchre's calls; Trinidad's and Nap's are left to the full tier.
@pytest.mark.parametrize("game", ["euchre", pytest.param("trinidad", marks=pytest.mark.slow),
                                  pytest.param("nap", marks=pytest.mark.slow)])
def test_a_searched_call_is_legal_deterministic_from_the_seed_and_explained(game):
    positions = bidding_positions(game, 16)[:24]
    assert len(positions) >= 8
    searched = 0
    for _state, obs in positions:
        bot = SearchBot(game, seed=11)
        choice = bot.choose(obs)
        assert choice in obs["legal"] and choice.startswith(obs["seat"] + " ")
        assert choice == SearchBot(game, seed=11).choose(obs)
        assert bot.work <= bot.budget
        searched += bot.worlds_tried >= 2
        if bot.searched is not None:
            code, values = bot.reason
            assert code in MESSAGES and values["seat"] == obs["seat"] and not code.startswith("bot-looked-ahead")
            assert choice != bot.heuristic.choose(obs)
        else:
            assert bot.reason == bot.heuristic.reason
    assert searched >= len(positions) // 2, "most calls were not searched"


@pytest.mark.parametrize("game", ["euchre", "trinidad"])
def test_a_guessed_world_at_a_call_keeps_the_seats_hand_and_the_calls_made(game):
    rng = random.Random(5)
    checked = 0
    for state, obs in bidding_positions(game, 16):
        _world, rebuilt = guessed_world(game, state, obs, rng)
        guessed = rebuilt.observation(obs["seat"])
        for key in ("hand", "legal", "phase", "current", "score", "trump", "hand_sizes"):
            assert guessed[key] == obs[key], key
        assert [str(a) for a in rebuilt.history] == [str(a) for a in state.history]
        checked += 1
    assert checked >= 8


@pytest.mark.slow  # plays searches at every pitch; the full tier keeps it
def test_the_yorkshire_pitch_is_the_heuristics_because_a_searched_pitch_measured_worse(monkeypatch):
    # The first lead names trumps; within the budget the search sees too few worlds per suit to judge it
    # (bench/duplicate.py), so the strong bot pitches as the gentle one does, and says so in its reason.

    pitches = [obs for _state, obs in positions("yorkshire", 40, lambda phase: phase == "play")
               if obs["trump"] is None]
    assert len(pitches) >= 30
    for obs in pitches:
        strong, gentle = make_bot("yorkshire", seed=5, level="strong"), make_bot("yorkshire", seed=5)
        assert strong.choose(obs) == gentle.choose(obs)
        assert strong.reason is not None and strong.reason[0] == "bot-pitch"
    # The test can fail: searched (the bot declaring it), some of the same pitches change.
    from trickbook.bots.allfours import YorkshireBot

    monkeypatch.setattr(YorkshireBot, "search_pitches", True)
    changed = [obs for obs in pitches
               if make_bot("yorkshire", seed=5, level="strong").choose(obs)
               != make_bot("yorkshire", seed=5).choose(obs)]
    assert changed


@pytest.mark.parametrize("game", ["euchre", "trinidad"])
def test_a_guess_dealt_again_is_paid_for_and_no_move_works_past_its_budget(game, monkeypatch):
    # Each deal shuffled to guess the hidden cards is work: a guess that took many deals (voids shown, a
    # Euchre maker's trumps) is counted, so such a move tries fewer worlds instead of taking longer.
    positions = play_positions(game, 4)[:6]
    assert positions
    plain = []
    for _state, obs in positions:
        bot = SearchBot(game, seed=3)
        bot.choose(obs)
        assert bot.work <= bot.budget
        plain.append(bot.worlds_tried)
    sample = World.sample

    def hard_to_fit(self: World, rng: random.Random) -> Any:
        hidden = sample(self, rng)
        self.attempts = 31  # as if thirty deals had broken a void before one fitted
        return hidden

    monkeypatch.setattr(World, "sample", hard_to_fit)
    fewer = 0
    for (_state, obs), before in zip(positions, plain, strict=True):
        bot = SearchBot(game, seed=3)
        assert bot.choose(obs) in obs["legal"]
        assert bot.work <= bot.budget
        assert bot.worlds_tried <= before
        fewer += bot.worlds_tried < before
    assert fewer, "no move paid for its guesses dealt again"
