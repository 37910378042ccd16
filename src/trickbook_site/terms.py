"""The "Terms" page: the glossaries of every language side by side, so a learner can look a word up.

The build writes ``terms.md`` into each language's pages (and adds it to the
navigation) when the project has glossaries (``locales/<locale>/glossary.toml``).
Its heading, introduction and column names come from the ``ui`` catalog; the rows
are the glossaries' terms, one per English term, with each language's one
translation and the words the site does not use for it.
"""

from __future__ import annotations

from html import escape
from pathlib import Path
from typing import Callable

from .i18n.glossary import Glossary, load_glossaries
from .project import Language

PAGE = "terms.md"


def _(message: str) -> str:
    """Mark a string for extraction into the ui catalog; return it unchanged."""
    return message


TITLE = _("Terms")
INTRO = _("The words of the games in every language of this site: each term has one translation, used on every "
          "page, in the worked hands and at the table.")
AVOID_NOTE = _("The last column lists words this site does not use for the term.")
GAMES = _("Games")
AVOID = _("Not used here")
ALL_GAMES = _("all games")


def terms_page(root: Path, lang: Language, languages: list[Language], ui: Callable[[str], str]) -> str | None:
    """The page's Markdown in ``lang``; None when the project has no glossary."""
    glossaries = load_glossaries(root, [other.locale for other in languages if other.locale])
    if not glossaries:
        return None
    order: list[str] = []
    games: dict[str, list[str]] = {}
    for glossary in glossaries.values():
        for term in glossary.terms:
            key = term.en.lower()
            if key not in games:
                order.append(key)
                games[key] = []
            games[key] += [g for g in term.games if g not in games[key]]
    columns = [other for other in languages if other.is_source or other.locale in glossaries]
    # The reader's own language first after English, then the others.
    columns.sort(key=lambda other: (not other.is_source, other.code != lang.code, other.code))
    own = glossaries.get(lang.locale or "")
    head = [escape(other.name) for other in columns] + [escape(ui(GAMES))]
    if own is not None:
        head.append(escape(ui(AVOID)))
    rows = []
    for key in sorted(order):
        cells = [_cell(glossaries, other, key) for other in columns]
        # The game names are ui messages too (the verifier's list of games): "All Fours de Trinité".
        cells.append(escape(", ".join(ui(game) for game in games[key])) if games[key] else escape(ui(ALL_GAMES)))
        if own is not None:
            own_term = own.term(key)
            cells.append(escape(", ".join(own_term.forbid + own_term.forbid_with_term)) if own_term else "")
        rows.append(cells)
    intro = ui(INTRO) + (" " + ui(AVOID_NOTE) if own is not None else "")
    lines = [f"# {ui(TITLE)}", "", intro, "",
             '<div class="tb-scroll" role="region" tabindex="0" aria-label="' + escape(ui(TITLE)) + '">',
             "", '<table class="tb-grid tb-terms">',
             "<thead><tr>" + "".join(f'<th scope="col">{h}</th>' for h in head) + "</tr></thead>", "<tbody>"]
    for cells in rows:
        first, rest = cells[0], cells[1:]
        tds = [f"<td>{c}</td>" for c in rest]
        if own is not None:
            # The words to avoid, marked so that checks of the site's language can pass over them.
            tds[-1] = f'<td class="tb-avoid">{rest[-1]}</td>'
        lines.append(f'<tr><th scope="row">{first}</th>' + "".join(tds) + "</tr>")
    lines += ["</tbody>", "</table>", "", "</div>", ""]
    return "\n".join(lines)


def _cell(glossaries: dict[str, Glossary], lang: Language, key: str) -> str:
    if lang.is_source:
        for glossary in glossaries.values():
            term = glossary.term(key)
            if term:
                return f'<span lang="en">{escape(term.en)}</span>'
        return ""
    term = glossaries[lang.locale or ""].term(key)
    return f'<span lang="{escape(lang.html_lang)}">{escape(term.translation)}</span>' if term else ""
