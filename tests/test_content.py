"""The site's prose says everything in its own words: no run of the rule texts is copied.

The rule texts (Portuguese and French) live beside the repository in
``shared/rules/``; they are the sources of the rules, never text for the site.
Every English segment of ``docs/*.md`` and every message of the catalogs (the
English msgids, which include hand titles and notes, and every Portuguese and
French translation) is compared with them word by word: no run of ``RUN``
consecutive words may appear in both, and no whole sentence of ``SENTENCE``
words or more. Case, curly apostrophes and punctuation are ignored; runs of card
ranks (``A K Q J 10``, ``A=4, K=3``) and card codes are not words a sentence can
be copied with, so they break a run. The test is skipped, saying where it
looked, when the rule texts are not there.
"""

from __future__ import annotations

import os
import re
import unicodedata
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from trickbook_site.i18n import segment_markdown

REPO = Path(__file__).resolve().parents[1]


def _rules_folder() -> Path:
    """The rule texts beside the repository: ``shared/rules`` in the nearest folder above that has it.

    ``TRICKBOOK_RULES`` names the folder outright.  A work tree checked out deeper than the main
    clone still finds the texts, so this check is never skipped by where a clone happens to be.
    """
    named = os.environ.get("TRICKBOOK_RULES")
    if named:
        return Path(named)
    for folder in REPO.parents:
        if (folder / "shared" / "rules").is_dir():
            return folder / "shared" / "rules"
    return REPO.parent / "shared" / "rules"


RULES = _rules_folder()
RUN = 8
# A whole sentence of the rule texts this long is a copy even when it is shorter than RUN.
SENTENCE = 6
SENTENCE_END = re.compile(r"[.!?;:…\n+]")
LANGUAGES = ("pt_PT", "fr")
DOMAINS = ("content", "ui", "engine")

WORD = re.compile(r"\w+", re.UNICODE)
# Tokens that name a card rank or a card's value, alone or as a card code (AH, 10♥
# loses its suit symbol as punctuation); a run of them is a list, not a sentence.
RANK = re.compile(r"(?:[akqjt]|10|[1-9])[shdc]?", re.IGNORECASE)
RANK_LIST = 3  # this many rank tokens in a row are a list of ranks


@dataclass(frozen=True)
class Text:
    """One piece of the site's prose and where it comes from."""

    where: str
    text: str


def words(text: str) -> list[str | None]:
    """The normalised words of a text, ``None`` where a list of ranks was cut out."""
    text = unicodedata.normalize("NFC", text).replace("’", "'").casefold()
    tokens = WORD.findall(text.replace("_", " "))
    out: list[str | None] = []
    i = 0
    while i < len(tokens):
        j = i
        while j < len(tokens) and RANK.fullmatch(tokens[j]):
            j += 1
        if j - i >= RANK_LIST:
            out.append(None)
            i = j
        else:
            out.extend(tokens[i : max(j, i + 1)])
            i = max(j, i + 1)
    return out


def ngrams(tokens: list[str | None], n: int = RUN) -> set[tuple[str, ...]]:
    """Every run of ``n`` consecutive words that no cut-out list interrupts."""
    grams = set()
    for i in range(len(tokens) - n + 1):
        window = tokens[i : i + n]
        if None not in window:
            grams.add(tuple(window))  # type: ignore[arg-type]
    return grams


def shared_runs(tokens: list[str | None], source: set[tuple[str, ...]], n: int = RUN) -> list[str]:
    """The longest runs of ``tokens`` whose every ``n``-word window is in ``source``."""
    hits = [
        i
        for i in range(len(tokens) - n + 1)
        if None not in tokens[i : i + n] and tuple(tokens[i : i + n]) in source
    ]
    runs: list[str] = []
    start = prev = None
    for i in hits + [None]:
        if start is not None and (i is None or i != prev + 1):
            runs.append(" ".join(tokens[start : prev + n]))  # type: ignore[arg-type]
            start = None
        if i is not None and start is None:
            start = i
        prev = i
    return runs


@lru_cache(maxsize=1)
def site_texts() -> tuple[Text, ...]:
    """The English pages' segments and every message of every catalog."""
    texts = []
    for page in sorted((REPO / "docs").glob("*.md")):
        source = page.read_text(encoding="utf-8")
        for segment in segment_markdown(source):
            texts.append(Text(f"docs/{page.name}:{segment.line}", segment.msgid))
    for language in LANGUAGES:
        for domain in DOMAINS:
            path = REPO / "locales" / language / "LC_MESSAGES" / f"{domain}.po"
            with path.open("rb") as handle:
                catalog = read_po(handle)
            for message in catalog:
                if not message.id:
                    continue
                pairs = zip(_strings(message.id), _strings(message.string), strict=False)
                for english, translated in pairs:
                    where = f"{path.relative_to(REPO)}:{message.lineno}"
                    texts.append(Text(f"{where} (msgid)", english))
                    texts.append(Text(where, translated))
    return tuple(texts)


def _strings(value: str | tuple[str, ...]) -> tuple[str, ...]:
    return value if isinstance(value, tuple) else (value,)


def rule_sentences() -> list[tuple[str, tuple[str, ...]]]:
    """Each rule text's sentences of at least ``SENTENCE`` words (none holding a rank list)."""
    found = []
    for path in sorted(RULES.glob("*.txt")):
        for sentence in SENTENCE_END.split(path.read_text(encoding="utf-8")):
            tokens = words(sentence)
            if len(tokens) >= SENTENCE and None not in tokens:
                found.append((path.name, tuple(tokens)))  # type: ignore[arg-type]
    return found


def word_line(tokens: list[str | None]) -> str:
    """The words as one spaced line, so that a run of words is a substring of it."""
    return " " + " ".join("|" if t is None else t for t in tokens) + " "


def contains(tokens: list[str | None], run: tuple[str, ...]) -> bool:
    """Whether ``run`` occurs in ``tokens`` as consecutive words."""
    return " " + " ".join(run) + " " in word_line(tokens)


def rule_ngrams() -> dict[str, set[tuple[str, ...]]]:
    """Each rule text's word runs, by file name."""
    return {path.name: ngrams(words(path.read_text(encoding="utf-8"))) for path in sorted(RULES.glob("*.txt"))}


needs_rules = pytest.mark.skipif(
    not any(RULES.glob("*.txt")),
    reason=f"the rule texts are not beside the repository (looked in {RULES})",
)


def test_a_sentence_shared_with_a_rule_text_is_found():
    rule = "Numa saída de outro naipe, assista ou corte, mesmo tendo esse naipe."
    copied = "Regra: numa saída de outro naipe assista ou corte mesmo tendo esse naipe!"
    assert shared_runs(words(copied), ngrams(words(rule))) == [
        "numa saída de outro naipe assista ou corte mesmo tendo esse naipe"
    ]


def test_a_sentence_in_other_words_is_not_flagged():
    rule = "Numa saída de outro naipe, assista ou corte, mesmo tendo esse naipe."
    ours = "Quando se sai de outro naipe, pode cortar mesmo que tenha cartas desse naipe."
    assert shared_runs(words(ours), ngrams(words(rule))) == []


def test_lists_of_card_ranks_do_not_count_as_copied_words():
    rule = "use a ordem A K Q J 10 9 8 7 6 5 4 3 2 e os valores A=4, K=3, Q=2, J=1, 10=10"
    ours = "A ordem é A K Q J 10 9 8 7 6 5 4 3 2; valores A=4, K=3, Q=2, J=1, 10=10."
    assert shared_runs(words(ours), ngrams(words(rule))) == []


def test_case_punctuation_and_apostrophes_are_ignored():
    rule = "La couleur de la première carte devient atout pour toute la main."
    ours = "la COULEUR de la première carte — devient atout, pour toute la main"
    assert shared_runs(words(ours), ngrams(words(rule))) != []
    assert words("l’entame") == words("l'entame")


@needs_rules
def test_no_site_text_repeats_eight_words_of_a_rule_text():
    sources = rule_ngrams()
    assert sources, RULES
    copies = []
    for text in site_texts():
        tokens = words(text.text)
        for name, grams in sources.items():
            for run in shared_runs(tokens, grams):
                copies.append(f"{text.where}: shares with {name}: {run!r}")
    assert not copies, "copied from the rule texts:\n" + "\n".join(sorted(set(copies)))


def test_a_short_sentence_copied_whole_is_found():
    rule = "Vira-se uma carta para trunfo? Não."
    sentences = [tuple(words(s)) for s in SENTENCE_END.split(rule) if len(words(s)) >= SENTENCE]
    assert sentences == [("vira", "se", "uma", "carta", "para", "trunfo")]
    assert contains(words("Pergunta: vira-se uma carta para trunfo?"), sentences[0])
    assert not contains(words("Vira-se alguma carta para mostrar o trunfo?"), sentences[0])


@needs_rules
def test_no_site_text_holds_a_whole_sentence_of_a_rule_text():
    sentences = [(name, " " + " ".join(run) + " ") for name, run in rule_sentences()]
    copies = [
        f"{text.where}: repeats a sentence of {name}: {run.strip()!r}"
        for text in site_texts()
        for line in [word_line(words(text.text))]
        for name, run in sentences
        if run in line
    ]
    assert not copies, "copied from the rule texts:\n" + "\n".join(sorted(set(copies)))


def test_the_comparison_reads_every_page_and_both_translations():
    texts = site_texts()
    places = {t.where.split(":")[0] for t in texts}
    pages = {f"docs/{p.name}" for p in (REPO / "docs").glob("*.md")}
    assert pages <= places
    for language in LANGUAGES:
        assert f"locales/{language}/LC_MESSAGES/content.po" in places
    assert len(texts) > 1000
