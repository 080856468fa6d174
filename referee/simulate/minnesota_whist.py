"""Random legal hands of Minnesota Whist.

>>> import random
>>> deal = minnesota_whist_deal(random.Random(1), ["A", "B", "C", "D"], dealer=0)
>>> len(deal["tricks"]), 1 <= len(deal["bids"]) <= 4
(13, True)
"""

from __future__ import annotations

import random
from typing import Any

from referee.cards import Card, deck
from referee.engines.shuffling import shuffle
from referee.engines.tricks import TrickPlay
from referee.games import minnesota_whist as mw
from referee.simulate.play import deal_one_by_one, random_play, write_cards


def minnesota_whist_play(
    rng: random.Random,
    dealer: int,
    grand_chance: float = 0.5,
) -> tuple[list[list[Card]], list[Card], TrickPlay]:
    """Shuffle, deal, bid and play one random legal Minnesota Whist hand: (hands, bid cards, play)."""
    cards = deck()
    shuffle(cards, rng)
    hands = deal_one_by_one(cards, 4, dealer)
    bids: list[Card] = []
    granding: int | None = None
    for k in range(4):
        seat = (dealer + 1 + k) % 4
        black = [c for c in hands[seat] if not c.suit.is_red]
        red = [c for c in hands[seat] if c.suit.is_red]
        wants_grand = bool(black) and (not red or rng.random() < grand_chance)
        card = min(black if wants_grand else red, key=lambda c: c.rank)
        bids.append(card)
        if wants_grand:
            granding = seat
            break
    leader = (granding - 1) % 4 if granding is not None else (dealer + 1) % 4
    return hands, bids, random_play(mw.RULES, hands, leader, None, rng)  # the play copies the hands


def minnesota_whist_deal(
    rng: random.Random,
    players: list[str],
    dealer: int,
    grand_chance: float = 0.5,
    notation: str = "en",
) -> dict[str, Any]:
    """One random legal Minnesota Whist deal as full-play record data."""
    hands, bids, play = minnesota_whist_play(rng, dealer, grand_chance)
    return {
        "dealer": players[dealer],
        "hands": {p: write_cards(h, notation) for p, h in zip(players, hands, strict=True)},
        "bids": write_cards(bids, notation),
        "tricks": [write_cards(tr.cards, notation) for tr in play.tricks],
    }


HIGH_CARD_POINTS = {14: 4, 13: 3, 12: 2, 11: 1}
"""Ace 4, king 3, queen 2, jack 1: the usual count of a whist hand's strength."""
GRAND_STRENGTH = 13
"""The high-card points from which a computer player bids grand (an average hand holds 10)."""


def wants_grand(hand: list[Card]) -> bool:
    """Whether a computer player bids grand with ``hand``: a strong hand (high-card points) that holds a
    black card to show; a hand without a red card must bid grand anyway.

    >>> from referee.notation import parse_cards
    >>> wants_grand(parse_cards("AS KS QS AH KH 2C 3C 4C 5D 6D 7D 8D 9D")), wants_grand(parse_cards("2S 3H"))
    (True, False)
    """
    black = any(not c.suit.is_red for c in hand)
    red = any(c.suit.is_red for c in hand)
    strength = sum(HIGH_CARD_POINTS.get(int(c.rank), 0) for c in hand)
    return black and (not red or strength >= GRAND_STRENGTH)
