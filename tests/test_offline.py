"""The offline copy's service worker as `trickbook publish` writes it: every file it lists, with its hash.

The worker keeps a file only if its bytes have the listed sha256 and answers from its cache only
the listed addresses (tests/browser/test_offline.py shows it in chromium); here, the list itself.
"""

from __future__ import annotations

import base64
import hashlib
import json
import re
from pathlib import Path

from trickbook_site.offline import offline_files, write_service_worker

REPO = Path(__file__).resolve().parents[1]
TEMPLATE = REPO / "widgets" / "offline" / "sw.js"
SRI = re.compile(r"sha256-[A-Za-z0-9+/]{43}=")


def sri(data: bytes) -> str:
    return "sha256-" + base64.b64encode(hashlib.sha256(data).digest()).decode("ascii")


def listed(sw_js: Path) -> tuple[str, dict[str, dict[str, str]]]:
    """The version and the files (per language: address from the site's root -> hash) a written sw.js carries."""
    text = sw_js.read_text(encoding="utf-8")
    version = re.search(r'^const VERSION = "([0-9a-f]{16})";$', text, re.M)
    files = re.search(r"^const FILES = (.*);$", text, re.M)
    assert version and files, "sw.js carries no VERSION or FILES"
    return version.group(1), json.loads(files.group(1))


def served(site: Path, path: str) -> bytes:
    """What a static host answers for an address: a folder's index.html."""
    target = site / path
    return (target / "index.html" if path == "" or path.endswith("/") else target).read_bytes()


def check_hashes(site: Path, languages: list[str]) -> dict[str, dict[str, str]]:
    """Assert that the site's sw.js lists each language's files, each with the hash of the published bytes."""
    _, files = listed(site / "sw.js")
    assert sorted(files) == sorted(languages)
    for lang, hashes in files.items():
        assert isinstance(hashes, dict), f"{lang}: the files are listed without their hashes"
        assert sorted(hashes) == sorted(offline_files(site, lang)), lang
        wrong = {path: hash_ for path, hash_ in hashes.items() if not SRI.fullmatch(hash_)
                 or hash_ != sri(served(site, path))}
        assert wrong == {}, f"{lang}: hashes that are not those of the published files: {wrong}"
    return files


def small_site(root: Path) -> Path:
    site = root / "site"
    pages = {"en/index.html": "<html><head><title>Home</title></head><body>home</body></html>",
             "en/rules/index.html": "<html><head><title>Rules</title></head><body>rules</body></html>",
             "fr/index.html": "<html><head><title>Accueil</title></head><body>accueil</body></html>",
             "en/search.json": '{"words": []}', "en/sitemap.xml": "<urlset/>", "en/search.json.br": "x",
             "assets/widgets/hand.js": "export {};\n", "assets/runtime.json": "{}",
             "assets/engine-0123/state.snapshot.gz": "\x1f\x8b not really",
             "assets/hands/en/nap-misere.0123456789.json": "{}", "assets/hands/fr/nap-misere.9876543210.json": "{}"}
    for path, text in pages.items():
        (site / path).parent.mkdir(parents=True, exist_ok=True)
        (site / path).write_text(text, encoding="utf-8")
    return site


def test_the_written_worker_carries_the_hash_of_every_file_it_lists(tmp_path: Path) -> None:
    site = small_site(tmp_path)
    version = write_service_worker(site, TEMPLATE, ["en", "fr"])
    files = check_hashes(site, ["en", "fr"])
    assert listed(site / "sw.js")[0] == version
    # A language takes its own hands' data (published under assets/hands/<lang>/), not another's.
    assert set(files["en"]) == {"assets/engine-0123/state.snapshot.gz", "assets/runtime.json",
                                "assets/widgets/hand.js", "assets/hands/en/nap-misere.0123456789.json",
                                "en/", "en/rules/", "en/search.json"}
    assert "assets/hands/fr/nap-misere.9876543210.json" in files["fr"]
    # The pages are hashed as they are published: with the tag that names the worker.
    home = (site / "en" / "index.html").read_bytes()
    assert b'name="trickbook-offline"' in home and files["en"]["en/"] == sri(home)
    assert files["fr"]["assets/widgets/hand.js"] == files["en"]["assets/widgets/hand.js"] == sri(b"export {};\n")


def test_a_changed_file_is_a_new_version_with_its_new_hash(tmp_path: Path) -> None:
    site = small_site(tmp_path)
    before = write_service_worker(site, TEMPLATE, ["en", "fr"])
    (site / "en" / "search.json").write_text('{"words": ["nap"]}', encoding="utf-8")
    after = write_service_worker(site, TEMPLATE, ["en", "fr"])
    assert after != before
    assert listed(site / "sw.js")[1]["en"]["en/search.json"] == sri(b'{"words": ["nap"]}')
