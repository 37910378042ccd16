"""The play table's and the verifier's pure JavaScript, run under Node against the engine.

The verifier (widgets/verifier/recipe.js) is written from docs/verify.md alone; it must deal
every hand exactly as the engine's shuffle does, for every game. The table names cards with
their symbols and gives teams plural verbs ("East and West score 2").
"""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from trickbook import messages
from trickbook.shuffle import deal_hand, fingerprint, first_dealer
from trickbook.table import Table

ROOT = Path(__file__).resolve().parents[1]
SEEDS = (["20f71e0ddaa88e9d63c0c477aee7f68738948338dcb9602000bb8e9991647139"]
         + [f"{n:02x}" * 32 for n in (1, 7, 42, 200)])
SEATS = {"yorkshire": ("N", "E", "S", "W"), "trinidad": ("N", "W", "S", "E"), "nap": tuple("ABCDE"),
         "euchre": ("N", "E", "S", "W")}

pytestmark = pytest.mark.skipif(sys.platform == "emscripten" or shutil.which("node") is None, reason="needs Node")


def node(*args: str) -> object:
    out = subprocess.run(["node", str(ROOT / "tests" / "widgets_check.mjs"), *args],
                         check=True, capture_output=True, text=True, timeout=60).stdout
    return json.loads(out)


def test_the_verifier_deals_every_game_like_the_engine():
    for result in node("recipe", *SEEDS):
        seed = result["seed"]
        assert result["fingerprint"] == fingerprint(seed)
        for game, seats in SEATS.items():
            got = result["games"][game]
            dealer, _ = first_dealer(game, seats, seed)
            assert got["first"] == dealer, (game, seed)
            for number, hand in enumerate(got["hands"], start=1):
                assert hand["dealer"] == dealer
                deal = deal_hand(game, seats, dealer, seed, number)
                assert hand["hands"] == {s: [str(c) for c in deal.hands[s]] for s in seats}, (game, number)
                if game == "euchre":
                    assert hand["upcard"] == str(deal.turn) and hand["kitty"] == [str(c) for c in deal.kitty]
                if game == "trinidad":
                    assert hand["kick"] == str(deal.turn) and hand["stock"] == [str(c) for c in deal.stock]
                dealer = seats[(seats.index(dealer) + 1) % len(seats)]


def test_the_verifier_imports_nothing_from_the_engine():
    source = (ROOT / "widgets" / "verifier" / "recipe.js").read_text(encoding="utf-8")
    code = "\n".join(line for line in source.splitlines() if not line.lstrip().startswith("//"))
    assert not re.search(r"^\s*import\b|\bimport\(|\bask\(|Worker", code, re.M)


def test_table_text_names_cards_by_symbol_and_gives_teams_plural_verbs(tmp_path):
    Table(game="euchre", seed=SEEDS[0])  # registers the table's messages
    catalog = {"engine": {"messages": dict(messages.MESSAGES), "suits": dict(messages.SUIT_NAMES),
                          "categories": dict(messages.CATEGORY_NAMES), "contracts": dict(messages.CONTRACT_NAMES),
                          "keys": {kind: sorted(messages.keys_of(kind)) for kind in ("seat", "team", "card", "suit")}}}
    said = [
        {"code": "explain-trumps", "values": {"suit": "S", "seat": "N", "right": "JS", "left": "JC"}},
        {"code": "score", "values": {"team": "EW", "points": 2, "category": "euchred"}},
        {"code": "match-won", "values": {"team": "NS"}},
        {"code": "bot-take-trick", "values": {"seat": "W", "card": "TH"}},
        {"code": "bid", "values": {"seat": "E", "contract": "four"}, "seats": list("ABCDE")},
        {"code": "net", "values": {"team": "E", "points": -4}},
    ]
    (tmp_path / "catalog.json").write_text(json.dumps(catalog), encoding="utf-8")
    (tmp_path / "said.json").write_text(json.dumps(said), encoding="utf-8")
    texts = node("text", str(tmp_path / "catalog.json"), str(tmp_path / "said.json"))
    assert texts[0] == "Trumps are spades, made by North. The right bower is J♠ and the left bower J♣."
    assert texts[1].startswith("East and West score 2 for ")
    assert texts[2] == "North and South win the match."
    assert texts[3] == "West plays 10♥ to take the trick."
    assert texts[4] == "E bids Four."  # Nap's fifth player is E, not East
    assert texts[5] == "Net result of the hand for E: \u22124."  # numbers carry a true minus sign
