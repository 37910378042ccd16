"""Positions where the bots played, or said, what a learner must not copy: each is kept here.

- Misère: the declarer with no card under the trick plays his lowest while a seat is still to
  play (that seat may have to go over it), and says "cannot lose this trick" only as the last;
  the search's play-out plays Misère as one (the declarer loses tricks, the others make him take
  one), so its searched Misère cards and bids are not judged by play-outs in which he tries to win.
- Trinidad: the strong table led its only trump, the jack, into a hang jack (a table's own hand).
- One trump is no stand in Trinidad (but the ace, which makes High sure) and no order-up in Euchre.
"""

from __future__ import annotations

import hashlib
from typing import Any

from trickbook.actions import Action
from trickbook.bots import make_bot
from trickbook.bots.allfours import TrinidadBot
from trickbook.bots.euchre import EuchreBot
from trickbook.bots.nap import NapBot
from trickbook.bots.playout import allies, policy
from trickbook.bots.search import SearchBot
from trickbook.cards import Card, parse_cards
from trickbook.game import Deal
from trickbook.games import find_game
from trickbook.games.nap import NapRules
from trickbook.match import Match
from trickbook.table import Table


def misere_hand(hands: dict[str, str], declarer: str = "C", dealer: str = "D") -> Any:
    """A four-seat Nap hand with Misère bid by ``declarer`` (the others pass), before the first lead."""
    cls = find_game("nap")
    state = cls(NapRules(misere=True), ("A", "B", "C", "D"), dealer,
                Deal({s: parse_cards(c) for s, c in hands.items()}))
    while state.phase == "bidding":
        seat = state.current_player
        state.apply(Action.parse(f"{seat} bid misere" if seat == declarer else f"{seat} pass", state.seats))
    assert state.contract == "misere" and state.declarer == declarer
    return state


def played(state: Any, *texts: str) -> Any:
    for text in texts:
        state.apply(Action.parse(text, state.seats))
    return state


def test_the_misere_declarer_with_no_card_under_the_trick_plays_his_lowest_while_a_seat_is_to_play():
    # The table's position: A leads 2D, B plays 5D; C, the declarer, holds JD 8D 5C 4S and D, still to
    # play, only higher diamonds. C used to take it with JD, saying "cannot lose this trick".
    hands = {"A": "7C 2D 9S 9H 6H", "B": "5D QS KS 4H 2S", "C": "JD 8D 5C 3C 4S", "D": "6C QD KD AS AH"}
    state = played(misere_hand(hands), "C 3C", "D 6C", "A 7C", "B 2S", "A 2D", "B 5D")
    bot = NapBot(seed=0)
    assert bot.choose(state.observation("C")) == "C 8D"
    assert bot.reason == ("bot-misere-lowest-hope", {"seat": "C", "card": Card.parse("8D"), "declarer": "C"})
    played(state, "C 8D")
    played(state, NapBot(seed=0).choose(state.observation("D")))
    assert state.tricks[1].winner == "D"  # the lowest card lost the trick after all


def test_the_misere_declarer_says_he_cannot_lose_only_as_the_last_to_play():
    def trick_two(c: str, b: str) -> Any:
        hands = {"A": "7C 2D 9S 9H 6H", "B": f"{b} QS KS 4H 2S", "C": f"{c} KD 6S AH 7S", "D": "JD 8D 5C 3C 4S"}
        state = misere_hand(hands, declarer="D", dealer="C")
        return played(state, "D 4S", "A 9S", "B 2S", "C 6S", "A 2D", f"B {b}", f"C {c}")

    bot = NapBot(seed=0)
    # Under the queen, D ducks with the highest diamond that loses.
    assert bot.choose(trick_two("QD", "5D").observation("D")) == "D JD" and bot.reason[0] == "bot-misere-duck"
    # Over the four, and the last to play: D cannot lose it, and takes it with the highest.
    assert bot.choose(trick_two("4D", "3D").observation("D")) == "D JD"
    assert bot.reason == ("bot-misere-forced", {"seat": "D", "card": Card.parse("JD"), "declarer": "D"})


def test_the_search_plays_a_misere_out_with_the_declarer_losing_tricks():
    # With Misère bid on 5S JH KH 3D TS, the play-out used to lead the declarer's king of hearts.
    hands = {"A": "2D 9S 9C 6H 7C", "B": "5D QS KC 4H 2S", "C": "5S JH KH 3D TS", "D": "QD KD AS AH 7S"}
    state = misere_hand(hands, declarer="C")
    assert state.current_player == "C"  # the declarer leads
    together = allies(state)
    assert policy(state, together, False).card == Card.parse("3D")
    state.apply(Action.parse("C 3D", state.seats))
    # The defenders cannot stay under the declarer's card: D goes over with its lowest, and the trick is lost.
    d = policy(state, together, False)
    assert d.card == Card.parse("QD")  # D's only diamonds are high: it must go over
    state.apply(d)
    state.apply(policy(state, together, False))  # A
    state.apply(policy(state, together, False))  # B
    assert state.tricks[0].winner != "C"


def test_the_search_makes_no_misere_bid_on_a_jack_that_play_outs_against_the_declarer_catch():
    # A holds 7S 7H 9D 4D JC: the play-outs used to have the declarer try to win tricks and the
    # defenders lead as if for themselves, so that the Misère looked better than a pass.
    match = Match("nap", seats=("A", "B", "C", "D"), rules={"misere": True},
                  seed=hashlib.sha256(b"mis 0").hexdigest())
    state = match.next_hand()
    while state.current_player != "A":
        seat = state.current_player
        assert seat is not None
        state.apply(Action.parse(SearchBot("nap", seed=0).heuristic.choose(state.observation(seat)), state.seats))
    obs = state.observation("A")
    assert sorted(obs["hand"]) == sorted("7S 7H 9D 4D JC".split()) and "A bid misere" in obs["legal"]
    bot = SearchBot("nap", seed=0)
    assert bot.choose(obs) != "A bid misere"
    assert bot.worlds_tried >= 2  # the call was searched


# The table's own hand: seed ba71151e…, the reader (S) played by the gentle bot, hand 2. E holds
# JS JD QS AH AC 2H with diamonds trumps and leads; K and Q of diamonds are unseen (N holds the king).
TABLE_SEED = "ba71151e1e26509e6b6189916d2a4b52b0776a3f3688352003b33dbf7bca2b82"
TABLE_MOVES = ["S beg", "S TC", "S 6S", "S 8D", "S AH", "S 2H", "S 9D", "next"]


def test_the_strong_trinidad_table_does_not_lead_a_lone_trump_jack_into_a_hang_jack():
    table = Table.resume(TABLE_SEED, TABLE_MOVES, game="trinidad", level="strong")
    state = table.state
    assert state.trump == "D" and sorted(map(str, state.hands["E"])) == sorted("JS JD QS AH AC 2H".split())
    steps = table.act("S give")
    lead = next(s for s in steps if s["seat"] == "E")
    assert lead["action"] != "E JD", lead


def test_the_search_may_not_lead_the_trump_jack_while_a_higher_trump_is_unseen():
    bot = TrinidadBot(seed=0)
    obs = {"seat": "E", "seats": ["N", "W", "S", "E"], "hand": ["JD", "AH", "2H"], "trump": "D",
           "tricks": [], "in_play": ["N", "W", "S", "E"], "kicks": ["9D"], "eldest": "N",
           "score": {"NS": 0, "WE": 0}, "target": 14, "legal": ["E JD", "E AH", "E 2H"]}
    assert bot.search_refuses(obs, "E JD") and not bot.search_refuses(obs, "E AH")
    # With the ace, king and queen of trumps in its own hand, the jack led is safe.
    safe = {**obs, "hand": ["JD", "AD", "KD", "QD"], "legal": ["E JD", "E AD", "E KD", "E QD"]}
    assert not bot.search_refuses(safe, "E JD")


def _trinidad_stand(hand: list[str]) -> dict[str, Any]:
    return {"seat": "N", "seats": ["N", "W", "S", "E"], "hand": hand, "trump": "S", "tricks": [],
            "in_play": ["N", "W", "S", "E"], "kicks": ["9S"], "eldest": "N", "score": {"NS": 0, "WE": 0},
            "target": 14, "legal": ["N beg", "N stand"]}


def test_a_lone_trump_is_no_stand_but_the_ace_which_makes_high_sure():
    bold = SearchBot("trinidad", seed=0).heuristic
    assert isinstance(bold, TrinidadBot)
    # A lone 2 (strength 5.0, the bold stand's threshold) was a stand "on enough spades".
    assert bold.choose(_trinidad_stand(["2S", "AH", "KH", "QD", "JD", "TH"])) == "N beg"
    assert bold.choose(_trinidad_stand(["KS", "AH", "KH", "QD", "JD", "TH"])) == "N beg"
    assert bold.choose(_trinidad_stand(["AS", "JH", "KH", "QD", "JD", "TH"])) == "N stand"
    assert bold.reason == ("bot-stand-high", {"seat": "N", "suit": "S", "card": Card.parse("AS")})
    # Two trumps as strong as the lone ace are a stand on enough trumps.
    assert bold.choose(_trinidad_stand(["QS", "5S", "KH", "QD", "JD", "TH"])) == "N stand"
    assert bold.reason == ("bot-stand-strong", {"seat": "N", "suit": "S"})


def euchre_round_one(hand_n: str, upcard: str, dealer: str = "W") -> Any:
    cls = find_game("euchre")
    mine = parse_cards(hand_n)
    up = Card.parse(upcard)
    rest = [c for c in cls.pack() if c not in mine and c != up]
    hands = {"N": mine, "E": rest[0:5], "S": rest[5:10], "W": rest[10:15]}
    state = cls(None, tuple(cls.default_seats), dealer, Deal(hands, turn=up, kitty=rest[15:]))
    while state.current_player != "N":
        state.apply(Action.parse(f"{state.current_player} pass", state.seats))
    return state


def test_the_euchre_bots_do_not_order_up_on_a_single_trump():
    # The table's order-up: N holds QS AC QH AH AD, one diamond, and its partner deals; off-suit aces
    # and the upcard going to the partner made the bold heuristic's score, and the side was euchred.
    bold = EuchreBot(seed=0, **EuchreBot.strong_options)
    for hand, up in (("QS AC QH AH AD", "JD"), ("QS AC QH AH AD", "9D"), ("KS QC KD AS AH", "AD")):
        obs = euchre_round_one(hand, up, dealer="S").observation("N")
        assert bold.choose(obs) == "N pass", hand
        assert bold.reason == ("bot-pass-weak", {"seat": "N", "suit": "D"})
        assert make_bot("euchre", seed=0, level="gentle").choose(obs) == "N pass", hand
    # Two trumps of its own and the same aces are an order.
    assert bold.choose(euchre_round_one("JD AD QS AC AH", "9D").observation("N")).startswith("N order")
    # The dealer picking the upcard up holds it too: a diamond in hand and the upcard are two trumps.
    assert bold.choose(euchre_round_one("QS AC QH AH AD", "JD", dealer="N").observation("N")) == "N pickup"
