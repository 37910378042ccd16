"""The play table: a reader plays a whole Euchre match (rule text 004) against three bots.

A ``Table`` holds a seeded ``Match``, the reader's seat and a bot for every
other seat. Bots move until it is the reader's turn; every move is kept as a
*step* (the seat, the action, the events it caused and the reader's view after
it) so that a widget can narrate each bot's play. ``view()`` shows only what
the reader may see: their own hand and everything public, never another hand or
the kitty; the seed itself appears only once the match is over, its fingerprint
from the start. ``timeout()`` is the table's own choice for a reader whose time
ran out (it never goes alone), and ``explain()`` says what a card or an object
on the table is, as engine messages.
"""

from __future__ import annotations

from typing import Any, Callable, Mapping

from .actions import Action
from .cards import SUITS, Card
from .errors import IllegalActionError, NotationError, TrickbookError
from .games.euchre import EuchreHand, card_power, card_suit, is_left_bower, is_right_bower, left_bower_suit
from .match import Match, hand_finished
from .messages import N_, Message, Reason, register
from .view import cheapest

GAME = "euchre"
# Each decision of the reader has this long before the table decides for them.
DECISION_SECONDS = 20
# A hand never needs more bot moves than this; it stops a misbehaving bot from looping.
MAX_BOT_MOVES = 100
# The targets ``explain`` knows besides the reader's cards (``card:XX``) and seats (``taken:S``).
TABLE_TARGETS = ("upcard", "kitty", "trump")

register({
    "table-not-your-seat": N_("{seat} is played by a bot; your seat is {you}."),
    "table-hand-not-over": N_("The hand is still being played: the next one is dealt when it ends."),
    "table-unknown-target": N_("There is nothing called {target} on the table."),
    "table-timeout": N_("Time is up: the table chose for {seat}."),
    # what a card of the reader's hand is
    "explain-right-bower": N_("{card} is the right bower: the jack of trumps, the highest card of this hand."),
    "explain-left-bower": N_("{card} is the left bower: it counts as a trump ({trump}), second only to the right bower, and no longer as one of the {suit}."),
    "explain-trump-card": N_("{card} is a trump: it beats any card of another suit."),
    "explain-plain-card": N_("{card} belongs to the {suit}; trumps are {trump}."),
    "explain-jack-before-trumps": N_("{card} is a jack: if {suit} become trumps it is the right bower, and if {other_suit} become trumps it is the left bower."),
    "explain-card-before-trumps": N_("{card} belongs to the {suit}; trumps are not made yet."),
    "explain-cards-wait": N_("No card is played until trumps are made."),
    "explain-any-discard": N_("{seat} may discard any card, even the one just picked up."),
    "explain-playable": N_("{card} may be played now."),
    # the objects on the table
    "explain-upcard-face-up": N_("{card} is the upcard. In the first round a player may order it up: {suit} become trumps and the dealer, {dealer}, takes the card."),
    "explain-upcard-picked-up": N_("{dealer}, the dealer, picked up {card} and discarded a card face down."),
    "explain-upcard-turned-down": N_("{card} was turned down: {suit} cannot be trumps in this hand."),
    "explain-upcard-in-kitty": N_("{card} stays in the kitty: the dealer sits out, so nobody picks it up."),
    "explain-kitty": N_("The kitty lies face down and takes no part in this hand; nobody sees it. Once the match is over, the seed lets you deal it again and look."),
    "explain-no-trumps": N_("Trumps are not made yet."),
    "explain-trumps": N_("Trumps are {suit}, made by {seat}. The right bower is {right} and the left bower {left}."),
    "explain-trumps-alone": N_("{seat} goes alone; {partner} sits out this hand."),
    "explain-taken": N_("Tricks taken by {seat} in this hand: {count}. Team {team}: {total} of five; the makers need three."),
    "explain-taken-none": N_("Tricks taken by {seat} in this hand: {count}. Trumps are not made yet."),
})


class TableError(TrickbookError):
    """A table used out of order, or asked about something it does not hold."""

    code = "bad-table"


def safe_card(cards: list[Card], trump: str | None) -> Card:
    """The cheapest card to give away: plain before trump, a plain ace kept, low before high."""
    return cheapest(cards, trump, EuchreHand, keep_aces=True)


def reader_order(cards: list[Card], trump: str | None) -> list[Card]:
    """The reader's hand grouped by the suit each card plays as (trumps first, bowers on top)."""
    suits = ([trump] if trump else []) + [s for s in SUITS if s != trump]

    def key(card: Card) -> tuple[int, int]:
        return (suits.index(card_suit(card, trump)), -card_power(card, trump))
    return sorted(cards, key=key)


class Table:
    """One reader against three bots, for a whole match of Euchre.

    ``seed`` (64 hex digits; a fresh one when omitted) deals the match; ``seat``
    is the reader's. Each other seat gets the game's bot, deterministic from
    ``bot_seed`` (derived from the seed when omitted), unless ``bots`` names one
    for it. Bots never change the cards: only the seed decides them.
    """

    def __init__(self, seed: str | None = None, seat: str = "S", bot_seed: int | None = None,
                 bots: Mapping[str, Any] | None = None) -> None:
        from .bots import make_bot  # bots load only when a table is opened

        self.match = Match(GAME, seed=seed)
        if seat not in self.match.seats:
            raise TableError(f"seat {seat!r} is not at this table ({' '.join(self.match.seats)})")
        self.seat = seat
        base = int(self.match.seed[:8], 16) if bot_seed is None else bot_seed
        given = dict(bots or {})
        if seat in given:
            raise TableError(f"seat {seat!r} is the reader's and cannot have a bot")
        self.bots = {s: given.get(s) or make_bot(GAME, base + i)
                     for i, s in enumerate(self.match.seats) if s != seat}
        self.log: list[dict[str, Any]] = []
        self._deal()

    # ----- the match ---------------------------------------------------------
    @property
    def state(self) -> EuchreHand:
        state = self.match.current
        assert isinstance(state, EuchreHand)
        return state

    @property
    def is_over(self) -> bool:
        return self.match.is_over

    @property
    def hand_over(self) -> bool:
        """The hand has ended and the next one is not dealt yet (or the match is over)."""
        return hand_finished(self.state)

    def _deal(self) -> list[dict[str, Any]]:
        state = self.match.next_hand()
        steps = [self._step(None, list(state.events), bot=False)]
        return steps + self._advance()

    def next_hand(self) -> list[dict[str, Any]]:
        """Deal the next hand once the last one has ended; the bots move until the reader's turn."""
        if self.is_over:
            raise TableError(f"the match is over: {self.match.winner} has won")
        if not self.hand_over:
            raise TableError(Message("table-hand-not-over").text)
        return self._deal()

    def _advance(self) -> list[dict[str, Any]]:
        """Let the bots move until the reader is to act or the hand has ended."""
        steps: list[dict[str, Any]] = []
        state = self.state
        while not hand_finished(state) and state.current_player != self.seat:
            if len(steps) >= MAX_BOT_MOVES:
                raise TableError(f"the bots made {MAX_BOT_MOVES} moves without the hand ending")
            seat = state.current_player
            assert seat is not None
            action = Action.parse(self.bots[seat].choose(state.observation(seat)), state.seats)
            steps.append(self._step(action, state.apply(action), bot=True))
        return steps

    def _step(self, action: Action | None, events: list[Any], bot: bool) -> dict[str, Any]:
        step = {
            "seat": action.seat if action else None,
            "action": str(action) if action else None,
            "bot": bot,
            "events": [e.as_dict() for e in events],
            "view": self.view(),
        }
        self.log.append(step)
        return step

    # ----- the reader's moves ------------------------------------------------
    def parse(self, action_text: str) -> Action:
        """The reader's words as an action of their seat (the seat may be left out)."""
        state = self.state
        words = action_text.split()
        if words and words[0].upper() not in state.seats:
            action_text = f"{self.seat} {action_text}"
        action = type(state).canonical_action(Action.parse(action_text, state.seats), state.dealer)
        return action

    def why_illegal(self, action: Action) -> Reason | None:
        if action.seat != self.seat:
            return Reason("table-not-your-seat", {"seat": action.seat, "you": self.seat})
        return self.state.why_illegal(action)

    def act(self, action_text: str) -> list[dict[str, Any]]:
        """Apply the reader's action, then let the bots move; raise with the engine's reason if illegal."""
        action = self.parse(action_text)
        reason = self.why_illegal(action)
        if reason is not None:
            raise IllegalActionError(action, reason)
        steps = [self._step(action, self.state.apply(action), bot=False)]
        return steps + self._advance()

    def timeout(self) -> list[dict[str, Any]]:
        """The reader's time ran out: the table chooses for them (see ``timeout_choice``) and play goes on."""
        action = self.timeout_choice()
        steps = self.act(str(action))
        steps[0]["timeout"] = True
        steps[0]["events"].insert(0, Message("table-timeout", {"seat": self.seat}).as_dict())
        return steps

    def timeout_choice(self) -> Action:
        """Pass while trumps are made; a stuck dealer names his strongest suit; otherwise a safe card. Never alone."""
        state = self.state
        if state.current_player != self.seat:
            raise TableError(f"it is not {self.seat}'s turn, so there is no decision to time out")
        legal = [a for a in state.legal_actions() if not a.alone]
        by_verb: dict[str, list[Action]] = {}
        for a in legal:
            by_verb.setdefault(a.verb, []).append(a)
        if "pass" in by_verb:
            return by_verb["pass"][0]
        if "call" in by_verb:  # the stuck dealer; the turned-down suit is never among them
            from .bots.euchre import strength

            hand = state.hands[self.seat]
            calls = [(a, a.suit) for a in by_verb["call"] if a.suit is not None]
            return max(calls, key=lambda c: (strength(hand, c[1]), -SUITS.index(c[1])))[0]
        if "discard" in by_verb:
            from .bots.euchre import discard_choice

            assert state.trump is not None  # trumps are made before the dealer discards
            card = discard_choice(state.hands[self.seat], state.trump)
            return Action(self.seat, "discard", card=card)
        cards = [a.card for a in by_verb.get("play", []) if a.card is not None]
        if not cards:
            raise TableError(f"no action for {self.seat} to time out in phase {state.phase!r}")
        return Action(self.seat, "play", card=safe_card(cards, state.trump))

    # ----- what the reader sees ---------------------------------------------
    def view(self) -> dict[str, Any]:
        """The reader's observation and everything public the table shows; no other hand, no kitty."""
        state = self.state
        obs = state.observation(self.seat)
        trump = state.trump
        hand = reader_order(list(state.hands[self.seat]), trump)
        # The dealer's ``order`` is listed beside his ``pickup`` (the same move): the table offers the canonical one.
        rules = type(state)
        mine = [a["text"] for a in obs["actions"]
                if str(rules.canonical_action(Action.from_json(a), state.dealer)) == a["text"]]
        tricks = [t for t in state.tricks if t.entries]
        last = tricks[-1] if tricks else None
        return {
            "game": GAME,
            "you": self.seat,
            "seats": [self._seat_view(s) for s in state.seats],
            "teams": list(state.teams),
            "your_team": state.team_of(self.seat),
            "dealer": state.dealer,
            "phase": "hand-over" if self.hand_over else state.phase,
            "current": None if self.hand_over else state.current_player,
            "your_turn": bool(mine),
            "hand": [str(c) for c in hand],
            "bowers": {str(c): ("right" if is_right_bower(c, trump) else "left")
                       for c in hand if is_right_bower(c, trump) or is_left_bower(c, trump)},
            "legal": mine,
            "playable": self._playable(mine),
            "upcard": obs["upcard"],
            "upcard_state": obs["upcard_state"],
            "turned_down": obs["turned_down"],
            # Face down: the kitty, a turned-down upcard, the dealer's discard.
            "kitty_size": len(state.kitty_cards()),
            "trump": trump,
            "maker": obs["maker"],
            "alone": obs["alone"],
            "sitting_out": obs["sitting_out"],
            "discarded": obs.get("discarded"),
            "trick": None if last is None else {
                "number": len(tricks), "leader": last.leader,
                "plays": [[s, str(c)] for s, c in last.plays], "winner": last.winner,
            },
            "tricks_won": obs["tricks_won"],
            "awards": obs["awards"],
            "score": dict(state.score),
            "target": state.rules.target,
            "hand_number": len(self.match.hands),
            "winner": self.match.winner,
            "over": self.is_over,
            "fingerprint": self.match.fingerprint,
            "seed": self.match.seed if self.is_over else None,
            "seconds": DECISION_SECONDS,
        }

    def _seat_view(self, seat: str) -> dict[str, Any]:
        state = self.state
        return {
            "seat": seat,
            "bot": seat != self.seat,
            "you": seat == self.seat,
            "team": state.team_of(seat),
            "cards": len(state.hands[seat]),
            "taken": sum(1 for t in state.tricks if t.winner == seat),
            "dealer": seat == state.dealer,
            "sitting_out": seat not in state.in_play,
        }

    def _playable(self, legal: list[str]) -> list[str]:
        """The cards of the reader's hand that a legal action plays or discards."""
        out = []
        for text in legal:
            last = text.split()[-1]
            if len(last) == 2 and last[0] in "AKQJT9" and last[1] in SUITS:
                out.append(last)
        return out

    # ----- explanations -------------------------------------------------------
    def explain(self, target: str) -> list[Message]:
        """What ``target`` is, as engine messages: ``card:XX`` (a card of the reader's hand),
        ``upcard``, ``kitty``, ``trump`` or ``taken:SEAT``."""
        kind, _, arg = target.strip().partition(":")
        handlers: dict[str, Callable[[str], list[Message]]] = {
            "card": self._explain_card,
            "upcard": lambda _: self._explain_upcard(),
            "kitty": lambda _: [Message("explain-kitty")],
            "trump": lambda _: self._explain_trump(),
            "taken": self._explain_taken,
        }
        if kind not in handlers:
            raise TableError(Message("table-unknown-target", {"target": target}).text)
        return handlers[kind](arg)

    def _explain_card(self, text: str) -> list[Message]:
        state = self.state
        try:
            card = Card.parse(text)
        except NotationError:
            raise TableError(Message("table-unknown-target", {"target": f"card:{text}"}).text) from None
        if card not in state.hands[self.seat]:
            return [Reason("card-not-in-hand", {"seat": self.seat, "card": card})]
        out = [self._what_card(card)]
        if state.phase == "discard" and state.current_player == self.seat:
            out.append(Message("explain-any-discard", {"seat": self.seat}))
        elif state.phase == "play":
            reason = self.why_illegal(Action(self.seat, "play", card=card))
            out.append(reason if reason is not None else Message("explain-playable", {"card": card}))
        elif not self.hand_over:
            out.append(Message("explain-cards-wait"))
        return out

    def _what_card(self, card: Card) -> Message:
        trump = self.state.trump
        if trump is None:
            if card.rank == "J":
                return Message("explain-jack-before-trumps",
                               {"card": card, "suit": card.suit, "other_suit": left_bower_suit(card.suit)})
            return Message("explain-card-before-trumps", {"card": card, "suit": card.suit})
        if is_right_bower(card, trump):
            return Message("explain-right-bower", {"card": card})
        if is_left_bower(card, trump):
            return Message("explain-left-bower", {"card": card, "trump": trump, "suit": card.suit})
        if card.suit == trump:
            return Message("explain-trump-card", {"card": card})
        return Message("explain-plain-card", {"card": card, "suit": card.suit, "trump": trump})

    def _explain_upcard(self) -> list[Message]:
        state = self.state
        card, where = state.upcard, state.upcard_state
        codes = {
            "face-up": "explain-upcard-face-up",
            "picked-up": "explain-upcard-picked-up",
            "turned-down": "explain-upcard-turned-down",
            "in-kitty": "explain-upcard-in-kitty",
        }
        return [Message(codes[where], {"card": card, "suit": card.suit, "dealer": state.dealer})]

    def _explain_trump(self) -> list[Message]:
        state = self.state
        trump = state.trump
        if trump is None:
            return [Message("explain-no-trumps")]
        maker = state.maker
        out = [Message("explain-trumps", {"suit": trump, "seat": maker, "right": Card("J", trump),
                                          "left": Card("J", left_bower_suit(trump))})]
        if state.alone and maker is not None:
            out.append(Message("explain-trumps-alone", {"seat": maker, "partner": state.partner(maker)}))
        return out

    def _explain_taken(self, seat: str) -> list[Message]:
        state = self.state
        if seat not in state.seats:
            raise TableError(Message("table-unknown-target", {"target": f"taken:{seat}"}).text)
        count = sum(1 for t in state.tricks if t.winner == seat)
        if state.trump is None:
            return [Message("explain-taken-none", {"seat": seat, "count": count})]
        team = state.team_of(seat)
        total = state.tricks_won()[team]
        return [Message("explain-taken", {"seat": seat, "count": count, "team": team, "total": total})]
