"""Words for a worked example's tables, by game, where they are more than a game module should hold.

A game's :meth:`~referee.engines.game.Game.example_lines` and ``example_rows`` give the one-line
facts and the per-player rows of a deal in a worked example (the page blocks print them). A module
here, named after a game, gives them instead: it reads the game's own record fields (it imports the
game, never the other way round), so that the game module holds its rules and not their display.

>>> sorted(EXAMPLES)
['catch-the-ten', 'comet', 'kings-corners', 'minnesota-whist', 'reunion', 'trump-seven', 'yacht']
"""

from __future__ import annotations

from collections.abc import Callable
from importlib import import_module
from typing import Any

from referee.engines.game import Game
from referee.messages import Message

# slug → module in this package with ``example_rows(game, deal, notation)``, ``example_lines(…)`` or both:
# what the game's own rows or one-line facts do not say well enough
EXAMPLES: dict[str, str] = {
    "catch-the-ten": "catch_the_ten",
    "comet": "comet",
    "kings-corners": "kings_corners",
    "minnesota-whist": "minnesota_whist",
    "reunion": "reunion",
    "trump-seven": "trump_seven",
    "yacht": "yacht",
}


def _shown_by(game: Game, name: str) -> Callable[..., Any] | None:
    """The function ``name`` of the module here for ``game``, if there is one and it has it."""
    module = EXAMPLES.get(game.slug)
    return (
        getattr(import_module(f"{__name__}.{module}"), name, None) if module is not None else None
    )


def _shown(game: Game, name: str, deal: dict[str, Any], notation: str) -> Any:
    """What the module here for ``game`` gives as ``name`` for ``deal``, or else the game's own method."""
    shown = _shown_by(game, name)
    if shown is None:
        return getattr(game, name)(deal, notation)
    return shown(game, deal, notation)


def example_lines(game: Game, deal: dict[str, Any], notation: str) -> list[tuple[Message, Any]]:
    """A deal's one-line facts in a worked example: label and value (:meth:`Game.example_lines`)."""
    return _shown(game, "example_lines", deal, notation)  # type: ignore[no-any-return]


def example_rows(
    game: Game, deal: dict[str, Any], notation: str
) -> list[tuple[Message, dict[str, Any]]]:
    """A deal's rows in a worked example: a label, and a value per player (:meth:`Game.example_rows`)."""
    return _shown(game, "example_rows", deal, notation)  # type: ignore[no-any-return]
