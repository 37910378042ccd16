"""The words of a house rule say what the engine does: with ``may_undertrump = false`` a lower trump is
refused only once a plain suit led has been trumped, never on a trump lead; the rule's description (the
engine's message, the pages) says exactly that, in every language."""

from __future__ import annotations

from pathlib import Path

from babel.messages.pofile import read_po

from trickbook.actions import Action
from trickbook.cards import Card, full_pack, parse_cards
from trickbook.game import Deal, HandState
from trickbook.games.trinidad import TrinidadHand, TrinidadRules
from trickbook.messages import render
from trickbook.variants import OPTION_MESSAGES

ROOT = Path(__file__).parent.parent
TRINIDAD_SEATS = ("N", "W", "S", "E")
# Spades kicked; N leads the ace of trumps, then 4♦, which W trumps with K♠; S holds 2♠ and 3♠.
TRINIDAD = {"N": "AS JS 4D 5D 6D 7D", "W": "KS QS AH KH TH 2C", "S": "3S 2S 8D 9D 3C 4C", "E": "TS AD KD QD JD TD"}


def trinidad(**rules: bool) -> HandState:
    hands = {s: parse_cards(c) for s, c in TRINIDAD.items()}
    turn = Card.parse("9S")
    used = {c for h in hands.values() for c in h} | {turn}
    deal = Deal(hands, turn=turn, stock=[c for c in full_pack() if c not in used])
    return TrinidadHand(TrinidadRules(**rules), TRINIDAD_SEATS, "E", deal, None)


def play(state: HandState, actions: str) -> HandState:
    for text in actions.split(";"):
        state.apply(Action.parse(text.strip(), state.seats))
    return state


def legal(state: HandState) -> list[str]:
    return [str(a) for a in state.legal_actions()]


def test_no_undertrump_refuses_a_lower_trump_only_on_a_trumped_plain_suit() -> None:
    # A trump lead (spades): S may follow with the 3 under W's queen.
    state = play(trinidad(may_undertrump=False), "N stand; N AS; W QS")
    assert "S 3S" in legal(state) and state.why_illegal(Action.parse("S 3S", TRINIDAD_SEATS)) is None
    # A plain suit (diamonds) trumped with the king: the 2 of trumps under it is refused.
    state = play(trinidad(may_undertrump=False), "N stand; N AS; W QS; S 3S; E TS; N 4D; W KS")
    assert "S 2S" not in legal(state)


def test_the_no_undertrump_words_name_the_trumped_plain_suit_and_spare_the_trump_lead() -> None:
    text = render(OPTION_MESSAGES[("may_undertrump", False)], {})
    assert "plain suit led has been trumped" in text and "A trump lead is followed as usual" in text
    allowed = render(OPTION_MESSAGES[("may_undertrump", True)], {})
    assert "plain suit led has been trumped" in allowed
    pages = (ROOT / "docs/writing-hands.md").read_text(encoding="utf-8") + (ROOT / "docs/trinidad.md").read_text(
        encoding="utf-8")
    assert "a trump lower than one already in the trick may not be played by a hand" not in pages
    assert pages.count("a trump lead is followed as usual") + pages.count("A trump lead is followed as usual") == 2
    for lang in ("pt_PT", "fr"):
        for domain, wanted in (("engine", text), ("content", "A trump lead is followed as usual")):
            catalog = read_po((ROOT / f"locales/{lang}/LC_MESSAGES/{domain}.po").open("rb"))
            entries = [m for m in catalog if m.id and wanted in m.id]
            assert entries and all(m.string and not m.fuzzy for m in entries), (lang, domain)
