"""Worked hands a build keeps in `build/cache/hands/` for the next one: replays and figures.

A hand's entry is keyed by its id, its record's text and the code that replays and
draws it (the engine's and the generator's sources, and Python's version): an
edited record, or any edit to the engine or the generator, is a new key. Under the
key, ``hand.json`` says the record replayed without error and how many steps it
has, so a build with the entry need not replay the record at all (the replay is
deterministic); ``<lang>.json`` holds the hand's figures (and their data files) in that language, by the
step shown first, each with every catalog entry the figure was drawn with (its
domain, its msgid and the text the catalog gave, and which messages showed in
English and with what marker). A figure is reused only while each of those
entries still gives the same text, so an edited msgstr draws again exactly the
figures that use it. The record's replay happens only when a figure must be
drawn again (``hands.Hand.trace`` is then worked out on first use).

A language's process writes only its own ``<lang>.json`` files; every file is
written whole or not at all (a temporary file renamed). An entry that cannot be
read, or reads as anything but what this module writes, is ignored and made
again: a damaged cache costs time, never the build. After a build, the entries of
hands the site no longer has are removed (``prune``).
"""

from __future__ import annotations

import json
import os
import shutil
import sys
import tempfile
from dataclasses import asdict, dataclass, replace
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable

from .buildcache import CACHE, _package_parts, digest

if TYPE_CHECKING:
    from .figure import Drawn, Texts

HANDS = "hands"
DOMAINS = ("ui", "engine", "content")


@lru_cache(maxsize=1)
def code_hash() -> str:
    """The engine's and the generator's code, as part of every hand's key."""
    return digest(["hand code 1", sys.version, *_package_parts("trickbook"), *_package_parts("trickbook_site")])


def hand_key(hand_id: str, text: str) -> str:
    return digest(["hand 1", code_hash(), hand_id, text])


class _Recorder:
    """The catalog entries one figure is drawn with (``Texts`` whose calls are noted)."""

    def __init__(self, texts: Texts) -> None:
        self.uses: dict[str, list[Any]] = {}
        self.texts = texts

    def domain(self, name: str, translate: Callable[[str], str]) -> Callable[[str], str]:
        def noted(msgid: str) -> str:
            text = translate(msgid)
            self.uses[f"{name}\0{msgid}"] = [name, msgid, text]
            return text
        return noted

    def recording(self) -> Texts:
        t = self.texts
        fallbacks = _NotedFallbacks(t.fallbacks, self) if t.fallbacks is not None else None
        return replace(t, ui=self.domain("ui", t.ui), engine=self.domain("engine", t.engine),
                       content=self.domain("content", t.content), fallbacks=fallbacks)  # type: ignore[arg-type]  # the two methods the figure calls, noted


class _NotedFallbacks:
    def __init__(self, fallbacks: Any, recorder: _Recorder) -> None:
        self.fallbacks, self.recorder = fallbacks, recorder

    def state(self, msgid: str) -> str | None:
        value: str | None = self.fallbacks.state(msgid)
        self.recorder.uses[f"state\0{msgid}"] = ["state", msgid, value]
        return value

    def marker(self, msgid: str) -> str:
        value: str = self.fallbacks.marker(msgid)
        self.recorder.uses[f"marker\0{msgid}"] = ["marker", msgid, value]
        return value


def _drawn(kept: Any) -> "Drawn | None":
    """A figure as kept (its fields, ``figure.Drawn``), or None for anything else."""
    from .figure import Drawn  # (the figure module imports the hands', which import this one)

    types = {"hand": str, "game": str, "step": int, "steps": int, "body": str, "data_name": str, "data": str,
             "answers": str}
    if not isinstance(kept, dict) or set(kept) != set(types) or any(type(kept[k]) is not v for k, v in types.items()):
        return None
    return Drawn(**kept)


def _still_same(uses: Any, texts: Texts) -> bool:
    """Whether every catalog entry a kept figure was drawn with gives the same text today."""
    if not isinstance(uses, list):
        return False
    for use in uses:
        if not (isinstance(use, list) and len(use) == 3 and isinstance(use[1], str)):
            return False
        kind, msgid, value = use
        if kind in DOMAINS:
            now: Any = getattr(texts, kind)(msgid)
        elif kind in ("state", "marker") and texts.fallbacks is not None:
            now = getattr(texts.fallbacks, kind)(msgid)
        else:
            return False
        if now != value:
            return False
    return True


@dataclass
class HandCache:
    """``build/cache/hands/<key>/``: ``hand.json`` and one ``<lang>.json`` per language."""

    build_root: Path
    replays: int = 0   # records replayed by this process (a kept hand is not replayed)
    drawn: int = 0     # figures drawn by this process (a kept figure is not drawn again)
    reused: int = 0    # figures taken from the cache
    # The keys of hands this build replayed and drew ahead (``handwork``): their figures, found in
    # the cache, are counted as ``ahead``, not as taken from an earlier build.
    fresh: frozenset[str] = frozenset()
    ahead: int = 0

    @property
    def root(self) -> Path:
        return self.build_root / CACHE / HANDS

    def _read(self, path: Path) -> dict[str, Any] | None:
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, ValueError, UnicodeDecodeError):
            return None
        return data if isinstance(data, dict) else None

    def _write(self, path: Path, data: dict[str, Any]) -> None:
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=".tmp-")
            with os.fdopen(fd, "w", encoding="utf-8") as f:
                json.dump(data, f, ensure_ascii=False, separators=(",", ":"))
            os.replace(tmp, path)
        except OSError:
            pass  # a read-only or full disk costs the next build its time, nothing else

    # ----- replays ---------------------------------------------------------------------------
    def steps(self, key: str) -> int | None:
        """The number of steps of a hand replayed without error under ``key`` by an earlier build."""
        data = self._read(self.root / key / "hand.json")
        steps = data.get("steps") if data is not None else None
        if data is None or data.get("key") != key or type(steps) is not int or steps <= 0:
            return None
        return steps

    def keep_steps(self, key: str, steps: int) -> None:
        self.replays += 1
        self._write(self.root / key / "hand.json", {"key": key, "steps": steps})

    # ----- figures ---------------------------------------------------------------------------
    def _language(self, key: str, lang: str) -> dict[str, Any]:
        """The hand's figures in ``lang``, read when asked for: a language's figures are not held in
        memory, where they would stay while MkDocs builds (a course's figures weigh tens of MB)."""
        data = self._read(self.root / key / f"{lang}.json")
        return data if data is not None and data.get("key") == key else {"key": key}

    def figure(self, key: str, step: int, texts: Texts, draw: Callable[[Texts], Drawn]) -> Drawn:
        """The hand's figure at ``step`` in ``texts``' language and its data file: kept, or drawn by ``draw``
        and kept."""
        kept = self._language(key, texts.lang)
        entry = kept.get(str(step))
        drawn_kept = _drawn(entry.get("drawn")) if isinstance(entry, dict) else None
        if (drawn_kept is not None and isinstance(entry, dict)
                and entry.get("fallbacks") == (texts.fallbacks is not None) and _still_same(entry.get("uses"), texts)):
            if key in self.fresh:
                self.ahead += 1
            else:
                self.reused += 1
            return drawn_kept
        recorder = _Recorder(texts)
        drawn = draw(recorder.recording())
        self.drawn += 1
        kept[str(step)] = {"drawn": asdict(drawn), "fallbacks": texts.fallbacks is not None,
                           "uses": list(recorder.uses.values())}
        self._write(self.root / key / f"{texts.lang}.json", kept)
        return drawn

    def prune(self, keep: set[str]) -> None:
        """Remove the entries of hands not in ``keep`` (records edited or gone)."""
        try:
            entries = list(self.root.iterdir())
        except OSError:
            return
        for entry in entries:
            if entry.name not in keep:
                shutil.rmtree(entry, ignore_errors=True)
