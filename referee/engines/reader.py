"""Reading a record's fields: every problem collected with its field, line and rule, instead of stopping at the first.

A game's ``check`` reads its record through a :class:`Reader`: players' names (one name a player,
never two that print alike), options, numbers and choices as the record's declaration says, each
problem kept with the path of its field, so the command line names the field and the line and the
checker puts the problem beside the field it concerns.
"""

from __future__ import annotations

from collections.abc import Callable
from itertools import repeat
from typing import Any

from referee.engines.game import Game, Option, T, _show, option_defaults
from referee.errors import RecordError, RecordErrors, RefereeError, Where
from referee.limits import MAX_DEALS
from referee.messages import Message, t, tn
from referee.records.lookalike import invisible, lookalikes
from referee.records.scalars import other_number
from referee.records.source import Document, Path

_ABSENT = object()
"""What :meth:`Reader.get` finds where a mapping has no such key (None is a value a field can hold)."""
_EVERY_RECORD = ("game", "expected", "notation", "players", "options", "deals")
_TOP_KEYS: dict[tuple[str, ...], frozenset[str]] = {}
"""The top-level keys a record may hold, by the game's own (:meth:`Reader.header`)."""


class Reader:
    """Reads and validates a record's fields, collecting every problem instead of stopping at the first.

    >>> from referee.records.source import load_text
    >>> r = Reader(load_text("players: [Anna, Anna]\\n"))
    >>> r.players((2, 3))
    ['Anna', 'Anna']
    >>> [e.code for e in r.errors]
    ['record.duplicate_player']
    """

    MAX_ERRORS = 100
    """Problems reported in full; a record with more is summed up (the first hundred say enough)."""

    def __init__(self, doc: Document):
        self.doc = doc
        self.errors: list[RefereeError] = []
        self.notation = "en"
        self.unreported = 0

    def fail(self, path: Path, message: Message, code: str, rule: str | None = None) -> None:
        """Record a problem at ``path``."""
        if len(self.errors) >= self.MAX_ERRORS:
            self.unreported += 1
            return
        self.errors.append(RecordError(message, code=code, where=self.doc.where(path), rule=rule))

    def add(self, error: RefereeError, path: Path) -> None:
        """Record a typed error raised while reading ``path``."""
        if len(self.errors) >= self.MAX_ERRORS:
            self.unreported += 1
            return
        self.errors.append(error.at(self.doc.where(path)))

    def ensure_reported(self, errors_before: int, path: Path) -> None:
        """A part that could not be read must have said why; if it did not, say so here."""
        if len(self.errors) == errors_before:
            self.fail(path, t("This part of the record cannot be used."), "record.unusable")

    def part(self, path: Path, read: Callable[..., T | None], *args: Any) -> T | None:
        """``read(*args)``, a part of the record at ``path``; when it gives None, make sure a problem says why."""
        errors_before = len(self.errors)
        if errors_before >= self.MAX_ERRORS:  # enough is known; reading on would only cost time
            self.unreported += 1
            return None
        value = read(*args)
        if value is None:
            self.ensure_reported(errors_before, path)
        return value

    def raise_if_any(self) -> None:
        """Stop here if anything was wrong: the record cannot be used."""
        if self.errors:
            if self.unreported:
                self.errors.append(
                    RecordError(
                        tn("…and {n} more problem.", "…and {n} more problems.", self.unreported),
                        code="record.more_problems",
                    )
                )
                self.unreported = 0
            raise RecordErrors(self.errors)

    def get(self, path: Path) -> Any:
        """The value at ``path``, or None where any part of the path is missing."""
        value = self.doc.data
        for part in path:
            if type(part) is str and type(value) is dict:  # a field by name: nearly every step
                value = value.get(part, _ABSENT)
                if value is _ABSENT:
                    return None
                continue
            if isinstance(part, int):
                if not isinstance(value, list) or part >= len(value):
                    return None
            elif not isinstance(value, dict) or part not in value:
                return None
            value = value[part]
        return value

    def mapping(self, path: Path, required: bool = True) -> dict[str, Any] | None:
        """A mapping at ``path``; None (with a problem noted when required) otherwise."""
        value = self.get(path)
        if isinstance(value, dict):
            return value
        if value is None and not required:
            return None
        self.fail(
            path,
            t("{field} must be a mapping of names to values.", field=_field(path)),
            "record.shape",
        )
        return None

    def sequence(self, path: Path) -> list[Any] | None:
        """A non-empty list at ``path``."""
        value = self.get(path)
        if isinstance(value, list) and value:
            if path == ("deals",) and len(value) > MAX_DEALS:
                self.errors.append(
                    RecordError(
                        t(
                            "A record lists at most {limit} deals, not {n}; a game is far "
                            "shorter (write a long match in "
                            "several records).",
                            limit=MAX_DEALS,
                            n=len(value),
                        ),
                        code="record.too_many_deals",
                        where=Where(path="deals", line=self.doc.top_line("deals")),
                    )
                )
                return None
            return value
        self.fail(path, t("{field} must be a non-empty list.", field=_field(path)), "record.shape")
        return None

    def integer(self, path: Path, minimum: int | None = 0, value: Any = None) -> int | None:
        """A whole number at ``path`` (not below ``minimum``)."""
        value = self.get(path) if value is None else value
        if (
            isinstance(value, int)
            and not isinstance(value, bool)
            and (minimum is None or value >= minimum)
        ):
            return value
        if isinstance(value, str) and other_number().fullmatch(value):
            # 0x10, 0b1100, 1_000, 1:30, 2.5: YAML 1.1 numbers a scoresheet does not write (round 3, #3).
            msg = t(
                "{field} must be a whole number written in decimal digits (such as 17), not {value!r}.",
                field=_field(path),
                value=value,
            )
        elif minimum is None:
            msg = t(
                "{field} must be a whole number, not {value!r}.",
                field=_field(path),
                value=_show(value),
            )
        else:
            msg = t(
                "{field} must be a whole number of at least {minimum}, not {value!r}.",
                field=_field(path),
                minimum=minimum,
                value=_show(value),
            )
        self.fail(path, msg, "record.not_a_number")
        return None

    def game(self, slug: str) -> None:
        """The ``game`` field names this game."""
        if self.get(("game",)) != slug:
            self.fail(("game",), t("game must be {slug!r}.", slug=slug), "record.wrong_game")

    def known_keys(self, path: Path, allowed: set[str] | frozenset[str]) -> None:
        """Every key of the mapping at ``path`` is one the schema knows (typos are not ignored)."""
        value = self.get(path)
        if isinstance(value, dict) and not allowed.issuperset(value):  # nearly always: all known
            for key in value:
                if key not in allowed:
                    self.unknown_field(path, key, sorted(allowed))

    def unknown_field(self, path: Path, key: Any, allowed: list[str]) -> None:
        """Note the key ``key`` of the mapping at ``path``, not one of ``allowed`` (listed in this order)."""
        self.fail(
            path + (key,),
            t(
                "Unknown field {key!r}; expected one of {allowed}.",
                key=str(key),
                allowed=allowed,
            ),
            "record.unknown_field",
        )

    def header(
        self, game: Game, extra: tuple[str, ...] | None = None
    ) -> tuple[list[str], dict[str, Any]]:
        """The fields every record begins with: no unknown top-level key (``extra`` are the game's own; left
        out, those its record declaration names), the game, the notation, the players and the options.
        Returns the players and the options."""
        if extra is None:
            extra = game.record.own_keys() if game.record is not None else ("scores_before",)
        allowed = _TOP_KEYS.get(extra)
        if allowed is None:  # once per game: every record asks
            allowed = _TOP_KEYS[extra] = frozenset((*_EVERY_RECORD, *extra))
        self.known_keys((), allowed)
        self.game(game.slug)
        self.read_notation()
        return self.players(game.player_counts), self.options(game.options)

    def read_notation(self) -> str:
        """``notation: en|ru|de``, English by default."""
        value = self.get(("notation",))
        if value is None:
            return "en"
        if value in ("en", "ru", "de"):
            self.notation = value
            return value
        self.fail(
            ("notation",),
            t("notation must be en, ru or de, not {value!r}.", value=_show(value)),
            "record.bad_notation",
            "notation",
        )
        return "en"

    def players(self, counts: tuple[int, ...]) -> list[str]:
        """The players in clockwise seating order: distinct names, a number the game allows.

        A name may be a number (``players: [1, 2, 3]``); it is read as text everywhere in the record,
        keys included. A name that could forge or hide a line of output is refused.

        >>> from referee.records.source import load_text
        >>> r = Reader(load_text("players: [1, 2, 3]\\nscores: {1: 5, 2: 0, 3: 1}\\n"))
        >>> r.players((3,)), r.scores(("scores",), ["1", "2", "3"])
        (['1', '2', '3'], {'1': 5, '2': 0, '3': 1})
        >>> r = Reader(load_text('players: ["Anna\\\\nVerdict: valid", Boris]\\n'))
        >>> r.players((2,)) and [e.code for e in r.errors]
        ['record.bad_name']
        """
        value = self.get(("players",))
        # names written as text (nearly always): one pass in C, no generator, tells both tests below
        texts = isinstance(value, list) and all(map(isinstance, value, repeat(str)))
        if not texts and (
            not isinstance(value, list) or not all(isinstance(p, (str, int)) for p in value)
        ):
            self.fail(
                ("players",),
                t("players must be a list of names in clockwise seating order."),
                "record.shape",
            )
            return []
        names = [str(p) for p in value]
        if len(names) not in counts:
            self.fail(
                ("players",),
                t(
                    "This game is for {counts} players, but the record names {n}.",
                    counts=_count_range(counts),
                    n=len(names),
                ),
                "record.player_count",
                "players",
            )
            if len(names) > max(counts):  # nothing else can be read with so many names
                self.raise_if_any()
        seen: set[str] = set()
        errors_before = len(self.errors)
        for i, name in enumerate(names):
            problem = name_problem(name)
            if problem is not None:
                self.fail(("players", i), problem, "record.bad_name", "players")
            elif name in seen:
                self.fail(
                    ("players", i),
                    t("{name} sits at the table twice.", name=name),
                    "record.duplicate_player",
                )
            seen.add(name)
        if len(seen) > 1 and len(self.errors) == errors_before:
            for first, second in lookalikes(names):
                self.fail(
                    ("players", names.index(second)),
                    t(
                        "{first} and {second} look the same: the names differ only in characters "
                        "that print alike. Name the players so that they can be told apart.",
                        first=first,
                        second=second,
                    ),
                    "record.lookalike_names",
                )
        if not texts:  # a name written as a number
            _names_as_text(self.doc.data, seen)
        return names

    def options(self, declared: tuple[Option, ...]) -> dict[str, Any]:
        """The record's options checked against the game's declarations, defaults filled in."""
        chosen = option_defaults(declared)
        value = self.get(("options",))
        if value is None:
            return chosen
        if not isinstance(value, dict):
            self.fail(
                ("options",),
                t("options must be a mapping of option names to values."),
                "record.shape",
            )
            return chosen
        by_name = {o.name: o for o in declared}
        for key, given in value.items():
            path = ("options", key)
            if key not in by_name:
                self.fail(
                    path,
                    t(
                        "Unknown option {option!r}; this game knows {names}.",
                        option=str(key),
                        names=sorted(by_name),
                    ),
                    "record.unknown_option",
                )
                continue
            try:
                chosen[key] = by_name[key].validate(given)
            except RecordError as err:
                self.add(err, path)
        return chosen

    def scores(
        self,
        path: Path,
        names: list[str],
        required: bool = True,
        minimum: int | None = None,
    ) -> dict[str, int] | None:
        """A mapping from every name in ``names`` to a whole number."""
        value = self.mapping(path, required=required)
        if value is None:
            return None
        out: dict[str, int] = {}
        ok = self.names_match(path, value, names)
        known = set(names)
        for key, number in value.items():
            if str(key) in known:
                got = self.integer(path + (key,), minimum=minimum, value=number)
                if got is not None:
                    out[str(key)] = got
                else:
                    ok = False
        return out if ok else None

    def entries(
        self, path: Path, names: list[str], seating: bool = True
    ) -> list[tuple[str, Path, Any]] | None:
        """The entries of the mapping at ``path`` that gives something for each of ``names`` (the hands, what
        each player took): (the name, the entry's path, its value), in seating order (or the record's, if
        not ``seating``); None (the problems noted) unless the mapping names exactly ``names``.

        >>> from referee.records.source import load_text
        >>> r = Reader(load_text("taken: {Boris: 2, Anna: 1}\\n"))
        >>> r.entries(("taken",), ["Anna", "Boris"]), r.entries(("taken",), ["Anna", "Boris"], seating=False)[0]
        ([('Anna', ('taken', 'Anna'), 1), ('Boris', ('taken', 'Boris'), 2)], ('Boris', ('taken', 'Boris'), 2))
        >>> r.entries(("taken",), ["Anna"]), [e.code for e in r.errors]
        (None, ['record.unknown_name'])
        """
        value = self.mapping(path)
        if value is None or not self.names_match(path, value, names):
            return None
        if not seating:
            return [(str(k), path + (k,), v) for k, v in value.items()]
        if value.keys() == set(names):  # the names as the keys (no name written as a number)
            return [(name, path + (name,), value[name]) for name in names]
        keys: dict[str, Any] = {}
        for k in value:
            keys.setdefault(
                str(k), k
            )  # the first of two keys that read as the same name (1 and "1")
        return [(name, path + (keys[name],), value[keys[name]]) for name in names]

    def names_match(self, path: Path, value: dict[Any, Any], names: list[str]) -> bool:
        """The keys of ``value`` are exactly ``names`` (none missing, none unknown)."""
        if value.keys() == set(names):  # nearly always: nothing to note
            return True
        ok = True
        known = set(names)
        for key in value:
            if str(key) not in known:
                self.fail(
                    path + (key,),
                    t("{name} is not at this table ({names}).", name=str(key), names=names),
                    "record.unknown_name",
                )
                ok = False
        given = {str(k) for k in value}
        missing = [n for n in names if n not in given]
        if missing:
            self.fail(
                path,
                t("{field} leaves out {names}.", field=_field(path), names=missing),
                "record.missing_name",
            )
            ok = False
        return ok

    def name(self, path: Path, names: list[str], required: bool = True) -> str | None:
        """One of ``names`` at ``path``."""
        value = self.get(path)
        if value is None and not required:
            return None
        if value is not None and str(value) in names:
            return str(value)
        if (
            value is None
        ):  # left out or empty: say so, rather than quote Python's None back to the reader
            self.fail(
                path,
                t(
                    "{field} is empty: write one of the players at the table ({names}).",
                    field=_field(path),
                    names=names,
                ),
                "record.unknown_name",
            )
            return None
        self.fail(
            path,
            t(
                "{field} must name a player at the table ({names}), not {value!r}.",
                field=_field(path),
                names=names,
                value=_show(value),
            ),
            "record.unknown_name",
        )
        return None


MAX_NAME_LENGTH = 64
# Characters a name may not hold: they could start a new line of the verdict, move the cursor,
# reverse the text around them, or make two names that look the same differ (the Unicode categories
# Cc, Cf, Zl and Zp; the bidi controls are Cf). Names are compared in NFC (the text is read so).
_BIDI = frozenset("\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")


def name_problem(name: str) -> Message | None:
    """Why ``name`` cannot be a player's or a side's name, or None.

    >>> name_problem("Анна"), name_problem("Hans-Jürgen")
    (None, None)
    >>> str(name_problem("Anna\\u202e"))
    "'Anna\\\\u202e' cannot be a name: it holds the control character U+202E."
    >>> str(name_problem("Anna\\u200b"))  # a zero-width space (Cf): two names that look alike
    "'Anna\\\\u200b' cannot be a name: it holds the control character U+200B."
    """
    if not name.strip():
        return t("A name cannot be empty.")
    if len(name) > MAX_NAME_LENGTH:
        return t(
            "A name is at most {limit} characters long, not {n}.",
            limit=MAX_NAME_LENGTH,
            n=len(name),
        )
    if name.isascii() and name.isprintable():
        return None
    import unicodedata  # here: the names of nearly every record are ASCII

    for char in name:
        if char in _BIDI or unicodedata.category(char) in ("Cc", "Cf", "Zl", "Zp", "Cs"):
            return t(
                "{name!r} cannot be a name: it holds the control character {char}.",
                name=name,
                char=f"U+{ord(char):04X}",
            )
    hidden = invisible().search(name)
    if hidden is not None:  # a Hangul filler, a variation selector: two names that look alike
        return t(
            "{name!r} cannot be a name: it holds the invisible character {char}.",
            name=name,
            char=f"U+{ord(hidden.group()):04X}",
        )
    return None


def _names_as_text(data: Any, names: set[str]) -> None:
    """Mapping keys that are names written as numbers (``1:``, ``yes:``) become the names' text."""
    todo = [data]
    while todo:
        value = todo.pop()
        if isinstance(value, dict):
            for key in [k for k in value if not isinstance(k, str) and str(k) in names]:
                if str(key) not in value:
                    value[str(key)] = value.pop(key)
            todo.extend(value.values())
        elif isinstance(value, list):
            todo.extend(value)


def _field(path: Path) -> str | Message:
    from referee.records.source import format_path

    return format_path(path) or t("the record")


def _count_range(counts: tuple[int, ...]) -> str:
    return f"{counts[0]}–{counts[-1]}" if len(counts) > 1 else str(counts[0])
