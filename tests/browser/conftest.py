"""Browser test fixtures: the built site over HTTP, Debian's chromium, and a guard on every request.

The site comes from the session fixture ``built_site`` (tests/conftest.py); set
``TRICKBOOK_TEST_SITE`` to a built site folder to test that one instead. Every
browser context is made by the ``open_page`` fixture, which routes all its requests
through a guard that aborts and records any request not addressed to 127.0.0.1 and
collects its pages' uncaught errors; each test ends by asserting there were none.
pytest-playwright's own ``page`` and ``context`` fixtures are not used (a static check).
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any, Iterator

import pytest
from browser import helpers
from browser.behind_caddy import Caddy, caddy_serving, publish_into
from browser.helpers import CHROMIUM, CHROMIUM_FLAGS, LANGUAGES, PageOpener

# The fast tier's browser tests (scripts/test --fast): one smoke test per page type, in all three
# languages between them and at both screen sizes. The full tier runs every browser test.
SMOKE = {
    "a language's home page (axe)": "test_accessibility.py::test_no_accessibility_violation[chromium-home-en]",
    "the root language chooser (axe)":
        "test_accessibility.py::test_no_accessibility_violation[chromium-language-chooser-root]",
    "a rules page's worked hand, stepped by buttons without the engine":
        "test_player.py::test_buttons_step_to_trick_one_won_by_a_at_step_8_and_trick_five_won_by_b_at_the_end[chromium-fr]",
    "a rules page's worked hand gone live, stepped, a card refused with the engine's reason":
        "test_live.py::test_illegal_card_gets_the_engines_reason_in_the_readers_language[pt-chromium]",
    "a play table gone live, a hand played by keyboard":
        "test_table.py::test_a_reader_plays_the_first_hand_by_keyboard_with_only_legal_cards_enabled[en-chromium]",
    "the verify page, filled in from a link":
        "test_verifier.py::test_the_verifier_opens_filled_in_from_a_link[chromium]",
    "the terms page on a phone (360x740)":
        "test_terms_page.py::test_on_a_phone_the_terms_table_scrolls_in_its_labelled_region_not_the_page[chromium-fr]",
    "a language's not-found page (axe)":
        "test_accessibility.py::test_no_accessibility_violation[chromium-not-found-pt]",
    "the site search":
        "test_search.py::test_search_index_waits_for_the_reader_then_finds_words_of_the_page_language[chromium-en]",
}


@pytest.hookimpl(tryfirst=True)  # before -m deselects anything
def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Every test under tests/browser is a browser test; those named in SMOKE are also smoke tests.

    A name in SMOKE that is not among the collected tests of its file fails the run, so that a
    renamed test cannot drop out of the fast tier unseen."""
    here = Path(__file__).parent
    by_id: dict[str, pytest.Item] = {}
    files: set[str] = set()
    for item in items:
        path = Path(str(item.path))
        if path.parent == here:
            item.add_marker(pytest.mark.browser)
            by_id[f"{path.name}::{item.name}"] = item
            files.add(path.name)
    for page_type, test_id in SMOKE.items():
        if test_id in by_id:
            by_id[test_id].add_marker(pytest.mark.smoke)
        elif (test_id.split("::")[0] in files and not config.getoption("keyword") and not config.getoption("lf", False)
              and not any("::" in arg for arg in config.args)):
            raise pytest.UsageError(
                f"tests/browser/conftest.py: the smoke test for {page_type}, {test_id}, is not collected")


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args: dict[str, Any]) -> dict[str, Any]:
    return {**browser_type_launch_args, "executable_path": CHROMIUM, "args": CHROMIUM_FLAGS}


def _site_folder(value: Any) -> Path:
    """The site folder from whatever the build fixture returns (a path, or an object with one)."""
    for attr in ("site_dir", "site", "path"):
        if hasattr(value, attr):
            value = getattr(value, attr)
            break
    folder = Path(value)
    if not (folder / "assets" / "widgets" / "hand.js").is_file():
        raise AssertionError(f"{folder} is not a built site (no assets/widgets/hand.js)")
    return folder


@pytest.fixture(scope="session")
def site_dir(request: pytest.FixtureRequest) -> Path:
    override = os.environ.get("TRICKBOOK_TEST_SITE")
    if override:
        return _site_folder(override)
    return _site_folder(request.getfixturevalue("built_site"))


@pytest.fixture(scope="session")
def site_url(site_dir: Path) -> Iterator[str]:
    """The built site served by Python's http.server, on a free local port, in a thread of the test
    process (``helpers.served_folder``): the socket listens before the first test asks for a page."""
    with helpers.served_folder(site_dir) as url:
        yield url


@pytest.fixture(scope="session")
def catalogs(site_dir: Path) -> dict[str, dict[str, Any]]:
    """The browser catalogs of the built site, by language folder."""
    out = {}
    for lang in LANGUAGES:
        path = site_dir / "assets" / "i18n" / f"{lang}.json"
        out[lang] = json.loads(path.read_text(encoding="utf-8"))
    return out


@pytest.fixture(scope="module")
def published(site_dir: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The built site as ``trickbook publish`` writes it (browser/behind_caddy.py), once per test module."""
    return publish_into(tmp_path_factory.mktemp("published"), site_dir)


@pytest.fixture(scope="module")
def caddy(published: Path, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Caddy]:
    """Debian's caddy serving ``published`` on 127.0.0.1 with its `_headers`, stopped after the module."""
    with caddy_serving(published, tmp_path_factory.mktemp("caddy")) as server:
        yield server


@pytest.fixture(scope="session")
def tb() -> Any:
    """The helpers module (tests/browser/helpers.py), for the test modules that take it as a fixture;
    new tests import it by name instead: ``from browser import helpers``."""
    return helpers


@pytest.fixture
def open_page(new_context: Any, site_url: str) -> Iterator[PageOpener]:
    """The browser tests' one factory of contexts (``PageOpener``, on pytest-playwright's ``new_context``,
    which closes them): ``open_page(path, size=(w, h), gentle=True, **context_options)`` is a new page in a
    context of its own, at that size, with the gentle bots unless ``gentle=False``;
    ``open_page.context(size, gentle=False, **context_options)`` is a context, for a test that prepares it
    before its first page or needs several at once. Every request goes through the guard and every uncaught
    error is collected. When the test ends, no request may have left 127.0.0.1 and no page may have raised."""
    opener = PageOpener(new_context, site_url)
    yield opener
    opener.check()
