"""What Yorkshire and Trinidad All Fours share: the follow rules and the High, Low, Jack and Game count.

Both rule texts (000/002 for Yorkshire, 003 for Trinidad) score the same four
categories in the fixed order High, Low, Jack, Game, stopping as soon as a side
reaches the target. High and Low go to the side originally dealt the highest and
lowest trump in play, whoever captures it; Game counts the card values captured.
"""

from __future__ import annotations

from typing import Any, Callable, ClassVar, Iterable, Sequence

from ..cards import Card, game_value
from ..game import HandState
from ..messages import N_, Event, Reason, register
from ..score_parts import NOBODY, find_event, reason, require_scored

register({
    # reasons
    "must-follow-trump": N_("{seat} holds a trump and must follow the trump lead."),
    "must-follow-or-trump": N_("{seat} holds {suit} and must follow suit or play a trump."),
    # house rules: variants some tables play (rules options)
    "house-no-cut-holding-suit": N_("At a table that forbids it, {seat} may not trump while holding {suit}."),
    "house-no-undertrump": N_(
        "At a table that forbids under-trumping, {seat} may not play a trump lower than {card}, already in the trick."
    ),
    # scoring events
    "high": N_("{card} is the highest trump in play; {seat} was dealt it."),
    "low": N_("{card} is the lowest trump in play; {seat} was dealt it."),
    "low-captured": N_(
        "{card} is the lowest trump in play; {seat} was dealt it, "
        "so it counts for {team} even though {captor} captured it."
    ),
    "jack": N_("{seat} captures {card}, the trump jack."),
    "hang-jack": N_("{seat} hangs the jack: {card}, dealt to {owner}, is captured by the other side."),
    "game": N_("Game: {team} have {total}, {other} have {other_total}."),
    # why a category scores nobody (the value of ``why`` in ``no-score``)
    "why-no-trump-in-play": N_("no trump was in play."),
    "why-jack-not-in-play": N_("the trump jack was not in play."),
    "why-game-tie": N_("both sides have the same total."),
})


class AllFoursHand(HandState):
    """The part of a hand both All Fours games share: six cards each, follow rules, scoring."""

    hand_size = 6
    # What capturing the other side's trump jack scores: 1 in Yorkshire, 3 ("hang jack") in Trinidad.
    hang_jack_points: ClassVar[int] = 1
    drill = {"legal": "trump-or-follow", "winner": "highest-trump", "score": "high-low-jack-game"}

    def _start(self) -> None:
        # Who was dealt each card in play: High, Low and Jack follow the original holder.
        self.dealt_to: dict[Card, str] = {c: s for s in self.seats for c in self.hands[s]}
        # A house rule that narrows the follow rule (a rules option away from its default): the
        # common follow rule's tables stay as they are and its answers are narrowed here.
        self.house_plays = not getattr(self.rules, "may_cut_holding_suit", True) or not getattr(
            self.rules, "may_undertrump", True)

    @classmethod
    def shows_out(cls, card: Card, led: str | None, trump: str | None, rules: Any = None) -> bool:
        """A trump on a plain lead proves a void too where the house forbids trumping while holding the suit."""
        if (rules is not None and not getattr(rules, "may_cut_holding_suit", True)
                and led is not None and led != trump and card.suit == trump):
            return True
        return super().shows_out(card, led, trump)

    # ----- house rules of play ----------------------------------------------------------
    def _check_play(self, seat: str, card: Card) -> Reason | None:
        reason = super()._check_play(seat, card)
        if reason is None and self.house_plays:
            return self._house_refusal(seat, card)
        return reason

    def legal_plays(self, seat: str) -> list[Card]:
        cards = super().legal_plays(seat)
        if not self.house_plays:
            return cards
        return [c for c in cards if self._house_refusal(seat, c) is None]

    def _house_refusal(self, seat: str, card: Card) -> Reason | None:
        """What a house rule forbids that the common follow rule allows, on a plain lead.

        - ``may_cut_holding_suit = false`` (Yorkshire's neighbouring towns): no trump while
          holding the suit led;
        - ``may_undertrump = false`` (some Trinidad tables): no trump lower than the best trump
          already in the trick, unless every card of the hand is such a trump.
        """
        led, trump = self.led_suit(), self.trump
        if led is None or trump is None or led == trump or card.suit != trump:
            return None
        hand = self.hands[seat]
        if not getattr(self.rules, "may_cut_holding_suit", True) and any(c.suit == led for c in hand):
            return Reason("house-no-cut-holding-suit", {"seat": seat, "suit": led, "card": card})
        if not getattr(self.rules, "may_undertrump", True):
            trick = self.tricks[-1]
            trumps = [e.card for e in trick.entries if e.card is not None and e.card.suit == trump]
            if trumps:
                top = max(trumps, key=self.power)
                if self.power(card) < self.power(top) and any(
                        c.suit != trump or self.power(c) > self.power(top) for c in hand):
                    return Reason("house-no-undertrump", {"seat": seat, "card": top})
        return None

    def deal_more(self, seat: str, cards: Iterable[Card]) -> None:
        """Give a seat more cards, which are then in play (Trinidad's run)."""
        for c in cards:
            self.hands[seat].append(c)
            self.dealt_to[c] = seat

    # ----- follow rules ----------------------------------------------------
    @classmethod
    def follow_refusal(cls, card: Card, hand: Sequence[Card], led: str | None, trump: str | None) -> str | None:
        """Follow a trump lead with a trump; on a plain lead follow suit or trump; else anything."""
        if led is None:
            return None
        if led == trump:
            if card.suit != trump:
                for c in hand:
                    if c.suit == trump:
                        return "must-follow-trump"
            return None
        if card.suit != led and card.suit != trump:
            for c in hand:
                if c.suit == led:
                    return "must-follow-or-trump"
        return None

    @classmethod
    def playable(cls, hand: Sequence[Card], led: str, trump: str | None) -> list[Card]:
        """``follow_refusal`` as a list: on a trump lead the trumps held, if any; on a plain lead the
        cards of the suit led and the trumps, if the hand holds the suit led; otherwise every card."""
        if led == trump:
            trumps = [c for c in hand if c.suit == trump]
            return trumps if trumps else list(hand)
        for c in hand:
            if c.suit == led:
                return [c for c in hand if c.suit == led or c.suit == trump]
        return list(hand)

    # ----- scoring -----------------------------------------------------------
    def trumps_in_play(self) -> list[Card]:
        return [c for c in self.dealt_to if c.suit == self.trump]

    def captor(self, card: Card) -> str | None:
        """The seat whose tricks hold ``card``, if it has been captured."""
        for seat, cards in self.taken.items():
            if card in cards:
                return seat
        return None

    def captured_points(self) -> dict[str, int]:
        """Game values captured so far, per team (every suit counts: A 4, K 3, Q 2, J 1, T 10)."""
        totals = {t: 0 for t in self.teams}
        for seat, cards in self.taken.items():
            totals[self.team_of(seat)] += sum(game_value(c) for c in cards)
        return totals

    def _score_hand(self) -> None:
        # In order, stopping as soon as a side reaches the target.
        for category in (self._score_high, self._score_low, self._score_jack, self._score_game):
            if category():
                break
        self.end_hand()

    def _dealt_trump(self, category: str, pick: Callable[..., Card]) -> Card | None:
        """The trump in play that decides High or Low (``pick``: ``max`` or ``min`` by power); None, and the
        category said not to score, when no trump is in play."""
        trumps = self.trumps_in_play()
        if not trumps:
            self.emit("no-score", category=category, why="why-no-trump-in-play")
            return None
        card: Card = pick(trumps, key=self.power)
        return card

    def _score_high(self) -> bool:
        card = self._dealt_trump("high", max)
        if card is None:
            return False
        seat = self.dealt_to[card]
        self.emit("high", card=card, seat=seat, team=self.team_of(seat))
        return self.award("high", self.team_of(seat), 1, card=card)

    def _score_low(self) -> bool:
        card = self._dealt_trump("low", min)
        if card is None:
            return False
        seat = self.dealt_to[card]
        team = self.team_of(seat)
        captor = self.captor(card)
        if captor is not None and self.team_of(captor) != team:
            self.emit("low-captured", card=card, seat=seat, team=team, captor=captor)
        else:
            self.emit("low", card=card, seat=seat, team=team)
        return self.award("low", team, 1, card=card)

    def _score_jack(self) -> bool:
        assert self.trump is not None
        jack = Card("J", self.trump)
        captor = self.captor(jack) if jack in self.dealt_to else None
        if captor is None:
            self.emit("no-score", category="jack", why="why-jack-not-in-play")
            return False
        owner = self.dealt_to[jack]
        team = self.team_of(captor)
        if team != self.team_of(owner) and self.hang_jack_points > 1:
            self.emit("hang-jack", seat=captor, card=jack, owner=owner, team=team)
            return self.award("jack", team, self.hang_jack_points, card=jack)
        self.emit("jack", seat=captor, card=jack, team=team)
        return self.award("jack", team, 1, card=jack)

    def _score_game(self) -> bool:
        totals = self.captured_points()
        a, b = self.teams
        self.emit("game", team=a, total=totals[a], other=b, other_total=totals[b])
        if totals[a] == totals[b]:
            self.emit("no-score", category="game", why="why-game-tie")
            return False
        best = a if totals[a] > totals[b] else b
        return self.award("game", best, 1, total=totals[best])

    # ----- views -----------------------------------------------------------
    def public_view(self) -> dict[str, Any]:
        view = super().public_view()
        view["captured"] = self.captured_points()
        view["target"] = self.rules.target
        return view

    # A score question asks who scored each category, in the order they are scored, and the events
    # that tell who scored it.
    score_categories: ClassVar[tuple[str, ...]] = ("high", "low", "jack", "game")
    category_words = {"high": N_("High"), "low": N_("Low"), "jack": N_("Jack"), "game": N_("Game")}
    _category_events: ClassVar[dict[str, tuple[str, ...]]] = {
        "high": ("high",), "low": ("low", "low-captured"), "jack": ("jack", "hang-jack"), "game": ("game",)}

    def score_parts(self) -> dict[str, Any]:
        """Who scored High, Low, Jack and Game (a team or nobody), each with the event that says why."""
        require_scored(self)
        choices = [*self.teams, NOBODY]
        parts = []
        for category in self.score_categories:
            awarded = [a for a in self.awards if a.category == category]
            team = awarded[0].team if awarded else NOBODY
            event = find_event(self, self._category_events[category], category) if awarded else None
            if event is None and not awarded:
                event = find_event(self, ("match-won",), category) if self.winner else None
                no_score = next(
                    (e for e in self.events if e.code == "no-score" and e.values.get("category") == category), None
                )
                event = no_score or event
            why = event.as_dict() if event is not None else reason("score-nobody", category=category)
            if awarded:
                why = {**Event("score", {"team": team, "points": awarded[0].points, "category": category}).as_dict(),
                       "detail": event.as_dict() if event is not None else None}
            parts.append({"category": category, "choices": choices, "accepted": team, "reason": why})
        return {"parts": parts, "choices": choices, "multiple": False}
