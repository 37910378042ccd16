"""Each game's table conduct, by game name."""

from __future__ import annotations

from .allfours import TrinidadConduct, YorkshireConduct
from .conduct import Conduct
from .euchre import EuchreConduct
from .nap import NapConduct

CONDUCTS: dict[str, type[Conduct]] = {
    c.game: c for c in (YorkshireConduct, TrinidadConduct, NapConduct, EuchreConduct)
}
