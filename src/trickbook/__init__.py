"""trickbook: one rule engine for Yorkshire and Trinidad All Fours, Nap and Euchre.

Standard library only; runs unchanged on CPython 3.12+ and on Pyodide.
"""

from .actions import Action
from .cards import Card, parse_cards, parse_suit
from .errors import DealError, IllegalActionError, NotationError, RecordError, TrickbookError
from .game import Award, Deal, HandState, Phase, Rules
from .games import canonical_name, find_game
from .messages import Event, Message, Reason

__all__ = [
    "Action", "Award", "Card", "Deal", "DealError", "Event", "HandState", "IllegalActionError",
    "Message", "NotationError", "Phase", "Reason", "RecordError", "Rules", "TrickbookError",
    "canonical_name", "find_game", "parse_cards", "parse_suit",
]
__version__ = "0.1.0"
