"""Réunion in a worked example: the card points (or counting cards) and tricks each player took, then the claim.

>>> from referee.games.reunion import GAME
>>> deal = {"taken": {"Anna": {"points": 80, "tricks": 5}, "Boris": {"cards": "AS 10S", "tricks": 5}}}
>>> [(str(label), {p: str(v) for p, v in row.items()}) for label, row in example_rows(GAME, deal, "en")][1]
('Tricks', {'Anna': '5', 'Boris': '5'})
"""

from __future__ import annotations

from typing import Any

from referee.games.reunion import Reunion
from referee.messages import Message, t
from referee.notation import parse_cards


def example_rows(
    game: Reunion, deal: dict[str, Any], notation: str
) -> list[tuple[Message, dict[str, Any]]]:
    """Card points (or counting cards) and tricks per player, then the claim."""
    rows: list[tuple[Message, dict[str, Any]]] = []
    taken = deal.get("taken")
    if isinstance(taken, dict):
        points = {
            name: parse_cards(v["cards"], notation) if "cards" in v else v["points"]
            for name, v in taken.items()
        }
        rows.append((t("Card points or counting cards taken"), points))
        rows.append((t("Tricks"), {name: v["tricks"] for name, v in taken.items()}))
    return rows + game.example_rows(deal, notation)
