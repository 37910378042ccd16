"""`trickbook serve` in chromium: the open page reloads when a rebuild finishes, a failed build's
error shows over the page (file and line) until it is fixed, and one language's broken catalog
shows in that language's pages only."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
from pathlib import Path
from typing import Any, Iterator

import pytest
from browser.helpers import violations
from helpers import Said, seeded_build_root, served_process, stop_by_sigint

pytestmark = pytest.mark.browser

REPO = Path(__file__).resolve().parents[2]
TRICKBOOK = Path(sys.executable).with_name("trickbook")
FR_TITLE = "Impossible de reconstruire le site"


class Serving:
    """`trickbook serve` on a new course in English and French, its output collected."""

    def __init__(self, folder: Path) -> None:
        env = {**os.environ, "TRICKBOOK_PYODIDE_DIR": str(REPO / "node_modules" / "pyodide"), "PYTHONUNBUFFERED": "1"}
        subprocess.run([str(TRICKBOOK), "new", str(folder), "--games", "nap", "--languages", "en,fr"], check=True,
                       env=env, capture_output=True)
        seeded_build_root(folder / "build")  # the checkout's engine files: the reload is under test, not them
        self.folder = folder
        with socket.socket() as s:
            s.bind(("127.0.0.1", 0))
            self.port = s.getsockname()[1]
        self.url = f"http://127.0.0.1:{self.port}"
        self.proc = served_process([str(TRICKBOOK), "serve", "--port", str(self.port)], cwd=folder, env=env,
                                   stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
        self.said = Said(self.proc.stdout, self.proc)
        self.said.wait_for("serving ", timeout=300)

    def edit(self, rel: str, old: str, new: str) -> None:
        path = self.folder / rel
        text = path.read_text(encoding="utf-8")
        assert old in text, (rel, old)
        path.write_text(text.replace(old, new, 1), encoding="utf-8")

    def stop(self) -> None:
        stop_by_sigint(self.proc, timeout=20)


@pytest.fixture(scope="module")
def serving(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Serving]:
    s = Serving(tmp_path_factory.mktemp("serve") / "course")
    try:
        yield s
    finally:
        s.stop()


def record_of(serving: Serving) -> str:
    return next((serving.folder / "docs" / "hands").rglob("*.hand.toml")).relative_to(serving.folder).as_posix()


def within_viewport(page: Any, box: dict[str, float]) -> bool:
    view = page.viewport_size
    return box["x"] >= 0 and box["y"] >= 0 and box["x"] + box["width"] <= view["width"] + 0.5 \
        and box["y"] + box["height"] <= view["height"] + 0.5


@pytest.mark.browser_context_args(reduced_motion="reduce")  # axe measures colours with no fade running
@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize("size", [(360, 740), (1280, 800)])
def test_the_open_page_reloads_after_an_edit_and_shows_a_failed_build_until_it_is_fixed(
        open_page: Any, serving: Serving, lang: str, size: tuple[int, int]) -> None:
    page = open_page(None, size, gentle=False)
    page.goto(f"{serving.url}/{lang}/")
    page.wait_for_load_state("load")
    marker = f"Reloaded for {lang} at {size[0]} px."
    serving.edit("docs/index.md", "\n## ", f"\n{marker}\n\n## ")
    # No navigation by the test: the page reloads itself once the rebuild is served.
    page.wait_for_function("m => !!document.body && document.body.innerText.includes(m)", arg=marker, timeout=60_000)

    record = record_of(serving)
    broken_text = (serving.folder / record).read_text(encoding="utf-8")
    serving.edit(record, 'dealer = "', 'dealer = "Z')
    box = page.locator("#trickbook-serve-error")
    box.wait_for(state="visible", timeout=60_000)
    assert box.get_attribute("role") == "alert"
    message = box.locator(".trickbook-serve-error-text")
    assert message.get_attribute("lang") == "en"  # the build speaks English, as in the terminal
    assert Path(record).name in message.inner_text() and f"{Path(record).name}:" in message.inner_text()
    title = box.locator(".trickbook-serve-error-title").inner_text()
    assert title == (FR_TITLE if lang == "fr" else "The site could not be rebuilt")
    overlay = box.bounding_box()
    assert overlay is not None and within_viewport(page, overlay), overlay
    assert page.evaluate("document.documentElement.scrollWidth") <= size[0]  # nothing scrolls sideways
    assert violations(page) == []

    (serving.folder / record).write_text(broken_text, encoding="utf-8")
    serving.edit("docs/index.md", marker, marker + " Fixed.")
    page.wait_for_function("m => !!document.body && document.body.innerText.includes(m)", arg=marker + " Fixed.",
                           timeout=60_000)
    assert page.locator("#trickbook-serve-error").count() == 0


def test_a_broken_catalog_shows_in_its_language_s_pages_while_the_others_go_on(
        open_page: Any, serving: Serving) -> None:
    page = open_page(None, (1280, 720), gentle=False)
    context = page.context
    po = serving.folder / "locales" / "fr" / "LC_MESSAGES" / "content.po"
    good = po.read_bytes()
    other = context.new_page()
    page.goto(f"{serving.url}/fr/")
    other.goto(f"{serving.url}/en/")
    po.write_bytes(good + b'\nmsgid "Unclosed\nmsgstr "x"\n')
    box = page.locator("#trickbook-serve-error")
    box.wait_for(state="visible", timeout=60_000)
    assert "content.po" in box.inner_text()
    serving.edit("docs/index.md", "\n## ", "\nEnglish goes on.\n\n## ")
    other.wait_for_function("m => !!document.body && document.body.innerText.includes(m)", arg="English goes on.",
                            timeout=60_000)
    assert other.locator("#trickbook-serve-error").count() == 0
    po.write_bytes(good)
    page.wait_for_function("m => !!document.body && document.body.innerText.includes(m)", arg="English goes on.",
                           timeout=60_000)
    assert page.locator("#trickbook-serve-error").count() == 0
    other.close()


def test_the_reload_script_is_only_in_served_pages_never_in_the_built_files(serving: Serving) -> None:
    import urllib.request

    with urllib.request.urlopen(f"{serving.url}/en/") as response:
        assert b"/.trickbook/serve/reload.js" in response.read()
    built = [p for p in (serving.folder / "site").rglob("*.html")
             if "/.trickbook/serve/" in p.read_text(encoding="utf-8")]
    assert built == []
