"""The bowers: the jack of trumps (the right bower) and the other jack of the same colour (the left
bower), the two highest trumps of a game played with ``TrickRules(bowers=True)`` (Réunion).

The trick engine ranks them (:class:`~referee.engines.tricks.TrickRules`); this module names them for
the games' scoring and explanations, and finds the tricks in which the right bower took the left.

>>> [str(c) for c in bowers(Suit.HEARTS)]
['J♥', 'J♦']
>>> [is_bower(Card(Rank.JACK, s), Suit.HEARTS) for s in (Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS)]
[True, True, False]
"""

from __future__ import annotations

from collections.abc import Iterable

from referee.cards import Card, Rank, Suit
from referee.engines.trick_rules import SAME_COLOUR, Trick


def bowers(trump: Suit) -> tuple[Card, Card]:
    """The right bower (the jack of trumps) and the left bower (the other jack of the same colour)."""
    return Card(Rank.JACK, trump), Card(Rank.JACK, SAME_COLOUR[trump])


def is_bower(card: Card, trump: Suit) -> bool:
    """Whether ``card`` is the right or the left bower when ``trump`` is trumps."""
    return card.rank is Rank.JACK and (card.suit is trump or card.suit is SAME_COLOUR[trump])


def left_bower_captures(
    tricks: Iterable[Trick],
    owner: dict[Card, int],
    trump: Suit,
    players: list[str],
) -> list[tuple[int, str, str]]:
    """(trick number, the left bower's owner, the taker) for each trick holding both bowers.

    The right bower is the highest card, so whoever played it takes the trick.
    """
    right, left = bowers(trump)
    # a set per trick: a card missed in a tuple is compared slowly (Card defines __lt__ in Python)
    return [
        (k, players[owner[left]], players[tr.winner])
        for k, tr in enumerate(tricks, start=1)
        if {right, left}.issubset(tr.cards)
    ]
