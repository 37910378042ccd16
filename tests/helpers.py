"""Test code shared by the test modules (``tests/`` is on pytest's ``pythonpath``): import it by name.

- ``TABLE_SEEDS``: the deal every play-table test is given, by game, and why that one;
- ``GentleTable``: the play table with the gentle bots, for tests about the table, not the bots;
- the rule tests' helpers (``hand``, ``act``, ``play``, ``codes``, ...) for any game.
"""

from __future__ import annotations

import hashlib
from typing import Any

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
