"""The written forms of a glossary word in French and European Portuguese.

A glossary lists a word once, as a dictionary does (``pli``, ``garder l'atout``,
``trunfo virado``); a sentence writes it inflected (``plis``, ``ait gardé l'atout``,
``trunfos virados``). ``inflections`` gives the forms of one word, and
``phrase_regex`` a pattern matching a phrase with each of its words in any of
its forms, so that the glossary check sees what a reader sees.

The morphology is small and explicit, and covers what the glossaries hold:

* every word: its plural (``pli`` → ``plis``; fr ``-eau``/``-eu`` → ``-x``,
  ``-al`` → ``-aux``; pt ``-ão`` → ``-ões``, ``-l`` → ``-is``, ``-m`` → ``-ns``,
  ``-r``/``-z`` → ``-es``) and its feminine (fr ``+e``, ``-eur`` → ``-euse``;
  pt ``-o`` → ``-a``, ``-or`` → ``-ora``), with their plurals;
* a verb, written in the infinitive (fr ``-er``, ``-ir``; pt ``-ar``, ``-er``,
  ``-ir``): its present, past, imperfect, future, conditional and subjunctive
  persons, participles and gerund, regular conjugation only, with the spelling
  changes of French ``-cer``/``-ger`` and Portuguese ``-car``/``-gar``/``-çar``;
* a noun after an elided article (``l'atout``, ``d'atout``) takes its plural,
  ``l'`` becoming ``les`` (``les atouts``).

``elision_problems`` reports, in French, a ``de``/``que``/``le``… written before a
seat's placeholder: the seat may be "Est" or "Ouest", which would need "d'Est".

A word of three letters or fewer is never conjugated ("par", "dar" stay as
written; list the forms of such a verb in the glossary). Irregular verbs
(fr ``prendre``, pt ``ter``) are listed form by form where a glossary needs them.
"""

from __future__ import annotations

import re
from functools import lru_cache

from trickbook import messages

_FR_ER = ("e", "es", "ent", "ons", "ez", "é", "ée", "és", "ées", "ant", "ais", "ait", "aient", "ions", "iez",
          "a", "as", "ai", "âmes", "âtes", "èrent", "asse", "ât", "er", "era", "eras", "erons", "erez", "eront",
          "erai", "erais", "erait", "erions", "eriez", "eraient")
_FR_IR = ("is", "it", "issons", "issez", "issent", "i", "ie", "ies", "issant", "issais", "issait", "issions",
          "issiez", "issaient", "isse", "isses", "ît", "irent", "ir", "ira", "iras", "irons", "irez", "iront",
          "irai", "irais", "irait", "irions", "iriez", "iraient")
_PT_AR = ("o", "as", "a", "amos", "ais", "am", "ei", "aste", "ou", "ámos", "astes", "aram", "ava", "avas", "ávamos",
          "áveis", "avam", "ando", "ado", "ada", "ados", "adas", "ar", "ará", "arás", "aremos", "arão", "aria",
          "arias", "aríamos", "ariam", "e", "es", "emos", "eis", "em", "asse", "assem", "ara", "ares", "armos",
          "arem")
_PT_ER = ("o", "es", "e", "emos", "eis", "em", "i", "este", "eu", "estes", "eram", "ia", "ias", "íamos", "iam",
          "endo", "ido", "ida", "idos", "idas", "er", "erá", "erás", "eremos", "erão", "eria", "eriam", "a", "as",
          "amos", "am", "esse", "essem", "era", "eres", "ermos", "erem")
_PT_IR = ("o", "es", "e", "imos", "is", "em", "i", "iste", "iu", "istes", "iram", "ia", "ias", "íamos", "iam",
          "indo", "ido", "ida", "idos", "idas", "ir", "irá", "irás", "iremos", "irão", "iria", "iriam", "a", "as",
          "amos", "am", "isse", "issem", "ira", "ires", "irmos", "irem")
_PT_SOFT = {"c": "qu", "g": "gu", "ç": "c"}  # before e: ficar → fique, pagar → pague, começar → comece
_ELIDED = re.compile(r"^([ldjmnst]|qu|jusqu|lorsqu|puisqu)'(.+)$", re.IGNORECASE)


def _language(locale: str) -> str:
    return locale.replace("-", "_").split("_")[0].lower()


# A word's plural and its feminine (with the feminine's plural), by its ending: the first rule whose
# endings the word has gives its forms, each as (letters cut from the word's end, letters added).
Rules = tuple[tuple[tuple[str, ...], tuple[tuple[int, str], ...]], ...]
_PLURAL: dict[str, Rules] = {
    "fr": ((("eau", "eu", "au"), ((0, "x"),)),  # jeu → jeux
           (("al",), ((1, "ux"), (0, "s"))),  # général → généraux (and the regular -als)
           (("s", "x", "z"), ((0, ""),)),  # unchanged
           (("",), ((0, "s"),))),
    "pt": ((("ão",), ((2, "ões"), (2, "ães"), (0, "s"))),
           (("al", "el", "ol", "ul"), ((1, "is"),)),  # jogável → jogáveis
           (("m",), ((1, "ns"),)),
           (("r", "z"), ((0, "es"),)),
           (("s",), ((0, ""),)),
           (("",), ((0, "s"),))),
}
_FEMININE: dict[str, Rules] = {
    "fr": ((("eur",), ((1, "se"), (1, "ses"))),  # joueur → joueuse
           (("e",), ()),  # already both
           (("",), ((0, "e"), (0, "es")))),
    "pt": ((("o",), ((1, "a"), (1, "as"))),
           (("or",), ((0, "a"), (0, "as")))),  # jogador → jogadora
}


def _forms(word: str, rules: Rules) -> set[str]:
    for endings, forms in rules:
        if word.endswith(endings):
            return {word[:len(word) - cut] + added for cut, added in forms}
    return set()


def _plural(lang: str, word: str) -> set[str]:
    return _forms(word, _PLURAL[lang])


def _nominal(lang: str, word: str) -> set[str]:
    """The word, its plural, and its feminine with the feminine's plural."""
    return {word} | _plural(lang, word) | _forms(word, _FEMININE[lang])


def _fr_verb(word: str) -> set[str]:
    if len(word) <= 3:
        return set()
    if word.endswith("er"):
        stem = word[:-2]
        forms = set()
        for ending in _FR_ER:
            # -cer and -ger keep their sound before a and o: plaçons, mangeant
            if ending[0] in "aâo" and stem.endswith("c"):
                forms.add(stem[:-1] + "ç" + ending)
            elif ending[0] in "aâo" and stem.endswith("g"):
                forms.add(stem + "e" + ending)
            else:
                forms.add(stem + ending)
        # céder → cède, lever → lève: the stem's last e takes a grave accent before a silent ending
        accent = re.match(r"^(.*)[eé]([^aeiouyéèê]+)$", stem)
        if accent:
            grave = accent.group(1) + "è" + accent.group(2)
            forms |= {grave + e for e in ("e", "es", "ent", "erai", "era", "eront", "erait", "eraient")}
        return forms
    if word.endswith("ir"):
        return {word[:-2] + ending for ending in _FR_IR}
    return set()


def _pt_verb(word: str) -> set[str]:
    if len(word) <= 3 or word[-2:] not in ("ar", "er", "ir"):
        return set()
    stem, group = word[:-2], word[-2:]
    endings = {"ar": _PT_AR, "er": _PT_ER, "ir": _PT_IR}[group]
    forms = set()
    for ending in endings:
        if group == "ar" and ending[0] == "e" and stem[-1] in _PT_SOFT:
            forms.add(stem[:-1] + _PT_SOFT[stem[-1]] + ending)  # fique, fiquei, pague, comece
        elif group != "ar" and ending[0] in "ao" and stem.endswith("g"):
            forms.add(stem[:-1] + "j" + ending)  # eleger → elejo
        elif group != "ar" and ending[0] in "ao" and stem.endswith("c"):
            forms.add(stem[:-1] + "ç" + ending)  # vencer → venço
        else:
            forms.add(stem + ending)
    if group == "ar":  # pronoun attached to the infinitive: mandá-la, virá-lo
        forms |= {stem + "á-" + p for p in ("lo", "la", "los", "las")}
    return forms


@lru_cache(maxsize=4096)
def inflections(word: str, locale: str) -> frozenset[str]:
    """Every written form of ``word`` (lower case) in the language of ``locale``.

    >>> sorted(inflections("pli", "fr"))
    ['pli', 'plie', 'plies', 'plis']
    >>> {"gardé", "garde", "gardent", "gardant", "garderait"} <= inflections("garder", "fr")
    True
    >>> {"virado", "virada", "virados", "viradas", "vira"} <= inflections("virar", "pt_PT")
    True
    >>> sorted(inflections("trunfo", "pt_PT"))
    ['trunfa', 'trunfas', 'trunfo', 'trunfos']
    >>> sorted(inflections("l'atout", "fr"))
    ["l'atout", "l'atouts", 'les atouts']
    """
    word = word.lower().replace("’", "'")
    language = _language(locale)
    if language not in ("fr", "pt"):
        return frozenset({word} | _regular_plurals(word, locale))
    elided = _ELIDED.match(word) if language == "fr" else None
    if elided:
        article, rest = elided.groups()
        plural = _plural("fr", rest)
        forms = {f"{article}'{f}" for f in {rest} | plural}
        if article == "l":
            forms |= {f"les {f}" for f in plural}
        return frozenset(forms)
    if language == "fr":
        return frozenset(_nominal("fr", word) | _fr_verb(word))
    return frozenset(_nominal("pt", word) | _pt_verb(word))


# The regular plural of a noun, for the languages whose words the glossary check does not inflect
# fully: each rule is (the word's ending, what replaces it), tried in order; the first that fits wins.
_REGULAR_PLURAL: dict[str, tuple[tuple[str, tuple[str, ...]], ...]] = {
    "es": (("z", ("ces",)), ("s", ("s",)), ("á", ("ás",)), ("é", ("és",)), ("ó", ("ós",)),
           ("a", ("as",)), ("e", ("es",)), ("i", ("is", "ies")), ("o", ("os",)), ("u", ("us", "ues")),
           ("", ("es",))),
    "it": (("co", ("chi", "ci")), ("ca", ("che",)), ("o", ("i",)), ("a", ("e",)), ("e", ("i",)), ("", ("",))),
    "de": (("e", ("en",)), ("", ("e", "en", "er", "n", "s"))),
    "nl": (("e", ("en", "s")), ("", ("en", "s"))),
}


def _regular_plurals(word: str, locale: str) -> set[str]:
    """A word's regular plural in a language whose counts Babel knows have a plural (``bazas`` for
    ``baza`` in Spanish); none in a language without plurals (Japanese), nor for an unknown locale.

    >>> sorted(_regular_plurals("baza", "es")), sorted(_regular_plurals("triunfo", "es_ES"))
    (['bazas'], ['triunfos'])
    >>> sorted(_regular_plurals("color", "es")), _regular_plurals("札", "ja")
    (['colores'], set())
    """
    tags = _plural_tags(locale)
    if not tags:
        return set()
    words = word.split()
    # A phrase takes its plural on its first word ("baza ganada" → "bazas ganadas" is listed by hand).
    head, rest = words[0], " ".join(words[1:])
    rules = _REGULAR_PLURAL.get(_language(locale), (("", ("s", "es")),))
    for ending, replacements in rules:
        if head.endswith(ending):
            stem = head[:len(head) - len(ending)]
            return {" ".join(filter(None, (stem + r, rest))) for r in replacements} - {word}
    return set()


@lru_cache(maxsize=64)
def _plural_tags(locale: str) -> frozenset[str]:
    from babel import Locale, UnknownLocaleError

    try:
        return frozenset(Locale.parse(locale.replace("-", "_")).plural_form.tags)
    except (UnknownLocaleError, ValueError, TypeError):
        return frozenset()


@lru_cache(maxsize=2048)
def phrase_regex(phrase: str, locale: str | None) -> re.Pattern[str]:
    """A pattern for ``phrase`` as a run of whole words, each in any of its forms (``locale=None``: as written).

    >>> bool(phrase_regex("garder l'atout", "fr").search("Aucune carte avant qu'il ait gardé l'atout."))
    True
    >>> bool(phrase_regex("pli", "fr").search("Plis pris par Nord"))
    True
    >>> bool(phrase_regex("pli", "fr").search("une plinthe, un repli"))
    False
    """
    if phrase.startswith("="):  # a form written as it is, never inflected (pt "=trunfar", whose "trunfo" is a noun)
        phrase, locale = phrase[1:], None
    words = phrase.replace("’", "'").split()
    parts = []
    for word in words:
        forms = sorted(inflections(word, locale) if locale else {word}, key=lambda f: (-len(f), f))
        spelt = (r"\s+".join(re.escape(w).replace("'", "['’]") for w in f.split()) for f in forms)
        parts.append("(?:" + "|".join(spelt) + ")")
    return re.compile(r"(?<![\w-])" + r"\s+".join(parts) + r"(?![\w-])", re.IGNORECASE)


# Placeholders filled with a seat or a team at the table: "Est", "Ouest", "Est et Ouest". The engine's one
# list of what each placeholder names (trickbook.messages.PLACEHOLDER_KINDS) says which they are.
SEAT_PLACEHOLDERS = tuple(sorted(messages.SEAT_KEYS | messages.TEAM_KEYS))
# French words that elide before a vowel: "de Est" must be "d'Est", "que Ouest" "qu'Ouest".
_ELIDING = ("de", "que", "le", "la", "ne", "se", "je", "me", "te", "jusque", "lorsque", "puisque")
_BEFORE_SEAT = re.compile(r"(?<![\w'’-])(" + "|".join(_ELIDING) + r")\s+\{(" + "|".join(SEAT_PLACEHOLDERS)
                          + r")\}", re.IGNORECASE)


def elision_problems(text: str, locale: str) -> list[str]:
    """French: a word that elides written before a seat's name, which may start with a vowel.

    At the table the seats are words (Nord, Est, Sud, Ouest; teams "Est et Ouest"),
    so "En attente de {seat}" reads "En attente de Est": say it another way
    ("En attente : {seat}", "son partenaire {partner}").

    >>> elision_problems("En attente de {seat} (bot)…", "fr")
    ["elision: 'de {seat}' reads 'de Est' or 'de Ouest' at the table; say it without 'de' before the seat"]
    >>> elision_problems("En attente : {seat} (bot)…", "fr"), elision_problems("Cartas de {seat}", "pt_PT")
    ([], [])
    """
    if _language(locale) != "fr":
        return []
    return [f"elision: '{m.group(1)} {{{m.group(2)}}}' reads '{m.group(1)} Est' or '{m.group(1)} Ouest' at the "
            f"table; say it without '{m.group(1).lower()}' before the seat" for m in _BEFORE_SEAT.finditer(text)]

