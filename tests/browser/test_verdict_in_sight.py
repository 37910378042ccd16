"""The Verify page's verdict is seen where it is given: after Check (Enter in the form, or the button)
the verdict is brought on screen and takes the keyboard focus; a page opened from a match's link
brings it on screen too. At 360x740 and 1280x800, in English and French, with the published vectors.
"""

from __future__ import annotations

import pytest
from browser.test_verifier import published
from playwright.sync_api import expect

pytestmark = pytest.mark.browser

SIZES = {"phone": (360, 740), "desk": (1280, 800)}

# The verdict wholly on screen, under the site's header.
VERDICT_ON_SCREEN = """() => {
  const v = document.querySelector('.tbv-verdict');
  const header = document.querySelector('.md-header').getBoundingClientRect().bottom;
  const r = v.getBoundingClientRect();
  return v.textContent.trim() !== '' && r.height > 0 && r.top >= header - 1 && r.bottom <= innerHeight + 1;
}"""


@pytest.mark.parametrize("size", SIZES, ids=list(SIZES))
@pytest.mark.parametrize("lang", ["en", "fr"])
def test_after_check_the_verdict_is_on_screen_with_the_focus(open_page, lang, size):
    page = open_page(f"/{lang}/verify/", SIZES[size])
    seed, fingerprint, _ = published(page)
    form = page.locator(".tb-verifier form")
    form.locator("input.tbv-hex").nth(0).fill(seed)
    fingerprint_field = form.locator("input.tbv-hex").nth(1)
    fingerprint_field.fill(fingerprint)
    fingerprint_field.press("Enter")
    verdict = page.locator(".tbv-verdict")
    expect(verdict).to_have_attribute("data-result", "match")
    expect(verdict).to_be_focused()
    page.wait_for_function(VERDICT_ON_SCREEN, timeout=10_000)
    # And again by the button, with a wrong fingerprint, from the top of the page.
    fingerprint_field.fill(fingerprint[:-1] + ("0" if fingerprint[-1] != "0" else "1"))
    page.evaluate("scrollTo({top: 0, behavior: 'instant'})")
    button = form.locator("button.tbv-check")
    button.focus()
    page.keyboard.press("Enter")
    expect(verdict).to_have_attribute("data-result", "mismatch")
    expect(verdict).to_be_focused()
    page.wait_for_function(VERDICT_ON_SCREEN, timeout=10_000)


@pytest.mark.parametrize("size", SIZES, ids=list(SIZES))
@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_page_opened_from_a_matchs_link_shows_its_verdict(open_page, lang, size):
    seed, fingerprint, _ = published(open_page(f"/{lang}/verify/", SIZES[size]))
    page = open_page(f"/{lang}/verify/#game=nap&seed={seed}&fingerprint={fingerprint}&seats=ABCD&hands=2"
                     "&dealers=CD&you=A", SIZES[size])
    expect(page.locator(".tbv-verdict")).to_have_attribute("data-result", "match")
    page.wait_for_function(VERDICT_ON_SCREEN, timeout=10_000)
