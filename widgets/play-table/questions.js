// The table's questions to its engine (why not this card, what a score means). Hover, focus and
// a press each ask, and a repaint under a resting pointer or a kept focus asks again: one question
// about one position is asked once while its answer is on its way or shown, and a question asked
// by hover or focus while the bots' moves are being shown waits until they are (the last one
// only). At an online table every question is a frame the table server counts. Whatever comes
// back first, the newest question's answer is the one shown.

import { el, partsNodes } from "../dom.js";
import { tableParts } from "./state.js";

/**
 * What an explanation can depend on: a repaint of the same position is not a new one.
 * @param {{hand_number?: number, phase?: string, your_turn?: boolean, current?: string|null, playable?: string[],
 *   trick?: unknown, seats?: Array<{taken?: number}>}} view
 */
function positionOf(view) {
  return JSON.stringify([view.hand_number, view.phase, view.your_turn, view.current, view.playable, view.trick,
    (view.seats || []).map((s) => s.taken)]);
}

export class Questions {
  /** @param {any} table the PlayTable whose engine is asked and whose view shows the answers */
  constructor(table) {
    this.table = table;
    this.position = ""; // the position painted last
    /** @type {string | null} the question whose answer is on its way */
    this.asking = null;
    this.ticket = 0; // the view's ticket its answer is shown under (renewed when it is asked again)
    /** @type {string | null} the question whose answer was shown last */
    this.answered = null;
    /** @type {string | null} a hover or focus question asked while the table was busy */
    this.later = null;
  }

  /**
   * The table painted `view`.
   * @param {Parameters<typeof positionOf>[0]} view
   */
  moved(view) {
    this.position = positionOf(view);
  }

  /**
   * Ask about `target` (`passive`: by hover or focus, which waits while the table is busy).
   * @param {string | null | undefined} target @param {boolean} [passive]
   */
  async ask(target, passive) {
    const table = this.table;
    if (!table.id || !target) return;
    if (passive && table.busy) {
      this.later = target;
      return;
    }
    const ticket = table.ui.askExplanation(); // an older question's answer is no longer shown
    const question = `${target}@${this.position}`;
    if (question === this.answered && table.ui.explanation.dataset.target === target) return;
    this.ticket = ticket;
    if (question === this.asking) return; // on its way: it will show under the new ticket
    this.asking = question;
    let answer;
    try {
      answer = await table.engineAsk("table_explain", { table: table.id, target });
    } catch (err) {
      answer = { ok: false };
    }
    const newest = this.asking === question ? this.ticket : ticket;
    if (this.asking === question) this.asking = null;
    if (!answer.ok) return;
    this.answered = question;
    table.ui.showExplanation(newest, target, answer.messages.map((/** @type {any} */ m) => el("p", { dataset: { code: m.code } }, partsNodes(tableParts(m)))));
  }

  /** The bots' moves are shown: the question kept meanwhile is asked now. */
  settled() {
    const target = this.later;
    this.later = null;
    if (target) this.ask(target, true);
  }
}
