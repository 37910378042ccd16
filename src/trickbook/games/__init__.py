"""The registry of games: ``find_game("all-fours-trinidad")``.

A game registers itself when its ``HandState`` subclass is defined with a
``game`` name (see ``game.HandState``). Every module of this package is a game
module and is imported on the first look-up, so adding a game means adding its
module here and nothing else; a game defined elsewhere is found by its module
path (``find_game("my_games.whist")``) or once its module is imported.
"""

from __future__ import annotations

import importlib
import pkgutil
from typing import TYPE_CHECKING, Any

from ..errors import DealError

if TYPE_CHECKING:
    from ..game import HandState

_loaded: "dict[str, type[HandState]] | None" = None  # the registry, once every module is imported


def _load() -> dict[str, "type[HandState]"]:
    """The registered games, after importing every module of this package once."""
    global _loaded
    if _loaded is not None:
        return _loaded
    from ..game import _REGISTRY

    for info in pkgutil.iter_modules(__path__):
        importlib.import_module(f"{__name__}.{info.name}")
    _loaded = _REGISTRY
    return _REGISTRY


def games() -> list["type[HandState]"]:
    """Every registered game's class, in the order games are listed."""
    return sorted(_load().values(), key=lambda cls: (cls.listed, cls.game))


def builtin_games() -> list["type[HandState]"]:
    """The games of this package (the default site's four)."""
    return [cls for cls in games() if cls.__module__.startswith(f"{__name__}.")]


def _key(name: str) -> str:
    return name.strip().lower().replace("_", "-").replace(" ", "-")


def _from_module(path: str) -> "type[HandState] | None":
    """The game a module path names (``pkg.mod`` or ``pkg.mod:Class``), importing the module."""
    module_name, _, cls_name = path.strip().partition(":")
    try:
        module = importlib.import_module(module_name)
    except ImportError:
        return None
    found = [cls for cls in _load().values() if cls.__module__ == module.__name__
             and (not cls_name or cls.__qualname__ == cls_name)]
    return found[0] if len(found) == 1 else None


def canonical_name(name: str) -> str:
    """A game's name, from its name, an alias or the path of its module."""
    registry = _load()
    key = _key(name)
    for cls in registry.values():
        if key == cls.game or key in cls.aliases:
            return cls.game
    module = name.strip().partition(":")[0]
    if module and all(part.isidentifier() for part in module.split(".")):
        found = _from_module(name)
        if found is not None:
            return found.game
    known = ", ".join(cls.game for cls in games())
    raise DealError(f"unknown game {name!r} (known: {known})")


def find_game(name: str) -> "type[HandState]":
    """The hand-state class of a game, by name, alias or module path."""
    registry = _load()
    found = registry.get(name)  # the usual case: the name as every view writes it
    return found if found is not None else registry[canonical_name(name)]


def __getattr__(name: str) -> Any:
    # GAMES and ALIASES are computed from the registered classes when first read.
    if name == "GAMES":
        return {cls.game: f"{cls.__module__}:{cls.__qualname__}" for cls in games()}
    if name == "ALIASES":
        return {alias: cls.game for cls in games() for alias in cls.aliases}
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
