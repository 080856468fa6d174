"""Random games of Red and Black: shuffle, take the first red and the first black card for the pile.

>>> import random
>>> game = red_and_black_deal(random.Random(1), ["A", "B", "C"], dealer=2)
>>> sorted(game), len(game["stock"].split())
(['dealer', 'start', 'stock'], 50)
>>> red_and_black_play(random.Random(1), 3).is_over()
True
"""

from __future__ import annotations

import random
from typing import Any

from referee.cards import Card
from referee.engines.turns import random_playout
from referee.games import red_and_black as rb
from referee.records.hands import DECK
from referee.simulate.play import shuffled, write_cards

IS_RED = {c: c.suit.is_red for c in DECK if c.suit is not None}
"""Each suit card's colour, looked up (random games are a benchmark's hot loop)."""


def shuffled_stock(rng: random.Random) -> tuple[Card, Card, list[Card]]:
    """A shuffled pack split as the dealer does: the black starting card, the red one, the stock (top first)."""
    cards = shuffled(DECK, rng)
    black = next(c for c in cards if IS_RED.get(c) is False)
    red = next(c for c in cards if IS_RED.get(c))
    cards.remove(black)
    cards.remove(red)
    return black, red, cards


def red_and_black_play(rng: random.Random, n: int, ties: str = "all_lose") -> rb.RedBlackGame:
    """One random game played to the end (seat 0 is the dealer's left)."""
    _, _, stock = shuffled_stock(rng)
    game = rb.RedBlackGame([str(k) for k in range(n)], list(map(IS_RED.get, stock)), stock, ties)
    return random_playout(game, rng)  # type: ignore[return-value]


def red_and_black_deal(
    rng: random.Random,
    players: list[str],
    dealer: int,
    notation: str = "en",
) -> dict[str, Any]:
    """One random game as full-play record data: the dealer, the starting cards and the stock."""
    black, red, stock = shuffled_stock(rng)
    return {
        "dealer": players[dealer],
        "start": {"black": write_cards([black], notation), "red": write_cards([red], notation)},
        "stock": write_cards(stock, notation),
    }
