"""Yorkshire All Fours as played at Batley (rule texts 000 and 002): the first card led sets trump.

Four players in fixed partnerships, six cards each, no turned card. The pitcher
(left of the dealer) leads and his first card's suit is trump for the hand.
Two product decisions (see "Decisions made on this site" in docs/yorkshire.md) are applied here: the throw-in of a
valueless hand, and the early look (``peek``) by the pitcher's partner, which
gives the opponents 4 points at once. First pair to 11 wins.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Iterable, Mapping, Sequence

from ..actions import Action
from ..cards import Card, rank_index
from ..game import Deal, Rules
from ..messages import N_, Reason, register
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
    "throw-last": N_("{seat} throws in the rest of the hand, face up: {cards}. The partner has already thrown in, so the other side plays on alone."),
    "peek": N_("{seat} looks at the hand before the first lead: the opponents score the penalty."),
})


@dataclass(frozen=True)
class YorkshireRules(Rules):
    """First pair to ``target`` points wins."""

    target: int = 11


class YorkshireHand(AllFoursHand):
    game = "yorkshire"
    rules_class = YorkshireRules
    default_seats = ("N", "E", "S", "W")
    hang_jack_points = 1
    verbs = frozenset({"play", "throw", "peek"})

    def __init__(
        self,
        rules: Rules | None,
        seats: Sequence[str],
        dealer: str,
        deal: Deal,
        score: Mapping[str, int] | None = None,
    ) -> None:
        super().__init__(rules, seats, dealer, deal, score)
        self._check_deal_extras(deal)
        self.pitcher = self.next_seat(dealer)
        self.peeked: str | None = None
        self.emit("deal", dealer=dealer)
        self.emit("pitcher", seat=self.pitcher)
        self.start_play(self.pitcher)

    # ----- legal actions ---------------------------------------------------
    def _legal(self) -> Iterable[Action]:
        seat = self.current
        assert seat is not None
        for card in self.legal_plays(seat):
            yield Action(seat, "play", card=card)
        if self._why_no_throw(seat) is None:
            yield Action(seat, "throw")
        # ``peek`` is an infraction with a penalty, never a move on offer: it is
        # accepted (out of turn) but not listed.

    def _check(self, action: Action) -> Reason | None:
        if action.verb == "play":
            assert action.card is not None
            return self._check_play(action.seat, action.card)
        if action.verb == "throw":
            why = self._why_no_throw(action.seat)
            return None if why is None else Reason("throw-not-allowed", {"seat": action.seat, **why})
        if action.verb == "peek":
            why = self._why_no_peek(action.seat)
            return None if why is None else Reason("peek-not-allowed", {"seat": action.seat, **why})
        return self._foreign_verb(action)

    def _out_of_turn_ok(self, action: Action) -> bool:
        return action.verb == "peek"

    def _why_no_throw(self, seat: str) -> dict[str, Any] | None:
        trick = self.trick
        if trick is None or not trick.plays:
            return {"why": "why-throw-when-leading"}
        hand = self.hands[seat]
        for card in hand:
            if card.suit == self.trump:
                return {"why": "why-throw-holds-trump", "card": card}
        for card in hand:
            if rank_index(card) < _NINE:
                return {"why": "why-throw-card-above-nine", "card": card}
        led = self.effective_suit(trick.plays[0][1])
        assert trick.winning is not None
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

    # ----- applying --------------------------------------------------------
    def _apply(self, action: Action) -> None:
        if action.verb == "play":
            assert action.card is not None
            self.play_card(action.seat, action.card)
        elif action.verb == "throw":
            self._throw(action.seat)
        else:
            self._peek(action.seat)

    def _on_lead(self, seat: str, card: Card) -> None:
        if self.trump is None:
            self.trump = card.suit
            self.emit("trump-set", suit=card.suit)

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
