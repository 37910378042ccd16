"""A record's ``[[questions]]``: read and checked key by key, judged by the engine at their steps, printed back.

```toml
[[questions]]
step = 4
kind = "play"               # legal | winner | play | score
seat = "A"                  # legal and play: the seat to act (the default)
accept = "keeps-contract"   # play: wins-trick | keeps-contract | takes-jack | saves-game, or cards "AS AH"
view = "seat"               # optional: hide the hands this seat cannot see until the answer
text = "A has bid Four. What should A lead?"
```

Every refusal names the file, the question's line and its step: a step not in
the hand, a seat that is not the one to act, a question with no right answer, a
play question whose rule accepts every legal card.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Mapping

from ..cards import Card, format_cards, parse_cards
from ..errors import N_, RecordError, TrickbookError
from ..questions import KINDS, QUESTION_KEYS, RULES, VIEWS, Question, QuestionError, answer_key
from .shown import show

if TYPE_CHECKING:
    from ..trace import Trace
    from .model import Record
    from .parse import _Parser

LEVELS = ("gentle", "strong")


def read_questions(
    parser: "_Parser", data: Mapping[str, Any], count: int, seats: tuple[str, ...]
) -> tuple[Question, ...]:
    """The ``[[questions]]`` array of tables, each key checked; the lines are kept for later refusals."""
    if "questions" not in data:
        return ()
    tables = data["questions"]
    if not isinstance(tables, list) or not all(isinstance(t, dict) for t in tables):
        raise parser.said(N_("'questions' must be an array of tables: write each as [[questions]]"), {},
                          "bad-question", "questions")
    return tuple(_read_one(parser, table, str(i), count, seats) for i, table in enumerate(tables))


def _read_one(parser: "_Parser", table: Mapping[str, Any], index: str, count: int, seats: tuple[str, ...]) -> Question:
    line = parser.line("questions", index)

    def error(template: str, *path: str, step: int | None = None, **values: Any) -> RecordError:
        """A refusal of this question, as an engine-catalog sentence after "question at step N: "."""
        where = parser.line("questions", index, *path) if path else line
        lead = N_("question at step {step}: ") if step is not None else N_("question: ")
        filled = {**values, "step": step}
        return RecordError((lead + template).format_map(filled), file=parser.file, line=where, code="bad-question",
                           template=template, values=filled, lead=lead)

    for key in table:
        if key not in QUESTION_KEYS:
            raise error(N_("unknown key {key} in a question (known: {known})"), key, key=repr(key),
                        known=", ".join(QUESTION_KEYS))
    if "step" not in table:
        raise error(N_("a question needs a 'step': the number of actions played before it is asked"))
    step = table["step"]
    if type(step) is not int or not 0 <= step <= count:
        raise error(N_("step {value} is not in the hand: steps go from 0 (the deal) to {count}"), "step",
                    value=show(step), count=count)
    kind = table.get("kind")
    if kind not in KINDS:
        raise error(N_("a question's 'kind' is one of {known}, not {value}"), "kind", step=step, known=", ".join(KINDS),
                    value=show(kind))
    seat = table.get("seat")
    if seat is not None:
        if not isinstance(seat, str):
            raise error(N_("'seat' must be a seat name, not {value}"), "seat", step=step, value=show(seat))
        seat = next((s for s in seats if s.lower() == seat.lower()), None)
        if seat is None:
            raise error(N_("{name} is not a seat ({seats})"), "seat", step=step, name=show(table["seat"]),
                        seats=" ".join(seats))
    accept: str | tuple[Card, ...] | None = None
    if "accept" in table:
        if kind != "play":
            raise error(N_("'accept' belongs to play questions, not to {kind}"), "accept", step=step, kind=kind)
        value = table["accept"]
        if not isinstance(value, str):
            raise error(N_("'accept' is a rule name or the accepted cards, in quotes"), "accept", step=step)
        if value.strip().lower() in RULES:
            accept = value.strip().lower()
        else:
            try:
                accept = tuple(parse_cards(value))
            except TrickbookError:
                raise error(N_("'accept' is one of {known} or a list of cards, not {value}"), "accept", step=step,
                            known=", ".join(RULES), value=show(value)) from None
            if not accept:
                raise error(N_("'accept' names no card"), "accept", step=step)
    elif kind == "play":
        raise error(N_("a play question needs 'accept': {known}, or the accepted cards"), step=step,
                    known=", ".join(RULES))
    view = table.get("view", "all")
    if view not in VIEWS:
        raise error(N_("'view' is one of {known}, not {value}"), "view", step=step, known=", ".join(VIEWS),
                    value=show(view))
    if view == "seat" and seat is None and kind not in ("legal", "play"):
        raise error(N_("view = \"seat\" needs the 'seat' whose view it is"), "view", step=step)
    text = table.get("text")
    if not isinstance(text, str) or not text.strip():
        raise error(N_("a question needs its 'text', the question as the reader sees it"), "text", step=step)
    bots = table.get("bots", "gentle")
    if bots not in LEVELS:
        raise error(N_("'bots' is one of {known}, not {value}"), "bots", step=step, known=", ".join(LEVELS),
                    value=show(bots))
    return Question(step=step, kind=kind, seat=seat, accept=accept, view=view, text=text, bots=bots, line=line)


def question_keys(trace: "Trace") -> list[dict[str, Any]]:
    """Each question's answer key, worked out at its step by the engine; a question the rules cannot
    ask there is a RecordError naming the file, the question's line and its step."""
    record: Record = trace.record
    if not record.questions:
        return []
    from .replay import apply_action, new_state

    keys = []
    state = new_state(record)
    done = 0
    for question in sorted(record.questions, key=lambda q: q.step):
        while done < question.step:
            done += 1
            apply_action(record, state, done)
        try:
            key = answer_key(state, question)
        except QuestionError as e:
            raise RecordError(f"{question.kind} question at step {question.step}: {e}", file=record.file,
                              line=question.line, code="bad-question") from None
        if question.view == "seat" and key.get("seat") is None:
            key["seat"] = question.seat
        keys.append({**key, "index": record.questions.index(question), "view": question.view, "text": question.text,
                     "bots": question.bots})
    return sorted(keys, key=lambda k: int(k["index"]))


def format_questions(questions: tuple[Question, ...], toml_str: Any) -> list[str]:
    """The ``[[questions]]`` tables in canonical form."""
    out: list[str] = []
    for q in questions:
        out.append("\n[[questions]]")
        out.append(f"step = {q.step}")
        out.append(f"kind = {toml_str(q.kind)}")
        if q.seat is not None:
            out.append(f"seat = {toml_str(q.seat)}")
        if q.accept is not None:
            out.append(f"accept = {toml_str(q.accept if isinstance(q.accept, str) else format_cards(q.accept))}")
        if q.view != "all":
            out.append(f"view = {toml_str(q.view)}")
        if q.bots != "gentle":
            out.append(f"bots = {toml_str(q.bots)}")
        out.append(f"text = {toml_str(q.text)}")
    return out
