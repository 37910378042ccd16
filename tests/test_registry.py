"""A game is one class: the registry, the shuffle, matches, bots and records find it from its module alone.

The game is the fifth game of fifth_game.py; a course's own game in the site is test_registry_site.py.
"""

from __future__ import annotations

import json
import random
import sys

import pytest
from fifth_game import FIFTH_GAME, SEED, fifth_game_loaded, forget_the_fifth_game, load

import trickbook.games as registry
from trickbook.actions import Action
from trickbook.bots import BOTS, RandomBot, make_bot
from trickbook.bots.search import BUDGET, MIN_WORLDS, SearchBot
from trickbook.bots.worlds import World
from trickbook.game import _REGISTRY, HandState
from trickbook.games import GAMES, canonical_name, find_game
from trickbook.match import Match, play_match
from trickbook.messages import Message
from trickbook.record import parse_record, replay
from trickbook.shuffle import deal_hand, first_dealer
from trickbook.table import Conduct, Table, TableError, conduct_class

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
    """The fifth game's module on the import path (fifth_game.py); the registry as it was afterwards."""
    yield from fifth_game_loaded(tmp_path, monkeypatch)


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
        load(tmp_path, monkeypatch, "called_sevens_for_tests", CALLED_GAME)
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
        forget_the_fifth_game(saved)
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
        load(tmp_path, monkeypatch, "bid_sevens_for_tests", BID_GAME)
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
        forget_the_fifth_game(saved)
        sys.modules.pop("bid_sevens_for_tests", None)
    # Once the game is gone from the registry, so are its contract and its words.
    with pytest.raises(ValueError, match="'four-tricks' is not a contract"):
        Action.parse("A bid four-tricks", ["A", "B", "C"])
    assert "four-tricks" not in messages.CONTRACT_NAMES


