"""The engine's side of the command line: ``replay``, ``check`` and ``fmt`` on hand records.

Each ``*_main(argv)`` returns the exit status: 0 when all is well, 1 for bad
input (a record that cannot be read or replayed), 2 for a usage error.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import NoReturn, Sequence, TextIO

from .errors import RecordError, TrickbookError
from .record import SUFFIX, Replay, format_record, load_record, replay

USAGE_ERROR = 2
BAD_INPUT = 1


class _UsageError(Exception):
    """argparse's complaint, turned into an exit status rather than a process exit."""


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:
        raise _UsageError(f"{self.format_usage()}{self.prog}: error: {message}")


def _parse(parser: argparse.ArgumentParser, argv: Sequence[str] | None) -> argparse.Namespace | None:
    try:
        return parser.parse_args(argv)
    except _UsageError as e:
        print(e, file=sys.stderr)
        return None


def _load(path: str) -> tuple[Replay | None, RecordError | None]:
    """Load and replay one record file; an unreadable file is bad input too."""
    try:
        return replay(load_record(path)), None
    except RecordError as e:
        return None, e
    except TrickbookError as e:
        return None, RecordError(str(e), file=path, code=e.code)
    except OSError as e:
        return None, RecordError(f"cannot read the file: {e.strerror}", file=path, code="no-such-file")


def replay_main(argv: Sequence[str] | None = None, out: TextIO | None = None) -> int:
    """``trickbook replay FILE [--json]``: play a record through the engine and show the result."""
    out = out or sys.stdout
    parser = _Parser(prog="trickbook replay", description="Replay a hand record through the rule engine.")
    parser.add_argument("file", help="a <id>.hand.toml record")
    parser.add_argument("--json", action="store_true", help="print the result as one JSON object")
    args = _parse(parser, argv)
    if args is None:
        return USAGE_ERROR
    result, error = _load(args.file)
    if error is not None:
        if args.json:
            print(json.dumps({"error": error.as_dict()}, ensure_ascii=False), file=out)
        else:
            print(error.describe(), file=out)
        return BAD_INPUT
    assert result is not None
    if args.json:
        print(json.dumps(result.as_json(), ensure_ascii=False, indent=1), file=out)
    else:
        print(result.transcript(), end="", file=out)
    return 0


def record_files(paths: Sequence[str]) -> list[Path]:
    """The record files named, folders searched recursively for ``*.hand.toml``; each file once.

    A file named both directly and inside a folder given too is checked once, so
    that it is not taken for a second record with the same id.
    """
    files: list[Path] = []
    seen: set[Path] = set()
    for p in map(Path, paths):
        for f in sorted(p.rglob("*" + SUFFIX)) if p.is_dir() else [p]:
            key = f.resolve()
            if key not in seen:
                seen.add(key)
                files.append(f)
    return files


def check_main(argv: Sequence[str] | None = None, out: TextIO | None = None) -> int:
    """``trickbook check PATH…``: replay every record and name each bad one."""
    out = out or sys.stdout
    parser = _Parser(prog="trickbook check", description="Check that hand records replay.")
    parser.add_argument("paths", nargs="+", help="record files or folders")
    args = _parse(parser, argv)
    if args is None:
        return USAGE_ERROR
    files = record_files(args.paths)
    bad = 0
    seen: dict[str, Path] = {}
    for f in files:
        result, error = _load(str(f))
        if result is not None:
            # Ids are unique across the site: two files with one name clash.
            rid = result.record.id or str(f)
            if rid in seen:
                error = RecordError(f"id {rid!r} is also used by {seen[rid]}", file=str(f), code="duplicate-id")
            seen.setdefault(rid, f)
        if error is not None:
            bad += 1
            print(error.describe() + f" [{error.code}]", file=out)
    print(f"{len(files)} record(s) checked, {bad} bad", file=out)
    return BAD_INPUT if bad else 0


def fmt_main(argv: Sequence[str] | None = None, out: TextIO | None = None) -> int:
    """``trickbook fmt FILE [--write]``: print a record in canonical form (or rewrite it)."""
    out = out or sys.stdout
    parser = _Parser(prog="trickbook fmt", description="Print hand records in canonical form. "
                     "Canonical form keeps notes but not TOML comments.")
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
            text = format_record(load_record(f))
        except TrickbookError as e:
            print(e, file=out)
            status = BAD_INPUT
            continue
        except OSError as e:
            print(f"{f}: cannot read the file: {e.strerror}", file=out)
            status = BAD_INPUT
            continue
        if args.write:
            Path(f).write_text(text, encoding="utf-8")
        else:
            print(text, end="", file=out)
    return status


COMMANDS = {"replay": replay_main, "check": check_main, "fmt": fmt_main}


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m trickbook COMMAND …``."""
    args = list(sys.argv[1:] if argv is None else argv)
    if not args or args[0] not in COMMANDS:
        print("usage: python -m trickbook {replay,check,fmt} ...", file=sys.stderr)
        return 0 if args and args[0] in ("-h", "--help") else USAGE_ERROR
    return COMMANDS[args[0]](args[1:])
