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


class Bot(Protocol):
    def choose(self, observation: Mapping[str, Any]) -> str: ...


def bot_class(game: str) -> type:
    """The bot class of a game, by name or alias."""
    module_name, cls_name = BOTS[canonical_name(game)].split(":")
    return getattr(importlib.import_module(module_name), cls_name)


def make_bot(game: str, seed: int = 0) -> Bot:
    """A new bot for ``game`` (name or alias), deterministic from ``seed``."""
    return bot_class(game)(seed=seed)


__all__ = ["BOTS", "Bot", "RandomBot", "bot_class", "make_bot"]
