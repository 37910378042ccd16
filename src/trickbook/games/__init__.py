"""The registry of games, with aliases: ``find_game("all-fours-trinidad")``."""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING

from ..errors import DealError

if TYPE_CHECKING:
    from ..game import HandState

GAMES = {
    "yorkshire": "trickbook.games.yorkshire:YorkshireHand",
    "trinidad": "trickbook.games.trinidad:TrinidadHand",
    "nap": "trickbook.games.nap:NapHand",
    "euchre": "trickbook.games.euchre:EuchreHand",
}

ALIASES = {
    "all-fours-yorkshire": "yorkshire",
    "yorkshire-all-fours": "yorkshire",
    "batley": "yorkshire",
    "all-fours-trinidad": "trinidad",
    "trinidad-all-fours": "trinidad",
    "all-fours": "trinidad",
    "napoleon": "nap",
}


def canonical_name(name: str) -> str:
    key = name.strip().lower().replace("_", "-").replace(" ", "-")
    key = ALIASES.get(key, key)
    if key not in GAMES:
        known = ", ".join(sorted(GAMES))
        raise DealError(f"unknown game {name!r} (known: {known})")
    return key


def find_game(name: str) -> "type[HandState]":
    """The hand-state class of a game, by name or alias."""
    module_name, cls_name = GAMES[canonical_name(name)].split(":")
    return getattr(importlib.import_module(module_name), cls_name)
