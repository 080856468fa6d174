#!/usr/bin/env python3
"""A naive pure-Python trick-taking loop: the yardstick the benchmark measures the referee against.

Written the way a first, readable version is written and deliberately not tuned: cards are named
tuples compared by value (``hand.remove(card)``), legal plays are list comprehensions over the hand,
the winner is found by comparing each card with the best so far. One deal: shuffle a pack of
``low`` to ace (36 cards from the six, 52 from the two, 32 from the seven), deal it out evenly, the
last card dealt makes trumps, and play every card at random among the legal ones: follow suit; when
void, trump if able; the highest trump wins, else the highest card of the suit led; the winner
leads next. Then count tricks and card points (A 11, 10 10, K 4, Q 3, J 2) per seat.

>>> import random
>>> tricks, points = naive_deal(random.Random(1), players=4, low=6)
>>> sum(tricks), sum(points)
(9, 120)
>>> sum(naive_deal(random.Random(2), players=3, low=2)[0])
17
"""

from __future__ import annotations

import random
from typing import NamedTuple


class Card(NamedTuple):
    """A card: rank 2..14 (ace high) and suit letter."""

    rank: int
    suit: str


SUITS = "CDHS"
POINTS = {14: 11, 10: 10, 13: 4, 12: 3, 11: 2}


def naive_deal(rng: random.Random, players: int, low: int) -> tuple[list[int], list[int]]:
    """Shuffle, deal, play one random legal deal; tricks and card points per seat."""
    pack = [Card(rank, suit) for suit in SUITS for rank in range(low, 15)]
    rng.shuffle(pack)
    size = len(pack) // players
    hands = [pack[i * size : (i + 1) * size] for i in range(players)]
    trump = hands[-1][-1].suit
    leader = 0
    tricks = [0] * players
    points = [0] * players
    for _ in range(size):
        trick: list[Card] = []
        led = None
        for k in range(players):
            hand = hands[(leader + k) % players]
            if led is None:
                legal = hand
            else:
                legal = (
                    [c for c in hand if c.suit == led]
                    or [c for c in hand if c.suit == trump]
                    or hand
                )
            card = legal[int(rng.random() * len(legal))]
            hand.remove(card)
            trick.append(card)
            if led is None:
                led = card.suit
        best = 0
        for k in range(1, players):
            card, top = trick[k], trick[best]
            if (card.suit == top.suit and card.rank > top.rank) or (
                card.suit == trump and top.suit != trump
            ):
                best = k
        winner = (leader + best) % players
        tricks[winner] += 1
        points[winner] += sum(POINTS.get(card.rank, 0) for card in trick)
        leader = winner
    return tricks, points


if __name__ == "__main__":
    import timeit

    rng = random.Random(2026)
    n = 2000
    seconds = min(timeit.repeat(lambda: naive_deal(rng, 4, 6), number=n, repeat=5))
    print(f"naive loop, 4 players, 36 cards: {n / seconds:,.0f} deals/s")
