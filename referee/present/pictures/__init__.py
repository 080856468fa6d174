"""Pictures of a worked example's table, by game: the ```` ```referee-picture ```` blocks draw these.

Each module draws one game from that game's own board model (it imports the game, never the
other way round), so a game module holds only its rules.

>>> sorted(PICTURES)
['construction', 'kings-corners']
"""

from __future__ import annotations

from collections.abc import Callable
from importlib import import_module
from typing import Any

# slug → module in this package whose ``picture(data, params, lang)`` returns an SVG
PICTURES: dict[str, str] = {"construction": "construction", "kings-corners": "kings_corners"}


def drawer(slug: str) -> Callable[[dict[str, Any], dict[str, Any], str], str] | None:
    """The function that draws pictures of this game, or None if the game has none."""
    module = PICTURES.get(slug)
    return None if module is None else import_module(f"{__name__}.{module}").picture
