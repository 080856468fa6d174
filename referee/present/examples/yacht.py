"""Yacht in a worked example: every player's bid, as a scoresheet shows it.

>>> from referee.games.yacht import GAME
>>> deal = {"dealer": "Anna", "bids": {"Anna": {"start": 0, "goal": 5}, "Boris": "Thirteen Under"}}
>>> [(str(label), {k: str(v) for k, v in shown.items()}) for label, shown in example_rows(GAME, deal, "en")]
[('Bid', {'Anna': 'start 0, goal 5', 'Boris': 'Thirteen Under'})]
"""

from __future__ import annotations

from typing import Any

from referee.games.yacht import LUCKY, SPECIAL_BIDS, THIRTEEN_UNDER, Yacht
from referee.messages import Message, t
from referee.records.fields import chosen


def example_lines(game: Yacht, deal: dict[str, Any], notation: str) -> list[tuple[Message, Any]]:
    """The game's own lines: the dealer, the card drawn for trumps and the cards removed."""
    return game.example_lines(deal, notation)


def example_rows(game: Yacht, deal: dict[str, Any], notation: str) -> list[tuple[Message, dict[str, Any]]]:
    """The bids, then the tricks and the claim."""
    rows: list[tuple[Message, dict[str, Any]]] = []
    bids = deal.get("bids")
    if isinstance(bids, dict):
        rows.append((t("Bid"), {str(name): bid_label(value) for name, value in bids.items()}))
    return rows + game.example_rows(deal, notation)


def bid_label(raw: Any) -> Any:
    """A record's bid as a worked example shows it."""
    if isinstance(raw, dict):
        return t("start {start}, goal {goal}", start=raw.get("start"), goal=raw.get("goal"))
    kind = chosen(SPECIAL_BIDS, raw)
    if kind == THIRTEEN_UNDER:
        return t("Thirteen Under")
    if kind == LUCKY:
        return t("Lucky Thirteen Under")
    return str(raw)
