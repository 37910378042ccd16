"""House rules: the variants the rule texts name, each a rules option of its game, tested from the text.

- Yorkshire (texts 000/002): "nearby towns may forbid trumping while holding the suit led"
  (``may_cut_holding_suit``, true at Batley).
- Trinidad (text 003): "in Tobago the bonus of a kicked six sometimes goes to a kicked two"
  (``kicked_two_for_six``); "some tables forbid playing a trump lower than one already in the
  trick; this description allows it" (``may_undertrump``, true by default).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from helpers import TRINIDAD_EXAMPLE, TRINIDAD_SEATS, YORKSHIRE_SEATS, play
from helpers import euchre_hand as euchre  # Euchre's deal: N strong in hearts
from helpers import trinidad_hand as trinidad  # Trinidad's example: spades kicked; W trumps N's 4♦ with the K♠
from helpers import yorkshire_hand as yorkshire  # Yorkshire's example: N leads the A♥, then the 3♣

from trickbook import web
from trickbook.actions import Action
from trickbook.bots import make_bot
from trickbook.cards import Card, parse_cards
from trickbook.errors import DealError, IllegalActionError
from trickbook.game import Deal
from trickbook.games.nap import NapHand, NapRules
from trickbook.games.yorkshire import YorkshireHand, YorkshireRules
from trickbook.record import ActionRefused, load_record, parse_record, replay
from trickbook.variants import other_rules
from trickbook.view import SeatView


def legal(state):
    return [str(a) for a in state.legal_actions()]


# ----- Yorkshire: trumping while holding the suit led ------------------------------

def test_at_batley_a_player_may_trump_while_holding_the_suit_led():
    state = play(yorkshire(), "N AH; E QH; S 3H; W TH; N 3C")
    assert legal(state) == ["E 8C", "E KH"]


def test_where_the_town_forbids_it_a_player_holding_the_suit_led_may_not_trump():
    state = play(yorkshire(may_cut_holding_suit=False), "N AH; E QH; S 3H; W TH; N 3C")
    assert legal(state) == ["E 8C"]
    reason = state.why_illegal(Action.parse("E KH", YORKSHIRE_SEATS))
    assert reason is not None and reason.code == "house-no-cut-holding-suit"
    assert reason.text == "At a table that forbids it, E may not trump while holding clubs."
    with pytest.raises(IllegalActionError):
        play(state, "E KH")


def test_where_trumping_while_holding_the_suit_is_forbidden_a_void_player_may_still_trump():
    # W holds no diamonds when N leads one: a trump is allowed either way.
    state = play(yorkshire(may_cut_holding_suit=False), "N AH; E QH; S 3H; W TH; N 3C; E 8C; S 5C; W AC")
    play(state, "W AD; N 5D; E 9D; S 7D")
    assert state.why_illegal(Action.parse("W KD", YORKSHIRE_SEATS)) is None


def test_the_trump_lead_is_followed_with_a_trump_whatever_the_house_rule():
    state = play(yorkshire(may_cut_holding_suit=False), "N AH")
    assert legal(state) == ["E KH", "E QH"]


def test_a_trump_on_a_plain_lead_shows_a_void_only_where_the_house_forbids_trumping_while_holding():
    forbidding = YorkshireRules(may_cut_holding_suit=False)
    assert YorkshireHand.shows_out(Card.parse("KH"), "C", "H", forbidding)
    assert not YorkshireHand.shows_out(Card.parse("KH"), "C", "H", YorkshireRules())
    assert not YorkshireHand.shows_out(Card.parse("KH"), "C", "H")


def test_the_view_names_the_house_rules_and_the_bots_read_them():
    state = play(yorkshire(may_cut_holding_suit=False), "N AH; E QH; S 3H; W TH; N 3C; E 8C; S 5C; W AC")
    play(state, "W AD; N 5D; E 9D; S 7D; W KD; N 6D; E 2S")  # E, holding no diamond, trumps
    obs = state.observation("S")
    assert obs["house_rules"] == {"may_cut_holding_suit": False}
    assert "D" in SeatView(obs).voids["E"]
    assert "house_rules" not in yorkshire().observation("N")
    assert YorkshireHand.rules_from_view(obs) == YorkshireRules(may_cut_holding_suit=False)


@pytest.mark.parametrize("level", ["gentle", "strong"])
def test_the_bots_keep_the_house_rule(level):
    for seed in range(3):
        state = yorkshire(may_cut_holding_suit=False)
        bots = {s: make_bot("yorkshire", seed, level=level) for s in YORKSHIRE_SEATS}
        while not state.is_terminal:
            seat = state.current_player
            choice = bots[seat].choose(state.observation(seat))
            assert state.why_illegal(Action.parse(choice, YORKSHIRE_SEATS)) is None
            state.apply(Action.parse(choice, YORKSHIRE_SEATS))


def test_a_record_names_the_house_rule_in_its_rules_table():
    text = '''format = 1
game = "yorkshire"
dealer = "W"
actions = """
N AH; E QH; S 3H; W TH
N 3C; E KH
"""

[rules]
may_cut_holding_suit = false

[deal]
N = "AH 3C 4C 5D 6D 7S"
E = "KH QH 8C 9D TS 2S"
S = "3H 2H 5C 6C 7D 8D"
W = "TH AC KC AD KD AS"
'''
    with pytest.raises(ActionRefused) as refused:
        replay(parse_record(text, file="town.hand.toml"))
    assert (refused.value.code, refused.value.line, refused.value.step) == ("house-no-cut-holding-suit", 6, 6)
    assert str(refused.value) == ("town.hand.toml:6: action 6 'E KH': "
                                  "At a table that forbids it, E may not trump while holding clubs.")


def test_an_option_the_game_does_not_declare_is_refused_with_the_ones_it_does():
    with pytest.raises(DealError, match="known: may_cut_holding_suit, target"):
        YorkshireRules.from_options({"may_undertrump": False})


# ----- Trinidad: Tobago's kicked two --------------------------------------------------

@pytest.mark.parametrize(("kick", "points"), [("2C", 2), ("6C", 0), ("AC", 1), ("JC", 3)])
def test_in_tobago_a_kicked_two_scores_what_a_six_scores_elsewhere(kick, points):
    cards = {s: c.replace("2C", "5C") for s, c in TRINIDAD_EXAMPLE.items()}  # the two of clubs is kicked
    state = trinidad(cards=cards, kick=kick, kicked_two_for_six=True)
    assert [(a.category, a.team, a.points) for a in state.awards] == ([("kick", "WE", points)] if points else [])


@pytest.mark.parametrize(("kick", "points"), [("2C", 0), ("6C", 2)])
def test_at_the_texts_table_a_kicked_two_scores_nothing(kick, points):
    cards = {s: c.replace("2C", "5C") for s, c in TRINIDAD_EXAMPLE.items()}
    state = trinidad(cards=cards, kick=kick)
    assert [(a.category, a.team, a.points) for a in state.awards] == ([("kick", "WE", points)] if points else [])


# ----- Trinidad: under-trumping ---------------------------------------------------------

def test_the_texts_table_allows_a_trump_lower_than_one_in_the_trick():
    state = play(trinidad(), "N stand; N AS; W QS; S 3S; E TS; N 4D; W KS")
    assert legal(state) == ["S 2S", "S 8D", "S 9D"]


def test_a_table_that_forbids_under_trumping_refuses_the_lower_trump():
    state = play(trinidad(may_undertrump=False), "N stand; N AS; W QS; S 3S; E TS; N 4D; W KS")
    assert legal(state) == ["S 8D", "S 9D"]
    reason = state.why_illegal(Action.parse("S 2S", TRINIDAD_SEATS))
    assert reason is not None and reason.code == "house-no-undertrump"
    assert reason.text == (
        "At a table that forbids under-trumping, S may not play a trump lower than K♠, already in the trick."
    )


def test_a_hand_of_lower_trumps_only_may_still_under_trump():
    # The rule text's hand: in the last trick S holds only 2♠ under W's K♠.
    state = play(trinidad(may_undertrump=False), """N stand
N AS; W QS; S 3S; E TS
N 4D; W 2C; S 8D; E AD
E KD; N 5D; W TH; S 9D
E QD; N 6D; W KH; S 3C
E JD; N 7D; W AH; S 4C
E TD; N JS; W KS""")
    assert legal(state) == ["S 2S"]
    play(state, "S 2S")
    assert state.is_terminal or state.phase == "over"


# ----- Nap: Misère and the ten for a won Nap (text 001: "other profiles") ---------------

MISERE = {
    "A": "2H 3H 4C 5D 7S",
    "B": "AH KH AC AD AS",
    "C": "QH JH KC KD KS",
    "D": "TH 9H QC QD QS",
}
MISERE_PLAY = """
A 2H; B AH; C QH; D TH
B KH; C JH; D 9H; A 3H
B AC; C KC; D QC; A 4C
B AD; C KD; D QD; A 5D
B AS; C KS; D QS; A 7S
"""


def nap(cards=MISERE, **rules):
    seats = tuple(cards)  # the last seat deals, so A speaks and (as declarer) leads first
    return NapHand(NapRules(**rules), seats, seats[-1], Deal({s: parse_cards(c) for s, c in cards.items()}), None)


def codes_of(state):
    return [e.code for e in state.events]


def test_misere_is_not_bid_at_a_table_that_does_not_play_it():
    state = nap()
    assert "A bid misere" not in legal(state)
    reason = state.why_illegal(Action.parse("A bid misere", state.seats))
    assert reason is not None and reason.code == "misere-not-played"


def test_misere_ranks_between_three_and_four():
    state = play(nap(misere=True), "A bid three")
    assert legal(state) == ["B bid four", "B bid misere", "B bid nap", "B pass"]
    play(state, "B bid misere")
    assert "C bid three" not in legal(state) and "C bid four" in legal(state)
    reason = state.why_illegal(Action.parse("C bid three", state.seats))
    assert reason is not None and reason.code == "bid-too-low"


def test_misere_may_be_written_with_its_accent():
    assert str(Action.parse("A bid Misère", ("A", "B", "C", "D"))) == "A bid misere"


def test_misere_is_played_without_trumps_and_made_by_taking_no_trick():
    state = play(nap(misere=True), "A bid misere; B pass; C pass; D pass")
    assert codes_of(state)[-2:] == ["declarer", "misere-no-trumps"]
    play(state, MISERE_PLAY)
    assert state.trump is None
    assert "misere-made" in codes_of(state)
    assert state.payments == {"A": 9, "B": -3, "C": -3, "D": -3}
    assert sum(state.payments.values()) == 0


def test_misere_fails_at_the_first_trick_the_declarer_takes():
    cards = dict(MISERE, A="2H 3H 4C 5D AS", B="AH KH AC AD 7S")
    state = play(nap(cards, misere=True), "A bid misere; B pass; C pass; D pass")
    play(state, MISERE_PLAY.replace("B AS; C KS; D QS; A 7S", "B 7S; C KS; D QS"))
    assert state.payments is None
    play(state, "A AS")
    assert "misere-failed" in codes_of(state)
    assert state.payments == {"A": -9, "B": 3, "C": 3, "D": 3}


def test_in_misere_a_card_of_another_suit_never_wins_the_trick():
    cards = dict(MISERE, D="TS 9S QC QD QS", B="AH KH AC AD TH")
    state = play(nap(cards, misere=True), "A bid misere; B pass; C pass; D pass; A 2H; B AH; C QH")
    play(state, "D TS")  # D holds no heart: in a trumpless hand the ten of spades cannot win
    assert state.tricks[0].winner == "B"


NAP_FIVE = {"A": "AS KS QS JS TS", "B": "AH KH QH JH TH", "C": "AD KD QD JD TD",
            "D": "AC KC QC JC TC", "E": "9S 9H 9D 9C 8S"}
NAP_MADE = """
A AS; B TH; C TD; D TC; E 8S
A KS; B JH; C JD; D JC; E 9S
A QS; B QH; C QD; D QC; E 9H
A JS; B KH; C KD; D KC; E 9D
A TS; B AH; C AD; D AC; E 9C
"""
# A holds the two of clubs instead of the ten of spades, which D holds: D's ace of clubs takes the last trick.
NAP_FAILED_CARDS = dict(NAP_FIVE, A="AS KS QS JS 2C", D="AC KC QC JC TS")
NAP_FAILED = """
A AS; B TH; C TD; D TS; E 8S
A KS; B JH; C JD; D JC; E 9S
A QS; B QH; C QD; D QC; E 9H
A JS; B KH; C KD; D KC; E 9D
A 2C; B AH; C AD; D AC; E 9C
"""


@pytest.mark.parametrize(("pays_ten", "made", "net"), [
    (False, True, 20), (True, True, 40), (False, False, -20), (True, False, -20)])
def test_a_table_that_pays_ten_for_nap_pays_it_for_a_won_nap_only(pays_ten, made, net):
    state = nap(NAP_FIVE if made else NAP_FAILED_CARDS, nap_pays_ten=pays_ten)
    play(state, "A bid nap; B pass; C pass; D pass; E pass")
    play(state, NAP_MADE if made else NAP_FAILED)
    assert ("contract-made" if made else "contract-failed") in codes_of(state)
    assert state.payments is not None and state.payments["A"] == net
    assert set(state.payments.values()) - {net} == {-net // 4}
    assert sum(state.payments.values()) == 0


# ----- the same hand under other rules ------------------------------------------------

HANDS = Path(__file__).resolve().parent.parent / "docs" / "hands"


def under_other_rules(name):
    record = load_record(HANDS / name.split("-")[0] / f"{name}.hand.toml")
    own, variants = other_rules(record)
    return record, own, {v.option: v for v in variants}


def test_a_variant_that_refuses_a_step_names_it_with_the_rules_reason_and_the_bots_play_on():
    record, own, variants = under_other_rules("yorkshire-trump-while-holding-the-suit")
    town = variants["may_cut_holding_suit"]
    assert town.value is False and town.differs
    assert (town.refused.step, str(town.refused.action), town.refused.reason.code) == (
        14, "W 8H", "house-no-cut-holding-suit")
    assert town.refused.reason.text == "At a table that forbids it, W may not trump while holding spades."
    assert town.substituted[0] == 14 and str(town.trace.steps[14].action) != "W 8H"
    # Before the refused step the hand is the record's, action for action.
    assert [str(s.action) for s in town.trace.steps[1:14]] == [str(a) for a in record.actions[:13]]
    assert town.trace.state.is_terminal


def test_a_variant_that_changes_only_the_payment_is_a_difference_without_a_refused_step():
    _, own, variants = under_other_rules("nap-nap-made")
    ten = variants["nap_pays_ten"]
    assert ten.differs and ten.refused is None and ten.substituted == ()
    declarer = own.state.declarer
    assert ten.trace.state.payments[declarer] == 2 * own.state.payments[declarer]
    # Nobody bid Misère, but at a table that plays it the first bidder may: that is a difference.
    misere = variants["misere"]
    assert misere.refused is None and not misere.outcome_differs and misere.allowed.step == 1
    assert misere.differs


def test_a_gift_that_would_win_is_refused_where_the_table_forbids_it():
    _, own, variants = under_other_rules("trinidad-gift-at-thirteen")
    careful = variants["gift_may_win"]
    assert (careful.refused.step, careful.refused.reason.code) == (2, "gift-not-allowed")
    assert str(careful.trace.steps[2].action) == "E run"  # the pack is run instead
    assert careful.differs
    assert [a.category for a in own.state.awards][:1] == ["gift"]
    assert "gift" not in [a.category for a in careful.trace.state.awards]


def test_a_rule_this_hand_never_tests_is_no_difference_here():
    _, own, variants = under_other_rules("yorkshire-throw-in")
    town = variants["may_cut_holding_suit"]
    assert not town.differs and town.refused is None and town.substituted == ()
    assert [a.as_json() for a in town.trace.state.awards] == [a.as_json() for a in own.state.awards]


def test_the_browser_gets_each_variant_in_words_with_both_outcomes():
    text = (HANDS / "nap" / "nap-nap-made.hand.toml").read_text(encoding="utf-8")
    out = json.loads(web.variants_json(text))
    assert out["ok"] and out["game"] == "nap" and not out["finished_by_bots"]
    ten = next(v for v in out["variants"] if v["option"] == "nap_pays_ten")
    assert ten["label"]["text"] == "A won Nap is paid 10 by each opponent."
    assert ten["differs"] and ten["refused"] is None
    assert ten["outcome"]["payments"] != out["outcome"]["payments"]
    assert sum(ten["outcome"]["payments"].values()) == 0
    assert ten["steps"][0]["step"] == 0 and len(ten["steps"]) == len(out["variants"][0]["steps"])



def test_where_batley_lets_a_player_trump_while_holding_the_suit_led_the_town_rule_hand_shows_it():
    """Yorkshire, the Batley rule (``may_cut_holding_suit``): at the town's table of
    yorkshire-town-rule, W follows S's 10♠ with the 9♠ at step 14 (action 14: trick 4 is
    S 10♠, W 9♠), still holding 2♥ and 8♥, hearts trumps. At Batley W may trump instead: the two
    hearts become legal there, and that is the first step where the looser rule allows more."""
    record, own, variants = under_other_rules("yorkshire-town-rule")
    batley = variants["may_cut_holding_suit"]
    assert batley.value is True and batley.refused is None  # the record stays legal at Batley
    assert own.state.trump == "H"
    assert str(record.actions[13]) == "W 9S"
    allowed = batley.allowed
    assert (allowed.step, allowed.seat, allowed.cards) == (14, "W", ("2H", "8H"))
    assert allowed.message.text == "At step 14, under this rule W may also play 2♥, 8♥."
    assert batley.differs


def test_where_under_trumping_is_allowed_the_no_undertrump_hand_shows_the_lower_trumps():
    """Trinidad, under-trumping (``may_undertrump``): in trinidad-no-undertrump spades are trumps
    and W trumps N's 3♥ lead with the A♠ (action 4). S then follows with the 6♥ (step 5), holding
    K♠, Q♠ and 2♠, all lower than the ace: a table that forbids under-trumping forbids them, one
    that allows it (the text's own) lets S play any of the three. Step 5 is the first such step."""
    record, own, variants = under_other_rules("trinidad-no-undertrump")
    allowing = variants["may_undertrump"]
    assert allowing.value is True and allowing.refused is None
    assert own.state.trump == "S"
    assert [str(a) for a in record.actions[2:5]] == ["N 3H", "W AS", "S 6H"]
    allowed = allowing.allowed
    assert (allowed.step, allowed.seat, set(allowed.cards)) == (5, "S", {"KS", "QS", "2S"})
    assert [m.text for m in allowed.said] == [f"S plays {c}." for c in ("2♠", "K♠", "Q♠")]
    assert allowing.differs
    # The other rules of the game put nothing in this hand to the test.
    assert all(not v.differs and v.allowed is None for o, v in variants.items() if o != "may_undertrump")


def test_a_stricter_rule_allows_nothing_new():
    """The towns' rule only forbids: at yorkshire-trump-while-holding-the-suit it refuses W's 8♥
    at step 14 and never allows a card that Batley forbade."""
    _, _, variants = under_other_rules("yorkshire-trump-while-holding-the-suit")
    assert variants["may_cut_holding_suit"].allowed is None


def test_where_misere_is_played_the_bid_is_offered_to_the_first_bidder():
    """Nap, Misère (``misere``): at a table that plays it, B (first to bid at nap-pays-ten) may
    also bid Misère at step 1, a call the record's table does not offer."""
    _, _, variants = under_other_rules("nap-pays-ten")
    allowed = variants["misere"].allowed
    assert (allowed.step, allowed.seat, allowed.cards) == (1, "B", ())
    assert [str(a) for a in allowed.actions] == ["B bid misere"]
    assert [m.text for m in allowed.said] == ["B bids Misère."]
    assert allowed.message.code == "variant-allowed-calls"
    # The reader may make that call and see the hand played on at the Misère table.
    text = (HANDS / "nap" / "nap-pays-ten.hand.toml").read_text(encoding="utf-8")
    branch = json.loads(web.variant_whatif_json(text, "misere", 0, "B bid misere", 0))
    assert branch["ok"] and str(branch["steps"][0]["step"]) == "1"
    assert json.loads(web.whatif_json(text, 0, "B bid misere"))["ok"] is False  # not at the record's table


def test_the_browser_gets_the_newly_allowed_cards_and_can_play_one_under_the_rule():
    text = (HANDS / "yorkshire" / "yorkshire-town-rule.hand.toml").read_text(encoding="utf-8")
    out = json.loads(web.variants_json(text))
    batley = next(v for v in out["variants"] if v["option"] == "may_cut_holding_suit")
    assert batley["differs"] and batley["refused"] is None and not batley["outcome_differs"]
    assert batley["allowed"]["step"] == 14 and batley["allowed"]["cards"] == ["2H", "8H"]
    assert batley["allowed"]["actions"] == ["W 2H", "W 8H"]
    assert batley["allowed"]["message"]["code"] == "variant-allowed-cards"
    # The reader plays W 8♥ at step 14 under the rule: refused at the record's own table, not at Batley's.
    assert json.loads(web.whatif_json(text, 13, "W 8H"))["reason"]["code"] == "house-no-cut-holding-suit"
    branch = json.loads(web.variant_whatif_json(text, "may_cut_holding_suit", 13, "W 8H", 0))
    assert branch["ok"] and branch["branch"] == 13 and branch["steps"][0]["step"] == 14
    assert branch["outcome"]["awards"] and branch["record_outcome"] == out["outcome"]
    assert branch["changes"]["trick"]["number"] == 4
    # An option the game does not have, and a wrong type, are refused without raising.
    assert json.loads(web.variant_whatif_json(text, "misere", 13, "W 8H", 0))["ok"] is False
    assert json.loads(web.variant_whatif_json(text, None, 13, "W 8H", 0))["ok"] is False

# ----- Euchre: no trump in round two ----------------------------------------------------

def test_the_texts_table_does_not_call_no_trump():
    state = play(euchre(), "N pass; E pass; S pass; W pass")
    assert not any("notrump" in a for a in legal(state))
    reason = state.why_illegal(Action.parse("N notrump", YORKSHIRE_SEATS))
    assert reason is not None and reason.code == "no-trump-not-played"


def test_where_no_trump_is_played_it_may_be_called_in_round_two_only():
    state = euchre(no_trump=True)
    assert not any("notrump" in a for a in legal(state))  # round one: order up or pass
    play(state, "N pass; E pass; S pass; W pass")
    assert {"N notrump", "N notrump alone"} <= set(legal(state))


def test_no_trump_is_played_with_plain_jacks_and_the_suit_led_wins():
    state = play(euchre(no_trump=True), "N pass; E pass; S pass; W pass; N notrump")
    assert state.trump is None and state.observation("E")["no_trumps"] is True
    assert [e.code for e in state.events][-1] == "notrump"
    play(state, "N AH; E 9C; S QH; W 9D")  # a card of another suit never wins
    assert state.tricks[0].winner == "N"
    play(state, "N JD; E 9S; S KC; W KD")  # the jack of diamonds is a plain diamond: no left bower
    assert state.tricks[1].winner == "W"


def test_a_stuck_dealer_may_call_no_trump():
    state = play(euchre(no_trump=True), "N pass; E pass; S pass; W pass; N pass; E pass; S pass")
    assert "W pass" not in legal(state) and "W notrump" in legal(state)
    play(state, "W notrump")
    assert state.maker == "W" and state.phase == "play"


# ----- house rules at a play table ------------------------------------------------------

def test_a_table_opened_with_house_rules_plays_by_them_and_shows_them():
    from trickbook.table.facade import SAVE_VERSION, table_new_json, table_resume_json

    seed = "0" * 64  # D deals: A, the reader, speaks first
    out = json.loads(table_new_json(seed=seed, game="nap", level="gentle", rules={"misere": True}))
    assert out["ok"] and out["view"]["house_rules"] == {"misere": True}
    assert "A bid misere" in out["view"]["legal"]
    plain = json.loads(table_new_json(seed=seed, game="nap", level="gentle"))
    assert plain["view"]["house_rules"] == {} and "A bid misere" not in plain["view"]["legal"]
    # A saved match carries its house rules: it resumes under them, and a move they allowed is refused without them.
    saved = {"version": SAVE_VERSION, "game": "nap", "seed": seed, "seat": "A", "level": "gentle",
             "moves": ["A bid misere"], "rules": {"misere": True}}
    resumed = json.loads(table_resume_json(json.dumps(saved)))
    assert resumed["ok"] and resumed["view"]["house_rules"] == {"misere": True}
    refused = json.loads(table_resume_json(json.dumps({**saved, "rules": {}})))
    assert refused["ok"] is False and refused["error"]["code"] == "save-refused"


def test_a_house_rule_the_game_does_not_declare_is_refused_at_the_table():
    from trickbook.table.facade import table_new_json

    out = json.loads(table_new_json(game="yorkshire", rules={"misere": True}))
    assert out["ok"] is False
    assert "'misere' is not a house rule of yorkshire (its house rules: may_cut_holding_suit)" in out["error"]["text"]


@pytest.mark.parametrize(("game", "rules"), [
    ("nap", {"misere": True, "nap_pays_ten": True}),
    ("trinidad", {"may_undertrump": False, "kicked_two_for_six": True}),
    ("yorkshire", {"may_cut_holding_suit": False}), ("euchre", {"no_trump": True, "stick_the_dealer": False})])
def test_house_rules_change_no_card_of_a_seeded_match_so_the_verifier_checks_it_as_any_other(game, rules):
    # The Verify page deals a match from its seed alone; house rules change the play, never the deal.
    from trickbook.match import Match
    from trickbook.shuffle import deal_hand, first_dealer

    seed = "5e" * 32
    plain, house = Match(game, seed=seed), Match(game, seed=seed, rules=rules)
    assert plain.fingerprint == house.fingerprint
    a, b = plain.next_hand(), house.next_hand()
    assert (a.dealer, a.deal.as_json()) == (b.dealer, b.deal.as_json())
    assert a.dealer == first_dealer(game, a.seats, seed)[0]
    assert a.deal.as_json() == deal_hand(game, a.seats, a.dealer, seed, 1).as_json()
    assert b.rules.changed() == rules and not a.rules.changed()


def test_every_house_rule_of_every_game_is_announced_in_its_own_words():
    # The play tables' switches and "Under other rules" name each option by its message, never by
    # the generic "Rules option {option} = {value}".
    from trickbook.games import find_game
    from trickbook.variants import house_options, option_message

    for game in ("yorkshire", "trinidad", "nap", "euchre"):
        cls = find_game(game)
        for option, value in house_options(cls, cls.rules_class()):
            assert option_message(option, value).code != "rules-option", (game, option, value)
            assert option_message(option, not value).code != "rules-option", (game, option, not value)
