"""A course's own game in the site: a record naming a module instead of a game, a game named in the
course's pyproject, its widgets' data and its play table's page from its module alone, the browser's
wheel and the engine hash following the course's game modules, and `add-game` starting its page.

The game is the registry's fifth game (fifth_game.py; the engine's side is test_registry.py).
"""

from __future__ import annotations

import json
import re
import sys
import textwrap

import pytest
from fifth_game import FIFTH_GAME, SEED, fifth_game_loaded, forget_the_fifth_game, load

import trickbook.games as registry
from trickbook.bots import RandomBot
from trickbook.errors import RecordError
from trickbook.game import _REGISTRY
from trickbook.games import find_game, load_game_modules
from trickbook.match import play_match
from trickbook.record import parse_record
from trickbook.table import Table


@pytest.fixture
def fifth_game(tmp_path, monkeypatch):
    """The fifth game's module on the import path (fifth_game.py); the registry as it was afterwards."""
    yield from fifth_game_loaded(tmp_path, monkeypatch)


# A module that leaves a mark when it is imported: a record naming it must not run it.
PLANTED = '''
import pathlib
pathlib.Path(__file__).with_name("imported.txt").write_text("ran")
'''


def _site(folder, record_text, games=None):
    (folder / "docs" / "hands").mkdir(parents=True)
    (folder / "mkdocs.yml").write_text("site_name: Sevens\n", encoding="utf-8")
    (folder / "docs" / "hands" / "one.hand.toml").write_text(record_text, encoding="utf-8")
    if games is not None:
        listed = ", ".join(f'"{g}"' for g in games)
        (folder / "pyproject.toml").write_text(f"[tool.trickbook]\ngames = [{listed}]\n", encoding="utf-8")
    return folder / "docs" / "hands" / "one.hand.toml"


def test_a_record_naming_a_module_gets_unknown_game_and_imports_nothing(tmp_path, monkeypatch, capsys):
    from trickbook_site.cli import main

    (tmp_path / "planted_mod.py").write_text(PLANTED, encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    for game in ("planted_mod", "this", "planted_mod:Anything"):
        text = f'format = 1\ngame = "{game}"\ndealer = "A"\n[deal]\nseed = "{SEED}"\n'
        path = tmp_path / "one.hand.toml"
        path.write_text(text, encoding="utf-8")
        with pytest.raises(RecordError) as caught:
            parse_record(text, file=str(path))
        assert caught.value.line == 2 and caught.value.file == str(path)
        assert f"unknown game '{game}'; known games: yorkshire, trinidad, nap, euchre" in str(caught.value)
        assert main(["check", str(path)]) == 1
        assert f"one.hand.toml:2: unknown game '{game}'" in capsys.readouterr().out
    assert not (tmp_path / "imported.txt").exists() and "planted_mod" not in sys.modules


def test_a_site_adds_its_own_game_by_naming_its_module_in_pyproject(tmp_path, monkeypatch, capsys):
    from trickbook_site.cli import main

    saved = dict(_REGISTRY)
    monkeypatch.syspath_prepend(str(tmp_path))  # restores sys.path, which loading the site's games extends
    try:
        # A record of the fifth game, played by its bots, written while its module is loaded.
        (tmp_path / "sevens_for_tests.py").write_text(textwrap.dedent(FIFTH_GAME), encoding="utf-8")
        load_game_modules(["sevens_for_tests"])
        text = play_match("sevens-for-tests", {s: RandomBot(i) for i, s in enumerate("ABC")},
                          SEED, rounds=1).records()[0].replace('id = "', '# id = "')
        (tmp_path / "sevens_for_tests.py").unlink()
        forget_the_fifth_game(saved)

        site = tmp_path / "site"
        record = _site(site, text, games=["sevens_for_tests"])
        (site / "sevens_for_tests.py").write_text(textwrap.dedent(FIFTH_GAME), encoding="utf-8")
        monkeypatch.chdir(site)
        assert main(["check", str(record)]) == 0, capsys.readouterr().out
        assert "1 record(s) checked, 0 bad" in capsys.readouterr().out
        assert "sevens-for-tests" in registry.GAMES
        forget_the_fifth_game(saved)

        # The same record in a site that does not name the module: unknown, and nothing imported.
        (site / "pyproject.toml").unlink()
        assert main(["check", str(record)]) == 1
        assert "one.hand.toml:3: unknown game 'sevens-for-tests'; known games: yorkshire" in capsys.readouterr().out
        assert "sevens_for_tests" not in sys.modules

        # A configuration naming a module that does not exist says so, naming the file.
        (site / "pyproject.toml").write_text('[tool.trickbook]\ngames = ["no_such_games"]\n', encoding="utf-8")
        assert main(["check", str(record)]) == 1
        assert "pyproject.toml: [tool.trickbook] games: game module 'no_such_games' cannot be imported" \
            in capsys.readouterr().err
    finally:
        forget_the_fifth_game(saved)


# The fifth game again, with the page's facts declared in its own module: a contract ladder, the drill's
# kinds of rule and its own table manners (a stock chip, trumps made by a call).
DECLARED_GAME = FIFTH_GAME + '''

from trickbook.table import Conduct


class SevensConduct(Conduct):
    objects = ("stock", "trump")
    trumps_by_call = True
    max_rounds = 3
    rounds_offered = 2


class DeclaredSevensHand(SevensHand):
    game = "declared-sevens-for-tests"
    aliases = ()
    contracts = ("five", "six", "seven")
    drill = {"legal": "follow-suit", "winner": "highest-trump", "score": "points"}
    conduct = "declared_sevens_for_tests:SevensConduct"
'''


def _games_json(tmp_path):
    from trickbook_site.assets import write_games_json

    assets = tmp_path / "assets"
    assets.mkdir(exist_ok=True)
    write_games_json(assets)
    return json.loads((assets / "games.json").read_text(encoding="utf-8"))


def test_the_widgets_data_of_a_new_game_comes_from_its_module_alone(fifth_game, tmp_path):
    # The site's list of games (assets/games.json) is the registry's: the four and the fifth, in order.
    data = _games_json(tmp_path)
    assert list(data) == ["yorkshire", "trinidad", "nap", "euchre", fifth_game]
    # Three to five players, three first (its default seats); played to a target, so no rounds to choose.
    assert data[fifth_game] == {"players": [3, 4, 5], "players_first": 3, "rounds": [], "rounds_first": 1}
    # Once a table runs, what the page draws comes with the view: the plain conduct's trump chip.
    view = Table(game=fifth_game, seed=SEED, seat="A", level="gentle").view()
    assert view["shows"] == {"objects": ["trump"], "trumps_by_call": False, "contracts": [], "pitch": False}
    assert find_game(fifth_game).drill == {"legal": "follow-suit", "winner": "highest-trump", "score": "points"}


def test_a_new_game_declares_its_chips_contracts_and_choices_in_its_module(tmp_path, monkeypatch):
    saved = dict(_REGISTRY)
    try:
        load(tmp_path, monkeypatch, "declared_sevens_for_tests", DECLARED_GAME)
        data = _games_json(tmp_path)["declared-sevens-for-tests"]
        assert data == {"players": [3, 4, 5], "players_first": 3, "rounds": [1, 2, 3], "rounds_first": 2}
        view = Table(game="declared-sevens-for-tests", seed=SEED, seat="A", level="gentle", rounds=1).view()
        assert view["shows"] == {"objects": ["stock", "trump"], "trumps_by_call": True,
                                 "contracts": ["five", "six", "seven"], "pitch": False}
    finally:
        forget_the_fifth_game(saved)
        sys.modules.pop("declared_sevens_for_tests", None)


def test_a_play_table_of_a_hyphenated_game_gets_its_opening_controls_and_its_embed_page(fifth_game, tmp_path):
    from trickbook_site import embed, on_demand

    html = on_demand.finish_page(f'<div class="tb-table" data-game="{fifth_game}">\n<p>No JS.</p></div>',
                                 lambda text: text, "en")
    intro = html[html.index('<div class="tbt-intro" hidden>'): html.index("<p>No JS.</p>")]
    assert "tbt-start" in intro
    players = intro[intro.index('class="tbt-players"'):intro.index("</select>")]
    assert re.findall(r'<option value="(\d)"', players) == ["3", "4", "5"]  # its seat counts, 3 first
    page = tmp_path / "en" / "play" / "index.html"
    page.parent.mkdir(parents=True)
    page.write_text(f'<html lang="en"><h1>Play</h1>{html}</html>', encoding="utf-8")
    assert embed._table_embeds(tmp_path, page, page.read_text(encoding="utf-8"), lambda t: t, set(), False) == 1
    assert (tmp_path / embed.FOLDER / "en" / f"table-{fifth_game}" / "index.html").is_file()


def test_the_browsers_wheel_carries_the_courses_game_modules_and_registers_them_alone(fifth_game, tmp_path):
    """The wheel the build makes holds the course's game modules beside the engine, and the engine's
    registry imports them from the wheel alone (as the browser's worker, and its snapshot, do)."""
    import subprocess
    import zipfile

    from trickbook_site import assets

    assert assets.course_games()[0] == ["sevens_for_tests"]
    wheel = assets.build_wheel(tmp_path / "staging", tmp_path / "out")
    names = zipfile.ZipFile(wheel).namelist()
    assert "sevens_for_tests.py" in names and "trickbook/games/_course.py" in names
    unpacked = tmp_path / "unpacked"
    zipfile.ZipFile(wheel).extractall(unpacked)
    probe = ("import sys; sys.path.insert(0, sys.argv[1]); import trickbook.games as g; "
             "cls = g.find_game('seven-card-trumps'); print(cls.game, cls.__module__, g.__file__)")
    done = subprocess.run([sys.executable, "-S", "-c", probe, str(unpacked)], capture_output=True, text=True,
                          cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    game, module, where = done.stdout.split()
    assert (game, module) == ("sevens-for-tests", "sevens_for_tests") and where.startswith(str(unpacked))


def test_the_engine_hash_follows_the_courses_game_modules(fifth_game, tmp_path, monkeypatch):
    from trickbook_site import assets

    runtime = tmp_path / "runtime"
    runtime.mkdir()
    (runtime / "pyodide-lock.json").write_text("{}", encoding="utf-8")
    with_game = assets.engine_hash(runtime)
    with monkeypatch.context() as patched:
        patched.setattr(assets, "course_games", lambda: ([], {}))
        assert assets.engine_hash(runtime) != with_game  # the engine alone: another wheel
    source = assets.Path(sys.modules["sevens_for_tests"].__file__)
    source.write_text(source.read_text(encoding="utf-8") + "\n# edited\n", encoding="utf-8")
    assert assets.engine_hash(runtime) != with_game  # an edited game module makes a new wheel


def test_add_game_starts_the_page_of_a_courses_own_game_from_its_class(tmp_path, monkeypatch, capsys):
    """The default site has no worked hand of it: its page comes from its class (its title and facts),
    with its play table and its practice, and waits for worked hands of the course's own."""
    from trickbook_site.cli import main
    from trickbook_site.scaffold import new_site

    saved = dict(_REGISTRY)
    course = new_site(tmp_path / "club", games=["nap"], languages=["en"])
    (course / "sevens_for_tests.py").write_text(textwrap.dedent(FIFTH_GAME), encoding="utf-8")
    (course / "pyproject.toml").write_text('[tool.trickbook]\ngames = ["sevens_for_tests"]\n', encoding="utf-8")
    monkeypatch.chdir(course)
    monkeypatch.syspath_prepend(str(course))
    try:
        assert main(["add-game", "seven-card-trumps"]) == 0, capsys.readouterr().err
        out = capsys.readouterr().out
        assert "docs/sevens-for-tests.md: the default site has no worked hand of sevens-for-tests" in out
        page = (course / "docs" / "sevens-for-tests.md").read_text(encoding="utf-8")
        assert page.startswith("# Seven-card trumps { #sevens-for-tests }\n")
        assert "Seven-card trumps is played by 3 to 5 players, 7 cards each." in page
        assert '<div class="tb-table" data-game="sevens-for-tests" markdown>' in page
        assert '<div class="tb-practice" data-game="sevens-for-tests" markdown>' in page
        assert "```hand" not in page and not (course / "docs" / "hands" / "sevens-for-tests").exists()
        assert "  - sevens-for-tests.md" in (course / "mkdocs.yml").read_text(encoding="utf-8")
        home = (course / "docs" / "index.md").read_text(encoding="utf-8")
        assert "- [Seven-card trumps](sevens-for-tests.md)" in home
        assert main(["add-game", "sevens-for-tests"]) == 1  # its page is there: nothing is changed
        assert "already there" in capsys.readouterr().err
    finally:
        forget_the_fifth_game(saved)
