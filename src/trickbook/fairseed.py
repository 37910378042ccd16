"""The online table's seed (recipe 1): the dealer's secret mixed with every person's own value.

Published on the "Verify a game" page beside the shuffle, with test vectors. The
dealer (the table server) draws a 32-byte secret and shows its commitment,
SHA-256 of the secret, before anyone commits. Each person at the table draws a
32-byte value in their browser and sends its commitment, SHA-256 of the value;
once every commitment is in, the values are revealed and checked against them.
The match's seed is

    SHA-256(b"trickbook-table-seed-1" + secret + value_1 + value_2 + ...)

over bytes (not hex text), the values in the order of the table's seats; bots
add nothing. So the dealer cannot choose the seed (it committed first and sees
no value until every person has committed), and no person can either (each
committed before seeing the others'). The shuffle itself (``shuffle.py``) is
unchanged: the match is dealt from that seed like any other.
"""

from __future__ import annotations

import hashlib
import secrets
from typing import Sequence

from .shuffle import SEED_BYTES, SeedError, seed_bytes

RECIPE = 1
DOMAIN = b"trickbook-table-seed-1"


class CommitmentError(SeedError):
    """A revealed value that is not 32 bytes, or whose SHA-256 is not the commitment it was given."""

    code = "bad-reveal"


def new_value() -> str:
    """A fresh secret or value: 32 random bytes as 64 lowercase hex digits."""
    return secrets.token_hex(SEED_BYTES)


def commitment(value_hex: str) -> str:
    """SHA-256 of the value's 32 bytes, as 64 lowercase hex digits.

    >>> commitment("00" * 32)
    '66687aadf862bd776c8fc18b8e9f8e20089714856ee233b3902a591d0d5f2925'
    """
    return hashlib.sha256(seed_bytes(value_hex)).hexdigest()


def check_reveal(value_hex: str, committed: str) -> None:
    """Raise CommitmentError unless ``value_hex`` is 64 hex digits whose commitment is ``committed``."""
    try:
        made = commitment(value_hex)
    except SeedError as e:
        raise CommitmentError(str(e)) from None
    if not isinstance(committed, str) or made != committed.strip().lower():
        raise CommitmentError(f"the value revealed does not match its commitment {str(committed)[:64]!r}")


def table_seed(secret_hex: str, values_hex: Sequence[str]) -> str:
    """The match seed from the dealer's secret and the persons' values, in seat order (64 hex digits).

    >>> table_seed("00" * 32, [])
    'c55fcf7b07da76a6e7da42e0a47f55481e6a0ecaa17b0a9d9de886e347601d46'
    """
    parts = [DOMAIN, seed_bytes(secret_hex)]
    parts.extend(seed_bytes(v) for v in values_hex)
    return hashlib.sha256(b"".join(parts)).hexdigest()
