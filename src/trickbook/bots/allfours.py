"""Bots for Yorkshire and Trinidad All Fours: they play for High, Low, Jack and Game like club players.

Both see only their seat's observation. From it they count the cards played,
note which suits each player has shown out of, and estimate how likely each card
is to hold the trick. Every candidate card is then weighed in match points: what
the trick is worth now (its Game points, and the trump jack if it is on it)
against what the card would be worth kept for later. So the bots win tricks
carrying tens and aces, trump in when a trick is worth it, feed Game points to a
partner whose trick is safe, keep the trump jack out of the opponents' tricks,
and draw trumps with the top ones. The Yorkshire pitcher names trumps by the
suit whose High, Low, Jack and Game prospects are best. The Trinidad bot also
stands or begs, and gives or runs, on the strength of its trumps. Ties between
equally good cards are broken by ``random.Random(seed)``.
"""

from __future__ import annotations

import math
from typing import Any, Callable, ClassVar, Mapping, Sequence

from ..actions import Action
from ..cards import RANKS, SUITS, Card, game_value
from ..games.allfours import AllFoursHand
from ..games.trinidad import TrinidadHand
from ..games.yorkshire import YorkshireHand
from ..view import SeatView
from .explain import cost, play_reason, trumps_out, unseen
from .heuristic import HeuristicBot

# How much a card is worth in a suit that may become trumps: High, Jack, Game, Low.
_TRUMP_WORTH = {"A": 4.0, "K": 2.5, "Q": 1.5, "J": 2.0, "T": 2.0, "4": 1.0, "3": 2.0, "2": 3.5}
STAND_STRENGTH = 7.0  # a trump holding worth standing on (or, for the dealer, giving a point for)
# The search bot's own thresholds: it stands on less and gives on more. Measured on 2000 duplicate deals
# (bench/duplicate.py), the heuristic with these gains 0.11 points a hand against the gentle bot and 0.05
# against random players; standing on 4 to 5 did best against the gentle bot, giving on 5 did worst.
BOLD_STAND_STRENGTH = 5.0
CAREFUL_GIVE_STRENGTH = 9.0

# Weights of the card play, tuned against random players over many seeded matches.
TRICK_EXTRA = 2.5  # Game points the other cards of a trick add, on average, to the one led
FEED_CHANCE = 0.35  # how often a card that cannot win is later fed to the partner's trick
PARTNER_RESCUE = 0.5  # how often a partner holding a higher card wins the trick with it
JACK_FALLS = 0.3  # how often an opponent holding the trump jack must play it on a trump lead
LAST_TRUMP = 5.0  # Game points a last trump is worth kept: it wins the last trick, which the others may lead
PLAIN_WINS_LATER = 0.44  # a plain card wins later only when its suit is led: by us, or rarely by them


def suit_strength(hand: Sequence[Card], suit: str) -> float:
    """How good ``suit`` would be as trumps for this hand: its honours, its low cards, its length."""
    cards = [c for c in hand if c.suit == suit]
    return sum(_TRUMP_WORTH.get(c.rank, 0.5) + 1.5 for c in cards)


def _normal_density(x: float) -> float:
    return math.exp(-0.5 * x * x) / math.sqrt(2 * math.pi)


class _Seat(SeatView):
    """What one seat knows at its turn, read from its observation, and what it may infer.

    ``trump`` may be given to look at a suit before it is named (the pitch).
    """

    partner: str  # both All Fours games are played in partnerships

    def __init__(self, obs: Mapping[str, Any], trump: str | None = None,
                 game: type[AllFoursHand] = AllFoursHand) -> None:
        super().__init__(obs, trump or obs["trump"], game=game)
        self.seen: set[Card] = {Card.parse(c) for c in obs.get("kicks", [])}
        self.played_by: dict[Card, str] = {}
        self.diff = 0  # Game points captured: ours minus theirs
        for trick in obs["tricks"]:
            plays = [(e[0], Card.parse(e[1])) for e in trick["plays"] if e[1] != "throw"]
            self.seen.update(Card.parse(c) for e in trick["plays"] if e[1] == "throw" for c in e[2])
            self.seen.update(c for _, c in plays)
            self.played_by.update((c, seat) for seat, c in plays)
            if trick["winner"] is not None:
                points = sum(game_value(c) for _, c in plays)
                self.diff += points if trick["winner"] in (self.seat, self.partner) else -points
        j = self.in_play.index(self.seat)
        # Seats still to play after this one in the current trick, in order.
        self.after = [s for s in self.in_play[j + 1:] + self.in_play[:j] if s not in self.played_here]
        # Everyone holds as many cards as this seat, less one if already played to this trick.
        self.sizes = {s: 0 for s in self.seats}
        for s in self.in_play:
            self.sizes[s] = len(self.hand) - (s in self.played_here)
        self.sizes[self.seat] = 0
        known = self.seen | set(self.hand)
        self.unseen = [Card(r, s) for s in SUITS for r in RANKS if Card(r, s) not in known]
        self.unseen_set = set(self.unseen)
        self.unseen_in = {s: sum(1 for c in self.unseen if c.suit == s) for s in SUITS}

    # ----- the trick ----------------------------------------------------------
    def beaters(self, card: Card, led: str) -> list[Card]:
        """The unseen cards that would beat ``card`` on a trick led in ``led``."""
        return [c for c in self.unseen if self.beats(c, card, led)]

    # ----- what the others may hold ---------------------------------------------
    def p_none(self, seat: str, cards: Sequence[Card]) -> float:
        """The chance that ``seat`` holds none of ``cards`` (unseen cards, spread evenly)."""
        n = self.sizes.get(seat, 0)
        if n == 0:
            return 1.0
        void = self.voids[seat]
        k = sum(1 for c in cards if c.suit not in void)
        if k == 0:
            return 1.0
        pool = sum(self.unseen_in[s] for s in SUITS if s not in void)
        p = 1.0
        for i in range(n):
            if pool - i <= 0:
                break
            p *= max(pool - k - i, 0) / (pool - i)
        return p

    def p_holds(self, seat: str, card: Card) -> float:
        return 1.0 - self.p_none(seat, (card,)) if card in self.unseen_set else 0.0

    def p_hold(self, card: Card, led: str, seats: Sequence[str]) -> float:
        """The chance that none of ``seats`` can beat ``card``."""
        if not seats:
            return 1.0
        beaters = self.beaters(card, led)
        p = 1.0
        for s in seats:
            p *= self.p_none(s, beaters)
        return p

    def game_weight(self) -> float:
        """What one Game point is worth in match points, given the Game points still to come.

        The final difference is taken as normal around today's, with the spread of
        the points still out; a point matters most when the Game is close.
        """
        others = sum(self.sizes.values())
        share = others / len(self.unseen) if self.unseen else 0.0
        spread = share * sum(game_value(c) ** 2 for c in self.unseen)
        spread += sum(game_value(c) ** 2 for c in self.hand)
        if spread <= 0:
            return 0.0
        sigma = math.sqrt(spread)
        return 2 * _normal_density(self.diff / sigma) / sigma


class AllFoursBot(HeuristicBot):
    """The play of the hand, shared by both games."""

    hang_jack = 1  # what capturing the other side's trump jack scores
    game: ClassVar[type[AllFoursHand]] = AllFoursHand  # whose rules a hand-written observation is read by

    def decide(self, view: SeatView) -> str:
        observation = view.obs
        decision = self._decide(view, view.verbs)
        if decision is not None:
            return decision
        if view.trump is None:
            card = self.pitch(observation, view.cards)
            self.reason = ("bot-pitch", {"seat": view.seat, "card": card, "suit": card.suit})
        else:
            card = self.play(_Seat(observation, game=self.game), view.cards)
        return view.play(card)

    def search_refuses(self, observation: Mapping[str, Any], text: str) -> bool:
        """A card the search may not play in place of this bot's choice: the trump jack led while a
        higher trump is unseen (``explain.trumps_out``). Any higher trump in another hand hangs it;
        play-outs that see every card cannot tell that risk, since in them the jack is hanged
        whenever it can be, led or kept. Following, a card given to a trick the other side holds for
        sure (no card this seat holds or has not seen beats its best) that is worth more Game points
        than another card it may give: those points are theirs (the king of trumps under the ace was
        once given so, on the strength of a few guessed worlds)."""
        me = SeatView.deciding(observation, game=self.game)
        action = Action.parse(text, me.seats)
        card, trump = action.card, me.trump
        if action.verb != "play" or card is None or trump is None:
            return False
        if me.plays:
            return self._feeds_their_trick(me, card)
        if card != Card("J", trump):
            return False
        return any(me.power(c) > me.power(card) for c in trumps_out(me))

    @staticmethod
    def _feeds_their_trick(me: SeatView, card: Card) -> bool:
        """Whether ``card`` gives Game points to a trick the other side holds for sure, more than another
        card this seat may give would."""
        assert me.winning is not None and me.led is not None
        holder, best = me.winning
        if me.team_of(holder) == me.team:
            return False
        if any(me.beats(c, best, me.led) for c in [*me.cards, *unseen(me)]):
            return False
        return game_value(card) > min(game_value(c) for c in me.cards)

    def _play_reason(self, me: _Seat, card: Card, cards: Sequence[Card]) -> None:
        """Why ``card`` was played, read from the position the bot weighed (true of it: ``explain``)."""
        self.reason = play_reason(me, card, cards, values=True, after=me.after)

    def _decide(self, me: SeatView, verbs: Mapping[str, str]) -> str | None:
        """A game's decision other than playing a card; None to play a card."""
        return None

    def _best(self, cards: Sequence[Card], score: Callable[[Card], float],
              costs: Callable[[Card], tuple[bool, int, int]] | None = None) -> Card:
        """The card with the highest score; with ``costs`` (a card to give), of equal scores the one that
        costs least to give (never a ten for a six: ``explain.cost``); a tie left is broken by the seed."""
        scores = {c: score(c) for c in cards}
        top = max(scores.values())
        tied = sorted(c for c in cards if scores[c] >= top - 1e-9)
        if len(tied) > 1 and costs is not None:
            least = min(costs(c) for c in tied)
            tied = [c for c in tied if costs(c) == least]
        return tied[0] if len(tied) == 1 else self.rng.choice(tied)

    # ----- weighing a card --------------------------------------------------------
    def jack_stakes(self, me: _Seat, jack: Card) -> tuple[float, float]:
        """What the trump jack scores for us if we capture it, and for them if they do."""
        ours = jack in me.hand or me.played_by.get(jack) in (me.seat, me.partner)
        return (1.0, float(self.hang_jack)) if ours else (float(self.hang_jack), 1.0)

    def outcome(self, me: _Seat, p_us: float, points: float, jack: Card | None, weight: float) -> float:
        """Expected match points (ours less theirs) of a trick we win with chance ``p_us``."""
        value = (2 * p_us - 1) * points * weight
        if jack is not None:
            gain, loss = self.jack_stakes(me, jack)
            value += p_us * gain - (1 - p_us) * loss
        return value

    def keep_value(self, me: _Seat, card: Card, weight: float) -> float:
        """What ``card`` is worth kept for a later trick, in the same match points."""
        wins = me.p_hold(card, card.suit, me.opponents)
        if not me.is_trump(card):
            wins *= PLAIN_WINS_LATER
        ends_ours = wins + (1 - wins) * FEED_CHANCE
        value = weight * ((2 * ends_ours - 1) * game_value(card) + wins * TRICK_EXTRA)
        if me.is_trump(card) and len(me.hand) > 1 and sum(me.is_trump(c) for c in me.hand) == 1:
            value += LAST_TRUMP * weight
        if me.is_trump(card) and card.rank == "J":
            gain, loss = self.jack_stakes(me, card)
            value += ends_ours * gain - (1 - ends_ours) * loss
        return value

    def _jack_on(self, me: _Seat, cards: Sequence[Card]) -> Card | None:
        return next((c for c in cards if me.is_trump(c) and c.rank == "J"), None)

    # ----- the play -------------------------------------------------------------
    def play(self, me: _Seat, cards: list[Card]) -> Card:
        card = self._play(me, cards)
        self._play_reason(me, card, cards)
        return card

    def _play(self, me: _Seat, cards: list[Card]) -> Card:
        if len(cards) == 1:
            return cards[0]
        if not me.plays:
            return self.lead(me, cards)
        weight = me.game_weight()
        led = me.plays[0][1].suit
        assert me.winning is not None
        best_seat, best = me.winning
        later_opps = [s for s in me.after if s in me.opponents]
        on_table = sum(game_value(c) for _, c in me.plays)
        table_jack = self._jack_on(me, [c for _, c in me.plays])
        if best_seat == me.partner:
            p_duck = me.p_hold(best, led, later_opps)
        elif me.partner in me.after:
            p_duck = PARTNER_RESCUE * (1 - me.p_none(me.partner, me.beaters(best, led)))
        else:
            p_duck = 0.0

        def score(card: Card) -> float:
            if me.beats(card, best, led):
                p_us = me.p_hold(card, led, later_opps)
                if me.partner in me.after:
                    p_us += (1 - p_us) * PARTNER_RESCUE * (1 - me.p_none(me.partner, me.beaters(card, led)))
                p_us = max(p_us, p_duck)
            else:
                p_us = p_duck
            jack = table_jack or self._jack_on(me, [card])
            now = self.outcome(me, p_us, on_table + game_value(card), jack, weight)
            return now - self.keep_value(me, card, weight)

        return self._best(cards, score, lambda c: cost(me, c, True))

    def lead(self, me: _Seat, cards: list[Card]) -> Card:
        weight = me.game_weight()
        return self._best(cards, lambda c: self.lead_value(me, c, weight) - self.keep_value(me, c, weight))

    def lead_value(self, me: _Seat, card: Card, weight: float) -> float:
        """Expected match points of the trick this card leads to."""
        opps = [s for s in me.opponents if me.sizes[s]]
        p_us = me.p_hold(card, card.suit, opps)
        if me.sizes[me.partner]:
            p_us += (1 - p_us) * PARTNER_RESCUE * (1 - me.p_none(me.partner, me.beaters(card, card.suit)))
        value = self.outcome(me, p_us, game_value(card) + TRICK_EXTRA, self._jack_on(me, [card]), weight)
        if me.is_trump(card) and card.rank != "J":
            # A trump lead makes a player whose only trump is the jack give it up.
            jack = Card("J", me.trump)
            theirs = sum(me.p_holds(s, jack) for s in opps) * JACK_FALLS
            ours = me.p_holds(me.partner, jack) * JACK_FALLS
            hang = float(self.hang_jack)
            value += theirs * (p_us * hang - (1 - p_us)) + ours * (p_us - (1 - p_us) * hang)
        return value

    # ----- the pitch ------------------------------------------------------------
    def pitch(self, obs: Mapping[str, Any], cards: list[Card]) -> Card:
        """The first lead of a Yorkshire hand names trumps: the suit and card worth most."""
        views = {s: _Seat(obs, trump=s, game=self.game) for s in sorted({c.suit for c in cards})}
        worth = {s: self.hand_value(v) for s, v in views.items()}

        def score(card: Card) -> float:
            me = views[card.suit]
            weight = me.game_weight()
            lead = self.lead_value(me, card, weight) - self.keep_value(me, card, weight)
            return worth[card.suit] + lead

        return self._best(cards, score)

    def hand_value(self, me: _Seat) -> float:
        """What this hand is worth with ``me.trump`` as trumps: High and Low, and every card kept."""
        weight = me.game_weight()
        trumps = sorted((c for c in me.hand if me.is_trump(c)), key=me.power)
        value = self._extreme(me, [c for c in me.unseen if me.is_trump(c) and me.power(c) > me.power(trumps[-1])])
        value += self._extreme(me, [c for c in me.unseen if me.is_trump(c) and me.power(c) < me.power(trumps[0])])
        return value + sum(self.keep_value(me, c, weight) for c in me.hand)

    @staticmethod
    def _extreme(me: _Seat, outside: Sequence[Card]) -> float:
        """High (or Low): ours less theirs, when ``outside`` are the trumps beyond our best one.

        The nearest of them that is in play decides: the partner's is ours, an opponent's theirs.
        """
        pool = len(me.unseen)
        to_partner = me.sizes[me.partner] / pool
        to_them = sum(me.sizes[s] for s in me.opponents) / pool
        value, still = 0.0, 1.0
        for _ in outside:
            value += still * (to_partner - to_them)
            still *= 1 - to_partner - to_them
        return value + still


class YorkshireBot(AllFoursBot):
    """Yorkshire All Fours: picks trumps with its first lead; never throws in or looks early."""

    game = YorkshireHand
    # For the search bot (``bots.search``): the engine actions a move may apply.
    search_budget: ClassVar[int] = 680
    # The pitch, the first lead that names trumps, stays the heuristic's: ``bench/duplicate.py`` measured the
    # searched pitch worse within the budget (with a few worlds per suit, the best-looking is the luckiest).
    search_pitches: ClassVar[bool] = False


class TrinidadBot(AllFoursBot):
    """Trinidad All Fours: stands on good trumps, begs on poor ones; the dealer gives or runs."""

    hang_jack = 3
    game = TrinidadHand
    search_budget: ClassVar[int] = 720
    # What the search bot (``make_bot(level="strong")``) sets on its own heuristic: a bolder stand, a more careful gift.
    strong_options: ClassVar[dict[str, Any]] = {"stand_strength": BOLD_STAND_STRENGTH,
                                                "give_strength": CAREFUL_GIVE_STRENGTH}

    def __init__(self, seed: int = 0, stand_strength: float = STAND_STRENGTH,
                 give_strength: float = STAND_STRENGTH) -> None:
        super().__init__(seed)
        # The trump strength (``suit_strength``) the eldest hand stands on, and the dealer gives a point on.
        self.stand_strength, self.give_strength = stand_strength, give_strength

    def _decide(self, me: SeatView, verbs: Mapping[str, str]) -> str | None:
        if not verbs:
            return None
        assert me.trump is not None
        strength = suit_strength(me.hand, me.trump)
        values = {"seat": me.seat, "suit": me.trump}
        trumps = [c for c in me.hand if c.suit == me.trump]
        # One trump is too few to keep the suit for, unless it is the ace: High is then sure.
        lone_ace = [c for c in trumps if c.rank == "A"] if len(trumps) == 1 else []
        enough = len(trumps) >= 2 or bool(lone_ace)
        if "stand" in verbs:
            strong = strength >= self.stand_strength and enough
            code = ("bot-stand-high" if lone_ace else "bot-stand-strong") if strong else "bot-beg-weak"
            self.reason = (code, {**values, "card": lone_ace[0]} if strong and lone_ace else values)
            return verbs["stand" if strong else "beg"]
        if "give" in verbs and strength >= self.give_strength and len(trumps) >= 2 and not self._gift_wins(me):
            self.reason = ("bot-give-strong", values)
            return verbs["give"]
        self.reason = ("bot-run", values) if "run" in verbs else ("bot-give-forced", values)
        return verbs.get("run") or verbs["give"]

    @staticmethod
    def _gift_wins(me: SeatView) -> bool:
        """The point given would take the beggars (the eldest hand's side) to the target."""
        target = me.obs.get("target") or 0
        return bool(target) and me.obs["score"][me.team_of(me.obs["eldest"])] + 1 >= target
