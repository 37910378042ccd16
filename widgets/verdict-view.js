// A question's verdict on screen with what it is about: when a panel is given its verdict
// (hand-player/questions.js sets its data-verdict), the page scrolls so that the
// question's text, the trick the question is about and the verdict are in view together, below
// Material's header and, in a worked hand, below the player's sticky bar (which holds the trick).
// The scroll is instant, never animated: nothing moves on its own for a reader who asks for
// reduced motion, and nothing lags behind the verdict for anyone else.

/** The bottom of what sticks over the page once scrolled: the site's header, and the bar if `bar`. */
function stuckBottom(bar) {
  const header = document.querySelector(".md-header");
  const headerBottom = header ? Math.max(0, header.getBoundingClientRect().bottom) : 0;
  if (!bar) return headerBottom;
  const top = parseFloat(getComputedStyle(bar).top);
  return Math.max(headerBottom, (Number.isFinite(top) ? top : 0) + bar.getBoundingClientRect().height);
}

/**
 * Scroll so that the question's text, `trick` and the verdict are on screen together.
 * @param {HTMLElement} verdict
 * @param {HTMLElement | null} trick
 * @param {HTMLElement | null} bar the sticky bar that holds the trick, if it does
 */
export function showVerdictWithTrick(verdict, trick, bar) {
  // On a question's step the bar scrolls with the page (hand-questions.css): then the trick moves too.
  if (bar && getComputedStyle(bar).position !== "sticky") bar = null;
  const panel = verdict.closest(".tb-question");
  const text = panel ? panel.querySelector(".tb-q-text") : null;
  const verdictBox = verdict.getBoundingClientRect();
  if (!verdictBox.height) return;
  // The highest thing that must stay in view: the text, and the trick unless the bar keeps it there.
  const tops = [text ? text.getBoundingClientRect().top : verdictBox.top];
  if (trick && !bar) tops.push(trick.getBoundingClientRect().top);
  const top = Math.min(...tops);
  const margin = 4;
  const down = verdictBox.bottom + margin - window.innerHeight; // to bring the verdict's end up
  const most = top - stuckBottom(bar) - margin; // more than this hides the text (or the trick)
  const by = Math.min(Math.max(down, 0), most);
  if (Math.abs(by) >= 1) window.scrollBy({ top: by, behavior: "instant" });
}

/**
 * Keep each verdict given inside `root` on screen with its trick: `trickOf(root)` finds the trick,
 * `barOf(root)` the sticky bar that holds it (or null).
 * @param {HTMLElement} root
 * @param {() => HTMLElement | null} trickOf
 * @param {() => HTMLElement | null} [barOf]
 */
export function keepVerdictsWithTrick(root, trickOf, barOf = () => null) {
  // A panel given its verdict (or its answer shown) sets data-verdict; after the panel's own scroll and the
  // player's repaint, in the next frame's layout, the three are brought on screen together.
  new MutationObserver((records) => {
    const panel = records.map((r) => r.target).find((t) => t instanceof HTMLElement && t.dataset.verdict);
    const verdict = panel instanceof HTMLElement ? panel.querySelector(".tb-q-verdict") : null;
    if (verdict instanceof HTMLElement) requestAnimationFrame(() => showVerdictWithTrick(verdict, trickOf(), barOf()));
  }).observe(root, { subtree: true, attributes: true, attributeFilter: ["data-verdict"] });
}
