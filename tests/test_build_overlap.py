"""The engine's wheel and snapshot are made on the core the languages leave free.

Three languages on two cores build two at a time; once two are done, one core is idle
while the last builds, and the build makes the engine's files there (`build._build_languages`
calls ``freed`` then, once; on one core, after the languages). The languages are stood in for
by processes that only wait and say when they were done."""

from __future__ import annotations

import os
import time
from pathlib import Path
from types import SimpleNamespace

import pytest

from trickbook_site import build

SLEEP = {"en": 0.2, "fr": 0.4, "pt": 0.6}


FOLDER = "TRICKBOOK_TEST_LANGUAGES_DONE"


def _fake_language(lang, cache=None):
    """A language's build that only waits, then says it is done (a module function: the pool pickles it)."""
    time.sleep(SLEEP[lang.code])
    (Path(os.environ[FOLDER]) / lang.code).write_text(str(time.monotonic()), encoding="utf-8")
    return build._Built(lang.code, {}, [f"built {lang.code}/"], [])


def _done(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir())


@pytest.mark.skipif("fork" not in __import__("multiprocessing").get_all_start_methods(), reason="needs fork")
def test_the_engine_is_made_once_a_core_is_left_free_for_good(tmp_path: Path, monkeypatch) -> None:
    monkeypatch.setattr(os, "cpu_count", lambda: 2)
    monkeypatch.setenv(FOLDER, str(tmp_path))
    monkeypatch.setattr(build, "_build_language_in_child", _fake_language)
    freed: list[list[str]] = []
    languages = [SimpleNamespace(code=code) for code in ("en", "fr", "pt")]
    built = [b.code for b in build._build_languages(languages, None, lambda: freed.append(_done(tmp_path)))]
    assert built == ["en", "fr", "pt"]
    assert len(freed) == 1
    # Called when two languages were done (the third had a core to itself), not at the start.
    assert len(freed[0]) >= 2 and "en" in freed[0]


def test_on_one_core_the_engine_is_made_after_the_languages(tmp_path: Path, monkeypatch) -> None:
    monkeypatch.setattr(os, "cpu_count", lambda: 1)
    monkeypatch.setenv(FOLDER, str(tmp_path))
    monkeypatch.setattr(build, "_build_language", _fake_language)
    freed: list[list[str]] = []
    languages = [SimpleNamespace(code=code) for code in ("en", "fr")]
    assert [b.code for b in build._build_languages(languages, None, lambda: freed.append(_done(tmp_path)))] == ["en", "fr"]
    assert freed == [["en", "fr"]]


def test_work_alongside_that_fails_is_left_to_be_done_again() -> None:
    calls = []

    def fails() -> None:
        calls.append(1)
        raise RuntimeError("no node")
    alongside = build._Alongside(fails)
    alongside.join()  # never started: nothing to wait for
    alongside.start()
    alongside.join()
    assert calls == [1]
