"""A bot's reason told during the hand says only what the other seats can see; the rest waits for its end.

Seeded hands of every game, with the default rules and with every house rule on, are played by
strong and gentle bots (``test_bot_reasons.bot_moves``). After every move, the reason's public form
(``reasons.public_form``) is checked from each other seat's observation alone, before and after
the move, never from the bot's hand or the reason's own reckoning:

- every card it names is one that seat sees: played to a trick, kicked, turned up, or its own;
- what it says is true of what that seat sees (``SEEN``: one claim per public code, each reading
  only the two observations and the action as the table shows it), so it states no hidden holding.

The full form is checked against the whole position (``test_bot_reasons.CLAIMS``) under every
house rule, and the table (``table.session``) is checked to send the public form during the hand
and the full forms at its end.
"""

from __future__ import annotations

import hashlib
import importlib.util
from pathlib import Path
from typing import Any, Callable, Mapping

import pytest

from trickbook.actions import Action
from trickbook.cards import Card
from trickbook.games import find_game
from trickbook.messages import MESSAGES
from trickbook.table import Table
from trickbook.table.reasons import PUBLIC, public_form
from trickbook.view import SeatView

# The moves and the full forms' claims are those of test_bot_reasons.py (tests import by path here).
_spec = importlib.util.spec_from_file_location("bot_reason_claims", Path(__file__).with_name("test_bot_reasons.py"))
assert _spec is not None and _spec.loader is not None
claims = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(claims)
CLAIMS, SCALE, Move, bot_moves = claims.CLAIMS, claims.SCALE, claims.Move, claims.bot_moves

# Every house rule of each game on at once (the defaults are played too).
HOUSE: dict[str, tuple[tuple[str, Any], ...]] = {
    "euchre": (("no_trump", True), ("defend_alone", True), ("stick_the_dealer", False)),
    "yorkshire": (("may_cut_holding_suit", False),),
    "trinidad": (("may_undertrump", False), ("kicked_two_for_six", True), ("gift_may_win", False)),
    "nap": (("misere", True), ("nap_pays_ten", True)),
}
HANDS = {"euchre": 16, "yorkshire": 10, "trinidad": 8, "nap": 30}
GAMES = ["euchre", "yorkshire", "trinidad", "nap"]
RULES = [pytest.param((), id="default"), pytest.param(None, id="house")]


def moves_of(game: str, rules: tuple[tuple[str, Any], ...] | None) -> list[Move]:
    options = HOUSE[game] if rules is None else rules
    return bot_moves(game, max(1, round(HANDS[game] * max(SCALE, 1.0))), options)


class Seen:
    """One other seat's sight of a bot move: its observation before and after, and the action shown."""

    def __init__(self, before: Mapping[str, Any], after: Mapping[str, Any], action: Action) -> None:
        self.before, self.after, self.action = before, after, action
        self.seat = action.seat
        self.rules = find_game(before["game"])
        self.view = SeatView(before)  # the trick in progress as this seat sees it (no hand but its own)
        self.card = action.card

    def visible(self) -> set[Card]:
        """The cards this seat sees after the move: every card played (or thrown), kicked or turned up,
        and its own hand."""
        obs = self.after
        cards = {Card.parse(c) for c in obs["hand"]} | {Card.parse(c) for c in obs.get("kicks", [])}
        if obs.get("upcard"):
            cards.add(Card.parse(obs["upcard"]))
        for trick in obs["tricks"]:
            for entry in trick["plays"]:
                cards.update(Card.parse(c) for c in (entry[2] if entry[1] == "throw" else [entry[1]]))
        return cards

    # What the seat can tell of the trick and the play.
    def leads(self) -> bool:
        return self.action.verb == "play" and not self.view.plays

    def follows(self) -> bool:
        return self.action.verb == "play" and bool(self.view.plays)

    def holder_before(self) -> str | None:
        return self.view.winning[0] if self.view.winning else None

    def partner(self) -> str | None:
        """The bot's partner, if it has one."""
        return next((s for s in self.view.teams[self.view.team_of(self.seat)] if s != self.seat), None)

    def later(self) -> list[str]:
        """The seats still to play to this trick after the bot."""
        played = {s for s, _ in self.view.plays} | {self.seat}
        order = list(self.view.obs.get("in_play") or self.view.seats)
        j = order.index(self.seat)
        return [s for s in order[j + 1:] + order[:j] if s not in played]

    def trump_card(self) -> bool:
        trump = self.after["trump"]
        return self.card is not None and trump is not None and self.rules.suit_of(self.card, trump) == trump

    def beats(self) -> bool:
        assert self.view.winning is not None and self.view.led is not None and self.card is not None
        return self.view.beats(self.card, self.view.winning[1], self.view.led)

    def declarer(self) -> str | None:
        return self.before.get("declarer")

    def verb(self, *verbs: str) -> bool:
        return self.action.verb in verbs


def _card(s: Seen, v: Mapping[str, Any]) -> bool:
    return v.get("card") == s.card and s.verb("play")


# What each public form claims, judged from the other seat's sight alone.
SEEN: dict[str, Callable[[Seen, Mapping[str, Any]], bool]] = {
    "bot-plays": lambda s, v: _card(s, v),
    "bot-last-card": lambda s, v: _card(s, v) and s.before["hand_sizes"][s.seat] == 1,
    "bot-leads-trump": lambda s, v: _card(s, v) and s.leads() and s.trump_card(),
    "bot-leads-plain": lambda s, v: _card(s, v) and s.leads() and not s.trump_card(),
    "bot-lead-no-trumps-hand": lambda s, v: _card(s, v) and s.leads() and s.after["trump"] is None,
    "bot-take-trick": lambda s, v: _card(s, v) and s.follows() and s.beats() and s.holder_before() != s.partner(),
    "bot-lets-go": lambda s, v: _card(s, v) and s.follows() and not s.beats(),
    "bot-partner-holds": lambda s, v: _card(s, v) and s.follows() and s.holder_before() == v["partner"] == s.partner(),
    "bot-gives-partner-to-play": lambda s, v: _card(s, v) and s.follows() and not s.beats()
    and v["partner"] == s.partner() and v["partner"] in s.later(),
    "bot-over-partner": lambda s, v: _card(s, v) and s.follows() and s.beats()
    and s.holder_before() == v["partner"] == s.partner() and v["foe"] in s.later(),
    "bot-over-partner-last": lambda s, v: _card(s, v) and s.follows() and s.beats()
    and s.holder_before() == v["partner"] == s.partner() and not s.later(),
    "bot-pitches": lambda s, v: _card(s, v) and s.leads() and s.before["trump"] is None
    and s.after["trump"] == v["suit"],
    "bot-names-trumps": lambda s, v: _card(s, v) and s.leads() and s.before["trump"] is None
    and s.after["trump"] == v["suit"],
    # The calls: the call as made, and the trumps it makes or keeps.
    "bot-stands": lambda s, v: s.verb("stand") and v["suit"] == s.after["trump"],
    "bot-begs": lambda s, v: s.verb("beg") and v["suit"] == s.before["trump"],
    "bot-gives-point": lambda s, v: s.verb("give") and v["suit"] == s.after["trump"],
    "bot-give-forced": lambda s, v: s.verb("give"),
    "bot-runs": lambda s, v: s.verb("run"),
    "bot-discard": lambda s, v: s.verb("discard"),
    "bot-passes-suit": lambda s, v: s.verb("pass") and v["suit"] == Card.parse(s.before["upcard"]).suit,
    "bot-passes-all": lambda s, v: s.verb("pass") and s.before["phase"] == "round-two",
    "bot-makes-trumps": lambda s, v: s.verb("order", "pickup", "call") and s.after["trump"] == v["suit"],
    "bot-makes-trumps-alone": lambda s, v: s.verb("order", "pickup", "call") and s.action.alone
    and s.after["trump"] == v["suit"],
    "bot-defends-alone": lambda s, v: s.verb("defend") and v["maker"] == s.before["maker"],
    "bot-no-defence-public": lambda s, v: s.verb("pass") and s.before["phase"] == "defend"
    and v["maker"] == s.before["maker"],
    "bot-calls-no-trump": lambda s, v: s.verb("notrump"),
    "bot-stuck-public": lambda s, v: s.verb("call") and s.seat == s.before["dealer"]
    and s.before["phase"] == "round-two",
    # Nap: a bid tells the tricks it needs ("expects to take"), a pass that it expects too few.
    "bot-bid": lambda s, v: s.verb("bid") and s.action.contract == v["contract"],
    "bot-bid-public": lambda s, v: s.verb("bid") and s.action.contract == v["contract"],
    "bot-pass-bid": lambda s, v: s.verb("pass") and s.before["phase"] == "bidding",
    "bot-bids-misere": lambda s, v: s.verb("bid") and s.action.contract == "misere",
    # Misère: the trick as it lies, the declarer's place in it.
    "bot-misere-leads": lambda s, v: _card(s, v) and s.leads(),
    "bot-misere-defend-leads": lambda s, v: _card(s, v) and s.leads() and v["declarer"] == s.declarer() != s.seat,
    "bot-misere-goes-under": lambda s, v: _card(s, v) and s.follows() and not s.beats(),
    "bot-misere-under": lambda s, v: _card(s, v) and s.follows() and not s.beats(),
    "bot-misere-over": lambda s, v: _card(s, v) and s.follows() and s.beats(),
    "bot-misere-later": lambda s, v: _card(s, v) and s.follows() and bool(s.later()),
    "bot-misere-takes": lambda s, v: _card(s, v) and s.follows() and s.beats() and not s.later(),
    "bot-misere-defend-plays": lambda s, v: _card(s, v) and s.follows() and v["declarer"] == s.declarer()
    in s.later(),
    "bot-misere-stay-under": lambda s, v: _card(s, v) and s.follows() and not s.beats()
    and v["declarer"] == s.declarer() == s.holder_before() and not s.later(),
    "bot-misere-stay-under-later": lambda s, v: _card(s, v) and s.follows() and not s.beats()
    and v["declarer"] == s.declarer() == s.holder_before() and bool(s.later()),
    "bot-misere-goes-over": lambda s, v: _card(s, v) and s.follows() and s.beats()
    and v["declarer"] == s.declarer() == s.holder_before(),
    "bot-misere-sheds": lambda s, v: _card(s, v) and s.follows() and v["declarer"] == s.declarer()
    and s.declarer() in {p for p, _ in s.view.plays} and s.holder_before() != s.declarer(),
}


def sights(m: Move) -> list[Seen]:
    """The move as each other seat sees it."""
    return [Seen(m.before.observation(seat), m.after.observation(seat), m.action)
            for seat in m.before.seats if seat != m.seat]


def _cards_named(values: Mapping[str, Any]) -> list[Card]:
    return [v for v in values.values() if isinstance(v, Card)]


@pytest.mark.parametrize("rules", RULES)
@pytest.mark.parametrize("game", GAMES)
def test_a_reason_told_during_the_hand_names_no_card_and_states_no_holding_the_others_cannot_see(game, rules):
    moves = moves_of(game, rules)
    assert len(moves) >= 100, len(moves)
    named, unseen, told = [], [], 0
    for m in moves:
        code, values = public_form(m.code, m.values)
        assert code in MESSAGES, code
        for seen in sights(m):
            hidden = [c for c in _cards_named(values) if c not in seen.visible()]
            if hidden:
                named.append(f"{m.code} -> {code} {values} names {hidden}, unseen by {seen.before['seat']}")
            elif code not in SEEN:
                unseen.append(f"{m.code} -> {code}: no claim that a seat's sight can check")
            elif not SEEN[code](seen, values):
                unseen.append(f"{m.code} -> {code} {values} for {m.action}: not what {seen.before['seat']} sees")
            told += 1
    assert not named, f"{len(named)} public reasons name a card a seat cannot see:\n" + "\n".join(named[:10])
    assert not unseen, f"{len(unseen)} public reasons say what a seat cannot see:\n" + "\n".join(unseen[:10])
    assert told >= 2 * len(moves)


@pytest.mark.parametrize("game", GAMES)
def test_every_full_reason_is_true_of_the_position_under_the_house_rules(game):
    moves = moves_of(game, None)
    false = [f"{m.code} {m.values} for {m.action} (hand {' '.join(map(str, m.hand))}, trumps {m.trump})"
             for m in moves if not CLAIMS[m.code](m)]
    assert not false, f"{len(false)} of {len(moves)} reasons are false:\n" + "\n".join(false[:10])


def test_the_reasons_that_gave_a_holding_away_have_a_public_form_that_does_not():
    # The old sentences, as the table sent them during the hand, fail the checks above.
    moves = [m for g in GAMES for m in moves_of(g, ())]
    full = {m.code for m in moves} & set(PUBLIC)
    assert {"bot-keeps-cheaper", "bot-lead-no-trump", "bot-lead-plain", "bot-cannot-win"} <= full, full
    leak = next(m for m in moves if m.code == "bot-keeps-cheaper")
    seen = sights(leak)[0]
    assert leak.values["kept"] not in seen.visible()  # the kept card is still in the bot's hand
    void = next(m for m in moves if m.code == "bot-lead-no-trump")
    # "holds no trump" is no claim a seat's sight can check: the old code has none in SEEN.
    assert void.code not in SEEN and public_form(void.code, void.values)[0] in SEEN


def play_table(game: str, seed: str, level: str, rules: Mapping[str, Any] | None, hands: int) -> list[dict[str, Any]]:
    """The steps a table sends its reader over ``hands`` hands, the reader's decisions timed out."""
    table = Table(seed=seed, game=game, seat="S" if game != "nap" else None, level=level, rules=rules)
    steps = list(table.log)
    for _ in range(hands):
        while not table.hand_over:
            steps += table.timeout()
        if table.is_over:
            break
        steps += table.next_hand()
    return steps


def _public_cards(view: Mapping[str, Any]) -> set[str]:
    cards = set(view["hand"])
    for trick in (view.get("trick"), view.get("last_trick")):
        for entry in (trick or {}).get("plays", []):
            cards.update(entry[2] if entry[1] == "throw" else [entry[1]])
    return cards


@pytest.mark.parametrize("game,level", [("trinidad", "strong"), ("yorkshire", "gentle"), ("euchre", "gentle"),
                                        ("nap", "strong")])
def test_the_table_tells_the_public_reason_during_the_hand_and_the_full_ones_at_its_end(game, level):
    rules = dict(HOUSE[game])
    steps = play_table(game, hashlib.sha256(f"public reasons {game}".encode()).hexdigest(), level, rules, 3)
    whys = [s for s in steps if s.get("why")]
    assert len(whys) >= 20
    for step in whys:
        assert step["why"]["code"] not in PUBLIC, step["why"]
        named = {v for k, v in step["why"]["values"].items() if k in ("card", "kept")}
        # The card named is the one just played, on the table for the reader to see (or the reader's own).
        assert named <= _public_cards(step["view"]) | {str(step["action"]).split()[-1]}, step["why"]
    ends = [s for s in steps if "reasons" in s]
    assert ends, "no hand ended with its full reasons"
    for end in ends:
        assert end["view"]["phase"] == "hand-over"
        for told in end["reasons"]:
            assert told["why"]["code"] in PUBLIC and told["seat"] != end["view"]["you"]
    assert all(s["view"]["phase"] == "hand-over" for s in steps if "reasons" in s)
