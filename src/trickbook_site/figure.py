"""The pre-rendered markup of a worked hand: deal, tricks, narration, scoring, and its data file.

The markup reads without JavaScript; `widgets/hand.js` enhances it. Its shape, the contract
with the widgets::

    <figure class="tb-hand" id="hand-ID" data-hand-id="ID" data-engine="static" data-game="nap"
            data-step="0" data-steps="N" data-src="ID.HASH.json">
      <figcaption class="tb-title">translated title</figcaption>
      <div class="tb-scroll" role="region" tabindex="0" aria-label="Deal">…deal table…</div>
      <div class="tb-scroll" role="region" tabindex="0" aria-label="Tricks">…tricks table…</div>
      <ol class="tb-narration">…</ol>
      <div class="tb-scoring">…</div>
    </figure>

The hand's data (its record text, the compact trace, the translated title and notes, the
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
from html import escape
from typing import Any, Callable, Iterable

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
from trickbook.tricks import Trick

from . import hand_data
from .hands import Hand
from .i18n import typography
from .i18n.fallback import Fallbacks
from .question_print import WITHHELD, Withheld, print_parts, withheld_parts
from .seats import SEAT_KEYS, TEAM_KEYS, SeatLetters

Translate = Callable[[str], str]

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

    def alone(self, seat: str) -> str:
        """A seat standing alone as markup: its letter for the eye, its name for the ear."""
        return self.say(self.shown(seat), self.alone_name(seat))

    @staticmethod
    def say(shown: str, said: str) -> str:
        """The eye's text hidden from speech, and the words for screen readers only (no wrapper:
        widgets/hand.css keeps the hidden words inside the element that holds them)."""
        if shown == said:
            return escape(shown)
        return f'<span aria-hidden="true">{escape(shown)}</span><span class="tb-sr">{escape(said)}</span>'

    def card(self, card: Card) -> str:
        """A card as an image named in words; its colour comes from its suit in ``data-card`` (widgets/hand.css)."""
        return (f'<span class="tb-card" data-card="{card}" role="img" '
                f'aria-label="{escape(self.card_name(card))}">{escape(self.shown.card(card))}</span>')

    def cards(self, cards: Iterable[Card]) -> str:
        return '<span class="tb-cards">' + " ".join(self.card(c) for c in cards) + "</span>"

    def region(self, label: str, table: str) -> str:
        """A wide table in its own scrolling, focusable, labelled region, kept out of the search index."""
        return (f'<div class="tb-scroll" role="region" tabindex="0" aria-label="{escape(label)}" '
                f'data-search-exclude>{table}</div>')

    def event_text(self, event: Event) -> str:
        try:
            return render(event.code, self.shown.values(event.values), self.texts.engine)
        except KeyError:
            # A translation whose placeholders the event does not fill: the engine's English text.
            return event.text

    def value_html(self, key: str, value: object, named: Callable[[str], str] | None = None) -> str:
        """One value of an event as markup: cards and lettered seats in words for the ear; suits and
        other names through ``named`` (the page's engine catalog by default)."""
        if isinstance(value, (list, tuple)):
            return ", ".join(self.value_html(key, v, named) for v in value)
        card = value if isinstance(value, Card) else None
        if card is None and key in CARD_KEYS and isinstance(value, str):
            try:
                card = Card.parse(value)
            except ValueError:
                card = None
        if card is not None:
            return self.say(self.shown.card(card), self.card_name(card))
        if key in SEAT_KEYS and isinstance(value, str):
            return self.say(self.shown(value), self.seat_name(value))
        if key in TEAM_KEYS and isinstance(value, str):
            return escape(self.shown(value))
        return escape(format_value(key, value, named or self.texts.engine))

    def event_html(self, event: Event) -> str:
        """An event's sentence as markup, cards and seats spoken in words (as widgets/i18n.js fillParts)."""
        try:
            template = escape(self.texts.engine(MESSAGES[event.code]))
            named = values_translation(event.code, self.texts.engine)  # English values in an English sentence
            return template.format_map({k: self.value_html(k, v, named) for k, v in event.values.items()})
        except (KeyError, IndexError, ValueError):
            return escape(self.event_text(event))

    def title(self) -> str:
        return self.texts.content(self.record.title or self.hand.id)

    def note(self, note: str | None) -> str | None:
        return self.texts.content(note) if note else None

    def english(self, message: str) -> str:
        """The attributes of a content message shown in English for want of a translation, else ""."""
        state = self.texts.fallbacks.state(message) if self.texts.fallbacks else None
        return f' lang="en" data-tb-fallback="{state}"' if state else ""

    def marker(self, message: str) -> str:
        return " " + self.texts.fallbacks.marker(message) if self.english(message) and self.texts.fallbacks else ""

    # ----- the parts -------------------------------------------------------
    def deal_table(self) -> str:
        L = self.labels
        deal = self.trace.deal
        rows = []
        for seat in self.seats:
            name = self.alone(seat)
            if seat == self.record.dealer:
                name += f' <span class="tb-dealer">({escape(L["dealer"])})</span>'
            rows.append(f'<tr><th scope="row">{name}</th><td>{self.cards(deal.hands.get(seat, []))}</td></tr>')
        extras = [("turn", [deal.turn] if deal.turn else []), ("kitty", deal.kitty), ("stock", deal.stock)]
        for key, cards in extras:
            if cards:
                rows.append(f'<tr class="tb-extra"><th scope="row">{escape(L[key])}</th>'
                            f'<td>{self.cards(cards)}</td></tr>')
        head = (f'<thead><tr><th scope="col">{escape(L["seat"])}</th>'
                f'<th scope="col">{escape(L["cards"])}</th></tr></thead>')
        table = f'<table class="tb-grid tb-deal-table">{head}<tbody>{"".join(rows)}</tbody></table>'
        return self.region(L["deal_region"].format(title=self.title()), table)

    def trick_row(self, number: int, trick: Trick) -> str:
        L = self.labels
        cells = {s: "" for s in self.seats}
        for entry in trick.entries:
            if entry.card is None:
                cells[entry.seat] = escape(L["thrown"]).replace("{cards}", self.cards(entry.thrown))
            else:
                cells[entry.seat] = self.card(entry.card)
        if trick.winner:
            # A seat with no card in a finished trick sat out (a Euchre lone hand).
            for seat in self.seats:
                cells[seat] = cells[seat] or f'<span class="tb-out">{escape(L["sits_out"])}</span>'
        first = trick.entries[0] if trick.entries else None
        lead = trick.leader if first is not None and first.seat == trick.leader and first.card is not None else None
        held = self.withheld()
        played = {e.seat for e in trick.entries if (e.seat, e.card) in held.cards}
        # A card a play question asks for, and a trick a winner question asks about, print blank.
        tds = "".join("<td" + (' class="tb-lead"' if s == lead else "") + (WITHHELD if s in played else "")
                      + f">{cells[s]}</td>" for s in self.seats)
        winner = self.alone(trick.winner) if trick.winner else ""
        blank = WITHHELD if number in held.tricks else ""
        return f'<tr><th scope="row">{number}</th>{tds}<td class="tb-winner"{blank}>{winner}</td></tr>'

    def trick_table(self) -> str:
        L = self.labels
        if not self.trace.tricks:
            return ""  # a hand over before a card is played (a gift, a throw-in of the deal) has no tricks to show
        head = "".join(f'<th scope="col">{self.alone(s)}</th>' for s in self.seats)
        head = (f'<thead><tr><th scope="col">{escape(L["trick_no"])}</th>{head}'
                f'<th scope="col">{escape(L["winner"])}</th></tr></thead>')
        rows = [self.trick_row(number, trick) for number, trick in enumerate(self.trace.tricks, start=1)]
        table = f'<table class="tb-grid tb-trick-table">{head}<tbody>{"".join(rows)}</tbody></table>'
        return self.region(L["tricks_region"].format(title=self.title()), table)

    def narration(self) -> str:
        items = []
        for step in self.trace.steps:
            parts = [self.event_html(e) for e in step.events]
            note = self.note(step.note)
            if note and step.note is not None:
                parts.append(f'<span class="tb-note"{self.english(step.note)}>{escape(note)}</span>'
                             + self.marker(step.note))
            held = WITHHELD if step.number in self.withheld().steps else ""
            items.append(f'<li data-step="{step.number}"{held}>{" ".join(parts)}</li>')
        return (f'<ol class="tb-narration" start="0" data-search-exclude '
                f'aria-label="{escape(self.labels["narration"])}">{"".join(items)}</ol>')

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

    def scoring(self) -> str:
        L = self.labels
        parts = []
        awards = self.trace.awards
        if awards:
            rows = []
            for award in awards:
                name = self.texts.engine(messages.CATEGORY_NAMES.get(award.category, award.category))
                detail = ""
                found = self.dealt(award.category) if award.category in ("high", "low") else None
                if found:
                    card, holder = found
                    detail = (escape(L["dealt_to"]).replace("{card}", self.card(card))
                              .replace("{seat}", escape(self.shown(holder))))
                rows.append(f'<tr><th scope="row">{escape(name)}</th><td>{self.alone(award.team)}</td>'
                            f'<td class="tb-points">{award.points}</td><td>{detail}</td></tr>')
            head = "".join(f'<th scope="col">{escape(L[k])}</th>' for k in ("category", "who", "points", "detail"))
            table = (f'<table class="tb-grid tb-score-table"><thead><tr>{head}</tr></thead>'
                     f'<tbody>{"".join(rows)}</tbody></table>')
            parts.append(self.region(L["scoring_region"].format(title=self.title()), table))
        else:
            # A finished hand without points (everybody passed) is not a record that stops early.
            over = self.trace.state.is_terminal
            parts.append(f'<p class="tb-no-award">{escape(L["nothing_scored"] if over else L["no_award"])}</p>')
        payments = self.trace.payments
        if payments:
            cells = "".join(f'<tr><th scope="row">{self.alone(s)}</th><td class="tb-points">{_signed(n)}</td></tr>'
                            for s, n in payments.items())
            head = (f'<thead><tr><th scope="col">{escape(L["seat"])}</th>'
                    f'<th scope="col">{escape(L["net"])}</th></tr></thead>')
            table = f'<table class="tb-grid tb-payment-table">{head}<tbody>{cells}</tbody></table>'
            parts.append(self.region(L["payments_region"].format(title=self.title()), table))
        score = self.trace.state.score
        if score:
            # A negative score with a true minus sign, as in the payment table.
            shown = ", ".join(f"{self.shown(k)} {v}" if v >= 0 else f"{self.shown(k)} −{-v}" for k, v in score.items())
            # A game whose scores do not count up (Nap) keeps balances: what each seat has won and paid.
            line = L["score_after"] if type(self.trace.state).scores_count_up else L["balances_after"]
            parts.append(f'<p class="tb-score">{escape(line.format(score=shown))}</p>')
        winner = self.trace.state.winner
        if winner:
            parts.append(f'<p class="tb-match-won">{escape(L["match_won"].format(team=self.shown(winner)))}</p>')
        held = WITHHELD if self.withheld().totals else ""
        return f'<div class="tb-scoring"{held}>{"".join(parts)}</div>'

    def trump(self) -> str:
        suit = self.trace.state.trump
        if suit:
            text = self.labels["trump"].format(suit=self.named("trump")(SUIT_NAMES[suit]))
        else:
            text = self.labels["no_trump"]
        return f'<p class="tb-trump">{escape(text)}</p>' + self.tricks_won()

    def tricks_won(self) -> str:
        """How many tricks each seat took: with the title and trumps, what the search index reads."""
        taken = {seat: 0 for seat in self.seats}
        for trick in self.trace.tricks:
            if trick.winner in taken:
                taken[trick.winner] += 1
        if not any(taken.values()):
            return ""
        shown = ", ".join(f"{self.shown(seat)} {n}" for seat, n in taken.items())
        held = WITHHELD if self.withheld().totals else ""
        return f'<p class="tb-tricks-won"{held}>{escape(self.labels["tricks_won"].format(list=shown))}</p>'

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
        """The figure at ``step``, naming its data file (``data-src``), and that file."""
        hid = escape(self.hand.id)
        game = escape(self.record.game)
        name, data = self.data_file(step)
        html = "\n".join(part for part in [
            f'<figure class="tb-hand" id="hand-{hid}" data-hand-id="{hid}" data-engine="static" '
            f'data-game="{game}" data-step="{step}" data-steps="{len(self.trace.steps) - 1}" data-src="{name}">',
            f'<figcaption class="tb-title"{self.english(self.record.title or self.hand.id)}>{escape(self.title())}'
            f'</figcaption>',
            self.deal_table(),
            self.trump(),
            self.trick_table(),
            self.narration(),
            self.scoring(),
            *print_parts(self.hand.question_keys, self.title(), self.texts.ui, self.texts.engine, self.texts.content,
                         english=lambda message: bool(self.english(message)), seats=self.shown, hand=self.hand.id),
            "</figure>",
        ] if part)
        return Drawn(html, name, data)

    def html(self, step: int = 0) -> str:
        return self.draw(step).html


@dataclass(frozen=True)
class Drawn:
    """A hand's figure and its data file (written beside the page that shows the figure)."""

    html: str
    data_name: str
    data: str


def _signed(n: int) -> str:
    return f"+{n}" if n > 0 else ("−" + str(-n) if n < 0 else "0")


def draw_hand(hand: Hand, step: int, texts: Texts) -> Drawn:
    return HandFigure(hand, texts).draw(step)


def render_hand(hand: Hand, step: int, texts: Texts) -> str:
    return HandFigure(hand, texts).html(step)
