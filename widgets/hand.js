// The step-through player for worked hands: controls, deep links, the live engine, "what if".
//
// Each `figure.tb-hand` carries the record text and its build-time trace in a
// JSON island (compact: see trace.js). The player paints from that trace, which
// holds every step of the record; on the first pointer, focus or key interaction
// it starts the page's engine (Pyodide in a worker) and hands it the record, and
// from then on asks it only for what the page does not hold: "what if" branches.

import { _, engineText, fill, loadCatalog, cardDisplay } from "./i18n.js";
import { ask, EngineUnavailable } from "./engine.js";
import { boardElement, el } from "./board.js";
import { expandTrace } from "./trace.js";

const ASSETS = new URL("../", import.meta.url);
const STATUS_TEXT = {
  static: () => _("Replay prepared with the page. Use the controls to start the engine."),
  loading: () => _("Starting the engine…"),
  live: () => _("Live: the engine is running in your browser."),
  failed: () => _("The engine could not start here. The replay prepared with the page still works."),
};

/** The steps of a replay_json answer: [{step, action, events, note, view}, …]. */
export function stepsOf(replay) {
  const data = typeof replay === "string" ? JSON.parse(replay) : replay;
  if (Array.isArray(data)) return data;
  if (data && Array.isArray(data.steps)) return data.steps;
  return [];
}

/** "#id=step" -> {id, step}, or null. */
export function parseHash(hash) {
  const text = decodeURIComponent((hash || "").replace(/^#/, ""));
  const at = text.lastIndexOf("=");
  if (at <= 0) return null;
  const step = Number(text.slice(at + 1));
  if (!Number.isInteger(step) || step < 0) return null;
  return { id: text.slice(0, at), step };
}

/** A small stable number for the bots' seed, so that a "what if" reads the same each time. */
function seedFor(...parts) {
  let h = 2166136261;
  for (const ch of parts.join("|")) h = Math.imul(h ^ ch.codePointAt(0), 16777619) >>> 0;
  return h & 0x7fffffff;
}

class HandPlayer {
  constructor(figure, data) {
    this.figure = figure;
    this.id = figure.dataset.handId || data.id;
    this.record = data.record;
    this.recordSteps = expandTrace(data.replay); // every step of the record, from the page
    this.steps = this.recordSteps;
    this.notes = data.notes || {}; // the build translated them, keyed by step
    this.branch = null; // {from, action, card, seat} while showing a "what if"
    this.step = this.clamp(Number(data.step ?? figure.dataset.step ?? 0));
    this.build();
    this.setEngine("static");
    this.paint();
    this.listen();
  }

  clamp(step) {
    if (!Number.isFinite(step)) return 0;
    return Math.max(0, Math.min(this.steps.length - 1, Math.trunc(step)));
  }

  // ----- DOM -------------------------------------------------------------
  build() {
    const button = (cls, label, symbol, onClick) => {
      const b = el("button", { type: "button", className: `tb-btn ${cls}`, "aria-label": label, title: label },
        el("span", { "aria-hidden": "true" }, symbol));
      // An unavailable button stays focusable (aria-disabled, not disabled): pressing
      // "Last step" must not drop the keyboard's focus onto the page.
      b.addEventListener("click", () => {
        if (b.getAttribute("aria-disabled") !== "true") onClick();
      });
      return b;
    };
    this.first = button("tb-first", _("First step"), "|◀", () => this.go(0));
    this.prev = button("tb-prev", _("Previous step"), "◀", () => this.go(this.step - 1));
    this.next = button("tb-next", _("Next step"), "▶", () => this.go(this.step + 1));
    this.last = button("tb-last", _("Last step"), "▶|", () => this.go(this.steps.length - 1));
    this.slider = el("input", { type: "range", className: "tb-slider", min: "0", step: "1", "aria-label": _("Step") });
    this.slider.addEventListener("input", () => this.go(Number(this.slider.value)));
    this.counter = el("output", { className: "tb-counter" });
    this.presenter = el("button", {
      type: "button", className: "tb-btn tb-presenter-toggle", "aria-pressed": "false", "aria-keyshortcuts": "Escape",
    }, _("Presenter mode"));
    this.presenter.addEventListener("click", () => this.togglePresenter());
    this.status = el("p", { className: "tb-status", role: "status" });
    this.board = el("div", {
      className: "tb-board", role: "group", tabindex: "0",
      "aria-label": _("The hand at this step"), "aria-keyshortcuts": "ArrowLeft ArrowRight Home End",
    });
    this.branchBar = el("div", { className: "tb-branch", "aria-live": "polite", hidden: true });
    this.message = el("p", { className: "tb-message", "aria-live": "polite" });
    this.narration = el("div", { className: "tb-step-narration", "aria-live": "polite" });
    this.player = el("div", { className: "tb-player" },
      el("div", { className: "tb-controls", role: "group", "aria-label": _("Step through the hand") },
        this.first, this.prev, this.slider, this.next, this.last, this.counter, this.presenter),
      this.status, this.branchBar, this.board, this.message, this.narration);
    const caption = this.figure.querySelector(":scope > figcaption");
    if (caption) caption.after(this.player);
    else this.figure.prepend(this.player);
  }

  listen() {
    const wake = () => this.goLive();
    for (const type of ["pointerdown", "focusin", "keydown"]) {
      this.figure.addEventListener(type, wake, { once: true });
    }
    this.figure.addEventListener("keydown", (event) => this.onKey(event));
  }

  onKey(event) {
    const target = event.target;
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    // The slider and the scrolling tables handle their own arrow keys.
    if (target.matches("input, textarea, select, .tb-scroll")) return;
    const moves = {
      ArrowLeft: () => this.step - 1,
      ArrowRight: () => this.step + 1,
      Home: () => 0,
      End: () => this.steps.length - 1,
    };
    if (!(event.key in moves)) return;
    event.preventDefault();
    this.go(moves[event.key]());
  }

  /**
   * Presenter mode: the hand alone fills the window, in large type, for a projector.
   * The rest of the page is made inert while it shows; leaving puts the reader
   * back where they were, focus and scroll position included.
   */
  togglePresenter() {
    const on = !this.figure.classList.contains("tb-presenter");
    if (on) {
      // Escape leaves from anywhere, the slider included and with nothing focused.
      const onEscape = (event) => {
        if (event.key !== "Escape" || event.defaultPrevented) return;
        event.preventDefault();
        this.togglePresenter();
      };
      document.addEventListener("keydown", onEscape);
      this.presenting = { scrollX: window.scrollX, scrollY: window.scrollY, inert: inertAround(this.figure), onEscape };
      document.documentElement.classList.add("tb-presenting");
    } else if (this.presenting) {
      for (const node of this.presenting.inert) node.inert = false;
      document.removeEventListener("keydown", this.presenting.onEscape);
      document.documentElement.classList.remove("tb-presenting");
    }
    this.figure.classList.toggle("tb-presenter", on);
    this.presenter.setAttribute("aria-pressed", String(on));
    if (on) {
      this.figure.scrollTop = 0;
    } else if (this.presenting) {
      window.scrollTo(this.presenting.scrollX, this.presenting.scrollY);
      this.presenting = null;
    }
    this.presenter.focus();
  }

  // ----- stepping --------------------------------------------------------
  go(step, { updateHash = true } = {}) {
    this.step = this.clamp(step);
    this.message.textContent = "";
    this.paint();
    if (updateHash && !this.branch) {
      history.replaceState(history.state, "", `#${encodeURIComponent(this.id)}=${this.step}`);
      carryHashToOtherLanguages();
    }
  }

  showRecordAt(step) {
    if (this.branch) this.leaveBranch();
    this.go(step, { updateHash: false });
  }

  paint() {
    const total = this.steps.length - 1;
    const current = this.steps[this.step] || {};
    this.slider.max = String(total);
    this.slider.value = String(this.step);
    const where = fill(_("Step {step} of {total}"), { step: String(this.step), total: String(total) });
    this.slider.setAttribute("aria-valuetext", where);
    this.counter.textContent = where;
    for (const b of [this.first, this.prev]) b.setAttribute("aria-disabled", String(this.step === 0));
    for (const b of [this.next, this.last]) b.setAttribute("aria-disabled", String(this.step === total));
    this.figure.dataset.step = String(this.step);
    const focusInBoard = this.board.contains(document.activeElement);
    this.board.replaceChildren(...boardElement(current.view || {}, this.choice(current.view || {})));
    // A chosen card leaves the hand: keep the keyboard in the board rather than on the page.
    if (focusInBoard && !this.board.contains(document.activeElement)) this.board.focus();
    this.paintNarration(current);
    this.markPrerendered();
  }

  paintNarration(current) {
    const lines = (current.events || []).map((event) => el("p", { className: "tb-event", dataset: { code: event.code } }, engineText(event)));
    if (!lines.length) lines.push(el("p", { className: "tb-event" }, this.step === 0 ? _("The cards are dealt.") : ""));
    // Notes come from the page, in the reader's language; a branch has none of its own.
    const note = this.branch && this.step > this.branch.from ? null : this.notes[String(this.step)];
    if (note) lines.push(el("p", { className: "tb-note" }, note));
    this.narration.replaceChildren(...lines);
  }

  /** Highlight the current trick's row and narration item in the pre-rendered tables, when marked. */
  markPrerendered() {
    for (const old of this.figure.querySelectorAll("[aria-current='step']")) old.removeAttribute("aria-current");
    if (this.branch) return;
    const item = this.figure.querySelector(`.tb-narration [data-step="${this.step}"]`);
    if (item) item.setAttribute("aria-current", "step");
  }

  // ----- the engine ------------------------------------------------------
  setEngine(state) {
    this.figure.dataset.engine = state;
    this.status.textContent = STATUS_TEXT[state]();
  }

  async goLive() {
    if (this.figure.dataset.engine !== "static") return;
    this.setEngine("loading");
    try {
      // The page already holds every step: the engine only reads the record, for "what if".
      const answer = await ask("load", { record: this.record });
      if (!answer || !answer.ok || answer.steps !== this.recordSteps.length) {
        throw new Error("the engine could not read this record");
      }
      this.setEngine("live");
    } catch (err) {
      console.warn("trickbook: engine unavailable", err);
      this.setEngine("failed");
    }
    this.paint();
  }

  /** The engine stopped answering after it went live: say so, and stop offering "what if". */
  markFailed() {
    if (this.figure.dataset.engine === "failed") return;
    this.setEngine("failed");
    this.paint();
  }

  /** When live, the seat to play may choose any of its cards ("what if"). */
  choice(view) {
    if (this.figure.dataset.engine !== "live" || this.branch || !view.current) return null;
    const seat = view.current;
    const prefix = `${seat} `;
    const cardActions = new Map();
    for (const action of view.legal || []) {
      if (!action.startsWith(prefix)) continue;
      const last = action.split(" ").pop();
      if (/^(10|[2-9TJQKA])[SHDC]$/i.test(last)) cardActions.set(last.toUpperCase(), action);
    }
    // Only when the decision is about cards (not during the bidding).
    if (!cardActions.size && view.phase !== "play") return null;
    return {
      seat,
      legal: new Set(cardActions.keys()),
      onChoose: (code, legal) => this.tryCard(seat, code, legal ? cardActions.get(code) : `${seat} ${code}`),
    };
  }

  async tryCard(seat, code, action) {
    const from = this.step;
    const next = this.recordSteps[from + 1];
    if (next && next.action === action) {
      this.go(from + 1); // the record's own line: just step on
      return;
    }
    this.message.textContent = _("Asking the engine…");
    let answer;
    try {
      answer = await ask("whatif", { record: this.record, step: from, action, seed: seedFor(this.id, String(from), action) });
    } catch (err) {
      console.warn("trickbook: what-if failed", err);
      if (err instanceof EngineUnavailable) engineFailed();
      this.message.textContent = _("The engine could not answer. Go back to the record and try again.");
      return;
    }
    if (answer && answer.reason) {
      // The rules refused the card: the engine's reason, in the reader's language.
      this.message.textContent = engineText(answer.reason);
      return;
    }
    const steps = stepsOf(answer);
    if (!steps.length || (answer && answer.error)) {
      // Not a rule but a failure (a record or step the engine could not use): its
      // English details go to the console, never to the page.
      console.warn("trickbook: what-if refused", answer && answer.error);
      this.message.textContent = _("The engine could not answer. Go back to the record and try again.");
      return;
    }
    this.enterBranch(from, seat, code, action, steps);
  }

  enterBranch(from, seat, code, action, branchSteps) {
    // The branch shares the record's steps up to `from`; the engine's steps replace the rest.
    const steps = this.recordSteps.slice(0, from + 1);
    for (const s of branchSteps) if (Number.isInteger(s.step) && s.step > from) steps[s.step] = s;
    this.branch = { from, action };
    this.steps = steps.filter(Boolean);
    this.figure.dataset.branch = "whatif";
    const back = el("button", { type: "button", className: "tb-btn tb-back" }, _("Back to the record"));
    back.addEventListener("click", () => {
      this.leaveBranch();
      this.go(from);
      back.blur();
      this.board.focus();
    });
    this.branchBar.replaceChildren(
      el("p", {}, fill(_("What if {seat} chose {card}? The bots play the rest of the hand."), { seat, card: cardDisplay(code) })),
      back);
    this.branchBar.hidden = false;
    this.go(from + 1);
  }

  leaveBranch() {
    this.branch = null;
    this.steps = this.recordSteps;
    delete this.figure.dataset.branch;
    this.branchBar.hidden = true;
    this.branchBar.replaceChildren();
  }
}

// ----- mounting ----------------------------------------------------------
const players = new Map(); // hand id -> HandPlayer

/** The engine is gone for the rest of the page (e.g. it stopped answering): every hand says so. */
function engineFailed() {
  for (const player of players.values()) {
    if (player.figure.dataset.engine === "live") player.markFailed();
  }
}

/**
 * Make everything outside `figure` inert (Tab cannot reach what presenter mode
 * covers); returns the elements made inert, so that leaving undoes only those.
 */
function inertAround(figure) {
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

/**
 * The language chooser leads to the same page in another language; carry a
 * hand's deep link (#id=step) along, so that the reader lands on the same step.
 */
function carryHashToOtherLanguages() {
  const target = parseHash(location.hash);
  for (const link of document.querySelectorAll("a[hreflang].md-select__link")) {
    const url = new URL(link.href, location.href);
    url.hash = target && players.has(target.id) ? location.hash : "";
    link.href = url.href;
  }
}

function readIsland(figure) {
  const island = figure.querySelector(":scope > script.tb-data, script.tb-data");
  if (!island) return null;
  try {
    return JSON.parse(island.textContent);
  } catch (err) {
    console.warn("trickbook: unreadable hand data", figure.dataset.handId, err);
    return null;
  }
}

function pageLanguage(figures) {
  const htmlLang = document.documentElement.lang;
  if (htmlLang) return htmlLang;
  const data = figures.length ? readIsland(figures[0]) : null;
  return (data && data.lang) || "en";
}

function ensureStylesheet() {
  const href = new URL("widgets/hand.css", ASSETS).href;
  const present = [...document.querySelectorAll("link[rel='stylesheet']")].some((link) => link.href === href);
  if (!present) document.head.append(el("link", { rel: "stylesheet", href }));
}

function applyHash() {
  const target = parseHash(location.hash);
  if (!target) return;
  const player = players.get(target.id);
  if (!player) return;
  player.showRecordAt(target.step);
  player.figure.scrollIntoView({ block: "start" });
  carryHashToOtherLanguages();
}

async function mount() {
  const figures = [...document.querySelectorAll("figure.tb-hand")].filter((f) => !f.dataset.tbMounted);
  if (!figures.length) return;
  ensureStylesheet();
  await loadCatalog(new URL("i18n/", ASSETS), pageLanguage(figures));
  for (const figure of figures) {
    const data = readIsland(figure);
    if (!data || expandTrace(data.replay).length === 0) continue; // the pre-rendered tables stay as they are
    figure.dataset.tbMounted = "true";
    players.set(figure.dataset.handId || data.id, new HandPlayer(figure, data));
  }
  applyHash();
}

/**
 * The language chooser's links already lead to this page in the other language
 * (and carry a hand's deep link). Material would instead look the page up in a
 * sitemap that a site without an absolute `site_url` leaves empty, and send the
 * reader to the other language's home page: let the link do what it says.
 */
function followLanguageLink(event) {
  const link = event.target instanceof Element ? event.target.closest("a[hreflang].md-select__link") : null;
  if (link && link.href) event.stopPropagation();
}

document.addEventListener("click", followLanguageLink, true);
window.addEventListener("hashchange", applyHash);
// Material's instant navigation swaps pages without a reload and announces each one on document$.
if (window.document$ && typeof window.document$.subscribe === "function") {
  window.document$.subscribe(() => mount());
} else if (document.readyState === "loading") {
  document.addEventListener("DOMContentLoaded", () => mount());
} else {
  mount();
}
