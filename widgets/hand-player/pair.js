// Two worked hands side by side, stepped by one bar (a ```hand``` block with `pair`; the
// build wrote div.tb-pair, see trickbook_site/pairing.py).
//
// Each hand keeps its own player (player.js, as TablePlayer below: its trick, narration and
// board, painted from the trace in the page, with no engine); the pair's bar drives both.
// The bar steps by *moment*, not by step number: the build listed the moments in
// `data-align`, each one the step each hand shows there (the deal, each action before the
// first card, card k of trick t beside card k of trick t). A hand with nothing at a moment
// keeps its last step, marked as waiting. Trying other cards, "Under other rules" and a record's
// questions are left to hands shown alone: a "what if" at one table has no counterpart at the other.
//
// On a phone the tables stand one above the other, far apart: the bar, which sticks, carries one
// row per table (its short name, its trick in progress, its last action in one line), as the single
// player's bar carries its trick. The rows repeat the tables for the eye and are hidden from screen
// readers; one live region says both tables' steps, once per step.

import { _, fill, engineParts, engineSpeech, partsText } from "../i18n.js";
import { el } from "../dom.js";
import { HandPlayer } from "./player.js";
import { hashFor } from "./state.js";
import { button, icon, showBubble, hideBubble, onSwipe, copyText } from "./view.js";
import { requestFullscreen, leaveFullscreen, presenterKey, inertAround } from "./presenter.js";

/** One table of a pair: the single player's painting, without its own controls, keys or engine. */
class TablePlayer extends HandPlayer {
  build() {
    const detached = (cls) => el("button", { type: "button", className: `tb-btn ${cls}` });
    // paint() keeps these up to date; the pair's bar is the one the reader sees.
    [this.first, this.prev, this.next, this.last] = ["tb-first", "tb-prev", "tb-next", "tb-last"].map(detached);
    this.slider = el("input", { type: "range" });
    this.counter = el("output");
    this.status = el("p");
    this.tryCards = detached("tb-try");
    this.presenter = detached("tb-presenter-toggle");
    this.prompt = el("div", { hidden: true });
    this.branchBar = el("div", { hidden: true });
    this.statusRow = null;
    this.otherRulesButton = null;
    this.board = el("div", {
      className: "tb-board", role: "group", tabindex: "0",
      "aria-label": _("The hand at this step"), "aria-keyshortcuts": "ArrowLeft ArrowRight Home End",
    });
    // Not live: the pair's one live region says both tables' steps (PairPlayer.announce).
    this.message = el("p", { className: "tb-message tb-sr" });
    this.waiting = el("p", { className: "tb-waiting", hidden: true },
      _("Nothing happens at this table at this moment: it stays as it was."));
    this.narration = el("div", { className: "tb-step-narration" });
    this.trickSlot = el("div", { className: "tb-bar-trick" });
    this.bar = el("div", { className: "tb-bar tb-table-bar" }, this.trickSlot, this.waiting, this.narration, this.message);
    this.player = el("div", { className: "tb-player" }, this.bar, this.board);
    const caption = this.figure.querySelector(":scope > figcaption");
    if (caption) caption.after(this.player);
    else this.figure.prepend(this.player);
  }

  listen() {} // the pair's bar and keys step both tables

  async wantEngine() {} // stepping needs no engine, and a "what if" is left to the hand shown alone

  writeHash() {} // the pair writes its own

  /** Show `step`, marked as waiting when the other table moved and this one did not. */
  show(step, waiting) {
    this.step = this.clamp(step);
    this.paint();
    this.waiting.hidden = !waiting;
    if (waiting) this.figure.dataset.waiting = "true";
    else delete this.figure.dataset.waiting;
  }

  /** What this step did, in one line: for the eye (seat letters) or, `spoken`, for screen readers. */
  said(spoken = false) {
    const events = (this.steps[this.step] || {}).events || [];
    const text = events.map((event) => (spoken ? engineSpeech(event) : partsText(engineParts(event)))).join(" ");
    return text || (this.step === 0 ? _("The cards are dealt.") : "");
  }
}

/** The short name of the table of `figure`, as the build wrote it (pairing.py), else its caption. */
function shortName(figure) {
  const side = figure.closest(".tb-pair-side");
  const caption = figure.querySelector(":scope > figcaption");
  return (side instanceof HTMLElement && side.dataset.short) || (caption ? caption.textContent.trim() : "");
}

/**
 * A row of the phone's bar for `table`: its name, a copy of its trick in progress and its last
 * action in one line (filled by PairPlayer.paintRows).
 */
function tableRow(table) {
  const name = shortName(table.figure);
  const row = {
    name,
    trick: el("div", { className: "tb-pair-row-trick" }),
    line: el("p", { className: "tb-pair-row-line" }),
    root: null,
  };
  row.root = el("div", { className: "tb-pair-row", dataset: { hand: table.id } },
    el("p", { className: "tb-pair-row-name" }, name), row.trick, row.line);
  return row;
}

export class PairPlayer {
  constructor(root, data, { assets, onStep }) {
    this.root = root;
    this.figure = root; // what a deep link scrolls to
    this.id = root.dataset.pairId;
    this.onStep = onStep || (() => {});
    this.align = JSON.parse(root.dataset.align || "[]");
    this.presenting = null;
    const figures = [...root.querySelectorAll("figure.tb-hand")];
    this.tables = figures.map((figure, side) => new TablePlayer(figure, { ...data[side], questions: [] }, { assets }));
    this.bar = root.querySelector(":scope > .tb-pair-bar");
    const found = (cls) => this.bar.querySelector(`.${cls}`);
    this.first = button("tb-first", _("First step"), "|◀", () => this.go(0), found("tb-first"));
    this.prev = button("tb-prev", _("Previous step"), "◀", () => this.go(this.moment - 1), found("tb-prev"));
    this.next = button("tb-next", _("Next step"), "▶", () => this.go(this.moment + 1), found("tb-next"));
    this.last = button("tb-last", _("Last step"), "▶|", () => this.go(this.align.length - 1), found("tb-last"));
    this.slider = found("tb-slider");
    this.slider.addEventListener("input", () => this.go(Number(this.slider.value)));
    this.counter = found("tb-counter");
    this.copyLink = button("tb-copy-link", _("Copy the link to this step"), icon("link"), () => this.copyStepLink(),
      found("tb-copy-link"));
    this.presenter = found("tb-presenter-toggle");
    this.presenter.addEventListener("click", () => this.setPresenter(!this.presenting));
    this.message = el("p", { className: "tb-message tb-sr", "aria-live": "polite" });
    // Both tables' steps, said once per step ("Yorkshire: E plays 3♥. Trinidad: E plays 3♣.").
    this.said = el("p", { className: "tb-pair-said tb-sr", "aria-live": "polite" });
    // The phone's rows (hand-pair.css shows them on a narrow screen only): for the eye, the tables
    // below say the same to screen readers.
    this.rows = this.tables.map(tableRow);
    this.strip = el("div", { className: "tb-pair-strip", "aria-hidden": "true" }, this.rows.map((row) => row.root));
    this.bar.append(this.strip, this.message, this.said);
    root.addEventListener("keydown", (event) => this.onKey(event));
    for (const table of this.tables) {
      onSwipe(table.board, { onLeft: () => this.go(this.moment + 1), onRight: () => this.go(this.moment - 1) });
    }
    root.dataset.tbMounted = "true";
    this.go(Number(root.dataset.step) || 0, { updateHash: false });
  }

  clamp(moment) {
    if (!Number.isFinite(moment)) return 0;
    return Math.max(0, Math.min(this.align.length - 1, Math.trunc(moment)));
  }

  go(moment, { updateHash = true } = {}) {
    this.moment = this.clamp(moment);
    const steps = this.align[this.moment];
    const before = this.moment > 0 ? this.align[this.moment - 1] : null;
    const waits = this.tables.map((table, side) => Boolean(before) && before[side] === steps[side]);
    this.tables.forEach((table, side) => table.show(steps[side], waits[side]));
    this.paint();
    this.paintRows(waits);
    this.announce(waits);
    this.keepBarInSight();
    if (updateHash) this.writeHash();
  }

  /** The phone's rows: each table's trick in progress (its card just played marked) and last action. */
  paintRows(waits) {
    this.tables.forEach((table, side) => {
      const row = this.rows[side];
      const trick = table.trickSlot.firstElementChild;
      row.trick.replaceChildren(...(trick ? [trick.cloneNode(true)] : []));
      row.line.textContent = waits[side] ? _("Waits at this moment") : table.said();
      if (waits[side]) row.root.dataset.waiting = "true";
      else delete row.root.dataset.waiting;
    });
  }

  /** One polite announcement of both tables' steps; a table that waits says so in two words. */
  announce(waits) {
    this.said.textContent = this.tables.map((table, side) => {
      const name = this.rows[side].name;
      // TRANSLATORS: said to screen readers when two tables are stepped together; {table} is a short name ("Yorkshire").
      if (waits[side]) return fill(_("{table} waits."), { table: name });
      // TRANSLATORS: said to screen readers: a table's short name, then what happened there ("N plays 3♦.").
      return fill(_("{table}: {what}"), { table: name, what: table.said(true) });
    }).join(" ");
  }

  /**
   * On a phone the bar's rows are below its buttons: a press on a button at the foot of the screen
   * scrolls the page just enough to show the whole bar, both tricks with the buttons.
   */
  keepBarInSight() {
    if (this.presenting || getComputedStyle(this.strip).display === "none") return;
    const header = document.querySelector(".md-header");
    const top = header && ["fixed", "sticky"].includes(getComputedStyle(header).position) ? header.getBoundingClientRect().bottom : 0;
    const box = this.bar.getBoundingClientRect();
    if (box.bottom > window.innerHeight && box.top < window.innerHeight) {
      window.scrollBy({ top: Math.max(0, Math.min(box.bottom - window.innerHeight + 8, box.top - top)), behavior: "instant" });
    }
  }

  paint() {
    const total = this.align.length - 1;
    const where = this.counter.dataset.where.replace("{step}", String(this.moment)).replace("{total}", String(total));
    Object.assign(this.slider, { max: String(total), value: String(this.moment) });
    this.slider.setAttribute("aria-valuetext", where);
    this.counter.textContent = where;
    for (const b of [this.first, this.prev]) b.setAttribute("aria-disabled", String(this.moment === 0));
    for (const b of [this.next, this.last]) b.setAttribute("aria-disabled", String(this.moment === total));
    this.root.dataset.step = String(this.moment);
    this.message.textContent = "";
    hideBubble(this.root);
  }

  /** A deep link to one hand's step (#id=step): the first moment showing that step of that hand. */
  side(index) {
    return {
      figure: this.root,
      showRecordAt: (step) => this.go(Math.max(0, this.align.findIndex((steps) => steps[index] >= step)), { updateHash: false }),
      setPresenter: (on) => this.setPresenter(on),
    };
  }

  showRecordAt(moment) {
    this.go(moment, { updateHash: false });
  }

  writeHash() {
    history.replaceState(history.state, "", hashFor(this.id, this.moment, Boolean(this.presenting)));
    this.onStep();
  }

  onKey(event) {
    if (this.presenting) return; // presenter mode has its own keys (see setPresenter)
    const target = event.target;
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    // The slider moves itself; the scrolling regions handle their own arrow keys.
    if (target.matches("input, textarea, select, .tb-scroll, .tb-pair-side")) return;
    const moves = { ArrowLeft: this.moment - 1, ArrowRight: this.moment + 1, Home: 0, End: this.align.length - 1 };
    if (!(event.key in moves)) return;
    event.preventDefault();
    this.go(moves[event.key]);
  }

  async copyStepLink() {
    const url = new URL(location.href);
    url.hash = hashFor(this.id, this.moment, Boolean(this.presenting));
    const done = await copyText(url.href);
    const text = done ? _("Link copied") : _("Copy this link: {link}").replace("{link}", url.href);
    this.message.textContent = text;
    showBubble(this.root, this.copyLink, text);
  }

  /** Presenter mode: the pair alone fills the screen; the arrows, Page keys and Space step both tables. */
  setPresenter(on, { focus = true } = {}) {
    if (Boolean(on) === Boolean(this.presenting)) return;
    if (on) {
      const onKey = (event) => {
        const move = presenterKey(event, this.moment, this.align.length - 1);
        if (move === null || event.defaultPrevented) return;
        event.preventDefault();
        event.stopPropagation();
        if (move === "leave") this.setPresenter(false);
        else this.go(move);
      };
      const onFullscreen = () => {
        if (this.presenting && this.presenting.fullscreen && document.fullscreenElement !== this.root) this.setPresenter(false);
        else if (this.presenting && document.fullscreenElement === this.root) this.presenting.fullscreen = true;
      };
      document.addEventListener("keydown", onKey, true);
      document.addEventListener("fullscreenchange", onFullscreen);
      this.presenting = { scrollX: window.scrollX, scrollY: window.scrollY, inert: inertAround(this.root), onKey, onFullscreen, fullscreen: false };
      document.documentElement.classList.add("tb-presenting");
      this.root.classList.add("tb-pair-presenter");
      requestFullscreen(this.root);
      this.root.scrollTop = 0;
    } else {
      const was = this.presenting;
      this.presenting = null;
      for (const node of was.inert) node.inert = false;
      document.removeEventListener("keydown", was.onKey, true);
      document.removeEventListener("fullscreenchange", was.onFullscreen);
      document.documentElement.classList.remove("tb-presenting");
      this.root.classList.remove("tb-pair-presenter");
      leaveFullscreen(this.root);
      window.scrollTo(was.scrollX, was.scrollY);
    }
    this.presenter.setAttribute("aria-pressed", String(Boolean(on)));
    this.writeHash();
    if (focus) this.presenter.focus();
  }
}
