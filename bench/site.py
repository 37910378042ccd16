"""Site figures: build time, what a first page downloads, the engine's start-up and its calls in the browser.

Run ``python bench/site.py [--runs N]`` from the repository root. It builds the
three-language site into a temporary folder (cold, then with the engine-wheel
cache warm), serves it on 127.0.0.1, and drives Debian's chromium through
Playwright. Figures are medians over N runs. Nothing here is a test; it exits
non-zero only when a figure would be meaningless: a page fetched the Pyodide
runtime before the reader touched it, a request left 127.0.0.1, or the engine
never went live.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Iterator
from urllib.parse import unquote, urlsplit

from playwright.sync_api import Browser, BrowserContext, sync_playwright

REPO = Path(__file__).resolve().parents[1]
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_FLAGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
                  "--disable-component-update", "--disable-sync", "--no-first-run"]
LANGUAGES = ("en", "pt", "fr")
RULES_PAGES = ("nap", "yorkshire", "trinidad", "euchre")
PLAY_PAGES = ("play", "play-yorkshire", "play-trinidad", "play-nap", "play-euchre")
OTHER_PAGES = ("verify", "terms")
LIVE_PAGE = "en/nap/"
LIVE_TIMEOUT_MS = 120_000
# Fetched only once the engine starts: the worker, runtime.json and everything under assets/pyodide/.
RUNTIME_PATHS = ("/assets/pyodide/", "/assets/runtime.json", "/assets/snapshot.json", "/assets/widgets/worker.js")

Problems = list[str]


def median(values: list[float]) -> float:
    return statistics.median(values) if values else float("nan")


# ----- 1. build time ---------------------------------------------------------

def build_once(cwd: Path, site: Path) -> float:
    """Seconds of wall time for one `trickbook build --site-dir SITE` run in CWD."""
    trickbook = Path(sys.executable).with_name("trickbook")
    started = time.perf_counter()
    proc = subprocess.run([str(trickbook), "build", "--site-dir", str(site)], cwd=cwd,
                          capture_output=True, text=True)
    elapsed = time.perf_counter() - started
    if proc.returncode != 0:
        sys.exit(f"trickbook build failed in {cwd}:\n{proc.stderr or proc.stdout}")
    return elapsed


def cold_builds_possible() -> bool:
    """The engine-wheel cache is `build/` under the current folder; a build run from an
    empty folder that is no site builds this checkout's default site, with no cache."""
    from trickbook_site.project import default_project

    return default_project().root.resolve() == REPO


def time_builds(runs: int, scratch: Path) -> tuple[list[float], list[float], Path]:
    """(cold seconds, warm seconds, the last site built)."""
    cold: list[float] = []
    warm: list[float] = []
    if cold_builds_possible():
        home = scratch / "builds"
        home.mkdir()
        cold.append(build_once(home, home / "site"))  # fills home/build/engine for the warm runs
        for n in range(1, runs):
            fresh = scratch / f"cold-{n}"
            fresh.mkdir()
            cold.append(build_once(fresh, fresh / "site"))
            shutil.rmtree(fresh)
    else:
        # Not a source checkout's default site: only the repository's own cache can be used.
        home = REPO
        build_once(home, scratch / "site")
    site = scratch / "site" if home == REPO else home / "site"
    for _ in range(runs):
        warm.append(build_once(home, site))
    return cold, warm, site


# ----- serving and guarding ---------------------------------------------------

def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@contextlib.contextmanager
def serve(folder: Path, probe: str) -> Iterator[str]:
    """Serve FOLDER with Python's http.server on a free port of 127.0.0.1; yield its base URL."""
    port = free_port()
    server = subprocess.Popen(
        [sys.executable, "-m", "http.server", "--bind", "127.0.0.1", str(port), "--directory", str(folder)],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 15
        while True:
            try:
                with urllib.request.urlopen(base + probe, timeout=2):
                    break
            except (urllib.error.URLError, ConnectionError):
                if time.monotonic() > deadline or server.poll() is not None:
                    sys.exit(f"the HTTP server for {folder} did not start")
                time.sleep(0.1)
        yield base
    finally:
        server.terminate()
        server.wait(timeout=10)


@dataclass
class Guard:
    """Lets requests to 127.0.0.1 through and aborts (and records) every other one."""

    refused: list[str] = field(default_factory=list)

    def attach(self, context: BrowserContext) -> BrowserContext:
        context.route("**/*", self.handle)
        return context

    def handle(self, route: Any) -> None:
        if urlsplit(route.request.url).hostname == "127.0.0.1":
            route.continue_()
        else:
            self.refused.append(route.request.url)
            route.abort()


# ----- 2. what a first page downloads -----------------------------------------

@dataclass
class PageBytes:
    path: str
    requests: int
    body: int  # response bodies, as sent (http.server does not compress)
    transfer: int  # bodies plus response headers
    widgets: int  # of the body: the player's own files under /assets/ (shared by every language)
    search: int  # of the body: the search index
    runtime: list[str]  # runtime files fetched; should be empty


def served_file(site: Path, url: str) -> Path:
    path = unquote(urlsplit(url).path)
    target = site / path.lstrip("/")
    return target / "index.html" if path.endswith("/") else target


def body_size(site: Path, request: Any) -> int:
    size = request.sizes()["responseBodySize"]
    response = request.response()
    if size == 0 and response is not None and response.status == 200:
        # Chromium reports no body size for a worker's script; the server sends the file as it is.
        file = served_file(site, request.url)
        size = file.stat().st_size if file.is_file() else 0
    return size


def first_page_bytes(browser: Browser, site: Path, base: str, path: str, guard: Guard) -> PageBytes:
    """Load PATH in a fresh context and wait for the network to go quiet, touching nothing."""
    context = guard.attach(browser.new_context(viewport={"width": 1280, "height": 900}))
    finished: list[Any] = []
    context.on("requestfinished", lambda request: finished.append(request))
    try:
        page = context.new_page()
        page.goto(f"{base}/{path}", wait_until="networkidle")
        page.wait_for_timeout(500)
        body = transfer = widgets = search = 0
        runtime = []
        for request in finished:
            url_path = urlsplit(request.url).path
            size = body_size(site, request)
            body += size
            transfer += size + request.sizes()["responseHeadersSize"]
            if url_path.startswith("/assets/"):
                widgets += size
            if url_path.endswith("/search_index.json"):
                search += size
            if url_path.startswith(RUNTIME_PATHS):
                runtime.append(url_path)
        return PageBytes(path, len(finished), body, transfer, widgets, search, runtime)
    finally:
        context.close()


# ----- 3. the engine's start-up, against a bare Pyodide boot --------------------

BARE_PAGE = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Bare Pyodide boot</title></head>
<body><p>Bare Pyodide boot</p>
<script type="module">
const created = performance.now();
const worker = new Worker("./boot.js", { type: "module" });
worker.onmessage = (event) => { window.__bare = { created, booted: performance.now(), ...event.data }; };
worker.onerror = (event) => { window.__bare = { error: event.message || "the worker failed" }; };
</script></body></html>
"""

BARE_WORKER = """// Only what any Pyodide page pays: import the loader and boot the runtime.
const indexURL = new URL("./pyodide/VERSION/", self.location.href).href;
const started = performance.now();
const { loadPyodide } = await import(indexURL + "pyodide.mjs");
await loadPyodide({ indexURL });
postMessage({ elapsed: performance.now() - started });
"""

# Installed before any page script: timestamps (ms since navigation) of the widget's states.
LIVE_PROBE = """
window.__tb = { click: null, live: null, failed: null };
new MutationObserver((records) => {
  for (const r of records) {
    const state = r.target.getAttribute("data-engine");
    if (state === "live" && window.__tb.live === null) window.__tb.live = performance.now();
    if (state === "failed" && window.__tb.failed === null) window.__tb.failed = performance.now();
  }
}).observe(document, { subtree: true, attributes: true, attributeFilter: ["data-engine"] });
document.addEventListener("pointerdown", () => {
  if (window.__tb.click === null) window.__tb.click = performance.now();
}, { capture: true });
"""


def bare_folder(site: Path, scratch: Path) -> Path:
    """A folder with a copy of the site's Pyodide runtime, a page and a boot-only module worker."""
    version = runtime_version(site)
    folder = scratch / "bare"
    shutil.copytree(site / "assets" / "pyodide" / version, folder / "pyodide" / version)
    (folder / "index.html").write_text(BARE_PAGE, encoding="utf-8")
    (folder / "boot.js").write_text(BARE_WORKER.replace("VERSION", version), encoding="utf-8")
    return folder


def runtime_version(site: Path) -> str:
    runtime = json.loads((site / "assets" / "runtime.json").read_text(encoding="utf-8"))
    return runtime["pyodide"].strip("/").split("/")[-1]


def bare_boot(browser: Browser, base: str, guard: Guard) -> dict[str, dict[str, float]]:
    """ms from navigation to a booted runtime, and the boot inside the worker: cold (a fresh
    context, empty cache), then warm (the same context again, files cached)."""
    context = guard.attach(browser.new_context())
    out = {}
    try:
        for visit in ("cold", "warm"):
            page = context.new_page()
            page.goto(f"{base}/index.html")
            page.wait_for_function("window.__bare !== undefined", timeout=LIVE_TIMEOUT_MS)
            bare = page.evaluate("window.__bare")
            page.close()
            if "error" in bare:
                sys.exit(f"the bare Pyodide boot failed: {bare['error']}")
            out[visit] = {"nav_to_booted": bare["booted"], "worker_boot": bare["elapsed"]}
        return out
    finally:
        context.close()


# ----- 4. live calls, timed in the page -----------------------------------------

# The widgets' own engine module: importing it again by the same URL gives the page's
# one worker, so these calls take the path a widget's calls take.
ROUND_TRIPS = """
async ([handId, calls]) => {
  const handJs = document.querySelector('script[src*="widgets/hand.js"]').src;
  const engine = await import(new URL("engine.js", handJs).href);
  const fig = document.querySelector(`figure.tb-hand[data-hand-id="${handId}"]`);
  // The hand's data, from the file beside the page that the figure names (as hand.js fetches it).
  const data = await (await fetch(new URL(fig.dataset.src, location.href))).json();
  // The page carries a compact trace: the widgets' own module expands every view.
  const { expandTrace } = await import(new URL("trace.js", handJs).href);
  const steps = expandTrace(data.replay);
  // The first card play where another legal card than the record's exists.
  let whatif = null;
  for (let i = 0; i + 1 < steps.length && !whatif; i++) {
    const view = steps[i].view || {};
    if (view.phase !== "play") continue;
    const other = (view.legal || []).find((a) => a !== steps[i + 1].action);
    if (other) whatif = { step: i, action: other };
  }
  const timeCalls = async (type, payload) => {
    const out = [];
    for (let n = 0; n < calls; n++) {
      const t0 = performance.now();
      await engine.ask(type, payload);
      out.push(performance.now() - t0);
    }
    return out;
  };
  return {
    timing: engine.engineTiming(),
    whatif,
    replay: await timeCalls("replay", { record: data.record }),
    whatifCalls: whatif ? await timeCalls("whatif", { record: data.record, ...whatif, seed: 1 }) : [],
  };
}
"""

# A reader's "what if": click a card, wait until the branch is shown, go back; repeated.
DOM_WHATIF = """
async ([handId, step, card, seat, calls]) => {
  const fig = document.querySelector(`figure.tb-hand[data-hand-id="${handId}"]`);
  const slider = fig.querySelector(".tb-slider");
  const out = [];
  for (let n = 0; n < calls; n++) {
    slider.value = String(step);
    slider.dispatchEvent(new Event("input"));
    const button = fig.querySelector(`.tb-board .tb-seat[data-seat="${seat}"] button[data-card="${card}"]`);
    if (!button) return { error: `no button for ${seat} ${card} at step ${step}` };
    const shown = new Promise((resolve) => {
      const watch = new MutationObserver(() => {
        if (fig.dataset.branch === "whatif") { watch.disconnect(); resolve(); }
      });
      watch.observe(fig, { attributes: true, attributeFilter: ["data-branch"] });
    });
    const t0 = performance.now();
    button.click();
    await shown;
    out.push(performance.now() - t0);
    fig.querySelector(".tb-back").click();
  }
  return { times: out };
}
"""


# Stepping while live repaints from steps already computed: no engine call.
LIVE_STEPS = """
([handId, calls]) => {
  const fig = document.querySelector(`figure.tb-hand[data-hand-id="${handId}"]`);
  const out = [];
  for (let n = 0; n < calls; n++) {
    const button = fig.querySelector(".tb-next:not([disabled])") || fig.querySelector(".tb-first");
    const t0 = performance.now();
    button.click();  // the player repaints synchronously in the click handler
    out.push(performance.now() - t0);
  }
  return out;
}
"""


def live_run(browser: Browser, base: str, guard: Guard, calls: int) -> dict[str, Any]:
    """Open the live page, click the first widget's next button at once, wait for live, then time
    calls (cold: a fresh context); then open it again in the same context and time it to live (warm)."""
    context = guard.attach(browser.new_context(viewport={"width": 1280, "height": 900}))
    context.add_init_script(LIVE_PROBE)
    try:
        cold = live_page(context, base, calls)
        warm = live_page(context, base, 0)
        return {**cold, "warm": warm}
    finally:
        context.close()


def live_page(context: BrowserContext, base: str, calls: int) -> dict[str, Any]:
    """One visit of the live page: click at once, wait for live; then, when ``calls``, time calls."""
    page = context.new_page()
    try:
        errors: list[str] = []
        page.on("pageerror", lambda exc: errors.append(str(exc)))
        page.goto(f"{base}/{LIVE_PAGE}", wait_until="load")
        figure = page.locator("figure.tb-hand").first
        figure.locator(".tb-try").click()  # stepping needs no engine; trying other cards does
        page.wait_for_function("() => window.__tb.live !== null || window.__tb.failed !== null",
                               timeout=LIVE_TIMEOUT_MS)
        marks = page.evaluate("window.__tb")
        hand_id = figure.get_attribute("data-hand-id")
        if marks["live"] is None:
            sys.exit(f"the engine did not go live on {LIVE_PAGE} ({hand_id}); page errors: {errors}")
        calls_out = page.evaluate(ROUND_TRIPS, [hand_id, calls])
        steps = page.evaluate(LIVE_STEPS, [hand_id, calls]) if calls else []
        dom = dom_whatif(page, hand_id, calls_out["whatif"], calls)
        if errors:
            sys.exit(f"uncaught errors on {LIVE_PAGE}: {errors}")
        return {"hand": hand_id, "marks": marks, **calls_out, "dom_whatif": dom, "steps": steps}
    finally:
        page.close()


def dom_whatif(page: Any, hand_id: str, whatif: dict[str, Any] | None, calls: int) -> list[float]:
    if not whatif or not calls:
        return []
    seat, card = whatif["action"].split(" ")[0], whatif["action"].split(" ")[-1].upper()
    result = page.evaluate(DOM_WHATIF, [hand_id, whatif["step"], card, seat, calls])
    if "error" in result:
        sys.exit(f"what-if in the page: {result['error']}")
    return result["times"]


# ----- the report ---------------------------------------------------------------

def table(headers: list[str], rows: list[list[str]]) -> str:
    widths = [max(len(h), *(len(r[i]) for r in rows)) for i, h in enumerate(headers)]

    def line(cells: list[str]) -> str:
        return "  ".join(c.ljust(w) if i == 0 else c.rjust(w)
                         for i, (c, w) in enumerate(zip(cells, widths, strict=True)))

    return "\n".join([line(headers), line(["-" * w for w in widths])] + [line(r) for r in rows])


def spread(values: list[float], fmt: Callable[[float], str]) -> str:
    """The median, and the range when there is more than one value."""
    if len(values) <= 1:
        return fmt(median(values))
    return f"{fmt(median(values))} ({fmt(min(values))}–{fmt(max(values))})"


def kib(n: float) -> str:
    return f"{n / 1024:.1f}"


def seconds(v: float) -> str:
    return f"{v:.2f} s"


def ms(v: float) -> str:
    return f"{v:.0f} ms" if v >= 100 else f"{v:.1f} ms"


def report_builds(cold: list[float], warm: list[float], runs: int) -> None:
    print(f"\n1. Full build, three languages (trickbook build --site-dir <tmp>), median of {runs}")
    rows = []
    if cold:
        rows.append(["cold: empty cache (wheel, lockfile and snapshot made)", spread(cold, seconds)])
    rows.append(["warm: engine wheel, lockfile and snapshot from build/", spread(warm, seconds)])
    print(table(["build", "wall time"], rows))
    if cold:
        print(f"   the wheel, lockfile and snapshot cost {median(cold) - median(warm):.2f} s of a cold build; "
              "warm target at most 5 s")


def report_bytes(pages: dict[str, list[PageBytes]], runs: int) -> None:
    print("\n2. First page, before any interaction (fresh browser context, network idle), one load each; "
          "target at most 400 KB of bodies")
    rows = []
    for path, loads in pages.items():
        def pick(attr: str, loads: list[PageBytes] = loads) -> float:
            return median([getattr(p, attr) for p in loads])

        runtime = sorted({u for p in loads for u in p.runtime})
        rows.append([f"/{path}", f"{pick('requests'):.0f}", f"{pick('body') / 1000:.1f}", kib(pick("body")),
                     kib(pick("transfer")),
                     kib(pick("widgets")), kib(pick("search")), "none" if not runtime else " ".join(runtime)])
    print(table(["page", "requests", "body kB", "body KiB", "transfer KiB", "player files KiB", "search index KiB",
                 "Pyodide/runtime files"], rows))


def report_live(bare: list[dict[str, dict[str, float]]], live: list[dict[str, Any]], runs: int) -> None:
    print(f"\n3. Engine start-up on /{LIVE_PAGE} (hand {live[0]['hand']}, 'Try other cards' clicked right after load), "
          f"against a bare Pyodide boot of the same runtime; runs alternated, median of {runs}")
    snapshot = sorted({str(r["timing"].get("snapshot")) for r in live + [r["warm"] for r in live]})
    print(f"   booted from the engine snapshot: {', '.join(snapshot)}")
    rows = []
    ratios = []
    for visit in ("cold", "warm"):
        runs_of = [r if visit == "cold" else r["warm"] for r in live]
        def marks(key: str, runs_of: list[dict[str, Any]] = runs_of) -> list[float]:
            return [r["marks"][key] for r in runs_of]

        bare_nav = [b[visit]["nav_to_booted"] for b in bare]
        boot, engine = [r["timing"]["boot"] for r in runs_of], [r["timing"]["engine"] for r in runs_of]
        click_to_live = [r["marks"]["live"] - r["marks"]["click"] for r in runs_of]
        rest = [c - b - e for c, b, e in zip(click_to_live, boot, engine, strict=True)]
        rows += [
            [f"{visit}: bare Pyodide page: navigation -> runtime booted", spread(bare_nav, ms)],
            [f"{visit}: bare Pyodide page: boot inside the worker (import + loadPyodide)",
             spread([b[visit]["worker_boot"] for b in bare], ms)],
            [f"{visit}: /{LIVE_PAGE}: navigation -> click on \"Try other cards\"", spread(marks("click"), ms)],
            [f"{visit}: /{LIVE_PAGE}: navigation -> data-engine=\"live\"", spread(marks("live"), ms)],
            [f"{visit}:   click -> live", spread(click_to_live, ms)],
            [f"{visit}:     worker: JSON + import + loadPyodide (snapshot or wheel)", spread(boot, ms)],
            [f"{visit}:     worker: import trickbook.web", spread(engine, ms)],
            [f"{visit}:     the rest: worker start, first replay, message, paint", spread(rest, ms)],
        ]
        ratios.append((visit, median(marks("live")), median(bare_nav)))
    print(table(["what", "time"], rows))
    for visit, nav_live, nav_bare in ratios:
        print(f"   {visit}: navigation->live {ms(nav_live)} / bare navigation->booted {ms(nav_bare)} = "
              f"{nav_live / nav_bare:.2f} (target at most 1.00)")


def report_calls(live: list[dict[str, Any]], calls: int) -> None:
    def per_run(key: str) -> list[float]:
        return [median(r[key]) for r in live if r[key]]

    whatif = live[0]["whatif"]
    what = f"step {whatif['step']}, {whatif['action']!r}" if whatif else "no alternative card found"
    print(f"\n4. Live calls on /{LIVE_PAGE}, {calls} calls per run (median per run, then median of runs)")
    rows = [["step forward while live, no engine call: click -> repainted", spread(per_run("steps"), ms)],
            ["replay of the record (worker round trip)", spread(per_run("replay"), ms)]]
    if whatif:
        rows += [[f"what-if, {what} (worker round trip)", spread(per_run("whatifCalls"), ms)],
                 ["what-if as the reader sees it: card click -> branch shown", spread(per_run("dom_whatif"), ms)]]
    print(table(["call", "time per call"], rows))


# ----- main ------------------------------------------------------------------------

def measure_browser(site: Path, scratch: Path, runs: int, calls: int, guard: Guard) -> tuple[Any, ...]:
    pages: dict[str, list[PageBytes]] = {}
    paths = [f"{lang}/{page}" for lang in LANGUAGES
             for page in ("", *(f"{p}/" for p in RULES_PAGES + PLAY_PAGES + OTHER_PAGES))]
    bare_runs: list[dict[str, float]] = []
    live_runs: list[dict[str, Any]] = []
    with serve(site, "/assets/runtime.json") as base, \
            serve(bare_folder(site, scratch), "/index.html") as bare_base, sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_FLAGS)
        try:
            for n in range(runs):
                # Bytes do not vary from run to run: every page is loaded once (in the first run).
                for path in paths if n == 0 else []:
                    pages.setdefault(path, []).append(first_page_bytes(browser, site, base, path, guard))
                # Alternate the order so that neither side always runs on a warmer machine.
                order = [lambda: bare_runs.append(bare_boot(browser, bare_base, guard)),
                         lambda: live_runs.append(live_run(browser, base, guard, calls))]
                for step in (order if n % 2 == 0 else order[::-1]):
                    step()
                print(f"   browser run {n + 1}/{runs} done", file=sys.stderr, flush=True)
        finally:
            browser.close()
    return pages, bare_runs, live_runs


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5, help="runs per figure; medians are printed (default 5)")
    parser.add_argument("--calls", type=int, default=20, help="live calls timed per run (default 20)")
    parser.add_argument("--site", type=Path, default=None,
                        help="measure this built site and skip the build timings")
    args = parser.parse_args(argv)
    runs = max(1, args.runs)
    guard = Guard()
    load_before = os.getloadavg()[0]
    with tempfile.TemporaryDirectory(prefix="trickbook-bench-") as tmp:
        scratch = Path(tmp)
        if args.site:
            site = args.site.resolve()
        else:
            print(f"building the site {2 * runs} times…", file=sys.stderr, flush=True)
            cold, warm, site = time_builds(runs, scratch)
        pages, bare, live = measure_browser(site, scratch, runs, args.calls, guard)
    print(f"site benchmark: {site if args.site else 'fresh builds of ' + str(REPO)}; chromium {CHROMIUM}; "
          f"{os.cpu_count()} cores, 1-minute load average {load_before:.1f} at start, {os.getloadavg()[0]:.1f} at end "
          "(times are wall clock: other work on the machine shows in them)")
    if not args.site:
        report_builds(cold, warm, runs)
    report_bytes(pages, runs)
    report_live(bare, live, runs)
    report_calls(live, args.calls)
    fetched = sorted({u for loads in pages.values() for p in loads for u in p.runtime})
    print(f"\nchecks: Pyodide/runtime files fetched before interaction: {fetched or 'none'}; "
          f"requests refused for leaving 127.0.0.1: {guard.refused or 'none'}")
    return 1 if fetched or guard.refused else 0


if __name__ == "__main__":
    sys.exit(main())
