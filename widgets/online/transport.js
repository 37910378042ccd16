// The play table's answers over the table server's WebSocket instead of the page's engine.
//
// `PlayTable.request(type, payload)` asks this object what it would ask the worker: `table_act`
// becomes an `act` frame, `table_next` a `next`, `table_explain` an `explain` (PROTOCOL.md). The
// answer has the worker's shape, `{ok, id, steps, view, seconds}` or `{ok: false, reason|error}`, so
// the table paints it as it paints the engine's. Updates that nobody at this page asked for (the
// other seats' moves, the bots', a time-out) are pushed to the table, which paints them in order.
// There is no `table_timeout`: the server keeps the clock and plays the conduct's choice itself.

import { refusalMessage, serverRefusal } from "./words.js";

/**
 * What the table is answered, in the worker's shape (widgets/engine.js).
 * @typedef {{ok: boolean, id?: string, steps?: any[], view?: any, seconds?: number|null, snapshot?: boolean,
 *   messages?: any[], reason?: any, error?: any}} Answer
 * @typedef {(answer: Answer) => void} Settle
 */

export class OnlineTransport {
  /**
   * @param {{send: (frame: object) => boolean}} link the connection (socket.js)
   * @param {(answer: any) => void} onPush an answer nobody here asked for
   * @param {(view: any, snapshot: boolean) => void} onView every view of this seat received (the page keeps the deals it saw)
   */
  constructor(link, onPush, onView) {
    this.link = link;
    this.onPush = onPush;
    this.onView = onView;
    this.turn = 0;
    /** @type {Settle | null} the pending act/next: its resolve */
    this.move = null;
    /** @type {Settle | null} the pending explain: its resolve */
    this.explaining = null;
    /** @type {string | null} what it asked about (an older question's answer does not settle it) */
    this.explainingTarget = null;
    this.closed = false;
  }

  /**
   * The same requests the table makes of its engine, answered by the server.
   * @param {string} type @param {{target?: string, action?: string}} [payload]
   * @returns {Promise<Answer>}
   */
  request(type, payload = {}) {
    if (type === "table_explain") {
      this.explainingTarget = payload.target ?? null;
      return this.ask({ type: "explain", target: payload.target }, "explaining");
    }
    if (type === "table_act") return this.ask({ type: "act", action: payload.action, turn: this.turn }, "move");
    if (type === "table_next") return this.ask({ type: "next", turn: this.turn }, "move");
    // Anything else (a time-out, a new match) is not the page's to ask at an online table.
    return Promise.resolve({ ok: false, error: refusalMessage({ code: "unknown-type" }) });
  }

  /**
   * @param {object} frame @param {"move" | "explaining"} slot
   * @returns {Promise<Answer>}
   */
  ask(frame, slot) {
    const pending = this[slot];
    if (pending) pending({ ok: false, error: refusalMessage({ code: "offline" }) });
    if (this.closed || !this.link.send(frame)) return Promise.resolve({ ok: false, error: refusalMessage({ code: "offline" }) });
    return new Promise((resolve) => { this[slot] = resolve; });
  }

  /** @param {"move" | "explaining"} slot @param {Answer} answer */
  settle(slot, answer) {
    const resolve = this[slot];
    this[slot] = null;
    if (resolve) resolve(answer);
    return Boolean(resolve);
  }

  /** The link dropped: what was asked will not be answered; the snapshot after the reconnect says where the table is. */
  dropped() {
    this.settle("move", { ok: false, error: refusalMessage({ code: "offline" }) });
    this.settle("explaining", { ok: false });
  }

  /**
   * A view as the table reads it, with the deadline turned into a time on this page's clock.
   * @param {{deadline_ms?: number|null}} view
   */
  stamp(view) {
    const left = typeof view.deadline_ms === "number" ? view.deadline_ms : null;
    return { ...view, deadline_at: left === null ? null : performance.now() + left };
  }

  /**
   * The server's frames that belong to the table; true when this one did.
   * @param {any} frame
   */
  receive(frame) {
    if (frame.type === "update" || frame.type === "snapshot") {
      this.turn = frame.turn;
      const steps = (frame.steps || []).map((/** @type {any} */ step) => ({ ...step, view: this.stamp(step.view) }));
      const answer = { ok: true, id: "online", steps, view: this.stamp(frame.view), seconds: frame.seconds, snapshot: frame.type === "snapshot" };
      for (const step of steps) this.onView(step.view, false);
      this.onView(answer.view, frame.type === "snapshot");
      if (frame.type === "snapshot" || !this.settle("move", answer)) this.onPush(answer);
      if (frame.type === "snapshot") this.settle("move", { ok: false, error: refusalMessage({ code: "stale-turn" }) });
      return true;
    }
    if (frame.type === "refused") {
      // The engine's reasons are read in the engine's catalog; the server's own (`bad-table`) in ours.
      const reason = frame.reason && serverRefusal(frame.reason.code) ? refusalMessage(frame.reason) : frame.reason;
      this.settle("move", { ok: false, reason });
      return true;
    }
    if (frame.type === "explained") {
      if (frame.target === this.explainingTarget) this.settle("explaining", { ok: true, messages: frame.messages || [] });
      return true;
    }
    if (frame.type === "error" && (this.move || this.explaining)) {
      // The server names the kind of frame it refused: a refused question never fails the pending move.
      const answer = { ok: false, error: refusalMessage(frame.error) };
      if (frame.for === "explain") this.settle("explaining", answer);
      else if (frame.for === "act" || frame.for === "next") this.settle("move", answer);
      else if (!this.settle("move", answer)) this.settle("explaining", answer);
      return true;
    }
    return false;
  }

  close() {
    this.closed = true;
    this.dropped();
  }
}
