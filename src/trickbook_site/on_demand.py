"""What a built page loads before the reader touches anything: only what it shows.

Last, before the pages are sealed, ``page_finisher`` goes over each page of one language:

- a page with worked hands gets their step-through bar once, as a template that
  `widgets/hand.js` copies into each hand (`hand_controls.py`);
- each play table (``<div class="tb-table" data-game>``) gets its opening controls
  written in, hidden (``<div class="tbt-intro" hidden>``: the players' count and the
  session's length where the game's class and table conduct offer them (Nap), the bots'
  level, the Start button, the status line, in the page's language), so that
  `widgets/play-table/start.js` can show them and load the table's code only when
  the reader comes to them (or a saved match is there to resume). The table adopts
  these very elements;
- every page gets a hidden notice (before its first hand or table, else under its
  title) that `widgets/file-notice.js` shows when the page was opened from disk,
  where browsers run no module script: it says the site must be served, and how;
- the idle white space of the theme's indentation goes (`compact.py`).
"""

from __future__ import annotations

import re
from html import escape
from pathlib import Path
from typing import Any, Callable

from . import templates
from .compact import compact_html
from .hand_controls import controls_template
from .i18n import typography
from .i18n.fallback import GUIDE_PAGE, link_guide

Translate = Callable[[str], str]
Plural = Callable[[str, str, int], str]  # ngettext(singular, plural, n) of the ui catalog


def _english_plural(singular: str, plural: str, n: int) -> str:
    return singular if n == 1 else plural

# A play table is the author's own `<div class="tb-table" data-game markdown>` in a page's Markdown (with
# its message for readers without JavaScript inside); where each stands is read from the page as MkDocs
# rendered it, and its controls are drawn from its game's class (``templates/controls.html``).
TABLE = re.compile(r'(<div class="tb-table" data-game="([\w-]+)"[^>]*>)')


def _labels(_: Translate) -> dict[str, str]:
    """The opening controls' texts; literal ``_()`` calls, the same messages as the table's."""
    return {
        "start": _("Start a match"),
        "players": _("Players:"),
        "status": _("Press Start to deal. The engine starts in your browser, which takes a few seconds."),
        "gentle": _("Gentle bots, for beginners"),
        "rounds": _("Length of the session:"),
        "timer": _("A time limit for each decision"),
        # TRANSLATORS: a link at the top of a play page, shown when the keyboard reaches it: it takes the
        # keyboard to the table's Start button (or to the decision at hand, once a match is on).
        "skip": _("Skip to the table"),
    }


def _keys(_: Translate) -> list[tuple[str, str]]:
    """The table's keyboard shortcuts (widgets/play-table/keys.js) and what each does."""
    return [
        ("← →", _("Move along your hand")),
        (_("Enter"), _("Lift a card, then play it")),
        ("H", _("Hear your hand, suit by suit")),
        ("T", _("Hear the trick so far")),
        ("C", _("Hear the score")),
        ("W", _("Hear whose turn it is")),
        ("U", _("Hear the trumps and the contract")),
        ("S", _("Pass, stand or wait")),
        ("L", _("Show the last trick")),
        ("M", _("Sound on or off")),
    ]


def _keys_view(_: Translate) -> dict[str, Any]:
    return {"summary": _("Keyboard shortcuts"), "focus": _("While your hand or the table has the focus:"),
            "rows": _keys(_)}


def keys_help(_: Translate) -> str:
    """The keyboard shortcuts, written into each play page in its language."""
    return str(templates.macro("controls.html", "keys_help")(_keys_view(_)))


def _round_names(ngettext: Plural, lengths: list[int]) -> list[str]:
    """Each session length's name, in the plural form the language's rule picks for it."""
    return [ngettext("{count} round: each player deals once", "{count} rounds: each player deals {count} times", n)
            .replace("{count}", str(n)) for n in lengths]


def _choices(game: str) -> tuple[list[int], int, list[int], int]:
    """What a table of ``game`` lets the reader choose before Start (``Conduct.choices``: the players'
    counts and the one chosen first, the session's lengths in rounds and the one chosen first; the
    same that `assets/games.json` gives widgets/play-table/view.js). Empty lists for a game that
    offers no choice, or a name no game has."""
    from trickbook.games import find_game
    from trickbook.table import conduct_class

    try:
        hand = find_game(game)
    except ValueError:
        return [], 0, [], 0
    chosen = conduct_class(game).choices(hand)
    return chosen["players"], chosen["players_first"], chosen["rounds"], chosen["rounds_first"]


def house_rules(game: str, engine: Translate) -> list[dict[str, str]]:
    """The game's house rules as switches before Start: each option the other way from the default,
    in the engine's words (``trickbook.variants``); the table plays by the ones ticked."""
    from trickbook.games import find_game
    from trickbook.messages import MESSAGES
    from trickbook.variants import house_options, option_message

    cls = find_game(game)
    return [{"id": f"tbt-house-{game}-{name.replace('_', '-')}", "option": name, "value": str(value).lower(),
             "label": engine(MESSAGES[option_message(name, value).code])}
            for name, value in house_options(cls, cls.rules_class())]


def table_intro(game: str, ui: Translate, ngettext: Plural = _english_plural, engine: Translate | None = None) -> str:
    """The table's opening controls, as `TableView.build` makes them, hidden until a script shows them
    (``templates/controls.html``, from the game's class: its choices and its house rules)."""
    counts, seated, rounds, offered = _choices(game)
    _ = ui
    view = {
        "game": game, "t": _labels(ui), "players": counts, "seated": seated,
        "rounds": list(zip(rounds, _round_names(ngettext, rounds), strict=True)), "offered": offered,
        "house": house_rules(game, engine or (lambda text: text)),
        # TRANSLATORS: the legend of the play table's house-rule switches, shown before a match starts.
        "house_legend": _("House rules, agreed before the match"),
        "keys": _keys_view(ui),
    }
    return str(templates.macro("controls.html", "table_intro")(view))


def file_notice(ui: Translate) -> str:
    """What a page opened from disk says about its controls: hidden unless `widgets/file-notice.js` sees ``file:``.

    Browsers refuse module scripts and workers to a page read from a file, so the hands and tables
    would sit there without their controls and without a word.
    """
    _ = ui
    # TRANSLATORS: shown above the first worked hand or table (else under the page's title) when the
    # page was opened from a file on disk (file://). {command} is "trickbook serve", {server} is
    # "python3 -m http.server".
    text = escape(_("Opened from a file, this site cannot step through its worked hands, run its tables or "
                    "follow its links: browsers do that only for a served site. Run {command} in the course's "
                    "folder (or {server} in the built site's folder) and open the address it prints."))
    text = text.replace("{command}", "<code>trickbook serve</code>").replace(
        "{server}", "<code>python3 -m http.server</code>")
    return f'<p class="tb-file-notice admonition warning" role="note" hidden data-search-exclude>{text}</p>'


def _first_hand(html: str) -> int:
    """Where the first worked hand starts (a pair of hands starts before its figures), or -1."""
    found = [at for at in (html.find('<figure class="tb-hand"'), html.find('<div class="tb-pair"')) if at >= 0]
    return min(found) if found else -1


def finish_page(html: str, ui: Translate, lang: str = "en", ngettext: Plural = _english_plural,
                engine: Translate | None = None) -> str:
    rules = typography.html_rules(lang) or (lambda text: text)  # the language's typography, as on the rest of the page
    first_hand = _first_hand(html)
    first_table = TABLE.search(html)
    places = [at for at in (first_hand, first_table.start(1) if first_table else -1) if at >= 0]
    title_end = html.find("</h1>")
    at = min(places) if places else title_end + len("</h1>") if title_end >= 0 else -1
    if at >= 0:  # before the first hand or table, else under the page's title
        html = html[:at] + rules(file_notice(ui)) + "\n" + html[at:]
        first_hand = _first_hand(html)
    if first_hand >= 0:
        html = html[:first_hand] + rules(controls_template(ui)) + "\n" + html[first_hand:]
    return compact_html(TABLE.sub(lambda m: m.group(1) + rules(table_intro(m.group(2), ui, ngettext, engine)), html))


def page_finisher(folder: Path, ui: Translate, lang: str, ngettext: Plural = _english_plural,
                  engine: Translate | None = None) -> Callable[[Path, str], str]:
    """The above for one page of one language's folder (``lang``: its code), as ``rewrite_pages`` takes it."""
    has_guide = (folder / GUIDE_PAGE / "index.html").is_file()
    return lambda page, html: link_guide(finish_page(html, ui, lang, ngettext, engine),
                                         len(page.relative_to(folder).parts) - 1, has_guide)

