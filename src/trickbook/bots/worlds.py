"""The hands a seat cannot tell apart: guesses at the hidden cards that fit everything it has seen.

For trick play, ``World`` reads one seat's observation: its hand, the cards
played and thrown, the upcard, its own discard, the kicks, and each seat's
voids shown by the engine's follow rule. ``sample`` deals the unseen cards among
the other seats (and the kitty or stock) keeping those voids, and ``rebuild``
replays the hand's public actions on that deal through the engine, so a guess
that contradicts what was played is refused by the engine's own rules.

For a call before trick play (Nap's bids, Euchre's first and second rounds,
Trinidad's begging and giving) the public actions are the calls made so far;
the rest of the pack is the kitty or the stock, in the sampled order, so that a
Trinidad run deals from it.
"""

from __future__ import annotations

import random
from typing import Any, Callable, Mapping

from ..actions import Action
from ..cards import Card
from ..errors import TrickbookError
from ..game import Deal, HandState

# Trumps a Euchre maker is taken to hold, when that fits the cards left (see World._plausible).
MAKER_TRUMPS = 2
# Attempts at a deal that respects the known voids before the voids are relaxed.
SAMPLE_TRIES = 30


def _fixed(action: Action) -> Callable[[dict[str, list[Card]]], Action]:
    """An action that does not depend on the sampled hands."""
    return lambda hands: action


class World:
    """What one seat knows of a hand in trick play, and how to rebuild a full state from a guess."""

    def __init__(self, game: str, hand_class: type[HandState], obs: Mapping[str, Any]) -> None:
        self.game = game
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

    def _score_before(self, obs: Mapping[str, Any]) -> dict[str, int]:
        score = {k: int(v) for k, v in obs["score"].items()}
        for award in obs.get("awards", []):
            who = award.get("team", award.get("seat"))
            if who in score:
                score[who] -= int(award["points"])
        return score

    @classmethod
    def from_observation(cls, game: str, hand_class: type[HandState], obs: Mapping[str, Any]) -> "World | None":
        world = cls(game, hand_class, obs)
        phase = obs.get("phase")
        if game == "euchre" and phase in ("round-one", "round-two"):
            return world._euchre_bidding()
        if game == "trinidad" and phase in ("beg", "give"):
            return world._trinidad_bidding()
        if game == "euchre":
            return world._euchre()
        if game == "nap":
            return world._nap()
        if game == "yorkshire":
            return world._yorkshire()
        if game == "trinidad":
            return world._trinidad()
        return None

    # ----- per game: the actions before trick play and the extra cards ---------
    def _nap(self) -> "World":
        declarer, contract = self.obs["declarer"], self.obs["contract"]
        # In the bidding, the seats that have spoken: the highest bidder bid, the others passed (a bid
        # outbid since reads as a pass: it changes nothing that follows).
        speakers = self.obs.get("spoken", []) if self.obs.get("phase") == "bidding" else None
        for seat in speakers if speakers is not None else self._order_from(self._next(self.dealer)):
            if seat == declarer:
                self.before_play.append(_fixed(Action(seat, "bid", contract=contract)))
            else:
                self.before_play.append(_fixed(Action(seat, "pass")))
        return self

    def _yorkshire(self) -> "World":
        peeked = self.obs.get("peeked")
        if peeked:
            self.before_play.append(_fixed(Action(peeked, "peek")))
        return self

    def _trinidad(self) -> "World | None":
        if self.obs.get("redeal"):
            return None
        kicks = [Card.parse(c) for c in self.obs["kicks"]]
        self.known.extend(kicks)
        eldest, runs = self.obs["eldest"], int(self.obs.get("runs") or 0)
        if runs:
            # The run deals three more cards to each seat from eldest, then kicks: put each
            # seat's later cards in the stock in that order, with the kicks between.
            self.before_play += [_fixed(Action(eldest, "beg")), _fixed(Action(self.dealer, "run"))]
            order = self._order_from(eldest)
            per_run = (len(self.mine) + len(self.parted[self.seat]) - 6) // runs

            def arrange(dealt: dict[str, list[Card]], rest: list[Card]) -> dict[str, Any]:
                stock: list[Card] = []
                for k in range(runs):
                    for seat in order:
                        stock += dealt[seat][6 + per_run * k: 6 + per_run * (k + 1)]
                    stock.append(kicks[k + 1])
                for seat in order:
                    del dealt[seat][6:]
                return {"turn": kicks[0], "stock": stock + rest}

            self.arrange = arrange
            return self
        if self.obs.get("begged"):
            if not self.obs.get("gift"):
                return None
            self.before_play += [_fixed(Action(eldest, "beg")), _fixed(Action(self.dealer, "give"))]
        else:
            self.before_play.append(_fixed(Action(eldest, "stand")))
        self.deal_extras = lambda rest: {"turn": kicks[0], "stock": rest}
        return self

    def _euchre_bidding(self) -> "World":
        """Before trumps are made: the seats before this one passed (all four did in round one when
        this is round two); the kitty is the rest of the pack."""
        upcard = Card.parse(self.obs["upcard"])
        self.known.append(upcard)
        order = self._order_from(self._next(self.dealer))
        passes = order[: order.index(self.seat)]
        if self.obs["phase"] == "round-two":
            passes = order + passes
        self.before_play += [_fixed(Action(seat, "pass")) for seat in passes]
        self.upcard, self.upcard_state = upcard, str(self.obs["upcard_state"])
        self.deal_extras = lambda rest: {"turn": upcard, "kitty": rest}
        return self

    def _trinidad_bidding(self) -> "World | None":
        """The eldest hand standing or begging, or the dealer giving or running: one kick so far,
        the stock is the rest of the pack (in the sampled order, so a run deals from it)."""
        kicks = [Card.parse(c) for c in self.obs["kicks"]]
        if len(kicks) != 1 or self.obs.get("runs"):
            return None
        self.known.extend(kicks)
        if self.obs["phase"] == "give":
            self.before_play.append(_fixed(Action(self.obs["eldest"], "beg")))
        self.more_cards = 3 * len(self.seats) + 1  # one run: three cards each, one more kick
        self.deal_extras = lambda rest: {"turn": kicks[0], "stock": rest}
        return self

    def _euchre(self) -> "World | None":
        obs = self.obs
        upcard = Card.parse(obs["upcard"])
        maker, alone, trump = obs["maker"], bool(obs["alone"]), obs["trump"]
        state = obs["upcard_state"]
        if maker is None or trump is None:
            return None
        self.known.append(upcard)
        dealer = self.dealer
        passes: list[str] = []
        if state == "turned-down":
            passes = self._order_from(self._next(dealer))
            passes += self._order_from(self._next(dealer))[: self._order_from(self._next(dealer)).index(maker)]
            call = Action(maker, "call", suit=trump, alone=alone)
        else:
            order = self._order_from(self._next(dealer))
            passes = order[: order.index(maker)]
            call = Action(maker, "pickup" if maker == dealer else "order", alone=alone)
        for seat in passes:
            self.before_play.append(_fixed(Action(seat, "pass")))
        self.before_play.append(_fixed(call))
        # Defending alone (house rule): the defenders' answers so far, asked before the dealer's discard.
        self.before_play += [_fixed(Action.parse(t, self.seats)) for t in obs.get("defence", ())]
        if state == "picked-up":
            discard_known = obs.get("discarded")
            if self.seat == dealer and discard_known:
                discard = Card.parse(discard_known)
                self.known.append(discard)
                self.before_play.append(_fixed(Action(dealer, "discard", card=discard)))
                self.dealer_discard: Card | None = discard
            else:
                # The dealer's discard is one more hidden card; the upcard is in the dealer's hand
                # unless played (a dealer who discards the upcard itself is not considered).
                if upcard not in self.parted[dealer]:
                    self.fixed[dealer].append(upcard)
                self.extra_hidden = 1
                self.before_play.append(lambda hands: Action(dealer, "discard", card=hands["_discard"][0]))
                self.dealer_discard = None
        self.upcard = upcard
        self.upcard_state = state
        self.deal_extras = lambda rest: {"turn": upcard, "kitty": rest}
        return self

    def _next(self, seat: str) -> str:
        return self.seats[(self.seats.index(seat) + 1) % len(self.seats)]

    def _order_from(self, first: str) -> list[str]:
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
            if ok and (relax or attempt >= SAMPLE_TRIES // 2 or self._plausible(hands)):
                hands["_discard"] = cards[: self.extra_hidden]
                hands["_rest"] = cards[self.extra_hidden:]
                return hands
        return None

    def _plausible(self, hidden: dict[str, list[Card]]) -> bool:
        """Whether a guess fits what the bidding said: in Euchre, a maker who is not this seat
        held at least two trumps (the heuristic makes trumps on strength)."""
        maker = self.obs.get("maker") if self.game == "euchre" else None
        if maker is None or maker == self.seat or maker not in hidden:
            return True
        held = hidden[maker] + self.parted[maker]
        return sum(1 for c in held if self.suit_of(c) == self.trump) >= MAKER_TRUMPS

    def rebuild(self, hidden: dict[str, list[Card]]) -> HandState | None:
        """The full state this guess implies, replayed through the engine; None if the engine refuses it."""
        dealt: dict[str, list[Card]] = {}
        for s in self.seats:
            now = self.mine if s == self.seat else hidden[s]
            dealt[s] = list(now) + self.parted[s]
        if self.game == "euchre" and self.upcard_state == "picked-up":
            discard = self.dealer_discard if self.dealer_discard is not None else hidden["_discard"][0]
            held = dealt[self.dealer] + [discard]
            if self.upcard not in held:
                return None
            held.remove(self.upcard)
            dealt[self.dealer] = held
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
        if state.current_player != self.seat:
            return None
        return state

    def _rules(self) -> Any:
        return self.hand_class.rules_from_view(self.obs)
