// The online table's seed, recipe 1 (docs/verify.md), written from its text alone, like recipe.js.
//
// A small module of its own, on purpose: the online table's check (widgets/online/check.js) imports
// these two names from here only, so that once recipe.js exports `tableSeed` and `commitmentOf`
// itself, this module can shrink to `export { commitmentOf, tableSeed } from "./recipe.js";` (the
// check accepts either a null or a thrown error for a part that is not 32 bytes). The recipe:
// the dealer (the table server) commits to a 32-byte secret with SHA-256 before anyone else
// commits; each person commits to a 32-byte value of their own; the match's seed is
// SHA-256("trickbook-table-seed-1" + secret + value 1 + value 2 + …), over bytes, the values in the
// order of the table's seats. Nothing here is shared with the engine.

import { fingerprintOf, seedBytes } from "./recipe.js";

const DOMAIN = new TextEncoder().encode("trickbook-table-seed-1");

/** SHA-256 of a 32-byte value given as 64 hexadecimal digits; null if it is not one. */
export async function commitmentOf(valueHex) {
  const bytes = seedBytes(valueHex);
  return bytes ? fingerprintOf(bytes) : null;
}

/** The match seed (64 hexadecimal digits) from the dealer's secret and the persons' values in seat order; null if one is not 32 bytes. */
export async function tableSeed(secretHex, valuesHex) {
  const parts = [secretHex, ...valuesHex].map(seedBytes);
  if (parts.some((p) => p === null)) return null;
  const input = new Uint8Array(DOMAIN.length + 32 * parts.length);
  input.set(DOMAIN, 0);
  parts.forEach((p, i) => input.set(/** @type {Uint8Array} */ (p), DOMAIN.length + 32 * i));
  return fingerprintOf(input);
}
