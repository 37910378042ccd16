// The widgets' small DOM library: making elements, linking a style sheet once, a sentence's parts as
// nodes (the eye's symbols and the ear's words), and mounting on every page Material shows. The board
// (board.js), the hand player, the play table, the practice, the verifier and the class build on it.
// Text goes in with textContent only.

/** Create an element with attributes and children (strings become text nodes). */
export function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (value === null || value === undefined || value === false) continue;
    if (key === "className") node.className = value;
    else if (key === "dataset") Object.assign(node.dataset, value);
    else node.setAttribute(key, value === true ? "" : String(value));
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    node.append(typeof child === "string" ? document.createTextNode(child) : child);
  }
  return node;
}

/** @type {Map<string, Promise<void>>} */
const SHEETS = new Map();
/** How long a panel waits for its style sheet before it shows anyway (a sheet that never loads). */
const SHEET_PATIENCE_MS = 4000;

/**
 * Link the style sheet at ``href`` (an absolute address) into the page, unless it is linked already.
 * Returns a promise that settles once the sheet applies (or failed, or took too long), for a part
 * that should not be seen unstyled: a question's answer is hidden by its sheet.
 */
export function addStylesheet(href) {
  let ready = SHEETS.get(href);
  if (ready) return ready;
  let link = /** @type {HTMLLinkElement | undefined} */ (
    [...document.querySelectorAll("link")].find((node) => node.rel === "stylesheet" && node.href === href));
  if (link && link.sheet) {
    ready = Promise.resolve();
  } else {
    if (!link) {
      link = /** @type {HTMLLinkElement} */ (el("link", { rel: "stylesheet", href }));
      document.head.append(link);
    }
    const node = link;
    ready = new Promise((resolve) => {
      const done = () => resolve(undefined);
      node.addEventListener("load", done, { once: true });
      node.addEventListener("error", done, { once: true });
      setTimeout(done, SHEET_PATIENCE_MS);
    });
  }
  SHEETS.set(href, ready);
  return ready;
}

/**
 * Parts of a sentence (i18n.fillParts) as nodes: where the eye and the ear differ, the
 * symbol or letter is hidden from speech and the words are there for screen readers only.
 */
export function partsNodes(parts) {
  return parts.map((p) => (typeof p === "string" ? document.createTextNode(p)
    : el("span", { className: "tb-say" }, el("span", { "aria-hidden": "true" }, p.shown), el("span", { className: "tb-sr" }, p.said))));
}

/** Run ``mount`` on every page: at once, or when the document is parsed, and again on each page
 * that Material's instant navigation swaps in (it announces each one on ``document$``). */
export function onEveryPage(mount) {
  if (window.document$ && typeof window.document$.subscribe === "function") {
    window.document$.subscribe(() => mount());
  } else if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", () => mount());
  } else {
    mount();
  }
}
