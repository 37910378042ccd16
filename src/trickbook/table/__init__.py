"""The play table: a reader plays a whole match of any of the four games against bots.

``Table`` (``session.py``) is the session every game shares; each game's
``Conduct`` (``euchre.py``, ``allfours.py``, ``nap.py``) says what differs: the
time-out choice, the objects on the table and their explanations. The browser
reaches a table through ``facade.py``, which also holds the table's policy (the
decision timer, the open tables).
"""

from __future__ import annotations

from .conduct import Conduct, TableError
from .euchre import reader_order, safe_card
from .games import CONDUCTS
from .session import NEXT, TIMEOUT, Table

__all__ = ["CONDUCTS", "NEXT", "TIMEOUT", "Conduct", "Table", "TableError", "reader_order", "safe_card"]
