"""A game is one class: the registry, the shuffle, matches, bots and records find it from its module alone."""

from __future__ import annotations

import json
import random
import re
import sys
import textwrap

import pytest

import trickbook.games as registry
from trickbook.actions import Action
from trickbook.bots import BOTS, RandomBot, make_bot
from trickbook.bots.search import BUDGET, MIN_WORLDS, SearchBot
from trickbook.bots.worlds import World
from trickbook.errors import RecordError
from trickbook.game import _REGISTRY, HandState
from trickbook.games import GAMES, canonical_name, find_game, load_game_modules
from trickbook.match import Match, play_match
from trickbook.messages import Message
from trickbook.record import parse_record, replay
from trickbook.shuffle import deal_hand, first_dealer
from trickbook.table import Conduct, Table, TableError, conduct_class

SEED = "ab" * 32

# A fifth game, written the way ARCHITECTURE.md says: one module, nothing else edited.
FIFTH_GAME = '''
from dataclasses import dataclass

from trickbook.game import HandState, Rules


@dataclass(frozen=True)
class SevensRules(Rules):
    """No options but the trick count that ends a session."""

    target: int = 50


class SevensHand(HandState):
    """Seven cards each, the next card turned for trumps, a point a trick."""

    game = "sevens-for-tests"
    aliases = ("seven-card-trumps",)
    title = "Seven-card trumps"
    rules_class = SevensRules
    default_seats = ("A", "B", "C")
    seat_counts = range(3, 6)
    partnership = False
    hand_size = 7
    packets = (4, 3)
    turn_card = "trump card"
    has_stock = True

    @classmethod
    def default_seats_for(cls, dealt):
        return tuple("ABCDE"[:dealt]) if dealt in cls.seat_counts else cls.default_seats

    def _start(self):
        self.trump = self.deal.turn.suit
        self.emit("deal", dealer=self.dealer)
        self.start_play(self.next_seat(self.dealer))

    def _score_hand(self):
        for seat in self.seats:
            self.award("tricks", seat, sum(1 for t in self.tricks if t.winner == seat))
        best = max(self.seats, key=lambda s: self.score[s])  # the first seat at the target wins
        if self.score[best] >= self.rules.target:
            self.winner = best
        self.end_hand()

    def public_view(self):
        return super().public_view() | {"turn": str(self.deal.turn)}  # the trump card lies face up
'''

# The same game with a round of passes before trick play, and no bot of its own to guess it.
CALLED_GAME = FIFTH_GAME + '''

from trickbook.actions import Action
from trickbook.model import Phase


class CalledSevensHand(SevensHand):
    """Each seat passes once, from the dealer's left, before the play."""

    game = "called-sevens-for-tests"
    aliases = ()
    title = "Called sevens"
    verbs = frozenset({"play", "pass"})

    def _start(self):
        self.trump = self.deal.turn.suit
        self.phase = Phase.BIDDING
        self.spoken = []
        self.current = self.next_seat(self.dealer)

    def _bidding_legal(self):
        yield Action(self.current, "pass")

    def _bidding_check(self, action):
        return None if action.verb == "pass" else self._not_now(action)

    def _bidding_apply(self, action):
        self.spoken.append(action.seat)
        if len(self.spoken) < len(self.seats):
            self.current = self.next_seat(action.seat)
        else:
            self.start_play(self.next_seat(self.dealer))
'''


@pytest.fixture
def fifth_game(tmp_path, monkeypatch):
    """The fifth game's module on the import path; the registry as it was afterwards."""
    (tmp_path / "sevens_for_tests.py").write_text(textwrap.dedent(FIFTH_GAME), encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    saved = dict(_REGISTRY)
    load_game_modules(["sevens_for_tests"])  # as a site's configuration names it
    yield "sevens-for-tests"
    _REGISTRY.clear()
    _REGISTRY.update(saved)
    sys.modules.pop("sevens_for_tests", None)


def _load(tmp_path, monkeypatch, name, text):
    (tmp_path / f"{name}.py").write_text(textwrap.dedent(text), encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    load_game_modules([name])


def test_the_four_games_are_found_without_a_table_of_names():
    assert list(GAMES) == ["yorkshire", "trinidad", "nap", "euchre"]
    assert {g: find_game(g).game for g in GAMES} == {g: g for g in GAMES}
    assert canonical_name("Batley") == "yorkshire" and canonical_name("all_fours") == "trinidad"
    assert BOTS["euchre"] == "trickbook.bots.euchre:EuchreBot"


def test_a_game_module_named_by_the_configuration_registers_its_class(fifth_game):
    cls = find_game(fifth_game)
    assert issubclass(cls, HandState) and cls.game == "sevens-for-tests"
    assert find_game("Seven card trumps") is cls
    assert registry.GAMES["sevens-for-tests"] == "sevens_for_tests:SevensHand"  # read afresh: the live registry


def test_a_game_is_found_by_name_or_alias_never_by_module_path(fifth_game):
    for path in ("sevens_for_tests:SevensHand", "trickbook.games.nap", "trickbook.games.nap:NapHand"):
        with pytest.raises(ValueError, match=r"unknown game '[^']+'; known games: yorkshire, trinidad, nap, euchre"):
            find_game(path)


def test_the_shuffle_deals_a_new_game_by_its_packets_and_turned_card(fifth_game):
    seats = ("A", "B", "C")
    deal = deal_hand(fifth_game, seats, "C", SEED, 1)
    assert [len(deal.hands[s]) for s in seats] == [7, 7, 7]
    assert deal.turn is not None and len(deal.stock) == 52 - 21 - 1 and not deal.kitty
    dealer, how = first_dealer(fifth_game, seats, SEED)
    assert dealer in seats and "draws" in how


def test_a_match_of_a_new_game_is_played_by_its_bot_and_recorded(fifth_game):
    assert make_bot("sevens-for-tests").__class__ is RandomBot
    match = play_match("sevens-for-tests", {s: RandomBot(i) for i, s in enumerate("ABC")}, SEED, rounds=1)
    assert len(match.hands) == 3 and sum(match.balances().values()) == 3 * 7
    record = parse_record(match.records()[0])
    assert record.game == "sevens-for-tests"
    assert replay(record).state.score == match.hands[0].score


def test_a_new_game_starts_a_match_by_its_seat_and_rules_facts(fifth_game):
    match = Match("seven-card-trumps", seed=SEED)
    assert match.seats == ("A", "B", "C") and match.rules.target == 50
    with pytest.raises(ValueError, match="3 to 5 players"):
        find_game(fifth_game)(None, ("A", "B"), "A", deal_hand(fifth_game, ("A", "B"), "A", SEED, 1))


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


def _forget_the_fifth_game(saved):
    _REGISTRY.clear()
    _REGISTRY.update(saved)
    sys.modules.pop("sevens_for_tests", None)


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
        _forget_the_fifth_game(saved)

        site = tmp_path / "site"
        record = _site(site, text, games=["sevens_for_tests"])
        (site / "sevens_for_tests.py").write_text(textwrap.dedent(FIFTH_GAME), encoding="utf-8")
        monkeypatch.chdir(site)
        assert main(["check", str(record)]) == 0, capsys.readouterr().out
        assert "1 record(s) checked, 0 bad" in capsys.readouterr().out
        assert "sevens-for-tests" in registry.GAMES
        _forget_the_fifth_game(saved)

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
        _forget_the_fifth_game(saved)


def test_a_new_game_dealt_straight_into_trick_play_gets_a_strong_bot_from_its_module_alone(fifth_game):
    bot = make_bot(fifth_game, seed=4, level="strong")
    assert isinstance(bot, SearchBot) and bot.budget == BUDGET  # its bot (RandomBot) declares no budget
    state = find_game(fifth_game)(None, ("A", "B", "C"), "C", deal_hand(fifth_game, ("A", "B", "C"), "C", SEED, 1))
    rng, searched = random.Random(2), 0
    while not state.is_terminal:
        seat = state.current_player
        obs = state.observation(seat)
        # A guessed world keeps the seat's hand, the turned card (and so the trumps) and the play so far.
        world = World.from_observation(type(state), obs)
        rebuilt = world.rebuild(world.sample(rng))
        assert rebuilt is not None and rebuilt.trump == state.trump and rebuilt.deal.turn == state.deal.turn
        assert sorted(rebuilt.hands[seat]) == sorted(state.hands[seat]) and rebuilt.history == state.history
        bot = make_bot(fifth_game, seed=4, level="strong")  # a bot's choice depends on its seed alone
        choice = bot.choose(obs)
        assert choice in obs["legal"] and choice == make_bot(fifth_game, seed=4, level="strong").choose(obs)
        assert bot.unsearched is None
        searched += bot.worlds_tried >= MIN_WORLDS
        state.apply(Action.parse(choice, state.seats))
    assert searched >= 3, "the strong bot looked ahead at too few of the hand's decisions"


def test_a_new_game_with_calls_gets_a_strong_bot_whose_worlds_replay_its_public_calls(tmp_path, monkeypatch):
    """No hook of its own: the guessed worlds replay the calls from the observation's history."""
    saved = dict(_REGISTRY)
    try:
        _load(tmp_path, monkeypatch, "called_sevens_for_tests", CALLED_GAME)
        game = "called-sevens-for-tests"
        bot = make_bot(game, seed=4, level="strong")
        assert isinstance(bot, SearchBot)
        seats = ("A", "B", "C")
        state = find_game(game)(None, seats, "C", deal_hand(game, seats, "C", SEED, 1))
        rng, searched = random.Random(3), 0
        while not state.is_terminal:
            seat = state.current_player
            obs = state.observation(seat)
            assert obs["history"] == [str(a) for a in state.history]  # every call here is public
            world = World.from_observation(type(state), obs)
            rebuilt = world.rebuild(world.sample(rng))
            assert rebuilt is not None and rebuilt.history == state.history and rebuilt.phase == state.phase
            choice = bot.choose(obs)
            assert choice in obs["legal"] and bot.unsearched is None
            searched += bot.worlds_tried >= MIN_WORLDS
            state.apply(Action.parse(choice, seats))
        assert state.history[:3] == [Action("A", "pass"), Action("B", "pass"), Action("C", "pass")]
        assert searched >= 3, "the strong bot looked ahead at too few of the hand's decisions"
        table = Table(game=game, seed=SEED, seat="A")
        assert all(isinstance(b, SearchBot) for b in table.bots.values())
    finally:
        _forget_the_fifth_game(saved)
        sys.modules.pop("called_sevens_for_tests", None)


def test_a_new_game_gets_a_play_table_played_to_the_end_from_its_module_alone(fifth_game):
    assert conduct_class(fifth_game) is Conduct  # its class names no table manners of its own
    table = Table(game=fifth_game, seed=SEED, seat="B", level="gentle", players=4)
    assert table.match.seats == ("A", "B", "C", "D") and table.bots.keys() == {"A", "C", "D"}
    with pytest.raises(TableError, match="Seven-card trumps is played by 3 to 5 players, not 6"):
        Table(game=fifth_game, seed=SEED, players=6)
    with pytest.raises(TableError, match="sevens-for-tests is played to its target score"):
        Table(game=fifth_game, seed=SEED, rounds=2)
    view = table.view()
    trump = view["trump"]
    assert table.explain("trump") == [Message("trump-set", {"suit": trump})]
    assert [m.code for m in table.explain("taken:A")] == ["explain-tricks-taken"]
    while not table.is_over:
        if table.hand_over:
            table.next_hand()
        else:
            table.timeout()  # the table chooses for the reader: the card that gives least away
    view = table.view()
    assert view["over"] and view["winner"] is not None and view["seed"] == SEED
    assert max(view["score"].values()) >= 50 == table.match.rules.target
    # The match is deterministic from the seed and the reader's moves, as at every table.
    again = Table.resume(SEED, table.moves, game=fifth_game, seat="B", level="gentle", players=4)
    assert again.view()["score"] == view["score"] and again.view()["dealt"] == view["dealt"]


def test_a_new_games_table_plays_a_hand_with_strong_bots(fifth_game):
    table = Table(game=fifth_game, seed=SEED, seat="A")
    assert all(isinstance(bot, SearchBot) for bot in table.bots.values())
    steps = []
    while not table.hand_over:
        steps += table.timeout()
    assert sum(view_seat["taken"] for view_seat in table.view()["seats"]) == 7
    bot_steps = [step for step in steps if step["bot"]]
    assert len(bot_steps) == 14
    assert all(Action.parse(step["action"], table.match.seats).verb == "play" for step in bot_steps)


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
        _load(tmp_path, monkeypatch, "declared_sevens_for_tests", DECLARED_GAME)
        data = _games_json(tmp_path)["declared-sevens-for-tests"]
        assert data == {"players": [3, 4, 5], "players_first": 3, "rounds": [1, 2, 3], "rounds_first": 2}
        view = Table(game="declared-sevens-for-tests", seed=SEED, seat="A", level="gentle", rounds=1).view()
        assert view["shows"] == {"objects": ["stock", "trump"], "trumps_by_call": True,
                                 "contracts": ["five", "six", "seven"], "pitch": False}
    finally:
        _forget_the_fifth_game(saved)
        sys.modules.pop("declared_sevens_for_tests", None)


def test_the_four_games_declare_what_their_tables_show():
    shows = {g: Table(game=g, seed=SEED, level="gentle").view()["shows"] for g in GAMES}
    # Euchre (rule text 004): the upcard and the kitty lie on the table; trumps are made by a call.
    assert shows["euchre"]["objects"] == ["upcard", "kitty", "trump"] and shows["euchre"]["trumps_by_call"]
    # Trinidad: the kick turned by the dealer and the stock left; Nap (rule text 001): the contract bid.
    assert shows["trinidad"]["objects"] == ["kick", "stock", "trump"]
    assert shows["nap"]["objects"] == ["contract", "trump"]
    # Nap's bids rank three, misère, four, nap, wellington: the placard offers them in that order.
    assert shows["nap"]["contracts"] == ["three", "misere", "four", "nap", "wellington"]
    # Yorkshire: the pitcher's first card led sets trumps, and the prompt says so; no other game pitches.
    assert [g for g in GAMES if shows[g]["pitch"]] == ["yorkshire"]
    assert [g for g in GAMES if shows[g]["contracts"]] == ["nap"]


def test_a_drill_answer_names_the_kinds_of_rule_its_game_plays_by():
    from trickbook.questions.facade import practice_json

    drills = {g: json.loads(practice_json(g, "ab" * 8, 0))["drill"] for g in GAMES}
    # Euchre (rule text 004): the left bower belongs to trumps, the makers score by tricks taken.
    assert drills["euchre"] == {"legal": "follow-suit-bowers", "winner": "bowers", "score": "makers"}
    # All Fours: a trump led must be followed with a trump if held, another suit followed or trumped;
    # High, Low, Jack and Game are scored.
    for game in ("yorkshire", "trinidad"):
        assert drills[game] == {"legal": "trump-or-follow", "winner": "highest-trump", "score": "high-low-jack-game"}
    # Nap (rule text 001): follow suit, and the declarer is paid or pays the contract's value.
    assert drills["nap"] == {"legal": "follow-suit", "winner": "highest-trump", "score": "contract-payment"}


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


def test_a_score_question_on_a_new_game_is_asked_from_its_own_parts(fifth_game):
    """The judge asks the game: a game that declares no parts of its own gets, for each category it
    scored, who scored most in it (here the seat that took most tricks), never another game's key."""
    from trickbook.questions import Question, answer_key, judge

    match = play_match(fifth_game, {s: RandomBot(i) for i, s in enumerate("ABC")}, SEED, rounds=1)
    for record in match.records():  # the first hand in which one seat takes most tricks
        state = replay(parse_record(record)).state
        taken = {s: sum(1 for t in state.tricks if t.winner == s) for s in state.seats}
        most = max(taken.values())
        if list(taken.values()).count(most) == 1:
            break
    else:
        raise AssertionError("no hand of the seed's match has one seat with most tricks")
    best = max(taken, key=taken.__getitem__)
    key = answer_key(state, Question(step=len(state.history), kind="score"))
    assert [p["category"] for p in key["parts"]] == ["tricks"]
    part = key["parts"][0]
    assert part["choices"] == ["A", "B", "C", "nobody"] and part["accepted"] == best
    assert part["reason"]["text"] == f"{best} scores {most} for tricks."
    assert judge(key, {"tricks": best})["right"] and not judge(key, {"tricks": "nobody"})["right"]


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


# The fifth game with a contract of its own: a verb with its argument, its contracts, its score categories
# and the words of each, all declared in its module.
BID_GAME = FIFTH_GAME + '''

from trickbook.actions import Action
from trickbook.messages import N_, Reason, register
from trickbook.model import Phase

register({
    "sevens-bid": N_("{seat} bids {contract}."),
    "sevens-bid-higher": N_("{seat} must bid higher than {contract}."),
    "sevens-made": N_("{seat} makes {contract} and scores {points}."),
    "sevens-failed": N_("{seat} fails {contract}."),
    "sevens-hint-score": N_("A seat scores a point a trick; the highest bidder scores its contract's bonus too "
                            "when it takes as many tricks as the contract names."),
})


@dataclass(frozen=True)
class BidSevensRules(SevensRules):
    target: int = 12


class BidSevensHand(SevensHand):
    """Each seat in turn from the dealer's left bids a contract higher than the last, or passes; the
    highest bidder scores the contract's bonus when it takes as many tricks as the contract names."""

    game = "bid-7s-for-tests"
    aliases = ()
    title = "Bid sevens"
    rules_class = BidSevensRules
    verbs = frozenset({"play", "pass", "bid"})
    verb_args = {"bid": "contract"}
    contracts = ("three-tricks", "four-tricks")
    contract_words = {"three-tricks": N_("Three tricks"), "four-tricks": N_("Four tricks")}
    category_words = {"tricks": N_("Tricks taken"), "bonus": N_("Contract bonus")}
    practice_hints = {"score": "sevens-hint-score"}
    needs = {"three-tricks": 3, "four-tricks": 4}

    def _start(self):
        self.trump = self.deal.turn.suit
        self.phase = Phase.BIDDING
        self.spoken, self.contract, self.declarer = [], None, None
        self.current = self.next_seat(self.dealer)
        self.emit("deal", dealer=self.dealer)

    def _above(self):
        low = -1 if self.contract is None else self.contracts.index(self.contract)
        return self.contracts[low + 1:]

    def _bidding_legal(self):
        yield Action(self.current, "pass")
        for contract in self._above():
            yield Action(self.current, "bid", contract=contract)

    def _bidding_check(self, action):
        if action.verb == "pass":
            return None
        if action.verb != "bid":
            return self._not_now(action)
        if action.contract not in self._above():
            return Reason("sevens-bid-higher", {"seat": action.seat, "contract": self.contract})
        return None

    def _bidding_apply(self, action):
        self.spoken.append(action.seat)
        if action.verb == "bid":
            self.contract, self.declarer = action.contract, action.seat
            self.emit("sevens-bid", seat=action.seat, contract=action.contract)
        if len(self.spoken) < len(self.seats):
            self.current = self.next_seat(action.seat)
        else:
            self.start_play(self.next_seat(self.dealer))

    def _score_hand(self):
        if self.declarer is not None:
            need = self.needs[self.contract]
            if sum(1 for t in self.tricks if t.winner == self.declarer) >= need:
                self.award("bonus", self.declarer, need, event="sevens-made", seat=self.declarer,
                           contract=self.contract)
            else:
                self.emit("sevens-failed", seat=self.declarer, contract=self.contract)
        super()._score_hand()

    def public_view(self):
        return super().public_view() | {"contract": self.contract, "declarer": self.declarer}
'''


def test_a_new_game_declares_its_verbs_contracts_and_score_categories_with_their_words(tmp_path, monkeypatch):
    from trickbook import messages

    saved = dict(_REGISTRY)
    game = "bid-7s-for-tests"
    with pytest.raises(ValueError, match="'four-tricks' is not a contract"):
        Action.parse("A bid four-tricks", ["A", "B", "C"])
    try:
        _load(tmp_path, monkeypatch, "bid_sevens_for_tests", BID_GAME)
        bid = Action.parse("a BID Four-Tricks", ["A", "B", "C"])
        assert (bid.verb, bid.contract, str(bid)) == ("bid", "four-tricks", "A bid four-tricks")
        # Its words are the engine's words for its codes: the messages, the pages and the browser's catalog.
        assert messages.CONTRACT_NAMES["four-tricks"] == "Four tricks"
        assert messages.CATEGORY_NAMES["tricks"] == "Tricks taken"
        assert messages.render("score", {"team": "A", "points": 4, "category": "bonus"}) == \
            "A score 4 for Contract bonus."
        assert messages.render("sevens-bid", {"seat": "B", "contract": "three-tricks"}) == "B bids Three tricks."
        # The four games' words are theirs still.
        assert messages.CONTRACT_NAMES["misere"] == "Misère" and messages.VERB_NAMES["pickup"] == "pick it up"
        # A table of it bids, plays and scores to the end of a match.
        table = Table(game=game, seed=SEED, seat="A", level="gentle")
        assert table.view()["shows"]["contracts"] == ["three-tricks", "four-tricks"]
        bids = set()
        while not table.is_over:
            if table.hand_over:
                table.next_hand()
                continue
            view = table.view()
            offered = [a["text"] for a in view.get("actions", []) if a.get("verb") == "bid"]
            if offered:
                bids.add(offered[-1])
                table.act(offered[-1])  # the reader bids the highest contract offered
            else:
                table.timeout()
        assert bids and all(b.startswith("A bid ") for b in bids)
        assert max(table.view()["score"].values()) >= 12
        # The practice's hint for its score question is the game's own; the others the page's, by its drill.
        from trickbook.questions.facade import practice_json

        drill = json.loads(practice_json(game, "class7", 3))
        assert drill["key"]["kind"] == "score" and drill["drill"] == dict(find_game(game).drill)
        assert list(drill["hints"]) == ["score"] and drill["hints"]["score"]["text"].startswith(
            "A seat scores a point a trick; the highest bidder")
        assert "hints" not in json.loads(practice_json("nap", "class7", 3))
        cls = find_game(game)
        state = cls(None, ("A", "B", "C"), "C", deal_hand(game, ("A", "B", "C"), "C", SEED, 1))
        assert Action("A", "bid", contract="four-tricks") in state.legal_actions()
        assert state.why_illegal(Action("A", "bid", contract="wellington")) is not None  # Nap's, not this game's
    finally:
        _forget_the_fifth_game(saved)
        sys.modules.pop("bid_sevens_for_tests", None)
    # Once the game is gone from the registry, so are its contract and its words.
    with pytest.raises(ValueError, match="'four-tricks' is not a contract"):
        Action.parse("A bid four-tricks", ["A", "B", "C"])
    assert "four-tricks" not in messages.CONTRACT_NAMES


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
        _forget_the_fifth_game(saved)
