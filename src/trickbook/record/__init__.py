"""The hand record, format 1: read it, print it, replay it.

A record is one hand: the game, the seats, the dealer, the deal and the actions
in order. The pipeline, one module per step:

- ``positions``: where each key, table and string is in the TOML text (``tomllib``
  gives no positions), shared with the translation extractor;
- ``parse``: bytes and TOML text to a checked ``Record`` (``model``); every error
  names the file, the line, the action number and the reason;
- ``replay``: a ``Record`` through the engine, once, to a ``trickbook.trace.Trace``;
- ``format``: a ``Record`` back to canonical text.
"""

from __future__ import annotations

from ..trace import Step, Trace
from .format import format_record
from .model import DEAL_EXTRAS, FORMAT, SUFFIX, TOP_KEYS, ActionRefused, DealSpec, Record
from .parse import load_record, parse_record, read_source, read_toml
from .replay import make_deal, new_state, replay

__all__ = [
    "DEAL_EXTRAS", "FORMAT", "SUFFIX", "TOP_KEYS", "ActionRefused", "DealSpec", "Record", "Step", "Trace",
    "format_record", "load_record", "make_deal", "new_state", "parse_record", "read_source", "read_toml", "replay",
]
