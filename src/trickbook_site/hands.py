"""Worked hands in pages: find ```hand``` blocks, load and replay every record, expand blocks.

A block holding only ``ref`` (and optionally ``step``) refers to
``docs/hands/<game>/<id>.hand.toml``; any other block is an inline record and must
carry ``id``. Blocks are found with markdown-it (the same parser that segments pages
for translation), so fences inside other constructs are never mistaken for hands.
Expansion is a pre-pass on the Markdown: each block becomes raw HTML that MkDocs
passes through unchanged.
"""

from __future__ import annotations

import json
import tomllib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Iterator

from markdown_it import MarkdownIt

from trickbook import record as records
from trickbook import web
from trickbook.errors import RecordError

from .errors import HandBlockError, SiteError

HAND_SUFFIX = ".hand.toml"
REF_KEYS = frozenset({"ref", "step"})


@dataclass(frozen=True)
class HandBlock:
    """A ```hand``` fence in a page: lines [start, end) of the page, 0-based."""

    start: int
    end: int
    content: str
    ref: str | None      # the referenced id, or None for an inline record
    step: int            # the step shown first
    inline_id: str | None


@dataclass
class Hand:
    """A replayed record: where it is written, its text and the engine's replay."""

    id: str
    text: str
    file: Path
    line: int            # first line of the record text in ``file`` (1-based)
    replay: dict[str, Any] = field(repr=False)


def _parser() -> MarkdownIt:
    return MarkdownIt("commonmark")


def find_blocks(text: str, file: Path) -> list[HandBlock]:
    """Every ```hand``` fence of a page, in order."""
    blocks = []
    lines = text.splitlines()
    for token in _parser().parse(text):
        if token.type != "fence" or token.info.strip() != "hand" or token.map is None:
            continue
        start, end = token.map
        nested = token.level > 0 or lines[start][:1].isspace()
        blocks.append(_read_block(token.content, start, end, nested, file))
    return blocks


def _read_block(content: str, start: int, end: int, nested: bool, file: Path) -> HandBlock:
    where = f"{file}:{start + 1}"
    if nested:
        # Python-Markdown passes raw HTML through only at the left margin.
        raise HandBlockError(f"{where}: a hand block must start at the left margin, not inside a list or quote")
    try:
        data = tomllib.loads(content)
    except tomllib.TOMLDecodeError as exc:
        raise HandBlockError(f"{where}: hand block is not valid TOML: {exc}") from None
    keys = set(data)
    if "ref" in data:
        if not keys <= REF_KEYS:
            extra = ", ".join(sorted(keys - REF_KEYS))
            raise HandBlockError(f"{where}: a block with `ref` takes only `step` besides (found {extra})")
        ref, step = data["ref"], data.get("step", 0)
        if not isinstance(ref, str) or not ref:
            raise HandBlockError(f"{where}: `ref` must be a hand id in quotes")
        if type(step) is not int or step < 0:
            raise HandBlockError(f"{where}: `step` must be a whole number from 0")
        return HandBlock(start, end, content, ref=ref, step=step, inline_id=None)
    inline_id = data.get("id")
    if not isinstance(inline_id, str) or not inline_id:
        raise HandBlockError(f"{where}: an inline hand record must carry an `id` (or write `ref = \"…\"`)")
    return HandBlock(start, end, content, ref=None, step=0, inline_id=inline_id)


def replay_hand(hand_id: str, text: str, file: Path, line: int) -> Hand:
    """Parse and replay a record; a bad one raises RecordError naming file, line and step."""
    record = records.parse_record(text, file=str(file), line_offset=line - 1)
    records.replay(record)
    data = json.loads(web.replay_json(text, file=str(file)))
    if not data.get("ok"):
        err = data.get("error") or {}
        raise RecordError(err.get("message", "cannot replay"), file=str(file), line=err.get("line"),
                          step=err.get("step"), seat=err.get("seat"), action=err.get("action"),
                          code=err.get("code", "bad-record"))
    return Hand(hand_id, text, file, line, data)


def record_files(hands_dir: Path) -> Iterator[Path]:
    if hands_dir.is_dir():
        yield from sorted(hands_dir.rglob("*" + HAND_SUFFIX))


def pages(docs: Path) -> Iterator[Path]:
    yield from sorted(docs.rglob("*.md"))


def load_hands(docs: Path) -> dict[str, Hand]:
    """Replay every record of a site: the files under docs/hands/ and inline blocks.

    Ids are unique across the site; every ``ref`` must name a known hand.
    """
    hands: dict[str, Hand] = {}

    def add(hand: Hand) -> None:
        other = hands.get(hand.id)
        if other is not None:
            raise SiteError(f"{hand.file}:{hand.line}: hand id {hand.id!r} is already used by {other.file}:{other.line}")
        hands[hand.id] = hand

    for path in record_files(docs / "hands"):
        add(replay_hand(path.name[: -len(HAND_SUFFIX)], path.read_text(encoding="utf-8"), path, 1))
    refs: list[tuple[Path, HandBlock]] = []
    for page in pages(docs):
        for block in find_blocks(page.read_text(encoding="utf-8"), page):
            if block.ref is not None:
                refs.append((page, block))
            else:
                assert block.inline_id is not None
                add(replay_hand(block.inline_id, block.content, page, block.start + 2))
    for page, block in refs:
        if block.ref not in hands:
            raise HandBlockError(f"{page}:{block.start + 1}: no worked hand has the id {block.ref!r}")
    return hands


def expand_blocks(text: str, file: Path, hands: dict[str, Hand], render: Callable[[Hand, int], str]) -> str:
    """Replace each ```hand``` block of a page by ``render(hand, step)``, as a raw HTML block."""
    blocks = find_blocks(text, file)
    if not blocks:
        return text
    lines = text.splitlines()
    out: list[str] = []
    cursor = 0
    for block in blocks:
        out.extend(lines[cursor:block.start])
        hand_id = block.ref if block.ref is not None else block.inline_id
        hand = hands.get(hand_id or "")
        if hand is None:
            raise HandBlockError(f"{file}:{block.start + 1}: no worked hand has the id {hand_id!r}")
        if hand.replay["steps"] and block.step >= len(hand.replay["steps"]):
            raise HandBlockError(f"{file}:{block.start + 1}: hand {hand_id!r} has no step {block.step}")
        # Blank lines around the HTML so that Python-Markdown passes it through as a block.
        out.extend(["", *render(hand, block.step).splitlines(), ""])
        cursor = block.end
    out.extend(lines[cursor:])
    return "\n".join(out) + "\n"


def unshown_records(docs: Path, hands: dict[str, Hand]) -> list[str]:
    """A warning line for each record file under docs/hands/ that no page shows (no ``ref`` names it)."""
    shown = set()
    for page in pages(docs):
        for block in find_blocks(page.read_text(encoding="utf-8"), page):
            if block.ref is not None:
                shown.add(block.ref)
    warnings = []
    for path in record_files(docs / "hands"):
        hand_id = path.name[: -len(HAND_SUFFIX)]
        if hand_id in hands and hand_id not in shown:
            warnings.append(f"{path}: the worked hand {hand_id!r} is on no page "
                            f"(add a ```hand``` block with ref = \"{hand_id}\", or remove the file)")
    return warnings
