"""Play-table figures: what a table page downloads, how long a match lasts, how fast the bots answer in the browser.

Run ``python bench/tables.py [--site site] [--matches N]`` from the repository root
after ``trickbook build``. It serves the built site on 127.0.0.1 and drives Debian's
chromium through Playwright: for each game it opens the play page and counts the bytes
fetched before Start and after the engine is live; then, in the same page, it plays
N whole matches through the engine's table facade with the reader timing out at every
decision, and prints the hands per match, the reader's decisions and the time per bot
move (a call's time divided by the bot moves it made). Nothing here is a test.
"""

from __future__ import annotations

import argparse
import socket
import statistics
import subprocess
import sys
import time
import urllib.request
from pathlib import Path
from urllib.parse import urlsplit

GAMES = ["yorkshire", "trinidad", "nap", "euchre"]
CHROMIUM = "/usr/bin/chromium"

PLAY = """async ([game, matches]) => {
  const { ask } = await import(new URL('../../assets/widgets/engine.js', location.href).href);
  const out = [];
  for (let m = 0; m < matches; m++) {
    const seed = Array.from(crypto.getRandomValues(new Uint8Array(32)), \
(b) => b.toString(16).padStart(2, '0')).join('');
    let a = await ask('table_new', { game, seed });
    let decisions = 0, botMoves = 0, botMs = 0;
    while (!a.view.over) {
      const t0 = performance.now();
      a = a.view.phase === 'hand-over' ? await ask('table_next', { table: a.id }) : \
await ask('table_timeout', { table: a.id });
      const ms = performance.now() - t0;
      const bots = a.steps.filter((s) => s.bot).length;
      if (bots) { botMoves += bots; botMs += ms; }
      if (a.view.phase !== 'hand-over') decisions++;
    }
    out.push({ hands: a.view.dealt.length, decisions, botMoves, perMove: botMs / Math.max(1, botMoves) });
  }
  return out;
}"""


def serve(site: Path) -> tuple[subprocess.Popen, str]:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    server = subprocess.Popen([sys.executable, "-m", "http.server", "--bind", "127.0.0.1", str(port),
                               "--directory", str(site)],
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    base = f"http://127.0.0.1:{port}"
    for _ in range(100):
        try:
            urllib.request.urlopen(base + "/assets/runtime.json", timeout=1)
            break
        except OSError:
            time.sleep(0.1)
    return server, base


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--site", default="site")
    parser.add_argument("--matches", type=int, default=3)
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    server, base = serve(Path(args.site))
    rows = []
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox", "--disable-gpu"])
            for game in GAMES:
                page = browser.new_page()
                sizes: dict[str, int] = {}

                def count(response, sizes=sizes) -> None:
                    try:
                        sizes[response.url] = len(response.body())
                    except Exception:  # a redirect or an aborted request has no body
                        sizes.setdefault(response.url, 0)
                page.on("response", count)
                page.goto(f"{base}/en/play-{game}/")
                page.wait_for_load_state("networkidle")
                before = sum(sizes.values())
                started = time.perf_counter()
                page.locator(".tbt-start").click()
                page.wait_for_function("() => document.querySelector('div.tb-table').dataset.engine === 'live'",
                                       timeout=180_000)
                live = time.perf_counter() - started
                page.wait_for_load_state("networkidle")
                after = sum(sizes.values())
                runtime = sum(v for u, v in sizes.items() if urlsplit(u).path.startswith("/assets/pyodide/"))
                results = page.evaluate(PLAY, [game, args.matches])
                rows.append((game, before, after, runtime, live, results))
                page.close()
            browser.close()
    finally:
        server.terminate()
    print(f"{'game':10} {'page KB':>8} {'with engine KB':>15} {'runtime KB':>11} {'live s':>7} {'hands':>6} "
          f"{'decisions':>9} {'ms/bot move':>12}")
    for game, before, after, runtime, live, results in rows:
        hands = statistics.median(r["hands"] for r in results)
        decisions = statistics.median(r["decisions"] for r in results)
        per_move = statistics.median(r["perMove"] for r in results)
        print(f"{game:10} {before / 1024:8.0f} {after / 1024:15.0f} {runtime / 1024:11.0f} {live:7.1f} {hands:6} "
              f"{decisions:9} {per_move:12.2f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
