// The play table: the reader plays a whole match of one game against bots.
//
// The page provides `<div class="tb-table" data-game="GAME">` holding a message for readers
// without JavaScript and the opening controls the build wrote in (hidden); start.js shows those
// and imports this module when the reader comes to them, and the table adopts them and replaces
// the message. Nothing starts until the reader presses Start (or a saved match is found): then the
// page's one engine (Pyodide in a worker, engine.js) opens a table (trickbook.table.facade) and
// every state shown (hands, legal actions, tricks, scores, explanations) comes from its answers.
// After every move the reader's moves are saved with the seed sealed
// (sealed.js: never the seed in clear while the match is on), so a reload brings the match back.
// At an online table (widgets/online/) the same table takes its answers from the table server
// (`goOnline`): a transport with the same `request`; the updates the server pushes are painted in
// order through `show()`; the server keeps the decision's clock. Tests may shorten the decision
// timer and the bots' pace with `?timer=SECONDS&pace=MS` or `data-timer` / `data-pace`. `?seed=`
// and 64 hexadecimal digits in the page address pins the deal of every match begun on that page.

import { _, fill, loadCatalog } from "../i18n.js";
import { ask } from "../engine.js";
import { showEngineProgress } from "../engine-progress.js";
import { addStylesheet, el, partsNodes } from "../dom.js";
import { siteGames } from "../games.js";
import { pinnedSeed, setting } from "./address.js";
import { installKeys } from "./keys.js";
import { cardClick } from "./sound.js";
import { forget, loadSaved, loadSettings, newSeed, save, saveSettings } from "./persistence.js";
import { SAVE_FORMAT, canSeal, movesIntact, seal, sealMoves, unseal } from "./sealed.js";
import { seatName, spokenSummary, tableParts, useSeats } from "./state.js";
import { Questions } from "./questions.js";
import { DecisionTimer } from "./timer.js";
import { TableView } from "./view.js";

const ASSETS = new URL("../../", import.meta.url);
const DEFAULT_PACE_MS = 700;
// What the engine's refusal of a saved match means for the reader (trickbook.table.facade).
const SAVE_PROBLEMS = { "save-version": "version", "save-refused": "refused", "bad-save": "unreadable" };

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
class PlayTable {
  /** `choices`: the game's entry of assets/games.json (what the reader may choose before Start). */
  constructor(root, choices) {
    this.root = root;
    this.game = root.dataset.game;
    this.choices = choices;
    this.timerOverride = setting(root, "timer");
    const pace = setting(root, "pace");
    this.pace = pace === null ? DEFAULT_PACE_MS : pace;
    this.id = null;
    this.view = null;
    this.busy = false;
    this.lifted = null; // the card code lifted, waiting for a second press
    this.questions = new Questions(this); // explain's questions, each asked once per position
    this.focusIndex = 0; // the hand's roving tab stop
    this.alone = false;
    this.sound = false;
    this.showLast = false;
    this.audio = null;
    this.transport = null; // an online table's link (widgets/online/transport.js); null: the page's engine
    this.people = null; // an online table's seats: {seat: {name, kind}} (the lobby's), painted beside each seat
    this.showing = Promise.resolve(); // the answers being painted, one after the other
    /** @type {Record<string, any> | null} what is saved (persistence.js's SavedMatch, with the hand number) */
    this.record = null;
    this.settings = loadSettings(); // {level}: how the bots of the next match play
    this.ui = new TableView(root, this);
    this.ui.gentle.checked = this.settings.level === "gentle";
    this.timer = new DecisionTimer(this.ui.timer, this.ui.timerText, () => this.send("table_timeout"), this.ui.said);
    if (this.timerOverride !== null) this.timer.seconds = this.timerOverride;
    this.root.tabIndex = -1; // focus rests on the table, never on the page body, while it repaints
    installKeys(this);
    // The page's skip link (start.js), pressed during a match: the keyboard goes to the decision at hand.
    root.addEventListener("tbt-skip", () => {
      this.root.scrollIntoView({ block: "start" });
      if (this.view) this.focusDecision(true);
      else this.root.focus({ preventScroll: true });
    });
    this.paintToggles();
    this.setEngine("static");
    if (pinnedSeed() === "") this.refuseSeed();
    // A page opened by a table's join link plays online (widgets/online/): no saved match resumes under it.
    if (!root.dataset.onlineJoin) this.resumeIfSaved();
  }

  /** The address's seed is not one: nothing is dealt from it, and the reader is told why. */
  refuseSeed() {
    this.ui.showNotice(_("The seed in this page's address is not 64 hexadecimal digits (0 to 9 and a to f), so no match was dealt from it. Correct the seed in the address, or remove it to deal a match at random."));
  }

  playing() {
    return Boolean(this.id) && this.view && !this.view.over;
  }

  setEngine(state) {
    this.root.dataset.engine = state;
    const text = {
      static: _("Press Start to deal. The engine starts in your browser, which takes a few seconds."),
      loading: _("Starting the engine…"),
      live: "",
      failed: _("The table could not start here: the engine did not load in this browser."),
    };
    this.ui.status.textContent = text[state];
    if (this.stopProgress) this.stopProgress();
    this.stopProgress = state === "loading" ? showEngineProgress(this.ui.status, () => this.root.dataset.engine === "loading") : null;
    this.ui.start.hidden = state === "loading" || state === "live";
    this.ui.intro.hidden = state === "live";
    this.ui.placeGentle(state === "live");
    if (this.ui.playersLabel) this.ui.playersLabel.hidden = this.ui.start.hidden;
    if (this.ui.roundsLabel) this.ui.roundsLabel.hidden = this.ui.start.hidden;
  }

  // ----- talking to the engine ------------------------------------------------
  /** The engine's answer, or the table server's at an online table. */
  engineAsk(type, payload) {
    return this.transport ? this.transport.request(type, payload) : ask(type, payload);
  }

  async request(type, payload) {
    this.busy = true;
    try {
      return await this.engineAsk(type, payload);
    } finally {
      this.busy = false;
    }
  }

  /** A saved match of this game comes back at once (the engine starts without waiting for Start). */
  async resumeIfSaved() {
    const found = loadSaved(this.game);
    if (!found) return;
    if (!found.ok) {
      this.dropSave(found.reason === "version" ? "version" : "unreadable");
      return;
    }
    this.setEngine("loading");
    // The seed comes out of its seal only to go to the engine; it is never kept in the page.
    const unsealed = await unseal(this.game, found.saved.sealed, found.saved);
    if (unsealed.seed && !(await movesIntact(this.game, found.saved.moves_sealed, found.saved))) {
      unsealed.seed = null; // the moves were cut or edited in storage (a take-back): the seal of the moves says so
      unsealed.problem = "seal";
    }
    if (!unsealed.seed) {
      this.setEngine("static");
      this.dropSave(unsealed.problem === "seal" ? "seal" : "unreadable");
      return;
    }
    let answer;
    try {
      answer = await this.request("table_resume", { saved: JSON.stringify({ ...found.saved, seed: unsealed.seed }) });
    } catch (err) {
      console.warn("trickbook: the table could not start", err);
      this.setEngine("failed");
      return;
    }
    if (!answer.ok || answer.view.fingerprint !== found.saved.fingerprint || answer.view.you !== found.saved.seat) {
      this.setEngine("static");
      this.dropSave(answer.ok ? "seal" : SAVE_PROBLEMS[answer.error && answer.error.code] || "unreadable");
      return;
    }
    this.record = { ...found.saved };
    await this.opened(answer, true);
    this.ui.showNotice(_("Your match was resumed where you left it."));
  }

  /** Drop the saved match, telling the reader what was wrong with it. */
  dropSave(problem) {
    forget(this.game);
    const notices = {
      version: _("A saved match from another version of the site could not be resumed and was dropped."),
      refused: _("A saved match could not be resumed because the rules refuse one of its moves; it was dropped."),
      seal: _("A saved match had been changed outside this page (its seal no longer matches) and was dropped."),
      unreadable: _("A saved match could not be read and was dropped."),
    };
    this.ui.showNotice(notices[problem] || notices.unreadable);
  }

  /**
   * Play the online match whose first answer (the server's snapshot) is `answer`, through `transport`
   * (widgets/online/transport.js). Nothing of it is saved in this browser: the server keeps it.
   */
  async goOnline(transport, answer) {
    if (this.transport && this.transport !== transport) this.transport.close();
    this.transport = transport;
    this.record = null;
    this.ui.confirm.hidden = true;
    await this.opened(answer, true);
  }

  /** The time left for the decision: the server's deadline at an online table, else the page's own clock. */
  startTimer() {
    if (!this.transport) {
      this.timer.start();
      return;
    }
    const at = this.view ? this.view.deadline_at : null;
    this.timer.startDeadline(typeof at === "number" ? Math.max(0, at - performance.now()) : null);
  }

  async begin() {
    if (this.busy) return;
    const pinned = pinnedSeed();
    if (pinned === "") {
      this.refuseSeed();
      this.ui.notice.scrollIntoView({ block: "nearest" }); // Start was pressed: the reason is shown where it is seen
      return;
    }
    this.timer.stop();
    if (this.transport) {
      // A match of one's own after an online one: the page's engine again.
      this.transport.close();
      this.transport = null;
      this.people = null;
      this.root.dispatchEvent(new CustomEvent("tbo-left"));
    }
    const fromStart = this.ui.intro.contains(document.activeElement);
    this.setEngine("loading");
    if (fromStart) this.root.focus({ preventScroll: true }); // Start is hidden: the keyboard stays at the table
    this.ui.showNotice("");
    const seed = pinned || newSeed();
    const players = this.ui.players ? Number(this.ui.players.value) : null;
    const rounds = this.ui.rounds ? Number(this.ui.rounds.value) : null;
    const level = this.settings.level;
    // The house rules ticked before Start: {option: value}, in the order the page lists them.
    const ticked = this.ui.house.filter((box) => box.checked);
    const rules = ticked.length ? Object.fromEntries(ticked.map((box) => [box.dataset.option, box.dataset.value === "true"])) : null;
    let answer;
    try {
      answer = await this.request("table_new", { game: this.game, seed, level, ...(players ? { players } : {}), ...(rounds ? { rounds } : {}), ...(rules ? { rules } : {}) });
    } catch (err) {
      console.warn("trickbook: the table could not start", err);
      this.setEngine("failed");
      return;
    }
    if (!answer.ok) {
      this.setEngine("failed");
      return;
    }
    // Everything that defines the match is sealed with its seed: a save edited in storage never resumes.
    const terms = { version: answer.version, fingerprint: answer.view.fingerprint, seat: answer.view.you, players, rounds, level, ...(rules ? { rules } : {}) };
    let sealed = null;
    try {
      if (canSeal()) sealed = await seal(this.game, seed, terms);
    } catch (err) {
      console.warn("trickbook: the seed could not be sealed; this match will not be saved", err);
    }
    this.record = { format: SAVE_FORMAT, ...terms, sealed, moves: [] };
    await this.opened(answer, false);
  }

  async opened(answer, resumed) {
    this.id = answer.id;
    this.root.dataset.level = answer.view.level; // how this match's bots play
    if (this.timerOverride === null) this.timer.seconds = answer.seconds;
    // As the reader chose before Start (unticked by start.js under reduced motion); at an online table the
    // server's clock runs whatever the page shows, so its countdown shows until the reader hides it.
    this.timer.on = this.transport ? true : this.ui.timerOn.checked;
    this.paintToggles();
    this.setEngine("live");
    this.ui.game.hidden = false;
    this.ui.log.replaceChildren();
    this.ui.heard.replaceChildren();
    this.lines = 0;
    this.ui.fingerprint.replaceChildren(_("Fingerprint of this match's seed:"), " ", el("code", {}, answer.view.fingerprint));
    // The house rules this match is played by, in the words of the switches the page lists.
    const agreed = this.ui.house.filter((box) => (answer.view.house_rules || {})[box.dataset.option] === (box.dataset.value === "true"));
    if (agreed.length) {
      this.ui.fingerprint.append(" ", el("span", { className: "tbt-house-agreed" }, _("House rules:"), " ",
        agreed.map((box) => box.closest("label").textContent.trim()).join(" ")));
    }
    this.root.scrollIntoView({ block: "start" });
    if (resumed) {
      // The log is written again from every step the moves replayed, as it was narrated then
      // (the log keeps its newest lines); the position is painted at once.
      for (const step of answer.steps) this.narrate(step);
      this.paint(answer.view);
      this.startTimer();
      await this.keep(answer);
      if (!this.view.your_turn || this.view.phase === "hand-over") this.timer.hide();
    } else {
      await this.keep(answer);
      await this.show(answer);
    }
    this.focusDecision(true);
  }

  /** Save the match after each answer, its moves sealed (and forget it once it is over). */
  async keep(answer) {
    const record = this.record;
    if (!record) return;
    if (answer.view.over) {
      forget(this.game);
      return;
    }
    record.moves = answer.moves;
    record.hand_number = answer.view.hand_number;
    if (!record.sealed) return; // no sealed seed (no Web Crypto here): the match is not saved
    /** @type {Record<string, any>} */
    const kept = { ...record, moves: [...answer.moves] };
    try {
      kept.moves_sealed = await sealMoves(this.game, kept);
    } catch (err) {
      console.warn("trickbook: the moves could not be sealed; the match was not saved", err);
      return;
    }
    if (this.record === record) save(this.game, kept); // (not if another match began meanwhile)
  }

  async send(type, payload = {}) {
    if (this.busy || !this.id) return;
    this.timer.stop();
    // The page's own state says a move is on its way from now until its answer is painted.
    this.sending = true;
    this.root.dataset.busy = "true";
    const active = document.activeElement;
    const hadFocus = !active || active === document.body || this.root.contains(active);
    // A card keeps the focus in the hand while the bots play (the hand repaints around it);
    // a placard's button is replaced, so the focus waits on the table, which shows it.
    if (hadFocus && !this.ui.cards.contains(active)) this.root.focus({ preventScroll: true });
    let answer;
    try {
      answer = await this.request(type, { table: this.id, ...payload });
    } catch (err) {
      console.warn("trickbook: the engine did not answer", err);
      answer = null;
    } finally {
      this.sending = false;
    }
    if (!answer || !answer.ok) this.root.dataset.busy = "false";
    if (!answer) {
      this.setEngine("failed");
      return;
    }
    if (!answer.ok) {
      const reason = answer.reason || answer.error;
      this.ui.showExplanation(this.ui.askExplanation(), null, reason ? [el("p", {}, partsNodes(tableParts(reason)))] : []);
      this.startTimer();
      this.focusDecision(hadFocus);
      return;
    }
    this.lifted = null;
    this.alone = false;
    this.showLast = false;
    await this.keep(answer);
    await this.show(answer);
    this.focusDecision(hadFocus);
  }

  act(action) {
    return this.send("table_act", { action });
  }

  deal() {
    this.ui.bringIntoView(); // the next hand is played where the table is seen
    return this.send("table_next");
  }

  /** Ask the engine what `target` is (`passive`: asked by hover or focus); questions.js shows the answer. */
  explain(target, passive = false) {
    return this.questions.ask(target, passive);
  }

  /** Paint each step in turn (the bots' moves at the table's pace), then the final view; answers pushed meanwhile wait their turn. */
  show(answer) {
    const run = () => this.paintAnswer(answer);
    this.showing = this.showing.then(run, run);
    return this.showing;
  }

  /** An answer the server pushed (another seat's move, a bot's, a time-out): painted in order, the keyboard kept at the table. */
  pushed(answer) {
    const run = async () => {
      // As after the reader's own move: a button the new view replaces does not drop the keyboard on the page.
      const active = document.activeElement;
      const hadFocus = !active || active === document.body || this.root.contains(active);
      if (hadFocus && !this.ui.cards.contains(active)) this.root.focus({ preventScroll: true });
      await this.paintAnswer(answer);
      this.focusDecision(hadFocus);
    };
    this.showing = this.showing.then(run, run);
    return this.showing;
  }

  async paintAnswer(answer) {
    this.busy = true;
    this.root.dataset.busy = "true";
    try {
      const last = answer.steps[answer.steps.length - 1];
      for (const step of answer.steps) {
        this.narrate(step);
        this.paint(step.view);
        if (step.action && step.view.trick) this.click();
        // No pause after the last step: the table shows the reader's turn only with the focus on the decision.
        if (step.bot && this.pace && step !== last) {
          const trick = step.view.trick;
          await sleep(trick && trick.winner ? this.pace * 2 : this.pace);
        }
      }
    } finally {
      this.busy = false;
      this.root.dataset.busy = String(Boolean(this.sending)); // a move of the reader's may be on its way meanwhile
    }
    this.paint(answer.view);
    if (this.view.your_turn) this.startTimer();
    else this.timer.hide();
    this.questions.settled();
  }

  narrate(step) {
    useSeats(step.view.seats.map((s) => s.seat));
    this.lines = (this.lines || 0) + step.events.length;
    this.ui.log.dataset.lines = String(this.lines); // how many were narrated, the trimmed ones included
    const why = step.bot && step.why ? {
      code: step.why.code,
      parts: tableParts(step.why),
      question: fill(_("Why did {seat} do that?"), { seat: seatName(step.seat) }),
    } : null;
    this.ui.narrate(step.events.map((event) => ({ code: event.code, parts: tableParts(event) })), step.bot, why);
    // The hand is over: the bots' full reasons, with the cards they held (during the hand only what all could see).
    if (step.reasons && step.reasons.length) {
      this.ui.narrateFull(step.reasons.map((told) => ({ code: told.why.code, parts: tableParts(told.why) })));
    }
  }

  paint(view) {
    this.questions.moved(view);
    this.view = view;
    useSeats(view.seats.map((s) => s.seat));
    if (this.lifted && !view.playable.includes(this.lifted)) this.lifted = null;
    this.focusIndex = Math.min(this.focusIndex, Math.max(0, view.hand.length - 1));
    this.ui.paint(view, this.lifted, this.focusIndex, this.alone, this.showLast);
    this.ui.lastTrick.setAttribute("aria-pressed", String(this.showLast));
  }

  // ----- the reader's hand ----------------------------------------------------
  pressCard(code, index) {
    this.focusIndex = index;
    const card = this.ui.cards.querySelector(`[data-card="${code}"]`);
    if (card && card.dataset.longPress) {
      delete card.dataset.longPress; // the press showed an explanation; it does not lift
      return;
    }
    if (this.busy || !this.view || !this.view.your_turn || !this.view.playable.includes(code)) {
      this.explain(`card:${code}`); // the engine says why not
      return;
    }
    if (this.lifted === code) {
      this.playLifted();
      return;
    }
    this.lifted = code;
    this.paint(this.view);
    this.focusCard(index);
  }

  playLifted() {
    if (!this.lifted || !this.view) return;
    const action = this.view.actions.find((a) => a.card === this.lifted && (a.verb === "play" || a.verb === "discard"));
    if (action) this.act(action.text);
  }

  focusCard(index) {
    const cards = [...this.ui.cards.querySelectorAll(".tbt-card")];
    if (!cards.length) return;
    this.focusIndex = Math.max(0, Math.min(cards.length - 1, index));
    cards.forEach((c, i) => c.setAttribute("tabindex", i === this.focusIndex ? "0" : "-1"));
    cards[this.focusIndex].focus({ preventScroll: true });
  }

  /** After a move, put the keyboard where the next decision is (only if it was inside the table). */
  focusDecision(force) {
    if (!force && !this.root.contains(document.activeElement)) return;
    const view = this.view;
    if (!view) return;
    if (view.phase === "hand-over") {
      (view.over ? this.ui.newMatch : this.ui.nextHand).focus({ preventScroll: true });
      return;
    }
    if (!view.your_turn) {
      if (!this.ui.cards.contains(document.activeElement)) this.root.focus({ preventScroll: true });
      return;
    }
    const choice = this.ui.choices.querySelector("button");
    const first = view.hand.findIndex((code) => view.playable.includes(code));
    if (first >= 0) {
      this.focusCard(first);
      return;
    }
    if (choice) choice.focus({ preventScroll: true });
    else this.focusCard(0);
  }

  toggleAlone() {
    this.alone = !this.alone;
    if (this.view) this.paint(this.view);
  }

  toggleLastTrick() {
    if (!this.view || (!this.view.last_trick && !this.showLast)) return;
    this.showLast = !this.showLast;
    this.paint(this.view);
  }

  // ----- a new match ----------------------------------------------------------
  /** Gentle bots (today's heuristic bots) or strong ones (they look ahead): from the next match, remembered. */
  setGentle(on) {
    this.settings.level = on ? "gentle" : "strong";
    saveSettings(this.settings);
    if (this.playing()) this.ui.showNotice(_("The bots play this way from the next match."));
  }

  newMatchAsked() {
    if (this.playing()) {
      this.timer.stop();
      this.ui.confirm.hidden = false;
      this.ui.confirm.querySelector(".tbt-confirm-no").focus({ preventScroll: true });
      return;
    }
    this.begin();
  }

  confirmNew(yes) {
    this.ui.confirm.hidden = true;
    if (yes) {
      forget(this.game);
      this.begin();
      return;
    }
    if (this.view && this.view.your_turn) this.startTimer();
    this.focusDecision(true);
  }

  async copySeed(button) {
    if (!this.view || !this.view.seed) return;
    try {
      await navigator.clipboard.writeText(this.view.seed);
      button.textContent = _("Seed copied");
    } catch (err) {
      button.textContent = _("Select the seed above to copy it");
    }
  }

  // ----- timer and sound ---------------------------------------------------------
  toggleTimer() {
    this.timer.on = !this.timer.on;
    this.ui.timerOn.checked = this.timer.on;
    this.paintToggles();
    if (this.view && this.view.your_turn) this.startTimer();
  }

  toggleSound() {
    this.sound = !this.sound;
    if (this.sound && !this.audio && window.AudioContext) this.audio = new AudioContext();
    this.paintToggles();
  }

  paintToggles() {
    this.ui.soundToggle.textContent = this.sound ? _("Sound: on (M)") : _("Sound: off (M)");
    this.ui.soundToggle.setAttribute("aria-pressed", String(this.sound));
    this.ui.timerToggle.textContent = this.timer.on ? _("Timer: on") : _("Timer: off");
    this.ui.timerToggle.setAttribute("aria-pressed", String(this.timer.on));
  }

  /** Say a part of the table aloud (keys.js: hand, trick, score, turn, trumps) in the table's live region. */
  announce(kind) {
    const text = spokenSummary(this.view, kind);
    if (!text) return;
    // Emptied first, so that pressing the same key twice says it twice.
    this.ui.said.textContent = "";
    requestAnimationFrame(() => { this.ui.said.textContent = text; });
  }

  /** A short click as a card lands (only when the reader turned sound on). */
  click() {
    if (this.sound && this.audio) cardClick(this.audio);
  }
}

// ----- mounting -------------------------------------------------------------------

function ensureStylesheet() {
  for (const name of ["table.css", "felt.css"]) {
    addStylesheet(new URL(`widgets/play-table/${name}`, ASSETS).href);
  }
}

/** Each mounted table by its root (widgets/online/ finds the table it plays through). */
export const tables = new WeakMap();

/** Mount a table on every play table of the page (start.js imports this module when one is needed). */
export async function mount() {
  const known = await siteGames();
  const roots = [.../** @type {NodeListOf<HTMLElement>} */ (document.querySelectorAll("div.tb-table[data-game]"))]
    .filter((r) => Object.hasOwn(known, r.dataset.game) && !r.dataset.tbMounted);
  if (!roots.length) return;
  ensureStylesheet();
  await loadCatalog(new URL("i18n/", ASSETS), document.documentElement.lang || "en");
  for (const root of roots) {
    if (root.dataset.tbMounted) continue;
    root.dataset.tbMounted = "true";
    tables.set(root, new PlayTable(root, known[root.dataset.game]));
  }
}
