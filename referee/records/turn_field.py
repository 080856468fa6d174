"""The field that holds a full play's turns as a record writes them: a line a turn, one move or
several.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from referee.messages import Message
from referee.records.field_types import FieldType

NO_MOVE: frozenset[str] = frozenset({"", "-", "—", "–"})
"""What a record writes for a turn with no move."""


@dataclass(frozen=True)
class TurnLines(FieldType):
    """The moves of a full play as a record writes them: a non-empty list, a line a turn.

    With ``several`` a turn's line holds any number of moves (:meth:`moves` splits it) and may be headed
    by the mover's name (``Anna: 7♥ N; W>N``); otherwise each line is one move. ``words`` is the
    label's message id (marked with :func:`~referee.messages.N_` in the game), and ``localize_move``
    rewrites one move's text for a sample record in another language (its cards, say).

    >>> lines = TurnLines("a non-empty list; each: a move", lambda move, local: move.upper())
    >>> lines.schema(None)["items"]["type"], lines.localize(["7c build 0:1"], None)
    ('string', ['7C BUILD 0:1'])
    >>> named = TurnLines("a non-empty list; each: moves", lambda move, local: move.upper(), several=True)
    >>> named.localize(["7h n; -", None, "-"], None)
    ['7H N; -', None, '-']
    """

    words: str
    localize_move: Callable[[str, Any], str]
    several: bool = False

    @staticmethod
    def moves(line: Any) -> list[str]:
        """A line of several moves as its moves' texts: separated by ``;`` or a YAML list, ``-`` or nothing for none.

        >>> TurnLines.moves("7♥ N; W>N"), TurnLines.moves("-"), TurnLines.moves(None), TurnLines.moves(["K♦ NE", "—"])
        (['7♥ N', ' W>N'], [], [], ['K♦ NE'])
        """
        if line is None:
            return []
        items = line if isinstance(line, list) else str(line).split(";")
        return [str(item) for item in items if str(item).strip() not in NO_MOVE]

    def schema(self, game: Any) -> dict[str, Any]:
        if not self.several:
            return {"type": "array", "minItems": 1, "items": {"type": "string", "pattern": r"\S"}}
        line: dict[str, Any] = {
            "anyOf": [
                {"type": "string"},
                {"type": "array", "items": {"type": "string"}},
                {"type": "null"},
            ]
        }
        return {
            "type": "array",
            "minItems": 1,
            "items": {
                "anyOf": [
                    line,
                    {
                        "type": "object",
                        "additionalProperties": line,
                        "minProperties": 1,
                        "maxProperties": 1,
                    },
                ]
            },
        }

    def label(self, code: Any = None) -> Message:
        return Message(self.words)

    def localize(self, value: Any, local: Any) -> Any:
        """The turns with names and moves rewritten for a template in another language."""
        if not self.several:
            return [self.localize_move(str(line), local) for line in value]

        def line(text: Any) -> Any:
            if text is None:
                return text
            moves = []
            for token in text if isinstance(text, list) else str(text).split(";"):
                token = str(token).strip()
                moves.append(token if token in NO_MOVE else self.localize_move(token, local))
            return "; ".join(moves) or "-"

        return [
            {local.name(k): line(v) for k, v in item.items()}
            if isinstance(item, dict)
            else line(item)
            for item in value
        ]
