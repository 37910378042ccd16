"""Euchre (rule text 004): 24 cards, the bowers, two rounds of trump-making, going alone, 10 points.

Four players in two partnerships, five cards each, an upcard and a three-card
kitty. The product's decisions (see "Decisions made on this site" in docs/euchre.md) are applied here: the
turned-down suit cannot be named in round two, not even by a stuck dealer; the
dealer may discard the card he picked up; when the dealer's partner goes alone
the dealer sits out and the upcard stays in the kitty; a seat that sits out is
skipped for the lead and the turn. Where defending alone is played (``defend_alone``), the
defenders of a lone maker are asked in turn from the dealer's left, before the dealer takes the
upcard; the first who defends alone puts the partner's cards face down too, and scores 4 for
euchring the lone maker.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Iterable, Mapping

from ...actions import Action
from ...cards import RANKS, SUITS, Card, full_pack, same_colour
from ...game import Deal, DealSeen, HandState, Phase, Rules
from ...hand_views import MASK
from ...memo import Memo
from ...messages import N_, Event, Reason
from ...score_parts import QuestionError, find_event, require_scored
from ...trickplay import listed_in_order
from . import words

EUCHRE_RANKS = "AKQJT9"
TRICKS_IN_HAND = 5



@dataclass(frozen=True)
class EuchreRules(Rules):
    """Ten points win; the dealer is stuck in round two unless ``stick_the_dealer`` is false.

    ``no_trump`` (off at the text's table): in round two a seat may call no trump instead of a suit;
    the hand is then played without trumps or bowers, and scored as any other.

    ``defend_alone`` (off at the text's table): when a maker goes alone, each defender in turn from
    the dealer's left may defend alone (``defend alone``) or pass; the partner of one who does sits
    out, and euchring the lone maker scores 4 instead of 2.
    """

    target: int = 10
    stick_the_dealer: bool = True
    no_trump: bool = False
    defend_alone: bool = False


# ----- the bowers: the one place where the jacks change suit ----------------
def _left_bower_suit(trump: str) -> str:
    return next(s for s in SUITS if s != trump and same_colour(s, trump))


# Worked out once from the rule above: the left bower's suit for each trump suit.
_LEFT_BOWER_SUIT = {trump: _left_bower_suit(trump) for trump in SUITS}


def left_bower_suit(trump: str) -> str:
    """The suit of the left bower: the other suit of trump's colour."""
    return _LEFT_BOWER_SUIT[trump]


def is_right_bower(card: Card, trump: str | None) -> bool:
    return trump is not None and card.rank == "J" and card.suit == trump


def is_left_bower(card: Card, trump: str | None) -> bool:
    return trump is not None and card.rank == "J" and card.suit == _LEFT_BOWER_SUIT[trump]


def card_suit(card: Card, trump: str | None) -> str:
    """The suit a card belongs to in play: the left bower is a trump in every respect."""
    if trump is not None and card.rank == "J" and card.suit == _LEFT_BOWER_SUIT[trump]:
        return trump
    return card.suit


_RIGHT, _LEFT = 101, 100


def _card_power(card: Card, trump: str | None) -> int:
    if is_right_bower(card, trump):
        return _RIGHT
    if is_left_bower(card, trump):
        return _LEFT
    return len(RANKS) - RANKS.index(card.rank)


# Each card's power by trumps (or none) and card, worked out once from the rule above (every card, not
# only the Euchre pack's: a record may name any card, and the rule ranks it).
POWER_BY_TRUMP: dict[str | None, dict[Card, int]] = {
    trump: {card: _card_power(card, trump) for card in full_pack()} for trump in (None, *SUITS)}


def card_power(card: Card, trump: str | None) -> int:
    """Higher beats lower within a suit: right bower, left bower, then A K Q (J) T 9."""
    return POWER_BY_TRUMP[trump][card]


LONE_DEFENCE_EUCHRE = 4  # a lone defender who euchres a lone maker


def team_points(tricks: int, alone: bool, defended_alone: bool = False) -> tuple[str, int]:
    """The scoring table for the makers' tricks: (category, points); euchred goes to the defenders.

    >>> team_points(2, True, defended_alone=True), team_points(5, True, defended_alone=True)
    (('euchred', 4), ('lone-march', 4))
    """
    if tricks < 3:
        return "euchred", LONE_DEFENCE_EUCHRE if defended_alone else 2
    if tricks == TRICKS_IN_HAND:
        return ("lone-march", 4) if alone else ("march", 2)
    return ("lone", 1) if alone else ("makers", 1)


def _round_one_calls(key: tuple[str, bool]) -> tuple[Action, ...]:
    """Round one's legal actions, sorted by text: pass, or order it up (alone or not); the dealer's
    ``order`` means his ``pickup``, and both are accepted, so both are listed."""
    seat, deals = key
    actions = [Action(seat, "pass")]
    for verb in ("order", "pickup") if deals else ("order",):
        actions += [Action(seat, verb), Action(seat, verb, alone=True)]
    return _in_order(actions)


# Round one's legal actions by seat and whether it deals.
ROUND_ONE_CALLS = Memo(_round_one_calls)


def _round_two_calls(key: tuple[str, bool, str | None, bool]) -> tuple[Action, ...]:
    """Round two's legal actions, sorted by text: pass (unless the dealer is stuck), or name a suit
    other than the one turned down, or no trumps where that is played, alone or not."""
    seat, stuck, turned_down, no_trump = key
    actions = [] if stuck else [Action(seat, "pass")]
    for suit in SUITS:
        if suit != turned_down:
            actions += [Action(seat, "call", suit=suit), Action(seat, "call", suit=suit, alone=True)]
    if no_trump:
        actions += [Action(seat, "notrump"), Action(seat, "notrump", alone=True)]
    return _in_order(actions)


# Round two's legal actions by seat, whether the dealer is stuck, the suit turned down and whether
# no trumps is played.
ROUND_TWO_CALLS = Memo(_round_two_calls)


def _discard_actions(seat: str) -> dict[Card, Action]:
    return {card: Action(seat, "discard", card=card) for card in full_pack()}


# Each seat's discard of each card, by seat and card.
DISCARD_ACTION = Memo(_discard_actions)


def _in_order(actions: Iterable[Action]) -> tuple[Action, ...]:
    return tuple(sorted(set(actions), key=str))


class EuchreHand(HandState):
    """One hand of Euchre, from the upcard to the scoring.

    Phases: ``round-one`` (order it up or pass), ``defend`` (defend alone or pass: only where it
    is played, against a lone maker), ``discard`` (the dealer's), ``round-two`` (name a suit or
    pass), ``play``, ``over``.
    """

    game = "euchre"
    title = "Euchre"
    listed = 4
    rules_class = EuchreRules
    rules: EuchreRules
    default_seats = ("N", "E", "S", "W")
    partnership = True
    hand_size = 5
    packets = (3, 2)
    deal_words = {"upcard": "turn"}
    ranks = EUCHRE_RANKS
    pack_name = "the Euchre pack (nine to ace)"
    turn_card = "upcard"
    kitty_size = 3
    first_dealer_draw = "seat-index"
    verbs = frozenset({"pass", "order", "pickup", "call", "notrump", "defend", "discard", "play"})
    verb_args = {"order": None, "pickup": None, "call": "suit", "notrump": None, "defend": None, "discard": "card"}
    alone_verbs, said_alone = frozenset({"order", "pickup", "call", "notrump"}), frozenset({"defend"})
    verb_spellings = {"pick-up": "pickup", "pick": "pickup"}
    verb_words = {"order": N_("order it up"), "pickup": N_("pick it up"), "call": N_("name a suit"),
                  "notrump": N_("call no trump"), "defend": N_("defend alone"), "discard": N_("discard")}
    category_words = {"makers": N_("Makers"), "march": N_("March"), "lone": N_("Lone hand"),
                      "lone-march": N_("Lone march"), "euchred": N_("Euchred")}  # in a score question's order
    house_rule_words = words.HOUSE_RULE_WORDS
    bot = "trickbook.bots.euchre:EuchreBot"
    conduct = "trickbook.table.euchre:EuchreConduct"
    drill = {"legal": "follow-suit-bowers", "winner": "bowers", "score": "makers"}

    @classmethod
    def deal_seen(cls, view: Mapping[str, Any]) -> DealSeen:
        """The upcard, turned on the kitty; once the dealer has picked it up it is in his hand until played."""
        upcard = Card.parse(view["upcard"])
        picked = view["upcard_state"] == "picked-up"
        return DealSeen(view, [upcard], {view["dealer"]: [upcard]} if picked else {})

    @classmethod
    def deal_from(cls, seen: DealSeen, hands: dict[str, list[Card]], rest: list[Card]) -> Deal:
        """The hands, the upcard, and the rest of the pack as the kitty under it."""
        return Deal(hands, turn=seen.laid_out[0], kitty=list(rest))

    def _start(self) -> None:
        assert self.deal.turn is not None
        self.upcard: Card = self.deal.turn
        self.kitty: list[Card] = list(self.deal.kitty)
        self.upcard_state = "face-up"  # then picked-up, turned-down or in-kitty
        self.turned_down: str | None = None
        self.maker: str | None = None
        self.alone = False
        self.sitting_out: str | None = None
        # Defending alone (``defend_alone``): the seat that does, its partner sitting out, the
        # defenders' answers so far, and what comes after them ("upcard" or "play").
        self.defender: str | None = None
        self.defender_out: str | None = None
        self.defence: list[Action] = []
        self._after_defence = "play"
        self.discarded: Card | None = None
        self.phase = Phase.ROUND_ONE
        self.current = self.next_seat(self.dealer)
        self.emit("deal", dealer=self.dealer)
        self.emit("upcard", seat=self.dealer, card=self.upcard)

    def out_of_turn_reason(self, action: Action) -> Reason:
        """A seat whose partner went alone takes no part in the hand: say so, not whose turn it is."""
        if action.seat == self.sitting_out and self.maker is not None:
            return Reason("sitting-out", {"seat": action.seat, "maker": self.maker})
        if action.seat == self.defender_out and self.defender is not None:
            return Reason("sitting-out-defending", {"seat": action.seat, "defender": self.defender})
        if action.verb == "defend":
            return self._defend_refused(action)
        return super().out_of_turn_reason(action)

    def _not_now(self, action: Action) -> Reason:
        return self._defend_refused(action) if action.verb == "defend" else super()._not_now(action)

    def _defend_refused(self, action: Action) -> Reason:
        """Why ``action`` (a ``defend``) may not be taken now."""
        seat = action.seat
        if not self.rules.defend_alone:
            return Reason("defend-alone-not-played", {"seat": seat})
        if self.maker is None or not self.alone:
            return Reason("nobody-alone", {"seat": seat})
        if self.team_of(seat) == self.team_of(self.maker):
            return Reason("only-defender-defends", {"seat": seat, "maker": self.maker})
        if self.phase != Phase.DEFEND:
            return Reason("defend-too-late", {"seat": seat})
        return super().out_of_turn_reason(action)

    @classmethod
    def canonical_action(cls, action: Action, dealer: str) -> Action:
        """The dealer's ``order`` is his ``pickup``: one move, printed one way in records."""
        if action.verb == "order" and action.seat == dealer:
            return Action(action.seat, "pickup", alone=action.alone)
        return action

    @classmethod
    def suit_of(cls, card: Card, trump: str | None) -> str:
        return card_suit(card, trump)

    @classmethod
    def rank_power(cls, card: Card, trump: str | None) -> int:
        return card_power(card, trump)

    @property
    def stuck(self) -> bool:
        """True when the dealer must name a suit (the last word of round two)."""
        return self.phase == Phase.ROUND_TWO and self.current == self.dealer and self.rules.stick_the_dealer

    # ----- round one: order it up, or pass -----------------------------------
    @listed_in_order
    def _round_one_legal(self) -> Iterable[Action]:
        seat = self.current
        assert seat is not None
        return ROUND_ONE_CALLS[seat, seat == self.dealer]

    def _round_one_check(self, action: Action) -> Reason | None:
        seat, verb = action.seat, action.verb
        if verb in ("pass", "order"):
            return None
        if verb == "pickup":
            return None if seat == self.dealer else Reason("only-dealer-picks-up", {"seat": seat})
        if verb == "defend":
            return self._defend_refused(action)
        return Reason("first-round-order-or-pass", {"seat": seat, "card": self.upcard})

    def _round_one_apply(self, action: Action) -> None:
        seat = action.seat
        if action.verb == "pass":
            self.emit("pass", seat=seat)
            if seat == self.dealer:
                self._turn_down()
            else:
                self.current = self.next_seat(seat)
            return
        # `order` from the dealer means the same as `pickup`.
        verb = "pickup" if seat == self.dealer else "order"
        self.emit(verb, seat=seat, card=self.upcard, suit=self.upcard.suit)
        self._make_trump(seat, self.upcard.suit, action.alone)
        if self._ask_defenders("upcard"):
            return
        self._take_upcard()

    def _take_upcard(self) -> None:
        """After an order in round one: the dealer picks up, unless sitting out (then it stays)."""
        if self.dealer not in self.in_play:
            self.upcard_state = "in-kitty"
            self.emit("upcard-stays", card=self.upcard)
            self._start_play()
            return
        self.upcard_state = "picked-up"
        self.hands[self.dealer].append(self.upcard)
        if self.maker != self.dealer:
            self.emit("dealer-takes-upcard", seat=self.dealer, card=self.upcard)
        self.phase = Phase.DISCARD
        self.current = self.dealer

    def _turn_down(self) -> None:
        self.turned_down = self.upcard.suit
        self.upcard_state = "turned-down"
        self.emit("turned-down", card=self.upcard, suit=self.upcard.suit)
        self.phase = Phase.ROUND_TWO
        self.current = self.next_seat(self.dealer)

    # ----- the dealer's discard -----------------------------------------------
    @listed_in_order
    def _discard_legal(self) -> Iterable[Action]:
        seat = self.current
        assert seat is not None
        discards = DISCARD_ACTION[seat]
        # A seat's discards sorted by text are its cards sorted by text.
        return [discards[card] for card in sorted(self.hands[seat], key=str)]

    def _discard_check(self, action: Action) -> Reason | None:
        if action.verb == "defend":
            return self._defend_refused(action)
        return None if action.verb == "discard" else Reason("must-discard", {"seat": action.seat})

    def _discard_apply(self, action: Action) -> None:
        card = action.card
        assert card is not None
        self.hands[action.seat].remove(card)
        self.discarded = card
        self.emit("discard", seat=action.seat)
        self._start_play()

    # ----- round two: name another suit, or pass ------------------------------------
    @listed_in_order
    def _round_two_legal(self) -> Iterable[Action]:
        seat = self.current
        assert seat is not None
        return ROUND_TWO_CALLS[seat, self.stuck, self.turned_down, self.rules.no_trump]

    def _round_two_check(self, action: Action) -> Reason | None:
        seat, verb = action.seat, action.verb
        if verb == "pass":
            return Reason("dealer-must-call", {"seat": seat}) if self.stuck else None
        if verb == "call":
            if action.suit == self.turned_down:
                return Reason("turned-down-suit", {"seat": seat, "suit": action.suit})
            return None
        if verb == "notrump":
            return None if self.rules.no_trump else Reason("no-trump-not-played", {"seat": seat})
        if verb in ("order", "pickup"):
            return Reason("upcard-turned-down", {"seat": seat, "card": self.upcard})
        return self._not_now(action)

    def _round_two_apply(self, action: Action) -> None:
        seat = action.seat
        if action.verb == "pass":
            self.emit("pass", seat=seat)
            if seat == self.dealer:  # only reached when the dealer is not stuck
                self.emit("redeal")
                self.end_hand()
            else:
                self.current = self.next_seat(seat)
            return
        if action.verb == "notrump":
            self.emit("notrump", seat=seat)
            self.no_trumps = True
            self._make_trump(seat, None, action.alone)
        else:
            assert action.suit is not None
            self.emit("call", seat=seat, suit=action.suit)
            self._make_trump(seat, action.suit, action.alone)
        if not self._ask_defenders("play"):
            self._start_play()

    def _make_trump(self, seat: str, suit: str | None, alone: bool) -> None:
        self.trump, self.maker, self.alone = suit, seat, alone
        if alone:
            self.emit("alone", seat=seat)
            self.sitting_out = self.partner(seat)
            self.in_play = [s for s in self.seats if s != self.sitting_out]
            self.emit("sits-out", seat=self.sitting_out, maker=seat)

    # ----- defending alone (``defend_alone``): asked in turn from the dealer's left -----
    def _ask_defenders(self, then: str) -> bool:
        """Against a lone maker, where defending alone is played: ask the first defender; True when asked."""
        if not (self.alone and self.rules.defend_alone):
            return False
        assert self.maker is not None
        self._after_defence = then
        self.phase = Phase.DEFEND
        self.current = self._next_defender(self.dealer)
        return True

    def _next_defender(self, seat: str) -> str:
        """The first defender after ``seat`` in the order of play."""
        assert self.maker is not None
        return self.next_seat(seat, self._teams[self.other_team(self.team_of(self.maker))])

    @listed_in_order
    def _defend_legal(self) -> Iterable[Action]:
        seat = self.current
        assert seat is not None
        return _in_order((Action(seat, "pass"), Action(seat, "defend")))

    def _defend_check(self, action: Action) -> Reason | None:
        if action.verb in ("pass", "defend"):
            return None
        return Reason("defend-or-pass", {"seat": action.seat, "maker": self.maker})

    def _defend_apply(self, action: Action) -> None:
        seat = action.seat
        self.defence.append(action)
        if action.verb == "defend":
            self.defender, self.defender_out = seat, self.partner(seat)
            self.in_play = [s for s in self.in_play if s != self.defender_out]
            self.emit("defend-alone", seat=seat, maker=self.maker)
            self.emit("defender-sits-out", seat=self.defender_out, defender=seat)
        else:
            self.emit("pass-defence", seat=seat)
            if len(self.defence) < 2:
                self.current = self._next_defender(seat)
                return
        if self._after_defence == "upcard":
            self._take_upcard()
        else:
            self._start_play()

    def _start_play(self) -> None:
        # next_seat skips a seat that sits out, so the lead passes on.
        self.start_play(self.next_seat(self.dealer))

    # ----- tricks and scoring --------------------------------------------
    def _emit_trick_won(self, seat: str, card: Card, led: str) -> None:
        number, trump = len(self.tricks), self.trump
        power = POWER_BY_TRUMP[trump][card]  # the bowers' powers are their own: 101 the right, 100 the left
        if power == _RIGHT:
            self.emit("trick-won-right-bower", seat=seat, card=card, trick=number)
        elif power == _LEFT:
            self.emit("trick-won-left-bower", seat=seat, card=card, trick=number)
        elif card.suit == trump:  # the left bower aside, a card's suit in play is its own
            self.emit("trick-won-trump", seat=seat, card=card, trick=number)
        else:
            self.emit("trick-won-led", seat=seat, card=card, suit=led, trick=number)

    def tricks_won(self) -> dict[str, int]:
        """Tricks taken so far by each team."""
        out = dict.fromkeys(self.teams, 0)
        team_of = self._team_of
        for t in self.tricks:
            if t.winner is not None:
                out[team_of[t.winner]] += 1
        return out

    def _score_hand(self) -> None:
        assert self.maker is not None
        makers = self.team_of(self.maker)
        tricks = self.tricks_won()[makers]
        category, points = team_points(tricks, self.alone, self.defender is not None)
        if category == "euchred":
            if self.defender is not None:
                self.emit("euchred-alone", seat=self.defender, maker=self.maker, tricks=tricks)
            else:
                self.emit("euchred", team=makers, tricks=tricks)
            self.award(category, self.other_team(makers), points)
        else:
            if self.alone:
                self.emit(category, seat=self.maker, tricks=tricks)
            else:
                self.emit(category, team=makers, tricks=tricks)
            self.award(category, makers, points)
        self.end_hand()

    # ----- views ---------------------------------------------------------
    def public_view(self) -> dict[str, Any]:
        view = super().public_view()
        view.update({
            "upcard": str(self.upcard),
            "upcard_state": self.upcard_state,
            "turned_down": self.turned_down,
            "maker": self.maker,
            "makers": self.team_of(self.maker) if self.maker else None,
            "alone": self.alone,
            "sitting_out": self.sitting_out,
            "tricks_won": self.tricks_won(),
            "target": self.rules.target,
        })
        if self.no_trumps:
            view["no_trumps"] = True
        if self.rules.defend_alone:  # who defends alone, and the defenders' answers in order
            view["defender"] = self.defender
            view["defence"] = [str(a) for a in self.defence]
        return view

    @classmethod
    def seen_as(cls, action: Action, viewer: str | None) -> str:
        """The dealer's discard is face down: the other seats see that a card went, not which."""
        if action.verb == "discard" and action.seat != viewer:
            return f"{action.seat} discard {MASK}"
        return str(action)

    def observation(self, seat: str) -> dict[str, Any]:
        obs = super().observation(seat)
        if seat == self.dealer and self.discarded is not None:
            obs["discarded"] = str(self.discarded)
        return obs

    def full_view(self) -> dict[str, Any]:
        view = super().full_view()
        view["kitty"] = [str(c) for c in self.kitty_cards()]
        view["discarded"] = str(self.discarded) if self.discarded is not None else None
        return view

    def kitty_cards(self) -> list[Card]:
        """The cards out of play: the kitty, plus the upcard unless picked up, plus the discard."""
        cards = list(self.kitty)
        if self.upcard_state in ("turned-down", "in-kitty"):
            cards.append(self.upcard)
        if self.discarded is not None:
            cards.append(self.discarded)
        return cards

    def score_parts(self) -> dict[str, Any]:
        """Who scores the hand (makers, march, lone hand, lone march or euchred) and how many points."""
        require_scored(self)
        award = next((a for a in self.awards if a.category in self.category_words), None)
        if award is None:
            raise QuestionError("nobody scores in this hand: there is no score to ask about")
        event = find_event(self, tuple(self.category_words), award.category)
        why = {**Event("score", {"team": award.team, "points": award.points, "category": award.category}).as_dict(),
               **({"detail": event.as_dict()} if event is not None else {})}
        return {"parts": [{"category": "team", "choices": list(self.teams), "accepted": award.team, "reason": why},
                          {"category": "points", "choices": ["1", "2", "4"], "accepted": str(award.points),
                           "reason": why}], "multiple": False}
