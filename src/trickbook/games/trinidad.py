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
from ..game import Deal, DealSeen, Phase, Rules
from ..messages import N_, Reason, register
from ..trickplay import TRICK_ORDER
from .allfours import AllFoursHand

KICK_POINTS = {"A": 1, "6": 2, "J": 3}
# Tobago's house rule (``kicked_two_for_six``): the two takes the six's bonus.
KICK_POINTS_TOBAGO = {"A": 1, "2": 2, "J": 3}
RUN_SIZE = 3
GIFT = 1

register({
    # reasons
    "gift-not-allowed": N_(
        "{seat} cannot give: the point would take {team} to {target}, so the dealer must run the pack."
    ),
    "stock-too-short": N_("The record's stock is too short to run the pack (cards listed: {count}; needed: {needed})."),
    # events
    "kick": N_("{seat} kicks {card}."),
    "stand": N_("{seat} stands: {suit} stay trumps."),
    "beg": N_("{seat} begs."),
    "give": N_("{seat} gives {team} a point to keep {suit} as trumps."),
    "run": N_("{seat} runs the pack: three more cards to each player and a new kick."),
    "same-suit": N_("The new kick is {suit} again: {seat} runs the pack once more."),
    "pack-run-out": N_(
        "The pack cannot supply another run: {seat} shuffles and deals a new hand; the kick points stay."
    ),
})


register({  # the house rules, as a table announces them (``house_rule_words``)
    "rules-may-undertrump": N_("Once a plain suit led has been trumped, a lower trump may still be played on it."),
    "rules-no-undertrump": N_(
        "Once a plain suit led has been trumped, no lower trump may be played on it unless the hand holds only "
        "lower trumps. A trump lead is followed as usual."
    ),
    "rules-kicked-two": N_("A kicked two scores 2 for the dealer instead of a kicked six, as sometimes in Tobago."),
    "rules-kicked-six": N_("A kicked six scores 2 for the dealer."),
    "rules-gift-may-win": N_("A point given by the dealer may win the match."),
    "rules-gift-may-not-win": N_("The dealer may not give a point that would win the match: he must run the pack."),
})


@dataclass(frozen=True)
class TrinidadRules(Rules):
    """First side to ``target`` wins; the other options are house rules the rule text names.

    - ``gift_may_win = false`` forbids a gift that would win the match;
    - ``may_undertrump = false`` forbids, once a plain suit led has been trumped, a lower trump (the text's
      table allows it);
    - ``kicked_two_for_six = true``: as sometimes in Tobago, a kicked two scores the bonus a kicked
      six scores at the text's table, and a kicked six scores nothing.
    """

    target: int = 14
    gift_may_win: bool = True
    may_undertrump: bool = True
    kicked_two_for_six: bool = False


class TrinidadHand(AllFoursHand):
    game = "trinidad"
    aliases = ("all-fours-trinidad", "trinidad-all-fours", "all-fours")
    title = "Trinidad All Fours"
    listed = 2
    rules_class = TrinidadRules
    rules: TrinidadRules
    default_seats = ("N", "W", "S", "E")
    packets = (3, 3)
    turn_card = "kicked card"
    deal_words = {"kick": "turn"}
    has_stock = True
    first_dealer_draw = "high-card"
    hang_jack_points = 3
    verbs = frozenset({"play", "stand", "beg", "give", "run"})
    verb_args = {"stand": None, "beg": None, "give": None, "run": None}
    verb_words = {"stand": N_("stand"), "beg": N_("beg"), "give": N_("give a point"), "run": N_("run the pack")}
    category_words = {**AllFoursHand.category_words, "kick": N_("Kick"), "gift": N_("Gift")}
    house_rule_words = {("may_undertrump", True): "rules-may-undertrump",
                        ("may_undertrump", False): "rules-no-undertrump",
                        ("kicked_two_for_six", True): "rules-kicked-two",
                        ("kicked_two_for_six", False): "rules-kicked-six",
                        ("gift_may_win", True): "rules-gift-may-win",
                        ("gift_may_win", False): "rules-gift-may-not-win"}
    bot = "trickbook.bots.allfours:TrinidadBot"
    conduct = "trickbook.table.allfours:TrinidadConduct"

    @classmethod
    def deal_seen(cls, view: Mapping[str, Any]) -> DealSeen:
        """The kicks, turned from the pack, the stock under them; before any run the rest of the hand
        may run the pack once (three cards each, one more kick). Not laid out: the calls after a run,
        a redeal, and a beg answered by no gift."""
        kicks = [Card.parse(c) for c in view["kicks"]]
        runs = int(view.get("runs") or 0)
        if view["phase"] in (Phase.BEG, Phase.GIVE):
            if len(kicks) != 1 or runs:
                return DealSeen(view, unknown="Trinidad: the calls after a run of the pack are not rebuilt")
            return DealSeen(view, kicks, more_cards=RUN_SIZE * len(view["seats"]) + 1)
        if view.get("redeal"):
            return DealSeen(view, unknown="Trinidad: a redeal is not rebuilt")
        if not runs and view.get("begged") and not view.get("gift"):
            return DealSeen(view, unknown="Trinidad: a beg answered by no gift is not rebuilt")
        return DealSeen(view, kicks)

    @classmethod
    def deal_from(cls, seen: DealSeen, hands: dict[str, list[Card]], rest: list[Card]) -> Deal:
        """The first kick as the turn; each run of the pack took its cards from the top of the stock, in
        the order ``run_deals`` deals them: each seat's cards past its first six, and the later kicks."""
        view, kicks = seen.view, seen.laid_out
        runs = int(view.get("runs") or 0)
        if not runs:
            return Deal(hands, turn=kicks[0], stock=rest)
        seats = list(view["seats"])
        first = seats.index(view["eldest"])
        later = {s: iter(cards[cls.hand_size:]) for s, cards in hands.items()}
        stock: list[Card] = []
        for k in range(runs):
            for who in cls.run_deals(seats[first:] + seats[:first]):
                card = kicks[k + 1] if who is None else next(later[who], None)
                if card is not None:
                    stock.append(card)
        dealt = {s: cards[: cls.hand_size] for s, cards in hands.items()}
        return Deal(dealt, turn=kicks[0], stock=stock + rest)

    @property
    def kick_points(self) -> dict[str, int]:
        """What each kicked rank scores for the dealer at this table."""
        return KICK_POINTS_TOBAGO if self.rules.kicked_two_for_six else KICK_POINTS

    def _start(self) -> None:
        super()._start()
        assert self.deal.turn is not None
        self.stock: list[Card] = list(self.deal.stock)
        # Cards still in the real pack, whether or not the record lists them.
        self.pack_left = len(self.pack()) - len(self.seats) * self.hand_size - 1
        self.kicks: list[Card] = [self.deal.turn]
        self.eldest = self.next_seat(self.dealer)  # the dealer's right, who begs and leads
        self.begged: str | None = None
        self.gift = False
        self.runs = 0
        self.redeal = False
        self.emit("deal", dealer=self.dealer)
        self.phase = Phase.BEG
        self.current = self.eldest
        self._kick(self.deal.turn, sets_trump=True)

    def _why_dealer_cannot_answer(self) -> Reason | None:
        """Why a beg would leave the dealer no action, or None: the gift is not allowed and the
        record's stock cannot supply the run. Only a beg needs the stock, so a record that lists
        none is refused at its beg (never at its deal, since a hand that stands never runs the pack)."""
        if self._why_no_gift(self.dealer) is None:
            return None
        return self._run_plan()[1]

    @property
    def kick_card(self) -> Card:
        return self.kicks[-1]

    @property
    def beggars(self) -> str:
        return self.team_of(self.eldest)

    @property
    def same_dealer_again(self) -> bool:
        """When the pack cannot supply another run, the same dealer deals a new hand."""
        return self.redeal

    # ----- the eldest hand stands or begs --------------------------------------
    def _beg_legal(self) -> Iterable[Action]:
        assert self.current is not None
        candidates = [Action(self.current, "stand"), Action(self.current, "beg")]
        return [a for a in candidates if self._beg_check(a) is None]

    def _beg_check(self, action: Action) -> Reason | None:
        if action.verb == "beg":
            return self._why_dealer_cannot_answer()
        return None if action.verb == "stand" else self._not_now(action)

    def _beg_apply(self, action: Action) -> None:
        if action.verb == "stand":
            self.emit("stand", seat=action.seat, suit=self.trump)
            self.start_play(self.eldest)
            return
        self.begged = action.seat
        self.emit("beg", seat=action.seat)
        self.phase = Phase.GIVE
        self.current = self.dealer

    # ----- the dealer gives a point or runs the pack ----------------------------
    def _give_legal(self) -> Iterable[Action]:
        assert self.current is not None
        candidates = [Action(self.current, "give"), Action(self.current, "run")]
        return [a for a in candidates if self._give_check(a) is None]

    def _give_check(self, action: Action) -> Reason | None:
        if action.verb == "give":
            return self._why_no_gift(action.seat)
        if action.verb == "run":
            return self._run_plan()[1]
        return self._not_now(action)

    def _give_apply(self, action: Action) -> None:
        if action.verb == "run":
            self._run(action.seat)
            return
        self.gift = True
        self.emit("give", seat=action.seat, team=self.beggars, suit=self.trump)
        if self.award("gift", self.beggars, GIFT):
            self.end_hand()
        else:
            self.start_play(self.eldest)

    def _why_no_gift(self, seat: str) -> Reason | None:
        target = self.rules.target
        if not self.rules.gift_may_win and target and self.score[self.beggars] + GIFT >= target:
            return Reason("gift-not-allowed", {"seat": seat, "team": self.beggars, "target": target})
        return None

    def _run_plan(self) -> tuple[int, Reason | None]:
        """How many runs running the pack takes, or why the record's stock cannot supply them.

        A run repeats while the kick keeps the suit, until a kick wins the match or
        the pack cannot supply another run: every repeat is known before any is made.
        """
        pack_left, needed, runs = self.pack_left, 0, 0
        dealers_score, target = self.score[self.team_of(self.dealer)], self.rules.target
        while pack_left >= self._run_cards:
            needed += self._run_cards
            if needed > len(self.stock):
                return runs, Reason("stock-too-short", {"count": len(self.stock), "needed": needed})
            runs += 1
            kicked = self.stock[needed - 1]
            dealers_score += self.kick_points.get(kicked.rank, 0)
            if kicked.suit != self.trump or (target and dealers_score >= target):
                break
            pack_left -= self._run_cards
        return runs, None

    @property
    def _run_cards(self) -> int:
        """Cards one run takes from the pack: three to each player, then the new kick."""
        return RUN_SIZE * len(self.seats) + 1

    @staticmethod
    def run_deals(order: Sequence[str]) -> list[str | None]:
        """Who takes each card of one run of the pack, in the order they come off it: three to each seat
        of ``order`` (from the eldest hand), then the new kick (None)."""
        return [seat for seat in order for _ in range(RUN_SIZE)] + [None]

    def _kick(self, card: Card, sets_trump: bool) -> bool:
        """Announce a kicked card and score its bonus; True when that wins the match."""
        self.emit("kick", seat=self.dealer, card=card)
        if sets_trump:
            self.trump = card.suit
            self.emit("trump-set", suit=card.suit)
        points = self.kick_points.get(card.rank, 0)
        if points and self.award("kick", self.team_of(self.dealer), points, card=card):
            self.end_hand()
            return True
        return False

    def _run(self, seat: str) -> None:
        runs, refused = self._run_plan()
        assert refused is None
        self.emit("run", seat=seat)
        deals = self.run_deals(TRICK_ORDER[self.seats, tuple(self.in_play), self.eldest])
        for _ in range(runs):
            kicked: Card | None = None
            for who in deals:
                card = self.stock.pop(0)
                if who is None:
                    kicked = card
                else:
                    self.deal_more(who, (card,))
            assert kicked is not None
            self.pack_left -= self._run_cards
            self.runs += 1
            self.kicks.append(kicked)
            new_suit = kicked.suit != self.trump
            if self._kick(kicked, sets_trump=new_suit):
                return
            if new_suit:
                self.start_play(self.eldest)
                return
            # Announce another run only when the pack can supply it; otherwise the hand ends in a redeal.
            if self.pack_left >= self._run_cards:
                self.emit("same-suit", suit=self.trump, seat=self.dealer)
        self.redeal = True
        self.emit("pack-run-out", seat=self.dealer)
        self.end_hand()

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
