"""Questions in worked hands, as a learner on a phone and a teacher at a projector meet them: each kind
answered right and wrong, by touch, mouse and keyboard, in three languages; the verdict with the rules'
reasons in a live region; the question, its choices and its verdict on one 360x740 screen; hidden hands;
Reveal by the clicker in presenter mode; the printed answers at the end of the page.

The runtime is refused throughout: a question about the record is answered from the page's data.
"""

from __future__ import annotations

import re
from typing import Any

import pytest
from playwright.sync_api import expect

pytestmark = pytest.mark.browser

LANGUAGES = ["en", "pt", "fr"]
HAND = "nap-four-hearts"
PHONE = {"width": 360, "height": 740}
DESKTOP = {"width": 1280, "height": 800}
# The questions of nap-four-hearts, by step, and what the rules accept (worked out from the rules in
# tests/test_record_questions.py).
LEGAL_STEP, WINNER_STEP, PLAY_STEP, SCORE_STEP = 13, 16, 4, 24


def open_at(page: Any, site_url: str, lang: str, step: int, present: bool = False) -> Any:
    page.goto(f"{site_url}/{lang}/nap/#{HAND}={step}{'&present' if present else ''}")
    fig = page.locator(f'figure.tb-hand[data-hand-id="{HAND}"]')
    fig.locator(".tb-player").wait_for()
    expect(fig).to_have_attribute("data-step", str(step))
    return fig


def ui(catalogs: dict, lang: str, msgid: str) -> str:
    return catalogs[lang]["ui"].get(msgid) or msgid


def question(fig: Any, kind: str) -> Any:
    panel = fig.locator(f".tb-question[data-kind='{kind}']")
    expect(panel).to_be_visible()
    return panel


def choice(panel: Any, value: str) -> Any:
    return panel.locator(f".tb-q-choice[data-choice='{value}']")


SEEN = """(e) => {
  // Is the element's first and last line on screen, and not under anything (the site's header)?
  const r = e.getBoundingClientRect();
  const points = [[r.left + 8, r.top + 4], [r.left + 8, r.bottom - 4]];
  return points.every(([x, y]) => y >= 0 && y <= innerHeight && e.contains(document.elementFromPoint(x, y)));
}"""


def assert_one_screen(page: Any, fig: Any, panel: Any) -> None:
    """The question, its choices and its verdict are on screen together, nothing over them."""
    panel.evaluate("(p) => p.scrollIntoView({block: 'start'})")
    height = page.viewport_size["height"]
    text = panel.locator(".tb-q-text").bounding_box()
    verdict = panel.locator(".tb-q-verdict").bounding_box()
    assert verdict["height"] > 0
    assert verdict["y"] + verdict["height"] - text["y"] <= height, (text, verdict)
    for part in (".tb-q-text", ".tb-q-choices", ".tb-q-verdict"):
        assert panel.locator(part).evaluate(SEEN), (part, panel.locator(part).bounding_box(), height)


def assert_targets(panel: Any) -> None:
    for button in panel.locator("button:visible").all():
        box = button.bounding_box()
        assert box["width"] >= 44 and box["height"] >= 44, (button.inner_text(), box)


def verdict_of(panel: Any) -> str:
    expect(panel).to_have_attribute("data-verdict", re.compile(r"right|wrong|revealed"))
    return panel.get_attribute("data-verdict")


def try_again(panel: Any) -> None:
    panel.locator(".tb-q-again").click()


@pytest.mark.parametrize("lang", LANGUAGES)
def test_each_kind_right_and_wrong_in_a_worked_hand(
        open_page: Any, site_url: str, catalogs: dict, tb: Any, lang: str) -> None:
    page = open_page(None, gentle=False, viewport=PHONE)
    context = page.context
    tb.block_runtime(context)
    engine = catalogs[lang]["engine"]["messages"]

    # legal: B is void in hearts (the trumps, led): every card is legal. Mark one only (touch), check.
    fig = open_at(page, site_url, lang, LEGAL_STEP)
    panel = question(fig, "legal")
    assert panel.locator(".tb-q-verdict").get_attribute("aria-live") == "polite"
    assert_targets(panel)
    choice(panel, "KS").click()
    expect(choice(panel, "KS")).to_have_attribute("aria-pressed", "true")
    panel.locator(".tb-q-check").click()
    assert verdict_of(panel) == "wrong"
    void = engine["why-legal-void"].split("{seat}")[1].split("{suit}")[0].strip()
    expect(panel.locator(".tb-q-reasons")).to_contain_text(void)
    assert_one_screen(page, fig, panel)
    try_again(panel)
    # Keyboard: Tab to each card and press Space.
    for code in ("KS", "KD", "AC"):
        choice(panel, code).focus()
        page.keyboard.press("Space")
    panel.locator(".tb-q-check").focus()
    page.keyboard.press("Enter")
    assert verdict_of(panel) == "right"
    expect(panel.locator(".tb-q-head")).to_have_text(ui(catalogs, lang, "Right."))

    # winner: the outcome is hidden until the answer; B is wrong, A (Q♥, the highest trump) right.
    fig = open_at(page, site_url, lang, WINNER_STEP)
    panel = question(fig, "winner")
    expect(fig.locator(".tb-trick-outcome")).to_be_hidden()
    choice(panel, "B").click()
    assert verdict_of(panel) == "wrong"
    trump_reason = engine["trick-won-trump"].split("{card}")[1].strip(" ,.")
    expect(panel.locator(".tb-q-reasons")).to_contain_text(trump_reason)
    assert_one_screen(page, fig, panel)
    expect(fig.locator(".tb-trick-outcome")).to_be_visible()
    try_again(panel)
    choice(panel, "A").focus()
    page.keyboard.press("Enter")
    assert verdict_of(panel) == "right"

    # play: only the two of clubs lets the defence beat the Four. The rules judge it on these hands, so
    # every hand is shown (asked with A's view alone, no lead is sure however the hidden cards lie).
    fig = open_at(page, site_url, lang, PLAY_STEP)
    panel = question(fig, "play")
    for seat in ("A", "B", "C", "D"):
        expect(fig.locator(f".tb-seat[data-seat='{seat}'] .tb-cards")).to_be_visible()
    choice(panel, "2C").click()
    assert verdict_of(panel) == "wrong"
    refuse = engine["refuse-keeps-contract"].split("{card}, ")[1].split("{seat}")[0].strip()
    expect(panel.locator(".tb-q-reasons")).to_contain_text(refuse)
    expect(panel.locator(".tb-q-cost")).to_be_visible()  # the play-out needs the engine: offered, not run
    assert_one_screen(page, fig, panel)
    expect(fig.locator(".tb-seat[data-seat='B'] .tb-cards")).to_be_visible()  # answered: the hands show again
    try_again(panel)
    choice(panel, "AS").click()
    assert verdict_of(panel) == "right"

    # score: A nets +12 (4 from each of three defenders); −12 is wrong.
    fig = open_at(page, site_url, lang, SCORE_STEP)
    panel = question(fig, "score")
    # The score is the answer: the facts line shows trumps and the contract, not the score.
    expect(fig.locator(".tb-facts dt", has_text=ui(catalogs, lang, "Trumps"))).to_be_visible()
    expect(fig.locator(".tb-facts dt", has_text=ui(catalogs, lang, "Score"))).to_have_count(0)
    choice(panel, "-12").click()
    panel.locator(".tb-q-check").click()
    assert verdict_of(panel) == "wrong"
    assert_one_screen(page, fig, panel)
    try_again(panel)
    choice(panel, "12").click()
    panel.locator(".tb-q-check").click()
    assert verdict_of(panel) == "right"
    assert_targets(panel)


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_presenter_reveals_with_the_clicker_before_stepping_on(
        open_page: Any, site_url: str, tb: Any, lang: str) -> None:
    page = open_page(None, gentle=False, viewport=DESKTOP)
    context = page.context
    tb.block_runtime(context)
    fig = open_at(page, site_url, lang, PLAY_STEP, present=True)
    expect(fig).to_have_class(re.compile(r"\btb-presenter\b"))
    panel = question(fig, "play")
    size = panel.locator(".tb-q-text").evaluate("(e) => parseFloat(getComputedStyle(e).fontSize)")
    assert size >= 24, size  # large, for the room
    # The question is judged on every hand ("All the hands are shown"), so the room sees them all.
    expect(fig.locator(".tb-seat[data-seat='C'] .tb-cards")).to_be_visible()
    page.keyboard.press("PageDown")
    assert verdict_of(panel) == "revealed"
    expect(fig).to_have_attribute("data-step", str(PLAY_STEP))  # the clicker revealed, it did not step
    expect(panel.locator(".tb-q-reasons")).to_contain_text("A♠")
    page.keyboard.press("PageDown")
    expect(fig).to_have_attribute("data-step", str(PLAY_STEP + 1))
    page.keyboard.press("PageUp")
    page.keyboard.press("Space")
    expect(fig).to_have_attribute("data-step", str(PLAY_STEP + 1))  # answered already: Space steps on

    # A clicker that sends the right arrow reveals first too, then steps on; the answer is on screen,
    # the board shows the trick's winner once revealed, never before.
    page.goto("about:blank")
    fig = open_at(page, site_url, lang, WINNER_STEP, present=True)
    panel = question(fig, "winner")
    expect(fig.locator(".tb-winning")).to_have_count(0)
    page.keyboard.press("ArrowRight")
    assert verdict_of(panel) == "revealed"
    expect(fig).to_have_attribute("data-step", str(WINNER_STEP))
    verdict = panel.locator(".tb-q-verdict").bounding_box()
    assert verdict is not None and verdict["height"] > 0 and verdict["y"] < DESKTOP["height"], verdict
    expect(fig.locator(".tb-bar-trick .tb-winning[data-seat='A']")).to_have_count(1)
    page.keyboard.press("ArrowRight")
    expect(fig).to_have_attribute("data-step", str(WINNER_STEP + 1))


def test_on_a_slow_link_a_question_is_never_seen_unstyled(open_page: Any, site_url: str, tb: Any) -> None:
    """The questions' style sheet comes late (a slow link): the panel waits for it, then shows at
    presenter size; it is never on screen small, with its buttons about to move."""
    page = open_page(None, gentle=False, viewport=DESKTOP)
    context = page.context
    tb.block_runtime(context)
    held: list[Any] = []
    context.route("**/hand-questions.css", lambda route: held.append(route))
    page.goto(f"{site_url}/fr/nap/#{HAND}={PLAY_STEP}&present")
    fig = page.locator(f'figure.tb-hand[data-hand-id="{HAND}"]')
    expect(fig).to_have_attribute("data-step", str(PLAY_STEP))
    assert held, "the questions' sheet was not asked for"
    panel = fig.locator(".tb-question[data-kind='play']")
    expect(panel).to_be_attached()
    expect(panel).to_be_hidden()
    held[0].continue_()
    expect(panel).to_be_visible()
    size = panel.locator(".tb-q-text").evaluate("(e) => parseFloat(getComputedStyle(e).fontSize)")
    assert size >= 24, size


@pytest.mark.parametrize("lang", LANGUAGES)
def test_print_shows_questions_with_the_hand_and_answers_at_the_end(
        open_page: Any, site_url: str, catalogs: dict, lang: str) -> None:
    page = open_page(None, (1280, 720), gentle=False)
    page.goto(f"{site_url}/{lang}/nap/")
    page.emulate_media(media="print")
    fig = page.locator(f'figure.tb-hand[data-hand-id="{HAND}"]')
    asked = fig.locator(".tb-questions-print")
    expect(asked).to_be_visible()
    expect(asked.locator("li")).to_have_count(4)
    answers = page.locator(".tb-answers-print-all")
    expect(answers).to_be_visible()
    last_figure = page.locator("figure.tb-hand").last.bounding_box()
    box = answers.bounding_box()
    assert box["y"] > last_figure["y"] + last_figure["height"] - 1
    assert answers.evaluate("(e) => getComputedStyle(e).breakBefore") == "page"
    expect(answers).to_contain_text("+12")
    expect(answers).to_contain_text(ui(catalogs, lang, "Answers: {title}").split("{")[0].strip())


def pdf_pages(page: Any) -> list[str]:
    """The page printed on A4 by chromium, as the text of each sheet."""
    import pypdfium2

    document = pypdfium2.PdfDocument(page.pdf(format="A4"))
    # Spaces as plain spaces: French puts no-break spaces before its colons, which the PDF may keep or not.
    return [re.sub(r"[\s\u00a0\u202f]+", " ", document[i].get_textpage().get_text_range()).strip()
            for i in range(len(document))]


def answers_heading(catalogs: dict, lang: str) -> str:
    return re.sub(r"[\s\u00a0\u202f]+", " ", ui(catalogs, lang, "Answers: {title}").split("{")[0]).strip()


def print_one(page: Any, site_url: str, lang: str, hand: str) -> list[str]:
    """Press a hand's "Print this hand" (the browser's dialog stubbed: it only counts) and print."""
    page.add_init_script("window.print = () => { document.documentElement.dataset.printed = 'yes'; };")
    page.goto(f"{site_url}/{lang}/nap/#{hand}=0")
    fig = page.locator(f'figure.tb-hand[data-hand-id="{hand}"]')
    fig.locator(".tb-player").wait_for()
    button = fig.locator(".tb-print")
    button.scroll_into_view_if_needed()
    box = button.bounding_box()
    size = page.viewport_size
    assert box is not None and 0 <= box["x"] and box["x"] + box["width"] <= size["width"], (box, size)
    assert 0 <= box["y"] < size["height"], (box, size)
    button.click()
    expect(page.locator("html")).to_have_attribute("data-printed", "yes")
    return pdf_pages(page)


@pytest.mark.parametrize(("lang", "size"), [("en", PHONE), ("fr", DESKTOP)])
def test_print_this_hand_asks_on_its_sheet_and_answers_on_the_next(
        open_page: Any, site_url: str, catalogs: dict, tb: Any, lang: str, size: dict) -> None:
    """"Print this hand": the hand and its questions, with nothing in its tables that answers them, then
    its answers on a sheet of their own, for the teacher; no blank sheet, with questions or without."""
    page = open_page(None, gentle=False, viewport=size)
    context = page.context
    tb.block_runtime(context)
    sheets = print_one(page, site_url, lang, HAND)
    heading = answers_heading(catalogs, lang)
    assert len(sheets) == 2, [s[:80] for s in sheets]
    assert heading not in sheets[0]
    assert ui(catalogs, lang, "Questions") in sheets[0]
    assert sheets[1].startswith(heading), sheets[1][:80]
    assert "+12" in sheets[1]
    assert sheets[1].count(heading) == 1  # this hand's answers only, not the other hand's of the page
    page.goto("about:blank")
    assert len(print_one(page, site_url, lang, "nap-all-pass")) == 1  # no questions: one sheet, no blank one


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_printed_page_of_hands_fits_eight_sheets_with_its_answers_last(
        open_page: Any, site_url: str, catalogs: dict, tb: Any, lang: str) -> None:
    page = open_page(None, (1280, 720), gentle=False)
    context = page.context
    tb.block_runtime(context)
    page.goto(f"{site_url}/{lang}/nap/")
    sheets = pdf_pages(page)
    assert len(sheets) <= 8, len(sheets)
    heading = answers_heading(catalogs, lang)
    assert sheets[-1].startswith(heading), sheets[-1][:80]
    assert not any(heading in sheet for sheet in sheets[:-1])
    assert all(sheets), [i for i, sheet in enumerate(sheets) if not sheet]  # no blank sheet


# axe-core on a question asked and answered, and on the practice page: test_accessibility.py


def test_a_wrong_card_is_played_out_by_the_engine_and_its_cost_shown(
        open_page: Any, site_url: str, tb: Any, catalogs: dict) -> None:
    """The play-out needs the engine: it starts on the reader's press, and the cost it shows is the
    engine's, judged as the verdict is: against the best defence 2♣ loses the Four, and the cost says so
    first, then the score it costs (the same solver and seed as on CPython), in two languages and sizes."""
    page = open_page(None, (1280, 720), gentle=False)
    import json

    from trickbook.questions.facade import cost_json

    for lang, size in (("en", PHONE), ("pt", DESKTOP)):
        page.set_viewport_size(size)
        fig = open_at(page, site_url, lang, PLAY_STEP)
        panel = question(fig, "play")
        choice(panel, "2C").click()
        assert verdict_of(panel) == "wrong"
        panel.locator(".tb-q-cost").click()
        costs = panel.locator(".tb-q-costs li")
        expect(costs.first).to_be_visible(timeout=tb.LIVE_TIMEOUT_MS)
        expected = json.loads(cost_json(tb.hand_data(page, HAND)["record"], PLAY_STEP, "A", "2C", "AH"))
        assert expected["ok"] and expected["goal"]["code"] == "cost-lost-keeps-contract"
        # As the eye reads them: the words said to screen readers alone (.tb-sr) left out.
        texts = costs.evaluate_all(
            "(els) => els.map((e) => { const c = e.cloneNode(true);"
            " c.querySelectorAll('.tb-sr').forEach((n) => n.remove()); return c.textContent; })")
        assert len(texts) == 1 + len(expected["costs"])
        # The English templates in English; the page's catalog elsewhere.
        engine = catalogs[lang]["engine"]["messages"] if lang != "en" else {
            "cost-lost-keeps-contract": "Against the best defence, after {card} {seat}'s contract fails.",
            "cost-none": "Played out to the end of the hand, {card} changes no score."}
        lost = engine["cost-lost-keeps-contract"].split("{card}")[0].strip(" ,")
        assert texts[0].startswith(lost), (texts[0], lost)
        head = ui(catalogs, lang, "After {card}, against the best defence, compared with {other}:")
        expect(panel.locator(".tb-q-costs")).to_contain_text(head.split("{card}")[1].split("{other}")[0].strip(" ,"))
        nothing = engine["cost-none"].split("{card}")[-1].strip(" ,.")
        assert not any(nothing in t for t in texts)  # the verdict's lost contract is never "no score"
        box = costs.first.bounding_box()
        assert box is not None and box["width"] > 0
        if lang == "en":
            assert texts[0] == expected["goal"]["text"]
            assert texts[1:] == [c["reason"]["text"] for c in expected["costs"]]
        expect(fig).to_have_attribute("data-engine", "live")
