// The published deal recipe (docs/verify.md, "The recipe"), written again from its text alone.
//
// This module shares no code with the engine: it hashes with the browser's Web Crypto
// (SHA-256) and follows the recipe step by step, so that checking a match does not rest
// on the engine checking itself. Cards are written rank then suit ("TH" is the ten of hearts).

const SUITS = ["S", "H", "D", "C"];
const RANKS = ["A", "K", "Q", "J", "T", "9", "8", "7", "6", "5", "4", "3", "2"];
const TWO_32 = 2 ** 32;

// Seats in the order of play, and how each game deals (packets of cards to each seat in turn): written
// from docs/verify.md on purpose, never read from the engine's registry (assets/games.json), so the check stays independent.
// A Map: a name from the page address (`__proto__`, `constructor`…) never reaches an object's prototype.
export const GAMES = new Map([
  ["yorkshire", { seats: ["N", "E", "S", "W"], packets: [2, 2, 2], short: false }],
  ["trinidad", { seats: ["N", "W", "S", "E"], packets: [3, 3], short: false }],
  ["nap", { seats: ["A", "B", "C", "D"], packets: [3, 2], short: false }],
  ["euchre", { seats: ["N", "E", "S", "W"], packets: [3, 2], short: true }],
]);

/** How `game` deals; an Error naming it when the recipe knows no such game. */
export function gameRules(game) {
  const rules = typeof game === "string" ? GAMES.get(game) : undefined;
  if (!rules) throw new Error(`unknown game ${JSON.stringify(String(game)).slice(0, 40)}`);
  return rules;
}

/** The 32 bytes of a seed written as 64 hexadecimal digits; null if it is not one. */
export function seedBytes(hex) {
  const text = String(hex || "").trim().toLowerCase();
  if (!/^[0-9a-f]{64}$/.test(text)) return null;
  const bytes = new Uint8Array(32);
  for (let i = 0; i < 32; i += 1) bytes[i] = parseInt(text.slice(2 * i, 2 * i + 2), 16);
  return bytes;
}

function hex(buffer) {
  return [...new Uint8Array(buffer)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

/** SHA-256 of the seed's bytes (not of its text), as 64 lowercase hexadecimal digits. */
export async function fingerprintOf(bytes) {
  return hex(await crypto.subtle.digest("SHA-256", bytes));
}

/**
 * A stream: SHA-256(seed bytes + label bytes + 4-byte big-endian counter) for counter 0, 1, 2…,
 * the 32-byte blocks joined, read 4 bytes at a time as big-endian unsigned integers.
 */
export class Stream {
  constructor(seed, label) {
    this.seed = seed;
    this.label = new TextEncoder().encode(label);
    this.counter = 0;
    this.words = [];
  }

  async next() {
    if (!this.words.length) {
      const input = new Uint8Array(this.seed.length + this.label.length + 4);
      input.set(this.seed, 0);
      input.set(this.label, this.seed.length);
      new DataView(input.buffer).setUint32(this.seed.length + this.label.length, this.counter, false);
      this.counter += 1;
      const block = new DataView(await crypto.subtle.digest("SHA-256", input));
      for (let k = 0; k < 32; k += 4) this.words.push(block.getUint32(k, false));
    }
    return this.words.shift();
  }

  /** A whole number from 0 to m - 1, every value equally likely: integers at or above the limit are used up. */
  async below(m) {
    const limit = TWO_32 - (TWO_32 % m);
    for (;;) {
      const x = await this.next();
      if (x < limit) return x % m;
    }
  }
}

/** The game's pack in canonical order: spades, hearts, diamonds, clubs; ace down to two (nine for Euchre). */
export function pack(game) {
  const ranks = gameRules(game).short ? RANKS.slice(0, 6) : RANKS;
  return SUITS.flatMap((suit) => ranks.map((rank) => rank + suit));
}

/** Shuffle: for i from the last position down to 1, swap positions i and a number drawn below i + 1. */
export async function shuffled(cards, stream) {
  const out = [...cards];
  for (let i = out.length - 1; i >= 1; i -= 1) {
    const j = await stream.below(i + 1);
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}

/** Hand number n: the pack shuffled with the stream "hand:n", dealt from the top from the seat after the dealer. */
export async function dealHand(game, seats, dealer, seed, number) {
  const top = await shuffled(pack(game), new Stream(seed, `hand:${number}`));
  const start = seats.indexOf(dealer) + 1;
  const order = seats.map((_, k) => seats[(start + k) % seats.length]);
  const hands = Object.fromEntries(seats.map((s) => [s, []]));
  let next = 0;
  for (const size of gameRules(game).packets) {
    for (const seat of order) {
      hands[seat].push(...top.slice(next, next + size));
      next += size;
    }
  }
  const out = { number, dealer, hands, rest: top.slice(next) };
  if (game === "euchre") {
    out.upcard = top[next];
    out.kitty = top.slice(next + 1, next + 4);
  } else if (game === "trinidad") {
    out.kick = top[next];
    out.stock = top.slice(next + 1);
  }
  return out;
}

/** The first dealer of the match, with what the recipe turned or drew to find it. */
export async function firstDealer(game, seats, seed) {
  const stream = new Stream(seed, "first-dealer");
  if (game === "euchre") {
    const index = await stream.below(seats.length);
    return { dealer: seats[index], draws: [], index };
  }
  const cards = await shuffled(pack(game), stream);
  const draws = [];
  if (game === "yorkshire") {
    // Face up, one card to each seat in turn from the second seat, until a jack: its receiver pitches first.
    for (let k = 0; k < cards.length; k += 1) {
      const seat = seats[(1 + k) % seats.length];
      draws.push([seat, cards[k]]);
      if (cards[k][0] === "J") {
        const pitcher = seats.indexOf(seat);
        return { dealer: seats[(pitcher - 1 + seats.length) % seats.length], draws, pitcher: seat };
      }
    }
    return { dealer: null, draws };
  }
  // Trinidad and Nap: one card to each seat from the first seat; the highest rank deals; ties draw again.
  let next = 0;
  let tied = [...seats];
  while (tied.length > 1) {
    const round = tied.map((seat) => {
      const card = cards[next];
      next += 1;
      draws.push([seat, card]);
      return [seat, RANKS.indexOf(card[0])];
    });
    const best = Math.min(...round.map(([, r]) => r));
    tied = round.filter(([, r]) => r === best).map(([seat]) => seat);
  }
  return { dealer: tied[0], draws };
}

/** Every hand of a match: the dealers given (from the table), or the first dealer and then each next seat. */
export async function dealMatch(game, seats, seed, hands, dealers) {
  const first = await firstDealer(game, seats, seed);
  const out = [];
  let dealer = first.dealer;
  for (let n = 1; n <= hands; n += 1) {
    if (dealers && dealers[n - 1]) dealer = dealers[n - 1];
    out.push(await dealHand(game, seats, dealer, seed, n));
    dealer = seats[(seats.indexOf(dealer) + 1) % seats.length];
  }
  return { first, hands: out };
}

// ----- The online table's seed (docs/verify.md, "The online table's seed"), recipe 1 -----

/** The label that starts every online table's seed (its UTF-8 bytes, no length, no separator). */
export const TABLE_SEED_LABEL = "trickbook-table-seed-1";

/** An Error for a part of the seed that is not 64 hexadecimal digits, with `code` "bad-part" and the part's `name`. */
function badPart(name) {
  const error = new Error(`${name} is not 64 hexadecimal digits`);
  Object.assign(error, { code: "bad-part", part: name });
  return error;
}

/** A commitment: SHA-256 of a secret's or a value's 32 bytes, as 64 lowercase hexadecimal digits; null if it is not 64 hex digits. */
export async function commitmentOf(valueHex) {
  const bytes = seedBytes(valueHex);
  return bytes ? fingerprintOf(bytes) : null;
}

/**
 * The match's seed: SHA-256 of the label's bytes, the secret's 32 bytes, then each value's 32 bytes
 * in the order of the table's seats, as 64 lowercase hexadecimal digits. Throws an Error with code
 * "bad-part" when the secret or a value is not 64 hexadecimal digits.
 */
export async function tableSeed(secretHex, valuesHex) {
  const secret = seedBytes(secretHex);
  if (!secret) throw badPart("secret");
  const values = [...(valuesHex || [])].map((v, k) => {
    const bytes = seedBytes(v);
    if (!bytes) throw badPart(`value ${k + 1}`);
    return bytes;
  });
  const label = new TextEncoder().encode(TABLE_SEED_LABEL);
  const input = new Uint8Array(label.length + 32 * (1 + values.length));
  input.set(label, 0);
  [secret, ...values].forEach((bytes, k) => input.set(bytes, label.length + 32 * k));
  return fingerprintOf(input);
}

function sameCards(a, b) {
  const x = [...a].map(String).sort();
  const y = [...b].map(String).sort();
  return x.length === y.length && x.every((c, k) => c === y[k]);
}

function given(text) {
  return String(text ?? "").trim().toLowerCase();
}

/**
 * @typedef {{name: string, ok: boolean, seat?: string, number?: number, dealer?: string, problem?: string,
 *   expected?: any, given?: any, seats?: string[], wrong?: string[]}} TableCheck
 */

/**
 * Check an online match from its revealed parts. `match` holds: `game`; `seats` (the order of play);
 * `seatsOrder` (the order of the table's seats for the seed; `seats` when absent); `secret` and
 * `dealerCommitment` (the fingerprint of the secret shown before anyone committed); `values`:
 * `[{seat, value, commitment}]`, one for each person (bots add none); `seed` (the seed the table
 * announced, optional); `you` (the seat whose cards `dealt` lists as an array, optional); `dealt`:
 * `[{number, dealer, cards}]`, `cards` either an array (the cards of `you`) or `{seat: [cards]}`,
 * in any order.
 *
 * Resolves to `{ok, seed, checks}`: `seed` the one made from the parts (null when a part is not 64
 * hex digits), and one check `{name, ok, ...}` for each of "dealer-commitment", "commitment" (one a
 * seat), "seed", "first-dealer" (when hand 1 is listed) and "hand" (one a hand listed): a failed
 * check says what was expected (`expected`) beside what was given (`given`), or its `problem`.
 */
export async function checkTableMatch(match) {
  const checks = /** @type {TableCheck[]} */ ([]);
  if (!match || typeof match !== "object") match = {};
  const { game } = match;
  const rules = GAMES.get(game);
  if (!rules) return { ok: false, seed: null, checks: [{ name: "game", ok: false, problem: "unknown-game", given: String(game) }] };
  const seats = [...(match.seats || rules.seats)];
  const order = [...(match.seatsOrder || seats)];
  const secretCommitment = await commitmentOf(match.secret);
  checks.push(secretCommitment === null
    ? { name: "dealer-commitment", ok: false, problem: "bad-part" }
    : { name: "dealer-commitment", ok: secretCommitment === given(match.dealerCommitment), expected: secretCommitment, given: given(match.dealerCommitment) });
  const values = [...(match.values || [])].map((v) => v || {});
  const seen = new Set();
  for (const entry of values) {
    const made = await commitmentOf(entry.value);
    const check = /** @type {TableCheck} */ ({ name: "commitment", seat: entry.seat, ok: false });
    if (!order.includes(entry.seat) || seen.has(entry.seat)) Object.assign(check, { ok: false, problem: "bad-seat" });
    else if (made === null) Object.assign(check, { ok: false, problem: "bad-part" });
    else Object.assign(check, { ok: made === given(entry.commitment), expected: made, given: given(entry.commitment) });
    seen.add(entry.seat);
    checks.push(check);
  }
  let seed = null;
  const parts = values.filter((v) => order.includes(v.seat)).sort((a, b) => order.indexOf(a.seat) - order.indexOf(b.seat));
  try {
    seed = await tableSeed(match.secret, parts.map((v) => v.value));
  } catch {
    checks.push({ name: "seed", ok: false, problem: "bad-part" });
  }
  if (seed !== null) {
    const announced = given(match.seed);
    checks.push(announced ? { name: "seed", ok: announced === seed, expected: seed, given: announced } : { name: "seed", ok: true, expected: seed });
    const bytes = /** @type {Uint8Array} */ (seedBytes(seed));
    const dealt = [...(Array.isArray(match.dealt) ? match.dealt : [])].filter((d) => d && typeof d === "object").sort((a, b) => a.number - b.number);
    const first = dealt.find((d) => d.number === 1);
    if (first) {
      const { dealer } = await firstDealer(game, seats, bytes);
      checks.push({ name: "first-dealer", ok: dealer === first.dealer, expected: dealer, given: first.dealer });
    }
    for (const d of dealt) {
      const check = /** @type {TableCheck} */ ({ name: "hand", number: d.number, dealer: d.dealer, ok: false });
      if (!Number.isInteger(d.number) || d.number < 1 || !seats.includes(d.dealer)) {
        checks.push(Object.assign(check, { ok: false, problem: "bad-hand" }));
        continue;
      }
      const hand = await dealHand(game, seats, d.dealer, bytes, d.number);
      const shown = Array.isArray(d.cards) ? { [String(match.you)]: d.cards } : (d.cards && typeof d.cards === "object" ? d.cards : {});
      const wrong = Object.entries(shown).filter(([seat, cards]) => !Object.hasOwn(hand.hands, seat) || !Array.isArray(cards)
        || !sameCards(cards, hand.hands[seat]));
      Object.assign(check, { ok: wrong.length === 0 && Object.keys(shown).length > 0, seats: Object.keys(shown), expected: hand.hands });
      if (!Object.keys(shown).length) check.problem = "no-cards";
      if (wrong.length) check.wrong = wrong.map(([seat]) => seat);
      checks.push(check);
    }
  }
  return { ok: checks.every((c) => c.ok), seed, checks };
}
