"""Where each interface and engine string appears, written into the catalogs as extracted comments.

A translator of ``ui.po`` or ``engine.po`` sees, above each entry, a ``#.`` line that
says where the string is shown, and, for an engine sentence, the sentence filled
in with example values (``N holds hearts and must follow suit.``). The places come
from the string's source files (``PLACES``), the examples from the engine's own
formatting (``trickbook.messages.render``), so the comments follow the code.
"""

from __future__ import annotations

import string
from typing import Any, Iterable

from babel.messages.catalog import Catalog

from trickbook.cards import Card

# Source file (or folder) -> where its strings appear, for a reader of the site, as the end of a
# sentence that starts "appears" ("appears in the play tables", "appears above the worked hands").
PLACES: tuple[tuple[str, str], ...] = (
    ("widgets/hand-player/", "in the worked hands' player (on every page with a worked hand)"),
    ("widgets/board.js", "in the card table drawn by the worked hands' player and the play tables"),
    ("widgets/play-table/", "in the play tables (the Play pages)"),
    ("widgets/online/", "at the online table and in a class (Play with others; Teaching with the online table)"),
    ("widgets/verifier/", "in the checker on the Verify a match page"),
    ("widgets/search.js", "in the search box"),
    ("widgets/i18n-keys.js", "in the ?i18n-keys view for translators"),
    ("src/trickbook_site/figure.py", "in the tables of a worked hand (deal, tricks, narration, scoring)"),
    ("src/trickbook_site/hand_controls.py", "in the step controls of a worked hand"),
    ("src/trickbook_site/on_demand.py", "above the worked hands and play tables, before the reader starts one"),
    ("src/trickbook_site/terms.py", "on the Terms page"),
    ("src/trickbook_site/landing.py", "on the site's root page, which sends the reader to a language"),
    ("src/trickbook_site/i18n/theme.py", "in the theme of every page (header, navigation, search, footer)"),
    ("src/trickbook_site/i18n/fallback.py", "after English text shown in a translated page"),
    ("src/trickbook_site/translations.py", "at the top of a page not fully translated"),
)
ENGINE_PLACE = "the narration of the worked hands, the play tables' log, and the bubble that refuses a card"
EXPLAIN_PLACE = "the play tables' explanations (why a card is refused, what a score means)"

# A value for each placeholder of the engine's templates, to show a sentence filled in.
EXAMPLE_VALUES: dict[str, Any] = {
    "seat": "N", "current": "E", "maker": "S", "dealer": "W", "partner": "S", "owner": "E", "captor": "N",
    "payer": "B", "payee": "A", "you": "S", "other": "W", "defender": "W", "declarer": "A", "team": "NS",
    "card": Card.parse("AH"), "cards": [Card.parse("KH"), Card.parse("QH")], "right": Card.parse("JH"),
    "left": Card.parse("JD"), "kept": Card.parse("KS"), "suit": "H", "trump": "H", "led": "S", "other_suit": "D",
    "points": 2, "count": 3, "tricks": 3, "total": 7, "other_total": 5, "target": 10, "needed": 3, "against": 3,
    "category": "game", "contract": "four", "verb": "pass", "option": "gift_may_win", "value": "false",
    "foe": "E", "winner": "E", "ours": 3, "theirs": 5, "step": 14, "higher": 2, "lower": 4,
}


def ui_comment(locations: Iterable[tuple[str, int | None]]) -> str | None:
    """Where a ``ui`` string appears, from the files it comes from."""
    places = []
    for file, _ in locations:
        for prefix, place in PLACES:
            if file.startswith(prefix) and place not in places:
                places.append(place)
    return "appears " + "; ".join(places) if places else None


def engine_comments() -> dict[str, str]:
    """Each engine template and name -> its comment: its code, where it appears, an example."""
    from trickbook import messages

    from .catalog import load_engine_names

    load_engine_names()
    comments: dict[str, str] = {}
    # A template shared by two codes (a play and a bot's play) is named by the rule's own code, the
    # same whatever order the games' modules were imported in (a test run imports them in its own order).
    for code, template in sorted(messages.MESSAGES.items(), key=lambda item: (item[0].startswith("bot-"), item[0])):
        place = EXPLAIN_PLACE if code.startswith("explain-") else ENGINE_PLACE
        example = _example(code, template)
        comments.setdefault(template, f"engine message {code!r}, shown in {place}"
                                      + (f"; for example: {example}" if example else ""))
    for table, key, what in ((messages.SUIT_NAMES, "suit", "a suit's name"),
                             (messages.CATEGORY_NAMES, "category", "a scoring category's name"),
                             (messages.CONTRACT_NAMES, "contract", "a Nap contract's name"),
                             (messages.VERB_NAMES, "verb", "an action's name")):
        for name in table.values():
            comments.setdefault(name, f"{what}, filled into engine sentences as {{{key}}}")
    return comments


def _example(code: str, template: str) -> str | None:
    from trickbook import messages

    names = [name for _, name, _, _ in string.Formatter().parse(template) if name]
    values = {name: EXAMPLE_VALUES.get(name, f"<{name}>") for name in names}
    if "why" in values:
        whys = sorted(c for c in messages.MESSAGES if c.startswith("why-"))
        values["why"] = next((c for c in whys if "{" not in messages.MESSAGES[c]), whys[0] if whys else "")
    try:
        return messages.render(code, values)
    except (KeyError, ValueError, IndexError):
        return None


def add_context(catalog: Catalog, domain: str) -> None:
    """Add the ``#.`` comment saying where each string appears (ui and engine domains)."""
    engine = engine_comments() if domain == "engine" else {}
    for message in catalog:
        if not message.id:
            continue
        msgid = message.id if isinstance(message.id, str) else message.id[0]
        comment = ui_comment(message.locations) if domain == "ui" else engine.get(msgid)
        if comment and comment not in message.auto_comments:
            message.auto_comments.append(comment)
