"""Test code shared by the test modules (``tests/`` is on pytest's ``pythonpath``): import it by name.

- ``TABLE_SEEDS``: the deal every play-table test is given, by game, and why that one;
- ``GentleTable``: the play table with the gentle bots, for tests about the table, not the bots;
- the rule tests' helpers (``hand``, ``act``, ``play``, ``codes``, ...) for any game, and the rule
  texts' example deals (``YORKSHIRE_EXAMPLE``, ``TRINIDAD_EXAMPLE``, ``EUCHRE_DEAL``) with their hands;
- ``decisions`` and ``play_out``: a play table's whole match, decision by decision;
- the records' folders, and ``nap_record``: a Nap record's text, ``NAP_DEAL`` its ``[deal]`` table;
- ``copy_of``: a fresh copy of a module's template site, for one test to change;
- ``seeded_build_root``: a build folder given the checkout's engine files (the ``small_course``
  fixture of conftest.py builds there);
- ``page_section`` and ``fenced_blocks``: a section of a Markdown page, and the fenced blocks of a text;
- ``served_process`` and ``stop_by_sigint``: a served process started as from a terminal, and stopped as
  Ctrl-C stops it;
- ``Said``: the lines a program says, waited for line by line (no clock).
"""

from __future__ import annotations

import hashlib
import os
import re
import shutil
import signal
import subprocess
import threading
from pathlib import Path
from typing import IO, Any, Callable, Iterator, Mapping

from trickbook.actions import Action
from trickbook.cards import Card, full_pack, parse_cards
from trickbook.game import Deal
from trickbook.games.euchre import EuchreHand, EuchreRules
from trickbook.games.trinidad import TrinidadHand, TrinidadRules
from trickbook.games.yorkshire import YorkshireHand, YorkshireRules
from trickbook.table import Table


def _seed(label: str) -> str:
    return hashlib.sha256(label.encode()).hexdigest()


# The seed each game's play table deals in the tests (the page address's ``?seed=``), found by
# playing matches with trickbook.table.session.Table and the gentle bots (tests/test_table_seeds.py
# plays them again and fails if the engine stops dealing them so):
# - euchre, yorkshire, trinidad: the reader plays cards in every hand of the whole match, whether
#   they always take the first choice offered, the cautious choice (a time-out's), or the last one;
#   no hand is thrown in, so a test that needs trick play always has it, at any hand;
# - nap: the gentle bots seldom bid, so a reader who passes sees most hands thrown in; in this
#   deal's first hand a bot bids even when the reader passes, and a reader who bids plays cards in
#   every hand of the match.
TABLE_SEEDS = {
    "euchre": _seed("trickbook-test-euchre-0"),
    "yorkshire": _seed("trickbook-test-yorkshire-1"),
    "trinidad": _seed("trickbook-test-trinidad-1"),
    "nap": _seed("trickbook-test-nap-30"),
}


class GentleTable(Table):
    """The play table with the gentle bots: for tests about the table, not the bots' strength
    (test_bot_levels.py and test_search_bot.py test the strong bots; a table's default level is strong)."""

    def __init__(self, *args: Any, level: str = "gentle", **kwargs: Any) -> None:
        super().__init__(*args, level=level, **kwargs)

    @classmethod
    def resume(cls, *args: Any, level: str = "gentle", **kwargs: Any) -> "GentleTable":
        table = super().resume(*args, level=level, **kwargs)
        assert isinstance(table, GentleTable)
        return table


# ----- the rule tests: a hand driven by action texts, for any game ----------------------------------

def act(state: Any, text: str) -> Any:
    """One action, written as the record writes it (``N AS``), applied to the hand; its events."""
    return state.apply(Action.parse(text, state.seats))


def play(state: Any, actions: str) -> Any:
    """Every action of ``actions`` (separated by ``;`` or new lines) in turn; the hand."""
    for text in actions.replace("\n", ";").split(";"):
        if text.strip():
            act(state, text)
    return state


def awards(state: Any) -> list[tuple[str, str, int]]:
    return [(a.category, a.team, a.points) for a in state.awards]


def reason(state: Any, text: str) -> str | None:
    """The code of the rule that refuses the action, or None when it is legal."""
    r = state.why_illegal(Action.parse(text, state.seats))
    return None if r is None else r.code


def codes(state: Any) -> list[str]:
    return [e.code for e in state.events]


YORKSHIRE_SEATS = ("N", "E", "S", "W")
TRINIDAD_SEATS = ("N", "W", "S", "E")  # counter-clockwise, in the order of play
EUCHRE_SEATS = ("N", "E", "S", "W")

# The Yorkshire rule text's example (texts 000/002): N leads (pitches) the A♥, hearts trumps; partner S
# holds the 2♥, which E captures in the last trick; the J♥ is not dealt.
YORKSHIRE_EXAMPLE = {
    "N": "AH 3C 4C 5D 6D 7S",
    "E": "KH QH 8C 9D TS 2S",
    "S": "3H 2H 5C 6C 7D 8D",
    "W": "TH AC KC AD KD AS",
}
YORKSHIRE_EXAMPLE_PLAY = """
N AH; E QH; S 3H; W TH
N 3C; E 8C; S 5C; W AC
W AD; N 5D; E 9D; S 7D
W KD; N 6D; E 2S; S 8D
W KC; N 4C; E TS; S 6C
W AS; N 7S; E KH; S 2H
"""

# The Trinidad rule text's example (text 003): NS are dealt the A♠ and 2♠ with spades kicked (trumps);
# W hangs N's J♠ and captures the 2♠ in the last trick.
TRINIDAD_EXAMPLE = {
    "N": "AS JS 4D 5D 6D 7D",
    "W": "KS QS AH KH TH 2C",
    "S": "3S 2S 8D 9D 3C 4C",
    "E": "TS AD KD QD JD TD",
}
TRINIDAD_EXAMPLE_PLAY = """
N AS; W QS; S 3S; E TS
N 4D; W 2C; S 8D; E AD
E KD; N 5D; W TH; S 9D
E QD; N 6D; W KH; S 3C
E JD; N 7D; W AH; S 4C
E TD; N JS; W KS; S 2S
"""

# One Euchre deal serves most of Euchre's tests; every suit's six cards are accounted for:
# spades A(S) K(N) Q(E) J(W) T(E) 9(E); hearts A(N) K(kitty) Q(S) J(N) T(S) 9(up);
# diamonds A(kitty) K(W) Q(W) J(N) T(W) 9(W); clubs A(N) K(S) Q(S) J(kitty) T(E) 9(E).
# N is very strong in hearts (both bowers, the ace, an off ace).
EUCHRE_DEAL = {
    "N": "JH JD AH KS AC",
    "E": "9S TS QS 9C TC",
    "S": "QH TH AS KC QC",
    "W": "KD QD TD 9D JS",
}
EUCHRE_UPCARD = "9H"
EUCHRE_KITTY = "KH AD JC"


def yorkshire_hand(cards: Mapping[str, str] = YORKSHIRE_EXAMPLE, dealer: str = "W", score: Any = None,
                   **rules: Any) -> YorkshireHand:
    """A Yorkshire deal of ``cards`` (the rule text's example by default), ``rules`` its house rules."""
    deal = Deal({s: parse_cards(c) for s, c in cards.items()})
    return YorkshireHand(YorkshireRules(**rules), YORKSHIRE_SEATS, dealer, deal, score)


def euchre_hand(hands: Mapping[str, str] = EUCHRE_DEAL, upcard: str = EUCHRE_UPCARD, kitty: str = EUCHRE_KITTY,
                dealer: str = "W", score: Any = None, **options: Any) -> EuchreHand:
    """A Euchre deal of ``hands`` (``EUCHRE_DEAL`` by default), ``options`` its rules options."""
    deal = Deal({s: parse_cards(c) for s, c in hands.items()}, turn=Card.parse(upcard), kitty=parse_cards(kitty))
    return EuchreHand(EuchreRules.from_options(options), EUCHRE_SEATS, dealer, deal, score)


def trinidad_hand(cards: Mapping[str, str] = TRINIDAD_EXAMPLE, kick: str = "9S", stock_front: str = "",
                  dealer: str = "E", score: Any = None, full_stock: bool = True, **rules: Any) -> TrinidadHand:
    """A Trinidad deal of ``cards`` (the rule text's example by default) whose stock starts with ``stock_front``
    and, when ``full_stock``, holds the rest of the pack."""
    hands = {s: parse_cards(c) for s, c in cards.items()}
    turn = Card.parse(kick)
    stock = parse_cards(stock_front)
    if full_stock:
        used = {c for h in hands.values() for c in h} | {turn} | set(stock)
        stock += [c for c in full_pack() if c not in used]
    return TrinidadHand(TrinidadRules(**rules), TRINIDAD_SEATS, dealer, Deal(hands, turn=turn, stock=stock), score)


# ----- a play table's whole match ---------------------------------------------------------------------

def decisions(table: Table) -> Iterator[Table]:
    """The table's match, hand after hand (each next hand dealt when one is over): the table at each of the
    reader's decisions, until the match is over. The caller takes each decision (acts, or times out)."""
    while not table.is_over:
        if table.hand_over:
            table.next_hand()
            continue
        yield table


def play_out(table: Table, chooser: Callable[[Table, int], Any], most: int = 3000) -> list[dict[str, Any]]:
    """Play the table's whole match, the reader's moves chosen by ``chooser(table, move_number)`` (fewer
    than ``most`` of them, or the match does not end); the table's log."""
    moves = 0
    for _ in decisions(table):
        chooser(table, moves)
        moves += 1
        assert moves < most, "the match does not end"
    log: list[dict[str, Any]] = table.log
    return log


# ----- records and sites --------------------------------------------------------------------------------

ROOT = Path(__file__).resolve().parent.parent
HANDS = ROOT / "docs" / "hands"
BAD_RECORDS = Path(__file__).resolve().parent / "bad_records"
FOUR_HEARTS = HANDS / "nap" / "nap-four-hearts.hand.toml"

# A Nap record's [deal] table (four players, five cards each).
NAP_DEAL = """
[deal]
A = "AH KH QH AS 2C"
B = "JH TH KS AC KD"
C = "9H 8H QS QC QD"
D = "7H 6H JS JC JD"
"""


def nap_record(actions: str, head: str = "", deal: str = NAP_DEAL) -> str:
    """A Nap record's text, dealt by D: ``head`` (lines of its own) before its ``actions``, then ``deal``."""
    return f'format = 1\ngame = "nap"\ndealer = "D"\n{head}actions = """\n{actions}\n"""\n{deal}'


def copy_of(template: Path, into: Path, *, symlinks: bool = False) -> Path:
    """A fresh copy of a module's template site, at ``into`` / the template's name, for one test to change.
    The engine's files in its ``build/`` are linked, not copied (``seeded_build_root``): a build writes
    them under new names and never changes them in place."""
    copy = into / template.name
    engine_files = template / "build"
    shutil.copytree(template, copy, symlinks=symlinks, ignore=lambda folder, names: [
        name for name in names if Path(folder) == engine_files and name in ENGINE_CACHES])
    if engine_files.is_dir():
        seeded_build_root(copy / "build", source=engine_files)
    return copy


# The build's caches of the engine's files (keyed by their contents: the engine's wheel and lockfile,
# its trimmed standard library, its memory snapshot) and of the published compressed copies.
ENGINE_CACHES = ("engine", "stdlib", "snapshot", "publish")


def seeded_build_root(root: Path, source: Path = ROOT / "build") -> Path:
    """``root``, a build folder for a course of a test's own, given the engine's files the checkout's
    build (``source``) has made, as hard links: a build there makes no wheel, runs no Node step and
    compresses no runtime file again unless its engine differs. (Safe to share: every cached file is
    written under another name and renamed into place, never written in place.)"""
    for part in ENGINE_CACHES:
        if (source / part).is_dir() and not (root / part).exists():
            shutil.copytree(source / part, root / part, copy_function=_link_or_copy,
                            ignore=shutil.ignore_patterns("*.lock", "*.tmp", "wheel-*"))
    return root


def _link_or_copy(src: str, dst: str) -> None:
    try:
        os.link(src, dst)
    except OSError:
        shutil.copy2(src, dst)


def page_section(page: Path, anchor: str) -> str:
    """The section of a Markdown page whose heading carries ``{ #anchor }``, up to the next heading of
    level one or two."""
    text = page.read_text(encoding="utf-8")
    found = re.search(r"\{ #" + anchor + r" \}$(.*?)(?=^##? |\Z)", text, re.M | re.S)
    assert found, f"{page.name} has no section {anchor}"
    return found.group(1)


def fenced_blocks(text: str) -> list[tuple[str, str]]:
    """The fenced blocks of a Markdown ``text``: (info string, body), in order."""
    found: list[tuple[str, str]] = []
    info: str | None = None
    body: list[str] = []
    for line in text.splitlines(keepends=True):
        if line.startswith("```"):
            if info is None:
                info, body = line[3:].strip(), []
            else:
                found.append((info, "".join(body)))
                info = None
        elif info is not None:
            body.append(line)
    return found


def _sigint_as_at_a_terminal() -> None:
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def served_process(command: list[str], **options: Any) -> subprocess.Popen[str]:
    """``command`` started as a terminal starts it, its output read as text: with Ctrl-C's signal (SIGINT)
    at its default. A process started in the background by a shell (as a CI job or a test run may be)
    has SIGINT ignored, and a child inherits that: Python then installs no KeyboardInterrupt handler, and
    the served program would never see the Ctrl-C that ``stop_by_sigint`` sends."""
    return subprocess.Popen(command, text=True, preexec_fn=_sigint_as_at_a_terminal, **options)


def stop_by_sigint(proc: subprocess.Popen[Any], timeout: float = 20) -> None:
    """Stop a served process (``served_process``) as Ctrl-C stops it; it must end within ``timeout`` s
    (else it is killed and the test fails)."""
    if proc.poll() is not None:
        return
    proc.send_signal(signal.SIGINT)
    try:
        proc.wait(timeout=timeout)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait()
        raise AssertionError(f"{proc.args}: still running {timeout} s after Ctrl-C (SIGINT); killed") from None


class Said:
    """The lines a program (or a function given ``add`` as its log) says, as they come: ``wait_for``
    blocks until a line holds a text, woken by each new line rather than by a clock."""

    def __init__(self, stream: IO[str] | None = None, process: subprocess.Popen[Any] | None = None) -> None:
        self.lines: list[str] = []
        self.process = process
        self._changed = threading.Condition()
        self._ended = False
        if stream is not None:
            threading.Thread(target=self._read, args=(stream,), name="said", daemon=True).start()

    def _read(self, stream: IO[str]) -> None:
        for line in stream:
            self.add(line.rstrip("\n"))
        with self._changed:
            self._ended = True
            self._changed.notify_all()

    def add(self, line: str) -> None:
        with self._changed:
            self.lines.append(line)
            self._changed.notify_all()

    def wait_for(self, text: str, timeout: float = 60, since: int = 0) -> str:
        """The last line that holds ``text`` (among those from line ``since`` on), once one does; a failure
        with every line said if the program ends first or ``timeout`` seconds pass."""
        def hit() -> bool:
            return self._ended or any(text in line for line in self.lines[since:])

        with self._changed:
            self._changed.wait_for(hit, timeout)
            found = [line for line in self.lines[since:] if text in line]
        assert found, f"never said {text!r}" + (" (it ended)" if self._ended else "") + ":\n" + "\n".join(self.lines)
        return found[-1]
