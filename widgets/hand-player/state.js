// What the hand player knows without the DOM: steps, deep links, the card a step is
// about, and whether the reader's connection asks us to save data.

/**
 * A step of a replayed hand, as the engine's replay_json gives it.
 * @typedef {{step: number, action?: string|null, events?: Array<{code?: string, values?: Record<string, any>}>,
 *   note?: string|null, view?: any}} Step
 */

/**
 * The steps of a replay_json answer: [{step, action, events, note, view}, …].
 * @param {string | Step[] | {steps?: Step[]} | null} replay
 * @returns {Step[]}
 */
export function stepsOf(replay) {
  const data = typeof replay === "string" ? JSON.parse(replay) : replay;
  if (Array.isArray(data)) return data;
  if (data && Array.isArray(data.steps)) return data.steps;
  return [];
}

/**
 * "#id=step" -> {id, step, present: false}; "#id=step&present" opens it in presenter
 * mode (present: true); anything else -> null.
 * @param {string | null | undefined} hash
 * @returns {{id: string, step: number, present: boolean} | null}
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

/**
 * The fragment that opens hand `id` at `step` (in presenter mode when `present`).
 * @param {string} id @param {number} step @param {boolean} [present]
 */
export function hashFor(id, step, present = false) {
  return `#${encodeURIComponent(id)}=${step}${present ? "&present" : ""}`;
}

/**
 * A small stable number for the bots' seed, so that a "what if" reads the same each time.
 * @param {...(string|number)} parts
 */
export function seedFor(...parts) {
  let h = 2166136261;
  for (const ch of parts.join("|")) h = Math.imul(h ^ (ch.codePointAt(0) ?? 0), 16777619) >>> 0;
  return h & 0x7fffffff;
}

const CARD = /^(10|[2-9TJQKA])[SHDC]$/i;

/** @param {unknown} text @returns {string|null} */
function cardCode(text) {
  const code = String(text).trim().toUpperCase().replace(/^10/, "T");
  return CARD.test(code) ? code : null;
}

/**
 * The cards a step is about: the card its action plays; otherwise the cards its
 * events name (a turned card, the card that took the trick).
 * @param {Step | null | undefined} step
 * @returns {string[]}
 */
export function cardsOfStep(step) {
  if (!step) return [];
  const played = cardCode(String(step.action || "").split(/\s+/).pop() || "");
  if (played) return [played];
  /** @type {string[]} */
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

/**
 * True where the reader's connection asks to save data or is slow: ask before a big download.
 * @param {{saveData?: boolean, effectiveType?: string} | null | undefined} [connection]
 */
export function dataIsPrecious(connection = globalThis.navigator && /** @type {any} */ (navigator).connection) {
  if (!connection) return false;
  return connection.saveData === true || ["slow-2g", "2g", "3g"].includes(connection.effectiveType || "");
}

/**
 * "13.6 MB" for a number of bytes, in the reader's number format.
 * @param {number} bytes @param {string} lang
 */
export function megabytes(bytes, lang) {
  const mb = bytes / 1_000_000;
  try {
    return `${new Intl.NumberFormat(lang, { maximumFractionDigits: 1, minimumFractionDigits: 1 }).format(mb)} MB`;
  } catch {
    return `${mb.toFixed(1)} MB`;
  }
}

/**
 * Where the engine's boot finds its files, from assets/runtime.json (`runtime`, read at `runtimeJson`):
 * the runtime's folder, the engine's lockfile where a published site keeps it apart, the standard
 * library the engine boots with (its own trimmed one, beside the wheel, or the runtime's) and the wasm.
 * The worker boots from these and the player asks the browser's cache for them: one reading of the file.
 * @param {{pyodide: string, lockfile?: unknown, stdlib?: unknown}} runtime
 * @param {URL | string} runtimeJson
 */
export function bootFiles(runtime, runtimeJson) {
  const indexURL = new URL(runtime.pyodide, runtimeJson);
  const lockFile = typeof runtime.lockfile === "string" ? new URL(runtime.lockfile, runtimeJson) : null;
  const stdlib = typeof runtime.stdlib === "string"
    ? new URL(runtime.stdlib, lockFile || indexURL) : new URL("python_stdlib.zip", indexURL);
  return { indexURL, lockFile, stdlib, wasm: new URL("pyodide.asm.wasm", indexURL) };
}

/**
 * The response for `url` when the browser's HTTP cache holds it (nothing goes over the wire), or null.
 * @param {URL} url
 * @param {typeof fetch} fetcher
 */
export async function fromCache(url, fetcher = fetch) {
  try {
    const response = await fetcher(url.href, { cache: "only-if-cached", mode: "same-origin" });
    return response.ok ? response : null;
  } catch {
    return null;
  }
}

/**
 * True when the browser already keeps the engine's runtime from an earlier visit: its wasm and the
 * standard library it boots with, the two big files of the boot that skips the memory snapshot. Then
 * "Try other cards" costs at most the engine's wheel and lockfile (a few hundred KB, when the site was
 * republished since), and the reader is not asked before a download that will not happen.
 * @param {URL | string} assets
 */
export async function runtimeIsKept(assets) {
  const runtime = await readRuntime(assets);
  if (!runtime || typeof runtime.pyodide !== "string") return false;
  const { wasm, stdlib } = bootFiles(runtime, new URL("runtime.json", assets));
  const kept = await Promise.all([wasm, stdlib].map((url) => fromCache(url)));
  for (const response of kept) if (response && response.body) response.body.cancel().catch(() => {});
  return kept.every(Boolean);
}

/**
 * True when the engine may start without asking the reader first: the connection does not ask to save
 * data and is not slow, or the browser already keeps the runtime (runtimeIsKept).
 * @param {URL | string} assets
 */
export async function engineMayStart(assets) {
  return !dataIsPrecious() || runtimeIsKept(assets);
}

/**
 * "Try other cards" pressed before the player is there (hand.js): the engine starts at once, beside
 * the player's own download, where the player would not ask the reader first.
 * @param {URL | string} assets
 */
export async function startEngineEarly(assets) {
  if (!await engineMayStart(assets)) return;
  // The worker's script, asked for beside engine.js (which the player's download brings): the worker
  // then starts from the browser's cache rather than one round trip after engine.js has come.
  fetch(new URL("widgets/worker.js", assets)).then((response) => response.arrayBuffer()).catch(() => {});
  (await import("../engine.js")).startEngine();
}

/** @type {Promise<any> | null} */
let runtimeData = null;

/** assets/runtime.json, read once a page (null when it cannot be read). @param {URL | string} assets */
function readRuntime(assets) {
  if (!runtimeData) {
    runtimeData = fetch(new URL("runtime.json", assets))
      .then((response) => (response.ok ? response.json() : null))
      .catch(() => null);
  }
  return runtimeData;
}

/** The engine's download size in bytes on a link that saves data, where the worker skips the memory
 * snapshot (assets/runtime.json, as the build measured it), or null.
 * @param {URL | string} assets
 * @returns {Promise<number | null>}
 */
export async function engineDownloadBytes(assets) {
  const data = await readRuntime(assets);
  return data ? [data.slow_link_bytes, data.download_bytes].find(Number.isFinite) ?? null : null;
}
