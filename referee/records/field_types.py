"""A record's fields and the values they hold: whole numbers, text, choices, players, cards, suits, ranks, lists.

A :class:`Field` is one field of a record: its name, its type, whether it is required, its help
text and label. Each type reads nothing itself (the game modules' readers do): it knows its JSON
Schema, its label in the page's language (``a whole number, at least 0``), its rows on the page and
its description for the browser form; those words are written in :mod:`referee.records.field_docs`,
which a check does not load (a type's methods hand over to it when asked). The declarations built
from them are in :mod:`referee.records.fields`. Standard library only: this runs in the browser too.

>>> from referee.messages import render
>>> render(Integer(minimum=0).label(), "en"), render(Integer(minimum=0).label(), "de")
('a whole number, at least 0', 'eine ganze Zahl, mindestens 0')
"""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import cache
from typing import Any, ClassVar, Literal, Protocol

from referee.messages import Message
from referee.values import FrozenInstanceError, Value, attr


class Game(Protocol):
    """What the declarations read from a game: the layer above (:class:`referee.engines.game.Game`) fills it."""

    slug: str
    player_counts: tuple[int, ...]
    options: tuple[Any, ...]

    def name(self, lang: str) -> str:
        """The game's name in ``lang``."""
        ...


Mode = Literal["summary", "full", "both"]
MODES: tuple[str, str] = ("summary", "full")
FULL_PLAY_KEY = "hands"


SCHEMA_DIALECT = "https://json-schema.org/draft/2020-12/schema"
NOTATIONS = ("en", "ru", "de")

Code = Callable[[str], str]


def plain(text: str) -> str:
    """A literal written as it is (template comments)."""
    return text


def backticks(text: str) -> str:
    """A literal as Markdown code (pages)."""
    return f"`{text}`"


# -- the types a field can have ----------------------------------------------------------------------


class FieldType:
    """What a field holds. Subclasses give its JSON Schema, its label on a page and its form description."""

    kind: ClassVar[str] = "any"

    def schema(self, game: Game) -> dict[str, Any]:
        """The JSON Schema of a value of this type."""
        from referee.records import field_docs

        return field_docs.schema(self, game)

    def label(self, code: Code = backticks) -> Message:
        """What the value is, in a few words (the "Value" column of a page)."""
        from referee.records import field_docs

        return field_docs.label(self, code)

    def describe(self, game: Game, lang: str) -> dict[str, Any]:
        """A JSON-able description for the browser form: ``kind`` and the type's parameters."""
        from referee.records import field_docs

        return field_docs.describe(self, game, lang)

    def rows(self) -> list[tuple[str, Field]]:
        """Nested fields shown as their own rows on a page: (path suffix, field)."""
        from referee.records import field_docs

        return field_docs.rows(self)


class Settled(FieldType):
    """A field type with nothing to set: what ``@dataclass(frozen=True)`` makes of a class without fields
    (equal to any other instance of its class, hashable, immutable, ``Text()`` as its repr), written
    once here instead of generated as six methods per class when the module is imported (a check's
    start-up: ``referee check`` loads this module for every record).

    >>> Text() == Text(), Text() == Boolean(), len({Text(), Text()}), repr(Text())
    (True, False, 1, 'Text()')
    """

    def __eq__(self, other: object) -> bool:
        return True if other.__class__ is self.__class__ else NotImplemented

    def __hash__(self) -> int:
        return hash(())

    def __repr__(self) -> str:
        return f"{type(self).__qualname__}()"

    def __setattr__(self, name: str, value: Any) -> None:
        raise FrozenInstanceError(f"cannot assign to field {name!r}")

    def __delattr__(self, name: str) -> None:
        raise FrozenInstanceError(f"cannot delete field {name!r}")


class Anything(Settled):
    """Any value; the referee does not read it (``expected``)."""

    kind: ClassVar[str] = "any"


class Text(Settled):
    """Free text (``note``)."""

    kind: ClassVar[str] = "text"


class Integer(FieldType, Value, frozen=True):
    """A whole number (YAML ``true`` is not one), optionally bounded."""

    minimum: int | None = None
    maximum: int | None = None
    unit: str | None = attr(None, compare=False)
    """``"minor"``: an amount of money in minor units (kopecks), which the form shows as roubles and kopecks."""
    kind: ClassVar[str] = "integer"


class Boolean(Settled):
    """``true`` or ``false``."""

    kind: ClassVar[str] = "boolean"


class Choice(FieldType, Value, frozen=True):
    """One word of a fixed list, optionally also written as one of its ``synonyms``.

    ``ignore_case``: any case and spaces around the word are accepted; ``loose_separators``: the
    parts of a word may be joined by ``-``, ``_`` or spaces, as a table writes them.

    >>> c = Choice(("thirteen-under",), ignore_case=True, loose_separators=True)
    >>> import re
    >>> bool(re.search(c.schema(None)["anyOf"][1]["pattern"], " Thirteen_Under "))
    True
    """

    values: tuple[str, ...]
    synonyms: tuple[str, ...] = ()
    ignore_case: bool = False
    loose_separators: bool = False
    labels: dict[str, Message] = attr(factory=dict, compare=False)
    """What each value is called in the table's words (the form shows these, never the word itself)."""
    kind: ClassVar[str] = "choice"

    # Its schema is written here, not in field_docs: chosen() reads a choice by the same patterns.
    def schema(self, game: Game | None) -> dict[str, Any]:
        exact: dict[str, Any] = {"enum": list(self.values)}
        if not (self.synonyms or self.ignore_case or self.loose_separators):
            return exact
        words = [
            _word_pattern(w, self.ignore_case, self.loose_separators)
            for w in (*self.values, *self.synonyms)
        ]
        edge = r"[\s_-]*" if self.loose_separators else r"\s*"
        return {
            "anyOf": [exact, {"type": "string", "pattern": f"^{edge}(?:{'|'.join(words)}){edge}$"}]
        }


def _word_pattern(word: str, ignore_case: bool, loose: bool) -> str:
    def letters(part: str) -> str:
        if not ignore_case:
            return re.escape(part)
        return "".join(
            f"[{c.lower()}{c.upper()}]" if c.lower() != c.upper() else re.escape(c) for c in part
        )

    if not loose:
        return letters(word)
    return r"[\s_-]+".join(letters(p) for p in re.split(r"[\s_-]+", word))


class PlayerName(Settled):
    """The name of a player at the table (one of ``players``)."""

    kind: ClassVar[str] = "player"


class Card(Settled):
    """One card in the record's notation."""

    kind: ClassVar[str] = "card"


class Cards(FieldType, Value, frozen=True):
    """Cards: a YAML list, or one string separated by spaces (by commas in German notation)."""

    min_items: int = 0
    kind: ClassVar[str] = "cards"


class CardsAndWords(FieldType, Value, frozen=True):
    """One line of cards and a few fixed words (Buy or Pass's ``pass`` and ``buy``), separated like cards."""

    words: tuple[str, ...] = ()
    kind: ClassVar[str] = "text"

    def localize(self, value: Any, localizer: Any) -> Any:
        """The line in the template's notation (``referee new``): its cards rewritten, its words kept."""
        if not isinstance(value, str):
            return value
        source, target = localizer.source, localizer.notation
        tokens = [w.strip() for w in value.split("," if source == "de" else None) if w.strip()]
        out = [w if w.lower() in self.words else localizer.cards([w])[0] for w in tokens]
        return (", " if target == "de" else " ").join(out)


class SuitType(Settled):
    """A suit: a sign, or a letter or word in the record's notation."""

    kind: ClassVar[str] = "suit"


class RankType(Settled):
    """A rank alone, such as ``J`` or ``10`` (YAML may read the ten as a number)."""

    kind: ClassVar[str] = "rank"


class ListOf(FieldType, Value, frozen=True):
    """A YAML list of values of one type."""

    item: FieldType
    min_items: int = 0
    max_items: int | None = None
    kind: ClassVar[str] = "list"


class OneOf(FieldType, Value, frozen=True):
    """A value of one of several types (Réunion's tricks: a number, or true or false)."""

    types: tuple[FieldType, ...]
    kind: ClassVar[str] = "one_of"


class Total(Value, frozen=True):
    """What the counts of a field for every player (or side) add up to, as the rules fix it: Korol's 9
    tricks of a reign, Minnesota Whist's 13, a pack's 52 cards. The form shows it beside the inputs
    ("7 of 9 tricks entered"), from the game's own numbers, never typed in the page.

    >>> words = Total(lambda n: 13).describe((4,), "en")
    >>> words
    {'4': {'total': 13, 'words': '{entered} of 13 tricks entered'}}
    """

    of: Callable[[int], int] = attr(compare=False)
    """The total at a table of this many players."""
    unit: Literal["tricks", "cards"] = "tricks"

    def words(self, total: int) -> Message:
        """The sum typed so far against the total, ``{entered}`` left for the form."""
        from referee.records import field_docs

        return field_docs.total_words(self, total)

    def describe(self, counts: tuple[int, ...], lang: str) -> dict[str, dict[str, Any]]:
        """For each number of players: the total and its words in ``lang``."""
        from referee.records import field_docs

        return field_docs.describe_total(self, counts, lang)


class Field(Value, frozen=True):
    """One field of a record, a deal or a nested object.

    ``required``: must be there (``unless`` names another field and a value under which this one
    must be left out instead, as Trump 7's thrown-in deals). ``mode``: for a deal field, whether it
    belongs to summary deals, full-play deals or both. ``default``: what a missing field means.
    """

    name: str
    type: FieldType
    help: Message
    required: bool = False
    mode: Mode = "both"
    unless: tuple[str, Any] | None = None
    default: Any = None
    condition: Message | None = None
    """When the field is required on a condition that depends on other values (which a JSON Schema
    cannot see), the condition in words; the reader checks it."""
    nullable: bool = True
    """Whether an empty value (``null``) counts as left out, as most readers take it; false where the
    reader wants a value whenever the key is written."""
    label: Message | None = None
    """What the table calls the field, in a few words ("Dealer", "Cards taken"): the form's label and
    column heading, where the record's key never appears."""
    question: Message | None = None
    """The field as a scoresheet asks it ("Who dealt?"), where that reads better than the label."""
    hint: Message | None = None
    """The help in a player's words, where ``help`` must speak of how the record writes the value
    (true or false, a list, letters): the form shows it in place of ``help``; pages keep ``help``."""
    total: Total | None = None
    """What the counts of this field add up to (a per-player or per-side count the rules fix)."""

    def in_mode(self, mode: str) -> bool:
        """Whether the field belongs to ``mode`` deals."""
        return self.mode in (mode, "both")

    def requirement(self, code: Code = backticks) -> Message:
        """ "required", "optional" or "required unless …", in words."""
        from referee.records import field_docs

        return field_docs.requirement(self, code)

    def describe(self, game: Game, lang: str) -> dict[str, Any]:
        """The field as the browser form reads it."""
        from referee.records import field_docs

        return field_docs.describe_field(self, game, lang)


def chosen(choice: Choice, raw: Any) -> str | None:
    """The value of ``choice`` that ``raw`` is written as, in the ways the choice allows (another case,
    other separators), as its JSON Schema accepts it; None if none.

    >>> c = Choice(("thirteen-under", "lucky-thirteen-under"), ignore_case=True, loose_separators=True)
    >>> chosen(c, " Thirteen_Under "), chosen(c, "LUCKY thirteen-under"), chosen(c, "thirteen"), chosen(c, 13)
    ('thirteen-under', 'lucky-thirteen-under', None, None)
    """
    if not isinstance(raw, str):
        return None
    loose = choice.ignore_case or choice.loose_separators
    for value in choice.values:
        if raw == value or (
            loose
            and _value_pattern(value, choice.ignore_case, choice.loose_separators).fullmatch(raw)
        ):
            return value
    return None


@cache
def _value_pattern(value: str, ignore_case: bool, loose: bool) -> re.Pattern[str]:
    # compiled once a value: a Yacht check asks for its bid's word, and writing the pattern out again
    # each time was 4% of the check
    edge = r"[\s_-]*" if loose else r"\s*"
    return re.compile(edge + _word_pattern(value, ignore_case, loose) + edge)
