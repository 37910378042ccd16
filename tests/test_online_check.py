"""The online table's end check in the page (widgets/online/check.js, widgets/verifier/recipe.js), run in Node.

The page's check is written from the published recipe with the verifier's own code, never the engine's;
here it is held to the engine: the same table seed as ``trickbook.fairseed`` for any secret and values,
a fair match confirmed, and each part a dealer or a player could have changed named when it was.
"""

from __future__ import annotations

import hashlib
import json
import random
import subprocess
from pathlib import Path
from typing import Any

from trickbook import fairseed
from trickbook.table.shared import SharedTable

ROOT = Path(__file__).resolve().parents[1]
WIDGETS = ROOT / "widgets"


def node(program: str, data: Any) -> Any:
    """Run an ES module program that reads JSON on stdin (``input``) and prints JSON."""
    prelude = ("const input = JSON.parse(await new Promise((ok) => { let t = '';"
               " process.stdin.on('data', (c) => t += c); process.stdin.on('end', () => ok(t)); }));\n")
    proc = subprocess.run(["node", "--input-type=module", "-e", prelude + program], input=json.dumps(data),
                          capture_output=True, text=True, timeout=60, check=False)
    assert proc.returncode == 0, proc.stderr
    return json.loads(proc.stdout)


def hex32(rng: random.Random) -> str:
    return rng.randbytes(32).hex()


def test_the_pages_table_seed_and_commitments_are_the_engines_recipe_one() -> None:
    rng = random.Random(33)
    cases = [{"secret": hex32(rng), "values": [hex32(rng) for _ in range(n)]} for n in (0, 1, 2, 4, 7)]
    out = node(f"""
import {{ commitmentOf, tableSeed }} from "{WIDGETS / 'verifier' / 'recipe.js'}";
const seeds = [];
for (const c of input) {{
  seeds.push({{ seed: await tableSeed(c.secret, c.values), commit: await commitmentOf(c.secret) }});
}}
console.log(JSON.stringify(seeds));
""", cases)
    for case, got in zip(cases, out, strict=True):
        assert got["seed"] == fairseed.table_seed(case["secret"], case["values"])
        assert got["commit"] == fairseed.commitment(case["secret"])


def fair_match() -> dict[str, Any]:
    """A Nap table of four seats, people at A and C, dealt from recipe 1; what A's page kept and was revealed."""
    rng = random.Random(7)
    secret, value_a, value_c = hex32(rng), hex32(rng), hex32(rng)
    seed = fairseed.table_seed(secret, [value_a, value_c])
    table = SharedTable(seed, game="nap", people=["A", "C"], players=4, rounds=1, level="gentle")
    view = table.view("A")
    return {
        "game": "nap", "you": "A", "seats": ["A", "B", "C", "D"], "persons": ["A", "C"], "dealt": None,
        "kept": {"value": value_a, "dealer_commitment": fairseed.commitment(secret),
                 "commitments": {"A": fairseed.commitment(value_a), "C": fairseed.commitment(value_c)},
                 "fingerprint": view["fingerprint"],
                 "seen": {"1": {"dealer": view["dealer"], "cards": view["hand"], "whole": True}}},
        "revealed": {"secret": secret, "values": {"A": value_a, "C": value_c}, "seed": seed},
    }


def checks(matches: list[dict[str, Any]]) -> list[dict[str, bool]]:
    out: list[dict[str, bool]] = node(f"""
import {{ checkMatch }} from "{WIDGETS / 'online' / 'check.js'}";
const results = [];
for (const m of input) results.push(Object.fromEntries((await checkMatch(m)).map((c) => [c.name, c.ok])));
console.log(JSON.stringify(results));
""", matches)
    return out


def test_the_end_check_confirms_a_fair_match_and_names_what_a_dealer_or_a_player_changed() -> None:
    fair = fair_match()
    assert hashlib.sha256(bytes.fromhex(fair["revealed"]["seed"])).hexdigest() == fair["kept"]["fingerprint"]
    rng = random.Random(8)

    other_secret = json.loads(json.dumps(fair))  # the dealer shows another secret than it committed to
    other_secret["revealed"]["secret"] = hex32(rng)
    values = [fair["revealed"]["values"]["A"], fair["revealed"]["values"]["C"]]
    other_secret["revealed"]["seed"] = fairseed.table_seed(other_secret["revealed"]["secret"], values)
    swapped = json.loads(json.dumps(fair))  # the server replaced this page's own value
    swapped["revealed"]["values"]["A"] = hex32(rng)
    chosen_seed = json.loads(json.dumps(fair))  # a seed that is not the recipe's mix
    chosen_seed["revealed"]["seed"] = hex32(rng)
    dealt_else = json.loads(json.dumps(fair))  # a hand that did not come from the seed
    cards = dealt_else["kept"]["seen"]["1"]["cards"]
    cards[0] = next(c for c in ("AS", "KS", "QS", "JS", "TS", "9S") if c not in cards)
    dealt_else["kept"]["seen"]["1"]["whole"] = True
    other_print = json.loads(json.dumps(fair))  # the fingerprint shown at the start was another seed's
    other_print["kept"]["fingerprint"] = hashlib.sha256(b"another").hexdigest()

    results = checks([fair, other_secret, swapped, chosen_seed, dealt_else, other_print])
    everything = {"dealer": True, "players": True, "seed": True, "fingerprint": True, "deals": True}
    assert results[0] == everything
    assert results[1]["dealer"] is False and results[1]["players"] is True and results[1]["seed"] is True
    assert results[1]["fingerprint"] is False and results[1]["deals"] is False
    assert results[2]["players"] is False and results[2]["dealer"] is True
    assert results[3] == {**everything, "seed": False, "fingerprint": False, "deals": False}
    assert results[4] == {**everything, "deals": False}
    assert results[5] == {**everything, "fingerprint": False}


def test_a_duplicate_class_is_checked_over_every_students_value_against_the_commitments_kept_at_its_start() -> None:
    """Two tables of one class, dealt from one seed: table 1's page (A and C) checks the seed over every
    value of the class. A server that swapped another table's value for one it chose after seeing the
    others (so as to steer the seed) is caught, as is a value list that leaves a commitment out."""
    rng = random.Random(9)
    secret = hex32(rng)
    class_values = [hex32(rng) for _ in range(4)]  # 1:A, 1:C, 2:B, 2:D
    class_values[3] = ""  # 2:D gave no value in time and lost the seat to a bot
    commitments = [fairseed.commitment(v) if v else fairseed.commitment(hex32(rng)) for v in class_values]
    seed = fairseed.table_seed(secret, [v for v in class_values if v])
    table = SharedTable(seed, game="nap", people=["A", "C"], players=4, rounds=1, level="gentle")
    view = table.view("A")
    fair = {
        "game": "nap", "you": "A", "seats": ["A", "B", "C", "D"], "persons": ["A", "C"], "dealt": None,
        "kept": {"value": class_values[0], "dealer_commitment": fairseed.commitment(secret),
                 "commitments": {"A": commitments[0], "C": commitments[1]}, "class_commitments": commitments,
                 "fingerprint": view["fingerprint"],
                 "seen": {"1": {"dealer": view["dealer"], "cards": view["hand"], "whole": True}}},
        "revealed": {"secret": secret, "values": {"A": class_values[0], "C": class_values[1]}, "seed": seed,
                     "class_values": class_values},
    }
    steered = json.loads(json.dumps(fair))
    steered["revealed"]["class_values"][2] = hex32(rng)
    steered["revealed"]["seed"] = fairseed.table_seed(secret, [v for v in steered["revealed"]["class_values"] if v])
    short = json.loads(json.dumps(fair))
    short["revealed"]["class_values"] = class_values[:2]
    short["revealed"]["seed"] = fairseed.table_seed(secret, class_values[:2])
    results = checks([fair, steered, short])
    assert results[0] == {"dealer": True, "players": True, "seed": True, "fingerprint": True, "deals": True}
    assert results[1]["players"] is False and results[1]["seed"] is True
    assert results[2]["players"] is False
