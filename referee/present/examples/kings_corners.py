"""Kings Corners in a worked example: who went out, the side cards and the stock, and the cards left.

>>> from referee.games.kings_corners import GAME
>>> deal = {"dealer": "Anna", "out": ["Boris"], "left": {"Anna": {"kings": 1, "others": 2}, "Boris": 0}}
>>> [str(label) for label, _ in example_lines(GAME, deal, "en")]
['Dealer', 'Went out']
>>> label, shown = example_rows(GAME, deal, "en")[0]
>>> str(label), str(shown["Anna"]), shown["Boris"]
('Cards left', '1 king and 2 other cards', '—')
"""

from __future__ import annotations

from typing import Any

from referee.games.kings_corners import KingsCorners
from referee.messages import Message, t, tn
from referee.notation import parse_cards


def example_lines(
    game: KingsCorners, deal: dict[str, Any], notation: str
) -> list[tuple[Message, Any]]:
    """The dealer, who went out, and a full play's side cards and stock."""
    lines = game.example_lines(deal, notation)
    out = deal.get("out")
    if out:
        lines.append((t("Went out"), ", ".join(map(str, out)) if isinstance(out, list) else out))
    if deal.get("sides") is not None:
        lines.append((t("Sides N E S W"), parse_cards(deal["sides"], notation)))
    if deal.get("stock") is not None:
        lines.append((t("Stock, from the top"), parse_cards(deal["stock"], notation)))
    return lines


def example_rows(
    game: KingsCorners, deal: dict[str, Any], notation: str
) -> list[tuple[Message, dict[str, Any]]]:
    """Cards left per player (a summary: the cards, the counts, or a dash for a player out), then the claim."""
    rows: list[tuple[Message, dict[str, Any]]] = []
    if isinstance(deal.get("left"), dict):
        shown: dict[str, Any] = {}
        for name, held in deal["left"].items():
            if isinstance(held, dict):
                shown[name] = t(
                    "{kings} and {others}",
                    kings=tn("{n} king", "{n} kings", held.get("kings", 0)),
                    others=tn("{n} other card", "{n} other cards", held.get("others", 0)),
                )
            elif held in (0, None, "", []):
                shown[name] = "—"
            else:
                shown[name] = parse_cards(held, notation)
        rows.append((t("Cards left"), shown))
    return rows + game.example_rows(deal, notation)
