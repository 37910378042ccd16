// Runs browser-side pure modules under Node for tests/test_table_widgets.py:
//   node tests/widgets_check.mjs recipe SEED...   -> the verifier's deals, as JSON
//   node tests/widgets_check.mjs text CATALOG_JSON MESSAGES_JSON -> tableText of each message
//   (a message may carry `seats`: the table's seats from then on)
import { readFileSync } from "node:fs";

const [what, ...args] = process.argv.slice(2);
if (what === "recipe") {
  const { GAMES, dealMatch, fingerprintOf, seedBytes } = await import("../widgets/verifier/recipe.js");
  const out = [];
  for (const hex of args) {
    const seed = seedBytes(hex);
    const games = {};
    for (const game of GAMES.keys()) {
      const seats = game === "nap" ? ["A", "B", "C", "D", "E"] : GAMES.get(game).seats;
      const match = await dealMatch(game, seats, seed, 3);
      games[game] = { first: match.first.dealer, hands: match.hands };
    }
    out.push({ seed: hex, fingerprint: await fingerprintOf(seed), games });
  }
  console.log(JSON.stringify(out));
} else if (what === "text") {
  const { useCatalog } = await import("../widgets/i18n.js");
  const { tableText, useSeats } = await import("../widgets/play-table/state.js");
  useCatalog(JSON.parse(readFileSync(args[0], "utf-8")), "en");
  const messages = JSON.parse(readFileSync(args[1], "utf-8"));
  const texts = messages.map((m) => {
    if (m.seats) useSeats(m.seats); // the seats of the table the message comes from
    return tableText(m);
  });
  console.log(JSON.stringify(texts));
}
