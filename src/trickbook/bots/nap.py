"""A Nap bot (rule text 001): bids the tricks its hand is likely to take, draws trumps as declarer, defends together."""

from __future__ import annotations

from typing import Any, Callable, ClassVar, Sequence

from ..cards import RANKS, SUITS, Card
from ..games.nap import NEEDED, NapHand
from ..view import SeatView
from .explain import play_reason, still_to_play
from .heuristic import HeuristicBot

CONTRACT_TRICKS = (("wellington", 5.0), ("nap", 4.7), ("four", 3.7), ("three", 2.7))
# Misère (where the table plays it) is bid by a hand whose every card is this low or lower
# (ranks counted from the ace, 0, to the two, 12: "8" is 6) and that would not bid Four.
MISERE_HIGHEST = RANKS.index("8")

# Chance that a trump wins a trick, by how many higher trumps the hand lacks.
_TRUMP_CHANCE = {0: 1.0, 1: 0.7, 2: 0.45}


def _side_ace_chance(players: int) -> float:
    """A side ace is less safe the more players may be void in its suit."""
    return max(0.4, 0.95 - 0.05 * players)


def suit_estimate(hand: Sequence[Card], trump: str, players: int) -> float:
    """Tricks the hand should take with ``trump`` as trumps: trump length and honours, side aces."""
    trumps = sorted((c for c in hand if c.suit == trump), key=lambda c: RANKS.index(c.rank))
    total = 0.0
    for k, card in enumerate(trumps):
        missing = RANKS.index(card.rank) - k  # higher trumps held by somebody else
        total += _TRUMP_CHANCE.get(missing, 0.25 if len(trumps) >= 3 else 0.1)
    for card in hand:
        if card.suit != trump and card.rank == "A":
            total += _side_ace_chance(players)
    return total


def best_suit(hand: Sequence[Card], players: int) -> tuple[str, float]:
    """The suit that makes the best trumps, and the tricks expected with it."""
    scored = [(suit_estimate(hand, s, players), -SUITS.index(s), s) for s in SUITS if any(c.suit == s for c in hand)]
    estimate, _, suit = max(scored)
    return suit, estimate


class NapBot(HeuristicBot):
    """Plays Nap from its observation alone; deterministic (its choices draw nothing at random)."""

    game = NapHand
    # For the search bot (``bots.search``): the engine actions a move may apply.
    search_budget: ClassVar[int] = 800

    def decide(self, me: SeatView) -> str:
        if me.phase == "bidding":
            return self._bid(me)
        return self._play(me)

    # ----- bidding ---------------------------------------------------------
    def _bid(self, me: SeatView) -> str:
        suit, estimate = best_suit(me.hand, len(me.seats))
        misere = f"{me.seat} bid misere"
        for contract, needed in CONTRACT_TRICKS:
            if needed < 3.7 and misere in me.legal and misere_hand(me.hand):
                self.reason = ("bot-bid-misere", {"seat": me.seat, "card": _highest(me.hand)})
                return misere
            text = f"{me.seat} bid {contract}"
            if estimate >= needed and text in me.legal:
                # The tricks the contract needs (its estimate passed the threshold ``needed`` for them).
                self.reason = ("bot-bid", {"seat": me.seat, "contract": contract, "tricks": NEEDED[contract]})
                return text
        self.reason = ("bot-pass-bid", {"seat": me.seat})
        return f"{me.seat} pass"

    # ----- card play -------------------------------------------------------
    def _play(self, me: SeatView) -> str:
        cards = me.cards
        declarer = me.obs["declarer"]
        if me.obs.get("contract") == "misere":
            card, self.reason = misere_play(me, cards, declarer)
            return me.play(card)
        if not me.plays:
            card = self._lead(me, cards)
        elif me.seat == declarer:
            card = self._follow_as_declarer(me, cards)
        else:
            card = self._follow_as_defender(me, cards)
        self.reason = _play_reason(me, card)
        return me.play(card)

    def _lead(self, me: SeatView, cards: list[Card]) -> Card:
        trump = me.trump
        if me.seat == me.obs["declarer"]:
            if trump is None:  # the first lead names trumps: lead the top of the best suit
                suit, _ = best_suit(cards, len(me.seats))
                return _highest([c for c in cards if c.suit == suit])
            trumps = [c for c in cards if c.suit == trump]
            if trumps and _trumps_out(me) > 0:
                return _highest(trumps)
            return _highest(cards)
        aces = [c for c in cards if c.rank == "A" and c.suit != trump]
        if aces:
            return aces[0]
        return me.cheapest(cards)

    def _follow_as_declarer(self, me: SeatView, cards: list[Card]) -> Card:
        winners = _winners(me, cards)
        return me.cheapest(winners) if winners else me.cheapest(cards)

    def _follow_as_defender(self, me: SeatView, cards: list[Card]) -> Card:
        declarer = me.obs["declarer"]
        assert me.winning is not None
        winners = _winners(me, cards)
        if any(s == declarer for s, _ in me.plays):
            if me.winning[0] != declarer or not winners:
                return me.cheapest(cards)  # a fellow defender has it, or nobody can beat the declarer
            return me.cheapest(winners)
        # The declarer is still to play: only a strong card is worth putting up.
        if winners:
            return _highest(winners)
        return me.cheapest(cards)


def misere_hand(hand: Sequence[Card]) -> bool:
    """A hand to bid Misère with: every card an eight or lower."""
    return all(RANKS.index(c.rank) >= MISERE_HIGHEST for c in hand)


def misere_play(me: SeatView, cards: list[Card], declarer: str) -> tuple[Card, tuple[str, dict[str, Any]]]:
    """Misère, played without trumps: the declarer loses every trick he can; the others try to make him take one.

    The declarer leads his lowest card and, following, plays the highest card that still loses
    the trick; with no card that loses, his lowest while seats are still to play (a later seat
    may have to go over it), his highest once he is the last (he takes this trick anyway). A
    defender leads low and, when the declarer is still to play, plays low to leave him less room
    under it; once the declarer has played under the trick, a defender stays under his card too,
    and otherwise sheds a high card.
    """
    seat = me.seat
    if len(cards) == 1:
        return cards[0], ("bot-only-card", {"seat": seat, "card": cards[0]})
    if not me.plays:
        card = _lowest(cards)
        code = "bot-misere-lead-low" if seat == declarer else "bot-misere-defend-lead-low"
        return card, (code, {"seat": seat, "card": card, "declarer": declarer})
    assert me.winning is not None and me.led is not None
    led, winning = me.led, me.winning[1]
    card, code = misere_choice(seat, declarer, cards, lambda c: me.beats(c, winning, led),
                               any(s == declarer for s, _ in me.plays), me.winning[0], bool(still_to_play(me)))
    return card, (code, {"seat": seat, "card": card, "declarer": declarer})


def misere_choice(seat: str, declarer: str, cards: list[Card], beats: Callable[[Card], bool], declarer_played: bool,
                  holder: str, later: bool) -> tuple[Card, str]:
    """The card a seat follows with in Misère, and the reason's code: ``beats`` tells whether a card
    would beat the trick's winning card, ``holder`` holds the trick, ``later`` whether seats are
    still to play after this one. The heuristic bot and the search's play-out both follow it."""
    losers = [c for c in cards if not beats(c)]
    if seat == declarer:
        if losers:
            return _highest(losers), "bot-misere-duck"
        if later:  # a seat still to play may have to go over the lowest card
            return _lowest(cards), "bot-misere-lowest-hope"
        return _highest(cards), "bot-misere-forced"
    if declarer_played and holder == declarer:
        if losers:  # stay under the declarer's card, so that it keeps the trick (if no later seat goes over)
            return _highest(losers), ("bot-misere-stay-under-later" if later else "bot-misere-stay-under")
        return _lowest(cards), "bot-misere-cannot-stay-under"
    if not declarer_played:
        return _lowest(cards), "bot-misere-defend-low"
    return _highest(cards), "bot-misere-shed-high"  # the declarer is already beaten in this trick


def _lowest(cards: list[Card]) -> Card:
    return max(cards, key=lambda c: (RANKS.index(c.rank), -SUITS.index(c.suit)))


def _play_reason(me: SeatView, card: Card) -> tuple[str, dict[str, Any]]:
    """Why ``card`` was played, read from the position the bot weighed (true of it: ``explain``)."""
    if not me.plays and me.trump is None and len(me.cards) > 1:
        return "bot-declarer-names-trumps", {"seat": me.seat, "card": card, "suit": card.suit}
    return play_reason(me, card, me.cards, values=False, after=still_to_play(me))


def _winners(me: SeatView, cards: list[Card]) -> list[Card]:
    """The cards that would take the lead of the trick in progress."""
    assert me.winning is not None and me.led is not None
    return [c for c in cards if me.beats(c, me.winning[1], me.led)]


def _highest(cards: list[Card]) -> Card:
    return min(cards, key=lambda c: (RANKS.index(c.rank), SUITS.index(c.suit)))


def _trumps_out(me: SeatView) -> int:
    """Trumps not yet seen: neither played nor in this hand (some may not be dealt at all)."""
    trump = me.trump
    in_pack = sum(1 for c in me.rules.pack() if c.suit == trump)
    seen = sum(1 for t in me.obs["tricks"] for e in t["plays"] if len(e) == 2 and Card.parse(e[1]).suit == trump)
    mine = sum(1 for c in me.hand if c.suit == trump)
    return in_pack - seen - mine
