"""Minnesota Whist in a worked example: ``grand: nobody`` (a low hand) said in the reader's words.

>>> from referee.games.minnesota_whist import GAME
>>> from referee.messages import render
>>> [(render(label, "ru"), render(value, "ru")) for label, value in example_lines(GAME, {"grand": "nobody"}, "en")]
[('Гранд', 'Никто')]
"""

from __future__ import annotations

from typing import Any

from referee.games.minnesota_whist import NOBODY, NOBODY_WORDS, MinnesotaWhist
from referee.messages import Message


def example_lines(
    game: MinnesotaWhist, deal: dict[str, Any], notation: str
) -> list[tuple[Message, Any]]:
    """The game's one-line facts, the word for nobody as the form's "No one" in the reader's language."""
    if str(deal.get("grand", "")).strip().casefold() in NOBODY_WORDS:
        deal = {**deal, "grand": NOBODY.labels["nobody"]}
    return game.example_lines(deal, notation)
