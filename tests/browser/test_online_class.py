"""A class at the online table in chromium: two Euchre tables with the same deals, four students (a phone,
Portuguese and French readers among them), the teacher's page and the projector's.

The table server runs as its own process (online_server.py, as for the online table's test). The class
is opened as "Open a class" opens it (``POST /online/classes``). Each student opens the class's link,
chooses a table and a seat on the page, and plays by mouse or by keyboard; the teacher starts the class,
then, once a student is to play a card, asks every table "which cards may you play?". The students answer
on their pages, the spread shows on the teacher's and the projector's pages, and each student reads
their verdict. No card a page may not see reaches a student's or the projector's page, and no request
leaves 127.0.0.1.
"""

from __future__ import annotations

import json
import re
import urllib.request
from typing import Any, Iterator

import pytest
from browser.test_online_table import WAIT_MS, Player, TableServer, cards_of, decide, join_player, scan, sit
from playwright.sync_api import expect
from test_online_class import _costly_card

from trickbook.record import parse_record, replay
from trickbook_site.online.room import Room
from trickbook_site.online.store import Store

pytestmark = pytest.mark.browser

class Student(Player):
    @property
    def table(self) -> Any:
        return self.page.locator("div.tb-table[data-game='euchre']")


# Each student's share of the seed, fixed (the page draws it with crypto.getRandomValues), so that with the
# server's secrets fixed too (online_server.py --secrets) the class is dealt the same cards on every run.
FIXED_SHARE = """(() => {
  const bytes = new TextEncoder().encode(%s.padEnd(32, "#"));
  const draw = crypto.getRandomValues.bind(crypto);
  crypto.getRandomValues = (array) => {
    if (array instanceof Uint8Array && array.length === 32) { array.set(bytes.slice(0, 32)); return array; }
    return draw(array);
  };
})();"""

PHONE = {"width": 360, "height": 740}
DESK = {"width": 1280, "height": 800}


def open_class(url: str) -> dict[str, Any]:
    terms = {"game": "euchre", "tables": 2, "duplicate": True, "timers": False, "level": "gentle"}
    request = urllib.request.Request(url + "/online/classes", method="POST", data=json.dumps(terms).encode(),
                                     headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=10) as answer:
        found: dict[str, Any] = json.loads(answer.read())
    assert found["ok"], found
    return found


def watcher(open_page: Any, url: str, viewport: dict[str, int]) -> Any:
    context = open_page.context(viewport=viewport, locale="en-GB", reduced_motion="reduce")  # axe: colours as shown
    guard = open_page.guard(context)
    page = context.new_page()
    frames: list[dict[str, Any]] = []
    errors = open_page.page_errors(context)
    page.on("websocket", lambda ws: ws.on("framereceived", lambda payload: frames.append(json.loads(payload))))
    page.goto(url)
    return page, guard, frames, errors


@pytest.fixture
def class_server(site_dir: Any, tmp_path: Any) -> Iterator[TableServer]:
    server = TableServer(site_dir, tmp_path / "tables.sqlite")
    server.extra = ["--secrets", "a class in chromium"]
    server.start()
    yield server
    if server.process is not None and server.process.poll() is None:
        server.process.terminate()
        server.process.wait(timeout=10)


def room_now(db: Any, code: str) -> Room:
    """The table as the server has stored it (the journal is committed before any page hears of a move)."""
    store = Store(db)
    try:
        loaded = store.load(code)
        assert loaded is not None
        return Room.from_data(code, loaded[0], loaded[1], loaded[2], 0)
    finally:
        store.close()


def to_card_play(table_players: list[Player]) -> Player:
    """Let the students of one table decide until one of them is to play a card; that student."""
    by_seat = {p.seat: p for p in table_players}
    first = table_players[0]
    for _ in range(60):
        first.wait("([t]) => t.dataset.busy !== 'true'")
        state = first.state()
        actor = by_seat.get(state["current"])
        if actor is not None and state["phase"] == "play":
            actor.wait("([t]) => t.dataset.busy !== 'true' && t.dataset.turn === 'you'")
            return actor
        if state["phase"] == "hand-over":
            decide(first)
        elif actor is not None:
            actor.wait("([t]) => t.dataset.busy !== 'true' && t.dataset.turn === 'you'")
            decide(actor)
        else:
            first.wait("([t, c]) => t.dataset.busy !== 'true' && t.dataset.current !== c", state["current"])
    raise AssertionError("nobody of this table came to play a card")


def test_a_class_of_two_tables_plays_the_same_deal_the_teacher_asks_and_the_answers_spread(
        open_page: Any, tb: Any, class_server: TableServer) -> None:
    url = class_server.url
    opened = open_class(url)
    code = opened["code"]
    teacher, teacher_guard, _, teacher_errors = watcher(
        open_page, f"{url}/en/class/#class={code}&teacher={opened['teacher']}&projector={opened['projector']}", DESK)
    projector, projector_guard, projector_frames, projector_errors = watcher(
        open_page, f"{url}/fr/class/#class={code}&projector={opened['projector']}", DESK)
    expect(teacher.locator(".tb-class")).to_have_attribute("data-class", "seating", timeout=WAIT_MS)
    expect(projector.locator(".tbc-qr")).to_be_visible(timeout=WAIT_MS)
    assert projector.locator(".tbc-code").inner_text().startswith("Classe ")

    plan = [("Ana", "en", "mouse", PHONE, 0, "N"), ("Bruno", "pt", "keyboard", DESK, 0, "S"),
            ("Chloé", "fr", "keyboard", PHONE, 1, "N"), ("Dev", "en", "mouse", DESK, 1, "S")]
    students: list[tuple[Player, int]] = []
    for name, lang, mode, viewport, table, seat in plan:
        p = join_player(open_page, name, lang, mode, viewport)
        p.__class__ = Student
        p.context.add_init_script(FIXED_SHARE % json.dumps(name))
        path = "" if lang == "en" else f"{lang}/"
        p.page.goto(f"{url}/{path or 'en/'}play-euchre/#class={code}")
        join = p.page.locator(f".tbc-join[data-table='{table}']")
        expect(join).to_be_enabled(timeout=WAIT_MS)
        box = join.bounding_box()
        assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= viewport["width"]
        if mode == "keyboard":
            join.focus()
            p.page.keyboard.press("Enter")
        else:
            join.click()
        sit(p, seat)
        students.append((p, table))

    teacher.locator(".tbc-begin").click()
    for p, _table in students:
        p.wait("([t]) => t.dataset.busy !== 'true' && Number(t.dataset.handNumber || 0) >= 1")
    # Duplicate deals: both tables are dealt the same first hand (the teacher's page shows every hand).
    expect(teacher.locator(".tbc-table[data-table='1'] .tbc-hand").first).to_be_visible(timeout=WAIT_MS)
    hands = [teacher.locator(f".tbc-table[data-table='{i}'] .tbc-hand").all_inner_texts() for i in (0, 1)]
    assert hands[0] == hands[1] and all(hands[0])

    asked = [to_card_play([p for p, t in students if t == i]) for i in (0, 1)]
    teacher.locator(".tbc-ask-legal").click()
    expect(teacher.locator(".tb-class")).to_have_attribute("data-ask", "open", timeout=WAIT_MS)
    expect(teacher.locator(".tb-class")).to_have_attribute("data-paused", "true")
    for n, student in enumerate(asked):
        panel = student.page.locator(".tbc-question")
        expect(panel).to_have_attribute("data-class-question", "open", timeout=WAIT_MS)
        title = panel.locator("h3")
        box = title.bounding_box()
        viewport = student.page.viewport_size
        assert box is not None and viewport is not None and 0 <= box["y"] < viewport["height"], box
        choices = panel.locator(".tbc-choice")
        if n == 0:  # the right answer: every card the table would let this student play
            legal = student.table.locator(".tbt-cards .tbt-card[aria-disabled='false']").evaluate_all(
                "(cards) => cards.map((c) => c.dataset.card)")
            for card in legal:
                panel.locator(f".tbc-choice[data-card='{card}']").click()
        else:  # a wrong one: every card held, when one may not be played; else none
            for i in range(choices.count()):
                choices.nth(i).click()
        if student.mode == "keyboard":
            panel.locator(".tbc-answer").focus()
            student.page.keyboard.press("Enter")
        else:
            panel.locator(".tbc-answer").click()
        expect(panel).to_have_attribute("data-class-question", "sent", timeout=WAIT_MS)
    expect(teacher.locator(".tbc-spread")).to_contain_text("0 waiting", timeout=WAIT_MS)
    expect(projector.locator(".tbc-spread")).to_contain_text("0 attendues", timeout=WAIT_MS)
    # axe on the teacher's page and the projector's with the question open, and on a phone's question panel.
    assert tb.violations(teacher) == []
    assert tb.violations(projector) == []
    assert scan(tb, asked[0]) == []
    teacher.locator(".tbc-settle").click()
    verdicts = []
    for student in asked:
        panel = student.page.locator(".tbc-question")
        expect(panel).not_to_have_attribute("data-class-question", "sent", timeout=WAIT_MS)
        verdicts.append(panel.get_attribute("data-class-question"))
    assert verdicts[0] == "right"
    teacher.locator(".tbc-pause").click()  # resume every table
    expect(teacher.locator(".tb-class")).to_have_attribute("data-paused", "false", timeout=WAIT_MS)
    for student in asked:
        close = student.page.locator(".tbc-question .tbc-close")
        if student.mode == "keyboard":
            close.focus()
            student.page.keyboard.press("Enter")
        else:
            close.click()

    # Table 1's students play on; at table 0, when a student holds a card that the look-ahead (run here, on
    # the table as the server stored it) proves loses the contract, the student plays it. Once the hand is
    # over, the teacher's page marks that very play.
    table0 = [p for p, t in students if t == 0]
    by_seat = {p.seat: p for p in table0}
    code0 = opened["tables"][0]
    arranged = None
    for _ in range(40):
        first = table0[0]
        first.wait("([t]) => t.dataset.busy !== 'true'")
        state = first.state()
        if state["phase"] == "hand-over":
            break
        actor = by_seat.get(state["current"])
        if actor is None:
            first.wait("([t, c]) => t.dataset.busy !== 'true' && t.dataset.current !== c", state["current"])
            continue
        actor.wait("([t]) => t.dataset.busy !== 'true' && t.dataset.turn === 'you'")
        costly = _costly_card(room_now(class_server.db, code0).table) if state["phase"] == "play" else None
        if costly is not None and arranged is None:
            arranged = costly
            card = actor.table.locator(f".tbt-cards .tbt-card[data-card='{costly[1]}']")
            before = actor.state()["lines"]
            card.click()
            card.click()
            actor.wait("([t, n]) => t.dataset.busy !== 'true' && Number(t.querySelector('.tbt-log').dataset.lines) > n",
                       before)
        else:
            decide(actor)
    assert arranged is not None, "no student of table 0 held a card that loses the contract (the deal is fixed)"
    seat, card = arranged
    mark = teacher.locator(f".tbc-table[data-table='0'] .tbc-mark[data-seat='{seat}'][data-card='{card}']")
    expect(mark).to_be_visible(timeout=WAIT_MS)
    expect(teacher.locator(".tbc-compare-hand[data-hand='1'] tr[data-table='0']")).to_be_visible()

    # "What would you play?", with the goal of taking the trick: asked where the rule tells the cards apart.
    decide(table0[0])  # the next hand
    for _attempt in range(8):
        actors = {i: to_card_play([p for p, t in students if t == i]) for i in (0, 1)}
        teacher.locator(".tbc-ask-play").click()
        expect(teacher.locator(".tb-class")).to_have_attribute("data-ask", "open", timeout=WAIT_MS)
        rows = teacher.locator(".tbc-answers li[data-state='waiting']")
        expect(teacher.locator(".tbc-answers li").first).to_be_visible(timeout=WAIT_MS)
        tables = [int(t) for t in rows.evaluate_all("(rows) => rows.map((r) => r.dataset.table)")]
        if tables:
            break
        teacher.locator(".tbc-pause").click()  # nothing to ask here: resume, and one more decision each
        expect(teacher.locator(".tb-class")).to_have_attribute("data-paused", "false", timeout=WAIT_MS)
        for i in (0, 1):
            decide(actors[i])
    else:
        raise AssertionError("no position of the fixed deal asked what to play")
    for i in tables:
        panel = actors[i].page.locator(".tbc-question")
        expect(panel).to_have_attribute("data-class-question", "open", timeout=WAIT_MS)
        panel.locator(".tbc-choice").first.click()
        panel.locator(".tbc-answer").click()
        expect(panel).to_have_attribute("data-class-question", "sent", timeout=WAIT_MS)
    expect(projector.locator(".tbc-spread")).to_contain_text("0 attendues", timeout=WAIT_MS)
    teacher.locator(".tbc-settle").click()
    for i in tables:
        verdict = actors[i].page.locator(".tbc-question")
        expect(verdict).to_have_attribute("data-class-question", re.compile("right|wrong"), timeout=WAIT_MS)

    # The results, downloaded from the teacher's page: each table's match, and its finished hands as hand records
    # that replay as worked hands.
    with teacher.expect_download() as download:
        teacher.locator(".tbc-download").click()
    results = json.loads(download.value.path().read_text(encoding="utf-8"))
    assert results["class"] == code and [t["table"] for t in results["tables"]] == [1, 2]
    finished = results["tables"][0]["hands"]
    assert finished, "table 0 finished its first hand"
    record = parse_record(finished[0])
    assert record.game == "euchre" and replay(record).state.history

    # No hidden card reached the projector: every card it was sent had been played (or was the upcard,
    # or a bower named once trumps were made), as every student's page saw it.
    def views(frames: list[dict[str, Any]]) -> list[dict[str, Any]]:
        return [v for f in frames if f["type"] in ("update", "snapshot")
                for v in [s["view"] for s in f.get("steps") or []] + [f["view"]]]

    public: set[str] = set()
    for p, _table in students:
        for view in views(p.frames):
            if True:
                public |= cards_of(view.get("trick")) | cards_of(view.get("last_trick")) | cards_of(view.get("upcard"))
                public |= cards_of(view.get("bowers"))
    sent = set().union(*(cards_of(f) for f in projector_frames))
    assert sent <= public, sorted(sent - public)
    for p, _table in students:
        mine = set().union(*(cards_of(v.get("hand")) for v in views(p.frames)))
        assert set().union(*(cards_of(f) for f in p.frames)) <= mine | public
        assert not p.errors, p.errors
        assert p.guard.refused == [], f"{p.name}: requests left 127.0.0.1: {p.guard.refused}"
    assert not teacher_errors and not projector_errors
    assert teacher_guard.refused == [] and projector_guard.refused == []
