"""The registry of games: ``find_game("all-fours-trinidad")``.

A game registers itself when its ``HandState`` subclass is defined with a
``game`` name (see ``game.HandState``). Every module of this package is a game
module and is imported on the first look-up, so adding a game means adding its
module here and nothing else. A game defined elsewhere is known once its module
is loaded with ``load_game_modules`` (a site names it in its configuration: see
``trickbook_site.project``). A name is only ever looked up in the registry: a
record, a save or a page never makes the engine import a module.
"""

from __future__ import annotations

import importlib
import pkgutil
from typing import TYPE_CHECKING, Any, Iterable

from ..errors import DealError

if TYPE_CHECKING:
    from ..game import HandState

_loaded: "dict[str, type[HandState]] | None" = None  # the registry, once every module is imported
_loading = False  # True while this package's modules are imported (``declared`` then reads the registry as it is)


def _load() -> dict[str, "type[HandState]"]:
    """The registered games, after importing every module of this package once."""
    global _loaded, _loading
    if _loaded is not None:
        return _loaded
    from ..game import _REGISTRY

    _loading = True
    try:
        for info in pkgutil.iter_modules(__path__):
            importlib.import_module(f"{__name__}.{info.name}")
    finally:
        _loading = False
    _loaded = _REGISTRY
    return _REGISTRY


def games() -> list["type[HandState]"]:
    """Every registered game's class, in the order games are listed."""
    return sorted(_load().values(), key=lambda cls: (cls.listed, cls.game))


def builtin_games() -> list["type[HandState]"]:
    """The games of this package (the default site's four)."""
    return [cls for cls in games() if cls.__module__.startswith(f"{__name__}.")]


def max_actions() -> int:
    """The most actions a hand of any registered game may take (``HandState.max_actions``)."""
    return max(cls.max_actions() for cls in _load().values())


def _key(name: str) -> str:
    return name.strip().lower().replace("_", "-").replace(" ", "-")


def load_game_modules(names: "Iterable[str]") -> list["type[HandState]"]:
    """Import the game modules a site's configuration names; the games they register.

    This is the one place a module is imported by name, and its names come from
    the site's own configuration, never from a record. A module that cannot be
    imported, or that registers no game, is a ``DealError`` saying so.
    """
    registry = _load()
    found: list[type[HandState]] = []
    for name in names:
        if not isinstance(name, str) or not all(part.isidentifier() for part in name.split(".")):
            raise DealError(f"a game module is a dotted module name, not {name!r}")
        try:
            module = importlib.import_module(name)
        except ImportError as e:
            raise DealError(f"game module {name!r} cannot be imported: {e}") from None
        own = [cls for cls in registry.values() if cls.__module__ == module.__name__]
        if not own:
            raise DealError(f"game module {name!r} defines no game (no HandState subclass with a 'game' name)")
        found.extend(own)
    return found


def canonical_name(name: str) -> str:
    """A game's name, from its name or an alias, looked up in the registry only."""
    registry = _load()
    key = _key(name) if isinstance(name, str) else None
    for cls in registry.values():
        if key == cls.game or key in cls.aliases:
            return cls.game
    known = ", ".join(cls.game for cls in games())
    shown = repr(name)
    shown = shown if len(shown) <= 62 else shown[:60] + "…"
    raise DealError(f"unknown game {shown}; known games: {known}")


def find_game(name: str) -> "type[HandState]":
    """The hand-state class of a game, by name or alias (``DealError`` for any other)."""
    registry = _load()
    found = registry.get(name) if isinstance(name, str) else None  # the usual case: the name as every view writes it
    return found if found is not None else registry[canonical_name(name)]


def __getattr__(name: str) -> Any:
    # GAMES and ALIASES are computed from the registered classes when first read.
    if name == "GAMES":
        return {cls.game: f"{cls.__module__}:{cls.__qualname__}" for cls in games()}
    if name == "ALIASES":
        return {alias: cls.game for cls in games() for alias in cls.aliases}
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
