"""Trick play, shared by every game: the follow rule, the cards a seat may play, a card played, a trick won.

``HandState`` takes these from ``TrickPlay``. The hot loops read tables worked out once from a game's
own rules instead of asking the rule again for every card. Each table is made next to the rule it
remembers, named for what it holds, and read one way, ``TABLE[key]``:

- ``SUIT_BY_TRUMP[game, trump][card]`` (``suit_of``) and ``TRICK_KEYS_BY_LEAD[game, led, trump][card]``
  (``trick_key``): filled when the game's class is made, so a read is a plain dict subscript; the
  trick's key table is looked up once, at its lead, and the suit led is kept with the trick's holding
  play, so a follow lists its cards without reading the trick's entries;
- ``PLAY_FACTS[seat][card]``: a card played, its frozen ``TrickEntry`` and its ``leads``/``plays``
  ``Event``, shared by every hand and clone, so a play allocates nothing (the play ``Action`` itself
  is ``actions.PLAY_ACTION[seat][card]``);
- ``TRICK_ORDER[seats, in_play, leader]``: the seats of a trick in order;
- elsewhere, ``game.PHASE_METHOD`` and ``game.LEGAL_LISTER`` (filled with the game's class),
  ``game.NEXT_IN_PLAY``, ``shuffle.SEAT_PLAN``; a game, seating and dealer that passed the set-up
  checks are not checked again (``game.GOOD_TABLES``; the deal itself always is).

The tables whose keys are open (seat names) are ``memo.Memo``s, read once per listing or per card.
A game's follow rule has a list form, the classmethod ``playable(hand, led, trump)``; a game that
writes only ``follow_refusal`` gets it asked card by card, and ``tests/test_follow_rule_lists.py``
checks that the two forms agree for every game. A ``_<phase>_legal`` method marked
``@listed_in_order`` returns its actions already sorted by text, each once, so ``legal_actions()``
takes the list without a set and a sort; an override is not marked unless it says so.

``tests/test_engine_equivalence.py`` pins all of it: seeded random hands of every game hashed
(legal lists, events, views, reasons, clones) against fingerprints recorded before the tables came.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable, ClassVar, Container, Iterable, Sequence, TypeVar

from .actions import PLAY_ACTION, Action
from .cards import RANKS, SUITS, Card, full_pack
from .memo import Memo
from .messages import Event, Reason
from .model import Phase
from .tricks import Trick, TrickEntry, play_key

# A rank's power within its suit: the ace highest.
_RANK_POWER = {rank: len(RANKS) - i for i, rank in enumerate(RANKS)}
_ALL_CARDS = tuple(full_pack())
# Each card's place when cards are sorted by their canonical text ("2C" < "AS" < "TH"): a seat's plays
# are sorted by their text (``legal_actions``), which for one seat is the order of the cards' texts.
_TEXT_ORDER = {card: i for i, card in enumerate(sorted(_ALL_CARDS, key=str))}
_text_order = _TEXT_ORDER.__getitem__
# Each card's suit in play, by game class and trumps (None: no trumps), from the game's ``suit_of``.
SUIT_BY_TRUMP: dict[tuple[type["TrickPlay"], str | None], dict[Card, str]] = {}
# Each card's key in a trick (``trick_key``: higher holds it), by game class, suit led and trumps.
TRICK_KEYS_BY_LEAD: dict[tuple[type["TrickPlay"], str, str | None], dict[Card, tuple[int, int]]] = {}
# Both are filled when the game's class is made (``_fill_card_tables``), every key known then, so a read
# is a plain dict subscript, which CPython specialises (a dict subclass's is about 10 ns slower).
_TRUMPS = (None, *SUITS)
_RULES = ("suit_of", "rank_power", "trick_key")
# The ``_<phase>_legal`` methods whose actions come sorted by canonical text, each once (``listed_in_order``).
IN_ORDER: set[Callable[..., Any]] = set()


def _fill_card_tables(cls: type["TrickPlay"]) -> None:
    """``SUIT_BY_TRUMP`` and ``TRICK_KEYS_BY_LEAD`` for a game class: its rules asked once of every card.
    A game that keeps the default rules (``suit_of``, ``rank_power``, ``trick_key`` all ``TrickPlay``'s,
    which read nothing of the class) shares ``TrickPlay``'s tables, so they are worked out only once."""
    shared = cls is not TrickPlay and all(getattr(cls, rule).__func__ is getattr(TrickPlay, rule).__func__
                                          for rule in _RULES)
    for trump in _TRUMPS:
        SUIT_BY_TRUMP[cls, trump] = (SUIT_BY_TRUMP[TrickPlay, trump] if shared
                                     else {card: cls.suit_of(card, trump) for card in _ALL_CARDS})
        for led in SUITS:
            TRICK_KEYS_BY_LEAD[cls, led, trump] = (
                TRICK_KEYS_BY_LEAD[TrickPlay, led, trump] if shared
                else {card: cls.trick_key(card, led, trump) for card in _ALL_CARDS})


def _play_facts(seat: str) -> dict[Card, tuple[TrickEntry, Event, Event]]:
    return {card: (TrickEntry.played(seat, card), Event("leads", {"seat": seat, "card": card}),
                   Event("plays", {"seat": seat, "card": card})) for card in _ALL_CARDS}


# What a card played by a seat says, by seat and card: its trick entry, and its event as a lead and
# as a play. All are frozen, so one object each serves every hand and a play allocates nothing.
PLAY_FACTS = Memo(_play_facts)


def _trick_order(key: tuple[tuple[str, ...], tuple[str, ...], str]) -> tuple[str, ...]:
    """The seats of a trick in the order of play: the leader, then the seats in play round the table.
    (A leader out of play, after a seat sat out, still leads: then the seats in play after him.)"""
    seats, in_play, leader = key
    if leader in in_play:
        i = seats.index(leader)
        return (leader, *[s for s in seats[i + 1:] + seats[:i] if s in in_play])
    found = [leader]
    while len(found) < len(in_play):
        found.append(next_in_play(seats, in_play, found[-1]))
    return tuple(found)


# The seats of a trick in order, by table, seats in play and leader.
TRICK_ORDER = Memo(_trick_order)


def next_in_play(seats: Sequence[str], pool: Container[str], seat: str) -> str:
    """The seat after ``seat`` in the order of play round ``seats``, skipping seats not in ``pool``.

    >>> next_in_play(("N", "E", "S", "W"), ("N", "S", "W"), "N")
    'S'
    """
    n = len(seats)
    i = seats.index(seat)
    for k in range(1, n + 1):
        cand = seats[(i + k) % n]
        if cand in pool:
            return cand
    raise AssertionError("no seat in play")


F = TypeVar("F", bound=Callable[..., Any])


def listed_in_order(method: F) -> F:
    """Mark a ``_<phase>_legal`` method whose actions come sorted by canonical text, each once, so that
    ``legal_actions`` takes them as they are. A subclass that overrides the method is not marked."""
    IN_ORDER.add(method)
    return method


def _new_trick(leader: str, expected: tuple[str, ...]) -> Trick:
    """``Trick(leader, expected)``, one per trick."""
    # Made without the dataclass's __init__ (a call and its defaults: about a third of a trick's set-up),
    # its fields set one by one, so the interpreter keeps the object's attribute layout fast to read.
    trick: Trick = object.__new__(Trick)
    trick.leader = leader
    trick.expected = expected
    trick.entries = []
    trick.winner = None
    trick.winning_card = None
    trick.winning = None
    return trick


class TrickPlay:
    """The trick play of a hand (the state itself is a ``HandState``)."""

    if TYPE_CHECKING:
        seats: tuple[str, ...]
        hands: dict[str, list[Card]]
        taken: dict[str, list[Card]]
        tricks: list[Trick]
        _trick_keys: dict[Card, tuple[int, int]]
        _trick_led: str
        events: list[Event]
        in_play: list[str]
        trump: str | None
        current: str | None
        phase: Phase
        first_lead_sets_trump: ClassVar[bool]
        no_trumps: bool

        def emit(self, code: str, **values: Any) -> Event: ...
        def next_seat(self, seat: str, among: Iterable[str] | None = None) -> str: ...
        def _not_now(self, action: Action) -> Reason: ...
        def _score_hand(self) -> None: ...
        @classmethod
        def _pack(cls) -> tuple[Card, ...]: ...

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        # A game that writes its own follow rule but not ``playable`` gets the rule asked of each card.
        if "follow_refusal" in cls.__dict__ and "playable" not in cls.__dict__:
            cls.playable = classmethod(_playable_by_refusal)  # type: ignore[assignment]  # a classmethod set on the class, as the def would
        _fill_card_tables(cls)

    # ----- the play phase -----------------------------------------------------
    @listed_in_order
    def _play_legal(self) -> Iterable[Action]:
        seat = self.current
        assert seat is not None
        cards = self.legal_plays(seat)
        cards.sort(key=_text_order)
        plays = PLAY_ACTION[seat]
        return [plays[card] for card in cards]

    def _play_check(self, action: Action) -> Reason | None:
        if action.verb != "play" or action.card is None:
            return self._not_now(action)
        return self._check_play(action.seat, action.card)


    # ----- trick play ------------------------------------------------------
    def start_play(self, leader: str) -> None:
        self.phase = Phase.PLAY
        self.current = leader
        self.tricks.append(_new_trick(leader, TRICK_ORDER[self.seats, tuple(self.in_play), leader]))

    @property
    def trick(self) -> Trick | None:
        """The trick in progress, if any."""
        if self.tricks:
            last = self.tricks[-1]
            if len(last.entries) != len(last.expected):
                return last
        return None

    @classmethod
    def suit_of(cls, card: Card, trump: str | None) -> str:
        """The suit a card belongs to in play, given trumps (Euchre's left bower is a trump)."""
        return card.suit

    @classmethod
    def rank_power(cls, card: Card, trump: str | None) -> int:
        """Higher beats lower within a suit, given trumps."""
        return _RANK_POWER[card.rank]

    @classmethod
    def trick_key(cls, card: Card, led: str, trump: str | None) -> tuple[int, int]:
        """How strongly ``card`` holds a trick led in ``led``: the one trick-winner rule, ``tricks.play_key``,
        given this game's suit and power of the card."""
        return play_key(cls.suit_of(card, trump), cls.rank_power(card, trump), led, trump)

    def effective_suit(self, card: Card) -> str:
        """The suit a card belongs to in play in this hand."""
        return SUIT_BY_TRUMP[type(self), self.trump][card]

    def power(self, card: Card) -> int:
        """Higher beats lower within a suit, in this hand."""
        return self.rank_power(card, self.trump)

    def led_suit(self) -> str | None:
        trick = self.trick
        led = None if trick is None else trick.led
        return None if led is None else SUIT_BY_TRUMP[type(self), self.trump][led]

    def legal_plays(self, seat: str) -> list[Card]:
        """The cards ``seat`` may play to the trick in progress, in the hand's order (a new list)."""
        hand, tricks = self.hands[seat], self.tricks
        trick = tricks[-1] if tricks else None
        # No card played to the trick yet (a lead, or after a throw-in): any card. Otherwise the suit led
        # is the one its first card set (``_trick_led``, kept with the trick's holding play).
        if trick is None or trick.winning is None or len(trick.entries) == len(trick.expected):
            return list(hand)
        return self.playable(hand, self._trick_led, self.trump)

    def _check_play(self, seat: str, card: Card) -> Reason | None:
        """Whether ``seat`` may play ``card`` to the trick in progress (the game's follow rule)."""
        return self.follow_rule(seat, card, self.hands[seat], self.led_suit(), self.trump)

    @classmethod
    def follow_rule(cls, seat: str, card: Card, hand: Sequence[Card], led: str | None,
                    trump: str | None) -> Reason | None:
        """The follow rule, given the hand, the suit led (None on the lead) and trumps, as a reason."""
        code = cls.follow_refusal(card, hand, led, trump)
        return None if code is None else Reason(code, {"seat": seat, "suit": led, "card": card})

    @classmethod
    def follow_refusal(cls, card: Card, hand: Sequence[Card], led: str | None, trump: str | None) -> str | None:
        """The follow rule itself: None when ``card`` may be played, else the refusal's code.

        Default: follow suit if you can. Subclasses override (and ``playable`` with it).
        """
        if led is None:
            return None
        suits = SUIT_BY_TRUMP[cls, trump]
        if suits[card] != led:
            for c in hand:
                if suits[c] == led:
                    return "must-follow-suit"
        return None

    @classmethod
    def playable(cls, hand: Sequence[Card], led: str, trump: str | None) -> list[Card]:
        """The cards of ``hand`` that ``follow_refusal`` allows on a trick led in ``led``, in the hand's
        order (a new list): here, those of the suit led if the hand holds any, else all.

        A game that overrides ``follow_refusal`` overrides this with the same rule (else it is asked per card).
        """
        suits = SUIT_BY_TRUMP[cls, trump]
        following = [c for c in hand if suits[c] == led]
        return following if following else list(hand)

    @classmethod
    def shows_out(cls, card: Card, led: str | None, trump: str | None, rules: Any = None) -> bool:
        """True when playing ``card`` to a trick led in ``led`` proves the seat holds none of that suit.

        Asked of the follow rule itself: would ``card`` be refused from a hand that also held a card of the suit led?
        ``rules`` (the table's options) matters only to a game whose house rules narrow the follow rule.
        """
        if led is None or cls.suit_of(card, trump) == led:
            return False
        return _SHOWS_OUT[cls, card, led, trump]

    def _play_apply(self, action: Action) -> None:
        """A card played: the entry, its event, the play holding the trick (from the trick's key table)
        and the next seat, which is the next expected one (entries come in the order of play); the
        trick finished when complete.
        """
        # Reached from ``apply`` once the action is checked (a trick in progress, the seat's turn).
        seat, card = action.seat, action.card
        assert card is not None
        trick = self.tricks[-1]
        entries, expected = trick.entries, trick.expected
        n = len(entries)
        self.hands[seat].remove(card)
        entry, leads, plays = PLAY_FACTS[seat][card]
        entries.append(entry)
        best = trick.winning
        if best is None:  # the lead (or the first card after a throw-in)
            if not n:
                if self.first_lead_sets_trump and self.trump is None and not self.no_trumps:
                    self.trump = card.suit
                    self.emit("trump-set", suit=card.suit)
                self.events.append(leads)
            else:
                self.events.append(plays)
            trick.winning = (seat, card)
            cls, trump = type(self), self.trump
            led = SUIT_BY_TRUMP[cls, trump][card]
            # The suit led and the trick's keys, looked up once for its cards: trumps do not change within a trick.
            self._trick_led = led
            self._trick_keys = TRICK_KEYS_BY_LEAD[cls, led, trump]
        else:
            self.events.append(plays)
            keys = self._trick_keys
            if keys[card] > keys[best[1]]:
                trick.winning = (seat, card)
        if n + 1 < len(expected):
            self.current = expected[n + 1] if expected[n] == seat else self._next_in_trick(trick)
            return
        self._finish_trick(trick, self._trick_led)

    def advance_trick(self) -> None:
        """After a seat's part in the trick that is not a card played (Yorkshire's throw-in)."""
        trick = self.tricks[-1]
        if len(trick.entries) == len(trick.expected):
            self._finish_trick(trick)
        else:
            self.current = self._next_in_trick(trick)

    def _next_in_trick(self, trick: Trick) -> str:
        done = {e.seat for e in trick.entries}
        return next(s for s in trick.expected if s not in done)

    def _finish_trick(self, trick: Trick, led: str | None = None) -> None:
        """Give the complete trick to the seat holding it; then the next trick, or the hand's scoring."""
        if led is None:
            led_card = trick.led
            assert led_card is not None  # a finished trick has a card led
            led = self.effective_suit(led_card)
        assert trick.winning is not None
        seat, card = trick.winning
        trick.winner, trick.winning_card = seat, card
        taken = self.taken[seat]
        for entry in trick.entries:
            if entry.card is not None:
                taken.append(entry.card)
            if entry.thrown:
                taken.extend(entry.thrown)
        self._emit_trick_won(seat, card, led)
        hands = self.hands
        for s in self.in_play:  # cards left in a hand in play: the next trick
            if hands[s]:
                self.tricks.append(_new_trick(seat, TRICK_ORDER[self.seats, tuple(self.in_play), seat]))
                self.current = seat
                return
        self.current = None
        self._score_hand()

    def _emit_trick_won(self, seat: str, card: Card, led: str) -> None:
        """Say why the trick was won; games with special cards (Euchre's bowers) override."""
        trump = self.trump
        if trump is not None and SUIT_BY_TRUMP[type(self), trump][card] == trump:
            self.emit("trick-won-trump", seat=seat, card=card, trick=len(self.tricks))
        else:
            self.emit("trick-won-led", seat=seat, card=card, suit=led, trick=len(self.tricks))


_fill_card_tables(TrickPlay)


def _shows_out(key: tuple[type[TrickPlay], Card, str, str | None]) -> bool:
    """``shows_out`` asked of the follow rule: is ``card`` refused from a hand that also holds a card of ``led``?"""
    cls, card, led, trump = key
    probe = next((c for c in cls._pack() if c != card and cls.suit_of(c, trump) == led), None)
    return probe is not None and cls.follow_refusal(card, [card, probe], led, trump) is not None


# shows_out() answers, by game, card, suit led and trumps: the follow rule is asked once for each.
_SHOWS_OUT = Memo(_shows_out)


def _playable_by_refusal(cls: type[TrickPlay], hand: Sequence[Card], led: str, trump: str | None) -> list[Card]:
    """``playable`` for a game that writes only ``follow_refusal``: the rule asked of each card."""
    refusal = cls.follow_refusal
    return [c for c in hand if refusal(c, hand, led, trump) is None]
