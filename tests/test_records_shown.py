"""Every worked hand under docs/hands/ is shown on some page; the build warns about one that is not."""

from __future__ import annotations

import shutil
from pathlib import Path

from trickbook_site.build import build_site
from trickbook_site.hands import load_hands, unshown_records
from trickbook_site.project import Project
from trickbook_site.scaffold import new_site

REPO = Path(__file__).resolve().parents[1]


def test_every_record_of_the_site_is_on_a_page() -> None:
    docs = REPO / "docs"
    assert unshown_records(docs, load_hands(docs)) == []


def test_the_nap_page_shows_the_all_pass_and_nap_made_hands() -> None:
    text = (REPO / "docs" / "nap.md").read_text(encoding="utf-8")
    assert 'ref = "nap-all-pass"' in text and 'ref = "nap-nap-made"' in text


def test_build_warns_about_a_record_no_page_shows(tmp_path: Path) -> None:
    site = new_site(tmp_path / "small", games=["nap"], languages=["en"])
    shown = next((site / "docs" / "hands").rglob("*.hand.toml"))
    orphan = shown.with_name("nap-orphan.hand.toml")
    shutil.copyfile(shown, orphan)
    lines: list[str] = []
    build_site(Project(site), site_dir=tmp_path / "out", build_root=REPO / "build", log=lines.append)
    warnings = [line for line in lines if line.startswith("warning:")]
    assert warnings == [f"warning: {orphan}: the worked hand 'nap-orphan' is on no page "
                        '(add a ```hand``` block with ref = "nap-orphan", or remove the file)']
    # The shown record draws no warning, and the site is still built.
    assert not any(str(shown) in line for line in warnings)
    assert (tmp_path / "out" / "en" / "index.html").is_file()
