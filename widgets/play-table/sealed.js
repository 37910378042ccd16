// The seed of a match in progress, kept off the reader's storage.
//
// The seed deals every hand of the match, so whoever reads it can work out the hands still to
// come. While the match is on, the saved match (localStorage) holds the seed only sealed:
// AES-GCM under a key made for this match by Web Crypto as *non-extractable*, kept in this
// site's IndexedDB, and sealed together with everything else that defines the match (matchTerms).
// The moves are sealed too, after every move, under the same key (sealMoves: an AES-GCM tag over
// the match's terms, the moves in their order and the hand number), so a move list cut short or
// edited in storage (a take-back) never resumes.
// No storage viewer shows the key's bytes and no script can export them; the
// page can only ask the browser to decrypt with it, which it does once, to resume after a
// reload. The key is deleted with the saved match when the match ends or is abandoned; the
// seed is then shown in the page for the verifier. A reader who runs their own code in the
// page's console can still decrypt (as they could read the engine's memory): a table that runs
// wholly in the reader's browser cannot hide the deal from that reader, only keep it out of
// plain sight. The fingerprint shown from the first deal is what binds the site to the seed.

const DB_NAME = "trickbook-table";
const STORE = "seed-keys";

/** Whether this browser can seal a seed (Web Crypto in a secure context, and IndexedDB). */
export function canSeal() {
  return Boolean(globalThis.crypto && crypto.subtle && globalThis.indexedDB);
}

function openDb() {
  return new Promise((resolve, reject) => {
    const request = indexedDB.open(DB_NAME, 1);
    request.onupgradeneeded = () => request.result.createObjectStore(STORE);
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
}

// The key store's requests run one after another, in the order they were asked for: a match
// abandoned (its key deleted) and a new one sealed at once never lose the new key.
let queue = Promise.resolve();

/**
 * What the seal covers of a match besides its seed (matchTerms, movesTerms).
 * @typedef {{version?: string, seat?: string, level?: string, players?: number|null, rounds?: number|null,
 *   fingerprint?: string, rules?: Record<string, boolean>|null, moves?: string[], hand_number?: number}} MatchTerms
 */
/** @typedef {{iv: string, data: string}} Sealed */

/**
 * One request on the key store, resolved with its result once the transaction is complete.
 * @param {IDBTransactionMode} mode
 * @param {(store: IDBObjectStore) => IDBRequest} use
 * @returns {Promise<any>}
 */
function onStore(mode, use) {
  const run = queue.then(() => storeRequest(mode, use));
  queue = run.catch(() => undefined);
  return run;
}

/** @param {IDBTransactionMode} mode @param {(store: IDBObjectStore) => IDBRequest} use */
async function storeRequest(mode, use) {
  const db = await openDb();
  try {
    return await new Promise((resolve, reject) => {
      const tx = db.transaction(STORE, mode);
      const request = use(tx.objectStore(STORE));
      tx.oncomplete = () => resolve(request.result);
      tx.onerror = () => reject(tx.error);
      tx.onabort = () => reject(tx.error);
    });
  } finally {
    db.close();
  }
}

const hex = (/** @type {Uint8Array} */ bytes) => [...bytes].map((b) => b.toString(16).padStart(2, "0")).join("");
const unhex = (/** @type {string} */ text) => new Uint8Array((text.match(/../g) || []).map((h) => parseInt(h, 16)));
const utf8 = (/** @type {string} */ text) => new TextEncoder().encode(text);

// The version of the saved match's layout this page writes; a save of another layout is from
// another version of the site.
export const SAVE_FORMAT = 3;

// The keys this page made or opened, by game (the CryptoKey objects: their bytes stay unreadable),
// so that sealing the moves after each one needs no trip to IndexedDB.
/** @type {Map<string, CryptoKey>} */
const keys = new Map();

/** @param {string} game @returns {Promise<CryptoKey | null>} */
async function keyOf(game) {
  const known = keys.get(game);
  if (known) return known;
  const key = await onStore("readonly", (store) => store.get(game));
  if (key) keys.set(game, key);
  return key || null;
}

/** What defines a saved match besides its seed, as the bytes the seal authenticates: the page's save
 * format, the engine's save version, the game, the reader's seat, the bots' level, the players and
 * rounds (the house rules a table offers) and the seed's fingerprint. Changing any one of them in
 * storage breaks the seal: the seed is then never unsealed, and the match never resumed.
 * @param {string} game @param {MatchTerms | null} match
 */
export function matchTerms(game, match) {
  const field = (/** @type {keyof MatchTerms} */ name) => (match && match[name] !== undefined ? match[name] : null);
  // A match under house rules seals them too (in the options' sorted order); a match without any
  // seals what it always did.
  const rules = match && match.rules ? [Object.fromEntries(Object.entries(match.rules).sort())] : [];
  return utf8(JSON.stringify(["trickbook.table", SAVE_FORMAT, game, field("version"), field("seat"),
    field("level"), field("players"), field("rounds"), field("fingerprint"), ...rules]));
}

/** Seal `seed` for the match of `game` that `match` describes (see matchTerms), with a new key
 * (replacing any older one): {iv, data} as hex.
 * @param {string} game @param {string} seed @param {MatchTerms} match
 * @returns {Promise<Sealed>}
 */
export async function seal(game, seed, match) {
  const key = await crypto.subtle.generateKey({ name: "AES-GCM", length: 256 }, false, ["encrypt", "decrypt"]);
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const additionalData = matchTerms(game, match);
  const data = await crypto.subtle.encrypt({ name: "AES-GCM", iv, additionalData }, key, utf8(seed));
  await onStore("readwrite", (store) => store.put(key, game));
  keys.set(game, key);
  return { iv: hex(iv), data: hex(new Uint8Array(data)) };
}

/** What the seal of the moves authenticates: the match's terms (matchTerms), every move in its order and
 * the hand number. A move cut, added, changed or reordered changes these bytes.
 * @param {string} game @param {MatchTerms | null} match
 */
export function movesTerms(game, match) {
  const moves = match && Array.isArray(match.moves) ? match.moves : null;
  const hand = match && match.hand_number !== undefined ? match.hand_number : null;
  return utf8(JSON.stringify(["trickbook.table.moves", new TextDecoder().decode(matchTerms(game, match)), moves, hand]));
}

/** Seal the moves of `game`'s match as `match` holds them, under the match's key: {iv, data} as hex (the
 * AES-GCM tag of nothing, with movesTerms as its additional data). Throws when the match has no key.
 * @param {string} game @param {MatchTerms} match
 * @returns {Promise<Sealed>}
 */
export async function sealMoves(game, match) {
  const key = await keyOf(game);
  if (!key) throw new Error("this match has no key to seal its moves with");
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const data = await crypto.subtle.encrypt({ name: "AES-GCM", iv, additionalData: movesTerms(game, match) }, key,
    new Uint8Array(0));
  return { iv: hex(iv), data: hex(new Uint8Array(data)) };
}

/**
 * Whether `sealedMoves` (from sealMoves) is the seal of exactly the moves `match` holds.
 * @param {string} game @param {Sealed | null | undefined} sealedMoves @param {MatchTerms} match
 */
export async function movesIntact(game, sealedMoves, match) {
  if (!sealedMoves || typeof sealedMoves.iv !== "string" || !/^[0-9a-f]{24}$/.test(sealedMoves.iv)
    || typeof sealedMoves.data !== "string" || !/^([0-9a-f]{2}){16,}$/.test(sealedMoves.data)) return false;
  let key;
  try {
    key = await keyOf(game);
  } catch (err) {
    return false;
  }
  if (!key) return false;
  try {
    await crypto.subtle.decrypt({ name: "AES-GCM", iv: unhex(sealedMoves.iv), additionalData: movesTerms(game, match) },
      key, unhex(sealedMoves.data));
    return true;
  } catch (err) {
    return false;
  }
}

/** The seed sealed for `game`'s match as `match` describes it: {seed} | {problem: "no-key"} when its key
 * is gone | {problem: "seal"} when the sealed text or anything the seal covers was altered.
 * @param {string} game @param {Sealed} sealed @param {MatchTerms} match
 * @returns {Promise<{seed?: string, problem?: "no-key" | "seal"}>}
 */
export async function unseal(game, sealed, match) {
  let key;
  try {
    key = await onStore("readonly", (store) => store.get(game));
  } catch (err) {
    return { problem: "no-key" };
  }
  if (!key) return { problem: "no-key" };
  try {
    const plain = await crypto.subtle.decrypt(
      { name: "AES-GCM", iv: unhex(sealed.iv), additionalData: matchTerms(game, match) }, key, unhex(sealed.data));
    return { seed: new TextDecoder().decode(plain) };
  } catch (err) {
    return { problem: "seal" };
  }
}

/**
 * Delete the key of `game`'s match: its sealed seed can no longer be opened.
 * @param {string} game
 */
export async function dropKey(game) {
  keys.delete(game);
  if (!canSeal()) return;
  try {
    await onStore("readwrite", (store) => store.delete(game));
  } catch (err) {
    // nothing to delete, or storage refused
  }
}
