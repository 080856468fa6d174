"""Comet in a worked example: who went out, where the 9♦ was, a full play's cards, and the cards left.

>>> from referee.games.comet import GAME
>>> deal = {"dealer": "Anna", "out": "Boris", "nine_of_diamonds": "played", "plays": "5♥ 6♥ pass"}
>>> [(str(label), str(value)) for label, value in example_lines(GAME, deal, "en")][1:3]
[('Went out', 'Boris'), ('9♦ at the end', 'played')]
>>> [str(v) for v in example_lines(GAME, deal, "en")[-1][1]]
['5♥', '6♥', 'passes']
"""

from __future__ import annotations

from typing import Any

from referee.games.comet import Comet, read_tokens
from referee.games.play.comet import Play
from referee.messages import Message, t


def example_lines(game: Comet, deal: dict[str, Any], notation: str) -> list[tuple[Message, Any]]:
    """The dealer, who went out and where the 9♦ was; a full play's cards in play order."""
    lines = game.example_lines(deal, notation)
    if deal.get("out") is not None:
        lines.append((t("Went out"), deal["out"]))
    if deal.get("nine_of_diamonds") is not None:
        nine = deal[
            "nine_of_diamonds"
        ]  # a player's name, or the record's word "played" (RU2-014, DE2-024)
        lines.append((t("9♦ at the end"), t("played") if str(nine) == "played" else nine))
    if deal.get("plays") is not None:
        moves = read_tokens(deal["plays"], notation)
        lines.append(
            (
                t("Cards in play order"),
                [m.card if isinstance(m, Play) else m.describe() for m in moves],
            )
        )
    return lines


def example_rows(
    game: Comet, deal: dict[str, Any], notation: str
) -> list[tuple[Message, dict[str, Any]]]:
    """Cards left per player, then the claim."""
    left = [(t("Cards left"), deal["left"])] if isinstance(deal.get("left"), dict) else []
    return left + game.example_rows(deal, notation)
