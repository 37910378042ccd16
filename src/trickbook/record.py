"""The hand record, format 1: parse and print its TOML text, and replay it through the engine.

A record is one hand: the game, the seats, the dealer, the deal and the actions
in order. ``tomllib`` reads the TOML but gives no positions inside strings, so
this module finds the source line of every key and of every action itself, and
every error names the file, the line, the action number and the rule's reason.
"""

from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Mapping

from .actions import Action
from .cards import Card, format_cards, parse_cards
from .errors import DealError, IllegalActionError, RecordError, TrickbookError
from .game import Deal, HandState
from .games import canonical_name, find_game
from .messages import Event, Reason

FORMAT = 1
SUFFIX = ".hand.toml"
TOP_KEYS = ("format", "id", "game", "title", "seats", "dealer", "score", "actions", "rules", "deal", "notes")
DEAL_EXTRAS = ("turn", "kitty", "stock", "seed", "hand")
_TOML_LINE = re.compile(r"\(at line (\d+), column \d+\)")
_BARE_KEY = re.compile(r"^[A-Za-z0-9_-]+$")
_SEED = re.compile(r"^[0-9a-fA-F]{64}$")


class ActionRefused(RecordError):
    """A record action that the rules refuse; ``reason`` is the engine's explanation."""

    def __init__(self, reason: Reason, **where: Any) -> None:
        self.reason = reason
        super().__init__(reason.text, code=reason.code, **where)


@dataclass(frozen=True)
class DealSpec:
    """The ``[deal]`` table: the hands as written, or a seed and a hand number."""

    hands: Mapping[str, tuple[Card, ...]] = field(default_factory=dict)
    turn: Card | None = None
    kitty: tuple[Card, ...] = ()
    stock: tuple[Card, ...] = ()
    seed: str | None = None
    hand: int | None = None


@dataclass(frozen=True)
class Record:
    """A parsed hand record. Equality ignores where it came from (file, lines)."""

    game: str
    seats: tuple[str, ...]
    dealer: str
    deal: DealSpec
    actions: tuple[Action, ...] = ()
    id: str | None = None
    title: str | None = None
    score: Mapping[str, int] | None = None
    rules: Mapping[str, Any] = field(default_factory=dict)
    notes: Mapping[int, str] = field(default_factory=dict)
    format: int = FORMAT
    file: str | None = field(default=None, compare=False)
    lines: tuple[int | None, ...] = field(default=(), compare=False)
    key_lines: Mapping[tuple[str, str], int] = field(default_factory=dict, compare=False, repr=False)
    id_written: bool = field(default=False, compare=False)

    def __str__(self) -> str:
        """The record's canonical TOML text: ``parse_record(str(record)) == record``."""
        return format_record(self)

    def line_of(self, table: str, key: str | None = None) -> int | None:
        """The source line of a key (``table`` "" is the top level), or of a table header."""
        return self.key_lines.get((table, key if key is not None else "["))

    def action_line(self, number: int) -> int | None:
        """The source line of action ``number`` (1-based)."""
        if 1 <= number <= len(self.lines):
            return self.lines[number - 1]
        return None


@dataclass
class Step:
    """Step ``number`` is the state after the first ``number`` actions; step 0 is the deal."""

    number: int
    action: Action | None
    line: int | None
    events: list[Event]
    note: str | None
    score: dict[str, int] = field(default_factory=dict)
    view: dict[str, Any] | None = None

    @property
    def text(self) -> str | None:
        return None if self.action is None else str(self.action)

    def as_json(self) -> dict[str, Any]:
        return {
            "step": self.number,
            "action": self.text,
            "line": self.line,
            "events": [e.as_dict() for e in self.events],
            "note": self.note,
            "view": self.view,
        }


@dataclass
class Replay:
    """A record played through the engine: the final state and every step on the way."""

    record: Record
    state: HandState
    steps: list[Step]

    def as_json(self) -> dict[str, Any]:
        """The object ``trickbook replay --json`` prints."""
        s = self.state
        out: dict[str, Any] = {
            "deal": s.deal.as_json(),
            "trump": s.trump,
            "tricks": [t.as_json() for t in s.tricks if t.entries],
            "awards": [a.as_json() for a in s.awards],
            "score": dict(s.score),
            "winner": s.winner,
        }
        if hasattr(s, "payments"):
            out["payments"] = s.payments
        out["events"] = [e.as_dict() for e in s.events]
        return out

    def transcript(self) -> str:
        """A readable account of the hand: each step's action, its events and the score."""
        r, s = self.record, self.state
        out = [f"{r.id or '<record>'}: {r.title or ''}".rstrip(),
               f"game {r.game}; seats {' '.join(r.seats)}; dealer {r.dealer}"]
        for seat, cards in s.deal.hands.items():
            out.append(f"deal {seat}: {format_cards(cards)}")
        for name in ("turn", "kitty", "stock"):
            value = s.deal.as_json().get(name)
            if value:
                out.append(f"deal {name}: {value if isinstance(value, str) else ' '.join(value)}")
        score = None
        for step in self.steps:
            out.append(f"{step.number:>3} {step.text or '(deal)'}")
            out.extend(f"      {e.text}" for e in step.events)
            now = _score_text(step.score)
            if now != score:
                out.append(f"      score: {now}")
                score = now
        out.append(f"final score: {_score_text(s.score)}; winner: {s.winner or '-'}")
        payments = getattr(s, "payments", None)
        if payments is not None:
            out.append(f"payments: {_score_text(payments)}")
        return "\n".join(out) + "\n"


def _score_text(score: Mapping[str, int]) -> str:
    return ", ".join(f"{k} {v}" for k, v in score.items())


# ----- reading ---------------------------------------------------------------

def load_record(path: str | Path) -> Record:
    """Read and parse a ``<id>.hand.toml`` file (its id is the file name)."""
    p = Path(path)
    try:
        text = p.read_text(encoding="utf-8-sig")  # an editor may add a byte-order mark
    except UnicodeDecodeError as e:
        raise RecordError(f"not UTF-8 text: {e.reason}", file=str(path), code="bad-encoding") from None
    return parse_record(text, file=str(path))


def parse_record(text: str, file: str | None = None, line_offset: int = 0) -> Record:
    """Parse a record's TOML text.

    ``file`` names where it came from: a ``<id>.hand.toml`` file gives the id;
    any other file (a Markdown page) holds an inline record, which must carry an
    ``id`` key. ``line_offset`` is added to every line (an inline record's
    position in its page).
    """
    return _Parser(text, file, line_offset).parse()


class _Parser:
    def __init__(self, text: str, file: str | None, offset: int) -> None:
        self.text = text
        self.file = file
        self.offset = offset
        self.key_lines: dict[tuple[str, str], int] = {}

    def error(self, message: str, code: str, table: str = "", key: str | None = None,
              line: int | None = None, **more: Any) -> RecordError:
        if line is None:
            line = self.key_lines.get((table, key if key is not None else "["))
        return RecordError(message, file=self.file, line=line, code=code, **more)

    def parse(self) -> Record:
        try:
            data = tomllib.loads(self.text)
        except tomllib.TOMLDecodeError as e:
            m = _TOML_LINE.search(str(e))
            line = int(m.group(1)) + self.offset if m else None
            raise RecordError(f"TOML syntax: {_TOML_LINE.sub('', str(e)).strip()}",
                              file=self.file, line=line, code="toml-syntax") from None
        self.key_lines = {k: v + self.offset for k, v in _key_lines(self.text).items()}
        for key in data:
            if key not in TOP_KEYS:
                raise self.error(f"unknown key {key!r} (known: {', '.join(TOP_KEYS)})", "unknown-key", key=key)
        fmt = self.need(data, "format", int)
        if fmt != FORMAT:
            raise self.error(f"unknown record format {fmt!r}: this engine reads format {FORMAT}", "bad-format", key="format")
        game = self.game_name(self.need(data, "game", str))
        cls = find_game(game)
        seats = self.seats(data, cls)
        dealer = self.seat_name(self.need(data, "dealer", str), seats, "", "dealer")
        record_id, id_written = self.record_id(data)
        actions, lines = self.actions(data, seats)
        actions = tuple(cls.canonical_action(a, dealer) for a in actions)
        return Record(
            game=game, seats=seats, dealer=dealer, deal=self.deal(data, seats),
            actions=actions, lines=lines, id=record_id, id_written=id_written,
            title=self.optional(data, "title", str), score=self.score(data),
            rules=self.rules(data), notes=self.notes(data, len(actions)),
            file=self.file, key_lines=self.key_lines,
        )

    # --- small typed getters
    def need(self, data: Mapping[str, Any], key: str, kind: type, table: str = "") -> Any:
        if key not in data:
            where = f" in [{table}]" if table else ""
            raise self.error(f"missing key {key!r}{where}", "missing-key", table=table)
        return self.typed(data, key, kind, table)

    def optional(self, data: Mapping[str, Any], key: str, kind: type, table: str = "") -> Any:
        return self.typed(data, key, kind, table) if key in data else None

    def typed(self, data: Mapping[str, Any], key: str, kind: type, table: str = "") -> Any:
        value = data[key]
        # bool is an int in Python, but `format = true` is not a number.
        if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
            raise self.error(f"{key!r} must be {_KIND_NAMES[kind]}, not {value!r}", "bad-value", table, key)
        return value

    def table(self, data: Mapping[str, Any], key: str) -> dict[str, Any]:
        return dict(self.optional(data, key, dict) or {})

    def rules(self, data: Mapping[str, Any]) -> dict[str, Any]:
        rules = self.table(data, "rules")
        for k, v in rules.items():
            if not isinstance(v, (bool, int, float, str)):
                raise self.error(f"rules option {k!r} must be true/false, a number or a string, not {v!r}",
                                 "bad-value", "rules", k)
        return rules

    # --- the parts
    def game_name(self, name: str) -> str:
        try:
            return canonical_name(name)
        except TrickbookError as e:
            raise self.error(str(e), "unknown-game", key="game") from None

    def seats(self, data: Mapping[str, Any], cls: type[HandState]) -> tuple[str, ...]:
        if "seats" not in data:
            # Nap's default table (A B C …) is as large as the deal: count the hands it names.
            deal = data.get("deal")
            dealt = sum(1 for k in deal if k not in DEAL_EXTRAS) if isinstance(deal, dict) else 0
            return cls.default_seats_for(dealt)
        seats = self.typed(data, "seats", list)
        for s in seats:
            if not isinstance(s, str) or not s or any(ch.isspace() or ch in ";#" for ch in s):
                raise self.error(f"seat names are single words without ';' or '#', not {s!r}", "bad-value", key="seats")
        if len({s.lower() for s in seats}) != len(seats):
            raise self.error(f"seat names repeat: {' '.join(seats)}", "bad-value", key="seats")
        return tuple(seats)

    def seat_name(self, name: str, seats: tuple[str, ...], table: str, key: str) -> str:
        for s in seats:
            if s.lower() == name.lower():
                return s
        raise self.error(f"{name!r} is not a seat ({' '.join(seats)})", "bad-deal", table, key)

    def record_id(self, data: Mapping[str, Any]) -> tuple[str | None, bool]:
        written = self.optional(data, "id", str)
        if written is not None and not _BARE_KEY.match(written):
            raise self.error(f"an id is letters, digits, '-' and '_', not {written!r}", "bad-value", key="id")
        if self.file is None:
            return written, written is not None
        name = Path(self.file).name
        if not name.endswith(SUFFIX):
            if written is None:
                raise self.error("an inline record must carry an 'id' key", "missing-id", line=self.offset + 1)
            return written, True
        from_name = name[: -len(SUFFIX)]
        if written is not None and written != from_name:
            raise self.error(f"id {written!r} differs from the file name's {from_name!r}", "bad-value", key="id")
        return from_name, written is not None

    def score(self, data: Mapping[str, Any]) -> dict[str, int] | None:
        score = self.optional(data, "score", dict)
        if score is None:
            return None
        for k, v in score.items():
            if not isinstance(v, int) or isinstance(v, bool):
                raise self.error(f"score of {k!r} must be a whole number, not {v!r}", "bad-value", key="score")
        return dict(score)

    def deal(self, data: Mapping[str, Any], seats: tuple[str, ...]) -> DealSpec:
        table = self.need(data, "deal", dict)
        hands: dict[str, tuple[Card, ...]] = {}
        extras: dict[str, Any] = {}
        for key, value in table.items():
            if key in DEAL_EXTRAS:
                extras[key] = value
                continue
            seat = self.seat_name(key, seats, "deal", key)
            if seat in hands:
                raise self.error(f"{seat} is dealt twice in [deal]", "bad-deal", "deal", key)
            hands[seat] = self.cards(table, key)
        seed = self.optional(table, "seed", str, "deal")
        if seed is not None:
            if not _SEED.match(seed):
                raise self.error(f"a seed is 64 hex digits, not {seed!r}", "bad-deal", "deal", "seed")
            if hands or {"turn", "kitty", "stock"} & extras.keys():
                raise self.error("a seeded deal gives no cards: write either the seed or the cards", "bad-deal", "deal", "seed")
            hand = self.optional(table, "hand", int, "deal")
            if hand is not None and hand < 1:
                raise self.error(f"hand numbers start at 1, not {hand}", "bad-deal", "deal", "hand")
            return DealSpec(seed=seed.lower(), hand=hand or 1)
        if "hand" in extras:
            raise self.error("'hand' needs a 'seed'", "bad-deal", "deal", "hand")
        turn = self.cards(table, "turn") if "turn" in table else ()
        if len(turn) > 1:
            raise self.error("'turn' is one card", "bad-deal", "deal", "turn")
        return DealSpec(
            hands=hands,
            turn=turn[0] if turn else None,
            kitty=self.cards(table, "kitty") if "kitty" in table else (),
            stock=self.cards(table, "stock") if "stock" in table else (),
        )

    def cards(self, table: Mapping[str, Any], key: str) -> tuple[Card, ...]:
        value = self.typed(table, key, str, "deal")
        try:
            return tuple(parse_cards(value))
        except TrickbookError as e:
            raise self.error(f"[deal] {key}: {e}", e.code, "deal", key) from None

    def actions(self, data: Mapping[str, Any], seats: tuple[str, ...]) -> tuple[tuple[Action, ...], tuple[int | None, ...]]:
        pieces = list(self.action_texts(data))
        actions: list[Action] = []
        for number, (text, line) in enumerate(pieces, 1):
            try:
                actions.append(Action.parse(text, seats))
            except TrickbookError as e:
                raise RecordError(str(e), file=self.file, line=line, step=number, seat=_seat_word(text, seats),
                                  action=text, code=e.code) from None
        return tuple(actions), tuple(line for _, line in pieces)

    def action_texts(self, data: Mapping[str, Any]) -> list[tuple[str, int | None]]:
        """Each action's text with its source line."""
        if "actions" not in data:
            return []
        value = data["actions"]
        start = self.key_lines.get(("", "actions"))
        if isinstance(value, str):
            chunks = list(zip(value.split("\n"), _string_lines(self.text, start, value, self.offset), strict=False))
        elif isinstance(value, list) and all(isinstance(v, str) for v in value):
            chunks = list(zip(value, _array_lines(self.text, start, value, self.offset), strict=False))
        else:
            raise self.error("'actions' must be a string or an array of strings", "bad-value", key="actions")
        out = []
        for chunk, line in chunks:
            # A '#' never occurs in an action, so it starts a comment inside the string.
            for piece in chunk.split("#", 1)[0].split(";"):
                if piece.strip():
                    out.append((piece.strip(), line))
        return out

    def notes(self, data: Mapping[str, Any], count: int) -> dict[int, str]:
        notes: dict[int, str] = {}
        for key, value in self.table(data, "notes").items():
            if not (key.isascii() and key.isdigit()) or not 0 <= int(key) <= count:
                raise self.error(f"a note is keyed by an action number from 0 to {count}, not {key!r}",
                                 "bad-note", "notes", key)
            if not isinstance(value, str):
                raise self.error(f"note {key} must be a string", "bad-value", "notes", key)
            notes[int(key)] = value
        return dict(sorted(notes.items()))


_KIND_NAMES = {int: "a whole number", str: "a string", list: "an array", dict: "a table"}


def _seat_word(text: str, seats: tuple[str, ...]) -> str | None:
    words = text.split()
    if words:
        for s in seats:
            if s.lower() == words[0].lower():
                return s
    return None


def _key_lines(text: str) -> dict[tuple[str, str], int]:
    """Where each key is: ``{(table, key): line}``; a table's header is ``(table, "[")``.

    A light scan, enough to point at a line: table headers, ``key =`` at the
    start of a line, and multi-line strings skipped over.
    """
    out: dict[tuple[str, str], int] = {}
    table = ""
    open_delim: str | None = None
    for number, line in enumerate(text.split("\n"), 1):
        if open_delim is not None:
            if open_delim in line:
                open_delim = None
            continue
        s = line.strip()
        if s.startswith("["):
            table = s.lstrip("[").split("]", 1)[0].strip().strip("\"'")
            out.setdefault((table, "["), number)
            continue
        if "=" not in s or s.startswith("#"):
            continue
        key, value = s.split("=", 1)
        out.setdefault((table, key.strip().strip("\"'")), number)
        value = value.strip()
        for delim in ('"""', "'''"):
            if value.startswith(delim) and value.count(delim) == 1:
                open_delim = delim
    return out


def _string_lines(text: str, start: int | None, value: str, offset: int) -> list[int | None]:
    """The source line of each line of a string value whose key is on line ``start``."""
    count = value.count("\n") + 1
    if start is None:
        return [None] * count
    raw = text.split("\n")[start - 1 - offset]
    after = raw.split("=", 1)[1].strip()
    if not after.startswith(('"""', "'''")):
        # A one-line string: an escaped newline in it is still on the key's line.
        return [start] * count
    first = start
    # TOML drops a newline right after the opening delimiter of a multi-line string.
    if after in ('"""', "'''"):
        first += 1
    return [first + i for i in range(count)]


def _array_lines(text: str, start: int | None, values: list[str], offset: int) -> list[int | None]:
    """The source line of each string in an array, found in order after the key."""
    if start is None:
        return [None] * len(values)
    lines = text.split("\n")
    body = "\n".join(lines[start - 1 - offset:])
    out: list[int | None] = []
    pos = 0
    for v in values:
        found = -1
        for quote in ('"', "'"):
            found = body.find(quote + v + quote, pos)
            if found >= 0:
                break
        if found < 0:
            out.append(None)
            continue
        out.append(start + body.count("\n", 0, found))
        pos = found + len(v) + 2
    return out


# ----- replaying -------------------------------------------------------------

def replay(record: Record, stop: int | None = None, views: bool = False) -> Replay:
    """Play the record's actions (the first ``stop`` of them, if given) through the engine.

    With ``views``, each step keeps ``state.full_view()`` (the study view the
    step-through player shows).
    """
    state = new_state(record)
    first = Step(0, None, None, list(state.events), record.notes.get(0), dict(state.score),
                 state.full_view() if views else None)
    steps = [first]
    actions = record.actions if stop is None else record.actions[:stop]
    for number, action in enumerate(actions, 1):
        try:
            events = state.apply(action)
        except IllegalActionError as e:
            raise ActionRefused(e.reason, file=record.file, line=record.action_line(number), step=number,
                                seat=action.seat, action=str(action)) from None
        steps.append(Step(number, action, record.action_line(number), list(events), record.notes.get(number),
                          dict(state.score), state.full_view() if views else None))
    return Replay(record, state, steps)


def new_state(record: Record) -> HandState:
    """The hand as dealt: the game's state before the first action."""
    cls = find_game(record.game)
    # One option at a time first, so that an error points at the option's own line.
    for name, value in record.rules.items():
        try:
            cls.rules_class.from_options({name: value})
        except TrickbookError as e:
            raise _where(record, e, "rules", name) from None
    try:
        rules = cls.rules_class.from_options(record.rules)
    except TrickbookError as e:
        raise _where(record, e, "rules") from None
    deal = make_deal(record)
    try:
        state = cls(rules, record.seats, record.dealer, deal, None)
    except TrickbookError as e:
        raise _where(record, e, "deal") from None
    if record.score:
        try:
            _check_score_names(state, record.score)
            state = cls(rules, record.seats, record.dealer, deal, record.score)
        except TrickbookError as e:
            raise _where(record, e, "", "score") from None
    return state


def _check_score_names(state: HandState, score: Mapping[str, int]) -> None:
    """A team may be written either way round, but only once (``EW`` and ``WE`` together is an error)."""
    seen: dict[str, str] = {}
    for key in score:
        name = state.normalise_team(key)
        if name in seen:
            raise DealError(f"score names {name} twice, as {seen[name]!r} and {key!r}")
        seen[name] = key


def make_deal(record: Record) -> Deal:
    spec = record.deal
    if spec.seed is None:
        return Deal({s: list(c) for s, c in spec.hands.items()}, turn=spec.turn,
                    kitty=list(spec.kitty), stock=list(spec.stock))
    from .shuffle import deal_hand  # only seeded records need the shuffle

    try:
        return deal_hand(record.game, record.seats, record.dealer, spec.seed, spec.hand or 1)
    except TrickbookError as e:
        raise _where(record, e, "deal", "seed") from None


def _where(record: Record, e: TrickbookError, table: str, key: str | None = None) -> RecordError:
    line = record.line_of(table, key)
    if line is None and key is not None:
        line = record.line_of(table)
    return RecordError(str(e), file=record.file, line=line, code=e.code)


# ----- printing ----------------------------------------------------------------

def format_record(record: Record) -> str:
    """The record in canonical form: parsing it gives an equal record."""
    out = [f"format = {record.format}"]
    if record.id is not None and (record.id_written or record.file is None or not record.file.endswith(SUFFIX)):
        out.append(f"id = {_toml_str(record.id)}")
    out.append(f"game = {_toml_str(record.game)}")
    if record.title is not None:
        out.append(f"title = {_toml_str(record.title)}")
    out.append(f"seats = [{', '.join(_toml_str(s) for s in record.seats)}]")
    out.append(f"dealer = {_toml_str(record.dealer)}")
    if record.score is not None:
        out.append(f"score = {_inline_table(record.score)}")
    if record.actions:
        out.append('actions = """')
        out.extend(_action_lines(record))
        out.append('"""')
    if record.rules:
        out.append("\n[rules]")
        out.extend(f"{_toml_key(k)} = {_toml_value(v)}" for k, v in record.rules.items())
    out.append("\n[deal]")
    out.extend(_deal_lines(record.deal))
    if record.notes:
        out.append("\n[notes]")
        out.extend(f"{n} = {_toml_str(text)}" for n, text in sorted(record.notes.items()))
    return "\n".join(out) + "\n"


def _action_lines(record: Record) -> list[str]:
    """One trick per line; bids, trump-making and the rest one per line.

    The engine says where each trick ends; past an action it refuses, the rest
    go one per line (the record is still printed, so that it can be fixed).
    """
    lines: list[str] = []
    current: list[str] = []
    state: HandState | None
    try:
        state = new_state(record)
    except TrickbookError:
        state = None
    for action in record.actions:
        in_trick = False
        if state is not None:
            trick = state.trick
            try:
                state.apply(action)
            except TrickbookError:
                state = None
            else:
                in_trick = trick is not None and action.verb in ("play", "throw")
        if in_trick:
            current.append(str(action))
            assert state is not None
            if state.trick is not trick:
                lines.append("; ".join(current))
                current = []
        else:
            if current:
                lines.append("; ".join(current))
                current = []
            lines.append(str(action))
    if current:
        lines.append("; ".join(current))
    return lines


def _deal_lines(deal: DealSpec) -> list[str]:
    if deal.seed is not None:
        return [f"seed = {_toml_str(deal.seed)}", f"hand = {deal.hand or 1}"]
    out = [f"{_toml_key(s)} = {_toml_str(format_cards(cards))}" for s, cards in deal.hands.items()]
    if deal.turn is not None:
        out.append(f"turn = {_toml_str(str(deal.turn))}")
    if deal.kitty:
        out.append(f"kitty = {_toml_str(format_cards(deal.kitty))}")
    if deal.stock:
        out.append(f"stock = {_toml_str(format_cards(deal.stock))}")
    return out


_ESCAPES = {'"': '\\"', "\\": "\\\\", "\n": "\\n", "\t": "\\t", "\r": "\\r", "\b": "\\b", "\f": "\\f"}


def _toml_str(text: str) -> str:
    out = []
    for ch in text:
        if ch in _ESCAPES:
            out.append(_ESCAPES[ch])
        elif ord(ch) < 0x20 or ord(ch) == 0x7F:
            out.append(f"\\u{ord(ch):04x}")
        else:
            out.append(ch)
    return '"' + "".join(out) + '"'


def _toml_key(key: str) -> str:
    return key if _BARE_KEY.match(key) else _toml_str(key)


def _toml_value(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (int, float)):
        return repr(value)
    if isinstance(value, str):
        return _toml_str(value)
    raise RecordError(f"cannot print rules value {value!r}", code="bad-value")


def _inline_table(mapping: Mapping[str, Any]) -> str:
    if not mapping:
        return "{}"
    return "{ " + ", ".join(f"{_toml_key(k)} = {_toml_value(v)}" for k, v in mapping.items()) + " }"
