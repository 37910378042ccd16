"""The worked hands replayed and drawn on every core, before the languages' processes start.

A cold build has every record to replay (with its question keys and compact trace) and
every figure to draw in each language. Done by the parent alone, the replay kept one
core busy while the other waited; done by each language's process, the drawing came
after it. ``replay_ahead`` forks as many processes as the build may run (``jobs``),
hands each a share of the records that the build's hand cache does not hold yet, and
each replays its records and draws their figures, in every language, at the steps the
pages show them. What they make travels through the hand cache (``handcache``), which
every later step already reads: ``load_hands`` then finds each record replayed, and the
languages' processes each figure drawn, exactly as a build that follows an earlier one
does. The parent never holds the traces, so the processes forked from it do not either.

Nothing here decides what the site holds. A record that fails, a figure that cannot be
drawn, a block this pass did not see or a process that died is left alone: the serial
path meets it again (``load_hands`` in the parent, the language's process for a figure),
so a bad record fails the build with the same message, naming its file, line and action,
with or without this pass, and the pages are the same byte for byte (tests/test_hand_work.py).

``TRICKBOOK_JOBS`` sets the number of processes a build runs at once (default: the
cores); 1 makes the whole build serial. Where ``fork`` is unavailable it is serial too.
"""

from __future__ import annotations

import functools
import multiprocessing
import os
import warnings
from concurrent.futures import ProcessPoolExecutor
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable, Iterator

from trickbook.record import read_source
from trickbook.record.sources import file_source, id_from_file_name, record_files

from .figure import Drawn, Texts, draw_hand
from .handcache import HandCache, hand_key
from .hands import Hand, find_blocks, pages, replay_hand
from .workdirs import child_start

JOBS_ENV = "TRICKBOOK_JOBS"


def jobs() -> int:
    """How many processes a build runs at once: ``TRICKBOOK_JOBS`` if set to a whole number from 1,
    else the cores; 1 where processes cannot be forked."""
    if "fork" not in multiprocessing.get_all_start_methods():
        return 1
    value = os.environ.get(JOBS_ENV, "").strip()
    if value.isdigit() and int(value) >= 1:
        return int(value)
    return os.cpu_count() or 1


@dataclass(frozen=True)
class Record:
    """A record of the site as ``load_hands`` reads it, and the steps its blocks show first."""

    hand_id: str
    text: str
    file: Path
    line: int
    steps: tuple[int, ...]


def plan(docs: Path) -> list[Record]:
    """Every record of ``docs`` (files under hands/, then inline blocks, in ``load_hands``' order) with
    the steps the pages show it at. Whatever cannot be read is left out: ``load_hands`` reports it."""
    found: list[tuple[str, str, Path, int]] = []
    shown: dict[str, set[int]] = {}
    folder = docs / "hands"
    for path in record_files([folder]) if folder.is_dir() else []:
        hand_id = id_from_file_name(path)
        try:
            source = file_source(path)
        except Exception:  # noqa: BLE001 - reported by load_hands
            continue
        if hand_id is not None:
            found.append((hand_id, source.text, path, 1))
    for page in pages(docs):
        try:
            blocks = find_blocks(read_source(page, "the page"), page)
        except Exception:  # noqa: BLE001 - reported by load_hands
            continue
        for block in blocks:
            if block.ref is None and block.inline_id is not None:
                found.append((block.inline_id, block.content, page, block.line))
            # A pair opens both hands at the deal; any other block at its step (an inline one at 0).
            for hand_id in block.ids:
                shown.setdefault(hand_id, set()).add(block.step if block.pair is None else 0)
    return [Record(hand_id, text, file, line, tuple(sorted(shown.get(hand_id, ()))))
            for hand_id, text, file, line in found]


@dataclass
class Ahead:
    """What the processes did: records replayed and figures drawn, by which processes, and the
    hand cache keys they wrote (the hands this build replayed)."""

    replayed: int = 0
    drawn: int = 0
    processes: set[int] = field(default_factory=set)
    keys: set[str] = field(default_factory=set)


# What the forked processes inherit: the records, how to read each language's texts, the build's folder.
_WORK: tuple[list[Record], Callable[[], list[Texts]], Path] | None = None
_TEXTS: list[Texts] | None = None  # in a forked process: the texts, read once


@contextmanager
def replaying_ahead(docs: Path, build_root: Path, texts: Callable[[], list[Texts]], processes: int,
                    ) -> Iterator[Callable[[], Ahead]]:
    """Replay the records the hand cache under ``build_root`` lacks, and draw their figures in each
    language ``texts()`` gives (called in each process; the parent meanwhile checks the catalogs),
    in ``processes`` forked processes (none with fewer than two, or fewer than two records to
    replay). The processes are forked on entry; the callable waits for them."""
    global _WORK
    ahead = Ahead()
    cache = HandCache(build_root)
    todo = [record for record in plan(docs) if cache.steps(hand_key(record.hand_id, record.text)) is None] \
        if processes >= 2 else []
    if len(todo) < 2:
        yield lambda: ahead
        return
    processes = min(processes, len(todo))
    # Small shares, taken in turn, so that the processes finish together however the records differ.
    size = max(1, min(25, len(todo) // (processes * 4)))
    shares = [range(start, min(start + size, len(todo))) for start in range(0, len(todo), size)]
    _WORK = (todo, texts, build_root)
    try:
        with warnings.catch_warnings():
            # A fork beside serve's server thread: the child only replays and draws.
            warnings.simplefilter("ignore", DeprecationWarning)
            pool = ProcessPoolExecutor(processes, mp_context=multiprocessing.get_context("fork"),
                                       initializer=child_start, initargs=(os.getpid(),))
            futures = [pool.submit(_share, share) for share in shares]  # the first forks every process
    finally:
        _WORK = None

    def wait() -> Ahead:
        for future in futures:
            try:
                pid, replayed, drawn, keys = future.result()
            except Exception:  # noqa: BLE001 - a process that died: what it did not do, the serial path does
                continue
            ahead.replayed += replayed
            ahead.drawn += drawn
            ahead.keys.update(keys)
            if replayed:
                ahead.processes.add(pid)
        pool.shutdown(wait=True)
        return ahead

    try:
        yield wait
    finally:
        pool.shutdown(wait=True, cancel_futures=True)


def _draw(hand: Hand, step: int, texts: Texts) -> Drawn:
    return draw_hand(hand, step, texts)


def _share(indices: range) -> tuple[int, int, int, list[str]]:
    """In a forked process: replay one share of the records and draw their figures into the hand cache."""
    global _TEXTS
    assert _WORK is not None
    records, read_texts, build_root = _WORK
    if _TEXTS is None:
        try:
            _TEXTS = read_texts()
        except Exception:  # noqa: BLE001 - a broken catalog: the parent reports it; the records are still replayed
            _TEXTS = []
    languages = _TEXTS
    cache = HandCache(build_root)
    keys: list[str] = []
    for index in indices:
        record = records[index]
        replays = cache.replays
        try:
            hand = replay_hand(record.hand_id, record.text, record.file, record.line, cache)
        except Exception:  # noqa: BLE001 - load_hands replays it again and reports the error
            continue
        if cache.replays == replays:
            continue  # another build kept it meanwhile
        keys.append(hand.key)
        for texts in languages:
            for step in record.steps:
                if step < hand.steps:
                    try:
                        cache.figure(hand.key, step, texts, functools.partial(_draw, hand, step))
                    except Exception:  # noqa: BLE001 - the language's process draws it again and reports the error
                        pass
    return os.getpid(), cache.replays, cache.drawn, keys
