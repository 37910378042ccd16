// Questions in a worked hand: the question at its step, the reader's answer, the verdict.
//
// The page holds each question's answer key, worked out by the engine when the site was built
// (trickbook.questions): the choices, the accepted ones and a reason for each, as message codes.
// So a question is judged here without the engine, by comparing the reader's choice with the key;
// nothing rule-shaped is computed. Only a wrong card's play-out needs the engine (asked through the
// player, which asks first where the connection saves data).
//
// `QuestionPanel` also serves the practice pages (practice/), which get their keys from the engine.

import { _, engineParts, engineText, fill, cardDisplay, categoryName, seatShown, seatSpoken } from "../i18n.js";
import { cardName } from "../board.js";
import { addStylesheet, el, partsNodes } from "../dom.js";
import { waitingKinds } from "./withhold.js";

const CARD = /^(10|[2-9TJQKA])[SHDC]$/;
const STYLESHEET = new URL("../hand-questions.css", import.meta.url).href;

/** The questions' stylesheet, added to the page once, when a question is first shown; settles once it applies. */
export function ensureQuestionStyles() {
  return addStylesheet(STYLESHEET);
}
const MINUS = "\u2212";

/** A choice as the reader sees it: a card by its face, a number with its sign, a seat or team as named. */
export function choiceLabel(choice, signed = false) {
  const text = String(choice);
  if (CARD.test(text)) return cardDisplay(text);
  if (text === "nobody") return _("Nobody");
  if (/^-?\d+$/.test(text)) {
    const n = Number(text);
    if (n < 0) return `${MINUS}${-n}`;
    return signed && n > 0 ? `+${n}` : text;
  }
  return seatShown(text); // a seat or a team in the reader's letters ("O" for West in pt and fr)
}

function choiceSpoken(choice) {
  const text = String(choice);
  return CARD.test(text) ? cardName(text) : null;
}

/**
 * A choice as a part of a sentence (i18n.fillParts): a card is its face for the eye and its name
 * for the ear ("K♣" / "king of clubs"), a lone letter of Nap's seats "player A"; else plain text.
 */
function choicePart(choice, signed = false) {
  const shown = choiceLabel(choice, signed);
  const text = String(choice);
  const said = choiceSpoken(choice) || (/^[A-Z]$/.test(text) ? seatSpoken(text) : shown);
  return said === shown || said === text ? shown : { shown, said };
}

/** A translated sentence as nodes, its placeholders filled with parts or lists of parts (cards said in words). */
function sentence(template, values) {
  const parts = [];
  let at = 0;
  for (const match of template.matchAll(/\{(\w+)\}/g)) {
    if (!Object.prototype.hasOwnProperty.call(values, match[1])) continue;
    parts.push(template.slice(at, match.index));
    const value = values[match[1]];
    parts.push(...(Array.isArray(value) ? value : [value]));
    at = match.index + match[0].length;
  }
  parts.push(template.slice(at));
  return partsNodes(parts.filter((p) => p !== ""));
}

/** Choices as a list of parts, comma-separated. */
function choiceList(choices, signed = false) {
  return choices.flatMap((c, i) => (i ? [", ", choicePart(c, signed)] : [choicePart(c, signed)]));
}

/** An engine reason as nodes: cards and seats spoken in words, as the hand's narration says them. */
function reasonNodes(reason) {
  return partsNodes(engineParts(reason));
}

/** The label of a score question's part: a category's name, or what the part asks. */
function partLabel(part) {
  if (part.category === "contract") return fill(_("Net result for {seat}"), { seat: seatShown(part.seat) });
  if (part.category === "team") return _("Who scores");
  if (part.category === "points") return _("Points");
  return categoryName(part.category);
}

const KIND_PROMPT = {
  legal: () => _("Mark every card that may be played, then check."),
  winner: () => _("Choose the seat that takes the trick."),
  play: () => _("Choose a card."),
  score: () => _("Choose an answer for each line, then check."),
};

function reasonLine(reason) {
  if (!reason) return null;
  const lines = [el("li", {}, reasonNodes(reason))];
  if (reason.detail) lines.push(el("li", {}, reasonNodes(reason.detail)));
  return lines;
}

/**
 * One question's panel: the text, the choices (buttons: touch, mouse and keyboard alike), the verdict
 * in a live region. `options.playOut(choice)` (a play question's wrong card) returns a promise of the
 * engine's cost, or is absent where there is no engine to ask.
 */
export class QuestionPanel {
  /**
   * @param {object} key the question's answer key, as the page data holds it
   * @param {{playOut?: Function | null, onAnswered?: (verdict: object) => void, headingId?: string}} [options]
   */
  constructor(key, { playOut = null, onAnswered = () => {}, headingId = "" } = {}) {
    ensureQuestionStyles();
    this.key = key;
    this.playOut = playOut;
    this.onAnswered = onAnswered;
    this.marked = new Set();
    this.parts = {};
    this.answered = false;
    const label = headingId || `tb-q-${Math.random().toString(36).slice(2, 9)}`;
    // Still in English for want of a translation (the build says so): marked for speech and spelling.
    this.text = el("p", { className: "tb-q-text", id: label, lang: key.text_en ? "en" : null }, key.text || "");
    this.prompt = el("p", { className: "tb-q-prompt" }, (KIND_PROMPT[key.kind] || (() => ""))());
    this.choices = el("div", { className: "tb-q-choices" });
    this.actions = el("div", { className: "tb-q-actions" });
    // The verdict takes the keyboard's focus once given (the choices are locked): tabindex -1, no Tab stop.
    this.verdict = el("div", { className: "tb-q-verdict", role: "status", "aria-live": "polite", tabindex: "-1" });
    // After the verdict, outside its live region: what the reader may do next ("What does it cost?").
    this.more = el("div", { className: "tb-q-more" });
    this.root = el("section", {
      className: "tb-question", role: "group", "aria-labelledby": label, dataset: { kind: key.kind },
    }, this.text, this.prompt, this.choices, this.actions, this.verdict, this.more);
    this.build();
  }

  choiceButton(choice, onPress, { toggle = false, signed = false } = {}) {
    const spoken = choiceSpoken(choice);
    const button = el("button", {
      type: "button", className: "tb-btn tb-q-choice", dataset: { choice: String(choice) },
      "aria-pressed": toggle ? "false" : null,
    }, spoken ? [el("span", { "aria-hidden": "true" }, choiceLabel(choice, signed)), el("span", { className: "tb-sr" }, spoken)]
      : choiceLabel(choice, signed));
    button.addEventListener("click", () => onPress(button));
    return button;
  }

  build() {
    const key = this.key;
    this.check = el("button", { type: "button", className: "tb-btn tb-q-check" }, _("Check"));
    this.check.addEventListener("click", () => this.submit());
    this.reveal = el("button", { type: "button", className: "tb-btn tb-q-reveal" }, _("Reveal"));
    this.reveal.addEventListener("click", () => this.showAnswer());
    this.again = el("button", { type: "button", className: "tb-btn tb-q-again", hidden: true }, _("Try again"));
    this.again.addEventListener("click", () => this.reset());
    if (key.parts) {
      for (const part of key.parts) {
        const row = el("div", { className: "tb-q-part", role: "group", "aria-label": partLabel(part) },
          el("span", { className: "tb-q-part-label" }, partLabel(part)));
        for (const choice of part.choices) {
          row.append(this.choiceButton(choice, (button) => {
            for (const other of row.querySelectorAll(".tb-q-choice")) other.setAttribute("aria-pressed", "false");
            button.setAttribute("aria-pressed", "true");
            this.parts[part.category] = String(choice);
          }, { toggle: true, signed: part.category === "contract" }));
        }
        this.choices.append(row);
      }
      this.actions.append(this.check, this.reveal, this.again);
    } else if (key.multiple) {
      for (const choice of key.choices) {
        this.choices.append(this.choiceButton(choice, (button) => {
          const on = !this.marked.has(choice);
          if (on) this.marked.add(choice);
          else this.marked.delete(choice);
          button.setAttribute("aria-pressed", String(on));
        }, { toggle: true }));
      }
      this.actions.append(this.check, this.reveal, this.again);
    } else {
      for (const choice of key.choices) {
        this.choices.append(this.choiceButton(choice, () => this.answer(String(choice))));
      }
      this.actions.append(this.reveal, this.again);
    }
  }

  /** Judge the answer against the key: a comparison, no rule. */
  judge(answer) {
    const key = this.key;
    if (key.parts) {
      const parts = key.parts.map((p) => ({ ...p, given: answer[p.category], right: answer[p.category] === p.accepted }));
      return { right: parts.every((p) => p.right), parts };
    }
    const accepted = new Set(key.accepted);
    if (key.multiple) {
      const marked = new Set(answer);
      const wrong = [...marked].filter((c) => !accepted.has(c));
      const missed = [...accepted].filter((c) => !marked.has(c));
      return { right: !wrong.length && !missed.length, wrong, missed };
    }
    return { right: accepted.has(answer), choice: answer };
  }

  submit() {
    if (this.key.parts) this.answer({ ...this.parts });
    else this.answer([...this.marked]);
  }

  answer(given) {
    const verdict = this.judge(given);
    this.answered = true;
    this.root.dataset.verdict = verdict.right ? "right" : "wrong";
    this.lock();
    const lines = [];
    const key = this.key;
    if (key.parts) {
      for (const part of verdict.parts) {
        const signed = part.category === "contract";
        const names = {
          part: partLabel(part), answer: choicePart(part.accepted, signed),
          given: part.given === undefined ? _("no answer") : choicePart(part.given, signed),
        };
        lines.push(el("li", { className: part.right ? "tb-q-ok" : "tb-q-no" },
          el("span", { "aria-hidden": "true" }, part.right ? "✓ " : "✗ "),
          part.right ? sentence(_("{part}: you said {answer}, which is right"), names)
            : sentence(_("{part}: you said {given}; right: {answer}"), names)));
        if (!part.right) lines.push(...(reasonLine(part.reason) || []));
      }
    } else if (key.multiple) {
      for (const c of verdict.wrong) {
        lines.push(el("li", { className: "tb-q-no" }, sentence(_("{card} may not be played:"), { card: choicePart(c) }), " ",
          reasonNodes(key.reasons[c])));
      }
      for (const c of verdict.missed) {
        lines.push(el("li", { className: "tb-q-no" }, sentence(_("{card} may be played too:"), { card: choicePart(c) }), " ",
          reasonNodes(key.reasons[c])));
      }
    } else {
      const reason = key.reasons[verdict.choice];
      if (reason) lines.push(el("li", {}, reasonNodes(reason)));
      if (!verdict.right) {
        lines.push(el("li", { className: "tb-q-accepted" }, sentence(_("Accepted: {list}"), {
          list: choiceList(key.accepted),
        })));
      }
    }
    this.markWrong(verdict);
    const head = verdict.right ? _("Right.") : _("Not quite.");
    const list = el("ul", { className: "tb-q-reasons" }, lines);
    this.verdict.replaceChildren(el("p", { className: "tb-q-head" }, head), list);
    if (!verdict.right && key.kind === "play" && this.playOut && key.accepted.length) {
      const costButton = el("button", { type: "button", className: "tb-btn tb-q-cost" }, _("What does it cost?"));
      costButton.addEventListener("click", () => this.showCost(verdict.choice, costButton));
      this.more.append(costButton);
    }
    this.onAnswered(verdict);
    this.focusVerdict();
  }

  /** The choice pressed is locked: the keyboard goes to the verdict (read out), and on from there. */
  focusVerdict() {
    if (!this.root.isConnected) return;
    this.verdict.focus({ preventScroll: true });
    // On screen with what follows it (the next Tab: a practice page's "Next question"), the verdict first.
    const after = this.verdict.nextElementSibling;
    if (after instanceof HTMLElement && after.getClientRects().length) after.scrollIntoView({ block: "nearest" });
    this.verdict.scrollIntoView({ block: "nearest" });
  }

  async showCost(choice, button) {
    button.disabled = true;
    const out = el("p", { className: "tb-q-costs" }, _("Playing the hand out…"));
    this.verdict.append(out);
    let result;
    try {
      result = await this.playOut(choice, this.key.accepted[0]);
    } catch (err) {
      console.warn("trickbook: play-out failed", err);
      result = null;
    }
    if (!result || !result.ok) {
      out.textContent = _("The engine could not play the hand out here.");
      return;
    }
    // A rule's verdict is about the best defence: the cost is played on by the same solver, and says so;
    // the bots' part of it (the rest of the hand, or all of it for an author's list) is one possible play-out.
    const names = { card: choicePart(result.card), other: choicePart(result.compared_with) };
    const head = result.rule
      ? sentence(_("After {card}, against the best defence, compared with {other}:"), names)
      : sentence(_("One possible play-out by the bots after {card}, against {other}:"), names);
    const items = [...(result.goal ? [result.goal] : []), ...result.costs.map((c) => c.reason)];
    out.replaceChildren(...head, el("ul", {}, items.map((reason) => el("li", {}, reasonNodes(reason)))));
    if (result.rule && result.bots) {
      out.append(el("span", { className: "tb-q-playout-note" },
        _("Once that is settled, the bots play the rest of the hand: the score shown is one possible play-out.")));
    }
  }

  /** Show the accepted answer and its reasons (a teacher's reveal), without judging anything. */
  showAnswer() {
    const key = this.key;
    // Revealed by its button (not by a presenter's key elsewhere): the keyboard will go to the answer.
    const pressed = this.root.contains(document.activeElement);
    this.answered = true;
    this.root.dataset.verdict = "revealed";
    this.lock();
    const lines = [];
    if (key.parts) {
      for (const part of key.parts) {
        const shown = choicePart(part.accepted, part.category === "contract");
        lines.push(el("li", {}, sentence(_("{part}: {answer}"), { part: partLabel(part), answer: shown })),
          ...(reasonLine(part.reason) || []));
      }
    } else {
      lines.push(el("li", { className: "tb-q-accepted" }, sentence(_("Accepted: {list}"), { list: choiceList(key.accepted) })));
      const seen = new Set();
      for (const c of key.accepted) {
        const text = engineText(key.reasons[c]);
        if (!seen.has(text)) lines.push(el("li", {}, reasonNodes(key.reasons[c])));
        seen.add(text);
      }
    }
    this.verdict.replaceChildren(el("p", { className: "tb-q-head" }, _("The answer")), el("ul", { className: "tb-q-reasons" }, lines));
    this.onAnswered({ revealed: true });
    if (pressed) this.focusVerdict();
  }

  lock() {
    for (const button of this.root.querySelectorAll(".tb-q-choice, .tb-q-check, .tb-q-reveal")) {
      button.setAttribute("aria-disabled", "true");
      button.disabled = true;
    }
    for (const c of this.key.accepted || []) {
      for (const b of this.choices.querySelectorAll(`[data-choice="${c}"]`)) b.classList.add("tb-q-is-accepted");
    }
    if (this.key.parts) {
      for (const part of this.key.parts) {
        const row = [...this.choices.querySelectorAll(".tb-q-part")].find((r) => r.getAttribute("aria-label") === partLabel(part));
        const b = row && row.querySelector(`[data-choice="${part.accepted}"]`);
        if (b) b.classList.add("tb-q-is-accepted");
      }
    }
    this.again.hidden = false;
  }

  /** The reader's wrong picks marked on their buttons: a cross, and words for assistive technologies. */
  markWrong(verdict) {
    const said = _("your answer, not right");
    const mark = (button) => {
      if (!button || button.classList.contains("tb-q-picked-wrong")) return;
      button.classList.add("tb-q-picked-wrong");
      button.append(el("span", { className: "tb-q-wrong-mark", "aria-hidden": "true" }, "✗"),
        el("span", { className: "tb-sr" }, ` (${said})`));
    };
    const find = (root, choice) => root.querySelector(`.tb-q-choice[data-choice="${CSS.escape(String(choice))}"]`);
    if (verdict.parts) {
      const rows = [...this.choices.querySelectorAll(".tb-q-part")];
      verdict.parts.forEach((part, i) => {
        if (!part.right && part.given !== undefined && rows[i]) mark(find(rows[i], part.given));
      });
    } else if (verdict.wrong) {
      for (const c of verdict.wrong) mark(find(this.choices, c));
    } else if (!verdict.right) {
      mark(find(this.choices, verdict.choice));
    }
  }

  reset() {
    const fresh = new QuestionPanel(this.key, { playOut: this.playOut, onAnswered: this.onAnswered });
    this.root.replaceWith(fresh.root);
    Object.assign(this, fresh);
    this.onAnswered(null);
    const first = this.root.querySelector(".tb-q-choice");
    if (first) first.focus();
  }
}

/** The questions of one worked hand, shown by its player at their steps. */
export class HandQuestions {
  constructor(player, keys) {
    this.player = player;
    this.panels = new Map(); // index -> QuestionPanel, kept while the reader steps about
    this.keys = keys;
    this.box = el("div", { className: "tb-questions", hidden: true });
    player.bar.after(this.box);
    // Shown once its sheet applies: unstyled, a question would be small on a projector and its
    // buttons would jump as the sheet arrives.
    this.styled = false;
    ensureQuestionStyles().then(() => {
      this.styled = true;
      this.box.hidden = this.box.childElementCount === 0;
    });
  }

  at(step) {
    return this.keys.filter((k) => k.step === step);
  }

  panelFor(key) {
    let panel = this.panels.get(key.index);
    if (!panel) {
      panel = new QuestionPanel(key, {
        playOut: (card, right) => this.playOut(key, card, right),
        // Answered (or asked again): the player paints the step again, with the answer or without it.
        onAnswered: () => this.player.paint(),
      });
      this.panels.set(key.index, panel);
    }
    return panel;
  }

  async playOut(key, card, right) {
    const player = this.player;
    await player.wantEngine({ ask: true, anchor: null });
    await new Promise((resolve) => {
      const done = () => ["live", "failed", "static"].includes(player.figure.dataset.engine);
      if (done()) { resolve(); return; }
      const timer = setInterval(() => { if (done()) { clearInterval(timer); resolve(); } }, 100);
    });
    if (player.figure.dataset.engine !== "live") return null;
    const { ask } = await import("../engine.js");
    return ask("question_cost", { record: player.record, step: key.step, seat: key.seat, card, right, level: key.bots });
  }

  /** Called by the player after each paint. */
  paint(step) {
    const keys = this.player.branch ? [] : this.at(step);
    this.box.hidden = !keys.length || !this.styled;
    this.player.figure.classList.toggle("tb-q-step", keys.length > 0);
    const roots = keys.map((k) => this.panelFor(k).root);
    // The same panels stay where they are: moving them would drop the keyboard's focus.
    const shown = [...this.box.children];
    if (roots.length !== shown.length || roots.some((root, i) => root !== shown[i])) this.box.replaceChildren(...roots);
    this.mark();
    this.announce(keys);
  }

  /** A question that appears at the step is said in the hand's live region, once each time the reader
   * comes to the step (the step's narration waits with its answer, so nothing else would say it). */
  announce(keys) {
    const waiting = keys.filter((k) => !this.panelFor(k).answered);
    if (!waiting.length) {
      this.announced = null;
      return;
    }
    if (this.announced === this.player.step) return;
    this.announced = this.player.step;
    this.player.message.textContent = waiting.map((k) => fill(_("A question: {question}"), { question: k.text || "" })).join(" ");
  }

  /** The kinds of the questions that wait at the step shown (withhold.js hides their answers). */
  waitingKinds() {
    return waitingKinds(this.pending());
  }

  pending() {
    return this.player.branch ? [] : this.at(this.player.step).filter((k) => !this.panelFor(k).answered);
  }

  /** While a question waits, what would give its answer away is hidden; so are the hands its seat cannot see. */
  mark() {
    const figure = this.player.figure;
    const waiting = this.pending();
    figure.classList.toggle("tb-q-pending", waiting.length > 0);
    figure.dataset.questionKind = waiting.length ? waiting[0].kind : "";
    const seatView = waiting.find((k) => k.view === "seat" && k.seat);
    figure.classList.toggle("tb-q-seat-view", Boolean(seatView));
    for (const seatBox of this.player.board.querySelectorAll(".tb-seat")) {
      const hidden = Boolean(seatView) && seatBox.dataset.seat !== seatView.seat;
      seatBox.classList.toggle("tb-q-hidden-hand", hidden);
      const list = seatBox.querySelector(".tb-cards");
      if (list) list.hidden = hidden;
      let note = seatBox.querySelector(".tb-q-hidden-note");
      if (hidden && !note) {
        note = el("p", { className: "tb-q-hidden-note" }, fill(_("{seat}'s cards are hidden until the answer."), { seat: seatShown(seatBox.dataset.seat) }));
        seatBox.append(note);
      } else if (!hidden && note) note.remove();
    }
  }

  /** Presenter mode: a key that steps on (PageDown, Space, the right or down arrow, as clickers send
   * them) reveals an unanswered question first; pressed again, it steps on. */
  onPresenterKey(event) {
    if (!["PageDown", "ArrowRight", "ArrowDown", " ", "Spacebar"].includes(event.key)) return false;
    if (event.shiftKey || event.altKey || event.ctrlKey || event.metaKey) return false;
    const waiting = this.pending();
    if (!waiting.length) return false;
    event.preventDefault();
    event.stopPropagation();
    for (const k of waiting) this.panelFor(k).showAnswer();
    return true;
  }
}
