"""Nap, basic British profile (rule text 001): Three, Four, Nap, Wellington.

Three to seven players, five cards each, one round of bidding from the dealer's
left, the declarer's first lead sets trump, follow suit or play anything, and
symmetric payments of 3, 4, 5 or 10 to or from each opponent.

The text names other profiles a table may agree before the deal; two are rules options:

- ``misere``: a bid of Misère ranks between Three and Four; its declarer must take no trick,
  the hand is played without trumps, and it is paid 3 by or to each opponent;
- ``nap_pays_ten``: a won Nap is paid 10 by each opponent (a lost one still costs 5 each).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Iterable

from ..actions import Action
from ..game import HandState, Phase, Rules
from ..messages import N_, Reason, register
from ..score_parts import QuestionError, find_event, reason, require_scored
from ..tricks import Trick

# Tricks a contract needs, and what each opponent pays (or is paid).
NEEDED = {"three": 3, "four": 4, "nap": 5, "wellington": 5}
PAYMENT = {"three": 3, "misere": 3, "four": 4, "nap": 5, "wellington": 10}
NAP_WON_AT_TEN = 10  # what each opponent pays for a won Nap at a table with ``nap_pays_ten``
SEAT_LETTERS = "ABCDEFG"

register({
    "bid-too-low": N_("{seat} must bid higher than {contract}."),
    "wellington-needs-nap": N_("Wellington may only be bid after someone has bid Nap."),
    "already-spoken": N_("{seat} has already spoken; every player speaks once."),
    "bid": N_("{seat} bids {contract}."),
    "pass": N_("{seat} passes."),
    "all-pass": N_("Everyone passes: no play and no payment; the next dealer deals."),
    "declarer": N_("{seat} is the declarer with {contract} and leads."),
    "misere-not-played": N_("Misère is not played at this table: {seat} may bid Three, Four, Nap or Wellington."),
    "misere-no-trumps": N_("Misère is played without trumps: {seat} must take no trick."),
    "misere-made": N_("{seat} has made Misère, taking no trick."),
    "misere-failed": N_("{seat} has failed in Misère by taking a trick."),
    "contract-made": N_("{seat} has made {contract}, taking {tricks} of the five tricks."),
    "contract-failed": N_("{seat} has failed in {contract}: the defenders have taken {against} of the five tricks."),
    "net": N_("Net result of the hand for {team}: {points}."),
    "payment": N_("{payer} pays {points} to {payee}."),
})


register({  # the house rules, as a table announces them (``house_rule_words``)
    "rules-misere": N_("Misère may be bid, between Three and Four: no trumps, no trick, paid 3."),
    "rules-no-misere": N_("Misère is not played."),
    "rules-nap-pays-ten": N_("A won Nap is paid 10 by each opponent."),
    "rules-nap-pays-five": N_("A won Nap is paid 5 by each opponent."),
})


@dataclass(frozen=True)
class NapRules(Rules):
    """No target (a session lasts an agreed number of rounds); two profiles a table may agree.

    ``misere``: Misère may be bid (between Three and Four). ``nap_pays_ten``: a won Nap is paid 10.
    """

    misere: bool = False
    nap_pays_ten: bool = False


class NapHand(HandState):
    game = "nap"
    aliases = ("napoleon",)
    title = "Nap"
    listed = 3
    rules_class = NapRules
    rules: NapRules
    default_seats = ("A", "B", "C", "D")
    seat_counts = range(3, 8)
    partnership = False
    hand_size = 5
    packets = (3, 2)
    first_dealer_draw = "high-card"
    first_lead_sets_trump = True
    verbs = frozenset({"pass", "bid", "play"})
    bot = "trickbook.bots.nap:NapBot"
    conduct = "trickbook.table.nap:NapConduct"
    example = "nap-four-hearts"
    scores_count_up = False  # a seat's balance goes below zero when it pays
    contracts = ("three", "misere", "four", "nap", "wellington")  # in the order bids rank
    verb_args = {"bid": "contract"}
    contract_spellings = {"misère": "misere"}
    verb_words = {"bid": N_("bid")}
    contract_words = {"three": N_("Three"), "misere": N_("Misère"), "four": N_("Four"), "nap": N_("Nap"),
                      "wellington": N_("Wellington")}
    category_words = {"contract": N_("Contract")}
    house_rule_words = {("misere", True): "rules-misere", ("misere", False): "rules-no-misere",
                        ("nap_pays_ten", True): "rules-nap-pays-ten", ("nap_pays_ten", False): "rules-nap-pays-five"}
    drill = {"legal": "follow-suit", "winner": "highest-trump", "score": "contract-payment"}

    @classmethod
    def default_seats_for(cls, dealt: int) -> tuple[str, ...]:
        """A B C … for as many seats as the deal names (3 to 7); A B C D otherwise."""
        if dealt in cls.seat_counts:
            return tuple(SEAT_LETTERS[:dealt])
        return tuple(cls.default_seats)

    def _start(self) -> None:
        self.phase = Phase.BIDDING
        self.contract: str | None = None
        self.declarer: str | None = None
        self.spoken: list[str] = []
        self.payments: dict[str, int] | None = None
        self.current = self.next_seat(self.dealer)
        self.emit("deal", dealer=self.dealer)

    # ----- bidding: one round, from the dealer's left ------------------------------
    def _bidding_legal(self) -> Iterable[Action]:
        seat = self.current
        assert seat is not None
        yield Action(seat, "pass")
        for c in self.contracts:
            if c == "misere" and not self.rules.misere:
                continue
            a = Action(seat, "bid", contract=c)
            if self._bidding_check(a) is None:
                yield a

    def _bidding_check(self, action: Action) -> Reason | None:
        if action.verb == "pass":
            return None
        if action.verb != "bid":
            return self._not_now(action)
        contract = action.contract
        assert contract is not None
        if contract == "misere" and not self.rules.misere:
            return Reason("misere-not-played", {"seat": action.seat})
        # Too low first: a second Wellington follows a Nap, it just does not beat the first.
        if self.contract is not None and self.contracts.index(contract) <= self.contracts.index(self.contract):
            return Reason("bid-too-low", {"seat": action.seat, "contract": self.contract})
        if contract == "wellington" and self.contract != "nap":
            return Reason("wellington-needs-nap", {"seat": action.seat})
        return None

    def _bidding_apply(self, action: Action) -> None:
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
        if self.contract == "misere":
            self.no_trumps = True
            self.emit("misere-no-trumps", seat=self.declarer)
        self.start_play(self.declarer)

    def _finish_trick(self, trick: Trick, led: str | None = None) -> None:
        super()._finish_trick(trick, led)
        if self.payments is None:
            self._settle_if_certain()

    def tricks_won(self, seat: str) -> int:
        return sum(1 for t in self.tricks if t.winner == seat)

    def _settle_if_certain(self) -> None:
        assert self.declarer is not None and self.contract is not None
        made = self.tricks_won(self.declarer)
        against = sum(1 for t in self.tricks if t.winner is not None and t.winner != self.declarer)
        if self.contract == "misere":  # no trick at all: failed at the first one taken, made at the last
            if made:
                self.emit("misere-failed", seat=self.declarer)
                self._pay(success=False)
            elif against == self.hand_size:
                self.emit("misere-made", seat=self.declarer)
                self._pay(success=True)
            return
        need = NEEDED[self.contract]
        if made >= need:
            self.emit("contract-made", seat=self.declarer, contract=self.contract, tricks=made)
            self._pay(success=True)
        elif against > self.hand_size - need:
            self.emit("contract-failed", seat=self.declarer, contract=self.contract, against=against)
            self._pay(success=False)

    def _pay(self, success: bool) -> None:
        assert self.declarer is not None and self.contract is not None
        unit = self.payment(self.contract, success)
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

    def payment(self, contract: str, success: bool) -> int:
        """What each opponent pays the declarer (or is paid) for ``contract`` made or failed, at this table."""
        if contract == "nap" and success and self.rules.nap_pays_ten:
            return NAP_WON_AT_TEN
        return PAYMENT[contract]

    def tricks_needed(self, contract: str) -> int:
        """Tricks the declarer must take: for Misère, none at all (and no trick may be taken)."""
        return 0 if contract == "misere" else NEEDED[contract]

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

    def score_parts(self) -> dict[str, Any]:
        """The declarer's net for the hand, asked once the contract is made or defeated."""
        if self.declarer is None:  # everybody passed: no play and no payment
            require_scored(self)
            raise QuestionError("nobody scores in this hand: there is no score to ask about")
        payments, declarer = self.payments, self.declarer
        if payments is None or self.contract is None:
            raise QuestionError("the contract is not settled at this step: ask 'score' once it is made or defeated")
        won, lost = self.payment(self.contract, True), self.payment(self.contract, False)
        others = len(self.seats) - 1
        nets = sorted({won * others, -lost * others, won, -lost}, reverse=True)
        event = find_event(self, ("contract-made", "contract-failed", "misere-made", "misere-failed"), "contract")
        net = payments[declarer]
        why = reason("score-net", seat=declarer, points=net)
        if event is not None:
            why["detail"] = event.as_dict()
        part = {"category": "contract", "seat": declarer, "choices": [str(n) for n in nets], "accepted": str(net),
                "reason": why}
        return {"parts": [part], "seat": declarer, "multiple": False}
