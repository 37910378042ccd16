"""A worked hand's question never shows its answer before the reader answers: for every question of
every record (docs/hands/**), while it waits, neither the board, nor the bar, nor the live region, nor
the printed hand shows its answer; revealed, the step shows it all again. Each record is read in one of
the three languages in turn, on a phone or at a desk; the runtime is refused (the answers are the page's
own data), except where the live engine's marking of the cards is the answer (a "legal" question).
"""

from __future__ import annotations

import json
import re
import tomllib
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import expect

from trickbook.trace import expand_compact

pytestmark = pytest.mark.browser

PHONE = {"width": 360, "height": 740}
DESKTOP = {"width": 1280, "height": 800}
HANDS = Path(__file__).resolve().parents[2] / "docs" / "hands"
ASKED = sorted(path.name.removesuffix(".hand.toml") for path in HANDS.rglob("*.hand.toml")
               if tomllib.loads(path.read_text(encoding="utf-8")).get("questions"))
TAKEN = re.compile(r"^trick-won")


def test_the_records_ask_every_kind() -> None:
    kinds = {q["kind"] for path in HANDS.rglob("*.hand.toml")
             for q in tomllib.loads(path.read_text(encoding="utf-8")).get("questions", [])}
    assert kinds == {"legal", "winner", "play", "score"}, kinds
    assert len(ASKED) >= 7, ASKED


def ui(catalogs: dict, lang: str, msgid: str) -> str:
    return catalogs[lang]["ui"].get(msgid) or msgid


def page_of(site_dir: Path, lang: str, hand: str) -> tuple[str, dict[str, Any]]:
    """The first page of the language that shows the hand, and the hand's data file there."""
    for page in sorted((site_dir / lang).rglob("index.html")):
        if "/embed/" in page.as_posix():
            continue
        html = page.read_text(encoding="utf-8")
        found = re.search(rf'data-hand-id="{re.escape(hand)}"[^>]*data-src="([^"]+)"', html)
        if found:
            data = json.loads((page.parent / found.group(1)).read_text(encoding="utf-8"))
            return "/" + page.parent.relative_to(site_dir).as_posix() + "/", data
    raise AssertionError(f"no {lang} page shows {hand}")


def numbers(text: str) -> list[int]:
    return [int(n.replace("\u2212", "-")) for n in re.findall(r"[\u2212-]?\d+", text)]


def taken(view: dict[str, Any], seat: str) -> int:
    return sum(1 for trick in view.get("tricks") or [] if trick.get("winner") == seat)


def facts_terms(fig: Any) -> list[str]:
    return fig.locator(".tb-facts dt").all_inner_texts()


def score_shown(fig: Any, catalogs: dict, lang: str) -> str | None:
    label = ui(catalogs, lang, "Score")
    for row in fig.locator(".tb-facts > div").all():
        if row.locator("dt").inner_text().strip() == label:
            return str(row.locator("dd").inner_text())
    return None


def live_text(fig: Any) -> str:
    """What the figure's live regions say (the narration, the messages)."""
    return " ".join(fig.locator("[aria-live]").all_text_contents())


def on_screen(page: Any, locator: Any) -> None:
    locator.scroll_into_view_if_needed()
    box = locator.bounding_box()
    size = page.viewport_size
    assert box is not None and box["width"] > 0 and box["height"] > 0, box
    assert box["x"] >= -1 and box["x"] + box["width"] <= size["width"] + 1, (box, size)
    assert box["y"] >= -1 and box["y"] < size["height"], (box, size)


def assert_print_withholds(page: Any, fig: Any, key: dict[str, Any], steps: list[dict[str, Any]],
                           count: int) -> None:
    """On paper: the questions print with the hand, and nothing in its tables answers this one."""
    step, kind = key["step"], key["kind"]
    page.emulate_media(media="print")
    try:
        expect(fig.locator(".tb-player")).to_be_hidden()
        expect(fig.locator(".tb-questions-print")).to_be_visible()
        expect(fig.locator(".tb-questions-print li")).to_have_count(count)
        expect(fig.locator(f".tb-narration li[data-step='{step}']")).to_be_hidden()
        if kind in ("winner", "score"):
            for part in (".tb-scoring", ".tb-tricks-won"):
                if fig.locator(part).count():
                    expect(fig.locator(part)).to_be_hidden()
        if kind == "winner":
            number = next(e["values"]["trick"] for e in steps[step]["events"] if TAKEN.match(e["code"]))
            row = fig.locator(".tb-trick-table tbody tr").nth(number - 1)
            expect(row.locator("td.tb-winner")).to_be_hidden()
            expect(row.locator("th")).to_be_visible()  # the trick is printed, its winner left blank
        if kind == "play":
            card = steps[step + 1]["action"].split()[-1]
            cell = fig.locator(f".tb-trick-table td:has([data-card='{card}'])")
            expect(cell).to_have_count(1)
            expect(cell).to_be_hidden()
        expect(page.locator(".tb-answers-print-all")).to_be_visible()
    finally:
        page.emulate_media(media="screen")


def assert_waiting(page: Any, fig: Any, key: dict[str, Any], steps: list[dict[str, Any]], data: dict[str, Any],
                   catalogs: dict, lang: str) -> None:
    step, kind = key["step"], key["kind"]
    view, before = steps[step]["view"], steps[step - 1]["view"]
    kinds = {k["kind"] for k in data["questions"] if k["step"] == step}
    panel = fig.locator(f".tb-question[data-kind='{kind}']")
    expect(panel).to_be_visible()
    on_screen(page, panel.locator(".tb-q-text"))
    expect(fig).to_have_class(re.compile(r"\btb-q-pending\b"))
    note = data["notes"].get(str(step))
    if note:
        assert note not in live_text(fig)  # the author's explanation waits with the question
        expect(fig.locator(".tb-step-narration .tb-note")).to_have_count(0)
    shown = fig.locator(".tb-step-narration .tb-event[data-code]").evaluate_all("(es) => es.map((e) => e.dataset.code)")
    codes = [e["code"] for e in steps[step]["events"]]
    if kind == "winner":
        expect(fig.locator(".tb-winning")).to_have_count(0)
        expect(fig.locator(".tb-to-play")).to_have_count(0)
        expect(fig.locator(".tb-badge", has_text=ui(catalogs, lang, "to play"))).to_have_count(0)
        expect(fig.locator(".tb-bar-trick .tb-trick")).to_have_attribute("data-winner", "")
        expect(fig.locator(".tb-trick-outcome")).to_be_hidden()
        assert not any(TAKEN.match(c) for c in shown), shown
        assert shown == codes[:next(i for i, c in enumerate(codes) if TAKEN.match(c))]
        for seat in view["seats"]:
            text = fig.locator(f".tb-seat[data-seat='{seat}'] .tb-taken").inner_text()
            assert numbers(text) == [taken(before, seat)], (seat, text)
        if "score" in kinds:
            assert score_shown(fig, catalogs, lang) is None
        elif before.get("score"):
            assert numbers(score_shown(fig, catalogs, lang) or "") == list(before["score"].values())
    if kind == "score":
        assert score_shown(fig, catalogs, lang) is None, facts_terms(fig)
        last = -2 if "winner" in kinds else max((i for i, c in enumerate(codes) if TAKEN.match(c)), default=-1)
        if last != -2:  # a winner question at the same step withholds more (above)
            assert shown == (codes[:last + 1] if last >= 0 else [c for c in codes if c in ("plays", "leads")]), shown
    if kind == "legal":
        expect(fig.locator(".tb-board .tb-legal, .tb-board .tb-illegal")).to_have_count(0)
    if kind == "play":
        card = steps[step + 1]["action"].split()[-1]
        expect(fig.locator(f".tb-bar-trick [data-card='{card}']")).to_have_count(0)
        assert shown == codes


def assert_shown(fig: Any, key: dict[str, Any], steps: list[dict[str, Any]], data: dict[str, Any],
                 catalogs: dict, lang: str) -> None:
    """Revealed: the step shows what it withheld."""
    step, kind = key["step"], key["kind"]
    view = steps[step]["view"]
    expect(fig.locator(f".tb-question[data-kind='{kind}']")).to_have_attribute("data-verdict", "revealed")
    if fig.locator(".tb-question:not([data-verdict])").count():
        return  # another question of the step still waits
    if data["notes"].get(str(step)):
        expect(fig.locator(".tb-step-narration .tb-note")).to_have_count(1)
    shown = fig.locator(".tb-step-narration .tb-event[data-code]").evaluate_all("(es) => es.map((e) => e.dataset.code)")
    assert shown == [e["code"] for e in steps[step]["events"]]
    if kind == "winner":
        expect(fig.locator(f".tb-bar-trick .tb-winning[data-seat='{key['accepted'][0]}']")).to_have_count(1)
        if view.get("current"):
            expect(fig.locator(f".tb-seat.tb-to-play[data-seat='{view['current']}']")).to_have_count(1)
    if kind == "score" and view.get("score"):
        assert numbers(score_shown(fig, catalogs, lang) or "") == list(view["score"].values())


# Each record in one language and at one size, taken in turn, so that the three languages and both sizes
# are each read over several games: what is withheld does not depend on the language.
READINGS = [("en", PHONE), ("fr", DESKTOP), ("pt", PHONE)]
CASES = [(hand, *READINGS[i % len(READINGS)]) for i, hand in enumerate(ASKED)]


def test_every_language_and_size_reads_the_questions_of_more_than_one_game() -> None:
    for lang, size in READINGS:
        games = {hand.split("-")[0] for hand, lang_, size_ in CASES if (lang_, size_) == (lang, size)}
        assert len(games) >= 2, (lang, games)


@pytest.mark.parametrize(("hand", "lang", "size"), CASES, ids=[f"{h}-{lang}" for h, lang, _ in CASES])
def test_a_waiting_question_shows_no_answer(
        open_page: Any,
        site_url: str,
        site_dir: Path,
        catalogs: dict,
        tb: Any,
        hand: str,
        lang: str,
        size: dict[str, int]) -> None:
    page = open_page(None, gentle=False, viewport=size)
    context = page.context
    tb.block_runtime(context)
    path, data = page_of(site_dir, lang, hand)
    steps = expand_compact(data["replay"])
    keys = data["questions"]
    for key in keys:
        page.goto(f"{site_url}{path}#{hand}={key['step']}")
        fig = page.locator(f'figure.tb-hand[data-hand-id="{hand}"]')
        fig.locator(".tb-player").wait_for()
        expect(fig).to_have_attribute("data-step", str(key["step"]))
        assert_waiting(page, fig, key, steps, data, catalogs, lang)
        assert_print_withholds(page, fig, key, steps, len(keys))
        fig.locator(f".tb-question[data-kind='{key['kind']}'] .tb-q-reveal").click()
        assert_shown(fig, key, steps, data, catalogs, lang)
        page.goto("about:blank")  # the next question's step is a new page, as a deep link opens it


@pytest.mark.parametrize(("lang", "size"), [("en", DESKTOP), ("fr", PHONE)])
def test_a_legal_question_leaves_the_live_cards_unmarked(
        open_page: Any, site_url: str, tb: Any, lang: str, size: dict[str, int]) -> None:
    """With the engine running, the cards of the seat to play are marked allowed or not: that is the
    answer to "which cards may B play?", so they are plain cards until it is given."""
    page = open_page(None, gentle=False, viewport=size)
    page.goto(f"{site_url}/{lang}/nap/#nap-four-hearts=13")
    fig = page.locator('figure.tb-hand[data-hand-id="nap-four-hearts"]')
    fig.locator(".tb-player").wait_for()
    fig.locator(".tb-try").click()
    expect(fig).to_have_attribute("data-engine", "live", timeout=tb.LIVE_TIMEOUT_MS)
    seat = fig.locator(".tb-seat[data-seat='B']")
    expect(seat.locator(".tb-card")).to_have_count(3)
    expect(fig.locator(".tb-board .tb-legal, .tb-board .tb-illegal, .tb-board button.tb-card")).to_have_count(0)
    on_screen(page, fig.locator(".tb-question[data-kind='legal'] .tb-q-text"))
    fig.locator(".tb-question[data-kind='legal'] .tb-q-reveal").click()
    expect(seat.locator("button.tb-card.tb-legal")).to_have_count(3)
    on_screen(page, seat.locator("button.tb-card").first)
