"""The game/state contract every game follows, and the trick play they share.

A game is one ``HandState`` subclass that carries all its facts as class
variables (name, aliases, title, seats, teams, hand size and packets, the pack,
the extra cards of the deal, the first-dealer draw, its rules options, verbs,
its bot and its play table's manners) and plays one hand from the deal to its scoring. Defining the class
registers the game (``games.find_game``). How a deal lies, as one seat's view shows it, is the
class's too (``deal_seen``, ``deal_from``): the strong bot's guessed worlds lay out their deals by it;
the defaults serve a deal of hands, a turned card, a kitty and a stock.

The state moves through explicit phases (``Phase``); for each phase a game
writes ``_<phase>_legal``, ``_<phase>_check`` and ``_<phase>_apply`` and the
base class dispatches to them. ``legal_actions()`` lists every action that
``why_illegal(action)`` accepts (sorted by canonical text), ``why_illegal``
explains a refusal as data, and ``apply(action)`` validates fully before it
changes anything.
"""

from __future__ import annotations

from operator import attrgetter
from typing import Any, Callable, ClassVar, Iterable, Mapping, Sequence

from .actions import Action
from .cards import RANKS, SUITS, Card
from .cloning import clone_state
from .deal_checks import check_deal, check_score_before
from .errors import N_, DealError, IllegalActionError
from .hand_views import HandViews
from .memo import Memo
from .messages import Event, Reason
from .model import Award, Deal, DealSeen, Phase, Rules
from .trickplay import IN_ORDER, TrickPlay, next_in_play
from .tricks import Trick

_OVER = Phase.OVER

__all__ = ["Award", "Deal", "DealSeen", "HandState", "Phase", "Rules"]


_REGISTRY: dict[str, type["HandState"]] = {}
# The games, tables and dealers found good (``_check_table``), not checked again.
GOOD_TABLES: set[tuple[type["HandState"], tuple[str, ...], str]] = set()
# Each game's rules with every option at its default: one frozen object serves every hand.
_DEFAULT_RULES: Memo[type["HandState"], Rules] = Memo(lambda cls: cls.rules_class())


def _next_in_play(key: tuple[tuple[str, ...], tuple[str, ...]]) -> dict[str, str]:
    seats, in_play = key
    return {seat: next_in_play(seats, in_play, seat) for seat in seats}


# The next seat in play after each seat, by table and seats in play (``next_seat``).
NEXT_IN_PLAY = Memo(_next_in_play)
# Attributes a state and its clone share: the table facts and the trick's keys, only ever read, and
# the listed legal actions, which ``apply`` replaces rather than changes.
_SHARED_IN_CLONE = frozenset({"_teams", "_team_of", "_partner", "_legal", "_trick_keys"})
# An action's canonical text, as the legal actions are sorted by it (read, not worked out again).
_text_of = attrgetter("_text")


def _team_facts(key: tuple[type["HandState"], tuple[str, ...]]) -> tuple[dict[str, list[str]], dict[str, str],
                                                                          dict[str, str]]:
    """The teams a table of a game forms (``teams_of``), each seat's team and each seat's partner."""
    cls, seats = key
    teams = cls.teams_of(seats)
    team_of = {s: t for t, members in teams.items() for s in members}
    partner = {s: other for members in teams.values() for s in members for other in members if other != s}
    return teams, team_of, partner


# The team facts of each game and table, only ever read (a state and its clones share them).
_TEAM_FACTS = Memo(_team_facts)


# Each game's phase methods (``_round_one_check``), by game class, phase and kind ("legal", "check",
# "apply"), and what lists its legal actions, by game class and phase (``_lister``). Both are filled
# when the game's class is made (``_fill_phase_tables``), so ``apply`` and ``legal_actions`` read them
# as plain dict subscripts, with no miss path.
PHASE_METHOD: dict[tuple[type["HandState"], str, str], Callable[..., Any]] = {}
LEGAL_LISTER: dict[tuple[type["HandState"], str], Callable[["HandState"], Sequence[Action]]] = {}
_KINDS = ("legal", "check", "apply")


def _fill_phase_tables(cls: type["HandState"]) -> None:
    out_of_turn = cls._out_of_turn_legal is not HandState._out_of_turn_legal
    for phase in Phase:
        for kind in _KINDS:
            method = getattr(cls, f"_{phase.method}_{kind}", None)
            if method is not None:
                PHASE_METHOD[cls, phase, kind] = method
        listed = PHASE_METHOD.get((cls, phase, "legal"))
        if listed is not None:
            LEGAL_LISTER[cls, phase] = _lister(listed, listed in IN_ORDER, out_of_turn)


def _lister(listed: Callable[..., Any], in_order: bool,
            out_of_turn: bool) -> Callable[["HandState"], Sequence[Action]]:
    """What lists a phase's legal actions: its ``_<phase>_legal`` method itself when that lists them
    in order (``listed_in_order``) and the game has no actions out of turn to add; otherwise the
    method's list sorted by ``_sorted_legal``."""
    if in_order and not out_of_turn:
        return listed

    def lister(state: HandState) -> Sequence[Action]:
        return state._sorted_legal(listed(state), in_order, out_of_turn)
    return lister


class HandState(TrickPlay, HandViews):
    """One hand of a game, from the deal to the scoring, and the game's facts.

    A game subclasses this, sets the class variables below and writes its phase
    methods. The shared machinery here handles the checks of a deal, turns, trick
    play, events and the generic reasons (``not-your-turn``, ``card-not-in-hand``,
    ``unknown-verb``, ``hand-over``, ``match-over``).
    """

    # ----- the game's facts (class variables; a game sets those that differ) ------
    game: ClassVar[str] = ""  # the name records and URLs use; setting it registers the game
    aliases: ClassVar[tuple[str, ...]] = ()  # other names ``find_game`` accepts
    title: ClassVar[str] = ""  # the name people read: "Yorkshire All Fours"
    listed: ClassVar[int] = 100  # where the game comes in lists of games (lower first)
    rules_class: ClassVar[type[Rules]] = Rules
    default_seats: ClassVar[tuple[str, ...]] = ("N", "E", "S", "W")  # in the order of play
    seat_counts: ClassVar[range] = range(4, 5)  # how many players may sit down
    partnership: ClassVar[bool] = True  # partners sit opposite; otherwise each seat scores alone
    hand_size: ClassVar[int] = 0  # cards each seat is dealt
    packets: ClassVar[tuple[int, ...]] = ()  # the dealer's packets, one round of the table each
    ranks: ClassVar[str] = RANKS  # the ranks of the pack, high to low, in every suit
    pack_name: ClassVar[str] = "the pack"
    turn_card: ClassVar[str] = ""  # the card turned after the deal (``turn``), by its name, or ""
    # The game's own words for keys of a record's [deal]: Trinidad's ``kick`` is the ``turn``.
    deal_words: ClassVar[Mapping[str, str]] = {}
    kitty_size: ClassVar[int] = 0  # cards laid aside face down after the turned card
    has_stock: ClassVar[bool] = False  # the rest of the pack stays as a stock (``stock``)
    first_dealer_draw: ClassVar[str] = "high-card"  # the published draw: high-card, first-jack, seat-index
    verbs: ClassVar[frozenset[str]] = frozenset({"play"})  # any other verb is not an action here at all
    bot: ClassVar[str] = "trickbook.bots.random_bot:RandomBot"  # the game's bot, as module:Class
    # The play table's manners for the game (``table.conduct``), as module:Class.
    conduct: ClassVar[str] = "trickbook.table.conduct:Conduct"
    example: ClassVar[str] = ""  # the default site's worked hand a new site starts from
    first_lead_sets_trump: ClassVar[bool] = False  # Yorkshire and Nap: the suit of the first card led is trumps
    no_trumps: bool = False  # a hand played without trumps (Nap's Misère): the first lead sets none
    # Scores before a hand count up from zero to the target (not Nap's payments).
    scores_count_up: ClassVar[bool] = True
    contracts: ClassVar[tuple[str, ...]] = ()  # the contracts bid, lowest first (Nap's three … wellington)
    # The game's own verbs and the argument each takes ("card", "suit", "contract" or None; ``play`` and
    # ``pass`` are every game's), other spellings a record may use, the verbs that may go alone and those
    # whose name says "alone"; other spellings of its contracts; and the words of its verbs, contracts and
    # score categories (``N_``): ``declared.py`` gathers them from every registered game.
    verb_args: ClassVar[Mapping[str, str | None]] = {}
    verb_spellings: ClassVar[Mapping[str, str]] = {}
    alone_verbs: ClassVar[frozenset[str]] = frozenset()
    said_alone: ClassVar[frozenset[str]] = frozenset()
    contract_spellings: ClassVar[Mapping[str, str]] = {}
    verb_words: ClassVar[Mapping[str, str]] = {}
    contract_words: ClassVar[Mapping[str, str]] = {}
    category_words: ClassVar[Mapping[str, str]] = {}
    # Each house rule (a true/false option of ``rules_class``) decided one way, as a table announces it:
    # (option, value) -> the code of its template, registered by the game's module (``variants.py``).
    house_rule_words: ClassVar[Mapping[tuple[str, bool], str]] = {}
    # The practice's hints of the game's own, by kind of question ("legal", "winner", "play", "score"): the
    # code of a template its module registers. A kind without one gets the page's hint for the ``drill``'s
    # kind of rule (widgets/practice/practice.js), as the four games do.
    practice_hints: ClassVar[Mapping[str, str]] = {}
    # The rule each kind of drill question turns on (the practice page's hint and end-of-hand question):
    # legal "follow-suit" | "trump-or-follow" | "follow-suit-bowers"; winner "highest-trump" | "bowers";
    # score "points" | "high-low-jack-game" | "contract-payment" | "makers". The page words each kind.
    drill: ClassVar[Mapping[str, str]] = {"legal": "follow-suit", "winner": "highest-trump", "score": "points"}
    # The game's pack, in canonical order and as a set: each class's own, made with the class (from its ``ranks``).
    _pack_cards: ClassVar[tuple[Card, ...]] = tuple(Card(r, s) for s in SUITS for r in RANKS)
    _pack_card_set: ClassVar[frozenset[Card]] = frozenset(_pack_cards)

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if cls.__dict__.get("game"):
            _REGISTRY[cls.game] = cls
        cls._pack_cards = tuple(Card(r, s) for s in SUITS for r in cls.ranks)
        cls._pack_card_set = frozenset(cls._pack_cards)
        _fill_phase_tables(cls)

    def __init__(
        self,
        rules: Rules | None,
        seats: Sequence[str],
        dealer: str,
        deal: Deal,
        score: Mapping[str, int] | None = None,
    ) -> None:
        cls = type(self)
        # Rules are frozen: one default object per game serves every hand.
        self.rules = rules if rules is not None else _DEFAULT_RULES[cls]
        self.seats: tuple[str, ...] = tuple(seats)
        # each game, table and dealer checked once
        if type(dealer) is not str or (cls, self.seats, dealer) not in GOOD_TABLES:
            self._check_table(dealer)
        self.dealer = dealer
        self.deal = deal
        dealt = deal.hands
        self.hands: dict[str, list[Card]] = {s: list(dealt.get(s, ())) for s in self.seats}
        if len(dealt) != len(self.hands) or not self.hands.keys() >= dealt.keys():
            for s in dealt:
                if s not in self.seats:
                    raise DealError.said(N_("cards dealt to {name}, which is not a seat ({seats})"), name=repr(s),
                                         seats=" ".join(self.seats))
        check_deal(self, deal)
        self.phase = Phase.PLAY
        self.trump: str | None = None
        self.tricks: list[Trick] = []
        self.history: list[Action] = []
        self.events: list[Event] = []
        self.awards: list[Award] = []
        # The teams, each seat's team and each seat's partner (partnership games; a seat alone has
        # none): worked out once per game and table, and only read.
        self._teams, self._team_of, self._partner = self._table_facts(self.seats)
        self.score: dict[str, int] = self._initial_score(score)
        if self.scores_count_up:
            check_score_before(self)
        self.winner: str | None = None
        self.current: str | None = None
        self.in_play: list[str] = list(self.seats)
        self.taken: dict[str, list[Card]] = {s: [] for s in self.seats}
        # The legal actions of this state, listed once and forgotten by ``apply`` (see ``legal_actions``).
        self._legal: Sequence[Action] | None = None
        # The trick-key table of the trick in progress (``TrickPlay._play_apply``), a shared table only ever read.
        self._trick_keys: dict[Card, tuple[int, int]] = {}
        self._trick_led = ""  # and the suit led to it
        self._start()

    def _check_table(self, dealer: str) -> None:
        """Refuse a table the game cannot be played at: the number of seats, a seat named twice, a
        dealer who is not a seat. A table that passes is not checked again."""
        seats = self.seats
        if len(seats) not in self.seat_counts:
            counts = self.seat_counts
            need = str(counts.start) if len(counts) == 1 else f"{counts.start} to {counts.stop - 1}"
            raise DealError(f"{self.title} needs {need} players, not {len(seats)}")
        if len(set(seats)) != len(seats):
            raise DealError(f"seat names repeat: {' '.join(seats)}")
        if dealer not in seats:
            raise DealError.said(N_("dealer {name} is not a seat ({seats})"), name=repr(dealer), seats=" ".join(seats))
        if type(dealer) is str and all(type(s) is str for s in seats):
            GOOD_TABLES.add((type(self), seats, dealer))

    @classmethod
    def _table_facts(cls, seats: tuple[str, ...]) -> tuple[dict[str, list[str]], dict[str, str], dict[str, str]]:
        return _TEAM_FACTS[cls, seats]

    def _start(self) -> None:
        """Set up the hand once the deal is checked: each game says who acts first."""
        raise NotImplementedError

    @property
    def same_dealer_again(self) -> bool:
        """True when the hand ended so that its dealer deals the next one too (Trinidad's redeal)."""
        return False

    @classmethod
    def rules_from_view(cls, view: Mapping[str, Any]) -> Rules | None:
        """The table's rules as a view shows them (its ``target`` and ``house_rules``); None for the defaults."""
        options = dict(view.get("house_rules") or {})
        target = view.get("target")
        if target is not None and target != getattr(cls.rules_class(), "target", target):
            options["target"] = int(target)
        return cls.rules_class.from_options(options) if options else None

    @classmethod
    def max_actions(cls) -> int:
        """More actions than any hand of this game can take; a record with more is refused unread.

        Every action of a hand either moves a card (plays it, discards it, takes it up),
        and no card of the pack moves more than a few times in one hand, or is a
        seat's decision (a bid, a pass, a call, begging, standing, running the pack),
        of which no seat makes more than a few a hand. Four moves a card and sixteen
        decisions a seat are far above what any of the games allows; a game whose
        hands can be longer overrides this.
        """
        return 4 * len(cls._pack()) + 16 * (cls.seat_counts.stop - 1)

    # ----- the pack ------------------------------------------------------------
    @classmethod
    def pack(cls) -> list[Card]:
        """The game's pack in canonical order (suits S H D C, ranks high to low); a new list each time."""
        return list(cls._pack())

    @classmethod
    def _pack(cls) -> tuple[Card, ...]:
        return cls._pack_cards

    @classmethod
    def _pack_set(cls) -> frozenset[Card]:
        return cls._pack_card_set

    # ----- the deal's layout, for the guessed worlds (``bots.worlds``) -----------
    @classmethod
    def deal_seen(cls, view: Mapping[str, Any]) -> DealSeen:
        """What a seat's ``view`` shows of the deal besides the hands: here the turned card (``turn``),
        if the game turns one; a game that lays out more, or keeps a seen card in a hand, says so."""
        turn = view.get("turn") if cls.turn_card else None
        return DealSeen(view, [Card.parse(turn)] if turn else [])

    @classmethod
    def deal_from(cls, seen: DealSeen, hands: dict[str, list[Card]], rest: list[Card]) -> Deal:
        """The deal that dealt ``hands`` (each seat's cards, less ``seen.laid_out``), the rest of the
        pack (``rest``, in the order it lies) laid out as the game deals it: here the turned card (the
        one seen, else the first of ``rest``), then the kitty, then the stock."""
        rest = list(rest)
        turn = (seen.laid_out[0] if seen.laid_out else rest.pop(0)) if cls.turn_card else None
        kitty, rest = rest[: cls.kitty_size], rest[cls.kitty_size:]
        return Deal(hands, turn=turn, kitty=kitty, stock=rest if cls.has_stock else [])

    # ----- seats and teams -------------------------------------------------
    @classmethod
    def default_seats_for(cls, dealt: int) -> tuple[str, ...]:
        """The seat names a record without ``seats`` gets, given how many hands its deal names."""
        return tuple(cls.default_seats)

    @classmethod
    def canonical_action(cls, action: Action, dealer: str) -> Action:
        """The one spelling of an action that a game lets a seat write in two ways."""
        return action

    @property
    def teams(self) -> tuple[str, ...]:
        """Team names (two seats each, in seat order); per-seat games name the seats."""
        return tuple(self._teams)

    def team_of(self, seat: str) -> str:
        return self._team_of[seat]

    def other_team(self, team: str) -> str:
        a, b = self.teams
        return b if team == a else a

    def partner(self, seat: str) -> str:
        """The other seat of ``seat``'s team (partnership games only)."""
        return self._partner[seat]

    def next_seat(self, seat: str, among: Iterable[str] | None = None) -> str:
        """The next seat in the order of play, skipping seats not in ``among``."""
        if among is None:
            following = NEXT_IN_PLAY[self.seats, tuple(self.in_play)]
            if seat in following:
                return following[seat]
        return next_in_play(self.seats, self.in_play if among is None else set(among), seat)

    def _initial_score(self, score: Mapping[str, int] | None) -> dict[str, int]:
        out = dict.fromkeys(self.teams, 0)
        if not score:
            return out
        for key, value in (score or {}).items():
            name = self.normalise_team(key)
            out[name] = int(value)
        return out

    def normalise_team(self, key: str) -> str:
        """Accept a team written with its seats in either order (``EW`` or ``WE``), in any case,
        as seat names are everywhere else."""
        for t in self.teams:
            if key == t:
                return t
        folded = key.casefold()
        if self.partnership:
            for i in range(2):
                x, y = self.seats[i], self.seats[i + 2]
                if folded in ((x + y).casefold(), (y + x).casefold()):
                    return self.teams[i]
        else:
            for seat in self.seats:
                if folded == seat.casefold():
                    return seat
        raise DealError(
            f"score names {key!r}, which is not a {'team' if self.partnership else 'seat'} ({' '.join(self.teams)})"
        )

    # ----- the contract ----------------------------------------------------
    @property
    def current_player(self) -> str | None:
        return None if self.is_terminal else self.current

    @property
    def is_terminal(self) -> bool:
        return self.phase == _OVER

    def legal_actions(self) -> list[Action]:
        """Every action ``why_illegal`` accepts, sorted by canonical text: the seat to act's, and
        any a seat may take out of turn (Yorkshire's early look).

        Listed once per state (a new list each call): ``apply`` forgets them as it changes the state.
        """
        legal = self._legal
        if legal is None:
            phase = self.phase
            if phase == _OVER or self.winner is not None:
                legal = ()
            else:
                legal = LEGAL_LISTER[type(self), phase](self)
                if type(legal) is not list and type(legal) is not tuple:
                    legal = list(legal)
            self._legal = legal
        return list(legal)

    def _sorted_legal(self, listed: Iterable[Action], in_order: bool, out_of_turn: bool) -> Sequence[Action]:
        """The phase's actions and any out of turn, sorted by text, each once (unless they come so)."""
        extra = [a for a in self._out_of_turn_legal() if self.why_illegal(a) is None] if out_of_turn else ()
        if in_order and not extra:  # listed sorted by text, each once
            return listed if type(listed) is list or type(listed) is tuple else list(listed)
        actions = set(listed)
        actions.update(extra)
        return sorted(actions, key=_text_of)

    def why_illegal(self, action: Action) -> Reason | None:
        """None when ``action`` is legal; otherwise the reason, as data."""
        if self.winner is not None:
            return Reason("match-over", {"team": self.winner})
        if self.is_terminal:
            return Reason("hand-over", {})
        if action.seat not in self.seats:
            return Reason("not-your-turn", {"seat": action.seat, "current": self.current})
        if action.seat != self.current and not self.out_of_turn_allowed(action):
            return self.out_of_turn_reason(action)
        if (
            action.card is not None
            and action.verb in ("play", "discard")
            and action.card not in self.hands[action.seat]
        ):
            return Reason("card-not-in-hand", {"seat": action.seat, "card": action.card})
        if action.verb not in self.verbs:
            return Reason("unknown-verb", {"verb": action.verb})
        reason: Reason | None = PHASE_METHOD[type(self), self.phase, "check"](self, action)
        return reason

    def is_legal(self, action: Action) -> bool:
        return self.why_illegal(action) is None

    def apply(self, action: Action) -> list[Event]:
        """Apply a legal action and return the events it caused; raise if illegal.

        An action among the legal actions already listed for this state needs no second check.
        """
        legal = self._legal
        if legal is None or action not in legal:  # one object per action: found by identity
            reason = self.why_illegal(action)
            if reason is not None:
                raise IllegalActionError(action, reason)
        self._legal = None
        events = self.events
        start = len(events)
        self.history.append(action)
        PHASE_METHOD[type(self), self.phase, "apply"](self, action)
        return events[start:]

    def clone(self) -> "HandState":
        """An independent copy: applying to one leaves the other as it was."""
        clone: HandState = clone_state(self, _SHARED_IN_CLONE)
        return clone

    def emit(self, code: str, **values: Any) -> Event:
        # Event(code, values) without the call to its __init__ (one event per action or more: the
        # call is about a tenth of an action's work), its two fields written as that __init__ would.
        ev: Event = object.__new__(Event)
        fields = ev.__dict__
        fields["code"] = code
        fields["values"] = values
        self.events.append(ev)
        return ev

    # ----- the phases ----------------------------------------------------------
    def _not_now(self, action: Action) -> Reason:
        return Reason("not-now", {"seat": action.seat, "verb": action.verb})

    def out_of_turn_reason(self, action: Action) -> Reason:
        """Why a seat may not act now: by default, it is another seat's turn."""
        return Reason("not-your-turn", {"seat": action.seat, "current": self.current})

    def out_of_turn_allowed(self, action: Action) -> bool:
        """True for an action a seat may take when it is not its turn."""
        return False

    def _out_of_turn_legal(self) -> Iterable[Action]:
        """Candidates for the actions seats may take out of turn (each is checked by ``why_illegal``)."""
        return ()

    def _score_hand(self) -> None:
        raise NotImplementedError

    def score_parts(self) -> dict[str, Any]:
        """The answer key of a score question asked at this state (``trickbook.score_parts``); by default,
        who scored most in each category the hand scored. A game asks its own by overriding this."""
        from .score_parts import who_scored_parts

        return who_scored_parts(self)

    # ----- scoring helpers -------------------------------------------------
    def award(self, category: str, team: str, points: int, event: str = "score", **values: Any) -> bool:
        """Score points; emit events; return True when this wins the match."""
        self.awards.append(Award(category, team, points, per_seat=not self.partnership))
        self.score[team] = self.score.get(team, 0) + points
        self.emit(event, team=team, points=points, category=category, **values)
        target = self.rules.target
        if self.partnership and target and self.winner is None and self.score[team] >= target:
            self.winner = team
            self.emit("match-won", team=team)
            return True
        return False

    def end_hand(self) -> None:
        self.phase = Phase.OVER
        self.current = None
