"""The games the referee knows, by slug.

A game's module is imported the first time the game is looked up, so that checking one record
loads one game (the command line starts quicker).

>>> sorted(GAMES)  # doctest: +NORMALIZE_WHITESPACE
['buy-or-pass', 'catch-the-ten', 'collector', 'comet', 'construction', 'kings-corners', 'korol',
 'minnesota-whist', 'red-and-black', 'reunion', 'stealing-bundles', 'trump-seven', 'yacht']
>>> get_game("catch-the-ten").name("ru")
'Шотландский вист (Поймай десятку)'
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from importlib import import_module
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from referee.engines.game import Game

# slug → module in this package that defines ``GAME``; the order is the order games are listed in.
MODULES: dict[str, str] = {
    "minnesota-whist": "minnesota_whist",
    "catch-the-ten": "catch_the_ten",
    "yacht": "yacht",
    "trump-seven": "trump_seven",
    "reunion": "reunion",
    "comet": "comet",
    "red-and-black": "red_and_black",
    "stealing-bundles": "stealing_bundles",
    "collector": "collector",
    "kings-corners": "kings_corners",
    "construction": "construction",
    "korol": "korol",
    "buy-or-pass": "buy_or_pass",
}


class _Registry(Mapping[str, "Game"]):
    """A read-only mapping from slug to game that imports each game's module on first use."""

    def __init__(self, modules: dict[str, str]):
        self._modules = modules
        self._loaded: dict[str, Game] = {}

    def __getitem__(self, slug: str) -> Game:
        game = self._loaded.get(slug)
        if game is None:
            game = import_module(f"{__name__}.{self._modules[slug]}").GAME
            self._loaded[slug] = game
        return game

    def __contains__(self, slug: object) -> bool:
        return slug in self._modules

    def __iter__(self) -> Iterator[str]:
        return iter(self._modules)

    def __len__(self) -> int:
        return len(self._modules)


GAMES: Mapping[str, Game] = _Registry(MODULES)


def get_game(slug: str) -> Game:
    """The game with this slug; KeyError if there is none."""
    return GAMES[slug]
