"""Typed errors. Each carries a localizable message, a stable code, the rule and where it happened.

>>> e = NotationError(t("Cannot read card {token!r}.", token="Zx"), code="notation.unknown")
>>> isinstance(e, ValueError), e.code
(True, 'notation.unknown')
>>> str(e)
"Cannot read card 'Zx'."
"""

from __future__ import annotations

from typing import Any

from referee.messages import Message, render, t
from referee.values import Value


class Where(Value, frozen=True):
    """Where something happened: a field path and line of the record, or a deal, trick and seat."""

    path: str | None = None
    line: int | None = None
    deal: int | None = None
    trick: int | None = None
    seat: str | None = None

    def __init__(
        self,
        path: str | None = None,
        line: int | None = None,
        deal: int | None = None,
        trick: int | None = None,
        seat: str | None = None,
    ) -> None:
        # written out (Value's own walks its fields): a check places every field it reads; through
        # object.__setattr__, as a frozen value is set, so that LazyWhere's ``line`` takes its setter
        put = object.__setattr__
        put(self, "path", path)
        put(self, "line", line)
        put(self, "deal", deal)
        put(self, "trick", trick)
        put(self, "seat", seat)

    def as_dict(self) -> dict[str, Any]:
        """Only the parts that are known."""
        return {k: v for k in WHERE_FIELDS if (v := getattr(self, k)) is not None}

    def describe(self, lang: str, whole_games: bool = False) -> str:
        """``line 7, deals[0].tricks`` in the reader's language; empty when nothing is known.

        ``whole_games``: each entry of the record's ``deals`` is a whole game (Korol, Construction, …),
        so the place says «партия 1» / „Partie 1“, as the verdict's heading does (RU3-016, DE3-007).
        """
        parts = []
        if self.line is not None:
            parts.append(render(t("line {line}", line=self.line), lang))
        if self.deal is not None:
            unit = (
                t("game {deal}", deal=self.deal)
                if whole_games
                else t("deal {deal}", deal=self.deal)
            )
            parts.append(render(unit, lang))
        if self.trick is not None:
            parts.append(render(t("trick {trick}", trick=self.trick), lang))
        if self.seat is not None:
            parts.append(self.seat)
        if self.path:
            parts.append(self.path)
        return ", ".join(parts)


WHERE_FIELDS = ("path", "line", "deal", "trick", "seat")


def format_path(path: tuple[Any, ...]) -> str:
    """A field path as a record's reader writes it: ``("deals", 0, "tricks")`` → ``deals[0].tricks``."""
    out = ""
    for part in path:
        if isinstance(part, int):
            out += f"[{part}]"
        else:
            out += ("." if out else "") + str(part)
    return out


class LazyWhere(Where):
    """A :class:`Where` whose line is looked up the first time it is read (most are never shown).

    >>> w = LazyWhere(path="deals[0]", find_line=lambda: 7)
    >>> w.line, w.as_dict(), w == Where("deals[0]", 7)
    (7, {'path': 'deals[0]', 'line': 7}, True)
    """

    def __init__(self, *where: Any, find_line: Any = None, **named: Any) -> None:
        # ``where`` and ``named``: Where's own parameters, handed on as given
        super().__init__(*where, **named)
        known = self.__dict__["_line"] is not None  # set through the ``line`` setter
        object.__setattr__(self, "_find_line", None if known else find_line)

    @property  # type: ignore[override]
    def line(self) -> int | None:
        find = self.__dict__.get("_find_line")
        if find is not None:
            self.__dict__["_line"] = find()
            self.__dict__["_find_line"] = None
        return self.__dict__.get("_line")

    @line.setter
    def line(self, value: int | None) -> None:
        self.__dict__["_line"] = value

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Where):
            return all(getattr(self, k) == getattr(other, k) for k in WHERE_FIELDS)
        return NotImplemented

    def __hash__(self) -> int:
        return hash(tuple(getattr(self, k) for k in WHERE_FIELDS))


def lazy_where(path: str, find_line: Any, deal: int | None = None) -> LazyWhere:
    """``LazyWhere(path=path, find_line=find_line, deal=deal)``, its fields written straight into the new
    object (a check places a finding of every deal; the class's own ``__init__`` goes through
    ``Where.__init__`` and the ``line`` setter, three times the cost).

    >>> w = lazy_where("deals[0]", lambda: 7, 1)
    >>> w.__dict__ == LazyWhere(path="deals[0]", find_line=w.__dict__["_find_line"], deal=1).__dict__
    True
    >>> w.line, w == Where("deals[0]", 7, 1)
    (7, True)
    """
    w = object.__new__(LazyWhere)
    d = w.__dict__  # in the order LazyWhere's __init__ writes them
    d["path"], d["_line"], d["deal"], d["trick"], d["seat"] = path, None, deal, None, None
    d["_find_line"] = find_line
    return w


class RefereeError(ValueError):
    """Base of every error the referee raises on bad input."""

    def __init__(
        self, message: Message, *, code: str, where: Where | None = None, rule: str | None = None
    ):
        self.message = message
        self.code = code
        self.where = where or Where()
        self.rule = rule
        self.game: str | None = None
        """The game whose record this is, once known (its rule ids name the rules broken)."""
        # The English text is rendered when asked for (str()), not here: a hostile record can make a
        # hundred thousand errors, of which the reader keeps the first hundred (robustness round 3, #1).
        super().__init__()

    def __str__(self) -> str:
        return render(self.message, "en")

    def at(self, where: Where) -> RefereeError:
        """The same error, located (fields already known win)."""
        merged = where.replace(**self.where.as_dict())
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

    def __init__(
        self,
        message: Message,
        *,
        code: str,
        where: Where | None = None,
        rule: str | None = None,
        legal: tuple[Any, ...] = (),
    ):
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
