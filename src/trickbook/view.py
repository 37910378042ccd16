"""What one seat knows, read from its observation: the one helper every bot reads the game through.

A ``SeatView`` turns ``state.observation(seat)`` into cards, actions and seats,
and answers questions with the game's own rules (``HandState.suit_of``,
``rank_power``, ``trick_key``), so that no bot re-derives a trick winner, a
partner or the follow rule from notation.

>>> from trickbook.games import find_game
>>> from trickbook.game import Deal
>>> from trickbook.cards import parse_cards
>>> hands = {s: parse_cards(c) for s, c in zip("ABC", ["AH KH QH JH TH", "2S 3S 4S 5S 6S", "2C 3C 4C 5C 6C"])}
>>> state = find_game("nap")(None, "ABC", "C", Deal(hands))
>>> me = SeatView(state.observation("A"))
>>> me.verbs["bid"], me.partner, me.opponents
('A bid four', None, ('B', 'C'))
"""

from __future__ import annotations

from typing import Any, Callable, Mapping, Sequence

from .actions import Action
from .cards import SUITS, Card
from .errors import TrickbookError
from .game import HandState
from .games import find_game
from .trickplay import TRICK_KEYS_BY_LEAD

_UNSET = "?"


class SeatView:
    """One seat's observation as objects.

    ``trump`` may be given to look at the hand as if that suit were trumps (a
    pitch or a bid weighs each suit before it is named).
    """

    def __init__(self, obs: Mapping[str, Any], trump: str | None = _UNSET,
                 game: type[HandState] | None = None) -> None:
        self.obs = obs
        # ``game`` stands in for an observation that does not name its game (one written by hand).
        self.rules: type[HandState] = find_game(obs["game"]) if "game" in obs or game is None else game
        self.seat: str = obs["seat"]
        self.seats: tuple[str, ...] = tuple(obs["seats"])
        self.dealer: str | None = obs.get("dealer")
        self.phase: str | None = obs.get("phase")
        self.hand = [Card.parse(c) for c in obs["hand"]]
        self.trump: str | None = obs["trump"] if trump == _UNSET else trump
        if "actions" in obs:
            self.actions = [Action.from_json(a) for a in obs["actions"]]
        else:
            self.actions = [Action.parse(text, self.seats) for text in obs["legal"]]
        self.legal = [str(a) for a in self.actions]
        teams = obs["teams"] if "teams" in obs else self.rules.teams_of(self.seats)
        self.teams: dict[str, tuple[str, ...]] = {t: tuple(seats) for t, seats in teams.items()}
        self.team = self.team_of(self.seat)
        self.partner: str | None = next((s for s in self.teams[self.team] if s != self.seat), None)
        i = self.seats.index(self.seat)
        # The other side's seats in the order of play from this seat.
        self.opponents = tuple(s for s in self.seats[i + 1:] + self.seats[:i] if s not in self.teams[self.team])
        self.in_play: list[str] = list(obs["in_play"])
        trick = obs["tricks"][-1] if obs["tricks"] and obs["tricks"][-1]["winner"] is None else None
        # The cards played to the trick in progress, in order (a thrown-in hand is not a play).
        self.plays: list[tuple[str, Card]] = [] if trick is None else _plays(trick)
        self.played_here: set[str] = set() if trick is None else {e[0] for e in trick["plays"]}
        self.winning: tuple[str, Card] | None = None
        if obs.get("winning") is not None:
            self.winning = (obs["winning"]["seat"], Card.parse(obs["winning"]["card"]))
        elif self.plays:
            led = self.rules.suit_of(self.plays[0][1], self.trump)
            self.winning = max(self.plays, key=lambda p: self.rules.trick_key(p[1], led, self.trump))
        # The suits each seat has shown out of, by the game's follow rule.
        self.voids: dict[str, set[str]] = {s: set() for s in self.seats}
        house = self.rules.rules_from_view(obs)
        for past in obs["tricks"]:
            plays = _plays(past)
            for seat, card in plays[1:]:
                led = self.rules.suit_of(plays[0][1], self.trump)
                if self.rules.shows_out(card, led, self.trump, house):
                    self.voids[seat].add(led)

    @classmethod
    def deciding(cls, obs: Mapping[str, Any], game: type[HandState] | None = None) -> "SeatView":
        """The view of a seat that must choose now; a seat with no legal action is an error."""
        legal_texts(obs)
        return cls(obs, game=game)

    def team_of(self, seat: str) -> str:
        return next(t for t, seats in self.teams.items() if seat in seats)

    # ----- actions -------------------------------------------------------------
    @property
    def verbs(self) -> dict[str, str]:
        """The legal actions other than playing a card, by verb (the first of each verb, without ``alone``)."""
        out: dict[str, str] = {}
        for a in self.actions:
            if a.verb != "play" and not a.alone:
                out.setdefault(a.verb, str(a))
        return out

    @property
    def cards(self) -> list[Card]:
        """The cards a legal action plays (or discards)."""
        return [a.card for a in self.actions if a.card is not None]

    def play(self, card: Card) -> str:
        """The text of playing ``card``."""
        return str(Action(self.seat, "play", card=card))

    def pick(self, *wanted: str) -> str | None:
        """The first of ``wanted`` that is legal."""
        return next((text for text in wanted if text in self.legal), None)

    # ----- the game's rules --------------------------------------------------------
    def suit_of(self, card: Card) -> str:
        return self.rules.suit_of(card, self.trump)

    def power(self, card: Card) -> int:
        return self.rules.rank_power(card, self.trump)

    def is_trump(self, card: Card) -> bool:
        return self.trump is not None and self.suit_of(card) == self.trump

    def key(self, card: Card, led: str) -> tuple[int, int]:
        """How strongly ``card`` would hold a trick led in ``led`` (the engine's trick-winner rule)."""
        return TRICK_KEYS_BY_LEAD[self.rules, led, self.trump][card]

    def beats(self, card: Card, than: Card, led: str) -> bool:
        return self.key(card, led) > self.key(than, led)

    @property
    def led(self) -> str | None:
        """The suit led to the trick in progress."""
        return self.suit_of(self.plays[0][1]) if self.plays else None

    def cheapest(self, cards: Sequence[Card], keep_aces: bool = False,
                 then: Callable[[Card], int] | None = None) -> Card:
        """The card cheapest to give away: plain before trump, (a plain ace kept when ``keep_aces``), low before high.

        Equal cards are told apart by ``then`` (a suit's length, say), else by suit order.
        """
        return cheapest(cards, self.trump, self.rules, keep_aces, then)


def _plays(trick: Mapping[str, Any]) -> list[tuple[str, Card]]:
    return [(e[0], Card.parse(e[1])) for e in trick["plays"] if len(e) == 2]


def legal_texts(obs: Mapping[str, Any]) -> list[str]:
    """The legal action texts of an observation; none is an error, since a bot was asked to choose."""
    legal: list[str] = list(obs["legal"])
    if not legal:
        raise TrickbookError(f"seat {obs.get('seat')!r} has no legal action to choose from")
    return legal


def cheapest(cards: Sequence[Card], trump: str | None, rules: type[HandState], keep_aces: bool = False,
             then: Callable[[Card], int] | None = None) -> Card:
    """The card cheapest to give away, by the game's suit in play and power (see ``SeatView.cheapest``)."""
    def key(card: Card) -> tuple[bool, bool, int, int]:
        is_trump = trump is not None and rules.suit_of(card, trump) == trump
        last = then(card) if then is not None else SUITS.index(card.suit)
        # A plain ace is kept; a trump ace is kept by its power alone (in Euchre both bowers are above it).
        return (is_trump, keep_aces and card.rank == "A" and not is_trump, rules.rank_power(card, trump), last)
    return min(cards, key=key)
