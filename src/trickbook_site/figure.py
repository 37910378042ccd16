"""The pre-rendered markup of a worked hand: deal, tricks, narration, scoring, and its data file.

``HandFigure`` reads the hand's replay into what the figure shows (rows, cells, sentences, each
text in the page's language) and ``templates/figure.html`` draws it, with its small pieces (a card,
a seat said in words, a labelled scroll region) in ``templates/parts.html``. The markup reads
without JavaScript; `widgets/hand.js` enhances it. Its shape, the contract with the widgets::

    <figure class="tb-hand" id="hand-ID" data-hand-id="ID" data-engine="static" data-game="nap"
            data-step="0" data-steps="N" data-src="ID.HASH.json" data-embed="../../embed/en/ID/">
      <figcaption class="tb-title">translated title</figcaption>
      <div class="tb-scroll" role="region" tabindex="0" aria-label="Deal">…deal table…</div>
      <div class="tb-scroll" role="region" tabindex="0" aria-label="Tricks">…tricks table…</div>
      <ol class="tb-narration">…</ol>
      <div class="tb-scoring">…</div>
    </figure>

The opening tag is drawn for the page that shows the figure (``Drawn.placed``): ``data-embed`` names
the hand's embed page from there (``embed.embed_root``), and an embed page's figure names its data
file in its page's folder. The hand's data (its record text, the compact trace, the translated title and notes, the
question keys) is written as ``ID.HASH.json`` beside the page (``hand_data.py``), named in
``data-src``, and never stands in the page; the tables and narration carry
``data-search-exclude``, so search reads a hand as its title, trumps, tricks and score.
Everything comes from the hand's ``Trace`` (typed steps, events and the final state); the data file carries the record
and the trace in its compact form, which the widget expands. Every label goes through the `ui` catalog
(the ``_()`` calls are what Babel extracts), engine events through the `engine`
catalog and record titles and notes through the `content` catalog.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any, Callable

from trickbook import messages
from trickbook.cards import Card
from trickbook.messages import (
    CARD_KEYS,
    MESSAGES,
    SUIT_NAMES,
    Event,
    format_value,
    render,
    values_translation,
)

from . import hand_data, templates
from .hands import Hand
from .i18n import typography
from .i18n.fallback import Fallbacks
from .question_print import WITHHELD, Withheld, print_parts, withheld_parts
from .seats import SEAT_KEYS, TEAM_KEYS, SeatLetters
from .templates import Markup, escape

Translate = Callable[[str], str]


def _say(shown: str, said: str) -> Markup:
    """A symbol for the eye and its words for the ear (``say`` in templates/parts.html)."""
    return Markup(templates.macro("parts.html", "say")(shown, said))

# Seats (SEAT_KEYS, from seats.py) are spoken "player A" where a seat is a letter that is not a
# compass point (Nap); widgets/i18n.js keeps the same list for the sentences it writes.
COMPASS = frozenset("NESW")


def _same(text: str) -> str:
    return text


@dataclass(frozen=True)
class Texts:
    """The three catalogs of one language, as gettext-like callables."""

    lang: str                   # the site language code: en, pt, fr
    ui: Translate = _same
    engine: Translate = _same
    content: Translate = _same
    # The content messages shown in English, to mark (lang="en", a marker); None for English pages.
    fallbacks: Fallbacks | None = None


def _labels(_: Translate) -> dict[str, str]:
    """Every label of the markup; literal ``_()`` calls so that Babel extracts them."""
    return {
        "deal": _("Deal"),
        "tricks": _("Tricks"),
        "trick_no": _("#"),
        "winner": _("Winner"),
        "seat": _("Seat"),
        "cards": _("Cards"),
        "dealer": _("dealer"),
        "turn": _("Turned card"),
        "kitty": _("Kitty"),
        "stock": _("Stock"),
        "trump": _("Trumps: {suit}"),
        "no_trump": _("No trumps yet"),
        "narration": _("What happens"),
        "scoring": _("Scoring"),
        "category": _("Category"),
        "who": _("Side"),
        "points": _("Points"),
        "detail": _("Detail"),
        "dealt_to": _("{card}, dealt to {seat}"),
        "payments": _("Payments"),
        "net": _("Net"),
        "score_after": _("Score after the hand: {score}"),
        "balances_after": _("Balances after the hand: {score}"),
        "deal_region": _("Deal: {title}"),
        "tricks_region": _("Tricks: {title}"),
        "scoring_region": _("Scoring: {title}"),
        "payments_region": _("Payments: {title}"),
        "match_won": _("{team} win the match."),
        "no_award": _("Nothing scored yet: the record stops before the end of the hand."),
        "nothing_scored": _("Nobody scores in this hand."),
        "thrown": _("thrown in: {cards}"),
        "sits_out": _("sits out"),
        "tricks_won": _("Tricks won: {list}."),
        "card": _("{rank} of {suit}"),
        "A": _("ace"),
        "K": _("king"),
        "Q": _("queen"),
        "J": _("jack"),
        "player": _("player {seat}"),
        "seat_N": _("North"),
        "seat_E": _("East"),
        "seat_S": _("South"),
        "seat_W": _("West"),
    }


class HandFigure:
    """Renders one hand in one language."""

    def __init__(self, hand: Hand, texts: Texts) -> None:
        self.hand = hand
        self.texts = texts
        self.labels = _labels(texts.ui)
        self.english_labels = _labels(lambda message: message)
        self.trace = hand.trace
        self.record = hand.trace.record
        self.seats: list[str] = list(self.record.seats)
        self.letter_seats = not all(seat in COMPASS for seat in self.seats)
        # The compass letters in the page's language ("O" for West in pt and fr); Nap's letters stay.
        self.shown = SeatLetters(texts.ui, compass=not self.letter_seats)
        self._withheld: Withheld | None = None

    # ----- small pieces ----------------------------------------------------
    def card_name(self, card: Card) -> str:
        """A card's name for speech ("ace of hearts"), from the catalog entries widgets/i18n.js reads too."""
        rank = self.labels.get(card.rank, "10" if card.rank == "T" else card.rank)
        return self.labels["card"].format(rank=rank, suit=self.named("card")(SUIT_NAMES[card.suit]))

    def named(self, label: str) -> Callable[[str], str]:
        """How the values of a label are named: in English while the label itself is (never "ace of picas")."""
        return self.texts.engine if self.labels[label] != self.english_labels[label] else (lambda message: message)

    def seat_name(self, seat: str) -> str:
        """A seat for speech: Nap's letters as "player A", so that "A leads A♥" is never two lone letters."""
        return self.labels["player"].format(seat=seat) if self.letter_seats and len(seat) == 1 else self.shown(seat)

    def alone_name(self, seat: str) -> str:
        """A seat standing alone (a row's or column's heading, a winner): "North", or "player A"."""
        if not self.letter_seats and seat in COMPASS:
            return self.labels[f"seat_{seat}"]
        return self.seat_name(seat)

    def alone(self, seat: str) -> tuple[str, str]:
        """A seat standing alone: its letter for the eye, its name for the ear (``say`` in parts.html)."""
        return self.shown(seat), self.alone_name(seat)

    def card(self, card: Card) -> "CardView":
        return CardView(str(card), self.card_name(card), self.shown.card(card))

    def event_text(self, event: Event) -> str:
        try:
            return render(event.code, self.shown.values(event.values), self.texts.engine)
        except KeyError:
            # A translation whose placeholders the event does not fill: the engine's English text.
            return event.text

    def value_html(self, key: str, value: object, named: Callable[[str], str] | None = None) -> Markup:
        """One value of an event as markup: cards and lettered seats in words for the ear; suits and
        other names through ``named`` (the page's engine catalog by default)."""
        if isinstance(value, (list, tuple)):
            return Markup(", ").join(self.value_html(key, v, named) for v in value)
        card = value if isinstance(value, Card) else None
        if card is None and key in CARD_KEYS and isinstance(value, str):
            try:
                card = Card.parse(value)
            except ValueError:
                card = None
        if card is not None:
            return _say(self.shown.card(card), self.card_name(card))
        if key in SEAT_KEYS and isinstance(value, str):
            return _say(self.shown(value), self.seat_name(value))
        if key in TEAM_KEYS and isinstance(value, str):
            return escape(self.shown(value))
        return escape(format_value(key, value, named or self.texts.engine))

    def event_html(self, event: Event) -> Markup:
        """An event's sentence as markup, cards and seats spoken in words (as widgets/i18n.js fillParts)."""
        try:
            template = escape(self.texts.engine(MESSAGES[event.code]))
            named = values_translation(event.code, self.texts.engine)  # English values in an English sentence
            return Markup(str(template).format_map({k: str(self.value_html(k, v, named))
                                                    for k, v in event.values.items()}))
        except (KeyError, IndexError, ValueError):
            return escape(self.event_text(event))

    def title(self) -> str:
        return self.texts.content(self.record.title or self.hand.id)

    def note(self, note: str | None) -> str | None:
        return self.texts.content(note) if note else None

    def fallback(self, message: str) -> str | None:
        """The state of a content message shown in English for want of a translation (its ``lang="en"``
        and ``data-tb-fallback``), else None."""
        return self.texts.fallbacks.state(message) if self.texts.fallbacks else None

    def english(self, message: str) -> bool:
        return self.fallback(message) is not None

    def marker(self, message: str) -> Markup:
        return Markup(" " + self.texts.fallbacks.marker(message)) if self.english(message) and self.texts.fallbacks \
            else Markup("")

    # ----- the parts, as the template draws them ------------------------------
    def deal_rows(self) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
        deal = self.trace.deal
        rows = [{"seat": self.alone(seat), "dealer": seat == self.record.dealer,
                 "cards": [self.card(c) for c in deal.hands.get(seat, [])]} for seat in self.seats]
        extras = [("turn", [deal.turn] if deal.turn else []), ("kitty", deal.kitty), ("stock", deal.stock)]
        return rows, [{"label": self.labels[key], "cards": [self.card(c) for c in cards]}
                      for key, cards in extras if cards]

    def trick_rows(self) -> list[dict[str, Any]]:
        held = self.withheld()
        rows = []
        for number, trick in enumerate(self.trace.tricks, start=1):
            cells: dict[str, dict[str, Any]] = {s: {"card": None, "thrown": None, "out": False} for s in self.seats}
            for entry in trick.entries:
                if entry.card is None:
                    cells[entry.seat]["thrown"] = [self.card(c) for c in entry.thrown]
                else:
                    cells[entry.seat]["card"] = self.card(entry.card)
            first = trick.entries[0] if trick.entries else None
            lead = trick.leader if first is not None and first.seat == trick.leader and first.card is not None else None
            played = {e.seat for e in trick.entries if (e.seat, e.card) in held.cards}
            for seat, cell in cells.items():
                # A seat with no card in a finished trick sat out (a Euchre lone hand).
                cell["out"] = bool(trick.winner) and not (cell["card"] or cell["thrown"])
                cell["lead"] = seat == lead
                # A card a play question asks for, and a trick a winner question asks about, print blank.
                cell["withheld"] = WITHHELD if seat in played else ""
            rows.append({"number": number, "cells": [cells[s] for s in self.seats],
                         "winner": self.alone(trick.winner) if trick.winner else None,
                         "withheld": WITHHELD if number in held.tricks else ""})
        return rows

    def narration_items(self) -> list[dict[str, Any]]:
        items = []
        for step in self.trace.steps:
            note = self.note(step.note)
            shown = bool(note and step.note is not None)
            items.append({"number": step.number, "events": [self.event_html(e) for e in step.events],
                          "note": note if shown else None,
                          "note_fallback": self.fallback(step.note) if shown and step.note else None,
                          "marker": self.marker(step.note) if shown and step.note else Markup(""),
                          "withheld": WITHHELD if step.number in self.withheld().steps else ""})
        return items

    def withheld(self) -> "Withheld":
        """What the printed hand leaves blank because it answers one of the hand's questions."""
        if self._withheld is None:
            self._withheld = withheld_parts(self.trace, self.hand.question_keys)
        return self._withheld

    def dealt(self, category: str) -> tuple[Card, str] | None:
        """High's or Low's card and the seat dealt it, as the event that scored it says."""
        codes = (category, f"{category}-captured")
        for step in self.trace.steps:
            for event in step.events:
                card, seat = event.values.get("card"), event.values.get("seat")
                if event.code in codes and isinstance(card, Card) and isinstance(seat, str):
                    return card, seat
        return None

    def award_rows(self) -> list[dict[str, Any]]:
        rows = []
        for award in self.trace.awards:
            found = self.dealt(award.category) if award.category in ("high", "low") else None
            rows.append({"name": self.texts.engine(messages.CATEGORY_NAMES.get(award.category, award.category)),
                         "team": self.alone(award.team), "points": award.points,
                         "card": self.card(found[0]) if found else None,
                         "holder": self.shown(found[1]) if found else None})
        return rows

    def score_line(self) -> str | None:
        score = self.trace.state.score
        if not score:
            return None
        # A negative score with a true minus sign, as in the payment table.
        shown = ", ".join(f"{self.shown(k)} {v}" if v >= 0 else f"{self.shown(k)} −{-v}" for k, v in score.items())
        # A game whose scores do not count up (Nap) keeps balances: what each seat has won and paid.
        line = self.labels["score_after"] if type(self.trace.state).scores_count_up else self.labels["balances_after"]
        return line.format(score=shown)

    def trump(self) -> str:
        suit = self.trace.state.trump
        if suit:
            return self.labels["trump"].format(suit=self.named("trump")(SUIT_NAMES[suit]))
        return self.labels["no_trump"]

    def tricks_won(self) -> str | None:
        """How many tricks each seat took: with the title and trumps, what the search index reads."""
        taken = {seat: 0 for seat in self.seats}
        for trick in self.trace.tricks:
            if trick.winner in taken:
                taken[trick.winner] += 1
        if not any(taken.values()):
            return None
        return self.labels["tricks_won"].format(list=", ".join(f"{self.shown(seat)} {n}" for seat, n in taken.items()))

    def data_file(self, step: int) -> tuple[str, str]:
        """The hand's data file, beside its page: its name (``hand_data.data_file_name``) and its JSON text,
        the record text, the compact trace and the translated title and notes, with the language's
        typography on the prose the widget shows."""
        notes = {str(n): self.note(text) for n, text in self.record.notes.items() if text}
        data: dict[str, Any] = {
            "id": self.hand.id, "game": self.record.game, "lang": self.texts.lang,
            "title": self.title(), "notes": notes, "record": self.hand.text,
            "replay": None, "step": step,  # the compact trace, written once per hand, goes in below
        }
        english = [str(n) for n, text in self.record.notes.items() if text and self.english(text)]
        if english:
            data["notes_en"] = english  # shown in English: lang="en", and no French typography
        if self.hand.question_keys:
            # A question still in English for want of a translation is marked so (lang="en" on its text).
            data["questions"] = [{**key, "text": self.texts.content(key["text"]),
                                  **({"text_en": True} if self.english(key["text"]) else {})}
                                 for key in self.hand.question_keys]
        rules = typography.text_rules(self.texts.lang)
        if rules is not None:
            data = typography.hand_data(data, rules)
        text = json.dumps(data, ensure_ascii=False, separators=(",", ":"))
        # Only the key can read `"replay":null` here: in a string value its quotes would be escaped.
        text = text.replace('"replay":null', '"replay":' + self.hand.compact_text, 1)
        # "<" written \u003c, as it was when the data stood in the page: no "</script>" or "<!--" in it.
        text = text.replace("<", "\\u003c")
        return hand_data.data_file_name(text, self.hand.id), text  # the id written above: not read back

    def draw(self, step: int = 0) -> "Drawn":
        """The figure at ``step``, naming its data file (``data-src``), and that file (templates/figure.html)."""
        name, data = self.data_file(step)
        questions, answers = print_parts(
            self.hand.question_keys, self.title(), self.texts.ui, self.texts.engine, self.texts.content,
            english=self.english, seats=self.shown, hand=self.hand.id)
        deal, extras = self.deal_rows()
        state = self.trace.state
        winner = state.winner
        view = {
            "labels": self.labels, "title": self.title(),
            "title_fallback": self.fallback(self.record.title or self.hand.id),
            "deal": deal, "extras": extras, "trump": self.trump(), "tricks_won": self.tricks_won(),
            "seats": [self.alone(s) for s in self.seats], "tricks": self.trick_rows(),
            "narration": self.narration_items(), "awards": self.award_rows(),
            # A finished hand without points (everybody passed) is not a record that stops early.
            "no_award": self.labels["nothing_scored" if state.is_terminal else "no_award"],
            "payments": [(self.alone(s), _signed(n)) for s, n in (self.trace.payments or {}).items()],
            "score": self.score_line(),
            "match_won": self.labels["match_won"].format(team=self.shown(winner)) if winner else None,
            "totals_withheld": WITHHELD if self.withheld().totals else "",
            "questions": Markup(questions),
        }
        # The printed answers go to the end of the page (hands.expand_blocks), not in the figure.
        return Drawn(self.hand.id, self.record.game, step, len(self.trace.steps) - 1,
                     templates.render("figure.html", f=view), name, data, answers)

    def html(self, step: int = 0) -> str:
        """The figure, and on the line after it its printed answers' line, as a page's Markdown holds
        them (``hands.expand_blocks`` moves that line to the page's end)."""
        drawn = self.draw(step)
        return "\n".join(part for part in (drawn.html, drawn.answers) if part)


@dataclass(frozen=True)
class CardView:
    """A card as a figure draws it: its code (``data-card``), its name in words, its letters for the eye."""

    code: str
    name: str
    shown: str


@dataclass(frozen=True)
class Drawn:
    """A hand's figure, its data file (written beside the page that shows the figure) and the line of
    its printed answers (at the end of the page; "" for a hand without questions).

    ``body`` is the figure after its opening tag, which ``placed`` draws for the page that shows it."""

    hand: str
    game: str
    step: int
    steps: int
    body: str
    data_name: str
    data: str
    answers: str = ""

    def placed(self, embed: str | None = None, folder: str = "", code: str = "") -> str:
        """The figure as a page shows it: its opening tag with its embed page's address (``data-embed``)
        and, from a page in another folder than the hand's own page (its embed page), the way to that
        folder before its data file's name (``data-src``); ``code``, a printed hand's QR code
        (``handouts.code_block``), goes last."""
        opening = templates.macro("parts.html", "opening")(
            self.hand, self.game, self.step, self.steps, folder + self.data_name, embed)
        return "\n".join(part for part in (opening, self.body, code, "</figure>") if part)

    @property
    def html(self) -> str:
        return self.placed()


def _signed(n: int) -> str:
    return f"+{n}" if n > 0 else ("−" + str(-n) if n < 0 else "0")


def draw_hand(hand: Hand, step: int, texts: Texts) -> Drawn:
    return HandFigure(hand, texts).draw(step)


def render_hand(hand: Hand, step: int, texts: Texts) -> str:
    return HandFigure(hand, texts).html(step)
