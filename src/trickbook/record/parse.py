"""Reading a hand record: its file's bytes, its TOML, and every key checked, with the line of each.

Every way in (``trickbook check``, ``replay``, ``fmt``, the site build, a page's
hand block, the browser) comes through ``parse_record``, so every refusal is a
``RecordError`` naming the file and the line: bad bytes, TOML that does not
parse, nesting too deep for the TOML reader, numbers too long to convert, and
every key of format 1.
"""

from __future__ import annotations

import re
import sys
import tomllib
from dataclasses import replace
from pathlib import Path
from typing import Any, Mapping

from ..actions import Action
from ..cards import Card, parse_cards
from ..errors import N_, RecordError, TrickbookError
from ..game import HandState
from ..games import canonical_name, find_game, games, max_actions
from .model import DEAL_EXTRAS, FORMAT, SUFFIX, TOP_KEYS, DealSpec, Record
from .notes import tricks
from .positions import Positions, TooDeep, TooMany, scan
from .questions import read_questions
from .shown import show

_TOML_LINE = re.compile(r"\s*\(at line (\d+), column \d+\)")
_TOML_END = re.compile(r"\s*\(at end of document\)")
_LONG_NUMBER = re.compile(r"[0-9][0-9_]{%d,}" % max(sys.get_int_max_str_digits() - 1, 0))
_BARE_KEY = re.compile(r"^[A-Za-z0-9_-]+$")
_SEED = re.compile(r"^[0-9a-fA-F]{64}$")
_TRICK_KEY = re.compile(r"^\s*trick\s+([0-9]{1,3})\s+(\S+)\s*$", re.IGNORECASE)
# Scores, targets and hand numbers are small; a larger number is a mistake (and would be slow to print).
MAX_INT = 2**63 - 1
# What a key's value must be, said whole (each kind's sentence is translated as one).
_KIND_NAMES = {int: N_("{key} must be a whole number, not {value}"), str: N_("{key} must be a string, not {value}"),
               list: N_("{key} must be an array, not {value}"), dict: N_("{key} must be a table, not {value}")}

def clip(text: str, size: int) -> str:
    """A text cut in the middle when longer than ``size``."""
    if len(text) <= size:
        return text
    half = (size - 1) // 2
    return text[:half] + "…" + text[-half:]


def read_source(path: str | Path, what: str = "the file") -> str:
    """A UTF-8 text file's text (a byte-order mark allowed); bad bytes name their line."""
    try:
        data = Path(path).read_bytes()
    except FileNotFoundError:
        raise RecordError(f"cannot read {what}: no such file", file=str(path), code="no-such-file") from None
    except OSError as e:
        raise RecordError(f"cannot read {what}: {e.strerror or e}", file=str(path), code="no-such-file") from None
    try:
        return data.decode("utf-8-sig")  # an editor may add a byte-order mark
    except UnicodeDecodeError as e:
        line = data.count(b"\n", 0, e.start) + 1
        raise RecordError(f"not UTF-8 text: byte 0x{data[e.start]:02x} cannot start or continue a character",
                          file=str(path), line=line, code="bad-encoding") from None


def load_record(path: str | Path) -> Record:
    """Read and parse a ``<id>.hand.toml`` file (its id is the file name)."""
    return parse_record(read_source(path, "the record"), file=str(path))


def parse_record(text: str, file: str | None = None, line_offset: int = 0) -> Record:
    """Parse a record's TOML text.

    ``file`` names where it came from: a ``<id>.hand.toml`` file gives the id;
    any other file (a Markdown page) holds an inline record, which must carry an
    ``id`` key. ``line_offset`` is added to every line (an inline record's
    position in its page).
    """
    return _Parser(text, file, line_offset).parse()


def read_toml(text: str, file: str | None = None, line_offset: int = 0) -> tuple[dict[str, Any], Positions]:
    """TOML text as data, with its positions; anything ``tomllib`` cannot take is a RecordError."""
    def error(message: str, line: int | None, code: str) -> RecordError:
        return RecordError(message, file=file, line=None if line is None else line + line_offset, code=code)

    try:
        positions = scan(text, max_actions())
    except TooDeep as e:
        raise error(f"too deep: {e}; a record needs two levels at most", e.line, "too-deep") from None
    except TooMany as e:
        raise error(f"too many actions: no hand of any game takes more than {e.limit}", e.line,
                    "too-many-actions") from None
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as e:
        message = str(e)
        m = _TOML_LINE.search(message)
        if m:
            line: int | None = int(m.group(1))
        elif _TOML_END.search(message):
            line = text.rstrip().count("\n") + 1  # the last line with text
        else:
            line = None
        message = _TOML_END.sub("", _TOML_LINE.sub("", message)).strip()
        unclosed = _unclosed_string(text, message, line)
        if unclosed is not None:
            line, message = unclosed
        raise error(f"TOML syntax: {message}", line, "toml-syntax") from None
    except RecursionError:  # the scan bounds nesting; this is the last guard
        raise error("too deep: arrays or inline tables nested too deep", None, "too-deep") from None
    except ValueError:  # Python's limit on converting long numbers
        m = _LONG_NUMBER.search(text)
        line = text.count("\n", 0, m.start()) + 1 if m else None
        raise error(f"a number of more than {sys.get_int_max_str_digits()} digits is too long to read",
                    line, "bad-value") from None
    path = _huge_number(data, ())
    if path is not None:
        raise error(f"{'.'.join(path)}: a whole number too large for a record (at most {MAX_INT})",
                    positions.line_of(*path), "bad-value")
    return data, positions


def _unclosed_string(text: str, message: str, line: int | None) -> tuple[int | None, str] | None:
    r"""``tomllib``'s words for a string without its closing quote, said plainly, at the line it opens.

    >>> _unclosed_string('S = "JS 9H\nN = "AC"', "Illegal character '\\n'", 1)
    (1, 'a string is not closed: end it with " on the same line')
    """
    if message == "Illegal character '\\n'" and line is not None:
        lines = text.split("\n")
        if line <= len(lines):
            quote = next((q for q in "\"'" if lines[line - 1].count(q) % 2), '"')
            return line, f"a string is not closed: end it with {quote} on the same line"
    lines = text.split("\n")
    if message == "Unterminated string":  # a multi-line string runs to the end: point at where it opens
        opens = [i for i, text_line in enumerate(lines, 1) if '"""' in text_line or "'''" in text_line]
        return (opens[-1] if opens else line), "a string is not closed"
    if message in ("Expected \"'\"", "Expected '\"'"):
        quote = message[-2]
        opens = [i for i, text_line in enumerate(lines, 1) if text_line.count(quote) % 2]
        return (opens[-1] if opens else line), f"a string is not closed: end it with {quote} on the same line"
    return None


def _huge_number(value: Any, path: tuple[str, ...]) -> tuple[str, ...] | None:
    """The key path of the first integer beyond ±MAX_INT (``0x…`` reaches any size), if any."""
    if isinstance(value, int) and not isinstance(value, bool):
        return path if abs(value) > MAX_INT else None
    items = value.items() if isinstance(value, dict) else enumerate(value) if isinstance(value, list) else ()
    for key, item in items:
        found = _huge_number(item, path + (str(key),) if isinstance(key, str) else path)
        if found is not None:
            return found
    return None


def _refuse_a_bad_action_first(record: Record) -> None:
    """A note keyed by a mistyped action is often the trace of a mistyped action: when the
    record's actions do not replay, their refusal (the card, its line and the rule) is the
    error to report, before the note's."""
    from .replay import replay  # replay reads the records this module parses

    try:
        replay(record)
    except TrickbookError as action_error:
        raise action_error from None


class _Parser:
    def __init__(self, text: str, file: str | None, offset: int) -> None:
        self.text = text
        self.file = file
        self.offset = offset
        self.positions = Positions()
        self.game_class: type[HandState] = HandState
        self.seats_read: tuple[str, ...] = ()
        self.dealer_read = ""
        self.note_keys: dict[int, str] = {}
        self.game = ""

    def line(self, *path: str) -> int | None:
        line = self.positions.line_of(*path)
        return None if line is None else line + self.offset

    def error(self, message: str, code: str, *path: str, line: int | None = None) -> RecordError:
        return RecordError(message, file=self.file, line=line if line is not None else self.line(*path), code=code)

    def said(self, template: str, values: Mapping[str, Any], code: str, *path: str,
             line: int | None = None) -> RecordError:
        """An error whose message is an ``engine`` catalog template (the command line translates it)."""
        return RecordError(template.format_map(values), file=self.file,
                           line=line if line is not None else self.line(*path), code=code,
                           template=template, values=values)

    def parse(self) -> Record:
        data, self.positions = read_toml(self.text, self.file, self.offset)
        for key in data:
            if key not in TOP_KEYS:
                raise self.said(N_("unknown key {key} (known: {known})"),
                                {"key": show(key), "known": ", ".join(TOP_KEYS)}, "unknown-key", key)
        fmt = self.need(data, "format", int)
        if fmt != FORMAT:
            raise self.error(
                f"unknown record format {show(fmt)}: this engine reads format {FORMAT}", "bad-format", "format"
            )
        game = self.game = self.game_name(self.need(data, "game", str))
        cls = self.game_class = find_game(game)
        seats = self.seats_read = self.seats(data, cls)
        dealer = self.dealer_read = self.seat_name(self.need(data, "dealer", str), seats, "dealer")
        record_id, id_written = self.record_id(data)
        actions, lines = self.actions(data, seats)
        actions = tuple(cls.canonical_action(a, dealer) for a in actions)
        bare = Record(
            game=game, seats=seats, dealer=dealer, deal=self.deal(data, seats, cls),
            actions=actions, lines=lines, id=record_id, id_written=id_written,
            title=self.optional(data, "title", str), score=self.score(data),
            rules=self.rules(data), file=self.file, positions=self.positions, line_offset=self.offset,
        )
        try:
            notes = self.notes(data, actions)
        except RecordError as note_error:
            if note_error.code == "bad-note":
                _refuse_a_bad_action_first(bare)
            raise
        return replace(bare, notes=notes, note_keys=self.note_keys,
                       questions=read_questions(self, data, len(actions), seats))

    # --- small typed getters
    def need(self, data: Mapping[str, Any], key: str, kind: type, table: str = "") -> Any:
        if key not in data:
            # The table's header, or the record's first line for a top-level key.
            line = (self.line(table) if table else None) or self.offset + 1
            if table:
                raise self.said(N_("missing key {key} in [{table}]"), {"key": repr(key), "table": table},
                                "missing-key", line=line)
            raise self.said(N_("missing key {key}"), {"key": repr(key)}, "missing-key", line=line)
        return self.typed(data, key, kind, table)

    def optional(self, data: Mapping[str, Any], key: str, kind: type, table: str = "") -> Any:
        return self.typed(data, key, kind, table) if key in data else None

    def typed(self, data: Mapping[str, Any], key: str, kind: type, table: str = "") -> Any:
        value = data[key]
        # bool is an int in Python, but `format = true` is not a number.
        if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
            path = (table, key) if table else (key,)
            raise self.said(_KIND_NAMES[kind], {"key": repr(key), "value": show(value)}, "bad-value", *path)
        return value

    def table(self, data: Mapping[str, Any], key: str) -> dict[str, Any]:
        return dict(self.optional(data, key, dict) or {})

    def rules(self, data: Mapping[str, Any]) -> dict[str, Any]:
        rules = self.table(data, "rules")
        for k, v in rules.items():
            if not isinstance(v, (bool, int, float, str)):
                raise self.said(N_("rules option {key} must be true/false, a number or a string, not {value}"),
                                {"key": show(k), "value": show(v)}, "bad-value", "rules", k)
        return rules

    # --- the parts
    def game_name(self, name: str) -> str:
        try:
            return canonical_name(name)
        except TrickbookError as e:
            raise self.error(str(e), "unknown-game", "game") from None

    def seats(self, data: Mapping[str, Any], cls: type[HandState]) -> tuple[str, ...]:
        if "seats" not in data:
            # Nap's default table (A B C …) is as large as the deal: count the hands it names.
            deal = data.get("deal")
            dealt = sum(1 for k in deal if k not in DEAL_EXTRAS) if isinstance(deal, dict) else 0
            return cls.default_seats_for(dealt)
        seats = self.typed(data, "seats", list)
        for s in seats:
            if not isinstance(s, str) or not s or any(ch.isspace() or ch in ";#" for ch in s):
                raise self.said(N_("seat names are single words without ';' or '#', not {value}"),
                                {"value": show(s)}, "bad-value", "seats")
        if len({s.lower() for s in seats}) != len(seats):
            raise self.said(N_("seat names repeat: {seats}"), {"seats": show(" ".join(seats))}, "bad-value", "seats")
        return tuple(seats)

    def seat_name(self, name: str, seats: tuple[str, ...], *path: str) -> str:
        for s in seats:
            if s.lower() == name.lower():
                return s
        raise self.said(N_("{name} is not a seat ({seats})"), {"name": show(name), "seats": " ".join(seats)},
                        "bad-seat", *path)

    def record_id(self, data: Mapping[str, Any]) -> tuple[str | None, bool]:
        written = self.optional(data, "id", str)
        if written is not None and not _BARE_KEY.match(written):
            raise self.said(N_("an id is letters, digits, '-' and '_', not {value}"), {"value": show(written)},
                            "bad-value", "id")
        if self.file is None:
            return written, written is not None
        name = Path(self.file).name
        if not name.endswith(SUFFIX):
            if written is None:
                raise self.said(N_("an inline record must carry an 'id' key"), {}, "missing-id", line=self.offset + 1)
            return written, True
        from_name = name[: -len(SUFFIX)]
        if written is not None and written != from_name:
            raise self.said(N_("id {id} differs from the file name's {name}"),
                            {"id": repr(written), "name": repr(from_name)}, "bad-value", "id")
        return from_name, written is not None

    def score(self, data: Mapping[str, Any]) -> dict[str, int] | None:
        score = self.optional(data, "score", dict)
        if score is None:
            return None
        for k, v in score.items():
            if not isinstance(v, int) or isinstance(v, bool):
                raise self.said(N_("score of {key} must be a whole number, not {value}"),
                                {"key": show(k), "value": show(v)}, "bad-value", "score", k)
        return dict(score)

    def deal(self, data: Mapping[str, Any], seats: tuple[str, ...], cls: type[HandState]) -> DealSpec:
        table = self.need(data, "deal", dict)
        hands: dict[str, tuple[Card, ...]] = {}
        extras: dict[str, str] = {}  # each extra key of [deal] -> the key as written (the game's word)
        for key in table:
            extra = key if key in DEAL_EXTRAS else cls.deal_words.get(key.lower())
            if extra is not None:
                if extra in extras:
                    raise self.said(N_("[deal] gives {extra} twice, as {first} and {second}"),
                                    {"extra": show(extra), "first": show(extras[extra]), "second": show(key)},
                                    "bad-deal", "deal", key)
                extras[extra] = key
                continue
            if not any(s.lower() == key.lower() for s in seats):
                raise self.error(_not_a_deal_key(key, seats, cls), "bad-deal", "deal", key)
            seat = self.seat_name(key, seats, "deal", key)
            if seat in hands:
                raise self.said(N_("{seat} is dealt twice in [deal]"), {"seat": seat}, "bad-deal", "deal", key)
            hands[seat] = self.cards(table, key)
        if "seed" in extras:
            seed = self.typed(table, "seed", str, "deal")
            if not _SEED.match(seed):
                raise self.said(N_("a seed is 64 hex digits, not {value}"), {"value": show(seed)},
                                "bad-deal", "deal", "seed")
            if hands or {"turn", "kitty", "stock"} & extras.keys():
                raise self.said(N_("a seeded deal gives no cards: write either the seed or the cards"), {},
                                "bad-deal", "deal", "seed")
            hand = self.optional(table, "hand", int, "deal")
            if hand is not None and hand < 1:
                raise self.said(N_("hand numbers start at 1, not {value}"), {"value": show(hand)},
                                "bad-deal", "deal", "hand")
            return DealSpec(seed=seed.lower(), hand=hand or 1)
        if "hand" in extras:
            raise self.said(N_("'hand' needs a 'seed'"), {}, "bad-deal", "deal", "hand")
        turn = self.cards(table, extras["turn"]) if "turn" in extras else ()
        if len(turn) > 1:
            raise self.said(N_("{key} is one card"), {"key": show(extras["turn"])}, "bad-deal", "deal", extras["turn"])
        return DealSpec(
            hands=hands,
            turn=turn[0] if turn else None,
            kitty=self.cards(table, extras["kitty"]) if "kitty" in extras else (),
            stock=self.cards(table, extras["stock"]) if "stock" in extras else (),
        )

    def cards(self, table: Mapping[str, Any], key: str) -> tuple[Card, ...]:
        value = self.typed(table, key, str, "deal")
        try:
            return tuple(parse_cards(value))
        except TrickbookError as e:
            raise RecordError(f"[deal] {key}: {e}", file=self.file, line=self.line("deal", key), code=e.code,
                              template=e.template, values={**e.values, "key": key},
                              lead="[deal] {key}: " if e.template else None) from None

    def actions(
        self, data: Mapping[str, Any], seats: tuple[str, ...]
    ) -> tuple[tuple[Action, ...], tuple[int | None, ...]]:
        pieces = self.action_texts(data)
        limit = find_game(self.game).max_actions()
        if len(pieces) > limit:
            title = find_game(self.game).title
            template = N_("too many actions: a hand of {game} takes at most {limit}")
            values = {"game": title, "limit": limit}
            raise RecordError(template.format_map(values), file=self.file, line=pieces[limit][1], step=limit + 1,
                              code="too-many-actions", template=template, values=values)
        actions: list[Action] = []
        known: dict[str, Action] = {}  # a long record says "pass" many times: read each text once
        for number, (text, line) in enumerate(pieces, 1):
            try:
                action = known.get(text)
                if action is None:
                    action = known[text] = Action.parse(text, seats)
                actions.append(action)
            except TrickbookError as e:
                raise RecordError(clip(str(e), 200), file=self.file, line=line, step=number,
                                  seat=_seat_word(text, seats), action=clip(text, 60), code=e.code,
                                  template=e.template, values=e.values) from None
        return tuple(actions), tuple(line for _, line in pieces)

    def action_texts(self, data: Mapping[str, Any]) -> list[tuple[str, int | None]]:
        """Each action's text with its source line."""
        if "actions" not in data:
            return []
        value = data["actions"]
        strings = self.positions.strings.get(("actions",), [])
        chunks: list[tuple[str, int | None]]
        if isinstance(value, str):
            lines = value.split("\n")
            at = strings[0] if len(strings) == 1 else None
            if at is None:
                chunks = [(text, None) for text in lines]
            elif at.multiline:
                chunks = [(text, at.first + i + self.offset) for i, text in enumerate(lines)]
            else:
                # A one-line string: an escaped newline in it is still on the key's line.
                chunks = [(text, at.line + self.offset) for text in lines]
        elif isinstance(value, list) and all(isinstance(v, str) for v in value):
            if len(strings) == len(value):
                chunks = [(text, at.line + self.offset) for text, at in zip(value, strings, strict=False)]
            else:
                chunks = [(text, None) for text in value]
        else:
            raise self.said(N_("'actions' must be a string or an array of strings"), {}, "bad-value", "actions")
        out = []
        for chunk, line in chunks:
            # A '#' never occurs in an action, so it starts a comment inside the string.
            for piece in chunk.split("#", 1)[0].split(";"):
                if piece.strip():
                    out.append((piece.strip(), line))
        return out

    def notes(self, data: Mapping[str, Any], actions: tuple[Action, ...]) -> dict[int, str]:
        """The notes by action number; a key is a number, an action's text or ``trick N SEAT``."""
        notes: dict[int, str] = {}
        keys: dict[int, str] = {}
        for key, value in self.table(data, "notes").items():
            number = self.note_number(key, actions)
            if not isinstance(value, str):
                raise self.said(N_("note {key} must be a string"), {"key": key}, "bad-value", "notes", key)
            if number in notes:
                raise self.said(N_("two notes on action {number}: {first} and {second}"),
                                {"number": number, "first": show(keys[number]), "second": show(key)},
                                "bad-note", "notes", key)
            notes[number], keys[number] = value, key
        self.note_keys = keys
        return dict(sorted(notes.items()))

    def note_number(self, key: str, actions: tuple[Action, ...]) -> int:
        """The action a note's key names: its number, its text (``"C 7D"``) or its trick and seat."""
        count = len(actions)
        # An action number has few digits; a long one is refused before Python converts it.
        if key.isascii() and key.isdigit() and len(key) <= 9 and 0 <= int(key) <= count:
            return int(key)
        trick = _TRICK_KEY.match(key)
        if trick:
            return self.trick_note(key, int(trick.group(1)), trick.group(2), actions)
        try:
            wanted = Action.parse(key, self.seats_read)
        except TrickbookError:
            raise self.said(N_("a note is keyed by an action number from 0 to {count}, an action "
                               "(\"C 7D\") or a trick and seat (\"trick 2 C\"), not {key}"),
                            {"count": count, "key": show(key)}, "bad-note", "notes", key) from None
        wanted = self.game_class.canonical_action(wanted, self.dealer_read)
        found = [n for n, action in enumerate(actions, 1) if action is wanted]
        if len(found) == 1:
            return found[0]
        if not found:
            raise self.said(N_("the note {key} names no action of this record"), {"key": show(key)},
                            "bad-note", "notes", key)
        numbers = ", ".join(map(str, found))
        raise self.said(N_("{key} is actions {numbers}: key its note by number or as \"trick N SEAT\""),
                        {"key": show(key), "numbers": numbers}, "bad-note", "notes", key)

    def trick_note(self, key: str, trick: int, seat_word: str, actions: tuple[Action, ...]) -> int:
        """The number of the card ``seat`` played to trick ``trick`` (a lone hand's tricks have a seat fewer)."""
        seat = self.seat_name(seat_word, self.seats_read, "notes", key)
        all_tricks = tricks(actions, self.seats_read)
        for n in all_tricks[trick - 1] if 1 <= trick <= len(all_tricks) else ():
            if actions[n - 1].seat == seat:
                return n
        raise self.said(N_("the note {key}: {seat} plays no card to trick {trick} in this record"),
                        {"key": show(key), "seat": seat, "trick": trick}, "bad-note", "notes", key)


def _not_a_deal_key(key: str, seats: tuple[str, ...], cls: type[HandState]) -> str:
    """Why ``key`` has no place in [deal], naming the key the author probably meant."""
    own = sorted(cls.deal_words)
    keys = ", ".join(list(DEAL_EXTRAS) + own)
    message = f"{show(key)} is not a seat ({' '.join(seats)}) nor a key of [deal] ({keys})"
    turn_words = {word for game in games() for word in game.deal_words} | {"turn"}
    if key.lower() in turn_words:
        if cls.turn_card:
            message += f"; the {cls.turn_card} is written 'turn'"
        else:
            message += f"; {cls.title or cls.game} turns no card after the deal"
    return message


def _seat_word(text: str, seats: tuple[str, ...]) -> str | None:
    words = text.split()
    if words:
        for s in seats:
            if s.lower() == words[0].lower():
                return s
    return None
