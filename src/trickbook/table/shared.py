"""The online table: several people at one seeded match, bots in the other seats.

A ``SharedTable`` is the single-reader ``Table`` generalized to many readers.
Each seat is a person's or a bot's; a person who is ``away`` has their seat
played by its bot (marked as a bot) until they come back. Every accepted input
(an action, a time-out, dealing the next hand, a person going away or coming
back) is kept in ``journal`` as ``[seat, move]``; ``SharedTable.resume`` plays
the journal again and reaches exactly the same table, so the journal and the
table's terms are all a server needs to store.

``view(seat)`` is that seat's view in the shape of ``Table.view()`` (its own
hand and everything public); ``view(None)`` is a spectator's, with no card
that is not public. A move returns *raw* steps; ``steps_for(seat, raw)`` turns
them into the steps one seat may read: the view after each step as that seat
sees it, a face-down card hidden, and a bot's reason withheld when it names a
card that seat cannot see.

>>> t = SharedTable("00" * 32, game="euchre", people=["S", "N"], level="gentle")
>>> t.view("S")["you"], t.view(None)["you"], t.view(None)["hand"]
('S', None, [])
>>> [s["bot"] for s in t.view("N")["seats"]]
[False, True, False, True]
"""

from __future__ import annotations

from contextlib import contextmanager
from typing import Any, Iterable, Iterator, Mapping, Sequence

from ..actions import Action
from ..cards import Card
from ..errors import IllegalActionError, NotationError, TrickbookError
from ..match import hand_finished
from ..messages import Message, Reason
from .conduct import TableError, unknown_target
from .reasons import reason_forms
from .session import MAX_BOT_MOVES, NEXT, TIMEOUT, WAIT, Table

AWAY, BACK = "away", "back"


def _cards_named(values: Mapping[str, Any]) -> set[Card]:
    """The cards a message's values name (as cards or as card notation)."""
    out: set[Card] = set()
    for value in values.values():
        if isinstance(value, Card):
            out.add(value)
        elif isinstance(value, str) and 2 <= len(value) <= 3:
            try:
                out.add(Card.parse(value))
            except NotationError:
                pass
    return out


class SharedTable(Table):
    """A whole match of ``game`` for the ``people`` seats; every other seat is a bot's.

    ``seed`` deals the match (for an online table: ``fairseed.table_seed``). The
    other arguments are ``Table``'s. Every seat has a bot, deterministic from the
    seed, which plays it unless a person holds the seat and is not away.
    """

    def __init__(self, seed: str, *, game: str, people: Iterable[str] = (),
                 players: int | None = None, rounds: int | None = None, level: str = "strong",
                 rules: Mapping[str, Any] | None = None) -> None:
        self.people: set[str] = set(people)
        self.away: set[str] = set()
        self.journal: list[list[str]] = []
        self.raw_steps: list[dict[str, Any]] = []
        self._level = level
        super().__init__(seed=seed, game=game, players=players, rounds=rounds, level=level, rules=rules)
        unknown = self.people - set(self.match.seats)
        if unknown:
            raise TableError(f"seat {sorted(unknown)[0]!r} is not at this table ({' '.join(self.match.seats)})")

    @classmethod
    def resume_shared(cls, seed: str, journal: Sequence[Sequence[str]], **terms: Any) -> "SharedTable":
        """The table reached by playing ``journal`` (``[seat, move]`` pairs) again from the start."""
        table = cls(seed, **terms)
        for number, entry in enumerate(journal, start=1):
            if len(entry) != 2 or not all(isinstance(x, str) for x in entry):
                raise TableError(f"journal entry {number} is not a seat and a move")
            seat, move = entry
            try:
                table.play_as(seat, move)
            except IllegalActionError as e:
                raise TableError(f"journal entry {number} ({seat} {move[:40]!r}) is refused: {e.reason.text}") from None
        return table

    def play_as(self, seat: str, move: str) -> list[dict[str, Any]]:
        """One journal entry: an action text, ``timeout``, ``next``, ``away`` or ``back``."""
        if move == TIMEOUT:
            return self.timeout_seat(seat)
        if move == NEXT:
            return self.next_hand_by(seat)
        if move == AWAY:
            return self.set_away(seat, True)
        if move == BACK:
            return self.set_away(seat, False)
        return self.act_as(seat, move)

    # ----- who plays ----------------------------------------------------------
    def _bot(self, seat: str) -> Any:
        bot = self.bots.get(seat)
        if bot is None:  # the base table gives no bot to its own seat; every seat here has one
            from ..bots import make_bot

            bot = make_bot(self.game, int(self.match.seed[:8], 16) + self.match.seats.index(seat), self._level)
            self.bots[seat] = bot
        return bot

    def present(self, seat: str | None) -> bool:
        """A person holds ``seat`` and is not away: the table waits for them."""
        return seat is not None and seat in self.people and seat not in self.away

    @contextmanager
    def _as(self, seat: str) -> Iterator[None]:
        """Look at the table as ``seat``: the base table and its conduct read ``self.seat``."""
        kept = self.seat
        self.seat = seat
        try:
            yield
        finally:
            self.seat = kept

    def waiting_for(self) -> str | None:
        """The seat whose decision the table waits for (the one a deadline runs for), or None."""
        if self.is_over or self.hand_over:
            return None
        current = self.state.current_player
        if self.present(current):
            return current
        for seat in self.match.seats:
            if self.present(seat):
                with self._as(seat):
                    if self.conduct.can_wait():
                        return seat
        return None

    def _advance(self) -> list[dict[str, Any]]:
        """Bots move (for their own seats and for away persons) until a present person is to decide."""
        steps: list[dict[str, Any]] = []
        state = self.state
        while not hand_finished(state) and self.waiting_for() is None:
            if len(steps) >= MAX_BOT_MOVES:
                raise TableError(f"the bots made {MAX_BOT_MOVES} moves without the hand ending")
            seat = state.current_player
            assert seat is not None
            bot = self._bot(seat)
            action = Action.parse(bot.choose(state.observation(seat)), state.seats)
            forms = reason_forms(bot)
            if forms is not None and forms[1] is not None:  # its full form, told once the hand is over
                self.held.append({"seat": seat, "action": action, "why": forms[1]})
            steps.append(self._step(action, state.apply(action), bot=True, why=forms[0] if forms else None))
        return steps

    def _step(self, action: Action | None, events: list[Any], bot: bool,
              why: dict[str, Any] | None = None) -> dict[str, Any]:
        # The cards the reason as told names (its public form, ``why``), which a seat must see to be told it:
        # not the full form's, which may name a card the bot keeps and which the public form leaves out.
        named: set[Card] = _cards_named(dict(why["values"])) if why else set()
        shown = action.card if action is not None and action.verb == "play" else None
        raw: dict[str, Any] = {
            "seat": action.seat if action else None,
            "action": action,
            "bot": bot,
            "away": bool(action is not None and action.seat in self.people and bot),
            "events": [e.as_dict() for e in events],
            # Each person's view after the step (a bot's seat is nobody's to read), and a spectator's.
            "views": {seat: self.view(seat) for seat in self.match.seats if seat in self.people},
            "spectator": self.view(None),
            "why": why,
            "why_cards": named - ({shown} if shown else set()),
            "hands": {seat: set(self.state.hands[seat]) | set(self.state.deal.hands[seat])
                      for seat in self.match.seats if seat in self.people},
        }
        if self.held and hand_finished(self.state):
            # The hand is over: the bots' full reasons may be told, each to a seat that saw every card it names.
            raw["reasons"], self.held = self.held, []
            public = self._public_cards()
            raw["seen"] = {seat: public | set(self.state.deal.hands[seat]) | set(self.state.hands[seat])
                           for seat in self.match.seats if seat in self.people}
            raw["seen"][None] = public
        self.raw_steps.append(raw)
        return raw

    def _public_cards(self) -> set[Card]:
        """Every card the hand showed to the whole table: played or thrown to a trick, turned up, kicked."""
        state = self.state
        shown = {e.card for t in state.tricks for e in t.entries if e.card is not None}
        shown |= {c for t in state.tricks for e in t.entries for c in (getattr(e, "thrown", None) or ())}
        for name in ("upcard", "kick", "turn"):
            card = getattr(state, name, None)
            if isinstance(card, Card):
                shown.add(card)
        shown |= {c for c in getattr(state, "kicks", ()) if isinstance(c, Card)}
        return shown

    def steps_for(self, seat: str | None, raw: Sequence[dict[str, Any]]) -> list[dict[str, Any]]:
        """The raw steps as a person's ``seat`` (None: a spectator) may read them, in the facade's step shape."""
        out = []
        for r in raw:
            action: Action | None = r["action"]
            if action is None:
                text = None
            elif seat == action.seat:
                text = str(action)
            else:
                text = self.conduct.shown_action(action, True)
            step: dict[str, Any] = {"seat": r["seat"], "action": text, "bot": r["bot"],
                                    "events": [dict(e) for e in r["events"]],
                                    "view": r["views"][seat] if seat is not None else r["spectator"]}
            if r["why"] is not None:
                mine = r["hands"][seat] if seat is not None else set()
                if r["why_cards"] <= mine:
                    step["why"] = r["why"]
            if r.get("timeout"):
                step["timeout"] = True
            if r["away"]:
                step["away"] = True
            if "reasons" in r:
                seen = r["seen"].get(seat, set())
                step["reasons"] = [
                    {"seat": h["seat"], "why": h["why"],
                     "action": str(h["action"]) if seat == h["seat"] else self.conduct.shown_action(h["action"], True)}
                    for h in r["reasons"] if _cards_named(dict(h["why"]["values"])) <= seen]
            out.append(step)
        return out

    # ----- the persons' moves ------------------------------------------------
    def _take(self) -> list[dict[str, Any]]:
        taken = self.raw_steps
        self.raw_steps = []
        return taken

    def _check_person(self, seat: str) -> None:
        if seat not in self.people:
            raise TableError(f"seat {seat!r} is not held by a person at this table")

    def act_as(self, seat: str, action_text: str) -> list[dict[str, Any]]:
        """``seat``'s action (its words; the seat may be left out), then the bots' moves; the raw steps."""
        self._check_person(seat)
        if not isinstance(action_text, str):
            raise TableError(f"an action is text, not {type(action_text).__name__}")
        if seat in self.away:
            raise TableError(f"{seat} is away: the seat is taken back before it plays")
        self.raw_steps = []
        with self._as(seat):
            if self._is_wait(action_text):
                if not self.conduct.can_wait():
                    raise TableError(f"there is nothing for {seat} to wait for")
                self.conduct.wait()
                self.journal.append([seat, f"{seat} {WAIT}"])
            else:
                action = self.parse(action_text)
                reason = self.why_illegal(action)
                if reason is not None:
                    raise IllegalActionError(action, reason)
                self.journal.append([seat, str(action)])
                self._step(action, self.state.apply(action), bot=False)
        self._advance()
        return self._take()

    def timeout_seat(self, seat: str) -> list[dict[str, Any]]:
        """``seat``'s time ran out: the conduct's cautious choice is played for it."""
        if self.waiting_for() != seat:
            raise TableError(f"it is not {seat}'s decision, so there is no decision to time out")
        with self._as(seat):
            choice = f"{seat} {WAIT}" if self.conduct.can_wait() else str(self.timeout_choice())
        steps = self.act_as(seat, choice)
        self.journal[-1] = [seat, TIMEOUT]
        note = Message("table-timeout", {"seat": seat}).as_dict()
        if steps:
            steps[0]["timeout"] = True
            steps[0]["events"].insert(0, note)
            return steps
        return [self._step(None, [], bot=False) | {"timeout": True, "seat": seat, "events": [note]}]

    def next_hand_by(self, seat: str) -> list[dict[str, Any]]:
        """Deal the next hand (any person at the table may), then the bots move."""
        self._check_person(seat)
        if self.is_over:
            raise TableError("the match is over")
        if not self.hand_over:
            raise TableError(Message("table-hand-not-over").text)
        self.raw_steps = []
        self.journal.append([seat, NEXT])
        self._deal()
        return self._take()

    def set_away(self, seat: str, away: bool) -> list[dict[str, Any]]:
        """A person goes away (their bot plays the seat) or comes back; the raw steps of any bot moves."""
        self._check_person(seat)
        if away == (seat in self.away):
            return []
        self.raw_steps = []
        if away:
            self.away.add(seat)
        else:
            self.away.discard(seat)
        self.journal.append([seat, AWAY if away else BACK])
        if not self.hand_over:
            self._advance()
        return self._take()

    def refusal(self, seat: str, action_text: str) -> Reason | None:
        """Why ``seat``'s action would be refused (the engine's reason), without playing it."""
        try:
            with self._as(seat):
                return self.why_illegal(self.parse(action_text))
        except TrickbookError:
            return None

    # ----- what each seat sees -----------------------------------------------
    def view(self, seat: str | None = None) -> dict[str, Any]:
        """``seat``'s view (``Table.view()``'s shape); None: a spectator's, with no hand and no offer."""
        if seat is None:
            with self._as(self.match.seats[0]):
                view = super().view()
            for key, empty in (("hand", []), ("legal", []), ("actions", []), ("playable", []), ("bowers", {}),
                               ("dealt", [])):
                if key in view:
                    view[key] = empty
            view.update({"you": None, "your_team": None, "partner": None, "your_turn": False,
                         "hand_hidden": False, "discarded": None, "hidden_count": 0,
                         "current": None if self.hand_over else self.state.current_player})
            if view.get("phase") == "table":
                view["phase"] = self.state.phase
            view["seats"] = [dict(s, you=False) for s in view["seats"]]
            return view
        with self._as(seat):
            view = super().view()
        view["away"] = sorted(self.away)
        return view

    def _seat_view(self, seat: str) -> dict[str, Any]:
        out = super()._seat_view(seat)
        out["bot"] = not self.present(seat)
        out["person"] = seat in self.people
        out["away"] = seat in self.away
        return out

    def explain_as(self, seat: str | None, target: str) -> list[Message]:
        """What ``target`` is, as ``seat`` may be told (a spectator has no hand to ask about)."""
        if seat is None:
            if not isinstance(target, str) or target.strip().startswith("card:"):
                raise unknown_target(repr(target)[:60])  # a spectator holds no card to ask about
            with self._as(self.match.seats[0]):
                messages = self.explain(target)
        else:
            with self._as(seat):
                messages = self.explain(target)
        return messages
