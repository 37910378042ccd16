"""Bots that look ahead: perfect-information Monte Carlo over deals consistent with what the seat has seen.

For a card to play, the bot deals the cards it cannot see at random among the
other seats (and the kitty or stock), keeping every seat's known voids and
every card it has seen (its own hand, the cards played and thrown, the upcard,
its own discard, the kicks). It rebuilds each such deal as a full hand state by
replaying, through the engine, the hand's public actions so far, so a deal that
contradicts what was played is refused by the engine's own rules. In every
world it tries each legal action and plays the hand out (random leads, then
each seat takes the trick as cheaply as it can or plays its cheapest card);
the action with the best average result for its side is chosen. The
rules live only in the engine: this module asks it for everything.

Decisions other than trick play (bids, trumps, discards, begging) are the
game's heuristic bot's, and so is trick play in the rare positions the bot
cannot rebuild.

The bot reads only its observation, never the full state, and the number of
worlds and play-outs is fixed: its moves depend only on its seed.
"""

from __future__ import annotations

import random
from typing import Any, Callable, Mapping

from ..actions import Action
from ..cards import Card
from ..errors import TrickbookError
from ..game import Deal, HandState
from ..games import canonical_name, find_game

# Play-outs per decision, shared among the legal actions (at least MIN_WORLDS worlds each).
PLAYOUTS = 16
MIN_WORLDS = 3
# Trumps a Euchre maker is taken to hold, when that fits the cards left (see World._plausible).
MAKER_TRUMPS = 2
# Attempts at a deal that respects the known voids before the voids are relaxed.
SAMPLE_TRIES = 30
# Chance that a play-out move is random rather than the cheap trick-taking rule.
EXPLORE = 0.1
# How much better, in points per world, a play must do than the heuristic's choice to replace it.
MARGIN = 0.5
# What winning (or losing) the match in a play-out is worth, in points of the hand.
MATCH_BONUS = 20


class SearchBot:
    """Plays one seat by sampling the hidden cards and playing each choice out; deterministic given ``seed``."""

    def __init__(self, game: str, seed: int = 0, playouts: int = PLAYOUTS) -> None:
        from . import Bot, bot_class  # the heuristic bot plays the other decisions

        self.game = canonical_name(game)
        self.hand_class = find_game(self.game)
        self.heuristic: Bot = bot_class(self.game)(seed=seed)
        self.rng = random.Random(f"search {self.game} {seed}")
        self.playouts = playouts

    def choose(self, observation: Mapping[str, Any]) -> str:
        legal: list[str] = list(observation["legal"])
        if not legal:
            raise TrickbookError(f"seat {observation.get('seat')!r} has no legal action to choose from")
        if len(legal) == 1:
            return legal[0]
        if observation.get("phase") != "play":
            return self.heuristic.choose(observation)
        world = World.from_observation(self.game, self.hand_class, observation)
        if world is None:
            return self.heuristic.choose(observation)
        seat = observation["seat"]
        worlds = max(MIN_WORLDS, -(-self.playouts // len(legal)))
        totals = {text: 0.0 for text in legal}
        built = 0
        for _ in range(worlds):
            deal = world.sample(self.rng)
            if deal is None:
                continue
            for text in legal:
                state = world.rebuild(deal)
                if state is None:
                    break
                state.apply(Action.parse(text, state.seats))
                totals[text] += world.value(self._play_out(state), seat)
            else:
                built += 1
        if built == 0:
            return self.heuristic.choose(observation)
        best = max(totals.values())
        tied = [text for text in legal if totals[text] == best]
        # The heuristic's choice stands unless the play-outs find another better by a clear margin
        # (a few play-outs per action are noisy); ties go to the first in order.
        choice = self.heuristic.choose(observation)
        if choice in totals and best - totals[choice] <= MARGIN * built:
            return choice
        return tied[0]

    def _play_out(self, state: HandState) -> HandState:
        """Finish the hand: random leads, then each seat takes the trick as cheaply as it can,
        or plays its cheapest card when it cannot or its partner holds the trick."""
        rng = self.rng
        while not (state.is_terminal or state.winner is not None):
            actions = state.legal_actions()
            plays = [(a, a.card) for a in actions if a.card is not None and a.verb == "play"]
            trick = state.trick
            seat = state.current_player
            if (len(actions) == 1 or not plays or trick is None or trick.winning is None or trick.led is None
                    or seat is None or rng.random() < EXPLORE):
                state.apply(rng.choice(actions))
            else:
                state.apply(_cheap_trick_play(state, trick.led, trick.winning, seat, plays))
        return state


def _fixed(action: Action) -> Callable[[dict[str, list[Card]]], Action]:
    """An action that does not depend on the sampled hands."""
    return lambda hands: action


def _cheap_trick_play(state: HandState, led_card: Card, winning: tuple[str, Card], seat: str,
                      plays: list[tuple[Action, Card]]) -> Action:
    """Take the trick as cheaply as possible; else (or when the partner holds it) the cheapest card."""
    trump = state.trump
    led = state.suit_of(led_card, trump)
    holder, holding = winning

    def cheap(play: tuple[Action, Card]) -> tuple[bool, int]:
        return (state.suit_of(play[1], trump) == trump, state.rank_power(play[1], trump))

    def strength(play: tuple[Action, Card]) -> tuple[int, int]:
        return state.trick_key(play[1], led, trump)

    if state.partnership and holder != seat and state.team_of(holder) == state.team_of(seat):
        return min(plays, key=cheap)[0]
    best = state.trick_key(holding, led, trump)
    beaters = [p for p in plays if strength(p) > best]
    return min(beaters, key=strength)[0] if beaters else min(plays, key=cheap)[0]


# ----- the worlds a seat cannot tell apart -------------------------------------

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
                    elif hand_class.shows_out(card, led, trump):
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
        for seat in self._order_from(self._next(self.dealer)):
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
        need = {s: self.sizes.get(s, 0) - len(self.fixed[s]) for s in self.seats if s != self.seat}
        if any(n < 0 for n in need.values()) or sum(need.values()) + self.extra_hidden > len(pool):
            return None
        voids = self.void
        for attempt in range(SAMPLE_TRIES + 1):
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
        target = self.obs.get("target")
        rules_class = self.hand_class.rules_class
        if target is not None and target != rules_class().target:
            return rules_class.from_options({"target": int(target)})
        return None

    def value(self, state: HandState, seat: str) -> float:
        """The play-out's result for ``seat``'s side: its points gained less the others', and the match."""
        mine = state.team_of(seat)
        gained = {t: state.score.get(t, 0) - self.score_before.get(t, 0) for t in state.score}
        result = gained.get(mine, 0) - sum(v for t, v in gained.items() if t != mine) / max(1, len(gained) - 1)
        if state.winner is not None:
            result += MATCH_BONUS if state.winner == mine else -MATCH_BONUS
        return result

