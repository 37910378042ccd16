"""The settled terms of the pt and fr glossaries: each term has one rendering, and its refused variants
fail the check, so that a split (fr "kick" beside "carte retournée", pt "joga" for a lead) cannot come
back. A term's regular plural is accepted in any language Babel knows the plurals of."""

from __future__ import annotations

from pathlib import Path

import pytest

from trickbook_site.i18n.glossary import Glossary, Term, check_entry, load_glossary
from trickbook_site.i18n.pofile import Entry

REPO = Path(__file__).resolve().parents[1]


def _problems(locale: str, msgid: str, msgstr: str) -> list[str]:
    glossary = load_glossary(REPO / "locales" / locale / "glossary.toml", locale)
    entry = Entry(line=7, msgid=msgid, msgstr={0: msgstr}, has_msgid=True)
    return [p.message for p in check_entry(glossary, "x.po", entry)]


# (locale, English, the split the language review found, the settled rendering)
SPLITS = [
    ("fr", "Kick: {card}", "Kick : {card}", "Carte retournée : {card}"),
    ("fr", "{card} is the kick, turned by the dealer, {seat}: its suit, {suit}, is trumps.",
     "{card} est le kick, retourné par le donneur, {seat} : sa couleur, {suit}, est l'atout.",
     "{card} est la carte retournée par le donneur, {seat} : sa couleur, {suit}, est l'atout."),
    ("fr", "Stick the dealer: if everyone passes twice, the dealer must name trumps.",
     "Donneur coincé : si tout le monde passe deux fois, le donneur doit nommer l'atout.",
     "Donneur obligé : si tout le monde passe deux fois, le donneur doit nommer l'atout."),
    ("fr", "Played out by the bots after {card}, against {other}:",
     "Joué jusqu'au bout par les robots après {card}, comparé à {other} :",
     "Joué jusqu'au bout par les bots après {card}, comparé à {other} :"),
    ("fr", "a worked hand can follow this house rule too.", "une donne commentée peut suivre cette règle de la maison.",
     "une donne commentée peut suivre cette règle maison."),
    ("fr", "Without trumps the jack of diamonds is an ordinary diamond, not a bower.",
     "Sans atout, le valet de carreau est un carreau ordinaire, pas un bower.",
     "Sans atout, le valet de carreau est un carreau ordinaire, pas un valet d'atout."),
    ("fr", "E holds both bowers.", "E a les deux valets maîtres.", "E a le valet droit et le valet gauche."),
    ("fr", "{card} takes the trick for {seat}'s side, whatever the others play.",
     "{card} fait la levée pour le camp où joue {seat}, quoi que jouent les autres.",
     "{card} assure la levée à {seat} et à son camp, quoi que jouent les autres."),
    ("fr", "with the site's gentlest bots", "avec les bots plus doux du site", "avec les bots faciles du site"),
    ("pt_PT", "{seat} leads {card} and keeps the trumps for later.",
     "{seat} joga {card} e guarda os trunfos para mais tarde.",
     "{seat} sai com {card} e guarda os trunfos para mais tarde."),
    ("pt_PT", "A has bid Four and leads to the first trick.", "A declarou Four e sai para a primeira vaza.",
     "A licitou Four e sai para a primeira vaza."),
    ("pt_PT", "some earlier player must have bid Nap.", "um jogador anterior tem de ter proposto Nap.",
     "um jogador anterior tem de ter licitado Nap."),
    ("pt_PT", "Bids and passes count too.", "Os lances e os passes também contam.",
     "As propostas e os passes também contam."),
    ("pt_PT", "The two bowers, ordering up the upcard.", "Os dois valetes maiores, mandar levantar a carta virada.",
     "Os dois valetes, mandar levantar a carta virada."),
    ("pt_PT", "not a bower", "não um valete mestre", "não é nenhum dos valetes de trunfo"),
    ("pt_PT", "S could trump with the two of hearts.", "S podia trunfar com o dois de copas.",
     "S podia cortar com o dois de copas."),
    ("pt_PT", "One deal, two All Fours: the Trinidad table", "Uma distribuição, dois All Fours: a mesa de Trindade",
     "Uma distribuição, dois All Fours: a mesa do Trinidad"),
    ("pt_PT", "Gentle bots, for beginners", "Bots mais brandos, para principiantes",
     "Bots mais fáceis, para principiantes"),
]


@pytest.mark.parametrize("locale,english,split,settled", SPLITS, ids=[s[2][:40] for s in SPLITS])
def test_a_split_rendering_is_refused_and_the_settled_one_passes(locale: str, english: str, split: str,
                                                                   settled: str) -> None:
    assert _problems(locale, english, split)
    assert _problems(locale, english, settled) == []


def test_an_english_word_kept_as_a_gloss_in_brackets_is_allowed() -> None:
    english = "the **right bower**, the jack of trumps, is the highest card of all;"
    glossed = "le **valet droit** (right bower), le valet d'atout, est la plus forte carte ;"
    assert _problems("fr", english, glossed) == []
    # ... but not a gloss the English does not write, nor the word in the running text.
    assert _problems("fr", "the kick", "la carte retournée (le kick)")
    assert _problems("fr", english, "le bower droit (right bower), le valet d'atout, est la plus forte carte ;")


def test_a_form_written_with_equals_is_matched_as_written() -> None:
    # pt refuses the verb "trunfar" as written: "trunfo", the noun its conjugation would give, is the term.
    assert _problems("pt_PT", "S could trump.", "S podia trunfar.")
    assert _problems("pt_PT", "Hearts are trumps.", "Copas são trunfo.") == []


def _spanish() -> Glossary:
    return Glossary("es.toml", "es", [Term(en="trick", translation="baza", en_forms=("trick", "tricks"),
                                           forms=("baza",), forbid=("mano",)),
                                      Term(en="trump", translation="triunfo", en_forms=("trump", "trumps"),
                                           forms=("triunfo",))])


def test_the_regular_plural_of_a_term_is_accepted_without_being_listed() -> None:
    entry = Entry(line=3, msgid="N takes two tricks with trumps.", msgstr={0: "N gana dos bazas con triunfos."},
                  has_msgid=True)
    assert list(check_entry(_spanish(), "es.po", entry)) == []
    # A refused variant is refused in its plural too.
    entry = Entry(line=4, msgid="N takes two tricks.", msgstr={0: "N gana dos manos."}, has_msgid=True)
    assert [p.message for p in check_entry(_spanish(), "es.po", entry)] == [
        "glossary: 'manos' is not used on this site; 'trick' is 'baza'",
        "glossary: the English has 'trick' but the translation lacks 'baza'"]


def test_a_language_without_plurals_gets_none_and_an_unknown_one_is_taken_as_written() -> None:
    from trickbook_site.i18n.morphology import inflections

    assert inflections("baza", "es") == {"baza", "bazas"}
    assert inflections("札", "ja") == {"札"}
    assert inflections("baza", "xx") == {"baza"}


def test_the_translators_guide_explains_every_glossary_key_in_every_language() -> None:
    from trickbook_site.i18n.glossary import KEYS
    from trickbook_site.i18n.localize import translator

    guide = (REPO / "docs" / "translating.md").read_text(encoding="utf-8")
    items = [line for line in guide.splitlines() if line.startswith("- `")]
    explained = {line[3:].split("`", 1)[0] for line in items}
    assert set(KEYS) <= explained
    for locale in ("pt_PT", "fr"):
        content = translator(locale, REPO).content
        for line in items:
            key = line[3:].split("`", 1)[0]
            if key in KEYS:
                shown = content(line[2:])
                assert shown != line[2:] and shown.startswith(f"`{key}`"), (locale, key)
