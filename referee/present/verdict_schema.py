"""The JSON Schema of what ``referee check --json`` prints (``referee schema --verdict``).

Two shapes share one schema: a verdict (``usable: true``: deals, totals, winner, findings) and a
record that cannot be used (``usable: false``: errors). A finding and an error have the same
shape (:data:`ITEM`): ``code``, ``severity``, ``rule`` (the rule id of the game's page, or null),
``path`` and ``line`` in the record (null when unknown), the localized ``message``, and ``where``
(the same place with the deal, trick and seat where known). A claim that disagrees is a finding
too (code ``deal.claim``, the rule that says what a deal scores), with the ``written`` and the
``computed`` values; the deal's ``claim_agrees`` stays beside it. A game's own claim findings (a
loser, a winner) carry ``written`` and ``computed`` too.

>>> schema = verdict_schema()
>>> sorted(schema["$defs"]["item"]["required"])
['code', 'line', 'message', 'path', 'rule', 'severity']
"""

from __future__ import annotations

from typing import Any

_NULLABLE_TEXT = {"type": ["string", "null"]}
_SCORES = {"type": "object", "additionalProperties": {"type": "integer"}}
_CLAIMED = {"type": ["object", "array", "string", "null"]}
"""What a disagreeing claim wrote and what the rules give: scores, a loser or losers, a winner."""

ITEM: dict[str, Any] = {
    "type": "object",
    "required": ["code", "severity", "rule", "path", "line", "message"],
    "additionalProperties": False,
    "properties": {
        "code": {"type": "string", "pattern": r"^[a-z_]+(\.[a-z_0-9]+)*$"},
        "severity": {"enum": ["error", "warning", "info"]},
        "rule": {"type": ["string", "null"], "pattern": r"^[A-Z][A-Za-z0-9]*-[A-Z]+[0-9]+$"},
        "path": _NULLABLE_TEXT,
        "line": {"type": ["integer", "null"], "minimum": 1},
        "message": {"type": "string", "minLength": 1},
        "where": {
            "type": "object",
            "additionalProperties": False,
            "properties": {
                "path": {"type": "string"},
                "line": {"type": "integer", "minimum": 1},
                "deal": {"type": "integer", "minimum": 1},
                "trick": {"type": "integer", "minimum": 1},
                "seat": {"type": "string"},
            },
        },
        "written": _CLAIMED,
        "computed": _CLAIMED,
    },
}

_DEAL = {
    "type": "object",
    "required": ["deal", "mode", "scores", "totals", "explanation", "steps"],
    "additionalProperties": False,
    "properties": {
        "deal": {"type": "integer", "minimum": 1},
        "mode": {"type": "string"},
        "scores": _SCORES,
        "claim": _SCORES,
        "claim_agrees": {"type": "boolean"},
        "claim_compared_with": _SCORES,
        "totals": _SCORES,
        "explanation": {"type": "array", "items": {"type": "string"}},
        "steps": {
            "type": "array",
            "items": {
                "type": "object",
                "required": ["id", "params"],
                "additionalProperties": False,
                "properties": {"id": {"type": "string"}, "params": {"type": "object"}},
            },
        },
    },
}

_VERDICT = {
    "type": "object",
    "required": [
        "game",
        "valid",
        "usable",
        "options",
        "deals",
        "totals",
        "winner",
        "termination",
        "findings",
    ],
    "additionalProperties": False,
    "properties": {
        "game": {"type": "string"},
        "valid": {"type": "boolean"},
        "usable": {"const": True},
        "options": {"type": "object"},
        "deals": {"type": "array", "items": {"$ref": "#/$defs/deal"}},
        "totals": _SCORES,
        "winner": _NULLABLE_TEXT,
        "termination": {
            "type": "object",
            "required": ["code", "message"],
            "additionalProperties": False,
            "properties": {"code": {"type": "string"}, "message": {"type": "string"}},
        },
        "findings": {"type": "array", "items": {"$ref": "#/$defs/item"}},
    },
}

_UNUSABLE = {
    "type": "object",
    "required": ["valid", "usable", "errors"],
    "additionalProperties": False,
    "properties": {
        "valid": {"const": False},
        "usable": {"const": False},
        "errors": {"type": "array", "minItems": 1, "items": {"$ref": "#/$defs/item"}},
    },
}


def verdict_schema(url: str | None = None) -> dict[str, Any]:
    """The JSON Schema (draft 2020-12) of ``referee check --json``'s one object."""
    schema: dict[str, Any] = {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "title": "referee check --json",
        "description": "A verdict (usable: true) or the reasons a record cannot be used (usable: false).",
        "oneOf": [{"$ref": "#/$defs/verdict"}, {"$ref": "#/$defs/unusable"}],
        "$defs": {"item": ITEM, "deal": _DEAL, "verdict": _VERDICT, "unusable": _UNUSABLE},
    }
    if url:
        schema["$id"] = url
    return schema
