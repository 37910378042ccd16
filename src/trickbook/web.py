"""The JSON facade that the browser worker and the site build call for worked hands: record text in, JSON text out.

The functions never raise on bad input: a record that cannot be read or
replayed, a step out of range, an action that is not notation or an argument of
the wrong type come back as ``{"ok": false, "error": {code, values, text, step, ...}}``;
an action the rules refuse comes back as ``{"ok": false, "reason": {code, values, text}}``.

The hand functions only serialize what ``trickbook.record`` computes (a
``Trace``, or the state at a step). The worker is long-lived: the records it was
asked about stay parsed here, with the states already reached, so that a reader's
second "what if" on a hand does not read and replay the record again.
"""

from __future__ import annotations

import json
from collections import OrderedDict
from typing import Any

from .actions import Action
from .errors import RecordError, TrickbookError
from .game import HandState
from .record import ActionRefused, Record, parse_record, replay
from .record.replay import apply_action, new_state
from .trace import Step, Trace

# A hand never needs more actions than this; it stops a misbehaving bot from looping.
MAX_BOT_ACTIONS = 1000
# Records kept parsed, with their states (a page rarely has more than a dozen hands).
MAX_HANDS = 32


class ArgumentError(TrickbookError):
    """A facade function called with an argument of the wrong type."""

    code = "bad-argument"


def _dump(obj: dict[str, Any]) -> str:
    return json.dumps(obj, ensure_ascii=False)


def _error(e: TrickbookError) -> str:
    """The error object for a record or an input that cannot be used."""
    if isinstance(e, RecordError):
        info = e.as_dict()
        values = e.reason.as_dict()["values"] if isinstance(e, ActionRefused) else {}
        info.update({"values": values, "text": e.message})
    else:
        info = {"code": e.code, "values": {}, "text": str(e), "step": None}
    return _dump({"ok": False, "error": info})


def _expect(name: str, value: Any, kind: type, optional: bool = False) -> None:
    if optional and value is None:
        return
    if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
        raise ArgumentError(f"{name} must be {kind.__name__}, not {type(value).__name__}")


def trace_json(trace: Trace) -> dict[str, Any]:
    """A trace as the worker and ``replay_json`` give it: every step with its full view."""
    return {"ok": True, **trace.header(), "steps": trace.steps_json(), "result": trace.as_json()}


def replay_json(record_text: str, file: str | None = None) -> str:
    """Every step of the record with its events, note and full view, and the final result."""
    try:
        _expect("record_text", record_text, str)
        _expect("file", file, str, optional=True)
        trace = replay(parse_record(record_text, file=file), views=True)
    except TrickbookError as e:
        return _error(e)
    return _dump(trace_json(trace))


class _Hand:
    """A parsed record and the states reached so far, by step (each kept as a private copy)."""

    def __init__(self, record: Record) -> None:
        self.record = record
        self.states: dict[int, HandState] = {}

    def state_at(self, step: Any) -> HandState:
        if type(step) is not int or not 0 <= step <= len(self.record.actions):
            raise RecordError(f"step {step!r} is not between 0 and {len(self.record.actions)}", code="bad-step")
        if not self.states:
            self.states[0] = new_state(self.record)
        base = max(k for k in self.states if k <= step)
        state = self.states[base].clone()
        for number in range(base + 1, step + 1):
            apply_action(self.record, state, number)
        if step not in self.states:
            self.states[step] = state.clone()
        return state


_HANDS: OrderedDict[str, _Hand] = OrderedDict()


def _hand(record_text: Any) -> _Hand:
    """The record parsed once per text; the least recently used are dropped beyond MAX_HANDS."""
    _expect("record_text", record_text, str)
    hand = _HANDS.get(record_text)
    if hand is None:
        hand = _Hand(parse_record(record_text))
        _HANDS[record_text] = hand
        while len(_HANDS) > MAX_HANDS:
            _HANDS.popitem(last=False)
    _HANDS.move_to_end(record_text)
    return hand


def load_json(record_text: str) -> str:
    """Read a record the page already shows, for later questions: its id, game and number of steps.

    Nothing is replayed: the page carries every step of the record; the engine is
    asked only about what is new (``whatif_json``).
    """
    try:
        hand = _hand(record_text)
        # The hand as dealt: a deal the engine refuses fails here, not at the reader's first "what if".
        hand.state_at(0)
    except TrickbookError as e:
        return _error(e)
    r = hand.record
    return _dump({"ok": True, "id": r.id, "game": r.game, "steps": len(r.actions) + 1})


def whatif_json(record_text: str, step: int, action_text: str, seed: int = 0) -> str:
    """Branch from the record at ``step`` with the reader's action; bots finish the hand.

    Returns the new steps (numbered on from ``step``) in the shape of
    ``replay_json``, and the branch's result.
    """
    try:
        hand = _hand(record_text)
    except TrickbookError as e:
        return _error(e)
    return _whatif(hand, hand, step, action_text, seed)


def variant_whatif_json(record_text: str, option: str, step: int, action_text: str, seed: int = 0) -> str:
    """As ``whatif_json``, at a table that decides the house rule ``option`` the other way
    (``trickbook.variants``): the record's steps up to ``step`` under that rule, the reader's
    action, the bots for the rest; the changes are set against the record at its own table.
    The answer adds the branch's ``outcome`` and the record's (``record_outcome``)."""
    from dataclasses import replace

    from .variants import house_options

    try:
        hand = _hand(record_text)
        _expect("option", option, str)
        base = hand.state_at(0)
        values = dict(house_options(type(base), base.rules))
        if option not in values:
            raise ArgumentError(f"{option!r} is not a house rule of {hand.record.game}")
        variant = _Hand(replace(hand.record, rules={**hand.record.rules, option: values[option]}))
    except TrickbookError as e:
        return _error(e)
    return _whatif(variant, hand, step, action_text, seed)


def _whatif(hand: _Hand, recorded: _Hand, step: Any, action_text: Any, seed: Any) -> str:
    """The branch from ``hand`` at ``step``, its changes set against ``recorded``'s end."""
    try:
        _expect("action_text", action_text, str)
        _expect("seed", seed, int)
        state = hand.state_at(step)
        record = hand.record
        # The reader's words, spelt as the record would print them (the dealer's order is a pickup).
        action = type(state).canonical_action(Action.parse(action_text, record.seats), state.dealer)
    except TrickbookError as e:
        return _error(e)
    reason = state.why_illegal(action)
    if reason is not None:
        return _dump({"ok": False, "step": step, "action": str(action), "reason": reason.as_dict()})
    # The trick the reader's card goes to: the one in progress (a finished trick is followed by an
    # empty one for the next lead), or the next one.
    trick_number = len(state.tricks) if state.tricks and state.tricks[-1].winner is None else len(state.tricks) + 1
    steps = [_apply_step(state, step + 1, action)]
    steps.extend(_bots_finish(state, record.game, step + 2, seed))
    branch = Trace(record, state, steps)
    try:
        end = recorded.state_at(len(recorded.record.actions))
        changes: dict[str, Any] | None = _changes(end, state, trick_number, steps)
        record_outcome: dict[str, Any] | None = _outcome(end)
    except TrickbookError:
        changes = record_outcome = None  # the record's own end cannot be reached: nothing to compare with
    return _dump({"ok": True, **branch.header(), "branch": step, "steps": branch.steps_json(),
                  "result": branch.as_json(), "changes": changes, "outcome": _outcome(state),
                  "record_outcome": record_outcome})


# The categories that say the makers' contract was made (Euchre) and the one that says it failed.
_MADE = frozenset({"makers", "march", "lone", "lone-march"})


def _contract(state: HandState) -> dict[str, Any] | None:
    """Whose contract the hand is about (Nap's declarer, Euchre's makers) and whether it was made."""
    declarer = getattr(state, "declarer", None)
    maker = getattr(state, "maker", None)
    holder = declarer if isinstance(declarer, str) else (state.team_of(maker) if isinstance(maker, str) else None)
    if holder is None:
        return None
    result = None
    for award in state.awards:
        if award.category == "contract":
            result = "made" if award.points > 0 else "failed"
        elif award.category in _MADE:
            result = "made"
        elif award.category == "euchred":
            result = "failed"
    return {"holder": holder, "result": result}


def _changes(recorded: HandState, branched: HandState, trick_number: int, steps: list[Step]) -> dict[str, Any]:
    """What a "what if" changed against the record, by the end of the branch: the trick the reader's
    card went to (who wins it now, and at which step), each scoring category whose side or points
    differ, and the contract."""
    def winner(state: HandState) -> str | None:
        return state.tricks[trick_number - 1].winner if len(state.tricks) >= trick_number else None

    won_at = next((s.number for s in steps if s.view and len(s.view.get("tricks", [])) >= trick_number
                   and s.view["tricks"][trick_number - 1].get("winner")), None)

    def by_category(state: HandState) -> dict[str, list[dict[str, Any]]]:
        out: dict[str, list[dict[str, Any]]] = {}
        for award in state.awards:
            out.setdefault(award.category, []).append({"team": award.team, "points": award.points})
        return out

    before, after = by_category(recorded), by_category(branched)
    categories = [{"category": c, "record": before.get(c, []), "branch": after.get(c, [])}
                  for c in dict.fromkeys([*before, *after]) if before.get(c, []) != after.get(c, [])]
    record_contract, branch_contract = _contract(recorded), _contract(branched)
    contract = None
    if record_contract or branch_contract:
        holder = (branch_contract or record_contract or {}).get("holder")
        contract = {"holder": holder, "record": record_contract and record_contract["result"],
                    "branch": branch_contract and branch_contract["result"]}
    return {
        "trick": {"number": trick_number, "record": winner(recorded), "branch": winner(branched), "step": won_at},
        "categories": categories,
        "record_finished": recorded.is_terminal,
        "branch_finished": branched.is_terminal,
        "contract": contract,
    }


def _apply_step(state: HandState, number: int, action: Action) -> Step:
    events = state.apply(action)
    return Step(number, action, None, list(events), None, dict(state.score), state.full_view())


def _bots_finish(state: HandState, game: str, number: int, seed: int) -> list[Step]:
    from .bots import make_bot  # bots load only when a reader branches

    bot = make_bot(game, seed)
    steps: list[Step] = []
    while state.current_player is not None and state.legal_actions() and len(steps) < MAX_BOT_ACTIONS:
        seat = state.current_player
        action = Action.parse(bot.choose(state.observation(seat)), state.seats)
        steps.append(_apply_step(state, number + len(steps), action))
    return steps


def variants_json(record_text: str, seed: int = 0) -> str:
    """The record under each house rule of its game decided the other way (``trickbook.variants``).

    For each: the rule in words, whether it changes this hand, the first step it refuses with the
    reason, the first step it allows something new (the seat, the actions, the cards, the event
    each would make, and the sentence that says it), whether the outcome differs, the steps the
    bots played, the hand's steps under it and its outcome; and the record's own outcome, to set
    beside each.
    """
    from .variants import other_rules  # the bots load only when a reader asks

    try:
        hand = _hand(record_text)
        _expect("seed", seed, int)
        record = hand.record
        own, replays = other_rules(record, seed)
    except TrickbookError as e:
        return _error(e)
    return _dump({"ok": True, "id": record.id, "game": record.game, "outcome": _outcome(own.state),
                  "finished_by_bots": len(own.steps) - 1 > len(record.actions), "variants": [{
        "option": v.option,
        "value": v.value,
        "label": v.label.as_dict(),
        "differs": v.differs,
        "refused": None if v.refused is None else {
            "step": v.refused.step, "action": str(v.refused.action), "reason": v.refused.reason.as_dict()},
        "substituted": list(v.substituted),
        "allowed": None if v.allowed is None else {
            "step": v.allowed.step, "seat": v.allowed.seat, "actions": [str(a) for a in v.allowed.actions],
            "cards": list(v.allowed.cards), "said": [m.as_dict() for m in v.allowed.said],
            "message": v.allowed.message.as_dict()},
        "outcome_differs": v.outcome_differs,
        "steps": v.trace.steps_json(),
        "outcome": _outcome(v.trace.state),
    } for v in replays]})


def _outcome(state: HandState) -> dict[str, Any]:
    """What a hand came to, category by category: its awards, the score after it and (Nap) the payments."""
    return {"awards": [a.as_json() for a in state.awards], "score": dict(state.score),
            "payments": getattr(state, "payments", None), "winner": state.winner}
