"""A partly translated engine catalog: a sentence whose template is still in English names its values in
English too ("Trumps are hearts."), never half and half ("Trumps are corazones."), on the pages and in
the browser; a translated template names them in its language."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog
from babel.messages.mofile import write_mo

from trickbook.messages import render
from trickbook_site.figure import Texts, render_hand
from trickbook_site.hands import replay_hand
from trickbook_site.i18n.catalog import browser_catalog

REPO = Path(__file__).resolve().parents[1]
SPANISH = {"hearts": "corazones", "spades": "picas", "clubs": "tréboles", "Game": "Juego",
           "{seat} leads {card}.": "{seat} sale con {card}."}


def _spanish(message: str) -> str:
    return SPANISH.get(message, message)


def test_an_untranslated_sentence_names_its_values_in_english() -> None:
    assert render("trump-set", {"suit": "H"}, _spanish) == "Trumps are hearts."
    assert render("no-score", {"category": "game", "why": "hand-over"}, _spanish) == (
        "Nobody scores Game: The hand is over.")
    assert render("leads", {"seat": "N", "card": "AH"}, _spanish) == "N sale con A♥."


def test_a_worked_hand_narrates_an_untranslated_sentence_in_english_only() -> None:
    path = REPO / "docs" / "hands" / "euchre" / "euchre-lone-march.hand.toml"
    hand = replay_hand("euchre-lone-march", path.read_text(encoding="utf-8"), path, 1)
    html = render_hand(hand, 0, Texts(lang="es", engine=_spanish))
    # The interface's labels are untranslated here too: "Trumps: hearts", "ace of hearts".
    assert "Trumps: clubs" in html and "ace of clubs" in html
    assert not [word for word in ("corazones", "picas", "tréboles") if word in html]
    assert "N sale con" in html or "S sale con" in html or "W sale con" in html


def test_the_browser_names_the_values_of_an_untranslated_template_in_english(tmp_path: Path) -> None:
    if shutil.which("node") is None:
        pytest.skip("needs Node")
    catalog = Catalog(locale="es")
    for msgid, msgstr in SPANISH.items():
        catalog.add(msgid, msgstr, flags=("python-brace-format",) if "{" in msgid else ())
    folder = tmp_path / "mo" / "es" / "LC_MESSAGES"
    folder.mkdir(parents=True)
    with open(folder / "engine.mo", "wb") as handle:
        write_mo(handle, catalog)
    data = browser_catalog("es", tmp_path / "mo")
    assert "trump-set" in data["engine"]["untranslated"] and "leads" not in data["engine"]["untranslated"]
    (tmp_path / "catalog.json").write_text(json.dumps(data), encoding="utf-8")
    script = """
      const m = await import(process.argv[1]);
      m.useCatalog(JSON.parse((await import("node:fs")).readFileSync(process.argv[2], "utf-8")), "es");
      const said = [{code: "trump-set", values: {suit: "H"}}, {code: "leads", values: {seat: "N", card: "AS"}},
                    {code: "trick-won-led", values: {seat: "N", card: "AS", suit: "S"}}];
      console.log(JSON.stringify([...said.map(m.engineText), ...said.map((s) => m.partsText(m.engineParts(s)))]));
    """
    out = subprocess.run(["node", "--input-type=module", "-e", script, (REPO / "widgets" / "i18n.js").as_uri(),
                          str(tmp_path / "catalog.json")], capture_output=True, text=True, check=True, timeout=60)
    texts = json.loads(out.stdout)
    assert texts[0] == texts[3] == "Trumps are hearts."
    assert texts[1] == texts[4] == "N sale con A♠."
    assert texts[2] == texts[5] == "N wins the trick with A♠, the highest card of the suit led (spades)."
