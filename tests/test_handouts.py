"""The printed hands' QR codes (trickbook_site/handouts.py), on a small site made here."""

from __future__ import annotations

from pathlib import Path

from trickbook_site.handouts import add_handout_codes, code_svg, hand_address

PAGE = """<!doctype html><html lang="en"><body><h1>Nap</h1>
<figure class="tb-hand" id="hand-a" data-hand-id="nap-a" data-engine="static" data-step="0" data-steps="9">
<figcaption class="tb-title">A</figcaption><p>deal</p>
</figure>
<p>between</p>
<figure class="tb-hand" id="hand-b" data-hand-id="nap b" data-engine="static" data-step="4" data-steps="9">
<figcaption class="tb-title">B</figcaption>
</figure>
</body></html>
"""


def small_site(root: Path) -> Path:
    for folder in ("en", "en/nap"):
        (root / folder).mkdir(parents=True, exist_ok=True)
    (root / "en" / "index.html").write_text("<!doctype html><p>home</p>", encoding="utf-8")
    (root / "en" / "nap" / "index.html").write_text(PAGE, encoding="utf-8")
    return root


def test_the_address_is_the_hands_page_with_its_deep_link_at_the_step() -> None:
    assert hand_address("https://example.org/course", "en/nap/", "nap-a", 0) == "https://example.org/course/en/nap/#nap-a=0"
    # The hand's id is encoded as the player's deep links encode it (encodeURIComponent).
    assert hand_address("https://example.org/", "pt/nap/", "nap b", 4) == "https://example.org/pt/nap/#nap%20b=4"


def test_each_figure_gets_its_code_once_and_a_new_address_replaces_the_old(tmp_path: Path) -> None:
    site = small_site(tmp_path)
    page = site / "en" / "nap" / "index.html"
    assert add_handout_codes(site, "https://old.example/") == 2
    html = page.read_text(encoding="utf-8")
    assert html.count('class="tb-handout-code" hidden') == 2
    assert code_svg("https://old.example/en/nap/#nap-a=0") in html
    assert code_svg("https://old.example/en/nap/#nap%20b=4") in html
    # Each code sits inside its own figure, after the figure's content.
    first = html[html.index('id="hand-a"'):html.index("</figure>")]
    assert "https://old.example/en/nap/#nap-a=0" in first and "#nap%20b=4" not in first
    assert add_handout_codes(site, "https://new.example/course/") == 2
    html = page.read_text(encoding="utf-8")
    assert html.count('class="tb-handout-code"') == 2 and "old.example" not in html
    assert code_svg("https://new.example/course/en/nap/#nap%20b=4") in html
    assert (site / "en" / "index.html").read_text(encoding="utf-8") == "<!doctype html><p>home</p>"


def test_a_code_is_an_svg_that_scales_and_names_its_address() -> None:
    svg = code_svg("https://example.org/en/nap/#nap-a=0")
    assert svg.startswith('<svg role="img" aria-label="https://example.org/en/nap/#nap-a=0" ')
    assert 'viewBox="0 0 ' in svg and "width=" not in svg.split(">")[0]
    # A different address is a different code.
    assert svg != code_svg("https://example.org/en/nap/#nap-a=1")
