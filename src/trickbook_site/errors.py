"""The generator's error types: ValueError subclasses, each naming the file at fault."""

from __future__ import annotations

from typing import Any, Sequence

from trickbook.errors import TrickbookError


class SiteError(TrickbookError):
    """A site that cannot be built: a bad page, catalog, configuration or tool failure."""

    code = "bad-site"


class CatalogError(SiteError):
    """A translation catalog that is broken (not merely incomplete); ``problems`` are the check's
    findings (``i18n.pofile.Problem``), which the command line says in the author's language."""

    code = "bad-catalog"

    def __init__(self, message: str, problems: Sequence[Any] = ()) -> None:
        super().__init__(message)
        self.problems = tuple(problems)


class HandBlockError(SiteError):
    """A ```hand``` block in a page that is neither a reference nor a record with an id."""

    code = "bad-hand-block"
