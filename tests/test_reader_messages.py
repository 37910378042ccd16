"""What the engine says to readers: cards by name (J♠, never JS), teams with plural verbs,
in Python and in the browser's twin of the formatting (widgets/i18n.js)."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from pathlib import Path

from trickbook import messages
from trickbook.messages import Message, format_value, render
from trickbook.record import load_record, replay
from trickbook.table import Table
from trickbook_site.i18n.catalog import load_engine_names

REPO = Path(__file__).resolve().parents[1]
CARD_CODE = re.compile(r"(?<![\w`])(?:10|[2-9TJQKA])[SHDC](?![\w`])")
SEED = "5" * 64

load_engine_names()


def _as_browser_sees(message: Message) -> dict:
    """The message as the worker hands it to the widgets: JSON values, cards as codes."""
    return json.loads(json.dumps(message.as_dict()))


def _render_from_json(data: dict) -> str:
    return render(data["code"], data.get("values", {}))


def test_team_subjects_take_a_plural_verb_in_english() -> None:
    singular = re.compile(r"\{(?:team|other)\} (?:is|has|was|does|\w*[^s\W]s)\b")
    wrong = {code: text for code, text in messages.MESSAGES.items() if singular.search(text)}
    assert not wrong, wrong
    assert render("score", {"team": "EW", "points": 2, "category": "makers"}) == "EW score 2 for Makers."
    assert render("match-won", {"team": "NS"}) == "NS win the match."
    assert render("match-over", {"team": "NS"}) == "The match is over: NS have won."


def test_every_worked_hand_names_its_cards_in_every_event() -> None:
    for path in sorted((REPO / "docs" / "hands").rglob("*.hand.toml")):
        state = replay(load_record(path)).state
        for event in state.events:
            text = _render_from_json(_as_browser_sees(event))
            assert not CARD_CODE.search(text), (path.name, event.code, text)


def test_table_explanations_name_the_bowers_and_the_other_suit() -> None:
    table = Table(game="euchre", seed=SEED, level="gentle")  # the explanations, not the bots, are under test
    texts = []
    for _ in range(40):
        view = table.view()
        for card in view["hand"]:
            for message in table.explain(f"card:{card}"):
                texts.append(_render_from_json(_as_browser_sees(message)))
        for target in ("upcard", "trump", "kitty"):
            for message in table.explain(target):
                texts.append(_render_from_json(_as_browser_sees(message)))
        if table.is_over:
            break
        if table.hand_over:
            table.next_hand()
        else:
            table.timeout()
    assert texts
    for text in texts:
        assert not CARD_CODE.search(text), text
    trumps = render("explain-trumps", {"suit": "H", "seat": "N", "right": "JH", "left": "JD"})
    assert trumps == "Trumps are hearts, made by N. The right bower is J♥ and the left bower J♦."
    jack = render("explain-jack-before-trumps", {"card": "JS", "suit": "S", "other_suit": "C"})
    assert jack == ("J♠ is a jack: if spades become trumps it is the right bower, "
                    "and if clubs become trumps it is the left bower.")


def test_card_and_suit_keys_are_the_same_in_the_browser() -> None:
    node = shutil.which("node")
    assert node, "Node is needed to run the widgets' formatting"
    script = """
      const m = await import(process.argv[1]);
      m.useCatalog({ engine: { keys: JSON.parse(process.argv[2]) } }, "en");
      const out = {};
      for (const [k, v] of [["right", "JH"], ["left", "JD"], ["card", "TS"], ["cards", ["AS", "TC"]], \
["other_suit", "C"], ["seat", "S"], ["points", -12], ["total", 3]]) {
        out[k] = m.formatValue(k, v);
      }
      console.log(JSON.stringify(out));
    """
    # The browser learns which keys are cards, suits and seats from the catalog the build writes.
    keys = {kind: sorted(messages.keys_of(kind)) for kind in ("seat", "team", "card", "suit")}
    done = subprocess.run([node, "--input-type=module", "-e", script, (REPO / "widgets" / "i18n.js").as_uri(),
                           json.dumps(keys)], capture_output=True, text=True, check=True)
    shown = json.loads(done.stdout)
    assert shown == {"right": "J♥", "left": "J♦", "card": "10♠", "cards": "A♠, 10♣", "other_suit": "C", "seat": "S",
                     "points": "−12", "total": "3"}
    # Without a catalog the browser names a suit by its letter; the keys are what must agree.
    python = {k: format_value(k, v, lambda s: s) for k, v in [("right", "JH"), ("left", "JD"), ("card", "TS")]}
    assert python == {"right": "J♥", "left": "J♦", "card": "10♠"}
    from trickbook_site.i18n.catalog import browser_catalog

    assert browser_catalog("en", REPO / "no-such-folder")["engine"]["keys"] == keys


def test_negative_numbers_carry_a_true_minus_sign() -> None:
    assert render("net", {"team": "A", "points": -12}) == "Net result of the hand for A: −12."
    assert render("net", {"team": "A", "points": 30}) == "Net result of the hand for A: 30."
