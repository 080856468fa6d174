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

from collections.abc import Collection, Iterable, Sequence

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
    hands: Sequence[Collection[Card]],
    trump: Suit,
    players: list[str],
) -> list[tuple[int, str, str]]:
    """(trick number, the left bower's owner, the taker) for each trick holding both bowers;
    ``hands``: the cards each seat played.

    The right bower is the highest card, so whoever played it takes the trick.

    >>> from referee.notation import parse_cards
    >>> hands = [parse_cards("JH 7S"), parse_cards("JD 8S")]
    >>> tricks = [Trick(0, tuple(parse_cards("7S 8S")), 1), Trick(1, tuple(parse_cards("JD JH")), 0)]
    >>> left_bower_captures(tricks, hands, Suit.HEARTS, ["Anna", "Boris"])
    [(2, 'Boris', 'Anna')]
    """
    right, left = bowers(trump)
    both = {right, left}
    # isdisjoint reads a trick's tuple without making a set of it (a card looked up in the tuple itself
    # is compared slowly: Card defines __lt__ in Python); only a trick with a bower is looked into
    return [
        (
            k,
            players[next(s for s, hand in enumerate(hands) if left in set(hand))],
            players[tr.winner],
        )
        for k, tr in enumerate(tricks, start=1)
        if not both.isdisjoint(tr.cards) and both.issubset(tr.cards)
    ]
