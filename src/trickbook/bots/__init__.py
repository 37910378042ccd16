"""The bots: one per game, found by game name; each answers ``choose(observation)`` with a canonical action text.

A bot sees only what its seat may see (``state.observation(seat)``), never the
full state, and is deterministic given its seed.
"""

from __future__ import annotations

import importlib
from typing import Any, Mapping, Protocol

from ..games import canonical_name
from .random_bot import RandomBot

# Each game's bot, imported only when asked for (importing is paid by the reader in the browser).
BOTS = {
    "yorkshire": "trickbook.bots.allfours:YorkshireBot",
    "trinidad": "trickbook.bots.allfours:TrinidadBot",
    "nap": "trickbook.bots.nap:NapBot",
    "euchre": "trickbook.bots.euchre:EuchreBot",
}


# How strongly a bot plays: "gentle" is each game's heuristic bot, "strong" the search bot
# (trickbook.bots.search), which plays the heuristic's bids and looks ahead in trick play.
LEVELS = ("gentle", "strong")


class Bot(Protocol):
    def choose(self, observation: Mapping[str, Any]) -> str: ...


def bot_class(game: str) -> type:
    """The bot class of a game, by name or alias."""
    module_name, cls_name = BOTS[canonical_name(game)].split(":")
    return getattr(importlib.import_module(module_name), cls_name)


def make_bot(game: str, seed: int = 0, level: str = "gentle") -> Bot:
    """A new bot for ``game`` (name or alias), deterministic from ``seed``, at ``level`` (see LEVELS)."""
    if level == "strong":
        from .search import SearchBot

        return SearchBot(canonical_name(game), seed=seed)
    if level != "gentle":
        raise ValueError(f"unknown bot level {level!r} (known: {', '.join(LEVELS)})")
    return bot_class(game)(seed=seed)


__all__ = ["BOTS", "LEVELS", "Bot", "RandomBot", "bot_class", "make_bot"]
