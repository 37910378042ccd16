"""Worked hands in pages: find ```hand``` blocks, replay every record once, expand blocks.

A block holding only ``ref`` (and optionally ``step``) refers to
``docs/hands/<game>/<id>.hand.toml``; one with ``ref`` and ``pair`` shows two hands side
by side, stepped together (``pairing.py``); any other block is an inline record and must
carry ``id``. Blocks are found by the segmenter that cuts pages for translation
(``i18n.segment.parse_page``), so the build, ``trickbook check`` and the
extractor see the same blocks; a block that is not at the left margin (in a
list, a quote or an admonition) is refused by all three, since Python-Markdown
passes raw HTML through only there. Expansion is a pre-pass on the Markdown:
each block becomes raw HTML that MkDocs passes through unchanged.
"""

from __future__ import annotations

import difflib
import json
from dataclasses import dataclass, field
from functools import cached_property, lru_cache
from pathlib import Path
from typing import Any, Callable, Iterable, Iterator

from trickbook.errors import RecordError
from trickbook.record import Record, read_source, read_toml, replay
from trickbook.record.questions import question_keys
from trickbook.record.sources import Ids, Source, file_source, id_from_file_name, record_files
from trickbook.trace import Trace

from .errors import HandBlockError, SiteError
from .handcache import HandCache, hand_key
from .i18n.segment import HandFence, parse_page
from .question_print import ANSWERS_PREFIX

REF_KEYS = frozenset({"ref", "step", "pair"})


@dataclass(frozen=True)
class HandBlock:
    """A ```hand``` fence in a page: lines [start, end) of the page, 0-based."""

    start: int
    end: int
    content: str
    ref: str | None      # the referenced id, or None for an inline record
    step: int            # the step shown first
    inline_id: str | None
    pair: str | None = None  # the id of a second hand shown beside this one, stepped with it

    @property
    def ids(self) -> tuple[str, ...]:
        """The ids of the hands the block shows."""
        shown = self.ref if self.ref is not None else self.inline_id
        return tuple(i for i in (shown, self.pair) if i is not None)

    @property
    def line(self) -> int:
        """The 1-based page line of the block's first text line."""
        return self.start + 2


@dataclass
class Hand:
    """A replayed record: where it is written, and the engine's trace of it (with every step's view).

    A hand an earlier build replayed, with the same record and code (``handcache``), comes with
    its number of steps and no trace: the record is replayed only if something asks for the trace
    (a figure to draw again)."""

    id: str
    source: Source
    _trace: Trace | None = field(default=None, repr=False)
    known_steps: int = 0  # len(trace.steps), known without the trace
    key: str = ""         # the hand's key in the build's cache (``handcache.hand_key``), if any

    @cached_property
    def trace(self) -> Trace:
        if self._trace is None:
            self._trace = replay(self.source.parse(), views=True)
        return self._trace

    @cached_property
    def record(self) -> Record:
        """The parsed record (its title and notes, say), without replaying a kept hand."""
        return self._trace.record if self._trace is not None else self.source.parse()

    @property
    def steps(self) -> int:
        """The number of steps (the deal and each action), without replaying a kept hand."""
        return self.known_steps or len(self.trace.steps)

    @property
    def text(self) -> str:
        return self.source.text

    @property
    def file(self) -> Path:
        return self.source.file

    @property
    def line(self) -> int:
        """First line of the record text in ``file`` (1-based)."""
        return self.source.line

    @cached_property
    def question_keys(self) -> list[dict[str, Any]]:
        """Each question's answer key, worked out by the engine (the same in every language)."""
        return question_keys(self.trace)

    @cached_property
    def compact_replay(self) -> dict[str, Any]:
        """The trace as the hand's data file carries it; the same in every language, so worked out once."""
        return self.trace.compact_json()

    @cached_property
    def compact_text(self) -> str:
        """``compact_replay`` as JSON text (compact, not ASCII-escaped), written once for every figure."""
        return json.dumps(self.compact_replay, ensure_ascii=False, separators=(",", ":"))


@lru_cache(maxsize=128)
def _fences(text: str) -> tuple[HandFence, ...]:
    return tuple(parse_page(text).hand_blocks)


def find_blocks(text: str, file: Path) -> list[HandBlock]:
    """Every ```hand``` fence of a page, in order; one that is not at the left margin is an error."""
    return [_read_block(fence, file) for fence in _fences(text)]


def _read_block(fence: HandFence, file: Path) -> HandBlock:
    where = f"{file}:{fence.start + 1}"
    if fence.inside is not None:
        # Python-Markdown passes raw HTML through only at the left margin.
        raise HandBlockError(f"{where}: a hand block must start at the left margin, not inside {fence.inside}")
    data, _ = read_toml(fence.text, str(file), line_offset=fence.line - 1)
    keys = set(data)
    if "ref" in data:
        if not keys <= REF_KEYS:
            extra = ", ".join(sorted(keys - REF_KEYS))
            raise HandBlockError(f"{where}: a block with `ref` takes only `step` or `pair` besides (found {extra})")
        ref, step, pair = data["ref"], data.get("step", 0), data.get("pair")
        if not isinstance(ref, str) or not ref:
            raise HandBlockError(f"{where}: `ref` must be a hand id in quotes")
        if type(step) is not int or step < 0:
            raise HandBlockError(f"{where}: `step` must be a whole number from 0")
        if pair is not None:
            if not isinstance(pair, str) or not pair:
                raise HandBlockError(f"{where}: `pair` must be a hand id in quotes")
            if pair == ref:
                raise HandBlockError(f"{where}: `pair` must name another hand than `ref`")
            if "step" in data:
                raise HandBlockError(f"{where}: a pair of hands opens at the deal: `step` goes with one hand only")
        return HandBlock(fence.start, fence.end, fence.text, ref=ref, step=step, inline_id=None, pair=pair)
    inline_id = data.get("id")
    if not isinstance(inline_id, str) or not inline_id:
        raise HandBlockError(f"{where}: an inline hand record must carry an `id` (or write `ref = \"…\"`)")
    return HandBlock(fence.start, fence.end, fence.text, ref=None, step=0, inline_id=inline_id)


def replay_hand(hand_id: str, text: str, file: Path, line: int, cache: "HandCache | None" = None) -> Hand:
    """Parse and replay a record once; a bad one raises RecordError naming file, line and step.

    With a ``cache`` holding the record (``handcache``), the hand is not replayed: it replayed
    without error before, with the same text and code."""
    source = Source(text, file, line)
    if cache is not None:
        key = hand_key(hand_id, text)
        steps = cache.steps(key)
        if steps is not None:
            return Hand(hand_id, source, known_steps=steps, key=key)
    hand = Hand(hand_id, source, replay(source.parse(), views=True))
    _ = hand.question_keys  # a question the rules cannot ask fails the build here, naming its line and step
    _ = hand.compact_replay  # the views' one reader, worked out once for every language
    for step in hand.trace.steps:
        step.view = None  # half a trace's memory: 110 MB for a course of 1,000 hands, in each language's process
    if cache is not None:
        hand.key = key
        cache.keep_steps(key, len(hand.trace.steps))
    return hand


def unknown_id(where: str, hand_id: str, known: Iterable[str]) -> HandBlockError:
    """The refusal of a ``ref`` or ``pair`` that names no worked hand, with the nearest ids there are."""
    close = difflib.get_close_matches(hand_id, sorted(known), n=3, cutoff=0.6)
    hint = f" (did you mean {' or '.join(repr(c) for c in close)}?)" if close else ""
    return HandBlockError(f"{where}: no worked hand has the id {hand_id!r}{hint}")


def site_docs(page: Path) -> Path:
    """The pages folder of the site a page belongs to: the nearest folder above it beside a
    ``mkdocs.yml`` or holding ``hands/`` (the page's own folder when there is none)."""
    for folder in page.resolve().parents:
        if (folder.parent / "mkdocs.yml").is_file() or (folder / "hands").is_dir():
            return folder
    return page.resolve().parent


def site_ids(docs: Path) -> set[str]:
    """The id of every worked hand of a site, without replaying any: the record files' names
    under ``hands/`` and the ids of the records written in its pages."""
    folder = docs / "hands"
    ids = {i for i in (id_from_file_name(p) for p in record_files([folder])) if i} if folder.is_dir() else set()
    for page in pages(docs):
        try:
            ids.update(b.inline_id for b in find_blocks(read_source(page, "the page"), page) if b.inline_id)
        except SiteError:
            continue  # a page that cannot be read is reported when it is checked itself
    return ids


def page_sources(page: Path) -> list[Source]:
    """The inline records of a page (``trickbook check`` reads pages with this). A ``ref`` or
    ``pair`` that names no worked hand of the page's site is refused here, as the build refuses it."""
    text = read_source(page, "the page")
    blocks = find_blocks(text, page)
    refs = [b for b in blocks if b.ref is not None]
    if refs:
        known = site_ids(site_docs(page))
        for block in refs:
            for hand_id in block.ids:
                if hand_id not in known:
                    raise unknown_id(f"{page}:{block.start + 1}", hand_id, known)
    return [Source(b.content, page, b.line) for b in blocks if b.inline_id is not None]


def pages(docs: Path) -> Iterator[Path]:
    yield from sorted(docs.rglob("*.md"))


def load_hands(docs: Path, cache: HandCache | None = None) -> dict[str, Hand]:
    """Replay every record of a site: the files under docs/hands/ and inline blocks.

    Ids are unique across the site; every ``ref`` must name a known hand. With a ``cache``, a
    record an earlier build replayed is not replayed again (``replay_hand``).
    """
    hands: dict[str, Hand] = {}
    ids = Ids()

    def add(hand: Hand) -> None:
        try:
            ids.add(hand.id, hand.file, hand.line)
        except RecordError as e:
            raise SiteError(e.describe()) from None
        hands[hand.id] = hand

    folder = docs / "hands"
    for path in record_files([folder]) if folder.is_dir() else []:
        source = file_source(path)
        hand_id = id_from_file_name(path)
        assert hand_id is not None
        add(replay_hand(hand_id, source.text, path, 1, cache))
    refs: list[tuple[Path, HandBlock]] = []
    for page in pages(docs):
        for block in find_blocks(read_source(page, "the page"), page):
            if block.ref is not None:
                refs.append((page, block))
            else:
                assert block.inline_id is not None
                add(replay_hand(block.inline_id, block.content, page, block.line, cache))
    for page, block in refs:
        for hand_id in block.ids:
            if hand_id not in hands:
                raise unknown_id(f"{page}:{block.start + 1}", hand_id, hands)
    return hands


def expand_blocks(text: str, file: Path, hands: dict[str, Hand], render: Callable[[Hand, int], str],
                  render_pair: Callable[[Hand, Hand, list[str]], str] | None = None) -> str:
    """Replace each ```hand``` block of a page by ``render(hand, step)``, as a raw HTML block.

    A block with ``pair`` becomes ``render_pair(first, second, [render(first, 0), render(second, 0)])``
    (without ``render_pair``, the two figures one after the other).
    """
    blocks = find_blocks(text, file)
    if not blocks:
        return text
    lines = text.splitlines()
    out: list[str] = []
    answers: list[str] = []  # the printed questions' answers, moved to the end of the page
    cursor = 0
    for block in blocks:
        out.extend(lines[cursor:block.start])
        hand_id = block.ref if block.ref is not None else block.inline_id
        hand = hands.get(hand_id or "")
        if hand is None:
            raise HandBlockError(f"{file}:{block.start + 1}: no worked hand has the id {hand_id!r}")
        if block.step >= hand.steps:
            raise HandBlockError(f"{file}:{block.start + 1}: hand {hand_id!r} has no step {block.step}")
        # Blank lines around the HTML so that Python-Markdown passes it through as a block.
        if block.pair is not None:
            second = hands.get(block.pair)
            if second is None:
                raise HandBlockError(f"{file}:{block.start + 1}: no worked hand has the id {block.pair!r}")
            figures = [render(hand, 0), render(second, 0)]
            rendered = (render_pair(hand, second, figures) if render_pair else "\n".join(figures)).splitlines()
        else:
            rendered = render(hand, block.step).splitlines()
        answers.extend(line for line in rendered if line.startswith(ANSWERS_PREFIX))
        out.extend(["", *(line for line in rendered if not line.startswith(ANSWERS_PREFIX)), ""])
        cursor = block.end
    out.extend(lines[cursor:])
    if answers:
        out.extend(["", '<section class="tb-answers-print-all" hidden>', *answers, "</section>", ""])
    return "\n".join(out) + "\n"


def unshown_records(docs: Path, hands: dict[str, Hand]) -> list[str]:
    """A warning line for each record file under docs/hands/ that no page shows (no ``ref`` names it)."""
    shown: set[str] = set()
    for page in pages(docs):
        for block in find_blocks(read_source(page, "the page"), page):
            if block.ref is not None:
                shown.update(block.ids)
    warnings = []
    for path in record_files([docs / "hands"]):
        hand_id = id_from_file_name(path)
        if hand_id in hands and hand_id not in shown:
            warnings.append(f"{path}: the worked hand {hand_id!r} is on no page "
                            f"(add a ```hand``` block with ref = \"{hand_id}\", or remove the file)")
    return warnings
