"""The texts of the theme and of the configuration, in the ``ui`` catalog.

MkDocs Material ships its own interface strings per language, and its "pt" ones
are Brazilian ("Buscar", "Compartilhar"). The site keeps the strings its pages
show here instead, marked for the ``ui`` domain with the context ``theme``, so
translators maintain them in ``ui.po`` beside the widgets' labels. The build hands
each language's translations to ``overrides/partials/language.html`` through the
generated configuration (``extra.trickbook.theme``); a key without a translation
falls back to the theme's own strings, and the English build keeps them as they are.

``CONFIG_TEXTS`` are the configuration's own texts (the page description, the
title of the heading anchors), translated the same way.
"""

from __future__ import annotations

from typing import Callable


def pgettext(context: str, message: str) -> str:
    """Mark a string for extraction with its context; return it unchanged."""
    return message


def _(message: str) -> str:
    """Mark a string for extraction; return it unchanged."""
    return message


THEME = "theme"

# Material's keys (partials/languages/en.html) for what this site's pages show.
THEME_STRINGS: dict[str, str] = {
    "action.skip": pgettext("theme", "Skip to content"),
    "clipboard.copy": pgettext("theme", "Copy to clipboard"),
    "clipboard.copied": pgettext("theme", "Copied to clipboard"),
    "footer": pgettext("theme", "Footer"),
    "footer.next": pgettext("theme", "Next"),
    "footer.previous": pgettext("theme", "Previous"),
    "header": pgettext("theme", "Header"),
    "nav": pgettext("theme", "Navigation"),
    "search": pgettext("theme", "Search"),
    # TRANSLATORS: the text shown in the empty search box.
    "search.placeholder": pgettext("theme search box", "Search"),
    "search.share": pgettext("theme", "Share"),
    "search.reset": pgettext("theme", "Clear"),
    "search.result.initializer": pgettext("theme", "Initializing search"),
    "search.result.placeholder": pgettext("theme", "Type to start searching"),
    "search.result.none": pgettext("theme", "No matching documents"),
    # TRANSLATORS: keep "1" as it is.
    "search.result.one": pgettext("theme", "1 matching document"),
    # TRANSLATORS: "#" is replaced by the number of pages found; keep it.
    "search.result.other": pgettext("theme", "# matching documents"),
    "search.result.more.one": pgettext("theme", "1 more on this page"),
    "search.result.more.other": pgettext("theme", "# more on this page"),
    # TRANSLATORS: shown struck through beside a search word a result lacks.
    "search.result.term.missing": pgettext("theme", "Missing"),
    "select.language": pgettext("theme", "Select language"),
    "select.version": pgettext("theme", "Select version"),
    "tabs": pgettext("theme", "Tabs"),
    "toc": pgettext("theme", "Table of contents"),
    "top": pgettext("theme", "Back to top"),
}

# Keys whose message has a context of its own (the same English, another place).
CONTEXTS = {"search.placeholder": "theme search box"}

CONFIG_TEXTS: dict[str, str] = {
    # TRANSLATORS: the description search engines show for every page (mkdocs.yml site_description).
    "site_description": _(
        "Learn Yorkshire All Fours, Trinidad All Fours, Nap and Euchre from worked hands "
        "replayed by a real rule engine."
    ),
    # TRANSLATORS: the tooltip of the ¶ link beside each heading.
    "permalink_title": _("Permanent link"),
}


def theme_strings(pgettext_: Callable[[str, str], str]) -> dict[str, str]:
    """The theme's strings translated by ``pgettext_``; a key left untranslated is omitted."""
    out = {}
    for key, message in THEME_STRINGS.items():
        shown = pgettext_(CONTEXTS.get(key, THEME), message)
        if shown != message:
            out[key] = shown
    return out
