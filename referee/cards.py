"""Cards, suits, ranks and decks.

A card is only its identity (rank and suit). How cards rank and what they score belongs to the
game, not to the card. Every card is interned, so ``is`` and ``==`` agree and hashing is cheap:

>>> Card(Rank.TEN, Suit.HEARTS) is Card(Rank.TEN, Suit.HEARTS)
True
>>> str(Card(Rank.TEN, Suit.HEARTS))
'10♥'
>>> len(deck(low=Rank.SIX))
36
>>> [str(c) for c in deck(low=Rank.ACE)]
['A♣', 'A♦', 'A♥', 'A♠']
"""

from __future__ import annotations

from enum import Enum, IntEnum
from typing import ClassVar


class Suit(Enum):
    """The four French suits. The value is the canonical ASCII letter."""

    CLUBS = "C"
    DIAMONDS = "D"
    HEARTS = "H"
    SPADES = "S"

    @property
    def symbol(self) -> str:
        """The Unicode suit sign, e.g. ``♥``."""
        return _SYMBOLS[self]

    @property
    def is_red(self) -> bool:
        """Hearts and diamonds are red.

        >>> Suit.DIAMONDS.is_red, Suit.CLUBS.is_red
        (True, False)
        """
        return self in (Suit.HEARTS, Suit.DIAMONDS)

    def __str__(self) -> str:
        return self.symbol


_SYMBOLS = {Suit.CLUBS: "♣", Suit.DIAMONDS: "♦", Suit.HEARTS: "♥", Suit.SPADES: "♠"}
SUITS: tuple[Suit, ...] = (Suit.CLUBS, Suit.DIAMONDS, Suit.HEARTS, Suit.SPADES)


class Rank(IntEnum):
    """Ranks by face value; the ace is 14. Game rank orders are declared separately."""

    TWO = 2
    THREE = 3
    FOUR = 4
    FIVE = 5
    SIX = 6
    SEVEN = 7
    EIGHT = 8
    NINE = 9
    TEN = 10
    JACK = 11
    QUEEN = 12
    KING = 13
    ACE = 14

    @property
    def label(self) -> str:
        """The English index: ``2`` … ``10``, ``J``, ``Q``, ``K``, ``A``."""
        return _EN_LABELS.get(self, str(int(self)))

    def __str__(self) -> str:
        return self.label


_EN_LABELS = {Rank.JACK: "J", Rank.QUEEN: "Q", Rank.KING: "K", Rank.ACE: "A"}
RANKS: tuple[Rank, ...] = tuple(Rank)


class Card:
    """One playing card. Instances are interned: one object per rank and suit.

    ``index`` is a small dense integer, handy for bitsets and sorting.

    >>> c = Card(Rank.ACE, Suit.SPADES)
    >>> c.rank, c.suit, c.index
    (<Rank.ACE: 14>, <Suit.SPADES: 'S'>, 51)
    >>> Card(Rank.TWO, Suit.CLUBS) < Card(Rank.TWO, Suit.DIAMONDS)
    True
    """

    __slots__ = ("_str", "index", "rank", "suit")
    _table: ClassVar[dict[tuple[Rank, Suit], Card]] = {}

    rank: Rank
    suit: Suit
    index: int

    def __new__(cls, rank: Rank, suit: Suit) -> Card:
        try:
            return cls._table[(rank, suit)]
        except KeyError:
            pass
        if not isinstance(rank, Rank) or not isinstance(suit, Suit):
            raise TypeError(f"Card needs a Rank and a Suit, got {rank!r}, {suit!r}")
        self = object.__new__(cls)
        object.__setattr__(self, "rank", rank)
        object.__setattr__(self, "suit", suit)
        object.__setattr__(self, "index", SUITS.index(suit) * 13 + (int(rank) - 2))
        object.__setattr__(self, "_str", rank.label + suit.symbol)
        cls._table[(rank, suit)] = self
        return self

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("cards are immutable")

    def __reduce__(self) -> tuple[type[Card], tuple[Rank, Suit]]:
        return (Card, (self.rank, self.suit))

    def __lt__(self, other: Card) -> bool:
        return self.index < other.index

    def __repr__(self) -> str:
        return f"Card({self._str})"

    def __str__(self) -> str:
        return self._str

    @property
    def ascii(self) -> str:
        """Canonical two-character ASCII form (``T`` for the ten), as in PBN.

        >>> Card(Rank.TEN, Suit.HEARTS).ascii
        'TH'
        """
        label = "T" if self.rank is Rank.TEN else self.rank.label
        return label + self.suit.value


for _s in SUITS:
    for _r in RANKS:
        Card(_r, _s)


def deck(low: Rank = Rank.TWO) -> list[Card]:
    """A fresh pack with every rank from ``low`` to the ace, sorted by suit then rank.

    >>> len(deck()), len(deck(Rank.SIX)), len(deck(Rank.SEVEN))
    (52, 36, 32)
    """
    return [Card(r, s) for s in SUITS for r in RANKS if r >= low]
