"""A survey of the bots' reasons at the play table: every game, every level, every house rule.

Run ``python bench/reasons_survey.py [--moves N] [--games g1,g2] [--levels l1,l2] [--show K]`` from
the repository root. For each game, bot level (``trickbook.bots.LEVELS``) and set of house rules
(the defaults, each house rule on its own, and all of them at once), seeded matches are played
through ``trickbook.table.Table``, the code the site's play table runs, the reader's decisions
timed out, until about N bot moves have been made for the game and level. Every bot move is
checked:

- **named**: its public form (the ``why`` the table sends during the hand) names only cards every
  other seat can see at that moment (played, thrown, kicked, turned up, or that seat's own);
- **hidden**: what the public form says is true of what each other seat sees (the claims of
  ``tests/test_bot_reasons_public.py``), so it gives away no hidden holding;
- **intent**: an intent it states is true of the position: ``tests/test_bot_reasons.py``'s claims
  for the full form (told after the hand), and these stricter ones (``INTENT``): a trick "may" be
  taken by a partner only if some card the bot has not seen beats it, a trump led that "cannot be
  beaten" takes the trick, a Misère declarer said to keep a trick keeps it;
- **stock**: the reason carries a fact of the position: no searched choice is told with a sentence
  that only names the card or the call (``FACTLESS``, codes whose full form says nothing but the
  move), and no sentence of "guesses" or of doing best;
- **told**: the table told the public form during the hand and the full form after it.

It prints the moves checked and the failures by kind, per game and level, with examples. Figures,
not a test: it asserts nothing, and exits 0.
"""

from __future__ import annotations

import argparse
import hashlib
import importlib.util
import sys
from collections import Counter, defaultdict
from pathlib import Path
from typing import Any, Mapping

from trickbook.actions import Action
from trickbook.bots import LEVELS, make_bot
from trickbook.cards import Card
from trickbook.games import find_game
from trickbook.messages import render
from trickbook.table import Table
from trickbook.table.reasons import PUBLIC, public_form
from trickbook.variants import house_options

ROOT = Path(__file__).resolve().parent.parent


def _load(name: str) -> Any:
    spec = importlib.util.spec_from_file_location(name, ROOT / "tests" / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


GAMES = ("euchre", "yorkshire", "trinidad", "nap")
# Codes whose full form says only the move (the card or the call) and no fact of the position:
# a searched choice told with one of these teaches nothing.
FACTLESS = {"bot-plays", "bot-misere-leads", "bot-runs", "bot-passes-all", "bot-calls-no-trump",
            "bot-defends-alone", "bot-no-defence-public", "bot-bids-misere", "bot-pass-bid", "bot-bid-public"}
STOCK_WORDS = ("did best", "guesses", "many guesses", "played out")


def rule_sets(game: str) -> list[dict[str, bool]]:
    """The defaults, each house rule on its own, and all of them together."""
    cls = find_game(game)
    options = house_options(cls, cls.rules_class())
    sets: list[dict[str, bool]] = [{}] + [{name: value} for name, value in options]
    if len(options) > 1:
        sets.append(dict(options))
    return sets


class Recorded:
    """A bot that notes the table's state before each of its choices."""

    def __init__(self, bot: Any) -> None:
        self.bot = bot
        self.table: Any = None
        self.before: Any = None

    def choose(self, observation: Mapping[str, Any]) -> str:
        self.before = self.table.state.clone()
        out: str = self.bot.choose(observation)
        return out

    def __getattr__(self, name: str) -> Any:
        return getattr(self.bot, name)


class SurveyTable(Table):
    """The site's table, keeping every bot move with the state before and after it."""

    bot_moves: list[dict[str, Any]]

    def _deal(self) -> list[dict[str, Any]]:
        for bot in self.bots.values():
            bot.table = self
        if not hasattr(self, "bot_moves"):
            self.bot_moves = []
        return super()._deal()

    def _step(self, action: Action | None, events: list[Any], bot: bool,
              why: dict[str, Any] | None = None) -> dict[str, Any]:
        step = super()._step(action, events, bot, why)
        if bot and action is not None:
            agent = self.bots[action.seat]
            self.bot_moves.append({"before": agent.before, "action": action, "after": self.state.clone(),
                               "reason": agent.reason, "bot": agent.bot, "why": why, "step": step,
                               "searched": getattr(agent.bot, "searched", None) is not None})
        if "reasons" in step:
            for told in step["reasons"]:
                self.told_full.append(told)
        return step

    told_full: list[dict[str, Any]] = []


def play(game: str, level: str, rules: dict[str, bool], seed: str, hands: int,
         players: int | None = None) -> tuple[SurveyTable, list[Any]]:
    """One table played for ``hands`` hands (or to the match's end), the reader timed out; ``players``
    is Nap's number of seats (the table's default when None)."""
    base = int(seed[:8], 16)  # the bot seeds the table gives its own bots
    probe = Table(seed=seed, game=game, level="gentle", rules=rules, players=players)
    seats = probe.match.seats
    reader = probe.seat
    bots = {s: Recorded(make_bot(game, base + i, level)) for i, s in enumerate(seats) if s != reader}
    SurveyTable.told_full = []
    table = SurveyTable(seed=seed, game=game, level=level, rules=rules, bots=bots, players=players)
    for _ in range(hands):
        guard = 0
        while not table.hand_over:
            table.timeout()
            guard += 1
            assert guard < 100
        if table.is_over:
            break
        table.next_hand()
    return table, list(SurveyTable.told_full)


def visible(obs: Mapping[str, Any]) -> set[Card]:
    cards = {Card.parse(c) for c in obs["hand"]} | {Card.parse(c) for c in obs.get("kicks", [])}
    if obs.get("upcard"):
        cards.add(Card.parse(obs["upcard"]))
    for trick in obs["tricks"]:
        for entry in trick["plays"]:
            cards.update(Card.parse(c) for c in (entry[2] if entry[1] == "throw" else [entry[1]]))
    return cards


def _beats(state: Any, card: Card, than: Card, led: str) -> bool:
    rules = type(state)
    return bool(rules.trick_key(card, led, state.trump) > rules.trick_key(than, led, state.trump))


def partner_may_take(m: Any) -> bool:
    """Some card the bot has not seen (not in its hand, not played) beats the trick's winning card."""
    before = m.before
    trick = before.tricks[-1]
    seen = set(before.hands[m.seat]) | {c for t in before.tricks for c in t.cards}
    seen |= {Card.parse(c) for c in before.observation(m.seat).get("kicks", [])}
    led = type(before).suit_of(trick.entries[0].card, before.trump)
    best = trick.winning[1]
    return any(_beats(before, c, best, led) for c in type(before).pack() if c not in seen)


def trick_winner(m: Any) -> str | None:
    """Who took the trick the move went to, once the hand has gone on (None if it never ended)."""
    n = len(m.before.tricks) - 1
    final = m.final
    if n < len(final.tricks) and final.tricks[n].complete:
        return str(final.tricks[n].winner)
    return None


def may_go_over(m: Any, card: Card) -> bool:
    """Some card the bot has not seen (not in its hand, not played) would beat ``card`` on this trick."""
    before = m.before
    trick = before.tricks[-1]
    seen = set(before.hands[m.seat]) | {c for t in before.tricks for c in t.cards}
    led = type(before).suit_of(trick.entries[0].card, before.trump)
    return any(_beats(before, c, card, led) for c in type(before).pack() if c not in seen)


# Stricter claims of intent, on the true state.
INTENT = {
    # "a seat still to play may (have to) go over it": a card the bot has not seen would.
    "bot-misere-lowest-hope": lambda m: may_go_over(m, m.action.card),
    "bot-misere-stay-under-later": lambda m: may_go_over(m, m.before.tricks[-1].winning[1]),
    "bot-gives-partner-to-play": partner_may_take,
    "bot-lead-trump-none-out": lambda m: trick_winner(m) in (m.seat, None),
    "bot-misere-stay-under": lambda m: trick_winner(m) in (m.values["declarer"], None),
    "bot-misere-forced": lambda m: trick_winner(m) in (m.seat, None),
    "bot-misere-takes": lambda m: trick_winner(m) in (m.seat, None),
}


def survey(game: str, level: str, target: int, show: int, players: int | None = None) -> dict[str, Any]:
    claims = _load("test_bot_reasons")
    seen_mod = _load("test_bot_reasons_public")
    failures: dict[str, list[str]] = defaultdict(list)
    codes: Counter[str] = Counter()
    checked = 0
    per_rules: Counter[str] = Counter()
    sets = rule_sets(game)
    per_set = max(1, target // len(sets))
    hands = {"euchre": 6, "yorkshire": 4, "trinidad": 3, "nap": 8}[game]
    for rules in sets:
        label = ",".join(f"{k}={v}" for k, v in rules.items()) or "default"
        if players is not None:
            label += f" players={players}"
        n = 0
        made = 0
        while made < per_set:
            seed = hashlib.sha256(f"survey {game} {level} {label} {n}".encode()).hexdigest()
            n += 1
            table, told = play(game, level, rules, seed, hands, players)
            made += len(table.bot_moves)
            for record in table.bot_moves:
                checked += 1
                per_rules[label] += 1
                action, reason = record["action"], record["reason"]
                where = f"[{label} seed {seed[:12]} hand {record['step']['view']['hand_number']}] {action}"
                if reason is None:
                    failures["none"].append(f"{where}: no reason")
                    continue
                code, values = reason
                codes[code] += 1
                move = claims.Move(record["before"], action, record["after"], reason, record["bot"])
                move.final = _final(table, record)
                # The full form against the whole position.
                if code not in claims.CLAIMS:
                    failures["intent"].append(f"{where}: {code} has no claim")
                elif not claims.CLAIMS[code](move) or (code in INTENT and not INTENT[code](move)):
                    failures["intent"].append(f"{where}: {code} {values}: {render(code, values)} "
                                              f"(hand {' '.join(map(str, move.hand))}, trumps {move.trump})")
                # The public form, from each other seat.
                pcode, pvalues = public_form(code, values)
                why = record["why"]
                if why is None or why["code"] != pcode:
                    failures["told"].append(f"{where}: the table told {why and why['code']} for {pcode}")
                text = render(pcode, pvalues)
                if any(w in text for w in STOCK_WORDS) or (code in FACTLESS and record["searched"]):
                    failures["stock"].append(f"{where}: {code}: {render(code, values)}")
                for other in record["before"].seats:
                    if other == action.seat:
                        continue
                    before_obs = record["before"].observation(other)
                    after_obs = record["after"].observation(other)
                    hidden = [c for c in pvalues.values() if isinstance(c, Card) and c not in visible(after_obs)]
                    if hidden:
                        failures["named"].append(f"{where}: {pcode} {text} names {hidden}, unseen by {other}")
                        break
                    sight = seen_mod.Seen(before_obs, after_obs, action)
                    if pcode not in seen_mod.SEEN or not seen_mod.SEEN[pcode](sight, pvalues):
                        failures["hidden"].append(f"{where}: {code} -> {pcode}: {text} (not what {other} sees)")
                        break
            for entry in told:
                if entry["why"]["code"] not in PUBLIC:
                    failures["told"].append(f"[{label}] a full reason told at the end is public: {entry['why']}")
    return {"checked": checked, "failures": failures, "codes": codes, "rules": per_rules, "show": show}


def _final(table: SurveyTable, record: Mapping[str, Any]) -> Any:
    """The hand the move was made in, as it ended (or stands now)."""
    number = record["step"]["view"]["hand_number"]
    return table.match.hands[number - 1]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--moves", type=int, default=1500, help="bot moves per game and level (about)")
    parser.add_argument("--games", default=",".join(GAMES))
    parser.add_argument("--levels", default=",".join(LEVELS))
    parser.add_argument("--show", type=int, default=4, help="examples printed per kind of failure")
    parser.add_argument("--nap-players", default="", help="Nap's numbers of seats besides the table's four, e.g. 3,5")
    args = parser.parse_args(argv)
    total: Counter[str] = Counter()
    runs = [(g, None) for g in args.games.split(",")]
    if "nap" in args.games.split(","):
        runs += [("nap", int(n)) for n in args.nap_players.split(",") if n]
    for game, players in runs:
        for level in args.levels.split(","):
            result = survey(game, level, args.moves, args.show, players)
            failures = result["failures"]
            kinds = {k: len(v) for k, v in failures.items()}
            total["checked"] += result["checked"]
            for k, v in kinds.items():
                total[k] += v
            name = game if players is None else f"{game}/{players}"
            print(f"{name:9} {level:7} moves {result['checked']:5}  failures "
                  + (", ".join(f"{k} {v}" for k, v in sorted(kinds.items())) or "none"))
            print("          rules: " + ", ".join(f"{k} {v}" for k, v in result["rules"].items()))
            for kind, items in sorted(failures.items()):
                for line in items[:args.show]:
                    print(f"    {kind}: {line}")
            sys.stdout.flush()
    print("total: " + ", ".join(f"{k} {v}" for k, v in total.items()))
    return 0


if __name__ == "__main__":
    sys.exit(main())
