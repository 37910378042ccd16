// Presenter mode's dealings with the browser: full screen, the page made inert
// behind the hand, the keys a presentation clicker sends, and the blank screen.

import { _ } from "../i18n.js";
import { el } from "../dom.js";

/** Ask for full screen on `element`; presenter mode works the same when refused. */
export function requestFullscreen(element) {
  if (!element.requestFullscreen || !document.fullscreenEnabled) return;
  try {
    const asked = element.requestFullscreen({ navigationUI: "hide" });
    if (asked && typeof asked.catch === "function") asked.catch(() => {});
  } catch {
    // refused outright (no user gesture, a policy): the window-filling overlay stays
  }
}

export function leaveFullscreen(element) {
  if (document.fullscreenElement === element && document.exitFullscreen) {
    document.exitFullscreen().catch(() => {});
  }
}

/**
 * What a key does in presenter mode: a step to go to, "leave", or null (not ours).
 * Clickers send PageDown/PageUp (some send the arrows); Space steps forward and
 * never leaves, Shift+Space steps back.
 */
export function presenterKey(event, step, last) {
  if (event.altKey || event.ctrlKey || event.metaKey) return null;
  switch (event.key) {
    case "PageDown":
    case "ArrowRight":
    case "ArrowDown":
      return step + 1;
    case "PageUp":
    case "ArrowLeft":
    case "ArrowUp":
      return step - 1;
    case " ":
    case "Spacebar":
      return event.shiftKey ? step - 1 : step + 1;
    case "Home":
      return 0;
    case "End":
      return last;
    case "Escape":
      return "leave";
    default:
      return null;
  }
}

/**
 * Make everything outside `figure` inert (Tab cannot reach what presenter mode
 * covers); returns the elements made inert, so that leaving undoes only those.
 */
export function inertAround(figure) {
  const changed = [];
  for (let node = figure; node && node !== document.body; node = node.parentElement) {
    for (const sibling of node.parentElement ? node.parentElement.children : []) {
      if (sibling === node || sibling.inert || sibling.matches("script, style, link")) continue;
      sibling.inert = true;
      changed.push(sibling);
    }
  }
  return changed;
}

/** The keys that blank the screen, as a clicker's "blank" button and presentation programs send them. */
export function isBlankKey(event) {
  if (event.altKey || event.ctrlKey || event.metaKey) return false;
  return event.key === "b" || event.key === "B" || event.key === ".";
}

/**
 * Blank the screen (B or . again, Escape or a click shows it again): a black layer over the
 * whole window, inside `figure` so that it also covers a figure shown full screen. Returns
 * true when the screen is now blank. Screen readers hear the same words in `status`.
 */
export function toggleBlank(figure, status) {
  const old = figure.querySelector(":scope > .tb-blank");
  if (old) {
    old.remove();
    status.textContent = "";
    return false;
  }
  const layer = el("div", { className: "tb-blank", dataset: { searchExclude: "" } });
  layer.addEventListener("click", () => toggleBlank(figure, status));
  figure.append(layer);
  status.textContent = _("The screen is blank: press B or . to show the hand again.");
  return true;
}

/** Whether the screen is blanked over `figure`. */
export function isBlank(figure) {
  return Boolean(figure.querySelector(":scope > .tb-blank"));
}

/** The reading keys, shown to the eye: a short list that opens from a "Keys" summary. */
export function keysHint() {
  const kbd = (...names) => names.flatMap((n, i) => [i ? " " : "", el("kbd", {}, n)]);
  const row = (keys, what) => el("div", {}, el("dt", {}, keys), el("dd", {}, what));
  return el("details", { className: "tb-keys" },
    el("summary", {}, _("Keys")),
    el("dl", {},
      row(kbd("←", "→"), _("previous or next step")),
      row(kbd(_("Home"), _("End")), _("the deal or the last step")),
      row(kbd("B", "."), _("blank the screen; the same key shows it again")),
      row(kbd(_("Page Down"), _("Page Up"), _("Space")), _("in presenter mode, next or previous step (a presentation clicker's keys)")),
      row(kbd(_("Esc")), _("leave presenter mode"))));
}
