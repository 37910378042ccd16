"""One sampler for every game: a guessed world deals the unseen cards, fills the masked actions and
replays the seat's history through the engine, which refuses any guess that breaks a rule."""

from __future__ import annotations

import hashlib
import random
from collections import Counter

import pytest

from trickbook.actions import Action
from trickbook.bots import make_bot
from trickbook.bots.worlds import MASKED, NoWorlds, World
from trickbook.cards import Card
from trickbook.games import find_game
from trickbook.match import hand_finished
from trickbook.shuffle import deal_hand

GAMES = ("euchre", "yorkshire", "trinidad", "nap")


def decisions(game: str, hands: int):
    """Each state of seeded hands played by the gentle bots where a seat has a choice, and that seat."""
    cls = find_game(game)
    seats = cls.default_seats
    for n in range(hands):
        dealer = seats[n % len(seats)]
        seed = hashlib.sha256(f"worlds {game} {n}".encode()).hexdigest()
        state = cls(None, seats, dealer, deal_hand(game, seats, dealer, seed, 1))
        bots = {s: make_bot(game, seed=n) for s in seats}
        while not hand_finished(state):
            seat = state.current_player
            obs = state.observation(seat)
            if len(obs["legal"]) > 1:
                yield state, seat
            state.apply(Action.parse(bots[seat].choose(obs), seats))


@pytest.mark.parametrize("game", GAMES)
def test_a_sample_always_agrees_with_the_public_history(game):
    """A rebuilt world is the hand the seat sees: its history, its hand and every public fact."""
    cls = find_game(game)
    rng = random.Random(game)
    rebuilt_count = tried = 0
    for state, seat in decisions(game, 6):
        obs = state.observation(seat)
        try:
            world = World.from_observation(cls, obs)
        except NoWorlds:
            continue
        for _ in range(2):
            tried += 1
            rebuilt = world.rebuild(world.sample(rng))
            if rebuilt is None:
                continue
            rebuilt_count += 1
            seen = rebuilt.observation(seat)
            assert seen["history"] == obs["history"]
            assert seen == obs, f"{game}: the guessed world shows {seat} another hand than the true one"
    assert tried >= 40 and rebuilt_count >= 0.9 * tried, (rebuilt_count, tried)


def _after_the_discard(n: int):
    """A Euchre hand whose dealer picked the upcard up and discarded, just after the discard."""
    cls = find_game("euchre")
    seats = cls.default_seats
    state = cls(None, seats, "W", deal_hand("euchre", seats, "W", hashlib.sha256(b"discard %d" % n).hexdigest(), 1))
    for seat in "NES":
        state.apply(Action(seat, "pass"))
    state.apply(Action("W", "pickup"))
    state.apply(Action("W", "discard", card=min((c for c in state.hands["W"] if c != state.upcard), key=str)))
    return state


def test_a_masked_discard_is_never_shown_to_the_other_seats():
    """The dealer's discard is face down: the other seats' histories say a card went, never which,
    and their guessed worlds put every unseen card there, not the true one alone."""
    state = _after_the_discard(1)
    discard = state.discarded
    assert state.observation("W")["history"][-1] == f"W discard {discard}"
    rng = random.Random(1)
    for seat in "NES":
        obs = state.observation(seat)
        assert obs["history"] == ["N pass", "E pass", "S pass", "W pickup", "W discard ?"]
        assert str(discard) not in str(obs)
    for n in range(1, 6):  # N leads: its guesses at the discard
        state = _after_the_discard(n)
        world = World.from_observation(find_game("euchre"), state.observation("N"))
        guessed: Counter[Card] = Counter()
        for _ in range(30):
            hidden = world.sample(rng)
            rebuilt = world.rebuild(hidden)
            assert rebuilt is not None and rebuilt.discarded == hidden[MASKED][0]
            guessed[hidden[MASKED][0]] += 1
        # Never the upcard (picked up in view) nor N's own cards; spread over the unseen ones.
        assert state.upcard not in guessed and not guessed.keys() & set(state.hands["N"])
        assert len(guessed) > 5, "the guessed discards cluster on a few cards: the true one leaks"


def test_the_sampler_refuses_impossible_samples():
    """The engine refuses a guess that breaks a void shown, a discard of a card never held, or a
    short hand; the sampler deals only guesses that keep the voids."""
    cls = find_game("yorkshire")
    refused_void = 0
    for state, seat in decisions("yorkshire", 8):
        obs = state.observation(seat)
        world = World.from_observation(cls, obs)
        voids = [(s, suit) for s, suits in world.void.items() if s != seat for suit in suits]
        if not voids:
            continue
        hidden = world.sample(random.Random(0))
        assert hidden is not None and world.rebuild(hidden) is not None
        for s, suit in voids:
            assert not any(cls.suit_of(c, world.trump) == suit for c in hidden[s])
        s, suit = voids[0]
        # Swap a card of the suit s showed out of into its guessed hand, from another hand or the rest.
        donor = next((o for o in hidden if o not in (s, MASKED) and
                      any(cls.suit_of(c, world.trump) == suit for c in hidden[o])), None)
        if donor is None or not hidden[s]:
            continue
        wrong = {k: list(v) for k, v in hidden.items()}
        card = next(c for c in wrong[donor] if cls.suit_of(c, world.trump) == suit)
        wrong[donor][wrong[donor].index(card)] = wrong[s][0]
        wrong[s][0] = card
        assert world.rebuild(wrong) is None, f"{s} showed out of {suit} yet the guess gives it {card}"
        refused_void += 1
        short = {k: list(v) for k, v in hidden.items()}
        short[s] = short[s][1:]
        assert world.rebuild(short) is None
    assert refused_void >= 5

    state = _after_the_discard(2)
    world = World.from_observation(find_game("euchre"), state.observation("N"))
    hidden = world.sample(random.Random(2))
    assert world.rebuild(hidden) is not None
    # The upcard (picked up in view, and still in the dealer's hand), or a card E holds.
    for never_held in (state.upcard, hidden["E"][0]):
        wrong = {k: list(v) for k, v in hidden.items()}
        wrong[MASKED] = [never_held]
        assert world.rebuild(wrong) is None, f"the dealer discards {never_held}, which he did not hold"


def test_a_trinidad_run_is_laid_out_in_the_order_running_the_pack_deals():
    """Rule (Trinidad, running the pack): three more cards to each player from the eldest hand, then a
    new kick. The class's layout (``deal_from``) puts each seat's later cards and the later kicks back
    on the stock in that order, so the deal it rebuilds from the hands after a run is the deal dealt."""
    cls = find_game("trinidad")
    seats = cls.default_seats
    checked = 0
    for n in range(40):
        dealer = seats[n % len(seats)]
        seed = hashlib.sha256(f"run {n}".encode()).hexdigest()
        state = cls(None, seats, dealer, deal_hand("trinidad", seats, dealer, seed, 1))
        if state.phase != "beg":
            continue
        state.apply(Action.parse(f"{state.current_player} beg", seats))
        run = f"{state.current_player} run"
        if run not in [str(a) for a in state.legal_actions()]:
            continue
        state.apply(Action.parse(run, seats))
        if state.runs == 0 or state.redeal:
            continue
        seen = cls.deal_seen(state.observation(state.eldest))
        assert seen.laid_out == state.kicks
        hands = {s: list(state.hands[s]) for s in seats}
        assert all(len(h) == 6 + 3 * state.runs for h in hands.values())
        rebuilt = cls.deal_from(seen, hands, list(state.stock))
        assert rebuilt.hands == state.deal.hands
        assert rebuilt.turn == state.deal.turn
        assert rebuilt.stock == list(state.deal.stock)
        checked += 1
    assert checked >= 20
