"""Trinidad All Fours (rule text 003): the kick, begging, running the pack and the hang jack.

Four players in partnerships; play and the deal go counter-clockwise, so the
default seats ``N W S E`` are listed in the order of play. Six cards each, then
the next card is kicked for trumps (an ace, six or jack scores 1, 2 or 3 for the
dealer's side at once). The dealer's right stands or begs; the dealer gives a
point or runs the pack. The product's decisions (see "Decisions made on this site" in docs/trinidad.md): the gift at
13 may win the match unless ``gift_may_win`` is false; when the pack cannot
supply another run the hand ends in a redeal and the kick points stay.
First side to 14 wins.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Iterable, Mapping, Sequence

from ..actions import Action
from ..cards import Card
from ..errors import DealError
from ..game import Deal, Rules
from ..messages import N_, Reason, register
from .allfours import HAND_SIZE, AllFoursHand

KICK_POINTS = {"A": 1, "6": 2, "J": 3}
RUN_SIZE = 3
PACK_SIZE = 52
GIFT = 1

register({
    # reasons
    "gift-not-allowed": N_("{seat} cannot give: the point would take {team} to {target}, so the dealer must run the pack."),
    "stock-too-short": N_("The record's stock is too short to run the pack (cards listed: {count}; needed: {needed})."),
    # events
    "kick": N_("{seat} kicks {card}."),
    "stand": N_("{seat} stands: {suit} stay trumps."),
    "beg": N_("{seat} begs."),
    "give": N_("{seat} gives {team} a point to keep {suit} as trumps."),
    "run": N_("{seat} runs the pack: three more cards to each player and a new kick."),
    "same-suit": N_("The new kick is {suit} again: {seat} runs the pack once more."),
    "pack-run-out": N_("The pack cannot supply another run: {seat} shuffles and deals a new hand; the kick points stay."),
})


@dataclass(frozen=True)
class TrinidadRules(Rules):
    """First side to ``target`` wins; ``gift_may_win = false`` forbids a gift that would win."""

    target: int = 14
    gift_may_win: bool = True


class TrinidadHand(AllFoursHand):
    game = "trinidad"
    rules_class = TrinidadRules
    default_seats = ("N", "W", "S", "E")
    hang_jack_points = 3
    verbs = frozenset({"play", "stand", "beg", "give", "run"})

    def __init__(
        self,
        rules: Rules | None,
        seats: Sequence[str],
        dealer: str,
        deal: Deal,
        score: Mapping[str, int] | None = None,
    ) -> None:
        super().__init__(rules, seats, dealer, deal, score)
        if deal.turn is None:
            raise DealError("Trinidad needs the kicked card (turn)")
        self.stock: list[Card] = list(deal.stock)
        # Cards still in the real pack, whether or not the record lists them.
        self.pack_left = PACK_SIZE - len(self.seats) * HAND_SIZE - 1
        self.kicks: list[Card] = [deal.turn]
        self.eldest = self.next_seat(dealer)  # the dealer's right, who begs and leads
        self.begged: str | None = None
        self.gift = False
        self.runs = 0
        self.redeal = False
        self.emit("deal", dealer=dealer)
        self.phase = "beg"
        self.current = self.eldest
        self._kick(deal.turn, sets_trump=True)

    @property
    def kick_card(self) -> Card:
        return self.kicks[-1]

    @property
    def beggars(self) -> str:
        return self.team_of(self.eldest)

    # ----- legal actions ---------------------------------------------------
    def _legal(self) -> Iterable[Action]:
        seat = self.current
        assert seat is not None
        if self.phase == "beg":
            yield Action(seat, "stand")
            yield Action(seat, "beg")
        elif self.phase == "give":
            for verb in ("give", "run"):
                action = Action(seat, verb)
                if self._check(action) is None:
                    yield action
        else:
            for card in self.legal_plays(seat):
                yield Action(seat, "play", card=card)

    def _check(self, action: Action) -> Reason | None:
        verb = action.verb
        if self.phase == "beg" and verb in ("stand", "beg"):
            return None
        if self.phase == "give" and verb == "give":
            return self._why_no_gift(action.seat)
        if self.phase == "give" and verb == "run":
            return self._why_no_run()
        if self.phase == "play" and verb == "play":
            assert action.card is not None
            return self._check_play(action.seat, action.card)
        return self._foreign_verb(action) or Reason("not-now", {"seat": action.seat, "verb": verb})

    def _why_no_gift(self, seat: str) -> Reason | None:
        target = self.rules.target
        if not self.rules.gift_may_win and target and self.score[self.beggars] + GIFT >= target:
            return Reason("gift-not-allowed", {"seat": seat, "team": self.beggars, "target": target})
        return None

    def _why_no_run(self) -> Reason | None:
        """Refuse a run the record cannot supply (its stock lists too few cards)."""
        pack_left, needed = self.pack_left, 0
        dealers_score, target = self.score[self.team_of(self.dealer)], self.rules.target
        # A run repeats while the kick keeps the suit, until a kick wins the match;
        # check every repeat before applying any.
        while pack_left >= self._run_cards:
            needed += self._run_cards
            if needed > len(self.stock):
                return Reason("stock-too-short", {"count": len(self.stock), "needed": needed})
            kicked = self.stock[needed - 1]
            dealers_score += KICK_POINTS.get(kicked.rank, 0)
            if kicked.suit != self.trump or (target and dealers_score >= target):
                return None
            pack_left -= self._run_cards
        return None

    @property
    def _run_cards(self) -> int:
        """Cards one run takes from the pack: three to each player, then the new kick."""
        return RUN_SIZE * len(self.seats) + 1

    # ----- applying --------------------------------------------------------
    def _apply(self, action: Action) -> None:
        verb = action.verb
        if verb == "stand":
            self.emit("stand", seat=action.seat, suit=self.trump)
            self.start_play(self.eldest)
        elif verb == "beg":
            self.begged = action.seat
            self.emit("beg", seat=action.seat)
            self.phase = "give"
            self.current = self.dealer
        elif verb == "give":
            self.gift = True
            self.emit("give", seat=action.seat, team=self.beggars, suit=self.trump)
            if self.award("gift", self.beggars, GIFT):
                self.end_hand()
            else:
                self.start_play(self.eldest)
        elif verb == "run":
            self._run(action.seat)
        else:
            assert action.card is not None
            self.play_card(action.seat, action.card)

    def _kick(self, card: Card, sets_trump: bool) -> bool:
        """Announce a kicked card and score its bonus; True when that wins the match."""
        self.emit("kick", seat=self.dealer, card=card)
        if sets_trump:
            self.trump = card.suit
            self.emit("trump-set", suit=card.suit)
        points = KICK_POINTS.get(card.rank, 0)
        if points and self.award("kick", self.team_of(self.dealer), points, card=card):
            self.end_hand()
            return True
        return False

    def _run(self, seat: str) -> None:
        self.emit("run", seat=seat)
        while True:
            if self.pack_left < self._run_cards:
                self.redeal = True
                self.emit("pack-run-out", seat=self.dealer)
                self.end_hand()
                return
            for s in self._trick_order(self.eldest):
                self.deal_more(s, self.stock[:RUN_SIZE])
                del self.stock[:RUN_SIZE]
            kicked = self.stock.pop(0)
            self.pack_left -= self._run_cards
            self.runs += 1
            self.kicks.append(kicked)
            new_suit = kicked.suit != self.trump
            if self._kick(kicked, sets_trump=new_suit):
                return
            if new_suit:
                self.start_play(self.eldest)
                return
            # Announce another run only when the pack can supply it; otherwise the loop ends in a redeal.
            if self.pack_left >= self._run_cards:
                self.emit("same-suit", suit=self.trump, seat=self.dealer)

    # ----- views -----------------------------------------------------------
    def public_view(self) -> dict[str, Any]:
        view = super().public_view()
        view.update({
            "kick": str(self.kick_card),
            "kicks": [str(c) for c in self.kicks],
            "stock_size": self.pack_left,
            "eldest": self.eldest,
            "begged": self.begged,
            "gift": self.gift,
            "runs": self.runs,
            "redeal": self.redeal,
        })
        return view

    def full_view(self) -> dict[str, Any]:
        view = super().full_view()
        view["stock"] = [str(c) for c in self.stock]
        return view
