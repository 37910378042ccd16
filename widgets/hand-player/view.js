// Pieces of the hand player's page: buttons, the explanation bubble, scroll cues,
// swipes on the board, copying a link. No stepping logic lives here.

import { _ } from "../i18n.js";
import { el } from "../dom.js";

const SVG = "http://www.w3.org/2000/svg";
const ICONS = {
  // A chain of two links.
  code: "M8 6l-6 6 6 6M16 6l6 6-6 6",
  print: "M6 9V3h12v6M6 18H4a2 2 0 0 1-2-2v-5a2 2 0 0 1 2-2h16a2 2 0 0 1 2 2v5a2 2 0 0 1-2 2h-2M6 14h12v7H6z",
  link: "M10 13a5 5 0 0 0 7.5.5l3-3a5 5 0 0 0-7-7l-1.7 1.7M14 11a5 5 0 0 0-7.5-.5l-3 3a5 5 0 0 0 7 7l1.7-1.7",
  // Four corners: fill the screen.
  screen: "M8 3H5a2 2 0 0 0-2 2v3M21 8V5a2 2 0 0 0-2-2h-3M16 21h3a2 2 0 0 0 2-2v-3M3 16v3a2 2 0 0 0 2 2h3",
};

/** A line icon drawn in the text's colour (no icon font to download or miss). */
export function icon(name) {
  const svg = document.createElementNS(SVG, "svg");
  for (const [k, v] of Object.entries({ viewBox: "0 0 24 24", width: "1.2em", height: "1.2em", "aria-hidden": "true",
    focusable: "false", fill: "none", stroke: "currentColor", "stroke-width": "2", "stroke-linecap": "round",
    "stroke-linejoin": "round", class: "tb-icon" })) svg.setAttribute(k, v);
  const path = document.createElementNS(SVG, "path");
  path.setAttribute("d", ICONS[name]);
  svg.append(path);
  return svg;
}

/**
 * A player button. It stays focusable when unavailable (aria-disabled, not disabled).
 * `existing` is the same button already in the page (written by the build): it is used as it is.
 */
export function button(cls, label, symbol, onClick, existing = null) {
  const b = existing || el("button", { type: "button", className: `tb-btn ${cls}`, "aria-label": label, title: label },
    typeof symbol === "string" ? el("span", { "aria-hidden": "true" }, symbol) : symbol);
  // Pressing "Last step" again must not drop the keyboard's focus onto the page.
  b.addEventListener("click", () => {
    if (b.getAttribute("aria-disabled") !== "true") onClick();
  });
  return b;
}

/**
 * Show `text` next to `anchor` (the card tapped, the button pressed), where the eye
 * already is. The bubble is for the eye only: the player's live region says the
 * same words to screen readers.
 */
export function showBubble(root, anchor, text) {
  hideBubble(root);
  if (!text || !anchor || !anchor.isConnected) return null;
  const bubble = el("div", { className: "tb-bubble", "aria-hidden": "true" }, text);
  // After the row of cards (or the button's group), so that it sits just under what was tapped.
  const row = anchor.closest(".tb-cards, .tb-controls, .tb-status") || anchor;
  row.after(bubble);
  const left = anchor.getBoundingClientRect().left - row.getBoundingClientRect().left;
  bubble.style.setProperty("--tb-bubble-arrow", `${Math.max(8, left + anchor.offsetWidth / 2 - 8)}px`);
  const box = bubble.getBoundingClientRect();
  if (box.bottom > window.innerHeight || box.top < 0) bubble.scrollIntoView({ block: "nearest" });
  return bubble;
}

export function hideBubble(root) {
  for (const old of root.querySelectorAll(".tb-bubble")) old.remove();
}

/**
 * A wide region that scrolls sideways says so: a fade on the side that hides more,
 * and a label ("Scroll →") above it, until the reader reaches the end.
 */
export function addScrollCues(root) {
  for (const region of root.querySelectorAll(".tb-scroll")) {
    if (region.previousElementSibling && region.previousElementSibling.classList.contains("tb-scroll-cue")) continue;
    const cue = el("span", { className: "tb-scroll-cue", "aria-hidden": "true" }, _("Scroll →"));
    region.before(cue);
    const update = () => {
      const more = region.scrollWidth - region.clientWidth;
      const overflows = more > 1;
      region.dataset.overflow = overflows ? (region.scrollLeft >= more - 1 ? "end" : "more") : "none";
      cue.hidden = !overflows || region.dataset.overflow === "end";
    };
    region.addEventListener("scroll", update, { passive: true });
    if (typeof ResizeObserver === "function") new ResizeObserver(update).observe(region);
    update();
  }
}

/**
 * Swipes on `element` with a finger or pen: left calls `onLeft`, right `onRight`.
 * Vertical moves stay the page's scroll (the CSS gives the board touch-action: pan-y),
 * and a gesture that starts in a sideways-scrolling region is that region's.
 */
export function onSwipe(element, { onLeft, onRight }) {
  let start = null;
  element.addEventListener("pointerdown", (event) => {
    if (event.pointerType === "mouse" || !event.isPrimary) return;
    if (event.target instanceof Element && event.target.closest(".tb-scroll")) return;
    start = { x: event.clientX, y: event.clientY, t: event.timeStamp, id: event.pointerId };
  });
  element.addEventListener("pointercancel", () => { start = null; });
  element.addEventListener("pointerup", (event) => {
    if (!start || event.pointerId !== start.id) return;
    const dx = event.clientX - start.x;
    const dy = event.clientY - start.y;
    const quick = event.timeStamp - start.t < 1000;
    start = null;
    if (!quick || Math.abs(dx) < 40 || Math.abs(dx) < 1.5 * Math.abs(dy)) return;
    if (dx < 0) onLeft();
    else onRight();
  });
}

/** Copy `text` to the clipboard: the Clipboard API, else a selected field and execCommand. */
export async function copyText(text) {
  if (navigator.clipboard && window.isSecureContext) {
    try {
      await navigator.clipboard.writeText(text);
      return true;
    } catch {
      // refused (no permission, no focus): try the old way
    }
  }
  const field = el("textarea", { className: "tb-sr", readonly: true, "aria-hidden": "true", tabindex: "-1" });
  field.value = text;
  const focused = document.activeElement;
  document.body.append(field);
  field.select();
  let done;
  try {
    done = document.execCommand("copy");
  } catch {
    done = false;
  }
  field.remove();
  if (focused instanceof HTMLElement) focused.focus();
  return done;
}

/** How tall the sticking bar is (0 where it does not stick), for the cards' scroll-margin-top (hand-reach.css). */
export function keepBarHeight(bar) {
  const update = () => {
    const sticks = getComputedStyle(bar).position === "sticky" && !document.documentElement.classList.contains("tb-presenting");
    bar.dataset.stickyHeight = sticks ? String(bar.offsetHeight) : "0";
    const heights = [.../** @type {NodeListOf<HTMLElement>} */ (document.querySelectorAll(".tb-bar"))].map((b) => Number(b.dataset.stickyHeight || 0));
    document.documentElement.style.setProperty("--tb-bar-height", `${Math.max(0, ...heights)}px`);
  };
  if (window.ResizeObserver) new ResizeObserver(update).observe(bar);
  window.addEventListener("resize", update);
  update();
}

/** A focused card never sits under the sticking bar: scroll it just clear of the bar. */
export function clearOfBar(bar, target) {
  if (!target || !target.matches(".tb-card") || getComputedStyle(bar).position !== "sticky") return;
  const covered = bar.getBoundingClientRect().bottom - target.getBoundingClientRect().top;
  if (covered > 0 && !bar.contains(target)) window.scrollBy({ top: -(covered + 8), behavior: "instant" });
}

/**
 * After a step: the bar (controls, trick, narration) is on screen, and the heading of the seat
 * to play is not hidden under it. A step that asks a question unsticks the bar (hand-questions.css),
 * which would leave it above the screen: the page scrolls back to it. Where the sticking bar covers
 * the heading of the seat to play, the page scrolls just enough to show it below the bar; a heading
 * wholly above the screen, or below it, is left where the reader put it.
 */
export function keepInSight(bar, board) {
  if (document.documentElement.classList.contains("tb-presenting")) return;
  const header = document.querySelector(".md-header");
  const top = header && getComputedStyle(header).position !== "static" && getComputedStyle(header).position !== "relative"
    ? header.getBoundingClientRect().bottom : 0;
  const barBox = bar.getBoundingClientRect();
  if (getComputedStyle(bar).position !== "sticky") {
    if (barBox.top < top && barBox.bottom > -innerHeight) window.scrollBy({ top: barBox.top - top, behavior: "instant" });
    return;
  }
  const head = board.querySelector(".tb-to-play .tb-seat-head");
  if (!head) return;
  const box = head.getBoundingClientRect();
  if (box.top < barBox.bottom && box.bottom > top) window.scrollBy({ top: box.top - barBox.bottom - 8, behavior: "instant" });
}

/**
 * The whole of a step's narration, one tap away: in the sticking bar the narration is capped
 * (hand-reach.css) so that the bar leaves the board in sight; when the text runs past the cap, a
 * labelled button under it shows the rest, and the short bar again. The reader's choice holds
 * from step to step; the button shows only when a narration runs past the cap.
 */
export function noteReach(narration, id) {
  narration.id = id;
  const more = el("button", {
    type: "button", className: "tb-btn tb-note-more", "aria-controls": id, "aria-expanded": "false", hidden: true,
  }, _("Read the rest"));
  const update = () => {
    const whole = narration.classList.contains("tb-whole");
    narration.classList.remove("tb-whole");
    const runsOver = narration.scrollHeight - narration.clientHeight > 2;
    narration.classList.toggle("tb-whole", whole);
    more.hidden = !runsOver;
    more.textContent = whole ? _("Show less") : _("Read the rest");
    more.setAttribute("aria-expanded", String(whole));
    narration.dataset.overflow = runsOver && !whole ? "more" : "";
  };
  more.addEventListener("click", () => {
    narration.classList.toggle("tb-whole");
    update();
  });
  if (window.ResizeObserver) new ResizeObserver(update).observe(narration);
  narration.after(more);
  return { button: more, update };
}

/** A counter keeps the width of its widest text (`widest`), so that its row never wraps as the number grows. */
export function reserveWidth(node, widest) {
  const shown = node.textContent;
  node.style.minWidth = "";
  node.textContent = widest;
  const width = node.getBoundingClientRect().width;
  const size = parseFloat(getComputedStyle(node).fontSize) || 16;
  node.textContent = shown;
  if (width) node.style.minWidth = `${(width / size).toFixed(3)}em`;
}
