"""Yacht in a worked example: every player's bid, as a scoresheet shows it.

>>> from referee.games.yacht import GAME
>>> deal = {"dealer": "Anna", "bids": {"Anna": {"start": 0, "goal": 5}, "Boris": "Thirteen Under"}}
>>> [(str(label), {k: str(v) for k, v in shown.items()}) for label, shown in example_rows(GAME, deal, "en")]
[('Bid', {'Anna': 'start 0, goal 5', 'Boris': 'Thirteen Under'})]
"""

from __future__ import annotations

from typing import Any

from referee.games.deals.yacht import SPECIAL_BIDS
from referee.games.yacht import Yacht
from referee.messages import Message, t
from referee.records.field_types import chosen


def example_rows(
    game: Yacht, deal: dict[str, Any], notation: str
) -> list[tuple[Message, dict[str, Any]]]:
    """The bids, then the tricks and the claim."""
    rows = game.example_rows(deal, notation)
    bids = deal.get("bids")
    if isinstance(bids, dict):
        rows.insert(0, (t("Bid"), {str(name): bid_label(value) for name, value in bids.items()}))
    return rows


def bid_label(raw: Any) -> Any:
    """A record's bid as a worked example shows it: the numbers, or the special bid's name."""
    if isinstance(raw, dict):
        return t("start {start}, goal {goal}", start=raw.get("start"), goal=raw.get("goal"))
    kind = chosen(SPECIAL_BIDS, raw)
    return SPECIAL_BIDS.labels[kind] if kind is not None else str(raw)
