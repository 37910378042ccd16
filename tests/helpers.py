"""Test code shared by the test modules (``tests/`` is on pytest's ``pythonpath``): import it by name.

- ``TABLE_SEEDS``: the deal every play-table test is given, by game, and why that one;
- ``GentleTable``: the play table with the gentle bots, for tests about the table, not the bots;
- the rule tests' helpers (``hand``, ``act``, ``play``, ``codes``, ...) for any game.
"""

from __future__ import annotations

import hashlib
from typing import Any

from trickbook.actions import Action
from trickbook.cards import Card, full_pack, parse_cards
from trickbook.game import Deal
from trickbook.games.trinidad import TrinidadHand, TrinidadRules
from trickbook.table import Table


def _seed(label: str) -> str:
    return hashlib.sha256(label.encode()).hexdigest()


# The seed each game's play table deals in the tests (the page address's ``?seed=``), found by
# playing matches with trickbook.table.session.Table and the gentle bots (tests/test_table_seeds.py
# plays them again and fails if the engine stops dealing them so):
# - euchre, yorkshire, trinidad: the reader plays cards in every hand of the whole match, whether
#   they always take the first choice offered, the cautious choice (a time-out's), or the last one;
#   no hand is thrown in, so a test that needs trick play always has it, at any hand;
# - nap: the gentle bots seldom bid, so a reader who passes sees most hands thrown in; in this
#   deal's first hand a bot bids even when the reader passes, and a reader who bids plays cards in
#   every hand of the match.
TABLE_SEEDS = {
    "euchre": _seed("trickbook-test-euchre-0"),
    "yorkshire": _seed("trickbook-test-yorkshire-1"),
    "trinidad": _seed("trickbook-test-trinidad-1"),
    "nap": _seed("trickbook-test-nap-30"),
}


class GentleTable(Table):
    """The play table with the gentle bots: for tests about the table, not the bots' strength
    (test_bot_levels.py and test_search_bot.py test the strong bots; a table's default level is strong)."""

    def __init__(self, *args: Any, level: str = "gentle", **kwargs: Any) -> None:
        super().__init__(*args, level=level, **kwargs)

    @classmethod
    def resume(cls, *args: Any, level: str = "gentle", **kwargs: Any) -> "GentleTable":
        table = super().resume(*args, level=level, **kwargs)
        assert isinstance(table, GentleTable)
        return table


# ----- the rule tests: a hand driven by action texts, for any game ----------------------------------

def act(state: Any, text: str) -> Any:
    """One action, written as the record writes it (``N AS``), applied to the hand; its events."""
    return state.apply(Action.parse(text, state.seats))


def play(state: Any, actions: str) -> Any:
    """Every action of ``actions`` (separated by ``;`` or new lines) in turn; the hand."""
    for text in actions.replace("\n", ";").split(";"):
        if text.strip():
            act(state, text)
    return state


def awards(state: Any) -> list[tuple[str, str, int]]:
    return [(a.category, a.team, a.points) for a in state.awards]


def reason(state: Any, text: str) -> str | None:
    """The code of the rule that refuses the action, or None when it is legal."""
    r = state.why_illegal(Action.parse(text, state.seats))
    return None if r is None else r.code


def codes(state: Any) -> list[str]:
    return [e.code for e in state.events]


TRINIDAD_SEATS = ("N", "W", "S", "E")  # counter-clockwise, in the order of play


def trinidad_hand(cards: dict[str, str], kick: str = "9S", stock_front: str = "", dealer: str = "E",
                  score: Any = None, full_stock: bool = True, **rules: Any) -> TrinidadHand:
    """A Trinidad deal whose stock starts with ``stock_front`` and, when ``full_stock``, holds the rest of the pack."""
    hands = {s: parse_cards(c) for s, c in cards.items()}
    turn = Card.parse(kick)
    stock = parse_cards(stock_front)
    if full_stock:
        used = {c for h in hands.values() for c in h} | {turn} | set(stock)
        stock += [c for c in full_pack() if c not in used]
    return TrinidadHand(TrinidadRules(**rules), TRINIDAD_SEATS, dealer, Deal(hands, turn=turn, stock=stock), score)
