"""The hands a seat cannot tell apart: guesses at the hidden cards that fit everything it has seen.

For trick play, ``World`` reads one seat's observation: its hand, the cards
played and thrown, and each seat's voids shown by the engine's follow rule.
``sample`` deals the unseen cards among the other seats (and the kitty or stock)
keeping those voids, and ``rebuild`` replays the hand's public actions on that
deal through the engine, so a guess that contradicts what was played is refused
by the engine's own rules.

What comes before trick play is the game's own: each game's bot declares a
``worlds`` hook (``world_hook``) that adds the public calls made so far
(``before_play``), the cards seen out of the hands (an upcard, the kicks) and
how the rest of the pack is laid out (``deal_extras``, ``arrange``). Nap's,
Euchre's and the All Fours games' hooks live in their bot modules. A game whose
bot declares none gets ``trick_play_world``: a hand dealt straight into trick
play, with its turned card read from the view's ``turn``. A position a hook
cannot rebuild raises ``NoWorlds`` with the reason, and the search says so
(``SearchBot.unsearched``) instead of guessing.
"""

from __future__ import annotations

import random
from typing import Any, Callable, Mapping

from ..actions import Action
from ..cards import Card
from ..errors import TrickbookError
from ..game import Deal, HandState
from ..model import Phase

# Attempts at a deal that respects the known voids before the voids are relaxed.
SAMPLE_TRIES = 30


class NoWorlds(TrickbookError):
    """A position whose hidden hands the game's bot declares it cannot rebuild (the message says why)."""

    code = "no-worlds"


def fixed(action: Action) -> Callable[[dict[str, list[Card]]], Action]:
    """An action that does not depend on the sampled hands."""
    return lambda hands: action


class World:
    """What one seat knows of a hand in trick play, and how to rebuild a full state from a guess."""

    def __init__(self, hand_class: type[HandState], obs: Mapping[str, Any]) -> None:
        self.hand_class = hand_class
        self.obs = obs
        self.seat: str = obs["seat"]
        self.seats: tuple[str, ...] = tuple(obs["seats"])
        self.dealer: str = obs["dealer"]
        trump: str | None = obs.get("trump")
        self.trump = trump
        self.suit_of: Callable[[Card], str] = lambda card: hand_class.suit_of(card, trump)
        self.mine = [Card.parse(c) for c in obs["hand"]]
        house = hand_class.rules_from_view(obs)
        # The public actions of trick play, and the cards each seat has parted with.
        self.plays: list[Action] = []
        self.parted: dict[str, list[Card]] = {s: [] for s in self.seats}
        self.void: dict[str, set[str]] = {s: set() for s in self.seats}
        for trick in obs["tricks"]:
            led: str | None = None
            for entry in trick["plays"]:
                seat = entry[0]
                if len(entry) == 2:
                    card = Card.parse(entry[1])
                    self.plays.append(Action(seat, "play", card=card))
                    self.parted[seat].append(card)
                    if led is None:
                        led = self.suit_of(card)
                    elif hand_class.shows_out(card, led, trump, house):
                        self.void[seat].add(led)
                else:
                    thrown = [Card.parse(c) for c in entry[2]]
                    self.plays.append(Action(seat, "throw"))
                    self.parted[seat].extend(thrown)
        self.sizes: dict[str, int] = {s: int(n) for s, n in obs["hand_sizes"].items()}
        self.fixed: dict[str, list[Card]] = {s: [] for s in self.seats}  # known cards in hidden hands
        self.known: list[Card] = []  # seen cards out of the hands (upcard, kicks, own discard)
        self.extra_hidden = 0  # hidden cards that belong to no current hand but to the rebuild (a discard)
        self.before_play: list[Callable[[dict[str, list[Card]]], Action]] = []
        self.deal_extras: Callable[[list[Card]], dict[str, Any]] = lambda rest: {}
        # Or, when the deal's extra cards depend on the hands (a Trinidad run): trims the hands to
        # the cards first dealt and returns the extras.
        self.arrange: Callable[[dict[str, list[Card]], list[Card]], dict[str, Any]] | None = None
        self.score_before = self._score_before(obs)
        self.more_cards = 0  # cards a play-out may deal besides the hands' (a Trinidad run)
        self.attempts = 0  # the deals the last ``sample`` shuffled (the search pays for each)
        # Whether a guess fits what the calls said (a Euchre maker holds trumps); asked of the first
        # half of the deals a sample tries.
        self.plausible: Callable[[dict[str, list[Card]]], bool] = lambda hidden: True
        # Puts back into the dealt hands what the calls changed (a Euchre pickup and its discard);
        # False refuses the guess.
        self.undo_calls: Callable[[dict[str, list[Card]], dict[str, list[Card]]], bool] | None = None
        # A check of the rebuilt state against the view (the generic world's trumps); False refuses it.
        self.agrees: Callable[[HandState], bool] | None = None

    def _score_before(self, obs: Mapping[str, Any]) -> dict[str, int]:
        score = {k: int(v) for k, v in obs["score"].items()}
        for award in obs.get("awards", []):
            who = award.get("team", award.get("seat"))
            if who in score:
                score[who] -= int(award["points"])
        return score

    @classmethod
    def from_observation(cls, hand_class: type[HandState], obs: Mapping[str, Any]) -> "World":
        """The world of ``obs``, completed by the hook of the game's bot; ``NoWorlds`` if it declares
        the position beyond it."""
        world = cls(hand_class, obs)
        return world_hook(hand_class)(world)

    def next_seat(self, seat: str) -> str:
        return self.seats[(self.seats.index(seat) + 1) % len(self.seats)]

    def order_from(self, first: str) -> list[str]:
        """The seats in the order of play, from ``first``."""
        i = self.seats.index(first)
        return [self.seats[(i + k) % len(self.seats)] for k in range(len(self.seats))]

    # ----- sampling and rebuilding ------------------------------------------------
    def sample(self, rng: random.Random) -> dict[str, list[Card]] | None:
        """Hidden hands for the other seats (now), respecting the voids; '_discard' and '_rest' too."""
        pack = self.hand_class.pack()
        seen = set(self.mine) | set(self.known)
        for cards in self.parted.values():
            seen.update(cards)
        for cards in self.fixed.values():
            seen.update(cards)
        pool = [c for c in pack if c not in seen]
        self.attempts = 0
        need = {s: self.sizes.get(s, 0) - len(self.fixed[s]) for s in self.seats if s != self.seat}
        if any(n < 0 for n in need.values()) or sum(need.values()) + self.extra_hidden > len(pool):
            return None
        voids = self.void
        for attempt in range(SAMPLE_TRIES + 1):
            self.attempts += 1
            relax = attempt == SAMPLE_TRIES
            cards = pool[:]
            rng.shuffle(cards)
            hands: dict[str, list[Card]] = {}
            ok = True
            for s in sorted(need, key=lambda s: (-len(voids[s]), self.seats.index(s))):
                allowed = cards if relax else [c for c in cards if self.suit_of(c) not in voids[s]]
                if len(allowed) < need[s]:
                    ok = False
                    break
                pick = allowed[: need[s]]
                hands[s] = pick + self.fixed[s]
                taken = set(pick)
                cards = [c for c in cards if c not in taken]
            if ok and (relax or attempt >= SAMPLE_TRIES // 2 or self.plausible(hands)):
                hands["_discard"] = cards[: self.extra_hidden]
                hands["_rest"] = cards[self.extra_hidden:]
                return hands
        return None

    def rebuild(self, hidden: dict[str, list[Card]]) -> HandState | None:
        """The full state this guess implies, replayed through the engine; None if the engine refuses it."""
        dealt: dict[str, list[Card]] = {}
        for s in self.seats:
            now = self.mine if s == self.seat else hidden[s]
            dealt[s] = list(now) + self.parted[s]
        if self.undo_calls is not None and not self.undo_calls(dealt, hidden):
            return None
        if self.arrange is not None:
            extras = self.arrange(dealt, list(hidden["_rest"]))
        else:
            extras = self.deal_extras(list(hidden["_rest"]))
        try:
            state = self.hand_class(self._rules(), self.seats, self.dealer,
                                    Deal(dealt, **extras), self.score_before)
            for make in self.before_play:
                state.apply(make(hidden))
            for action in self.plays:
                state.apply(action)
        except TrickbookError:
            return None
        if state.current_player != self.seat or (self.agrees is not None and not self.agrees(state)):
            return None
        return state

    def _rules(self) -> Any:
        return self.hand_class.rules_from_view(self.obs)


def world_hook(hand_class: type[HandState]) -> Callable[[World], World]:
    """What completes a world of ``hand_class``: its bot's ``worlds`` hook, else ``trick_play_world``."""
    from . import bot_class

    hook: Callable[[World], World] | None = getattr(bot_class(hand_class.game), "worlds", None)
    return hook if hook is not None else trick_play_world


def trick_play_world(world: World) -> World:
    """A hand dealt straight into trick play: no call before it, the turned card (the view's ``turn``,
    or one more unseen card) and then the rest of the pack as the kitty and the stock. A rebuilt
    state must show the view's trumps."""
    cls, obs = world.hand_class, world.obs
    if Phase(obs["phase"]) != Phase.PLAY:
        raise NoWorlds(f"{cls.title or cls.game}: the phase {obs['phase']!r} comes before trick play, and the "
                       "game's bot declares no `worlds` hook to rebuild it")
    turn = Card.parse(obs["turn"]) if cls.turn_card and obs.get("turn") else None
    if turn is not None:
        world.known.append(turn)

    def extras(rest: list[Card]) -> dict[str, Any]:
        out: dict[str, Any] = {}
        if cls.turn_card:
            out["turn"] = turn if turn is not None else rest.pop(0)
        if cls.kitty_size:
            out["kitty"], rest = rest[: cls.kitty_size], rest[cls.kitty_size:]
        if cls.has_stock:
            out["stock"] = rest
        return out

    world.deal_extras = extras
    trump = world.trump  # held, not read from the world: a world that points to itself waits for the collector
    world.agrees = lambda state: state.trump == trump
    return world


def starts_with_calls(hand_class: type[HandState]) -> bool:
    """Whether a hand of ``hand_class`` has anything before trick play (a hand dealt by the published
    shuffle is set up and its phase read)."""
    from ..shuffle import deal_hand

    seats = hand_class.default_seats
    state = hand_class(None, seats, seats[-1], deal_hand(hand_class.game, seats, seats[-1], "0" * 64, 1))
    return state.phase != Phase.PLAY
