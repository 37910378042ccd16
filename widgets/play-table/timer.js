// The decision timer: a number and a shrinking bar; it pauses while the tab is hidden.
//
// The seconds come from the engine's facade (its answer's `seconds`) unless the page
// overrides them (`?timer=S` or `data-timer`, for tests). When time runs out the timer
// calls `onTimeout`; the table then asks the engine for its cautious choice. At an online table
// (`startDeadline`) the time left is the server's: the timer counts it down, keeps running while the
// tab is hidden (the server's clock does) and never times out on its own: the server plays then.
// With WARN_SECONDS left of a decision (one that lasts longer than that) the timer says so once,
// politely, in the table's live region (`said`); a timer turned off says nothing.

import { _, fill, ngettext } from "../i18n.js";

const WARN_SECONDS = 5;

export class DecisionTimer {
  /**
   * @param {HTMLElement} box the timer (its bar reads `--tbt-left`)
   * @param {HTMLElement} text where the seconds are written
   * @param {() => void} onTimeout called when the page's own clock runs out
   * @param {HTMLElement | null} [said] the table's polite live region, for the warning before time runs out
   */
  constructor(box, text, onTimeout, said = null) {
    this.box = box;
    this.text = text;
    this.onTimeout = onTimeout;
    this.said = said;
    this.warned = true; // set false as a decision's clock starts, true once its warning is said
    this.seconds = 20;
    this.on = true;
    /** @type {number | null} ms left when paused or running; null when stopped */
    this.left = null;
    /** @type {number | null} performance.now() when the current run began */
    this.started = null;
    /** @type {ReturnType<typeof setInterval> | null} */
    this.tick = null;
    this.paused = false;
    this.serverClock = false; // counting down the table server's deadline (it acts when it passes)
    document.addEventListener("visibilitychange", () => this.onVisibility());
  }

  /** Start a decision's clock (or show "take your time" when the reader turned it off). */
  start() {
    this.stop();
    this.serverClock = false;
    this.box.hidden = false;
    if (!this.on) {
      this.text.textContent = _("Timer off: take your time.");
      this.box.style.setProperty("--tbt-left", "1");
      this.box.dataset.left = "";
      return;
    }
    this.left = this.seconds * 1000;
    this.warned = this.seconds <= WARN_SECONDS;
    this.run();
  }

  /**
   * An online table's decision: `ms` left by the server's clock, or null when the table has no timers.
   * @param {number | null} ms
   */
  startDeadline(ms) {
    this.stop();
    this.box.hidden = false;
    if (ms === null || !this.on) {
      this.serverClock = false;
      this.text.textContent = ms === null ? _("No time limit at this table: take your time.") : _("Timer hidden: the table still has a time limit.");
      this.box.style.setProperty("--tbt-left", "1");
      this.box.dataset.left = "";
      return;
    }
    this.serverClock = true;
    this.left = ms;
    this.warned = ms <= WARN_SECONDS * 1000;
    this.paused = false;
    this.box.dataset.paused = "false";
    this.started = performance.now();
    this.update();
    this.tick = setInterval(() => this.update(), 250);
  }

  run() {
    if (document.hidden) {
      this.pause();
      return;
    }
    this.paused = false;
    this.box.dataset.paused = "false";
    this.started = performance.now();
    this.update();
    this.tick = setInterval(() => this.update(), 250);
  }

  /** @returns {number | null} */
  remaining() {
    if (this.left === null) return null;
    if (this.started === null) return this.left;
    return Math.max(0, this.left - (performance.now() - this.started));
  }

  update() {
    const left = this.remaining();
    if (left === null) return;
    const shown = Math.ceil(left / 1000);
    this.text.textContent = fill(_("{seconds} s to decide"), { seconds: String(shown) });
    this.box.dataset.left = String(shown);
    this.box.style.setProperty("--tbt-left", String(this.seconds ? left / (this.seconds * 1000) : 0));
    if (!this.warned && left > 0 && left <= WARN_SECONDS * 1000) this.warn();
    if (left <= 0) {
      const own = !this.serverClock;
      this.stop();
      if (own) this.onTimeout();
    }
  }

  /** Say once, politely, that the decision's time is nearly up. */
  warn() {
    this.warned = true;
    const said = this.said;
    if (!said) return;
    said.textContent = "";
    requestAnimationFrame(() => {
      said.textContent = fill(ngettext("{seconds} second left to decide.", "{seconds} seconds left to decide.", WARN_SECONDS),
        { seconds: String(WARN_SECONDS) });
    });
  }

  /** The tab was hidden: keep the time left and say so. */
  pause() {
    if (this.left === null) return;
    this.left = this.remaining();
    this.started = null;
    if (this.tick !== null) clearInterval(this.tick);
    this.tick = null;
    this.paused = true;
    this.box.dataset.paused = "true";
    this.text.textContent = fill(_("Paused while this tab is hidden: {seconds} s left."),
      { seconds: String(Math.ceil((this.left ?? 0) / 1000)) });
  }

  onVisibility() {
    if (this.left === null || this.serverClock) return;
    if (document.hidden) this.pause();
    else if (this.paused) this.run();
  }

  stop() {
    if (this.tick !== null) clearInterval(this.tick);
    this.tick = null;
    this.left = null;
    this.started = null;
    this.paused = false;
  }

  hide() {
    this.stop();
    this.box.hidden = true;
  }
}
