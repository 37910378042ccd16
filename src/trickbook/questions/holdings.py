"""The holdings of the hidden cards that agree with what one seat sees, for a question asked with
``view = "seat"``.

Such a question may claim only what holds however the hidden cards lie: a card is accepted when its
rule's goal is sure in every holding of the hidden cards that fits the seat's view (its own hand, the
cards played, the voids shown by the follow rule, a card it saw go into a hand), each rebuilt and
checked by the engine (``bots.worlds.World.rebuild``, the same rebuild the strong bot's guesses use).
Where the cards are out of play (the undealt pack, a kitty, a face-down discard) makes no difference to
the play, so they are one heap. A view with more than ``MAX_HOLDINGS`` holdings cannot be judged holding
by holding: the question is refused, and the author shows the hands (``view = "all"``) instead.
"""

from __future__ import annotations

from itertools import combinations
from math import comb
from typing import Iterator

from ..cards import Card
from ..errors import TrickbookError
from ..game import HandState

# The most holdings of the hidden cards a question asked with hidden hands is judged over.
MAX_HOLDINGS = 5000


class TooManyHoldings(Exception):
    """The view leaves more than ``MAX_HOLDINGS`` holdings of the hidden cards (``count``: how many, before
    the voids are counted)."""

    def __init__(self, count: int) -> None:
        super().__init__(count)
        self.count = count


def holdings(state: HandState, seat: str) -> list[HandState]:
    """Every full state that agrees with what ``seat`` sees at ``state`` (the real one among them), or
    ``TooManyHoldings``; ``TrickbookError`` when the game cannot lay out its deal from the view."""
    from ..bots.worlds import MASKED, World  # the engine's rebuild of a seat's view

    world = World.from_observation(type(state), state.observation(seat))
    seen = set(world.mine) | set(world.known)
    for cards in world.parted.values():
        seen.update(cards)
    for cards in world.fixed.values():
        seen.update(cards)
    pool = [c for c in type(state).pack() if c not in seen]
    need = {s: world.sizes.get(s, 0) - len(world.fixed[s]) for s in world.seats if s != seat}
    if any(n < 0 for n in need.values()) or sum(need.values()) + len(world.masked) > len(pool):
        raise TrickbookError("the view of the hidden hands does not add up")
    bound, left = 1, len(pool)
    for n in need.values():
        bound *= comb(left, n)
        left -= n
    order = sorted(need, key=world.seats.index)

    def deals(i: int, cards: list[Card]) -> Iterator[dict[str, list[Card]]]:
        if i == len(order):
            yield {MASKED: cards[:len(world.masked)], "_rest": cards[len(world.masked):]}
            return
        s = order[i]
        allowed = [c for c in cards if world.suit_of(c) not in world.void[s]]
        for pick in combinations(allowed, need[s]):
            taken = set(pick)
            for rest in deals(i + 1, [c for c in cards if c not in taken]):
                yield {s: [*pick, *world.fixed[s]], **rest}

    laid: list[dict[str, list[Card]]] = []
    for hidden in deals(0, pool):  # counted before any is rebuilt, which costs a replay each
        laid.append(hidden)
        if len(laid) > MAX_HOLDINGS:
            raise TooManyHoldings(bound)
    return [state for state in map(world.rebuild, laid) if state is not None]
