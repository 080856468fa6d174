"""What a game's record declaration becomes: its JSON Schema, the record table of its page, the form's description.

:func:`json_schema` is ``./run schema GAME``; :func:`doc_rows` fills the record reference on a game's
page (rendered by :mod:`referee.present.blocks`); :func:`describe` is what the browser form is built
from: per game, the record's fields and each kind of deal's fields, in order, each ``{name, type,
required, unless, condition, mode, default, help, requirement}`` with help texts in the page's
language, and ``type`` a ``{kind, ...}`` tree (``integer``, ``text``, ``boolean``, ``choice``,
``player``, ``card``, ``cards``, ``suit``, ``rank``, ``list``, ``one_of``, ``object``,
``per_player``, ``per_side``, ``game``, ``players``, ``options``, ``deals``, ``any``). A deal with
the record's full-play key is a full play. ``samples`` names a worked example per kind of deal
(``examples/<name>.yaml``) that can fill a new form. Standard library only: this runs in the
browser too.

>>> from referee.games import get_game
>>> schema = json_schema(get_game("catch-the-ten"))
>>> schema["properties"]["players"]["minItems"], schema["properties"]["players"]["maxItems"]
(2, 6)
>>> sorted(schema["properties"]["options"]["anyOf"][0]["properties"])   # or null: left out
['must_trump_when_void', 'partnerships', 'revoke_penalty', 'tie_break']
>>> form = describe(get_game("reunion"), "ru")
>>> [f["name"] for f in form["deals"]["summary"]["fields"]][:3], form["max_deals"]
(['dealer', 'trump', 'turned'], 3)
>>> form["deals"]["summary"]["fields"][0]["type"], form["deals"]["summary"]["groups"]
({'kind': 'player'}, [{'names': ['trump', 'turned'], 'rule': 'any'}])
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from referee.messages import N_, render, t
from referee.records.field_docs import object_schema
from referee.records.field_types import (
    MODES,
    SCHEMA_DIALECT,
    Code,
    Field,
    Game,
    backticks,
)
from referee.records.fields import spec_of


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
