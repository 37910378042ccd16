"""The Euchre bot: legal, deterministic, quick, follows the common conventions, and beats random play."""

from __future__ import annotations

from typing import Mapping

import pytest
from helpers import EUCHRE_DEAL

from trickbook import Action, Card, Deal, parse_cards
from trickbook.bots.euchre import EuchreBot, discard_choice, strength
from trickbook.bots.random_bot import RandomBot
from trickbook.games.euchre import EuchreHand
from trickbook.shuffle import deal_hand

SEATS = ("N", "E", "S", "W")
SEED = "5e" * 32


def make_hand(hands: Mapping[str, str], upcard: str, kitty: str, dealer: str = "W") -> EuchreHand:
    deal = Deal({s: parse_cards(c) for s, c in hands.items()}, turn=Card.parse(upcard), kitty=parse_cards(kitty))
    return EuchreHand(None, SEATS, dealer, deal)


def act(state: EuchreHand, text: str) -> None:
    for part in text.split(";"):
        state.apply(Action.parse(part, SEATS))


def bot_move(state: EuchreHand, seed: int = 0) -> str:
    seat = state.current_player
    assert seat is not None
    return EuchreBot(seed).choose(state.observation(seat))


def play_hand(state: EuchreHand, players, trump_makers=None) -> EuchreHand:
    """Play to the end; ``trump_makers`` (if given) decide in the two trump-making rounds."""
    while not state.is_terminal:
        seat = state.current_player
        chooser = players[seat]
        if trump_makers is not None and state.phase in ("round-one", "round-two"):
            chooser = trump_makers[seat]
        state.apply(Action.parse(chooser.choose(state.observation(seat)), SEATS))
    return state


def points_over(hands: int, players, trump_makers=None) -> dict[str, int]:
    totals = {"NS": 0, "EW": 0}
    for n in range(1, hands + 1):
        dealer = SEATS[n % 4]
        state = EuchreHand(None, SEATS, dealer, deal_hand("euchre", SEATS, dealer, SEED, n))
        for award in play_hand(state, players, trump_makers).awards:
            totals[award.team] += award.points
    return totals


# A deal where N is very strong in hearts (both bowers, the ace, an off ace).
STRONG = EUCHRE_DEAL


def test_every_choice_is_legal_and_comes_from_the_observation():
    bots = {s: EuchreBot(i) for i, s in enumerate(SEATS)}
    for n in range(1, 41):
        state = EuchreHand(None, SEATS, "N", deal_hand("euchre", SEATS, "N", SEED, n))
        while not state.is_terminal:
            obs = state.observation(state.current_player)
            choice = bots[state.current_player].choose(obs)
            assert choice in obs["legal"]
            state.apply(Action.parse(choice, SEATS))


def test_the_bot_is_deterministic_from_its_seed():
    def transcript(seed: int) -> list[str]:
        bots = {s: EuchreBot(seed) for s in SEATS}
        out = []
        for n in range(1, 11):
            state = play_hand(EuchreHand(None, SEATS, "E", deal_hand("euchre", SEATS, "E", SEED, n)), bots)
            out += [str(a) for a in state.history]
        return out
    assert transcript(3) == transcript(3)


# ----- making trumps ------------------------------------------------------
def test_strength_counts_bowers_trumps_off_aces_and_voids():
    hand = parse_cards("JH JD AH KS AC")
    # Right bower 3, left bower 2.5, ace of trumps 2, the ace of clubs 1, and a void in
    # diamonds 0.6 (the jack of diamonds counts as a heart).
    assert strength(hand, "H") == 3.0 + 2.5 + 2.0 + 1.0 + 0.6


def test_orders_up_with_a_strong_hand_and_passes_a_weak_one():
    state = make_hand(STRONG, "9H", "KH AD JC")
    assert bot_move(state) == "N order"
    weak = make_hand(STRONG, "9H", "KH AD JC")
    act(weak, "N pass")
    assert bot_move(weak) == "E pass"


def test_goes_alone_with_a_very_strong_hand():
    hands = {"N": "JH JD AH KH QH", "E": "9S TS QS 9C TC", "S": "TH AS KC QC AC", "W": "KD QD TD 9D JS"}
    state = make_hand(hands, "9H", "KS AD JC")
    assert bot_move(state) == "N order alone"


def test_the_stuck_dealer_names_his_best_suit_but_never_the_turned_down_one():
    state = make_hand(STRONG, "9H", "KH AD JC")
    act(state, "N pass; E pass; S pass; W pass; N pass; E pass; S pass")
    assert bot_move(state) == "W call D"


def test_the_dealer_discards_to_make_a_void():
    # Hearts trumps after the pickup; the lone low spade goes, the trumps and the ace stay.
    hand = parse_cards("9H JD KD QD TD JS")
    assert discard_choice(hand, "H") == Card.parse("JS")
    hand = parse_cards("9H AH KS KC QC AD")
    assert discard_choice(hand, "H") == Card.parse("KS")


# ----- trick play ---------------------------------------------------------
# Each convention: the actions from STRONG's deal (hearts turned up, N orders, W picks up the 9♥ and
# discards the J♠), then the move the bot makes.
TRICK_PLAY = [
    pytest.param("N order; W discard JS", "N JH", id="the-maker-leads-trumps"),
    # S must follow with a trump and holds two: the lower goes under N's right bower.
    pytest.param("N order; W discard JS; N JH; E 9S", "S TH", id="plays-low-under-a-partners-winning-card"),
    # N's ace of clubs wins for NS, W holds no club: W trumps with his only trump.
    pytest.param("N order; W discard JS; N AC; E TC; S QC", "W 9H", id="trumps-in-when-void-and-the-trick-is-lost"),
    # A nine, from the shorter suit.
    pytest.param("N order; W discard JS; N JH", "E 9C", id="does-not-waste-a-card-on-a-trick-it-cannot-win"),
]


@pytest.mark.parametrize(("actions", "move"), TRICK_PLAY)
def test_trick_play_follows_the_convention(actions: str, move: str) -> None:
    state = make_hand(STRONG, "9H", "KH AD JC")
    act(state, actions)
    assert bot_move(state) == move


# ----- against random players ---------------------------------------------
def test_a_side_of_bots_beats_a_side_of_random_players_over_a_hundred_hands():
    players = {"N": EuchreBot(1), "E": RandomBot(2), "S": EuchreBot(3), "W": RandomBot(4)}
    totals = points_over(100, players)
    assert totals["NS"] > 2 * totals["EW"]


def test_the_bots_trump_making_beats_random_trump_making():
    # Every seat plays its cards as the bot does; only the trump decisions differ.
    players = {s: EuchreBot(i) for i, s in enumerate(SEATS)}
    makers = {"N": players["N"], "E": RandomBot(2), "S": players["S"], "W": RandomBot(4)}
    totals = points_over(100, players, makers)
    assert totals["NS"] > totals["EW"] * 1.5


def test_the_strong_bots_own_heuristic_orders_on_less_than_the_gentle_bot():
    # North holds J♥ A♥ K♥ (6.7) and no club (a void with three trumps, 0.6) with the 9♥ going to West,
    # the dealer (less 0.8 × 1.2): 6.34. The gentle bot orders at 7.0 and passes; the strong bot's own
    # heuristic (EuchreBot.strong_options) orders at 6.0, and its search then weighs that call.
    from trickbook.bots.euchre import BOLD_ORDER_AT, ORDER_AT
    from trickbook.bots.search import SearchBot

    hands = {"N": "JH AH KH 9S TD", "E": "TS QS 9C TC JC", "S": "TH AS KC QC AC", "W": "KD QD 9D JS KS"}
    state = make_hand(hands, "9H", "QH JD AD")
    assert BOLD_ORDER_AT < 6.34 < ORDER_AT
    assert bot_move(state) == "N pass"
    obs = state.observation("N")
    assert EuchreBot(0, **EuchreBot.strong_options).choose(obs) == "N order"
    assert SearchBot("euchre", seed=0).heuristic.choose(obs) == "N order"
