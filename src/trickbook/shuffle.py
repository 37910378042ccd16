"""The published fair shuffle (format 1): seeds, fingerprints, streams, deals, first dealers.

Everything here follows the text published on the "Verify a game" page word for
word, so that anyone can re-deal a match from its revealed seed in a few lines of
any language. Changing anything here changes every seeded deal.
"""

from __future__ import annotations

import hashlib
import secrets
import struct
from operator import itemgetter
from typing import Any, Callable, Sequence

from .cards import RANKS, Card
from .errors import DealError
from .game import Deal, HandState
from .games import builtin_games, find_game
from .memo import Memo

SEED_BYTES = 32
_TWO_32 = 1 << 32
_HEX_DIGITS = frozenset("0123456789abcdefABCDEF")

class SeedError(DealError):
    """A seed that is not 32 bytes written as 64 hex digits, or a bad hand number."""

    code = "bad-seed"


def new_seed() -> str:
    """A fresh match seed: 32 random bytes as 64 lowercase hex digits."""
    return secrets.token_hex(SEED_BYTES)


def seed_bytes(seed_hex: str) -> bytes:
    """The 32 bytes a seed's hex text stands for; raise SeedError on anything else.

    >>> len(seed_bytes("00" * 32))
    32
    """
    if not isinstance(seed_hex, str):
        raise SeedError(f"a seed is 64 hex digits, not {seed_hex!r}")
    text = seed_hex.strip()
    if len(text) != 2 * SEED_BYTES:
        raise SeedError(f"a seed is 64 hex digits; {seed_hex!r} has {len(text)} characters")
    try:
        # 64 characters that make 32 bytes are 64 hex digits (fromhex would skip spaces, making fewer).
        seed = bytes.fromhex(text)
    except ValueError:
        seed = b""
    if len(seed) != SEED_BYTES:
        raise SeedError(f"a seed is 64 hex digits; {seed_hex!r} contains something else")
    return seed


def fingerprint(seed_hex: str) -> str:
    """SHA-256 of the seed's 32 bytes, as 64 lowercase hex digits (shown before the match)."""
    return hashlib.sha256(seed_bytes(seed_hex)).hexdigest()


class Stream:
    """The integers of one label: SHA-256(seed ‖ label ‖ counter) blocks read 4 bytes at a time."""

    def __init__(self, seed: bytes, label: str) -> None:
        if len(seed) != SEED_BYTES:
            raise SeedError(f"a seed is {SEED_BYTES} bytes, not {len(seed)}")
        self._prefix = bytes(seed) + label.encode("utf-8")
        self._counter = 0
        self._buffer = b""
        self._pos = 0
        self._words: tuple[int, ...] = ()  # the current block read as eight big-endian 4-byte integers

    def next_bytes(self, n: int) -> bytes:
        out = b""
        while len(out) < n:
            if self._pos == len(self._buffer):
                self._next_block()
            take = min(n - len(out), len(self._buffer) - self._pos)
            out += self._buffer[self._pos:self._pos + take]
            self._pos += take
        return out

    def _next_block(self) -> None:
        block = self._prefix + self._counter.to_bytes(4, "big")
        self._buffer = hashlib.sha256(block).digest()
        self._words = struct.unpack(">8I", self._buffer)
        self._counter += 1
        self._pos = 0

    def next_u32(self) -> int:
        """The next 4 bytes as a big-endian unsigned integer."""
        pos = self._pos
        if pos & 3 == 0:  # on a 4-byte boundary (always, unless next_bytes read otherwise): the block's own integers
            if pos == len(self._buffer):
                self._next_block()
                pos = 0
            self._pos = pos + 4
            return self._words[pos >> 2]
        return int.from_bytes(self.next_bytes(4), "big")


def uniform(stream: Stream, m: int) -> int:
    """A uniform integer below ``m`` by rejection: integers at or above the last whole multiple are used up."""
    if not 1 <= m <= _TWO_32:
        raise ValueError(f"uniform draws need 1 <= m <= 2**32, not {m}")
    limit = _TWO_32 - (_TWO_32 % m)
    while True:
        x = stream.next_u32()
        if x < limit:
            return x % m


def canonical_pack(game: str) -> list[Card]:
    """The game's pack in canonical order (``HandState.pack``): 24 cards for Euchre, 52 otherwise."""
    return find_game(game).pack()


def shuffled_pack(game: str, stream: Stream) -> list[Card]:
    """Fisher–Yates from the canonical pack, last index down to 1; index 0 is the top."""
    pack = canonical_pack(game)
    for i in range(len(pack) - 1, 0, -1):
        j = uniform(stream, i + 1)
        pack[i], pack[j] = pack[j], pack[i]
    return pack


def _fisher_yates_steps(n: int) -> tuple[tuple[int, int, int], ...]:
    """The Fisher–Yates steps of a pack of n cards, last index down to 1: (i, m = i + 1, the rejection limit for m)."""
    return tuple((i, i + 1, _TWO_32 - (_TWO_32 % (i + 1))) for i in range(n - 1, 0, -1))


# The Fisher–Yates steps, by number of cards.
SHUFFLE_STEPS = Memo(_fisher_yates_steps)


# The counters of a stream's first blocks, as 4 big-endian bytes, and the readers of n blocks' integers.
_COUNTERS = tuple(k.to_bytes(4, "big") for k in range(8))
_READERS = {n: struct.Struct(f">{8 * n}I") for n in range(1, len(_COUNTERS) + 1)}
# No integer below this is ever rejected by a draw below 2**6 (the rejected ones are the top 2**32 % m).
_NEVER_REJECTED = _TWO_32 - 64


def _first_words(seed: bytes, label: str, count: int) -> tuple[int, ...]:
    """The stream's first ``count`` integers or a few more (whole blocks), read in one go."""
    prefix = seed + label.encode("utf-8")
    blocks = -(-count // 8)
    sha256 = hashlib.sha256
    if blocks > len(_COUNTERS):
        data = b"".join([sha256(prefix + k.to_bytes(4, "big")).digest() for k in range(blocks)])
        return struct.unpack(f">{8 * blocks}I", data)
    return _READERS[blocks].unpack(b"".join([sha256(prefix + c).digest() for c in _COUNTERS[:blocks]]))


def shuffle_with_words(pack: list[Card], words: Sequence[int]) -> bool:
    """Fisher–Yates on ``pack`` in place with the stream's first integers, as ``shuffled_pack`` draws them.

    The same recipe, for the usual case where no integer is rejected: False (and ``pack`` left half
    shuffled) as soon as one would be, or when ``words`` run out, so the caller shuffles again from a
    ``Stream`` (an integer is rejected about once in 80 million draws for a 52-card pack).
    """
    steps = SHUFFLE_STEPS[len(pack)]
    if len(words) < len(steps):
        return False
    if len(pack) <= 64 and max(words[:len(steps)]) < _NEVER_REJECTED:  # the usual case: no rejection possible
        for (i, m, _), x in zip(steps, words, strict=False):  # words may run past the steps (whole blocks)
            j = x % m
            pack[i], pack[j] = pack[j], pack[i]
        return True
    for (i, m, limit), x in zip(steps, words, strict=False):
        if x >= limit:
            return False
        j = x % m
        pack[i], pack[j] = pack[j], pack[i]
    return True


def _shuffled_from_seed(game: type[HandState], seed: bytes, label: str) -> list[Card]:
    """``shuffled_pack(game, Stream(seed, label))``, with the stream read in whole blocks at once."""
    pack = game.pack()
    if not shuffle_with_words(pack, _first_words(seed, label, len(pack) - 1)):
        pack = shuffled_pack(game.game, Stream(seed, label))
    return pack


def _check_seats(seats: Sequence[str]) -> tuple[str, ...]:
    seats = tuple(seats)
    if seats in GOOD_SEATS:
        return seats
    if len(seats) < 2 or len(set(seats)) != len(seats):
        raise DealError(f"a deal needs two or more distinct seats, not {' '.join(seats)!r}")
    if all(type(s) is str for s in seats):
        GOOD_SEATS.add(seats)
    return seats


# Tables of seats found good (``_check_seats``): two or more, each named once; not checked again.
GOOD_SEATS: set[tuple[str, ...]] = set()


def _check_dealer(seats: Sequence[str], dealer: str) -> None:
    if dealer not in seats:
        raise DealError(f"dealer {dealer!r} is not a seat ({' '.join(seats)})")


def deal_order(seats: Sequence[str], dealer: str) -> list[str]:
    """The seats in the order they receive cards: from the seat after the dealer."""
    _check_dealer(seats, dealer)
    i = list(seats).index(dealer)
    return [seats[(i + k) % len(seats)] for k in range(1, len(seats) + 1)]


def deal_hand(game: str, seats: Sequence[str], dealer: str, seed_hex: str, hand_number: int) -> Deal:
    """Deal hand number ``hand_number`` of the match seeded by ``seed_hex``.

    The game's packets go round the table from the dealer's left; then come the
    turned card, the kitty and the stock, as the game has them.
    """
    cls = find_game(game)
    seats = _check_seats(seats)
    if type(hand_number) is not int or hand_number < 1:
        raise SeedError(f"hand numbers start at 1, not {hand_number!r}")
    pack = _shuffled_from_seed(cls, seed_bytes(seed_hex), f"hand:{hand_number}")
    _check_dealer(seats, dealer)  # before the table is read: its keys hold a seat, never anything else
    getters, top = SEAT_PLAN[cls, seats, dealer]
    hands: dict[str, list[Card]] = {seat: list(get(pack)) for seat, get in getters}
    turn = pack[top] if cls.turn_card else None
    top += 1 if cls.turn_card else 0
    kitty = pack[top:top + cls.kitty_size]
    top += cls.kitty_size
    return Deal(hands, turn=turn, kitty=kitty, stock=pack[top:] if cls.has_stock else [])


def _seat_plan(key: tuple[type[HandState], tuple[str, ...], str]
               ) -> tuple[tuple[tuple[str, Callable[[list[Card]], tuple[Card, ...]]], ...], int]:
    cls, seats, dealer = key
    order = deal_order(seats, dealer)
    if sum(cls.packets) * len(seats) > len(cls._pack()):
        raise DealError(f"{len(seats)} seats need more cards than the pack holds")
    places, top = DEAL_PLAN[cls.packets, len(seats)]
    by_seat = {seat: places[k] for k, seat in enumerate(order)}
    return tuple((s, by_seat[s]) for s in seats), top


# Each seat's places of the shuffled pack, in the order of the seats, and the place after the packets,
# by game, seats and dealer (a deal's plan; a table the pack cannot serve is refused, and not kept).
SEAT_PLAN = Memo(_seat_plan)


def _deal_plan(key: tuple[tuple[int, ...], int]) -> tuple[tuple[Callable[[list[Card]], tuple[Card, ...]], ...], int]:
    """Which places of the shuffled pack each seat receives, by packets and number of seats: the k-th seat
    from the dealer's left gets its packet of every round of the table; then the place after the packets."""
    packets, seats = key
    places: list[list[int]] = [[] for _ in range(seats)]
    top = 0
    for packet in packets:
        for k in range(seats):
            places[k].extend(range(top, top + packet))
            top += packet
    return tuple(_getter(p) for p in places), top


# The places of the shuffled pack each seat receives, by packets and number of seats.
DEAL_PLAN = Memo(_deal_plan)


def _getter(places: list[int]) -> Callable[[list[Card]], tuple[Card, ...]]:
    """The cards at ``places`` of a pack, as a tuple."""
    if len(places) == 1:
        only = places[0]
        return lambda pack: (pack[only],)
    return itemgetter(*places)


def first_dealer(game: str, seats: Sequence[str], seed_hex: str) -> tuple[str, dict[str, Any]]:
    """Who deals first, and how it was decided: the game's published draw (``HandState.first_dealer_draw``)."""
    cls = find_game(game)
    seats = _check_seats(seats)
    stream = Stream(seed_bytes(seed_hex), "first-dealer")
    if cls.first_dealer_draw == "seat-index":
        index = uniform(stream, len(seats))
        return seats[index], {"index": index}
    draw = _DRAWS[cls.first_dealer_draw]
    return draw(seats, _shuffled_from_seed(cls, seed_bytes(seed_hex), "first-dealer"))


def _first_jack(seats: tuple[str, ...], pack: list[Card]) -> tuple[str, dict[str, Any]]:
    """Yorkshire: deal face up from the second seat; the jack's receiver pitches first."""
    n = len(seats)
    shown: list[list[str]] = []
    for k, card in enumerate(pack):
        seat = seats[(1 + k) % n]
        shown.append([seat, str(card)])
        if card.rank == "J":
            dealer = seats[(seats.index(seat) - 1) % n]
            return dealer, {"dealt": shown, "pitcher": seat}
    raise AssertionError("a 52-card pack holds four jacks")


def _high_card(seats: tuple[str, ...], pack: list[Card]) -> tuple[str, dict[str, Any]]:
    """Trinidad and Nap: one card each; the highest rank deals; the tied draw again."""
    drawing = list(seats)
    rounds: list[list[list[str]]] = []
    top = 0
    while True:
        drawn = list(zip(drawing, pack[top:top + len(drawing)], strict=False))
        if len(drawn) < len(drawing):
            raise DealError("the pack ran out while drawing for the first dealer")
        top += len(drawing)
        rounds.append([[s, str(c)] for s, c in drawn])
        best = min(RANKS.index(c.rank) for _, c in drawn)
        drawing = [s for s, c in drawn if RANKS.index(c.rank) == best]
        if len(drawing) == 1:
            return drawing[0], {"draws": rounds}


_DRAWS: dict[str, Callable[[tuple[str, ...], list[Card]], tuple[str, dict[str, Any]]]] = {
    "first-jack": _first_jack,
    "high-card": _high_card,
}


def published_vectors(seed_hex: str, hands: int = 2) -> dict[str, Any]:
    """The published vectors for one seed: fingerprint, first dealer and the first hands of each game.

    Hand 1 is dealt by the first dealer and each later hand by the next seat in the
    order of play, as the dealer moves in every game when no redeal happens.
    """
    out: dict[str, Any] = {"seed": seed_hex, "fingerprint": fingerprint(seed_hex), "games": {}}
    for cls in builtin_games():
        game, seats = cls.game, tuple(cls.default_seats)
        dealer, _ = first_dealer(game, seats, seed_hex)
        first = dealer
        dealt = []
        for n in range(1, hands + 1):
            deal = deal_hand(game, seats, dealer, seed_hex, n)
            entry: dict[str, Any] = {"hand": n, "dealer": dealer}
            entry.update(deal.as_json())
            dealt.append(entry)
            dealer = deal_order(seats, dealer)[0]
        out["games"][game] = {"seats": list(seats), "first_dealer": first, "hands": dealt}
    return out
