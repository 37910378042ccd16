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
