"""Published-site figures: bytes over the wire and time to live, first and repeat visit, at three link speeds.

Run ``python bench/publish.py [--site-dir DIR] [--runs N] [--links 9,1.6]`` from the repository root. It publishes
the site (`trickbook publish`, built first unless ``--site-dir`` holds a built site), adds a bare
Pyodide boot page to the same folder (`/bare/`: the published runtime, nothing of trickbook), serves
the folder with Debian's caddy configured from its `_headers` (precompressed files, the headers),
and drives Debian's chromium through Playwright, throttled through the DevTools protocol:

- unthrottled;
- 9 Mbit/s down, 170 ms round trip (a reader's phone on a fair mobile link);
- 1.6 Mbit/s down, 562.5 ms round trip (DevTools' "Fast 3G").

The last column says how the widget's engine booted (the memory snapshot, or the runtime and the
wheel) and what the worker judged the link by (the cache, navigator.connection, the first bytes'
speed, an earlier visit).

For each speed, a fresh browser profile (with a disk cache, as a reader's browser has) visits twice:
the bare boot, then again; a fresh profile does the same for the widget (a Nap page, "Try other
cards" pressed at once, and, on a link the browser reports as slow, "Download the engine").
Bytes are the response bodies caddy sent (its access log), so they are the bytes over the wire
after compression; time to live is from navigation to `data-engine="live"`
(the bare boot: to a booted runtime). Figures are medians over N runs; nothing is asserted.
"""

from __future__ import annotations

import argparse
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
from pathlib import Path
from typing import Any

from playwright.sync_api import sync_playwright

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "src"))

from trickbook_site.headers import caddyfile, parse_headers  # noqa: E402
from trickbook_site.publish import is_built_site, publish_folder  # noqa: E402

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_FLAGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
                  "--disable-component-update", "--disable-sync", "--no-first-run"]
LIVE_PAGE = "en/nap/"
TIMEOUT_MS = 240_000
# (name, download bytes/s, upload bytes/s, latency ms); -1: no throttling.
LINKS = [("unthrottled", -1, -1, 0.0),
         ("9 Mbit/s, 170 ms", 9_000_000 / 8, 9_000_000 / 8, 170.0),
         ("1.6 Mbit/s, 562 ms", 1_600_000 / 8, 750_000 / 8, 562.5)]

BARE_PAGE = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Bare Pyodide boot</title></head>
<body><p>Bare Pyodide boot</p><script type="module" src="bare.js"></script></body></html>
"""
BARE_SCRIPT = """const worker = new Worker("./boot.js", { type: "module" });
worker.onmessage = (event) => { window.__bare = { booted: performance.now(), ...event.data }; };
worker.onerror = (event) => { window.__bare = { error: event.message || "the worker failed" }; };
"""
BARE_WORKER = """// Only what any Pyodide page pays: import the loader and boot the runtime.
const indexURL = new URL("RUNTIME", self.location.href).href;
// The published runtime folder holds Pyodide's own files; its lockfile sits with the engine's.
const lockFileURL = new URL("LOCKFILE", self.location.href).href;
const { loadPyodide } = await import(indexURL + "pyodide.mjs");
await loadPyodide({ indexURL, lockFileURL });
postMessage({});
"""
# How the widget's engine booted: the snapshot or not, and what judged the link (the worker's timing).
BOOT_TIMING = """(async () => {
  const handJs = document.querySelector('script[src*="widgets/hand.js"]').src;
  const engine = await import(new URL("engine.js", handJs).href);
  return engine.engineTiming();
})()"""
LIVE_PROBE = """
window.__tb = { live: null, failed: null, states: {} };
new MutationObserver((records) => {
  for (const r of records) {
    const state = r.target.getAttribute("data-engine");
    if (state && !(state in window.__tb.states)) window.__tb.states[state] = performance.now();
    if (state === "live" && window.__tb.live === null) window.__tb.live = performance.now();
    if (state === "failed" && window.__tb.failed === null) window.__tb.failed = performance.now();
  }
}).observe(document, { subtree: true, attributes: true, attributeFilter: ["data-engine"] });
"""


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Server:
    def __init__(self, folder: Path, work: Path) -> None:
        self.log = work / "access.log"
        port = free_port()
        self.base = f"http://127.0.0.1:{port}"
        rules = parse_headers((folder / "_headers").read_text(encoding="utf-8"))
        config = work / "Caddyfile"
        config.write_text(caddyfile(rules, folder, self.base, self.log), encoding="utf-8")
        env = dict(os.environ, HOME=str(work), XDG_DATA_HOME=str(work / "d"), XDG_CONFIG_HOME=str(work / "c"))
        self.process = subprocess.Popen(["caddy", "run", "--config", str(config), "--adapter", "caddyfile"],
                                        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env)
        deadline = time.monotonic() + 20
        while True:
            try:
                with urllib.request.urlopen(self.base + "/", timeout=2):
                    return
            except (urllib.error.URLError, ConnectionError):
                if time.monotonic() > deadline:
                    self.stop()
                    sys.exit("caddy did not start")
                time.sleep(0.1)

    def entries(self) -> list[dict[str, Any]]:
        if not self.log.is_file():
            return []
        out = []
        lines = self.log.read_text(encoding="utf-8").splitlines()
        for number, line in enumerate(lines):
            try:
                entry = json.loads(line)
            except ValueError:
                if number == len(lines) - 1:
                    break  # caddy is still writing its last line
                raise
            if "request" in entry:
                out.append({"uri": entry["request"]["uri"], "size": int(entry.get("size", 0))})
        return out

    def stop(self) -> None:
        self.process.terminate()
        self.process.wait(timeout=10)


def add_bare_page(folder: Path) -> None:
    runtime = next((folder / "assets").glob("pyodide-*/*/pyodide.mjs")).parent
    bare = folder / "bare"
    bare.mkdir()
    (bare / "index.html").write_text(BARE_PAGE, encoding="utf-8")
    (bare / "bare.js").write_text(BARE_SCRIPT, encoding="utf-8")
    rel = os.path.relpath(runtime, bare).replace(os.sep, "/") + "/"
    lockfile = os.path.relpath(next((folder / "assets").glob("engine-*/pyodide-lock.json")), bare).replace(os.sep, "/")
    (bare / "boot.js").write_text(BARE_WORKER.replace("RUNTIME", rel).replace("LOCKFILE", lockfile), encoding="utf-8")


def wait_for(page: Any, expression: str) -> Any:
    """Poll ``expression`` until it is truthy (wait_for_function evaluates a string, which the CSP header refuses)."""
    deadline = time.monotonic() + TIMEOUT_MS / 1000
    while not (value := page.evaluate(expression)):
        if time.monotonic() > deadline:
            sys.exit(f"timed out waiting for {expression}")
        page.wait_for_timeout(50)
    return value


def visit(context: Any, server: Server, link: tuple[str, float, float, float], bare: bool) -> dict[str, Any]:
    """One visit: (ms to live, bytes over the wire, runtime bytes, page bytes before the press)."""
    page = context.new_page()
    cdp = context.new_cdp_session(page)
    _, down, up, latency = link
    cdp.send("Network.enable")
    cdp.send("Network.emulateNetworkConditions", {"offline": False, "latency": latency,
                                                   "downloadThroughput": down, "uploadThroughput": up})
    mark = len(server.entries())
    try:
        if bare:
            page.goto(f"{server.base}/bare/")
            result = wait_for(page, "window.__bare")
            if "error" in result:
                sys.exit(f"the bare boot failed: {result['error']}")
            live, page_bytes, timing = result["booted"], 0, None
        else:
            page.goto(f"{server.base}/{LIVE_PAGE}", wait_until="load")
            loaded = page.evaluate("performance.now()")
            page_bytes = sum(e["size"] for e in server.entries()[mark:])
            figure = page.locator("figure.tb-hand").first
            figure.locator(".tb-try").click()
            # On a slow link the player first asks before the download; the reader says yes.
            state = wait_for(page, "(() => { const f = document.querySelector('figure.tb-hand');"
                                   " return ['asking', 'loading', 'live', 'failed'].includes(f.dataset.engine)"
                                   " && f.dataset.engine; })()")
            if state == "asking":
                figure.locator(".tb-download").click()
            wait_for(page, "window.__tb.live !== null || window.__tb.failed !== null")
            marks = page.evaluate("window.__tb")
            timing = page.evaluate(BOOT_TIMING) if marks["live"] is not None else None
            # A widget that gave up (no answer and no progress for 60 s) is a figure too.
            live = marks["live"] if marks["live"] is not None else -marks["failed"]
            # Where the time went (stderr): the page loaded, the engine asked for, the worker's boot and import.
            states = {k: round(v) for k, v in marks["states"].items()}
            print(f"  {link[0]}: page loaded {loaded:.0f} ms, states {json.dumps(states)}, worker {json.dumps(timing)}",
                  file=sys.stderr)
        page.wait_for_timeout(300)  # the access log is written as responses finish
        entries = server.entries()[mark:]
        runtime = sum(e["size"] for e in entries if e["uri"].startswith(("/assets/pyodide-", "/assets/engine-")))
        boot = ("–" if timing is None
                else ("snapshot" if timing["snapshot"] else "runtime + wheel") + f" ({timing['judged']})")
        return {"live": live, "bytes": sum(e["size"] for e in entries), "runtime": runtime, "page": page_bytes,
                "boot": boot}
    finally:
        page.close()


def measure(playwright: Any, server: Server, link: tuple[str, float, float, float], bare: bool,
            scratch: Path) -> tuple[dict[str, Any], dict[str, Any]]:
    profile = Path(tempfile.mkdtemp(prefix="profile-", dir=scratch))
    context = playwright.chromium.launch_persistent_context(
        str(profile), executable_path=CHROMIUM, args=CHROMIUM_FLAGS, viewport={"width": 1280, "height": 900})
    context.add_init_script(LIVE_PROBE)
    left: list[str] = []
    context.on("request", lambda r: left.append(r.url)
               if not r.url.startswith(("http://127.0.0.1", "data:", "blob:")) else None)
    try:
        first = visit(context, server, link, bare)
        repeat = visit(context, server, link, bare)
    finally:
        context.close()
        shutil.rmtree(profile, ignore_errors=True)
    if left:
        sys.exit(f"requests left 127.0.0.1: {left[:5]}")
    return first, repeat


def mb(n: float) -> str:
    return f"{n / 1e6:.2f} MB"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--site-dir", type=Path, default=None, help="a built site (built afresh without one)")
    parser.add_argument("--runs", type=int, default=1)
    parser.add_argument("--links", default=None,
                        help="the link speeds to measure, by their row's first word, comma-separated "
                             "(unthrottled,9,1.6; all three without it)")
    args = parser.parse_args(argv)
    links = LINKS
    if args.links:
        wanted = [w.strip() for w in args.links.split(",") if w.strip()]
        links = [link for link in LINKS if link[0].split()[0].rstrip(",") in wanted]
        if len(links) != len(wanted):
            parser.error(f"--links {args.links!r}: expected names among "
                         f"{', '.join(link[0].split()[0].rstrip(',') for link in LINKS)}")
    scratch = Path(tempfile.mkdtemp(prefix="bench-publish-"))
    server = None
    try:
        site = args.site_dir
        if site is None or not is_built_site(site):
            from trickbook_site.build import build_site
            from trickbook_site.project import Project

            site = site or scratch / "site"
            build_site(Project(REPO), site_dir=site, build_root=REPO / "build")
        folder = publish_folder(site, scratch / "public", cache=REPO / "build" / "publish").folder
        add_bare_page(folder)
        server = Server(folder, scratch)
        rows = []
        with sync_playwright() as playwright:
            for link in links:
                runs: dict[str, list[dict[str, Any]]] = {"bare": [], "bare again": [], "widget": [], "widget again": []}
                for _ in range(args.runs):
                    for bare in (True, False):
                        first, repeat = measure(playwright, server, link, bare, scratch)
                        name = "bare" if bare else "widget"
                        runs[name].append(first)
                        runs[name + " again"].append(repeat)
                med = {k: {f: statistics.median(r[f] for r in v) for f in ("live", "bytes", "runtime", "page")}
                       for k, v in runs.items()}
                for k, v in runs.items():
                    med[k]["boot"] = ", ".join(sorted({r["boot"] for r in v}))
                rows.append((link[0], med))
        print(f"Published site behind caddy (precompressed, _headers); median of {args.runs} run(s); "
              f"load: {os.getloadavg()[0]:.2f} {os.getloadavg()[1]:.2f} {os.getloadavg()[2]:.2f}")
        print("| link | visit | bare boot: to booted | bare: over the wire | widget: to live | widget: over the wire "
              "| of which runtime + engine | live / bare | widget's boot |")
        print("|---|---|---|---|---|---|---|---|---|")
        for name, med in rows:
            for visit_name, b, w in (("first", "bare", "widget"), ("repeat", "bare again", "widget again")):
                widget = med[w]["live"]
                shown = f"{widget / 1000:.2f} s" if widget > 0 else f"failed after {-widget / 1000:.2f} s"
                ratio = f"{widget / med[b]['live']:.2f}×" if widget > 0 and med[b]["live"] else "–"
                print(f"| {name} | {visit_name} | {med[b]['live'] / 1000:.2f} s | {mb(med[b]['bytes'])} | "
                      f"{shown} | {mb(med[w]['bytes'])} | {mb(med[w]['runtime'])} | {ratio} | {med[w]['boot']} |")
        first_page = rows[0][1]["widget"]["page"]
        print("The Nap page's own first load, before the reader presses anything: "
              f"{first_page / 1000:.1f} KB over the wire.")
        return 0
    finally:
        if server is not None:
            server.stop()
        shutil.rmtree(scratch, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
