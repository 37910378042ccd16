"""What the registered games declare: their verbs and the argument each takes, their contracts, and the
words of their verbs, contracts and score categories.

Every game's class declares its own (``HandState.verb_args``, ``contracts``, ``verb_words``,
``contract_words``, ``category_words``, ``house_rule_words``…: see ``game.py``); the tables here are the union over the
registry, worked out again whenever a game is registered, so a course's game is known once its
module is loaded and never before. ``play`` and ``pass`` are every game's. The action's notation
(``actions.py``) and the messages' values (``messages.py``) read these tables; neither names a game.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Mapping

from .errors import N_

if TYPE_CHECKING:
    from .game import HandState

# The verbs every game has, and their words.
COMMON_VERBS: Mapping[str, str | None] = {"play": "card", "pass": None}
COMMON_VERB_WORDS: Mapping[str, str] = {"play": N_("play a card"), "pass": N_("pass")}


@dataclass(frozen=True)
class Declared:
    """The union of what the registered games declare, in the order games are listed."""

    verbs: dict[str, str | None] = field(default_factory=dict)
    verb_spellings: dict[str, str] = field(default_factory=dict)
    alone_verbs: frozenset[str] = frozenset()
    said_alone: frozenset[str] = frozenset()
    contracts: tuple[str, ...] = ()
    contract_spellings: dict[str, str] = field(default_factory=dict)
    verb_words: dict[str, str] = field(default_factory=dict)
    contract_words: dict[str, str] = field(default_factory=dict)
    category_words: dict[str, str] = field(default_factory=dict)
    house_rule_words: dict[tuple[str, bool], str] = field(default_factory=dict)


_cache: tuple[tuple[type["HandState"], ...], Declared] | None = None


def declared() -> Declared:
    """The tables, for the games registered now (the engine's own loaded first, unless they are being
    loaded now)."""
    global _cache
    from . import games as package
    from .game import _REGISTRY

    if not package._loading:
        package._load()
    registered = tuple(_REGISTRY.values())
    if _cache is not None and _cache[0] == registered:
        return _cache[1]
    classes = sorted(registered, key=lambda cls: (cls.listed, cls.game))
    verbs, words = dict(COMMON_VERBS), dict(COMMON_VERB_WORDS)
    spellings: dict[str, str] = {}
    alone: set[str] = set()
    said: set[str] = set()
    contracts: list[str] = []
    contract_spellings: dict[str, str] = {}
    contract_words: dict[str, str] = {}
    category_words: dict[str, str] = {}
    house_rule_words: dict[tuple[str, bool], str] = {}
    for cls in classes:
        for verb, kind in cls.verb_args.items():
            verbs.setdefault(verb, kind)
        for table, own in ((words, cls.verb_words), (spellings, cls.verb_spellings),
                           (contract_spellings, cls.contract_spellings), (contract_words, cls.contract_words),
                           (category_words, cls.category_words)):
            for key, value in own.items():
                table.setdefault(key, value)
        for option, code in cls.house_rule_words.items():
            house_rule_words.setdefault(option, code)
        alone |= cls.alone_verbs
        said |= cls.said_alone
        contracts += [c for c in cls.contracts if c not in contracts]
    found = Declared(verbs, spellings, frozenset(alone), frozenset(said), tuple(contracts), contract_spellings,
                     words, contract_words, category_words, house_rule_words)
    _cache = (registered, found)
    return found
