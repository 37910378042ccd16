"""Bots that look ahead: perfect-information Monte Carlo over deals consistent with what the seat has seen.

For a card to play, the bot guesses the cards it cannot see (``worlds.World``:
every guess keeps the seat's hand, the public play and the voids shown, and is
replayed through the engine), and in each guessed world tries every choice that
differs and finishes the hand with a play-out policy that sees all the cards
(``playout``). The same worlds serve every choice and the play-outs use no
chance, so choices are compared on equal terms. The choice with the best mean
value for the bot's side (points, the match, and a little for tricks or count
cards taken) is played; the heuristic bot's own choice stands unless another
does better by a clear margin, in all the worlds (by a margin and standard
errors) and in each of two disjoint halves of them (by the margin): an override
that a few lucky guesses made would change with the seed, and could teach a
move a beginner is told never to make.

Cheap cut-offs first: one legal action, or choices that cannot differ (cards
next to each other in a suit, every card between them played, and worth the
same count) need no search.

The work per move is fixed as a number of engine actions (``BUDGET``: the
actions replayed to rebuild each world, those played out, each clone of a
rebuilt world at ``CLONE_COST``, each world guessed at ``WORLD_COST``, each
guess dealt again at ``SAMPLE_COST`` and each heuristic call in a play-out at
``playout.CALL_COST``), never as time: moves
depend only on the seed, on any machine, and the costs keep a call's search
(the slowest moves once) near a card's in time. Each world is rebuilt once and every choice plays on a clone of
it; a wide choice is narrowed, after ``PRUNE_AFTER`` worlds, to the heuristic's
choice and the ``KEEP`` best others.

The calls before trick play are searched the same way (every phase whose
``Phase.is_call`` holds: Nap's bids, Euchre's order, call and going alone,
Trinidad's beg, stand, give and run): in each guessed world the call is made,
the heuristic bot finishes the calls of every seat, and the hand is played out.
The Euchre discard, and the Yorkshire throw-in, early look and pitch, are the
heuristic bot's. (A bot whose game's first lead names trumps declares
``search_pitches = False`` to keep the pitch its own: Yorkshire's, because
``bench/duplicate.py`` measured the searched pitch worse than the heuristic's
within the budget: with a few worlds per suit the best-looking suit is mostly
the luckiest one.)

What the search needs of a game, its bot class declares (``bot_class``):
``search_budget``, the engine actions a move may apply (``BUDGET`` if it
declares none). How the game's deal lies is the game class's
(``HandState.deal_seen``, ``deal_from``; the calls before trick play come from the
observation's history: ``worlds.World``). A position whose deal the game cannot
lay out from the view (``worlds.NoWorlds``: a Trinidad redeal, a beg answered by
no gift) is played by the heuristic, and the bot says so in ``unsearched``.

The bot reads only its observation, never the full state; the rules live only
in the engine: this module asks it for everything.
"""

from __future__ import annotations

import random
from typing import Any, Mapping

from ..actions import Action
from ..cards import Card, game_value
from ..errors import TrickbookError
from ..games import canonical_name, find_game
from ..model import Phase
from .explain import choice_reason
from .playout import CALL_COST, OutOfBudget, WorkMeter, counts_game_values, finish_decisions, play_out, value
from .worlds import NoWorlds, World

# Engine actions one move may apply (rebuilding worlds and playing them out), shared among the choices;
# each game's bot declares its own (``search_budget``), since an action costs more in some (All Fours
# asks after throw-ins and peeks at each), sized so that a move stays under 50 ms under Pyodide
# (bench/pyodide_bench.mjs). BUDGET is for a bot that declares none.
BUDGET = 300
# What one clone of a rebuilt world costs, in engine actions (bench/engine.py: a clone takes about
# as long as one to one and a half actions played out).
CLONE_COST = 2
# What guessing one world costs besides the actions replayed to rebuild it: sampling the hidden cards
# and setting up a state from them (at the first call nothing is replayed, yet a world is not free).
# With ``playout.CALL_COST`` it keeps a call's search, which rebuilds a world for few actions and plays
# every seat's calls, from taking twice the time of a card's: the worst moves were calls.
WORLD_COST = 5
# What dealing a guess again costs, when the first deal shuffled broke a void shown (``World.sample``):
# each deal is paid for, which the budget did not count before.
SAMPLE_COST = 2
# Worlds tried at most; a move whose budget cannot pay for MIN_WORLDS worlds is not searched
# (so few worlds say nothing) and the heuristic's choice stands.
MIN_WORLDS, MAX_WORLDS = 2, 48
# With many choices, after PRUNE_AFTER worlds only the heuristic's choice and the KEEP best others
# so far are played out in the worlds that follow. One other: every world after the first few then
# weighs only the override in question, so more worlds judge it (bench/duplicate.py, Euchre, 400 deals,
# with a call's halves judged as a card's: +0.171 with two others kept, +0.184 with one).
PRUNE_AFTER, KEEP = 3, 1
# How much better, in points per world, a choice must do than the heuristic's choice to replace it,
# and by how many standard errors of the difference over the worlds tried.
MARGIN = 0.12
CONFIDENCE = 1.0
# A call overrides the heuristic's only by CALL_CONFIDENCE standard errors: it changes the whole hand, so
# its play-outs swing by points either way, and play-outs that see every card flatter a bold call (a
# Trinidad stand with no trump looked better in some seeds' worlds).
CALL_CONFIDENCE = 1.5
# An override must also hold in each half of the worlds on its own (``SearchBot._clearly_better``), each
# half of at least MIN_HALF worlds: with fewer, the heuristic's choice stands. In each half the mean gain
# must pass MARGIN and, for a card, HALF_CONFIDENCE standard errors of that half (none): for a card the
# halves check that the gain is not the work of a few worlds, and the confidence is asked of all the
# worlds together (a half of three or four worlds barely knows its spread). A call's halves keep
# CALL_HALF_CONFIDENCE, as its whole: judged as a card's, Euchre gained most (bench/duplicate.py, 400
# deals: +0.171 points a hand over the gentle bot, against +0.115), but bold calls that a few worlds
# flattered came back (a Trinidad stand with no trump, a Euchre order-up with the nine and the left
# bower: test_search_stability). Euchre's calls gain instead from its heuristic's bolder order
# (``EuchreBot.strong_options``).
MIN_HALF = 2
HALF_CONFIDENCE = 0.0
CALL_HALF_CONFIDENCE = CALL_CONFIDENCE


class SearchBot:
    """Plays one seat by sampling the hidden cards and playing each choice out; deterministic given ``seed``."""

    def __init__(self, game: str, seed: int = 0, budget: int | None = None) -> None:
        from . import Bot, bot_class  # the heuristic bot plays the other decisions

        self.game = canonical_name(game)
        self.hand_class = find_game(self.game)
        heuristic = bot_class(self.game)
        # Its own heuristic may take options of the game's bot (a Trinidad stand on less: ``strong_options``).
        self.heuristic: Bot = heuristic(seed=seed, **getattr(heuristic, "strong_options", {}))
        self.others: Bot = bot_class(self.game)(seed=seed)  # the other seats' bids in a guessed world
        self.rng = random.Random(f"search {self.game} {seed}")
        self.budget: int = getattr(heuristic, "search_budget", BUDGET) if budget is None else budget
        self.search_pitches: bool = getattr(heuristic, "search_pitches", True)
        self.values = counts_game_values(self.hand_class)
        # The engine actions the last move applied (the unit of the budget), and the worlds it tried.
        self.work = 0
        self.worlds_tried = 0
        # The reason for the choice when the search overrode the heuristic: a fact of the position
        # (``explain.choice_reason``: the trick the card takes or leaves, the trumps a call is made on).
        self.searched: tuple[str, dict[str, Any]] | None = None
        self.observation: Mapping[str, Any] = {}
        # Why the last move was not searched though it had choices (the game cannot lay out its deal from
        # the view), or None: the heuristic's choice and reason stand.
        self.unsearched: str | None = None

    @property
    def reason(self) -> tuple[str, dict[str, Any]] | None:
        """Why the last move was chosen (the table tells the reader): the heuristic's reason when its
        choice stood, else the fact of the position that the searched choice turns on."""
        if self.searched is not None:
            return self.searched
        reason: tuple[str, dict[str, Any]] | None = getattr(self.heuristic, "reason", None)
        return reason

    def choose(self, observation: Mapping[str, Any]) -> str:
        self.work = self.worlds_tried = 0
        self.searched = self.unsearched = None
        self.observation = observation
        legal: list[str] = list(observation["legal"])
        if not legal:
            raise TrickbookError(f"seat {observation.get('seat')!r} has no legal action to choose from")
        choice = self.heuristic.choose(observation)
        if len(legal) == 1:
            return choice
        seat = observation["seat"]
        phase = Phase(observation["phase"])
        if phase.is_call:
            # Each call (or the pass) is played out: the other seats finish the bidding as the
            # heuristic would from their guessed hands, then the hand is played out.
            bidding = self._world(observation)
            if bidding is None:
                return choice
            calls = [t for t in legal if t.split(" ", 1)[0] == seat]
            return self._search(bidding, calls, choice, seat, calls=len(bidding.seats))
        if phase != Phase.PLAY:
            return choice
        if observation.get("trump") is None and not self.search_pitches:
            return choice
        world = self._world(observation)
        if world is None:
            return choice
        if Action.parse(choice, world.seats).verb != "play":
            return choice  # throwing in, peeking: the heuristic's call
        plays = [t for t in legal if Action.parse(t, world.seats).verb == "play"]
        choices = self.distinct(world, plays, choice)
        refuses = getattr(self.heuristic, "search_refuses", None)
        if refuses is not None:  # a card the game's bot says play-outs cannot judge (a trump jack led into a hang)
            choices = [t for t in choices if t == choice or not refuses(observation, t)]
        if len(choices) == 1:
            return choice
        return self._search(world, choices, choice, seat)

    def _world(self, observation: Mapping[str, Any]) -> World | None:
        """The seat's world, its deal laid out by the game's class; None (and the reason in ``unsearched``)
        when the game cannot lay it out from this view."""
        try:
            return World.from_observation(self.hand_class, observation)
        except NoWorlds as e:
            self.unsearched = str(e)
            return None

    def distinct(self, world: World, legal: list[str], keep: str) -> list[str]:
        """The legal actions less those that cannot play differently from one kept (``keep`` is kept)."""
        seats = world.seats
        parted = {c for cards in world.parted.values() for c in cards}
        pack = self.hand_class.pack()
        trump = world.trump
        cls = self.hand_class
        cards: dict[str, Card] = {}
        for text in legal:
            action = Action.parse(text, seats)
            if action.verb == "play" and action.card is not None:
                cards[text] = action.card

        def suit_key(card: Card) -> tuple[str, int]:
            return cls.suit_of(card, trump), cls.rank_power(card, trump)

        def same(a: Card, b: Card) -> bool:
            (sa, pa), (sb, pb) = suit_key(a), suit_key(b)
            if sa != sb or (self.values and game_value(a) != game_value(b)):
                return False
            lo, hi = min(pa, pb), max(pa, pb)
            return all(c in parted for c in pack if c not in (a, b) and suit_key(c)[0] == sa
                       and lo < suit_key(c)[1] < hi)

        out: list[str] = []
        ordered = ([keep] if keep in legal else []) + [t for t in legal if t != keep]
        for text in ordered:
            card = cards.get(text)
            if card is not None and any(o in cards and same(card, cards[o]) for o in out):
                continue
            out.append(text)
        return out

    def _search(self, world: World, choices: list[str], choice: str, seat: str, calls: int = 0) -> str:
        """The best of ``choices`` over the worlds the budget pays for (``calls``: the calls a play-out
        makes before trick play), or the heuristic's ``choice`` unless another is clearly better."""
        if choice in choices:  # the heuristic's choice first: it wins ties
            choices = [choice] + [t for t in choices if t != choice]
        meter = WorkMeter(limit=self.budget)  # a play-out that would pass the budget is abandoned
        results_by_world: list[dict[str, float]] = []
        replay = len(world.history)
        # Cards left to play and calls to make (a Trinidad run deals more): what a play-out usually takes.
        remaining = sum(world.sizes.values()) + len(world.seats) + world.more_cards

        def cost(n: int) -> int:
            """The work of one world for ``n`` choices: rebuilt once, every choice but the last on a clone."""
            return replay + WORLD_COST + n * (remaining + 1 + calls * CALL_COST) + (n - 1) * CLONE_COST

        if min(MAX_WORLDS, self.budget // cost(len(choices))) < MIN_WORLDS:
            return choice
        active = choices
        built = tries = 0
        while built < MAX_WORLDS and tries < 2 * MAX_WORLDS and meter.applied + cost(len(active)) <= self.budget:
            tries += 1
            hidden = world.sample(self.rng)
            # The loop's test counted one deal shuffled; a guess that had to be dealt again (the
            # voids shown refused it) is paid for too, and ends the search if the budget cannot.
            extra = SAMPLE_COST * max(0, world.attempts - 1)
            if hidden is None or meter.applied + replay + WORLD_COST + extra > self.budget:
                break
            base = world.rebuild(hidden)
            meter.charge(replay + WORLD_COST + extra)
            if base is None:
                continue
            results: dict[str, float] = {}
            try:
                for i, text in enumerate(active):
                    if i < len(active) - 1:
                        meter.charge(CLONE_COST)
                        state = base.clone()
                    else:
                        state = base
                    meter.apply(state, Action.parse(text, state.seats))
                    finish_decisions(state, meter, self.others)
                    results[text] = value(play_out(state, meter), seat, world.score_before, self.values)
            except OutOfBudget:
                break  # this world is left out: not every choice was played out in it
            built += 1
            results_by_world.append(results)
            if len(active) > KEEP + 1 and built >= PRUNE_AFTER:
                # Spend the rest on the heuristic's choice and the best others so far.
                totals = {t: sum(r[t] for r in results_by_world) for t in active}
                best_others = sorted((t for t in active if t != choice), key=lambda t: -totals[t])[:KEEP]
                active = [t for t in active if t == choice or t in best_others]
        self.work, self.worlds_tried = meter.applied, built
        if built < 2:
            return choice
        totals = {text: sum(r[text] for r in results_by_world) / built for text in active}
        best = max(totals, key=lambda t: totals[t])  # the first of equals, the heuristic's choice first
        confidence, half = (CALL_CONFIDENCE, CALL_HALF_CONFIDENCE) if calls else (CONFIDENCE, HALF_CONFIDENCE)
        if best == choice or choice not in active or not self._clearly_better(results_by_world, best, choice,
                                                                               confidence, half):
            return choice
        self.searched = choice_reason(self.hand_class, self.observation, best)
        return best

    @staticmethod
    def _clearly_better(results: list[dict[str, float]], best: str, choice: str,
                        confidence: float = CONFIDENCE, half: float = HALF_CONFIDENCE) -> bool:
        """Whether ``best`` beats ``choice`` over the same worlds by more than MARGIN per world and by
        ``confidence`` standard errors of the difference, and by more than MARGIN (and ``half`` standard
        errors) in each of two disjoint halves of them (the worlds tried first, third, fifth…
        and second, fourth…): an override that a few lucky guesses made is noise, which another seed
        would not repeat."""
        diffs = [r[best] - r[choice] for r in results]
        if len(diffs) < 2 * MIN_HALF:
            return False
        halves = (diffs[0::2], diffs[1::2])
        return _clear(diffs, confidence) and all(_clear(part, half) for part in halves)


def _clear(diffs: list[float], confidence: float) -> bool:
    """A mean difference above MARGIN and above ``confidence`` standard errors."""
    n = len(diffs)
    mean = sum(diffs) / n
    if confidence <= 0:
        return mean > MARGIN
    spread = (sum((d - mean) ** 2 for d in diffs) / (n - 1)) ** 0.5
    return mean > MARGIN and mean > confidence * spread / n ** 0.5


__all__ = ["BUDGET", "SearchBot", "World"]
