"""The play tables of Yorkshire, Trinidad and Nap, and what every table shares: resuming, the saved match, hidden cards.

Each game's own decisions come from its rules page (docs/yorkshire.md, docs/trinidad.md,
docs/nap.md); the time-out conduct is the site's: the table never takes a risky choice
for the reader (it never throws in or looks early, it stands, it passes in the bidding).
"""

from __future__ import annotations

import hashlib
import json
import re
from typing import Any, Mapping

import pytest
from helpers import GentleTable as Table  # the gentle bots: the table, not their strength, is under test
from helpers import play_out

from trickbook.cards import Card, game_value
from trickbook.errors import IllegalActionError
from trickbook.shuffle import deal_hand, fingerprint, first_dealer
from trickbook.table import NEXT, TIMEOUT, TableError, facade

SEEDS = [hashlib.sha256(f"games-table-{i}".encode()).hexdigest() for i in range(30)]
GAMES = ["yorkshire", "trinidad", "nap", "euchre"]
TARGETS = {"yorkshire": 11, "trinidad": 14, "euchre": 10}


class FirstBot:
    """Takes the first legal action, or the one named by ``prefer`` when it is legal."""

    def __init__(self, *prefer: str) -> None:
        self.prefer = prefer

    def choose(self, observation: Mapping[str, Any]) -> str:
        legal = observation["legal"]
        for verb in self.prefer:
            for text in legal:
                if text.split()[1] == verb:
                    return text
        return legal[0]


def alternate(table: Table, n: int) -> None:
    """Every other decision times out; the others take the last legal action that is not a risk taken for us."""
    if n % 2:
        table.timeout()
    else:
        table.act(table.view()["legal"][-1])


def cards_in(obj: Any) -> set[str]:
    """Every card code (``TH``, ``2C``…) written anywhere in a JSON-like value."""
    return set(re.findall(r"\b[AKQJT98765432][SHDC]\b", json.dumps(obj)))


# ----- a whole match of each game ------------------------------------------------

@pytest.mark.parametrize("game", ["yorkshire", "trinidad"])
@pytest.mark.parametrize("seed", SEEDS[:3])
def test_a_whole_all_fours_match_is_played_to_its_target(game, seed):
    table = Table(seed=seed, game=game)
    play_out(table, alternate)
    view = table.view()
    assert view["over"] and view["winner"] in view["teams"]
    assert view["score"][view["winner"]] >= TARGETS[game]
    loser = next(t for t in view["teams"] if t != view["winner"])
    assert view["score"][loser] < TARGETS[game]
    assert view["legal"] == [] and not view["your_turn"]


@pytest.mark.parametrize("players", [3, 4, 5, 6, 7])
def test_a_nap_match_is_one_round_for_the_number_of_players_chosen(players):
    table = Table(seed=SEEDS[players], game="nap", players=players)
    assert [s["seat"] for s in table.view()["seats"]] == list("ABCDEFG"[:players])
    play_out(table, alternate)
    view = table.view()
    assert view["over"] and len(table.match.hands) == players  # each player deals once
    # Nap pays between players: the balances always sum to zero.
    assert sum(view["score"].values()) == 0 and set(view["score"]) == set("ABCDEFG"[:players])


@pytest.mark.parametrize("players", [2, 8, "4"])
def test_nap_refuses_a_number_of_players_outside_three_to_seven(players):
    with pytest.raises(TableError):
        Table(game="nap", players=players)


def test_four_player_games_do_not_take_a_number_of_players():
    with pytest.raises(TableError):
        Table(game="yorkshire", players=5)


# ----- time-outs: never a risky choice for the reader ------------------------------------

@pytest.mark.parametrize("seed", SEEDS[:8])
def test_yorkshire_timeouts_never_throw_in_or_look_early_and_play_legal_cards(seed):
    table = Table(seed=seed, game="yorkshire")
    play_out(table, lambda t, n: t.timeout())
    mine = [s for s in table.log if s.get("timeout")]
    assert mine
    for step in mine:
        assert step["action"].split()[1] not in ("throw", "peek")
    assert not any(a.verb in ("throw", "peek") for h in table.match.hands for a in h.history if a.seat == "S")


def test_a_yorkshire_timeout_plays_a_card_without_game_points_when_it_may():
    checked = 0
    for seed in SEEDS:
        table = Table(seed=seed, game="yorkshire")
        while not table.hand_over and checked < 40:
            view = table.view()
            if view["phase"] != "play" or view["trump"] is None:
                table.timeout()
                continue
            legal = [Card.parse(c) for c in view["playable"]]
            played = Card.parse(table.timeout()[0]["action"].split()[-1])
            assert played in legal
            plain = [c for c in legal if c.suit != view["trump"]]
            if plain:  # a trump is never given away while a plain card may be played
                assert played.suit != view["trump"]
                assert game_value(played) == min(game_value(c) for c in plain)
            checked += 1
    assert checked >= 20


@pytest.mark.parametrize("seed", SEEDS[:10])
def test_trinidad_timeouts_stand_and_give_rather_than_beg_or_run(seed):
    table = Table(seed=seed, game="trinidad")
    play_out(table, lambda t, n: t.timeout())
    verbs = {s["action"].split()[1] for s in table.log if s.get("timeout")}
    assert not verbs & {"beg", "run"}


@pytest.mark.parametrize("seed", SEEDS[:10])
def test_nap_timeouts_pass_in_the_bidding(seed):
    table = Table(seed=seed, game="nap")
    play_out(table, lambda t, n: t.timeout())
    for step in table.log:
        if step.get("timeout"):
            assert step["action"].split()[1] == "pass" or step["view"]["phase"] in ("play", "hand-over")
    assert not any(a.verb == "bid" for h in table.match.hands for a in h.history if a.seat == "A")


# ----- each game's own decisions --------------------------------------------------

def yorkshire_partner_table(seed: str) -> Table:
    """A Yorkshire table where the reader sits opposite the first pitcher (left of the first dealer)."""
    seats = ("N", "E", "S", "W")
    dealer, _ = first_dealer("yorkshire", seats, seed)
    pitcher = seats[(seats.index(dealer) + 1) % 4]
    return Table(seed=seed, game="yorkshire", seat=seats[(seats.index(pitcher) + 2) % 4])


def test_yorkshire_stops_before_the_pitch_with_the_partners_cards_face_down():
    table = yorkshire_partner_table(SEEDS[0])
    view = table.view()
    assert view["phase"] == "table" and view["your_turn"] and view["trump"] is None
    assert view["hand"] == [] and view["hand_hidden"] and view["hidden_count"] == 6
    assert sorted(view["legal"]) == [f"{table.seat} peek", f"{table.seat} wait"]
    assert not cards_in(view) & {str(c) for c in table.state.hands[table.seat]}


def test_waiting_for_the_pitch_shows_the_cards_once_trumps_are_set():
    table = yorkshire_partner_table(SEEDS[1])
    table.act("wait")
    view = table.view()
    assert view["trump"] is not None and not view["hand_hidden"] and len(view["hand"]) == 6
    assert table.moves == [f"{table.seat} wait"]


def test_looking_early_gives_the_opponents_four_points():
    table = yorkshire_partner_table(SEEDS[2])
    team = table.view()["your_team"]
    other = next(t for t in table.view()["teams"] if t != team)
    steps = table.act("peek")
    assert steps[0]["events"][0]["code"] == "peek"
    assert table.view()["score"][other] == 4 and table.view()["score"][team] == 0
    assert len(table.view()["hand"]) == 6


def test_a_timeout_before_the_pitch_waits():
    table = yorkshire_partner_table(SEEDS[3])
    steps = table.timeout()
    assert steps[0]["timeout"] and steps[0]["events"][0]["code"] == "table-timeout"
    assert table.state.peeked is None and table.view()["trump"] is not None


def test_the_yorkshire_throw_in_is_offered_when_the_rules_allow_it():
    for seed in SEEDS:
        table = Table(seed=seed, game="yorkshire", bots={s: FirstBot() for s in "NEW"})
        while not table.is_over:
            if table.hand_over:
                table.next_hand()
                continue
            view = table.view()
            if "S throw" in view["legal"]:
                hand = [Card.parse(c) for c in view["hand"]]
                assert all(c.suit != view["trump"] and c.rank in "98765432" for c in hand)
                steps = table.act("throw")
                assert steps[0]["events"][0]["code"] in ("throw", "throw-last")
                assert table.view()["hand"] == []
                return
            table.timeout()
    pytest.fail("no seed let the reader throw in")


def trinidad_table(seed: str, bots: dict[str, Any], role: str) -> Table:
    """A Trinidad table with the reader as the eldest hand (``eldest``) or the dealer (``dealer``)."""
    seats = ("N", "W", "S", "E")
    dealer, _ = first_dealer("trinidad", seats, seed)
    seat = dealer if role == "dealer" else seats[(seats.index(dealer) + 1) % 4]
    return Table(seed=seed, game="trinidad", seat=seat, bots={s: bots[s] if s in bots else FirstBot("beg", "run")
                                                             for s in seats if s != seat})


def test_trinidad_shows_the_kick_and_lets_the_eldest_stand_or_beg():
    for seed in SEEDS:
        table = trinidad_table(seed, {}, "eldest")
        view = table.view()
        if view["phase"] != "beg":
            continue  # the kick won the match at once
        assert sorted(view["legal"]) == [f"{table.seat} beg", f"{table.seat} stand"]
        assert view["kick"] == str(table.state.deal.turn) and view["trump"] == table.state.deal.turn.suit
        assert view["stock_size"] == 52 - 24 - 1
        table.act("stand")
        assert table.view()["phase"] == "play"
        return
    pytest.fail("no seed")


def test_the_dealer_gives_or_runs_the_pack_when_begged_and_a_run_deals_three_more_cards():
    for seed in SEEDS:
        table = trinidad_table(seed, {}, "dealer")
        view = table.view()
        if view["phase"] != "give":
            continue
        assert sorted(view["legal"]) == [f"{table.seat} give", f"{table.seat} run"]
        steps = table.act("run")
        codes = [e["code"] for e in steps[0]["events"]]
        assert codes[0] == "run" and "kick" in codes
        after = table.view()
        if after["phase"] == "play":
            assert len(table.state.hands[table.seat]) == 9 and after["runs"] >= 1
        return
    pytest.fail("no seed gave the reader a beg to answer")


def test_a_trinidad_redeal_keeps_the_dealer_and_the_kick_points():
    for seed in SEEDS:
        table = Table(seed=seed, game="trinidad", bots={s: FirstBot("beg", "run") for s in "NWE"})
        while not table.is_over:
            if table.hand_over:
                before = table.view()
                if before["redeal"]:
                    table.next_hand()
                    assert table.view()["dealer"] == before["dealer"]
                    assert table.view()["score"] == before["score"]
                    return
                table.next_hand()
                continue
            view = table.view()
            table.act("beg" if "S beg" in view["legal"] else "run" if "S run" in view["legal"] else view["legal"][0])
    pytest.fail("no seed ran the pack out")


def test_nap_each_player_bids_once_and_the_contract_is_shown():
    table = Table(seed=SEEDS[4], game="nap", players=5, bots={s: FirstBot("pass") for s in "BCDE"})
    while table.view()["phase"] != "bidding":
        table.timeout()
    legal = table.view()["legal"]
    assert "A pass" in legal and "A bid three" in legal and "A bid wellington" not in legal
    table.act("bid four")
    view = table.view()
    assert view["contract"] == "four" and view["declarer"] == "A" and view["phase"] == "play"
    assert table.explain("contract")[0].code == "explain-contract"
    with pytest.raises(IllegalActionError):
        table.act("bid nap")  # the reader has spoken


# ----- what the reader sees -------------------------------------------------------

@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("seed", SEEDS[:4])
def test_no_view_or_step_shows_another_hand_or_a_face_down_card(game, seed):
    table = Table(seed=seed, game=game)
    play_out(table, alternate)
    for step in table.log[:-1]:
        view = step["view"]
        hand_no = view["hand_number"]
        state = table.match.hands[hand_no - 1]
        # What may be seen: the reader's own cards (a Trinidad run's included), cards played or thrown
        # in this hand, the upcard and the kicks; never another hand, the kitty, the stock or a bot's discard.
        seen = cards_in({k: v for k, v in step.items() if k != "view"}) | cards_in(view)
        visible = {str(c) for c in state.deal.hands[table.seat]}
        visible |= {str(c) for c, owner in getattr(state, "dealt_to", {}).items() if owner == table.seat}
        visible |= {str(c) for t in state.tricks for c in t.cards}
        visible |= {str(c) for c in getattr(state, "kicks", [])}
        if state.deal.turn is not None:
            visible.add(str(state.deal.turn))
        if getattr(state, "discarded", None) is not None and state.dealer == table.seat:
            visible.add(str(state.discarded))
        if view["over"]:
            continue
        assert seen <= visible, (game, seen - visible)


def test_a_bot_dealers_discard_never_reaches_the_page():
    for seed in SEEDS:
        table = Table(game="euchre", seed=seed)
        play_out(table, lambda t, n: t.timeout())
        discards = [s for s in table.log if s["bot"] and s["action"] and s["action"].split()[1] == "discard"]
        if discards:
            for step in discards:
                assert step["action"] == f"{step['seat']} discard"
                state = next(h for h in table.match.hands if h.dealer == step["seat"] and h.discarded)
                assert str(state.discarded) not in json.dumps(step)
            return
    pytest.fail("no bot dealer discarded")


@pytest.mark.parametrize("game", GAMES)
def test_the_view_gives_legal_actions_as_objects_and_the_tricks_winning_card(game):
    table = Table(seed=SEEDS[5], game=game)
    while not table.hand_over:
        view = table.view()
        for text, obj in zip(view["legal"], view["actions"], strict=True):
            assert obj["text"] == text and obj["seat"] == table.seat
            if obj["card"]:
                assert text.endswith(obj["card"])
        trick = view["trick"]
        if trick and trick["plays"] and trick["winner"] is None:
            assert trick["winning"]["seat"] in {p[0] for p in trick["plays"]}
        table.timeout()


def test_the_last_trick_is_the_one_just_taken():
    table = Table(seed=SEEDS[6], game="yorkshire")
    while not table.hand_over:
        view = table.view()
        if view["trick"] and view["trick"]["winner"] is None and view["trick"]["number"] > 1:
            last = view["last_trick"]
            assert last["number"] == view["trick"]["number"] - 1 and last["winner"]
            done = [t for t in table.state.tricks if t.winner][-1]
            assert last["plays"] == [e.as_json() for e in done.entries]
            return
        table.timeout()
    pytest.fail("no second trick was in progress at the reader's turn")


@pytest.mark.parametrize("game", GAMES)
def test_the_seed_is_revealed_at_the_end_with_the_readers_hands_as_dealt(game):
    seed = SEEDS[7]
    table = Table(seed=seed, game=game)
    first = table.view()["fingerprint"]
    play_out(table, alternate)
    for step in table.log[:-1]:
        assert seed not in json.dumps(step)
    view = table.view()
    assert view["seed"] == seed and fingerprint(seed) == first
    seats = table.match.seats
    for entry, state in zip(view["dealt"], table.match.hands, strict=True):
        again = deal_hand(game, seats, entry["dealer"], seed, entry["number"])
        assert entry["cards"] == [str(c) for c in again.hands[table.seat]]
        assert entry["dealer"] == state.dealer


# ----- explanations ---------------------------------------------------------------

def test_all_fours_cards_are_explained_with_their_game_value_and_the_trump_jack():
    for seed in SEEDS:
        table = Table(seed=seed, game="trinidad")
        view = table.view()
        trump = view["trump"]
        jack = f"J{trump}"
        if jack in view["hand"]:
            codes = [m.code for m in table.explain(f"card:{jack}")]
            assert codes[:3] == ["explain-trump-card", "explain-trump-jack", "explain-game-value"]
            assert table.explain("kick")[0].values["card"] == table.state.kick_card
            return
    pytest.fail("no seed dealt the reader the trump jack")


@pytest.mark.parametrize("game,target", [("yorkshire", "kitty"), ("nap", "upcard"), ("trinidad", "contract")])
def test_objects_of_another_game_are_not_on_the_table(game, target):
    with pytest.raises(TableError):
        Table(seed=SEEDS[8], game=game).explain(target)


# ----- resuming -------------------------------------------------------------------

@pytest.mark.parametrize("game", GAMES)
def test_a_match_resumed_from_its_moves_is_exactly_where_it_was(game):
    seed = SEEDS[9]
    table = Table(seed=seed, game=game)
    moves = 0
    while not table.is_over and moves < 25:
        if table.hand_over:
            table.next_hand()
        else:
            alternate(table, moves)
            moves += 1
    assert TIMEOUT in table.moves and (NEXT in table.moves or game == "nap")
    again = Table.resume(seed, table.moves, game=game)
    assert again.view() == table.view()
    assert again.moves == table.moves


def test_the_facade_saves_and_resumes_a_match_and_drops_a_bad_save():
    opened = json.loads(facade.table_new_json(SEEDS[10], game="nap", players=3))
    assert opened["ok"] and opened["seconds"] == facade.DECISION_SECONDS
    moved = json.loads(facade.table_timeout_json(opened["id"]))
    saved = {"version": moved["version"], "game": "nap", "seed": SEEDS[10], "seat": "A", "players": 3,
             "moves": moved["moves"], "hand_number": moved["view"]["hand_number"]}
    resumed = json.loads(facade.table_resume_json(json.dumps(saved)))
    assert resumed["ok"] and resumed["view"] == moved["view"]
    # Each refusal says why: another version of the site, moves the rules refuse, or no saved match at all.
    for bad, code in (("{", "bad-save"), ("[]", "bad-save"),
                      (json.dumps({**saved, "version": "0.0.0"}), "save-version"),
                      (json.dumps({**saved, "moves": ["A bid banana"]}), "save-refused"),
                      (json.dumps({**saved, "moves": ["A bid five", "A bid five"]}), "save-refused"),
                      (json.dumps({**saved, "moves": "timeout"}), "bad-save"),
                      (json.dumps({**saved, "hand_number": 99}), "save-refused"),
                      (json.dumps({**saved, "seed": 5}), "bad-save"), (json.dumps({**saved, "players": 9}), "bad-save"),
                      (json.dumps({**saved, "fingerprint": "0" * 64}), "bad-save")):
        answer = json.loads(facade.table_resume_json(bad))
        assert not answer["ok"] and answer["error"]["code"] == code, bad


def test_the_facade_keeps_at_most_max_tables_open():
    ids = [json.loads(facade.table_new_json(SEEDS[i], game="yorkshire"))["id"] for i in range(facade.MAX_TABLES + 2)]
    assert not json.loads(facade.table_explain_json(ids[0], "trump"))["ok"]
    assert json.loads(facade.table_explain_json(ids[-1], "trump"))["ok"]
    assert len(facade._TABLES) <= facade.MAX_TABLES


def test_the_reader_cannot_wait_when_the_table_offers_nothing():
    table = Table(seed=SEEDS[11], game="euchre")
    with pytest.raises(TableError):
        table.act("wait")
    assert table.timeout_choice().verb == "pass"


# ----- the bots say why --------------------------------------------------------------

@pytest.mark.parametrize("level", ["gentle", pytest.param("strong", marks=pytest.mark.slow)])
@pytest.mark.parametrize("game", GAMES)
def test_every_bot_move_says_why_in_a_sentence_that_names_the_card_played(game, level):
    from trickbook.messages import MESSAGES

    table = Table(seed=SEEDS[12], game=game, level=level)
    play_out(table, alternate)
    moves = [s for s in table.log if s["bot"]]
    assert moves
    for step in moves:
        why = step["why"]
        assert why["code"] in MESSAGES and why["code"].startswith("bot-") and why["values"]["seat"] == step["seat"]
        words = step["action"].split()
        if len(words) == 2 and re.fullmatch(r"[AKQJT98765432][SHDC]", words[1]):
            assert why["values"]["card"] == words[1]


def test_a_bot_dealers_reason_for_the_discard_names_no_card():
    for seed in SEEDS:
        table = Table(game="euchre", seed=seed)
        play_out(table, lambda t, n: t.timeout())
        for step in table.log:
            if step["bot"] and step["action"].split()[1] == "discard":
                assert step["why"]["code"] == "bot-discard" and set(step["why"]["values"]) == {"seat"}
                return
    pytest.fail("no bot dealer discarded")
