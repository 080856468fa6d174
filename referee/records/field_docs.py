"""What a record's fields say to people and to other programs: each type's JSON Schema, its label on a
page (``a whole number, at least 0``), its description for the browser form and its nested rows; a
field's requirement in words and its description; a group's rule; a total's words.

The types and the declarations built from them (:mod:`referee.records.field_types`,
:mod:`referee.records.fields`) are read on every check, these words only by the pages, the form,
``referee new`` and ``referee schema``: kept here, a check does not compile them. A type's methods
(``schema``, ``label``, ``describe``, ``rows``) hand over to the functions below, which find the
words of a type by the names of its class and of its bases, nearest first. This module cannot
import the types (they import it when asked, and an import circle is not allowed), so it reads their
fields by name; a type declared elsewhere (:class:`~referee.records.turn_field.TurnLines`) overrides
the methods instead. Standard library only: this runs in the browser too.

>>> from referee.records.field_types import Integer, ListOf, backticks
>>> schema(ListOf(Integer(minimum=0), min_items=1), None)
{'type': 'array', 'items': {'type': 'integer', 'minimum': 0}, 'minItems': 1}
>>> render(label(Integer(minimum=0, maximum=0), backticks), "en")
'the number 0'
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from referee.messages import Message, render, t, tn

Code = Callable[[str], str]
"""How a label writes a literal value: in backticks on a page, bare in a template comment."""

ENTERED = "{entered}"
"""Left in a total's words for the form to fill with the sum typed so far."""


def _plain(text: str) -> str:
    """A literal written as it is (the form's requirement)."""
    return text


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


def _words_of(table: dict[str, Callable[..., Any]], ftype: Any) -> Callable[..., Any]:
    """The entry of ``table`` for the class of ``ftype``, else for its nearest base that has one."""
    for cls in type(ftype).__mro__:
        found = table.get(cls.__name__)
        if found is not None:
            return found
    raise TypeError(f"{type(ftype).__name__} is not a field type")


def schema(ftype: Any, game: Any) -> dict[str, Any]:
    """The JSON Schema of a value of the type ``ftype`` (``FieldType.schema``)."""
    return _words_of(_SCHEMA, ftype)(ftype, game)


def label(ftype: Any, code: Code) -> Message:
    """What a value of ``ftype`` is, in a few words: the "Value" column of a page (``FieldType.label``)."""
    return _words_of(_LABEL, ftype)(ftype, code)


def describe(ftype: Any, game: Any, lang: str) -> dict[str, Any]:
    """The browser form's JSON-able description of ``ftype``: its ``kind`` and its parameters."""
    return _words_of(_DESCRIBE, ftype)(ftype, game, lang)


def rows(ftype: Any) -> list[tuple[str, Any]]:
    """The fields nested in ``ftype`` that a page shows as rows of their own: (path suffix, field)."""
    return _words_of(_ROWS, ftype)(ftype)


# -- JSON Schema ---------------------------------------------------------------------------------------


def _integer_schema(ftype: Any, game: Any) -> dict[str, Any]:
    out: dict[str, Any] = {"type": "integer"}
    if ftype.minimum is not None:
        out["minimum"] = ftype.minimum
    if ftype.maximum is not None:
        out["maximum"] = ftype.maximum
    return out


def _cards_schema(ftype: Any, game: Any) -> dict[str, Any]:
    text: dict[str, Any] = {"type": "string"}
    items: dict[str, Any] = {"type": "array", "items": {"type": "string"}}
    if ftype.min_items:
        text["pattern"] = r"\S"
        items["minItems"] = ftype.min_items
    return {"anyOf": [items, text]}


def _list_schema(ftype: Any, game: Any) -> dict[str, Any]:
    out: dict[str, Any] = {"type": "array", "items": ftype.item.schema(game)}
    if ftype.min_items:
        out["minItems"] = ftype.min_items
    if ftype.max_items is not None:
        out["maxItems"] = ftype.max_items
    return out


def _per_player_schema(ftype: Any, game: Any) -> dict[str, Any]:
    counts = (2, 2) if ftype.sides else (min(game.player_counts), max(game.player_counts))
    return {
        "type": "object",
        "additionalProperties": ftype.value.schema(game),
        "minProperties": counts[0],
        "maxProperties": counts[1],
    }


def _other_players_schema(ftype: Any, game: Any) -> dict[str, Any]:
    return {
        "type": "object",
        "additionalProperties": ftype.value.schema(game),
        "minProperties": 1,
        "maxProperties": max(game.player_counts),
    }


def _players_schema(ftype: Any, game: Any) -> dict[str, Any]:
    return {
        "type": "array",
        "items": {"type": ["string", "integer"]},
        "minItems": min(game.player_counts),
        "maxItems": max(game.player_counts),
        "uniqueItems": True,
    }


def _options_schema(ftype: Any, game: Any) -> dict[str, Any]:
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


def _deals_schema(ftype: Any, game: Any) -> dict[str, Any]:
    out: dict[str, Any] = {"type": "array", "minItems": 1, "items": {"$ref": "#/$defs/deal"}}
    if game.record.max_deals is not None:
        out["maxItems"] = game.record.max_deals
    return out


_SCHEMA: dict[str, Callable[[Any, Any], dict[str, Any]]] = {
    "FieldType": lambda ftype, game: {},
    "Text": lambda ftype, game: {"type": "string"},
    "Integer": _integer_schema,
    "Boolean": lambda ftype, game: {"type": "boolean"},
    "PlayerName": lambda ftype, game: {"type": ["string", "integer"]},
    "Card": lambda ftype, game: {"type": "string", "pattern": r"\S"},
    "Cards": _cards_schema,
    "CardsAndWords": lambda ftype, game: {"type": "string", "pattern": r"\S"},
    "SuitType": lambda ftype, game: {
        "type": "string",
        "pattern": r"\S",
        "examples": ["♠", "♥", "♦", "♣"],
    },
    "RankType": lambda ftype, game: {"type": ["string", "integer"]},
    "ListOf": _list_schema,
    "OneOf": lambda ftype, game: {"anyOf": [ft.schema(game) for ft in ftype.types]},
    "Obj": lambda ftype, game: object_schema(ftype.fields, game, ftype.groups, ftype.min_fields),
    "PerPlayer": _per_player_schema,
    "OtherPlayers": _other_players_schema,
    "GameSlug": lambda ftype, game: {"const": game.slug},
    "Players": _players_schema,
    "Options": _options_schema,
    "Deals": _deals_schema,
}
"""Each type's JSON Schema, by the name of its class (:class:`~referee.records.field_types.Choice`
writes its own: a check reads a choice the way its schema accepts it)."""


def object_schema(
    fields: tuple[Any, ...] | list[Any],
    game: Any,
    groups: tuple[Any, ...] = (),
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
    conditional: dict[tuple[str, Any], list[Any]] = {}
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


def group_schema(group: Any) -> dict[str, Any]:
    """A group's rule over its fields: ``anyOf``/``oneOf`` over ``required``."""
    return {"anyOf" if group.rule == "any" else "oneOf": [{"required": [n]} for n in group.names]}


# -- labels --------------------------------------------------------------------------------------------


def _integer_label(ftype: Any, code: Code) -> Message:
    if ftype.minimum is not None and ftype.minimum == ftype.maximum:  # not "from 0 to 0" (RU2-063)
        return t("the number {value}", value=ftype.minimum)
    if ftype.minimum is not None and ftype.maximum is not None:
        return t(
            "a whole number from {minimum} to {maximum}",
            minimum=ftype.minimum,
            maximum=ftype.maximum,
        )
    if ftype.minimum is not None:
        return t("a whole number, at least {minimum}", minimum=ftype.minimum)
    return t("a whole number (zero or negative too)")


def _choice_label(ftype: Any, code: Code) -> Message:
    values = ", ".join(code(v) for v in ftype.values)
    if ftype.synonyms:
        return t(
            "one of {values} (also written {synonyms})",
            values=values,
            synonyms=", ".join(code(v) for v in ftype.synonyms),
        )
    return t("one of {values}", values=values)


def _list_label(ftype: Any, code: Code) -> Message:
    item = ftype.item.label(code)
    if ftype.max_items is not None and ftype.max_items == ftype.min_items:
        return t("a list of {n}; each: {item}", n=ftype.min_items, item=item)
    if ftype.min_items == 1:
        return t("a non-empty list; each: {item}", item=item)
    if ftype.min_items:
        return t("a list of at least {n}; each: {item}", n=ftype.min_items, item=item)
    return t("a list; each: {item}", item=item)


def _one_of_label(ftype: Any, code: Code) -> Message:
    out = ftype.types[0].label(code)
    for other in ftype.types[1:]:
        out = t("{first}; or {second}", first=out, second=other.label(code))
    return out


def _obj_label(ftype: Any, code: Code) -> Message:
    names = ", ".join(code(f.name) for f in ftype.fields)
    if ftype.groups:
        return t(
            "the fields {names} ({rule})",
            names=names,
            rule=[g.label(code) for g in ftype.groups],
        )
    return t("the fields {names}", names=names)


def _per_player_label(ftype: Any, code: Code) -> Message:
    if ftype.sides:
        return t("for each side: {value}", value=ftype.value.label(code))
    return t("for every player: {value}", value=ftype.value.label(code))


_LABEL: dict[str, Callable[[Any, Code], Message]] = {
    "FieldType": lambda ftype, code: t("anything"),
    "Text": lambda ftype, code: t("text"),
    "Integer": _integer_label,
    "Boolean": lambda ftype, code: t("{true} or {false}", true=code("true"), false=code("false")),
    "Choice": _choice_label,
    "PlayerName": lambda ftype, code: t("the name of a player at the table"),
    "Card": lambda ftype, code: t(
        "a card in the record's notation, such as {example}", example=code("10♥")
    ),
    "Cards": lambda ftype, code: t(
        "cards: a list, or one line separated by spaces (commas in German notation)"
    ),
    "CardsAndWords": lambda ftype, code: t(
        "a line of cards and the words {words}, separated by spaces (commas in German notation)",
        words=[code(w) for w in ftype.words],
    ),
    "SuitType": lambda ftype, code: t(
        "a suit: a sign ({signs}), or a letter or word in the record's notation",
        signs=" ".join(code(s) for s in "♠♥♦♣"),
    ),
    # The ten reads the same in every notation; a letter would be wrong for a reader of another one
    # (DE3-042: „etwa J“ in a German template).
    "RankType": lambda ftype, code: t(
        "a rank in the record's notation, such as {example}", example=code("10")
    ),
    "ListOf": _list_label,
    "OneOf": _one_of_label,
    "Obj": _obj_label,
    "PerPlayer": _per_player_label,
    "OtherPlayers": lambda ftype, code: t(
        "for every player but the one who went out: {value}", value=ftype.value.label(code)
    ),
    "GameSlug": lambda ftype, code: t("the game's identifier"),
    "Players": lambda ftype, code: t("a list of different names"),
    "Options": lambda ftype, code: t("a mapping of option names to values"),
    "Deals": lambda ftype, code: t(
        "a non-empty list of deals, each a summary or a full play (a full play has {key})",
        key=code(ftype.full_play_key),
    ),
}
"""Each type's label, by the name of its class."""


def group_label(group: Any, code: Code) -> Message:
    """A group's rule in words."""
    names = ", ".join(code(n) for n in group.names)
    if group.rule == "one":
        return t("exactly one of {names}", names=names)
    return t("at least one of {names}", names=names)


# -- the form's descriptions ---------------------------------------------------------------------------


def _options_description(ftype: Any, game: Any, lang: str) -> dict[str, Any]:
    return {
        "kind": ftype.kind,
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


_DESCRIBE: dict[str, Callable[[Any, Any, str], dict[str, Any]]] = {
    "FieldType": lambda ftype, game, lang: {"kind": ftype.kind},
    "Integer": lambda ftype, game, lang: {
        "kind": ftype.kind,
        "minimum": ftype.minimum,
        "maximum": ftype.maximum,
        "unit": ftype.unit,
    },
    "Choice": lambda ftype, game, lang: {
        "kind": ftype.kind,
        "values": list(ftype.values),
        "synonyms": list(ftype.synonyms),
        "ignore_case": ftype.ignore_case,
        "loose_separators": ftype.loose_separators,
        "labels": {v: render(m, lang) for v, m in ftype.labels.items()},
    },
    "Cards": lambda ftype, game, lang: {"kind": ftype.kind, "min_items": ftype.min_items},
    "ListOf": lambda ftype, game, lang: {
        "kind": ftype.kind,
        "item": ftype.item.describe(game, lang),
        "min_items": ftype.min_items,
        "max_items": ftype.max_items,
    },
    "OneOf": lambda ftype, game, lang: {
        "kind": ftype.kind,
        "types": [ft.describe(game, lang) for ft in ftype.types],
    },
    "Obj": lambda ftype, game, lang: {
        "kind": ftype.kind,
        "fields": [f.describe(game, lang) for f in ftype.fields],
        "groups": [{"names": list(g.names), "rule": g.rule} for g in ftype.groups],
        "min_fields": ftype.min_fields,
    },
    "PerPlayer": lambda ftype, game, lang: {
        "kind": "per_side" if ftype.sides else "per_player",
        "value": ftype.value.describe(game, lang),
    },
    "GameSlug": lambda ftype, game, lang: {"kind": ftype.kind, "value": game.slug},
    "Players": lambda ftype, game, lang: {"kind": ftype.kind, "counts": list(game.player_counts)},
    "Options": _options_description,
    "Deals": lambda ftype, game, lang: {
        "kind": ftype.kind,
        "max_items": game.record.max_deals,
        "full_play_key": ftype.full_play_key,
    },
}
"""Each type's description for the form, by the name of its class."""


# -- nested rows ---------------------------------------------------------------------------------------


def _obj_rows(ftype: Any) -> list[tuple[str, Any]]:
    out = []
    for f in ftype.fields:
        out.append(("." + f.name, f))
        out.extend(("." + f.name + suffix, sub) for suffix, sub in f.type.rows())
    return out


_ROWS: dict[str, Callable[[Any], list[tuple[str, Any]]]] = {
    "FieldType": lambda ftype: [],
    "ListOf": lambda ftype: [("[]" + suffix, f) for suffix, f in ftype.item.rows()],
    "OneOf": lambda ftype: [row for ft in ftype.types for row in ft.rows()],
    "Obj": _obj_rows,
    "PerPlayer": lambda ftype: [
        ((".<side>" if ftype.sides else ".<player>") + suffix, f)
        for suffix, f in ftype.value.rows()
    ],
}
"""Each type's nested rows, by the name of its class."""


# -- a field, a total ----------------------------------------------------------------------------------


def requirement(field: Any, code: Code) -> Message:
    """ "required", "optional" or "required unless …", in words (``Field.requirement``)."""
    if field.condition is not None:
        return field.condition
    if field.required and field.unless is not None:
        return t(
            "required, unless {field} is {value} (then left out)",
            field=code(field.unless[0]),
            value=code(show(field.unless[1])),
        )
    if field.required:
        return t("required")
    if field.unless is not None:
        return t(
            "optional; left out if {field} is {value}",
            field=code(field.unless[0]),
            value=code(show(field.unless[1])),
        )
    if field.default is not None:
        return t("optional; default {value}", value=code(show(field.default)))
    return t("optional")


def describe_field(field: Any, game: Any, lang: str) -> dict[str, Any]:
    """The field as the browser form reads it (``Field.describe``)."""
    return {
        "name": field.name,
        "type": field.type.describe(game, lang),
        "required": field.required,
        "unless": {"field": field.unless[0], "value": field.unless[1]} if field.unless else None,
        "mode": field.mode,
        "default": field.default,
        "help": render(field.hint if field.hint is not None else field.help, lang),
        "label": render(field.label, lang) if field.label is not None else None,
        "question": render(field.question, lang) if field.question is not None else None,
        "condition": render(field.condition, lang) if field.condition is not None else None,
        "requirement": render(requirement(field, _plain), lang),
        "total": describe_total(field.total, game.player_counts, lang) if field.total else None,
    }


def total_words(total: Any, count: int) -> Message:
    """The sum typed so far against the total ``count``, ``{entered}`` left for the form (``Total.words``)."""
    if total.unit == "cards":
        return tn(
            "{entered} of {total} card entered",
            "{entered} of {total} cards entered",
            count,
            total=count,
            entered=ENTERED,
        )
    return tn(
        "{entered} of {total} trick entered",
        "{entered} of {total} tricks entered",
        count,
        total=count,
        entered=ENTERED,
    )


def describe_total(total: Any, counts: tuple[int, ...], lang: str) -> dict[str, dict[str, Any]]:
    """For each number of players: the total and its words in ``lang`` (``Total.describe``)."""
    out = {}
    for n in counts:
        count = total.of(n)
        out[str(n)] = {"total": count, "words": render(total.words(count), lang)}
    return out
