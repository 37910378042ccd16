"""The answer key of a question at a state, and the judging of a reader's answer against it.

A key is JSON: ``kind``, ``seat``, ``choices`` (what the reader picks from),
``accepted`` (what the rules accept) and ``reasons`` (by choice, a message
``{code, values, text}``). A score question has ``parts`` instead, one per thing
asked (a category's team, the declarer's net, the points and to whom), each
with its own choices, accepted choice and reason: the game gives them (``HandState.score_parts``,
``trickbook.score_parts``), and the judge names no game.
"""

from __future__ import annotations

from typing import Any, Mapping

from ..actions import Action
from ..cards import Card
from ..errors import TrickbookError
from ..game import HandState
from ..messages import Event, Message, Reason
from ..score_parts import NOBODY, QuestionError
from . import Question
from .solve import accepted_cards

__all__ = ["NOBODY", "QuestionError", "answer_key", "judge"]


def _msg(message: Message) -> dict[str, Any]:
    return message.as_dict()


def _reason(code: str, **values: Any) -> dict[str, Any]:
    return Reason(code, values).as_dict()


def answer_key(state: HandState, question: Question) -> dict[str, Any]:
    """What the rules accept for ``question`` asked at ``state`` (the state after its step's actions)."""
    kind = question.kind
    if kind in ("legal", "play"):
        seat = _seat_to_act(state, question)
        key = _legal_key(state, seat) if kind == "legal" else _play_key(state, seat, question)
    elif kind == "winner":
        key = _winner_key(state)
    elif kind == "score":
        key = state.score_parts()  # the game's own parts (``score_parts``)
    else:
        raise QuestionError(f"unknown kind of question {kind!r} (known: legal, winner, play, score)")
    key.update({"kind": kind, "step": question.step})
    key.setdefault("seat", question.seat)
    return key


def _seat_to_act(state: HandState, question: Question) -> str:
    seat = state.current_player
    if seat is None:
        raise QuestionError("the hand is over at this step: nobody is to play")
    if question.seat is not None and question.seat != seat:
        raise QuestionError(f"{question.seat} is not the seat to act at this step ({seat} is)")
    if not any(a.seat == seat and a.verb == "play" for a in state.legal_actions()):
        raise QuestionError(f"{seat} has no card to play at this step (the hand is at its {state.phase.value} phase)")
    return seat


def _why_legal(state: HandState, seat: str, card: Card) -> dict[str, Any]:
    led = state.led_suit()
    if led is None:
        return _reason("why-legal-lead", seat=seat)
    if state.effective_suit(card) == led:
        return _reason("why-legal-follows", card=card, suit=led)
    if state.trump is not None and state.effective_suit(card) == state.trump and any(
            state.effective_suit(c) == led for c in state.hands[seat]):
        return _reason("why-legal-trump", card=card)
    return _reason("why-legal-void", seat=seat, suit=led)


def _legal_key(state: HandState, seat: str) -> dict[str, Any]:
    hand = sorted(state.hands[seat])
    legal = {a.card for a in state.legal_actions() if a.seat == seat and a.verb == "play"}
    reasons: dict[str, Any] = {}
    for card in hand:
        refusal = state.why_illegal(Action(seat, "play", card=card))
        reasons[str(card)] = _why_legal(state, seat, card) if refusal is None else _msg(refusal)
    return {"seat": seat, "choices": [str(c) for c in hand], "accepted": [str(c) for c in hand if c in legal],
            "reasons": reasons, "multiple": True}


def _play_key(state: HandState, seat: str, question: Question) -> dict[str, Any]:
    legal = sorted(a.card for a in state.legal_actions() if a.seat == seat and a.verb == "play" and a.card)
    rule = question.accept
    reasons: dict[str, Any] = {}
    if rule is None:
        raise QuestionError(
            "a play question needs 'accept': a rule (wins-trick, keeps-contract, takes-jack, saves-game) or cards"
        )
    if isinstance(rule, tuple):
        for card in rule:
            if card not in legal:
                why = state.why_illegal(Action(seat, "play", card=card))
                text = why.text if why is not None else "it is not a card to play here"
                raise QuestionError(f"accepted card {card.display} cannot be played: {text}")
        accepted = [c for c in legal if c in rule]
        for card in legal:
            reasons[str(card)] = _reason("accept-listed" if card in rule else "refuse-listed", card=card)
        rule_name = "listed"
    else:
        found = accepted_cards(rule, state, seat)
        if isinstance(found, str):
            raise QuestionError(found)
        verdicts, solver = found
        # Asked with hidden hands, a card is accepted only if it does it however the hidden cards lie.
        elsewhere = _hidden_refusals(state, seat, rule, verdicts) if question.view == "seat" else {}
        accepted = [c for c in legal if verdicts.get(c) and c not in elsewhere]
        for card in legal:
            if card in elsewhere:
                reasons[str(card)] = elsewhere[card]
                continue
            if verdicts.get(card):
                reasons[str(card)] = _reason(f"accept-{rule}", card=card, seat=seat)
                continue
            values: dict[str, Any] = {"card": card, "seat": seat}
            if rule == "wins-trick":
                child = state.clone()
                child.apply(Action(seat, "play", card=card))
                line = solver.refutation(child)
                beat = [c for s, c in line if s not in solver.side]
                values.update({"other": line[-1][0] if line else seat, "cards": beat[-1:] if beat else [card]})
            reasons[str(card)] = _reason(f"refuse-{rule}", **values)
        rule_name = rule
    if not accepted:
        raise QuestionError(f"no card of {seat}'s is accepted by {rule_name}: the question has no right answer")
    if len(accepted) == len(legal):
        raise QuestionError(f"every legal card of {seat}'s is accepted by {rule_name}: there is no question")
    return {"seat": seat, "choices": [str(c) for c in legal], "accepted": [str(c) for c in accepted],
            "reasons": reasons, "rule": rule_name, "multiple": False}


def _hidden_refusals(state: HandState, seat: str, rule: str, verdicts: dict[Card, bool]) -> dict[Card, dict[str, Any]]:
    """The cards ``rule`` accepts with every hand shown that fail in another holding of the hidden cards,
    with the reason naming such a holding (``holdings``); refused outright when there are too many."""
    from .holdings import MAX_HOLDINGS, TooManyHoldings, holdings

    try:
        worlds = holdings(state, seat)
    except TooManyHoldings as e:
        raise QuestionError(
            f"asked with view = \"seat\", the question is judged over every holding of the hidden cards that fits "
            f"what {seat} sees, and there are more than {MAX_HOLDINGS} (up to {e.count}): show the hands "
            f"(view = \"all\") or ask later in the hand") from None
    except TrickbookError as e:
        raise QuestionError(f"asked with view = \"seat\", the hidden cards cannot be laid out: {e}") from None
    refused: dict[Card, dict[str, Any]] = {}
    for world in worlds:
        found = accepted_cards(rule, world, seat)
        if isinstance(found, str):
            raise QuestionError(found)
        others, solver = found
        for card, ok in others.items():
            if ok or card in refused or not verdicts.get(card):
                continue
            if rule != "wins-trick":
                refused[card] = _reason("refuse-hidden", card=card, seat=seat)
                continue
            child = world.clone()
            child.apply(Action(seat, "play", card=card))
            line = solver.refutation(child)
            beat = [(s, c) for s, c in line if s not in solver.side]
            other, cards = beat[-1] if beat else (seat, card)
            refused[card] = _reason("refuse-hidden-wins-trick", card=card, other=other, cards=[cards])
    return refused


def last_complete_trick(state: HandState) -> int | None:
    """The index of the trick the last action completed, if it completed one."""
    if not state.history or not state.tricks:
        return None
    index = len(state.tricks) - 1
    if not state.tricks[index].entries and index > 0:  # the next trick is laid out, empty
        index -= 1
    last = state.tricks[index]
    if not last.complete or not last.entries or last.entries[-1].seat != state.history[-1].seat:
        return None
    return index


def completed_trick_event(state: HandState) -> Event | None:
    """The event of the trick the last action completed, if it completed one."""
    if last_complete_trick(state) is None:
        return None
    for event in reversed(state.events):
        if event.code.startswith("trick-won"):
            return event
    return None


def _winner_key(state: HandState) -> dict[str, Any]:
    event = completed_trick_event(state)
    if event is None:
        raise QuestionError(
            "no trick is completed by this step's action: ask 'winner' at the step of a trick's last card"
        )
    index = last_complete_trick(state)
    assert index is not None
    trick = state.tricks[index]
    winner = trick.winner
    assert winner is not None
    seats = [e.seat for e in trick.entries]
    if len(seats) < 2:  # the others have thrown in their hands (Yorkshire): any seat may be named
        seats = list(state.seats)
    reason = _msg(event)
    return {"choices": seats, "accepted": [winner], "reasons": {s: reason for s in seats}, "multiple": False,
            "trick": index + 1}


def judge(key: Mapping[str, Any], answer: Any) -> dict[str, Any]:
    """A reader's answer against a key: ``right``, and the reasons to show.

    ``legal``: a list of the cards marked; ``winner``/``play``: one choice; ``score``: a mapping of
    each part's category to a choice.
    """
    if "parts" in key:
        given = answer if isinstance(answer, Mapping) else {}
        parts = [{"category": p["category"], "given": given.get(p["category"]), "accepted": p["accepted"],
                  "right": given.get(p["category"]) == p["accepted"], "reason": p["reason"]} for p in key["parts"]]
        return {"right": all(p["right"] for p in parts), "parts": parts}
    accepted = set(key["accepted"])
    reasons = key["reasons"]
    if key.get("multiple"):
        marked = {str(a) for a in answer} if isinstance(answer, (list, tuple, set)) else set()
        wrong = sorted(marked - accepted)
        missed = sorted(accepted - marked)
        return {"right": not wrong and not missed, "wrong": [{"choice": c, "reason": reasons.get(c)} for c in wrong],
                "missed": [{"choice": c, "reason": reasons.get(c)} for c in missed]}
    choice = str(answer)
    return {"right": choice in accepted, "choice": choice, "accepted": sorted(accepted), "reason": reasons.get(choice)}
