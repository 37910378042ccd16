"""The translators' loop on a copy of the real site, through the `trickbook` commands.

An author changes one English paragraph; `trickbook i18n update` turns its entry
fuzzy with the old English kept as `#| msgid`; `trickbook i18n check` passes and
reports the page as partly translated; the built Portuguese and French pages show
the paragraph in English, marked `lang="en"`, under a note saying how much of the
page is translated. A translator then fills the entry in with Babel and clears
the fuzzy flag; the next build shows the paragraph in the language, unmarked and
without the note. The real catalogs are checked for completeness too.
"""

from __future__ import annotations

import io
import re
import shutil
from html.parser import HTMLParser
from pathlib import Path

import pytest
from babel.messages.pofile import read_po, write_po
from helpers import seeded_build_root

from trickbook_site.cli import main
from trickbook_site.i18n import catalog as catalogs
from trickbook_site.i18n import typography
from trickbook_site.i18n.localize import localize_markdown, translator
from trickbook_site.i18n.segment import Segment, parse_page

REPO = Path(__file__).resolve().parents[1]
LOCALES = {"pt_PT": "pt", "fr": "fr"}  # catalog folder -> URL folder
HTML_LANG = {"pt": "pt-PT", "fr": "fr"}
PAGE = "docs/nap.md"
ADDED = " This sentence is new."
# What a translator adds to the old translation for the new sentence.
ADDED_TRANSLATION = {"pt_PT": " Esta frase é nova.", "fr": " Cette phrase est nouvelle."}
# The generator's note on a partly translated page (a `ui` message; its translation is looked up).
COVERAGE_NOTE = "{percent}% of this page is translated; the rest is shown in English."
# What the catalogs' mappings read: the pages and records, the widgets, and the
# Python sources of the `ui` and `engine` messages (without them an update would
# drop every label and engine message as obsolete).
SITE_PARTS = ("docs", "locales", "overrides", "widgets", "mkdocs.yml", "src/trickbook", "src/trickbook_site")


# ----- helpers ------------------------------------------------------------------------

def copy_site(dest: Path) -> Path:
    """A copy of the real site that `trickbook` commands may change."""
    ignore = shutil.ignore_patterns("__pycache__", "*.pyc", "*.mo")
    for part in SITE_PARTS:
        src = REPO / part
        if src.is_dir():
            shutil.copytree(src, dest / part, ignore=ignore)
        else:
            shutil.copyfile(src, dest / part)
    for cfg in REPO.glob("babel*.cfg"):
        shutil.copyfile(cfg, dest / cfg.name)
    # The engine's files the checkout's build made (its wheel, standard library and snapshot, keyed by the
    # engine's sources, which the copy shares): the builds below make its pages, not its engine.
    seeded_build_root(dest / "build")
    return dest


def po_path(root: Path, locale: str, domain: str = "content") -> Path:
    return root / "locales" / locale / "LC_MESSAGES" / f"{domain}.po"


def paragraph_to_change(root: Path) -> Segment:
    """The first paragraph of the page that only this page's catalog entry carries."""
    entries = catalogs.read_catalog(po_path(root, "pt_PT"), "pt_PT")
    for segment in parse_page((root / PAGE).read_text(encoding="utf-8")).segments:
        if segment.kind != "paragraph" or segment.implicit:
            continue
        message = entries.get(segment.msgid)
        if message is not None and [path for path, _ in message.locations] == [PAGE]:
            return segment
    raise AssertionError(f"{PAGE} has no paragraph of its own to change")


def append_to_segment(text: str, segment: Segment, added: str) -> str:
    """The page with ``added`` written at the end of the segment's text."""
    lines = text.split("\n")
    last = segment.start + len(segment.columns) - 1
    line = lines[last]
    lines[last] = line[: segment.end_column] + added + line[segment.end_column:]
    return "\n".join(lines)


def translate_with_babel(path: Path, msgid: str, translation: str) -> None:
    """What a translator's tool does: fill the entry in, clear fuzzy and the old English."""
    with open(path, "rb") as handle:
        catalog = read_po(handle)
    message = catalog[msgid]
    assert message is not None, msgid
    message.string = translation
    message.flags.discard("fuzzy")
    # Babel reads `#| msgid` lines as comments starting with "|": the diff goes with the flag.
    message.user_comments = [c for c in message.user_comments if not c.startswith("|")]
    buffer = io.BytesIO()
    write_po(buffer, catalog, width=76)
    path.write_bytes(buffer.getvalue())


VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"}


class PageText(HTMLParser):
    """Each piece of text of a page with the language it is in (its nearest `lang`)."""

    def __init__(self, html: str) -> None:
        super().__init__(convert_charrefs=True)
        self.stack: list[tuple[str, str | None, str]] = []  # tag, lang, class
        self.texts: list[tuple[str, str | None, str | None]] = []  # text, lang, tag carrying it
        self.english_in_article: list[str] = []  # tags inside <article> marked lang="en"
        self.note: list[str] = []  # the text of the coverage note, when there is one
        self.feed(html)

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = dict(attrs)
        if a.get("lang") == "en" and any(t == "article" for t, _, _ in self.stack):
            self.english_in_article.append(tag)
        if tag not in VOID:
            self.stack.append((tag, a.get("lang"), a.get("class") or ""))

    def handle_endtag(self, tag: str) -> None:
        for k in range(len(self.stack) - 1, -1, -1):
            if self.stack[k][0] == tag:
                del self.stack[k:]
                return

    def handle_data(self, data: str) -> None:
        carrier = next(((t, lang) for t, lang, _ in reversed(self.stack) if lang), (None, None))
        self.texts.append((data, carrier[1], carrier[0]))
        if any("tb-coverage" in cls.split() for _, _, cls in self.stack):
            self.note.append(data)

    def language_of(self, words: str) -> tuple[str | None, str | None]:
        """The language, and the tag that says so, of the text holding ``words``."""
        hits = [(lang, tag) for text, lang, tag in self.texts if words in text]
        assert len(hits) == 1, f"{words!r} found {len(hits)} times"
        return hits[0]

    @property
    def coverage_note(self) -> str | None:
        return "".join(self.note) if self.note else None


def built_page(site: Path, code: str) -> PageText:
    return PageText((site / code / "nap" / "index.html").read_text(encoding="utf-8"))


@pytest.fixture
def site_copy(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    root = copy_site(tmp_path / "site-source")
    monkeypatch.chdir(root)
    return root


# ----- the loop -------------------------------------------------------------------------

@pytest.mark.slow  # builds a site three times; the fast tier keeps the catalog checks below
def test_a_changed_paragraph_goes_fuzzy_shows_in_english_then_translated(
        site_copy: Path, capsys: pytest.CaptureFixture[str]) -> None:
    root = site_copy
    segment = paragraph_to_change(root)
    old, new = segment.msgid, segment.msgid + ADDED
    old_translation = {loc: catalogs.read_catalog(po_path(root, loc), loc)[old].string for loc in LOCALES}
    pages_before = {(row.locale, row.name): row for row in catalogs.check(root).pages}

    # The author's change, then the catalogs' update.
    page = root / PAGE
    page.write_text(append_to_segment(page.read_text(encoding="utf-8"), segment, ADDED), encoding="utf-8")
    assert main(["i18n", "update"]) == 0
    written = capsys.readouterr().out
    for locale in LOCALES:
        assert f"wrote {po_path(Path('.'), locale)}" in written
        po = po_path(root, locale)
        merged = catalogs.read_catalog(po, locale)
        entry = merged[new]
        assert entry is not None and entry.fuzzy
        assert entry.previous_id == [old]
        assert entry.string == old_translation[locale], "the old translation is kept for the translator"
        assert merged.get(old) is None, "the old English is no longer a live entry"
        text = po.read_text(encoding="utf-8")
        assert re.search(r'^#, fuzzy\n#\| msgid ', text, re.M), "no `#| msgid` line after the fuzzy flag"

    # The check passes and reports the page as partly translated (pages are listed with --verbose).
    assert main(["i18n", "check", "--verbose"]) == 0
    report = capsys.readouterr().out
    for locale in LOCALES:
        total = pages_before[(locale, PAGE)].total
        assert pages_before[(locale, PAGE)].translated == total
        expected = f"{locale} {PAGE}: {100 * (total - 1) / total:.1f}% ({total - 1} translated, 1 fuzzy, 0 missing)"
        assert expected in report

    # The build shows the paragraph in English, marked, under the coverage note.
    out = root.parent / "out"
    assert main(["build", "--site-dir", str(out)]) == 0
    segments = len(parse_page(page.read_text(encoding="utf-8")).segments)
    assert built_page(out, "en").language_of(ADDED.strip()) == ("en", "html")
    assert built_page(out, "en").coverage_note is None
    for locale, code in LOCALES.items():
        shown = built_page(out, code)
        lang, tag = shown.language_of(ADDED.strip())
        assert lang == "en" and tag in ("p", "span"), (code, lang, tag)
        note = translator(locale, root).ui(COVERAGE_NOTE)
        assert note != COVERAGE_NOTE, f"{locale}: the coverage note is not translated"
        # Shown as the catalog says, with the language's typography (French spacing) applied by the build.
        rules = typography.text_rules(code) or (lambda text: text)
        assert shown.coverage_note == rules(note.format(percent=int(100 * (segments - 1) / segments)))

    # The translator's turn: fill the entry in with Babel, clear fuzzy, update nothing else.
    for locale in LOCALES:
        translate_with_babel(po_path(root, locale), new, old_translation[locale] + ADDED_TRANSLATION[locale])
    assert main(["i18n", "check", "--verbose"]) == 0
    report = capsys.readouterr().out
    for locale in LOCALES:
        assert f"{locale} {PAGE}:" not in report  # a complete page is not listed among those to finish
        summary = next(line.split() for line in report.splitlines() if line.split()[:1] == [locale])
        assert summary[3:5] == ["0", "0"], summary  # nothing fuzzy, nothing missing

    assert main(["build", "--site-dir", str(out)]) == 0
    for locale, code in LOCALES.items():
        shown = built_page(out, code)
        assert shown.language_of(ADDED_TRANSLATION[locale].strip()) == (HTML_LANG[code], "html")
        assert not any(ADDED.strip() in text for text, _, _ in shown.texts), f"{code}: English left on the page"
        assert shown.english_in_article == [], f"{code}: still marked English: {shown.english_in_article}"
        assert shown.coverage_note is None


# ----- the real catalogs ----------------------------------------------------------------

def test_the_real_catalogs_are_complete_none_fuzzy_placeholders_matching() -> None:
    report = catalogs.check(REPO, list(LOCALES))
    assert [str(p) for p in report.errors] == []
    assert [str(p) for p in report.problems if "placeholder" in p.message] == []
    rows = {(row.locale, row.name): row for row in report.coverage}
    assert set(rows) == {(loc, f"locales/{loc}/LC_MESSAGES/{domain}.po")
                         for loc in LOCALES for domain in catalogs.DOMAINS}
    for _key, row in rows.items():
        assert row.translated > 0 and (row.fuzzy, row.missing) == (0, 0), str(row)
        assert row.percent == 100.0, str(row)
    assert report.pages and all(row.percent == 100.0 for row in report.pages), [
        str(r) for r in report.pages if r.percent < 100
    ]


def test_every_page_of_the_real_site_is_shown_fully_translated() -> None:
    pages = sorted((REPO / "docs").rglob("*.md"))
    for locale in LOCALES:
        content = translator(locale, REPO).content_catalog()
        for page in pages:
            localized, coverage = localize_markdown(page.read_text(encoding="utf-8"), page.name, content)
            assert coverage.complete, f"{locale} {page.name}: {coverage.translated}/{coverage.total}"
            assert 'lang="en"' not in localized, f"{locale} {page.name}"


def _key(message) -> tuple[str, str | None]:
    return (message.id if isinstance(message.id, str) else message.id[0], message.context)


def _usable(message) -> bool:
    forms = message.string if isinstance(message.string, (list, tuple)) else [message.string]
    return not message.fuzzy and bool(forms) and all(forms)


@pytest.mark.parametrize("domain", catalogs.DOMAINS)
def test_every_message_of_the_current_sources_is_translated(domain: str) -> None:
    # Compared by message, not by file: a source edit that only moves lines changes no translation.
    template = catalogs.extract_domain(REPO, domain)
    wanted = {_key(m) for m in template if m.id}
    assert wanted, f"nothing extracted for {domain}"
    for locale in LOCALES:
        catalog = catalogs.read_catalog(po_path(REPO, locale, domain), locale)
        translated = {_key(m) for m in catalog if m.id and _usable(m)}
        assert sorted(wanted - translated, key=str) == [], f"{locale} {domain}.po lacks these"
