"""The site build: every language, every worked hand, relative URLs, assets, and failures that keep the old site."""

from __future__ import annotations

import hashlib
import json
import re
import zipfile
from email.parser import Parser
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import urldefrag

import pytest

from trickbook.errors import RecordError
from trickbook_site.build import add_coverage_note, build_site
from trickbook_site.errors import CatalogError, HandBlockError, SiteError
from trickbook_site.figure import Texts, draw_hand, render_hand
from trickbook_site.hands import find_blocks, load_hands, replay_hand
from trickbook_site.i18n.fallback import MISSING, Fallbacks
from trickbook_site.project import Project
from trickbook_site.scaffold import new_site

REPO = Path(__file__).resolve().parents[1]
PROJECT = Project(REPO)
HTML_LANG = {lang.code: lang.html_lang for lang in PROJECT.languages()}


class _Links(HTMLParser):
    """Every URL a page asks for or links to, with the tag and attribute it sits in."""

    def __init__(self) -> None:
        super().__init__()
        self.urls: list[tuple[str, str, str, dict[str, str | None]]] = []
        self.html_lang: str | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = dict(attrs)
        if tag == "html":
            self.html_lang = a.get("lang")
        for name in ("href", "src"):
            if a.get(name) is not None:
                self.urls.append((tag, name, a[name] or "", a))


def _parse(page: Path) -> _Links:
    parser = _Links()
    parser.feed(page.read_text(encoding="utf-8"))
    return parser


def _pages(site: Path) -> list[Path]:
    """The pages MkDocs made; the 404 pages are the build's own, self-contained (tested below), and so
    are the hands' own addresses, ``<lang>/hand/<id>/`` (browser/test_publish_embeds_and_handouts.py,
    test_player_at_the_moment_of_use.py)."""
    return sorted(p for p in site.rglob("*.html") if p.name != "404.html" and not _hand_address(p))


def _hand_address(page: Path) -> bool:
    folder = page.parent.parent
    return folder.name == "hand" and (folder.parent / "sitemap.xml").is_file()


def _referenced_ids() -> set[str]:
    ids = set()
    for page in sorted(PROJECT.docs.rglob("*.md")):
        for block in find_blocks(page.read_text(encoding="utf-8"), page):
            ids.add(block.ref or block.inline_id or "")
    return ids


# ----- the real site, built once -------------------------------------------------

def test_every_language_is_built_with_its_pages(built_site: Path) -> None:
    sources = sorted(p.relative_to(PROJECT.docs).with_suffix("") for p in PROJECT.docs.rglob("*.md"))
    assert set(HTML_LANG) >= {"en"}
    for code in HTML_LANG:
        for src in sources:
            page = built_site / code / ("index.html" if src.name == "index" else f"{src.as_posix()}/index.html")
            assert page.is_file(), f"{code}: no page for {src}"


def test_html_lang_is_right_on_every_page(built_site: Path) -> None:
    for code, tag in HTML_LANG.items():
        for page in _pages(built_site / code):
            assert _parse(page).html_lang == tag, page


def test_portuguese_is_european_portuguese() -> None:
    pt = [lang for lang in PROJECT.languages() if lang.code == "pt"]
    assert pt, "the site has no Portuguese catalogs"
    assert (pt[0].locale, pt[0].html_lang) == ("pt_PT", "pt-PT")


def test_every_worked_hand_is_prerendered_in_every_language(built_site: Path) -> None:
    ids = _referenced_ids()
    assert ids, "the pages embed no worked hand"
    for code in HTML_LANG:
        html = "".join(p.read_text(encoding="utf-8") for p in _pages(built_site / code))
        for hand_id in ids:
            assert f'data-hand-id="{hand_id}"' in html, f"{code}: {hand_id} not pre-rendered"


def test_worked_hand_figure_carries_the_widget_contract(built_site: Path) -> None:
    html = (built_site / "en" / "nap" / "index.html").read_text(encoding="utf-8")
    figure = html[html.index('<figure class="tb-hand" id="hand-nap-four-hearts"'):]
    figure = figure[: figure.index("</figure>")]
    assert 'data-engine="static"' in figure and 'data-game="nap"' in figure
    for part in ("tb-title", "tb-deal-table", "tb-trick-table", "tb-narration", "tb-scoring"):
        assert part in figure
    # The data the player reads: a file beside the page, named on the figure (none of it in the page).
    assert 'class="tb-data"' not in figure
    name = re.search(r'data-src="([^"]+)"', figure).group(1)
    assert re.fullmatch(r"nap-four-hearts\.[0-9a-f]{10}\.json", name)
    data = json.loads((built_site / "en" / "nap" / name).read_text(encoding="utf-8"))
    assert data["id"] == "nap-four-hearts" and data["lang"] == "en" and data["step"] == 0
    assert data["record"].lstrip().startswith(("format", "#", "game", "id", "title"))
    # The rule text's example: A makes Four, B wins the last trick with the ace of clubs.
    tricks = data["replay"]["result"]["tricks"]
    assert [t["winner"] for t in tricks] == ["A", "A", "A", "A", "B"]
    assert len(data["replay"]["steps"]) == 25


def test_each_language_has_its_own_search_index(built_site: Path) -> None:
    for code in HTML_LANG:
        index = json.loads((built_site / code / "search" / "search_index.json").read_text(encoding="utf-8"))
        assert index["config"]["lang"] == [code]
        assert index["docs"], code


def test_language_switcher_links_land_on_the_same_page(built_site: Path) -> None:
    for code in HTML_LANG:
        for page in _pages(built_site / code):
            rel = page.relative_to(built_site / code)
            links = [a for tag, name, url, a in _parse(page).urls if "md-select__link" in (a.get("class") or "")]
            targets = sorted((page.parent / a["href"]).resolve() for a in links)
            expected = sorted((built_site / other / rel).parent.resolve() for other in HTML_LANG)
            assert [t if t.suffix else t for t in targets] == expected, page


def test_every_url_is_relative(built_site: Path) -> None:
    for page in _pages(built_site):
        for tag, name, url, _ in _parse(page).urls:
            assert not url.startswith(("/", "http:", "https:")), f"{page}: <{tag} {name}={url!r}>"


def test_every_local_asset_a_page_loads_exists(built_site: Path) -> None:
    for code in HTML_LANG:
        for page in _pages(built_site / code):
            for tag, _name, url, _ in _parse(page).urls:
                if tag in ("script", "link", "img") and not url.startswith("data:"):
                    target = (page.parent / urldefrag(url).url).resolve()
                    assert target.exists() or (target / "index.html").exists(), f"{page}: {url}"


def test_widget_script_and_style_are_on_every_page(built_site: Path) -> None:
    for page in _pages(built_site / "en"):
        urls = {(tag, url) for tag, name, url, a in _parse(page).urls}
        assert any(t == "script" and u.endswith("assets/widgets/hand.js") for t, u in urls), page
        assert any(t == "link" and u.endswith("assets/widgets/hand.css") for t, u in urls), page
        assert '<script src="' in page.read_text(encoding="utf-8")
        scripts = re.findall(r'<script src="[^"]*hand\.js"[^>]*>', page.read_text(encoding="utf-8"))
        assert scripts and all('type="module"' in s for s in scripts)


def test_root_index_sends_readers_to_their_language(built_site: Path) -> None:
    parsed = _parse(built_site / "index.html")
    assert parsed.html_lang == "en"
    hrefs = {url for tag, name, url, _ in parsed.urls if tag == "a"}
    assert hrefs == {f"{code}/" for code in HTML_LANG}
    script = (built_site / "index.html").read_text(encoding="utf-8")
    assert "navigator.languages" in script


def test_runtime_and_assets_are_written_once(built_site: Path) -> None:
    runtime = json.loads((built_site / "assets" / "runtime.json").read_text())
    version = json.loads((REPO / "node_modules" / "pyodide" / "package.json").read_text())["version"]
    # "stdlib": the engine's own standard library, beside the wheel (the runtime's own stays for anything else).
    assert set(runtime) == {"pyodide", "engine", "download_bytes", "slow_link_bytes", "stdlib"}
    assert runtime["pyodide"] == f"pyodide/{version}/"
    # The engine the site ships, which a snapshot must hold (the worker refuses another's first).
    about = json.loads((built_site / "assets" / "snapshot.json").read_text())
    assert runtime["engine"] == about["engine"]
    folder = built_site / "assets" / runtime["pyodide"]
    for name in ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json",
                 runtime["stdlib"]):
        assert (folder / name).is_file(), name
    assert not list(built_site.glob("*/assets/pyodide")), "the runtime is copied into a language folder"
    assert (built_site / "assets" / "widgets" / "hand.js").is_file()
    for code in HTML_LANG:
        catalog = json.loads((built_site / "assets" / "i18n" / f"{code}.json").read_text(encoding="utf-8"))
        assert "ui" in catalog and "messages" in catalog["engine"]


def _wheel(built_site: Path) -> Path:
    runtime = json.loads((built_site / "assets" / "runtime.json").read_text())
    wheels = sorted((built_site / "assets" / runtime["pyodide"]).glob("trickbook-*.whl"))
    assert len(wheels) == 1
    return wheels[0]


def test_wheel_contains_only_the_engine_and_declares_no_dependency(built_site: Path) -> None:
    with zipfile.ZipFile(_wheel(built_site)) as wheel:
        names = wheel.namelist()
        metadata_name = next(n for n in names if n.endswith(".dist-info/METADATA"))
        metadata = Parser().parsestr(wheel.read(metadata_name).decode())
    assert all(n.startswith(("trickbook/", "trickbook-")) for n in names), names
    assert "trickbook/__init__.py" in names and "trickbook/web.py" in names
    assert not metadata.get_all("Requires-Dist")


def test_lockfile_lists_trickbook_with_the_wheels_real_sha256(built_site: Path) -> None:
    wheel = _wheel(built_site)
    lock = json.loads((wheel.parent / "pyodide-lock.json").read_text())
    entry = lock["packages"]["trickbook"]
    assert entry["file_name"] == wheel.name
    assert entry["sha256"] == hashlib.sha256(wheel.read_bytes()).hexdigest()
    assert entry["depends"] == []


@pytest.mark.slow  # builds the wheel twice; the fast tier keeps the wheel's content and lockfile tests
def test_engine_wheel_is_reproducible(tmp_path: Path) -> None:
    from trickbook_site.assets import build_wheel

    first = build_wheel(tmp_path / "a" / "staging", tmp_path / "a" / "out")
    second = build_wheel(tmp_path / "b" / "staging", tmp_path / "b" / "out")
    assert first.read_bytes() == second.read_bytes()


# ----- hand blocks, without a full build ---------------------------------------

NAP_RECORD = (REPO / "docs" / "hands" / "nap" / "nap-four-hearts.hand.toml").read_text(encoding="utf-8")


def _docs(tmp_path: Path, pages: dict[str, str], records: dict[str, str] | None = None) -> Path:
    docs = tmp_path / "docs"
    for name, text in pages.items():
        (docs / name).parent.mkdir(parents=True, exist_ok=True)
        (docs / name).write_text(text, encoding="utf-8")
    for name, text in (records or {}).items():
        path = docs / "hands" / "nap" / f"{name}.hand.toml"
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    return docs


def test_hand_ids_are_unique_across_the_site_inline_records_included(tmp_path: Path) -> None:
    inline = "```hand\nid = \"nap-four-hearts\"\n" + NAP_RECORD + "```\n"
    docs = _docs(tmp_path, {"index.md": "# Home\n\n" + inline}, {"nap-four-hearts": NAP_RECORD})
    with pytest.raises(SiteError, match="nap-four-hearts.*already used"):
        load_hands(docs)


def test_a_reference_to_an_unknown_hand_fails_with_page_and_line(tmp_path: Path) -> None:
    docs = _docs(tmp_path, {"index.md": "# Home\n\nText.\n\n```hand\nref = \"no-such-hand\"\n```\n"})
    with pytest.raises(HandBlockError, match=r"index\.md:5: .*no-such-hand"):
        load_hands(docs)


def test_an_inline_record_must_carry_an_id(tmp_path: Path) -> None:
    docs = _docs(tmp_path, {"index.md": "# Home\n\n```hand\n" + NAP_RECORD + "```\n"})
    with pytest.raises(HandBlockError, match=r"index\.md:3: .*must carry an `id`"):
        load_hands(docs)


def test_an_inline_record_error_names_the_page_line_and_action(tmp_path: Path) -> None:
    record = NAP_RECORD.replace("C 9H; D 7H", "C QS; D 7H", 1)
    assert record != NAP_RECORD
    page = "# Home\n\n```hand\nid = \"broken\"\n" + record + "```\n"
    docs = _docs(tmp_path, {"index.md": page})
    with pytest.raises(RecordError) as info:
        load_hands(docs)
    err = info.value
    lines = page.splitlines()
    assert err.file and err.file.endswith("index.md")
    assert err.line is not None and "C QS" in lines[err.line - 1]
    assert err.code == "must-follow-suit" and err.step is not None


def test_a_hand_block_inside_a_list_is_refused(tmp_path: Path) -> None:
    docs = _docs(tmp_path, {"index.md": "# Home\n\n- item\n\n  ```hand\n  ref = \"x\"\n  ```\n"})
    with pytest.raises(HandBlockError, match="left margin"):
        load_hands(docs)


def test_the_hands_data_is_a_file_named_on_the_figure_and_never_in_the_page(tmp_path: Path) -> None:
    record = NAP_RECORD.replace("[notes]", '[notes]\n0 = "A note with </script><!-- in it."', 1)
    if "[notes]" not in NAP_RECORD:
        record = NAP_RECORD + '\n[notes]\n0 = "A note with </script><!-- in it."\n'
    path = tmp_path / "nap-four-hearts.hand.toml"
    path.write_text(record, encoding="utf-8")
    drawn = draw_hand(replay_hand("nap-four-hearts", record, path, 1), 0, Texts(lang="en"))
    assert "<script" not in drawn.html and "A note with" not in drawn.html.split(">", 1)[0]
    assert f'data-src="{drawn.data_name}">' in drawn.html.splitlines()[0]  # the figure's opening tag names it
    assert re.fullmatch(r"nap-four-hearts\.[0-9a-f]{10}\.json", drawn.data_name)
    # The text keeps "<" written \u003c (as a script element in a page would need); JSON reads it back.
    assert "<" not in drawn.data
    assert json.loads(drawn.data)["notes"]["0"].startswith("A note with </script><!--")


def test_french_typography_reaches_the_hands_data_but_not_what_is_shown_in_english(tmp_path: Path) -> None:
    record = re.sub(r"(?ms)^\[notes\].*", "", NAP_RECORD) + '\n[notes]\n0 = "Bid: four?"\n1 = "Lead: the ace!"\n'
    path = tmp_path / "nap-four-hearts.hand.toml"
    path.write_text(record, encoding="utf-8")
    hand = replay_hand("nap-four-hearts", record, path, 1)
    french = {"Bid: four?": "Enchère: quatre?"}  # note 1 has no translation: shown in English
    fallbacks = Fallbacks(html_lang="fr", catalog="locales/fr/LC_MESSAGES/content.po",
                          states={"Lead: the ace!": (MISSING, 12)}, ui=lambda text: text)
    texts = Texts(lang="fr", content=lambda text: french.get(text, text), fallbacks=fallbacks)
    data = json.loads(draw_hand(hand, 0, texts).data)
    assert data["notes"]["0"] == "Enchère\u00a0: quatre\u202f?"
    assert data["notes"]["1"] == "Lead: the ace!" and data["notes_en"] == ["1"]
    english = json.loads(draw_hand(hand, 0, Texts(lang="pt", content=lambda text: french.get(text, text))).data)
    assert english["notes"]["0"] == "Enchère: quatre?"  # typography is French only


def test_labels_and_events_are_translated_through_the_catalogs(tmp_path: Path) -> None:
    path = tmp_path / "nap-four-hearts.hand.toml"
    path.write_text(NAP_RECORD, encoding="utf-8")
    hand = replay_hand("nap-four-hearts", NAP_RECORD, path, 1)
    texts = Texts(lang="xx", ui=lambda s: {"Tricks: {title}": "Vazas: {title}", "Winner": "Vencedor"}.get(s, s),
                  engine=lambda s: {"{seat} passes.": "{seat} passa."}.get(s, s),
                  content=lambda s: "TITLE" if s == hand.trace.record.title else s)
    html = render_hand(hand, 0, texts)
    assert 'aria-label="Vazas: TITLE"' in html and ">Vencedor</th>" in html
    # Nap's seat letters are spoken as "player B"; the letter stays for the eye, hidden from speech.
    said_b = '<span aria-hidden="true">B</span><span class="tb-sr">player B</span>'
    assert f"{said_b} passa." in html and '<figcaption class="tb-title">TITLE</figcaption>' in html


def test_prerendered_narration_speaks_cards_and_nap_seats_in_words(tmp_path: Path) -> None:
    path = tmp_path / "nap-four-hearts.hand.toml"
    path.write_text(NAP_RECORD, encoding="utf-8")
    hand = replay_hand("nap-four-hearts", NAP_RECORD, path, 1)
    texts = Texts(lang="xx", ui=lambda s: {"{rank} of {suit}": "{rank} de {suit}", "ace": "ás",
                                           "player {seat}": "jogador {seat}"}.get(s, s),
                  engine=lambda s: {"hearts": "copas", "{seat} leads {card}.": "{seat} sai com {card}."}.get(s, s))
    html = render_hand(hand, 0, texts)
    narration = html[html.index('<ol class="tb-narration"'):html.index("</ol>", html.index('<ol class="tb-narration"'))]
    # The symbol for the eye, hidden from speech; the words, from the catalogs, for screen readers only.
    said_a = '<span aria-hidden="true">A</span><span class="tb-sr">jogador A</span>'
    said_ace = '<span aria-hidden="true">A♥</span><span class="tb-sr">ás de copas</span>'
    assert f"{said_a} sai com {said_ace}." in narration
    # No card reaches the narration as a bare symbol.
    bare = re.sub(r'<span aria-hidden="true">[^<]*</span>', "", narration)
    assert not re.search("[♠♥♦♣]", bare)


def test_coverage_note_goes_after_the_first_heading() -> None:
    text = "# Título { #title }\n\nPrimeiro parágrafo.\n"
    out = add_coverage_note(text, '<p class="tb-coverage">50%</p>').splitlines()
    assert out[0] == "# Título { #title }"
    assert out.index('<p class="tb-coverage">50%</p>') == 2 and out[1] == "" and out[3] == ""


# ----- failures on small sites -------------------------------------------------

@pytest.fixture
def small_site(tmp_path: Path) -> Path:
    return new_site(tmp_path / "small", games=["nap"], languages=["en", "pt"])


def _build_small(site: Path, out: Path) -> None:
    build_site(Project(site), site_dir=out, build_root=REPO / "build")


def test_broken_record_fails_with_file_line_action_and_reason_and_keeps_the_previous_site(small_site: Path) -> None:
    out = small_site / "site"
    _build_small(small_site, out)
    before = {p: p.read_bytes() for p in sorted(out.rglob("*.html"))}
    record = next((small_site / "docs" / "hands").rglob("*.hand.toml"))
    text = record.read_text(encoding="utf-8")
    broken = text.replace("C 9H; D 7H", "C QS; D 7H", 1)
    assert broken != text
    record.write_text(broken, encoding="utf-8")
    with pytest.raises(RecordError) as info:
        _build_small(small_site, out)
    err = info.value
    assert err.file == str(record) and err.code == "must-follow-suit"
    assert "C QS" in broken.splitlines()[err.line - 1]
    assert err.step is not None and f"action {err.step}" in str(err)
    assert {p: p.read_bytes() for p in sorted(out.rglob("*.html"))} == before


def test_broken_catalog_fails_with_file_and_line(small_site: Path) -> None:
    po = small_site / "locales" / "pt_PT" / "LC_MESSAGES" / "content.po"
    lines = po.read_text(encoding="utf-8").splitlines()
    at = next(i for i, line in enumerate(lines) if line.startswith("msgstr") and i > 5)
    lines[at] = 'msgstr "sem fim'
    po.write_text("\n".join(lines) + "\n", encoding="utf-8")
    with pytest.raises(CatalogError) as info:
        _build_small(small_site, small_site / "site")
    assert f"{po.name}:{at + 1}" in str(info.value) or f"content.po:{at + 1}" in str(info.value)
    assert not (small_site / "site").exists()


def test_mkdocs_warnings_fail_the_build_in_strict_mode(small_site: Path) -> None:
    index = small_site / "docs" / "index.md"
    index.write_text(index.read_text(encoding="utf-8") + "\nSee [nowhere](no-such-page.md).\n", encoding="utf-8")
    with pytest.raises(SiteError, match="no-such-page.md"):
        _build_small(small_site, small_site / "site")


def test_high_and_low_are_shown_with_the_seat_originally_dealt_the_card() -> None:
    hands = load_hands(PROJECT.docs)
    shown = 0
    for hand in hands.values():
        result, steps = hand.trace.as_json(), hand.trace.steps_json()
        dealt = result["deal"]["hands"]
        html = render_hand(hand, 0, Texts(lang="en"))
        for award in result["awards"]:
            if award["category"] not in ("high", "low"):
                continue
            card = next(e["values"]["card"] for s in steps for e in s["events"]
                        if e["values"].get("category") == award["category"] and "card" in e["values"])
            holders = [seat for seat, cards in dealt.items() if card in cards]
            if not holders:
                continue  # a card that came with a run of the pack: not in the first deal
            assert f'data-card="{card}"' in html and f", dealt to {holders[0]}</td>" in html, hand.id
            shown += 1
    assert shown, "no worked hand scores High or Low"


def test_a_reference_can_open_its_hand_at_a_step(tmp_path: Path) -> None:
    from trickbook_site.hands import expand_blocks

    docs = _docs(tmp_path, {"index.md": "# Home\n\n```hand\nref = \"nap-four-hearts\"\nstep = 8\n```\n\nAfter.\n"},
                 {"nap-four-hearts": NAP_RECORD})
    hands = load_hands(docs)
    out = expand_blocks((docs / "index.md").read_text(), docs / "index.md", hands,
                        lambda hand, step: render_hand(hand, step, Texts(lang="en")))
    assert 'data-step="8"' in out and "```" not in out
    # The text after the block stays in place; the printed answers to the hand's questions follow it.
    assert out.index("After.") < out.index('<section class="tb-answers-print-all" hidden>')


def test_a_worked_hand_is_replayed_once_into_a_trace_whose_views_make_its_compact_form() -> None:
    """Every step's view goes into the compact trace the page's data carries, then out of memory."""
    from trickbook.record import parse_record, replay

    path = next(PROJECT.docs.rglob("*.hand.toml"))
    text = path.read_text(encoding="utf-8")
    hand = replay_hand("x", text, path, 1)
    assert hand.compact_replay == replay(parse_record(text, file=str(path)), views=True).compact_json()
    assert len(hand.compact_replay["steps"]) == len(hand.trace.steps)
    assert all(step.view is None for step in hand.trace.steps)
    assert hand.trace.record == parse_record(text, file=str(path))
    assert len(hand.trace.steps) == len(hand.trace.record.actions) + 1


# ----- around the worked hands: the engine's size, search text, 404 pages ------------------

def test_runtime_json_names_the_engines_download_size_from_the_files_written(built_site: Path) -> None:
    runtime = json.loads((built_site / "assets" / "runtime.json").read_text())
    folder = built_site / "assets" / runtime["pyodide"]
    snapshot = built_site / "assets" / "snapshot.json"
    # The engine arrives in the memory snapshot when the build made one, otherwise in the wheel.
    engine = ((built_site / "assets" / json.loads(snapshot.read_text())["file"]) if snapshot.is_file()
              else _wheel(built_site))
    # The worker boots with the engine's own standard library, not the runtime's.
    files = [folder / name for name in ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", runtime["stdlib"],
                                        "pyodide-lock.json")] + [engine]
    assert runtime["download_bytes"] == sum(f.stat().st_size for f in files)
    assert 5_000_000 < runtime["download_bytes"] < 40_000_000  # a Pyodide runtime and the engine
    # On a slow link the worker skips the snapshot: the runtime and the wheel.
    assert runtime["slow_link_bytes"] == sum(f.stat().st_size for f in files[:-1]) + _wheel(built_site).stat().st_size


def _search_texts(built_site: Path, code: str, page: str) -> list[str]:
    index = json.loads((built_site / code / "search" / "search_index.json").read_text(encoding="utf-8"))
    return [d["text"] + " " + d["title"] for d in index["docs"] if d["location"].split("#")[0] == page]


def test_search_reads_a_hand_figure_as_its_title_trumps_and_tricks_not_as_table_cells(built_site: Path,
                                                                                      tmp_path: Path) -> None:
    from trickbook_site.i18n import typography
    from trickbook_site.translations import check_catalogs

    catalogs = check_catalogs(PROJECT, PROJECT.languages(), tmp_path)
    for lang in PROJECT.languages():
        ui = catalogs.texts(lang).ui
        text = " ".join(_search_texts(built_site, lang.code, "nap/"))
        assert text, lang.code
        # The deal table's header row, run together as the index read it ("PlaceCartesN…"), is gone.
        seat, cards = ui("Seat"), ui("Cards")
        assert f"{seat}{cards}" not in text and f"{seat} {cards}" not in text, lang.code
        # The step-by-step narration is left out; what the hand came to is in.
        assert "tb-narration" not in text
        # As the catalog says, with the language's typography (French spacing) applied by the build.
        shown = typography.text_rules(lang.code) or (lambda t: t)
        assert shown(ui("Tricks won: {list}.").format(list="A 4, B 1, C 0, D 0")) in text, lang.code


def test_each_language_has_a_translated_404_page_and_the_root_one_leads_to_each(built_site: Path,
                                                                               tmp_path: Path) -> None:
    from trickbook_site.translations import check_catalogs

    catalogs = check_catalogs(PROJECT, PROJECT.languages(), tmp_path)
    titles = {}
    for lang in PROJECT.languages():
        page = built_site / lang.code / "404.html"
        parsed = _parse(page)
        assert parsed.html_lang == lang.html_lang
        title = catalogs.texts(lang).ui("Page not found")
        titles[lang.code] = title
        assert f"<h1>{title}</h1>" in page.read_text(encoding="utf-8")
        links = [url for tag, name, url, a in parsed.urls if tag == "a"]
        # Its own home page, then every other language's, each an existing page.
        assert links[0] == "./"
        assert sorted(links[1:]) == sorted(f"../{code}/" for code in HTML_LANG if code != lang.code)
        for url in links:
            assert (page.parent / url / "index.html").resolve().is_file(), url
    assert titles["pt"] != titles["en"] and titles["fr"] != titles["en"]
    root = built_site / "404.html"
    html = root.read_text(encoding="utf-8")
    hrefs = {url for tag, name, url, _ in _parse(root).urls if tag == "a"}
    assert hrefs == {f"{code}/" for code in HTML_LANG}
    for code, title in titles.items():
        assert title in html and f'lang="{HTML_LANG[code]}"' in html
    assert "<script" not in html
