"""Random legal deals of Catch the Ten.

>>> import random
>>> deal = catch_the_ten_deal(random.Random(1), ["A", "B", "C", "D"], dealer=3)
>>> sorted(deal), len(deal["tricks"]), len(deal["tricks"][0].split())
(['dealer', 'hands', 'set_aside', 'tricks'], 9, 4)
"""

from __future__ import annotations

import random
from typing import Any

from referee.cards import Card
from referee.engines.tricks import TrickPlay
from referee.games import catch_the_ten as ctt
from referee.simulate.play import deal_one_by_one, random_play, shuffled, write_cards


def catch_the_ten_play(
    rng: random.Random,
    n: int,
    dealer: int,
    must_trump: bool = True,
) -> tuple[list[list[Card]], list[Card], TrickPlay]:
    """Shuffle, deal and play one random legal Catch the Ten deal: (hands as dealt, set aside, play)."""
    size = ctt.HAND_SIZES[n]
    cards = shuffled(ctt.DECK, rng)
    hands = deal_one_by_one(cards, n, dealer, size * n)
    aside = cards[size * n :]
    trump = hands[dealer][-1].suit
    return hands, aside, random_play(ctt.RULES[must_trump], hands, (dealer + 1) % n, trump, rng)


def catch_the_ten_deal(
    rng: random.Random,
    players: list[str],
    dealer: int,
    must_trump: bool = True,
    notation: str = "en",
) -> dict[str, Any]:
    """One random legal Catch the Ten deal as full-play record data."""
    hands, aside, play = catch_the_ten_play(rng, len(players), dealer, must_trump)
    return {
        "dealer": players[dealer],
        "hands": {p: write_cards(h, notation) for p, h in zip(players, hands, strict=True)},
        "set_aside": write_cards(aside, notation),
        "tricks": [write_cards(tr.cards, notation) for tr in play.tricks],
    }
