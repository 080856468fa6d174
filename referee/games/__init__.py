"""The games the referee knows, by slug.

>>> sorted(GAMES)[:5]
['buy-or-pass', 'catch-the-ten', 'comet', 'korol', 'minnesota-whist']
>>> sorted(GAMES)[5:]
['red-and-black', 'reunion', 'trump-seven', 'yacht']
>>> get_game("catch-the-ten").name("ru")
'Шотландский вист (Поймай десятку)'
"""

from __future__ import annotations

from referee.game import Game
from referee.games import (
    buy_or_pass,
    catch_the_ten,
    comet,
    korol,
    minnesota_whist,
    red_and_black,
    reunion,
    trump_seven,
    yacht,
)

GAMES: dict[str, Game] = {g.slug: g for g in (minnesota_whist.GAME, catch_the_ten.GAME, yacht.GAME, trump_seven.GAME,
                                              reunion.GAME)}
GAMES[comet.GAME.slug] = comet.GAME
GAMES[red_and_black.GAME.slug] = red_and_black.GAME
GAMES[korol.GAME.slug] = korol.GAME
GAMES[buy_or_pass.GAME.slug] = buy_or_pass.GAME


def get_game(slug: str) -> Game:
    """The game with this slug; KeyError if there is none."""
    return GAMES[slug]
