"""The JSON facade of questions for the browser worker: a wrong card's play-out in a worked hand, and
the practice drills' fresh positions. JSON text out; bad input comes back as ``{"ok": false, ...}``,
never as an exception.

``practice_json(game, seed, number)`` deals question ``number`` of the drill seeded by ``seed`` (any
text: the page puts it in its URL): a hand dealt from the seed, played by the gentle bots to a position
where a question of the next kind can be asked (legal, winner, play by ``wins-trick``, score, in
turn), and the question's answer key with the view of the table the reader sees.
"""

from __future__ import annotations

import hashlib
import json
from typing import Any

from ..actions import Action
from ..cards import Card
from ..errors import TrickbookError
from ..game import HandState
from ..games import find_game
from ..messages import Message
from . import Question, QuestionError, answer_key
from .playout import cost

PRACTICE_KINDS = ("legal", "winner", "play", "score")
# A drill question is looked for on at most this many deals before the drill gives up on its kind.
MAX_DEALS = 40
# The drills' question numbers stop here (a page asks a few hundred at most).
MAX_NUMBER = 1_000_000


def _dump(obj: dict[str, Any]) -> str:
    return json.dumps(obj, ensure_ascii=False)


def _fail(code: str, text: str) -> str:
    return _dump({"ok": False, "error": {"code": code, "values": {}, "text": text}})


def cost_json(record_text: str, step: int, seat: str, card: str, right: str, level: str = "gentle") -> str:
    """What ``card`` costs against ``right`` for ``seat`` at ``step`` of a record: played on by the verdict's
    solver when the record's play question there has a rule, then by the bots (``playout.cost``)."""
    from ..bots import LEVELS
    from ..web import ArgumentError, _expect, _hand  # the records the worker already holds

    try:
        hand = _hand(record_text)
        for name, value in (("seat", seat), ("card", card), ("right", right), ("level", level)):
            _expect(name, value, str)
        if level not in LEVELS:
            raise ArgumentError(f"level must be one of {', '.join(LEVELS)}, not \"{level[:40]}\"")
        state = hand.state_at(step)
        rules = [q.accept for q in hand.record.questions
                 if q.kind == "play" and q.step == step and q.seat in (None, seat) and isinstance(q.accept, str)]
        result = cost(
            state, seat, Card.parse(card), Card.parse(right), hand.record.game, _seed(record_text, step), level,
            rules[0] if rules else None,
        )
    except TrickbookError as e:
        return _fail(e.code, str(e))
    return _dump({"ok": True, **result})


def practice_cost_json(game: str, seed: str, number: int, card: str, right: str) -> str:
    """What ``card`` costs against ``right`` at play question ``number`` of the ``game`` drill seeded by ``seed``,
    judged as its verdict is (``wins-trick``, the best defence), the rest played out by the gentle bots."""
    try:
        if (not isinstance(game, str) or not isinstance(seed, str) or type(number) is not int
                or not 0 <= number < MAX_NUMBER):
            raise QuestionError(f"practice needs a game, a seed text and a question number from 0 to {MAX_NUMBER - 1}")
        if not isinstance(card, str) or not isinstance(right, str):
            raise QuestionError("a practice cost compares two cards, each written as text (such as AH)")
        if not all(map(_is_utf8, (game, seed, card, right))):
            raise QuestionError("the game, the seed and the cards of a practice must be text (a lone surrogate is not)")
        state, key = practice_position(game, seed, number)
        if key.get("kind") != "play":
            raise QuestionError(f"question {number} of the drill is not a play question")
        result = cost(state, str(key["seat"]), Card.parse(card), Card.parse(right), find_game(game).game,
                      _seed(seed, number, "cost"), "gentle", "wins-trick")
    except TrickbookError as e:
        return _fail(e.code, str(e))
    return _dump({"ok": True, **result})


def _seed(*parts: Any) -> int:
    return int.from_bytes(hashlib.sha256("\x1f".join(map(str, parts)).encode()).digest()[:4], "big")


def _deal(game: str, seed: str, deal_number: int) -> HandState:
    from ..shuffle import deal_hand

    cls = find_game(game)
    seats = cls.default_seats_for(4) if cls.seat_counts.start <= 4 < cls.seat_counts.stop else cls.default_seats
    dealer = seats[deal_number % len(seats)]
    seed_hex = hashlib.sha256(f"practice\x1f{game}\x1f{seed}".encode()).hexdigest()
    return cls(None, seats, dealer, deal_hand(game, seats, dealer, seed_hex, deal_number))


def practice_position(game: str, seed: str, number: int) -> tuple[HandState, dict[str, Any]]:
    """The state and answer key of question ``number`` (0-based) of a drill."""
    from ..bots import make_bot

    kind = PRACTICE_KINDS[number % len(PRACTICE_KINDS)]
    for attempt in range(MAX_DEALS):
        deal_number = 1 + number * MAX_DEALS + attempt
        state = _deal(game, seed, deal_number)
        bot = make_bot(game, _seed(seed, deal_number))
        # Where in the hand to ask: a point drawn from the seed, so that drills do not always ask the first trick.
        stop_at = _seed(seed, deal_number, "stop") % 40
        candidates: list[tuple[HandState, dict[str, Any]]] = []
        while True:
            key = _try(state, kind)
            if key is not None:
                candidates.append((state.clone(), key))
                if len(candidates) > stop_at % 6 or kind == "score":
                    return candidates[-1]
            if state.current_player is None or not state.legal_actions():
                break
            seat = state.current_player
            state.apply(_drill_action(state, Action.parse(bot.choose(state.observation(seat)), state.seats)))
        if candidates:
            return candidates[-1]
    raise QuestionError(f"no {kind} question found in {MAX_DEALS} deals of {game}")


def _drill_action(state: HandState, action: Action) -> Action:
    """The bot's action, unless it would end the deal unplayed (Nap's all-pass): a drill needs cards played,
    so the last seat to speak then takes the lowest bid instead."""
    if action.verb != "pass":
        return action
    after = state.clone()
    after.apply(action)
    if after.is_terminal and not after.tricks:
        others = [a for a in state.legal_actions() if a.seat == action.seat and a.verb != "pass"]
        if others:
            return others[0]
    return action


def _try(state: HandState, kind: str) -> dict[str, Any] | None:
    seat = state.current_player
    if kind in ("legal", "play"):
        if seat is None or state.trick is None and not state.tricks:
            if seat is None or state.phase.value != "play":
                return None
        if kind == "legal" and (state.trick is None or not state.trick.entries):
            return None  # a lead allows every card: no question
    elif kind == "winner":
        pass
    try:
        return answer_key(state, Question(len(state.history), kind, seat if kind in ("legal", "play") else None,
                                          "wins-trick" if kind == "play" else None))
    except (QuestionError, TrickbookError):
        return None


def _is_utf8(text: str) -> bool:
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def practice_json(game: str, seed: str, number: int) -> str:
    """Question ``number`` of the ``game`` drill seeded by ``seed``: its key and the view of the table."""
    try:
        if (not isinstance(game, str) or not isinstance(seed, str) or type(number) is not int
                or not 0 <= number < MAX_NUMBER):
            raise QuestionError(f"practice needs a game, a seed text and a question number from 0 to {MAX_NUMBER - 1}")
        if not _is_utf8(seed) or not _is_utf8(game):
            raise QuestionError("the game and the seed of a practice must be text (a lone surrogate is not)")
        state, key = practice_position(game, seed, number)
    except TrickbookError as e:
        return _fail(e.code, str(e))
    view = state.full_view()
    cls = find_game(game)
    # The drill's kinds of hints (``HandState.drill``): the page words its question and hint by them; a hint
    # the game words itself (``HandState.practice_hints``) comes as an engine message.
    hints = {kind: Message(code).as_dict() for kind, code in cls.practice_hints.items()}
    return _dump({"ok": True, "game": cls.game, "number": number, "key": key, "view": view, "drill": dict(cls.drill),
                  **({"hints": hints} if hints else {})})
