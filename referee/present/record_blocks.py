"""The record's documentation on a game's page: the fields a record holds, in tables by part (the
record, a deal's summary, a full play), and the JSON Schemas to download.
"""

from __future__ import annotations

from typing import Any

from referee.games import GAMES
from referee.messages import N_, render, t
from referee.present.block_parts import (
    BlockError,
    _escape,
    _game,
    _label,
    _table,
    colour_outside_code,
)
from referee.records import fields as records
from referee.records import schema as record_schema
from referee.records.field_types import MODES

# A game's record fields, folded in its Record section (issue 26: the reference lives with each game).
_L_FIELDS = N_("Every field of a record of this game")
_L_FIELDS_RECORD = N_("The record")
_L_FIELDS_SUMMARY = N_("A deal written as a summary")
_L_FIELDS_FULL = N_("A deal written card by card")


def record_block(params: dict[str, Any], lang: str) -> str:
    """The record fields, from the declarations (:mod:`referee.records.fields`), as tables in ``lang``.

    ``part: common`` the top-level fields every record has; ``part: deal`` the fields most games'
    deals share; ``game: <slug>`` with ``part: record`` that game's own top-level fields, or with
    ``deals: summary|full`` the fields of its deals (the shared ones are left to ``part: deal``);
    ``part: schemas`` every game's JSON Schema and the line that points an editor at it.
    """
    header = [
        _label(record_schema.L_FIELD, lang),
        _label(record_schema.L_VALUE, lang),
        _label(record_schema.L_HELP, lang),
    ]
    part = params.get("part")
    if part == "schemas":
        return schemas_block(str(params.get("site_url") or "/"), lang)
    if part == "common":
        fields = list(records.COMMON)
    elif part == "deal":
        fields = list(records.SHARED_DEAL_FIELDS)
    else:
        game = _game(params)
        spec = records.spec_of(game)
        if part == "record":
            fields = [f for f in spec.record_fields() if f not in records.COMMON]
        elif params.get("deals") in MODES:
            fields = [
                f for f in spec.deal_fields(params["deals"]) if f not in records.SHARED_DEAL_FIELDS
            ]
        else:
            raise BlockError(
                "referee-record needs part: common, deal, record or schemas, or deals: summary or full"
            )
    rows = [
        [path, _escape(value), _escape(help_text)]
        for path, value, help_text in record_schema.doc_rows(fields, lang)
    ]
    out = _table(header, [[colour_outside_code(cell) for cell in row] for row in rows])
    if part is None:
        for group in records.spec_of(_game(params)).groups(params["deals"]):
            rule = t("A deal of this kind needs {rule}.", rule=group.label())
            out += "\n\n" + colour_outside_code(render(rule, lang))
    return out


def fields_block(params: dict[str, Any], lang: str) -> str:
    """A game's own record fields, folded: its top-level fields, then each kind of deal it knows.

    The fields every record shares are on the record reference page; these are the game's own, shown
    in its Record section (site_tools/hooks/reading.py puts the fold there).

    >>> out = fields_block({"game": "yacht"}, "de")
    >>> out.startswith("/// details | ") and "`bids`" in out and "id: record-fields" in out
    True
    """
    game = _game(params)
    spec = records.spec_of(game)
    parts = []
    own = [f for f in spec.record_fields() if f not in records.COMMON]
    if own:
        parts += [
            f"**{_label(_L_FIELDS_RECORD, lang)}**",
            record_block({"game": game.slug, "part": "record"}, lang),
        ]
    for mode, label in (("summary", _L_FIELDS_SUMMARY), ("full", _L_FIELDS_FULL)):
        if spec.has_mode(mode):
            parts += [
                f"**{_label(label, lang)}**",
                record_block({"game": game.slug, "deals": mode}, lang),
            ]
    body = "\n\n".join(parts)
    return (
        f"/// details | {_label(_L_FIELDS, lang)}\n    attrs: {{class: record-fields, id: record-fields}}\n\n"
        f"{body}\n\n///"
    )


def schemas_block(site_url: str, lang: str) -> str:
    """Every game's JSON Schema: its address and the comment line that points a YAML language server at it."""
    base = site_url if site_url.endswith("/") else site_url + "/"
    rows = [
        [game.name(lang), f"`# yaml-language-server: $schema={base}{schema_path(game.slug)}`"]
        for game in GAMES.values()
    ]
    return _table([render(t("Game"), lang), render(t("First line of the record"), lang)], rows)


def schema_path(slug: str) -> str:
    """Where the site publishes a game's JSON Schema, relative to the site's root."""
    return f"schemas/{slug}.json"
