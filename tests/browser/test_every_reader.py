"""Every reader, whatever their eyes or hands: where the keyboard goes after "Try other cards" and after
an answer, a keyboard passing through a rules page downloads nothing, more contrast when the system
asks for it, and what a screen reader is told (a question that appears, "Why?" at the table, Nap's
players by name).

What must be on screen is checked with bounding boxes at 360x740 and 1280x800, in English and French.
"""

from __future__ import annotations

from typing import Any

import pytest
from browser import helpers
from browser.test_page_weight import RUNTIME
from playwright.sync_api import expect

from trickbook.questions.facade import practice_position

pytestmark = pytest.mark.browser

PHONE = (360, 740)
DESKTOP = (1280, 800)
HAND = helpers.NAP_HAND
SEED = "class7"

# The focused element, and whether it is whole on screen.
FOCUSED = """() => {
  const e = document.activeElement;
  const r = e.getBoundingClientRect();
  // (a pixel's rounding allowed at the edges)
  return { tag: e.tagName, cls: String(e.className), onScreen: r.width > 0 && r.height > 0 && r.top >= -1
           && r.left >= -1 && r.bottom <= innerHeight + 1 && r.right <= innerWidth + 1 };
}"""


def focused(page: Any) -> dict[str, Any]:
    found: dict[str, Any] = page.evaluate(FOCUSED)
    return found


def ui(catalogs: dict[str, Any], lang: str, msgid: str) -> str:
    return str(catalogs[lang]["ui"].get(msgid) or msgid)


# ----- 1. the keyboard goes to the next thing to do ------------------------------------------------

TRY = [("en", DESKTOP, 6), ("en", PHONE, 0), ("fr", PHONE, 6), ("fr", DESKTOP, 0)]


@pytest.mark.parametrize("lang,size,step", TRY, ids=[f"{c[0]}-{c[1][0]}-step{c[2]}" for c in TRY])
def test_after_try_other_cards_the_keyboard_is_on_the_first_card_to_try_or_on_next(open_page, lang, size, step):
    page = open_page(f"/{lang}/nap/#{HAND}={step}", size)
    fig = helpers.figure_of(page)
    fig.locator(".tb-player").wait_for()
    expect(fig).to_have_attribute("data-step", str(step))
    fig.locator(".tb-step-narration").focus()
    page.keyboard.press("Tab")
    expect(fig.locator(".tb-try")).to_be_focused()
    page.keyboard.press("Enter")
    # While the engine starts, the keyboard waits on the status line beside the button that went.
    expect(fig.locator(".tb-try")).to_be_hidden()
    assert page.evaluate("() => document.activeElement !== document.body")
    expect(fig).to_have_attribute("data-engine", "live", timeout=helpers.LIVE_TIMEOUT_MS)
    if step:
        # A card decision: the first card the reader may try (a legal one, by the record's seat).
        first = fig.locator(".tb-board button.tb-card.tb-legal").first
        expect(first).to_be_focused()
    else:
        # The deal: no card to choose, so the control that steps on.
        expect(fig.locator(".tb-next")).to_be_focused()
    where = focused(page)
    assert where["onScreen"], where
    # And the keyboard goes on from there: Enter on a card tries it, Enter on Next steps.
    page.keyboard.press("Enter")
    expect(fig).to_have_attribute("data-step", str(step + 1), timeout=30_000)


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_after_an_answer_in_a_hand_the_keyboard_is_on_the_verdict(open_page, lang):
    # A choice pressed, a wrong card pressed, and the teacher's Reveal pressed.
    for size, step, pick in [(PHONE, 16, "B"), (DESKTOP, 4, "2C"), (PHONE, 13, None)]:
        page = open_page(f"/{lang}/nap/#{HAND}={step}", size)
        helpers.block_runtime(page.context)
        fig = helpers.figure_of(page)
        fig.locator(".tb-player").wait_for()
        pressed = f".tb-q-choice[data-choice='{pick}']" if pick else ".tb-q-reveal"
        choice = fig.locator(f".tb-question {pressed}")
        expect(choice).to_be_visible()
        choice.focus()
        page.keyboard.press("Enter")
        verdict = fig.locator(".tb-question .tb-q-verdict")
        expect(verdict).to_be_focused()
        where = focused(page)
        assert where["onScreen"], (size, where)


def answer_by_keyboard(page: Any, panel: Any, key: dict[str, Any]) -> None:
    """Answer a practice question with the keys alone: Space marks, Enter presses."""
    if "parts" in key:
        rows = panel.locator(".tb-q-part")
        for i, part in enumerate(key["parts"]):
            rows.nth(i).locator(f".tb-q-choice[data-choice='{part['accepted']}']").focus()
            page.keyboard.press("Space")
        panel.locator(".tb-q-check").focus()
        page.keyboard.press("Enter")
    elif key["multiple"]:
        for code in list(key["accepted"])[1:]:  # one accepted card left out: a wrong answer
            panel.locator(f".tb-q-choice[data-choice='{code}']").focus()
            page.keyboard.press("Space")
        panel.locator(".tb-q-check").focus()
        page.keyboard.press("Enter")
    else:
        pick = next(c for c in key["choices"] if c not in key["accepted"])  # wrong: the longest verdict
        panel.locator(f".tb-q-choice[data-choice='{pick}']").focus()
        page.keyboard.press("Enter")


@pytest.mark.parametrize("lang,game", [("en", "yorkshire"), ("fr", "euchre")])
def test_after_every_answer_in_practice_the_verdict_then_next_question(open_page, lang, game):
    page = open_page(f"/{lang}/practice-{game}/#seed={SEED}&q=0", PHONE)
    drill = page.locator(".tb-practice-drill")
    start = drill.locator(".tb-practice-start")
    expect(start).to_be_visible()
    start.focus()
    page.keyboard.press("Enter")
    for number in range(4):
        size = PHONE if number % 2 == 0 else DESKTOP  # each size twice
        page.set_viewport_size({"width": size[0], "height": size[1]})
        expect(drill).to_have_attribute("data-number", str(number), timeout=helpers.LIVE_TIMEOUT_MS)
        _, key = practice_position(game, SEED, number)
        panel = drill.locator(f".tb-question[data-kind='{key['kind']}']")
        expect(panel).to_be_visible()
        answer_by_keyboard(page, panel, key)
        verdict = panel.locator(".tb-q-verdict")
        expect(verdict).to_be_focused()
        where = focused(page)
        assert where["onScreen"], (number, size, where)
        page.keyboard.press("Tab")
        next_question = drill.locator(".tb-practice-next")
        expect(next_question).to_be_focused()
        where = focused(page)
        assert where["onScreen"], (number, size, where)
        if number < 3:
            page.keyboard.press("Enter")


# ----- 2. focus alone downloads nothing -----------------------------------------------------------

PAST_THE_HANDS = """() => {
  const hands = [...document.querySelectorAll('figure.tb-hand')];
  const last = hands[hands.length - 1], e = document.activeElement;
  return Boolean(last && e !== document.body && !last.contains(e)
                 && (last.compareDocumentPosition(e) & Node.DOCUMENT_POSITION_FOLLOWING));
}"""


def test_tabbing_past_every_hand_of_a_rules_page_requests_no_runtime_file(open_page):
    page = open_page("/en/nap/", DESKTOP)
    hands = page.locator("figure.tb-hand")
    expect(hands.first.locator(".tb-dormant")).to_be_visible()
    count = hands.count()
    assert count >= 4
    # One hand is woken by a press (Enter on its Next), so a mounted player's board is passed too.
    first_next = hands.first.locator(".tb-next")
    first_next.focus()
    page.keyboard.press("Enter")
    expect(hands.first).to_have_attribute("data-step", "1")
    expect(hands.first.locator(".tb-player")).to_be_visible()
    # From here on, only the keyboard passing through: what the press fetched (the player's modules,
    # engine.js among them, which starts nothing) is not counted.
    seen = open_page.guard(page).seen
    pressed = len(seen)
    tabs = 0
    while not page.evaluate(PAST_THE_HANDS):
        page.keyboard.press("Tab")
        tabs += 1
        assert tabs < 1500, "the keyboard never got past the last hand"
    requested = [url for url in seen[pressed:] if any(part in url for part in RUNTIME)]
    assert requested == [], f"{tabs} Tabs fetched the runtime: {requested}"
    engines = page.evaluate("() => [...document.querySelectorAll('figure.tb-hand')].map((f) => f.dataset.engine || '')")
    assert set(engines) <= {"", "static"}, engines
    # Only the hand pressed has its player; the others were passed through, not woken.
    expect(page.locator("figure.tb-hand .tb-player")).to_have_count(1)


# ----- 3. more contrast ---------------------------------------------------------------------------

# The contrast ratio of an element's border against what is behind the element (WCAG 1.4.11): every
# colour composited over the backgrounds under it, down to the page's white.
BORDER_CONTRAST = """([e, side]) => {
  const rgba = (text) => { const m = text.match(/rgba?\\(([^)]*)\\)/); if (!m) return [0, 0, 0, 0];
    const p = m[1].split(/[ ,\\/]+/).filter(Boolean).map(Number); return [p[0], p[1], p[2], p[3] ?? 1]; };
  const over = (top, under) => { const a = top[3];
    return [0, 1, 2].map((i) => top[i] * a + under[i] * (1 - a)).concat(1); };
  const behind = (node) => { const layers = []; for (let n = node; n && n.nodeType === 1; n = n.parentElement) {
      layers.push(rgba(getComputedStyle(n).backgroundColor)); }
    return layers.reverse().reduce((under, top) => over(top, under), [255, 255, 255, 1]); };
  const lum = (c) => { const [r, g, b] = c.slice(0, 3).map((v) => {
      v /= 255; return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; });
    return 0.2126 * r + 0.7152 * g + 0.0722 * b; };
  const ratio = (a, b) => { const [x, y] = [lum(a), lum(b)].sort((p, q) => q - p); return (x + 0.05) / (y + 0.05); };
  const s = getComputedStyle(e);
  const outside = behind(e.parentElement);
  const colour = side === 'outline' ? s.outlineColor : s.borderTopColor;
  const width = parseFloat(side === 'outline' ? s.outlineWidth : s.borderTopWidth);
  return { ratio: ratio(over(rgba(colour), outside), outside), width, colour };
}"""


def border_contrast(element: Any, side: str = "border") -> dict[str, Any]:
    found: dict[str, Any] = element.page.evaluate(BORDER_CONTRAST, [element.element_handle(), side])
    return found


@pytest.mark.parametrize("lang,size", [("en", DESKTOP), ("fr", PHONE)])
def test_more_contrast_gives_a_hands_card_edges_buttons_and_focus_ring_3_to_1(open_page, lang, size):
    page = open_page(f"/{lang}/nap/#{HAND}=6", size)
    helpers.block_runtime(page.context)
    fig = helpers.figure_of(page)
    fig.locator(".tb-player").wait_for()
    card = fig.locator(".tb-board .tb-seat .tb-card").first
    before = border_contrast(card)
    page.emulate_media(contrast="more")
    for element in (card, fig.locator(".tb-board .tb-seat").first, fig.locator(".tb-try"), fig.locator(".tb-next")):
        found = border_contrast(element)
        assert found["width"] >= 1 and found["ratio"] >= 3, (element, found)
    fig.locator(".tb-first").focus()
    page.keyboard.press("Tab")
    ring = border_contrast(fig.locator(".tb-prev"), "outline")
    assert ring["width"] >= 2 and ring["ratio"] >= 3, ring
    assert before["ratio"] < 3  # without the preference, the usual hairline
    # A question's choices too.
    fig.locator(".tb-last").focus()
    page.keyboard.press("Enter")
    for _ in range(8):  # back to step 16, where a question asks who takes the trick
        page.keyboard.press("ArrowLeft")
    expect(fig).to_have_attribute("data-step", "16")
    found = border_contrast(fig.locator(".tb-question .tb-q-choice").first)
    assert found["width"] >= 1 and found["ratio"] >= 3, found


def test_more_contrast_gives_the_tables_cards_seats_and_focus_ring_3_to_1(open_page):
    page = open_page(helpers.table_url("fr", "euchre", pace=0), PHONE)
    page.emulate_media(contrast="more")
    table = helpers.ready_table(page, "euchre")
    helpers.start_by_keyboard(page, table)
    expect(table).to_have_attribute("data-engine", "live", timeout=helpers.LIVE_TIMEOUT_MS)
    helpers.wait_for_reader(page, table)
    checked = [table.locator(".tbt-cards .tbt-card").first, table.locator(".tbt-seat").first]
    faces = table.locator(".tbt-felt .tbt-face")
    if faces.count():
        checked.append(faces.first)
    for element in checked:
        found = border_contrast(element)
        assert found["width"] >= 1 and found["ratio"] >= 3, found
    page.set_viewport_size({"width": DESKTOP[0], "height": DESKTOP[1]})
    focused_card = table.locator(".tbt-cards .tbt-card:focus")
    if focused_card.count():
        ring = border_contrast(focused_card, "outline")
        assert ring["width"] >= 2 and ring["ratio"] >= 3, ring


# ----- 4. what a screen reader is told ------------------------------------------------------------

# An element's text as speech has it: what is aria-hidden is left out, a button is its name.
SPOKEN = """(e) => {
  const walk = (n) => {
    if (n.nodeType === 3) return n.textContent;
    if (n.nodeType !== 1 || n.getAttribute('aria-hidden') === 'true') return '';
    if (n.tagName === 'BUTTON' && n.getAttribute('aria-label')) return ' ' + n.getAttribute('aria-label');
    return [...n.childNodes].map(walk).join('');
  };
  return walk(e).replace(/\\s+/g, ' ').trim();
}"""


# The log's newest line without its "Why?" button, and the newest line said.
NEWEST_LINES = """(t) => {
  const line = t.querySelector('.tbt-log > p:last-of-type').cloneNode(true);
  for (const b of line.querySelectorAll('button')) b.remove();
  return [line.textContent.replace(/\\s+/g, ' ').trim(),
          t.querySelector('.tbt-heard > p:last-of-type').textContent.replace(/\\s+/g, ' ').trim()];
}"""


def spoken(locator: Any) -> str:
    said: str = locator.evaluate(SPOKEN)
    return said


@pytest.mark.parametrize("lang,size", [("en", PHONE), ("fr", DESKTOP)])
def test_a_question_that_appears_at_a_step_is_said_in_the_hands_live_region(open_page, catalogs, lang, size):
    page = open_page(f"/{lang}/nap/#{HAND}=15", size)
    helpers.block_runtime(page.context)
    fig = helpers.figure_of(page)
    fig.locator(".tb-player").wait_for()
    message = fig.locator(".tb-message")
    expect(message).to_have_attribute("aria-live", "polite")
    fig.locator(".tb-next").focus()
    page.keyboard.press("Enter")
    expect(fig).to_have_attribute("data-step", "16")
    text = fig.locator(".tb-question .tb-q-text").text_content() or ""
    assert text
    expect(message).to_have_text(ui(catalogs, lang, "A question: {question}").replace("{question}", text))
    page.keyboard.press("Enter")  # a step without a question says none
    expect(fig).to_have_attribute("data-step", "17")
    expect(message).to_have_text("")
    fig.locator(".tb-prev").focus()
    page.keyboard.press("Enter")  # back at the question: said again
    expect(message).to_contain_text(text)


@pytest.mark.parametrize("lang,size", [("en", PHONE), ("fr", DESKTOP)])
def test_at_naps_table_players_are_said_by_name_and_why_is_not_repeated_in_the_log(open_page, catalogs, lang, size):
    page = open_page(helpers.table_url(lang, "nap", pace=0), size)
    table = helpers.ready_table(page, "nap")
    helpers.start_by_keyboard(page, table)
    expect(table).to_have_attribute("data-engine", "live", timeout=helpers.LIVE_TIMEOUT_MS)
    player = ui(catalogs, lang, "player {seat}")
    for _ in range(12):
        if table.locator(".tbt-felt .tbt-spot .tbt-face").count() and table.locator(".tbt-log .tbt-why").count():
            break
        helpers.one_decision(page, table)
    helpers.wait_for_reader(page, table)
    # The seats' headings, the players on the felt and the score: "player A", never a bare "A".
    for head in table.locator(".tbt-seat-head strong").all():
        assert spoken(head) in {player.replace("{seat}", s) for s in "ABCDEFG"}, spoken(head)
    names = table.locator(".tbt-felt .tbt-spot-name").all()
    assert names
    for name in names:
        assert spoken(name) in {player.replace("{seat}", s) for s in "ABCDEFG"}, spoken(name)
    for row in table.locator(".tbt-score .tbt-track-label").all():
        assert spoken(row).startswith(player.split("{seat}")[0]), spoken(row)
    # The log is read by moving through it; its new lines are said by a region of their own, without "Why?".
    log = table.locator(".tbt-log")
    expect(log).to_have_attribute("aria-live", "off")
    heard = table.locator(".tbt-heard")
    expect(heard).to_have_attribute("aria-live", "polite")
    why = table.locator(".tbt-log .tbt-why").last
    question = why.get_attribute("aria-label") or ""
    asked = ui(catalogs, lang, "Why did {seat} do that?").split("{seat}")[0]
    assert question.startswith(asked), question
    said = spoken(heard)
    assert said and asked not in said, said
    # What is said is the log's newest line, its player by name, the button left out.
    assert player.split("{seat}")[0] in said
    newest = table.evaluate(NEWEST_LINES)
    assert newest[0] and newest[0] == newest[1], newest
    # A trick won: its heading says who won it by name too (L shows the last trick).
    for _ in range(12):
        if table.locator(".tbt-log p[data-code^='trick-won']").count():
            break
        helpers.one_decision(page, table)
    helpers.wait_for_reader(page, table)
    if table.get_attribute("data-phase") != "hand-over":
        page.keyboard.press("l")
        expect(table.locator(".tbt-trick")).to_have_attribute("data-showing", "last")
    head = spoken(table.locator(".tbt-trick-head"))
    assert any(player.replace("{seat}", s) in head for s in "ABCDEFG"), head
    # Still reachable: a Tab from the log reaches the newest "Why?", whose name is its question.
    expect(why).to_be_visible()
    why.focus()
    expect(why).to_be_focused()
    expect(why).to_have_accessible_name(question)


# ----- 5. the table from the top of a play page ---------------------------------------------------

SKIP = [("en", PHONE), ("en", DESKTOP), ("pt", PHONE), ("pt", DESKTOP)]
# Painted where it is: opaque, and the topmost element at its centre.
PAINTED = """(e) => { const r = e.getBoundingClientRect();
  const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
  return getComputedStyle(e).opacity === '1' && (hit === e || e.contains(hit)); }"""


@pytest.mark.parametrize("lang,size", SKIP, ids=[f"{c[0]}-{c[1][0]}" for c in SKIP])
def test_from_the_top_of_a_play_page_three_keys_reach_start_by_a_skip_link_shown_on_focus(open_page, lang, size):
    page = open_page(helpers.table_url(lang, "trinidad", pace=0), size)
    table = helpers.ready_table(page, "trinidad")
    start = table.locator(".tbt-start")
    expect(start).to_be_visible()
    skip = page.locator("a.tbt-skip")
    presses = 0
    while presses < 2 and not skip.evaluate("(a) => a === document.activeElement"):
        page.keyboard.press("Tab")
        presses += 1
    expect(skip).to_be_focused()
    page.wait_for_function(PAINTED, arg=skip.element_handle())
    where = focused(page)
    assert where["onScreen"], where
    page.keyboard.press("Enter")
    presses += 1
    expect(start).to_be_focused()
    assert presses <= 3
    where = focused(page)
    assert where["onScreen"], where
    assert start.evaluate(PAINTED)
