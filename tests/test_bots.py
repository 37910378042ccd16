"""The bots' measurable bar: they beat random players, and their trump-making is no worse than random.

For every game present: over 200 seeded matches a side of bots beats a side of
uniformly random players in at least 80 % of them (Nap: over 200 seeded hands the
bot seats' mean balance is positive); and bots that play the cards but make trump
or bid at random do no better against the full bots than the full bots do.
"""

from __future__ import annotations

import hashlib
import random
from typing import Any, Mapping

import pytest

from trickbook.bots import BOTS, RandomBot, make_bot
from trickbook.games import find_game
from trickbook.match import play_match
from trickbook.shuffle import deal_hand

MATCHES = 200
NAP_ROUNDS = 50  # four seats, fifty deals each: 200 hands


def bot_param(game: str) -> Any:
    return pytest.param(game, id=game)


PARTNERSHIP_GAMES = [bot_param(g) for g in ("yorkshire", "trinidad", "euchre")]


def seed_of(*parts: Any) -> str:
    return hashlib.sha256(" ".join(map(str, parts)).encode()).hexdigest()


class RandomTrumpMaking:
    """The game's bot for the cards, uniformly random while trump is being made or bid for.

    Trump is being made while no trump is set (Euchre's two rounds, Nap's bidding
    and the declarer's first lead, Yorkshire's pitch) and while Trinidad's eldest
    hand begs and the dealer gives or runs the pack.
    """

    def __init__(self, game: str, seed: int) -> None:
        self.bot = make_bot(game, seed=seed)
        self.rng = random.Random(seed)

    def choose(self, observation: Mapping[str, Any]) -> str:
        if observation["trump"] is None or observation["phase"] in ("beg", "give"):
            return self.rng.choice(observation["legal"])
        return self.bot.choose(observation)


def sides(seats, n: int) -> tuple[tuple[str, str], tuple[str, str]]:
    """The two partnerships, swapping which one the tested side takes each match."""
    a, b = (seats[0], seats[2]), (seats[1], seats[3])
    return (a, b) if n % 2 == 0 else (b, a)


def win_share(game: str, make_tested, make_other, label: str) -> float:
    seats = tuple(find_game(game).default_seats)
    wins = 0
    for n in range(MATCHES):
        tested, other = sides(seats, n)
        bots = {s: make_tested(n * 4 + i) for i, s in enumerate(tested)}
        bots.update({s: make_other(n * 4 + 2 + i) for i, s in enumerate(other)})
        match = play_match(game, bots, seed_of(label, game, n))
        wins += match.winner == tested[0] + tested[1] or match.winner == tested[1] + tested[0]
    return wins / MATCHES


@pytest.mark.slow  # a statistical bar; the fast tier keeps the determinism and legality test below
@pytest.mark.parametrize("game", PARTNERSHIP_GAMES)
def test_bots_beat_random_players_in_at_least_80_percent_of_matches(game):
    share = win_share(game, lambda s: make_bot(game, seed=s), RandomBot, "bots-vs-random")
    assert share >= 0.8, f"{game} bots won only {share:.0%} of {MATCHES} matches against random players"


@pytest.mark.slow  # a statistical bar; the fast tier keeps the determinism and legality test below
@pytest.mark.parametrize("game", PARTNERSHIP_GAMES)
def test_bots_trump_making_is_no_worse_than_random(game):
    share = win_share(game, lambda s: make_bot(game, seed=s), lambda s: RandomTrumpMaking(game, s), "making")
    assert share >= 0.5, f"{game} bots won only {share:.0%} against the same bots making trump at random"


def nap_mean_balance(make_tested, make_other, label: str) -> float:
    """Two tested seats (A, C) against two others (B, D), over 200 seeded hands."""
    bots = {"A": make_tested(1), "B": make_other(2), "C": make_tested(3), "D": make_other(4)}
    match = play_match("nap", bots, seed_of(label), rounds=NAP_ROUNDS)
    assert len(match.hands) == 4 * NAP_ROUNDS
    balances = match.balances()
    return (balances["A"] + balances["C"]) / 2


@pytest.mark.slow  # a statistical bar; the fast tier keeps the determinism and legality test below
@pytest.mark.parametrize("game", [bot_param("nap")])
def test_nap_bot_seats_mean_balance_is_positive_against_random_players(game):
    assert nap_mean_balance(lambda s: make_bot("nap", seed=s), RandomBot, "nap-vs-random") > 0


@pytest.mark.slow  # a statistical bar; the fast tier keeps the determinism and legality test below
@pytest.mark.parametrize("game", [bot_param("nap")])
def test_nap_bot_bidding_is_no_worse_than_random(game):
    balance = nap_mean_balance(lambda s: make_bot("nap", seed=s), lambda s: RandomTrumpMaking("nap", s), "nap-bidding")
    assert balance >= 0


@pytest.mark.parametrize("game", [bot_param(g) for g in BOTS])
def test_bot_is_deterministic_from_its_seed_and_answers_only_legal_actions(game):
    cls = find_game(game)
    seats = tuple(cls.default_seats)
    for n in range(20):
        dealer = seats[n % len(seats)]
        state = cls(None, seats, dealer, deal_hand(game, seats, dealer, seed_of("det", n), 1))
        while not (state.is_terminal or state.winner is not None):
            obs = state.observation(state.current_player)
            first = make_bot(game, seed=n).choose(obs)
            assert first == make_bot(game, seed=n).choose(obs)
            assert first in obs["legal"]
            state.apply(state.legal_actions()[[str(a) for a in state.legal_actions()].index(first)])


def test_make_bot_finds_bots_by_game_name_and_alias():
    assert type(make_bot("napoleon")).__name__ == "NapBot"


def test_random_bot_picks_uniformly_among_the_legal_actions():
    bot = RandomBot(seed=3)
    counts = {a: 0 for a in ("A pass", "A bid three", "A bid four")}
    for _ in range(3000):
        counts[bot.choose({"legal": list(counts), "seat": "A"})] += 1
    assert all(900 < c < 1100 for c in counts.values())
