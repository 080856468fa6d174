"""Record declarations: each game says once, as data, which fields its records have.

A game module declares a :class:`RecordSpec`: its own top-level fields (Minnesota Whist's
``teams``), and the fields of a deal, each with a type, whether it is required, a help text (a
translatable :class:`~referee.messages.Message`) and whether it belongs to summary deals, full-play
deals or both. The fields every record has (``game``, ``notation``, ``players``, ``options``,
``scores_before``, ``deals``, ``expected``) are declared here once; the options come from the
game's :class:`~referee.engines.game.Option` declarations, the player counts from the game.

From that one declaration come a JSON Schema per game (:func:`json_schema`), the record
documentation on the site (:func:`doc_rows`, rendered by :mod:`referee.present.blocks`), a JSON description
for the browser form (:func:`describe`) and the commented template of ``referee new``
(:mod:`referee.present.template`). The readers in the game modules stay the authority on what a record
means; the tests prove that they and the declarations accept and reject the same structure.

What the JSON Schema cannot say is left to the reader, and declared as such: whether names are
the players at the table, whether cards add up, and requirements that depend on other values
(Trump 7's ``trump`` in a full play is needed unless the auction left no declarer: such a field
carries a ``condition``). An optional field may be written empty (``claim:`` with nothing
after it), as the readers take that for left out. The schema and the reader still differ in small
ways: ``note`` must be text for the schema, an empty honours list may be written ``0`` or ``""``
for the reader, and a YAML ``5.0`` passes the schema (JSON has one kind of number) though the
reader wants ``5``.

The browser form reads :func:`describe`: per game, the record's fields and each kind of deal's
fields, in order, each ``{name, type, required, unless, condition, mode, default, help,
requirement}`` with help texts in the page's language, and ``type`` a ``{kind, ...}`` tree
(``integer``, ``text``, ``boolean``, ``choice``, ``player``, ``card``, ``cards``, ``suit``,
``rank``, ``list``, ``one_of``, ``object``, ``per_player``, ``per_side``, ``game``, ``players``,
``options``, ``deals``, ``any``). A deal with ``hands`` is a full play. ``samples`` names a
worked example per kind of deal (``examples/<name>.yaml``) that can fill a new form.

Standard library only: this runs in the browser too.

>>> from referee.games import get_game
>>> spec = spec_of(get_game("catch-the-ten"))
>>> [f.name for f in spec.deal_fields("summary")]
['dealer', 'trump', 'taken', 'honours_set_aside', 'claim', 'note']
>>> schema = json_schema(get_game("catch-the-ten"))
>>> schema["properties"]["players"]["minItems"], schema["properties"]["players"]["maxItems"]
(2, 6)
>>> sorted(schema["properties"]["options"]["anyOf"][0]["properties"])   # or null: left out
['must_trump_when_void', 'partnerships', 'revoke_penalty', 'tie_break']
>>> render(Integer(minimum=0).label(), "en"), render(Integer(minimum=0).label(), "de")
('a whole number, at least 0', 'eine ganze Zahl, mindestens 0')
>>> form = describe(get_game("reunion"), "ru")
>>> [f["name"] for f in form["deals"]["summary"]["fields"]][:3], form["max_deals"]
(['dealer', 'trump', 'turned'], 3)
>>> form["deals"]["summary"]["fields"][0]["type"], form["deals"]["summary"]["groups"]
({'kind': 'player'}, [{'names': ['trump', 'turned'], 'rule': 'any'}])
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from dataclasses import FrozenInstanceError, dataclass, field, replace
from typing import Any, ClassVar, Literal, Protocol

from referee.messages import N_, Message, render, t


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
"""A deal with this key is a full play, every other deal a summary (every reader decides so)."""
SCHEMA_DIALECT = "https://json-schema.org/draft/2020-12/schema"
NOTATIONS = ("en", "ru", "de")

Code = Callable[[str], str]
"""How a label writes a literal value: in backticks on a page, bare in a template comment."""


def plain(text: str) -> str:
    """A literal written as it is (template comments)."""
    return text


def backticks(text: str) -> str:
    """A literal as Markdown code (pages)."""
    return f"`{text}`"


def show(value: Any) -> str:
    """A value as YAML writes it: ``true``, ``false``, numbers and words as they are, a mapping in braces.

    >>> show({"king": 9, "prince": 7}), show([1, 2]), show(True)
    ('{king: 9, prince: 7}', '[1, 2]', 'true')
    """
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(
        value, dict
    ):  # not Python's {'king': 9}: the reader copies it into a record (DE2-027)
        return "{" + ", ".join(f"{show(k)}: {show(v)}" for k, v in value.items()) + "}"
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(show(v) for v in value) + "]"
    return str(value)


# -- the types a field can have ----------------------------------------------------------------------


class FieldType:
    """What a field holds. Subclasses give its JSON Schema, its label on a page and its form description."""

    kind: ClassVar[str] = "any"

    def schema(self, game: Game) -> dict[str, Any]:
        """The JSON Schema of a value of this type."""
        return {}

    def label(self, code: Code = backticks) -> Message:
        """What the value is, in a few words (the "Value" column of a page)."""
        return t("anything")

    def describe(self, game: Game, lang: str) -> dict[str, Any]:
        """A JSON-able description for the browser form: ``kind`` and the type's parameters."""
        return {"kind": self.kind}

    def rows(self) -> list[tuple[str, Field]]:
        """Nested fields shown as their own rows on a page: (path suffix, field)."""
        return []


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

    def schema(self, game: Game) -> dict[str, Any]:
        return {"type": "string"}

    def label(self, code: Code = backticks) -> Message:
        return t("text")


@dataclass(frozen=True)
class Integer(FieldType):
    """A whole number (YAML ``true`` is not one), optionally bounded."""

    minimum: int | None = None
    maximum: int | None = None
    unit: str | None = field(default=None, compare=False)
    """``"minor"``: an amount of money in minor units (kopecks), which the form shows as roubles and kopecks."""
    kind: ClassVar[str] = "integer"

    def schema(self, game: Game) -> dict[str, Any]:
        out: dict[str, Any] = {"type": "integer"}
        if self.minimum is not None:
            out["minimum"] = self.minimum
        if self.maximum is not None:
            out["maximum"] = self.maximum
        return out

    def label(self, code: Code = backticks) -> Message:
        if self.minimum is not None and self.minimum == self.maximum:  # not "from 0 to 0" (RU2-063)
            return t("the number {value}", value=self.minimum)
        if self.minimum is not None and self.maximum is not None:
            return t(
                "a whole number from {minimum} to {maximum}",
                minimum=self.minimum,
                maximum=self.maximum,
            )
        if self.minimum is not None:
            return t("a whole number, at least {minimum}", minimum=self.minimum)
        return t("a whole number (zero or negative too)")

    def describe(self, game: Game, lang: str) -> dict[str, Any]:
        return {
            "kind": self.kind,
            "minimum": self.minimum,
            "maximum": self.maximum,
            "unit": self.unit,
        }


class Boolean(Settled):
    """``true`` or ``false``."""

    kind: ClassVar[str] = "boolean"

    def schema(self, game: Game) -> dict[str, Any]:
        return {"type": "boolean"}

    def label(self, code: Code = backticks) -> Message:
        return t("{true} or {false}", true=code("true"), false=code("false"))


@dataclass(frozen=True)
class Choice(FieldType):
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
    labels: dict[str, Message] = field(default_factory=dict, compare=False)
    """What each value is called in the table's words (the form shows these, never the word itself)."""
    kind: ClassVar[str] = "choice"

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

    def label(self, code: Code = backticks) -> Message:
        values = ", ".join(code(v) for v in self.values)
        if self.synonyms:
            return t(
                "one of {values} (also written {synonyms})",
                values=values,
                synonyms=", ".join(code(v) for v in self.synonyms),
            )
        return t("one of {values}", values=values)

    def describe(self, game: Game, lang: str) -> dict[str, Any]:
        return {
            "kind": self.kind,
            "values": list(self.values),
            "synonyms": list(self.synonyms),
            "ignore_case": self.ignore_case,
            "loose_separators": self.loose_separators,
            "labels": {v: render(m, lang) for v, m in self.labels.items()},
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

    def schema(self, game: Game) -> dict[str, Any]:
        return {"type": ["string", "integer"]}

    def label(self, code: Code = backticks) -> Message:
        return t("the name of a player at the table")


class Card(Settled):
    """One card in the record's notation."""

    kind: ClassVar[str] = "card"

    def schema(self, game: Game) -> dict[str, Any]:
        return {"type": "string", "pattern": r"\S"}

    def label(self, code: Code = backticks) -> Message:
        return t("a card in the record's notation, such as {example}", example=code("10♥"))


@dataclass(frozen=True)
class Cards(FieldType):
    """Cards: a YAML list, or one string separated by spaces (by commas in German notation)."""

    min_items: int = 0
    kind: ClassVar[str] = "cards"

    def schema(self, game: Game) -> dict[str, Any]:
        text: dict[str, Any] = {"type": "string"}
        items: dict[str, Any] = {"type": "array", "items": {"type": "string"}}
        if self.min_items:
            text["pattern"] = r"\S"
            items["minItems"] = self.min_items
        return {"anyOf": [items, text]}

    def label(self, code: Code = backticks) -> Message:
        return t("cards: a list, or one line separated by spaces (commas in German notation)")

    def describe(self, game: Game, lang: str) -> dict[str, Any]:
        return {"kind": self.kind, "min_items": self.min_items}


@dataclass(frozen=True)
class CardsAndWords(FieldType):
    """One line of cards and a few fixed words (Buy or Pass's ``pass`` and ``buy``), separated like cards."""

    words: tuple[str, ...] = ()
    kind: ClassVar[str] = "text"

    def schema(self, game: Game) -> dict[str, Any]:
        return {"type": "string", "pattern": r"\S"}

    def label(self, code: Code = backticks) -> Message:
        return t(
            "a line of cards and the words {words}, separated by spaces (commas in German notation)",
            words=[code(w) for w in self.words],
        )

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

    def schema(self, game: Game) -> dict[str, Any]:
        return {"type": "string", "pattern": r"\S", "examples": ["♠", "♥", "♦", "♣"]}

    def label(self, code: Code = backticks) -> Message:
        return t(
            "a suit: a sign ({signs}), or a letter or word in the record's notation",
            signs=" ".join(code(s) for s in "♠♥♦♣"),
        )


class RankType(Settled):
    """A rank alone, such as ``J`` or ``10`` (YAML may read the ten as a number)."""

    kind: ClassVar[str] = "rank"

    def schema(self, game: Game) -> dict[str, Any]:
        return {"type": ["string", "integer"]}

    def label(self, code: Code = backticks) -> Message:
        # The ten reads the same in every notation; a letter would be wrong for a reader of another one
        # (DE3-042: „etwa J“ in a German template).
        return t("a rank in the record's notation, such as {example}", example=code("10"))


@dataclass(frozen=True)
class ListOf(FieldType):
    """A YAML list of values of one type."""

    item: FieldType
    min_items: int = 0
    max_items: int | None = None
    kind: ClassVar[str] = "list"

    def schema(self, game: Game) -> dict[str, Any]:
        out: dict[str, Any] = {"type": "array", "items": self.item.schema(game)}
        if self.min_items:
            out["minItems"] = self.min_items
        if self.max_items is not None:
            out["maxItems"] = self.max_items
        return out

    def label(self, code: Code = backticks) -> Message:
        item = self.item.label(code)
        if self.max_items is not None and self.max_items == self.min_items:
            return t("a list of {n}; each: {item}", n=self.min_items, item=item)
        if self.min_items == 1:
            return t("a non-empty list; each: {item}", item=item)
        if self.min_items:
            return t("a list of at least {n}; each: {item}", n=self.min_items, item=item)
        return t("a list; each: {item}", item=item)

    def describe(self, game: Game, lang: str) -> dict[str, Any]:
        return {
            "kind": self.kind,
            "item": self.item.describe(game, lang),
            "min_items": self.min_items,
            "max_items": self.max_items,
        }

    def rows(self) -> list[tuple[str, Field]]:
        return [("[]" + suffix, f) for suffix, f in self.item.rows()]


@dataclass(frozen=True)
class OneOf(FieldType):
    """A value of one of several types (Réunion's tricks: a number, or true or false)."""

    types: tuple[FieldType, ...]
    kind: ClassVar[str] = "one_of"

    def schema(self, game: Game) -> dict[str, Any]:
        return {"anyOf": [ft.schema(game) for ft in self.types]}

    def label(self, code: Code = backticks) -> Message:
        out = self.types[0].label(code)
        for other in self.types[1:]:
            out = t("{first}; or {second}", first=out, second=other.label(code))
        return out

    def describe(self, game: Game, lang: str) -> dict[str, Any]:
        return {"kind": self.kind, "types": [ft.describe(game, lang) for ft in self.types]}

    def rows(self) -> list[tuple[str, Field]]:
        return [row for ft in self.types for row in ft.rows()]


@dataclass(frozen=True)
class Group:
    """A rule over several fields of one object: ``any`` (at least one) or ``one`` (exactly one) of ``names``."""

    names: tuple[str, ...]
    rule: Literal["any", "one"] = "any"
    mode: Mode = "both"

    def schema(self) -> dict[str, Any]:
        """``anyOf``/``oneOf`` over ``required``."""
        return {"anyOf" if self.rule == "any" else "oneOf": [{"required": [n]} for n in self.names]}

    def label(self, code: Code = backticks) -> Message:
        """The rule in words."""
        names = ", ".join(code(n) for n in self.names)
        if self.rule == "one":
            return t("exactly one of {names}", names=names)
        return t("at least one of {names}", names=names)


@dataclass(frozen=True)
class Obj(FieldType):
    """A nested mapping with fields of its own; no other key is allowed."""

    fields: tuple[Field, ...]
    groups: tuple[Group, ...] = ()
    min_fields: int = 0
    kind: ClassVar[str] = "object"

    def schema(self, game: Game) -> dict[str, Any]:
        return object_schema(self.fields, game, self.groups, self.min_fields)

    def label(self, code: Code = backticks) -> Message:
        names = ", ".join(code(f.name) for f in self.fields)
        if self.groups:
            return t(
                "the fields {names} ({rule})",
                names=names,
                rule=[g.label(code) for g in self.groups],
            )
        return t("the fields {names}", names=names)

    def describe(self, game: Game, lang: str) -> dict[str, Any]:
        return {
            "kind": self.kind,
            "fields": [f.describe(game, lang) for f in self.fields],
            "groups": [{"names": list(g.names), "rule": g.rule} for g in self.groups],
            "min_fields": self.min_fields,
        }

    def rows(self) -> list[tuple[str, Field]]:
        out = []
        for f in self.fields:
            out.append(("." + f.name, f))
            out.extend(("." + f.name + suffix, sub) for suffix, sub in f.type.rows())
        return out


@dataclass(frozen=True)
class PerPlayer(FieldType):
    """A mapping from every player (or, with ``sides``, every side of ``teams``) to a value."""

    value: FieldType
    sides: bool = False
    kind: ClassVar[str] = "per_player"

    def schema(self, game: Game) -> dict[str, Any]:
        counts = (2, 2) if self.sides else (min(game.player_counts), max(game.player_counts))
        return {
            "type": "object",
            "additionalProperties": self.value.schema(game),
            "minProperties": counts[0],
            "maxProperties": counts[1],
        }

    def label(self, code: Code = backticks) -> Message:
        if self.sides:
            return t("for each side: {value}", value=self.value.label(code))
        return t("for every player: {value}", value=self.value.label(code))

    def describe(self, game: Game, lang: str) -> dict[str, Any]:
        return {
            "kind": "per_side" if self.sides else "per_player",
            "value": self.value.describe(game, lang),
        }

    def rows(self) -> list[tuple[str, Field]]:
        key = ".<side>" if self.sides else ".<player>"
        return [(key + suffix, f) for suffix, f in self.value.rows()]


# The four types whose shape depends on the game: its slug, player counts, options and deals.


class GameSlug(Settled):
    """The game's identifier."""

    kind: ClassVar[str] = "game"

    def schema(self, game: Game) -> dict[str, Any]:
        return {"const": game.slug}

    def label(self, code: Code = backticks) -> Message:
        return t("the game's identifier")

    def describe(self, game: Game, lang: str) -> dict[str, Any]:
        return {"kind": self.kind, "value": game.slug}


class Players(Settled):
    """The players in clockwise order: distinct names, as many as the game allows."""

    kind: ClassVar[str] = "players"

    def schema(self, game: Game) -> dict[str, Any]:
        return {
            "type": "array",
            "items": {"type": ["string", "integer"]},
            "minItems": min(game.player_counts),
            "maxItems": max(game.player_counts),
            "uniqueItems": True,
        }

    def label(self, code: Code = backticks) -> Message:
        return t("a list of different names")

    def describe(self, game: Game, lang: str) -> dict[str, Any]:
        return {"kind": self.kind, "counts": list(game.player_counts)}


class Options(Settled):
    """The house rules, from the game's :class:`~referee.engines.game.Option` declarations."""

    kind: ClassVar[str] = "options"

    def schema(self, game: Game) -> dict[str, Any]:
        props: dict[str, Any] = {}
        for option in game.options:
            if option.choices is not None:
                one: dict[str, Any] = {"enum": list(option.choices)}
            else:
                one = {"type": "integer"}
                if option.minimum is not None:
                    one["minimum"] = option.minimum
            one["default"] = option.default
            if option.help is not None:
                one["description"] = render(option.help, "en")
            props[option.name] = one
        return {"type": "object", "properties": props, "additionalProperties": False}

    def label(self, code: Code = backticks) -> Message:
        return t("a mapping of option names to values")

    def describe(self, game: Game, lang: str) -> dict[str, Any]:
        return {
            "kind": self.kind,
            "options": [
                {
                    "name": o.name,
                    "default": o.default,
                    "choices": list(o.choices) if o.choices is not None else None,
                    "minimum": o.minimum,
                    "help": render(o.help, lang) if o.help is not None else None,
                    "choice_help": {show(c): render(m, lang) for c, m in o.choice_help.items()},
                    "label": render(o.label, lang) if o.label is not None else None,
                    "choice_labels": {show(c): render(m, lang) for c, m in o.choice_labels.items()},
                    "unit": o.unit,
                }
                for o in game.options
            ],
        }


@dataclass(frozen=True)
class Deals(FieldType):
    """The deals in the order played; each a summary or a full play (a full play has ``hands``, or the
    game's own ``full_play_key``: Red and Black's full play is its ``stock``)."""

    full_play_key: str = FULL_PLAY_KEY
    kind: ClassVar[str] = "deals"

    def schema(self, game: Game) -> dict[str, Any]:
        out: dict[str, Any] = {"type": "array", "minItems": 1, "items": {"$ref": "#/$defs/deal"}}
        if spec_of(game).max_deals is not None:
            out["maxItems"] = spec_of(game).max_deals
        return out

    def label(self, code: Code = backticks) -> Message:
        return t(
            "a non-empty list of deals, each a summary or a full play (a full play has {key})",
            key=code(self.full_play_key),
        )

    def describe(self, game: Game, lang: str) -> dict[str, Any]:
        return {
            "kind": self.kind,
            "max_items": spec_of(game).max_deals,
            "full_play_key": self.full_play_key,
        }


# -- fields ------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Field:
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

    def in_mode(self, mode: str) -> bool:
        """Whether the field belongs to ``mode`` deals."""
        return self.mode in (mode, "both")

    def requirement(self, code: Code = backticks) -> Message:
        """ "required", "optional" or "required unless …", in words."""
        if self.condition is not None:
            return self.condition
        if self.required and self.unless is not None:
            return t(
                "required, unless {field} is {value} (then left out)",
                field=code(self.unless[0]),
                value=code(show(self.unless[1])),
            )
        if self.required:
            return t("required")
        if self.unless is not None:
            return t(
                "optional; left out if {field} is {value}",
                field=code(self.unless[0]),
                value=code(show(self.unless[1])),
            )
        if self.default is not None:
            return t("optional; default {value}", value=code(show(self.default)))
        return t("optional")

    def describe(self, game: Game, lang: str) -> dict[str, Any]:
        """The field as the browser form reads it."""
        return {
            "name": self.name,
            "type": self.type.describe(game, lang),
            "required": self.required,
            "unless": {"field": self.unless[0], "value": self.unless[1]} if self.unless else None,
            "mode": self.mode,
            "default": self.default,
            "help": render(self.hint if self.hint is not None else self.help, lang),
            "label": render(self.label, lang) if self.label is not None else None,
            "question": render(self.question, lang) if self.question is not None else None,
            "condition": render(self.condition, lang) if self.condition is not None else None,
            "requirement": render(self.requirement(plain), lang),
        }


def object_schema(
    fields: tuple[Field, ...] | list[Field],
    game: Game,
    groups: tuple[Group, ...] = (),
    min_fields: int = 0,
) -> dict[str, Any]:
    """A closed object: these fields, the required ones required, the groups' rules, nothing else."""
    props: dict[str, Any] = {}
    grouped = {name for g in groups for name in g.names}
    for f in fields:
        one = dict(f.type.schema(game))
        if (
            not f.required
            and f.nullable
            and f.unless is None
            and f.condition is None
            and f.name not in grouped
            and one
        ):
            one = {
                "anyOf": [one, {"type": "null"}]
            }  # the readers take an empty optional field as left out
        one["description"] = render(f.help, "en")
        if f.default is not None:
            one["default"] = f.default
        props[f.name] = one
    out: dict[str, Any] = {"type": "object", "properties": props, "additionalProperties": False}
    required = [f.name for f in fields if f.required and f.unless is None]
    if required:
        out["required"] = required
    if min_fields:
        out["minProperties"] = min_fields
    rules: list[dict[str, Any]] = [g.schema() for g in groups]
    conditional: dict[tuple[str, Any], list[Field]] = {}
    for f in fields:
        if f.unless is not None:
            conditional.setdefault(f.unless, []).append(f)
    for (key, value), excluded in conditional.items():
        rule: dict[str, Any] = {
            "if": {"properties": {key: {"const": value}}, "required": [key]},
            "then": {"properties": {f.name: False for f in excluded}},
        }
        required_else = [f.name for f in excluded if f.required]
        if required_else:
            rule["else"] = {"required": required_else}
        rules.append(rule)
    if len(rules) == 1:
        out.update(rules[0])
    elif rules:
        out["allOf"] = rules
    return out


# -- the fields every record has -----------------------------------------------------------------------

GAME_FIELD = Field(
    "game",
    GameSlug(),
    t("The game: its identifier, as {command} lists them.", command="referee games"),
    required=True,
    label=t("Game"),
    hint=t("The game played at the table."),
)
NOTATION = Field(
    "notation",
    Choice(
        NOTATIONS,
        labels={
            "en": t("English (J Q K A)"),
            "ru": t("Russian (В Д К Т)"),
            "de": t("German (B D K A)"),
        },
    ),
    t("How the cards are written: English, Russian or German notation."),
    default="en",
    label=t("Card notation"),
    question=t("How are the cards written?"),
)
PLAYERS = Field(
    "players",
    Players(),
    t("The players' names, in clockwise order round the table."),
    required=True,
    label=t("Players"),
    question=t("Who plays, clockwise round the table?"),
)
OPTIONS = Field(
    "options",
    Options(),
    t(
        "The house rules you play by; an option left out has its default (the "
        "game's page lists them)."
    ),
    label=t("House rules"),
)
SCORES_BEFORE = Field(
    "scores_before",
    PerPlayer(Integer()),
    t(
        "The score before the first deal of the record, for a game already under way; left out, "
        "everyone starts at nothing."
    ),
    label=t("Score before this deal"),
    question=t("What was the score before the first deal here?"),
)
DEALS = Field(
    "deals",
    Deals(),
    t("The deals, in the order they were played."),
    required=True,
    label=t("Deals"),
)
EXPECTED = Field(
    "expected",
    Anything(),
    t("For worked examples: the outcome the tests expect; the referee ignores it."),
    label=t("Expected outcome (tests only)"),
)
COMMON: tuple[Field, ...] = (GAME_FIELD, NOTATION, PLAYERS, OPTIONS, SCORES_BEFORE, DEALS, EXPECTED)
"""The top-level fields of every record, in the order a record writes them (a game may replace
``scores_before`` or leave it out, and add fields of its own after ``players``)."""

_EVERY_RECORD = frozenset({"game", "notation", "players", "options", "deals", "expected"})

# Deal fields that most games share; a game uses these objects, or declares its own.
DEALER = Field(
    "dealer",
    PlayerName(),
    t("The player who dealt; the referee warns if the deal did not pass to the left."),
    required=True,
    label=t("Dealer"),
    question=t("Who dealt?"),
)
NOTE = Field("note", Text(), t("Any remark; the referee ignores it."), label=t("Note"))
CLAIM_PER_PLAYER = Field(
    "claim",
    PerPlayer(Integer()),
    t("The score the table wrote down for this deal; the referee says whether it agrees."),
    label=t("Score written down"),
    question=t("What did the table write down?"),
)
CLAIM_PER_SIDE = Field(
    "claim",
    PerPlayer(Integer(), sides=True),
    t(
        "The score the table wrote down for this deal, "
        "per side; the referee says whether it agrees."
    ),
    label=t("Score written down"),
    question=t("What did the table write down?"),
)
SHARED_DEAL_FIELDS: tuple[Field, ...] = (DEALER, CLAIM_PER_PLAYER, NOTE)
"""The deal fields "Settle a score" lists once for most games (a game's own tables leave them out)."""
HANDS_DEALT = Field(
    "hands",
    PerPlayer(Cards(min_items=1)),
    t("Every player's cards as dealt, in any order."),
    required=True,
    mode="full",
    label=t("Hands as dealt"),
)
"""The hands of a full play, where nothing more needs saying about them (a game with more to say declares its own)."""
TRICKS_PLAYED = Field(
    "tricks",
    ListOf(Cards(min_items=1), min_items=1),
    t(
        "Every trick, in the order played: its cards in play order, starting with the leader's "
        "card."
    ),
    required=True,
    mode="full",
    label=t("Tricks, card by card"),
)


@dataclass(frozen=True)
class RecordSpec:
    """What a game's records hold, beyond the fields every record has.

    ``fields``: the game's own top-level fields, or its own version of a common one (same name);
    ``without``: common fields this game's records do not have; ``deal``: the fields of a deal,
    each for summary deals, full-play deals or both; ``deal_groups``: rules over several deal
    fields; ``max_deals``: the most deals one record may hold; ``samples``: the worked examples a
    template takes its sample values from, by kind of deal.
    """

    deal: tuple[Field, ...]
    fields: tuple[Field, ...] = ()
    without: tuple[str, ...] = ()
    deal_groups: tuple[Group, ...] = ()
    max_deals: int | None = None
    samples: dict[str, str] = field(default_factory=dict)
    """A worked example per kind of deal (``examples/<name>.yaml``) that ``referee new`` fills a template from."""
    full_play_key: str = FULL_PLAY_KEY
    """The deal field that makes a deal a full play (the record's ``deals`` field says so to the form)."""

    def record_fields(self) -> list[Field]:
        """The top-level fields of this game's records, in order."""
        common_names = {f.name for f in COMMON}
        replaced = {f.name: f for f in self.fields if f.name in common_names}
        out: list[Field] = []
        for common in COMMON:
            if common.name in self.without:
                continue
            chosen = replaced.get(common.name, common)
            if (
                chosen.name == DEALS.name
            ):  # the form and the schema read the full play's key from the field
                chosen = replace(chosen, type=Deals(full_play_key=self.full_play_key))
            out.append(chosen)
            if common.name == "players":  # a game's own fields follow the players (teams, say)
                out.extend(f for f in self.fields if f.name not in common_names)
        return out

    def deal_fields(self, mode: str) -> list[Field]:
        """The fields of a ``summary`` or ``full`` deal, in order."""
        return [f for f in self.deal if f.in_mode(mode)]

    def deal_keys(self, mode: str) -> set[str]:
        """The keys a ``summary`` or ``full`` deal may hold (a reader refuses any other)."""
        return {f.name for f in self.deal_fields(mode)}

    def own_keys(self) -> tuple[str, ...]:
        """The top-level keys of this game's records beyond those every record has (``teams``, and
        ``scores_before`` unless the game leaves it out): what the reader of the header also allows."""
        return tuple(f.name for f in self.record_fields() if f.name not in _EVERY_RECORD)

    def groups(self, mode: str) -> tuple[Group, ...]:
        """The deal groups that apply to ``mode`` deals."""
        return tuple(g for g in self.deal_groups if g.mode in (mode, "both"))

    def has_mode(self, mode: str) -> bool:
        """Whether this game's records can hold ``mode`` deals (a full play needs hands)."""
        return (
            any(f.name == self.full_play_key for f in self.deal_fields("full"))
            if mode == "full"
            else True
        )


def spec_of(game: Game) -> RecordSpec:
    """The record declaration of ``game`` (its class attribute ``record``)."""
    spec = getattr(game, "record", None)
    if not isinstance(spec, RecordSpec):
        raise TypeError(
            f"{type(game).__name__} declares no record (a RecordSpec as the attribute 'record')"
        )
    return spec


# -- what comes from a declaration ---------------------------------------------------------------------


def json_schema(game: Game, url: str | None = None) -> dict[str, Any]:
    """The JSON Schema (draft 2020-12) of ``game``'s records; ``url`` becomes its ``$id``."""
    spec = spec_of(game)
    top = object_schema(spec.record_fields(), game)
    defs: dict[str, Any] = {}
    for mode in MODES:
        if spec.has_mode(mode):
            defs[f"{mode}_deal"] = object_schema(spec.deal_fields(mode), game, spec.groups(mode))
    if "full_deal" in defs:
        deal = {
            "type": "object",
            "if": {"required": [spec.full_play_key]},
            "then": {"$ref": "#/$defs/full_deal"},
            "else": {"$ref": "#/$defs/summary_deal"},
        }
    else:
        deal = {"$ref": "#/$defs/summary_deal"}
    defs["deal"] = deal
    head: dict[str, Any] = {"$schema": SCHEMA_DIALECT}
    if url:
        head["$id"] = url
    head["title"] = render(t("A record of {game} for the referee", game=game.name("en")), "en")
    return {**head, **top, "$defs": defs}


def field_rows(fields: list[Field], prefix: str = "") -> Iterator[tuple[str, Field]]:
    """Every field and its nested fields, as (dotted path, field): ``taken.<player>.cards``."""
    for f in fields:
        path = prefix + f.name
        yield path, f
        for suffix, sub in f.type.rows():
            yield path + suffix, sub


def doc_rows(fields: list[Field], lang: str, code: Code = backticks) -> list[tuple[str, str, str]]:
    """(field path, value and requirement, help) for a page's table, in ``lang``."""
    rows = []
    for path, f in field_rows(fields):
        value = render(
            t("{value}; {requirement}", value=f.type.label(code), requirement=f.requirement(code)),
            lang,
        )
        rows.append((code(path), value, render(f.help, lang)))
    return rows


def describe(game: Game, lang: str) -> dict[str, Any]:
    """The whole declaration of ``game`` as JSON-able data, help texts in ``lang``: what the form is built from."""
    spec = spec_of(game)
    return {
        "game": game.slug,
        "name": game.name(lang),
        "player_counts": list(game.player_counts),
        "full_play_key": spec.full_play_key,
        "record": [f.describe(game, lang) for f in spec.record_fields()],
        "deals": {
            mode: {
                "fields": [f.describe(game, lang) for f in spec.deal_fields(mode)],
                "groups": [{"names": list(g.names), "rule": g.rule} for g in spec.groups(mode)],
            }
            for mode in MODES
            if spec.has_mode(mode)
        },
        "max_deals": spec.max_deals,
        "samples": dict(spec.samples),
    }


# Labels of the generated tables, marked for extraction.
L_FIELD, L_VALUE, L_HELP = N_("Field"), N_("Value"), N_("What it holds")


def chosen(choice: Choice, raw: Any) -> str | None:
    """The value of ``choice`` that ``raw`` is written as, in the ways the choice allows (another case,
    other separators), as its JSON Schema accepts it; None if none.

    >>> c = Choice(("thirteen-under", "lucky-thirteen-under"), ignore_case=True, loose_separators=True)
    >>> chosen(c, " Thirteen_Under "), chosen(c, "LUCKY thirteen-under"), chosen(c, "thirteen"), chosen(c, 13)
    ('thirteen-under', 'lucky-thirteen-under', None, None)
    """
    if not isinstance(raw, str):
        return None
    edge = r"[\s_-]*" if choice.loose_separators else r"\s*"
    for value in choice.values:
        if raw == value or (
            (choice.ignore_case or choice.loose_separators)
            and re.fullmatch(
                edge + _word_pattern(value, choice.ignore_case, choice.loose_separators) + edge, raw
            )
        ):
            return value
    return None


def sides_field(help: Message, per_side: tuple[int, int] = (2, 2), required: bool = False) -> Field:
    """The ``teams`` of a partnership game: the two sides, each a name and its partners (at least and at
    most ``per_side`` of them), under which scores, claims and tricks are then given.

    >>> f = sides_field(t("The two sides."), (2, 3))
    >>> f.name, f.type.value.min_items, f.type.value.max_items, f.type.sides, str(f.label)
    ('teams', 2, 3, True, 'Sides')
    """
    low, high = per_side
    return Field(
        "teams",
        PerPlayer(ListOf(PlayerName(), min_items=low, max_items=high), sides=True),
        help,
        required=required,
        label=t("Sides"),
    )


@dataclass(frozen=True)
class OtherPlayers(PerPlayer):
    """A mapping from every player but the one who went out (at least one other) to a value."""

    def schema(self, game: Game) -> dict[str, Any]:
        return {
            "type": "object",
            "additionalProperties": self.value.schema(game),
            "minProperties": 1,
            "maxProperties": max(game.player_counts),
        }

    def label(self, code: Code = backticks) -> Message:
        return t("for every player but the one who went out: {value}", value=self.value.label(code))
