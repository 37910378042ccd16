"""The state contract, checked at every state of many seeded hands of every game and rules option.

In the spirit of OpenSpiel's random simulation test: hands are dealt from seeds and
played by random players and by the game's bots; at every state the legal actions
are sorted, non-empty until the end and each one applies, and (every fourth hand) they
are exactly the actions why_illegal accepts among every well-formed action of every
seat; clone and replay agree;
observations hide the other hands, and their history of the hand's actions hides every private
card (Euchre's discard) from the other seats; cards are conserved; scores balance.
"""

from __future__ import annotations

import hashlib
import os
import random
from collections import Counter
from dataclasses import fields
from typing import Any, Iterator

import pytest

from trickbook.actions import ALONE_VERBS, CONTRACTS, VERBS, Action
from trickbook.bots import RandomBot, make_bot
from trickbook.cards import SUITS, Card, full_pack
from trickbook.games import GAMES, find_game
from trickbook.match import hand_finished
from trickbook.shuffle import deal_hand

# TRICKBOOK_TEST_SCALE (tests/conftest.py) scales the counts: 0.1 in the fast tier, 1 in the full one.
SCALE = float(os.environ.get("TRICKBOOK_TEST_SCALE", "1"))
RANDOM_HANDS = max(8, round(140 * SCALE))  # per game and rules option, played by random players
BOT_HANDS = max(4, round(60 * SCALE))      # per game and rules option, played by the game's bots
FULL_CHECK_EVERY = 4  # every fourth hand also applies every legal action to a clone at every state


def variants() -> Iterator[Any]:
    """Every game with its default rules, then with each true/false option flipped."""
    for game in GAMES:
        rules_class = find_game(game).rules_class
        yield pytest.param(game, {}, id=f"{game}-default")
        for f in fields(rules_class):
            default = getattr(rules_class(), f.name)
            if type(default) is bool:
                yield pytest.param(game, {f.name: not default}, id=f"{game}-{f.name}-{not default}")


def seed_of(*parts: Any) -> str:
    return hashlib.sha256(" ".join(map(str, parts)).encode()).hexdigest()


def table_for(game: str, rng: random.Random) -> tuple[str, ...]:
    cls = find_game(game)
    if game == "nap":
        return tuple("ABCDEFG"[: rng.choice([3, 4, 4, 5, 7])])
    return tuple(cls.default_seats)


def starting_score(state_cls, rules, seats, rng: random.Random) -> dict[str, int] | None:
    """Half the hands start near the target, so that kicks, gifts and the last points can win."""
    if not rules.target or rng.random() < 0.5:
        return None
    teams = (seats[0] + seats[2], seats[1] + seats[3])
    return {t: rng.randrange(rules.target) for t in teams}


# ----- the checks -----------------------------------------------------------

def concealed_from(state, seat: str) -> set[str]:
    """Cards ``seat`` must not see: the other hands, and the cards kept face down."""
    hidden = {str(c) for s in state.seats if s != seat for c in state.hands[s]}
    if state.game == "euchre":
        hidden |= {str(c) for c in state.kitty}
        if state.discarded is not None and seat != state.dealer:
            hidden.add(str(state.discarded))
        # Everyone saw the upcard face up, wherever it went afterwards.
        hidden.discard(str(state.upcard))
    if state.game == "trinidad":
        hidden |= {str(c) for c in state.stock}
    return hidden


def words(value: Any) -> set[str]:
    """Every word of every string in a view (keys included)."""
    out: set[str] = set()
    if isinstance(value, str):
        out.update(value.split())
    elif isinstance(value, dict):
        for k, v in value.items():
            out |= words(k) | words(v)
    elif isinstance(value, (list, tuple)):
        for v in value:
            out |= words(v)
    return out


def out_of_hands(state) -> list[Card]:
    """Cards dealt but neither in a hand nor in a trick: the kitty, the upcard, the stock and kicks."""
    if state.game == "euchre":
        extra = state.kitty_cards()
        return extra + ([state.upcard] if state.upcard_state == "face-up" else [])
    if state.game == "trinidad":
        return list(state.stock) + list(state.kicks)
    return []


def check_cards_conserved(state) -> None:
    now = [c for h in state.hands.values() for c in h]
    now += [c for t in state.tricks for c in t.cards]
    now += out_of_hands(state)
    assert Counter(now) == Counter(state.deal.all_cards()), "cards appeared, vanished or doubled"


def check_scores(state, before: dict[str, int]) -> None:
    gained = Counter()
    for award in state.awards:
        gained[award.team] += award.points
    if state.game == "nap":
        assert sum(state.score.values()) == sum(before.values())
        if state.payments is not None:
            assert sum(state.payments.values()) == 0
            assert all(state.score[s] == before[s] + state.payments[s] for s in state.seats)
        return
    for team in state.teams:
        assert state.score[team] == before.get(team, 0) + gained[team]
    if state.winner is not None:
        assert state.score[state.winner] >= state.rules.target


def check_state(state, fresh, before, full: bool) -> None:
    legal = state.legal_actions()
    texts = [str(a) for a in legal]
    assert texts == sorted(texts) and len(set(texts)) == len(texts)
    if state.is_terminal:
        assert legal == [] and state.current_player is None
    elif state.winner is None:
        assert legal, f"no legal action in phase {state.phase}"
        # The seat to act's actions, and those a seat may take out of turn (Yorkshire's early look).
        assert all(a.seat == state.current_player or state.out_of_turn_allowed(a) for a in legal)
        assert all(state.why_illegal(a) is None for a in legal)
    for seat in state.seats:
        obs = state.observation(seat)
        leaked = words(obs) & concealed_from(state, seat)
        assert not leaked, f"{seat} can see {sorted(leaked)}"
        check_history(state, seat, obs["history"])
        assert obs["legal"] == [t for t, a in zip(texts, legal, strict=False) if a.seat == seat]
    if full:
        check_legal_is_what_why_illegal_accepts(state, legal)
    check_cards_conserved(state)
    check_scores(state, before)
    if full and not hand_finished(state):
        view = state.full_view()
        for action in legal:
            state.clone().apply(action)
        assert state.full_view() == view, "applying to a clone changed the original"
    if full or hand_finished(state):
        check_replay(state, fresh)


def check_history(state, seat: str, history: list[str]) -> None:
    """A seat's history is every action of the hand in order: its own and the public ones as they were
    taken, another seat's private one with only its hidden card masked."""
    assert len(history) == len(state.history)
    for shown, action in zip(history, state.history, strict=True):
        if shown != str(action):
            assert action.seat != seat, f"{seat}'s own action {action} is masked from it"
            assert shown == f"{action.seat} {action.verb} ?" and action.card is not None, (shown, str(action))


def test_the_leak_check_sees_a_discard_shown_in_the_history(monkeypatch):
    """The no-leak check covers the history: were the discard shown there, it would fail."""
    cls = find_game("euchre")
    seats = cls.default_seats
    state = cls(None, seats, "W", deal_hand("euchre", seats, "W", seed_of("leak"), 1))
    for seat in seats[:3]:
        state.apply(Action(seat, "pass"))
    state.apply(Action("W", "pickup"))
    discard = state.hands["W"][0]
    state.apply(Action("W", "discard", card=discard))
    for seat in seats:
        obs = state.observation(seat)
        assert obs["history"][-1] == ("W discard " + str(discard) if seat == "W" else "W discard ?")
        assert not words(obs) & concealed_from(state, seat)
    monkeypatch.setattr(cls, "seen_as", classmethod(lambda _cls, action, viewer: str(action)))
    leaks = {seat: words(state.observation(seat)) & concealed_from(state, seat) for seat in seats}
    assert leaks == {"N": {str(discard)}, "E": {str(discard)}, "S": {str(discard)}, "W": set()}


def candidates(state) -> Iterator[Action]:
    """Every well-formed action of every seat: each verb with each card, suit or contract, alone or not."""
    for seat in state.seats:
        for verb, kind in VERBS.items():
            if kind == "card":
                args = [{"card": c} for c in full_pack()]
            elif kind == "suit":
                args = [{"suit": s} for s in SUITS]
            elif kind == "contract":
                args = [{"contract": c} for c in CONTRACTS]
            else:
                args = [{}]
            for arg in args:
                yield Action(seat, verb, **arg)
                if verb in ALONE_VERBS:
                    yield Action(seat, verb, alone=True, **arg)


def check_legal_is_what_why_illegal_accepts(state, legal) -> None:
    """The contract, exactly: legal_actions() is the set of actions why_illegal() accepts."""
    accepted = {a for a in candidates(state) if state.why_illegal(a) is None}
    assert accepted == set(legal), (sorted(map(str, accepted ^ set(legal))), state.phase)


def check_replay(state, fresh) -> None:
    """A clone and a replay of the history from the deal agree with the state."""
    replayed = fresh()
    for action in state.history:
        replayed.apply(Action.parse(str(action), state.seats))
    assert replayed.full_view() == state.full_view()
    assert state.clone().full_view() == state.full_view()


def play_checked(game: str, options: dict, n: int, use_bots: bool) -> None:
    rng = random.Random(seed_of(game, options, n, use_bots))
    cls = find_game(game)
    rules = cls.rules_class.from_options(options)
    seats = table_for(game, rng)
    dealer = rng.choice(seats)
    deal = deal_hand(game, seats, dealer, seed_of("deal", game, options, n, use_bots), 1)
    score = starting_score(cls, rules, seats, rng)

    def fresh():
        return cls(rules, seats, dealer, deal, score)

    state = fresh()
    before = dict(state.score) if game == "nap" else dict(score or {t: 0 for t in state.teams})
    if game != "nap":
        # Points scored at the deal (a Trinidad kick) are awards already counted from ``score``.
        before = {t: (score or {}).get(t, 0) for t in state.teams}
    players = {s: (make_bot(game, seed=i) if use_bots else RandomBot(rng.randrange(1 << 30)))
               for i, s in enumerate(seats)}
    full = n % FULL_CHECK_EVERY == 0
    check_state(state, fresh, before, full)
    while not hand_finished(state):
        if try_out_of_turn(state, rng):
            check_state(state, fresh, before, full)
            continue
        seat = state.current_player
        choice = players[seat].choose(state.observation(seat))
        assert choice in [str(a) for a in state.legal_actions()], f"{choice!r} is not legal"
        state.apply(Action.parse(choice, seats))
        check_state(state, fresh, before, full)
    check_replay(state, fresh)


def try_out_of_turn(state, rng: random.Random) -> bool:
    """Now and then make the one out-of-turn action there is: Yorkshire's early look (``peek``)."""
    if state.game != "yorkshire" or rng.random() > 0.05:
        return False
    for seat in state.seats:
        action = Action(seat, "peek")
        if state.why_illegal(action) is None:
            state.apply(action)
            return True
    return False


@pytest.mark.parametrize(("game", "options"), list(variants()))
def test_random_hands_keep_the_state_contract(game, options):
    for n in range(RANDOM_HANDS):
        play_checked(game, options, n, use_bots=False)


@pytest.mark.parametrize(("game", "options"), list(variants()))
def test_bot_hands_keep_the_state_contract(game, options):
    for n in range(BOT_HANDS):
        play_checked(game, options, n, use_bots=True)
