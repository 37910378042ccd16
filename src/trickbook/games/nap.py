"""Nap, basic British profile (rule text 001): Three, Four, Nap, Wellington.

Three to seven players, five cards each, one round of bidding from the dealer's
left, the declarer's first lead sets trump, follow suit or play anything, and
symmetric payments of 3, 4, 5 or 10 to or from each opponent.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Iterable

from ..actions import CONTRACTS, Action
from ..cards import Card
from ..errors import DealError
from ..game import Deal, HandState, Rules
from ..messages import N_, Reason, register

# Tricks a contract needs, and what each opponent pays (or is paid).
NEEDED = {"three": 3, "four": 4, "nap": 5, "wellington": 5}
PAYMENT = {"three": 3, "four": 4, "nap": 5, "wellington": 10}
HAND_SIZE = 5
MIN_SEATS, MAX_SEATS = 3, 7
SEAT_LETTERS = "ABCDEFG"

register({
    "bid-too-low": N_("{seat} must bid higher than {contract}."),
    "wellington-needs-nap": N_("Wellington may only be bid after someone has bid Nap."),
    "already-spoken": N_("{seat} has already spoken; every player speaks once."),
    "must-follow-suit": N_("{seat} holds {suit} and must follow suit."),
    "bid": N_("{seat} bids {contract}."),
    "pass": N_("{seat} passes."),
    "all-pass": N_("Everyone passes: no play and no payment; the next dealer deals."),
    "declarer": N_("{seat} is the declarer with {contract} and leads."),
    "contract-made": N_("{seat} has made {contract}, taking {tricks} of the five tricks."),
    "contract-failed": N_("{seat} has failed in {contract}: the defenders have taken {against} of the five tricks."),
    "net": N_("Net result of the hand for {team}: {points}."),
    "payment": N_("{payer} pays {points} to {payee}."),
})


@dataclass(frozen=True)
class NapRules(Rules):
    """Nap has no target: a session lasts an agreed number of rounds."""

    target: int = 0


class NapHand(HandState):
    game = "nap"
    rules_class = NapRules
    default_seats = ("A", "B", "C", "D")
    partnership = False

    @classmethod
    def default_seats_for(cls, dealt: int) -> tuple[str, ...]:
        """A B C … for as many seats as the deal names (3 to 7); A B C D otherwise."""
        if MIN_SEATS <= dealt <= MAX_SEATS:
            return tuple(SEAT_LETTERS[:dealt])
        return tuple(cls.default_seats)

    def __init__(self, rules: Rules | None, seats, dealer: str, deal: Deal, score=None) -> None:
        if not MIN_SEATS <= len(seats) <= MAX_SEATS:
            raise DealError(f"Nap needs {MIN_SEATS} to {MAX_SEATS} players, not {len(seats)}")
        super().__init__(rules, seats, dealer, deal, score)
        for s in self.seats:
            if len(self.hands[s]) != HAND_SIZE:
                raise DealError(f"{s} must be dealt {HAND_SIZE} cards, not {len(self.hands[s])}")
        if deal.turn is not None or deal.kitty or deal.stock:
            raise DealError("Nap deals no upcard, kitty or stock")
        self.phase = "bidding"
        self.contract: str | None = None
        self.declarer: str | None = None
        self.spoken: list[str] = []
        self.payments: dict[str, int] | None = None
        self.current = self.next_seat(dealer)
        self.emit("deal", dealer=dealer)

    @property
    def bidding_order(self) -> list[str]:
        order = [self.next_seat(self.dealer)]
        while len(order) < len(self.seats):
            order.append(self.next_seat(order[-1]))
        return order

    # ----- legal actions ---------------------------------------------------
    def _legal(self) -> Iterable[Action]:
        seat = self.current
        assert seat is not None
        if self.phase == "bidding":
            yield Action(seat, "pass")
            for c in CONTRACTS:
                a = Action(seat, "bid", contract=c)
                if self._check_bid(a) is None:
                    yield a
        else:
            for card in self.legal_plays(seat):
                yield Action(seat, "play", card=card)

    def _check(self, action: Action) -> Reason | None:
        if self.phase == "bidding":
            if action.verb == "pass":
                return None
            if action.verb == "bid":
                return self._check_bid(action)
        elif action.verb == "play":
            return self._check_play(action.seat, action.card)  # type: ignore[arg-type]
        return Reason("not-now", {"seat": action.seat, "verb": action.verb})

    def _check_bid(self, action: Action) -> Reason | None:
        contract = action.contract
        assert contract is not None
        # Too low first: a second Wellington follows a Nap, it just does not beat the first.
        if self.contract is not None and CONTRACTS.index(contract) <= CONTRACTS.index(self.contract):
            return Reason("bid-too-low", {"seat": action.seat, "contract": self.contract})
        if contract == "wellington" and self.contract != "nap":
            return Reason("wellington-needs-nap", {"seat": action.seat})
        return None

    # ----- applying --------------------------------------------------------
    def _apply(self, action: Action) -> None:
        if self.phase == "bidding":
            self._apply_bid(action)
        else:
            self.play_card(action.seat, action.card)  # type: ignore[arg-type]

    def _apply_bid(self, action: Action) -> None:
        self.spoken.append(action.seat)
        if action.verb == "bid":
            self.contract, self.declarer = action.contract, action.seat
            self.emit("bid", seat=action.seat, contract=action.contract)
        else:
            self.emit("pass", seat=action.seat)
        if len(self.spoken) < len(self.seats):
            self.current = self.next_seat(action.seat)
            return
        if self.declarer is None:
            self.emit("all-pass")
            self.payments = {s: 0 for s in self.seats}
            self.end_hand()
            return
        self.emit("declarer", seat=self.declarer, contract=self.contract)
        self.start_play(self.declarer)

    def _on_lead(self, seat: str, card: Card) -> None:
        if self.trump is None:
            self.trump = card.suit
            self.emit("trump-set", suit=card.suit)

    def _finish_trick(self, trick) -> None:
        super()._finish_trick(trick)
        if self.payments is None:
            self._settle_if_certain()

    def tricks_won(self, seat: str) -> int:
        return sum(1 for t in self.tricks if t.winner == seat)

    def _settle_if_certain(self) -> None:
        assert self.declarer is not None and self.contract is not None
        made = self.tricks_won(self.declarer)
        against = sum(1 for t in self.tricks if t.winner is not None and t.winner != self.declarer)
        need = NEEDED[self.contract]
        if made >= need:
            self.emit("contract-made", seat=self.declarer, contract=self.contract, tricks=made)
            self._pay(success=True)
        elif against > HAND_SIZE - need:
            self.emit("contract-failed", seat=self.declarer, contract=self.contract, against=against)
            self._pay(success=False)

    def _pay(self, success: bool) -> None:
        assert self.declarer is not None and self.contract is not None
        unit = PAYMENT[self.contract]
        nets = {s: 0 for s in self.seats}
        for s in self.seats:
            if s == self.declarer:
                continue
            payer, payee = (s, self.declarer) if success else (self.declarer, s)
            nets[payer] -= unit
            nets[payee] += unit
            self.emit("payment", payer=payer, payee=payee, points=unit)
        self.payments = nets
        self.award("contract", self.declarer, nets[self.declarer], event="net", contract=self.contract)
        for s in self.seats:
            if s != self.declarer:
                self.score[s] += nets[s]

    def _score_hand(self) -> None:
        self.end_hand()

    def public_view(self) -> dict[str, Any]:
        view = super().public_view()
        view.update({
            "contract": self.contract,
            "declarer": self.declarer,
            "spoken": list(self.spoken),
            "payments": self.payments,
        })
        return view
