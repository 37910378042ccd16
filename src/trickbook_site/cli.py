"""The `trickbook` command: build, serve, tables, new, add-game, i18n, and the engine's replay, check and fmt.

Exit status: 0 when all is well, 1 for bad input (one clear line naming the
file, line, action and reason; never a traceback), 2 for a usage error. Anything
else that goes wrong (a tool's own failure) is also one line and status 1; with
`--debug` (first argument) or TRICKBOOK_DEBUG=1 the traceback follows it.
"""

from __future__ import annotations

import argparse
import os
import sys
import traceback
from pathlib import Path
from typing import Callable, Sequence

from trickbook.errors import TrickbookError
from trickbook.tools import Parser, UsageError

BAD_INPUT = 1
USAGE_ERROR = 2
DEBUG_ENV = "TRICKBOOK_DEBUG"
# What the catch-all says a command failed at.
FAILED = {"build": "build failed", "serve": "serve failed", "publish": "publish failed"}


def _parser() -> argparse.ArgumentParser:
    parser = Parser(prog="trickbook", description="Build and serve the trickbook site; check and replay hand records.")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=Parser)
    sub.required = True

    build = sub.add_parser("build", help="build the site into site/ (or --site-dir)")
    build.add_argument("--site-dir", type=Path, default=None, help="where to write the site (default: ./site)")
    build.add_argument("--strict", action="store_true", help="also fail on catalog warnings")
    build.add_argument("--debug", action="store_true", help="show the traceback of a failure")

    serve = sub.add_parser("serve", help="build, serve on 127.0.0.1 and rebuild when a source changes")
    serve.add_argument("--port", type=int, default=8000)
    serve.add_argument("--bind", default="127.0.0.1")
    serve.add_argument("--debug", action="store_true", help="show the traceback of a failed build")
    serve.add_argument("--class", dest="klass", metavar="GAME", default=None,
                       help="also open a class of tables of GAME and print the teacher's and the projector's links")
    serve.add_argument("--tables", type=int, default=2, help="the class's number of tables (1 to 8; default 2)")
    serve.add_argument("--no-duplicate", action="store_true",
                       help="deal each of the class's tables its own cards (default: every table the same deals)")
    serve.add_argument("--store", default=None, metavar="redis://HOST:PORT/N",
                       help="keep the online tables in a Redis shared with `trickbook tables` processes")

    tables = sub.add_parser("tables", help="run the online tables' server alone, for a site on a static host")
    tables.add_argument("--bind", default="127.0.0.1")
    tables.add_argument("--port", type=int, default=8765)
    tables.add_argument("--db", type=Path, default=None,
                        help="the tables' SQLite file (default: build/online/tables.sqlite)")
    tables.add_argument("--store", default=None, metavar="redis://HOST:PORT/N",
                        help="keep the tables in this Redis instead, shared by any number of table processes")
    tables.add_argument("--allow-origin", action="append", default=[], metavar="URL",
                        help="the published site's origin, e.g. https://example.org (may be repeated)")

    publish = sub.add_parser("publish", help="make a folder ready for any static host (hashed assets, _headers, "
                                              "precompressed files)")
    publish.add_argument("--site-dir", type=Path, default=None,
                         help="a built site to publish (built there first if it holds none; default: build afresh)")
    publish.add_argument("--base-url", default=None,
                         help="the address the site will have, e.g. https://example.org/course/")
    publish.add_argument("--out", type=Path, default=Path("public"),
                         help="where to write the folder (default: ./public)")
    publish.add_argument("--server-config", choices=("caddy", "nginx"), default=None,
                         help="also write the headers of _headers for your own web server, into the folder "
                              "(_caddy.conf or _nginx.conf)")
    publish.add_argument("--debug", action="store_true", help="show the traceback of a failure")

    new = sub.add_parser("new", help="start a course of your own in a new folder, or add games to one",
                         description="Start a course in a new folder. On a course made before, --games adds "
                                     "the games it does not have yet (like add-game) and changes nothing else.")
    new.add_argument("dir", type=Path)
    new.add_argument("--games", default=None,
                     help="comma-separated: nap, yorkshire, trinidad, euchre (default: nap)")
    new.add_argument("--languages", default="en", help="comma-separated language codes, English first (e.g. en,pt,fr)")
    new.add_argument("--update-workflow", action="store_true",
                     help="on a course made before: write .github/workflows/publish.yml again, and put this "
                          "trickbook's wheel and pinned requirements in .trickbook/ for it to install")

    add_game = sub.add_parser("add-game", help="add a game (its page and an example hand) to the course here",
                              description="Add games to an existing course: each gets its page, an example hand "
                                          "and a place in the nav. Nothing already written is changed.")
    add_game.add_argument("games", nargs="+", metavar="GAME", help="nap, yorkshire, trinidad or euchre")
    add_game.add_argument("--dir", type=Path, default=Path("."), help="the course's folder (default: here)")

    # These hand their arguments on untouched (see PASS_THROUGH); listed here for --help.
    sub.add_parser("i18n", help="translation catalogs: i18n update | i18n check | i18n add LANG")
    sub.add_parser("replay", help="replay a hand record: replay FILE [--json]")
    sub.add_parser("check", help="check hand records: check PATH...")
    sub.add_parser("fmt", help="print a hand record in canonical form: fmt FILE")
    return parser


def debugging() -> bool:
    return os.environ.get(DEBUG_ENV, "") not in ("", "0")


def main(argv: Sequence[str] | None = None) -> int:
    args_list = list(sys.argv[1:] if argv is None else argv)
    if args_list[:1] == ["--debug"]:
        args_list = args_list[1:]
        os.environ[DEBUG_ENV] = "1"
    try:
        args_list, lang = _language_option(args_list)
    except UsageError as exc:
        print(exc, file=sys.stderr)
        return USAGE_ERROR
    global _translate
    _translate = _language_of(lang)
    if args_list and args_list[0] in PASS_THROUGH:
        command = args_list[0]
        def run() -> int:
            return PASS_THROUGH[command](args_list[1:])
    else:
        try:
            args = _parser().parse_args(args_list)
        except UsageError as exc:
            print(exc, file=sys.stderr)
            return USAGE_ERROR
        command = args.command
        if getattr(args, "debug", False):
            os.environ[DEBUG_ENV] = "1"

        def run() -> int:
            return COMMANDS[command](args)
    try:
        if command != "new":
            _load_site_games()
        return run()
    except UsageError as exc:
        print(exc, file=sys.stderr)
        return USAGE_ERROR
    except TrickbookError as exc:
        print(f"trickbook {command}: {_localized(exc)}", file=sys.stderr)
        _traceback(exc)
        return BAD_INPUT
    except OSError as exc:
        where = f"{exc.filename}: " if exc.filename else ""
        print(f"trickbook {command}: {where}{exc.strerror or exc}", file=sys.stderr)
        _traceback(exc)
        return BAD_INPUT
    except KeyboardInterrupt:
        return 130
    except Exception as exc:  # noqa: BLE001 - the last line of defence: one line, never a traceback
        print(f"trickbook {command}: {unexpected(command, exc)}", file=sys.stderr)
        _traceback(exc)
        return BAD_INPUT


# The command line's words in the language the environment or --lang asks for (cli_language).
_translate: Callable[[str], str] | None = None
LANG_HELP = ("--lang LANG: the language of the command's messages (pt, fr, en...); "
             "by default the one LANGUAGE, LC_ALL, LC_MESSAGES or LANG asks for")


def _language_option(args: list[str]) -> tuple[list[str], str | None]:
    """``args`` without ``--lang LANG`` (or ``--lang=LANG``), wherever it stands, and its value."""
    rest: list[str] = []
    lang: str | None = None
    at = 0
    while at < len(args):
        arg = args[at]
        if arg == "--lang":
            if at + 1 >= len(args) or args[at + 1].startswith("-"):
                raise UsageError(f"trickbook: error: {LANG_HELP}")
            lang, at = args[at + 1], at + 2
            continue
        if arg.startswith("--lang="):
            lang = arg.split("=", 1)[1]
            if not lang:
                raise UsageError(f"trickbook: error: {LANG_HELP}")
        else:
            rest.append(arg)
        at += 1
    return rest, lang


def _language_of(lang: str | None) -> Callable[[str], str] | None:
    """The translate function for ``lang`` or the environment; None for English."""
    from .cli_language import translator

    try:
        locale, translate = translator(lang, os.environ)
    except Exception:  # noqa: BLE001 - the words, never the command, may fail: English then
        return None
    return translate if locale is not None else None


def said_error(exc: BaseException) -> str:
    """An error in the language the command line speaks (``--lang`` or the environment's)."""
    if _translate is None:
        return str(exc)
    from .cli_language import localized

    return localized(exc, _translate)


def said(template: str, **values: object) -> str:
    """One of the command line's own ``ui`` templates, filled, in the language it speaks."""
    translated = _translate(template) if _translate is not None else template
    try:
        return translated.format_map(values)
    except (KeyError, IndexError, ValueError):
        return template.format_map(values)


_localized = said_error


def _load_site_games() -> None:
    """The games the current site adds, named in its configuration (never in a record)."""
    from .project import Project, is_site_folder

    here = Path.cwd()
    if is_site_folder(here):
        Project(here.resolve()).load_games()


def unexpected(command: str, exc: BaseException) -> str:
    """One line for a failure nobody foresaw: what failed, the exception's type and message."""
    detail = str(exc).strip().splitlines()
    text = f"{type(exc).__name__}: {detail[0]}" if detail else type(exc).__name__
    hint = "" if debugging() else f" (run with --debug or {DEBUG_ENV}=1 for the traceback)"
    return f"{FAILED.get(command, command + ' failed')}: {text}{hint}"


def _traceback(exc: BaseException) -> None:
    if debugging():
        traceback.print_exception(exc, file=sys.stderr)


def _build(args: argparse.Namespace) -> int:
    from .build import build_site
    from .project import find_project

    build_site(find_project(), site_dir=args.site_dir, strict=args.strict, log=_say)
    return 0


def _publish(args: argparse.Namespace) -> int:
    from .publish import publish_main

    return publish_main(args.site_dir, args.out, args.base_url, log=_say, server_config=args.server_config)


def _serve(args: argparse.Namespace) -> int:
    from .serve import serve

    klass = None if args.klass is None else {"game": args.klass, "tables": args.tables,
                                             "duplicate": not args.no_duplicate}
    return serve(port=args.port, bind=args.bind, log=_say, klass=klass, store=args.store)


def _tables(args: argparse.Namespace) -> int:
    from .online.server import tables_main

    return tables_main(bind=args.bind, port=args.port, db=args.db, allow_origins=args.allow_origin, log=_say,
                       store=args.store)


def _new(args: argparse.Namespace) -> int:
    from .project import is_site_folder
    from .scaffold import DEFAULT_GAMES, new_site

    games = _names(args.games) if args.games is not None else list(DEFAULT_GAMES)
    if args.update_workflow:
        return _update_workflow(args.dir, _names(args.games) if args.games is not None else [])
    if is_site_folder(args.dir):
        if args.games is None:
            raise UsageError(f"trickbook new: {args.dir} is already a course: add a game with "
                             f"`trickbook new {args.dir} --games NAME` or `trickbook add-game NAME` inside it")
        return _add_games(args.dir, games)
    languages = _names(args.languages)
    made = new_site(args.dir, games=games, languages=languages)
    _say(f"created {made} with {', '.join(games)}: run `trickbook build` or `trickbook serve` inside it; "
         "add a game later with `trickbook add-game NAME`")
    return 0


def _update_workflow(folder: Path, games: list[str]) -> int:
    import trickbook

    from .carry import FOLDER
    from .scaffold import update_workflow

    if games:
        _add_games(folder, games)
    update_workflow(folder)
    _say(f"wrote {folder / '.github' / 'workflows' / 'publish.yml'} and, in {folder / FOLDER}, trickbook "
         f"{trickbook.__version__}'s wheel and the pinned requirements it installs: commit them")
    return 0


def _names(text: str) -> list[str]:
    return [part.strip() for part in text.split(",") if part.strip()]


def _add_game(args: argparse.Namespace) -> int:
    return _add_games(args.dir, [name for arg in args.games for name in _names(arg)])


def _add_games(folder: Path, games: list[str]) -> int:
    from .scaffold import add_games

    added = add_games(folder, games)
    handed = [g for g in added if (folder / "docs" / "hands" / g).is_dir()]
    pages = ", ".join(f"docs/{g}.md" for g in added)
    _say(f"added {pages}" + (" and an example hand of each under docs/hands/" if handed == added else "")
         + ", and put them in the nav; run `trickbook i18n update` for their catalogs, then `trickbook build`")
    for game in added:
        if game not in handed:
            _say(f"docs/{game}.md: the default site has no worked hand of {game}; its page has the game's "
                 "play table and practice, and waits for worked hands of your own under docs/hands/")
    return 0


I18N_ACTIONS = ("update", "check", "add")


def _i18n(argv: list[str]) -> int:
    if argv[:1] in (["-h"], ["--help"]):
        print("usage: trickbook i18n {update,check,add} [...]\n\n"
              "  update      extract the messages and merge every language's catalogs\n"
              "  check       validate the catalogs; a summary per language (--verbose: the details)\n"
              "  add LANG    start the catalogs and the glossary of a new language\n\n"
              "Each takes --help. The translator's guide: docs/translating.md")
        return 0
    if not argv or argv[0] not in I18N_ACTIONS:
        raise UsageError(f"usage: trickbook i18n {{{','.join(I18N_ACTIONS)}}} [...]\n"
                         f"trickbook i18n: error: expected one of {', '.join(I18N_ACTIONS)}")
    from . import i18n

    def check(args: list[str]) -> int:
        return i18n.check_main(args, translate=_translate or _same)

    actions: dict[str, Callable[[list[str]], int]] = {"update": i18n.update_main, "check": check,
                                                      "add": i18n.add_main}
    run = actions[argv[0]]
    return run(argv[1:])


def _engine(name: str) -> Callable[[list[str]], int]:
    def run(argv: list[str]) -> int:
        from trickbook import tools

        if name == "replay":
            return tools.replay_main(argv, translate=_translate or _same)
        return tools.fmt_main(argv)
    return run


def _same(message: str) -> str:
    return message


def _check(argv: list[str]) -> int:
    """``trickbook check PATH…``: the engine's check of record files, plus the inline records of
    Markdown pages (a page, or the pages of a folder), which only the generator can find."""
    from trickbook import tools

    from .hands import page_sources

    return tools.check_main(argv, pages=page_sources, translate=_translate or _same)


COMMANDS: dict[str, Callable[[argparse.Namespace], int]] = {
    "build": _build, "serve": _serve, "new": _new, "add-game": _add_game, "publish": _publish,
    "tables": _tables,
}
PASS_THROUGH: dict[str, Callable[[list[str]], int]] = {
    "i18n": _i18n, "replay": _engine("replay"), "check": _check, "fmt": _engine("fmt"),
}


def _say(message: str) -> None:
    print(message, flush=True)


if __name__ == "__main__":
    sys.exit(main())
