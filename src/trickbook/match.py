"""A match: hands dealt one after another from one seed, the dealer moving and the score carried.

The dealer passes to the next seat in the order of play after every hand (to the
left in Yorkshire, Nap and Euchre; to the right in Trinidad, whose seats are
listed counter-clockwise), except when the hand says the same dealer deals again
(``HandState.same_dealer_again``: Trinidad's pack running out). A game without a
target (Nap) has no winner: a session is an agreed number of rounds.
"""

from __future__ import annotations

from typing import Any, Mapping, Sequence

from .actions import Action
from .errors import DealError, SeatError, TrickbookError
from .game import Deal, HandState, Rules
from .games import canonical_name, find_game
from .shuffle import deal_hand, fingerprint, first_dealer, new_seed, seed_bytes


class MatchError(TrickbookError):
    """A match used out of order: a new hand before the last one ended, or after the end."""

    code = "bad-match"


def hand_finished(state: HandState) -> bool:
    """A hand is over when it is scored, or as soon as the match is won (a kick, a gift, a peek)."""
    return state.is_terminal or state.winner is not None


class Match:
    """A sequence of hands of one game.

    ``seed`` (64 hex digits; a fresh one when omitted) deals every hand and picks
    the first dealer unless ``dealer`` is given. ``rules`` is a rules object or a
    mapping of options. ``rounds`` ends the match after that many deals per seat
    (a Nap session); otherwise it ends when a hand's state declares a winner.
    """

    def __init__(
        self,
        game: str,
        seats: Sequence[str] | None = None,
        rules: Rules | Mapping[str, Any] | None = None,
        seed: str | None = None,
        dealer: str | None = None,
        score: Mapping[str, int] | None = None,
        rounds: int | None = None,
    ) -> None:
        self.game = canonical_name(game)
        self.hand_class = find_game(self.game)
        self.seats: tuple[str, ...] = tuple(seats) if seats else tuple(self.hand_class.default_seats)
        self.rules = self._rules(rules)
        if seed is not None and not isinstance(seed, str):
            raise DealError(f"a seed is 64 hex digits as text, not {type(seed).__name__}")
        self.seed = (seed if seed is not None else new_seed()).strip().lower()
        seed_bytes(self.seed)  # validates
        self.fingerprint = fingerprint(self.seed)
        self.first_dealer_details: dict[str, Any] = {}
        if dealer is None:
            dealer, self.first_dealer_details = first_dealer(self.game, self.seats, self.seed)
        elif dealer not in self.seats:
            raise SeatError(f"dealer {dealer!r} is not a seat ({' '.join(self.seats)})")
        if rounds is not None and (type(rounds) is not int or rounds < 1):
            raise MatchError(f"rounds must be a positive whole number, not {rounds!r}")
        self._dealer = dealer
        self.rounds = rounds
        self.score: dict[str, int] | None = dict(score) if score is not None else None
        self.winner: str | None = None
        self.hands: list[HandState] = []
        self.hand_numbers: list[int | None] = []  # None for a deal the caller supplied
        self.scores_before: list[dict[str, int] | None] = []
        self._next_number = 1
        self._settled = 0

    def _rules(self, rules: Rules | Mapping[str, Any] | None) -> Rules:
        if rules is None:
            return self.hand_class.rules_class()
        if isinstance(rules, Rules):
            return rules
        return self.hand_class.rules_class.from_options(rules)

    # ----- progress --------------------------------------------------------
    @property
    def current(self) -> HandState | None:
        """The hand being played (or the last one)."""
        return self.hands[-1] if self.hands else None

    @property
    def dealer(self) -> str:
        """Who deals the next hand (or the hand being played)."""
        self._settle()
        return self._dealer

    @property
    def is_over(self) -> bool:
        self._settle()
        if self.winner is not None:
            return True
        return self.rounds is not None and self._settled >= self.rounds * len(self.seats)

    def next_hand(self, deal: Deal | None = None) -> HandState:
        """Deal the next hand (from the seed unless ``deal`` is given) and return its state."""
        last = self.current
        if last is not None and not hand_finished(last):
            raise MatchError(f"hand {len(self.hands)} is not finished")
        if self.is_over:
            raise MatchError("the match is over")
        number: int | None = None
        if deal is None:
            number = self._next_number
            self._next_number += 1
            deal = deal_hand(self.game, self.seats, self._dealer, self.seed, number)
        state = self.hand_class(self.rules, self.seats, self._dealer, deal, score=self.score)
        self.scores_before.append(None if self.score is None else dict(self.score))
        self.hands.append(state)
        self.hand_numbers.append(number)
        return state

    def _settle(self) -> None:
        """Carry the score and move the dealer once a hand has finished."""
        while self._settled < len(self.hands) and hand_finished(self.hands[self._settled]):
            state = self.hands[self._settled]
            self._settled += 1
            self.score = dict(state.score)
            if state.winner is not None:
                self.winner = state.winner
            elif not self._same_dealer_again(state):
                self._dealer = self.next_dealer(state.dealer)

    def _same_dealer_again(self, state: HandState) -> bool:
        """The game's redeal rule: Trinidad's dealer deals again when the pack cannot supply another run."""
        return state.same_dealer_again

    def next_dealer(self, dealer: str) -> str:
        """The next seat in the order of play: the seat the deal passes to."""
        return self.seats[(self.seats.index(dealer) + 1) % len(self.seats)]

    def balances(self) -> dict[str, int]:
        """The score after the finished hands (per team, or per seat in Nap)."""
        self._settle()
        if self.score is not None:
            return dict(self.score)
        return {t: 0 for t in self.hand_class.teams_of(self.seats)}

    # ----- records ---------------------------------------------------------
    def records(self) -> list[str]:
        """Each hand as the TOML text of a hand record (format 1); seeded hands give ``seed`` and ``hand``."""
        from .record import format_record  # only needed when records are written

        return [format_record(self.record(i)) for i in range(len(self.hands))]

    def record(self, index: int) -> Any:
        """Hand ``index`` (0-based) as a ``record.Record``."""
        from .record import DealSpec, Record

        state, number = self.hands[index], self.hand_numbers[index]
        if number is not None:
            spec = DealSpec(seed=self.seed, hand=number)
            rid = f"{self.game}-{self.seed[:12]}-{number}"
        else:
            d = state.deal
            spec = DealSpec(hands={s: tuple(c) for s, c in d.hands.items()}, turn=d.turn,
                            kitty=tuple(d.kitty), stock=tuple(d.stock))
            rid = f"{self.game}-{self.seed[:12]}-dealt-{index + 1}"
        return Record(
            game=self.game,
            seats=self.seats,
            dealer=state.dealer,
            deal=spec,
            actions=tuple(state.history),
            id=rid,
            score=self.scores_before[index],
            rules=self.rules.changed(),
        )


def play_match(
    game: str,
    bots_by_seat: Mapping[str, Any],
    seed: str | None = None,
    *,
    seats: Sequence[str] | None = None,
    rules: Rules | Mapping[str, Any] | None = None,
    dealer: str | None = None,
    rounds: int | None = None,
    max_hands: int = 1000,
) -> Match:
    """Play a whole match, each seat's bot choosing from that seat's observation only."""
    match = Match(game, seats=seats, rules=rules, seed=seed, dealer=dealer, rounds=rounds)
    missing = [s for s in match.seats if s not in bots_by_seat]
    if missing:
        raise MatchError(f"no bot for seat {', '.join(missing)}")
    if rounds is None and not match.rules.target:
        raise MatchError(f"{match.game} has no target score here: give the number of rounds")
    while not match.is_over:
        if len(match.hands) >= max_hands:
            raise MatchError(f"no winner after {max_hands} hands")
        play_hand(match.next_hand(), bots_by_seat)
    return match


def play_hand(state: HandState, bots_by_seat: Mapping[str, Any]) -> HandState:
    """Let the bots finish a hand from any position."""
    while not hand_finished(state):
        seat = state.current_player
        assert seat is not None
        text = bots_by_seat[seat].choose(state.observation(seat))
        state.apply(Action.parse(text, state.seats))
    return state
