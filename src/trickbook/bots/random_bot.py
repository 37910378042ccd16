"""A player that picks uniformly at random among the legal actions: the baseline every bot must beat."""

from __future__ import annotations

import random
from typing import Any, Mapping

from ..view import legal_texts


class RandomBot:
    """Chooses any legal action with equal chance; deterministic given its seed."""

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def choose(self, observation: Mapping[str, Any]) -> str:
        return self.rng.choice(legal_texts(observation))
