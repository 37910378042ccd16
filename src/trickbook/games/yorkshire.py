"""Yorkshire All Fours as played at Batley (rule texts 000 and 002): the first card led sets trump.

Four players in fixed partnerships, six cards each, no turned card. The pitcher
(left of the dealer) leads and his first card's suit is trump for the hand.
Two product decisions (see "Decisions made on this site" in docs/yorkshire.md) are applied here: the throw-in of a
valueless hand, and the early look (``peek``) by the pitcher's partner, which
gives the opponents 4 points at once. First pair to 11 wins.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Iterable

from ..actions import Action
from ..cards import Card, rank_index
from ..game import Rules
from ..messages import N_, Reason, register
from ..trickplay import listed_in_order
from ..tricks import TrickEntry
from .allfours import AllFoursHand

PEEK_PENALTY = 4
# A throw-in is allowed only for a hand with nothing above a nine.
_NINE = rank_index(Card("9", "S"))

register({
    # reasons
    "throw-not-allowed": N_("{seat} cannot throw in: {why}"),
    "peek-not-allowed": N_("{seat} cannot look early: {why}"),
    "why-throw-when-leading": N_("the player leading a trick must play a card."),
    "why-throw-holds-trump": N_("the hand holds a trump."),
    "why-throw-card-above-nine": N_("the hand holds a card above a nine."),
    "why-throw-would-win": N_("a card of the hand would win the trick."),
    "why-peek-not-partner": N_("only the pitcher's partner is waiting to see the cards."),
    "why-peek-after-lead": N_("the first card has already been led."),
    "why-peek-again": N_("the cards have already been seen."),
    # events
    "pitcher": N_("{seat}, left of the dealer, is the pitcher: the first card led sets trumps."),
    "throw": N_("{seat} throws in the rest of the hand, face up: {cards}. The partner plays on."),
    "throw-last": N_(
        "{seat} throws in the rest of the hand, face up: {cards}. The partner has already thrown in, "
        "so the other side plays on alone."
    ),
    "peek": N_("{seat} looks at the hand before the first lead: the opponents score the penalty."),
})


register({  # the house rules, as a table announces them (``house_rule_words``)
    "rules-may-cut-holding-suit": N_("A player may trump while holding the suit led, as at Batley."),
    "rules-no-cut-holding-suit": N_("No player may trump while holding the suit led, as in the towns near Batley."),
})


@dataclass(frozen=True)
class YorkshireRules(Rules):
    """First pair to ``target`` points wins.

    ``may_cut_holding_suit``: at Batley a player may trump a plain lead while holding its suit;
    the neighbouring towns that forbid it set this to false.
    """

    target: int = 11
    may_cut_holding_suit: bool = True


class YorkshireHand(AllFoursHand):
    game = "yorkshire"
    aliases = ("all-fours-yorkshire", "yorkshire-all-fours", "batley")
    title = "Yorkshire All Fours"
    listed = 1
    rules_class = YorkshireRules
    default_seats = ("N", "E", "S", "W")
    packets = (2, 2, 2)
    first_dealer_draw = "first-jack"
    first_lead_sets_trump = True
    hang_jack_points = 1
    verbs = frozenset({"play", "throw", "peek"})
    verb_args = {"throw": None, "peek": None}
    verb_words = {"throw": N_("throw in"), "peek": N_("look at the cards")}
    category_words = {**AllFoursHand.category_words, "peek": N_("Early look")}
    house_rule_words = {("may_cut_holding_suit", True): "rules-may-cut-holding-suit",
                        ("may_cut_holding_suit", False): "rules-no-cut-holding-suit"}
    bot = "trickbook.bots.allfours:YorkshireBot"
    conduct = "trickbook.table.allfours:YorkshireConduct"

    def _start(self) -> None:
        super()._start()
        self.pitcher = self.next_seat(self.dealer)
        self.peeked: str | None = None
        self.emit("deal", dealer=self.dealer)
        self.emit("pitcher", seat=self.pitcher)
        self.start_play(self.pitcher)

    # ----- the play: a card, a throw-in, or (out of turn) the early look -------------
    @listed_in_order
    def _play_legal(self) -> Iterable[Action]:
        legal = list(super()._play_legal())
        seat = self.current
        assert seat is not None
        if self._why_no_throw(seat) is None:
            legal.append(Action(seat, "throw"))
            legal.sort(key=str)
        return legal

    def _play_check(self, action: Action) -> Reason | None:
        if action.verb == "throw":
            why = self._why_no_throw(action.seat)
            return None if why is None else Reason("throw-not-allowed", {"seat": action.seat, **why})
        if action.verb == "peek":
            why = self._why_no_peek(action.seat)
            return None if why is None else Reason("peek-not-allowed", {"seat": action.seat, **why})
        return super()._play_check(action)

    def _play_apply(self, action: Action) -> None:
        if action.verb == "throw":
            self._throw(action.seat)
        elif action.verb == "peek":
            self._peek(action.seat)
        else:
            super()._play_apply(action)

    # ``peek`` is an infraction with a penalty, accepted out of turn from the pitcher's partner.
    def out_of_turn_allowed(self, action: Action) -> bool:
        return action.verb == "peek"

    def _out_of_turn_legal(self) -> Iterable[Action]:
        # Only a seat the early-look rule lets look is a candidate (why_illegal still checks each);
        # once trumps are set, or someone has looked, no seat may.
        if self.trump is not None or self.peeked is not None:
            return ()
        return [Action(seat, "peek") for seat in self.seats if self._why_no_peek(seat) is None]

    def _why_no_throw(self, seat: str) -> dict[str, Any] | None:
        trick = self.trick
        if trick is None or trick.winning is None:  # no card played to the trick yet
            return {"why": "why-throw-when-leading"}
        hand = self.hands[seat]
        for card in hand:
            if card.suit == self.trump:
                return {"why": "why-throw-holds-trump", "card": card}
        for card in hand:
            if rank_index(card) < _NINE:
                return {"why": "why-throw-card-above-nine", "card": card}
        assert trick.led is not None
        led = self.effective_suit(trick.led)
        best = trick.winning[1]
        if best.suit != self.trump:
            for card in hand:
                if card.suit == led and self.power(card) > self.power(best):
                    return {"why": "why-throw-would-win", "card": card}
        return None

    def _why_no_peek(self, seat: str) -> dict[str, Any] | None:
        if seat != self.partner(self.pitcher):
            return {"why": "why-peek-not-partner"}
        if self.peeked is not None:
            return {"why": "why-peek-again"}
        if self.trump is not None:
            return {"why": "why-peek-after-lead"}
        return None

    def _throw(self, seat: str) -> None:
        trick = self.trick
        assert trick is not None
        cards = tuple(sorted(self.hands[seat]))
        self.hands[seat] = []
        trick.entries.append(TrickEntry(seat, thrown=cards))
        # The seat takes no further part; later tricks have one card fewer.
        self.in_play.remove(seat)
        partner_out = self.partner(seat) not in self.in_play
        self.emit("throw-last" if partner_out else "throw", seat=seat, cards=list(cards))
        self.advance_trick()

    def _peek(self, seat: str) -> None:
        self.peeked = seat
        self.emit("peek", seat=seat)
        if self.award("peek", self.other_team(self.team_of(seat)), PEEK_PENALTY):
            self.end_hand()

    # ----- views -----------------------------------------------------------
    def public_view(self) -> dict[str, Any]:
        view = super().public_view()
        view["pitcher"] = self.pitcher
        view["peeked"] = self.peeked
        view["thrown_in"] = [s for s in self.seats if s not in self.in_play]
        return view
