"""Hostile input in the browser, tried as a reader or an attacker would: edited saves, a broken or
misdirected snapshot description, and page addresses that name no game.

- A saved match edited in storage (its seat, its bots' level) is dropped, with a notice that says
  its seal no longer matches; the other seat's hand is never shown.
- A saved match whose moves were cut short, added to or edited (a take-back) is dropped with the same
  notice: the moves are sealed with the rest.
- A saved match says what is wrong with it: moves the rules refuse, another version, unreadable.
- A snapshot.json that cannot be used (not JSON, not its shape, an HTTP error) gives one console
  warning and a normal boot; one naming a file on another origin is never fetched.
- The Verify page names an unknown game (``#game=__proto__``, ``constructor``…) instead of throwing;
  Hypothesis throws random addresses and form input at it (``TRICKBOOK_FUZZ_EXAMPLES``).
"""

from __future__ import annotations

import json
import os
from urllib.parse import quote

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from playwright.sync_api import expect

pytestmark = pytest.mark.browser

SEED = "0123456789abcdef" * 4
SAVE = "trickbook.table.{game}"
NOTICE = {
    "seal": "A saved match had been changed outside this page (its seal no longer matches) and was dropped.",
    "refused": "A saved match could not be resumed because the rules refuse one of its moves; it was dropped.",
    "version": "A saved match from another version of the site could not be resumed and was dropped.",
    "unreadable": "A saved match could not be read and was dropped.",
}
UNKNOWN_GAME = "This page does not know the game “{game}”: it deals {games}. Choose the game in the form."


def said(catalogs, lang: str, msgid: str) -> str:
    """``msgid`` as the page shows it in ``lang`` (the build's browser catalog)."""
    if lang == "en":
        return msgid
    text = catalogs[lang]["ui"].get(msgid)
    assert text, f"no {lang} translation of {msgid!r}"
    return text


def open_guarded(open_page, site_url, tb, path: str, size=(1280, 800)):
    context = open_page.context(viewport={"width": size[0], "height": size[1]})
    guard = open_page.guard(context)
    page = context.new_page()
    errors = open_page.page_errors(page)
    warnings: list[str] = []
    page.on("console", lambda msg: warnings.append(msg.text) if msg.type == "warning" else None)
    page.goto(f"{site_url}{path}")
    return context, guard, page, errors, warnings


# ----- saved matches ---------------------------------------------------------------------------
def start_match(page, tb, game: str):
    """A match at the gentle level, started by keyboard, with one decision taken (so a save exists)."""
    page.evaluate("() => localStorage.setItem('trickbook.table-settings', JSON.stringify({level: 'gentle'}))")
    page.reload()
    table = tb.ready_table(page, game)
    start = table.locator(".tbt-start")
    expect(start).to_be_visible()
    start.focus()
    page.keyboard.press("Enter")
    expect(table).to_have_attribute("data-engine", "live", timeout=tb.LIVE_TIMEOUT_MS)
    tb.one_decision(page, table)
    tb.wait_for_reader(page, table)
    return table


def saved(page, game: str) -> dict:
    text = page.evaluate("(key) => localStorage.getItem(key)", SAVE.format(game=game))
    assert text, "the match was not saved"
    return json.loads(text)


def put_saved(page, game: str, value) -> None:
    text = value if isinstance(value, str) else json.dumps(value)
    page.evaluate("([key, text]) => localStorage.setItem(key, text)", [SAVE.format(game=game), text])


def hand_shown(table) -> list[str]:
    return [c.get_attribute("data-card") for c in table.locator(".tbt-cards .tbt-card").all()]


def assert_dropped_with(page, table, catalogs, lang, problem, size) -> None:
    notice = table.locator(".tbt-notice")
    expect(notice).to_have_text(said(catalogs, lang, NOTICE[problem]), timeout=60_000)
    expect(table.locator(".tbt-start")).to_be_visible()
    assert page.evaluate("(key) => localStorage.getItem(key)",
                         SAVE.format(game=table.get_attribute("data-game"))) is None
    box = notice.bounding_box()
    assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= size[0] + 0.5, box


@pytest.mark.parametrize(("field", "value", "lang", "size"), [
    ("seat", "N", "en", (1280, 800)),
    ("seat", "N", "fr", (360, 740)),
    ("level", "strong", "pt", (1280, 800)),
])
def test_a_saved_match_edited_in_storage_is_dropped_and_no_other_seat_is_shown(
        open_page, site_url, tb, catalogs, field, value, lang, size):
    context, guard, page, errors, _ = open_guarded(open_page, site_url, tb, tb.table_url(lang, "euchre", pace=0), size)
    try:
        table = start_match(page, tb, "euchre")
        mine = hand_shown(table)
        match = saved(page, "euchre")
        assert match["seat"] == "S" and match[field] != value
        # The moves emptied too (the rules would refuse the reader's own moves at another seat): the edit
        # that matters is the one field, at the first deal.
        put_saved(page, "euchre", {**match, field: value, "moves": []})
        page.reload()
        table = page.locator("div.tb-table[data-game='euchre']")
        assert_dropped_with(page, table, catalogs, lang, "seal", size)
        assert table.get_attribute("data-engine") != "live"
        assert hand_shown(table) in ([], mine), "another seat's hand reached the page"
    finally:
        context.close()
    assert guard.refused == [] and errors == []


@pytest.mark.parametrize(("edit", "lang", "size"), [
    ("cut", "en", (1280, 800)),
    ("cut", "pt", (360, 740)),
    ("added", "fr", (1280, 800)),
    ("changed", "en", (360, 740)),
])
def test_a_saved_match_whose_moves_were_cut_or_edited_is_dropped_by_its_seal(
        open_page, site_url, tb, catalogs, edit, lang, size):
    context, guard, page, errors, _ = open_guarded(open_page, site_url, tb, tb.table_url(lang, "nap", pace=0), size)
    try:
        table = start_match(page, tb, "nap")
        tb.one_decision(page, table)
        tb.wait_for_reader(page, table)
        match = saved(page, "nap")
        moves = match["moves"]
        assert len(moves) >= 2 and match["moves_sealed"], match
        edited = {"cut": moves[:-1], "added": [*moves, "A bid banana"],
                  "changed": [*moves[:-1], moves[-1].rsplit(" ", 1)[0] + " pass"]}[edit]
        assert edited != moves
        put_saved(page, "nap", {**match, "moves": edited})
        page.reload()
        table = page.locator("div.tb-table[data-game='nap']")
        assert_dropped_with(page, table, catalogs, lang, "seal", size)
        assert table.get_attribute("data-engine") != "live"
    finally:
        context.close()
    assert guard.refused == [] and errors == []


def test_a_saved_match_whose_sealed_moves_the_rules_refuse_says_so(open_page, site_url, tb, catalogs):
    context, guard, page, errors, _ = open_guarded(open_page, site_url, tb, tb.table_url("en", "nap", pace=0))
    try:
        start_match(page, tb, "nap")
        match = saved(page, "nap")
        refused = {**match, "moves": [*match["moves"], "A bid banana"]}
        # Sealed as the page itself would (its own module, its own key): only the rules can refuse it.
        refused["moves_sealed"] = page.evaluate(
            """async (match) => (await import(new URL("/assets/widgets/play-table/sealed.js", location.href).href))
                 .sealMoves("nap", match)""", refused)
        put_saved(page, "nap", refused)
        page.reload()
        assert_dropped_with(page, page.locator("div.tb-table[data-game='nap']"), catalogs, "en", "refused", (1280, 800))
    finally:
        context.close()
    assert guard.refused == [] and errors == []


@pytest.mark.parametrize(("text", "problem", "lang"), [
    (json.dumps({"format": 1, "game": "nap", "moves": [], "version": "0.1.0+table3"}), "version", "fr"),
    (json.dumps({"game": "nap", "seed": "0" * 64, "moves": [], "version": "0.0.0+old"}), "version", "en"),
    ("{not json", "unreadable", "pt"),
    (json.dumps({"format": 2, "game": "nap", "moves": [], "version": "0.1.0+table4"}), "version", "pt"),
    (json.dumps({"format": 3, "game": "nap", "moves": "A pass", "version": "x"}), "unreadable", "en"),
])
def test_a_saved_match_from_another_version_or_unreadable_says_which(
        open_page, site_url, tb, catalogs, text, problem, lang):
    context, guard, page, errors, _ = open_guarded(open_page, site_url, tb, tb.table_url(lang, "nap", pace=0),
                                                   (360, 740))
    try:
        put_saved(page, "nap", text)
        page.reload()
        assert_dropped_with(page, page.locator("div.tb-table[data-game='nap']"), catalogs, lang, problem, (360, 740))
    finally:
        context.close()
    assert guard.refused == [] and errors == []


# ----- the snapshot ------------------------------------------------------------------------------
def live_widget(page, tb):
    fig = tb.wait_mounted(page)
    fig.locator(".tb-try").click()  # trying other cards needs the engine
    expect(fig).to_have_attribute("data-engine", "live", timeout=tb.LIVE_TIMEOUT_MS)


@pytest.mark.parametrize(("status", "body"), [
    (200, "{not json"),
    (200, json.dumps({"file": 5, "engine": "x", "pyodide": "y"})),
    (500, "server error"),
])
def test_a_snapshot_description_that_cannot_be_used_gives_one_warning_and_a_normal_boot(
        open_page, site_url, tb, status, body):
    context = open_page.context(None)
    guard = open_page.guard(context)
    context.route("**/assets/snapshot.json", lambda route: route.fulfill(
        status=status, content_type="application/json", body=body))
    page = context.new_page()
    errors = open_page.page_errors(page)
    warnings: list[str] = []
    page.on("console", lambda msg: warnings.append(msg.text) if msg.type == "warning" else None)
    try:
        page.goto(tb.hand_page_url(site_url, "en"))
        live_widget(page, tb)
        about = [w for w in warnings if "snapshot" in w]
        assert len(about) == 1 and "booting normally" in about[0], warnings
        assert [u for u in guard.seen if u.endswith(".whl")], "the normal boot did not fetch the engine wheel"
    finally:
        context.close()
    assert guard.refused == [] and errors == []


@pytest.mark.parametrize("file", ["https://example.com/snapshot.gz", "//localhost:9/x.gz"])
def test_the_worker_never_fetches_a_snapshot_from_another_origin(open_page, site_url, site_dir, tb, file):
    about = json.loads((site_dir / "assets" / "snapshot.json").read_text(encoding="utf-8"))
    context = open_page.context(None)
    guard = open_page.guard(context)
    seen: list[str] = []
    context.route("**/assets/snapshot.json", lambda route: route.fulfill(
        status=200, content_type="application/json", body=json.dumps({**about, "file": file})))
    # Whatever the worker asks of another origin, on 127.0.0.1 too (the guard lets those through).
    context.route("**://localhost:9/**", lambda route: (seen.append(route.request.url), route.abort()))
    page = context.new_page()
    warnings: list[str] = []
    page.on("console", lambda msg: warnings.append(msg.text) if msg.type == "warning" else None)
    try:
        page.goto(tb.hand_page_url(site_url, "en"))
        live_widget(page, tb)
        assert [w for w in warnings if "snapshot" in w and "not on this site" in w], warnings
    finally:
        context.close()
    assert guard.refused == [] and seen == [], "the worker asked another origin for the snapshot"


# ----- the verifier --------------------------------------------------------------------------------
@pytest.mark.parametrize(("game", "lang", "size"), [
    ("__proto__", "en", (1280, 800)), ("constructor", "fr", (360, 740)), ("toString", "pt", (360, 740)),
    ("hasOwnProperty", "en", (360, 740)), ("bridge", "fr", (1280, 800)),
])
def test_the_verify_page_names_a_game_it_does_not_know_instead_of_throwing(
        open_page, site_url, tb, catalogs, game, lang, size):
    context, guard, page, errors, _ = open_guarded(open_page, site_url, tb, f"/{lang}/verify/", size)
    try:
        page.goto(f"{site_url}/{lang}/verify/#game={game}&seed={SEED}&fingerprint={'0' * 64}&hands=2")
        verdict = page.locator(".tbv-verdict")
        expect(verdict).to_have_attribute("data-result", "unknown-game")
        template = said(catalogs, lang, UNKNOWN_GAME)
        assert verdict.inner_text().startswith(template.split("{game}")[0] + game)
        assert page.locator(".tbv-output table").count() == 0
        box = verdict.bounding_box()
        assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= size[0] + 0.5
        # The form still deals any game the reader picks.
        page.locator(".tb-verifier form select").first.select_option("nap")
        page.locator(".tbv-check").click()
        expect(verdict).to_have_attribute("data-result", "mismatch")
        assert page.locator(".tbv-output table.tbv-hand").count() == 2
    finally:
        context.close()
    assert guard.refused == [] and errors == [], errors


EXAMPLES = int(os.environ.get("TRICKBOOK_FUZZ_EXAMPLES", "10"))
FUZZ = settings(max_examples=EXAMPLES, deadline=None, derandomize=True, database=None,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
NAMES = st.sampled_from(["game", "fingerprint", "seats", "hands", "dealers", "you", "players", "__proto__"])
VALUES = (st.sampled_from(["nap", "euchre", "yorkshire", "trinidad", "__proto__", "constructor", "prototype", SEED,
                           "0" * 64, "ABCDEFG", "NESW", "-1", "1e9", "99999999", "NaN", "<img src=x onerror=alert(1)>"])
          | st.text(max_size=20))


@FUZZ
@given(data=st.data())
def test_random_addresses_and_form_input_never_break_the_verifier(open_page, site_url, tb, data):
    context, guard, page, errors, _ = open_guarded(open_page, site_url, tb, "/en/verify/")
    verdict = page.locator(".tbv-verdict")
    try:
        expect(verdict).to_be_attached()  # the verifier has mounted
        for n in range(3):
            if data.draw(st.booleans(), label="by address"):
                params = data.draw(st.lists(st.tuples(NAMES, VALUES), max_size=7), label="params")
                seed = data.draw(VALUES.filter(bool), label="seed")
                fragment = "&".join([f"seed={quote(seed)}", *(f"{quote(k)}={quote(v)}" for k, v in params), f"n={n}"])
            else:
                page.locator(".tb-verifier form select").first.select_option(
                    data.draw(st.sampled_from(["nap", "euchre", "yorkshire", "trinidad"]), label="game"))
                page.locator(".tbv-hex").first.fill(data.draw(VALUES, label="seed text"))
                page.locator(".tbv-hex").nth(1).fill(data.draw(VALUES, label="fingerprint text"))
                fragment = None
            page.evaluate("() => { document.querySelector('.tbv-verdict').dataset.result = 'waiting'; }")
            if fragment is None:
                page.locator(".tbv-check").click()
            else:
                page.evaluate("(hash) => { location.hash = hash; }", fragment)
            expect(verdict).not_to_have_attribute("data-result", "waiting", timeout=20_000)
            assert verdict.inner_text().strip()
            assert page.locator(".tb-verifier img").count() == 0
    finally:
        context.close()
    assert errors == [], errors
    assert guard.refused == []
