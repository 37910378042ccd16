"""A course's own game works in the browser as the four do, from its module alone.

A course made by `trickbook new` adds tests/test_registry.py's fifth game with a contract of its own
(``BID_GAME``: a bid verb with its contracts, score categories and their words, all in its module),
names the module in its pyproject.toml, and gives it a worked hand (played by its bots from a fixed
seed) with a score question, a play page and a practice page. Nothing else in the course, and nothing
in trickbook, names the game. Built once (in a process of its own, so this one's registry stays the
four games'), served on 127.0.0.1: the worked hand goes live and tries other cards, the score question
is judged, a whole match is played at its table and the practice deals a question. These tests boot
the engine (Pyodide).
"""

from __future__ import annotations

import json
import subprocess
import sys
import textwrap
from pathlib import Path
from typing import Any, Iterator

import pytest
from browser import helpers
from playwright.sync_api import expect
from test_registry import BID_GAME

from trickbook_site.cli import main
from trickbook_site.scaffold import _with_nav_entries

pytestmark = pytest.mark.browser

GAME = "bid-7s-for-tests"
MODULE = "bid_sevens_for_tests"
SEED = "5e" * 32
HAND = "bid-sevens-worked"

# Run in the course folder by the course's own engine: the game's module loaded as the course names it,
# a match played by random bots from SEED, and its first hand whose score has one seat with most tricks
# written as a worked hand with a score question at its last step; the answer key printed.
WRITE_HAND = f"""
import json, pathlib, sys
sys.path.insert(0, ".")
from trickbook.bots import RandomBot
from trickbook.games import load_game_modules
from trickbook.match import play_match
from trickbook.questions import Question, answer_key
from trickbook.record import parse_record, replay

load_game_modules(["{MODULE}"])
match = play_match("{GAME}", {{s: RandomBot(i) for i, s in enumerate("ABC")}}, "{SEED}", rounds=1)
for text in match.records():
    state = replay(parse_record(text)).state
    taken = [sum(1 for t in state.tricks if t.winner == s) for s in state.seats]
    if taken.count(max(taken)) == 1 and state.declarer is not None:
        break
else:
    raise SystemExit("no hand of the seed's match has a contract and one seat with most tricks")
step = len(state.history)
text = "\\n".join(line for line in text.splitlines() if not line.startswith("id ="))
text += f'\\n\\n[[questions]]\\nstep = {{step}}\\nkind = "score"\\ntext = "Who scores most in each category?"\\n'
folder = pathlib.Path("docs/hands/{GAME}")
folder.mkdir(parents=True)
(folder / "{HAND}.hand.toml").write_text(text, encoding="utf-8")
key = answer_key(replay(parse_record(text)).state, Question(step=step, kind="score"))
print(json.dumps({{"step": step, "parts": key["parts"], "contract": state.contract}}))
"""

PAGES = {
    "bid-sevens.md": f"""# Bid sevens {{ #bid-sevens }}

A worked hand, played by the computer.

```hand
ref = "{HAND}"
```
""",
    "play-bid-sevens.md": f"""# Play bid sevens {{ #play }}

<div class="tb-table" data-game="{GAME}" markdown>

The play table runs in your browser and needs JavaScript.

</div>

<script type="module" src="../../assets/widgets/play-table/start.js"></script>
""",
    "practice-bid-sevens.md": f"""# Practise bid sevens {{ #practice }}

<div class="tb-practice" data-game="{GAME}" markdown>

The practice questions need JavaScript.

</div>

<script type="module" src="../../assets/widgets/practice/practice.js"></script>
""",
}


@pytest.fixture(scope="module")
def course(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    folder = tmp_path_factory.mktemp("course") / "club"
    assert main(["new", str(folder), "--languages", "en"]) == 0
    (folder / f"{MODULE}.py").write_text(textwrap.dedent(BID_GAME), encoding="utf-8")
    (folder / "pyproject.toml").write_text(f'[tool.trickbook]\ngames = ["{MODULE}"]\n', encoding="utf-8")
    made = subprocess.run([sys.executable, "-c", WRITE_HAND], cwd=folder, capture_output=True, text=True)
    assert made.returncode == 0, made.stderr
    key = json.loads(made.stdout)
    for name, text in PAGES.items():
        (folder / "docs" / name).write_text(text, encoding="utf-8")
    config = folder / "mkdocs.yml"
    config.write_text(_with_nav_entries(config.read_text(encoding="utf-8"), list(PAGES)), encoding="utf-8")
    trickbook = str(Path(sys.executable).parent / "trickbook")
    # The game's own page, started by add-game from its class (the default site has no hand of it).
    added = subprocess.run([trickbook, "add-game", GAME], cwd=folder, capture_output=True, text=True)
    assert added.returncode == 0, added.stderr
    built = subprocess.run([trickbook, "build"], cwd=folder, capture_output=True, text=True)
    assert built.returncode == 0, built.stderr
    # Of the course's own files (the built site and the caches aside), only the game's module and the
    # worked hand's record name the game, besides the pages that place its table and its practice, and
    # the nav that lists the page add-game wrote.
    named = sorted(p.relative_to(folder).as_posix() for p in folder.rglob("*")
                   if p.is_file() and p.relative_to(folder).parts[0] not in ("site", "build", ".trickbook")
                   and p.suffix != ".md" and GAME in p.read_text(encoding="utf-8", errors="replace"))
    assert named == [f"{MODULE}.py", f"docs/hands/{GAME}/{HAND}.hand.toml", "mkdocs.yml"], named
    assert f"  - {GAME}.md" in config.read_text(encoding="utf-8")
    return {"site": folder / "site", "key": key}


@pytest.fixture(scope="module")
def course_url(course: dict[str, Any]) -> Iterator[str]:
    with helpers.served_folder(course["site"]) as url:
        yield url


@pytest.fixture
def opener(new_context: Any, course_url: str) -> Iterator[helpers.PageOpener]:
    opened = helpers.PageOpener(new_context, course_url)
    yield opened
    opened.check()


def test_the_wheel_carries_the_courses_game_and_games_json_lists_it(course: dict[str, Any]) -> None:
    import zipfile

    assets = course["site"] / "assets"
    runtime = json.loads((assets / "runtime.json").read_text(encoding="utf-8"))
    (wheel,) = (assets / runtime["pyodide"]).glob("trickbook-*.whl")
    names = zipfile.ZipFile(wheel).namelist()
    assert f"{MODULE}.py" in names and "trickbook/games/_course.py" in names
    assert GAME in json.loads((assets / "games.json").read_text(encoding="utf-8"))
    # Its words reach the browser's catalog: its contracts and score categories by name.
    catalog = json.loads((assets / "i18n" / "en.json").read_text(encoding="utf-8"))["engine"]
    assert catalog["contracts"]["four-tricks"] == "Four tricks"
    assert catalog["categories"]["tricks"] == "Tricks taken"


def test_the_worked_hand_goes_live_tries_other_cards_and_judges_its_score_question(
        opener: helpers.PageOpener, course: dict[str, Any]) -> None:
    key = course["key"]
    page = opener(f"/en/bid-sevens/#{HAND}=4")  # the first card of the first trick is to play
    fig = helpers.figure_of(page, HAND)
    fig.locator(".tb-player").wait_for()
    # The score table names its categories in the game's words, never by their codes.
    expect(fig.locator(".tb-score-table")).to_contain_text("Tricks taken")
    fig.locator(".tb-try").click()
    expect(fig).to_have_attribute("data-engine", "live", timeout=helpers.LIVE_TIMEOUT_MS)
    # A state no page holds: the seat to act's cards offered by the engine.
    page.goto(f"{opener.site_url}/en/bid-sevens/#{HAND}={key['step']}")
    fig = helpers.figure_of(page, HAND)
    fig.locator(".tb-player").wait_for()
    expect(fig).to_have_attribute("data-step", str(key["step"]))
    panel = fig.locator(".tb-question[data-kind='score']")
    expect(panel).to_be_visible()
    rows = panel.locator(".tb-q-part")
    expect(rows).to_have_count(len(key["parts"]))
    for i, part in enumerate(key["parts"]):  # each part labelled in the game's words
        expect(rows.nth(i).locator(".tb-q-part-label")).to_have_text(
            {"tricks": "Tricks taken", "bonus": "Contract bonus"}[part["category"]])
        wrong = next(c for c in part["choices"] if c != part["accepted"])
        rows.nth(i).locator(f".tb-q-choice[data-choice='{wrong}']").click()
    panel.locator(".tb-q-check").click()
    expect(panel).to_have_attribute("data-verdict", "wrong")
    panel.locator(".tb-q-again").click()
    panel = fig.locator(".tb-question[data-kind='score']")
    rows = panel.locator(".tb-q-part")
    for i, part in enumerate(key["parts"]):
        rows.nth(i).locator(f".tb-q-choice[data-choice='{part['accepted']}']").click()
    panel.locator(".tb-q-check").click()
    expect(panel).to_have_attribute("data-verdict", "right")


def test_a_whole_match_is_played_at_its_table_bidding_its_own_contract(opener: helpers.PageOpener) -> None:
    page = opener(f"/en/play-bid-sevens/?seed={SEED}&pace=0", (1280, 800))
    table = helpers.ready_table(page, GAME)
    helpers.start_by_keyboard(page, table)
    expect(table).to_have_attribute("data-engine", "live", timeout=helpers.LIVE_TIMEOUT_MS)
    bids, decisions = [], 0
    while table.get_attribute("data-over") != "true":
        phase = helpers.wait_for_reader(page, table)
        if table.get_attribute("data-over") == "true":
            break
        offered = table.locator(".tbt-choice.tbt-bid")
        if phase != "hand-over" and offered.count():
            # The placard offers the game's own contracts by name; the reader bids the highest.
            labels = offered.all_text_contents()
            assert all(label.startswith("Bid ") and label.endswith(" tricks") for label in labels), labels
            before = int(table.locator(".tbt-log").get_attribute("data-lines") or 0)
            offered.last.click()
            bids.append(labels[-1])
            page.wait_for_function("([t, n]) => Number(t.querySelector('.tbt-log').dataset.lines) > n",
                                   arg=[table.element_handle(), before], timeout=30_000)
        else:
            helpers.one_decision(page, table)
        decisions += 1
        assert decisions < 400, "the match did not end"
    assert bids and set(bids) <= {"Bid Three tricks", "Bid Four tricks"}
    expect(table.locator(".tbt-end")).to_be_visible()


def test_the_practice_deals_a_question_of_the_game(opener: helpers.PageOpener) -> None:
    page = opener("/en/practice-bid-sevens/#seed=class7&q=0", (360, 740))
    drill = page.locator(".tb-practice-drill")
    expect(drill).to_be_visible()
    drill.locator(".tb-practice-start").click()
    expect(drill).to_have_attribute("data-number", "0", timeout=helpers.LIVE_TIMEOUT_MS)
    panel = drill.locator(".tb-question[data-kind='legal']")
    expect(panel).to_be_visible()
    assert panel.locator(".tb-q-choice").count() > 0
    # Its legal cards' hint is the page's, by the game's kind of rule; its score question's, its own.
    hint = drill.locator(".tb-practice-hint")
    hint.click()
    expect(drill.locator(".tb-practice-hint-text")).to_have_text(
        "Follow the suit led if you can; otherwise play any card.")
    page = opener("/en/practice-bid-sevens/#seed=class7&q=3", (360, 740))  # the drill's score question
    drill = page.locator(".tb-practice-drill")
    drill.locator(".tb-practice-start").click()
    expect(drill).to_have_attribute("data-number", "3", timeout=helpers.LIVE_TIMEOUT_MS)
    expect(drill.locator(".tb-question[data-kind='score']")).to_be_visible()
    hint = drill.locator(".tb-practice-hint")
    hint.click()
    expect(drill.locator(".tb-practice-hint-text")).to_have_text(
        "A seat scores a point a trick; the highest bidder scores its contract's bonus too when it takes as many "
        "tricks as the contract names.")


def test_the_page_add_game_started_from_the_class_has_its_table_and_its_practice(opener: helpers.PageOpener) -> None:
    page = opener(f"/en/{GAME}/#seed=class7&q=0", (1280, 800))
    expect(page.locator("h1")).to_contain_text("Bid sevens")
    table = helpers.ready_table(page, GAME)
    expect(table.locator(".tbt-start")).to_be_visible()
    expect(table.locator(".tbt-players option")).to_have_count(3)  # 3 to 5 players, from its class
    drill = page.locator(".tb-practice-drill")
    expect(drill).to_be_visible()
    drill.locator(".tb-practice-start").click()
    expect(drill).to_have_attribute("data-number", "0", timeout=helpers.LIVE_TIMEOUT_MS)
    expect(drill.locator(".tb-question[data-kind='legal']")).to_be_visible()
