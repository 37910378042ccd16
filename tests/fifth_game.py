"""The fifth game of the registry's tests: a game written the way ARCHITECTURE.md says, one module and
nothing else edited, put on the import path by a test (test_registry.py, test_registry_site.py)."""

from __future__ import annotations

import sys
import textwrap
from pathlib import Path
from typing import Any, Iterator

from trickbook.game import _REGISTRY
from trickbook.games import load_game_modules

SEED = "ab" * 32

# A fifth game, written the way ARCHITECTURE.md says: one module, nothing else edited.
FIFTH_GAME = '''
from dataclasses import dataclass

from trickbook.game import HandState, Rules


@dataclass(frozen=True)
class SevensRules(Rules):
    """No options but the trick count that ends a session."""

    target: int = 50


class SevensHand(HandState):
    """Seven cards each, the next card turned for trumps, a point a trick."""

    game = "sevens-for-tests"
    aliases = ("seven-card-trumps",)
    title = "Seven-card trumps"
    rules_class = SevensRules
    default_seats = ("A", "B", "C")
    seat_counts = range(3, 6)
    partnership = False
    hand_size = 7
    packets = (4, 3)
    turn_card = "trump card"
    has_stock = True

    @classmethod
    def default_seats_for(cls, dealt):
        return tuple("ABCDE"[:dealt]) if dealt in cls.seat_counts else cls.default_seats

    def _start(self):
        self.trump = self.deal.turn.suit
        self.emit("deal", dealer=self.dealer)
        self.start_play(self.next_seat(self.dealer))

    def _score_hand(self):
        for seat in self.seats:
            self.award("tricks", seat, sum(1 for t in self.tricks if t.winner == seat))
        best = max(self.seats, key=lambda s: self.score[s])  # the first seat at the target wins
        if self.score[best] >= self.rules.target:
            self.winner = best
        self.end_hand()

    def public_view(self):
        return super().public_view() | {"turn": str(self.deal.turn)}  # the trump card lies face up
'''


def load(tmp_path: Path, monkeypatch: Any, name: str, text: str) -> None:
    """The module ``text`` as ``name`` on the import path, loaded as a site's configuration names it."""
    (tmp_path / f"{name}.py").write_text(textwrap.dedent(text), encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    load_game_modules([name])


def forget_the_fifth_game(saved: dict[str, Any]) -> None:
    """The registry as it was (``saved``), the fifth game's module forgotten."""
    _REGISTRY.clear()
    _REGISTRY.update(saved)
    sys.modules.pop("sevens_for_tests", None)


def fifth_game_loaded(tmp_path: Path, monkeypatch: Any) -> Iterator[str]:
    """The body of a test module's ``fifth_game`` fixture: the fifth game's module on the import path, its
    name for the test; the registry as it was afterwards."""
    saved = dict(_REGISTRY)
    load(tmp_path, monkeypatch, "sevens_for_tests", FIFTH_GAME)
    yield "sevens-for-tests"
    forget_the_fifth_game(saved)
