"""The play table's JSON facade for the browser worker, and the table's policy.

The functions never raise on bad input: a table that cannot be opened or
resumed, a move that is not notation or an argument of the wrong type comes
back as ``{"ok": false, "error": {code, values, text}}``; an action the rules refuse comes back as
``{"ok": false, "reason": {code, values, text}}``. Every good answer carries
the steps to narrate, the reader's view, the reader's moves so far (what the
page saves to resume the match) and the table's policy: the seconds the reader
has for each decision and the version of the saved-match format.

The worker is long-lived: it keeps the open tables by id, at most
``MAX_TABLES`` of them (the oldest are dropped).
"""

from __future__ import annotations

import json
from typing import Any, Callable

from .. import __version__
from ..errors import IllegalActionError, TrickbookError
from ..web import _expect
from .conduct import TableError
from .session import Table

# Each decision of the reader has this long before the table decides for them.
DECISION_SECONDS = 20
# A saved match replays only on the same engine and the same save format.
# table4: the page seals the seat, level, players, rounds and fingerprint with the seed.
SAVE_VERSION = f"{__version__}+table4"
MAX_TABLES = 8
_TABLES: dict[str, Table] = {}
_table_ids = iter(range(1, 1 << 62))
# Why a saved match is refused, as the page tells the reader (see ``table_resume_json``).
SAVE_VERSION_CODE = "save-version"   # written by another version of the site
SAVE_REFUSED_CODE = "save-refused"   # its moves do not replay: the rules refuse one
SAVE_UNREADABLE_CODE = "bad-save"    # not a saved match at all


class SaveError(TableError):
    """A saved match that cannot be resumed; ``code`` says why (one of the ``SAVE_…_CODE``)."""

    def __init__(self, message: str, code: str = SAVE_UNREADABLE_CODE) -> None:
        super().__init__(message)
        self.code = code


def _dump(obj: dict[str, Any]) -> str:
    return json.dumps(obj, ensure_ascii=False)


def _error(e: TrickbookError) -> str:
    return _dump({"ok": False, "error": {"code": e.code, "values": {}, "text": str(e)}})


def _answer(table_id: str, table: Table, steps: list[dict[str, Any]]) -> str:
    return _dump({"ok": True, "id": table_id, "steps": steps, "view": table.view(), "moves": list(table.moves),
                  "seconds": DECISION_SECONDS, "version": SAVE_VERSION})


def _open(table: Table) -> str:
    table_id = f"t{next(_table_ids)}"
    _TABLES[table_id] = table
    while len(_TABLES) > MAX_TABLES:
        del _TABLES[next(iter(_TABLES))]
    return table_id


def _find(table_id: str) -> Table:
    _expect("table_id", table_id, str)
    table = _TABLES.get(table_id)
    if table is None:
        raise TableError(f"no open table {table_id!r}: start a new match")
    return table


def table_new_json(seed: str | None = None, seat: str | None = None, game: str | None = None,
                   players: int | None = None, rounds: int | None = None, level: str = "strong",
                   rules: dict[str, Any] | None = None) -> str:
    """Open a table (a fresh seed unless one is given) with bots of ``level`` ("strong" or "gentle");
    the bots move until the reader's turn."""
    try:
        _expect("seed", seed, str, optional=True)
        _expect("seat", seat, str, optional=True)
        if game is None:
            raise TableError("name the game to open a table of (game)")
        _expect("game", game, str)
        _expect("level", level, str)
        _expect("players", players, int, optional=True)
        _expect("rounds", rounds, int, optional=True)
        _expect("rules", rules, dict, optional=True)
        table = Table(seed=seed, seat=seat, game=game, players=players, rounds=rounds, level=level, rules=rules)
    except TrickbookError as e:
        return _error(e)
    return _answer(_open(table), table, list(table.log))


def table_resume_json(saved_text: str) -> str:
    """Open the table a saved match describes (JSON: version, game, seed, seat, players, rounds, level, moves,
    hand_number, fingerprint).

    A saved match that is refused says why in its error's code: ``save-version``
    (another version of the site wrote it), ``save-refused`` (its moves no
    longer replay: the rules refuse one, or they reach another hand than it
    recorded) or ``bad-save`` (it cannot be read as a saved match). The page
    then drops it and tells the reader which.
    """
    try:
        _expect("saved_text", saved_text, str)
        table = _resume(saved_text)
    except SaveError as e:
        return _dump({"ok": False, "error": {"code": e.code, "values": {}, "text": str(e)}})
    except TrickbookError as e:
        return _dump({"ok": False, "error": {"code": SAVE_UNREADABLE_CODE, "values": {}, "text": str(e)}})
    return _answer(_open(table), table, list(table.log))


def _resume(saved_text: str) -> Table:
    try:
        saved = json.loads(saved_text)
    except RecursionError:
        raise SaveError("the saved match is nested too deep to read") from None
    except ValueError:
        raise SaveError("the saved match is not JSON") from None
    if not isinstance(saved, dict):
        raise SaveError("the saved match is not an object")
    version = saved.get("version")
    if version != SAVE_VERSION:
        shown = repr(version)[:80]
        raise SaveError(f"the saved match is from version {shown}, not {SAVE_VERSION!r}", SAVE_VERSION_CODE)
    moves = saved.get("moves")
    if not isinstance(moves, list):
        raise TableError("the saved match has no list of moves")
    players = saved.get("players")
    if players is not None and type(players) is not int:
        raise TableError(f"the saved number of players is not a number: {players!r}")
    rounds = saved.get("rounds")
    if rounds is not None and type(rounds) is not int:
        raise TableError(f"the saved number of rounds is not a number: {rounds!r}")
    for key in ("game", "seed", "seat"):
        if not isinstance(saved.get(key), str):
            raise TableError(f"the saved match has no {key}")
    level = saved.get("level", "strong")
    if not isinstance(level, str):
        raise TableError(f"the saved bot level is not text: {level!r}")
    rules = saved.get("rules")
    if rules is not None and not isinstance(rules, dict):
        raise TableError(f"the saved house rules are not a table of options: {str(rules)[:80]!r}")
    table = Table(seed=saved["seed"], seat=saved["seat"], game=saved["game"], players=players, rounds=rounds,
                  level=level, rules=rules)
    fingerprint = saved.get("fingerprint")
    if fingerprint is not None and fingerprint != table.match.fingerprint:
        raise SaveError("the saved match's fingerprint is not its seed's")
    try:
        table.replay(moves)
    except TableError as e:
        raise SaveError(str(e), SAVE_REFUSED_CODE) from None
    expected = saved.get("hand_number")
    if expected is not None and expected != table.view()["hand_number"]:
        raise SaveError(f"the saved moves reach hand {table.view()['hand_number']}, not hand {expected}",
                        SAVE_REFUSED_CODE)
    return table


def _move(table_id: str, move: Callable[[Table], list[dict[str, Any]]]) -> str:
    """Run one of the reader's moves; a refused action comes back with the engine's reason."""
    try:
        table = _find(table_id)
        steps = move(table)
    except IllegalActionError as e:
        return _dump({"ok": False, "id": table_id, "action": str(e.action), "reason": e.reason.as_dict()})
    except TrickbookError as e:
        return _error(e)
    return _answer(table_id, table, steps)


def table_act_json(table_id: str, action_text: str) -> str:
    """The reader's action (``S order``, ``S call H``, ``S 9C``, ``A bid four``, ``S wait``…), then the bots' moves."""
    return _move(table_id, lambda table: table.act(action_text))


def table_timeout_json(table_id: str) -> str:
    """The reader's time ran out: the table's own choice, then the bots' moves."""
    return _move(table_id, lambda table: table.timeout())


def table_next_json(table_id: str) -> str:
    """Deal the next hand of the match once the last one has ended."""
    return _move(table_id, lambda table: table.next_hand())


def table_explain_json(table_id: str, target: str) -> str:
    """What a target is (``card:JD``, ``upcard``, ``kitty``, ``trump``, ``kick``, ``contract``, ``taken:N``…)."""
    try:
        messages = _find(table_id).explain(target)
    except TrickbookError as e:
        return _error(e)
    return _dump({"ok": True, "id": table_id, "target": target, "messages": [m.as_dict() for m in messages]})
