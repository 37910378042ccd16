// The check of an online match's deal at its end, with the verifier's own code (widgets/verifier/,
// written from the published recipe, independent of the engine).
//
// What the page kept while the match was on (fair.js): the dealer's commitment shown in the lobby
// before anyone committed, every person's commitment, this page's own value, the fingerprint of the
// seed shown when the match began, and each hand as this seat first saw it with its dealer. When the
// server reveals the secret and the values, the page checks that each of them is what was committed
// to, that the seed is the recipe's mix of them, that the fingerprint is the seed's, and that every
// hand this seat saw was dealt from that seed by the published shuffle.

import { GAMES, commitmentOf, dealMatch, fingerprintOf, seedBytes, tableSeed } from "../verifier/recipe.js";

/**
 * The seats in the recipe's order of play (Nap: as many letters as players).
 * @param {string} game @param {number} count
 * @returns {string[]}
 */
export function recipeSeats(game, count) {
  if (game === "nap") return "ABCDEFG".slice(0, count).split("");
  const rules = GAMES.get(game);
  return rules ? rules.seats : [];
}

/**
 * Each check as `{name, ok}`, in order: "dealer" (the secret is what the dealer committed to),
 * "players" (every revealed value is what its seat committed to, this page's own value included),
 * "seed" (the recipe's mix of the secret and the values), "fingerprint" (the seed's SHA-256 is the
 * one shown at the start) and "deals" (every hand seen was dealt from the seed).
 *
 * @param {{game: string, you: string, seats: string[], persons: string[], kept: any, revealed: any, dealt: any[]|null}} match
 */
export async function checkMatch({ game, you, seats, persons, kept, revealed, dealt }) {
  const values = revealed.values || {};
  const checks = [];
  const commitment = async (/** @type {string} */ hex) => {
    try {
      return await commitmentOf(hex);
    } catch (err) {
      return null;
    }
  };
  checks.push({ name: "dealer", ok: Boolean(kept.dealer_commitment) && (await commitment(revealed.secret)) === kept.dealer_commitment });
  let players = persons.length > 0 && persons.every((seat) => typeof values[seat] === "string" && typeof kept.commitments[seat] === "string");
  for (const seat of persons) {
    if (!players) break;
    players = (await commitment(values[seat])) === kept.commitments[seat];
  }
  if (kept.value && values[you] !== kept.value) players = false;
  // A class dealing every table the same cards: every student's value, each against the commitment kept
  // when the class started (in the same order; "" for one who gave none in time), mixes the one seed.
  const mixed = Array.isArray(revealed.class_values) ? revealed.class_values : null;
  if (mixed) {
    const kc = kept.class_commitments;
    players = players && Array.isArray(kc) && kc.length === mixed.length && mixed.includes(kept.value || values[you]);
    for (let i = 0; players && i < mixed.length; i += 1) {
      if (mixed[i] !== "") players = (await commitment(mixed[i])) === kc[i];
    }
  }
  checks.push({ name: "players", ok: players });
  let seed;
  try {
    seed = await tableSeed(revealed.secret, mixed ? mixed.filter(Boolean) : persons.map((seat) => values[seat]));
  } catch (err) {
    seed = null; // a part that is not 32 bytes: no seed can agree
  }
  checks.push({ name: "seed", ok: seed !== null && seed === revealed.seed });
  const bytes = seedBytes(revealed.seed);
  checks.push({ name: "fingerprint", ok: bytes !== null && Boolean(kept.fingerprint) && (await fingerprintOf(bytes)) === kept.fingerprint });
  checks.push({ name: "deals", ok: bytes !== null && (await dealsAgree(game, seats, you, bytes, kept.seen, dealt)) });
  return checks;
}

/**
 * Every hand this seat saw (and the table's own list of them, when it gave one) dealt from the seed, by the recipe.
 * @param {string} game @param {string[]} seats @param {string} you @param {Uint8Array} bytes
 * @param {Record<string, {dealer: string, cards: string[], whole: boolean}>} seen
 * @param {Array<{number: number, dealer: string, cards: string[]}> | null} dealt
 */
async function dealsAgree(game, seats, you, bytes, seen, dealt) {
  const numbers = Object.keys(seen).map(Number).filter((n) => Number.isInteger(n) && n >= 1);
  if (!numbers.length) return false;
  const last = Math.max(...numbers, dealt ? dealt.length : 0);
  // The dealers as the table showed them: a hand seen gives its own; the rest follow the recipe's order.
  const dealers = [];
  for (let n = 1; n <= last; n += 1) dealers.push((seen[n] && seen[n].dealer) || (dealt && dealt[n - 1] && dealt[n - 1].dealer) || null);
  const match = await dealMatch(game, seats, bytes, last, dealers.every(Boolean) ? dealers : null);
  for (const n of numbers) {
    const hand = match.hands[n - 1];
    // What the seat held when it first saw the hand came from its own deal (or, once the hand went on,
    // from the cards the recipe left undealt: an upcard picked up, the pack run).
    const dealtHere = new Set([...hand.hands[you], ...hand.rest]);
    if (!seen[n].cards.every((/** @type {string} */ card) => dealtHere.has(card))) return false;
    if (seen[n].whole && !sameCards(seen[n].cards, hand.hands[you])) return false;
  }
  for (const d of dealt || []) {
    const hand = match.hands[d.number - 1];
    if (!hand || !sameCards(d.cards, hand.hands[you])) return false;
  }
  return true;
}

/** @param {string[]} a @param {string[]} b */
function sameCards(a, b) {
  return a.length === b.length && [...a].sort().join(" ") === [...b].sort().join(" ");
}
