"""The play table: a reader plays a whole match of any game against bots.

``Table`` (``session.py``) is the session every game shares; the ``Conduct`` a
game's class names (``HandState.conduct``: ``euchre.py``, ``allfours.py``,
``nap.py``, or ``conduct.Conduct`` itself) says what differs: the time-out
choice, the objects on the table and their explanations. The browser
reaches a table through ``facade.py``, which also holds the table's policy (the
decision timer, the open tables).
"""

from __future__ import annotations

from .conduct import Conduct, TableError, conduct_class, page_data
from .session import NEXT, TIMEOUT, Table

__all__ = ["NEXT", "TIMEOUT", "Conduct", "Table", "TableError", "conduct_class", "page_data"]
