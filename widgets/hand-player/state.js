// What the hand player knows without the DOM: steps, deep links, the card a step is
// about, and whether the reader's connection asks us to save data.

/** The steps of a replay_json answer: [{step, action, events, note, view}, …]. */
export function stepsOf(replay) {
  const data = typeof replay === "string" ? JSON.parse(replay) : replay;
  if (Array.isArray(data)) return data;
  if (data && Array.isArray(data.steps)) return data.steps;
  return [];
}

/**
 * "#id=step" -> {id, step, present: false}; "#id=step&present" opens it in presenter
 * mode (present: true); anything else -> null.
 */
export function parseHash(hash) {
  let text = decodeURIComponent((hash || "").replace(/^#/, ""));
  let present = false;
  const flags = text.split("&");
  if (flags.length > 1) {
    text = flags[0];
    present = flags.slice(1).includes("present");
  }
  const at = text.lastIndexOf("=");
  if (at <= 0) return null;
  const step = Number(text.slice(at + 1));
  if (text.slice(at + 1) === "" || !Number.isInteger(step) || step < 0) return null;
  return { id: text.slice(0, at), step, present };
}

/** The fragment that opens hand `id` at `step` (in presenter mode when `present`). */
export function hashFor(id, step, present = false) {
  return `#${encodeURIComponent(id)}=${step}${present ? "&present" : ""}`;
}

/** A small stable number for the bots' seed, so that a "what if" reads the same each time. */
export function seedFor(...parts) {
  let h = 2166136261;
  for (const ch of parts.join("|")) h = Math.imul(h ^ ch.codePointAt(0), 16777619) >>> 0;
  return h & 0x7fffffff;
}

const CARD = /^(10|[2-9TJQKA])[SHDC]$/i;

function cardCode(text) {
  const code = String(text).trim().toUpperCase().replace(/^10/, "T");
  return CARD.test(code) ? code : null;
}

/**
 * The cards a step is about: the card its action plays; otherwise the cards its
 * events name (a turned card, the card that took the trick).
 */
export function cardsOfStep(step) {
  if (!step) return [];
  const played = cardCode(String(step.action || "").split(/\s+/).pop() || "");
  if (played) return [played];
  const named = [];
  for (const event of step.events || []) {
    const values = event.values || {};
    for (const value of [values.card, ...(Array.isArray(values.cards) ? values.cards : [])]) {
      const code = value ? cardCode(value) : null;
      if (code && !named.includes(code)) named.push(code);
    }
  }
  return named;
}

/** True where the reader's connection asks to save data or is slow: ask before a big download. */
export function dataIsPrecious(connection = globalThis.navigator && navigator.connection) {
  if (!connection) return false;
  return connection.saveData === true || ["slow-2g", "2g", "3g"].includes(connection.effectiveType);
}

/** "13.6 MB" for a number of bytes, in the reader's number format. */
export function megabytes(bytes, lang) {
  const mb = bytes / 1_000_000;
  try {
    return `${new Intl.NumberFormat(lang, { maximumFractionDigits: 1, minimumFractionDigits: 1 }).format(mb)} MB`;
  } catch {
    return `${mb.toFixed(1)} MB`;
  }
}

let runtimeSize = null;

/** The engine's download size in bytes on a link that saves data, where the worker skips the memory
 * snapshot (assets/runtime.json, as the build measured it), or null. */
export async function engineDownloadBytes(assets) {
  if (runtimeSize) return runtimeSize;
  runtimeSize = fetch(new URL("runtime.json", assets))
    .then((response) => (response.ok ? response.json() : {}))
    .then((/** @type {any} */ data) => [data.slow_link_bytes, data.download_bytes].find(Number.isFinite) ?? null)
    .catch(() => null);
  return runtimeSize;
}
