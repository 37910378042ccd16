"""The online table's seed (recipe 1): the vectors on docs/verify.md, and the verifier's own version of it.

The page's vectors are read back from docs/verify.md and recomputed with ``trickbook.fairseed`` and
the shuffle, so the page cannot drift from the engine. The verifier's ``tableSeed`` and
``checkTableMatch`` (widgets/verifier/recipe.js, written from the page alone) run under Node on the
same vectors, on seeds made from random parts, on a whole session played by the engine, and on
matches where one part was changed: each change is caught by the check named for it.
"""

from __future__ import annotations

import copy
import hashlib
import json
import random
import re
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from trickbook import fairseed
from trickbook.shuffle import deal_hand, fingerprint, first_dealer
from trickbook.table import Table

ROOT = Path(__file__).resolve().parents[1]
PAGE = ROOT / "docs" / "verify.md"
needs_node = pytest.mark.skipif(sys.platform == "emscripten" or shutil.which("node") is None, reason="needs Node")


def page_table_vectors() -> dict[str, Any]:
    """The section "Test vectors for a table's seed" of docs/verify.md, read back from its tables."""
    text = PAGE.read_text(encoding="utf-8")
    body = re.search(r"^### .*\{ #table-seed-vectors \}$(.*?)^## ", text, re.M | re.S).group(1)
    parts = re.findall(r"^\| (secret|value) \| (\w+) \| `([0-9a-f]{64})` \| `([0-9a-f]{64})` \|$", body, re.M)
    ((_, _, secret, secret_commitment),) = [p for p in parts if p[0] == "secret"]
    values = [{"seat": seat, "value": v, "commitment": c} for kind, seat, v, c in parts if kind == "value"]
    seed = re.search(r"^Table seed: `([0-9a-f]{64})`$", body, re.M).group(1)
    fp = re.search(r"^Its fingerprint: `([0-9a-f]{64})`$", body, re.M).group(1)
    game = re.search(r"^A (\w+) table where", body, re.M).group(1).lower()
    index, first = re.search(r"first integer below \d+ is (\d+), so (\w) deals first", body).groups()
    dealer = re.search(r"The first hand, dealt by (\w):", body).group(1)
    rows = dict(re.findall(r"^\| (\w+) \| `([^`]*)` \|$", body, re.M))
    return {"game": game, "secret": secret, "dealer_commitment": secret_commitment, "values": values,
            "seed": seed, "fingerprint": fp, "index": int(index), "first": first, "dealer": dealer,
            "rows": {who: cards.split() for who, cards in rows.items()}}


SEATS = ("N", "E", "S", "W")


def test_the_table_seed_vectors_on_the_verify_page_match_the_engine():
    v = page_table_vectors()
    assert v["game"] == "euchre" and [p["seat"] for p in v["values"]] == ["N", "E", "W"]  # South is a bot
    assert fairseed.commitment(v["secret"]) == v["dealer_commitment"]
    for part in v["values"]:
        assert fairseed.commitment(part["value"]) == part["commitment"], part["seat"]
        fairseed.check_reveal(part["value"], part["commitment"])
    assert fairseed.table_seed(v["secret"], [p["value"] for p in v["values"]]) == v["seed"]
    assert fingerprint(v["seed"]) == v["fingerprint"]
    dealer, details = first_dealer("euchre", SEATS, v["seed"])
    assert (dealer, details["index"]) == (v["first"], v["index"]) and v["dealer"] == dealer
    deal = deal_hand("euchre", SEATS, dealer, v["seed"], 1)
    expected = {s: [str(c) for c in deal.hands[s]] for s in SEATS}
    expected |= {"upcard": [str(deal.turn)], "kitty": [str(c) for c in deal.kitty]}
    assert v["rows"] == expected


def test_the_published_formula_is_the_engines_recipe_over_bytes():
    v = page_table_vectors()
    text = PAGE.read_text(encoding="utf-8")
    label = re.search(r"bytes of the text `([^`]+)` in UTF-8", text).group(1)
    assert label.encode() == fairseed.DOMAIN and f"the {len(label)} bytes" in text
    joined = label.encode() + bytes.fromhex(v["secret"]) + b"".join(bytes.fromhex(p["value"]) for p in v["values"])
    assert hashlib.sha256(joined).hexdigest() == v["seed"]


def run_node(seeds: list[Any], matches: list[dict[str, Any]], tmp_path: Path) -> dict[str, Any]:
    cases = tmp_path / "cases.json"
    cases.write_text(json.dumps({"seeds": seeds, "matches": matches}), encoding="utf-8")
    out = subprocess.run(["node", str(ROOT / "tests" / "table_seed_check.mjs"), str(cases)],
                         check=True, capture_output=True, text=True, timeout=60).stdout
    return json.loads(out)


def page_match() -> dict[str, Any]:
    """The page's vectors as the browser table hands them to checkTableMatch."""
    v = page_table_vectors()
    hand = {s: v["rows"][s] for s in SEATS}
    return {"game": "euchre", "seats": list(SEATS), "secret": v["secret"], "dealerCommitment": v["dealer_commitment"],
            "values": v["values"], "seed": v["seed"], "dealt": [{"number": 1, "dealer": v["dealer"], "cards": hand}]}


def failed(verdict: dict[str, Any]) -> list[tuple[Any, ...]]:
    return [(c["name"], c.get("seat", c.get("number"))) for c in verdict["checks"] if not c["ok"]]


@needs_node
def test_the_verifiers_table_seed_agrees_with_the_engine_on_random_parts(tmp_path):
    rng = random.Random(33)
    draws = [[rng.randbytes(32).hex(), [rng.randbytes(32).hex() for _ in range(k)]] for k in (0, 1, 2, 3, 4, 7)]
    draws.append([d.upper() for d in draws[2][:1]] + [[" " + draws[2][1][0] + "\n"]])  # spacing and case do not count
    out = run_node(draws, [], tmp_path)
    assert out["seeds"] == [fairseed.table_seed(s.strip().lower(), [x.strip().lower() for x in vs]) for s, vs in draws]
    assert out["commitments"] == [fairseed.commitment(s.strip().lower()) for s, _ in draws]


@needs_node
def test_the_verifier_refuses_a_part_that_is_not_64_hex_digits(tmp_path):
    good = "ab" * 32
    out = run_node([["ab" * 31, [good]], [good, [good, "zz" * 32]], [good, [good + "00"]]], [], tmp_path)
    assert out["seeds"] == [{"error": "bad-part", "part": "secret"}, {"error": "bad-part", "part": "value 2"},
                            {"error": "bad-part", "part": "value 1"}]
    assert out["commitments"] == [None, fairseed.commitment(good), fairseed.commitment(good)]


@needs_node
def test_the_verifier_passes_the_page_vectors_check_by_check(tmp_path):
    (verdict,) = run_node([], [page_match()], tmp_path)["verdicts"]
    assert verdict["ok"] is True and verdict["seed"] == page_table_vectors()["seed"]
    names = [(c["name"], c.get("seat", c.get("number"))) for c in verdict["checks"]]
    assert names == [("dealer-commitment", None), ("commitment", "N"), ("commitment", "E"), ("commitment", "W"),
                     ("seed", None), ("first-dealer", None), ("hand", 1)]


def other_first_dealer(match: dict[str, Any]) -> list[tuple[Any, ...]]:
    """[("first-dealer", None)] when the seed the match's parts make has another first dealer than the page's."""
    seed = fairseed.table_seed(match["secret"], [v["value"] for v in match["values"]])
    return [] if first_dealer("euchre", SEATS, seed)[0] == match["dealt"][0]["dealer"] else [("first-dealer", None)]


def tampered() -> list[tuple[str, dict[str, Any], list[tuple[Any, ...]]]]:
    """(what changed, the match, the checks that must fail)."""
    cases = []
    m = page_match()
    m["values"][1]["value"] = "00" * 32  # East reveals another value than the one it committed to
    cases.append(("a wrong value", m, [("commitment", "E"), ("seed", None), *other_first_dealer(m), ("hand", 1)]))
    m = page_match()
    m["values"][0]["commitment"] = fairseed.commitment("11" * 32)  # North's commitment changed after the fact
    cases.append(("a changed commitment", m, [("commitment", "N")]))
    m = page_match()
    m["dealerCommitment"] = fairseed.commitment("22" * 32)  # the lobby showed another secret's fingerprint
    cases.append(("a changed secret", m, [("dealer-commitment", None)]))
    m = page_match()
    hand = m["dealt"][0]["cards"]
    hand["N"][0], hand["E"][0] = hand["E"][0], hand["N"][0]  # two cards swapped between North and East
    cases.append(("a hand that does not follow", m, [("hand", 1)]))
    m = page_match()
    m["dealt"][0]["dealer"] = "S"  # the first hand dealt by another seat than the recipe's
    cases.append(("another first dealer", m, [("first-dealer", None), ("hand", 1)]))
    m = page_match()
    m["seed"] = "33" * 32  # the table announced a seed the parts do not make
    cases.append(("an announced seed the parts do not make", m, [("seed", None)]))
    m = page_match()
    m["values"] = [m["values"][2], m["values"][0], m["values"][1]]  # listed out of order: seats decide the order
    cases.append(("values listed out of seat order", m, []))
    m = page_match()
    m["values"] = m["values"][:2]  # West's value left out
    cases.append(("a value left out", m, [("seed", None), *other_first_dealer(m), ("hand", 1)]))
    m = page_match()
    m["secret"] = "not hex"
    cases.append(("a secret that is not hex", m, [("dealer-commitment", None), ("seed", None)]))
    m = page_match()
    m["game"] = "__proto__"
    cases.append(("an unknown game", m, [("game", None)]))
    m = page_match()
    m["dealt"][0]["cards"] = {"__proto__": ["AS"], "N": "TS TH KD JC AC"}  # a seat no table has, cards not a list
    cases.append(("a hand whose seats and cards are not the table's", m, [("hand", 1)]))
    cases.append(("no match at all", None, [("game", None)]))
    return cases


@needs_node
def test_the_verifier_names_the_check_that_each_change_breaks(tmp_path):
    cases = tampered()
    verdicts = run_node([], [m for _, m, _ in cases], tmp_path)["verdicts"]
    for (what, _, expected), verdict in zip(cases, verdicts, strict=True):
        assert failed(verdict) == expected, what
        assert verdict["ok"] is (not expected), what
    swapped = verdicts[3]["checks"][-1]
    assert swapped["wrong"] == ["N", "E"] and swapped["expected"]["N"] == page_table_vectors()["rows"]["N"]


@needs_node
def test_the_verifier_checks_a_whole_session_the_engine_played_from_a_table_seed(tmp_path):
    rng = random.Random(7)
    secret = rng.randbytes(32).hex()
    values = {s: rng.randbytes(32).hex() for s in "AC"}  # B is a bot
    seed = fairseed.table_seed(secret, [values["A"], values["C"]])
    table = Table(seed=seed, seat="A", game="nap", players=3, rounds=2, level="gentle")
    while not table.is_over:
        if table.hand_over:
            table.next_hand()
            continue
        legal = table.view()["legal"]
        table.act(next((a for a in legal if a.endswith("pass")), legal[0]))
    view = table.view()
    assert len(view["dealt"]) == 6
    match = {"game": "nap", "seats": ["A", "B", "C"], "secret": secret, "dealerCommitment": fairseed.commitment(secret),
             "values": [{"seat": s, "value": v, "commitment": fairseed.commitment(v)} for s, v in values.items()],
             "seed": view["seed"], "you": "A", "dealt": view["dealt"]}
    late = copy.deepcopy(match)
    late["dealt"][4]["cards"][0] = next(c for c in late["dealt"][3]["cards"] if c not in late["dealt"][4]["cards"])
    ok, bad = run_node([], [match, late], tmp_path)["verdicts"]
    assert ok["ok"] and [c["number"] for c in ok["checks"] if c["name"] == "hand"] == list(range(1, 7))
    assert failed(bad) == [("hand", 5)]
