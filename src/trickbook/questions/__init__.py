"""Questions about a hand, judged by the rules: which cards are legal, who takes a trick, what to
play, what the hand scores.

A question is asked at a step of a hand (``Question``). The engine works out its
*answer key* (``answer_key``): the choices a reader is offered, the ones the rules
accept, and a reason for each choice, as message codes and values like every other
reason or event. ``judge`` compares a reader's answer with the key. The key is
plain JSON, so a page can carry it and judge an answer before the engine is live;
only a wrong card's play-out (``playout.cost``) needs the engine in the browser.

The kinds:

- ``legal``: the cards the seat to act may play (the legal set), with, for every
  card of the hand, the reason it is legal or illegal;
- ``winner``: the seat that took the trick just completed, with the trick's event;
- ``play``: the cards an acceptance rule accepts (``RULES``: ``wins-trick``,
  ``keeps-contract``, ``takes-jack``, ``saves-game``) or an explicit list;
- ``score``: the hand's result: who scores High, Low, Jack and Game (All Fours),
  what the declarer collects or pays (Nap), how many points and to whom (Euchre).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..cards import Card
from ..messages import N_, register

KINDS = ("legal", "winner", "play", "score")
RULES = ("wins-trick", "keeps-contract", "takes-jack", "saves-game")
# Keys of a question in a record's [[questions]] table.
QUESTION_KEYS = ("step", "kind", "seat", "accept", "view", "text", "bots")
VIEWS = ("all", "seat")

register({
    # Why a card is legal (the legal set's reasons; the illegal ones are the game's refusals).
    "why-legal-lead": N_("{seat} leads: any card may be led."),
    "why-legal-follows": N_("{card} follows the suit led ({suit})."),
    "why-legal-trump": N_("{card} is a trump: a trump may be played even by a seat that holds the suit led."),
    "why-legal-void": N_("{seat} holds no {suit}, so any card may be played."),
    # Acceptance rules of a play question: why a card is accepted, and why not.
    "accept-wins-trick": N_("{card} takes the trick for {seat}'s side, whatever the others play."),
    "refuse-wins-trick": N_("After {card}, the trick can still be lost: {other} can play {cards}."),
    "accept-keeps-contract": N_("After {card}, {seat} can still make the contract whatever the others play."),
    "refuse-keeps-contract": N_("After {card}, the other players can defeat the contract whatever {seat} plays."),
    "accept-takes-jack": N_("After {card}, {seat}'s side can make sure of Jack."),
    "refuse-takes-jack": N_("After {card}, the other side can keep {seat}'s side from Jack."),
    "accept-saves-game": N_("After {card}, {seat}'s side can make sure the other side does not score Game."),
    "refuse-saves-game": N_("After {card}, the other side can make sure of Game."),
    # Asked with hidden hands: a card that does it with these hands, but not however the hidden cards lie.
    "refuse-hidden-wins-trick": N_(
        "With these hands {card} would do, but the hidden cards may lie otherwise: "
        "if {other} held {cards}, the trick would be lost."),
    "refuse-hidden": N_(
        "With these hands {card} would do, but the hidden cards may lie so that the other side can stop it, "
        "whatever {seat} plays."),
    "accept-listed": N_("{card} is one of the cards the author accepts here."),
    "refuse-listed": N_("{card} is legal, but not one of the cards the author accepts here."),
    # What a wrong card costs, played out to the end of the hand.
    "cost-side": N_("{category}: {points} for your side."),
    "cost-other": N_("{category}: {points} for the other side."),
    "cost-none": N_("Played out to the end of the hand, {card} changes no score."),
    # How the rule's goal ends after a wrong card, against the best defence the verdict's solver finds.
    "cost-lost-wins-trick": N_("Against the best defence, {card} loses the trick: {winner} takes it."),
    "cost-lost-keeps-contract": N_("Against the best defence, after {card} {seat}'s contract fails."),
    "cost-lost-takes-jack": N_("Against the best defence, after {card} the other side takes Jack."),
    "cost-lost-saves-game": N_(
        "Against the best defence, after {card} the other side captures more for Game: {theirs} against {ours}."),
    # The score question's answers.
    "score-nobody": N_("Nobody scores {category}."),
    "score-net": N_("{seat}'s net result for the hand: {points}."),
})


@dataclass(frozen=True)
class Question:
    """A question at ``step`` of a hand. ``accept`` is a rule name (``RULES``) or the accepted cards;
    ``view = "seat"`` hides the hands ``seat`` cannot see. ``text`` is the author's English."""

    step: int
    kind: str
    seat: str | None = None
    accept: str | tuple[Card, ...] | None = None
    view: str = "all"
    text: str = ""
    bots: str = "gentle"
    line: int | None = field(default=None, compare=False)


from .judge import QuestionError, answer_key, judge  # noqa: E402  (the judge reads the names above)

__all__ = ["KINDS", "QUESTION_KEYS", "RULES", "VIEWS", "Question", "QuestionError", "answer_key", "judge"]
