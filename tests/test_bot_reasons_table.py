"""The bots' reasons at the play table, at every level and under every house rule: the positions the
survey (``bench/reasons_survey.py``) found said or played wrong, and the survey itself, small.

Each bad position is kept twice where it can be: built by hand, and as the table played it (its seed,
level and house rules, the reader's decisions timed out, as ``bench/reasons_survey.py`` plays them).

- "W, still to play, may take it" was said under the ace of trumps (Yorkshire, strong) and under the
  right bower (Euchre, gentle): no card the seat had not seen could beat it.
- The strong Yorkshire bot gave the king of trumps under the ace of trumps, holding the four: a search
  override that a few guessed worlds made. A card given to a trick the other side holds for sure is no
  longer searched when it gives them more Game points than another card would.
- The Euchre bot gave the left bower under the right bower and kept the ace of trumps (keeping an ace
  is for a plain ace: both bowers are above the trump ace).
- A Misère defender who stayed under the declarer's card said the declarer "keeps the trick" while a
  seat still to play could (and did) go over it.
- A searched Misère lead was told as "B leads 6♠.", a searched Misère bid as "bids Misère" and a searched
  Nap pass as "does not expect enough tricks": the move and no fact of the position.
"""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from typing import Any

import pytest

from trickbook.actions import Action
from trickbook.bots import LEVELS
from trickbook.bots.euchre import EuchreBot
from trickbook.bots.explain import choice_reason, play_reason, still_to_play
from trickbook.bots.nap import NapBot
from trickbook.cards import Card, parse_cards
from trickbook.game import Deal
from trickbook.games import find_game
from trickbook.games.euchre import EuchreHand, EuchreRules
from trickbook.games.nap import NapHand, NapRules
from trickbook.games.yorkshire import YorkshireHand
from trickbook.table import Table
from trickbook.table.euchre import safe_card
from trickbook.view import SeatView

ROOT = Path(__file__).resolve().parent.parent


def _load(name: str, path: Path) -> Any:
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


claims = _load("test_bot_reasons", ROOT / "tests" / "test_bot_reasons.py")
survey = _load("reasons_survey", ROOT / "bench" / "reasons_survey.py")


def played(state: Any, *texts: str) -> Any:
    for text in texts:
        state.apply(Action.parse(text, state.seats))
    return state


def table_steps(game: str, level: str, rules: dict[str, bool], seed: str, hands: int) -> list[dict[str, Any]]:
    """The steps a table sends its reader over ``hands`` hands, the reader's decisions timed out."""
    table = Table(seed=seed, game=game, level=level, rules=rules)
    steps = list(table.log)
    for _ in range(hands):
        while not table.hand_over:
            steps += table.timeout()
        if table.is_over:
            break
        steps += table.next_hand()
    return steps


def told(steps: list[dict[str, Any]], hand: int, action: str) -> tuple[dict[str, Any], dict[str, Any] | None]:
    """The public reason a bot's ``action`` of hand ``hand`` was told with, and its full form told at the end."""
    step = next(s for s in steps if s.get("action") == action and s["view"]["hand_number"] == hand and s.get("why"))
    i = steps.index(step)
    end = next(s for s in steps[i:] if "reasons" in s or s["view"]["phase"] == "hand-over")
    full = next((r["why"] for r in end.get("reasons", []) if r["action"] == action), None)
    return step["why"], full


# ----- "may take it" ----------------------------------------------------------------------------------

def test_a_partner_still_to_play_is_not_said_to_may_take_a_trick_led_with_the_ace_of_trumps():
    # W deals, N pitches the ace of clubs (clubs become trumps); E holds no club, W is still to play.
    hands = {"N": "AC 4H 7S 9D TD JS", "E": "KH 7H 5S 4S 3D 2D", "S": "2C 6H 6S 7D 8D 9S", "W": "QC 3C 8H 9H TH JH"}
    state = YorkshireHand(YorkshireHand.rules_class(), ("N", "E", "S", "W"), "W",
                          Deal({s: parse_cards(c) for s, c in hands.items()}))
    played(state, "N AC")
    me = SeatView.deciding(state.observation("E"), game=YorkshireHand)
    code, values = play_reason(me, Card.parse("7H"), me.cards, values=True, after=still_to_play(me))
    # Nothing W could hold beats the ace of trumps: the seat lets the trick go and keeps a cheaper card.
    assert code == "bot-keeps-cheaper" and values["kept"] == Card.parse("2D"), (code, values)
    # W's queen of trumps does not beat the ace: over the ten led, W may take it.
    hands["N"], hands["W"] = "TC 4H 7S 9D TD JS", "QC AC 8H 9H TH JH"
    state = YorkshireHand(YorkshireHand.rules_class(), ("N", "E", "S", "W"), "W",
                          Deal({s: parse_cards(c) for s, c in hands.items()}))
    played(state, "N TC")
    me = SeatView.deciding(state.observation("E"), game=YorkshireHand)
    assert play_reason(me, Card.parse("7H"), me.cards, values=True, after=still_to_play(me))[0] \
        == "bot-gives-partner-to-play"


def test_the_strong_table_gave_the_king_of_trumps_under_the_ace_saying_the_partner_may_take_it():
    # The table's own hand (Yorkshire, strong, default rules): N pitches A♣; E, holding K♣ 4♣, gave K♣
    # (a search override that a few guessed worlds made), told "W, still to play, may take it".
    seed = "15511bbdb135ebc5bffe31e01b8c67a70003c2446ee4271d7e7426e0bff1545c"
    steps = table_steps("yorkshire", "strong", {}, seed, 3)
    hand3 = [s["action"] for s in steps if s["view"]["hand_number"] == 3 and s.get("action")]
    assert hand3[:2] == ["N AC", "E 4C"], hand3[:4]
    why, full = told(steps, 3, "E 4C")
    assert why["code"] == "bot-lets-go" and full is not None and full["code"] == "bot-cannot-win", (why, full)


def test_the_search_gives_no_more_game_points_than_it_must_to_a_trick_the_other_side_holds_for_sure():
    from trickbook.bots.allfours import YorkshireBot

    hands = {"N": "AC 4H 7S 9D TD JS", "E": "KC 4C TH 5S 4S 3D", "S": "2C 6H 6S 7D 8D 9S",
             "W": "QC 3C 8H 9H KH JH"}
    state = YorkshireHand(YorkshireHand.rules_class(), ("N", "E", "S", "W"), "W",
                          Deal({s: parse_cards(c) for s, c in hands.items()}))
    played(state, "N AC")
    obs = state.observation("E")
    bot = YorkshireBot(seed=0)
    # Nothing beats the ace of trumps: the king's three Game points would be theirs; the four gives none.
    assert bot.search_refuses(obs, "E KC") and not bot.search_refuses(obs, "E 4C")
    # Over the ten of trumps, the king takes the trick: it may be searched.
    hands["N"], hands["W"] = "TC 4H 7S 9D AD JS", "QC AC 8H 9H KH JH"
    state = YorkshireHand(YorkshireHand.rules_class(), ("N", "E", "S", "W"), "W",
                          Deal({s: parse_cards(c) for s, c in hands.items()}))
    played(state, "N TC")
    assert not bot.search_refuses(state.observation("E"), "E KC")


# ----- Euchre: the left bower under the right --------------------------------------------------------

def euchre_after_right_bower_led() -> Any:
    dealt = {"N": "JH 9S TS QS 9C", "E": "JD AH KS TC QC", "S": "AS AC KC 9D TD", "W": "KH QH TH QD KD"}
    hands = {s: parse_cards(c) for s, c in dealt.items()}
    turn = Card.parse("9H")
    held = {c for cards in hands.values() for c in cards} | {turn}
    kitty = [c for c in EuchreHand.pack() if c not in held]
    state = EuchreHand(EuchreRules(), ("N", "E", "S", "W"), "W", Deal(hands, turn=turn, kitty=kitty), None)
    return played(state, "N order", "W discard QD", "N JH")


def test_the_euchre_bot_gives_the_ace_of_trumps_not_the_left_bower_under_the_right():
    state = euchre_after_right_bower_led()
    bot = EuchreBot(seed=0)
    assert bot.choose(state.observation("E")) == "E AH"
    # Nothing beats the right bower: no partner "may take it".
    assert bot.reason == ("bot-cannot-win", {"seat": "E", "card": Card.parse("AH")}), bot.reason
    # The reader's timed-out card is the same.
    assert safe_card([Card.parse("JD"), Card.parse("AH")], "H") == Card.parse("AH")


def test_the_gentle_euchre_table_gave_the_left_bower_under_the_right():
    seed = "bdb2243bcee97a1facf746862e2d39285c4a6ea4cb2ed4209477b638bea8836f"
    steps = table_steps("euchre", "gentle", {"no_trump": True}, seed, 3)
    hand3 = [s for s in steps if s["view"]["hand_number"] == 3 and s.get("seat") == "E" and s.get("why")]
    assert hand3, "E made no move with a reason in hand 3"
    assert all(s["why"]["code"] != "bot-gives-partner-to-play" for s in hand3), [s["why"] for s in hand3]
    # E held J♦ K♠ A♥ (hearts trumps) under the right bower: it gives the ace and keeps the left bower.
    actions = [s["action"] for s in hand3]
    assert actions.index("E AH") < actions.index("E JD"), actions


# ----- Misère -------------------------------------------------------------------------------------------

def misere_hand(hands: dict[str, str], declarer: str, dealer: str = "D") -> Any:
    state = NapHand(NapRules(misere=True), ("A", "B", "C", "D"), dealer,
                    Deal({s: parse_cards(c) for s, c in hands.items()}))
    while state.phase == "bidding":
        seat = state.current_player
        state.apply(Action.parse(f"{seat} bid misere" if seat == declarer else f"{seat} pass", state.seats))
    return state


MISERE = {"A": "3H 2C 5C 7C 9C", "B": "6H 2S 3S 7S 5D", "C": "4S 5S 9H 8D TD", "D": "QS KS AH AS KH"}


def test_a_misere_defender_under_the_declarer_does_not_say_he_keeps_the_trick_while_a_seat_is_to_play():
    # B, the declarer, leads 7♠; C stays under it with 5♠, and D, still to play, holds only higher spades.
    state = played(misere_hand(MISERE, declarer="B"), "B 7S")
    bot = NapBot(seed=0)
    assert bot.choose(state.observation("C")) == "C 5S"
    assert bot.reason == ("bot-misere-stay-under-later", {"seat": "C", "card": Card.parse("5S"), "declarer": "B"})
    before = state.clone()
    played(state, "C 5S")
    move = claims.Move(before, Action.parse("C 5S", state.seats), state.clone(), bot.reason, bot)
    assert claims.CLAIMS[move.code](move)
    # The old sentence, "B keeps the trick", is false of it: D must go over, and takes the trick.
    assert not claims.CLAIMS["bot-misere-stay-under"](move)
    for seat in ("D", "A"):
        played(state, NapBot(seed=0).choose(state.observation(seat)))
    assert state.tricks[0].winner == "D"


def test_the_gentle_nap_table_said_the_declarer_keeps_a_trick_a_later_seat_took():
    # The table's own hand (Nap, gentle, Misère): C bids Misère; D stays under C's card with K♠, A to play.
    seed = "99d22a9449db440a19f453ff3f06188110969fa9cbe3a20e7dd7791e9f5a200c"
    why, _ = told(table_steps("nap", "gentle", {"misere": True}, seed, 1), 1, "D KS")
    assert why["code"] == "bot-misere-stay-under-later", why


def test_a_searched_misere_lead_and_bid_are_told_with_a_fact_of_the_position():
    state = misere_hand(MISERE, declarer="B")
    # B leads 3♠: of the spades B has not seen, ten rank above it and none below (B holds the 2).
    assert choice_reason(NapHand, state.observation("B"), "B 3S") == (
        "bot-misere-lead-count", {"seat": "B", "card": Card.parse("3S"), "higher": 10, "lower": 0})
    bidding = NapHand(NapRules(misere=True), ("A", "B", "C", "D"), "D",
                      Deal({s: parse_cards(c) for s, c in MISERE.items()}))
    played(bidding, "A pass")
    # The highest card of 6♥ 2♠ 3♠ 7♠ 5♦: the one the Misère may be lost with.
    assert choice_reason(NapHand, bidding.observation("B"), "B bid misere") == (
        "bot-bid-misere", {"seat": "B", "card": Card.parse("7S")})


def test_the_strong_nap_table_told_a_searched_misere_lead_with_no_fact():
    # The table's own hand (Nap, strong, Misère): B's lead of 6♠ was searched and told as "B leads 6♠."
    seed = "73bd24bfdd5a8676bf826299b22363ebbcf991d45481a045e2a39867920bc7af"
    why, full = told(table_steps("nap", "strong", {"misere": True}, seed, 1), 1, "B 6S")
    assert why["code"] == "bot-misere-leads", why  # the public form names only the card led
    assert full is not None and full["code"] == "bot-misere-lead-count", full


def test_a_searched_nap_pass_is_told_with_the_longest_suit():
    bidding = NapHand(NapRules(misere=True), ("A", "B", "C", "D"), "D",
                      Deal({s: parse_cards(c) for s, c in MISERE.items()}))
    played(bidding, "A pass")
    # B holds 6♥ 2♠ 3♠ 7♠ 5♦: three spades, its longest suit.
    assert choice_reason(NapHand, bidding.observation("B"), "B pass") == (
        "bot-pass-longest", {"seat": "B", "suit": "S", "count": 3})


def test_the_strong_nap_table_of_three_told_a_searched_pass_with_no_fact():
    # The table's own hand (Nap, three seats, strong, Misère): C's pass was searched.
    seed = "77ca907a1e26ec0de4167de45f9077da140d88089c1fc94606314b26b2cd09e1"
    table = Table(seed=seed, game="nap", level="strong", rules={"misere": True}, players=3)
    steps = list(table.log)
    for _ in range(3):
        while not table.hand_over:
            steps += table.timeout()
        if table.is_over:
            break
        steps += table.next_hand()
    why, full = told(steps, 3, "C pass")
    assert why["code"] == "bot-pass-bid", why
    assert full is not None and full["code"] == "bot-pass-longest", full


# ----- the survey, small, at every level and under every house rule ---------------------------------

# Bot moves per game and level: every set of house rules (none, each alone, all) gets its share.
MOVES = {"euchre": 600, "yorkshire": 500, "trinidad": 600, "nap": 700}


@pytest.mark.slow  # about 40 s in all: the full tier's (the regression positions above stay in the fast tier)
@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize("game", ["euchre", "yorkshire", "trinidad", "nap"])
def test_every_reason_the_table_tells_is_true_and_shows_nothing_hidden_at_every_level_and_house_rule(game, level):
    result = survey.survey(game, level, MOVES[game], show=0)
    sets = survey.rule_sets(game)
    assert len(result["rules"]) == len(sets) >= 2, result["rules"]
    assert result["checked"] >= MOVES[game], result["checked"]
    failures = {kind: items for kind, items in result["failures"].items() if items}
    assert not failures, "\n".join(f"{kind}: {line}" for kind, items in failures.items() for line in items[:5])
    assert find_game(game).game == game
