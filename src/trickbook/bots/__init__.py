"""The bots: one per game, named by the game's class (``HandState.bot``); each answers
``choose(observation)`` with a canonical action text.

A bot sees only what its seat may see (``state.observation(seat)``), never the
full state, and is deterministic given its seed.
"""

from __future__ import annotations

import importlib
from typing import Any, Mapping, Protocol

from ..games import find_game
from .random_bot import RandomBot

# How strongly a bot plays: "gentle" is each game's heuristic bot, "strong" the search bot
# (trickbook.bots.search), which looks ahead in trick play and in the calls before it.
LEVELS = ("gentle", "strong")


class Bot(Protocol):
    def choose(self, observation: Mapping[str, Any]) -> str: ...


def bot_class(game: str) -> type:
    """The bot class of a game, by name or alias (imported only when asked for: the reader pays for imports)."""
    module_name, cls_name = find_game(game).bot.split(":")
    cls: type = getattr(importlib.import_module(module_name), cls_name)
    return cls


def make_bot(game: str, seed: int = 0, level: str = "gentle") -> Bot:
    """A new bot for ``game`` (name or alias), deterministic from ``seed``, at ``level`` (see LEVELS)."""
    if level == "strong":
        from .search import SearchBot

        return SearchBot(find_game(game).game, seed=seed)
    if level != "gentle":
        raise ValueError(f"unknown bot level {level!r} (known: {', '.join(LEVELS)})")
    bot: Bot = bot_class(game)(seed=seed)
    return bot


def __getattr__(name: str) -> Any:
    # BOTS ({game: "module:Class"}) is read from the registered games.
    if name == "BOTS":
        from ..games import games

        return {cls.game: cls.bot for cls in games()}
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = ["BOTS", "LEVELS", "Bot", "RandomBot", "bot_class", "make_bot"]
