"""Where a record's notes land: tricks counted from the plays, and a warning for a note that seems misplaced.

A note is keyed by an action number, an action's text or a trick and seat (see
``parse``). A number is easy to miscount, and a miscounted number still replays,
so ``trickbook check`` warns when a note sits on a card that its text, and the
text of its trick, never mention.
"""

from __future__ import annotations

import re
from typing import Sequence

from ..actions import Action
from ..cards import Card
from .model import Record

RANK_WORDS = {
    "A": ("ace",), "K": ("king",), "Q": ("queen",), "J": ("jack", "knave", "bower"), "T": ("ten", "10"),
    "9": ("nine",), "8": ("eight",), "7": ("seven",), "6": ("six",), "5": ("five",), "4": ("four",),
    "3": ("three", "trey"), "2": ("two", "deuce"),
}
SUIT_WORDS = {"S": ("spade", "♠"), "H": ("heart", "♥"), "D": ("diamond", "♦"), "C": ("club", "♣")}


def tricks(actions: Sequence[Action], seat_count: int) -> list[list[int]]:
    """The action numbers of the cards of each trick, in order; a lone hand leaves one seat out.

    >>> acts = [Action.parse(t, ["N", "E", "S", "W"]) for t in "N pass; E AS; S KS; W QS; N JS; E 2H".split("; ")]
    >>> tricks(acts, 4)
    [[2, 3, 4, 5], [6]]
    """
    per_trick = seat_count - (1 if any(a.alone for a in actions) else 0)
    plays = [n for n, action in enumerate(actions, 1) if action.verb == "play"]
    return [plays[i: i + per_trick] for i in range(0, len(plays), per_trick)]


def mentions(text: str, card: Card) -> bool:
    """Whether ``text`` names ``card``: ``7D``, ``7♦``, ``10H``, or the rank and the suit in words.

    >>> mentions("B throws the king of diamonds.", Card.parse("KD")), mentions("A leads A♥.", Card.parse("AH"))
    (True, True)
    >>> mentions("Everyone else passes.", Card.parse("7H"))
    False
    """
    lowered = text.lower()
    rank, suit = str(card)[0], str(card)[1]
    codes = {str(card).lower(), f"{rank}{SUIT_WORDS[suit][1]}".lower()}
    if rank == "T":
        codes |= {f"10{suit}".lower(), f"10{SUIT_WORDS[suit][1]}"}
    if any(code in lowered for code in codes) or (rank == "J" and "bower" in lowered):
        return True
    return any(word in lowered for word in RANK_WORDS[rank]) and any(word in lowered for word in SUIT_WORDS[suit])


def misplaced(notes: dict[int, str], actions: Sequence[Action], seat_count: int) -> list[int]:
    """The notes on a plain play whose text names neither the seat that plays nor a card of its trick.

    The last action is left out: a note there sums up the hand.

    >>> acts = [Action.parse(t, ["N", "E", "S", "W"]) for t in "N AS; E KS; S QS; W JS; N 2H".split("; ")]
    >>> misplaced({2: "E's king falls under the ace of spades.", 3: "Hearts are next."}, acts, 4)
    [3]
    """
    trick_of = {n: trick for trick in tricks(actions, seat_count) for n in trick}
    out = []
    for number, text in sorted(notes.items()):
        if not 1 <= number < len(actions) or number not in trick_of:
            continue  # the deal, a bid or another verb, or the summing up: no card to look for
        cards = [card for n in trick_of[number] if (card := actions[n - 1].card) is not None]
        seat = re.compile(rf"\b{re.escape(actions[number - 1].seat)}\b")
        if not seat.search(text) and not any(mentions(text, card) or _only_honour(text, card, cards)
                                             for card in cards):
            out.append(number)
    return out


def _only_honour(text: str, card: Card, cards: list[Card]) -> bool:
    """"The ace" names an honour without its suit when it is the trick's only card of that rank."""
    rank = str(card)[0]
    return (rank in "AKQJ" and sum(str(c)[0] == rank for c in cards) == 1
            and re.search(rf"\b{RANK_WORDS[rank][0]}\b", text.lower()) is not None)


def note_warnings(record: Record) -> list[str]:
    """One line per note that seems misplaced: where it is written, its action and what to do."""
    out = []
    for number in misplaced(dict(record.notes), record.actions, len(record.seats)):
        key = record.note_keys.get(number, str(number))
        line = record.line_of("notes", key)
        where = f"{record.file or '<record>'}:{line}" if line is not None else record.file or "<record>"
        action = record.actions[number - 1]
        out.append(f"{where}: warning: the note on action {number} {str(action)!r} names neither its seat nor "
                   f"a card of its trick; is it on the right action? `trickbook replay` numbers them, or key "
                   f"the note by the action itself: \"{action}\" = \"…\" [note-step]")
    return out
