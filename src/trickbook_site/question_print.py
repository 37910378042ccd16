"""The printed handout's questions: each question with its hand, its answer at the end of the page.

A worked hand's figure prints its questions (the step, the text, the choices) in
``.tb-questions-print``; the answers go in a ``.tb-answers-print`` line that
``hands.expand_blocks`` moves to the end of the page, where print styles start
a new page for them (``widgets/hand-print.css``). On screen both are ``hidden``:
the player asks the questions.
"""

from __future__ import annotations

from dataclasses import dataclass
from html import escape
from typing import TYPE_CHECKING, Any, Callable, Mapping

from trickbook import messages
from trickbook.cards import Card
from trickbook.messages import render

from .seats import SeatLetters

if TYPE_CHECKING:
    from trickbook.trace import Trace

ANSWERS_PREFIX = '<div class="tb-answers-print"'
# The mark of what the printed hand leaves blank: it answers one of the hand's questions (hand-print.css).
WITHHELD = " data-withheld"


@dataclass(frozen=True)
class Withheld:
    """What answers a hand's questions on paper: the tricks whose winner a question asks (by number),
    the cards a play question asks for (seat, card), the steps whose notes explain an answer (every
    note from the first question's step on), and whether the tricks won and the scoring tell it."""

    tricks: frozenset[int] = frozenset()
    cards: frozenset[tuple[str, Card]] = frozenset()
    steps: frozenset[int] = frozenset()
    totals: bool = False


def withheld_parts(trace: "Trace", keys: list[dict[str, Any]]) -> Withheld:
    """What the printed tables must not show, so that the printed questions stay questions."""
    if not keys:
        return Withheld()
    tricks: set[int] = set()
    cards: set[tuple[str, Card]] = set()
    for key in keys:
        step = int(key["step"])
        if key["kind"] == "winner" and step < len(trace.steps):
            for event in trace.steps[step].events:
                number = event.values.get("trick")
                if event.code.startswith("trick-won") and isinstance(number, int):
                    tricks.add(number)
        if key["kind"] == "play" and step + 1 < len(trace.steps):
            action = trace.steps[step + 1].action
            if action is not None and action.card is not None:
                cards.add((action.seat, action.card))
    first = min(int(key["step"]) for key in keys)
    steps = frozenset(s.number for s in trace.steps if s.number >= first)
    totals = any(key["kind"] in ("winner", "score") for key in keys)
    return Withheld(frozenset(tricks), frozenset(cards), steps, totals)


def _labels(_: Callable[[str], str]) -> dict[str, str]:
    return {
        "questions": _("Questions"),
        "answers": _("Answers: {title}"),
        "step": _("Step {step}"),
        "nobody": _("Nobody"),
        "net": _("Net result for {seat}"),
        "team": _("Who scores"),
        "points": _("Points"),
    }


def _choice(value: str, labels: Mapping[str, str], seats: SeatLetters, signed: bool = False) -> str:
    try:
        return (seats.card(Card.parse(value)) if len(value) in (2, 3) and not value.lstrip("-").isdigit()
                else _number(value, signed))
    except ValueError:
        return labels["nobody"] if value == "nobody" else seats(value)


def _number(value: str, signed: bool) -> str:
    n = int(value)
    return f"−{-n}" if n < 0 else (f"+{n}" if signed and n > 0 else str(n))


def _part_label(part: Mapping[str, Any], labels: Mapping[str, str], engine: Callable[[str], str],
                seats: SeatLetters) -> str:
    category = part["category"]
    if category == "contract":
        return labels["net"].format(seat=seats(str(part.get("seat", ""))))
    if category in ("team", "points"):
        return labels[category]
    return engine(messages.CATEGORY_NAMES.get(category, category))


def _reason(reason: Mapping[str, Any] | None, engine: Callable[[str], str], seats: SeatLetters) -> str:
    if not reason:
        return ""
    try:
        return render(reason["code"], seats.values(reason["values"]), engine)
    except KeyError:
        return str(reason.get("text", ""))


def print_parts(keys: list[dict[str, Any]], title: str, ui: Callable[[str], str], engine: Callable[[str], str],
                content: Callable[[str], str], english: Callable[[str], bool] | None = None,
                seats: SeatLetters | None = None, hand: str = "") -> tuple[str, str]:
    """The questions as printed with the hand, and the answers' line for the end of the page.

    ``english`` tells a question's text still shown in English for want of a translation: it is
    printed with ``lang="en"``. ``seats`` shows seats and teams in the page's letters (a compass
    table's by default). ``hand`` (the hand's id) names the answers' hand, for "Print this hand"."""
    if not keys:
        return "", ""
    labels = _labels(ui)
    seats = seats or SeatLetters(ui)
    asked, answered = [], []
    for key in keys:
        text = escape(content(key["text"]))
        if english is not None and english(key["text"]):
            text = f'<span lang="en">{text}</span>'
        step = escape(labels["step"].format(step=key["step"]))
        if "parts" in key:
            choices = "; ".join(
                f'{escape(_part_label(p, labels, engine, seats))}: '
                + " / ".join(escape(_choice(c, labels, seats, p["category"] == "contract")) for c in p["choices"])
                for p in key["parts"])
            answer = "; ".join(
                f'{escape(_part_label(p, labels, engine, seats))}: '
                f'{escape(_choice(p["accepted"], labels, seats, p["category"] == "contract"))}'
                for p in key["parts"])
            why = _reason(key["parts"][0]["reason"], engine, seats)
        else:
            choices = " ".join(escape(_choice(c, labels, seats)) for c in key["choices"])
            answer = ", ".join(escape(_choice(c, labels, seats)) for c in key["accepted"])
            why = _reason(key["reasons"].get(key["accepted"][0]), engine, seats)
        asked.append(f"<li><strong>{step}.</strong> {text} <span class=\"tb-q-print-choices\">{choices}</span></li>")
        answered.append(f"<li><strong>{step}.</strong> {text} <strong>{answer}</strong>. {escape(why)}</li>")
    questions = (f'<div class="tb-questions-print" hidden data-search-exclude>'
                 f'<p><strong>{escape(labels["questions"])}</strong></p>'
                 f'<ol>{"".join(asked)}</ol></div>')
    answers = (f'{ANSWERS_PREFIX} data-hand="{escape(hand)}" data-search-exclude>'
               f'<p><strong>{escape(labels["answers"].format(title=title))}</strong></p>'
               f'<ol>{"".join(answered)}</ol></div>')
    return questions, answers
