"""The All Fours tables' conduct: Yorkshire (rule texts 000/002) and Trinidad (rule text 003).

Yorkshire: the pitcher's first card sets trumps; a valueless hand may be thrown
in; the pitcher's partner may look at the cards before the first lead, which
gives the opponents 4. When the reader is the pitcher's partner the table
stops before the pitch and offers the early look, the reader's cards face down
until then. Trinidad: the kick sets trumps; the dealer's right stands or begs,
the dealer gives a point or runs the pack. On a time-out the table never throws
in or looks early for the reader, stands, gives rather than run the pack, and
plays the card that gives least away.
"""

from __future__ import annotations

from typing import Any, Sequence

from ..actions import Action
from ..cards import Card, game_value
from ..messages import N_, Message, register
from .conduct import Conduct, TableError

register({
    "explain-taken-allfours": N_(
        "Tricks taken by {seat} in this hand: {count}. Points towards Game captured by {team}: {points}."
    ),
    "explain-pitcher": N_("{seat}, left of the dealer, pitches: the first card led sets trumps."),
    "explain-before-pitch": N_(
        "Your cards stay face down until {seat} pitches. Looking now gives the opponents 4 points."
    ),
    "explain-kick": N_("{card} is the kick, turned by the dealer, {seat}: its suit, {suit}, is trumps."),
    "explain-kick-points": N_(
        "A kicked ace scores 1, a six 2 and a jack 3 for the dealer's side; this kick scored {points}."
    ),
    "explain-stock": N_("Cards face down in the stock: {count}. They are dealt only when the dealer runs the pack."),
    "explain-cards-wait-beg": N_(
        "No card is played until the player on the dealer's right has stood, or the dealer has answered the beg."
    ),
})


class AllFoursConduct(Conduct):
    """What both All Fours tables share: Game values, the trump jack, the cheapest card on a time-out."""

    def what_card(self, card: Card) -> list[Message]:
        out = super().what_card(card)
        trump = self.state.trump
        if trump is not None and card == Card("J", trump):
            out.append(Message("explain-trump-jack", {"card": card}))
        points = game_value(card)
        if points:
            out.append(Message("explain-game-value", {"card": card, "points": points}))
        return out

    def play_choice(self, legal: Sequence[Action]) -> Action:
        cards = [a.card for a in legal if a.verb == "play" and a.card is not None]
        if not cards:
            raise TableError(f"no card for {self.seat} to play in phase {self.state.phase!r}")
        return Action(self.seat, "play", card=self.cheapest_card(cards))

    def extras(self, obs: dict[str, Any]) -> dict[str, Any]:
        return {"captured": obs.get("captured", {}), "awards": obs["awards"]}

    def explain_taken(self, seat: str) -> list[Message]:
        state: Any = self.state
        count = sum(1 for t in state.tricks if t.winner == seat)
        team = state.team_of(seat)
        return [Message("explain-taken-allfours",
                        {"seat": seat, "count": count, "team": team, "points": state.captured_points()[team]})]


class YorkshireConduct(AllFoursConduct):
    objects = ("trump",)
    pitch = True

    def __init__(self, table: Any) -> None:
        super().__init__(table)
        self.waited: int | None = None  # the hand in which the reader chose to wait for the pitch

    def _early_look_open(self) -> bool:
        state: Any = self.state
        return (state.partner(state.pitcher) == self.seat and state.trump is None and state.peeked is None
                and not state.is_terminal and state.winner is None)

    def can_wait(self) -> bool:
        return self._early_look_open() and self.waited != len(self.table.match.hands)

    def pending(self) -> list[Action]:
        return [Action(self.seat, "peek")] if self.can_wait() else []

    def wait(self) -> None:
        self.waited = len(self.table.match.hands)

    def hand_hidden(self) -> bool:
        return self._early_look_open()

    def timeout_choice(self, legal: list[Action]) -> Action:
        """Pitch the strongest suit; otherwise the cheapest card (never throw in). Before the pitch the table waits."""
        state = self.state
        if state.trump is None:  # the reader pitches: lead the top card of the suit that would serve best as trumps
            from ..bots.allfours import suit_strength

            hand = state.hands[self.seat]
            suit = max(sorted({c.suit for c in hand}), key=lambda s: suit_strength(hand, s))
            return Action(self.seat, "play", card=max((c for c in hand if c.suit == suit), key=state.power))
        return self.play_choice(legal)

    def extras(self, obs: dict[str, Any]) -> dict[str, Any]:
        out = super().extras(obs)
        out.update({"pitcher": obs["pitcher"], "peeked": obs["peeked"], "thrown_in": obs["thrown_in"],
                    "hidden_count": len(self.state.hands[self.seat]) if self.hand_hidden() else 0})
        return out

    def explain_object(self, kind: str) -> list[Message]:
        state: Any = self.state
        if kind == "trump" and state.trump is None:
            out = [Message("explain-pitcher", {"seat": state.pitcher})]
            if self.hand_hidden():
                out.append(Message("explain-before-pitch", {"seat": state.pitcher}))
            return out
        return super().explain_object(kind)


class TrinidadConduct(AllFoursConduct):
    objects = ("kick", "stock", "trump")
    wait_code = "explain-cards-wait-beg"

    def timeout_choice(self, legal: list[Action]) -> Action:
        """Stand rather than beg; give a point rather than run the pack; otherwise the cheapest card."""
        verbs = {a.verb: a for a in legal}
        for verb in ("stand", "give", "run"):
            if verb in verbs:
                return verbs[verb]
        return self.play_choice(legal)

    def extras(self, obs: dict[str, Any]) -> dict[str, Any]:
        out = super().extras(obs)
        for key in ("kick", "kicks", "stock_size", "eldest", "begged", "gift", "runs", "redeal"):
            out[key] = obs[key]
        return out

    def explain_object(self, kind: str) -> list[Message]:
        state: Any = self.state
        if kind in ("kick", "trump"):  # the kick sets trumps
            card = state.kick_card
            return [Message("explain-kick", {"card": card, "seat": state.dealer, "suit": card.suit}),
                    Message("explain-kick-points", {"points": state.kick_points.get(card.rank, 0)})]
        if kind == "stock":
            return [Message("explain-stock", {"count": state.pack_left})]
        return super().explain_object(kind)
