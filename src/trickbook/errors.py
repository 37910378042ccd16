"""The engine's error types: all are ValueError subclasses, split by kind."""

from __future__ import annotations

from typing import Any, Callable, Mapping, Self


def N_(message: str) -> str:
    """Mark a template for the ``engine`` catalog (as ``messages.N_`` does); return it unchanged."""
    return message


def _same(message: str) -> str:
    return message


class TrickbookError(ValueError):
    """Base of every error the engine raises on bad input."""

    code: str = "error"
    # The message as an ``engine`` catalog template and what fills it, when it was made by ``said``:
    # a record's error made from this one can then be said in the author's language.
    template: str | None = None
    values: Mapping[str, Any] = {}

    @classmethod
    def said(cls, template: str, **values: Any) -> Self:
        """The error whose message is ``template`` (marked with ``N_``) filled with ``values``.

        >>> NotationError.said(N_("not a card: {text}"), text="'XX'").args[0]
        "not a card: 'XX'"
        """
        error = cls(template.format_map(values))
        error.template, error.values = template, dict(values)
        return error


class NotationError(TrickbookError):
    """Text that is not a card, suit, seat or action (syntax)."""

    code = "bad-notation"


class DealError(TrickbookError):
    """A deal that cannot exist: duplicate cards, wrong counts, unknown seats."""

    code = "bad-deal"


class SeatError(DealError):
    """A seat named that the hand does not have (a dealer, a score, a note, a deal)."""

    code = "bad-seat"


class OptionError(DealError):
    """A rules option that the game does not have, or a value of the wrong type for it."""

    code = "bad-option"


class IllegalActionError(TrickbookError):
    """A well-formed action that the rules forbid here.

    ``reason`` is the engine's explanation: a stable code, the values its message
    needs and the English text.
    """

    def __init__(self, action: Any, reason: "Any") -> None:
        self.action = action
        self.reason = reason
        self.code = reason.code
        super().__init__(f"illegal action {str(action)!r}: {reason.text}")


class RecordError(TrickbookError):
    """A hand record that cannot be read or replayed.

    Carries where it went wrong: the file, the line, the 1-based action number
    (``step``), the seat and action text, and the rule's reason code.
    """

    def __init__(
        self,
        message: str,
        *,
        file: str | None = None,
        line: int | None = None,
        step: int | None = None,
        seat: str | None = None,
        action: str | None = None,
        code: str = "bad-record",
        template: str | None = None,
        values: Mapping[str, Any] | None = None,
        lead: str | None = None,
    ) -> None:
        # ``template`` and ``values``: the message as an English template of the engine catalog and
        # what fills it, so that the command line can say it in the author's language (``localized``);
        # ``lead``: a template said before it ("question at step {step}: "), filled from the same values.
        self.template = template
        self.lead = lead
        self.values = dict(values or {})
        self.message = message
        self.file = file
        self.line = line
        self.step = step
        self.seat = seat
        self.action = action
        self.code = code
        super().__init__(self.describe())

    def localized(self, translate: Callable[[str], str] = _same) -> str:
        """The message in the language of ``translate`` (a template's translation), else as written."""
        if self.template is None:
            return self.message
        template = (translate(self.lead) if self.lead else "") + translate(self.template)
        try:
            return template.format_map(self.values)
        except (KeyError, IndexError, ValueError):  # a catalog's slip shows the English, never fails
            return self.message

    def describe(self, translate: Callable[[str], str] = _same) -> str:
        """``file:line: action N 'X': message``, in the language of ``translate``."""
        where = self.file or "<record>"
        if self.line is not None:
            where += f":{self.line}"
        if self.step is not None:
            where += ": " + translate(N_("action {number}")).replace("{number}", str(self.step))
            if self.action:
                where += f" {self.action!r}"
        return f"{where}: {self.localized(translate)}"

    def as_dict(self) -> dict[str, Any]:
        return {
            "file": self.file,
            "line": self.line,
            "step": self.step,
            "seat": self.seat,
            "action": self.action,
            "code": self.code,
            "message": self.message,
        }
