"""Catch the Ten in a worked example: the cards and the trump honours each player took.

>>> from referee.games.catch_the_ten import GAME
>>> deal = {"dealer": "Anna", "taken": {"Anna": {"cards": 12, "honours": ["J", "10"]}, "Boris": {"cards": 6}}}
>>> [(str(label), shown) for label, shown in example_rows(GAME, deal, "en")][0]
('Cards taken', {'Anna': 12, 'Boris': 6})
>>> [str(rank) for rank in example_rows(GAME, deal, "en")[1][1]["Anna"]], example_rows(GAME, deal, "en")[1][1]["Boris"]
(['J', '10'], '—')
"""

from __future__ import annotations

from typing import Any

from referee.games.catch_the_ten import CatchTheTen
from referee.messages import Message, t
from referee.notation import parse_rank


def example_rows(
    game: CatchTheTen, deal: dict[str, Any], notation: str
) -> list[tuple[Message, dict[str, Any]]]:
    """Cards and honours taken per player, then the claim."""
    taken = deal.get("taken")
    if not isinstance(taken, dict):
        return game.example_rows(deal, notation)
    honours = {
        name: [parse_rank(h, notation) for h in v.get("honours") or []] or "—"
        for name, v in taken.items()
    }
    return [
        (t("Cards taken"), {name: v["cards"] for name, v in taken.items()}),
        (t("Honours taken"), honours),
        *game.example_rows(deal, notation),
    ]
