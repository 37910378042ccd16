"""Cards and actions: notation that parses forgivingly and prints canonically."""

import pytest

from trickbook.actions import Action
from trickbook.cards import Card, euchre_pack, full_pack, game_value, parse_cards, parse_suit
from trickbook.errors import NotationError, TrickbookError

SEATS = ["N", "E", "S", "W"]


@pytest.mark.parametrize("text", ["TH", "10H", "th", "10♥", "T♥", " 10h ", "t♡"])
def test_card_parsing_accepts_ten_as_10_or_t_and_suits_as_letters_or_symbols(text):
    card = Card.parse(text)
    assert str(card) == "TH"
    assert repr(card) == "Card('TH')"
    assert card.display == "10♥"


@pytest.mark.parametrize("text", ["", "H", "1H", "11H", "XH", "AX", "A", "AHH", "10", "♥A"])
def test_card_parsing_rejects_what_is_not_a_card(text):
    with pytest.raises(NotationError):
        Card.parse(text)


def test_every_card_round_trips_through_its_text():
    for card in full_pack():
        assert Card.parse(str(card)) == card
        assert Card.parse(card.display) == card
        assert eval(repr(card)) == card


def test_packs_are_in_canonical_order_spades_hearts_diamonds_clubs_ace_down():
    pack = full_pack()
    assert len(pack) == 52 and len(set(pack)) == 52
    assert [str(c) for c in pack[:3]] == ["AS", "KS", "QS"]
    assert str(pack[13]) == "AH" and str(pack[-1]) == "2C"
    euchre = euchre_pack()
    assert len(euchre) == 24
    assert [str(c) for c in euchre[:6]] == ["AS", "KS", "QS", "JS", "TS", "9S"]


def test_cards_are_immutable_and_hashable():
    card = Card.parse("AS")
    with pytest.raises(AttributeError):
        card.rank = "K"
    assert {card, Card.parse("as")} == {card}


def test_game_values_are_ace_4_king_3_queen_2_jack_1_ten_10_others_0():
    values = {str(c): game_value(c) for c in parse_cards("AH KH QH JH TH 9H 2H")}
    assert values == {"AH": 4, "KH": 3, "QH": 2, "JH": 1, "TH": 10, "9H": 0, "2H": 0}


def test_parse_suit_accepts_letters_and_symbols_only():
    assert [parse_suit(s) for s in "s♥d♣"] == ["S", "H", "D", "C"]
    with pytest.raises(NotationError):
        parse_suit("X")


@pytest.mark.parametrize(
    "text, canonical",
    [
        ("n 10h", "N TH"),
        ("N play ah", "N AH"),
        ("e PASS", "E pass"),
        ("s bid WELLINGTON", "S bid wellington"),
        ("w order alone", "W order alone"),
        ("n pick-up", "N pickup"),
        ("e call ♣ alone", "E call C alone"),
        ("s discard 9c", "S discard 9C"),
        ("w throw", "W throw"),
        ("s peek", "S peek"),
        ("n beg", "N beg"),
    ],
)
def test_action_text_is_forgiving_in_and_canonical_out(text, canonical):
    action = Action.parse(text, SEATS)
    assert str(action) == canonical
    assert Action.parse(str(action), SEATS) == action


@pytest.mark.parametrize(
    "text",
    ["", "N", "X AH", "N fly", "N bid five", "N pass now", "N discard", "N throw alone", "N call X"],
)
def test_malformed_actions_raise_the_engines_notation_error(text):
    with pytest.raises(TrickbookError):
        Action.parse(text, SEATS)
