"""The same hand under other rules: each house rule of the game tried on a record.

A game's house rules are the true/false options of its ``Rules`` (the target aside). For each,
``other_rules(record)`` plays the record again at a table that decides the option the other
way:

- the record's actions are applied while the variant allows them; the first one it refuses is
  kept, with the engine's reason (``refused``);
- from there the record's action goes on wherever it is still legal, and the gentle bot of the
  game plays for the seat to act wherever it is not (those steps are ``substituted``). Where the
  variant asks a decision the record has no action for (another seat's turn, another kind of
  decision), the bot answers it and the record's action waits for its turn; the bots finish a hand
  the record leaves unfinished;
- at each step before the first refusal, where the same seat is to act at both tables, the actions
  the variant allows are set against those the record's rules allow: the first step where the
  variant allows something new (a card the record's rule forbade, a call it did not offer) is kept,
  with the seat and the new actions (``allowed``);
- the result is compared with the record's, category by category (``differs``).

A variant under which every action stands, nothing new is allowed and the hand scores the same is
"no difference here": the situation the rule is about never arises in this hand. The bots are
seeded, so the same record gives the same answer every time, at build time and in the browser.

>>> from trickbook.record import parse_record
>>> record = parse_record('''format = 1
... game = "yorkshire"
... dealer = "W"
... actions = "N AH; E QH; S 3H; W TH; N 3C; E KH"
... [deal]
... N = "AH 3C 4C 5D 6D 7S"
... E = "KH QH 8C 9D TS 2S"
... S = "3H 2H 5C 6C 7D 8D"
... W = "TH AC KC AD KD AS"
... ''')
>>> [(v.option, v.value, v.refused.reason.code if v.refused else None) for v in other_rules(record)[1]]
[('may_cut_holding_suit', False, 'house-no-cut-holding-suit')]
"""

from __future__ import annotations

from dataclasses import dataclass, fields, replace
from typing import Any

from .actions import Action
from .declared import declared
from .game import HandState
from .match import hand_finished
from .messages import N_, Message, Reason, register
from .record import Record
from .record.replay import new_state
from .trace import Step, Trace

# Bot moves a variant may add to finish a hand (far more than any game's hand needs).
MAX_BOT_ACTIONS = 400
# Decisions a variant may ask before one record action comes to its turn (a rule's new questions).
MAX_INSERTED = 8

register({
    "variant-not-tested": N_(
        "No difference here: the situation this rule is about never arises in this hand. It allows every "
        "action of the record, allows nothing more, and the hand scores the same."
    ),
    "variant-allowed-cards": N_("At step {step}, under this rule {seat} may also play {cards}."),
    "variant-allowed-calls": N_("At step {step}, under this rule {seat} may also choose:"),
    "variant-substituted": N_(
        "From there the record's actions go on where this table allows them; the bots play the others."
    ),
})

# Each house rule in words, as a table would announce it, is the game's own (``HandState.house_rule_words``:
# (option, value) -> message code, the templates registered by its module); ``OPTION_MESSAGES`` is every
# registered game's (``declared.py``).
def __getattr__(name: str) -> Any:
    if name == "OPTION_MESSAGES":
        return dict(declared().house_rule_words)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


@dataclass(frozen=True)
class Refusal:
    """The first step a variant refuses: the record's action there, and the rule's reason."""

    step: int
    action: Action
    reason: Reason


@dataclass(frozen=True)
class Allowance:
    """The first step where a variant allows what the record's rules did not: the seat to act there,
    its newly legal actions, and for each the event it would make (what it means, in words)."""

    step: int
    seat: str
    actions: tuple[Action, ...]
    said: tuple[Message, ...]

    @property
    def cards(self) -> tuple[str, ...]:
        """The newly legal cards (empty when the new actions are calls)."""
        return tuple(str(a.card) for a in self.actions if a.card is not None and a.verb == "play")

    @property
    def message(self) -> Message:
        """What the rule changes at that step, in words."""
        cards = self.cards
        if cards and len(cards) == len(self.actions):
            return Message("variant-allowed-cards", {"step": self.step, "seat": self.seat, "cards": list(cards)})
        return Message("variant-allowed-calls", {"step": self.step, "seat": self.seat})


@dataclass(frozen=True)
class VariantReplay:
    """The record played again at a table that decides ``option`` as ``value``."""

    option: str
    value: Any
    trace: Trace
    refused: Refusal | None
    substituted: tuple[int, ...]  # the steps the bots played, in place of the record's or before them
    differs: bool
    allowed: Allowance | None = None
    outcome_differs: bool = False

    @property
    def label(self) -> Message:
        """The house rule in words."""
        return option_message(self.option, self.value)


def option_message(option: str, value: Any) -> Message:
    """A rules option and its value as a table would announce it; the option's own name otherwise."""
    code = declared().house_rule_words.get((option, value))
    if code is None:
        return Message("rules-option", {"option": option, "value": value})
    return Message(code, {})


register({"rules-option": N_("Rules option {option} = {value}.")})


def house_options(game: type[HandState], rules: Any) -> list[tuple[str, bool]]:
    """Each true/false option of the game, decided the other way from ``rules``."""
    return [(f.name, not getattr(rules, f.name)) for f in fields(game.rules_class)
            if isinstance(getattr(rules, f.name), bool)]


def other_rules(record: Record, seed: int = 0) -> tuple[Trace, list[VariantReplay]]:
    """The record at its own table (finished by the bots if it stops early), and under each of its
    game's house rules decided the other way, in the options' order."""
    base = new_state(record)
    own = _play(record, base, seed)[0]
    played = _result(own.state)
    out = []
    for option, value in house_options(type(base), base.rules):
        variant = replace(record, rules={**record.rules, option: value})
        trace, refused, substituted = _play(variant, new_state(variant), seed)
        allowed = first_allowed(record, variant)
        outcome_differs = _result(trace.state) != played
        differs = refused is not None or bool(substituted) or allowed is not None or outcome_differs
        out.append(VariantReplay(option, value, trace, refused, tuple(substituted), differs, allowed,
                                 outcome_differs))
    return own, out


def first_allowed(record: Record, variant: Record) -> Allowance | None:
    """The first step of ``record`` where ``variant`` (the same deal at another table) allows the
    seat to act something the record's rules did not; None if there is none before the variant
    refuses a record action or the two tables ask different seats."""
    own, other = new_state(record), new_state(variant)
    for number, action in enumerate(record.actions, start=1):
        if hand_finished(own) or hand_finished(other) or own.current_player != other.current_player:
            return None
        seat = own.current_player
        legal = set(own.legal_actions())
        new = tuple(a for a in other.legal_actions() if a not in legal and a.seat == seat)
        if new and seat is not None:
            said = []
            for a in new:
                events = other.clone().apply(a)
                said.append(events[0] if events else Message("rules-option", {"option": str(a), "value": ""}))
            return Allowance(number, seat, new, tuple(said))
        if other.why_illegal(action) is not None:
            return None
        own.apply(action)
        other.apply(action)
    return None


def _play(record: Record, state: HandState, seed: int) -> tuple[Trace, Refusal | None, list[int]]:
    """The record at ``state``'s table. A step is numbered by its place in the hand under the variant.

    Where the record's action is refused, the bots look ahead: if the table first asks decisions the
    record has none for (a rule's new question, such as each defender's "alone?"), the bots answer
    them and the record's action follows; if the bots' move is of the record action's own kind (the
    same seat, the same verb), it takes the record's place; if the action never comes to its turn,
    it has no place at this table and is left out."""
    from .bots import make_bot  # the bots load only when a variant needs them

    bot = make_bot(record.game, seed)
    steps = [Step(0, None, None, list(state.events), None, dict(state.score), state.full_view())]
    refused: Refusal | None = None
    substituted: list[int] = []

    def play(action: Action) -> None:
        events = state.apply(action)
        steps.append(Step(len(steps), action, None, list(events), None, dict(state.score), state.full_view()))

    def bot_move(at: HandState) -> Action:
        seat = at.current_player
        assert seat is not None
        return Action.parse(bot.choose(at.observation(seat)), at.seats)

    def open_(at: HandState) -> bool:
        return not hand_finished(at) and bool(at.legal_actions())

    for action in record.actions:
        if not open_(state):
            break
        reason = state.why_illegal(action)
        if reason is None:
            play(action)
            continue
        # Look ahead on a copy, with the bots answering for the seats to act.
        ahead, in_place = state.clone(), False
        answers: list[Action] = []
        while open_(ahead) and len(answers) < MAX_INSERTED and ahead.why_illegal(action) is not None:
            in_place = (action.seat, action.verb) in {(a.seat, a.verb) for a in ahead.legal_actions()}
            answers.append(bot_move(ahead))
            ahead.apply(answers[-1])
            if in_place:
                break
        comes = not in_place and open_(ahead) and ahead.why_illegal(action) is None
        if not comes and refused is None:
            refused = Refusal(len(steps), action, reason)
        if comes or in_place:  # the table's own questions answered, or the bots' move in the action's place
            for answer in answers:
                substituted.append(len(steps))
                play(answer)
        if comes:
            play(action)
        # else: never its turn at this table, so the action has no place here and is left out
    while open_(state) and len(steps) < MAX_BOT_ACTIONS:
        play(bot_move(state))
    return Trace(record, state, steps), refused, substituted


def _result(state: HandState) -> tuple[Any, ...]:
    """What a hand came to: its awards, score and (in Nap) payments."""
    awards = tuple((a.category, a.team, a.points) for a in state.awards)
    payments = getattr(state, "payments", None)
    return awards, tuple(sorted(state.score.items())), tuple(sorted(payments.items())) if payments else None
