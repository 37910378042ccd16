"""What every game's own bot (the "gentle" level) shares: a seeded random source for its ties, the
reason it gives for its last choice, and reading the observation as the deciding seat's view before
the game's own ``decide``.

>>> from trickbook.games.nap import NapHand
>>> from trickbook.shuffle import deal_hand
>>> class LastListed(HeuristicBot):
...     game = NapHand
...     def decide(self, me):
...         return me.legal[-1]
>>> state = NapHand(None, "NESW", "W", deal_hand("nap", "NESW", "W", "00" * 32, 1))
>>> seat = state.current_player
>>> LastListed().choose(state.observation(seat)) == str(state.legal_actions()[-1])
True
"""

from __future__ import annotations

import random
from typing import Any, ClassVar, Mapping

from ..game import HandState
from ..view import SeatView


class HeuristicBot:
    """``choose(observation)``: the canonical text of the action the game's ``decide`` picks, the
    reason for it kept in ``reason`` (a code and its values, for the table to tell the reader)."""

    game: ClassVar[type[HandState]]  # whose rules a hand-written observation is read by

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)
        self.reason: tuple[str, dict[str, Any]] | None = None

    def choose(self, observation: Mapping[str, Any]) -> str:
        me = SeatView.deciding(observation, game=self.game)
        self.reason = None
        return self.decide(me)

    def decide(self, me: SeatView) -> str:
        """The game's decision for the seat whose view ``me`` is (its observation is ``me.obs``)."""
        raise NotImplementedError(f"{type(self).__name__} decides nothing")
