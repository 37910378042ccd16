// The play table: the reader plays a whole Euchre match against three bots.
//
// The page provides `<div class="tb-table" data-game="euchre">` holding a message
// for readers without JavaScript. This module replaces it with the table. Nothing
// starts until the reader presses Start: then the page's one engine (Pyodide in a
// worker, engine.js) opens a table (trickbook.web.table_*_json) and every state
// shown (hands, legal cards, tricks, scores, explanations) comes from its answers.
// Tests may shorten the 20-second decision timer and the bots' pace with
// `?timer=SECONDS&pace=MS` or `data-timer` / `data-pace` on the container.

import { _, cardDisplay, engineText, fill, isRed, loadCatalog, suitName } from "./i18n.js";
import { ask } from "./engine.js";
import { el } from "./board.js";

const ASSETS = new URL("../", import.meta.url);
const SUIT_SYMBOLS = { S: "♠", H: "♥", D: "♦", C: "♣" };
const SEAT_KEYS = new Set(["seat", "current", "dealer", "maker", "partner", "you"]);
const LONG_PRESS_MS = 550;
const DEFAULT_PACE_MS = 700;

// ----- pure helpers: what to show, from a view ---------------------------------

export function seatName(seat) {
  const names = { N: _("North"), E: _("East"), S: _("South"), W: _("West") };
  return names[seat] || seat;
}

export function teamName(team) {
  return fill(_("{first} and {second}"), { first: seatName(team[0]), second: seatName(team[1]) });
}

/** Where each seat sits on screen: the reader at the bottom, the next seat in play on their left. */
export function seatPlaces(seats, you) {
  const i = seats.indexOf(you);
  const at = (k) => seats[(i + k) % seats.length];
  return { bottom: at(0), left: at(1), top: at(2), right: at(3) };
}

/** An action text split into its parts: "S call H alone" -> {seat, verb, arg, alone}. */
export function parseAction(text) {
  const words = String(text).split(" ");
  const alone = words[words.length - 1] === "alone";
  if (alone) words.pop();
  const [seat, verb, arg] = words;
  if (/^[AKQJT9][SHDC]$/.test(verb)) return { seat, verb: "play", arg: verb, alone };
  return { seat, verb, arg: arg || null, alone };
}

/** The placard's buttons for a view: [{kind, label, action}], plus whether Go alone is offered. */
export function placardChoices(view, alone) {
  if (!view.your_turn) return { choices: [], canGoAlone: false };
  const parsed = view.legal.map((text) => ({ text, ...parseAction(text) }));
  const canGoAlone = parsed.some((a) => a.alone);
  const choices = [];
  const pick = (verb, arg) => parsed.find((a) => a.verb === verb && a.arg === arg && a.alone === (alone && canGoAlone))
    || parsed.find((a) => a.verb === verb && a.arg === arg && !a.alone);
  for (const a of parsed) {
    if (a.alone) continue;
    if (a.verb === "order") choices.push({ kind: "order", label: _("Order it up"), action: pick("order", null).text });
    else if (a.verb === "pickup") choices.push({ kind: "pickup", label: _("Pick it up"), action: pick("pickup", null).text });
    else if (a.verb === "call") {
      choices.push({ kind: "call", suit: a.arg, label: `${SUIT_SYMBOLS[a.arg]} ${suitName(a.arg)}`, action: pick("call", a.arg).text });
    }
  }
  const pass = parsed.find((a) => a.verb === "pass");
  if (pass) choices.push({ kind: "pass", label: _("Pass"), action: pass.text });
  return { choices, canGoAlone };
}

/** An engine message with seats and teams given their names, in the reader's language. */
export function tableText(message) {
  const values = {};
  for (const [key, value] of Object.entries(message.values || {})) {
    if (SEAT_KEYS.has(key) && typeof value === "string") values[key] = seatName(value);
    else if (key === "team" && typeof value === "string" && value.length === 2) values[key] = teamName(value);
    else values[key] = value;
  }
  return engineText({ ...message, values });
}

function setting(root, name, fallback) {
  const fromUrl = new URLSearchParams(location.search).get(name);
  const value = Number(fromUrl ?? root.dataset[name]);
  return Number.isFinite(value) && value >= 0 ? value : fallback;
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

// ----- the table ---------------------------------------------------------------

class PlayTable {
  constructor(root) {
    this.root = root;
    this.seconds = setting(root, "timer", 20);
    this.pace = setting(root, "pace", DEFAULT_PACE_MS);
    this.id = null;
    this.view = null;
    this.busy = false;
    this.lifted = null; // the card code lifted, waiting for a second press
    this.focusIndex = 0; // the hand's roving tab stop
    this.alone = false;
    this.sound = false;
    this.timerOn = true;
    this.deadline = null;
    this.tick = null;
    this.audio = null;
    this.build();
    this.setEngine("static");
  }

  // ----- building the DOM ----------------------------------------------------
  build() {
    const button = (cls, text, onClick, attrs = {}) => {
      const b = el("button", { type: "button", className: `tbt-btn ${cls}`, ...attrs }, text);
      b.addEventListener("click", onClick);
      return b;
    };
    this.start = button("tbt-start", _("Start a match"), () => this.begin());
    this.status = el("p", { className: "tbt-status", role: "status" });
    this.fingerprint = el("p", { className: "tbt-fingerprint" });
    this.score = el("div", { className: "tbt-score" });
    this.places = {};
    for (const place of ["top", "left", "right", "bottom"]) {
      this.places[place] = el("div", { className: `tbt-seat tbt-${place}` });
    }
    this.trick = el("div", { className: "tbt-trick", role: "group", "aria-label": _("Cards on the table") });
    this.upcard = this.explainer(button("tbt-upcard tbt-object", "", () => this.explain("upcard")), "upcard");
    this.kitty = this.explainer(button("tbt-kitty tbt-object", "", () => this.explain("kitty")), "kitty");
    this.trumpChip = this.explainer(button("tbt-trump tbt-object", "", () => this.explain("trump")), "trump");
    this.center = el("div", { className: "tbt-center" },
      el("div", { className: "tbt-objects" }, this.upcard, this.kitty, this.trumpChip), this.trick);
    this.felt = el("div", { className: "tbt-felt" },
      this.places.top, this.places.left, this.center, this.places.right, this.places.bottom);
    this.prompt = el("p", { className: "tbt-prompt" });
    this.choices = el("div", { className: "tbt-choices" });
    this.aloneToggle = button("tbt-alone", _("Go alone"), () => this.toggleAlone(), { "aria-pressed": "false" });
    this.placard = el("div", { className: "tbt-placard", role: "group", "aria-label": _("Your choice") },
      this.prompt, this.choices, this.aloneToggle);
    this.cards = el("div", { className: "tbt-cards", role: "group", "aria-label": _("Your hand"), "aria-keyshortcuts": "ArrowLeft ArrowRight Enter" });
    this.playButton = button("tbt-play", _("Play"), () => this.playLifted(), { "aria-disabled": "true" });
    this.hand = el("div", { className: "tbt-hand" }, this.cards, this.playButton);
    this.timerText = el("span", { className: "tbt-timer-text" });
    this.timerBar = el("span", { className: "tbt-timer-bar", "aria-hidden": "true" }, el("span", { className: "tbt-timer-fill" }));
    this.timerToggle = button("tbt-timer-toggle", "", () => this.toggleTimer(), { "aria-pressed": "true" });
    this.timer = el("div", { className: "tbt-timer" }, this.timerText, this.timerBar);
    this.explanation = el("div", { className: "tbt-explain", "aria-live": "polite" });
    this.log = el("div", { className: "tbt-log", role: "log", tabindex: "0", "aria-live": "polite", "aria-label": _("What happens at the table") });
    this.soundToggle = button("tbt-sound", "", () => this.toggleSound(), { "aria-pressed": "false", "aria-keyshortcuts": "M" });
    this.nextHand = button("tbt-next", _("Deal the next hand"), () => this.deal(), { hidden: true });
    this.newMatch = button("tbt-new", _("Start a new match"), () => this.begin(), { hidden: true });
    this.end = el("div", { className: "tbt-end", hidden: true });
    this.game = el("div", { className: "tbt-game", hidden: true },
      this.fingerprint, this.score, this.felt, this.placard, this.hand, this.timer,
      el("div", { className: "tbt-tools" }, this.nextHand, this.newMatch, this.timerToggle, this.soundToggle),
      this.explanation, this.log, this.end);
    this.root.replaceChildren(
      el("div", { className: "tbt-intro" }, this.start, this.status),
      this.game);
    this.root.addEventListener("keydown", (event) => this.onKey(event));
    this.paintToggles();
  }

  /** Hover, long-press and keyboard focus on `node` show the explanation of `target`. */
  explainer(node, target) {
    let timer = null;
    node.addEventListener("mouseenter", () => this.explain(typeof target === "function" ? target() : target));
    node.addEventListener("focus", () => this.explain(typeof target === "function" ? target() : target));
    node.addEventListener("pointerdown", (event) => {
      if (event.pointerType !== "touch") return;
      timer = setTimeout(() => {
        node.dataset.longPress = "true";
        this.explain(typeof target === "function" ? target() : target);
      }, LONG_PRESS_MS);
    });
    for (const type of ["pointerup", "pointercancel", "pointerleave"]) {
      node.addEventListener(type, () => clearTimeout(timer));
    }
    return node;
  }

  setEngine(state) {
    this.root.dataset.engine = state;
    const text = {
      static: _("Press Start to deal. The engine starts in your browser, which takes a few seconds."),
      loading: _("Starting the engine…"),
      live: "",
      failed: _("The table could not start here: the engine did not load in this browser."),
    };
    this.status.textContent = text[state];
    this.start.hidden = state === "loading" || state === "live";
  }

  // ----- talking to the engine ------------------------------------------------
  async request(type, payload) {
    this.busy = true;
    try {
      return await ask(type, payload);
    } finally {
      this.busy = false;
    }
  }

  async begin() {
    if (this.busy) return;
    this.stopTimer();
    this.setEngine("loading");
    let answer;
    try {
      answer = await this.request("table_new", { seat: "S" });
    } catch (err) {
      console.warn("trickbook: the table could not start", err);
      this.setEngine("failed");
      return;
    }
    if (!answer.ok) {
      this.setEngine("failed");
      return;
    }
    this.id = answer.id;
    this.setEngine("live");
    this.game.hidden = false;
    this.log.replaceChildren();
    this.end.hidden = true;
    this.newMatch.hidden = true;
    this.fingerprint.replaceChildren(_("Fingerprint of this match's seed:"), " ",
      el("code", {}, answer.view.fingerprint));
    await this.show(answer);
    this.focusDecision(true);
  }

  async send(type, payload = {}) {
    if (this.busy || !this.id) return;
    this.stopTimer();
    const active = document.activeElement;
    const hadFocus = !active || active === document.body || this.root.contains(active);
    let answer;
    try {
      answer = await this.request(type, { table: this.id, ...payload });
    } catch (err) {
      console.warn("trickbook: the engine did not answer", err);
      this.setEngine("failed");
      return;
    }
    if (!answer.ok) {
      const reason = answer.reason || answer.error;
      this.explanation.textContent = reason ? tableText(reason) : "";
      this.startTimer();
      return;
    }
    this.lifted = null;
    this.alone = false;
    await this.show(answer);
    this.focusDecision(hadFocus);
  }

  act(action) {
    return this.send("table_act", { action });
  }

  deal() {
    return this.send("table_next");
  }

  async explain(target) {
    if (!this.id || !target) return;
    let answer;
    try {
      answer = await ask("table_explain", { table: this.id, target });
    } catch (err) {
      return;
    }
    if (!answer.ok) return;
    this.explanation.dataset.target = target;
    this.explanation.replaceChildren(...answer.messages.map((m) =>
      el("p", { dataset: { code: m.code } }, tableText(m))));
  }

  /** Paint each step in turn (the bots' moves at the table's pace), then the final view. */
  async show(answer) {
    this.busy = true;
    try {
      for (const step of answer.steps) {
        this.narrate(step);
        this.paint(step.view);
        if (step.action && parseAction(step.action).verb === "play") this.click();
        if (step.bot && this.pace) {
          const trick = step.view.trick;
          await sleep(trick && trick.winner ? this.pace * 2 : this.pace);
        }
      }
    } finally {
      this.busy = false;
    }
    this.paint(answer.view);
    this.startTimer();
  }

  narrate(step) {
    this.lines = (this.lines || 0) + step.events.length;
    this.log.dataset.lines = String(this.lines); // how many were narrated, the trimmed ones included
    for (const event of step.events) {
      this.log.append(el("p", { className: step.bot ? "tbt-bot-line" : "tbt-your-line", dataset: { code: event.code } },
        tableText(event)));
    }
    while (this.log.childElementCount > 12) this.log.firstElementChild.remove();
  }

  // ----- painting a view ----------------------------------------------------
  paint(view) {
    this.view = view;
    const root = this.root;
    root.dataset.phase = view.phase;
    root.dataset.turn = view.your_turn ? "you" : view.current ? "bot" : "";
    root.dataset.handNumber = String(view.hand_number);
    root.dataset.trump = view.trump || "";
    root.dataset.over = String(view.over);
    const places = seatPlaces(view.seats.map((s) => s.seat), view.you);
    for (const [place, seat] of Object.entries(places)) {
      this.paintSeat(this.places[place], view.seats.find((s) => s.seat === seat), view);
    }
    this.paintObjects(view);
    this.paintTrick(view, places);
    this.paintPlacard(view);
    this.paintHand(view);
    this.paintScore(view);
    this.nextHand.hidden = !(view.phase === "hand-over" && !view.over);
    this.paintEnd(view);
  }

  paintSeat(box, seat, view) {
    const badges = [];
    if (seat.bot) badges.push(el("span", { className: "tbt-badge tbt-bot" }, _("bot")));
    if (seat.you) badges.push(el("span", { className: "tbt-badge tbt-you" }, _("you")));
    if (seat.dealer) badges.push(el("span", { className: "tbt-badge" }, _("dealer")));
    if (seat.sitting_out) badges.push(el("span", { className: "tbt-badge" }, _("sits out")));
    if (view.current === seat.seat) badges.push(el("span", { className: "tbt-badge tbt-turn" }, _("to play")));
    const taken = this.explainer(el("button", { type: "button", className: "tbt-btn tbt-taken" },
      fill(_("Tricks: {count}"), { count: String(seat.taken) })), `taken:${seat.seat}`);
    taken.addEventListener("click", () => this.explain(`taken:${seat.seat}`));
    const backs = seat.you ? null : el("span", { className: "tbt-backs", "aria-hidden": "true" }, "▮".repeat(seat.cards));
    box.dataset.seat = seat.seat;
    box.dataset.bot = String(seat.bot);
    box.classList.toggle("tbt-current", view.current === seat.seat);
    box.replaceChildren(
      el("p", { className: "tbt-seat-head" }, el("strong", {}, seatName(seat.seat)), " ", ...badges),
      el("p", { className: "tbt-seat-info" }, backs, seat.you ? null : el("span", { className: "tbt-sr" },
        fill(_("Cards in hand: {count}"), { count: String(seat.cards) })), taken));
  }

  paintObjects(view) {
    const up = view.upcard;
    const upText = {
      "face-up": fill(_("Upcard: {card}"), { card: cardDisplay(up) }),
      "picked-up": fill(_("Upcard {card}, picked up"), { card: cardDisplay(up) }),
      "turned-down": fill(_("Upcard {card}, turned down"), { card: cardDisplay(up) }),
      "in-kitty": fill(_("Upcard {card}, left in the kitty"), { card: cardDisplay(up) }),
    }[view.upcard_state];
    this.upcard.textContent = upText;
    this.upcard.dataset.card = up;
    this.upcard.dataset.state = view.upcard_state;
    this.upcard.classList.toggle("tbt-red", isRed(up));
    this.kitty.textContent = fill(_("Kitty: {count} cards face down"), { count: String(view.kitty_size) });
    this.trumpChip.textContent = view.trump
      ? fill(_("Trumps: {suit}"), { suit: `${SUIT_SYMBOLS[view.trump]} ${suitName(view.trump)}` })
      : _("Trumps: not made yet");
    this.trumpChip.classList.toggle("tbt-red", view.trump === "H" || view.trump === "D");
  }

  paintTrick(view, places) {
    const trick = view.trick;
    const spots = {};
    for (const [place, seat] of Object.entries(places)) {
      spots[seat] = el("span", { className: `tbt-spot tbt-spot-${place}`, dataset: { seat } });
    }
    if (trick) {
      trick.plays.forEach(([seat, card], i) => {
        const face = el("span", {
          className: `tbt-face ${isRed(card) ? "tbt-red" : "tbt-black"}`,
          dataset: { card, led: String(i === 0) },
        }, cardDisplay(card));
        spots[seat].append(el("span", { className: "tbt-sr" }, seatName(seat) + ": "), face);
        if (trick.winner === seat) spots[seat].classList.add("tbt-winning");
      });
    }
    const head = trick
      ? fill(trick.winner ? _("Trick {number}: won by {seat}") : _("Trick {number}"),
        { number: String(trick.number), seat: trick.winner ? seatName(trick.winner) : "" })
      : _("No card played yet");
    this.trick.dataset.number = trick ? String(trick.number) : "0";
    this.trick.dataset.led = trick && trick.plays.length && !trick.winner ? trick.plays[0][1] : "";
    this.trick.replaceChildren(el("p", { className: "tbt-trick-head" }, head), ...Object.values(spots));
  }

  paintPlacard(view) {
    const { choices, canGoAlone } = placardChoices(view, this.alone);
    const waiting = view.current ? fill(_("Waiting for {seat} (bot)…"), { seat: seatName(view.current) }) : "";
    const prompts = {
      "round-one": _("Make trumps: order the upcard up, or pass (S)."),
      "round-two": choices.some((c) => c.kind === "pass")
        ? _("Name a suit as trumps, or pass (S).")
        : _("You are the dealer and stuck: name a suit."),
      discard: _("Choose a card to discard, then press Discard."),
      play: _("Your turn: choose a card to play."),
    };
    let prompt = view.your_turn ? prompts[view.phase] || "" : waiting;
    if (view.phase === "hand-over") prompt = view.over ? _("The match is over.") : _("The hand is over.");
    this.prompt.textContent = prompt;
    this.choices.replaceChildren(...choices.map((c) => {
      const b = el("button", { type: "button", className: `tbt-btn tbt-choice tbt-${c.kind}`, dataset: { action: c.action } }, c.label);
      if (c.kind === "pass") b.setAttribute("aria-keyshortcuts", "S");
      b.addEventListener("click", () => this.act(c.action));
      return b;
    }));
    this.aloneToggle.hidden = !canGoAlone;
    this.aloneToggle.setAttribute("aria-pressed", String(this.alone && canGoAlone));
    this.placard.dataset.phase = view.phase;
  }

  paintHand(view) {
    const playable = new Set(view.playable);
    const deciding = view.your_turn && (view.phase === "play" || view.phase === "discard");
    if (this.lifted && !playable.has(this.lifted)) this.lifted = null;
    this.focusIndex = Math.min(this.focusIndex, Math.max(0, view.hand.length - 1));
    const buttons = view.hand.map((code, i) => {
      const legal = playable.has(code);
      const lifted = this.lifted === code;
      const b = el("button", {
        type: "button",
        className: `tbt-card ${isRed(code) ? "tbt-red" : "tbt-black"}${deciding && !legal ? " tbt-dim" : ""}${lifted ? " tbt-lifted" : ""}`,
        dataset: { card: code, index: String(i) },
        tabindex: i === this.focusIndex ? "0" : "-1",
        "aria-disabled": String(!legal),
        "aria-pressed": legal ? String(lifted) : null,
      }, cardDisplay(code));
      const bower = view.bowers[code];
      if (bower) b.append(el("span", { className: "tbt-tag" }, bower === "right" ? _("right bower") : _("left bower")));
      if (!legal) b.append(el("span", { className: "tbt-sr" }, " " + _("(not allowed now)")));
      b.addEventListener("click", () => this.pressCard(code, i));
      b.addEventListener("focus", () => { this.focusIndex = i; });
      return this.explainer(b, `card:${code}`);
    });
    const hadFocus = this.cards.contains(document.activeElement);
    this.cards.replaceChildren(...buttons);
    if (hadFocus && buttons.length) buttons[this.focusIndex].focus({ preventScroll: true });
    this.hand.hidden = view.hand.length === 0;
    this.playButton.textContent = view.phase === "discard" ? _("Discard") : _("Play");
    this.playButton.setAttribute("aria-disabled", String(!this.lifted));
  }

  paintScore(view) {
    const rows = view.teams.map((team) => {
      const points = view.score[team] || 0;
      const holes = Array.from({ length: view.target }, (_unused, i) =>
        el("span", { className: i < points ? "tbt-hole tbt-pegged" : "tbt-hole" }));
      const label = team === view.your_team ? fill(_("{team} (your team)"), { team: teamName(team) }) : teamName(team);
      return el("div", { className: "tbt-track", dataset: { team, points: String(points) } },
        el("span", { className: "tbt-track-label" }, fill(_("{team}: {points} of {target}"), {
          team: label, points: String(points), target: String(view.target),
        })),
        el("span", { className: "tbt-holes", "aria-hidden": "true" }, holes));
    });
    this.score.replaceChildren(...rows);
  }

  paintEnd(view) {
    if (!view.over) {
      this.end.hidden = true;
      return;
    }
    this.stopTimer();
    const verify = this.root.dataset.verify || "../verify/";
    const won = view.winner === view.your_team ? _("Your team wins the match.") : _("The bots' team wins the match.");
    this.end.replaceChildren(
      el("p", { className: "tbt-result" }, won),
      el("p", {}, _("The seed of this match:"), " ", el("code", { className: "tbt-seed" }, view.seed)),
      el("p", {}, _("Hash the seed with SHA-256: it gives the fingerprint shown at the start. Deal from it to see every hand again, kitties included."),
        " ", el("a", { href: verify }, _("How to re-deal a match"))));
    this.end.hidden = false;
    this.newMatch.hidden = false;
  }

  // ----- the reader's hand ----------------------------------------------------
  pressCard(code, index) {
    this.focusIndex = index;
    const card = this.cards.querySelector(`[data-card="${code}"]`);
    if (card && card.dataset.longPress) {
      delete card.dataset.longPress; // the press showed an explanation; it does not lift
      return;
    }
    if (this.busy || !this.view || !this.view.your_turn) {
      this.explain(`card:${code}`);
      return;
    }
    if (!this.view.playable.includes(code)) {
      this.explain(`card:${code}`); // the engine says why not
      return;
    }
    if (this.lifted === code) {
      this.playLifted();
      return;
    }
    this.lifted = code;
    this.paintHand(this.view);
    this.focusCard(index);
  }

  playLifted() {
    if (!this.lifted || !this.view) return;
    const verb = this.view.phase === "discard" ? "discard " : "";
    this.act(`${this.view.you} ${verb}${this.lifted}`);
  }

  focusCard(index) {
    const cards = [...this.cards.querySelectorAll(".tbt-card")];
    if (!cards.length) return;
    this.focusIndex = Math.max(0, Math.min(cards.length - 1, index));
    cards.forEach((c, i) => c.setAttribute("tabindex", i === this.focusIndex ? "0" : "-1"));
    cards[this.focusIndex].focus();
  }

  /** After a move, put the keyboard where the next decision is (only if it was inside the table). */
  focusDecision(force) {
    if (!force && !this.root.contains(document.activeElement)) return;
    const view = this.view;
    if (!view) return;
    if (view.phase === "hand-over") {
      (view.over ? this.newMatch : this.nextHand).focus();
      return;
    }
    if (!view.your_turn) return;
    const choice = this.choices.querySelector("button");
    if (choice) {
      choice.focus();
      return;
    }
    const first = view.hand.findIndex((code) => view.playable.includes(code));
    this.focusCard(first >= 0 ? first : 0);
  }

  toggleAlone() {
    this.alone = !this.alone;
    if (this.view) this.paintPlacard(this.view);
  }

  onKey(event) {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    if (event.target.matches("input, textarea, select")) return;
    const key = event.key.toLowerCase();
    const card = event.target.closest(".tbt-card");
    if (card && (event.key === "ArrowLeft" || event.key === "ArrowRight")) {
      event.preventDefault();
      this.focusCard(Number(card.dataset.index) + (event.key === "ArrowLeft" ? -1 : 1));
      return;
    }
    if (key === "s" && this.view && this.view.your_turn) {
      const pass = this.view.legal.find((a) => parseAction(a).verb === "pass");
      // The page's own shortcut for S (search) must not fire while the reader is at the table.
      event.preventDefault();
      event.stopPropagation();
      if (pass) this.act(pass);
      return;
    }
    if (key === "m") {
      event.preventDefault();
      event.stopPropagation();
      this.toggleSound();
    }
  }

  // ----- the timer ------------------------------------------------------------
  startTimer() {
    this.stopTimer();
    if (!this.view || !this.view.your_turn) {
      this.timer.hidden = true;
      return;
    }
    this.timer.hidden = false;
    if (!this.timerOn) {
      this.timerText.textContent = _("Timer off: take your time.");
      this.timer.style.setProperty("--tbt-left", "1");
      return;
    }
    this.deadline = performance.now() + this.seconds * 1000;
    const update = () => {
      const left = Math.max(0, this.deadline - performance.now());
      const shown = Math.ceil(left / 1000);
      this.timerText.textContent = fill(_("{seconds} s to decide"), { seconds: String(shown) });
      this.timer.dataset.left = String(shown);
      this.timer.style.setProperty("--tbt-left", String(this.seconds ? left / (this.seconds * 1000) : 0));
      if (left <= 0) {
        this.stopTimer();
        this.send("table_timeout");
      }
    };
    update();
    this.tick = setInterval(update, 250);
  }

  stopTimer() {
    clearInterval(this.tick);
    this.tick = null;
    this.deadline = null;
  }

  toggleTimer() {
    this.timerOn = !this.timerOn;
    this.paintToggles();
    this.startTimer();
  }

  // ----- sound ------------------------------------------------------------------
  toggleSound() {
    this.sound = !this.sound;
    if (this.sound && !this.audio && window.AudioContext) this.audio = new AudioContext();
    this.paintToggles();
  }

  paintToggles() {
    this.soundToggle.textContent = this.sound ? _("Sound: on (M)") : _("Sound: off (M)");
    this.soundToggle.setAttribute("aria-pressed", String(this.sound));
    this.timerToggle.textContent = this.timerOn ? _("Timer: on") : _("Timer: off");
    this.timerToggle.setAttribute("aria-pressed", String(this.timerOn));
  }

  /** A short click as a card lands (only when the reader turned sound on). */
  click() {
    if (!this.sound || !this.audio) return;
    const ctx = this.audio;
    const osc = ctx.createOscillator();
    const gain = ctx.createGain();
    osc.frequency.value = 1800;
    gain.gain.setValueAtTime(0.15, ctx.currentTime);
    gain.gain.exponentialRampToValueAtTime(0.001, ctx.currentTime + 0.04);
    osc.connect(gain).connect(ctx.destination);
    osc.start();
    osc.stop(ctx.currentTime + 0.05);
  }
}

// ----- mounting -------------------------------------------------------------------

function ensureStylesheet() {
  const href = new URL("widgets/table.css", ASSETS).href;
  const present = [...document.querySelectorAll("link[rel='stylesheet']")].some((link) => link.href === href);
  if (!present) document.head.append(el("link", { rel: "stylesheet", href }));
}

async function mount() {
  const roots = [...document.querySelectorAll("div.tb-table[data-game='euchre']")].filter((r) => !r.dataset.tbMounted);
  if (!roots.length) return;
  ensureStylesheet();
  await loadCatalog(new URL("i18n/", ASSETS), document.documentElement.lang || "en");
  for (const root of roots) {
    root.dataset.tbMounted = "true";
    new PlayTable(root);
  }
}

if (window.document$ && typeof window.document$.subscribe === "function") {
  window.document$.subscribe(() => mount());
} else if (document.readyState === "loading") {
  document.addEventListener("DOMContentLoaded", () => mount());
} else {
  mount();
}
