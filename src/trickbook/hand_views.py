"""What a hand shows: to one seat (``observation``), to everyone (``public_view``) and face up (``full_view``).

``HandState`` takes these from ``HandViews``; a game adds its own facts by overriding them.

A seat's observation carries the hand's actions so far (``history``) as that seat saw them: a game
names its private actions with ``seen_as``, which masks their hidden part with ``MASK`` for every
other seat (Euchre's face-down discard reads ``W discard ?``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar, Sequence, cast

if TYPE_CHECKING:
    from .actions import Action
    from .game import HandState

# What stands for the hidden part of an action another seat took in private.
MASK = "?"


class HandViews:
    """The views of a hand, shared by every game (the state itself is a ``HandState``)."""

    partnership: ClassVar[bool]

    def team_map(self) -> dict[str, list[str]]:
        """Each team and its seats, in seat order; in a per-seat game each seat is its own team."""
        return self.teams_of(cast("HandState", self).seats)

    @classmethod
    def teams_of(cls, seats: Sequence[str]) -> dict[str, list[str]]:
        """The teams a table of ``seats`` forms: partners sit opposite; per-seat games name the seats."""
        if not cls.partnership:
            return {s: [s] for s in seats}
        return {seats[0] + seats[2]: [seats[0], seats[2]], seats[1] + seats[3]: [seats[1], seats[3]]}

    def observation(self, seat: str) -> dict[str, Any]:
        """What ``seat`` may see: its own hand, everything public, and the actions it may take now.

        ``legal`` holds their canonical texts and ``actions`` the same actions as objects.
        """
        state = cast("HandState", self)
        obs = self.public_view()
        obs["seat"] = seat
        obs["hand"] = [str(c) for c in sorted(state.hands[seat])]
        mine = [a for a in state.legal_actions() if a.seat == seat]
        obs["legal"] = [str(a) for a in mine]
        obs["actions"] = [a.as_json() for a in mine]
        if self.partnership:
            obs["partner"] = state.partner(seat)
        seen_as = type(self).seen_as
        obs["history"] = [seen_as(a, seat) for a in state.history]
        return obs

    @classmethod
    def seen_as(cls, action: "Action", viewer: str | None) -> str:
        """The text of ``action`` as ``viewer`` saw it (None: a seat that took no part); a game whose
        action is private in part shows ``MASK`` for that part to every seat but the actor's. Every
        action is public by default."""
        return str(action)

    def public_view(self) -> dict[str, Any]:
        """Everything every seat may see (no concealed hand)."""
        state = cast("HandState", self)
        return {
            "game": state.game,
            "seats": list(state.seats),
            "dealer": state.dealer,
            "phase": state.phase,
            "current": state.current_player,
            "trump": state.trump,
            "hand_sizes": {s: len(state.hands[s]) for s in state.seats},
            "in_play": list(state.in_play),
            "tricks": [t.as_json() for t in state.tricks if t.entries],
            "score": dict(state.score),
            "awards": [a.as_json() for a in state.awards],
            "winner": state.winner,
            "teams": self.team_map(),
            "winning": self._winning_json(),
        } | self._house_rules_json()

    def _house_rules_json(self) -> dict[str, Any]:
        """``{"house_rules": {option: value}}``: the table's options away from the game's defaults
        (the target aside, which a game shows itself); nothing at a table of the default rules."""
        changed = cast("HandState", self).rules.changed()
        changed.pop("target", None)
        return {"house_rules": changed} if changed else {}

    def _winning_json(self) -> dict[str, str] | None:
        """The play holding the trick in progress: ``{"seat", "card"}``."""
        trick = cast("HandState", self).trick
        if trick is None or trick.winning is None:
            return None
        return {"seat": trick.winning[0], "card": str(trick.winning[1])}

    def full_view(self) -> dict[str, Any]:
        """The study view of a worked hand: every hand face up."""
        state = cast("HandState", self)
        view = self.public_view()
        view["hands"] = {s: [str(c) for c in sorted(state.hands[s])] for s in state.seats}
        legal = state.legal_actions()
        view["legal"] = [str(a) for a in legal]
        view["actions"] = [a.as_json() for a in legal]
        if self.partnership:
            view["partners"] = {s: state.partner(s) for s in state.seats}
        return view
