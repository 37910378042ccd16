// A student's side of a class (classroom.js is the teacher's): choosing a table from the class's link
// (`#class=CODE` on a play page), the teacher's pause, and the teacher's question to the seat to play.
//
// The chooser watches the class (`watch` without a token, PROTOCOL.md "A class") and lists its tables
// and seats; choosing one joins that table as its own link would (online.js `join`). At the table, a
// `question` frame opens a panel of the reader's cards to pick (every legal card, or the one card to
// play); the answer goes in with `answer`, and the teacher's `settle` sends back the verdict with the
// engine's reasons, which the panel reads out. State for tests: `data-class-question` on the panel
// ("open", "sent", "right", "wrong").

import { _, engineText, fill } from "../i18n.js";
import { cardElement } from "../board.js";
import { el } from "../dom.js";
import { Connection } from "./socket.js";
import { groupedCode, refusalText } from "./words.js";

/** The class's code in a page's fragment (`#class=CODE`), or null. */
export function classCode(hash) {
  const match = /^#class=([23456789abcdefghjkmnpqrstuvwxyz]{10})$/.exec(hash || "");
  return match ? match[1] : null;
}

/** The class's tables and seats, for a student to choose one; `join(tableCode)` goes to the table. */
export class ClassChooser {
  constructor(box, base, code, join) {
    this.box = box;
    this.code = code;
    this.join = join;
    this.heading = el("h3", { className: "tbc-title", tabindex: "-1" }, fill(_("Class {code}"), { code: groupedCode(code) }));
    this.list = el("ul", { className: "tbc-choose" });
    this.state = el("p", { role: "status" });
    box.replaceChildren(this.heading, el("p", {}, _("Choose a table: you will take a seat there and write your name.")), this.list, this.state);
    box.hidden = false;
    this.connection = new Connection(base, () => ({ type: "watch", class: code, token: null }), (frame) => this.frame(frame), () => {});
    this.connection.open();
    this.heading.focus({ preventScroll: true });
  }

  frame(frame) {
    if (frame.type === "error") {
      this.state.textContent = refusalText(frame.error);
      return;
    }
    if (frame.type !== "class") return;
    if (frame.phase !== "seating") this.state.textContent = _("The class has started: its seats are taken.");
    this.list.replaceChildren(...frame.tables.map((t) => {
      const free = t.seats.filter((s) => s.kind === "empty").length;
      const people = t.seats.filter((s) => s.kind === "person").map((s) => s.name).join(", ");
      const go = el("button", { type: "button", className: "tbt-btn tbc-join", dataset: { table: String(t.index) },
        disabled: frame.phase !== "seating" || !free }, fill(_("Join table {table}"), { table: String(t.index + 1) }));
      go.addEventListener("click", () => {
        this.close();
        this.join(t.code);
      });
      return el("li", {}, go, " ", fill(_("Free seats: {free}"), { free: String(free) }), people ? ` · ${people}` : "");
    }));
  }

  close() {
    this.connection.close();
  }
}

/** The teacher's question at this seat's table, and its verdict. */
export class ClassQuestions {
  /**
   * @param {HTMLElement} root the play table's root
   * @param {(frame: object) => boolean} send
   * @param {() => void} back puts the keyboard back at the table's decision once the panel closes
   */
  constructor(root, send, back) {
    this.root = root;
    this.send = send;
    this.back = back;
    this.box = el("section", { className: "tbc-question", hidden: true, "aria-labelledby": "tbc-question-title" });
    this.paused = el("p", { className: "tbc-paused-note", role: "status", hidden: true });
    root.prepend(this.paused, this.box);
  }

  /** Keep the panel and the note in the table's container when the table repaints its own parts. */
  place() {
    if (!this.box.isConnected || !this.paused.isConnected) this.root.prepend(this.paused, this.box);
  }

  lobby(frame) {
    this.place();
    this.paused.hidden = !frame.paused;
    this.paused.textContent = frame.paused ? _("Your teacher has paused the tables. Wait for them to go on.") : "";
  }

  receive(frame) {
    if (frame.type === "question") this.ask(frame);
    else if (frame.type === "verdict") this.verdict(frame);
    else if (frame.type === "answer-taken") {
      this.box.dataset.classQuestion = "sent";
      this.said.textContent = _("Your answer is in. Your teacher will show the verdict.");
    } else return false;
    return true;
  }

  ask(frame) {
    this.place();
    this.number = frame.ask;
    const picked = new Set();
    const title = frame.kind === "legal" ? _("Your teacher asks: which of your cards may you play now? Pick every one.")
      : _("Your teacher asks: which card would you play now? Pick one.");
    const buttons = frame.choices.map((code) => {
      const b = el("button", { type: "button", className: "tbc-choice", "aria-pressed": "false", dataset: { card: code } }, cardElement(code));
      b.addEventListener("click", () => {
        if (!frame.multiple) {
          picked.clear();
          for (const other of buttons) other.setAttribute("aria-pressed", "false");
        }
        if (picked.has(code)) picked.delete(code);
        else picked.add(code);
        b.setAttribute("aria-pressed", String(picked.has(code)));
      });
      return b;
    });
    const answer = el("button", { type: "button", className: "tbt-btn tbc-answer" }, _("Answer"));
    this.said = el("p", { role: "status" });
    answer.addEventListener("click", () => {
      if (!picked.size && !frame.multiple) {
        this.said.textContent = _("Pick a card first.");
        return;
      }
      const given = frame.multiple ? [...picked] : [...picked][0];
      if (!this.send({ type: "answer", ask: frame.ask, answer: given })) this.said.textContent = refusalText({ code: "offline" });
    });
    this.box.replaceChildren(el("h3", { id: "tbc-question-title", tabindex: "-1" }, title),
      el("div", { className: "tbc-choices", role: "group", "aria-label": _("Your cards") }, ...buttons), el("p", {}, answer), this.said);
    this.box.dataset.classQuestion = frame.answered ? "sent" : "open";
    this.box.hidden = false;
    /** @type {HTMLElement} */ (this.box.querySelector("h3")).focus({ preventScroll: false });
  }

  verdict(frame) {
    this.place();
    const verdict = frame.verdict;
    const right = Boolean(verdict && verdict.right);
    this.box.dataset.classQuestion = verdict ? (right ? "right" : "wrong") : "wrong";
    const given = [].concat(frame.answer || []);
    const reasons = given.map((code) => frame.reasons[code]).filter(Boolean).map((r) => el("li", {}, engineText(r)));
    const missed = verdict && verdict.missed ? verdict.missed.map((m) => el("li", {}, engineText(m.reason))) : [];
    this.box.replaceChildren(
      el("h3", { id: "tbc-question-title", tabindex: "-1" }, !verdict ? _("You gave no answer.") : right ? _("Right.") : _("Not this time.")),
      el("p", {}, _("Accepted:"), " ", ...frame.accepted.flatMap((c, i) => [i ? " " : "", cardElement(c)])),
      el("ul", {}, ...reasons, ...missed),
      el("p", {}, el("button", { type: "button", className: "tbt-btn tbc-close" }, _("Back to the table"))));
    this.box.querySelector(".tbc-close").addEventListener("click", () => {
      this.box.hidden = true;
      this.back();
    });
    this.box.hidden = false;
    /** @type {HTMLElement} */ (this.box.querySelector("h3")).focus({ preventScroll: false });
  }
}
