"""Words for a worked example's tables, by game, where they are more than a game module should hold.

A game's :meth:`~referee.engines.game.Game.example_lines` and ``example_rows`` give the one-line
facts and the per-player rows of a deal in a worked example (the page blocks print them). A module
here, named after a game, gives them instead: it reads the game's own record fields (it imports the
game, never the other way round), so that the game module holds its rules and not their display.

>>> sorted(EXAMPLES)
['comet', 'kings-corners', 'reunion', 'trump-seven']
"""

from __future__ import annotations

from importlib import import_module
from typing import Any

from referee.engines.game import Game
from referee.messages import Message

# slug → module in this package with ``example_lines(game, deal, notation)`` and ``example_rows(…)``
EXAMPLES: dict[str, str] = {"comet": "comet", "kings-corners": "kings_corners", "trump-seven": "trump_seven",
                            "reunion": "reunion"}


def example_lines(game: Game, deal: dict[str, Any], notation: str) -> list[tuple[Message, Any]]:
    """A deal's one-line facts in a worked example: label and value (:meth:`Game.example_lines`)."""
    module = EXAMPLES.get(game.slug)
    if module is None:
        return game.example_lines(deal, notation)
    return import_module(f"{__name__}.{module}").example_lines(game, deal, notation)  # type: ignore[no-any-return]


def example_rows(game: Game, deal: dict[str, Any], notation: str) -> list[tuple[Message, dict[str, Any]]]:
    """A deal's rows in a worked example: a label, and a value per player (:meth:`Game.example_rows`)."""
    module = EXAMPLES.get(game.slug)
    if module is None:
        return game.example_rows(deal, notation)
    return import_module(f"{__name__}.{module}").example_rows(game, deal, notation)  # type: ignore[no-any-return]
