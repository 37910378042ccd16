"""The online table's server: several people at one table, bots in the empty seats (``PROTOCOL.md``)."""
