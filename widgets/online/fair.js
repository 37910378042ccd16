// This browser's share of an online match's seed, and what the page keeps to check the deal at the end.
//
// A person's page draws 32 random bytes (`crypto.getRandomValues`), sends their SHA-256 as its
// commitment and reveals them only when the server asks, once every commitment is in (PROTOCOL.md,
// recipe 1). Everything the end check needs (check.js) is kept in localStorage under the table's code,
// so that a reload keeps it: the value, the dealer's commitment as first shown, every person's
// commitment, the seed's fingerprint as shown when the match began, and each hand as first seen.

import { GAMES, commitmentOf } from "../verifier/recipe.js";

const key = (/** @type {string} */ code) => `trickbook.online.${code}.fair`;

/** @param {Uint8Array} bytes */
function hex(bytes) {
  return [...bytes].map((b) => b.toString(16).padStart(2, "0")).join("");
}

export class FairShare {
  /** @param {string} code the table's */
  constructor(code) {
    this.code = code;
    /** @type {{value: string|null, dealer_commitment: string|null, commitments: Object<string, string>,
     *   fingerprint: string|null, seen: Object<string, {dealer: string, cards: string[], whole: boolean}>,
     *   class_commitments?: string[]}} */
    this.kept = { value: null, dealer_commitment: null, commitments: {}, fingerprint: null, seen: {} };
    try {
      const stored = JSON.parse(localStorage.getItem(key(code)) || "null");
      if (stored && typeof stored === "object") this.kept = { ...this.kept, ...stored };
    } catch (err) {
      // Nothing kept, or unreadable: the page starts afresh (the end check will say what it cannot confirm).
    }
  }

  save() {
    try {
      localStorage.setItem(key(this.code), JSON.stringify(this.kept));
    } catch (err) {
      // Storage full or refused: the check at the end still has what this page kept in memory.
    }
  }

  /** This page's value (drawn once per table) and its commitment. */
  async commitment() {
    if (!this.kept.value) {
      this.kept.value = hex(crypto.getRandomValues(new Uint8Array(32)));
      this.save();
    }
    return commitmentOf(this.kept.value);
  }

  /**
   * What the lobby showed: the dealer's commitment as first seen (it must never change) and the persons'.
   * @param {{dealer_commitment?: string, phase?: string, commitments?: Record<string, string>,
   *   class_commitments?: string[] | null}} frame
   */
  lobby(frame) {
    if (!this.kept.dealer_commitment && frame.dealer_commitment) this.kept.dealer_commitment = frame.dealer_commitment;
    // While people sit down and stand up, a seat's commitment may change; once the match starts, the
    // ones seen then are the ones the values must match.
    // A class that deals every table the same cards mixes every student's value: their commitments,
    // fixed when the teacher starts the class, are kept as first shown.
    if (Array.isArray(frame.class_commitments) && !this.kept.class_commitments) this.kept.class_commitments = [...frame.class_commitments];
    if (frame.phase === "seating") this.kept.commitments = { ...(frame.commitments || {}) };
    else {
      for (const [seat, hash] of Object.entries(frame.commitments || {})) {
        if (!this.kept.commitments[seat]) this.kept.commitments[seat] = hash;
      }
    }
    this.save();
  }

  /**
   * A view of this seat: its fingerprint, and each hand as first seen.
   * @param {{fingerprint?: string, hand_number: number, hand_hidden?: boolean, hand: string[], game: string,
   *   trick?: unknown, dealer: string}} view
   * @param {boolean} fromSnapshot
   */
  view(view, fromSnapshot) {
    let changed = false;
    if (!this.kept.fingerprint && view.fingerprint) {
      this.kept.fingerprint = view.fingerprint;
      changed = true;
    }
    const number = view.hand_number;
    if (number >= 1 && !this.kept.seen[number] && !view.hand_hidden && view.hand.length) {
      const rules = GAMES.get(view.game);
      const size = rules ? rules.packets.reduce((a, b) => a + b, 0) : -1;
      const whole = !fromSnapshot && !view.trick && view.hand.length === size;
      this.kept.seen[number] = { dealer: view.dealer, cards: [...view.hand], whole };
      changed = true;
    }
    if (changed) this.save();
  }

  forget() {
    localStorage.removeItem(key(this.code));
  }
}
