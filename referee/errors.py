"""Typed errors. Each carries a localizable message, a stable code, the rule and where it happened.

>>> e = NotationError(t("Cannot read card {token!r}.", token="Zx"), code="notation.unknown")
>>> isinstance(e, ValueError), e.code
(True, 'notation.unknown')
>>> str(e)
"Cannot read card 'Zx'."
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from referee.messages import Message, render, t


@dataclass(frozen=True)
class Where:
    """Where something happened: a field path and line of the record, or a deal, trick and seat."""

    path: str | None = None
    line: int | None = None
    deal: int | None = None
    trick: int | None = None
    seat: str | None = None

    def as_dict(self) -> dict[str, Any]:
        """Only the parts that are known."""
        return {k: v for k, v in self.__dict__.items() if v is not None}

    def describe(self, lang: str) -> str:
        """``line 7, deals[0].tricks`` in the reader's language; empty when nothing is known."""
        parts = []
        if self.line is not None:
            parts.append(render(t("line {line}", line=self.line), lang))
        if self.deal is not None:
            parts.append(render(t("deal {deal}", deal=self.deal), lang))
        if self.trick is not None:
            parts.append(render(t("trick {trick}", trick=self.trick), lang))
        if self.seat is not None:
            parts.append(self.seat)
        if self.path:
            parts.append(self.path)
        return ", ".join(parts)


class RefereeError(ValueError):
    """Base of every error the referee raises on bad input."""

    def __init__(self, message: Message, *, code: str, where: Where | None = None, rule: str | None = None):
        self.message = message
        self.code = code
        self.where = where or Where()
        self.rule = rule
        super().__init__(render(message, "en"))

    def at(self, where: Where) -> RefereeError:
        """The same error, located (fields already known win)."""
        merged = replace(where, **{k: v for k, v in self.where.__dict__.items() if v is not None})
        return type(self)(self.message, code=self.code, where=merged, rule=self.rule)

    def render(self, lang: str) -> str:
        """The message in ``lang``, prefixed by where it happened."""
        place = self.where.describe(lang)
        text = render(self.message, lang)
        return f"{place}: {text}" if place else text


class NotationError(RefereeError):
    """A card, rank or suit token cannot be read in the declared notation."""


class IllegalPlayError(RefereeError):
    """A play breaks a rule: not following suit, not trumping, out of turn, card not held."""

    def __init__(self, message: Message, *, code: str, where: Where | None = None, rule: str | None = None,
                 legal: tuple[Any, ...] = ()):
        super().__init__(message, code=code, where=where, rule=rule)
        self.legal = legal

    def at(self, where: Where) -> IllegalPlayError:
        err = super().at(where)
        err.legal = self.legal  # type: ignore[attr-defined]
        return err  # type: ignore[return-value]


class RecordError(RefereeError):
    """A record cannot be used: wrong shape, unknown names or options, impossible facts."""


class RecordErrors(RefereeError):
    """Every problem found in one record (the reader collects them all before giving up)."""

    def __init__(self, errors: list[RefereeError]):
        self.errors = errors
        first = errors[0]
        super().__init__(first.message, code=first.code, where=first.where, rule=first.rule)
