"""Built pages carry only what they show: hands' data in files beside the page, the hands' bar
once as a template, and a play table's opening controls written in for its bootstrap."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from trickbook_site import on_demand
from trickbook_site.hand_data import data_file_name, write_data_files


def data_text(data: dict) -> str:
    return json.dumps(data, ensure_ascii=False, separators=(",", ":")).replace("<", "\\u003c")


def figure(hand_id: str, data: dict) -> str:
    return (f'<figure class="tb-hand" id="hand-{hand_id}" data-hand-id="{hand_id}" data-step="0" data-steps="9" '
            f'data-src="{data_file_name(data_text(data))}">\n'
            f'<figcaption class="tb-title">T</figcaption>\n<table></table>\n</figure>')


def test_each_hands_data_is_written_once_beside_its_page_under_a_name_of_its_content(tmp_path: Path) -> None:
    one = {"id": "nap-four-hearts", "lang": "fr", "notes": {"0": "A </script> note"}, "replay": {"steps": [1, 2]}}
    two = {"id": "nap-misere", "lang": "fr", "notes": {}, "replay": {"steps": [3]}}
    files = {data_file_name(data_text(d)): data_text(d) for d in (one, two)}
    folder = tmp_path / "nap"
    assert write_data_files(folder, files) == 2
    assert write_data_files(folder, files) == 0  # the same name is the same content: written once
    for (name, _), data in zip(files.items(), (one, two), strict=True):
        assert re.fullmatch(rf"{data['id']}\.[0-9a-f]{{10}}\.json", name)
        assert json.loads((folder / name).read_text(encoding="utf-8")) == data
    with pytest.raises(ValueError, match="not a hand data file"):
        write_data_files(folder, {"../index.html": "{}"})


def test_a_changed_hand_gets_a_new_file_name_so_no_cache_serves_the_old_one() -> None:
    before = data_text({"id": "h", "notes": {"1": "old"}})
    after = data_text({"id": "h", "notes": {"1": "new"}})
    assert data_file_name(before) != data_file_name(after)
    assert data_file_name(before) == data_file_name(before)
    assert data_file_name('{"id":"../../evil name"}').startswith("evil-name.")


def test_a_page_with_hands_gets_the_bar_once_in_its_language_and_a_page_without_none() -> None:
    french = {"First step": "Première étape", "Step {step} of {total}": "Étape {step} sur {total}",
              "Presenter mode": "Mode présentation"}
    ui = lambda text: french.get(text, text)  # noqa: E731
    html = f"<main>{figure('a', {'id': 'a'})}{figure('b', {'id': 'b'})}</main>"
    out = on_demand.finish_page(html, ui, "fr")
    assert out.count('<template class="tb-controls-template">') == 1
    assert out.index("<template") < out.index('<figure class="tb-hand"')
    template = out[out.index("<template"): out.index("</template>")]
    assert 'aria-label="Première étape"' in template and 'data-where="Étape {step} sur {total}"' in template
    for cls in ("tb-first", "tb-prev", "tb-slider", "tb-next", "tb-last", "tb-counter", "tb-copy-link",
                "tb-embed", "tb-presenter-toggle", "tb-status", "tb-try"):
        assert f'class="tb-btn {cls}"' in template or f'class="{cls}"' in template, cls
    assert "<template" not in on_demand.finish_page("<main><p>No hand.</p></main>", ui, "fr")


def test_a_play_table_gets_its_opening_controls_hidden_and_nap_its_players_count() -> None:
    ui = lambda text: {"Players:": "Joueurs :", "Start a match": "Commencer une partie"}.get(text, text)  # noqa: E731
    nap = on_demand.finish_page('<div class="tb-table" data-game="nap" data-verify="../verify/">\n<p>No JS.</p></div>',
                                ui, "fr")
    intro = nap[nap.index('<div class="tbt-intro" hidden>'): nap.index("<p>No JS.</p>")]
    assert '<button type="button" class="tbt-btn tbt-start">Commencer une partie</button>' in intro
    players = intro[intro.index('class="tbt-players"'):intro.index("</select>")]
    assert re.findall(r'<option value="(\d)"', players) == ["3", "4", "5", "6", "7"]
    assert '<option value="4" selected>' in intro
    assert "Joueurs\u00a0:" in intro  # the page's French typography
    euchre = on_demand.finish_page('<div class="tb-table" data-game="euchre">\n<p>No JS.</p></div>', ui, "en")
    assert "tbt-start" in euchre and "tbt-players" not in euchre


def test_a_nap_table_names_each_session_length_in_the_plural_form_of_its_language() -> None:
    from trickbook_site import i18n

    root = Path(__file__).resolve().parents[1]
    page = '<div class="tb-table" data-game="nap">\n<p>No JS.</p></div>'
    for locale, lang, one, two in [
        ("fr", "fr", "1 tour\u00a0: chaque joueur donne une fois", "2 tours\u00a0: chaque joueur donne 2 fois"),
        ("pt_PT", "pt", "1 volta: cada jogador dá as cartas uma vez", "2 voltas: cada jogador dá as cartas 2 vezes"),
        (None, "en", "1 round: each player deals once", "2 rounds: each player deals 2 times"),
    ]:
        t = i18n.translator(locale, root)
        html = on_demand.finish_page(page, t.ui, lang, lambda s, p, n, t=t: t.ngettext("ui", s, p, n))
        lengths = html[html.index('class="tbt-rounds"'):]
        lengths = lengths[:lengths.index("</select>")]
        assert re.findall(r'<option value="(\d)"', lengths) == ["1", "2", "3", "4", "5"], lang
        assert f'<option value="1">{one}</option>' in lengths, lang
        assert f'<option value="2" selected>{two}</option>' in lengths, lang
