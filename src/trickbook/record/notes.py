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


def tricks(actions: Sequence[Action], seats: Sequence[str]) -> list[list[int]]:
    """The action numbers of the cards of each trick, in order.

    A trick is complete when every seat still in the hand has played to it: a
    seat whose partner goes alone (Euchre) and a seat that throws its hand in
    (Yorkshire) play no more cards.

    >>> texts = "N pass; E AS; S KS; W QS; N JS; E 2H; S throw; W 3H; N 4H".split("; ")
    >>> acts = [Action.parse(t, "NESW") for t in texts]
    >>> tricks(acts, "NESW")
    [[2, 3, 4, 5], [6, 8, 9]]
    """
    active = list(seats)
    out: list[list[int]] = []
    current: list[int] = []
    played: set[str] = set()
    for number, action in enumerate(actions, 1):
        if (action.alone or action.verb == "defend") and action.seat in seats:
            partner = seats[(seats.index(action.seat) + len(seats) // 2) % len(seats)]
            active = [s for s in active if s != partner]
        elif action.verb == "throw":
            active = [s for s in active if s != action.seat]
        elif action.verb == "play":
            current.append(number)
            played.add(action.seat)
        if current and played >= set(active):
            out.append(current)
            current, played = [], set()
    return out + ([current] if current else [])


def mentions(text: str, card: Card) -> bool:
    """Whether ``text`` names ``card``: ``7D``, ``7♦``, ``10H``, or the rank and the suit in words.

    >>> mentions("B throws the king of diamonds.", Card.parse("KD")), mentions("A leads A♥.", Card.parse("AH"))
    (True, True)
    >>> mentions("Everyone else passes.", Card.parse("7H")), mentions("Then the ten.", Card.parse("TH"))
    (False, False)
    """
    lowered = text.lower()
    rank, suit = str(card)[0], str(card)[1]
    codes = {str(card).lower(), f"{rank}{SUIT_WORDS[suit][1]}".lower()}
    if rank == "T":
        codes |= {f"10{suit}".lower(), f"10{SUIT_WORDS[suit][1]}"}
    if any(re.search(rf"(?<!\w){re.escape(code)}(?!\w)", lowered) for code in codes) or (
            rank == "J" and "bower" in lowered):
        return True
    return any(word in lowered for word in RANK_WORDS[rank]) and any(word in lowered for word in SUIT_WORDS[suit])


def misplaced(notes: dict[int, str], actions: Sequence[Action], seats: Sequence[str]) -> list[int]:
    """The notes on a plain play whose text names neither the seat that plays nor a card of its trick.

    The last action is left out: a note there sums up the hand.

    >>> acts = [Action.parse(t, "NESW") for t in "N AS; E KS; S QS; W JS; N 2H".split("; ")]
    >>> misplaced({2: "E's king falls under the ace of spades.", 3: "Hearts are next."}, acts, "NESW")
    [3]
    """
    trick_of = {n: trick for trick in tricks(actions, seats) for n in trick}
    out = []
    for number, text in sorted(notes.items()):
        if not 1 <= number < len(actions) or number not in trick_of:
            continue  # the deal, a bid or another verb, or the summing up: no card to look for
        plays = [actions[n - 1] for n in trick_of[number]]
        seat = re.compile(rf"\b{re.escape(actions[number - 1].seat)}\b")
        if not seat.search(text) and not any((play.card is not None and mentions(text, play.card))
                                             or _owned_honour(text, play) for play in plays):
            out.append(number)
    return out


def _owned_honour(text: str, play: Action) -> bool:
    """"N's ace" names N's card without its suit: enough for an honour (ace, king, queen, jack)."""
    rank = str(play.card)[0] if play.card is not None else ""
    return rank in ("A", "K", "Q", "J") and re.search(
        rf"\b{re.escape(play.seat)}'s {RANK_WORDS[rank][0]}\b", text, re.IGNORECASE) is not None


def note_warnings(record: Record) -> list[str]:
    """One line per note keyed by a number that seems misplaced: where it is written, its action and what to do."""
    out = []
    for number in misplaced(dict(record.notes), record.actions, record.seats):
        key = record.note_keys.get(number, str(number))
        if not key.isdigit():
            continue  # keyed by the action itself or by its trick and seat: the author named it
        line = record.line_of("notes", key)
        where = f"{record.file or '<record>'}:{line}" if line is not None else record.file or "<record>"
        action = record.actions[number - 1]
        out.append(f"{where}: warning: the note on action {number} {str(action)!r} names neither its seat nor "
                   f"a card of its trick; is it on the right action? `trickbook replay` numbers them, or key "
                   f"the note by the action itself: \"{action}\" = \"…\" [note-step]")
    return out
