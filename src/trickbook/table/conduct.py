"""What a play table does differently for each game: its conduct.

A ``Conduct`` holds one game's table manners: where the reader sits, how the
reader's hand is ordered, what the table chooses when the reader's time runs
out (always the cautious choice), which objects lie on the table and how each
is explained, what a bot's move shows of itself, and any decision the table
itself offers (the Yorkshire early look). The session (``session.Table``) is
the same for every game.

A game names its conduct on its class (``HandState.conduct``, as
``module:Class``; ``conduct_class`` imports it when a table opens). ``Conduct``
itself serves a game that names none: the seats and rounds its class allows,
passing on a time-out where it may and otherwise the card that gives least
away, and the tricks each seat has taken.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any, ClassVar, Sequence

from ..actions import Action
from ..cards import SUITS, Card, game_value
from ..errors import TrickbookError
from ..game import HandState
from ..games import find_game
from ..messages import N_, Message, register

if TYPE_CHECKING:
    from .session import Table

register({
    "table-not-your-seat": N_("{seat} is played by a bot; your seat is {you}."),
    "table-hand-not-over": N_("The hand is still being played: the next one is dealt when it ends."),
    "table-unknown-target": N_("There is nothing called {target} on the table."),
    "table-timeout": N_("Time is up: the table chose for {seat}."),
    # what a card is, in games whose first card led sets trumps
    "explain-trump-card": N_("{card} is a trump: it beats any card of another suit."),
    "explain-plain-card": N_("{card} belongs to the {suit}; trumps are {trump}."),
    "explain-card-before-lead": N_("{card} belongs to the {suit}; the first card led will set trumps."),
    "explain-playable": N_("{card} may be played now."),
    "explain-cards-wait": N_("No card is played until trumps are made."),
    "explain-game-value": N_("{card} counts {points} towards Game."),
    "explain-trump-jack": N_("{card} is the trump jack: the side that captures it scores Jack."),
    "explain-no-trumps-yet": N_("Trumps are not set yet: the first card led sets them."),
    "explain-trumps-led": N_("Trumps are {suit}, set by the first card {seat} led."),
    "explain-tricks-taken": N_("Tricks taken by {seat} in this hand: {count}."),
})
# How many play, in words, for a game played by a fixed number.
_HOW_MANY = ("none", "one", "two", "three", "four", "five", "six", "seven", "eight")


class TableError(TrickbookError):
    """A table used out of order, or asked about something it does not hold."""

    code = "bad-table"


def unknown_target(target: str) -> TableError:
    return TableError(Message("table-unknown-target", {"target": target}).text)


def page_data(game: type[HandState]) -> dict[str, Any]:
    """What the site writes of a game for its widgets before the engine runs (``assets/games.json``, an
    entry a game): the choices before Start (``Conduct.choices``). Read from the game's class and the
    conduct it names, nothing else; what a table shows once it runs comes with its view (``shows``)."""
    return conduct_class(game.game).choices(game)


def conduct_class(game: str) -> type["Conduct"]:
    """The table manners of ``game`` (name or alias): the class its ``HandState.conduct`` names."""
    module_name, cls_name = find_game(game).conduct.split(":")
    cls: type[Conduct] = getattr(importlib.import_module(module_name), cls_name)
    return cls


class Conduct:
    """One game's table manners; a game's own subclass overrides what differs."""

    # A session's length in rounds (each player deals once a round) for a game without a target: the
    # most a reader may choose (0: not a choice), the length of a table opened without a choice, and
    # the length the page's opening controls offer first.
    max_rounds: ClassVar[int] = 0
    rounds_unchosen: ClassVar[int | None] = None
    rounds_offered: ClassVar[int] = 1
    # The objects on the table that ``explain`` knows (besides ``card:XX`` and ``taken:SEAT``), in the
    # order the page shows them (a chip each on the felt: widgets/play-table/state.js draws each kind).
    objects: ClassVar[tuple[str, ...]] = ("trump",)
    # Trumps are made by a call (Euchre's order and call): the page says "not made yet", not "not set yet".
    trumps_by_call: ClassVar[bool] = False
    # The reader's first lead is the pitch, which sets trumps (Yorkshire): the page's prompt says so.
    pitch: ClassVar[bool] = False
    # What a card of the hand is told while no card may be played yet.
    wait_code: ClassVar[str] = "explain-cards-wait"

    def __init__(self, table: "Table") -> None:
        self.table = table

    # ----- the match ---------------------------------------------------------
    @classmethod
    def seats(cls, game: type[HandState], players: int | None) -> tuple[str, ...] | None:
        """The seats of a match of ``game`` for ``players`` (a count its class allows); None for the default."""
        if players is None:
            return None
        counts = game.seat_counts
        if len(counts) == 1:
            n = counts.start
            raise TableError(f"{game.game} is played by {_HOW_MANY[n] if n < len(_HOW_MANY) else n}; "
                             "the number of players is not a choice")
        if type(players) is not int or players not in counts:
            raise TableError(f"{game.title} is played by {counts.start} to {counts.stop - 1} players, not {players!r}")
        seats = game.default_seats_for(players)
        if len(seats) != players:
            raise TableError(f"{game.title} names no seats for {players} players (``default_seats_for``)")
        return seats

    @classmethod
    def choices(cls, game: type[HandState]) -> dict[str, Any]:
        """What a table of ``game`` lets the reader choose before Start, as its class and this conduct
        declare: the players' counts and the one chosen first (the game's default seats), the session's
        lengths in rounds and the one chosen first. Empty lists for a game that offers no choice."""
        counts = list(game.seat_counts) if len(game.seat_counts) > 1 else []
        return {"players": counts, "players_first": len(game.default_seats),
                "rounds": list(range(1, cls.max_rounds + 1)), "rounds_first": cls.rounds_offered}

    @classmethod
    def shows(cls, game: type[HandState]) -> dict[str, Any]:
        """What the page draws of a table of ``game`` (the view's ``shows``): the objects' chips in order,
        how trumps not yet known are said, the ladder of contracts its placard orders bids by (lowest
        first) and whether the reader's first lead is the pitch. The widgets read these, never the
        game's name."""
        return {"objects": list(cls.objects), "trumps_by_call": cls.trumps_by_call,
                "contracts": list(game.contracts), "pitch": cls.pitch}

    @classmethod
    def default_seat(cls, seats: Sequence[str]) -> str:
        return "S" if "S" in seats else seats[0]

    @classmethod
    def rounds(cls, game: type[HandState], rounds: int | None = None) -> int | None:
        """Deals per seat for a game without a target (Nap), ``rounds`` when the reader chose; None otherwise."""
        if not cls.max_rounds:
            if rounds is not None:
                raise TableError(f"{game.game} is played to its target score; the number of rounds is not a choice")
            return None
        if rounds is None:
            return cls.rounds_unchosen
        if type(rounds) is not int or not 1 <= rounds <= cls.max_rounds:
            raise TableError(f"a {game.title} session is 1 to {cls.max_rounds} rounds, not {rounds!r}")
        return rounds

    @property
    def state(self) -> HandState:
        return self.table.state

    @property
    def seat(self) -> str:
        return self.table.seat

    # ----- the reader's hand -------------------------------------------------
    def order(self, cards: list[Card]) -> list[Card]:
        """Trumps first, then the other suits in the usual order; high to low within a suit."""
        state = self.state
        trump = state.trump
        suits = ([trump] if trump else []) + [s for s in SUITS if s != trump]
        return sorted(cards, key=lambda c: (suits.index(state.effective_suit(c)), -state.power(c)))

    def hand_hidden(self) -> bool:
        """True while the reader may not look at their cards yet."""
        return False

    # ----- time-outs ---------------------------------------------------------
    def timeout_choice(self, legal: list[Action]) -> Action:
        """Pass when passing is allowed (never alone); otherwise the cheapest card; otherwise the first action."""
        for a in legal:
            if a.verb == "pass" and not a.alone:
                return a
        cards = [a.card for a in legal if a.verb == "play" and a.card is not None]
        if cards:
            return Action(self.seat, "play", card=self.cheapest_card(cards))
        if not legal:
            raise TableError(f"no action for {self.seat} to time out in phase {self.state.phase!r}")
        return legal[0]

    def cheapest_card(self, cards: Sequence[Card]) -> Card:
        """The card that gives least away: plain before trump, no Game points, low before high."""
        state = self.state
        trump = state.trump

        def key(card: Card) -> tuple[bool, bool, int, int, int]:
            is_trump = trump is not None and state.effective_suit(card) == trump
            return (is_trump, card.rank == "A", game_value(card), state.power(card), SUITS.index(card.suit))
        return min(cards, key=key)

    # ----- a decision of the table's own ---------------------------------------
    def can_wait(self) -> bool:
        """True while the table stops for the reader before the bots go on (the Yorkshire early look)."""
        return False

    def pending(self) -> list[Action]:
        """The engine's actions the reader may take while the table waits for them (out of turn)."""
        return []

    def wait(self) -> None:
        """The reader lets the bots go on."""

    # ----- what the page sees ------------------------------------------------
    def extras(self, obs: dict[str, Any]) -> dict[str, Any]:
        """The game's own objects for the view (upcard, kick, contract…)."""
        return {}

    def shown_action(self, action: Action, bot: bool) -> str:
        """A move as the reader may see it (a bot's face-down discard keeps its card hidden)."""
        return str(action)

    # ----- explanations --------------------------------------------------------
    def what_card(self, card: Card) -> list[Message]:
        """What a card of the reader's hand is, in this game."""
        state = self.state
        trump = state.trump
        if trump is None:
            if state.first_lead_sets_trump:
                return [Message("explain-card-before-lead", {"card": card, "suit": card.suit})]
            return []  # what the card may do waits for trumps (``card_now``)
        if state.effective_suit(card) == trump:
            return [Message("explain-trump-card", {"card": card})]
        return [Message("explain-plain-card", {"card": card, "suit": card.suit, "trump": trump})]

    def card_now(self, card: Card) -> list[Message]:
        """Whether a card of the reader's hand may be played now, and if not, why."""
        table = self.table
        if table.hand_over:
            return []
        if self.state.phase == "play":
            reason = table.why_illegal(Action(self.seat, "play", card=card))
            return [reason if reason is not None else Message("explain-playable", {"card": card})]
        return [Message(self.wait_code)]

    def explain_object(self, kind: str) -> list[Message]:
        if kind == "trump":
            state = self.state
            if not state.first_lead_sets_trump:  # trumps set by the deal or the calls
                return [Message("trump-set", {"suit": state.trump})] if state.trump else [Message("explain-cards-wait")]
            if state.trump is None:
                return [Message("explain-no-trumps-yet")]
            leader = state.tricks[0].leader if state.tricks else state.current
            return [Message("explain-trumps-led", {"suit": state.trump, "seat": leader})]
        raise unknown_target(kind)

    def explain_taken(self, seat: str) -> list[Message]:
        count = sum(1 for t in self.state.tricks if t.winner == seat)
        return [Message("explain-tricks-taken", {"seat": seat, "count": count})]
