"""Questions: how long the engine takes to answer them, on CPython and in the browser.

Run ``python bench/questions.py [--site DIR] [--drills N]`` from the repository root.

On CPython it prints, per game, the time of a practice position (a deal played by
the gentle bots to the next question and its answer key, ``practice_position``),
and for the worked hands' play questions the time of the answer key (the look-ahead
of the acceptance rule) and of a wrong card's play-out (``playout.cost``: the hand
played to its end twice by the bots, after the wrong card and after a right one).

With ``--site DIR`` (a built site) it serves the site on 127.0.0.1 and drives
Debian's chromium: the time from pressing "Next question" on a practice page to
the question on screen (the drill's ``data-last-ms``, after the engine is live),
and the time from pressing "What does it cost?" to the cost on screen in a worked
hand. Figures, not tests: medians and 95th percentiles, with the machine's load.
"""

from __future__ import annotations

import argparse
import functools
import http.server
import json
import os
import statistics
import sys
import threading
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "src"))

from trickbook.cards import Card  # noqa: E402
from trickbook.questions import answer_key  # noqa: E402
from trickbook.questions.facade import practice_position  # noqa: E402
from trickbook.questions.playout import cost  # noqa: E402
from trickbook.record import load_record, replay  # noqa: E402

GAMES = ("yorkshire", "trinidad", "nap", "euchre")


def ms(seconds: list[float]) -> str:
    values = sorted(s * 1000 for s in seconds)
    p95 = values[min(len(values) - 1, int(0.95 * len(values)))]
    return f"median {statistics.median(values):7.1f} ms  p95 {p95:7.1f} ms  (n={len(values)})"


def load() -> str:
    return "load average %.2f %.2f %.2f" % os.getloadavg()


def cpython(drills: int) -> None:
    print(f"CPython {sys.version.split()[0]}, {load()}")
    for game in GAMES:
        times = []
        for n in range(drills):
            started = time.perf_counter()
            practice_position(game, "bench", n)
            times.append(time.perf_counter() - started)
        print(f"  practice position  {game:10s} {ms(times)}")
    for path in sorted((REPO / "docs" / "hands").glob("*/*.hand.toml")):
        record = load_record(path)
        for q in record.questions:
            if q.kind != "play":
                continue
            state = replay(record, stop=q.step).state
            started = time.perf_counter()
            key = answer_key(state, q)
            keyed = time.perf_counter() - started
            wrong = next(c for c in key["choices"] if c not in key["accepted"])
            runs = []
            for seed in range(5):
                started = time.perf_counter()
                cost(state, key["seat"], Card.parse(wrong), Card.parse(key["accepted"][0]), record.game, seed)
                runs.append(time.perf_counter() - started)
            print(f"  {path.stem:40s} step {q.step:2d} {q.accept!s:15s} key {keyed * 1000:7.1f} ms;"
                  f" play-out of {wrong}: {ms(runs)}")
    print(f"  ({load()})")


class _Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args: object) -> None:
        pass


def browser(site: Path, drills: int) -> None:
    from playwright.sync_api import sync_playwright

    handler = functools.partial(_Quiet, directory=str(site))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{server.server_address[1]}"
    print(f"chromium, {load()}")
    try:
        with sync_playwright() as p:
            b = p.chromium.launch(executable_path="/usr/bin/chromium", args=["--no-sandbox"])
            for game in GAMES:
                page = b.new_page()
                page.goto(f"{base}/en/practice-{game}/#seed=bench&q=0")
                drill = page.locator(".tb-practice-drill")
                started = time.perf_counter()
                drill.locator(".tb-practice-start").click()
                page.wait_for_function("() => document.querySelector('.tb-practice-drill').dataset.number === '0'",
                                       timeout=120_000)
                first = time.perf_counter() - started
                times = []
                for n in range(1, drills + 1):
                    drill.locator(".tb-practice-next").click()
                    page.wait_for_function(
                        f"() => document.querySelector('.tb-practice-drill').dataset.number === '{n}'",
                        timeout=60_000)
                    times.append(float(drill.get_attribute("data-last-ms")) / 1000)
                print(f"  Next question → on screen  {game:10s} {ms(times)}; "
                      f"first question with the engine's start {first:.1f} s")
                page.close()
            page = b.new_page()
            page.goto(f"{base}/en/nap/#nap-four-hearts=4")
            fig = page.locator('figure.tb-hand[data-hand-id="nap-four-hearts"]')
            fig.locator(".tb-question[data-kind='play']").wait_for()
            fig.locator(".tb-q-choice[data-choice='2C']").click()
            started = time.perf_counter()
            fig.locator(".tb-q-cost").click()
            fig.locator(".tb-q-costs li").first.wait_for(timeout=120_000)
            cold = time.perf_counter() - started
            runs = []
            for _ in range(drills):
                fig.locator(".tb-q-again").click()
                fig.locator(".tb-q-choice[data-choice='2C']").click()
                started = time.perf_counter()
                fig.locator(".tb-q-cost").click()
                fig.locator(".tb-q-costs li").first.wait_for(timeout=60_000)
                runs.append(time.perf_counter() - started)
            print(f"  play-out of a wrong card (nap-four-hearts, 2♣) {ms(runs)}; "
                  f"first, with the engine's start {cold:.1f} s")
            b.close()
    finally:
        server.shutdown()
    print(f"  ({load()})")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--site", type=Path, help="a built site, to time the browser too")
    parser.add_argument("--drills", type=int, default=20, help="questions timed per game (default 20)")
    args = parser.parse_args()
    cpython(args.drills)
    if args.site:
        browser(args.site, args.drills)
    print(json.dumps({"load": os.getloadavg()}))


if __name__ == "__main__":
    main()
