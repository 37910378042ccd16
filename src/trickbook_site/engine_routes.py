"""The engine's routes as the browser's worker takes them, run once each: for the trimmed standard library.

`stdlib.mjs` runs ``exercise`` inside Pyodide (after the engine's wheel is installed as the
browser installs it) to see which modules the browser's uses of the engine import, and the
tests run it again against the trimmed library and compare its answers with CPython's. It
imports only the engine and the standard library, since it runs where only they are.

Every request type of `widgets/worker.js` is taken, for every registered game. A hand is dealt
from a fixed seed and played out by random bots, and its record (the engine writes it) goes
through the hand player's calls: read, a what-if (bots finish the hand), an illegal card's
reason, the record under other house rules and a what-if at such a table, a card's cost with
the gentle and the strong bots; then practice (a question and a card's cost), the play table
(strong and gentle bots, house rules, another number of players where the game allows it, the
reader's move, a time-out, a target explained, the next hand, a saved match resumed, a refused
save) and the bots' warm-up (strong-bot searches). A record that cannot be read takes the error path.
"""

from __future__ import annotations

import json
import re
from typing import Any

CARD = re.compile(r"[2-9TJQKA][CDHS]")
# A table's seed, and the hands' deals: 64 hex digits.
SEED = "0b" * 32
BAD_RECORD = 'game = "nap"\nthis is not a hand record\n'


def registered_games() -> tuple[str, ...]:
    """Every game the registry holds (a course's own too), by name."""
    from trickbook.games import games

    return tuple(sorted(cls.game for cls in games()))


def _route(results: dict[str, Any], name: str, answer: str) -> dict[str, Any]:
    parsed = json.loads(answer)
    results[name] = _same_anywhere(parsed)
    return parsed if isinstance(parsed, dict) else {}


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


def _hand_routes(results: dict[str, Any], game: str) -> None:
    """The hand player's calls on a record of ``game``: reading, branching, other rules, a card's cost."""
    from trickbook import web
    from trickbook.questions import facade as questions
    from trickbook.record import parse_record

    text = dealt_record(game)
    record = parse_record(text)
    actions = [str(a) for a in record.actions]
    _route(results, f"{game} load", web.load_json(text))
    step = len(actions) // 2
    _route(results, f"{game} whatif", web.whatif_json(text, step, actions[step], 1))
    # A card played (the last word of the action is a card), from the middle of the hand on.
    play = next((n for n, a in enumerate(actions) if n >= step and CARD.fullmatch(a.split()[-1])), step)
    seat, card = actions[play].split()[0], actions[play].split()[-1]
    # Why a card is refused: one the seat holds but may not play now (a card it plays later in the
    # hand), and one it does not hold (a card another seat plays later).
    later = [a.split() for a in actions[play + 1:] if CARD.fullmatch(a.split()[-1])]
    for own in [words[-1] for words in later if words[0] == seat]:
        if not _route(results, f"{game} illegal", web.whatif_json(text, play, f"{seat} {own}", 0)).get("ok"):
            break
    other = next((words[-1] for words in later if words[0] != seat), None)
    if other is not None:
        _route(results, f"{game} not held", web.whatif_json(text, play, f"{seat} {other}", 0))
    variants = _route(results, f"{game} variants", web.variants_json(text, 0))
    options = [v["option"] for v in variants.get("variants", []) if isinstance(v, dict) and "option" in v]
    if options:
        _route(results, f"{game} variant whatif", web.variant_whatif_json(text, options[0], play, actions[play], 0))
    for level in ("gentle", "strong"):
        _route(results, f"{game} cost {level}", questions.cost_json(text, play, seat, card, card, level))


def _practice_routes(results: dict[str, Any], game: str) -> None:
    """Practice: the drill's first questions, and what a wrong card costs at its first play question."""
    from trickbook.questions import facade as questions

    for number in range(6):
        asked = _route(results, f"{game} practice {number}", questions.practice_json(game, "routes", number))
        key: dict[str, Any] = asked["key"] if isinstance(asked.get("key"), dict) else {}
        cards = [c for c in key.get("choices", []) if isinstance(c, str) and CARD.fullmatch(c)]
        right = [c for c in key.get("accepted", []) if c in cards]
        if cards and right:
            cost = _route(results, f"{game} practice cost {number}",
                          questions.practice_cost_json(game, "routes", number, cards[-1], right[0]))
            if cost.get("ok"):
                return
def _table_routes(results: dict[str, Any], game: str) -> None:
    """The play table: a match of strong bots played on, explained, saved and resumed; gentle bots with
    the house rules decided the other way, and another number of players where the game has one."""
    from trickbook.games import find_game
    from trickbook.table import facade as table

    opened = _route(results, f"{game} table", table.table_new_json(seed=SEED, game=game, level="strong"))
    if opened.get("ok"):
        table_id, view = opened["id"], opened["view"]
        _route(results, f"{game} table explain", table.table_explain_json(table_id, "trump"))
        # The reader plays the hand out: a time-out first, then the last legal action each turn.
        for turn in range(60):
            if view["over"] or not view["legal"]:
                break
            moved = _route(results, f"{game} table move {turn}", table.table_timeout_json(table_id) if turn == 0
                           else table.table_act_json(table_id, view["legal"][-1]))
            if not moved.get("ok"):
                break
            view = moved["view"]
        moved = _route(results, f"{game} table next", table.table_next_json(table_id))
        if moved.get("ok"):
            saved = {"version": moved["version"], "game": game, "seed": SEED, "seat": view["you"],
                     "level": "strong", "moves": moved["moves"], "hand_number": moved["view"]["hand_number"]}
            _route(results, f"{game} table resume", table.table_resume_json(json.dumps(saved)))
            _route(results, f"{game} table refused", table.table_resume_json(json.dumps({**saved, "version": "0"})))
    cls = find_game(game)
    rules = {name: not value for name, value in vars(cls.rules_class()).items() if isinstance(value, bool)}
    players = next((n for n in cls.seat_counts if n != len(cls.default_seats)), None)
    _route(results, f"{game} table gentle", table.table_new_json(
        seed=SEED, game=game, level="gentle", rules=rules, players=players))


def exercise(games: tuple[str, ...] | list[str] | None = None) -> str:
    """Every route once per game (every registered game unless named); their answers, as JSON (times left out)."""
    from trickbook import web
    from trickbook.bots.warm import warm_up_json

    results: dict[str, Any] = {}
    for game in registered_games() if games is None else games:
        _hand_routes(results, game)
        _practice_routes(results, game)
        _table_routes(results, game)
        warm = json.loads(warm_up_json(game))
        results[f"{game} warm"] = {k: v for k, v in warm.items() if k != "ms"}
    _route(results, "bad record", web.load_json(BAD_RECORD))
    return json.dumps(results, sort_keys=True)
