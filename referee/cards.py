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

The Joker is a card with no suit (games that use it say which suit it joins):

>>> JOKER.suit is None, str(JOKER), JOKER.is_joker, len(deck(low=Rank.SEVEN, jokers=1))
(True, 'Joker', True, 33)
"""

from __future__ import annotations

from collections.abc import Iterable
from enum import Enum, IntEnum
from typing import ClassVar


class Suit(Enum):
    """The four French suits. The value is the canonical ASCII letter."""

    CLUBS = "C"
    DIAMONDS = "D"
    HEARTS = "H"
    SPADES = "S"

    index: int
    """0 to 3 in the order clubs, diamonds, hearts, spades (the order of ``Card.index``): a cheap key.

    >>> [s.index for s in SUITS]
    [0, 1, 2, 3]
    """

    symbol: str
    """The Unicode suit sign, e.g. ``♥``."""

    is_red: bool
    """Hearts and diamonds are red.

    >>> Suit.DIAMONDS.is_red, Suit.CLUBS.is_red
    (True, False)
    """

    # Hashed by identity in C, as a member is equal only to itself: Enum's own __hash__ is a Python
    # call (hash of the name), and suits are looked up in sets and dicts on every card of a replay.
    __hash__ = object.__hash__

    def __init__(self, letter: str) -> None:
        # Plain attributes, not properties: they are read in the engine's hot loops.
        self.index = "CDHS".index(letter)
        self.symbol = "♣♦♥♠"[self.index]
        self.is_red = letter in "HD"

    def __str__(self) -> str:
        return self.symbol


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
    JOKER = 15

    @property
    def label(self) -> str:
        """The English index: ``2`` … ``10``, ``J``, ``Q``, ``K``, ``A``."""
        return _EN_LABELS.get(self, str(int(self)))

    def __str__(self) -> str:
        return self.label


_EN_LABELS = {Rank.JACK: "J", Rank.QUEEN: "Q", Rank.KING: "K", Rank.ACE: "A", Rank.JOKER: "Joker"}
RANKS: tuple[Rank, ...] = tuple(r for r in Rank if r is not Rank.JOKER)
"""The thirteen ranks of the suits, two to ace (the Joker is not one of them)."""


class Card:
    """One playing card. Instances are interned: one object per rank and suit.

    ``index`` is a small dense integer, handy for bitsets and sorting. The Joker is
    ``Card(Rank.JOKER, None)`` (also :data:`JOKER`): it has no suit and sorts after every suit card.

    >>> c = Card(Rank.ACE, Suit.SPADES)
    >>> c.rank, c.suit, c.index
    (<Rank.ACE: 14>, <Suit.SPADES: 'S'>, 51)
    >>> Card(Rank.TWO, Suit.CLUBS) < Card(Rank.TWO, Suit.DIAMONDS)
    True
    """

    __slots__ = ("_str", "index", "rank", "suit")
    _table: ClassVar[dict[tuple[Rank, Suit], Card]] = {}

    rank: Rank
    suit: Suit  # None only for the Joker; annotated as Suit so that suit cards need no checks
    index: int

    def __new__(cls, rank: Rank, suit: Suit | None) -> Card:
        try:
            return cls._table[(rank, suit)]
        except KeyError:
            pass
        joker = rank is Rank.JOKER and suit is None
        if not isinstance(rank, Rank) or not (
            joker or (isinstance(suit, Suit) and rank is not Rank.JOKER)
        ):
            raise TypeError(
                f"Card needs a Rank and a Suit (or Rank.JOKER and None), got {rank!r}, {suit!r}"
            )
        self = object.__new__(cls)
        object.__setattr__(self, "rank", rank)
        object.__setattr__(self, "suit", suit)
        object.__setattr__(self, "index", 52 if joker else SUITS.index(suit) * 13 + (int(rank) - 2))
        object.__setattr__(self, "_str", rank.label if joker else rank.label + suit.symbol)
        cls._table[(rank, suit)] = self
        return self

    @property
    def is_joker(self) -> bool:
        """True for the Joker."""
        return self.suit is None

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

        >>> Card(Rank.TEN, Suit.HEARTS).ascii, JOKER.ascii
        ('TH', 'JK')
        """
        if self.suit is None:
            return "JK"
        label = "T" if self.rank is Rank.TEN else self.rank.label
        return label + self.suit.value


for _s in SUITS:
    for _r in RANKS:
        Card(_r, _s)
JOKER: Card = Card(Rank.JOKER, None)


def deck(low: Rank = Rank.TWO, jokers: int = 0) -> list[Card]:
    """A fresh pack with every rank from ``low`` to the ace, sorted by suit then rank, then the Joker.

    A pack holds one Joker at most: cards are identities, and no game here uses two.

    >>> len(deck()), len(deck(Rank.SIX)), len(deck(Rank.SEVEN))
    (52, 36, 32)
    """
    if jokers not in (0, 1):
        raise ValueError("a pack holds no Joker or one")
    key = (int(low), jokers)
    pack = _PACKS.get(key)
    if pack is None:
        pack = _PACKS[key] = (
            tuple(Card(r, s) for s in SUITS for r in RANKS if r >= low) + (JOKER,) * jokers
        )
    return list(pack)


_PACKS: dict[tuple[int, int], tuple[Card, ...]] = {}


def cards_twice(cards: Iterable[Card]) -> list[Card]:
    """The cards that occur more than once in ``cards``, sorted; linear time (a 2 MB list of one card
    repeated is counted once, never compared pairwise).

    >>> cards_twice([Card(Rank.ACE, Suit.SPADES), Card(Rank.KING, Suit.SPADES), Card(Rank.ACE, Suit.SPADES)])
    [Card(A♠)]
    """
    from collections import Counter

    return sorted(c for c, k in Counter(cards).items() if k > 1)
