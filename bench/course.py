"""A teacher's course of N worked hands: cold build, memory, and how fast an edit shows under `trickbook serve`.

Usage: .venv/bin/python bench/course.py [--hands 100,300,1000] [--figures build,serve,browser] [--keep DIR]

For each N it copies the checkout's own site (``mkdocs.yml``, ``docs/``,
``locales/``, ``overrides/``) into a temporary folder, adds N seeded hands played
by the engine's gentle bots (Nap, Yorkshire, Trinidad and Euchre in turn) as
records under ``docs/hands/course/``, shown ten to a page on ``docs/course/``
pages added to the navigation (in the three languages; the new pages are not
translated), and prints:

- ``build``: the cold build (no ``build/`` cache) of ``trickbook build``: wall
  time, time per hand, and the peak memory of the build's process tree (the sum
  of the resident sizes of the build and its children, sampled every 20 ms);
  then, with one hand edited and ``site/`` removed, a new build that keeps
  ``build/`` (the other hands come from its cache);
- ``serve``: with ``trickbook serve`` running on the course, the time from
  editing one hand (its title), one page (a paragraph) and one msgstr (a French
  paragraph of the Nap page) until the served page holds the change (polled
  every 20 ms over HTTP);
- ``browser``: the same edits seen by chromium on the open page, which
  ``trickbook serve`` reloads when its rebuild is done.

Each figure comes with the CPU seconds spent (the build's process tree; the
server's, for an edit), which other work on a shared machine does not inflate
as it does the wall-clock time.

Nothing here is a test; the figures are printed, with the machine's load.
"""

from __future__ import annotations

import argparse
import os
import re
import resource
import shutil
import socket
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "src"))

from trickbook.bots import make_bot  # noqa: E402
from trickbook.match import Match, play_hand  # noqa: E402
from trickbook.record import format_record  # noqa: E402

GAMES = ("nap", "yorkshire", "trinidad", "euchre")
PER_PAGE = 10
SITE_PARTS = ("mkdocs.yml", "docs", "locales", "overrides")
TRICKBOOK = Path(sys.executable).with_name("trickbook")
EDIT_TIMEOUT = 180.0


# ----- the course --------------------------------------------------------------------------

def course_hand(number: int) -> str:
    """Hand ``number`` of the course: a seeded deal played out by the gentle bots, as a record."""
    game = GAMES[number % len(GAMES)]
    seed = f"{number:08x}" * 8
    match = Match(game, seed=seed, rounds=1 if game == "nap" else None)
    state = match.next_hand()
    play_hand(state, {seat: make_bot(game, seed=number * 7 + i) for i, seat in enumerate(match.seats)})
    text = format_record(match.record(0))
    return f'title = "Course hand {number}"\n' + text if "title =" not in text else text


def make_course(dest: Path, hands: int) -> Path:
    """The checkout's site plus ``hands`` generated hands on pages of ten, in ``dest``."""
    dest.mkdir(parents=True, exist_ok=True)
    for part in SITE_PARTS:
        src = REPO / part
        if src.is_dir():
            shutil.copytree(src, dest / part)
        else:
            shutil.copyfile(src, dest / part)
    folder = dest / "docs" / "hands" / "course"
    folder.mkdir(parents=True)
    for n in range(1, hands + 1):
        (folder / f"course-{n:04d}.hand.toml").write_text(_with_title_first(course_hand(n)), encoding="utf-8")
    pages = dest / "docs" / "course"
    pages.mkdir()
    nav = []
    for page in range(1, (hands + PER_PAGE - 1) // PER_PAGE + 1):
        first = (page - 1) * PER_PAGE + 1
        numbers = range(first, min(first + PER_PAGE, hands + 1))
        body = [f"# Course, part {page} {{ #course-part-{page} }}", "",
                f"Hands {numbers[0]} to {numbers[-1]} of the course, played by the gentle bots.", ""]
        for n in numbers:
            body += [f"## Hand {n} {{ #hand-{n} }}", "", "```hand", f'ref = "course-{n:04d}"', "```", ""]
        (pages / f"part-{page:03d}.md").write_text("\n".join(body), encoding="utf-8")
        nav.append(f"  - course/part-{page:03d}.md")
    config = dest / "mkdocs.yml"
    lines = config.read_text(encoding="utf-8").splitlines()
    at = lines.index("nav:") + 1
    while at < len(lines) and lines[at].startswith("  - "):
        at += 1
    config.write_text("\n".join(lines[:at] + nav + lines[at:]) + "\n", encoding="utf-8")
    return dest


def _with_title_first(text: str) -> str:
    """Top-level keys must come before the first table: put the title line after `format`."""
    lines = text.splitlines()
    titles = [line for line in lines if line.startswith("title = ")]
    rest = [line for line in lines if not line.startswith(("title = ", "id = "))]  # the file name is the id
    return "\n".join(rest[:1] + titles[:1] + rest[1:]) + "\n"


# ----- measuring ---------------------------------------------------------------------------

def tree_rss(pid: int) -> int:
    """The resident bytes of a process and all its descendants."""
    children: dict[int, list[int]] = {}
    rss: dict[int, int] = {}
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat", encoding="utf-8") as f:
                fields = f.read().rsplit(")", 1)[1].split()
        except OSError:
            continue
        children.setdefault(int(fields[1]), []).append(int(entry))
        rss[int(entry)] = int(fields[21]) * os.sysconf("SC_PAGE_SIZE")
    total, todo = 0, [pid]
    while todo:
        p = todo.pop()
        total += rss.get(p, 0)
        todo += children.get(p, [])
    return total


class PeakMemory:
    """Samples a process tree's resident size every 20 ms until stopped."""

    def __init__(self, pid: int) -> None:
        self.pid, self.peak = pid, 0
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, daemon=True)
        self._thread.start()

    def _run(self) -> None:
        while not self._stop.wait(0.02):
            self.peak = max(self.peak, tree_rss(self.pid))

    def stop(self) -> int:
        self._stop.set()
        self._thread.join()
        return self.peak


def env() -> dict[str, str]:
    return {**os.environ, "TRICKBOOK_PYODIDE_DIR": str(REPO / "node_modules" / "pyodide"), "NO_MKDOCS_2_WARNING": "1"}


def children_cpu() -> float:
    """CPU seconds (user and system) of the processes this one has waited for, and of theirs."""
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def tree_cpu(pid: int) -> float:
    """CPU seconds of a running process and of the children it has waited for."""
    try:
        with open(f"/proc/{pid}/stat", encoding="utf-8") as f:
            fields = f.read().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0
    return sum(int(v) for v in fields[11:15]) / os.sysconf("SC_CLK_TCK")


def timed_build(course: Path) -> tuple[float, int, float]:
    """Wall seconds, peak memory of the process tree, and CPU seconds of one `trickbook build` process."""
    cpu_before = children_cpu()
    started = time.perf_counter()
    proc = subprocess.Popen([str(TRICKBOOK), "build"], cwd=course, env=env(),
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    memory = PeakMemory(proc.pid)
    output, _ = proc.communicate()
    seconds = time.perf_counter() - started
    peak = memory.stop()
    if proc.returncode != 0:
        raise SystemExit(f"the build failed:\n{output}")
    return seconds, peak, children_cpu() - cpu_before


def cold_build(course: Path) -> tuple[float, int, float]:
    """A build with no cache."""
    shutil.rmtree(course / "build", ignore_errors=True)
    return timed_build(course)


def build_after_an_edit(course: Path) -> tuple[float, int, float]:
    """After a cold build: one hand's title edited and ``site/`` removed, a new `trickbook build`
    process with ``build/`` kept (its caches: the other hands are neither replayed nor drawn again)."""
    hand = course / "docs" / "hands" / "course" / "course-0007.hand.toml"
    edit_file(hand, 'title = "Course hand 7"', 'title = "Course hand 7, edited"')
    shutil.rmtree(course / "site", ignore_errors=True)
    try:
        return timed_build(course)
    finally:
        edit_file(hand, 'title = "Course hand 7, edited"', 'title = "Course hand 7"')


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def fetch(url: str) -> str:
    try:
        with urllib.request.urlopen(url, timeout=5) as r:
            return r.read().decode("utf-8")
    except OSError:
        return ""


class Served:
    """`trickbook serve` running on a course, its output collected."""

    def __init__(self, course: Path) -> None:
        self.port = free_port()
        self.base = f"http://127.0.0.1:{self.port}/"
        self.lines: list[str] = []
        self.proc = subprocess.Popen([str(TRICKBOOK), "serve", "--port", str(self.port)], cwd=course, env=env(),
                                     stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        self.memory = PeakMemory(self.proc.pid)
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        assert self.proc.stdout is not None
        for line in self.proc.stdout:
            self.lines.append(line.rstrip())

    def wait_ready(self, timeout: float = 600) -> None:
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            if any(line.startswith("serving ") for line in self.lines) and fetch(self.base + "en/"):
                return
            time.sleep(0.1)
        raise SystemExit("serve never started:\n" + "\n".join(self.lines[-20:]))

    def stop(self) -> int:
        self.proc.terminate()
        try:
            self.proc.wait(timeout=20)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()
        return self.memory.stop()


def edits(course: Path, marker: str) -> list[tuple[str, Path, str, str, str]]:
    """(what, file, old text, new text, page to watch) for one hand, one page and one msgstr."""
    hand = course / "docs" / "hands" / "course" / "course-0005.hand.toml"
    page = course / "docs" / "course" / "part-001.md"
    po = course / "locales" / "fr" / "LC_MESSAGES" / "content.po"
    po_text = po.read_text(encoding="utf-8")
    # A translated paragraph of the Nap page: its first non-empty msgstr after a reference to docs/nap.md.
    found = re.search(r'#: docs/nap\.md:\d+\n(?:#.*\n)*msgid "(?:[^"\\]|\\.)+"\n'
                      r'msgstr "((?:[^"\\]|\\.){20,})"\n', po_text)
    assert found, "no one-line French paragraph of docs/nap.md found"
    old_msgstr = found.group(0)
    new_msgstr = old_msgstr.replace(f'msgstr "{found.group(1)}"', f'msgstr "{found.group(1)} {marker}"')
    return [
        ("one hand", hand, 'title = "Course hand 5"', f'title = "Course hand 5 {marker}"', "en/course/part-001/"),
        ("one page", page, "Hands 1 to 10 of the course", f"Hands 1 to 10 of the course {marker}",
         "en/course/part-001/"),
        ("one msgstr", po, old_msgstr, new_msgstr, "fr/nap/"),
    ]


def edit_file(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text, f"{path}: {old!r} not found"
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def served_edit_times(course: Path, browser: bool) -> tuple[list[tuple[str, float, float | None, float]], int]:
    """Seconds from each edit until the served page (and, with ``browser``, the open page) shows it,
    and the CPU seconds the server spent on it."""
    served = Served(course)
    results: list[tuple[str, float, float | None, float]] = []
    try:
        served.wait_ready()
        time.sleep(1.5)  # let the server settle after its first build
        page = _open_browser(served.base) if browser else None
        for i, (what, path, old, new, watch) in enumerate(edits(course, "")):
            marker = f"ZQXMARK{i}"
            what, path, old, new, watch = edits(course, marker)[i]
            if page is not None:
                page.goto(served.base + watch)
                page.wait_for_load_state("load")
            started, cpu = time.perf_counter(), tree_cpu(served.proc.pid)
            edit_file(path, old, new)
            seen_browser: float | None = None
            while marker not in fetch(served.base + watch):
                if time.perf_counter() - started > EDIT_TIMEOUT:
                    raise SystemExit(f"{what}: not served after {EDIT_TIMEOUT} s\n" + "\n".join(served.lines[-15:]))
                time.sleep(0.02)
            seen = time.perf_counter() - started
            cpu = tree_cpu(served.proc.pid) - cpu
            if page is not None:
                page.wait_for_function("m => document.body && document.body.innerHTML.includes(m)", arg=marker,
                                       timeout=EDIT_TIMEOUT * 1000, polling=20)
                seen_browser = time.perf_counter() - started
            results.append((what, seen, seen_browser, cpu))
            time.sleep(1.5)
        if page is not None:
            page.context.browser.close()  # type: ignore[union-attr]
            _PLAYWRIGHT.pop().stop()
    finally:
        peak = served.stop()
    return results, peak


_PLAYWRIGHT: list = []


def _open_browser(base: str):  # type: ignore[no-untyped-def]
    from playwright.sync_api import sync_playwright

    pw = sync_playwright().start()
    _PLAYWRIGHT.append(pw)
    browser = pw.chromium.launch(executable_path="/usr/bin/chromium",
                                 args=["--no-sandbox", "--disable-gpu", "--disable-background-networking",
                                       "--disable-component-update", "--disable-sync", "--no-first-run"])
    context = browser.new_context()
    context.route("**/*", lambda route: route.continue_() if route.request.url.startswith(base)
                  else route.abort())
    return context.new_page()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", default="100,300,1000", help="course sizes, comma-separated")
    parser.add_argument("--figures", default="build,serve,browser", help="any of build, serve, browser")
    parser.add_argument("--keep", type=Path, default=None, help="build the courses here and keep them")
    args = parser.parse_args(argv)
    sizes = [int(n) for n in args.hands.split(",") if n.strip()]
    figures = {f.strip() for f in args.figures.split(",") if f.strip()}
    print(f"load before: {os.getloadavg()[0]:.2f} {os.getloadavg()[1]:.2f} {os.getloadavg()[2]:.2f} "
          f"({os.cpu_count()} cores)")
    rows = []
    for n in sizes:
        root = Path(tempfile.mkdtemp(prefix=f"course-{n}-", dir=args.keep))
        try:
            started = time.perf_counter()
            course = make_course(root / "site", n)
            print(f"{n} hands: course generated in {time.perf_counter() - started:.1f} s", flush=True)
            row = [str(n)]
            if "build" in figures:
                seconds, peak, cpu = cold_build(course)
                row += [f"{seconds:.1f} s (CPU {cpu:.1f} s)", f"{seconds / n * 1000:.0f} ms", f"{peak / 2**20:.0f} MB"]
                print(f"  cold build {seconds:.1f} s, {seconds / n * 1000:.0f} ms a hand, peak {peak / 2**20:.0f} MB, "
                      f"CPU {cpu:.1f} s (load {os.getloadavg()[0]:.1f})", flush=True)
                seconds, peak, cpu = build_after_an_edit(course)
                print(f"  one hand edited, site/ removed, build/ kept: a new build {seconds:.1f} s, peak "
                      f"{peak / 2**20:.0f} MB, CPU {cpu:.1f} s (load {os.getloadavg()[0]:.1f})", flush=True)
                row.append(f"{seconds:.1f} s (CPU {cpu:.1f} s)")
            if figures & {"serve", "browser"}:
                times, peak = served_edit_times(course, "browser" in figures)
                for what, served_s, browser_s, cpu in times:
                    shown = f", in the browser {browser_s:.2f} s" if browser_s is not None else ""
                    print(f"  {what} edited: served after {served_s:.2f} s{shown}; the server's CPU {cpu:.2f} s "
                          f"(load {os.getloadavg()[0]:.1f})", flush=True)
                    row.append(f"{served_s:.2f} s" + (f" ({browser_s:.2f} s)" if browser_s is not None else "")
                               + f", CPU {cpu:.2f} s")
                print(f"  serve: peak {peak / 2**20:.0f} MB", flush=True)
            rows.append(row)
        finally:
            if args.keep is None:
                shutil.rmtree(root, ignore_errors=True)
    print(f"load after: {os.getloadavg()[0]:.2f} {os.getloadavg()[1]:.2f} {os.getloadavg()[2]:.2f}")
    print("\n| hands | cold build | per hand | peak memory | new build after a hand edit | hand edit shows (browser) "
          "| page edit | msgstr edit |")
    print("|---|---|---|---|---|---|---|---|")
    for row in rows:
        print("| " + " | ".join(row) + " |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
