"""The Euchre table's conduct (rule text 004): the upcard, the kitty, the bowers, never alone on a time-out."""

from __future__ import annotations

from typing import Any

from ..actions import Action
from ..cards import SUITS, Card
from ..games.euchre import EuchreHand, card_power, card_suit, is_left_bower, is_right_bower, left_bower_suit
from ..messages import N_, Message, register
from ..view import cheapest
from .conduct import Conduct, TableError

register({
    # what a card of the reader's hand is
    "explain-right-bower": N_("{card} is the right bower: the jack of trumps, the highest card of this hand."),
    "explain-left-bower": N_(
        "{card} is the left bower: it counts as a trump ({trump}), second only to the right bower, "
        "and no longer as one of the {suit}."
    ),
    "explain-jack-before-trumps": N_(
        "{card} is a jack: if {suit} become trumps it is the right bower, "
        "and if {other_suit} become trumps it is the left bower."
    ),
    "explain-card-before-trumps": N_("{card} belongs to the {suit}; trumps are not made yet."),
    "explain-any-discard": N_("{seat} may discard any card, even the one just picked up."),
    # the objects on the table
    "explain-upcard-face-up": N_(
        "{card} is the upcard. In the first round a player may order it up: {suit} become trumps and the dealer, "
        "{dealer}, takes the card."
    ),
    "explain-upcard-picked-up": N_("{dealer}, the dealer, picked up {card} and discarded a card face down."),
    "explain-upcard-turned-down": N_("{card} was turned down: {suit} cannot be trumps in this hand."),
    "explain-upcard-in-kitty": N_("{card} stays in the kitty: the dealer sits out, so nobody picks it up."),
    "explain-kitty": N_(
        "The kitty lies face down and takes no part in this hand; nobody sees it. Once the match is over, "
        "the seed lets you deal it again and look."
    ),
    "explain-no-trumps": N_("Trumps are not made yet."),
    "explain-trumps": N_("Trumps are {suit}, made by {seat}. The right bower is {right} and the left bower {left}."),
    "explain-trumps-alone": N_("{seat} goes alone; {partner} sits out this hand."),
    "explain-defends-alone": N_("{seat} defends alone; {partner} sits out this hand too."),
    "explain-taken": N_(
        "Tricks taken by {seat} in this hand: {count}. Team {team}: {total} of five; the makers need three."
    ),
    "explain-taken-none": N_("Tricks taken by {seat} in this hand: {count}. Trumps are not made yet."),
})


def safe_card(cards: list[Card], trump: str | None) -> Card:
    """The cheapest card to give away: plain before trump, a plain ace kept, low before high."""
    return cheapest(cards, trump, EuchreHand, keep_aces=True)


def reader_order(cards: list[Card], trump: str | None) -> list[Card]:
    """The reader's hand grouped by the suit each card plays as (trumps first, bowers on top)."""
    suits = ([trump] if trump else []) + [s for s in SUITS if s != trump]

    def key(card: Card) -> tuple[int, int]:
        return (suits.index(card_suit(card, trump)), -card_power(card, trump))
    return sorted(cards, key=key)


class EuchreConduct(Conduct):
    objects = ("upcard", "kitty", "trump")
    trumps_by_call = True

    def order(self, cards: list[Card]) -> list[Card]:
        return reader_order(cards, self.state.trump)

    def timeout_choice(self, legal: list[Action]) -> Action:
        """Pass while trumps are made; a stuck dealer names his strongest suit; otherwise a safe card. Never alone."""
        state = self.state
        by_verb: dict[str, list[Action]] = {}
        for a in legal:
            if not a.alone:
                by_verb.setdefault(a.verb, []).append(a)
        if "pass" in by_verb:
            return by_verb["pass"][0]
        if "call" in by_verb:  # the stuck dealer; the turned-down suit is never among them
            from ..bots.euchre import strength

            hand = state.hands[self.seat]
            calls = [(a, a.suit) for a in by_verb["call"] if a.suit is not None]
            return max(calls, key=lambda c: (strength(hand, c[1]), -SUITS.index(c[1])))[0]
        if "discard" in by_verb:
            from ..bots.euchre import discard_choice

            assert state.trump is not None
            return Action(self.seat, "discard", card=discard_choice(state.hands[self.seat], state.trump))
        cards = [a.card for a in by_verb.get("play", []) if a.card is not None]
        if not cards:
            raise TableError(f"no action for {self.seat} to time out in phase {state.phase!r}")
        return Action(self.seat, "play", card=safe_card(cards, state.trump))

    def shown_action(self, action: Action, bot: bool) -> str:
        # The dealer's discard is face down: a bot's card never reaches the page.
        if bot and action.verb == "discard":
            return f"{action.seat} discard"
        return str(action)

    def extras(self, obs: dict[str, Any]) -> dict[str, Any]:
        state: Any = self.state
        trump = state.trump
        hand = state.hands[self.seat]
        return {
            "bowers": {str(c): ("right" if is_right_bower(c, trump) else "left")
                       for c in hand if is_right_bower(c, trump) or is_left_bower(c, trump)},
            "upcard": obs["upcard"],
            "upcard_state": obs["upcard_state"],
            "turned_down": obs["turned_down"],
            # Face down: the kitty, a turned-down upcard, the dealer's discard.
            "kitty_size": len(state.kitty_cards()),
            "maker": obs["maker"],
            "alone": obs["alone"],
            "sitting_out": obs["sitting_out"],
            "discarded": obs.get("discarded"),
            "tricks_won": obs["tricks_won"],
            "awards": obs["awards"],
        }

    def card_now(self, card: Card) -> list[Message]:
        state = self.state
        if state.phase == "discard" and state.current_player == self.seat:
            return [Message("explain-any-discard", {"seat": self.seat})]
        return super().card_now(card)

    def what_card(self, card: Card) -> list[Message]:
        trump = self.state.trump
        if trump is None:
            if card.rank == "J":
                return [Message("explain-jack-before-trumps",
                                {"card": card, "suit": card.suit, "other_suit": left_bower_suit(card.suit)})]
            return [Message("explain-card-before-trumps", {"card": card, "suit": card.suit})]
        if is_right_bower(card, trump):
            return [Message("explain-right-bower", {"card": card})]
        if is_left_bower(card, trump):
            return [Message("explain-left-bower", {"card": card, "trump": trump, "suit": card.suit})]
        return super().what_card(card)

    def explain_object(self, kind: str) -> list[Message]:
        state: Any = self.state
        if kind == "kitty":
            return [Message("explain-kitty")]
        if kind == "upcard":
            codes = {
                "face-up": "explain-upcard-face-up",
                "picked-up": "explain-upcard-picked-up",
                "turned-down": "explain-upcard-turned-down",
                "in-kitty": "explain-upcard-in-kitty",
            }
            card = state.upcard
            return [Message(codes[state.upcard_state], {"card": card, "suit": card.suit, "dealer": state.dealer})]
        trump = state.trump
        if trump is None:
            return [Message("explain-no-trumps")]
        maker = state.maker
        out = [Message("explain-trumps", {"suit": trump, "seat": maker, "right": Card("J", trump),
                                          "left": Card("J", left_bower_suit(trump))})]
        if state.alone:
            out.append(Message("explain-trumps-alone", {"seat": maker, "partner": state.partner(maker)}))
        if state.defender is not None:
            out.append(Message("explain-defends-alone", {"seat": state.defender, "partner": state.defender_out}))
        return out

    def explain_taken(self, seat: str) -> list[Message]:
        state: Any = self.state
        count = sum(1 for t in state.tricks if t.winner == seat)
        if state.trump is None:
            return [Message("explain-taken-none", {"seat": seat, "count": count})]
        team = state.team_of(seat)
        total = state.tricks_won()[team]
        return [Message("explain-taken", {"seat": seat, "count": count, "team": team, "total": total})]


__all__ = ["EuchreConduct", "reader_order", "safe_card"]
