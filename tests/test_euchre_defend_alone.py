"""Euchre's house rule ``defend_alone``: one defender may face a lone maker alone.

The rule as the site decides it (docs/euchre.md, "Regional notes and variants"): when a maker goes
alone, the defenders are asked in turn from the dealer's left, before the dealer takes the upcard
and before the first lead; each may defend alone or pass, and the first who defends alone puts
the partner's cards face down. A lone defender who euchres the lone maker scores 4; otherwise the
scoring is unchanged. Without the option nobody is asked.

The deals are worked out by hand: hearts are trumps when the upcard 9H is ordered up, and W deals,
so N speaks first and E is the first defender after the dealer when N or S goes alone.
"""

from __future__ import annotations

import pytest

from trickbook.actions import Action
from trickbook.bots import make_bot
from trickbook.cards import Card, parse_cards
from trickbook.errors import NotationError
from trickbook.game import Deal
from trickbook.games.euchre import EuchreHand, EuchreRules
from trickbook.record import ActionRefused, format_record, parse_record, replay

SEATS = ("N", "E", "S", "W")
# S alone on the top hearts but no bower; W, the dealer, holds both bowers.
BOWERS_AGAINST = {"N": "9S TS QS 9C TC", "E": "9D TD QD KD AD", "S": "AH KH QH AS AC", "W": "JH JD TH KS KC"}
# S alone on both bowers and the three top hearts: five sure tricks.
SURE_MARCH = {"N": "9S TS QS 9C TC", "E": "9D TD QD KD AD", "S": "JH JD AH KH QH", "W": "TH AS KS AC KC"}


def hand(cards: dict[str, str] = BOWERS_AGAINST, **rules: bool) -> EuchreHand:
    pack = {c for c in EuchreHand.pack()}
    dealt = {s: parse_cards(c) for s, c in cards.items()}
    rest = sorted(pack - {c for h in dealt.values() for c in h} - {Card.parse("9H")}, key=str)
    return EuchreHand(EuchreRules(**rules), SEATS, "W", Deal(dealt, turn=Card.parse("9H"), kitty=rest), None)


def play(state: EuchreHand, text: str) -> EuchreHand:
    for part in text.split(";"):
        state.apply(Action.parse(part.strip(), SEATS))
    return state


def legal(state: EuchreHand) -> list[str]:
    return [str(a) for a in state.legal_actions()]


def reason(state: EuchreHand, text: str) -> str | None:
    refused = state.why_illegal(Action.parse(text, SEATS))
    return None if refused is None else refused.code


def test_defend_alone_without_the_option_nobody_is_asked():
    state = play(hand(), "N pass; E pass; S order alone")
    assert state.phase == "discard" and state.current == "W"  # the dealer takes the upcard at once
    assert not any(a.verb == "defend" for a in state.legal_actions())
    assert reason(state, "W defend alone") == "defend-alone-not-played"
    assert "defender" not in state.public_view() and "defence" not in state.public_view()


def test_defend_alone_the_defenders_are_asked_in_turn_from_the_dealers_left():
    state = play(hand(defend_alone=True), "N pass; E pass; S order alone")
    assert state.phase == "defend" and state.current == "E"  # W deals: N is on the maker's side, E comes next
    assert legal(state) == ["E defend alone", "E pass"]
    assert state.upcard_state == "face-up"  # asked before the dealer takes the upcard
    play(state, "E pass")
    assert state.current == "W" and legal(state) == ["W defend alone", "W pass"]
    play(state, "W pass")  # both pass: the hand goes on as a lone hand against two
    assert state.phase == "discard" and state.defender is None and state.in_play == ["E", "S", "W"]


def test_defend_alone_only_a_defender_may_and_only_when_asked():
    state = play(hand(defend_alone=True), "N pass")
    assert reason(state, "E defend alone") == "nobody-alone"  # before anyone went alone
    play(state, "E pass; S order alone")
    assert reason(state, "S defend alone") == "only-defender-defends"  # the maker
    assert reason(state, "N defend alone") == "sitting-out"  # the maker's partner
    assert reason(state, "W defend alone") == "not-your-turn"  # the other defender waits to be asked
    assert reason(state, "E order") == "defend-or-pass"
    play(state, "E pass; W pass; W discard KC")
    assert reason(state, "E defend alone") == "defend-too-late"  # the first lead is next: too late


def test_defend_alone_the_first_to_accept_wins_and_the_partner_sits_out():
    state = play(hand(defend_alone=True), "N pass; E pass; S order alone; E defend alone")
    assert state.defender == "E" and state.defender_out == "W"
    assert state.in_play == ["E", "S"]
    # W, the dealer, sits out with its partner defending: nobody takes the upcard, as when the
    # dealer's partner goes alone, and nobody else is asked.
    assert state.upcard_state == "in-kitty" and state.phase == "play"
    assert reason(state, "W defend alone") == "sitting-out-defending"
    assert [e.code for e in state.events][-5:] == [
        "alone", "sits-out", "defend-alone", "defender-sits-out", "upcard-stays",
    ]
    assert state.current == "E"  # left of the dealer among the two in play: the lone defender leads


def test_defend_alone_the_lead_skips_both_seats_sitting_out():
    state = play(hand(defend_alone=True), "N pass; E pass; S order alone; E pass; W defend alone")
    assert state.in_play == ["S", "W"] and state.phase == "discard"
    play(state, "W discard KC")
    assert state.current == "S"  # left of the dealer W: N and E both sit out
    play(state, "S AH")
    assert state.current == "W"  # E is passed over
    play(state, "W JH")
    assert state.tricks[0].winner == "W" and len(state.tricks[0].entries) == 2
    assert state.current == "W"  # the winner leads; N and E never play
    assert reason(state, "N 9S") == "sitting-out" and reason(state, "E 9D") == "sitting-out-defending"


def test_defend_alone_a_lone_defender_who_euchres_the_lone_maker_scores_4():
    state = play(hand(defend_alone=True), "N pass; E pass; S order alone; E pass; W defend alone; W discard KC;"
                 " S AH; W JH; W JD; S KH; W TH; S QH; S AS; W KS; S AC; W 9H")
    assert state.tricks_won() == {"NS": 2, "EW": 3}
    assert [(a.category, a.team, a.points) for a in state.awards] == [("euchred", "EW", 4)]
    assert any(e.code == "euchred-alone" and e.values["seat"] == "W" for e in state.events)


def test_defend_alone_a_lone_maker_who_takes_three_scores_1_as_usual():
    state = play(hand(defend_alone=True), "N pass; E pass; S order alone; E pass; W defend alone; W discard 9H;"
                 " S AS; W KS; S AC; W KC; S AH; W JH; W JD; S KH; W TH; S QH")
    assert state.tricks_won() == {"NS": 3, "EW": 2}
    assert [(a.category, a.team, a.points) for a in state.awards] == [("lone", "NS", 1)]


def test_defend_alone_a_march_by_the_lone_maker_scores_4_as_usual():
    state = play(hand(SURE_MARCH, defend_alone=True), "N pass; E pass; S order alone; E pass; W defend alone;"
                 " W discard KC; S JH; W TH; S JD; W 9H; S AH; W AS; S KH; W KS; S QH; W AC")
    assert [(a.category, a.team, a.points) for a in state.awards] == [("lone-march", "NS", 4)]


def test_defend_alone_the_euchre_without_a_lone_defender_still_scores_2():
    state = play(hand(defend_alone=True), "N pass; E pass; S order alone; E pass; W pass; W discard KC;"
                 " E AD; S AC; W 9H; W JH; E 9D; S QH; W JD; E TD; S KH; W TH; E QD; S AH; S AS; W KS; E KD")
    assert state.tricks[0].leader == "E"  # left of the dealer, N sitting out
    assert [(a.category, a.team, a.points) for a in state.awards] == [("euchred", "EW", 2)]


def test_defend_alone_the_dealer_going_alone_discards_after_the_defenders_answer():
    state = play(hand(defend_alone=True), "N pass; E pass; S pass; W pickup alone")
    assert state.phase == "defend" and state.current == "N"  # the dealer's left is a defender
    play(state, "N pass; S defend alone")
    assert state.in_play == ["S", "W"] and state.phase == "discard" and state.upcard_state == "picked-up"


def test_defend_alone_after_a_lone_call_in_the_second_round():
    state = play(hand(defend_alone=True), "N pass; E pass; S pass; W pass; N pass; E call S alone")
    assert state.phase == "defend" and state.current == "N"
    play(state, "N pass; S pass")
    assert state.phase == "play" and state.current == "N" and state.in_play == ["N", "E", "S"]


def test_defend_alone_is_never_asked_when_the_maker_has_a_partner():
    state = play(hand(defend_alone=True), "N pass; E pass; S order")
    assert state.phase == "discard"


def test_defend_alone_record_verb_is_always_alone_and_prints_canonically():
    assert str(Action.parse("w DEFEND", SEATS)) == "W defend alone"
    assert Action.parse("W defend alone", SEATS) is Action("W", "defend")
    assert not Action("W", "defend").alone  # ``alone`` is a maker's going alone; the verb says the rest
    with pytest.raises(NotationError, match="only call, notrump, order, pickup can go alone"):
        Action.parse("W pass alone", SEATS)
    with pytest.raises(NotationError, match="takes no argument"):
        Action.parse("W defend H alone", SEATS)


RECORD = '''format = 1
game = "euchre"
dealer = "W"
actions = """
N pass; E pass; S order alone
E pass; W defend
W discard KC
S AH; W JH
W JD; S KH
W TH; S QH
S AS; W KS
S AC; W 9H
"""
[rules]
defend_alone = true
[deal]
N = "9S TS QS 9C TC"
E = "9D TD QD KD AD"
S = "AH KH QH AS AC"
W = "JH JD TH KS KC"
turn = "9H"
kitty = "JS JC QC"
'''


def test_defend_alone_a_record_replays_and_an_illegal_defence_names_its_step_and_reason():
    trace = replay(parse_record(RECORD))
    assert [(a.category, a.team, a.points) for a in trace.state.awards] == [("euchred", "EW", 4)]
    assert "W defend alone" in [str(a) for a in trace.state.history]
    off = RECORD.replace("defend_alone = true", "").replace("E pass; W defend", "W defend")
    with pytest.raises(ActionRefused) as refused:
        replay(parse_record(off))
    error = refused.value
    assert (error.reason.code, error.step, error.seat) == ("defend-alone-not-played", 4, "W")
    assert "Defending alone is not played at this table" in str(error)


def test_defend_alone_fmt_round_trips_the_canonical_verb():
    printed = format_record(parse_record(RECORD))
    assert "W defend alone" in printed and "W defend\n" not in printed
    assert format_record(parse_record(printed)) == printed


def test_defend_alone_the_gentle_bot_defends_alone_on_both_bowers_and_passes_without():
    state = play(hand(defend_alone=True), "N pass; E pass; S order alone; E pass")
    bot = make_bot("euchre", 1)
    assert bot.choose(state.observation("W")) == "W defend alone"  # JH JD: both bowers
    assert bot.reason == ("bot-defend-bowers", {"seat": "W", "maker": "S"})
    state = play(hand(defend_alone=True), "N pass; E pass; S order alone")
    assert bot.choose(state.observation("E")) == "E pass"  # no trump at all
    assert bot.reason is not None and bot.reason[0] == "bot-no-defence"


def test_defend_alone_the_gentle_bot_counts_the_four_highest_trumps():
    cards = dict(BOWERS_AGAINST, S="9D TD QD KD AD", E="AH KH QH AS AC")  # E now holds A K Q of hearts
    state = play(hand(cards, defend_alone=True), "N pass; E pass; S pass; W pickup alone")
    bot = make_bot("euchre", 1)
    assert state.current == "N" and bot.choose(state.observation("N")) == "N pass"
    play(state, "N pass")
    assert bot.choose(state.observation("S")) == "S pass"  # diamonds only: no trump
    state = play(hand(dict(BOWERS_AGAINST, W="9D TD QD KD AD", E="JH JD TH KS KC", S="AH KH QH AS AC"),
                      defend_alone=True), "N pass; E pass; S order alone")
    assert bot.choose(state.observation("E")) == "E defend alone"
    assert bot.reason is not None and bot.reason[0] in ("bot-defend-top-trumps", "bot-defend-bowers")


def test_defend_alone_is_among_the_euchre_house_rules_tried_under_other_rules():
    from pathlib import Path

    from trickbook.record import load_record
    from trickbook.variants import option_message, other_rules

    hands = Path(__file__).resolve().parent.parent / "docs" / "hands" / "euchre"
    own, variants = other_rules(load_record(hands / "euchre-defend-alone.hand.toml"))
    assert [(a.category, a.team, a.points) for a in own.state.awards] == [("euchred", "EW", 4)]
    off = next(v for v in variants if v.option == "defend_alone")
    assert off.value is False and off.differs
    # Without the rule nobody is asked: the record's first defender's pass is refused (the dealer
    # discards at once), and the lone maker euchred by two defenders scores them 2.
    assert off.refused is not None and (off.refused.step, str(off.refused.action)) == (4, "E pass")
    # The two answers have no place at that table and are left out; the record's discard follows.
    assert str(off.trace.steps[4].action) == "W discard KC"
    assert [(a.category, a.team, a.points) for a in off.trace.state.awards] == [("euchred", "EW", 2)]
    assert option_message("defend_alone", True).code == "rules-defend-alone"
    # A lone hand recorded at the text's table, tried where defending alone is played: the two
    # defenders are asked where the record has the dealer discard. The bots answer for them (steps 5
    # and 6, North and South after West's pickup), then the record goes on with its own discard and
    # cards: nothing of it is refused, and with both defenders passing the lone march scores as before.
    record = load_record(hands / "euchre-lone-march.hand.toml")
    own, variants = other_rules(record)
    on = next(v for v in variants if v.option == "defend_alone")
    assert on.value is True and on.refused is None and on.substituted == (5, 6) and on.differs
    asked = [on.trace.steps[n].action for n in (5, 6)]
    assert [(a.seat, a.verb) for a in asked if a is not None] == [("N", "pass"), ("S", "pass")]
    assert [str(s.action) for s in on.trace.steps[7:]] == [str(a) for a in record.actions[4:]]
    assert [(a.category, a.team, a.points) for a in on.trace.state.awards] == \
        [(a.category, a.team, a.points) for a in own.state.awards]


# A seeded table (gentle bots, the reader South and the dealer): everybody passes in the first round,
# East names trumps alone in the second (West sits out), North passes, and the reader is asked
# whether to defend alone. Found by dealing seeds until the position came up.
TABLE_SEED = "681d6ffc5120a9ca9397aa9b26783c390ada0939e690645a6a94cbcca5fc82fd"


def test_defend_alone_at_a_play_table_the_reader_is_asked_and_a_time_out_passes():
    from trickbook.table.session import Table

    table = Table(seed=TABLE_SEED, game="euchre", level="gentle", rules={"defend_alone": True})
    table.act("S pass")
    view = table.view()
    assert (view["phase"], view["current"], view["maker"], view["dealer"]) == ("defend", "S", "E", "S")
    assert view["legal"] == ["S defend alone", "S pass"] and view["house_rules"] == {"defend_alone": True}
    assert [a["verb"] for a in view["actions"]] == ["defend", "pass"] and not any(a["alone"] for a in view["actions"])
    assert str(table.timeout_choice()) == "S pass"  # the table never defends alone for the reader
    table.timeout()
    assert table.state.defender is None and "S" in table.state.in_play
    # The same deal, the reader defending alone: North, the reader's partner, sits out as well as West.
    table = Table(seed=TABLE_SEED, game="euchre", level="gentle", rules={"defend_alone": True})
    table.act("S pass")
    assert [str(a) for a in table.state.defence] == ["N pass"]  # first from the dealer's left
    table.act("S defend alone")
    assert table.state.defender == "S" and sorted(table.state.in_play) == ["E", "S"]
    assert [s["seat"] for s in table.view()["seats"] if s["sitting_out"]] == ["N", "W"]
    explained = [(m.code, m.values) for m in table.explain("trump")]
    assert ("explain-defends-alone", {"seat": "S", "partner": "N"}) in explained


def test_defend_alone_the_strong_bots_worlds_replay_the_defenders_answers():
    import random

    from trickbook.bots.search import SearchBot
    from trickbook.bots.worlds import World

    before = "N pass; E pass; S order alone; E pass; W defend alone; W discard KC"
    for seat, moves in (("S", before), ("W", before + "; S AH")):
        state = play(hand(defend_alone=True), moves)
        obs = state.observation(seat)
        assert obs["defence"] == ["E pass", "W defend alone"] and obs["defender"] == "W"
        world = World.from_observation(EuchreHand, obs)
        assert world is not None
        rebuilt = world.rebuild(world.sample(random.Random(1)))
        assert rebuilt is not None and rebuilt.defender == "W" and rebuilt.in_play == ["S", "W"]
        assert rebuilt.current_player == seat
        assert SearchBot("euchre", seed=1).choose(obs) in obs["legal"]
    # At the decision itself, the second defender's world holds the first one's pass.
    state = play(hand(defend_alone=True), "N pass; E pass; S order alone; E pass")
    obs = state.observation("W")
    world = World.from_observation(EuchreHand, obs)
    assert world is not None and world.rebuild(world.sample(random.Random(1))) is not None
    assert SearchBot("euchre", seed=1).choose(obs) == "W defend alone"
