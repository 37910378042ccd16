"""The play table (rule text 004, "the online table"): a reader against three bots for a whole match."""

from __future__ import annotations

import hashlib
import json
import random
from typing import Any, Mapping

import pytest
from helpers import GentleTable as Table  # the gentle bots: the table, not their strength, is under test
from helpers import decisions, play_out

from trickbook.cards import SUITS, Card
from trickbook.errors import IllegalActionError
from trickbook.games.euchre import card_power, card_suit, left_bower_suit
from trickbook.messages import MESSAGES
from trickbook.shuffle import deal_hand, deal_order, fingerprint, first_dealer
from trickbook.table import TableError, facade

SEEDS = [hashlib.sha256(f"table-{i}".encode()).hexdigest() for i in range(40)]


class PassingBot:
    """A bot that passes whenever it may and otherwise takes the first legal action."""

    def choose(self, observation: Mapping[str, Any]) -> str:
        legal = observation["legal"]
        passes = [a for a in legal if a.endswith(" pass")]
        return passes[0] if passes else legal[0]


def passing_table(seed: str, seat: str | None = None) -> Table:
    """A table whose bots always pass, with the reader in ``seat`` (the first dealer by default)."""
    dealer, _ = first_dealer("euchre", ("N", "E", "S", "W"), seed)
    seat = seat or dealer
    return Table(game="euchre", seed=seed, seat=seat, bots={s: PassingBot() for s in "NESW" if s != seat})


def act_or_timeout(table: Table, n: int) -> None:
    """Every other decision times out; the others take a legal action that never goes alone."""
    if n % 2:
        table.timeout()
    else:
        legal = [a for a in table.view()["legal"] if not a.endswith("alone")]
        table.act(legal[-1])


def cards_in(obj: Any) -> set[str]:
    """Every card code written anywhere in a JSON-like value."""
    text = json.dumps(obj)
    out = set()
    for token in text.replace('"', " ").replace(",", " ").replace("]", " ").replace("[", " ").split():
        if len(token) == 2 and token[0] in "AKQJT9" and token[1] in SUITS:
            out.add(token)
    return out


# ----- a whole match ---------------------------------------------------------

@pytest.mark.parametrize("seed", SEEDS[:3])
def test_a_whole_match_is_played_to_ten_through_act_and_timeout(seed):
    table = Table(game="euchre", seed=seed)
    play_out(table, act_or_timeout, most=2000)
    view = table.view()
    assert view["over"] and view["winner"] in ("NS", "EW")
    assert view["score"][view["winner"]] >= 10
    loser = "EW" if view["winner"] == "NS" else "NS"
    assert view["score"][loser] < 10
    assert view["legal"] == [] and not view["your_turn"]
    with pytest.raises(TableError):
        table.next_hand()


def test_the_bots_move_until_it_is_the_readers_turn():
    table = Table(game="euchre", seed=SEEDS[0])
    for step in table.log[1:]:
        assert step["bot"] and step["seat"] != "S"
    assert table.view()["current"] == "S" and table.view()["your_turn"]


def test_each_step_narrates_the_move_with_its_events_and_the_view_after_it():
    table = Table(game="euchre", seed=SEEDS[1])
    steps = table.act(table.view()["legal"][-1])
    assert steps[0]["seat"] == "S" and not steps[0]["bot"]
    for step in steps:
        assert step["events"], step
        for event in step["events"]:
            assert event["code"] in MESSAGES and event["text"]
        assert step["view"]["you"] == "S"


# ----- timing out ------------------------------------------------------------

def test_timeout_passes_in_round_one():
    table = Table(game="euchre", seed=SEEDS[2])
    assert table.view()["phase"] == "round-one"
    steps = table.timeout()
    assert steps[0]["action"] == "S pass" and steps[0]["timeout"]
    assert steps[0]["events"][0]["code"] == "table-timeout"


def test_timeout_passes_in_round_two_when_not_stuck():
    # The reader sits after the dealer, so speaks first in round two.
    dealer, _ = first_dealer("euchre", ("N", "E", "S", "W"), SEEDS[3])
    seat = deal_order(("N", "E", "S", "W"), dealer)[0]
    table = passing_table(SEEDS[3], seat)
    table.act("pass")
    assert table.view()["phase"] == "round-two" and table.view()["your_turn"]
    assert table.timeout()[0]["action"] == f"{seat} pass"


@pytest.mark.parametrize("seed", SEEDS[:10])
def test_a_stuck_dealer_who_times_out_names_a_suit_that_is_not_the_turned_down_one(seed):
    table = passing_table(seed)  # the reader deals; every bot passes
    table.act("pass")
    view = table.view()
    assert view["phase"] == "round-two" and view["your_turn"] and view["turned_down"]
    assert f"{table.seat} pass" not in view["legal"]  # stuck
    step = table.timeout()[0]
    action = step["action"].split()
    assert action[1] == "call" and action[2] != view["turned_down"] and "alone" not in action


def test_timeout_never_goes_alone():
    """A time-out is a function of one decision: at every decision of the reader in a few seeded
    matches, the time-out's choice is legal and never alone. The reader takes a random legal action
    (going alone included, so that the states after a lone hand come too) or lets the time run out,
    and a time-out taken is checked in the table's log as well: no lone hand announced for the reader."""
    checked = offered_alone = timed_out = 0
    for n, seed in enumerate(SEEDS[:4]):
        rng = random.Random(n)
        table = Table(game="euchre", seed=seed)
        for _ in decisions(table):
            legal = table.legal()
            if not table.conduct.can_wait():
                choice = table.timeout_choice()
                assert choice in legal and not choice.alone, (seed, str(choice))
                checked += 1
                offered_alone += any(a.alone for a in legal)
            if rng.random() < 0.5:
                step = table.timeout()[0]
                timed_out += 1
                assert step["timeout"] and not step["action"].endswith("alone"), step["action"]
                assert not any(e["code"] == "alone" and e["values"]["seat"] == table.seat for e in step["events"])
            else:
                table.act(str(rng.choice(legal)))
    # The check met the decisions it is about: many, and many where going alone was on offer.
    assert checked >= 100 and offered_alone >= 20 and timed_out >= 50, (checked, offered_alone, timed_out)


def test_a_dealer_who_picks_up_and_times_out_discards_a_low_plain_card_when_he_has_one():
    for seed in SEEDS:
        table = passing_table(seed)
        table.act("pickup")
        hand = [Card.parse(c) for c in table.view()["hand"]]
        trump = table.view()["trump"]
        plain = [c for c in hand if card_suit(c, trump) != trump and c.rank != "A"]
        if not plain:
            continue
        step = table.timeout()[0]
        discarded = Card.parse(step["action"].split()[-1])
        assert step["action"].split()[1] == "discard"
        assert discarded in plain
        return
    pytest.fail("no seed gave the dealer a plain card to discard")


@pytest.mark.parametrize("seed", SEEDS[:10])
def test_a_timed_out_play_is_legal_and_wastes_no_winner(seed):
    table = Table(game="euchre", seed=seed)
    checked = 0
    while not table.is_over and checked < 20:
        if table.hand_over:
            table.next_hand()
            continue
        view = table.view()
        if view["phase"] != "play":
            table.timeout()
            continue
        trump = view["trump"]
        legal = [Card.parse(c) for c in view["playable"]]
        played = Card.parse(table.timeout()[0]["action"].split()[-1])
        assert played in legal
        plain = [c for c in legal if card_suit(c, trump) != trump]
        if plain:  # a trump is never thrown away while a plain card may be played
            assert card_suit(played, trump) != trump
            low = [c for c in plain if c.rank != "A"]
            if low:  # nor a plain ace while a lower plain card may be
                assert played.rank != "A"
                assert card_power(played, trump) == min(card_power(c, trump) for c in low)
        checked += 1
    assert checked


# ----- what the reader sees ----------------------------------------------------

def test_bots_are_marked_as_bots_in_the_view():
    view = Table(game="euchre", seed=SEEDS[4], seat="E").view()
    marks = {s["seat"]: (s["bot"], s["you"]) for s in view["seats"]}
    assert marks == {"N": (True, False), "E": (False, True), "S": (True, False), "W": (True, False)}


@pytest.mark.parametrize("seed", SEEDS[:10])
def test_the_view_hides_other_hands_and_the_kitty(seed):
    table = Table(game="euchre", seed=seed)
    state = table.state
    view = table.view()
    assert "hands" not in view and "kitty" not in view
    seen = cards_in(view)
    # At the reader's first turn the reader sees their own hand, the upcard and the cards the bots have
    # played (when a bot made trumps before the reader spoke), and nothing else: never a card still in
    # another hand, the kitty, or the dealer's face-down discard.
    played = {str(a.card) for a in state.history if a.verb == "play"}
    assert seen <= {str(c) for c in state.deal.hands["S"]} | {str(state.upcard)} | played
    hidden = {str(c) for s in "NEW" for c in state.deal.hands[s]} | {str(c) for c in state.deal.kitty}
    assert not seen & (hidden - played)


def test_the_readers_hand_is_grouped_trumps_first_with_the_bowers_marked():
    for seed in SEEDS:
        table = Table(game="euchre", seed=seed)
        while not table.hand_over and table.view()["phase"] != "play":
            table.timeout()
        view = table.view()
        if view["phase"] != "play" or not view["bowers"]:
            continue
        trump = view["trump"]
        hand = [Card.parse(c) for c in view["hand"]]
        suits = [card_suit(c, trump) for c in hand]
        trumps = [c for c in hand if card_suit(c, trump) == trump]
        assert suits[: len(trumps)] == [trump] * len(trumps)
        for code, kind in view["bowers"].items():
            card = Card.parse(code)
            assert card.rank == "J"
            assert kind == ("right" if card.suit == trump else "left")
            assert card.suit in (trump, left_bower_suit(trump))
        return
    pytest.fail("no seed gave the reader a bower")


def test_the_seed_is_revealed_only_at_the_end_and_its_fingerprint_matches():
    table = Table(game="euchre", seed=SEEDS[5])
    shown_first = table.view()["fingerprint"]
    play_out(table, act_or_timeout, most=2000)
    for step in table.log[:-1]:
        assert step["view"]["seed"] is None
        assert SEEDS[5] not in json.dumps(step["view"])
    final = table.view()
    assert final["seed"] == SEEDS[5]
    assert fingerprint(final["seed"]) == shown_first == final["fingerprint"]


def test_redealing_from_the_revealed_seed_reproduces_every_hand():
    table = Table(game="euchre", seed=SEEDS[6])
    play_out(table, act_or_timeout, most=2000)
    # What the reader saw at each deal: their hand and the upcard, with the dealer.
    dealt = [s["view"] for s in table.log if s["action"] is None]
    seed = table.view()["seed"]
    seats = ("N", "E", "S", "W")
    dealer, _ = first_dealer("euchre", seats, seed)
    assert len(dealt) == len(table.match.hands) >= 2
    for number, seen in enumerate(dealt, start=1):
        again = deal_hand("euchre", seats, dealer, seed, number)
        assert seen["dealer"] == dealer
        assert sorted(seen["hand"]) == sorted(str(c) for c in again.hands["S"])
        assert seen["upcard"] == str(again.turn)
        played = table.match.hands[number - 1].deal
        assert played.hands == again.hands and played.kitty == again.kitty
        dealer = deal_order(seats, dealer)[0]


# ----- the reader's actions --------------------------------------------------

def test_an_illegal_action_is_refused_with_the_engines_reason():
    # A deal where the reader first speaks in the first round of making trumps (the bots' calls decide it).
    tables = (Table(game="euchre", seed=seed) for seed in SEEDS[7:] + SEEDS[:7])
    table = next(t for t in tables if t.view()["phase"] == "round-one")
    with pytest.raises(IllegalActionError) as caught:
        table.act(table.view()["hand"][0])  # a card, while trumps are being made
    assert caught.value.reason.code == "first-round-order-or-pass"
    assert table.view()["your_turn"]


def test_the_reader_cannot_act_for_a_bot():
    table = Table(game="euchre", seed=SEEDS[7])
    with pytest.raises(IllegalActionError) as caught:
        table.act("N pass")
    assert caught.value.reason.code == "table-not-your-seat"


def test_the_next_hand_waits_until_this_one_is_over():
    table = Table(game="euchre", seed=SEEDS[8])
    with pytest.raises(TableError):
        table.next_hand()


# ----- explanations ------------------------------------------------------------

def test_the_left_bower_is_explained_as_a_trump():
    for seed in SEEDS:
        table = passing_table(seed, "S")
        hand = [Card.parse(c) for c in table.view()["hand"]]
        upsuit = table.state.upcard.suit
        jacks = [c for c in hand if c.rank == "J" and left_bower_suit(c.suit) != upsuit]
        if not jacks or not table.view()["your_turn"]:
            continue
        jack = jacks[0]
        trump = left_bower_suit(jack.suit)
        table.act("pass")
        while table.view()["phase"] == "round-one":  # not stuck: the reader passes until round two
            table.act("pass")
        table.act(f"call {trump}")
        messages = table.explain(f"card:{jack}")
        assert messages[0].code == "explain-left-bower"
        assert messages[0].values["trump"] == trump
        return
    pytest.fail("no seed gave the reader a jack to make the left bower")


def test_a_card_that_cannot_be_played_is_explained_with_why_illegal():
    for seed in SEEDS:
        table = Table(game="euchre", seed=seed)
        for _ in decisions(table):
            view = table.view()
            if view["phase"] == "play":
                blocked = [c for c in view["hand"] if c not in view["playable"]]
                if blocked:
                    messages = table.explain(f"card:{blocked[0]}")
                    expected = table.state.why_illegal(table.parse(blocked[0]))
                    assert messages[-1].code == expected.code == "must-follow-suit"
                    assert messages[-1].values == expected.values
                    return
            table.timeout()
    pytest.fail("no seed left the reader a card that could not be played")


def test_the_upcard_kitty_trump_chip_and_taken_tricks_are_explained():
    table = Table(game="euchre", seed=SEEDS[9])
    assert table.explain("upcard")[0].code == "explain-upcard-face-up"
    assert table.explain("kitty")[0].code == "explain-kitty"
    assert table.explain("trump")[0].code == "explain-no-trumps"
    assert table.explain("taken:N")[0].code == "explain-taken-none"
    while table.view()["phase"] != "play" or not any(s["taken"] for s in table.view()["seats"]):
        table.timeout()
    view = table.view()
    assert table.explain("upcard")[0].code in ("explain-upcard-picked-up", "explain-upcard-turned-down",
                                               "explain-upcard-in-kitty")
    chip = table.explain("trump")[0]
    assert chip.code == "explain-trumps" and chip.values["suit"] == view["trump"]
    taker = next(s for s in view["seats"] if s["taken"])
    taken = table.explain(f"taken:{taker['seat']}")[0]
    assert taken.code == "explain-taken" and taken.values["count"] == taker["taken"]
    assert taken.values["total"] == view["tricks_won"][taker["team"]]
    with pytest.raises(TableError):
        table.explain("the moon")


# ----- the JSON facade -------------------------------------------------------------

def test_the_json_facade_opens_a_table_acts_times_out_and_explains():
    opened = json.loads(facade.table_new_json(SEEDS[10], game="euchre"))
    # The facade's bots are the strong ones unless asked otherwise.
    assert opened["ok"] and opened["view"] == Table(game="euchre", seed=SEEDS[10], level="strong").view()
    table_id = opened["id"]
    refused = json.loads(facade.table_act_json(table_id, "S 9Z"))
    assert not refused["ok"] and refused["error"]["code"] == "bad-notation"
    illegal = json.loads(facade.table_act_json(table_id, opened["view"]["hand"][0]))
    assert not illegal["ok"] and illegal["reason"]["code"] == "first-round-order-or-pass"
    moved = json.loads(facade.table_timeout_json(table_id))
    assert moved["ok"] and moved["steps"][0]["timeout"]
    explained = json.loads(facade.table_explain_json(table_id, "kitty"))
    assert explained["messages"][0]["code"] == "explain-kitty"
    assert not json.loads(facade.table_explain_json("nope", "kitty"))["ok"]
    assert not json.loads(facade.table_new_json("not a seed", game="euchre"))["ok"]


def test_a_table_is_opened_for_a_game_named_never_for_a_default_one():
    """No game is the engine's default: a table asked for without a game is refused, saying so."""
    refused = json.loads(facade.table_new_json(SEEDS[10]))
    assert refused["ok"] is False and "game" in refused["error"]["text"]
    with pytest.raises(TypeError):
        Table(seed=SEEDS[10])  # type: ignore[call-arg]  # the point: game is a required keyword
