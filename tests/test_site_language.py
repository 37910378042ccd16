"""The built site speaks each reader's language: the theme, the configuration, French
typography, European Portuguese, and every worked hand shown on a page."""

from __future__ import annotations

import json
import re
from html.parser import HTMLParser
from pathlib import Path

import pytest

from trickbook_site.i18n.typography import NBSP, NNBSP, french_html, french_text

REPO = Path(__file__).resolve().parents[1]
PAGES = ["index", "nap", "yorkshire", "trinidad", "euchre", "play", "reading-hands", "writing-hands", "verify"]


def _page(site: Path, lang: str, name: str) -> str:
    path = site / lang / ("index.html" if name == "index" else f"{name}/index.html")
    return path.read_text(encoding="utf-8")


class _Text(HTMLParser):
    """The prose of a page: text outside code, scripts and styles, and prose attributes."""

    SKIP = {"code", "pre", "kbd", "samp", "script", "style", "textarea"}

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.depth = 0
        self.open: list[str] = []
        self.parts: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        # The Terms page lists the words the site avoids: they are quoted, not used.
        if tag in self.SKIP or "tb-avoid" in (dict(attrs).get("class") or ""):
            self.depth += 1
            self.open.append(tag)
        for name, value in attrs:
            if name in ("title", "aria-label", "alt", "placeholder") and value:
                self.parts.append(value)

    def handle_endtag(self, tag: str) -> None:
        if self.open and tag == self.open[-1]:
            self.open.pop()
            self.depth -= 1

    def handle_data(self, data: str) -> None:
        if not self.depth:
            self.parts.append(data)


def _prose(html: str) -> list[str]:
    parser = _Text()
    parser.feed(html)
    return parser.parts


# ----- theme and configuration in the reader's language ------------------------------

@pytest.mark.parametrize("lang, description, permalink", [
    ("en", "Learn Yorkshire All Fours", "Permanent link"),
    ("pt", "Aprenda Yorkshire All Fours", "Ligação permanente"),
    ("fr", "Apprenez l'All Fours du Yorkshire", "Lien permanent"),
])
def test_description_and_heading_anchor_title_are_in_the_page_language(built_site: Path, lang: str,
                                                                        description: str, permalink: str) -> None:
    for name in PAGES:
        html = _page(built_site, lang, name)
        meta = re.search(r'<meta name="description" content="([^"]*)"', html)
        assert meta and meta.group(1).replace("&#39;", "'").startswith(description), (lang, name)
        titles = set(re.findall(r'class="headerlink" href="[^"]*" title="([^"]*)"', html))
        assert titles == {permalink}, (lang, name, titles)


@pytest.mark.parametrize("lang, wanted", [
    ("pt", ["Pesquisar", "A inicializar a pesquisa", "Escreva para pesquisar", "Nenhum resultado",
            "Copiar para a área de transferência", "Seguinte", "Anterior"]),
    ("fr", ["Rechercher", "Initialisation de la recherche", "Tapez pour lancer la recherche", "Aucun résultat",
            "Copier dans le presse-papiers", "Suivant", "Précédent"]),
    ("en", ["Search", "Initializing search", "Type to start searching", "Copy to clipboard", "Next"]),
])
def test_theme_strings_are_in_the_page_language(built_site: Path, lang: str, wanted: list[str]) -> None:
    html = _page(built_site, lang, "nap")
    config = re.search(r'<script id="__config" type="application/json">(.*?)</script>', html, re.DOTALL)
    assert config
    shown = html + json.dumps(json.loads(config.group(1)), ensure_ascii=False)
    for text in wanted:
        assert text in shown, (lang, text)


# ----- European Portuguese ----------------------------------------------------------

# Brazilian forms a Portugal reader would notice; each a whole word, case-insensitive
# unless marked. "time" is Brazilian for a team (pt-PT "equipa"); "timer" is another word.
BRAZILIAN = ["tela", "telas", "time", "times", "você", "vocês", "usuário", "usuários", "arquivo", "arquivos",
             "baixar", "compartilhar", "digite", "inicializando", "registro", "registros", "selecione",
             "contato", "equipe", "celular", "aplicativo", "mouse", "deletar", "salvar"]
# Interface labels: Brazilian as a label ("Buscar", "Próximo"), good European Portuguese in
# running text ("ir buscar", "o próximo ponto"), so only the capitalised label is refused.
BRAZILIAN_LABELS = ["Buscar", "Busca", "Próximo"]
_BRAZILIAN = re.compile(r"(?<![\w-])((?i:" + "|".join(BRAZILIAN) + r")|" + "|".join(BRAZILIAN_LABELS)
                        + r")(?![\w-])")


def _po_strings(path: Path) -> list[tuple[int, str]]:
    from trickbook_site.i18n.pofile import read_po_file

    po = read_po_file(str(path))
    return [(e.line, s) for e in po.messages for s in e.msgstr.values()]


def test_brazilian_forms_are_absent_from_the_portuguese_catalogs() -> None:
    found = []
    for path in sorted((REPO / "locales" / "pt_PT" / "LC_MESSAGES").glob("*.po")):
        for line, text in _po_strings(path):
            # Code spans are code: `trickbook`'s own words stay English.
            prose = re.sub(r"`[^`]*`", "", text)
            for match in _BRAZILIAN.finditer(prose):
                found.append(f"{path.name}:{line}: {match.group(0)}")
    assert not found, found


def test_brazilian_forms_are_absent_from_the_built_portuguese_pages(built_site: Path) -> None:
    found = []
    for page in sorted((built_site / "pt").rglob("*.html")):
        html = page.read_text(encoding="utf-8")
        prose = " ".join(_prose(html))
        config = re.search(r'<script id="__config" type="application/json">(.*?)</script>', html, re.DOTALL)
        if config:
            prose += " " + " ".join(str(v) for v in json.loads(config.group(1)).get("translations", {}).values())
        for match in _BRAZILIAN.finditer(prose):
            found.append(f"{page.relative_to(built_site)}: {match.group(0)}")
    assert not found, found


def test_the_brazilian_list_catches_a_brazilian_sentence_and_spares_timer() -> None:
    assert _BRAZILIAN.findall("Digite aqui. Buscar no seu time") == ["Digite", "Buscar", "time"]
    assert not _BRAZILIAN.findall("Vamos buscar o próximo ponto")
    assert not _BRAZILIAN.findall("O timer tem 20 segundos; a equipa joga.")


# ----- French typography -------------------------------------------------------------

SPACE_BEFORE_MARK = re.compile(r" [;!?:]")
MISSING_BEFORE = re.compile(r"\w[;!?](?=\s|$)|[^\W\d]:(?=\s|$)")
MISSING_INSIDE = re.compile(r"«(?!\u00a0)|(?<!\u00a0)»")


def _typography_faults(prose: list[str]) -> list[str]:
    faults = []
    for text in prose:
        for pattern, what in ((SPACE_BEFORE_MARK, "ordinary space before"),
                              (MISSING_BEFORE, "no space before"),
                              (MISSING_INSIDE, "no no-break space inside guillemets")):
            for match in pattern.finditer(text):
                start = max(0, match.start() - 30)
                faults.append(f"{what}: …{text[start:match.end() + 10]}…")
    return faults


def test_french_pages_have_french_spacing_outside_code(built_site: Path) -> None:
    faults = []
    for page in sorted((built_site / "fr").rglob("*.html")):
        html = page.read_text(encoding="utf-8")
        prose = _prose(html)
        for name in re.findall(r'<figure class="tb-hand"[^>]* data-src="([^"]+)"', html):
            data = json.loads((page.parent / name).read_text(encoding="utf-8"))
            prose += [data["title"], *data["notes"].values()]
        faults += [f"{page.relative_to(built_site)}: {f}" for f in _typography_faults(prose)]
    assert not faults, faults[:20]
    # Nap's figures are balances ("Soldes"); the other games keep a score, "la marque" in French.
    nap = _page(built_site, "fr", "nap")
    assert f"Soldes après la donne{NBSP}: " in nap and "Score après" not in nap
    assert f"Marque après la donne{NBSP}: " in _page(built_site, "fr", "yorkshire")


def test_french_widget_catalog_has_french_spacing(built_site: Path) -> None:
    data = json.loads((built_site / "assets" / "i18n" / "fr.json").read_text(encoding="utf-8"))
    texts: list[str] = []

    def walk(value: object) -> None:
        if isinstance(value, str):
            texts.append(re.sub(r"\{\w+\}", "x", value))
        elif isinstance(value, list):
            for v in value:
                walk(v)
        elif isinstance(value, dict):
            for v in value.values():
                walk(v)

    walk(data["ui"])
    walk(data["engine"])
    assert not _typography_faults(texts), _typography_faults(texts)[:10]
    assert data["ui"]["Score after the hand: {score}"] == f"Marque après la donne{NBSP}: {{score}}"
    # Other languages keep their own spacing.
    pt = json.loads((built_site / "assets" / "i18n" / "pt.json").read_text(encoding="utf-8"))
    assert NBSP not in json.dumps(pt, ensure_ascii=False)


def test_french_spacing_leaves_code_urls_tags_and_placeholders_alone() -> None:
    assert french_text("Levées: {count} ; fin!") == f"Levées{NBSP}: {{count}}{NNBSP}; fin{NNBSP}!"
    assert french_text("Et si… ?") == f"Et si…{NNBSP}?"
    assert french_text("«bonjour »") == f"«{NBSP}bonjour{NBSP}»"
    assert french_text("à 10:30, voir https://example.org/a?b=1;c et `x: y`") == (
        "à 10:30, voir https://example.org/a?b=1;c et `x: y`")
    assert french_text("{seat}: {card}") == f"{{seat}}{NBSP}: {{card}}"
    html = '<p title="Note: x">Voir <code>a: b</code>: fin ? <a href="p.html?a=1;b">l</a> &amp; c</p><pre>x : y</pre>'
    assert french_html(html) == (f'<p title="Note{NBSP}: x">Voir <code>a: b</code>{NBSP}: fin{NNBSP}? '
                                 '<a href="p.html?a=1;b">l</a> &amp; c</p><pre>x : y</pre>')
    # Applying the rules twice changes nothing more.
    assert french_html(french_html(html)) == french_html(html)


# ----- the Terms page ------------------------------------------------------------------

@pytest.mark.parametrize("lang, title, words", [
    ("en", "Terms", ["stock", "run the pack", "face down"]),
    ("pt", "Termos", ["resto do baralho", "voltada para baixo", "sentido dos ponteiros do relógio"]),
    ("fr", "Termes", ["reste du paquet", "faire courir le paquet", "face cachée"]),
])
def test_terms_page_is_in_every_language_and_in_every_navigation(built_site: Path, lang: str, title: str,
                                                                   words: list[str]) -> None:
    page = _page(built_site, lang, "terms")
    assert re.search(rf"<h1[^>]*>{title}", page)
    prose = " ".join(_prose(page))
    for word in words:
        assert word in prose.replace(NBSP, " "), (lang, word)
    # Each row names the English term and its translations, each marked with its language.
    row = re.search(r'<tr><th scope="row"><span lang="en">stock</span></th>(.*?)</tr>', page)
    assert row and 'lang="pt-PT">resto do baralho<' in row.group(1) and 'lang="fr">reste du paquet<' in row.group(1)
    for name in PAGES:
        assert re.search(r'href="[^"]*terms/"', _page(built_site, lang, name)), (lang, name)
    if lang == "fr":
        # The words refused in French are shown, so learners know to avoid them.
        assert "pioche" in row.group(1)


def _strings(value: object) -> list[str]:
    if isinstance(value, str):
        return [value]
    if isinstance(value, list):
        return [s for v in value for s in _strings(v)]
    if isinstance(value, dict):
        return [s for v in value.values() for s in _strings(v)]
    return []


def _reader_text(site: Path, lang: str) -> dict[str, list[str]]:
    """Each page's prose and worked hands, and the widgets' catalog, as a reader meets them.

    The Terms page is left out: its English column and its "not used here" column name
    the English and the refused words on purpose.
    """
    texts = {}
    for page in sorted((site / lang).rglob("*.html")):
        if page.parent.name == "terms":
            continue
        html = page.read_text(encoding="utf-8")
        prose = _prose(html)
        for name in re.findall(r'<figure class="tb-hand"[^>]* data-src="([^"]+)"', html):
            data = json.loads((page.parent / name).read_text(encoding="utf-8"))
            prose += [data["title"], *data["notes"].values()]
        texts[str(page.relative_to(site))] = prose
    catalog = json.loads((site / "assets" / "i18n" / f"{lang}.json").read_text(encoding="utf-8"))
    texts[f"assets/i18n/{lang}.json"] = _strings(catalog["ui"]) + _strings(catalog["engine"])
    return texts


FRENCH_REFUSED = {
    "levée, never pli": re.compile(r"(?<![\w-])plis?(?![\w-])", re.IGNORECASE),
    "entameur, never pitcher": re.compile(r"(?<![\w-])pitchers?(?![\w-])", re.IGNORECASE),
    "the French game names": re.compile(r"(Trinidad|Yorkshire) All Fours"),
    "elision before a seat": re.compile(r"(?<![\w'])(de|que) (Est|Ouest)\b"),
    "the kick is not the upcard": re.compile(r"(?<![\w-])(la|cette) retourne du donneur"),
}


def test_french_readers_meet_one_word_for_each_term(built_site: Path) -> None:
    faults = [f"{where}: {rule}: {text[:80]!r}"
              for where, texts in _reader_text(built_site, "fr").items() for text in texts
              for rule, pattern in FRENCH_REFUSED.items() if pattern.search(text)]
    assert not faults, faults[:20]
    catalog = json.loads((built_site / "assets" / "i18n" / "fr.json").read_text(encoding="utf-8"))["ui"]
    assert catalog["Kick: {card}"] == f"Carte retournée{NBSP}: {{card}}" and catalog["Last trick"] == "Dernière levée"
    assert catalog["Waiting for {seat} (bot)…"] == f"En attente{NBSP}: {{seat}} (bot)…"
    # The navigation and the title of the Trinidad table say the game's French name.
    html = _page(built_site, "fr", "play-trinidad")
    assert "<title>Jouer à l'All Fours de Trinité contre l'ordinateur" in html.replace("&#39;", "'")
    assert html.count("Jouer à l'All Fours du Yorkshire contre l'ordinateur") >= 1


def test_portuguese_readers_meet_one_word_for_each_term(built_site: Path) -> None:
    # "sítio" is a place ("mudar de sítio"); the website is "o site" ("deste site", "do site").
    refused = re.compile(r"(?<![\w-])trunfos? virados?(?![\w-])|(?<![\w-])(deste|do|neste|no) sítio(?![\w-])",
                         re.IGNORECASE)
    faults = [f"{where}: {text[:80]!r}" for where, texts in _reader_text(built_site, "pt").items()
              for text in texts if refused.search(text)]
    assert not faults, faults[:20]
    catalog = json.loads((built_site / "assets" / "i18n" / "pt.json").read_text(encoding="utf-8"))["ui"]
    assert catalog["Kick: {card}"] == "Carta virada: {card}"
