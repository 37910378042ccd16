"""The play table: a reader plays a whole match of one game against bots.

A ``Table`` holds a seeded ``Match``, the reader's seat and a bot for every
other seat. Bots move until it is the reader's turn; every move is kept as a
*step* (the seat, the action as the reader may see it, the events it caused and
the reader's view after it) so that a widget can narrate each bot's play.
``view()`` shows only what the reader may see: their own hand and everything
public, never another hand, the kitty or the stock; the seed itself appears
only once the match is over, its fingerprint from the start. ``timeout()`` is
the table's own cautious choice for a reader whose time ran out, and
``explain()`` says what a card or an object on the table is, as engine messages.
What differs between the games lives in each game's ``Conduct``.

Everything is deterministic given the seed: ``Table.resume(seed, moves)`` plays
the reader's recorded moves again and reaches exactly the same position.
"""

from __future__ import annotations

from typing import Any, Mapping, Sequence

from ..actions import Action
from ..cards import Card
from ..errors import IllegalActionError, NotationError, TrickbookError
from ..game import HandState
from ..games import canonical_name, find_game
from ..match import Match, hand_finished
from ..messages import Message, Reason
from .conduct import Conduct, TableError, conduct_class, unknown_target
from .reasons import reason_forms

# A hand never needs more bot moves than this; it stops a misbehaving bot from looping.
MAX_BOT_MOVES = 200
# The reader's moves that are not actions: the time-out, dealing the next hand, and letting
# the bots go on when the table stops for the reader out of turn (the Yorkshire early look).
TIMEOUT, NEXT, WAIT = "timeout", "next", "wait"


def house_rules(game: str, rules: Mapping[str, Any] | None) -> dict[str, bool]:
    """The house rules a table is opened with, checked: only true/false options the game declares.

    >>> house_rules("nap", {"misere": True})
    {'misere': True}
    >>> house_rules("nap", {"target": 3})
    Traceback (most recent call last):
    ...
    trickbook.table.conduct.TableError: 'target' is not a house rule of nap (its house rules: misere, nap_pays_ten)
    """
    from ..games import find_game
    from ..variants import house_options

    if not rules:
        return {}
    cls = find_game(game)
    declared = [name for name, _ in house_options(cls, cls.rules_class())]
    out: dict[str, bool] = {}
    for name, value in rules.items():
        if name not in declared:
            raise TableError(f"{name!r} is not a house rule of {game} (its house rules: {', '.join(declared)})")
        if type(value) is not bool:
            raise TableError(f"the house rule {name!r} is true or false, not {value!r}")
        out[name] = value
    return out


class Table:
    """One reader against bots, for a whole match of ``game``.

    ``seed`` (64 hex digits; a fresh one when omitted) deals the match; ``seat``
    is the reader's (South, or Nap's first seat, by default). Each other seat
    gets the game's bot, deterministic from ``bot_seed`` (derived from the seed
    when omitted), unless ``bots`` names one for it. Bots never change the
    cards: only the seed decides them. ``players`` is Nap's number of players
    (3 to 7) and ``rounds`` the number of rounds of a Nap session (each player
    deals once a round; one round when omitted). ``level`` is how the bots play
    (``trickbook.bots.LEVELS``): "strong", the search bot, by default; "gentle",
    the heuristic bot, for beginners. ``rules`` are the house rules agreed before the match
    (true/false options the game declares, ``trickbook.variants.house_options``); the target is
    the game's own.
    """

    def __init__(self, seed: str | None = None, seat: str | None = None, bot_seed: int | None = None,
                 bots: Mapping[str, Any] | None = None, *, game: str,
                 players: int | None = None, rounds: int | None = None, level: str = "strong",
                 rules: Mapping[str, Any] | None = None) -> None:
        from ..bots import LEVELS, make_bot  # bots load only when a table is opened

        self.game = canonical_name(game)
        manners = conduct_class(self.game)
        hand_class = find_game(self.game)
        seats = manners.seats(hand_class, players)
        self.house_rules = house_rules(self.game, rules)
        self.match = Match(self.game, seats=seats, seed=seed, rounds=manners.rounds(hand_class, rounds),
                           rules=self.house_rules or None)
        seat = seat if seat is not None else manners.default_seat(self.match.seats)
        if seat not in self.match.seats:
            raise TableError(f"seat {seat!r} is not at this table ({' '.join(self.match.seats)})")
        self.seat = seat
        if level not in LEVELS:
            raise TableError(f"bot level {level!r} is not one of {', '.join(LEVELS)}")
        self.level = level
        self.conduct: Conduct = manners(self)
        base = int(self.match.seed[:8], 16) if bot_seed is None else bot_seed
        given = dict(bots or {})
        if seat in given:
            raise TableError(f"seat {seat!r} is the reader's and cannot have a bot")
        self.bots = {s: given.get(s) or make_bot(self.game, base + i, level)
                     for i, s in enumerate(self.match.seats) if s != seat}
        self.log: list[dict[str, Any]] = []
        # The full reasons of this hand's bot moves that say more than their public form: told at its end.
        self.held: list[dict[str, Any]] = []
        # The reader's moves so far (action texts, ``timeout``, ``next``): enough to resume.
        self.moves: list[str] = []
        self._deal()

    @classmethod
    def resume(cls, seed: str, moves: Sequence[str], *, game: str, seat: str | None = None,
               players: int | None = None, rounds: int | None = None, level: str = "strong",
               rules: Mapping[str, Any] | None = None) -> "Table":
        """The table reached by playing ``moves`` again from the start of the match dealt by ``seed``."""
        table = cls(seed=seed, seat=seat, game=game, players=players, rounds=rounds, level=level, rules=rules)
        table.replay(moves)
        return table

    def replay(self, moves: Sequence[str]) -> None:
        """Play the reader's recorded ``moves`` again; a move that is not text or is refused is a TableError."""
        for number, move in enumerate(moves, start=1):
            if not isinstance(move, str):
                raise TableError(f"move {number} is not text but {type(move).__name__}")
            shown = repr(move) if len(move) <= 40 else repr(move[:40]) + "…"
            try:
                self.play(move)
            except IllegalActionError as e:
                raise TableError(f"move {number} ({shown}) is refused: {e.reason.text}") from None
            except TrickbookError as e:
                raise TableError(f"move {number} ({shown}): {e}") from None

    def play(self, move: str) -> list[dict[str, Any]]:
        """One recorded move: ``timeout``, ``next`` or an action text."""
        if move == TIMEOUT:
            return self.timeout()
        if move == NEXT:
            return self.next_hand()
        return self.act(move)

    # ----- the match ---------------------------------------------------------
    @property
    def state(self) -> HandState:
        state = self.match.current
        assert state is not None
        return state

    @property
    def is_over(self) -> bool:
        return self.match.is_over

    @property
    def hand_over(self) -> bool:
        """The hand has ended and the next one is not dealt yet (or the match is over)."""
        return hand_finished(self.state)

    def _deal(self) -> list[dict[str, Any]]:
        state = self.match.next_hand()
        steps = [self._step(None, list(state.events), bot=False)]
        return steps + self._advance()

    def next_hand(self) -> list[dict[str, Any]]:
        """Deal the next hand once the last one has ended; the bots move until the reader's turn."""
        if self.is_over:
            raise TableError("the match is over")
        if not self.hand_over:
            raise TableError(Message("table-hand-not-over").text)
        self.moves.append(NEXT)
        return self._deal()

    def _advance(self) -> list[dict[str, Any]]:
        """Let the bots move until the reader is to act (or may act out of turn) or the hand has ended."""
        steps: list[dict[str, Any]] = []
        state = self.state
        while not hand_finished(state) and state.current_player != self.seat and not self.conduct.can_wait():
            if len(steps) >= MAX_BOT_MOVES:
                raise TableError(f"the bots made {MAX_BOT_MOVES} moves without the hand ending")
            seat = state.current_player
            assert seat is not None
            bot = self.bots[seat]
            action = Action.parse(bot.choose(state.observation(seat)), state.seats)
            forms = reason_forms(bot)
            if forms is not None and forms[1] is not None:  # told once the hand is over
                self.held.append({"seat": seat, "action": self.conduct.shown_action(action, True), "why": forms[1]})
            steps.append(self._step(action, state.apply(action), bot=True, why=forms[0] if forms else None))
        return steps

    def _step(self, action: Action | None, events: list[Any], bot: bool,
              why: dict[str, Any] | None = None) -> dict[str, Any]:
        step: dict[str, Any] = {
            "seat": action.seat if action else None,
            "action": self.conduct.shown_action(action, bot) if action else None,
            "bot": bot,
            "events": [e.as_dict() for e in events],
            "view": self.view(),
        }
        if why is not None:
            step["why"] = why  # the bot's own reason, as a message: its public form (``reasons.PUBLIC``)
        if self.held and hand_finished(self.state):
            # The hand is over: the bots' full reasons, with the cards they held, may now be told.
            step["reasons"], self.held = self.held, []
        self.log.append(step)
        return step

    # ----- the reader's moves ------------------------------------------------
    def parse(self, action_text: str) -> Action:
        """The reader's words as an action of their seat (the seat may be left out)."""
        state = self.state
        words = action_text.split()
        if words and words[0].upper() not in state.seats:
            action_text = f"{self.seat} {action_text}"
        return type(state).canonical_action(Action.parse(action_text, state.seats), state.dealer)

    def why_illegal(self, action: Action) -> Reason | None:
        if action.seat != self.seat:
            return Reason("table-not-your-seat", {"seat": action.seat, "you": self.seat})
        return self.state.why_illegal(action)

    def _is_wait(self, action_text: str) -> bool:
        words = action_text.lower().split()
        return words in ([WAIT], [self.seat.lower(), WAIT])

    def act(self, action_text: str) -> list[dict[str, Any]]:
        """Apply the reader's action, then let the bots move; raise with the engine's reason if illegal."""
        if not isinstance(action_text, str):
            raise TableError(f"an action is text, not {type(action_text).__name__}")
        if self._is_wait(action_text):
            if not self.conduct.can_wait():
                raise TableError(f"there is nothing for {self.seat} to wait for")
            self.moves.append(f"{self.seat} {WAIT}")
            self.conduct.wait()
            return self._advance()
        action = self.parse(action_text)
        reason = self.why_illegal(action)
        if reason is not None:
            raise IllegalActionError(action, reason)
        self.moves.append(str(action))
        steps = [self._step(action, self.state.apply(action), bot=False)]
        return steps + self._advance()

    def timeout(self) -> list[dict[str, Any]]:
        """The reader's time ran out: the table chooses for them (the conduct's cautious choice)."""
        choice = f"{self.seat} {WAIT}" if self.conduct.can_wait() else str(self.timeout_choice())
        steps = self.act(choice)
        self.moves[-1] = TIMEOUT
        note = Message("table-timeout", {"seat": self.seat}).as_dict()
        if steps:
            steps[0]["timeout"] = True
            steps[0]["events"].insert(0, note)
        return steps or [{"seat": self.seat, "action": choice, "bot": False, "timeout": True,
                          "events": [note], "view": self.view()}]

    def timeout_choice(self) -> Action:
        if self.state.current_player != self.seat:
            raise TableError(f"it is not {self.seat}'s turn, so there is no decision to time out")
        return self.conduct.timeout_choice(self.legal())

    # ----- what the reader sees ---------------------------------------------
    def legal(self) -> list[Action]:
        """What the reader may do now (the table's own offer included)."""
        if self.hand_over:
            return []
        if self.conduct.can_wait():
            return self.conduct.pending()
        state = self.state
        if state.current_player != self.seat:
            return []
        # A move the rules accept under two names (the Euchre dealer's order is his pickup) is offered once.
        rules = type(state)
        return [a for a in state.legal_actions()
                if a.seat == self.seat and rules.canonical_action(a, state.dealer) == a]

    def view(self) -> dict[str, Any]:
        """The reader's observation and everything public the table shows; no other hand, no kitty."""
        state = self.state
        obs = state.observation(self.seat)
        legal = self.legal()
        waiting = self.conduct.can_wait() and not self.hand_over
        offers = [a.as_json() for a in legal]
        if waiting:
            offers.append({"text": f"{self.seat} {WAIT}", "seat": self.seat, "verb": WAIT, "card": None,
                           "suit": None, "contract": None, "alone": False})
        hidden = self.conduct.hand_hidden()
        hand = [] if hidden else self.conduct.order(list(state.hands[self.seat]))
        tricks = [t for t in state.tricks if t.entries]
        last = tricks[-1] if tricks else None
        done = [t for t in tricks if t.winner is not None and t is not last]
        over = self.is_over
        view: dict[str, Any] = {
            "game": self.game,
            "you": self.seat,
            "level": self.level,
            "seats": [self._seat_view(s) for s in state.seats],
            "teams": list(state.teams),
            "your_team": state.team_of(self.seat),
            "partner": state.partner(self.seat) if state.partnership else None,
            "dealer": state.dealer,
            "phase": "hand-over" if self.hand_over else ("table" if waiting else state.phase),
            "current": None if self.hand_over else (self.seat if waiting else state.current_player),
            "your_turn": bool(offers),
            "hand": [str(c) for c in hand],
            "hand_hidden": hidden,
            "legal": [a["text"] for a in offers],
            "actions": offers,
            "playable": [str(a.card) for a in legal if a.card is not None and a.verb in ("play", "discard")],
            "trump": state.trump,
            "trick": None if last is None else self._trick_view(last, len(tricks)),
            "last_trick": self._trick_view(done[-1], len(tricks) - 1) if done else None,
            "score": dict(state.score),
            "target": state.rules.target,
            "hand_number": len(self.match.hands),
            "winner": self.match.winner,
            "over": over,
            "fingerprint": self.match.fingerprint,
            "seed": self.match.seed if over else None,
            "house_rules": dict(self.house_rules),
            "shows": self.conduct.shows(type(state)),
        }
        view.update(self.conduct.extras(obs))
        if over:
            view["dealt"] = self.dealt()
        return view

    def _trick_view(self, trick: Any, number: int) -> dict[str, Any]:
        plays = [e.as_json() for e in trick.entries]
        held = trick.winning if trick.winner is None else (trick.winner, trick.winning_card)
        winning = None if held is None or held[1] is None else {"seat": held[0], "card": str(held[1])}
        return {"number": number, "leader": trick.leader, "plays": plays, "winner": trick.winner,
                "winning": winning}

    def _seat_view(self, seat: str) -> dict[str, Any]:
        state = self.state
        return {
            "seat": seat,
            "bot": seat != self.seat,
            "you": seat == self.seat,
            "team": state.team_of(seat),
            "cards": len(state.hands[seat]),
            "taken": sum(1 for t in state.tricks if t.winner == seat),
            "dealer": seat == state.dealer,
            "sitting_out": seat not in state.in_play,
        }

    def dealt(self) -> list[dict[str, Any]]:
        """Every hand of the match as dealt to the reader, with its number and dealer: to compare with a re-deal."""
        out = []
        for state, number in zip(self.match.hands, self.match.hand_numbers, strict=True):
            out.append({"number": number, "dealer": state.dealer,
                        "cards": [str(c) for c in state.deal.hands[self.seat]]})
        return out

    # ----- explanations -------------------------------------------------------
    def explain(self, target: str) -> list[Message]:
        """What ``target`` is, as engine messages: ``card:XX`` (a card of the reader's hand),
        one of the game's objects (``trump``, ``upcard``, ``kitty``, ``kick``, ``contract``…) or ``taken:SEAT``."""
        if not isinstance(target, str):
            raise unknown_target(repr(target)[:60])
        kind, _, arg = target.strip().partition(":")
        if kind == "card":
            return self._explain_card(arg)
        if kind == "taken":
            if arg not in self.state.seats:
                raise unknown_target(target)
            return self.conduct.explain_taken(arg)
        if kind in self.conduct.objects and not arg:
            return self.conduct.explain_object(kind)
        raise unknown_target(target)

    def _explain_card(self, text: str) -> list[Message]:
        state = self.state
        try:
            card = Card.parse(text)
        except NotationError:
            raise unknown_target(f"card:{text}") from None
        if card not in state.hands[self.seat] or self.conduct.hand_hidden():
            return [Reason("card-not-in-hand", {"seat": self.seat, "card": card})]
        out = self.conduct.what_card(card)
        out.extend(self.conduct.card_now(card))
        return out
