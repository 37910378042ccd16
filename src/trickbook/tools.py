"""The engine's side of the command line: ``replay``, ``check`` and ``fmt`` on hand records.

Each ``*_main(argv)`` returns the exit status: 0 when all is well, 1 for bad
input (a record that cannot be read or replayed), 2 for a usage error. Bad
input is always one line naming the file, the line, the action and the reason.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Callable, NoReturn, Sequence, TextIO

from .errors import N_, RecordError, TrickbookError
from .record import format_record, load_record, replay
from .record.notes import note_warnings
from .record.questions import question_keys
from .record.sources import Ids, Source, file_source, record_files
from .trace import Trace

USAGE_ERROR = 2
BAD_INPUT = 1

# Reads the inline records of a Markdown page (the site generator knows how).
PageReader = Callable[[Path], list[Source]]
# Translates an English template of the engine catalog (the site's command line gives one in the
# language its environment or --lang asks for; the engine alone speaks English).
Translate = Callable[[str], str]


def _english(message: str) -> str:
    return message


def _say(translate: Translate, template: str, **values: object) -> str:
    """A line of the command line's own, in the language of ``translate`` (English if its
    translation does not fit the values)."""
    try:
        return translate(template).format_map(values)
    except (KeyError, IndexError, ValueError):
        return template.format_map(values)

__all__ = [
    "BAD_INPUT", "USAGE_ERROR", "PageReader", "Parser", "UsageError", "check_main", "fmt_main", "main",
    "opening_comment", "record_files", "replay_main",
]


class UsageError(Exception):
    """A command line that does not parse: argparse's complaint with the usage, turned into an exit
    status rather than a process exit (the site's command line raises it too)."""


class Parser(argparse.ArgumentParser):
    """An argument parser that raises ``UsageError`` instead of leaving the process."""

    def error(self, message: str) -> NoReturn:
        raise UsageError(f"{self.format_usage()}{self.prog}: error: {message}")


def _parse(parser: argparse.ArgumentParser, argv: Sequence[str] | None) -> argparse.Namespace | None:
    try:
        return parser.parse_args(argv)
    except UsageError as e:
        print(e, file=sys.stderr)
        return None


def _record_error(e: TrickbookError, file: str | Path) -> RecordError:
    """Every refusal as a RecordError naming at least the file."""
    if isinstance(e, RecordError):
        return e
    return RecordError(str(e), file=str(file), code=e.code)


def describe(e: TrickbookError, translate: Translate = _english) -> str:
    """One line: file, line, action and reason, then the code in brackets."""
    text = e.describe(translate) if isinstance(e, RecordError) else str(e)
    return f"{text} [{e.code}]"


def load_trace(source: Source) -> Trace:
    """Parse and replay one record; any refusal is a RecordError naming the file."""
    try:
        trace = replay(source.parse())
        question_keys(trace)  # every question must be one the rules can ask and answer at its step
        return trace
    except TrickbookError as e:
        raise _record_error(e, source.file) from None


def replay_main(argv: Sequence[str] | None = None, out: TextIO | None = None, translate: Translate = _english) -> int:
    """``trickbook replay FILE [--json]``: play a record through the engine and show the result."""
    out = out or sys.stdout
    parser = Parser(prog="trickbook replay", description="Replay a hand record through the rule engine.")
    parser.add_argument("file", help="a <id>.hand.toml record")
    parser.add_argument("--json", action="store_true", help="print the result as one JSON object")
    args = _parse(parser, argv)
    if args is None:
        return USAGE_ERROR
    try:
        trace = load_trace(file_source(args.file))
    except TrickbookError as e:
        error = _record_error(e, args.file)
        if args.json:
            print(json.dumps({"error": error.as_dict()}, ensure_ascii=False), file=out)
        else:
            print(error.describe(translate), file=out)
        return BAD_INPUT
    if args.json:
        print(json.dumps(trace.as_json(), ensure_ascii=False, indent=1), file=out)
    else:
        print(trace.transcript(), end="", file=out)
    return 0


def _markdown_pages(paths: Sequence[str]) -> list[Path]:
    pages: list[Path] = []
    for p in map(Path, paths):
        if p.is_dir():
            pages.extend(sorted(p.rglob("*.md")))
        elif p.suffix == ".md":
            pages.append(p)
    return pages


def check_main(argv: Sequence[str] | None = None, out: TextIO | None = None, pages: PageReader | None = None,
               translate: Translate = _english) -> int:
    """``trickbook check PATH…``: replay every record and name each bad one.

    Folders are searched for ``*.hand.toml`` files; given a ``pages`` reader, the
    Markdown pages named or found in folders are checked too, for the records
    written inline in them. Ids must be unique across all of them.
    """
    out = out or sys.stdout
    parser = Parser(prog="trickbook check", description="Check that hand records replay.")
    what = "record files or folders, and Markdown pages" if pages else "record files or folders"
    parser.add_argument("paths", nargs="+", help=what)
    args = _parse(parser, argv)
    if args is None:
        return USAGE_ERROR
    page_files = _markdown_pages(args.paths) if pages else []
    files = record_files(p for p in args.paths if not (pages and p.endswith(".md")))
    ids = Ids()

    def check(source: Source | None, file: Path) -> bool:
        try:
            if source is None:
                source = file_source(file)
            trace = load_trace(source)
            ids.add(trace.record.id or str(file), file, source.line)  # a file's name or an inline record's id
        except TrickbookError as e:
            print(describe(e, translate), file=out)
            return False
        for warning in note_warnings(trace.record):
            print(warning, file=out)
        return True

    bad = sum(not check(None, f) for f in files)
    if files or not page_files:
        print(_say(translate, N_("{count} record(s) checked, {bad} bad"), count=len(files), bad=bad), file=out)
    inline = inline_bad = 0
    for page in page_files:
        assert pages is not None
        try:
            sources = pages(page)
        except TrickbookError as e:
            print(describe(e, translate), file=out)  # a page's own errors name the page
            inline_bad += 1
            continue
        inline += len(sources)
        inline_bad += sum(not check(s, page) for s in sources)
    if page_files:
        print(_say(translate, N_("{count} inline record(s) in {pages} page(s) checked, {bad} bad"),
                   count=inline, pages=len(page_files), bad=inline_bad), file=out)
    return BAD_INPUT if bad or inline_bad else 0


def fmt_main(argv: Sequence[str] | None = None, out: TextIO | None = None) -> int:
    """``trickbook fmt FILE [--write]``: print a record in canonical form (or rewrite it)."""
    out = out or sys.stdout
    parser = Parser(prog="trickbook fmt", description="Print hand records in canonical form. "
                     "Canonical form keeps the notes and the record's opening comment, "
                     "but no other TOML comment.")
    parser.add_argument("files", nargs="+", help="record files")
    parser.add_argument("--write", "-w", action="store_true", help="rewrite the files in place")
    args = _parse(parser, argv)
    if args is None:
        return USAGE_ERROR
    if len(args.files) > 1 and not args.write:
        print(f"{parser.format_usage()}trickbook fmt: error: several files need --write", file=sys.stderr)
        return USAGE_ERROR
    status = 0
    for f in args.files:
        try:
            record = load_record(f)  # a missing or unreadable file is a RecordError here
            text = opening_comment(Path(f).read_text(encoding="utf-8")) + format_record(record)
        except TrickbookError as e:
            print(_record_error(e, f).describe(), file=out)
            status = BAD_INPUT
            continue
        if args.write:
            Path(f).write_text(text, encoding="utf-8")
        else:
            print(text, end="", file=out)
    return status


def opening_comment(text: str) -> str:
    r"""The comment lines a record opens with, before its first key: the author's word on the hand.

    >>> opening_comment("# The worked hand of the text.\n#\n# A bids Four.\nformat = 1\n# later\n")
    '# The worked hand of the text.\n#\n# A bids Four.\n'
    >>> opening_comment("format = 1\n# not an opening comment\n")
    ''
    """
    lines = []
    for line in text.lstrip("\ufeff").splitlines():
        if not line.lstrip().startswith("#"):
            break
        lines.append(line.strip())
    return "".join(line + "\n" for line in lines)


COMMANDS: dict[str, Callable[[Sequence[str]], int]] = {"replay": replay_main, "check": check_main, "fmt": fmt_main}


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m trickbook COMMAND …``."""
    args = list(sys.argv[1:] if argv is None else argv)
    if not args or args[0] not in COMMANDS:
        print("usage: python -m trickbook {replay,check,fmt} ...", file=sys.stderr)
        return 0 if args and args[0] in ("-h", "--help") else USAGE_ERROR
    return COMMANDS[args[0]](args[1:])
