"""The fair shuffle: each step of the published recipe, the page's vectors, and a second implementation."""

from __future__ import annotations

import hashlib
import json
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from trickbook.cards import RANKS, euchre_pack, full_pack
from trickbook.errors import DealError
from trickbook.shuffle import (
    SeedError,
    Stream,
    deal_hand,
    fingerprint,
    first_dealer,
    new_seed,
    published_vectors,
    seed_bytes,
    shuffled_pack,
    uniform,
)

ROOT = Path(__file__).resolve().parents[1]
SEED = hashlib.sha256(b"trickbook verify 1").hexdigest()
GAMES = ("yorkshire", "trinidad", "nap", "euchre")
SEATS = {"yorkshire": "NESW", "trinidad": "NWSE", "nap": "ABCD", "euchre": "NESW"}


def seed_number(n: int) -> str:
    return hashlib.sha256(f"shuffle test {n}".encode()).hexdigest()


class FixedStream:
    """Stands in for a stream: hands out the given integers in order."""

    def __init__(self, numbers):
        self.numbers = list(numbers)
        self.used = 0

    def next_u32(self) -> int:
        x = self.numbers[self.used]
        self.used += 1
        return x


# ----- seed and fingerprint -------------------------------------------------

def test_new_seed_is_64_lowercase_hex_digits_and_fresh_each_time():
    a, b = new_seed(), new_seed()
    assert re.fullmatch(r"[0-9a-f]{64}", a) and a != b


def test_fingerprint_hashes_the_seed_bytes_not_its_text():
    # SHA-256 of 32 zero bytes, a well-known value.
    assert fingerprint("00" * 32) == "66687aadf862bd776c8fc18b8e9f8e20089714856ee233b3902a591d0d5f2925"
    assert fingerprint("00" * 32) != hashlib.sha256(b"0" * 64).hexdigest()


@pytest.mark.parametrize("bad", ["", "00" * 31, "00" * 33, "zz" * 32, "0x" + "00" * 31, None, 12])
def test_a_seed_that_is_not_64_hex_digits_is_refused(bad):
    with pytest.raises(SeedError) as info:
        seed_bytes(bad)
    assert isinstance(info.value, DealError) and "64 hex digits" in str(info.value)


def test_hand_numbers_start_at_one():
    for bad in (0, -1, "1", 1.0):
        with pytest.raises(SeedError, match="hand numbers start at 1"):
            deal_hand("nap", "ABCD", "A", SEED, bad)


# ----- streams and draws ----------------------------------------------------

def test_stream_reads_sha256_of_seed_label_counter_four_bytes_at_a_time():
    seed = seed_bytes(SEED)
    block0 = hashlib.sha256(seed + b"hand:7" + bytes([0, 0, 0, 0])).digest()
    block1 = hashlib.sha256(seed + b"hand:7" + bytes([0, 0, 0, 1])).digest()
    stream = Stream(seed, "hand:7")
    got = [stream.next_u32() for _ in range(10)]
    expected = [int.from_bytes(block0[k:k + 4], "big") for k in range(0, 32, 4)]
    expected += [int.from_bytes(block1[k:k + 4], "big") for k in range(0, 8, 4)]
    assert got == expected


def test_each_label_has_its_own_stream():
    seed = seed_bytes(SEED)
    assert Stream(seed, "hand:1").next_u32() != Stream(seed, "hand:2").next_u32()


def test_label_is_utf8_with_no_separator():
    seed = seed_bytes(SEED)
    expected = hashlib.sha256(seed + "é".encode("utf-8") + bytes(4)).digest()[:4]
    assert Stream(seed, "é").next_u32() == int.from_bytes(expected, "big")


def test_uniform_rejects_integers_at_or_above_the_last_whole_multiple():
    m = 2**31 + 1
    limit = 2**32 - (2**32 % m)
    assert limit == 2**31 + 1
    stream = FixedStream([limit, limit + 5, limit - 1])
    assert uniform(stream, m) == (limit - 1) % m
    assert stream.used == 3  # the rejected integers are used up


def test_uniform_keeps_the_largest_integer_when_m_divides_two_to_the_32():
    assert uniform(FixedStream([2**32 - 1]), 4) == 3


def test_uniform_of_three_rejects_only_the_top_integer():
    stream = FixedStream([2**32 - 1, 2**32 - 2])
    assert uniform(stream, 3) == (2**32 - 2) % 3 and stream.used == 2


def test_uniform_refuses_an_empty_range():
    with pytest.raises(ValueError):
        uniform(FixedStream([0]), 0)


# ----- shuffling ------------------------------------------------------------

def test_fisher_yates_drawing_zero_every_time_rotates_the_pack_by_one():
    pack = [str(c) for c in euchre_pack()]
    got = [str(c) for c in shuffled_pack("euchre", FixedStream([0] * 23))]
    assert got == pack[1:] + pack[:1]


def test_fisher_yates_drawing_the_last_index_every_time_keeps_the_order():
    draws = list(range(51, 0, -1))  # at step i the draw i leaves card i in place
    assert shuffled_pack("nap", FixedStream(draws)) == full_pack()


def test_fisher_yates_swaps_from_the_last_index_down():
    # First draw (i = 23) picks index 5: the card at 5 goes to the bottom; then nothing moves.
    draws = [5] + list(range(22, 0, -1))
    pack = euchre_pack()
    got = shuffled_pack("euchre", FixedStream(draws))
    assert got[23] == pack[5] and got[5] == pack[23]


# ----- dealing --------------------------------------------------------------

def pack_for_hand(game, n, seed=SEED):
    return [str(c) for c in shuffled_pack(game, Stream(seed_bytes(seed), f"hand:{n}"))]


def cards(xs):
    return [str(c) for c in xs]


def test_nap_deals_three_then_two_from_the_seat_after_the_dealer():
    pack = pack_for_hand("nap", 1)
    deal = deal_hand("nap", "ABCD", "D", SEED, 1)
    assert cards(deal.hands["A"]) == pack[0:3] + pack[12:14]
    assert cards(deal.hands["B"]) == pack[3:6] + pack[14:16]
    assert cards(deal.hands["D"]) == pack[9:12] + pack[18:20]
    assert deal.turn is None and not deal.kitty and not deal.stock


def test_yorkshire_deals_two_at_a_time_three_times_round():
    pack = pack_for_hand("yorkshire", 3)
    deal = deal_hand("yorkshire", "NESW", "N", SEED, 3)
    assert cards(deal.hands["E"]) == pack[0:2] + pack[8:10] + pack[16:18]
    assert cards(deal.hands["N"]) == pack[6:8] + pack[14:16] + pack[22:24]


def test_trinidad_deals_three_twice_round_then_the_kick_and_the_stock():
    pack = pack_for_hand("trinidad", 2)
    deal = deal_hand("trinidad", "NWSE", "N", SEED, 2)
    assert cards(deal.hands["W"]) == pack[0:3] + pack[12:15]
    assert cards(deal.hands["N"]) == pack[9:12] + pack[21:24]
    assert str(deal.turn) == pack[24] and cards(deal.stock) == pack[25:]


def test_euchre_deals_three_then_two_then_the_upcard_and_the_kitty():
    pack = pack_for_hand("euchre", 1)
    deal = deal_hand("euchre", "NESW", "W", SEED, 1)
    assert cards(deal.hands["N"]) == pack[0:3] + pack[12:14]
    assert str(deal.turn) == pack[20] and cards(deal.kitty) == pack[21:24]


def test_the_dealer_does_not_change_the_cards_only_who_receives_them():
    a = deal_hand("nap", "ABCD", "A", SEED, 1)
    b = deal_hand("nap", "ABCD", "B", SEED, 1)
    assert a.hands["B"] == b.hands["C"] and a.hands["A"] == b.hands["B"]


def test_nap_with_seven_players_deals_thirty_five_cards():
    deal = deal_hand("nap", "ABCDEFG", "G", SEED, 1)
    assert all(len(h) == 5 for h in deal.hands.values())
    deal.check_unique()


def test_a_dealer_who_is_not_a_seat_is_refused():
    with pytest.raises(DealError, match="not a seat"):
        deal_hand("nap", "ABCD", "Z", SEED, 1)


def test_game_names_are_resolved_with_their_aliases():
    assert deal_hand("napoleon", "ABCD", "A", SEED, 1).hands == deal_hand("nap", "ABCD", "A", SEED, 1).hands


# ----- first dealer ---------------------------------------------------------

def first_dealer_pack(game, seed):
    return [str(c) for c in shuffled_pack(game, Stream(seed_bytes(seed), "first-dealer"))]


@pytest.mark.parametrize("n", range(6))
def test_yorkshire_first_jack_receiver_pitches_and_the_seat_before_deals(n):
    seed = seed_number(n)
    pack = first_dealer_pack("yorkshire", seed)
    k = next(i for i, c in enumerate(pack) if c[0] == "J")
    receiver_index = (1 + k) % 4  # dealing starts with the second seat
    dealer, details = first_dealer("yorkshire", "NESW", seed)
    assert details["pitcher"] == "NESW"[receiver_index]
    assert dealer == "NESW"[(receiver_index - 1) % 4]
    assert len(details["dealt"]) == k + 1


def find_seed_with_tie(game):
    for n in range(500):
        seed = seed_number(n)
        pack = first_dealer_pack(game, seed)
        top = min(RANKS.index(c[0]) for c in pack[:4])
        if sum(1 for c in pack[:4] if RANKS.index(c[0]) == top) > 1:
            return seed, pack
    raise AssertionError("no tie in 500 seeds")


@pytest.mark.parametrize("game", ["trinidad", "nap"])
def test_highest_card_deals_and_only_the_tied_seats_draw_again(game):
    seed, pack = find_seed_with_tie(game)
    seats = SEATS[game]
    best = min(RANKS.index(c[0]) for c in pack[:4])
    tied = [s for s, c in zip(seats, pack[:4], strict=False) if RANKS.index(c[0]) == best]
    dealer, details = first_dealer(game, seats, seed)
    assert details["draws"][0] == [[s, c] for s, c in zip(seats, pack[:4], strict=False)]
    second = details["draws"][1]
    assert [s for s, _ in second] == tied
    assert [c for _, c in second] == pack[4:4 + len(tied)]
    last = details["draws"][-1]
    winning = min(RANKS.index(c[0]) for _, c in last)
    assert [s for s, c in last if RANKS.index(c[0]) == winning] == [dealer]


def test_without_a_tie_the_highest_rank_deals_and_suits_never_count():
    dealer, details = first_dealer("nap", "ABCD", SEED)
    assert len(details["draws"]) == 1
    draw = details["draws"][0]
    assert dealer == min(draw, key=lambda sc: RANKS.index(sc[1][0]))[0]


def test_euchre_first_dealer_is_the_first_uniform_integer_below_the_number_of_seats():
    seed = seed_number(3)
    expected = uniform(Stream(seed_bytes(seed), "first-dealer"), 4)
    dealer, details = first_dealer("euchre", "NESW", seed)
    assert details["index"] == expected and dealer == "NESW"[expected]


# ----- the page and the second implementation -------------------------------

def page_vectors(text):
    """Read the vectors back from docs/verify.md's tables."""
    seed = re.search(r"^Seed: `([0-9a-f]{64})`", text, re.M).group(1)
    fp = re.search(r"^Fingerprint: `([0-9a-f]{64})`", text, re.M).group(1)
    games = {}
    sections = re.split(r"^### .*\{ #vectors-(\w+) \}$", text, flags=re.M)
    for game, body in zip(sections[1::2], sections[2::2], strict=False):
        dealer = re.search(r"First dealer: \*\*(\w+)\*\*", body).group(1)
        rows = re.findall(r"^\| (\d+) \| (\w+) \| (\w+) \| `([^`]*)` \|$", body, re.M)
        games[game] = {"first_dealer": dealer, "rows": [(int(h), d, who, cs.split()) for h, d, who, cs in rows]}
    return seed, fp, games


def vector_rows(game_vectors, game):
    rows = []
    for hand in game_vectors["hands"]:
        n, dealer = hand["hand"], hand["dealer"]
        rows += [(n, dealer, seat, cs) for seat, cs in hand["hands"].items()]
        if "turn" in hand:
            rows.append((n, dealer, "upcard" if game == "euchre" else "kick", [hand["turn"]]))
        if "kitty" in hand:
            rows.append((n, dealer, "kitty", hand["kitty"]))
        if "stock" in hand:
            rows.append((n, dealer, "stock", hand["stock"]))
    return rows


def test_published_vectors_on_the_verify_page_match_the_engine():
    seed, fp, games = page_vectors((ROOT / "docs" / "verify.md").read_text(encoding="utf-8"))
    vectors = published_vectors(seed)
    assert fp == vectors["fingerprint"]
    assert set(games) == set(GAMES)
    for game in GAMES:
        assert games[game]["first_dealer"] == vectors["games"][game]["first_dealer"], game
        assert games[game]["rows"] == vector_rows(vectors["games"][game], game), game


def test_the_python_lines_on_the_verify_page_deal_like_the_engine():
    text = (ROOT / "docs" / "verify.md").read_text(encoding="utf-8")
    code = re.search(r"```python\n(.*?)```", text, re.S).group(1)
    namespace: dict = {}
    exec(compile(code.replace("print(", "(lambda *a: None)("), "verify.md", "exec"), namespace)
    assert namespace["top_first"] == pack_for_hand("nap", 1, namespace["seed"])


@pytest.mark.skipif(sys.platform == "emscripten" or shutil.which("node") is None, reason="needs Node")
def test_independent_javascript_implementation_agrees_for_every_game():
    seeds = [SEED] + [seed_number(n) for n in range(12)] + [find_seed_with_tie("nap")[0]]
    out = subprocess.run(
        ["node", str(ROOT / "tests" / "shuffle_check.mjs"), *seeds],
        check=True, capture_output=True, text=True, timeout=60,
    ).stdout
    assert json.loads(out) == [published_vectors(s) for s in seeds]
