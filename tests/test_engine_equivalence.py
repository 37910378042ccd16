"""The engine plays every game exactly as it did before its internals were made faster.

Each game plays a fixed set of seeded random hands (varied seat names, seat counts, dealers,
rules options and starting scores) and every observable thing is hashed into one SHA-256 per
game: each deal, the first-dealer draw, every legal-action list, every event an action returns
(code, values and English text), the public view, the full view and the acting seat's
observation after every action, the seats' hands and captured cards as lists, the reason
``why_illegal`` gives for a handful of actions drawn from every action the game could name
(legal or not) and the error ``apply`` raises for an illegal one, and a clone played out to its
end part-way through every hand (the original then goes on, so a clone sharing state shows).

The expected fingerprints are literals recorded by running this file's ``fingerprint`` on the
engine as it was at commit c69c00e, before its internal representation changed: they are not
computed by the engine under test, so any change in behaviour (a legal list in another order, an
event with another value, another reason) fails here. A deliberate change of behaviour must
re-record them, and say why in the commit.
"""

from __future__ import annotations

import hashlib
import json
import random
from typing import Any

import pytest

from trickbook.actions import CONTRACTS, Action
from trickbook.cards import SUITS
from trickbook.errors import DealError, IllegalActionError
from trickbook.games import find_game
from trickbook.match import hand_finished
from trickbook.shuffle import deal_hand, first_dealer

# Left to the full tier (and run under Pyodide): test_golden.py and test_conformance.py pin the same
# behaviour in the fast tier; these fingerprints need every one of their hands, so they cannot be scaled.
pytestmark = pytest.mark.slow

HANDS = 120

# Recorded at c69c00e (see the module's docstring). Euchre re-recorded once, for one deliberate change:
# a seat sitting out while its partner plays alone is refused with its own reason, ``sitting-out``,
# instead of ``not-your-turn`` (with the old reason put back, the old fingerprint comes out exactly).
# Euchre and Trinidad were re-recorded when views came to name a table's house rules
# (``house_rules``, present only at a table away from the defaults: stick_the_dealer = false,
# gift_may_win = false here); with that key left out of the views, the earlier fingerprints
# (5ac0a098… and 8e9c6853…) come out exactly.
EXPECTED = {
    "euchre": "327cfdcab4de581dae9ad6d0cb8cf5fc4bbb5b39375e7a5d299f5caed1c8a5dd",
    "nap": "cade00ea1623874bdf1bb947f4569a496625a34f9ad901ec7983abaeb2627498",
    "yorkshire": "6761c5cc12be0a63e4582245659e50cb4c18599393ca7a35de35a6ae6075ca10",
    "trinidad": "d86e3c0178297b53bdbd9d680f572856f525b403f3431a9fe40496375ff00e00",
}

SEAT_NAMES = {
    "euchre": [("N", "E", "S", "W"), ("West", "north", "E2", "s")],
    "yorkshire": [("N", "E", "S", "W"), ("b", "a", "D", "c")],
    "trinidad": [("N", "W", "S", "E"), ("Ann", "Bo", "Cy", "Di")],
}
RULES: dict[str, list[dict[str, Any]]] = {
    "euchre": [{}, {"stick_the_dealer": False}, {"target": 3}],
    "yorkshire": [{}, {"target": 5}],
    "trinidad": [{}, {"gift_may_win": False}, {"target": 4, "gift_may_win": False}],
    "nap": [{}],
}

# The house rules, pinned apart so that the fingerprints above stay those of the tables they
# were recorded at; recorded when the options came, after their rule tests (tests/test_variants.py).
HOUSE_RULES: dict[str, list[dict[str, Any]]] = {
    "yorkshire": [{"may_cut_holding_suit": False}, {"may_cut_holding_suit": False, "target": 5}],
    "trinidad": [{"may_undertrump": False}, {"kicked_two_for_six": True},
                 {"may_undertrump": False, "kicked_two_for_six": True, "target": 4}],
    "nap": [{"misere": True}, {"nap_pays_ten": True}, {"misere": True, "nap_pays_ten": True}],
    "euchre": [{"no_trump": True}, {"no_trump": True, "stick_the_dealer": False}],
}
EXPECTED_HOUSE = {
    "yorkshire": "d27078bbde6ce41e861738ccc4e2dcf0ae7ee9205af7bef69761325203ae0c41",
    "trinidad": "ca28a5269a72c7547f017dcf2c30ac02b903820179387ae52b03570e781718e7",
    "nap": "4ed05a12dadbb08a9564648d5622947bd08178c1451b8d55697dfb4bd9046e9f",
    "euchre": "71f5fb44d5ad9040ffa3c1e88d01d25942e20770412df320716a7c63c1657ee8",
}
# Euchre's defending alone, pinned apart in its turn (the house fingerprints above stay as recorded),
# alone and with the other options; its action is asked about only here.
DEFEND_RULES: dict[str, list[dict[str, Any]]] = {
    "euchre": [{"defend_alone": True}, {"defend_alone": True, "no_trump": True},
               {"defend_alone": True, "stick_the_dealer": False, "target": 3}],
}
EXPECTED_DEFEND = {
    "euchre": "c05a4408ce6dc00389f1db12881c239d539f17a11b25b1003b8b6f88c015a0a2",
}
DEFEND_ACTIONS: tuple[tuple[str, dict[str, Any]], ...] = (("defend", {}),)


def _seats(game: str, rng: random.Random) -> tuple[str, ...]:
    if game == "nap":
        return tuple("ABCDEFG"[:rng.randint(3, 7)]) if rng.random() < 0.7 else ("Zed", "y", "X1", "w")
    return rng.choice(SEAT_NAMES[game])


# The actions the house rules brought, asked about only under HOUSE_RULES: the recorded fingerprints
# draw their sample of candidates from the actions there were when they were recorded.
HOUSE_ACTIONS = (("bid", {"contract": "misere"}), ("notrump", {}), ("notrump", {"alone": True}))


def _candidates(cls: Any, seats: tuple[str, ...], house: bool = False,
                more: tuple[tuple[str, dict[str, Any]], ...] = ()) -> list[Action]:
    """Every action the game's verbs could name at this table, and a few from a seat not at it."""
    out: list[Action] = []
    for seat in (*seats, "Q"):
        for card in cls.pack():
            out.append(Action(seat, "play", card=card))
            out.append(Action(seat, "discard", card=card))
        for verb in ("pass", "order", "pickup", "throw", "peek", "stand", "beg", "give", "run"):
            out.append(Action(seat, verb))
        for verb in ("order", "pickup"):
            out.append(Action(seat, verb, alone=True))
        for suit in SUITS:
            out.append(Action(seat, "call", suit=suit))
            out.append(Action(seat, "call", suit=suit, alone=True))
        for contract in CONTRACTS:
            if contract != "misere":
                out.append(Action(seat, "bid", contract=contract))
        if house:
            out.extend(Action(seat, verb, **fields) for verb, fields in HOUSE_ACTIONS + more)
    return out


def _dump(value: Any) -> str:
    return json.dumps(value, sort_keys=True, default=str, ensure_ascii=False)


def _snapshot(state: Any) -> str:
    seat = state.current_player
    observation = state.observation(seat) if seat is not None else None
    if observation is not None:
        # The seat's view of the actions so far came later (the fingerprints were recorded before it): left
        # out, as every action applied is hashed itself; tests/test_conformance.py checks it shows no hidden card.
        observation.pop("history")
    return _dump({
        "public": state.public_view(),
        "full": state.full_view(),
        "observation": observation,
        "hands": {s: [str(c) for c in state.hands[s]] for s in state.seats},
        "taken": {s: [str(c) for c in state.taken[s]] for s in state.seats},
        "current": state.current_player,
        "terminal": state.is_terminal,
        "winner": state.winner,
    })


def _events(events: list[Any]) -> str:
    return _dump([e.as_dict() for e in events])


def fingerprint(game: str, hands: int = HANDS, rules_sets: dict[str, list[dict[str, Any]]] = RULES) -> str:
    """One SHA-256 over everything the engine shows while playing ``hands`` seeded random hands of ``game``."""
    cls = find_game(game)
    digest = hashlib.sha256()

    def add(tag: str, text: str) -> None:
        digest.update(f"{tag}\t{text}\n".encode())

    rng = random.Random(f"equivalence {game}")
    for n in range(hands):
        seats = _seats(game, rng)
        seed = hashlib.sha256(f"equivalence {game} {n}".encode()).hexdigest()
        dealer, draw = first_dealer(game, seats, seed)
        if rng.random() < 0.5:
            dealer = rng.choice(seats)
        add("first-dealer", _dump([dealer, draw]))
        deal = deal_hand(game, seats, dealer, seed, rng.randint(1, 40))
        add("deal", _dump(deal.as_json()))
        options = rng.choice(rules_sets[game])
        rules = cls.rules_class.from_options(options)
        score: dict[str, int] | None = None
        if rules.target and rng.random() < 0.5:
            score = {team: rng.randrange(rules.target) for team in cls.teams_of(seats)}
        elif not rules.target and rng.random() < 0.5:
            score = {seat: rng.randint(-30, 30) for seat in seats}
        try:
            state = cls(rules, seats, dealer, deal, score)
        except DealError as refused:
            add("refused", str(refused))
            continue
        add("start", _events(state.events) + _snapshot(state))
        candidates = _candidates(cls, seats, house=rules_sets is not RULES,
                                 more=DEFEND_ACTIONS if rules_sets is DEFEND_RULES else ())
        step = 0
        while not hand_finished(state):
            legal = state.legal_actions()
            add("legal", _dump([str(a) for a in legal]))
            seat = state.current_player
            asked = [Action(seat, "pass"), *(Action(seat, "play", card=c) for c in state.hands[seat][:2])]
            for action in asked + rng.sample(candidates, 4):
                reason = state.why_illegal(action)
                add("why", _dump([str(action), None if reason is None else reason.as_dict()]))
                if reason is not None and rng.random() < 0.25:
                    try:
                        state.apply(action)
                    except IllegalActionError as error:
                        add("raised", _dump([str(error), error.reason.as_dict()]))
            if step == 4:
                clone = state.clone()
                side = random.Random(n)
                while not hand_finished(clone):
                    add("clone", _events(clone.apply(side.choice(clone.legal_actions()))))
                add("clone-end", _snapshot(clone))
            passes = [a for a in legal if a.verb == "pass"]
            # Passes are favoured, so that Euchre's second round, its stuck dealer and its redeal come up.
            action = passes[0] if passes and rng.random() < 0.6 else rng.choice(legal)
            add("apply", str(action) + _events(state.apply(action)))
            add("state", _snapshot(state))
            step += 1
        for action in rng.sample(candidates, 3):  # hand-over, or match-over
            reason = state.why_illegal(action)
            add("why-after", _dump([str(action), None if reason is None else reason.as_dict()]))
        add("end", _dump([str(a) for a in state.history]) + _dump(state.score) + _events(state.events))
    return digest.hexdigest()


@pytest.mark.parametrize("game", sorted(EXPECTED))
def test_seeded_random_hands_play_exactly_as_recorded_before_the_engine_was_made_faster(game: str) -> None:
    assert fingerprint(game) == EXPECTED[game]


@pytest.mark.parametrize("game", sorted(EXPECTED_HOUSE))
def test_seeded_random_hands_under_house_rules_play_exactly_as_recorded(game: str) -> None:
    assert fingerprint(game, rules_sets=HOUSE_RULES) == EXPECTED_HOUSE[game]


@pytest.mark.parametrize("game", sorted(EXPECTED_DEFEND))
def test_seeded_random_hands_defending_alone_play_exactly_as_recorded(game: str) -> None:
    assert fingerprint(game, rules_sets=DEFEND_RULES) == EXPECTED_DEFEND[game]
