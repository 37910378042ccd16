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
"""

from __future__ import annotations

import re
from typing import Any, Callable, Mapping

from trickbook import messages

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


class SeatLetters:
    """Shows a record's seat or team value in a language's letters; ``compass=False`` (Nap) leaves all as is."""

    def __init__(self, ui: Translate, compass: bool = True) -> None:
        self.letters = compass_letters(ui) if compass else {}

    def __call__(self, value: str) -> str:
        if not self.letters or not _COMPASS_VALUE.fullmatch(value):
            return value
        return "".join(self.letters.get(letter, letter) for letter in value)

    def values(self, values: Mapping[str, Any]) -> dict[str, Any]:
        """An event's values with its seats and teams in these letters (for ``trickbook.messages.render``)."""
        return {k: self(v) if (k in SEAT_KEYS or k in TEAM_KEYS) and isinstance(v, str) else v
                for k, v in values.items()}
