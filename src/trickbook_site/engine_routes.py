"""The engine's routes as the browser's worker takes them, run once each: for the trimmed standard library.

`stdlib.mjs` runs ``exercise`` inside Pyodide (after the engine's wheel is installed as the
browser installs it) to see which standard-library modules the engine's routes import, and the
tests run it again against the trimmed library and compare its answers with CPython's. It
imports only the engine and the standard library, since it runs where only they are.

For each game a hand is dealt from a fixed seed and played out by random bots, and its
record (the engine writes it) goes through the calls the worker makes (`widgets/worker.js`):
read, a what-if (bots finish the hand), the record under other house rules, a card's cost with
the strong bots; then a practice question, a table of strong bots opened, answered and moved on,
and the bots' warm-up (strong-bot searches). A record that cannot be read takes the error path.
"""

from __future__ import annotations

import json
import re
from typing import Any

GAMES = ("euchre", "nap", "trinidad", "yorkshire")
CARD = re.compile(r"[2-9TJQKA][CDHS]")
# A table's seed, and the hands' deals: 64 hex digits.
SEED = "0b" * 32
BAD_RECORD = 'game = "nap"\nthis is not a hand record\n'


def _route(results: dict[str, Any], name: str, answer: str) -> None:
    results[name] = _same_anywhere(json.loads(answer))


def _same_anywhere(answer: Any) -> Any:
    """An answer without what depends on the process rather than the engine: a table's id counts the
    tables opened before it in the same process (``t1``, ``t16``), so it reads ``t``."""
    if isinstance(answer, dict) and isinstance(answer.get("id"), str) and answer["id"][:1] == "t":
        return {**answer, "id": "t"}
    return answer


def dealt_record(game: str) -> str:
    """The record of the first hand of a match of ``game`` dealt from ``SEED`` and played out by
    random bots in which at least eight cards are played (not a hand everyone passed)."""
    from trickbook.bots.random_bot import RandomBot
    from trickbook.match import Match, play_hand

    match = Match(game, seed=SEED)
    for number in range(20):
        state = match.next_hand()
        play_hand(state, {seat: RandomBot(seed=n) for n, seat in enumerate(state.seats)})
        text = str(match.records()[number])
        if len(CARD.findall(text.split("actions", 1)[-1])) >= 8:
            return text
    raise AssertionError(f"no hand of {game} with eight cards played in 20 deals")


def exercise(games: tuple[str, ...] | list[str] = GAMES) -> str:
    """Every route once per game; their answers, as JSON (times left out)."""
    from trickbook import web
    from trickbook.bots.warm import warm_up_json
    from trickbook.questions import facade as questions
    from trickbook.record import parse_record
    from trickbook.table import facade as table

    results: dict[str, Any] = {}
    for game in games:
        text = dealt_record(game)
        record = parse_record(text)
        _route(results, f"{game} load", web.load_json(text))
        step = len(record.actions) // 2
        _route(results, f"{game} whatif", web.whatif_json(text, step, str(record.actions[step]), 1))
        _route(results, f"{game} variants", web.variants_json(text, 0))
        # A card played (the last word of the action is a card), from the middle of the hand on.
        play = next((n for n, a in enumerate(record.actions) if n >= step and CARD.fullmatch(str(a).split()[-1])),
                    step)
        seat, card = str(record.actions[play]).split()[0], str(record.actions[play]).split()[-1]
        _route(results, f"{game} cost", questions.cost_json(text, play, seat, card, card, "strong"))
        _route(results, f"{game} practice", questions.practice_json(game, "routes", 0))
        opened = json.loads(table.table_new_json(seed=SEED, game=game, level="strong"))
        results[f"{game} table"] = _same_anywhere(opened)
        if opened.get("ok"):
            legal = opened["view"]["legal"]
            if legal:  # the reader's last legal action; the bots answer it
                _route(results, f"{game} table act", table.table_act_json(opened["id"], legal[-1]))
            _route(results, f"{game} table explain", table.table_explain_json(opened["id"], "trump"))
            _route(results, f"{game} table next", table.table_next_json(opened["id"]))
        warm = json.loads(warm_up_json(game))
        results[f"{game} warm"] = {k: v for k, v in warm.items() if k != "ms"}
    _route(results, "bad record", web.load_json(BAD_RECORD))
    return json.dumps(results, sort_keys=True)
