"""Tables the engine fills on first use: each remembers a rule's answers, so the hot loops look them up.

A ``Memo`` is a dictionary that works out a missing entry with the function it was made with, stores
it and returns it: ``PLAY_ACTION[seat]`` is read the same way whether or not it was asked before.
Each table is made next to the rule it remembers, named for what it holds; the rule itself stays a
plain function or method, which the tests and the docs read. A table whose keys are all known when
a game's class is made (its suits and trick keys by trumps, its phase methods) is filled then, as a
plain dict: CPython specialises an exact dict's subscript and not a subclass's (about 10 ns a read).

>>> squares = Memo(lambda n: n * n)
>>> squares[12], 12 in squares, len(squares)
(144, True, 1)
"""

from __future__ import annotations

from typing import Callable, TypeVar

K = TypeVar("K")
V = TypeVar("V")


class Memo(dict[K, V]):
    """``memo[key]`` is ``build(key)``, worked out once per process (the tables never change: what
    they hold depends only on the game's rules and the key)."""

    __slots__ = ("build",)

    def __init__(self, build: Callable[[K], V]) -> None:
        super().__init__()
        self.build = build

    def __missing__(self, key: K) -> V:
        value = self[key] = self.build(key)
        return value
