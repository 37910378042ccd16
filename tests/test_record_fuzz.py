"""Property tests for the record parser: any input parses or raises the engine's own errors, and records round-trip."""

from __future__ import annotations

from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from trickbook.actions import Action
from trickbook.cards import full_pack
from trickbook.errors import TrickbookError
from trickbook.record import DealSpec, Record, format_record, parse_record, replay

HANDS = Path(__file__).resolve().parent.parent / "docs" / "hands"
SAMPLES = [p.read_text(encoding="utf-8") for p in sorted(HANDS.rglob("*.hand.toml"))]
# The number of examples comes from the Hypothesis profile tests/conftest.py loads (300 in the full
# tier, 30 in the fast one).
FUZZ = settings(deadline=None, suppress_health_check=[HealthCheck.too_slow])

# Pieces a record is made of, so that generated text often gets past the TOML reader.
FRAGMENTS = [
    "format = 1\n", 'game = "nap"\n', 'game = "euchre"\n', 'dealer = "D"\n', 'seats = ["A", "B", "C"]\n',
    'actions = """\n', '"""\n', "A bid four\n", "B pass; C pass\n", "A AH; B JH\n", "[deal]\n", "[notes]\n",
    "[rules]\n", 'A = "AH KH QH AS 2C"\n', 'B = "JH TH KS AC KD"\n', '1 = "note"\n', "target = 5\n",
    'seed = "' + "ab" * 32 + '"\n', "hand = 0\n", "score = { A = 1 }\n", 'title = "x"\n', "id = 3\n",
    'turn = "9H"\n', "actions = [1, 2]\n", '0 = "deal"\n', "x = 1\n", "= 1\n", "\n",
]


def parses_or_refuses(text: str) -> None:
    """Parse and replay; only the engine's own error types may come out."""
    try:
        record = parse_record(text)
    except TrickbookError:
        return
    try:
        replay(record)
    except TrickbookError:
        pass


@FUZZ
@given(st.text())
def test_any_text_parses_or_raises_a_trickbook_error(text):
    parses_or_refuses(text)


@FUZZ
@given(st.lists(st.sampled_from(FRAGMENTS), max_size=20).map("".join))
def test_any_assembly_of_record_fragments_parses_or_raises_a_trickbook_error(text):
    parses_or_refuses(text)


@FUZZ
@given(st.sampled_from(SAMPLES), st.data())
def test_a_mutated_worked_hand_parses_or_raises_a_trickbook_error(text, data):
    pos = data.draw(st.integers(0, len(text)))
    cut = data.draw(st.integers(0, 8))
    insert = data.draw(st.text(max_size=6) | st.sampled_from(["\n", '"', "[", "]", "=", ";", "10", "♥", "#"]))
    parses_or_refuses(text[:pos] + insert + text[pos + cut:])


@FUZZ
@given(st.text(), st.lists(st.text(min_size=1, max_size=3), min_size=1, max_size=7))
def test_any_action_text_parses_or_raises_a_trickbook_error(text, seats):
    try:
        action = Action.parse(text, seats)
    except TrickbookError:
        return
    assert Action.parse(str(action), seats) == action


@st.composite
def nap_records(draw):
    """A valid Nap record: 3 to 7 seats, a random deal, and a legal prefix of actions."""
    n = draw(st.integers(3, 7))
    seats = tuple(chr(65 + i) for i in range(n))
    pack = draw(st.permutations(full_pack()))
    hands = {s: tuple(pack[5 * i: 5 * i + 5]) for i, s in enumerate(seats)}
    dealer = draw(st.sampled_from(seats))
    title = draw(st.none() | st.text(max_size=30))
    score = draw(st.none() | st.fixed_dictionaries({s: st.integers(-99, 99) for s in seats}))
    base = Record(game="nap", seats=seats, dealer=dealer, deal=DealSpec(hands=hands), title=title, score=score)
    state = replay(base).state
    actions = []
    for _ in range(draw(st.integers(0, 40))):
        legal = state.legal_actions()
        if not legal:
            break
        action = draw(st.sampled_from(legal))
        state.apply(action)
        actions.append(action)
    notes = draw(st.dictionaries(st.integers(0, len(actions)), st.text(max_size=20), max_size=3))
    return Record(game="nap", seats=seats, dealer=dealer, deal=DealSpec(hands=hands), title=title, score=score,
                  actions=tuple(actions), notes=dict(sorted(notes.items())))


@settings(max_examples=max(settings.default.max_examples // 2, 10), deadline=None)
@given(nap_records())
def test_a_valid_record_round_trips_through_its_canonical_form(record):
    text = format_record(record)
    again = parse_record(text)
    assert again == record
    assert format_record(again) == text
    assert replay(again).state.history == list(record.actions)
