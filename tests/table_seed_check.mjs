// Runs the verifier's online-table checks (widgets/verifier/recipe.js) under Node for tests/test_table_seed.py:
//   node tests/table_seed_check.mjs CASES_JSON
// CASES_JSON holds {"seeds": [[secret, [value, ...]], ...], "matches": [match, ...]}; prints, as JSON,
// {"seeds": [tableSeed of each, or {"error": code}], "commitments": [commitmentOf each secret],
//  "verdicts": [checkTableMatch of each match]}.
import { readFileSync } from "node:fs";
import { checkTableMatch, commitmentOf, tableSeed } from "../widgets/verifier/recipe.js";

const cases = JSON.parse(readFileSync(process.argv[2], "utf-8"));
const seeds = [];
for (const [secret, values] of cases.seeds) {
  try {
    seeds.push(await tableSeed(secret, values));
  } catch (error) {
    seeds.push({ error: error.code, part: error.part });
  }
}
const commitments = [];
for (const [secret] of cases.seeds) commitments.push(await commitmentOf(secret));
const verdicts = [];
for (const match of cases.matches) verdicts.push(await checkTableMatch(match));
console.log(JSON.stringify({ seeds, commitments, verdicts }));
