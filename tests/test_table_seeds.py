"""The browser tests' play-table deals (tests/helpers.py, ``TABLE_SEEDS``) still have what they were chosen for.

Each seed was chosen so that a browser test that needs trick play has it; these tests play the
same matches with the engine (gentle bots, the reader's seat by default, as the page opens them)
and fail if a change to the deal or the bots takes that away, before a browser test would."""

from __future__ import annotations

import pytest
from helpers import TABLE_SEEDS, GentleTable

# How a test's reader decides when no card is to be played: the first choice offered (Enter), the
# cautious one (S, a time-out's), or the last one.
POLICIES = ("first", "cautious", "last")


def hands_with_cards_played(game: str, policy: str, whole_match: bool) -> list[bool]:
    """Play the seed's match (or its first hand), the reader playing the first legal card whenever a card
    is to be played; for each hand, whether the reader played a card in it."""
    table = GentleTable(seed=TABLE_SEEDS[game], game=game)
    played = [False]
    while not table.is_over:
        if table.hand_over:
            if not whole_match:
                break
            table.next_hand()
            played.append(False)
            continue
        legal = table.legal()
        cards = [a for a in legal if a.verb == "play"]
        if cards:
            played[-1] = True
            table.act(str(cards[0]))
        elif policy == "cautious":
            table.timeout()
        else:
            table.act(str(legal[0] if policy == "first" else legal[-1]))
    return played


@pytest.mark.parametrize("policy", POLICIES)
@pytest.mark.parametrize("game", ["euchre", "yorkshire", "trinidad"])
def test_the_reader_plays_cards_in_every_hand_of_the_test_match(game, policy):
    played = hands_with_cards_played(game, policy, whole_match=True)
    assert len(played) >= 2 and all(played), played


@pytest.mark.parametrize("policy", POLICIES)
def test_the_first_nap_hand_of_the_test_match_is_played_whatever_the_reader_bids(policy):
    assert hands_with_cards_played("nap", policy, whole_match=False) == [True]


def test_a_nap_reader_who_bids_plays_cards_in_every_hand_of_the_test_match():
    played = hands_with_cards_played("nap", "first", whole_match=True)
    assert len(played) >= 2 and all(played), played
