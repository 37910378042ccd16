"""Every reason a bot gives is true of the position: a learner reads it as a lesson.

Seeded hands of every game are played by gentle and strong bots (the strong ones at a small budget,
to keep the test quick); after every bot move the claim of its reason is checked against the true
state, from the rules (which cards are trumps, which card costs less to give, who holds the trick),
never from the bot's own reckoning. ``TRICKBOOK_TEST_SCALE`` multiplies the hands played.
"""

from __future__ import annotations

import functools
import hashlib
import os
from typing import Any, Callable

import pytest

from trickbook.actions import Action
from trickbook.bots import make_bot
from trickbook.bots.search import SearchBot
from trickbook.cards import RANKS, Card, game_value
from trickbook.game import HandState
from trickbook.match import Match, hand_finished
from trickbook.messages import MESSAGES
from trickbook.table import reasons  # noqa: F401  (registers the bots' reason messages)

SCALE = float(os.environ.get("TRICKBOOK_TEST_SCALE", "1"))
HANDS = {"euchre": 24, "yorkshire": 14, "trinidad": 12, "nap": 24}
STRONG_BUDGET = 150


class Move:
    """One bot move: the state before it, the action, the state after it, and the bot's reason."""

    def __init__(self, before: HandState, action: Action, after: HandState, reason: tuple[str, dict[str, Any]],
                 bot: Any) -> None:
        self.before, self.action, self.after = before, action, after
        self.searched = getattr(bot, "searched", None)  # what the search bot found, when it overrode its heuristic
        self.code, self.values = reason
        self.seat = action.seat
        self.trump = before.trump
        self.rules = type(before)
        self.hand = list(before.hands[self.seat])
        self.legal = [a for a in before.legal_actions() if a.seat == self.seat]
        self.plays = [a.card for a in self.legal if a.verb == "play" and a.card is not None]

    def is_trump(self, card: Card, trump: str | None = None) -> bool:
        trump = self.trump if trump is None else trump
        return trump is not None and self.rules.suit_of(card, trump) == trump

    def cost(self, card: Card) -> tuple[bool, int, int]:
        """What giving ``card`` away costs, from the rules: a trump more than a plain card, then (where
        captured cards score by them) its Game points, then its power."""
        values = hasattr(self.rules, "captured_points")
        return self.is_trump(card), game_value(card) if values else 0, self.rules.rank_power(card, self.trump)

    @property
    def trick(self) -> Any:
        return self.before.tricks[-1]

    def holder_after(self) -> str | None:
        """Who holds the trick the card went to, once it is down (its winner, if that card ended it)."""
        trick = self.after.tricks[len(self.before.tricks) - 1]
        if trick.complete:
            return trick.winner
        return trick.winning[0] if trick.winning else None

    def partner(self) -> str | None:
        team = self.before.team_of(self.seat)
        return next((s for s in self.before.seats if s != self.seat and self.before.team_of(s) == team), None)

    def unseen_trumps(self) -> list[Card]:
        """Trumps the seat has not seen: in nobody's sight but another hand (or out of play)."""
        kicks = {Card.parse(c) for c in self.before.observation(self.seat).get("kicks", [])}
        seen = set(self.hand) | kicks | {c for t in self.before.tricks for c in t.cards}
        return [c for c in self.rules.pack() if self.is_trump(c) and c not in seen]


def _played(m: Move) -> bool:
    return m.action.verb == "play" and m.values.get("card") == m.action.card


def _leads(m: Move) -> bool:
    return _played(m) and not m.trick.entries


def _follows(m: Move) -> bool:
    return _played(m) and bool(m.trick.entries)


def _lets_go(m: Move) -> bool:
    return _follows(m) and m.holder_after() != m.seat


def _cheapest(m: Move) -> bool:
    return not any(m.cost(c) < m.cost(m.action.card) for c in m.plays)


def _holds(m: Move, suit: str) -> bool:
    return any(m.is_trump(c, suit) for c in m.hand)


def _called(m: Move, *verbs: str) -> bool:
    return m.action.verb in verbs and m.values.get("seat") == m.seat


# The claim each reason makes, checked from the rules against the state: every code a bot gives has one.
CLAIMS: dict[str, Callable[[Move], bool]] = {
    "bot-only-card": lambda m: _played(m) and m.plays == [m.action.card],
    "bot-last-card": lambda m: _played(m) and m.hand == [m.action.card],
    "bot-lead-no-trumps-hand": lambda m: _leads(m) and m.trump is None,
    "bot-pitch": lambda m: _leads(m) and m.trump is None and m.after.trump == m.values["suit"] == m.action.card.suit,
    "bot-declarer-names-trumps": lambda m: _leads(m) and m.trump is None and m.after.trump == m.values["suit"],
    # "to draw the other side's trumps": a trump it has not seen may be in their hands.
    "bot-lead-trump": lambda m: _leads(m) and m.is_trump(m.action.card) and bool(m.unseen_trumps()),
    # "and keeps the trumps for later": it holds a trump it did not lead.
    # "no other trump is left out, so it cannot be beaten": every other trump is seen.
    "bot-lead-trump-none-out": lambda m: _leads(m) and m.is_trump(m.action.card) and not m.unseen_trumps()
    and m.holder_after() == m.seat,
    "bot-lead-plain": lambda m: _leads(m) and not m.is_trump(m.action.card)
    and any(m.is_trump(c) for c in m.hand if c != m.action.card),
    "bot-lead-no-trump": lambda m: _leads(m) and not any(m.is_trump(c) for c in m.hand),
    # "to take the trick": the card takes it from the other side, not from the partner.
    "bot-take-trick": lambda m: _follows(m) and m.holder_after() == m.seat and m.trick.winning[0] != m.partner(),
    "bot-over-partner": lambda m: _follows(m) and m.trick.winning[0] == m.values["partner"] == m.partner()
    and m.holder_after() == m.seat and m.values["foe"] in _still_to_play(m)
    and m.before.team_of(m.values["foe"]) != m.before.team_of(m.seat),
    "bot-over-partner-last": lambda m: _follows(m) and m.trick.winning[0] == m.values["partner"] == m.partner()
    and m.holder_after() == m.seat and not _still_to_play(m),
    "bot-partner-holds": lambda m: _follows(m) and m.trick.winning[0] == m.values["partner"] == m.partner()
    and m.holder_after() == m.partner(),
    # "lets the trick go and gives X, the card that costs least": no legal card costs less.
    "bot-cannot-win": lambda m: _lets_go(m) and _cheapest(m),
    # "{partner}, still to play, may take it": and some card the seat has not seen beats the trick's best.
    "bot-gives-partner-to-play": lambda m: _lets_go(m) and m.values["partner"] == m.partner()
    and m.partner() not in {e.seat for e in m.trick.entries} and m.partner() in m.trick.expected
    and _may_be_beaten(m),
    "bot-keeps-cheaper": lambda m: _lets_go(m) and m.values["kept"] in m.plays
    and m.cost(m.values["kept"]) < m.cost(m.action.card) and m.values["kept"] in m.after.hands[m.seat],
    # The searched choices' facts: the trumps a call is made on, counted from the rules.
    "bot-trumps-count": lambda m: _called(m, "order", "pickup", "call") and m.after.trump == m.values["suit"]
    and m.values["count"] == _count(m, m.values["suit"]) + (m.action.verb == "pickup"),
    "bot-stand-count": lambda m: _called(m, "stand") and m.values["count"] == _count(m, m.values["suit"]),
    "bot-beg-count": lambda m: _called(m, "beg") and m.values["count"] == _count(m, m.values["suit"]),
    "bot-give-count": lambda m: _called(m, "give") and m.values["count"] == _count(m, m.values["suit"]),
    "bot-pass-count": lambda m: _called(m, "pass") and m.values["count"] == _count(m, m.values["suit"])
    and m.values["suit"] == Card.parse(str(m.before.upcard)).suit,
    "bot-bid-count": lambda m: _called(m, "bid") and m.action.contract == m.values["contract"]
    and m.values["count"] == sum(1 for c in m.hand if c.suit == m.values["suit"])
    == max(sum(1 for c in m.hand if c.suit == s) for s in "SHDC"),
    "bot-pass-longest": lambda m: _called(m, "pass") and m.before.phase == "bidding"
    and m.values["count"] == sum(1 for c in m.hand if c.suit == m.values["suit"])
    == max(sum(1 for c in m.hand if c.suit == s) for s in "SHDC"),
    "bot-bids-misere": lambda m: _called(m, "bid") and m.action.contract == "misere",
    "bot-names-trumps": lambda m: _leads(m) and m.trump is None and m.after.trump == m.values["suit"],
    "bot-calls-no-trump": lambda m: _called(m, "notrump"),
    "bot-runs": lambda m: _called(m, "run"),
    "bot-defends-alone": lambda m: _called(m, "defend") and m.values["maker"] == m.before.maker,
    "bot-no-defence-public": lambda m: _called(m, "pass") and m.before.phase == "defend",
    "bot-passes-all": lambda m: _called(m, "pass") and m.before.phase == "round-two",
    "bot-misere-leads": lambda m: _leads(m) and _declarer(m) is not None,
    "bot-misere-over": lambda m: _follows(m) and _beats_now(m),
    "bot-misere-under": lambda m: _follows(m) and not _beats_now(m),
    # All Fours (Trinidad): standing on, or giving a point for, trumps it holds.
    # "holds enough to keep them as trumps": two trumps at least (one is never enough).
    "bot-stand-strong": lambda m: _called(m, "stand") and m.values["suit"] == m.trump and _count(m, m.trump) >= 2,
    "bot-stand-high": lambda m: _called(m, "stand") and m.values["suit"] == m.trump and _count(m, m.trump) == 1
    and m.values["card"] == Card("A", m.trump) and m.values["card"] in m.hand,
    "bot-beg-weak": lambda m: _called(m, "beg") and m.values["suit"] == m.trump,
    "bot-give-strong": lambda m: _called(m, "give") and m.values["suit"] == m.trump and _count(m, m.trump) >= 2,
    "bot-run": lambda m: _called(m, "run"),
    "bot-give-forced": lambda m: _called(m, "give") and not any(a.verb == "run" for a in m.legal),
    # Euchre.
    "bot-discard": lambda m: _called(m, "discard"),
    "bot-pass-weak": lambda m: _called(m, "pass") and m.values["suit"] == Card.parse(str(m.before.upcard)).suit,
    "bot-pass-weak-all": lambda m: _called(m, "pass"),
    # "holds enough to make them trumps": two trumps at least, the upcard counted for the dealer's pickup.
    "bot-trumps-strong": lambda m: _called(m, "order", "pickup", "call")
    and _count(m, m.values["suit"]) + (m.action.verb == "pickup") >= 2 and m.after.trump == m.values["suit"],
    "bot-trumps-alone": lambda m: _called(m, "order", "pickup", "call") and m.action.alone
    and m.after.trump == m.values["suit"],
    "bot-stuck": lambda m: _called(m, "call") and m.seat == m.before.dealer
    and not any(a.verb == "pass" for a in m.legal),
    # Euchre's defending alone (rules option ``defend_alone``): the four highest trumps held, from the rules.
    "bot-defend-bowers": lambda m: _called(m, "defend") and m.values["maker"] == m.before.maker
    and sum(1 for c in m.hand if c.rank == "J" and m.is_trump(c)) == 2,
    "bot-defend-top-trumps": lambda m: _called(m, "defend") and m.values["maker"] == m.before.maker
    and m.values["count"] == len(_top_trumps(m)) >= 3,
    "bot-no-defence": lambda m: _called(m, "pass") and m.before.phase == "defend" and len(_top_trumps(m)) < 3
    and sum(1 for c in m.hand if c.rank == "J" and m.is_trump(c)) < 2,
    # Nap.
    # "expects to take {tricks} tricks": the tricks the contract needs, a whole number.
    "bot-bid": lambda m: _called(m, "bid") and m.action.contract == m.values["contract"]
    and m.values["tricks"] == {"three": 3, "four": 4, "nap": 5, "wellington": 5}[m.values["contract"]],
    "bot-pass-bid": lambda m: _called(m, "pass"),
    "bot-no-trump": lambda m: _called(m, "notrump"),
    # Nap's Misère (rules option ``misere``): no trumps; the declarer must take no trick.
    "bot-bid-misere": lambda m: _called(m, "bid") and m.action.contract == "misere" and m.values["card"] in m.hand
    and all(_rank(c) <= _rank(m.values["card"]) for c in m.hand),
    "bot-misere-lead-low": lambda m: _leads(m) and m.seat == _declarer(m)
    and _rank(m.action.card) == min(map(_rank, m.hand)),
    "bot-misere-defend-lead-low": lambda m: _leads(m) and m.seat != _declarer(m)
    and _rank(m.action.card) == min(map(_rank, m.hand)),
    "bot-misere-duck": lambda m: _follows(m) and m.seat == _declarer(m) and not _would_hold(m, m.action.card)
    and all(_rank(c) <= _rank(m.action.card) for c in m.plays if not _would_hold(m, c)),
    # "cannot lose this trick": every card would hold it, and no seat is still to play to it.
    "bot-misere-forced": lambda m: _follows(m) and m.seat == _declarer(m) and all(_would_hold(m, c) for c in m.plays)
    and not _still_to_play(m) and _rank(m.action.card) == max(map(_rank, m.plays)),
    "bot-misere-lowest-hope": lambda m: _follows(m) and m.seat == _declarer(m)
    and all(_beats_now(m, c) for c in m.plays) and bool(_still_to_play(m))
    and _rank(m.action.card) == min(map(_rank, m.plays)),
    "bot-misere-defend-low": lambda m: _follows(m) and m.values["declarer"] == _declarer(m)
    and _declarer(m) not in _seats_played(m) and _rank(m.action.card) == min(map(_rank, m.plays)),
    # "who keeps the trick": no seat is still to play to it.
    "bot-misere-stay-under": lambda m: _follows(m) and m.trick.winning[0] == m.values["declarer"] == _declarer(m)
    and m.holder_after() == _declarer(m) and not _still_to_play(m),
    "bot-misere-stay-under-later": lambda m: _follows(m)
    and m.trick.winning[0] == m.values["declarer"] == _declarer(m) and m.holder_after() == _declarer(m)
    and bool(_still_to_play(m)),
    # A searched Misère lead: the cards of its suit the leader has not seen, above and below it.
    "bot-misere-lead-count": lambda m: _leads(m) and _declarer(m) is not None
    and getattr(m.before, "contract", None) == "misere"
    and (m.values["higher"], m.values["lower"]) == _unseen_around(m, m.action.card),
    "bot-misere-cannot-stay-under": lambda m: _follows(m) and m.trick.winning[0] == m.values["declarer"] == _declarer(m)
    and all(_would_hold(m, c) for c in m.plays) and _rank(m.action.card) == min(map(_rank, m.plays)),
    "bot-misere-shed-high": lambda m: _follows(m) and m.values["declarer"] == _declarer(m) in _seats_played(m)
    and m.trick.winning[0] != _declarer(m) and _rank(m.action.card) == max(map(_rank, m.plays)),
}


def _count(m: Move, suit: str) -> int:
    """The seat's cards of ``suit`` as trumps (the Euchre left bower counted), from the rules."""
    return sum(1 for c in m.hand if m.is_trump(c, suit))


def _still_to_play(m: Move) -> list[str]:
    """The seats still to play to the trick after this one."""
    played = {e.seat for e in m.trick.entries} | {m.seat}
    return [s for s in m.trick.expected if s not in played]


def _unseen_by_seat(m: Move) -> list[Card]:
    """The cards the seat has not seen: neither in its hand, nor on a trick, nor kicked."""
    kicks = {Card.parse(c) for c in m.before.observation(m.seat).get("kicks", [])}
    seen = set(m.hand) | kicks | {c for t in m.before.tricks for c in t.cards}
    return [c for c in m.rules.pack() if c not in seen]


def _may_be_beaten(m: Move) -> bool:
    """Whether a card the seat has not seen beats the trick's best card so far."""
    led = m.rules.suit_of(m.trick.entries[0].card, m.trump)
    best = m.rules.trick_key(m.trick.winning[1], led, m.trump)
    return any(m.rules.trick_key(c, led, m.trump) > best for c in _unseen_by_seat(m))


def _unseen_around(m: Move, card: Card) -> tuple[int, int]:
    """How many cards of ``card``'s suit the seat has not seen rank above it, and how many below."""
    out = [c for c in _unseen_by_seat(m) if c.suit == card.suit]
    higher = sum(1 for c in out if _rank(c) > _rank(card))
    return higher, len(out) - higher


def _beats_now(m: Move, card: Card | None = None) -> bool:
    """Whether ``card`` (the card played) beats the trick's winning card so far, from the rules."""
    card = m.action.card if card is None else card
    led = m.rules.suit_of(m.trick.entries[0].card, m.trump)
    return m.rules.trick_key(card, led, m.trump) > m.rules.trick_key(m.trick.winning[1], led, m.trump)


def _top_trumps(m: Move) -> list[Card]:
    """The seat's trumps among the four highest: the bowers, the ace and the king."""
    if m.trump is None:
        return []
    king = m.rules.rank_power(Card("K", m.trump), m.trump)
    return [c for c in m.hand if m.is_trump(c) and m.rules.rank_power(c, m.trump) >= king]


def _rank(card: Card) -> int:
    """A card's height with no trumps: the two lowest."""
    return len(RANKS) - RANKS.index(card.rank)


def _declarer(m: Move) -> Any:
    return getattr(m.before, "declarer", None)


def _seats_played(m: Move) -> set[str]:
    return {e.seat for e in m.trick.entries}


def _would_hold(m: Move, card: Card) -> bool:
    """Whether the seat would hold the trick with ``card`` once it is down."""
    state = m.before.clone()
    state.apply(Action(m.seat, "play", card=card))
    trick = state.tricks[len(m.before.tricks) - 1]
    return (trick.winner if trick.complete else trick.winning[0]) == m.seat


@functools.lru_cache(maxsize=None)
def bot_moves(game: str, hands: int, options: tuple[tuple[str, Any], ...] = ()) -> list[Move]:
    """Every bot move with a reason in ``hands`` seeded hands: strong bots at two seats, gentle at the others."""
    out = []
    for n in range(hands):
        match = Match(game, rules=dict(options) or None,
                      seed=hashlib.sha256(f"reasons {game} {n}{dict(options) or ''}".encode()).hexdigest())
        state = match.next_hand()
        bots = {s: SearchBot(game, seed=n * 8 + i, budget=STRONG_BUDGET) if (i + n) % 2 == 0
                else make_bot(game, seed=n * 8 + i) for i, s in enumerate(state.seats)}
        while not hand_finished(state):
            seat = state.current_player
            assert seat is not None
            bot = bots[seat]
            action = Action.parse(bot.choose(state.observation(seat)), state.seats)
            before = state.clone()
            state.apply(action)
            assert bot.reason is not None, f"{game}: {seat} gave no reason for {action}"
            out.append(Move(before, action, state.clone(), bot.reason, bot))
    return out


def hands_of(game: str) -> int:
    # Never fewer than the full count: the claims are checked over at least 150 moves in every tier
    # (a few seconds a game); a larger scale plays more.
    return max(1, round(HANDS[game] * max(SCALE, 1.0)))


@pytest.mark.parametrize("game", ["euchre", "yorkshire", "trinidad", "nap"])
def test_every_bot_reason_is_true_of_the_position(game):
    moves = bot_moves(game, hands_of(game))
    assert len(moves) >= 150, len(moves)
    false = []
    for m in moves:
        assert m.code in MESSAGES, m.code
        assert m.code in CLAIMS, f"no claim is checked for the reason {m.code!r}"
        if not CLAIMS[m.code](m):
            false.append(f"{m.code} {m.values} for {m.action} (hand {' '.join(map(str, m.hand))}, trumps {m.trump})")
    assert not false, f"{len(false)} of {len(moves)} reasons are false:\n" + "\n".join(false[:10])
    # The test can fail: the claims are not all true of a move they were not given for.
    codes = {m.code for m in moves}
    assert len(codes) >= 6, codes


def test_every_bot_reason_in_misere_is_true_of_the_position():
    # Misère is bid only by a low hand, so the hands come from many deals: those a Misère was bid in.
    moves = [m for m in bot_moves("nap", max(80, round(80 * SCALE)), (("misere", True),))
             if m.code.startswith("bot-misere") or m.code == "bot-bid-misere"
             or (m.code != "bot-bid" and _declarer(m) is not None and getattr(m.before, "contract", None) == "misere")]
    codes = {m.code for m in moves}
    assert "bot-bid-misere" in codes and "bot-misere-duck" in codes, codes
    false = [f"{m.code} {m.values} for {m.action} (hand {' '.join(map(str, m.hand))})"
             for m in moves if not CLAIMS[m.code](m)]
    assert not false, "\n".join(false[:10])


def test_a_plain_lead_without_a_trump_in_hand_does_not_claim_to_keep_the_trumps():
    # A seat that holds no trump and leads a plain card is not said to keep its trumps.
    moves = [m for m in bot_moves("yorkshire", hands_of("yorkshire"))
             if m.code in ("bot-lead-plain", "bot-lead-no-trump")]
    without = [m for m in moves if not any(m.is_trump(c) for c in m.hand)]
    assert without, "no plain lead without a trump in the hands played"
    assert all(m.code == "bot-lead-no-trump" for m in without)
    assert not CLAIMS["bot-lead-plain"](without[0])


def test_a_card_given_away_is_called_the_cheapest_only_when_none_costs_less():
    moves = [m for g in ("yorkshire", "trinidad") for m in bot_moves(g, hands_of(g))
             if _lets_go(m) and m.code not in ("bot-only-card", "bot-last-card")]
    dearer = [m for m in moves if not _cheapest(m)]
    assert all(m.code != "bot-cannot-win" for m in dearer)
    assert all(m.code == "bot-cannot-win" for m in moves if _cheapest(m) and m.code not in
               ("bot-partner-holds",))


def test_a_defence_alone_is_claimed_only_with_the_top_trumps_it_names():
    # The seeded hands rarely bring a lone maker; these deals do (W deals, the upcard 9H is ordered up alone).
    from trickbook.cards import parse_cards
    from trickbook.game import Deal
    from trickbook.games.euchre import EuchreHand, EuchreRules

    def asked(w: str, e: str, s: str = "AH KH QH AS AC") -> HandState:
        dealt = {seat: parse_cards(cards) for seat, cards in {"N": "9S TS QS 9C TC", "E": e, "S": s, "W": w}.items()}
        turn = Card.parse("9H")
        held = {c for cards in dealt.values() for c in cards} | {turn}
        kitty = [c for c in EuchreHand.pack() if c not in held]
        state = EuchreHand(EuchreRules(defend_alone=True), ("N", "E", "S", "W"), "W",
                           Deal(dealt, turn=turn, kitty=kitty), None)
        for text in ("N pass", "E pass", "S order alone"):
            state.apply(Action.parse(text, state.seats))
        return state

    moves = []
    for state in (asked("JH JD TH KS KC", "9D TD QD KD AD"), asked("9D TD QD KD AD", "JH JD TH KS KC"),
                  asked("JH AH KH KS TD", "JD QD KD AD KC", s="QH TH AS AC QC")):
        while state.phase == "defend":
            seat = state.current_player
            assert seat is not None
            bot = make_bot("euchre", seed=3)
            action = Action.parse(bot.choose(state.observation(seat)), state.seats)
            before = state.clone()
            state.apply(action)
            assert bot.reason is not None
            moves.append(Move(before, action, state.clone(), bot.reason, bot))
    codes = [m.code for m in moves]
    assert codes == ["bot-no-defence", "bot-defend-bowers", "bot-defend-bowers", "bot-no-defence",
                     "bot-defend-top-trumps"], codes
    assert moves[-1].values["count"] == 3
    assert all(CLAIMS[m.code](m) for m in moves)
    # The claims can fail: a pass is not a defence, and a hand with one bower is not both bowers.
    assert not CLAIMS["bot-defend-bowers"](moves[0]) and not CLAIMS["bot-no-defence"](moves[1])


def test_a_card_put_over_the_partners_winning_card_is_not_said_to_take_the_trick():
    # "East plays J♠ to take the trick" while West, East's partner, held it: the intent the position
    # contradicts. Over a partner's card, the reason says so, and names the opponent still to play.
    moves = [m for g in ("yorkshire", "trinidad", "euchre") for m in bot_moves(g, hands_of(g))
             if _follows(m) and m.partner() is not None and m.trick.winning[0] == m.partner()
             and m.holder_after() == m.seat]
    assert moves, "no card was put over a partner's winning card in the hands played"
    assert all(m.code in ("bot-over-partner", "bot-over-partner-last", "bot-only-card", "bot-last-card")
               for m in moves), {m.code for m in moves}
    assert not any(CLAIMS["bot-take-trick"](m) for m in moves)
    assert any(m.code == "bot-over-partner" and m.values["foe"] in _still_to_play(m) for m in moves)
