"""Bad input and interruptions never crash the build: one clear line naming the file (and line),
exit status 1, no traceback, and the previous site kept whole.

Each test works on a copy of a tiny site (`trickbook new`, Nap, English and Portuguese)
built once for the module, and runs the real `trickbook` command.
"""

from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Iterator

import pytest
from helpers import Said, copy_of, seeded_build_root, served_process, stop_by_sigint

from trickbook_site import workdirs
from trickbook_site.scaffold import new_site

# Left to the full tier: each test runs `trickbook build` in subprocesses on a copy of a template site
# (the fast tier keeps the one-line build errors of test_build.py, test_cli.py and test_bad_input.py).
pytestmark = pytest.mark.slow

REPO = Path(__file__).resolve().parents[1]
TRICKBOOK = Path(sys.executable).with_name("trickbook")
ENV = {**os.environ, "NO_MKDOCS_2_WARNING": "1"}
ENV.pop("TRICKBOOK_DEBUG", None)


def trickbook(*args: str, cwd: Path, timeout: float = 300) -> subprocess.CompletedProcess[str]:
    command = [str(TRICKBOOK)] if TRICKBOOK.exists() else [sys.executable, "-m", "trickbook_site.cli"]
    return subprocess.run([*command, *args], cwd=cwd, capture_output=True, text=True, env=ENV, timeout=timeout)


@pytest.fixture(scope="module")
def template(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A tiny site, built once: its `build/` (seeded with the checkout's engine files) makes the copies'
    builds quick."""
    site = new_site(tmp_path_factory.mktemp("template") / "small", games=["nap"], languages=["en", "pt"])
    seeded_build_root(site / "build")
    done = trickbook("build", cwd=site)
    assert done.returncode == 0, done.stderr
    return site


@pytest.fixture
def small(template: Path, tmp_path: Path) -> Path:
    return copy_of(template, tmp_path, symlinks=True)


def one_line_error(done: subprocess.CompletedProcess[str]) -> str:
    """The single line a failed command prints on stderr (exit 1, no traceback)."""
    assert done.returncode == 1, (done.returncode, done.stdout, done.stderr)
    assert "Traceback" not in done.stderr and "Traceback" not in done.stdout
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1, done.stderr
    return lines[0]


def pages(site: Path) -> dict[Path, bytes]:
    return {p.relative_to(site): p.read_bytes() for p in sorted(site.rglob("*.html"))}


PO = Path("locales/pt_PT/LC_MESSAGES/content.po")


# ----- non-UTF-8 files -----------------------------------------------------------------------

def test_non_utf8_page_names_the_page_line_and_column_and_keeps_the_site(small: Path) -> None:
    before = pages(small / "site")
    page = small / "docs" / "nap.md"
    text = page.read_text(encoding="utf-8")
    line = text.count("\n") + 2
    page.write_bytes(text.encode("utf-8") + "\nCafé com leite.\n".encode("latin-1"))
    error = one_line_error(trickbook("build", cwd=small))
    assert f"{page}:{line}:4: not UTF-8 text (byte 0xE9)" in error
    assert pages(small / "site") == before


def test_non_utf8_catalog_names_the_catalog_and_line_in_build_and_i18n_check(small: Path) -> None:
    po = small / PO
    data = po.read_bytes()
    line = data.count(b"\n") + 4  # the msgstr line
    po.write_bytes(data + '\n#. a note\nmsgid "Tricks"\nmsgstr "Vazas à vista"\n'.encode("latin-1"))
    build = trickbook("build", cwd=small)
    assert build.returncode == 1 and "Traceback" not in build.stderr
    assert f"content.po:{line}: column 15: not UTF-8 text (byte 0xE0)" in build.stderr
    check = trickbook("i18n", "check", cwd=small)
    assert check.returncode == 1 and "Traceback" not in check.stderr
    assert f"{PO}:{line}: column 15: not UTF-8 text (byte 0xE0)" in check.stderr


def test_non_utf8_mkdocs_yml_names_the_line(small: Path) -> None:
    config = small / "mkdocs.yml"
    config.write_bytes(config.read_bytes().replace(b"site_name: small", "site_name: Caf\xe9".encode("latin-1")))
    line = config.read_bytes().split(b"\n").index(b"site_name: Caf\xe9") + 1
    error = one_line_error(trickbook("build", cwd=small))
    assert f"{config}:{line}:15: not UTF-8 text (byte 0xE9)" in error


# ----- mkdocs.yml --------------------------------------------------------------------------

def edit_nap_nav_entry(site: Path, entry: str, then: str = "") -> tuple[Path, int, int]:
    """A site's mkdocs.yml with its nav entry for nap.md replaced by ``entry`` and ``then`` added at its end:
    the file, the entry's line number and the number of lines the file had."""
    config = site / "mkdocs.yml"
    lines = config.read_text(encoding="utf-8").splitlines()
    at = lines.index("  - nap.md")
    lines[at] = entry
    config.write_text("\n".join(lines) + "\n" + then, encoding="utf-8")
    return config, at + 1, len(lines)


def test_broken_mkdocs_yml_names_mkdocs_yml_with_line_and_column(small: Path) -> None:
    before = pages(small / "site")
    config, entry, count = edit_nap_nav_entry(small, "  - nap.md: [", then="foo: bar\n")
    error = one_line_error(trickbook("build", cwd=small))
    assert error.startswith(f"trickbook build: {config}:")
    assert "not valid YAML" in error and "ConfigurationError" not in error
    line = int(error.split(f"{config}:")[1].split(":")[0])
    assert entry <= line <= count + 1
    assert pages(small / "site") == before


def test_a_nav_entry_to_a_missing_page_names_mkdocs_yml_and_the_entry_line(small: Path) -> None:
    config, entry, _ = edit_nap_nav_entry(small, "  - Missing: no-such-page.md")
    error = one_line_error(trickbook("build", cwd=small))
    assert f"trickbook build: {config}:{entry}: " in error and "no-such-page.md" in error
    assert "/build/" not in error, "the error names a generated file"


def test_a_link_to_a_missing_page_names_the_page_and_line(small: Path) -> None:
    page = small / "docs" / "nap.md"
    text = page.read_text(encoding="utf-8")
    page.write_text(text + "\nSee [nowhere](nowhere.md).\n", encoding="utf-8")
    error = one_line_error(trickbook("build", cwd=small))
    assert f"{page}:{text.count(chr(10)) + 2}: " in error and "nowhere.md" in error


# ----- any other failure ---------------------------------------------------------------------

def _failing_hook(site: Path) -> None:
    hook = site / "hook.py"
    hook.write_text("def on_page_markdown(markdown, **kwargs):\n    raise ValueError('a hook that fails')\n",
                    encoding="utf-8")
    config = site / "mkdocs.yml"
    config.write_text(config.read_text(encoding="utf-8") + f"\nhooks:\n  - {hook}\n", encoding="utf-8")


def test_an_unexpected_failure_is_one_line_build_failed_and_a_traceback_only_with_debug(small: Path) -> None:
    before = pages(small / "site")
    _failing_hook(small)
    error = one_line_error(trickbook("build", cwd=small))
    assert error.startswith("trickbook build: build failed: ValueError: a hook that fails")
    assert "--debug" in error
    assert pages(small / "site") == before
    debug = trickbook("build", "--debug", cwd=small)
    assert debug.returncode == 1
    assert "Traceback" in debug.stderr and "hook.py" in debug.stderr
    assert "build failed: ValueError: a hook that fails" in debug.stderr
    env_debug = subprocess.run([str(TRICKBOOK), "build"], cwd=small, capture_output=True, text=True,
                               env={**ENV, "TRICKBOOK_DEBUG": "1"}, timeout=300)
    assert env_debug.returncode == 1 and "Traceback" in env_debug.stderr


def test_deeply_nested_record_ends_the_build_with_one_line(small: Path) -> None:
    record = next((small / "docs" / "hands").rglob("*.hand.toml"))
    record.write_text(record.read_text(encoding="utf-8") + "x = " + "[" * 600 + "]" * 600 + "\n", encoding="utf-8")
    error = one_line_error(trickbook("build", cwd=small))
    assert error.startswith("trickbook build: ")


# ----- interrupted builds ----------------------------------------------------------------------

def _work_folders(site: Path) -> list[str]:
    return sorted(p.name for p in (site / "build").glob("site-*"))


def test_a_killed_build_leaves_folders_that_the_next_build_removes(small: Path) -> None:
    command = [str(TRICKBOOK), "build"]
    proc = subprocess.Popen(command, cwd=small, env={**ENV, "PYTHONUNBUFFERED": "1"}, stdout=subprocess.PIPE,
                            stderr=subprocess.STDOUT, text=True)
    try:
        # Kill it once MkDocs has written part of the new site: the first language it says it built.
        Said(proc.stdout, proc).wait_for("built ", timeout=120)
        assert proc.poll() is None, "the build ended before it could be killed"
        proc.send_signal(signal.SIGKILL)
        proc.wait(timeout=30)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
    assert _work_folders(small), "the killed build left nothing (nothing to test)"
    # A folder from an older version, without a lock file, goes too.
    (small / "build" / "site-older").mkdir()
    (small / "build" / "site-older" / "page.html").write_text("old")
    assert (small / "site" / "en" / "index.html").is_file()
    done = trickbook("build", cwd=small)
    assert done.returncode == 0, done.stderr
    assert "left by interrupted builds" in done.stdout
    assert _work_folders(small) == []


def test_the_work_folder_of_a_running_build_is_left_alone(tmp_path: Path) -> None:
    with workdirs.claim(tmp_path, "site-") as mine:
        (mine / "file").write_text("in use")
        # Another process cleans: it must not take a folder whose lock is held.
        code = ("import sys; from pathlib import Path; from trickbook_site.workdirs import clean_stale; "
                "print(len(clean_stale(Path(sys.argv[1]), 'site-')))")
        out = subprocess.run([sys.executable, "-c", code, str(tmp_path)], capture_output=True, text=True, check=True)
        assert out.stdout.strip() == "0"
        assert (mine / "file").read_text() == "in use"
    assert list(tmp_path.iterdir()) == []


KILL_AT = """
import os, sys
from pathlib import Path
from trickbook_site import workdirs
from trickbook_site.build import build_site
from trickbook_site.project import Project
point, no_exchange = sys.argv[1], sys.argv[2] == "1"
def step(name):
    if name == point:
        os._exit(137)  # as if killed here: no cleanup runs
workdirs._step = step
if no_exchange:
    workdirs.exchange = lambda a, b: False
build_site(Project(Path.cwd()))
"""


def _change_home_page(site: Path, marker: str) -> None:
    page = site / "docs" / "index.md"
    page.write_text(page.read_text(encoding="utf-8") + f"\n{marker}\n", encoding="utf-8")


@pytest.mark.parametrize("point", ["claim:locked", "swap:exchanged"])
def test_a_build_killed_at_any_step_of_the_swap_leaves_a_whole_site(small: Path, point: str) -> None:
    _change_home_page(small, "Marker of the new build.")
    killed = subprocess.run([sys.executable, "-c", KILL_AT, point, "0"], cwd=small, env=ENV,
                            capture_output=True, text=True, timeout=300)
    assert killed.returncode == 137, killed.stderr
    home = (small / "site" / "en" / "index.html").read_text(encoding="utf-8")
    assert (small / "site" / "pt" / "index.html").is_file() and (small / "site" / "assets" / "runtime.json").is_file()
    # Killed after the exchange: the new site is in place; before it: the old one.
    assert ("Marker of the new build." in home) == (point == "swap:exchanged")
    done = trickbook("build", cwd=small)
    assert done.returncode == 0, done.stderr
    assert _work_folders(small) == [] and not list(small.glob(".site.*"))


def test_without_an_atomic_exchange_a_build_killed_between_renames_gets_its_site_back(small: Path) -> None:
    _change_home_page(small, "Marker of the new build.")
    killed = subprocess.run([sys.executable, "-c", KILL_AT, "swap:between-renames", "1"], cwd=small, env=ENV,
                            capture_output=True, text=True, timeout=300)
    assert killed.returncode == 137, killed.stderr
    olds = list(small.glob(".site.old-*"))
    assert not (small / "site").exists() and len(olds) == 1
    workdirs.recover(small / "site")
    assert (small / "site" / "en" / "index.html").is_file() and not olds[0].exists()


def test_a_site_is_present_at_every_instant_of_a_rebuild(small: Path) -> None:
    _change_home_page(small, "Another build.")
    home = small / "site" / "en" / "index.html"
    proc = subprocess.Popen([str(TRICKBOOK), "build"], cwd=small, env=ENV, stdout=subprocess.DEVNULL,
                            stderr=subprocess.DEVNULL)
    looks = missing = 0
    try:
        deadline = time.monotonic() + 300
        while proc.poll() is None and time.monotonic() < deadline:
            looks += 1
            if not home.is_file():
                missing += 1
    finally:
        if proc.poll() is None:
            proc.kill()
        proc.wait()
    assert proc.returncode == 0
    assert looks > 1000 and missing == 0
    assert "Another build." in home.read_text(encoding="utf-8")


# ----- serve --------------------------------------------------------------------------------

class Server:
    """`trickbook serve` in a subprocess, its output read line by line."""

    def __init__(self, site: Path) -> None:
        import socket

        with socket.socket() as s:
            s.bind(("127.0.0.1", 0))
            self.port = s.getsockname()[1]
        command = [str(TRICKBOOK), "serve", "--port", str(self.port)]
        self.proc = served_process(command, cwd=site, env={**ENV, "PYTHONUNBUFFERED": "1"},
                                   stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
        self.said = Said(self.proc.stdout, self.proc)
        self.lines = self.said.lines

    def wait_for(self, text: str, after: int, timeout: float = 180) -> int:
        """Wait for a line containing ``text`` after line ``after``; return the count of lines read up to it."""
        self.said.wait_for(text, timeout, since=after)
        return next(k for k in range(after, len(self.lines)) if text in self.lines[k]) + 1

    def get(self, path: str) -> str:
        import urllib.request

        with urllib.request.urlopen(f"http://127.0.0.1:{self.port}{path}", timeout=10) as response:
            return response.read().decode("utf-8")

    def stop(self) -> None:
        stop_by_sigint(self.proc, timeout=15)


@pytest.fixture
def server(small: Path) -> Iterator[Server]:
    s = Server(small)
    try:
        yield s
    finally:
        s.stop()


def _breakages(site: Path) -> list[tuple[str, Path, bytes]]:
    """Each way to break the site: its name, the file and the bytes that break it."""
    record = next((site / "docs" / "hands").rglob("*.hand.toml"))
    config, page = site / "mkdocs.yml", site / "docs" / "nap.md"
    hook = site / "hook.py"
    hook.write_text("def on_page_markdown(markdown, **kwargs):\n    raise ValueError('a hook that fails')\n",
                    encoding="utf-8")
    return [
        ("deeply nested record", record, record.read_bytes() + b"x = " + b"[" * 600 + b"]" * 600 + b"\n"),
        ("very long integer in a record", record, record.read_bytes() + b"big = 1" + b"0" * 5000 + b"\n"),
        ("broken mkdocs.yml", config, config.read_bytes() + b"\nnav: [\n"),
        ("non-UTF-8 page", page, page.read_bytes() + "\nCafé\n".encode("latin-1")),
        ("crash in a MkDocs hook", config, config.read_bytes() + f"\nhooks:\n  - {hook}\n".encode()),
    ]


def test_serve_keeps_serving_the_last_good_site_after_any_failed_rebuild_and_recovers(
        small: Path, server: Server) -> None:
    read = server.wait_for("serving ", 0)
    assert 'id="home"' in server.get("/en/")  # the site's home page, as built before serving
    home = small / "docs" / "index.md"
    def served_page() -> str:
        # (The count of finished rebuilds that serve writes into each page for its reload script is left
        # out: serve says "site written" just before it counts the rebuild.)
        return re.sub(r'data-generation="\d+"', 'data-generation=""', server.get("/en/"))

    for name, path, broken in _breakages(small):
        good_page = served_page()
        fixed = path.read_bytes()
        path.write_bytes(broken)
        read = server.wait_for("build failed", read)
        assert "Traceback" not in "\n".join(server.lines)
        read = server.wait_for("still serving the last good site", read)
        assert served_page() == good_page, name
        # The fix, and a visible change to show that the next build is served.
        path.write_bytes(fixed)
        home.write_text(home.read_text(encoding="utf-8") + f"\nFixed after the {name}.\n", encoding="utf-8")
        read = server.wait_for("site written", read)
        assert f"Fixed after the {name}." in server.get("/en/"), name
    assert server.proc.poll() is None


# ----- markup in a translation -----------------------------------------------------------------

# The home page's first paragraph, untranslated, as gettext writes it (a msgid too long for one line of
# 79 starts with an empty string).
PARAGRAPH = re.compile(
    r'msgid (?:""\n)?"Worked hands of Nap, replayed card by card by the trickbook rule engine\."\nmsgstr ""'
)
PLANTED = "Mãos comentadas de Nap. <img src=x onerror=alert(1)> Fim."


def _plant(site: Path, msgstr: str) -> int:
    """Translate the home page's first paragraph as ``msgstr``; the line of that msgstr."""
    po = site / PO
    text = po.read_text(encoding="utf-8")
    found = PARAGRAPH.search(text)
    assert found, "the home page's first paragraph is not in the catalog"
    entry = found.group(0)
    text = text.replace(entry, entry[: -len('msgstr ""')] + f'msgstr "{msgstr}"')
    po.write_text(text, encoding="utf-8")
    return text.splitlines().index(f'msgstr "{msgstr}"') + 1


@pytest.mark.parametrize("msgstr", [
    PLANTED,
    "Mãos comentadas de Nap, &#60;b&#62;em negrito&#60;/b&#62;.",
    "Mãos comentadas de Nap, &lt;script&gt;alert(1)&lt;/script&gt;.",
    "Mãos comentadas de Nap<!-- escondido -->.",
])
def test_markup_in_a_translation_fails_i18n_check_with_file_and_line(small: Path, msgstr: str) -> None:
    line = _plant(small, msgstr)
    done = trickbook("i18n", "check", cwd=small)
    assert done.returncode == 1 and "Traceback" not in done.stderr
    assert f"{PO}:{line}: the translation adds HTML markup that the English does not have" in done.stderr


# Markdown that markdown-it drops or leaves as text but the site's Python-Markdown turns into live HTML.
RENDERED = [
    ("Mãos de Nap, [clique](javascript:alert(1)).", "a link to 'javascript:alert(1)'"),
    ("Mãos de Nap, [clique](<JaVaScRiPt:alert(1)>).", "a link to 'JaVaScRiPt:alert(1)'"),
    ("Mãos de Nap, [clique][x].\\n\\n[x]: jav&#x61;script:alert(1)", "a link to 'javascript:alert(1)'"),
    ("Mãos de Nap, ![x](data:image/svg+xml,x).", "a link to 'data:image/svg+xml,x'"),
    ("Mãos de Nap.\\n{: onclick=\\\"alert(1)\\\" }", "an attribute the English does not have: <p onclick>"),
    ("Mãos de *Nap*{ style=\\\"color:red\\\" }.", "an attribute the English does not have: <em style>"),
]


@pytest.mark.parametrize(("msgstr", "said"), RENDERED)
def test_a_translation_is_judged_by_the_html_the_site_renders_from_it(small: Path, msgstr: str, said: str) -> None:
    line = _plant(small, msgstr)
    done = trickbook("i18n", "check", cwd=small)
    assert done.returncode == 1 and "Traceback" not in done.stderr
    assert f"{PO}:{line}: the translation, rendered as the site renders it, has {said}" in done.stderr


def test_a_javascript_link_in_a_translation_stops_the_build_and_keeps_the_site(small: Path) -> None:
    before = pages(small / "site")
    line = _plant(small, RENDERED[0][0])
    done = trickbook("build", cwd=small)
    assert done.returncode == 1 and "Traceback" not in done.stderr
    assert f"{PO}:{line}: the translation, rendered as the site renders it, has a link to 'javascript:" in done.stderr
    assert pages(small / "site") == before


def test_text_that_only_looks_like_markup_passes_i18n_check(small: Path) -> None:
    _plant(small, "Mãos de Nap: 2 < 3 e 4 > 1, &amp; mais.")
    done = trickbook("i18n", "check", cwd=small)
    assert done.returncode == 0, done.stderr
    assert "HTML markup" not in done.stderr


def test_a_translation_may_keep_the_markup_of_its_english_and_write_any_in_code() -> None:
    from trickbook_site.i18n.checks import check_entries
    from trickbook_site.i18n.pofile import read_entries

    header = 'msgid ""\nmsgstr ""\n"Language: pt_PT\\n"\n"Plural-Forms: nplurals=2; plural=(n != 1);\\n"\n' \
             '"Content-Type: text/plain; charset=UTF-8\\n"\n\n'
    po = read_entries(header + 'msgid "Press <kbd>A</kbd> for `<b>`."\nmsgstr "Carregue em <kbd>A</kbd> para `<b>`."\n'
                      '\nmsgid "Press A."\nmsgstr "Carregue em <kbd onclick=\\"x()\\">A</kbd>."\n', "pt.po")
    problems = [p for p in check_entries(po, "content", "pt_PT") if "markup" in p.message]
    assert [(p.line, p.message.split(": ", 1)[1]) for p in problems] == [(11, "'</kbd>', '<kbd onclick=\"x()\">'")]


def test_markup_in_a_translation_is_escaped_by_a_build_that_skips_the_check(
        small: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from trickbook_site import translations
    from trickbook_site.build import build_site
    from trickbook_site.project import Project

    _plant(small, PLANTED)
    # As if the check had been bypassed: the catalogs are used unchecked.
    monkeypatch.setattr(translations, "check_catalogs",
                        lambda project, languages, mo_dir, strict=False: translations.Catalogs(project, mo_dir))
    build_site(Project(small), site_dir=small / "site", build_root=small / "build")
    html = (small / "site" / "pt" / "index.html").read_text(encoding="utf-8")
    assert "Mãos comentadas de Nap." in html
    assert '<img src="x"' not in html and "<img src=x" not in html and "onerror=alert(1)>" not in html.replace(
        "&lt;img src=x onerror=alert(1)&gt;", "")
    assert "&lt;img src=x onerror=alert(1)&gt;" in html


# ----- Content Security Policy ------------------------------------------------------------------

def test_every_page_carries_the_policy_before_any_script_with_the_hashes_of_its_inline_scripts(
        template: Path) -> None:
    import re

    site = template / "site"
    pages_seen = 0
    for page in sorted(site.rglob("*.html")):
        html = page.read_text(encoding="utf-8")
        metas = re.findall(r'<meta http-equiv="Content-Security-Policy" content="([^"]*)">', html)
        assert len(metas) == 1, page
        policy = dict((d.split(" ", 1) + [""])[:2] for d in (p.strip() for p in metas[0].split(";")))
        assert policy["default-src"] == "'self'" and policy["worker-src"] == "'self'"
        assert "'unsafe-inline'" not in metas[0] and "'unsafe-eval'" not in metas[0] and "trickbook-" not in metas[0]
        if "<script" in html:
            assert html.index("Content-Security-Policy") < html.index("<script")
        inline = [m.group(2) for m in re.finditer(r"<script([^>]*)>(.*?)</script>", html, re.S)
                  if "src=" not in m.group(1) and "application/json" not in m.group(1)]
        parts = page.relative_to(site).parts
        if page.name != "404.html" and "embed" not in parts and parts[1:2] != ("hand",):
            # (An embed page is the hand alone, and a hand's own address a step on to it: no theme, no inline script.)
            assert inline, f"{page}: no inline script (Material writes three, the root page one)"
        sources = policy["script-src"].split()
        assert sources[:2] == ["'self'", "'wasm-unsafe-eval'"] and set(sources[2:]) == _hashes(inline), page
        styles = re.findall(r"<style>(.*?)</style>", html, re.S)
        assert set(policy["style-src"].split()) == {"'self'"} | _hashes(styles), page
        assert not re.search(r"<[^>]+\sstyle=", html), f"{page}: an inline style attribute the policy refuses"
        pages_seen += 1
    assert pages_seen >= 5


def _hashes(texts: list[str]) -> set[str]:
    import base64
    import hashlib

    return {"'sha256-" + base64.b64encode(hashlib.sha256(t.encode()).digest()).decode() + "'" for t in texts}
