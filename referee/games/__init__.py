"""The games the referee knows, by slug.

>>> sorted(GAMES)
['catch-the-ten', 'construction', 'kings-corners', 'minnesota-whist', 'reunion', 'trump-seven', 'yacht']
>>> get_game("catch-the-ten").name("ru")
'Шотландский вист (Поймай десятку)'
"""

from __future__ import annotations

from referee.game import Game
from referee.games import catch_the_ten, construction, kings_corners, minnesota_whist, reunion, trump_seven, yacht

GAMES: dict[str, Game] = {g.slug: g for g in (minnesota_whist.GAME, catch_the_ten.GAME, yacht.GAME, trump_seven.GAME,
                                              reunion.GAME, kings_corners.GAME,
                                              construction.GAME)}


def get_game(slug: str) -> Game:
    """The game with this slug; KeyError if there is none."""
    return GAMES[slug]
