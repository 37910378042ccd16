"""The hands a seat cannot tell apart: guesses at the hidden cards that fit everything it has seen.

One sampler serves every game. ``World`` reads one seat's observation: its hand,
the cards played and thrown, each seat's voids shown by the engine's follow rule,
and the hand's actions so far as that seat saw them (``history``, where another
seat's private card reads ``?``: Euchre's face-down discard). ``sample`` deals
the unseen cards among the other seats keeping those voids, and one more for each
masked action; ``rebuild`` fills the masked actions with those cards, lays out
the deal (each seat's cards now and those it parted with, less the cards the deal
laid out of the hands) and replays the whole history through the engine, so a
guess that breaks any rule (a void, a bid, a discard) is refused by the engine's
own checks.

How the deal lies, which no history tells, is the game class's own (``HandState.deal_seen`` and
``deal_from``, ``game.py``): the cards seen out of the hands (an upcard, the kicks), a card a seat
is known to hold, and how the rest of the pack is laid out; Trinidad's runs of the pack are laid
out by the engine's own dealing order (``TrinidadHand.run_deals``). A game dealt straight into play
needs nothing of its own. A position whose deal the game cannot lay out from the view raises
``NoWorlds`` with the reason, and the search says so (``SearchBot.unsearched``) instead of guessing.
"""

from __future__ import annotations

import random
from typing import Any, Callable, Mapping

from ..actions import Action
from ..cards import Card
from ..errors import TrickbookError
from ..game import DealSeen, HandState
from ..hand_views import MASK

# Attempts at a deal that respects the known voids before the voids are relaxed.
SAMPLE_TRIES = 30
# The key of a sample's cards for the masked actions, in the history's order.
MASKED = "_masked"


class NoWorlds(TrickbookError):
    """A position whose hidden hands the game's bot declares it cannot rebuild (the message says why)."""

    code = "no-worlds"


class World:
    """What one seat knows of a hand, and how to rebuild a full state from a guess."""

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
        # The cards each seat has parted with (played, thrown, discarded in view), and the voids shown.
        self.parted: dict[str, list[Card]] = {s: [] for s in self.seats}
        self.void: dict[str, set[str]] = {s: set() for s in self.seats}
        for trick in obs["tricks"]:
            led: str | None = None
            for entry in trick["plays"]:
                seat = entry[0]
                if len(entry) == 2:
                    card = Card.parse(entry[1])
                    self.parted[seat].append(card)
                    if led is None:
                        led = self.suit_of(card)
                    elif hand_class.shows_out(card, led, trump, house):
                        self.void[seat].add(led)
                else:
                    self.parted[seat].extend(Card.parse(c) for c in entry[2])
        # The hand's actions so far, in order; a masked one (None here, its place, seat and verb in
        # ``masked``) takes its card from the guess.
        if "history" not in obs:
            raise NoWorlds("the observation carries no history of the hand's actions")
        self.history: list[Action | None] = []
        self.masked: list[tuple[int, str, str]] = []
        for text in obs["history"]:
            words = text.split()
            if words[-1] == MASK:
                self.masked.append((len(self.history), words[0], words[1]))
                self.history.append(None)
                continue
            action = Action.parse(text, self.seats)
            self.history.append(action)
            if action.card is not None and action.verb != "play":
                self.parted[action.seat].append(action.card)  # a card put away in view (one's own discard)
        self.sizes: dict[str, int] = {s: int(n) for s, n in obs["hand_sizes"].items()}
        self.fixed: dict[str, list[Card]] = {s: [] for s in self.seats}  # known cards in hidden hands
        # Cards seen that the deal laid out of the hands (an upcard, the kicks): never in a hand as dealt.
        self.known: list[Card] = []
        # What the view shows of the deal besides the hands (``lay_out`` asks the game's class).
        self.seen = DealSeen(obs)
        self.score_before = self._score_before(obs)
        self.more_cards = 0  # cards a play-out may deal besides the hands' (a Trinidad run)
        self.attempts = 0  # the deals the last ``sample`` shuffled (the search pays for each)

    def _score_before(self, obs: Mapping[str, Any]) -> dict[str, int]:
        score = {k: int(v) for k, v in obs["score"].items()}
        for award in obs.get("awards", []):
            who = award.get("team", award.get("seat"))
            if who in score:
                score[who] -= int(award["points"])
        return score

    @classmethod
    def from_observation(cls, hand_class: type[HandState], obs: Mapping[str, Any]) -> "World":
        """The world of ``obs``, its deal laid out by the game's class; ``NoWorlds`` if the game cannot
        lay it out from that view."""
        return cls(hand_class, obs).lay_out()

    def lay_out(self) -> "World":
        """Read what the view shows of the deal besides the hands (``HandState.deal_seen``): the cards
        laid out of the hands, the cards another seat is known to hold (unless seen leaving it), the
        cards the rest of the hand may deal; ``NoWorlds`` when the game cannot lay the deal out."""
        seen = self.hand_class.deal_seen(self.obs)
        if seen.unknown:
            raise NoWorlds(seen.unknown)
        self.seen = seen
        self.known.extend(seen.laid_out)
        for seat, cards in seen.held.items():
            if seat != self.seat:
                self.fixed[seat].extend(c for c in cards if c not in self.parted[seat])
        self.more_cards = seen.more_cards
        return self

    def next_seat(self, seat: str) -> str:
        return self.seats[(self.seats.index(seat) + 1) % len(self.seats)]

    # ----- sampling and rebuilding ------------------------------------------------
    def sample(self, rng: random.Random) -> dict[str, list[Card]] | None:
        """Hidden hands for the other seats (now), respecting the voids; the masked actions' cards
        (``MASKED``) and the rest of the pack (``_rest``) too."""
        pack = self.hand_class.pack()
        seen = set(self.mine) | set(self.known)
        for cards in self.parted.values():
            seen.update(cards)
        for cards in self.fixed.values():
            seen.update(cards)
        pool = [c for c in pack if c not in seen]
        self.attempts = 0
        need = {s: self.sizes.get(s, 0) - len(self.fixed[s]) for s in self.seats if s != self.seat}
        masked = len(self.masked)
        if any(n < 0 for n in need.values()) or sum(need.values()) + masked > len(pool):
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
            if ok:
                hands[MASKED] = cards[:masked]
                hands["_rest"] = cards[masked:]
                return hands
        return None

    def rebuild(self, hidden: dict[str, list[Card]]) -> HandState | None:
        """The full state this guess implies, its history replayed through the engine; None if the
        engine refuses it or the state it reaches is not the one the seat sees."""
        actions = self.history
        parted = self.parted
        if self.masked:
            actions, parted = list(actions), {s: list(cards) for s, cards in parted.items()}
            for (i, seat, verb), card in zip(self.masked, hidden.get(MASKED, []), strict=False):
                actions[i] = Action(seat, verb, card=card)
                parted[seat].append(card)
        laid_out = set(self.known)
        dealt: dict[str, list[Card]] = {}
        for s in self.seats:
            held = list(self.mine if s == self.seat else hidden[s]) + parted[s]
            dealt[s] = [c for c in held if c not in laid_out] if laid_out else held
        try:
            deal = self.hand_class.deal_from(self.seen, dealt, list(hidden["_rest"]))
            state = self.hand_class(self._rules(), self.seats, self.dealer, deal, self.score_before)
            for action in actions:
                if action is None:
                    return None  # a masked action the guess gave no card
                state.apply(action)
        except TrickbookError:
            return None
        if state.current_player != self.seat or state.trump != self.trump:
            return None
        return state

    def _rules(self) -> Any:
        return self.hand_class.rules_from_view(self.obs)
