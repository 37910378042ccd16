"""A Euchre bot (rule text 004): makes trumps on strength, leads trumps as maker, plays low under a winning partner.

It reads only its seat's observation. Hand strength counts the bowers and the
other trumps, off-suit aces and voids, and adjusts for the upcard going to the
dealer's side in round one.
"""

from __future__ import annotations

from typing import Any, ClassVar, Sequence

from ..cards import SUITS, Card
from ..games.euchre import EuchreHand, card_power, card_suit, is_left_bower, is_right_bower
from ..view import SeatView
from .explain import play_reason, still_to_play
from .heuristic import HeuristicBot

# What a card is worth towards making trumps (about a third of a trick per point).
_TRUMP_VALUE = {"A": 2.0, "K": 1.7, "Q": 1.5, "T": 1.3, "9": 1.2}
_RIGHT_BOWER, _LEFT_BOWER = 3.0, 2.5
_OFF_ACE = 1.0
_VOID = 0.6
ORDER_AT = 7.0  # enough to expect three tricks with partner's help
# The strong bot's own heuristic orders on less (``EuchreBot.strong_options``): its search checks each call
# in play-outs, and the calls it found worth making that the gentle bot passes were mostly near this line.
BOLD_ORDER_AT = 6.0
ALONE_AT = 11.5  # enough to expect five tricks without it
_UPCARD_SHARE = 0.8  # how much of the upcard's value the dealer's side gains


def trump_value(card: Card, trump: str) -> float:
    if is_right_bower(card, trump):
        return _RIGHT_BOWER
    if is_left_bower(card, trump):
        return _LEFT_BOWER
    if card.suit == trump:
        return _TRUMP_VALUE[card.rank]
    return 0.0


def strength(hand: Sequence[Card], trump: str) -> float:
    """How good ``trump`` would be for this hand: trumps, off-suit aces, voids once trumps are held."""
    total = sum(trump_value(c, trump) for c in hand)
    trumps = sum(1 for c in hand if card_suit(c, trump) == trump)
    for suit in SUITS:
        if suit == trump:
            continue
        cards = [c for c in hand if card_suit(c, trump) == suit]
        if any(c.rank == "A" for c in cards):
            total += _OFF_ACE
        if not cards and trumps >= 2:
            total += _VOID
    return total


def no_trump_strength(hand: Sequence[Card]) -> float:
    """How good no trump would be, on the trumps' scale: aces, and kings and queens guarded above.

    >>> no_trump_strength([Card.parse(c) for c in "AS AH KH QD 9C".split()])
    8.0
    """
    total = 0.0
    for suit in SUITS:
        ranks = {c.rank for c in hand if c.suit == suit}
        if "A" in ranks:
            total += 3.0
            if "K" in ranks:
                total += 2.0
                total += 1.0 if "Q" in ranks else 0.0
        elif "K" in ranks and len(ranks) >= 2:
            total += 1.0
    return total


DEFEND_TOP_TRUMPS = 3  # of the four highest trumps, to defend alone against a lone maker


def top_trumps(hand: Sequence[Card], trump: str | None) -> int:
    """How many of the four highest trumps (the bowers, the ace and the king) ``hand`` holds.

    >>> top_trumps([Card.parse(c) for c in "JH JD KH 9S AC".split()], "H")
    3
    """
    if trump is None:
        return 0
    return sum(
        1 for c in hand if card_suit(c, trump) == trump and card_power(c, trump) >= card_power(Card("K", trump), trump)
    )


def discard_choice(hand: Sequence[Card], trump: str) -> Card:
    """Keep trumps and aces; throw a lone low card to make a void, else the lowest plain card."""
    def key(card: Card) -> tuple[int, int, int, int]:
        suit = card_suit(card, trump)
        length = sum(1 for c in hand if card_suit(c, trump) == suit)
        return (suit == trump, card.rank == "A", length > 1, card_power(card, trump))
    return min(hand, key=key)


class EuchreBot(HeuristicBot):
    """Plays one seat from its observation; deterministic given ``seed``."""

    game = EuchreHand
    # For the search bot (``bots.search``): the engine actions a move may apply.
    search_budget: ClassVar[int] = 740

    # What the search bot's own heuristic plays with (trickbook.bots.search).
    strong_options: ClassVar[dict[str, Any]] = {"order_at": BOLD_ORDER_AT}

    def __init__(self, seed: int = 0, order_at: float = ORDER_AT) -> None:
        super().__init__(seed)
        self.order_at = order_at

    def decide(self, me: SeatView) -> str:
        if me.phase == "round-one":
            return self._round_one(me)
        if me.phase == "round-two":
            return self._round_two(me)
        if me.phase == "defend":
            return self._defend(me)
        if me.phase == "discard":
            assert me.trump is not None
            self.reason = ("bot-discard", {"seat": me.seat})  # the card stays face down
            return self._pick(me, f"{me.seat} discard {discard_choice(me.hand, me.trump)}")
        return self._play(me)

    # ----- making trumps -----------------------------------------------------
    def _round_one(self, me: SeatView) -> str:
        seat, hand = me.seat, me.hand
        upcard = Card.parse(me.obs["upcard"])
        trump = upcard.suit
        if seat == me.dealer:
            kept = list(hand) + [upcard]
            kept.remove(discard_choice(kept, trump))
            score = alone_score = strength(kept, trump)
            verb = "pickup"
        else:
            kept = list(hand)
            alone_score = strength(hand, trump)
            gain = _UPCARD_SHARE * trump_value(upcard, trump)
            score = alone_score + gain if me.partner == me.dealer else alone_score - gain
            verb = "order"
        # One trump is too few to make the suit on, whatever the side aces: the others hold the rest.
        held = sum(1 for c in kept if card_suit(c, trump) == trump)
        if score < self.order_at or held < 2:
            self.reason = ("bot-pass-weak", {"seat": seat, "suit": trump})
            return self._pick(me, f"{seat} pass")
        alone = " alone" if alone_score >= ALONE_AT else ""
        self.reason = ("bot-trumps-alone" if alone else "bot-trumps-strong", {"seat": seat, "suit": trump})
        return self._pick(me, f"{seat} {verb}{alone}", f"{seat} {verb}")

    def _round_two(self, me: SeatView) -> str:
        seat, hand = me.seat, me.hand
        options = [s for s in SUITS if f"{seat} call {s}" in me.legal]
        best = max(options, key=lambda s: (strength(hand, s), -SUITS.index(s)))
        score = strength(hand, best)
        stuck = f"{seat} pass" not in me.legal
        if f"{seat} notrump" in me.legal:  # a table that plays no trump
            nt = no_trump_strength(hand)
            if nt > score and (nt >= ORDER_AT or stuck):
                alone = " alone" if nt >= ALONE_AT else ""
                self.reason = ("bot-no-trump", {"seat": seat})
                return self._pick(me, f"{seat} notrump{alone}", f"{seat} notrump")
        if (score < self.order_at or sum(1 for c in hand if card_suit(c, best) == best) < 2) and not stuck:
            self.reason = ("bot-pass-weak-all", {"seat": seat})
            return self._pick(me, f"{seat} pass")
        alone = " alone" if score >= ALONE_AT else ""
        code = "bot-trumps-alone" if alone else "bot-stuck" if score < self.order_at else "bot-trumps-strong"
        self.reason = (code, {"seat": seat, "suit": best})
        return self._pick(me, f"{seat} call {best}{alone}", f"{seat} call {best}")

    def _defend(self, me: SeatView) -> str:
        """Against a lone maker (house rule ``defend_alone``): defend alone only on both bowers or
        three of the four highest trumps; the partner's cards are worth more than the extra 2 points."""
        seat, maker = me.seat, me.obs["maker"]
        top = top_trumps(me.hand, me.trump)
        if me.trump is not None and top >= DEFEND_TOP_TRUMPS:
            self.reason = ("bot-defend-top-trumps", {"seat": seat, "count": top, "maker": maker})
        elif me.trump is not None and sum(
            is_right_bower(c, me.trump) or is_left_bower(c, me.trump) for c in me.hand
        ) == 2:
            self.reason = ("bot-defend-bowers", {"seat": seat, "maker": maker})
        else:
            self.reason = ("bot-no-defence", {"seat": seat, "maker": maker})
            return self._pick(me, f"{seat} pass")
        return self._pick(me, f"{seat} defend alone")

    # ----- trick play --------------------------------------------------------
    def _play(self, me: SeatView) -> str:
        cards = me.cards
        card = self._lead(me, cards) if not me.plays else self._follow(me, cards)
        self.reason = _play_reason(me, card)
        return me.play(card)

    def _lead(self, me: SeatView, cards: list[Card]) -> Card:
        trumps = [c for c in cards if me.is_trump(c)]
        plain = [c for c in cards if not me.is_trump(c)]
        aces = [c for c in plain if c.rank == "A"]
        makers = me.obs["makers"] == me.team
        if makers and trumps and (me.obs["maker"] == me.seat or len(trumps) >= 2):
            # Draw the defenders' trumps, top down.
            return max(trumps, key=me.power)
        if aces:
            return self._tie(aces)
        if makers and trumps:
            return max(trumps, key=me.power)
        if plain:
            return _lowest(me, plain, me.hand)
        return min(trumps, key=me.power)

    def _follow(self, me: SeatView, cards: list[Card]) -> Card:
        led = me.led
        assert me.winning is not None and led is not None
        win_seat, win_card = me.winning
        last = len(me.plays) == len(me.in_play) - 1
        if win_seat == me.partner and (last or _strong(me, win_card, led)):
            return _lowest(me, cards, cards)
        beaters = [c for c in cards if me.beats(c, win_card, led)]
        if beaters:
            # Win as cheaply as possible: a card of the led suit before a trump.
            return min(beaters, key=lambda c: me.key(c, led))
        return _lowest(me, cards, cards)

    # ----- helpers -----------------------------------------------------------
    def _pick(self, me: SeatView, *wanted: str) -> str:
        return me.pick(*wanted) or self.rng.choice(me.legal)

    def _tie(self, cards: list[Card]) -> Card:
        return self.rng.choice(sorted(cards))


def _play_reason(me: SeatView, card: Card) -> tuple[str, dict[str, Any]]:
    """Why ``card`` was played, read from the position the bot weighed (true of it: ``explain``)."""
    return play_reason(me, card, me.cards, values=False, after=still_to_play(me))


def _strong(me: SeatView, card: Card, led: str) -> bool:
    """A partner's card that probably holds the trick: a trump, or the ace of a plain suit led."""
    return me.is_trump(card) or (card.rank == "A" and me.suit_of(card) == led)


def _lowest(me: SeatView, cards: list[Card], hand: Sequence[Card]) -> Card:
    """The cheapest card to give away: plain before trump, a plain ace kept, low before high, short suits first."""
    return me.cheapest(cards, keep_aces=True, then=lambda c: sum(1 for h in hand if me.suit_of(h) == me.suit_of(c)))
