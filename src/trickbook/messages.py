"""Message templates for reasons and events, keyed by stable codes.

The engine speaks English only. Every template is wrapped in ``N_`` (a no-op
marker) so that Babel extracts it into the ``engine`` catalog; the generator and
the widgets translate a code's template through the catalogs and fill in the
values themselves. Templates use named placeholders (``{seat}``, ``{card}``) and
avoid plural nouns so that one template serves any number. A ``{team}`` is two
seats (NS, EW), so its verb takes the plural ("NS score 2").

Cards always reach the reader by name (``10♥``), never as a code (``TH``): any
value under a key of ``CARD_KEYS`` is shown as a card, here and in the browser
(``widgets/i18n.js`` keeps the same list).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, Mapping

from .cards import Card
from .declared import declared


def N_(message: str) -> str:
    """Mark a string for extraction; return it unchanged."""
    return message


SUIT_NAMES = {
    "S": N_("spades"),
    "H": N_("hearts"),
    "D": N_("diamonds"),
    "C": N_("clubs"),
}

# The words of the verbs, contracts and score categories are what the registered games declare
# (``declared.py``): ``CATEGORY_NAMES``, ``CONTRACT_NAMES`` and ``VERB_NAMES`` read them, each time.
_WORDS = {"CATEGORY_NAMES": "category_words", "CONTRACT_NAMES": "contract_words", "VERB_NAMES": "verb_words"}


def __getattr__(name: str) -> Any:
    if name in _WORDS:
        return dict(getattr(declared(), _WORDS[name]))
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


MESSAGES: dict[str, str] = {
    "not-your-turn": N_("It is {current}'s turn, not {seat}'s."),
    "card-not-in-hand": N_("{seat} does not hold {card}."),
    "must-follow-suit": N_("{seat} holds {suit} and must follow suit."),
    "not-now": N_("{seat} cannot {verb} now."),
    "unknown-verb": N_("{verb} is not an action in this game."),
    "hand-over": N_("The hand is over."),
    "match-over": N_("The match is over: {team} have won."),
    "trick-won": N_("{seat} wins the trick with {card}."),
    "trick-won-trump": N_("{seat} wins the trick with {card}, the highest trump."),
    "trick-won-led": N_("{seat} wins the trick with {card}, the highest card of the suit led ({suit})."),
    "plays": N_("{seat} plays {card}."),
    "leads": N_("{seat} leads {card}."),
    "trump-set": N_("Trumps are {suit}."),
    "deal": N_("{dealer} deals."),
    "score": N_("{team} score {points} for {category}."),
    "no-score": N_("Nobody scores {category}: {why}"),
    "match-won": N_("{team} win the match."),
}


def register(messages: Mapping[str, str]) -> None:
    """Add a game's templates; a code may be registered once with one text."""
    for code, text in messages.items():
        old = MESSAGES.get(code)
        if old is not None and old != text:
            raise RuntimeError(f"message code {code!r} registered twice with different text")
        MESSAGES[code] = text


MINUS = "\u2212"

# What every placeholder of every template names, in one place: the seats, teams, cards and suits
# that the pages and the widgets show in the reader's letters and words are the keys of those kinds
# (the build hands the lists to ``widgets/i18n.js`` in each language's catalog). A template with a
# placeholder that is not listed here fails the tests, so a new seat cannot be shown unconverted.
PLACEHOLDER_KINDS: dict[str, str] = {
    **dict.fromkeys(("seat", "current", "dealer", "maker", "partner", "you", "captor", "owner", "payer",
                     "payee", "declarer", "defender", "foe", "winner"), "seat"),
    # ``other`` is the other team, or the seat that can still beat a trick: a seat's letters either way.
    **dict.fromkeys(("team", "other"), "team"),
    **dict.fromkeys(("card", "cards", "right", "left", "kept"), "card"),
    **dict.fromkeys(("suit", "trump", "led", "other_suit"), "suit"),
    **dict.fromkeys(("points", "count", "tricks", "needed", "target", "total", "other_total", "against",
                     "ours", "theirs", "step", "higher", "lower"),
                    "number"),
    "category": "category",
    "contract": "contract",
    "verb": "verb",
    "why": "message",
    **dict.fromkeys(("option", "value"), "text"),
}


def keys_of(kind: str) -> frozenset[str]:
    """The placeholders of one kind (``"seat"``, ``"team"``, ``"card"``, ``"suit"``…)."""
    return frozenset(key for key, named in PLACEHOLDER_KINDS.items() if named == kind)


# Keys whose values are cards (or lists of cards), suits, seats, and teams of two seats (NS, EW).
CARD_KEYS = keys_of("card")
SUIT_KEYS = keys_of("suit")
SEAT_KEYS = keys_of("seat")
TEAM_KEYS = keys_of("team")


def format_value(key: str, value: Any, translate: Callable[[str], str]) -> str:
    """How a value appears in a message: cards as ``10♥``, suits by name."""
    if isinstance(value, Card):
        return value.display
    if isinstance(value, int) and not isinstance(value, bool) and value < 0:
        return MINUS + str(-value)  # a true minus sign, as in the scoring tables
    if isinstance(value, (list, tuple)):
        return ", ".join(format_value(key, v, translate) for v in value)
    if key in SUIT_KEYS and isinstance(value, str) and value in SUIT_NAMES:
        return translate(SUIT_NAMES[value])
    if key in ("category", "contract", "verb") and isinstance(value, str):
        words = getattr(declared(), f"{key}_words")
        if value in words:
            return translate(words[value])
    # A ``why`` value is itself a message code (``why-game-tie``), so it translates too.
    if key == "why" and isinstance(value, str) and value in MESSAGES:
        return translate(MESSAGES[value])
    if key in CARD_KEYS and isinstance(value, str):
        try:
            return Card.parse(value).display
        except ValueError:
            return value
    return str(value)


def _english(message: str) -> str:
    return message


def values_translation(code: str, translate: Callable[[str], str]) -> Callable[[str], str]:
    """How a template's values are named: in the template's language, so in English while the
    template itself has no translation ("Trumps are hearts", never "Trumps are corazones")."""
    return translate if translate(MESSAGES[code]) != MESSAGES[code] else _english


def render(code: str, values: Mapping[str, Any], translate: Callable[[str], str] = _english) -> str:
    """Fill a code's template (translated by ``translate``) with its values, named in the same language.

    >>> spanish = {"Trumps are {suit}.": "El triunfo es {suit}.", "hearts": "corazones"}.get
    >>> render("trump-set", {"suit": "H"}, lambda s: spanish(s) or s)
    'El triunfo es corazones.'
    >>> render("trump-set", {"suit": "H"}, lambda s: {"hearts": "corazones"}.get(s, s))
    'Trumps are hearts.'
    """
    template = translate(MESSAGES[code])
    named = values_translation(code, translate)
    shown = {k: format_value(k, v, named) for k, v in values.items()}
    return template.format_map(shown)


def _jsonable(value: Any) -> Any:
    if isinstance(value, Card):
        return str(value)
    if isinstance(value, (list, tuple)):
        return [_jsonable(v) for v in value]
    return value


@dataclass(frozen=True)
class Message:
    """A reason or an event: a stable code and the values its template needs."""

    code: str
    values: Mapping[str, Any] = field(default_factory=dict)

    def __init__(self, code: str, values: Mapping[str, Any] | None = None) -> None:
        # Frozen: the fields are written once, here, without the frozen setter per field (the
        # engine makes one per event, and one per card its follow rule refuses).
        fields = self.__dict__
        fields["code"] = code
        fields["values"] = {} if values is None else values

    @property
    def text(self) -> str:
        """The English sentence."""
        return render(self.code, self.values)

    def as_dict(self) -> dict[str, Any]:
        return {"code": self.code, "values": {k: _jsonable(v) for k, v in self.values.items()}, "text": self.text}


class Reason(Message):
    """Why an action is illegal."""


class Event(Message):
    """Something that happened: a trick won, a point scored, a payment."""
