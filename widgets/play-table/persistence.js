// The saved match, in localStorage: the seed sealed (sealed.js), its fingerprint, the reader's
// seat, players and rounds, the reader's moves (sealed after each one) and the engine's save version. Never the seed
// itself: whoever reads storage must not see the hands still to come.
//
// Deterministic bots make this enough: the engine plays the moves again from the seed and
// reaches exactly the same position. A saved match that cannot be read, or comes from
// another version (one that kept the seed in clear among them), is dropped and the table says
// so; it never stops the page.

import { SAVE_FORMAT, dropKey } from "./sealed.js";

const PREFIX = "trickbook.table.";

/**
 * A saved match as kept in storage: the seed only sealed, never in clear.
 * @typedef {{format: number, game: string, sealed: {iv: string, data: string}, fingerprint: string,
 *   moves: string[], version: string, seat?: string, players?: number|null, rounds?: number|null,
 *   moves_sealed?: {iv: string, data: string}, [more: string]: any}} SavedMatch
 */

/** @param {string} game */
function key(game) {
  return `${PREFIX}${game}`;
}

function storage() {
  try {
    return window.localStorage;
  } catch (err) {
    return null; // storage refused (private mode, a sandbox): the table simply does not resume
  }
}

/** The saved match of `game`: {ok: true, saved} | {ok: false, reason: "corrupt" | "version"} | null when
 * none is saved.
 * @param {string} game
 * @returns {{ok: boolean, saved?: SavedMatch, text?: string, reason?: "corrupt" | "version"} | null}
 */
export function loadSaved(game) {
  const store = storage();
  if (!store) return null;
  let text;
  try {
    text = store.getItem(key(game));
  } catch (err) {
    return null;
  }
  if (text === null) return null;
  let saved;
  try {
    saved = JSON.parse(text);
  } catch (err) {
    return { ok: false, reason: "corrupt" };
  }
  if (saved && typeof saved === "object" && !Array.isArray(saved) && saved.format !== SAVE_FORMAT) {
    return { ok: false, reason: "version" }; // written by another version of this page
  }
  const sealed = saved && saved.sealed;
  const fine = saved && typeof saved === "object" && saved.game === game && !("seed" in saved)
    && sealed && typeof sealed.iv === "string" && /^[0-9a-f]{24}$/.test(sealed.iv)
    && typeof sealed.data === "string" && /^([0-9a-f]{2}){17,}$/.test(sealed.data)
    && typeof saved.fingerprint === "string" && /^[0-9a-f]{64}$/.test(saved.fingerprint)
    && Array.isArray(saved.moves) && typeof saved.version === "string"
    && saved.moves.every((/** @type {unknown} */ m) => typeof m === "string");
  if (!fine) return { ok: false, reason: "corrupt" };
  return { ok: true, saved, text };
}

/**
 * Save the match after a move (nothing once it is over: a finished match is not resumed).
 * @param {string} game
 * @param {Partial<SavedMatch> & {seed?: string}} record
 */
export function save(game, record) {
  const store = storage();
  if (!store || !record.sealed) return; // no sealed seed (no Web Crypto here): the match is not saved
  const kept = { ...record };
  delete kept.seed; // never the seed in clear
  try {
    store.setItem(key(game), JSON.stringify({ ...kept, game }));
  } catch (err) {
    console.warn("trickbook: the match could not be saved", err);
  }
}

/**
 * Drop the saved match and the key of its sealed seed.
 * @param {string} game
 */
export function forget(game) {
  dropKey(game);
  const store = storage();
  if (!store) return;
  try {
    store.removeItem(key(game));
  } catch (err) {
    // nothing to forget
  }
}

// The table's settings kept between visits (one set for every game): how the bots play.
const SETTINGS = "trickbook.table-settings";
const LEVELS = new Set(["strong", "gentle"]);

/** The reader's table settings: {level: "strong" | "gentle"} ("strong" unless they chose otherwise). */
export function loadSettings() {
  const fallback = { level: "strong" };
  const store = storage();
  if (!store) return fallback;
  try {
    const saved = JSON.parse(store.getItem(SETTINGS) || "null");
    return saved && LEVELS.has(saved.level) ? { level: saved.level } : fallback;
  } catch (err) {
    return fallback; // unreadable settings: the defaults
  }
}

/** @param {{level: string}} settings */
export function saveSettings(settings) {
  const store = storage();
  if (!store) return;
  try {
    store.setItem(SETTINGS, JSON.stringify({ level: settings.level }));
  } catch (err) {
    console.warn("trickbook: the table's settings could not be saved", err);
  }
}

/** A fresh seed: 32 random bytes from the browser's cryptographic generator, as 64 hex digits. */
export function newSeed() {
  const bytes = new Uint8Array(32);
  crypto.getRandomValues(bytes);
  return [...bytes].map((b) => b.toString(16).padStart(2, "0")).join("");
}
