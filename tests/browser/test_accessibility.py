"""axe-core once on each page type in each state, in each language scanned: no violation it forbids.

Every scan of the built site is here, one test per page type, state and language (``SCANS``);
the tests of a page's behaviour bring it to its states and leave the scan to this module. A
state reached only at the end of a long path, or on another site, is scanned where that path
is made: a play table at the end of a whole hand played by keyboard (`test_spoken_cards.py`),
the error shown over a page by `trickbook serve` (`test_serve_reload.py`), stale and untranslated
text on a translator's site (`test_translator_views.py`), and the colour contrast of a hand in
Material's dark palette, which is what that test is about (`test_player_use.py`).

Most scans forbid serious and critical violations; the worked hand stepped and gone live forbid
every violation, as they did when their tests scanned them.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable

import pytest
from browser import helpers
from playwright.sync_api import expect

pytestmark = pytest.mark.browser

ALL = ("en", "pt", "fr")
DESKTOP, PHONE = (1280, 800), (360, 740)
START = {"en": "Start a match", "pt": "Começar uma partida", "fr": "Commencer une partie"}


violations = helpers.violations


@dataclass
class Visit:
    page: Any
    site_url: str
    lang: str
    tb: Any

    def go(self, path: str, loaded: bool = False) -> None:
        """Open ``path`` under the site; with ``loaded``, wait for the page's load event too."""
        self.page.goto(self.site_url + path)
        if loaded:
            self.page.wait_for_load_state("load")


# ----- the states ------------------------------------------------------------------------------

def home(v: Visit) -> None:
    v.go(f"/{v.lang}/", loaded=True)


def language_chooser(v: Visit) -> None:
    v.go("/index.html")


def rules_page(v: Visit) -> None:
    """A rules page, its worked hand mounted (the engine not asked for)."""
    v.go(f"/{v.lang}/nap/", loaded=True)
    v.tb.wait_mounted(v.page)


def terms(v: Visit) -> None:
    v.go(f"/{v.lang}/terms/", loaded=True)


def not_found(v: Visit) -> None:
    v.go(f"/{v.lang}/404.html")


def root_not_found(v: Visit) -> None:
    v.go("/404.html")


def hand_stepped(v: Visit) -> None:
    """A worked hand woken by a link to a step, then stepped by its slider to the last step."""
    v.page.goto(f"{v.site_url}/{v.lang}/nap/#{v.tb.NAP_HAND}=5")
    fig = v.tb.wake(v.tb.figure_of(v.page))
    expect(fig).to_have_attribute("data-step", "5")
    last = fig.get_attribute("data-steps")
    fig.locator(".tb-slider").fill(last)
    expect(fig).to_have_attribute("data-step", last)


def hand_presenter(v: Visit) -> None:
    """Presenter mode at the hand's last step."""
    v.page.goto(v.tb.hand_page_url(v.site_url, v.lang) + f"#{v.tb.NAP_HAND}=24")
    fig = v.tb.wait_mounted(v.page)
    fig.locator(".tb-presenter-toggle").click()


def hand_download_question(v: Visit) -> None:
    """On a phone saving data: a step's link copied, then "Try other cards" asks before the download."""
    v.page.goto(v.tb.hand_page_url(v.site_url, v.lang) + f"#{v.tb.NAP_HAND}=6")
    fig = v.tb.wait_mounted(v.page)
    fig.locator(".tb-copy-link").click()
    fig.locator(".tb-try").click()
    fig.locator(".tb-prompt .tb-download").wait_for()


def hand_live(v: Visit) -> None:
    """Live at step 5: the what-if cards offered, an illegal card's reason said, then a what-if branch."""
    v.page.goto(f"{v.site_url}/{v.lang}/nap/#{v.tb.NAP_HAND}=5")
    fig = v.tb.wake(v.tb.figure_of(v.page))
    fig.locator(".tb-try").click()
    expect(fig).to_have_attribute("data-engine", "live", timeout=v.tb.LIVE_TIMEOUT_MS)
    b = fig.locator('.tb-board .tb-seat[data-seat="B"]')
    b.locator('button[data-card="KS"]').click()  # B must follow hearts
    expect(fig.locator(".tb-message")).not_to_have_text("")
    b.locator('button[data-card="TH"]').click()
    expect(fig).to_have_attribute("data-branch", "whatif", timeout=30_000)


def _question(v: Visit) -> Any:
    v.page.goto(f"{v.site_url}/{v.lang}/nap/#{v.tb.NAP_HAND}=4")  # the "what to play" question
    fig = v.tb.figure_of(v.page)
    fig.locator(".tb-player").wait_for()
    panel = fig.locator(".tb-question[data-kind='play']")
    expect(panel).to_be_visible()
    return panel


def question_asked(v: Visit) -> None:
    _question(v)


def question_answered(v: Visit) -> None:
    """Answered wrong: the verdict and its reasons shown."""
    panel = _question(v)
    panel.locator(".tb-q-choice[data-choice='2C']").click()
    expect(panel).to_have_attribute("data-verdict", "wrong")


def practice(v: Visit) -> None:
    v.page.goto(f"{v.site_url}/{v.lang}/practice-euchre/")
    expect(v.page.locator(".tb-practice-drill")).to_be_visible()


def practice_cost(v: Visit) -> None:
    """A practice drill's "what to play" question answered wrong, and its "What does it cost?" open."""
    from trickbook.questions.facade import practice_position

    v.page.goto(f"{v.site_url}/{v.lang}/practice-nap/#seed=class7&q=2")
    drill = v.page.locator(".tb-practice-drill")
    drill.locator(".tb-practice-start").click()
    expect(drill).to_have_attribute("data-number", "2", timeout=v.tb.LIVE_TIMEOUT_MS)
    _, key = practice_position("nap", "class7", 2)
    assert key["kind"] == "play"
    panel = drill.locator(".tb-question[data-kind='play']")
    panel.locator(f".tb-q-choice[data-choice='{next(c for c in key['choices'] if c not in key['accepted'])}']").click()
    expect(panel).to_have_attribute("data-verdict", "wrong")
    panel.locator(".tb-q-cost").click()
    expect(panel.locator(".tb-q-costs li").first).to_be_visible(timeout=v.tb.LIVE_TIMEOUT_MS)


def under_other_rules(v: Visit) -> None:
    """A worked hand gone live with "Under other rules" open, a rule it never tests said "No difference here"."""
    v.page.goto(f"{v.site_url}/{v.lang}/yorkshire/")
    fig = v.tb.wake(v.page.locator("figure.tb-hand[data-hand-id='yorkshire-low-stays-with-the-pair']"))
    fig.locator(".tb-try").click()
    expect(fig).to_have_attribute("data-engine", "live", timeout=v.tb.LIVE_TIMEOUT_MS)
    fig.locator(".tb-other-rules").click()
    variant = fig.locator(".tb-variant[data-option='may_cut_holding_suit']")
    expect(variant).to_have_attribute("data-differs", "false", timeout=60_000)
    expect(variant.locator(".tb-variant-same")).to_be_visible()


def _table(v: Visit, game: str) -> Any:
    """A play page dealing the game's test seed (TABLE_SEEDS), once start.js has shown its controls."""
    v.page.goto(v.site_url + helpers.table_url(v.lang, game, pace=0))
    table = helpers.ready_table(v.page, game)
    expect(table.locator(".tbt-start")).to_have_text(START[v.lang])
    expect(table.locator(".tbt-start")).to_be_visible()
    return table


def table_before_start(v: Visit) -> None:
    _table(v, "euchre")


def table_at_a_decision(game: str) -> Callable[[Visit], None]:
    def scan(v: Visit) -> None:
        table = _table(v, game)
        # Under reduced motion start.js turns the decision timer off; it is turned on again, so that
        # the scan sees the timer at the decision as other readers do (its bar still, not moving).
        table.locator(".tbt-timer-on").check()
        table.locator(".tbt-start").click()
        expect(table).to_have_attribute("data-engine", "live", timeout=v.tb.LIVE_TIMEOUT_MS)
        v.tb.wait_for_reader(v.page, table)
    return scan


def verifier(v: Visit) -> None:
    v.page.goto(f"{v.site_url}/{v.lang}/verify/")
    v.page.wait_for_load_state("load")


def verifier_online_refused(v: Visit) -> None:
    """The part "An online match" open, with the checks of a match whose dealer's secret was changed."""
    verifier(v)
    form = v.page.locator(".tb-verifier form")
    form.locator("details.tbv-online summary").click()
    form.locator("[id^='tbv-secret-']").fill("11" * 32)
    form.locator("[id^='tbv-lobby-']").fill("22" * 32)
    form.locator("[id^='tbv-values-']").fill("N " + "33" * 32 + " " + "44" * 32)
    form.locator("button.tbv-check").click()
    expect(v.page.locator(".tbv-verdict")).to_have_attribute("data-result", "online-mismatch")
    expect(v.page.locator(".tbv-output table.tbv-hand").first).to_be_visible()


def search_open(v: Visit) -> None:
    """The search box open with results for a word of the page's language."""
    v.page.goto(f"{v.site_url}/{v.lang}/nap/", wait_until="load")
    box = v.page.locator("input[data-md-component='search-query']")
    box.click()
    box.fill("Nap")
    expect(v.page.locator(".md-search-result__item").first).to_be_visible(timeout=15_000)


def embed_hand(v: Visit) -> None:
    """A worked hand's embed page, opened on its own."""
    v.page.goto(f"{v.site_url}/embed/{v.lang}/{v.tb.NAP_HAND}/")
    v.tb.wait_mounted(v.page)


def embed_table(v: Visit) -> None:
    """A play table's embed page, opened on its own, its controls shown."""
    v.page.goto(f"{v.site_url}/embed/{v.lang}/table-euchre/")
    expect(v.page.locator(".tbt-start")).to_have_text(START[v.lang])


@dataclass(frozen=True)
class Scan:
    state: Callable[[Visit], None]
    languages: tuple[str, ...] = ALL
    size: tuple[int, int] = DESKTOP
    within: str = "document"
    every: bool = False          # every violation, not only serious and critical ones
    runtime: bool = False        # the engine may load (else its files are refused)
    gentle: bool = False         # play tables: the gentle bots
    save_data: bool = False      # the browser says the connection saves data


SCANS: dict[str, Scan] = {
    "home": Scan(home),
    "language-chooser": Scan(language_chooser, languages=("root",)),
    "rules-page": Scan(rules_page),
    "terms": Scan(terms),
    "not-found": Scan(not_found),
    "root-not-found": Scan(root_not_found, languages=("root",)),
    "hand-stepped": Scan(hand_stepped, every=True),
    "hand-presenter": Scan(hand_presenter),
    "hand-download-question-phone": Scan(hand_download_question, size=PHONE, save_data=True),
    "hand-live-whatif": Scan(hand_live, every=True, runtime=True),
    "question-asked": Scan(question_asked),
    "question-answered": Scan(question_answered),
    "practice": Scan(practice),
    # Every panel and dialog open, in English and French, on a desktop and on a phone. The online table's
    # lobby needs a table server (test_online_table.py) and is not scanned here.
    "hand-live-whatif-phone": Scan(hand_live, languages=("en", "fr"), size=PHONE, every=True, runtime=True),
    "hand-download-question": Scan(hand_download_question, languages=("en", "fr"), save_data=True),
    "under-other-rules-open": Scan(under_other_rules, languages=("en", "fr"), runtime=True),
    "under-other-rules-open-phone": Scan(under_other_rules, languages=("en", "fr"), size=PHONE, runtime=True),
    "practice-cost": Scan(practice_cost, languages=("en", "fr"), runtime=True),
    "practice-cost-phone": Scan(practice_cost, languages=("en", "fr"), size=PHONE, runtime=True),
    "table-before-start": Scan(table_before_start),
    "table-euchre-at-a-decision": Scan(table_at_a_decision("euchre"), runtime=True, gentle=True),
    "table-yorkshire-at-a-decision-phone": Scan(table_at_a_decision("yorkshire"), languages=("pt",), size=PHONE,
                                                runtime=True, gentle=True),
    "table-trinidad-at-a-decision-phone": Scan(table_at_a_decision("trinidad"), languages=("fr",), size=PHONE,
                                               runtime=True, gentle=True),
    "table-nap-at-a-decision-phone": Scan(table_at_a_decision("nap"), languages=("en",), size=PHONE,
                                          runtime=True, gentle=True),
    "verifier": Scan(verifier),
    "verifier-online-refused": Scan(verifier_online_refused, languages=("fr",)),
    "search-open": Scan(search_open),
    "embed-hand": Scan(embed_hand, every=True),
    "embed-table-phone": Scan(embed_table, size=PHONE, every=True),
}
CASES = [pytest.param(name, lang, id=f"{name}-{lang}") for name, scan in SCANS.items() for lang in scan.languages]


@pytest.mark.parametrize("name,lang", CASES)
def test_no_accessibility_violation(open_page: Any, site_url: str, name: str, lang: str) -> None:
    scan = SCANS[name]
    # The gentle bots at the play tables: the page, not the bots' strength, is under test.
    page = open_page(None, scan.size, gentle=scan.gentle, has_touch=scan.size == PHONE, reduced_motion="reduce")
    if not scan.runtime:
        helpers.block_runtime(page.context)
    if scan.save_data:
        page.context.add_init_script("Object.defineProperty(navigator, 'connection', {configurable: true,"
                                     " get: () => ({saveData: true, effectiveType: '4g'})});")
    scan.state(Visit(page, site_url, lang, helpers))
    assert violations(page, scan.within, scan.every) == []


def test_the_scan_reports_a_violation_put_in_the_page(open_page: Any, site_url: str) -> None:
    """The scan above can fail: an image without a text alternative put in the home page is reported,
    over the whole document and within the element that holds it, and not within another element."""
    page = open_page("/en/", reduced_motion="reduce")
    helpers.block_runtime(page.context)
    page.evaluate("""() => { const img = document.createElement("img");
        img.src = "data:image/gif;base64,R0lGODlhAQABAAAAACw="; document.querySelector("article").append(img); }""")
    assert [v for v in violations(page) if v.startswith("image-alt (critical)")]
    assert [v for v in violations(page, "article", rules=["image-alt"]) if v.startswith("image-alt")]
    assert violations(page, "header", every=True, rules=["image-alt"]) == []
