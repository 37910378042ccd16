"""A Nap session in the browser: the reader chooses its length, each deal says which of how many
it is, a reload resumes it, the end shows every player's final balance and "Verify this match"
covers every deal; and while it is on, the seed is nowhere in the page's storage.

Played in English at 1280x800 and in Portuguese at 360x740, three players, two rounds: six
deals, each player dealing twice, the deal passing to the next seat. The bots answer at once.
"""

from __future__ import annotations

import hashlib
import json
from urllib.parse import parse_qs, urlsplit

import pytest
from browser import helpers
from playwright.sync_api import expect

pytestmark = pytest.mark.browser

START = {"en": "Start a match", "pt": "Começar uma partida"}
DEAL = {"en": "Deal {n} of 6", "pt": "Mão {n} de 6"}
ROUNDS_OPTION = {"en": "2 rounds: each player deals 2 times", "pt": "2 voltas: cada jogador dá as cartas 2 vezes"}
FINAL = {"en": "Final balances after 6 deals", "pt": "Saldos finais após 6 mãos"}
SESSIONS = [("en", (1280, 800)), ("pt", (360, 740))]

# Everything the page keeps in storage: localStorage, sessionStorage and the IndexedDB key store
# (a CryptoKey there shows as an object without its bytes; its algorithm and usages are listed).
STORAGE = """async () => {
  const dump = (s) => Object.fromEntries(Object.keys(s).map((k) => [k, s.getItem(k)]));
  const keys = await new Promise((resolve) => {
    const open = indexedDB.open("trickbook-table");
    open.onerror = () => resolve(null);
    open.onsuccess = () => {
      const db = open.result;
      if (!db.objectStoreNames.contains("seed-keys")) { db.close(); resolve({}); return; }
      const all = {};
      const tx = db.transaction("seed-keys", "readonly");
      const cursor = tx.objectStore("seed-keys").openCursor();
      cursor.onsuccess = () => {
        const c = cursor.result;
        if (!c) return;
        const v = c.value;
        all[c.key] = v instanceof CryptoKey
          ? { type: v.type, extractable: v.extractable, algorithm: v.algorithm.name, usages: v.usages } : String(v);
        c.continue();
      };
      tx.oncomplete = () => { db.close(); resolve(all); };
    };
  });
  return { local: dump(localStorage), session: dump(sessionStorage), keys };
}"""


def inside(box, size) -> bool:
    return box is not None and box["x"] >= 0 and box["x"] + box["width"] <= size[0] + 0.5


@pytest.mark.parametrize("lang,size", SESSIONS, ids=[f"{lang}-{s[0]}" for lang, s in SESSIONS])
def test_a_nap_session_of_two_rounds_resumes_ends_with_final_balances_and_keeps_the_seed_off_storage(
        open_page, lang, size):
    page = open_page(helpers.table_url(lang, "nap", pace=0), size)  # the gentle bots: the table is under test
    table = helpers.ready_table(page, "nap")
    expect(table.locator(".tbt-start")).to_have_text(START[lang])
    expect(table.locator(".tbt-start")).to_be_visible()
    # The session's length is chosen, in words, before the start; the choice fits the screen.
    rounds = table.locator(".tbt-rounds")
    assert inside(table.locator(".tbt-rounds-label").bounding_box(), size)
    assert inside(rounds.bounding_box(), size)
    column = table.bounding_box()  # and the text column: the select is not pushed past the table's edge
    box = rounds.bounding_box()
    assert box["x"] >= column["x"] and box["x"] + box["width"] <= column["x"] + column["width"] + 0.5, (box, column)
    expect(rounds.locator("option:checked")).to_have_text(ROUNDS_OPTION[lang])
    table.locator(".tbt-players").select_option("3")
    rounds.select_option("2")
    table.locator(".tbt-start").focus()
    page.keyboard.press("Enter")
    expect(table).to_have_attribute("data-engine", "live", timeout=helpers.LIVE_TIMEOUT_MS)
    expect(table.locator(".tbt-rounds-label")).to_be_hidden()
    fingerprint = table.locator(".tbt-fingerprint code").text_content()
    number = table.locator(".tbt-hand-number")
    expect(number).to_have_text(DEAL[lang].format(n=1))
    assert inside(number.bounding_box(), size)

    snapshots = []
    while table.get_attribute("data-hand-number") != "2":  # through the first deal
        helpers.one_decision(page, table)
        snapshots.append(page.evaluate(STORAGE))
    expect(number).to_have_text(DEAL[lang].format(n=2))
    helpers.wait_for_reader(page, table)
    saved = json.loads(snapshots[-1]["local"]["trickbook.table.nap"])
    assert "seed" not in saved and saved["fingerprint"] == fingerprint and saved["rounds"] == 2
    key = snapshots[-1]["keys"]["nap"]
    assert key == {"type": "secret", "extractable": False, "algorithm": "AES-GCM", "usages": ["encrypt", "decrypt"]}

    # A reload in the second deal brings the session back where it was.
    shown = {"hand": [c.get_attribute("data-card") for c in table.locator(".tbt-cards .tbt-card").all()],
             "score": [t.get_attribute("data-points") for t in table.locator(".tbt-track").all()]}
    page.reload()
    table = helpers.ready_table(page, "nap")
    expect(table).to_have_attribute("data-engine", "live", timeout=helpers.LIVE_TIMEOUT_MS)
    helpers.wait_for_reader(page, table)
    expect(table.locator(".tbt-notice")).to_be_visible()
    expect(table.locator(".tbt-hand-number")).to_have_text(DEAL[lang].format(n=2))
    assert [c.get_attribute("data-card") for c in table.locator(".tbt-cards .tbt-card").all()] == shown["hand"]
    assert [t.get_attribute("data-points") for t in table.locator(".tbt-track").all()] == shown["score"]
    assert table.locator(".tbt-fingerprint code").text_content() == fingerprint

    while table.get_attribute("data-over") != "true":
        helpers.one_decision(page, table)
        snapshots.append(page.evaluate(STORAGE))
        assert len(snapshots) < 400, "the session does not end"

    end = table.locator(".tbt-end")
    expect(end).to_be_visible()
    seed = end.locator(".tbt-seed").text_content()
    assert hashlib.sha256(bytes.fromhex(seed)).hexdigest() == fingerprint
    # While the session was on, the seed was in no storage the page has.
    assert not [s for s in snapshots[:-1] if seed in json.dumps(s)]
    # At the end the saved match and its key are gone.
    assert page.evaluate(STORAGE)["local"].get("trickbook.table.nap") is None
    helpers.until(page, """async () => {
      const open = indexedDB.open("trickbook-table");
      const db = await new Promise((r) => { open.onsuccess = () => r(open.result); });
      const key = await new Promise((r) => {
        const q = db.transaction("seed-keys").objectStore("seed-keys").get("nap");
        q.onsuccess = () => r(q.result);
      });
      db.close();
      return key === undefined;
    }""", timeout_ms=5_000)

    # Every player's final balance: the balances pay between players, and match the score bar.
    final = end.locator("table.tbt-final")
    expect(final.locator("caption")).to_have_text(FINAL[lang])
    rows = final.locator("tbody tr")
    expect(rows).to_have_count(3)
    balances = {r.get_attribute("data-seat"): int(r.get_attribute("data-points")) for r in rows.all()}
    assert set(balances) == {"A", "B", "C"} and sum(balances.values()) == 0
    bar = {t.get_attribute("data-team"): int(t.get_attribute("data-points"))
           for t in table.locator(".tbt-track").all()}
    assert bar == balances
    final.scroll_into_view_if_needed()
    assert inside(final.bounding_box(), size)

    # "Verify this match" covers the six deals, each player dealing twice in turn.
    link = urlsplit(end.locator("a.tbt-verify").get_attribute("href"))
    params = {k: v[0] for k, v in parse_qs(link.fragment).items()}
    assert params["hands"] == "6" and params["seed"] == seed
    dealers = params["dealers"]
    assert sorted(dealers) == sorted("AABBCC")
    assert all("ABC".index(b) == ("ABC".index(a) + 1) % 3 for a, b in zip(dealers, dealers[1:], strict=False))
    dealt = [r.locator(".tbt-dealt-cards").get_attribute("data-cards")
             for r in end.locator(".tbt-dealt tbody tr").all()]
    assert len(dealt) == 6
    end.locator("a.tbt-verify").click()
    expect(page.locator(".tb-verifier .tbv-verdict")).to_have_attribute("data-result", "match", timeout=15_000)
    hands = page.locator(".tb-verifier table.tbv-hand")
    expect(hands).to_have_count(6)
    for i, cards in enumerate(dealt):
        assert hands.nth(i).locator(f"tr[data-seat='{params['you']}'] .tbv-cards").get_attribute(
            "data-cards") == cards
