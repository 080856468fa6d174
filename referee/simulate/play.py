"""Shared pieces of random play: the deal, a random legal play to the end, and cards written in a
notation.

>>> import random
>>> from referee.cards import deck
>>> from referee.games.minnesota_whist import RULES
>>> cards = deck()
>>> play = random_play(RULES, [cards[k::4] for k in range(4)], 0, None, random.Random(3))
>>> play.is_over(), len(play.tricks), sum(play.tricks_won())
(True, 13, 13)
>>> write_cards(cards[:2], "de")
'Kreuz 2, Kreuz 3'
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from typing import Any, TypeVar

from referee.cards import Card
from referee.engines.shuffling import shuffle
from referee.engines.trick_rules import TrickRules
from referee.engines.tricks import TrickPlay
from referee.notation import card_separator, format_card

T = TypeVar("T")  # what is dealt: cards (letters in the examples)


def shuffled(pack: Iterable[T], rng: random.Random) -> list[T]:
    """A shuffled copy of ``pack``, by :func:`~referee.engines.shuffling.shuffle` (the permutation
    ``rng.shuffle`` gives, so a seed deals the same game as ever).

    >>> theirs = list("abcdef")
    >>> random.Random(7).shuffle(theirs)
    >>> shuffled("abcdef", random.Random(7)) == theirs
    True
    """
    cards = list(pack)
    shuffle(cards, rng)
    return cards


def deal_one_by_one(
    cards: list[T], seats: int, dealer: int, dealt: int | None = None
) -> list[list[T]]:
    """The hands: the first ``dealt`` of ``cards`` (all of them unless told) dealt one at a time,
    clockwise from the dealer's left, the dealer last; the k-th seat from the dealer's left gets every
    ``seats``-th card from the k-th.

    >>> deal_one_by_one(list("abcdefg"), 3, dealer=0, dealt=6)
    [['c', 'f'], ['a', 'd'], ['b', 'e']]
    """
    hands: list[list[T]] = [[] for _ in range(seats)]
    for k in range(seats):
        hands[(dealer + 1 + k) % seats] = cards[k:dealt:seats]
    return hands


def deal_in_packets(
    cards: list[T], seats: int, dealer: int, packets: Sequence[int]
) -> list[list[T]]:
    """The hands: ``cards`` dealt in rounds, each round a packet of its size to every seat, clockwise
    from the dealer's left, the dealer last (Reunion: 3, 4 and 3 cards each; the rest stays undealt).

    >>> deal_in_packets(list("abcdefgh"), 2, dealer=1, packets=(1, 2))
    [['a', 'c', 'd'], ['b', 'e', 'f']]
    """
    hands: list[list[T]] = [[] for _ in range(seats)]
    top = 0
    for packet in packets:
        for k in range(seats):
            hands[(dealer + 1 + k) % seats].extend(cards[top : top + packet])
            top += packet
    return hands


def random_play(
    rules: TrickRules, hands: Sequence[Sequence[Card]], leader: int, trump: Any, rng: random.Random
) -> TrickPlay:
    """Play every card of ``hands`` with random legal choices, from ``leader``; the finished play."""
    play = TrickPlay(rules, hands, leader, trump)
    play.play_randomly(rng)
    return play


def write_cards(cards: Sequence[Card], notation: str) -> str:
    """Cards as a record in ``notation`` writes them."""
    return card_separator(notation).join(format_card(c, notation) for c in cards)
