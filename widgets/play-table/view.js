// The play table's page: building its parts once and painting a view into them.
//
// The layout keeps everything a decision needs on one screen (see table.css): a top bar
// with the score, the timer and the fingerprint; the felt with the other seats, the
// game's objects (upcard, kick, contract, trumps) and the trick; the placard; the hand.
// The log and the tools sit below and scroll inside their own region.

import { _, fill, isRed, ngettext, seatSpoken } from "../i18n.js";
import { el, partsNodes } from "../dom.js";
import { cardPart, objectChips, placardChoices, promptFor, resultText, scoreLine, scoreRows, seatName, seatPlaces } from "./state.js";

/** A label that may be parts (cards and suits spoken in words) or plain text, as nodes. */
export function labelNodes(label) {
  return Array.isArray(label) ? partsNodes(label) : [label];
}

/** A seat for the eye (its letter, or North) and the ear: Nap's "A" is said "player A", never the word "a". */
function seatNodes(seat) {
  const shown = seatName(seat);
  const said = seatSpoken(shown);
  return said === shown ? [shown] : [el("span", { "aria-hidden": "true" }, shown), el("span", { className: "tbt-sr" }, said)];
}

/** Cards for the eye (symbols) and the ear (names): "J♥ 10♠". */
function cardsNodes(codes) {
  return partsNodes(codes.flatMap((code, i) => (i ? [" ", cardPart(code)] : [cardPart(code)])));
}

/** A long hex seed in groups of eight, a line break allowed only between groups (so a line never ends
 * with a digit or two alone); its text, copied or read, is the seed unchanged. */
export function seedGroups(seed) {
  const groups = String(seed).match(/.{1,8}/g) || [];
  return groups.flatMap((group, i) => (i ? [el("wbr"), group] : [group]));
}

const LONG_PRESS_MS = 550;

/** The reader's system asks for less motion (then the decision timer starts switched off). */
export function prefersReducedMotion() {
  return Boolean(window.matchMedia && window.matchMedia("(prefers-reduced-motion: reduce)").matches);
}

export class TableView {
  constructor(root, table) {
    this.root = root;
    this.table = table; // the controller: begin, act, deal, explain, pressCard, playLifted…
    this.build();
  }

  button(cls, text, onClick, attrs = {}, existing = null) {
    const b = existing || el("button", { type: "button", className: `tbt-btn ${cls}`, ...attrs }, text);
    b.addEventListener("click", onClick);
    return b;
  }

  build() {
    const t = this.table;
    // The opening controls the build wrote into the page (start.js showed them) are adopted where they are.
    const written = this.root.querySelector(":scope > .tbt-intro");
    const found = (cls) => (written ? written.querySelector(`.${cls}`) : null);
    this.start = this.button("tbt-start", _("Start a match"), () => t.begin(), {}, found("tbt-start"));
    this.players = null;
    this.rounds = null;
    // The choices the game offers before Start (assets/games.json, from its class and table conduct:
    // Nap's players and rounds); the build writes the same controls into the page.
    const choices = t.choices || { players: [], rounds: [] };
    if (choices.players.length) {
      const select = found("tbt-players") || el("select", { className: "tbt-players", id: `tbt-players-${t.game}` },
        ...choices.players.map((n) => el("option", { value: String(n), selected: n === choices.players_first }, String(n))));
      this.players = select;
      this.playersLabel = found("tbt-players-label")
        || el("label", { className: "tbt-players-label", for: select.id }, _("Players:"), " ", select);
    }
    if (choices.rounds.length) {
      // How long the session lasts, stated as the reader chooses it: rounds of one deal by each player.
      // The build writes it too, with each length's name in the catalog's plural form.
      const rounds = found("tbt-rounds") || el("select", { className: "tbt-rounds", id: `tbt-rounds-${t.game}` },
        ...choices.rounds.map((n) => el("option", { value: String(n), selected: n === choices.rounds_first },
          fill(ngettext("{count} round: each player deals once", "{count} rounds: each player deals {count} times", n), { count: String(n) }))));
      this.rounds = rounds;
      this.roundsLabel = found("tbt-rounds-label")
        || el("label", { className: "tbt-players-label tbt-rounds-label", for: rounds.id }, _("Length of the session:"), " ", rounds);
      if (written && !this.roundsLabel.isConnected) (this.playersLabel || this.start).after(this.roundsLabel);
    }
    // How the bots play: the strong (searching) bots unless the reader asks for gentle ones. The
    // setting sits before Start, and with the tools once a match is on (it counts from the next match).
    this.gentle = found("tbt-gentle") || el("input", { type: "checkbox", className: "tbt-gentle", id: `tbt-gentle-${t.game}` });
    this.gentle.addEventListener("change", () => t.setGentle(this.gentle.checked));
    this.gentleLabel = found("tbt-gentle-label") || el("label", { className: "tbt-gentle-label", for: this.gentle.id },
      this.gentle, " ", _("Gentle bots, for beginners"));
    // The decision timer can be switched off before Start (and is off for a reader who asks for
    // reduced motion: start.js unticks it); once a match is on, its switch is in the top bar.
    this.timerOn = found("tbt-timer-on") || el("input", { type: "checkbox", className: "tbt-timer-on", id: `tbt-timer-on-${t.game}`, checked: !prefersReducedMotion() });
    this.timerLabel = found("tbt-timer-label") || el("label", { className: "tbt-timer-label", for: this.timerOn.id },
      this.timerOn, " ", _("A time limit for each decision"));
    // The house rules the build wrote in, one switch per option of the game (none without the page's).
    this.house = written ? [...written.querySelectorAll(".tbt-house")] : [];
    this.status = found("tbt-status") || el("p", { className: "tbt-status", role: "status" });
    this.keysHelp = found("tbt-keys-help");
    this.intro = written || el("div", { className: "tbt-intro" },
      this.playersLabel || null, this.roundsLabel || null, this.gentleLabel, this.timerLabel, this.start, this.status);
    // top bar
    this.score = el("div", { className: "tbt-score", role: "group", "aria-label": _("Score") });
    this.timerText = el("span", { className: "tbt-timer-text" });
    this.timer = el("div", { className: "tbt-timer", role: "timer", "aria-live": "off" }, this.timerText,
      el("span", { className: "tbt-timer-bar", "aria-hidden": "true" }, el("span", { className: "tbt-timer-fill" })));
    this.handNumber = el("span", { className: "tbt-hand-number" });
    this.fingerprint = el("p", { className: "tbt-fingerprint" });
    // Its switch before the hand in the Tab order, beside the clock it stops.
    this.timerToggle = this.button("tbt-timer-toggle", "", () => t.toggleTimer(), { "aria-pressed": "true" });
    this.bar = el("div", { className: "tbt-bar" }, this.score, el("div", { className: "tbt-bar-side" }, this.handNumber, this.timer, this.timerToggle));
    // the felt
    this.seatsRow = el("div", { className: "tbt-seats" });
    this.objects = el("div", { className: "tbt-objects" });
    this.trick = el("div", { className: "tbt-trick", role: "group", "aria-label": _("Cards on the table") });
    this.felt = el("div", { className: "tbt-felt" }, this.seatsRow, this.objects, this.trick);
    // the placard and the hand
    this.prompt = el("p", { className: "tbt-prompt" });
    this.choices = el("div", { className: "tbt-choices" });
    this.aloneToggle = this.button("tbt-alone", _("Go alone"), () => t.toggleAlone(), { "aria-pressed": "false" });
    // At a hand's end "Deal the next hand" is on the placard, where the hand's choices were.
    this.nextHand = this.button("tbt-next", _("Deal the next hand"), () => t.deal(), { hidden: true });
    this.placard = el("div", { className: "tbt-placard", role: "group", "aria-label": _("Your choice") },
      this.prompt, this.choices, this.aloneToggle, this.nextHand);
    this.you = el("p", { className: "tbt-you" });
    this.cards = el("div", { className: "tbt-cards", role: "group", "aria-label": _("Your hand"), "aria-keyshortcuts": "ArrowLeft ArrowRight Enter" });
    this.playButton = this.button("tbt-play", _("Play"), () => t.playLifted(), { "aria-disabled": "true" });
    this.hand = el("div", { className: "tbt-hand" }, this.you, el("div", { className: "tbt-hand-row" }, this.cards, this.playButton));
    // tools, explanation, log, end
    this.lastTrick = this.button("tbt-last", _("Last trick"), () => t.toggleLastTrick(), { "aria-pressed": "false", "aria-keyshortcuts": "L" });
    this.soundToggle = this.button("tbt-sound", "", () => t.toggleSound(), { "aria-pressed": "false", "aria-keyshortcuts": "M" });
    this.newMatch = this.button("tbt-new", _("Start a new match"), () => t.newMatchAsked());
    this.explanation = el("div", { className: "tbt-explain", "aria-live": "polite" });
    this.explanationTicket = 0; // the newest explanation asked for (askExplanation): older answers are dropped
    // The log is read by moving through it; what is new in it is said by `heard`, its lines without
    // their "Why?" buttons (each button's question is said once, when the keyboard reaches it).
    this.log = el("div", { className: "tbt-log", role: "log", tabindex: "0", "aria-live": "off", "aria-label": _("What happens at the table") });
    this.heard = el("div", { className: "tbt-sr tbt-heard", "aria-live": "polite" });
    this.end = el("div", { className: "tbt-end", hidden: true });
    this.notice = el("p", { className: "tbt-notice", role: "alert", hidden: true });
    this.confirm = el("div", { className: "tbt-confirm", role: "alertdialog", "aria-label": _("Abandon this match?"), hidden: true },
      el("p", {}, _("Abandon the match in progress and deal a new one?")),
      this.button("tbt-confirm-yes", _("Yes, a new match"), () => t.confirmNew(true)),
      this.button("tbt-confirm-no", _("No, keep playing"), () => t.confirmNew(false)));
    this.tools = el("div", { className: "tbt-tools" }, this.lastTrick, this.soundToggle, this.newMatch);
    // What the reading keys (keys.js: H, T, C, W, U) say, for screen readers.
    this.said = el("p", { className: "tbt-sr tbt-said", role: "status" });
    // The log right under the hand and its explanation, fitted to the screen (fitLog): its newest
    // lines are in sight at each decision; the tools, the fingerprint and the end follow it.
    this.game = el("div", { className: "tbt-game", hidden: true },
      this.bar, this.felt, this.placard, this.hand, this.said, this.explanation, this.log, this.heard, this.tools, this.fingerprint, this.confirm, this.end);
    window.addEventListener("resize", () => this.fitLog());
    // Whatever above the log changes size (a notice, a longer explanation, a wrapped placard) moves it.
    if (window.ResizeObserver) {
      const above = new ResizeObserver(() => this.fitLog());
      for (const part of [this.notice, this.bar, this.felt, this.placard, this.hand, this.explanation]) above.observe(part);
    }
    if (written) {
      // Nothing adopted leaves the page (a focused button would lose focus): the rest goes around it.
      for (const node of [...this.root.childNodes]) if (node !== written) node.remove();
      written.hidden = false;
      written.after(this.notice, this.game);
    } else {
      this.root.replaceChildren(this.intro, this.notice, this.game);
    }
  }

  /** Hover, long-press and keyboard focus on `node` show the explanation of `target`. */
  explainer(node, target) {
    let timer = null;
    // A card repainted under a resting pointer, or the focus put back by a repaint, is no new question.
    node.addEventListener("mouseenter", () => {
      if (this.pointed !== target) this.table.explain(target, true);
      this.pointed = target;
    });
    node.addEventListener("mouseleave", () => { this.pointed = null; });
    node.addEventListener("focus", () => { if (!this.refocusing) this.table.explain(target, true); });
    node.addEventListener("pointerdown", (event) => {
      if (event.pointerType !== "touch") return;
      timer = setTimeout(() => {
        node.dataset.longPress = "true";
        this.table.explain(target);
      }, LONG_PRESS_MS);
    });
    for (const type of ["pointerup", "pointercancel", "pointerleave"]) node.addEventListener(type, () => clearTimeout(timer));
    return node;
  }

  /** The bots' setting goes with the tools while a match is on, before Start otherwise. */
  placeGentle(live) {
    // Moved only when it is not already in place (moving it would drop a focus inside it).
    const before = this.intro.contains(this.timerLabel) ? this.timerLabel : this.start;
    if (live) this.tools.append(this.gentleLabel);
    else if (this.gentleLabel.nextElementSibling !== before) this.intro.insertBefore(this.gentleLabel, before);
    this.timerLabel.hidden = live;
    // The keys' help stays on the page during a match, after the log.
    if (this.keysHelp) {
      if (live) this.game.append(this.keysHelp);
      else this.intro.append(this.keysHelp);
    }
  }

  showNotice(text) {
    this.notice.textContent = text;
    this.notice.hidden = !text;
  }

  /** The table back in view (its top under the site's header), smoothly unless the reader asks for less motion. */
  bringIntoView() {
    this.root.scrollIntoView({ block: "start", behavior: prefersReducedMotion() ? "instant" : "smooth" });
  }

  /** A ticket for the explanation asked for now: only the newest ticket's answer is shown. */
  askExplanation() {
    this.explanationTicket += 1;
    return this.explanationTicket;
  }

  /** Show an explanation (`nodes`, about `target`), unless a newer one was asked for since `ticket`. */
  showExplanation(ticket, target, nodes) {
    if (ticket !== this.explanationTicket) return;
    if (target) this.explanation.dataset.target = target;
    else delete this.explanation.dataset.target;
    this.explanation.replaceChildren(...nodes);
    this.fitLog();
  }

  // ----- painting ----------------------------------------------------------------
  paint(view, lifted, focusIndex, alone, showLast) {
    const root = this.root;
    // At a hand's end and at a new hand the last explanation is about cards that are gone: it goes,
    // and an answer still on its way is dropped.
    const moment = `${view.hand_number}:${view.phase === "hand-over"}`;
    if (this.explainedAt && this.explainedAt !== moment) this.showExplanation(this.askExplanation(), null, []);
    this.explainedAt = moment;
    root.dataset.phase = view.phase;
    root.dataset.turn = view.your_turn ? "you" : view.current ? "bot" : "";
    root.dataset.current = view.current || ""; // the seat to decide (an online table has several people)
    root.dataset.handNumber = String(view.hand_number);
    root.dataset.trump = view.trump || "";
    root.dataset.over = String(view.over);
    const places = seatPlaces(view.seats.map((s) => s.seat), view.you);
    this.paintSeats(view, places);
    this.paintObjects(view);
    this.paintTrick(view, places, showLast);
    this.paintPlacard(view, alone, placardChoices(view, alone));
    this.paintHand(view, lifted, focusIndex);
    this.paintScore(view);
    this.handNumber.textContent = view.hands_in_match
      ? fill(_("Deal {number} of {total}"), { number: String(view.hand_number), total: String(view.hands_in_match) })
      : fill(_("Hand {number}"), { number: String(view.hand_number) });
    this.nextHand.hidden = !(view.phase === "hand-over" && !view.over);
    // While the trick just taken is still on the felt (the next lead not made), it is the one shown.
    this.lastTrick.disabled = !view.last_trick;
    this.paintEnd(view);
    this.fitLog();
  }

  /**
   * The log's height: what is left of the screen below its top when the table sits at the top of the
   * screen, under the site's header (as Start and a resume leave it), between the bounds of table.css;
   * then, when that changed, scrolled to its newest line. On a phone the hand fills the screen: the log keeps its own height.
   */
  fitLog() {
    const log = this.log;
    if (this.game.hidden) return;
    // Where the table's top comes to rest: under the header, by its scroll margin (table.css).
    const header = document.querySelector(".md-header");
    const top = Math.max(header ? header.getBoundingClientRect().bottom : 0, parseFloat(getComputedStyle(this.root).scrollMarginTop) || 0);
    const below = log.getBoundingClientRect().top - this.root.getBoundingClientRect().top;
    const room = window.innerHeight - top - below - 12;
    const style = getComputedStyle(log);
    const least = parseFloat(style.minHeight) || 0;
    const height = room >= least ? `min(12em, ${Math.floor(room)}px)` : "";
    if (log.style.maxHeight === height) return; // (a reader scrolling back through the log stays where they are)
    log.style.maxHeight = height;
    log.scrollTop = log.scrollHeight;
  }

  paintSeats(view, places) {
    const boxes = [];
    const order = ["left", "top", "right"];
    const entries = Object.entries(places).sort(([a], [b]) => (order.indexOf(a) + 1 || 9) - (order.indexOf(b) + 1 || 9) || a.localeCompare(b, "en", { numeric: true }));
    for (const [place, seat] of entries) {
      if (place === "bottom") continue;
      const s = view.seats.find((x) => x.seat === seat);
      boxes.push(this.seatBox(s, view, place));
    }
    this.seatsRow.dataset.count = String(boxes.length);
    this.seatsRow.replaceChildren(...boxes);
    const me = view.seats.find((s) => s.you);
    this.you.replaceChildren(...this.seatHead(me, view), " ", this.takenButton(me));
    this.hand.classList.toggle("tbt-current", view.current === me.seat);
  }

  /**
   * Whether a bot plays the seat now. At an online table (`table.people`, the lobby's seats) only the
   * seats the lobby gives to bots are, and a person's seat while a bot plays it for them (`view.away`).
   */
  botSeat(seat, view) {
    const person = this.table.people ? this.table.people[seat.seat] : null;
    if (!person) return Boolean(seat.bot);
    return person.kind !== "person" || (view.away || []).includes(seat.seat);
  }

  seatHead(seat, view) {
    const badges = [];
    const person = this.table.people ? this.table.people[seat.seat] : null;
    if (this.botSeat(seat, view)) badges.push(el("span", { className: "tbt-badge tbt-bot" }, _("bot")));
    // TRANSLATORS: a badge on an online table's seat whose player is away; a bot plays for them until they come back.
    if ((view.away || []).includes(seat.seat)) badges.push(el("span", { className: "tbt-badge tbt-away" }, _("away")));
    if (seat.you) badges.push(el("span", { className: "tbt-badge tbt-you" }, _("you")));
    if (view.partner === seat.seat) badges.push(el("span", { className: "tbt-badge" }, _("partner")));
    if (seat.dealer) badges.push(el("span", { className: "tbt-badge" }, _("dealer")));
    if (seat.sitting_out) badges.push(el("span", { className: "tbt-badge" }, _("sits out")));
    if ((view.thrown_in || []).includes(seat.seat)) badges.push(el("span", { className: "tbt-badge" }, _("thrown in")));
    if (view.current === seat.seat && !view.over) badges.push(el("span", { className: "tbt-badge tbt-turn" }, _("to play")));
    const name = person && person.kind === "person" && person.name ? [" ", el("span", { className: "tbt-person" }, person.name)] : [];
    return [el("strong", {}, ...seatNodes(seat.seat)), ...name, " ", ...badges];
  }

  takenButton(seat) {
    const b = this.explainer(el("button", { type: "button", className: "tbt-btn tbt-taken" },
      fill(_("Tricks: {count}"), { count: String(seat.taken) })), `taken:${seat.seat}`);
    b.addEventListener("click", () => this.table.explain(`taken:${seat.seat}`));
    return b;
  }

  seatBox(seat, view, place) {
    const box = el("div", { className: `tbt-seat tbt-${place}`, dataset: { seat: seat.seat, bot: String(this.botSeat(seat, view)) } });
    box.classList.toggle("tbt-current", view.current === seat.seat);
    const backs = el("span", { className: "tbt-backs", "aria-hidden": "true" }, "▮".repeat(seat.cards));
    box.append(el("p", { className: "tbt-seat-head" }, ...this.seatHead(seat, view)),
      el("p", { className: "tbt-seat-info" }, backs,
        el("span", { className: "tbt-sr" }, fill(_("Cards in hand: {count}"), { count: String(seat.cards) })), " ", this.takenButton(seat)));
    return box;
  }

  paintObjects(view) {
    const chips = objectChips(view).map((chip) => {
      const b = this.explainer(el("button", {
        type: "button",
        className: `tbt-btn tbt-object tbt-${chip.target}${chip.red ? " tbt-red" : ""}`,
        dataset: { target: chip.target, ...(chip.card ? { card: chip.card } : {}), ...(chip.state ? { state: chip.state } : {}) },
      }, ...labelNodes(chip.label)), chip.target);
      b.addEventListener("click", () => this.table.explain(chip.target));
      return b;
    });
    this.objects.replaceChildren(...chips);
  }

  paintTrick(view, places, showLast) {
    const trick = showLast && view.last_trick ? view.last_trick : view.trick;
    const spots = {};
    for (const [place, seat] of Object.entries(places)) {
      spots[seat] = el("span", { className: `tbt-spot tbt-spot-${place}`, dataset: { seat } });
    }
    if (trick) {
      trick.plays.forEach(([seat, card, thrown], i) => {
        let face;
        if (card === "throw") {
          face = el("span", { className: "tbt-face tbt-thrown" }, cardsNodes(thrown));
        } else {
          face = el("span", { className: `tbt-face ${isRed(card) ? "tbt-red" : "tbt-black"}`, dataset: { card, led: String(i === 0) } }, cardsNodes([card]));
        }
        spots[seat].append(el("span", { className: "tbt-spot-name" }, ...seatNodes(seat)), " ", face);
        if (trick.winning && trick.winning.seat === seat) spots[seat].classList.add("tbt-winning");
      });
    }
    let head = _("No card played yet");
    let said = head; // for speech, Nap's "A" as "player A"
    if (trick) {
      const shown = trick.winner ? seatName(trick.winner) : "";
      const template = showLast && trick === view.last_trick ? _("Last trick ({number}): won by {seat}")
        : trick.winner ? _("Trick {number}: won by {seat}") : _("Trick {number}");
      head = fill(template, { number: String(trick.number), seat: shown });
      said = fill(template, { number: String(trick.number), seat: shown && seatSpoken(shown) });
    }
    this.trick.dataset.number = trick ? String(trick.number) : "0";
    this.trick.dataset.showing = showLast && trick === view.last_trick ? "last" : "current";
    const live = view.trick && !view.trick.winner && view.trick.plays.length ? view.trick.plays.find((p) => p[1] !== "throw") : null;
    this.trick.dataset.led = live ? live[1] : "";
    this.trick.dataset.count = String(Object.keys(places).length);
    const heads = said === head ? [head] : [el("span", { "aria-hidden": "true" }, head), el("span", { className: "tbt-sr" }, said)];
    this.trick.replaceChildren(el("p", { className: "tbt-trick-head" }, ...heads), ...Object.values(spots));
  }

  paintPlacard(view, alone, choices) {
    this.prompt.textContent = promptFor(view);
    this.choices.replaceChildren(...choices.choices.map((c) => {
      const b = el("button", { type: "button", className: `tbt-btn tbt-choice tbt-${c.kind}`, dataset: { action: c.action } }, ...labelNodes(c.label));
      if (c.cautious) b.setAttribute("aria-keyshortcuts", "S");
      b.addEventListener("click", () => this.table.act(c.action));
      return b;
    }));
    this.aloneToggle.hidden = !choices.canGoAlone;
    this.aloneToggle.setAttribute("aria-pressed", String(alone && choices.canGoAlone));
    this.placard.dataset.phase = view.phase;
  }

  paintHand(view, lifted, focusIndex) {
    const playable = new Set(view.playable);
    const deciding = view.your_turn && playable.size > 0;
    const buttons = view.hand.map((code, i) => {
      const legal = playable.has(code);
      const b = el("button", {
        type: "button",
        className: `tbt-card ${isRed(code) ? "tbt-red" : "tbt-black"}${deciding && !legal ? " tbt-dim" : ""}${lifted === code ? " tbt-lifted" : ""}`,
        dataset: { card: code, index: String(i) },
        tabindex: i === focusIndex ? "0" : "-1",
        "aria-disabled": String(!legal),
        "aria-pressed": legal ? String(lifted === code) : null,
      }, cardsNodes([code]));
      const bower = (view.bowers || {})[code];
      if (bower) b.append(el("span", { className: "tbt-tag" }, bower === "right" ? _("right bower") : _("left bower")));
      if (!legal) b.append(el("span", { className: "tbt-sr" }, " " + _("(not allowed now)")));
      b.addEventListener("click", () => this.table.pressCard(code, i));
      b.addEventListener("focus", () => { this.table.focusIndex = i; });
      return this.explainer(b, `card:${code}`);
    });
    if (view.hand_hidden) {
      buttons.push(el("span", { className: "tbt-hidden-hand" },
        el("span", { "aria-hidden": "true" }, "▮".repeat(view.hidden_count || 0)), " ",
        ngettext("{count} card face down", "{count} cards face down", view.hidden_count || 0).replace("{count}", String(view.hidden_count || 0))));
    }
    const hadFocus = this.cards.contains(document.activeElement);
    this.cards.replaceChildren(...buttons);
    const cardButtons = this.cards.querySelectorAll(".tbt-card");
    this.refocusing = true;
    if (hadFocus && cardButtons.length) cardButtons[Math.min(focusIndex, cardButtons.length - 1)].focus({ preventScroll: true });
    else if (hadFocus) this.root.focus({ preventScroll: true });
    this.refocusing = false;
    this.playButton.hidden = view.hand.length === 0;
    this.playButton.textContent = view.phase === "discard" ? _("Discard") : _("Play");
    this.playButton.setAttribute("aria-disabled", String(!lifted));
  }

  paintScore(view) {
    const rows = scoreRows(view).map((row) => {
      const text = scoreLine(row);
      const holes = row.holes ? el("span", { className: "tbt-holes", "aria-hidden": "true" },
        ...Array.from({ length: row.holes }, (_unused, i) => el("span", { className: i < row.points ? "tbt-hole tbt-pegged" : "tbt-hole" }))) : null;
      const said = row.said ? scoreLine({ ...row, label: row.said }) : text;
      const label = said === text ? [text] : [el("span", { "aria-hidden": "true" }, text), el("span", { className: "tbt-sr" }, said)];
      return el("div", { className: row.holes ? "tbt-track" : "tbt-track tbt-balance", dataset: { team: row.team, points: String(row.points) } },
        el("span", { className: "tbt-track-label" }, ...label), holes);
    });
    this.score.replaceChildren(...rows);
  }

  paintEnd(view) {
    if (!view.over) {
      this.end.hidden = true;
      return;
    }
    const verify = new URL(this.root.dataset.verify || "../verify/", location.href);
    const seats = view.seats.map((s) => s.seat).join("");
    verify.hash = new URLSearchParams({
      game: view.game, seed: view.seed, fingerprint: view.fingerprint, seats,
      hands: String(view.dealt.length), dealers: view.dealt.map((d) => d.dealer).join(""), you: view.you,
    }).toString();
    const copy = this.button("tbt-copy", _("Copy seed"), () => this.table.copySeed(copy));
    const rows = view.dealt.map((d) => el("tr", {},
      el("td", {}, String(d.number)), el("td", {}, seatName(d.dealer)), el("td", { className: "tbt-dealt-cards", dataset: { cards: d.cards.join(" ") } }, cardsNodes(d.cards))));
    // (replaceChildren writes a null as the text "null": a part that may be absent is left out first.)
    this.end.replaceChildren(...[
      el("p", { className: "tbt-result" }, resultText(view)),
      this.finalBalances(view),
      el("p", {}, _("The seed of this match:"), " ", el("code", { className: "tbt-seed" }, ...seedGroups(view.seed))),
      el("p", { className: "tbt-end-actions" }, el("a", { className: "tbt-verify", href: verify.href }, _("Verify this match")), " ", copy),
      el("div", { className: "tbt-scroll", role: "region", tabindex: "0", "aria-label": _("Your hands as dealt") },
        el("table", { className: "tbt-dealt" },
          el("caption", {}, _("Your hands as dealt, to compare with the verifier")),
          el("thead", {}, el("tr", {}, el("th", {}, _("Hand")), el("th", {}, _("Dealer")), el("th", {}, _("Your cards in the order dealt")))),
          el("tbody", {}, ...rows))),
    ].filter(Boolean));
    this.end.hidden = false;
  }

  /** A session without a target (Nap): every player's balance after the last deal; nothing otherwise. */
  finalBalances(view) {
    if (view.target || !view.hands_in_match) return null;
    const count = view.dealt.length;
    const rows = scoreRows(view).map((row) => el("tr", { dataset: { seat: row.team, points: String(row.points) } },
      el("th", { scope: "row" }, row.label), el("td", {}, row.points > 0 ? `+${row.points}` : String(row.points))));
    return el("table", { className: "tbt-final" },
      el("caption", {}, fill(ngettext("Final balances after {count} deal", "Final balances after {count} deals", count), { count: String(count) })),
      el("thead", {}, el("tr", {}, el("th", { scope: "col" }, _("Player")), el("th", { scope: "col" }, _("Balance")))),
      el("tbody", {}, ...rows));
  }

  narrate(lines, bot, why) {
    let own = null;
    for (const { code, parts } of lines) {
      const line = el("p", { className: bot ? "tbt-bot-line" : "tbt-your-line", dataset: { code } }, partsNodes(parts));
      this.log.append(line);
      this.hear(parts);
      own = own || line; // the bot's own move is the step's first line; a trick won or a score follows it
    }
    if (own && why) {
      // "Why did North play that?": the bot's own reason, on the line of its own move, in the explanation area.
      const ask = el("button", { type: "button", className: "tbt-btn tbt-why", "aria-label": why.question }, _("Why?"));
      ask.addEventListener("click", () => {
        this.showExplanation(this.askExplanation(), "why", [el("p", { dataset: { code: why.code } }, partsNodes(why.parts))]);
      });
      own.append(" ", ask);
    }
    while (this.log.childElementCount > 40) this.log.firstElementChild.remove();
    this.log.scrollTop = this.log.scrollHeight; // the newest line in sight
  }

  /** A new line of the log, said (the live region keeps the last few). */
  hear(parts) {
    this.heard.append(el("p", {}, partsNodes(parts)));
    while (this.heard.childElementCount > 6) this.heard.firstElementChild.remove();
  }

  /** Once the hand is over: the bots' reasons in full, naming the cards they held, under a line that says so. */
  narrateFull(lines) {
    this.log.append(
      el("p", { className: "tbt-full-why tbt-full-why-head" }, _("The hand is over; the bots' reasons in full, with the cards they held:")),
      ...lines.map(({ code, parts }) => el("p", { className: "tbt-bot-line tbt-full-why", dataset: { code } }, partsNodes(parts))));
    this.hear([_("The hand is over; the bots' reasons in full, with the cards they held:")]);
    for (const { parts } of lines) this.hear(parts);
    while (this.log.childElementCount > 40) this.log.firstElementChild.remove();
    this.log.scrollTop = this.log.scrollHeight;
  }
}
