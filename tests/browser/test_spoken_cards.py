"""Cards spoken in words, as a screen reader meets them: Chromium's accessibility tree (Playwright's
aria snapshot) of a worked hand's narration, a "what if", an illegal card's reason, and a whole hand
played at a table by keyboard alone, in English, Portuguese and French. No card may reach speech as a
bare suit symbol: a speech engine reads "♥" as "black heart suit", whatever the card's colour.
"""

from __future__ import annotations

import re

import pytest
from browser import helpers
from playwright.sync_api import expect

pytestmark = pytest.mark.browser

HAND = "nap-four-hearts"
SYMBOL = re.compile("[♠♥♦♣]")
RANKS = {"A": "ace", "K": "king", "Q": "queen", "J": "jack", "T": "10"}
# Playwright's aria snapshot puts a space where an element ends; speech does not hear it.
SPACES = re.compile(r"\s+")
# An image's children are presentational: a screen reader says its name ("ace of spades"), never
# the text the snapshot prints after it (the symbol drawn for the eye).
IMAGE_TEXT = re.compile(r'^(\s*- img "[^"]*"): .*$', re.MULTILINE)


def ui(catalogs, lang: str, msgid: str) -> str:
    return catalogs[lang]["ui"].get(msgid) or msgid


def card_words(catalogs, lang: str, code: str) -> str:
    """A card named in words from the catalogs, as the rules of naming give it: "ace of hearts"."""
    rank = RANKS.get(code[:-1], code[:-1])
    rank = ui(catalogs, lang, rank) if rank in RANKS.values() and rank != "10" else rank
    suit = catalogs[lang]["engine"]["suits"][code[-1]]
    return ui(catalogs, lang, "{rank} of {suit}").replace("{rank}", rank).replace("{suit}", suit)


def player(catalogs, lang: str, seat: str) -> str:
    return ui(catalogs, lang, "player {seat}").replace("{seat}", seat)


def spoken(locator) -> str:
    """What the accessibility tree holds for an element, spaces made single."""
    return SPACES.sub(" ", IMAGE_TEXT.sub(r"\1", locator.aria_snapshot()))


def open_nap(open_page, tb, lang: str, step: int, live: bool = False):
    """The Nap hand's page at a step, in a guarded context (``open_page``), refusing the runtime unless
    ``live``: (page, figure)."""
    context = open_page.context((1280, 800))
    if not live:
        tb.block_runtime(context)
    page = context.new_page()
    open_page.goto(page, f"/{lang}/nap/#{HAND}={step}")
    fig = tb.wake(tb.figure_of(page, HAND))
    expect(fig).to_have_attribute("data-step", str(step))
    return page, fig


@pytest.mark.parametrize("lang", ["en", "pt", "fr"])
def test_step_narration_names_the_card_led_in_words_and_nap_seats_as_players(open_page, tb, catalogs, lang):
    # Step 5 of the A♥ Four: A, the declarer, leads the ace of hearts, which makes hearts trumps.
    page, fig = open_nap(open_page, tb, lang, 5)
    said = spoken(fig.locator(".tb-step-narration"))
    assert SYMBOL.search(said) is None, said
    assert card_words(catalogs, lang, "AH") in said and player(catalogs, lang, "A") in said, said
    # The narration the build wrote into the page says the same in words.
    written = spoken(fig.locator(".tb-narration li[data-step='5']"))
    assert SYMBOL.search(written) is None and card_words(catalogs, lang, "AH") in written, written
    # The symbol stays for the eye.
    expect(fig.locator(".tb-step-narration .tb-event[data-code='leads']")).to_contain_text("A♥")
    # Every step of the hand, as stepped: never a bare symbol in the live narration or the board.
    for step in range(int(fig.get_attribute("data-steps")) + 1):
        fig.locator(".tb-slider").fill(str(step))
        expect(fig).to_have_attribute("data-step", str(step))
        for part in (".tb-step-narration", ".tb-board"):
            text = spoken(fig.locator(part))
            assert SYMBOL.search(text) is None, f"step {step} {part}: {text}"
    # axe-core at the last step: test_accessibility.py (hand-stepped)


@pytest.mark.parametrize("lang", ["en", "pt", "fr"])
def test_a_what_if_and_an_illegal_cards_reason_are_spoken_in_words(open_page, tb, catalogs, lang):
    page, fig = open_nap(open_page, tb, lang, 5, live=True)
    fig.locator(".tb-try").click()
    expect(fig).to_have_attribute("data-engine", "live", timeout=tb.LIVE_TIMEOUT_MS)
    b = fig.locator('.tb-board .tb-seat[data-seat="B"]')
    # The what-if cards: the card's name, its symbol hidden from speech.
    king = b.locator('button[data-card="KS"]')
    expect(king).to_have_accessible_name(
        f"{card_words(catalogs, lang, 'KS')} {ui(catalogs, lang, '(not allowed now)')}")
    # B must follow hearts (rule: must-follow-suit); the reason is said with B as a player.
    king.click()
    engine = catalogs[lang]["engine"]
    reason = engine["messages"]["must-follow-suit"].replace("{seat}", player(catalogs, lang, "B")) \
        .replace("{suit}", engine["suits"]["H"])
    expect(fig.locator(".tb-message")).to_have_text(reason)
    # A legal card off the record: the what-if bar asks in words.
    b.locator('button[data-card="TH"]').click()
    expect(fig).to_have_attribute("data-branch", "whatif", timeout=30_000)
    question = spoken(fig.locator(".tb-branch"))
    assert SYMBOL.search(question) is None, question
    assert card_words(catalogs, lang, "TH") in question and player(catalogs, lang, "B") in question, question
    narration = spoken(fig.locator(".tb-step-narration"))
    assert SYMBOL.search(narration) is None and card_words(catalogs, lang, "TH") in narration, narration
    # axe-core on this state: test_accessibility.py (hand-live-whatif)


def test_a_focused_card_is_scrolled_clear_of_the_sticking_bar(open_page, tb):
    page, fig = open_nap(open_page, tb, "en", 5, live=True)
    fig.locator(".tb-try").click()
    expect(fig).to_have_attribute("data-engine", "live", timeout=tb.LIVE_TIMEOUT_MS)
    card = fig.locator('.tb-board .tb-seat[data-seat="B"] button[data-card="JH"]')
    bar = fig.locator(".tb-bar")
    fig.locator(".tb-next").focus()  # (going live put the keyboard on the first card to try: start elsewhere)
    # Scroll so that the card sits just under the header, where the sticking bar covers it.
    page.evaluate("""([card, header]) => {
        const top = card.getBoundingClientRect().top + scrollY;
        window.scrollTo({ top: top - header.getBoundingClientRect().bottom - 4, behavior: 'instant' });
    }""", [card.element_handle(), page.locator(".md-header").element_handle()])
    assert bar.evaluate("b => getComputedStyle(b).position") == "sticky"
    assert card.bounding_box()["y"] < bar.bounding_box()["y"] + bar.bounding_box()["height"]  # covered now
    card.focus()
    page.wait_for_function("([c, b]) => c.getBoundingClientRect().top >= b.getBoundingClientRect().bottom - 1",
                           arg=[card.element_handle(), bar.element_handle()])
    below = bar.bounding_box()["y"] + bar.bounding_box()["height"]
    assert card.bounding_box()["y"] >= below - 1


# ----- a whole hand at a table, by keyboard alone --------------------------------------------------

TABLES = [("euchre", "en"), ("trinidad", "pt"), ("nap", "fr")]
READING_KEYS = "htcwu"


def focus_report(page) -> dict:
    return page.evaluate("""() => { const a = document.activeElement, s = getComputedStyle(a);
        return { card: a.dataset.card || null, cls: a.className, disabled: a.getAttribute('aria-disabled'),
                 outline: s.outlineStyle, width: parseFloat(s.outlineWidth) }; }""")


@pytest.mark.parametrize("game,lang", TABLES)
def test_a_whole_hand_is_played_by_keyboard_alone_and_no_card_is_spoken_as_a_symbol(
        open_page, tb, catalogs, game, lang):
    # Reduced motion asked for: the decision timer starts switched off.
    page = open_page(None, (1280, 800), gentle=False, reduced_motion="reduce")
    page.goto(open_page.site_url + tb.table_url(lang, game, pace=0))  # the game's test seed (TABLE_SEEDS)
    page.evaluate("""() => { window.keysSeenByThePage = [];
        window.addEventListener('keydown', (e) => {
          if ('htcwu'.includes(e.key)) window.keysSeenByThePage.push(e.key); }); }""")
    table = tb.ready_table(page, game)
    # The shortcuts are documented on the page, in its language.
    help_ = table.locator(".tbt-keys-help")
    expect(help_.locator("summary")).to_have_text(ui(catalogs, lang, "Keyboard shortcuts"))
    expect(help_).to_contain_text(ui(catalogs, lang, "Hear your hand, suit by suit"))
    # Gentle bots and no timer, chosen by keyboard before Start; the timer's switch comes before Start.
    gentle, timer, start = table.locator(".tbt-gentle"), table.locator(".tbt-timer-on"), table.locator(".tbt-start")
    expect(timer).not_to_be_checked()
    expect(gentle).to_be_visible()  # start.js shows the opening controls
    gentle.focus()
    page.keyboard.press("Space")
    expect(gentle).to_be_checked()
    page.keyboard.press("Tab")
    expect(timer).to_be_focused()
    page.keyboard.press("Tab")  # the house rules, folded, before Start
    expect(table.locator(".tbt-house-rules > summary")).to_be_focused()
    page.keyboard.press("Tab")
    expect(start).to_be_focused()
    page.keyboard.press("Enter")
    expect(table).to_have_attribute("data-engine", "live", timeout=tb.LIVE_TIMEOUT_MS)
    expect(table).to_have_attribute("data-level", "gentle")
    expect(table.locator(".tbt-timer-toggle")).to_have_attribute("aria-pressed", "false")
    # In the Tab order, the timer's switch comes before the hand.
    assert table.evaluate("""(t) => {
        const order = [...t.querySelectorAll('button, [tabindex="0"]')];
        return order.indexOf(t.querySelector('.tbt-timer-toggle'))
          < order.indexOf(t.querySelector('.tbt-cards .tbt-card'));
    }""")
    heard = set()
    for _turn in range(60):
        phase = tb.wait_for_reader(page, table)
        said = spoken(table)
        assert SYMBOL.search(said) is None, said
        if phase == "hand-over":
            if {k for k, _t in heard} == set(READING_KEYS):
                break
            # Thrown in before the reader had a turn (Trinidad's pack run out): the next hand.
            tb.one_decision(page, table)
            continue
        # At each turn the focus is on the first legal card (or the placard's first choice), outlined.
        focus = focus_report(page)
        legal = table.locator(".tbt-cards .tbt-card[aria-disabled='false']")
        if legal.count():
            assert focus["card"] == legal.first.get_attribute("data-card"), focus
        else:
            assert "tbt-choice" in focus["cls"], focus
        assert focus["outline"] != "none" and focus["width"] >= 2, focus
        # The reading keys say the table in words, and the focus stays where it was.
        for key in READING_KEYS:
            page.keyboard.press(key)
            said_key = table.locator(".tbt-said")
            expect(said_key).not_to_have_text("")
            text = said_key.text_content()
            assert SYMBOL.search(text) is None and "{" not in text, text
            heard.add((key, text))
        assert focus_report(page)["card"] == focus["card"]
        # None of them reached the page's own shortcuts (Material listens on the window).
        assert page.evaluate("() => window.keysSeenByThePage") == []
        tb.one_decision(page, table)
    else:
        raise AssertionError("the hand did not end")
    # What H said is the hand by suit, with cards in words; W said whose turn; every key spoke.
    assert {k for k, _t in heard} == set(READING_KEYS)
    # Each "Why?" sits on the line of the bot's own move, never on a trick won.
    lines = table.evaluate(
        """(t) => [...t.querySelectorAll('.tbt-log .tbt-why')].map((b) => b.closest('p').dataset.code)""")
    assert lines and not any(code.startswith("trick-won") for code in lines), lines
    assert helpers.violations(page, "div.tb-table", every=True) == []


def test_the_hand_key_says_the_hand_suit_by_suit_in_words(open_page, tb, catalogs):
    page = open_page(None, (1280, 800), gentle=False)
    page.goto(open_page.site_url + tb.table_url("pt", "euchre", pace=0))
    table = tb.ready_table(page, "euchre")
    # Without reduced motion the timer is on unless switched off before Start.
    timer = table.locator(".tbt-timer-on")
    expect(timer).to_be_checked()
    timer.uncheck()
    table.locator(".tbt-start").click()
    expect(table).to_have_attribute("data-engine", "live", timeout=tb.LIVE_TIMEOUT_MS)
    tb.wait_for_reader(page, table)
    expect(table.locator(".tbt-timer-toggle")).to_have_attribute("aria-pressed", "false")
    hand = [c.get_attribute("data-card") for c in table.locator(".tbt-cards .tbt-card").all()]
    table.locator(".tbt-cards .tbt-card").first.focus()
    page.keyboard.press("h")
    said = table.locator(".tbt-said")
    expect(said).not_to_have_text("")
    text = said.text_content()
    for code in hand:
        assert card_words(catalogs, "pt", code) in text, (code, text)
    # Suit by suit: each suit named once, its cards after it.
    suits = [catalogs["pt"]["engine"]["suits"][s] for s in dict.fromkeys(c[-1] for c in hand)]
    for suit in suits:
        assert text.count(f"{suit}: ") == 1, text
