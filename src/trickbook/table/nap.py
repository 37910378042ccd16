"""The Nap table's conduct (rule text 001): 3 to 7 players, one bid each, a running balance.

The reader chooses how many play and how many rounds the session lasts: in a
round each player deals once, the deal passing to the left, so a session of
``rounds`` rounds at ``players`` seats is ``rounds * players`` deals and every
player deals the same number of times. The balances are carried from deal to
deal (each contract paid by or to every other player) and the session ends
after its last deal with the final balances. On a time-out the table passes in
the bidding and otherwise plays the card that gives least away.
"""

from __future__ import annotations

from typing import Any, Sequence

from ..messages import N_, Message, register
from .conduct import Conduct

register({
    "explain-contract": N_(
        "{seat} declared {contract}: {needed} of the five tricks are needed, "
        "and each other player pays or is paid {points}."
    ),
    "explain-contract-misere": N_(
        "{seat} declared Misère: no trick may be taken, the hand has no trumps, "
        "and each other player pays or is paid {points}."
    ),
    "explain-contract-bidding": N_("The highest bid so far: {seat}, {contract}."),
    "explain-no-contract": N_("Nobody has bid yet; each player speaks once."),
    "explain-cards-wait-bids": N_("No card is played until everyone has bid or passed."),
})

# A table opened without a choice plays one round (each player deals once); the reader may choose
# from one to MAX_ROUNDS rounds.
ROUNDS = 1
MAX_ROUNDS = 5


class NapConduct(Conduct):
    objects = ("contract", "trump")
    wait_code = "explain-cards-wait-bids"
    max_rounds = MAX_ROUNDS
    rounds_unchosen = ROUNDS
    rounds_offered = 2  # the page's opening controls offer two rounds first

    @classmethod
    def default_seat(cls, seats: Sequence[str]) -> str:
        return seats[0]

    def extras(self, obs: dict[str, Any]) -> dict[str, Any]:
        match = self.table.match
        return {
            "contract": obs["contract"],
            "declarer": obs["declarer"],
            "spoken": obs["spoken"],
            "payments": obs["payments"],
            "rounds": match.rounds,
            "hands_in_match": (match.rounds or 0) * len(match.seats),
        }

    def explain_object(self, kind: str) -> list[Message]:
        state: Any = self.state
        if kind == "contract":
            if state.contract is None:
                return [Message("explain-no-contract")]
            if state.phase == "bidding":
                return [Message("explain-contract-bidding", {"seat": state.declarer, "contract": state.contract})]
            if state.contract == "misere":
                return [Message("explain-contract-misere", {"seat": state.declarer,
                                                            "points": state.payment("misere", True)})]
            return [Message("explain-contract", {"seat": state.declarer, "contract": state.contract,
                                                 "needed": state.tricks_needed(state.contract),
                                                 "points": state.payment(state.contract, True)})]
        return super().explain_object(kind)
