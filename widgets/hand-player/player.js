// One worked hand's player: the sticky bar (controls and the step's narration),
// the board, stepping, presenter mode and the live engine's "what if".
//
// The player paints from the trace the build put in the page (compact: see trace.js); stepping never
// needs the engine. The engine (Pyodide in a worker, about 13 MB) starts only for
// what needs it: trying another card. Where the connection asks to save data, the
// reader is asked first, with the download's size.

import { _, engineParts, engineSpeech, engineText, fill, fillParts, currentLang, useSpokenSeats } from "../i18n.js";
import { ask, EngineUnavailable } from "../engine.js";
import { showEngineProgress } from "../engine-progress.js";
import { boardElement } from "../board.js";
import { el, partsNodes } from "../dom.js";
import {
  stepsOf, hashFor, seedFor, cardsOfStep, megabytes, engineDownloadBytes, engineMayStart,
} from "./state.js";
import { expandTrace } from "../trace.js";
import { button, icon, showBubble, hideBubble, addScrollCues, onSwipe, copyText, keepBarHeight, clearOfBar, keepInSight, noteReach, reserveWidth } from "./view.js";
import { requestFullscreen, leaveFullscreen, presenterKey, inertAround, isBlankKey, toggleBlank, isBlank, keysHint } from "./presenter.js";
import { HandQuestions } from "./questions.js";
import { embedAddress, embedSnippet, shareAddress } from "./embed-code.js";
import { changeLines } from "./whatif.js";
import { otherRules } from "./other-rules.js";
import { printHand } from "./print-one.js";
import { keepVerdictsWithTrick } from "../verdict-view.js";
import { withheldView, withheldEvents } from "./withhold.js";

const STATUS_TEXT = {
  static: () => _("Replay prepared with the page: stepping through it downloads nothing."),
  asking: () => _("Replay prepared with the page: stepping through it downloads nothing."),
  loading: () => _("Starting the engine…"),
  live: () => _("Live: the engine is running in your browser."),
  failed: () => _("The engine could not start here. The replay prepared with the page still works."),
};

// Once the reader agreed to the download, no other hand of the page asks again.
const consent = { given: false };

export class HandPlayer {
  constructor(figure, data, { assets, onStep = () => {}, onFail = () => {} }) {
    this.figure = figure;
    this.assets = assets;
    this.onStep = onStep;
    this.onFail = onFail;
    this.id = figure.dataset.handId || data.id;
    this.record = data.record;
    this.recordSteps = expandTrace(data.replay); // every step of the record, from the page
    this.steps = this.recordSteps;
    this.notes = data.notes || {}; // the build translated them, keyed by step
    this.englishNotes = new Set(data.notes_en || []); // still in English, for want of a translation
    this.branch = null; // {from, action} while showing a "what if"
    this.presenting = null;
    this.step = this.clamp(Number(data.step ?? figure.dataset.step ?? 0));
    this.build();
    this.questions = data.questions && data.questions.length ? new HandQuestions(this, data.questions) : null;
    // A verdict on screen with the trick it is about (the bar holds the trick and sticks).
    const barTrick = () => /** @type {HTMLElement | null} */ (this.bar.querySelector(".tb-trick"));
    if (this.questions) keepVerdictsWithTrick(figure, () => barTrick() || this.board.querySelector(".tb-trick"), () => (barTrick() ? this.bar : null));
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
    // The build wrote the bar into the page (hand.js showed it): the player adopts those
    // very elements, where they are, so that focus and a press in progress stay on them.
    const dormant = this.figure.querySelector(":scope > .tb-dormant");
    const found = (cls) => (dormant ? dormant.querySelector(`.${cls}`) : null);
    this.first = button("tb-first", _("First step"), "|◀", () => this.go(0), found("tb-first"));
    this.prev = button("tb-prev", _("Previous step"), "◀", () => this.go(this.step - 1), found("tb-prev"));
    this.next = button("tb-next", _("Next step"), "▶", () => this.go(this.step + 1), found("tb-next"));
    this.last = button("tb-last", _("Last step"), "▶|", () => this.go(this.steps.length - 1), found("tb-last"));
    this.slider = found("tb-slider")
      || el("input", { type: "range", className: "tb-slider", min: "0", step: "1", "aria-label": _("Step") });
    this.slider.addEventListener("input", () => this.go(Number(this.slider.value)));
    this.counter = found("tb-counter") || el("output", { className: "tb-counter" });
    this.copyLink = button("tb-copy-link", _("Copy the link to this step"), icon("link"), () => this.copyStepLink(),
      found("tb-copy-link"));
    this.embed = button("tb-embed", _("Copy the code to embed this hand"), icon("code"), () => this.copyEmbedCode(),
      found("tb-embed"));
    this.embed.hidden = !this.figure.dataset.embed; // a hand the build made no embed page for
    this.printOne = button("tb-print", _("Print this hand"), icon("print"), () => printHand(this.figure), found("tb-print"));
    this.presenter = found("tb-presenter-toggle") || el("button", {
      type: "button", className: "tb-btn tb-presenter-toggle", "aria-pressed": "false", title: _("Presenter mode"),
      "aria-keyshortcuts": "Escape PageDown PageUp Space B .",
    }, icon("screen"), el("span", { className: "tb-label" }, _("Presenter mode")));
    this.presenter.addEventListener("click", () => this.setPresenter(!this.presenting));
    this.status = found("tb-status") || el("p", { className: "tb-status" });
    this.status.setAttribute("role", "status");
    this.tryCards = found("tb-try") || el("button", { type: "button", className: "tb-btn tb-try" }, _("Try other cards"));
    this.tryCards.addEventListener("click", () => {
      // The button goes once pressed: the keyboard goes on to what it asked for (setEngine, goLive).
      this.focusWhenLive = true;
      this.wantEngine({ ask: true, anchor: this.tryCards });
    });
    this.prompt = el("div", { className: "tb-prompt", hidden: true });
    this.board = el("div", {
      className: "tb-board", role: "group", tabindex: "0",
      "aria-label": _("The hand at this step"), "aria-keyshortcuts": "ArrowLeft ArrowRight Home End",
    });
    this.branchBar = el("div", { className: "tb-branch", "aria-live": "polite", hidden: true });
    // Said to screen readers; the eye reads the same words in a bubble by the card tapped.
    this.message = el("p", { className: "tb-message tb-sr", "aria-live": "polite" });
    // A region of its own: in the sticky bar it scrolls within itself (hand.css), by keyboard too.
    this.narration = el("div", { className: "tb-step-narration", "aria-live": "polite", role: "region", tabindex: "0", "aria-label": _("What happens") });
    // The trick in progress, in the sticking bar: the card just played stays on screen with the
    // controls and the narration while the reader scrolls the hands (paint() fills it).
    this.trickSlot = el("div", { className: "tb-bar-trick" });
    if (dormant) {
      // Nothing adopted moves: the new parts go after it.
      this.player = dormant;
      this.bar = dormant.querySelector(".tb-bar");
      this.bar.append(this.prompt, this.branchBar, this.trickSlot, this.narration, this.message);
      dormant.append(this.board);
      dormant.classList.replace("tb-dormant", "tb-player");
      dormant.hidden = false;
    } else {
      // The bar sticks under the site's header while the reader scrolls the board:
      // the controls and what the step did stay on screen together.
      this.bar = el("div", { className: "tb-bar" },
        el("div", { className: "tb-controls", role: "group", "aria-label": _("Step through the hand") },
          el("span", { className: "tb-steppers" }, this.first, this.prev, this.slider, this.next, this.last),
          el("span", { className: "tb-tools" }, this.counter, this.copyLink, this.embed, this.printOne, this.presenter)),
        this.prompt, this.branchBar, this.trickSlot, this.narration, this.message);
      this.player = el("div", { className: "tb-player" },
        this.bar, el("div", { className: "tb-status-row" }, this.status, this.tryCards), this.board);
      const caption = this.figure.querySelector(":scope > figcaption");
      if (caption) caption.after(this.player);
      else this.figure.prepend(this.player);
    }
    // The reading keys, for the eye as well as for screen readers (aria-keyshortcuts).
    const statusRow = this.player.querySelector(".tb-status-row");
    if (statusRow && !statusRow.querySelector(".tb-keys")) statusRow.append(keysHint());
    // "Under other rules", offered once the engine is live (setEngine).
    const rules = otherRules(this);
    this.otherRulesButton = rules.button;
    this.statusRow = statusRow;
    if (statusRow) statusRow.after(rules.panel);
    addScrollCues(this.figure);
    // A note longer than the bar's cap is one tap away; the counter keeps its width at two digits.
    this.noteMore = noteReach(this.narration, `tb-narration-${this.id}`);
    const total = String(this.steps.length - 1);
    reserveWidth(this.counter, fill(_("Step {step} of {total}"), { step: total, total }));
    keepBarHeight(this.bar);
  }

  listen() {
    // The board is where cards are tried: a tap or a click on it wakes the engine. Focus alone (a
    // keyboard passing through) never starts the download: "Try other cards" asks for it.
    this.board.addEventListener("click", () => this.wantEngine({ ask: false }));
    this.board.addEventListener("focusin", (event) => clearOfBar(this.bar, event.target));
    this.figure.addEventListener("keydown", (event) => this.onKey(event));
    // Swiping the board, or the trick in the bar, steps.
    for (const surface of [this.board, this.trickSlot]) {
      onSwipe(surface, { onLeft: () => this.go(this.step + 1), onRight: () => this.go(this.step - 1) });
    }
  }

  onKey(event) {
    if (this.presenting) return; // presenter mode has its own keys (see setPresenter)
    const target = event.target;
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    if (target.matches("input, textarea, select")) return;
    // A teacher showing the page on a projector blanks it with B or . (again, or Escape, to return).
    if (isBlankKey(event) || (event.key === "Escape" && isBlank(this.figure))) {
      event.preventDefault();
      event.stopPropagation(); // "." is also the theme's key for the next page
      toggleBlank(this.figure, this.message);
      return;
    }
    if (isBlank(this.figure)) return;
    // The scrolling tables handle their own arrow keys.
    if (target.matches(".tb-scroll")) return;
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

  // ----- presenter mode ----------------------------------------------------
  /**
   * Presenter mode: the hand alone fills the screen (full screen when the browser
   * allows it, the window otherwise), in large type, for a projector and a clicker.
   * The rest of the page is inert while it shows; leaving puts the reader back
   * where they were, focus and scroll position included.
   */
  setPresenter(on, { focus = true } = {}) {
    if (Boolean(on) === Boolean(this.presenting)) return;
    if (on) {
      const onKey = (event) => this.onPresenterKey(event);
      // Space on a focused button would press it (leaving presenter mode): never.
      const onKeyUp = (event) => { if (event.key === " ") event.preventDefault(); };
      const onFullscreen = () => {
        // The browser's own Escape ends full screen without telling the page's keys.
        if (this.presenting && this.presenting.fullscreen && document.fullscreenElement !== this.figure) {
          this.setPresenter(false);
        } else if (this.presenting && document.fullscreenElement === this.figure) {
          this.presenting.fullscreen = true;
        }
      };
      document.addEventListener("keydown", onKey, true);
      document.addEventListener("keyup", onKeyUp, true);
      document.addEventListener("fullscreenchange", onFullscreen);
      this.presenting = {
        scrollX: window.scrollX, scrollY: window.scrollY, inert: inertAround(this.figure),
        onKey, onKeyUp, onFullscreen, fullscreen: false,
      };
      document.documentElement.classList.add("tb-presenting");
      this.figure.classList.add("tb-presenter");
      requestFullscreen(this.figure);
      this.figure.scrollTop = 0;
    } else {
      const was = this.presenting;
      this.presenting = null;
      for (const node of was.inert) node.inert = false;
      document.removeEventListener("keydown", was.onKey, true);
      document.removeEventListener("keyup", was.onKeyUp, true);
      document.removeEventListener("fullscreenchange", was.onFullscreen);
      if (isBlank(this.figure)) toggleBlank(this.figure, this.message);
      document.documentElement.classList.remove("tb-presenting");
      this.figure.classList.remove("tb-presenter");
      leaveFullscreen(this.figure);
      window.scrollTo(was.scrollX, was.scrollY);
    }
    this.presenter.setAttribute("aria-pressed", String(Boolean(on)));
    this.writeHash();
    if (focus) this.presenter.focus();
  }

  onPresenterKey(event) {
    if (event.defaultPrevented) return;
    // B or . blanks the screen, as in presentation programs; while blank, B, . or Escape shows
    // it again and no other key steps the hidden hand.
    if (isBlankKey(event) || isBlank(this.figure)) {
      event.preventDefault();
      event.stopPropagation();
      if (isBlankKey(event) || event.key === "Escape") toggleBlank(this.figure, this.message);
      return;
    }
    if (this.questions && this.questions.onPresenterKey(event)) return; // Reveal before stepping on
    const move = presenterKey(event, this.step, this.steps.length - 1);
    if (move === null) return;
    event.preventDefault();
    event.stopPropagation();
    if (move === "leave") this.setPresenter(false);
    else this.go(move);
  }

  // ----- stepping --------------------------------------------------------
  go(step, { updateHash = true } = {}) {
    this.step = this.clamp(step);
    this.say("");
    this.paint();
    keepInSight(this.bar, this.board);
    if (updateHash) this.writeHash();
  }

  writeHash() {
    if (this.branch) return;
    history.replaceState(history.state, "", hashFor(this.id, this.step, Boolean(this.presenting)));
    this.onStep();
  }

  showRecordAt(step) {
    if (this.branch) this.leaveBranch();
    this.go(step, { updateHash: false });
  }

  paint() {
    const total = this.steps.length - 1;
    const current = this.steps[this.step] || { view: null, events: [] };
    this.slider.max = String(total);
    this.slider.value = String(this.step);
    const where = fill(_("Step {step} of {total}"), { step: String(this.step), total: String(total) });
    this.slider.setAttribute("aria-valuetext", where);
    this.counter.textContent = where;
    for (const b of [this.first, this.prev]) b.setAttribute("aria-disabled", String(this.step === 0));
    for (const b of [this.next, this.last]) b.setAttribute("aria-disabled", String(this.step === total));
    this.figure.dataset.step = String(this.step);
    // While a question waits, its answer is not painted (withhold.js): not on the board, the bar or the narration.
    const waiting = this.questions ? this.questions.waitingKinds() : new Set();
    const before = this.steps[this.step - 1];
    const view = withheldView(current.view || {}, before && before.view, waiting);
    useSpokenSeats(view.seats || Object.keys(view.hands || {}));
    const focusInBoard = this.board.contains(document.activeElement);
    const [trick, ...board] = boardElement(view, waiting.has("legal") ? null : this.choice(view));
    this.trickSlot.replaceChildren(trick);
    this.board.replaceChildren(...board);
    this.markCardsOfStep({ ...current, events: withheldEvents(current.events, waiting) });
    // A chosen card leaves the hand: keep the keyboard in the board rather than on the page.
    if (focusInBoard && !this.board.contains(document.activeElement)) this.board.focus({ preventScroll: true });
    this.paintNarration(current, waiting);
    this.markPrerendered();
    if (this.questions) this.questions.paint(this.step);
  }

  /** The card the step is about stands out: the card just played, or the cards its events name. */
  markCardsOfStep(current) {
    const codes = cardsOfStep(current);
    for (const code of codes) {
      const inTrick = this.trickSlot.querySelectorAll(`.tb-trick [data-card="${code}"]`);
      const shown = inTrick.length ? inTrick : this.board.querySelectorAll(`[data-card="${code}"]`);
      for (const card of shown) card.classList.add("tb-step-card");
    }
  }

  paintNarration(current, waiting = new Set()) {
    const lines = withheldEvents(current.events, waiting).map((event) => el("p", { className: "tb-event", dataset: { code: event.code } }, partsNodes(engineParts(event))));
    if (!lines.length) lines.push(el("p", { className: "tb-event" }, this.step === 0 ? _("The cards are dealt.") : ""));
    // Notes come from the page, in the reader's language; a branch has none of its own.
    // A note at a question's step explains the answer: it waits with the question.
    const note = (this.branch && this.step > this.branch.from) || waiting.size ? null : this.notes[String(this.step)];
    if (note) lines.push(el("p", { className: "tb-note", lang: this.englishNotes.has(String(this.step)) ? "en" : null }, note));
    // In a "what if": what the reader's card changed against the record (the engine's facts).
    // At the branch's end they come first: the summary, then the scoring events it sums up.
    if (this.branch && this.step > this.branch.from) {
      const last = this.steps.length - 1;
      const changed = changeLines(this.branch.changes, this.step, last);
      if (this.step === last) lines.unshift(...changed);
      else lines.push(...changed);
    }
    this.narration.replaceChildren(...lines);
    if (this.noteMore) this.noteMore.update();
  }

  /** Highlight the current trick's row and narration item in the pre-rendered tables, when marked. */
  markPrerendered() {
    for (const old of this.figure.querySelectorAll("[aria-current='step']")) old.removeAttribute("aria-current");
    if (this.branch) return;
    const item = this.figure.querySelector(`.tb-narration [data-step="${this.step}"]`);
    if (item) item.setAttribute("aria-current", "step");
  }

  /** Say `text` in the live region and, for the eye, in a bubble next to `anchor`. */
  say(text, anchor = null, spoken = text) {
    this.message.textContent = spoken;
    if (text && anchor) showBubble(this.figure, anchor, text);
    else hideBubble(this.figure);
  }

  async copyStepLink() {
    // The hand's own address where the build made one (a platform that embeds links then embeds this
    // hand, not the page's first), else the page's deep link.
    const shared = shareAddress(this.figure, this.step, Boolean(this.presenting));
    const url = shared || new URL(location.href);
    if (!shared) url.hash = hashFor(this.id, this.step, Boolean(this.presenting));
    const done = await copyText(url.href);
    this.say(done ? _("Link copied") : fill(_("Copy this link: {link}"), { link: url.href }), this.copyLink);
  }

  async copyEmbedCode() {
    const caption = this.figure.querySelector(":scope > figcaption");
    const code = embedSnippet(embedAddress(this.figure, this.step, Boolean(this.presenting)),
      caption ? caption.textContent.trim() : this.id);
    const done = await copyText(code);
    this.say(done ? _("Code copied: paste it into your page") : fill(_("Copy this code: {code}"), { code }), this.embed);
  }

  // ----- the engine ------------------------------------------------------
  setEngine(state) {
    this.figure.dataset.engine = state;
    this.status.textContent = STATUS_TEXT[state]();
    const hadFocus = document.activeElement === this.tryCards;
    this.tryCards.hidden = state !== "static";
    // The button pressed goes: while the engine starts, the keyboard waits on the status line beside it.
    if (hadFocus && this.tryCards.hidden) this.holdFocus(this.status);
    if (this.otherRulesButton && this.statusRow) {
      if (state === "live") this.statusRow.append(this.otherRulesButton);
      else this.otherRulesButton.remove();
    }
  }

  /**
   * Something needs the engine. On a connection that asks to save data (or a slow
   * one), ask first, naming the download's size, unless the browser already keeps the
   * runtime from an earlier visit (then nothing big comes over the link); `ask` says the
   * reader pressed the button that asks for it (a prompt then is not a surprise).
   */
  async wantEngine({ ask: pressed, anchor = null }) {
    if (this.figure.dataset.engine !== "static") return;
    if (consent.given || await engineMayStart(this.assets)) {
      this.goLive();
      return;
    }
    if (this.declined && !pressed) return;
    if (this.figure.dataset.engine !== "static") return; // a second press while the cache answered
    this.setEngine("asking");
    const bytes = await engineDownloadBytes(this.assets);
    const size = bytes ? megabytes(bytes, currentLang()) : "?";
    const yes = el("button", { type: "button", className: "tb-btn tb-download" }, _("Download the engine"));
    const no = el("button", { type: "button", className: "tb-btn tb-not-now" }, _("Not now"));
    yes.addEventListener("click", () => {
      consent.given = true;
      this.closePrompt();
      this.goLive();
    });
    no.addEventListener("click", () => {
      this.declined = true;
      this.focusWhenLive = false;
      this.closePrompt();
      this.setEngine("static");
      this.tryCards.focus();
    });
    this.prompt.replaceChildren(
      el("p", { role: "status" }, fill(_("Trying other cards needs the rule engine, a download of {size}. Download it now?"), { size })),
      yes, no);
    this.prompt.hidden = false;
    if (anchor) yes.focus();
  }

  closePrompt() {
    const hadFocus = this.prompt.contains(document.activeElement);
    this.prompt.hidden = true;
    this.prompt.replaceChildren();
    if (hadFocus) this.holdFocus(this.status);
  }

  /** Focus on an element that is not a Tab stop of its own (the status line), where the keyboard waits. */
  holdFocus(element) {
    if (!element.hasAttribute("tabindex")) element.setAttribute("tabindex", "-1");
    element.focus({ preventScroll: true });
  }

  /** After "Try other cards": the keyboard goes to the first card the reader may try, or, at a step with
   * no card to choose, to the control that steps on; it stays on the status line if the engine failed. */
  focusAfterLive() {
    if (!this.focusWhenLive) return;
    this.focusWhenLive = false;
    const inFigure = this.figure.contains(document.activeElement);
    if (!inFigure && document.activeElement !== document.body) return; // the reader went elsewhere meanwhile
    if (this.figure.dataset.engine !== "live") {
      this.holdFocus(this.status);
      return;
    }
    const card = this.board.querySelector("button.tb-card.tb-legal");
    const next = this.next.getAttribute("aria-disabled") === "true" ? this.first : this.next;
    (card || next).focus();
  }

  async goLive() {
    if (!["static", "asking"].includes(this.figure.dataset.engine)) return;
    this.setEngine("loading");
    const progress = showEngineProgress(this.status, () => this.figure.dataset.engine === "loading");
    try {
      // The page already holds every step: the engine only reads the record, for "what if".
      const answer = await ask("load", { record: this.record });
      progress();
      if (!answer || !answer.ok || answer.steps !== this.recordSteps.length) {
        throw new Error("the engine could not read this record");
      }
      this.setEngine("live");
    } catch (err) {
      progress();
      console.warn("trickbook: engine unavailable", err);
      this.setEngine("failed");
    }
    this.paint();
    this.focusAfterLive();
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
      onChoose: (code, legal, card) => this.tryCard(seat, code, legal ? cardActions.get(code) : `${seat} ${code}`, card),
    };
  }

  async tryCard(seat, code, action, card) {
    const from = this.step;
    const next = this.recordSteps[from + 1];
    if (next && next.action === action) {
      this.go(from + 1); // the record's own line: just step on
      return;
    }
    const anchor = card || this.board.querySelector(`.tb-seat [data-card="${code}"]`);
    this.say(_("Asking the engine…"), anchor);
    let answer;
    try {
      answer = await ask("whatif", { record: this.record, step: from, action, seed: seedFor(this.id, String(from), action) });
    } catch (err) {
      console.warn("trickbook: what-if failed", err);
      if (err instanceof EngineUnavailable) this.onFail();
      this.say(_("The engine could not answer. Go back to the record and try again."), anchor);
      return;
    }
    if (answer && answer.reason) {
      // The rules refused the card: the engine's reason, in the reader's language, by the card.
      this.say(engineText(answer.reason), anchor, engineSpeech(answer.reason));
      return;
    }
    const steps = stepsOf(answer);
    if (!steps.length || (answer && answer.error)) {
      // Not a rule but a failure (a record or step the engine could not use): its
      // English details go to the console, never to the page.
      console.warn("trickbook: what-if refused", answer && answer.error);
      this.say(_("The engine could not answer. Go back to the record and try again."), anchor);
      return;
    }
    this.enterBranch(from, seat, code, action, steps, answer.changes || null);
  }

  enterBranch(from, seat, code, action, branchSteps, changes = null) {
    // The branch shares the record's steps up to `from`; the engine's steps replace the rest.
    const steps = this.recordSteps.slice(0, from + 1);
    for (const s of branchSteps) if (Number.isInteger(s.step) && s.step > from) steps[s.step] = s;
    this.branch = { from, action, changes };
    this.steps = steps.filter(Boolean);
    this.figure.dataset.branch = "whatif";
    const back = el("button", { type: "button", className: "tb-btn tb-back" }, _("Back to the record"));
    back.addEventListener("click", () => {
      this.leaveBranch();
      this.go(from);
      back.blur();
      this.board.focus({ preventScroll: true });
    });
    // In the sticky bar, on screen, with the step that the chosen card made.
    const question = fillParts(_("What if {seat} chose {card}? The bots play the rest of the hand."), { seat, card: code });
    this.branchBar.replaceChildren(el("p", {}, partsNodes(question)),
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
