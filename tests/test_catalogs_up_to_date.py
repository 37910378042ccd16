"""The committed catalogs are what ``trickbook i18n update`` writes: on a fresh checkout it changes nothing,
so a translator's first update shows only what the translator changes."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

from trickbook_site.i18n.catalog import update

REPO = Path(__file__).resolve().parents[1]


def test_i18n_update_on_a_fresh_checkout_changes_nothing(tmp_path: Path) -> None:
    if shutil.which("git") is None or not (REPO / ".git").exists():
        pytest.skip("needs the project's git checkout")
    listed = subprocess.run(["git", "-C", str(REPO), "ls-files", "-z"], check=True, capture_output=True).stdout
    files = [name for name in listed.decode("utf-8").split("\0") if name and (REPO / name).is_file()]
    checkout = tmp_path / "checkout"
    for name in files:
        target = checkout / name
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(REPO / name, target)
    catalogs = {path: path.read_bytes() for path in (checkout / "locales").rglob("*.po*")}
    assert len(catalogs) >= 9
    result = update(checkout)
    assert result.written == []
    assert {path: path.read_bytes() for path in (checkout / "locales").rglob("*.po*")} == catalogs


def test_the_engine_catalogs_comments_do_not_depend_on_the_order_the_games_were_imported(monkeypatch) -> None:
    """Two codes can share a template ("{seat} plays {card}." is both a play and a bot's play): the
    comment names the same code whichever game module a test run happened to import first."""
    from trickbook import messages
    from trickbook_site.i18n.catalog import load_engine_names
    from trickbook_site.i18n.context import engine_comments

    load_engine_names()
    shared = [t for t in set(messages.MESSAGES.values()) if list(messages.MESSAGES.values()).count(t) > 1]
    assert shared, "no template is shared by two codes any more: this test then checks nothing"
    first = engine_comments()
    monkeypatch.setattr(messages, "MESSAGES", dict(reversed(list(messages.MESSAGES.items()))))
    assert engine_comments() == first
    assert "engine message 'plays'" in first["{seat} plays {card}."]
