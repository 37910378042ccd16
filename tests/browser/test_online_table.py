"""The online table in chromium: four people at one Nap table, each in their own browser.

A real table server runs as a process of its own (tests/browser/online_server.py: the built site and
the table server's app on one origin, its SQLite store in a file, a grace of two seconds). Four
browser contexts join one table by its code: a host at 1280x800 in English, a phone at 360x740, a
reader in Portuguese and one in French. They play by mouse (the host and the phone) and by keyboard
(pt and fr). The French reader's link runs through a TCP proxy of the test's own, which cuts it:
past the grace a bot, marked as one, plays the seat, and the reader takes it back on returning.
The server is killed (SIGKILL) and started again mid-hand; every page carries on. At the end every
page shows the deal checked. Every frame each page received is read: no card that seat may not see.
"""

from __future__ import annotations

import json
import re
import signal
import socket
import subprocess
import sys
import threading
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Iterator

import pytest
from helpers import Said
from playwright.sync_api import expect

HERE = Path(__file__).parent
GRACE_MS = 2000
WAIT_MS = 60_000
CARD = re.compile(r"\b[2-9TJQKA][SHDC]\b")
# The browser's own report of a WebSocket (its address names the table) refused while the test had cut the
# link or stopped the server.
REFUSED_LINK = re.compile(r"^WebSocket connection to 'ws://127\.0\.0\.1:\d+/online/ws\?table=\w+' failed")

STATE = """(t) => ({busy: t.dataset.busy === 'true', turn: t.dataset.turn || '', phase: t.dataset.phase || '',
  current: t.dataset.current || '', hand: Number(t.dataset.handNumber || 0), over: t.dataset.over === 'true',
  lines: Number((t.querySelector('.tbt-log') || {dataset: {}}).dataset.lines || 0)})"""


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


class TableServer:
    """The table server process: started, killed with SIGKILL, started again on the same port and store."""

    def __init__(self, site: Path, db: Path) -> None:
        self.site, self.db, self.port = site, db, free_port()
        self.process: subprocess.Popen[str] | None = None
        self.extra: list[str] = []  # more arguments for online_server.py

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self) -> None:
        self.process = subprocess.Popen(
            [sys.executable, str(HERE / "online_server.py"), "--site", str(self.site), "--port", str(self.port),
             "--db", str(self.db), "--grace-ms", str(GRACE_MS), *self.extra],
            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
        # The server prints a line once its socket listens (a process start, not a page: no page state).
        Said(self.process.stdout, self.process).wait_for("listening", timeout=30)

    def kill(self) -> None:
        assert self.process is not None
        self.process.send_signal(signal.SIGKILL)
        self.process.wait(timeout=10)


class Proxy:
    """A TCP proxy on 127.0.0.1 in front of the server, whose links the test can cut and restore."""

    def __init__(self, target_port: int) -> None:
        self.target = target_port
        self.listener = socket.create_server(("127.0.0.1", 0))
        self.port = self.listener.getsockname()[1]
        self.up = True
        self.lock = threading.Lock()
        self.open: list[socket.socket] = []
        threading.Thread(target=self.accept, daemon=True).start()

    def accept(self) -> None:
        while True:
            try:
                client, _ = self.listener.accept()
            except OSError:
                return
            if not self.up:
                client.close()
                continue
            try:
                upstream = socket.create_connection(("127.0.0.1", self.target))
            except OSError:
                client.close()
                continue
            with self.lock:
                self.open += [client, upstream]
            for a, b in ((client, upstream), (upstream, client)):
                threading.Thread(target=self.pump, args=(a, b), daemon=True).start()

    def pump(self, source: socket.socket, sink: socket.socket) -> None:
        try:
            while data := source.recv(65536):
                sink.sendall(data)
        except OSError:
            pass
        for s in (source, sink):
            try:
                s.shutdown(socket.SHUT_RDWR)
            except OSError:
                pass

    def cut(self) -> None:
        self.up = False
        with self.lock:
            for s in self.open:
                try:
                    s.shutdown(socket.SHUT_RDWR)
                except OSError:
                    pass
                s.close()
            self.open = []

    def restore(self) -> None:
        self.up = True

    def close(self) -> None:
        self.cut()
        self.listener.close()


@dataclass
class Player:
    name: str
    lang: str
    mode: str  # "mouse" or "keys"
    context: Any
    page: Any
    guard: Any
    frames: list[dict[str, Any]] = field(default_factory=list)
    console: list[str] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    seat: str = ""

    @property
    def table(self) -> Any:
        return self.page.locator("div.tb-table[data-game='nap']")

    def state(self) -> dict[str, Any]:
        result: dict[str, Any] = self.table.evaluate(STATE)
        return result

    def wait(self, expression: str, arg: Any = None) -> None:
        self.page.wait_for_function(expression, arg=[self.table.element_handle(), arg], timeout=WAIT_MS)


@pytest.fixture
def table_server(site_dir: Path, tmp_path: Path) -> Iterator[TableServer]:
    server = TableServer(site_dir, tmp_path / "tables.sqlite")
    server.start()
    yield server
    if server.process is not None and server.process.poll() is None:
        server.process.terminate()
        server.process.wait(timeout=10)


def join_player(open_page: Any, name: str, lang: str, mode: str, viewport: dict[str, int]) -> Player:
    """One person's browser: a context of their own (``open_page``, whose guard and page errors are the
    player's), in their language, with the gentle bots."""
    context = open_page.context(viewport=viewport, locale={"en": "en-GB", "pt": "pt-PT", "fr": "fr-FR"}[lang],
                                reduced_motion="reduce", gentle=True)  # (axe measures colours as shown, never mid-fade)
    page = context.new_page()
    player = Player(name, lang, mode, context, page, open_page.guard(context), errors=open_page.page_errors(context))
    page.on("console", lambda m: player.console.append(m.text) if m.type == "error" else None)

    def on_socket(ws: Any) -> None:
        ws.on("framereceived", lambda payload: player.frames.append(json.loads(payload)))

    page.on("websocket", on_socket)
    return player


def scan(tb: Any, player: Player) -> list[str]:
    """axe-core on the player's page: its serious and critical violations. Its rule on a locked screen
    orientation reads the style sheets through copies in ``<style>`` elements of its own, which the page's
    policy refuses, and whose refusals reach the console at no fixed time: here that rule is left out,
    so that every refusal in the console is the page's own. (test_accessibility.py scans the play tables,
    whose sheets these are, with every rule.)"""
    found: list[str] = tb.violations(player.page, preload=False)
    return found


def sit(player: Player, seat: str) -> None:
    lobby = player.page.locator(".tbo-lobby")
    expect(lobby.locator(".tbo-sit").first).to_be_visible(timeout=WAIT_MS)
    lobby.locator(".tbo-name").fill(player.name)
    lobby.locator(f".tbo-sit[data-seat='{seat}']").click()
    row = lobby.locator(f".tbo-seats li[data-seat='{seat}']")
    expect(row).to_have_attribute("data-committed", "true", timeout=WAIT_MS)
    player.seat = seat


def decide(player: Player) -> None:
    """The player's decision: by mouse (lift then play a card, else a placard's first button) or by keyboard
    (S passes), as a reader of each kind makes it; then wait until the page has painted the server's answer."""
    table, page = player.table, player.page
    before = player.state()
    if player.mode == "mouse":
        if before["phase"] == "hand-over":
            table.locator(".tbt-next").click()
        elif (cards := table.locator(".tbt-cards .tbt-card[aria-disabled='false']")).count():
            card = cards.first.get_attribute("data-card")
            table.locator(f".tbt-card[data-card='{card}']").click()
            expect(table.locator(f".tbt-card[data-card='{card}']")).to_have_attribute("aria-pressed", "true")
            table.locator(f".tbt-card[data-card='{card}']").click()
        else:  # the placard's first offer: the lowest bid left (so that hands are played out), else pass
            table.locator(".tbt-choices button").first.click()
    else:
        focused = page.evaluate(
            "(t) => t.contains(document.activeElement) || document.activeElement.outerHTML.slice(0, 80)",
            table.element_handle())
        assert focused is True, f"{player.name}: the keyboard is not at the table but at {focused}"
        if before["phase"] == "hand-over":
            expect(table.locator(".tbt-next")).to_be_focused()
            page.keyboard.press("Enter")
        elif table.locator(".tbt-cards .tbt-card[aria-disabled='false']").count():
            expect(table.locator(".tbt-cards .tbt-card[aria-disabled='false']").first).to_be_focused()
            page.keyboard.press("Enter")
            page.keyboard.press("Enter")
        elif table.locator(".tbt-choice[aria-keyshortcuts='S']").count():
            page.keyboard.press("s")
        else:
            page.keyboard.press("Enter")
    player.wait("([t, n]) => t.dataset.busy !== 'true' && Number(t.querySelector('.tbt-log').dataset.lines) > n",
                before["lines"])


def play(players: list[Player], present: list[Player], until: Callable[[], bool], limit: int = 400) -> None:
    """Let whoever must decide decide, the bots and the server play theirs, until ``until()``."""
    by_seat = {p.seat: p for p in present}
    watcher = present[0]
    for _ in range(limit):
        if until():
            return
        watcher.wait("([t]) => t.dataset.busy !== 'true'")
        state = watcher.state()
        if state["over"]:
            return
        if state["phase"] == "hand-over":
            decide(watcher)
            continue
        actor = by_seat.get(state["current"])
        if actor is not None:
            actor.wait("([t]) => t.dataset.busy !== 'true' && t.dataset.turn === 'you'")
            decide(actor)
        else:  # a bot plays for a seat whose person is away: wait for its move
            watcher.wait("([t, c]) => t.dataset.busy !== 'true' && t.dataset.current !== c", state["current"])
    raise AssertionError("the match did not get there")


def cards_of(value: Any) -> set[str]:
    if isinstance(value, str):
        return set(CARD.findall(value))
    if isinstance(value, dict):
        return set().union(*(cards_of(v) for v in value.values())) if value else set()
    if isinstance(value, list):
        return set().union(*(cards_of(v) for v in value)) if value else set()
    return set()


def views_of(frame: dict[str, Any]) -> list[dict[str, Any]]:
    return [s["view"] for s in frame.get("steps") or []] + ([frame["view"]] if frame.get("view") else [])


def held(players: list[Player]) -> dict[tuple[str, int], set[str]]:
    """Each seat's cards in each hand, as its own views showed them."""
    out: dict[tuple[str, int], set[str]] = {}
    for p in players:
        for frame in p.frames:
            for view in views_of(frame):
                out.setdefault((p.seat, view["hand_number"]), set()).update(view["hand"])
    return out


def assert_no_hidden_card(players: list[Player]) -> None:
    """Every card in every frame a seat received is its own, or was already played face up for all to see."""
    hands = held(players)
    for (seat, number), cards in hands.items():
        for (other, n), theirs in hands.items():
            if n == number and other != seat:
                assert not cards & theirs, f"{seat} and {other} both shown {cards & theirs} in hand {number}"
    for p in players:
        public: set[str] = set()
        for frame in p.frames:
            views = views_of(frame)
            for view in views:
                public |= cards_of(view.get("trick")) | cards_of(view.get("last_trick"))
            # A card played is face up for everyone (Nap has no face-down move), also when its trick
            # ended the hand and the frame's last view is already the next hand's.
            for step in frame.get("steps") or []:
                public |= {e["values"]["card"] for e in step["events"] if e["code"] == "plays"}
            numbers = {v["hand_number"] for v in views}
            # The seat's own cards, of this hand and the ones before (the match's end lists every hand it was dealt).
            last = max(numbers) if numbers else max((n for (s, n) in hands if s == p.seat), default=0)
            own = set().union(*(c for (s, n), c in hands.items() if s == p.seat and n <= last))
            hidden = cards_of(frame) - own - public
            assert not hidden, f"{p.name} ({p.seat}) was sent {sorted(hidden)} in {json.dumps(frame)[:3000]}"


def test_four_people_play_one_table_through_a_dropped_link_and_a_server_restart_and_every_page_checks_the_deal(
        open_page: Any, tb: Any, table_server: TableServer, catalogs: dict[str, dict[str, Any]]) -> None:
    proxy = Proxy(table_server.port)
    players: list[Player] = []
    try:
        host = join_player(open_page, "Ann", "en", "mouse", {"width": 1280, "height": 800})
        phone = join_player(open_page, "Bea", "en", "mouse", {"width": 360, "height": 740})
        pt = join_player(open_page, "Rui", "pt", "keys", {"width": 1280, "height": 800})
        fr = join_player(open_page, "Zoé", "fr", "keys", {"width": 1280, "height": 800})
        players = [host, phone, pt, fr]

        # The host opens a table of Nap, four players, one round (each deals once), from the page's own choices.
        host.page.goto(f"{table_server.url}/en/play-nap/")
        expect(host.page.locator(".tbo-offer")).to_be_visible(timeout=WAIT_MS)
        host.page.locator(".tbt-players").select_option("4")
        host.page.locator(".tbt-rounds").select_option("1")
        host.page.locator(".tbt-timer-on").check()  # (unticked by default for a reader who asks for less motion)
        host.page.locator(".tbo-open").click()
        code_text = host.page.locator(".tbo-code-text")
        expect(code_text).to_have_text(re.compile(r"^[2-9a-z]{5}-[2-9a-z]{5}$"), timeout=WAIT_MS)
        grouped = code_text.inner_text()
        code = grouped.replace("-", "")
        qr_src = f"{table_server.url}/online/qr/{code}.svg?lang=en"
        expect(host.page.locator(".tbo-qr")).to_have_attribute("src", qr_src)
        assert host.page.locator(".tbo-link-text").input_value().endswith(f"/en/play-nap/#join={code}")
        # The QR code is the server's drawing of the join link: loaded, not a broken image.
        host.page.wait_for_function("() => { const qr = document.querySelector('.tbo-qr');"
                                    " return qr.complete && qr.naturalWidth > 0; }", timeout=WAIT_MS)
        sit(host, "A")

        # The phone types the code on its own play page; Portuguese comes by the link; French types a
        # wrong code first (the server's refusal, in French), then the right one with its dash.
        phone.page.goto(f"{table_server.url}/en/play-nap/")
        phone.page.locator(".tbo-code-input").fill(grouped)
        phone.page.locator(".tbo-join-button").click()
        sit(phone, "B")
        for locator in (phone.page.locator(".tbo-code-text"), phone.page.locator(".tbo-qr"),
                        phone.page.locator(".tbo-seats li[data-seat='B']")):
            locator.scroll_into_view_if_needed()
            box = locator.bounding_box()
            assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= 360, box
        pt.page.goto(f"{table_server.url}/pt/play-nap/#join={code}")
        sit(pt, "C")
        expect(pt.page.locator(".tbo-qr")).to_have_attribute("src", re.compile(r"\?lang=pt$"))
        fr.page.goto(f"http://127.0.0.1:{proxy.port}/fr/play-nap/")
        fr.page.locator(".tbo-code-input").fill("23456-78923" if code != "2345678923" else "98765-43229")
        fr.page.locator(".tbo-join-button").click()
        expect(fr.page.locator(".tbo-offer-status")).to_have_text(
            catalogs["fr"]["ui"]["There is no open table with this code. Check the code, or ask for a new link."],
            timeout=WAIT_MS)
        fr.page.locator(".tbo-code-input").fill(grouped.upper())
        fr.page.locator(".tbo-join-button").click()
        sit(fr, "D")
        expect(fr.page.locator(".tbo-lobby .tbo-title")).to_have_text(
            catalogs["fr"]["ui"]["Table {code}"].replace("{code}", grouped))
        # The lobby, full, as the host (code, QR, link, seats, Start) and a guest see it: no violation axe forbids.
        assert scan(tb, host) == [] and scan(tb, pt) == []

        start = host.page.locator(".tbo-start")
        expect(start).to_be_enabled(timeout=WAIT_MS)
        start.click()
        for p in players:
            expect(p.table).to_have_attribute("data-online", "playing", timeout=WAIT_MS)
            expect(p.table).to_have_attribute("data-engine", "live")
            expect(p.table.locator("p.tbt-you .tbt-person")).to_have_text(p.name)
        # The other seats are people, named and not marked as bots.
        expect(host.table.locator(".tbt-seat[data-seat='C']")).to_have_attribute("data-bot", "false")
        expect(host.table.locator(".tbt-seat[data-seat='C'] .tbt-person")).to_have_text("Rui")
        box = phone.table.locator(".tbt-hand").bounding_box()
        assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= 360, box
        # The time left is the server's deadline (20 s a decision), shown to the seat that decides.
        first = {p.seat: p for p in players}[host.state()["current"]]
        first.wait("([t]) => t.dataset.turn === 'you'")
        expect(first.table.locator(".tbt-timer")).to_have_attribute("data-left", re.compile(r"^(1?[0-9]|20)$"))

        assert scan(tb, phone) == []  # the table at a person's decision, on a phone

        # The first hand, by mouse and by keyboard.
        play(players, players, lambda: host.state()["hand"] >= 2)
        assert host.state()["hand"] == 2

        # A reload brings the phone back to its seat by the token it keeps, without sitting again.
        phone.page.reload()
        expect(phone.table).to_have_attribute("data-online", "playing", timeout=WAIT_MS)
        expect(phone.table.locator("p.tbt-you .tbt-person")).to_have_text("Bea")
        expect(phone.page.locator(".tbo-lobby")).to_be_hidden()

        # An explanation asked at the online table comes from the server, read in Portuguese.
        if pt.state()["current"] == "C":
            decide(pt)
        pt.table.locator("p.tbt-you .tbt-taken").click()
        said = pt.table.locator(".tbt-explain p[data-code]").first
        expect(said).to_be_visible(timeout=WAIT_MS)
        assert said.get_attribute("data-code") in catalogs["pt"]["engine"]["messages"]

        # The French reader's link is cut: a reconnecting state there; past the grace a bot plays D, marked.
        proxy.cut()
        expect(fr.table).to_have_attribute("data-online-link", "reconnecting", timeout=WAIT_MS)
        expect(fr.page.locator(".tbo-link-state")).to_have_text(
            catalogs["fr"]["ui"]["The link to the table dropped. Reconnecting…"])
        seat_d = host.table.locator(".tbt-seat[data-seat='D']")
        present = [host, phone, pt]
        frames_before = len(host.frames)

        def bot_played_d() -> bool:
            return any(s.get("seat") == "D" and s.get("bot") and s.get("away")
                       for f in host.frames[frames_before:] for s in f.get("steps") or [])

        play(players, present, bot_played_d)
        expect(seat_d).to_have_attribute("data-bot", "true")
        expect(seat_d.locator(".tbt-away")).to_be_visible()
        proxy.restore()
        expect(fr.table).to_have_attribute("data-online-link", "open", timeout=WAIT_MS)
        expect(fr.page.locator(".tbo-link-state")).to_be_hidden()
        expect(seat_d).to_have_attribute("data-bot", "false", timeout=WAIT_MS)
        expect(fr.table.locator("p.tbt-you .tbt-bot")).to_have_count(0)

        # Mid-hand, the server is killed and started again: every page reconnects and plays on.
        play(players, players, lambda: host.state()["phase"] == "play" and host.state()["hand"] >= 3)
        before = host.state()
        assert not before["over"] and before["phase"] == "play", before
        table_server.kill()
        for p in players:
            expect(p.table).to_have_attribute("data-online-link", "reconnecting", timeout=WAIT_MS)
        table_server.start()
        for p in players:
            expect(p.table).to_have_attribute("data-online-link", "open", timeout=WAIT_MS)
            expect(p.table).to_have_attribute("data-hand-number", str(before["hand"]))
        play(players, players, lambda: all(p.state()["over"] for p in players), limit=600)

        for p in players:
            verdict = p.page.locator(".tbo-check")
            expect(verdict).to_have_attribute("data-check", "ok", timeout=WAIT_MS)
            expect(verdict.locator("li[data-ok='true']")).to_have_count(5)
            verdict.scroll_into_view_if_needed()
            box = verdict.bounding_box()
            width = p.page.viewport_size["width"]
            assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= width, box
        expect(pt.page.locator(".tbo-check h3")).to_have_text(catalogs["pt"]["ui"]["The deal is checked"])
        expect(fr.page.locator(".tbo-check h3")).to_have_text(catalogs["fr"]["ui"]["The deal is checked"])
        assert scan(tb, fr) == []  # the match's end, with the deal checked

        assert_no_hidden_card(players)
        for p in players:
            # Hover, focus and the presses asked their questions within the server's budget: no frame
            # of a move or a question was refused for coming too fast.
            limited = [f for f in p.frames if f.get("type") == "error" and f["error"]["code"] == "rate-limited"]
            assert limited == [], f"{p.name}: frames refused as too many: {limited}"
            assert p.guard.refused == [], f"{p.name}: requests left 127.0.0.1: {p.guard.refused}"
            assert p.errors == [], f"{p.name}: uncaught errors: {p.errors}"
            console = [text for text in p.console if not REFUSED_LINK.match(text)]
            assert console == [], f"{p.name}: console errors: {console}"
    finally:
        proxy.close()
        for p in players:
            p.context.close()
