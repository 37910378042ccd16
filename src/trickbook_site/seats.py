"""Seat letters as a page's reader writes them: the compass seats of a record, in the page's language.

Records speak English: their seats are N, E, S and W and their teams NS and EW. A Portuguese or
French reader writes West with an O (Oeste, Ouest), so a page shows each compass letter through the
``ui`` catalog's ``pgettext("seat letter", …)`` entries, which a translator sets. A team is its two
letters, each in its place ("EW" is "EO"). Nap's seats (A to G) are not compass points and keep
their letters. ``widgets/i18n.js`` (``seatShown``) reads the same entries in the browser.

>>> letters = SeatLetters(lambda message: {"seat letter\\x04W": "O"}.get(message, message))
>>> [letters(v) for v in ("W", "EW", "WE", "N", "NS", "A", "West")]
['O', 'EO', 'OE', 'N', 'NS', 'A', 'West']
>>> SeatLetters(lambda message: message)("EW")
'EW'
>>> SeatLetters(lambda message: {"seat letter\\x04W": "O"}.get(message, message), compass=False)("W")
'W'

Cards are shown the same way: a record's ranks are A, K, Q, J and T, and a page writes each face
card's letter through the ``rank letter`` entries (R, D and V for the king, queen and jack in
Portuguese and French). Records, the notation and every ``data-card`` keep the English codes.

>>> french = SeatLetters(lambda m: {"rank letter\\x04K": "R", "rank letter\\x04J": "V"}.get(m, m))
>>> [french.card(c) for c in ("KC", "JH", "TD", "AS")]
['R♣', 'V♥', '10♦', 'A♠']
>>> french.values({"card": "QS", "cards": ["KH", "9H"], "seat": "N"})
{'card': 'Q♠', 'cards': ['R♥', '9♥'], 'seat': 'N'}
"""

from __future__ import annotations

import re
from typing import Any, Callable, Mapping

from trickbook import messages
from trickbook.cards import SUIT_SYMBOLS, Card

Translate = Callable[[str], str]

# Keys whose values are seats, and keys whose values are teams of two seats (``NS``, ``EW``): the
# engine's one list of what each placeholder names (``trickbook.messages.PLACEHOLDER_KINDS``).
SEAT_KEYS = messages.SEAT_KEYS
TEAM_KEYS = messages.TEAM_KEYS
_COMPASS_VALUE = re.compile(r"[NESW]{1,2}")


def context_gettext(ui: Translate, context: str, message: str) -> str:
    """``pgettext`` through a catalog lookup that keys context entries ``context + "\\x04" + msgid``."""
    found = ui(f"{context}\x04{message}")
    return message if not found or "\x04" in found else found


def compass_letters(ui: Translate) -> dict[str, str]:
    """Each compass seat's letter in the catalog's language; literal calls so that Babel extracts them."""
    def pgettext(context: str, message: str) -> str:
        return context_gettext(ui, context, message)

    return {
        # TRANSLATORS: the letter of the seat North, alone or in a team's name (NS). Records keep N.
        "N": pgettext("seat letter", "N"),
        # TRANSLATORS: the letter of the seat East, alone or in a team's name (EW). Records keep E.
        "E": pgettext("seat letter", "E"),
        # TRANSLATORS: the letter of the seat South, alone or in a team's name (NS). Records keep S.
        "S": pgettext("seat letter", "S"),
        # TRANSLATORS: the letter of the seat West, alone or in a team's name (EW): the first letter of
        # the word for West (O for Oeste, Ouest). Records keep W.
        "W": pgettext("seat letter", "W"),
    }


def rank_letters(ui: Translate) -> dict[str, str]:
    """Each lettered rank as the catalog's language writes it on a card; literal calls for Babel."""
    def pgettext(context: str, message: str) -> str:
        return context_gettext(ui, context, message)

    return {
        # TRANSLATORS: the letter of the ace on a card shown to the reader (A♠). Records keep A.
        "A": pgettext("rank letter", "A"),
        # TRANSLATORS: the letter of the king on a card shown to the reader (K♣): the first letter
        # of the word for king (R for rei, roi). Records keep K.
        "K": pgettext("rank letter", "K"),
        # TRANSLATORS: the letter of the queen on a card shown to the reader (Q♦): the first letter
        # of the word for queen (D for dama, dame). Records keep Q.
        "Q": pgettext("rank letter", "Q"),
        # TRANSLATORS: the letter of the jack on a card shown to the reader (J♥): the first letter
        # of the word for jack (V for valete, valet). Records keep J.
        "J": pgettext("rank letter", "J"),
    }


class SeatLetters:
    """Shows a record's seat or team value in a language's letters; ``compass=False`` (Nap) leaves all as is.

    ``card`` shows a card with its rank in the language's letters, for every table, Nap's too."""

    def __init__(self, ui: Translate, compass: bool = True) -> None:
        self.letters = compass_letters(ui) if compass else {}
        self.ranks = rank_letters(ui)

    def card(self, card: Card | str) -> str:
        """A card for the eye ("R♣" on a French page); anything that is not a card as it is."""
        if not isinstance(card, Card):
            try:
                card = Card.parse(card)
            except ValueError:
                return str(card)
        rank = "10" if card.rank == "T" else self.ranks.get(card.rank, card.rank)
        return rank + SUIT_SYMBOLS[card.suit]

    def __call__(self, value: str) -> str:
        if not self.letters or not _COMPASS_VALUE.fullmatch(value):
            return value
        return "".join(self.letters.get(letter, letter) for letter in value)

    def values(self, values: Mapping[str, Any]) -> dict[str, Any]:
        """An event's values with its seats, teams and cards in these letters (for ``trickbook.messages.render``)."""
        return {k: self._value(k, v) for k, v in values.items()}

    def _value(self, key: str, value: Any) -> Any:
        if (key in SEAT_KEYS or key in TEAM_KEYS) and isinstance(value, str):
            return self(value)
        if key in messages.CARD_KEYS or isinstance(value, Card):
            if isinstance(value, (list, tuple)):
                return [self.card(v) if isinstance(v, (str, Card)) else v for v in value]
            if isinstance(value, (str, Card)):
                return self.card(value)
        return value
