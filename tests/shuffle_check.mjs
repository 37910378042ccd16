// A second, independent implementation of the fair shuffle, written from the recipe
// published in docs/verify.md alone. Usage: node tests/shuffle_check.mjs SEED_HEX [SEED_HEX ...]
// Prints, as JSON, a list with one entry per seed: the fingerprint, and for every game
// its first dealer and the first two hands (the same shape as the published test vectors).
import { createHash } from "node:crypto";

const TWO_32 = 2 ** 32;

function sha256(bytes) {
  return createHash("sha256").update(bytes).digest();
}

// The stream of a label: SHA-256(seed, label, counter) blocks, read 4 bytes at a time.
function makeStream(seed, label) {
  const labelBytes = Buffer.from(label, "utf8");
  let counter = 0;
  let block = Buffer.alloc(0);
  let offset = 0;
  return function next() {
    if (offset === block.length) {
      const counterBytes = Buffer.alloc(4);
      counterBytes.writeUInt32BE(counter);
      block = sha256(Buffer.concat([seed, labelBytes, counterBytes]));
      counter += 1;
      offset = 0;
    }
    const x = block.readUInt32BE(offset);
    offset += 4;
    return x;
  };
}

function below(next, m) {
  const limit = TWO_32 - (TWO_32 % m);
  for (;;) {
    const x = next();
    if (x < limit) return x % m;
  }
}

function pack(game) {
  const ranks = game === "euchre" ? "AKQJT9" : "AKQJT98765432";
  const cards = [];
  for (const suit of "SHDC") for (const rank of ranks) cards.push(rank + suit);
  return cards;
}

function shuffled(game, next) {
  const cards = pack(game);
  for (let i = cards.length - 1; i >= 1; i--) {
    const j = below(next, i + 1);
    [cards[i], cards[j]] = [cards[j], cards[i]];
  }
  return cards;
}

const PACKETS = { yorkshire: [2, 2, 2], trinidad: [3, 3], nap: [3, 2], euchre: [3, 2] };
const SEATS = {
  yorkshire: ["N", "E", "S", "W"],
  trinidad: ["N", "W", "S", "E"],
  nap: ["A", "B", "C", "D"],
  euchre: ["N", "E", "S", "W"],
};

function seatAfter(seats, seat) {
  return seats[(seats.indexOf(seat) + 1) % seats.length];
}

function dealHand(game, seats, dealer, seed, n) {
  const cards = shuffled(game, makeStream(seed, "hand:" + String(n)));
  const hands = {};
  for (const s of seats) hands[s] = [];
  const order = [];
  let seat = dealer;
  for (let k = 0; k < seats.length; k++) {
    seat = seatAfter(seats, seat);
    order.push(seat);
  }
  let top = 0;
  for (const packet of PACKETS[game]) {
    for (const s of order) {
      for (let k = 0; k < packet; k++) hands[s].push(cards[top++]);
    }
  }
  const out = { hand: n, dealer, hands };
  if (game === "euchre") {
    out.turn = cards[top];
    out.kitty = cards.slice(top + 1, top + 4);
  } else if (game === "trinidad") {
    out.turn = cards[top];
    out.stock = cards.slice(top + 1);
  }
  return out;
}

const RANK_ORDER = "AKQJT98765432";

function firstDealer(game, seats, seed) {
  const next = makeStream(seed, "first-dealer");
  if (game === "euchre") return seats[below(next, seats.length)];
  const cards = shuffled(game, next);
  let top = 0;
  if (game === "yorkshire") {
    for (let k = 0; ; k++) {
      const receiver = seats[(1 + k) % seats.length];
      const card = cards[top++];
      if (card[0] === "J") {
        const i = seats.indexOf(receiver);
        return seats[(i - 1 + seats.length) % seats.length];
      }
    }
  }
  let drawing = seats.slice();
  for (;;) {
    const drawn = drawing.map((s) => [s, cards[top++]]);
    const best = Math.min(...drawn.map(([, c]) => RANK_ORDER.indexOf(c[0])));
    drawing = drawn.filter(([, c]) => RANK_ORDER.indexOf(c[0]) === best).map(([s]) => s);
    if (drawing.length === 1) return drawing[0];
  }
}

function vectors(seedHex) {
  if (!/^[0-9a-f]{64}$/.test(seedHex)) throw new Error("a seed is 64 lowercase hex digits: " + seedHex);
  const seed = Buffer.from(seedHex, "hex");
  const out = { seed: seedHex, fingerprint: sha256(seed).toString("hex"), games: {} };
  for (const game of Object.keys(PACKETS)) {
    const seats = SEATS[game];
    const first = firstDealer(game, seats, seed);
    const hands = [];
    let dealer = first;
    for (let n = 1; n <= 2; n++) {
      hands.push(dealHand(game, seats, dealer, seed, n));
      dealer = seatAfter(seats, dealer);
    }
    out.games[game] = { seats, first_dealer: first, hands };
  }
  return out;
}

process.stdout.write(JSON.stringify(process.argv.slice(2).map(vectors)) + "\n");
