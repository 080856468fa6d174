"""The rules of trick play: rank orders, the suit a card plays in, trick winners, the cards a player may play.

A game declares a :class:`TrickRules` (its rank orders in and out of trumps and its duties); the
play of a deal (:mod:`referee.engines.tricks`) asks it which cards are legal and why a card is not.
How it is fast: every fact the hot loops need (the suit a card plays in, how strongly it bids for a
trick led in each suit) is worked out once per rules and trump suit into a :class:`TrumpTable`
indexed by ``Card.index``. How to extend it: a card that plays in another suit or beats every suit
overrides :meth:`TrickRules.suit_of` and :meth:`TrickRules.strength` (the table follows); another
duty (a lead restriction, say) overrides :meth:`TrickRules.legal` and
:meth:`TrickRules.why_illegal`, and then ``rules.standard`` (and ``rules.own_duties``) is false and
the play, the random plays and the replay ask those methods about every card instead of taking
their fast paths. The duties in a reader's words, with their tests, are in
:mod:`referee.engines.trick_duties` (no check asks for them). A finished :class:`Trick` and the
order a trick goes round the seats (:func:`seat_ring`) are declared here as well: the replay of a
record needs them, not the play of :mod:`referee.engines.tricks` (which a check does not load).

>>> from referee.notation import parse_cards

Bowers (Réunion): with spades trumps the J♣ is the left bower, a trump; its holder is void in
clubs if it is his only club, and must then trump (the bower itself will do):

>>> bowers = TrickRules((7, 8, 9, 11, 12, 13, 10, 14), (7, 8, 9, 12, 13, 10, 14), must_trump=True, bowers=True)
>>> [str(c) for c in bowers.legal(parse_cards("JC 8H"), Suit.CLUBS, Suit.SPADES)]
['J♣']
>>> bowers.winner(parse_cards("AC JC AS"), Suit.SPADES), bowers.winner(parse_cards("AS JC JS"), Suit.SPADES)
(1, 2)

The Joker (Trump 7) is the highest trump and follows a trump lead:

>>> from referee.cards import JOKER
>>> joker = TrickRules((7, 8, 9, 13, 10, 11, 12), (7, 8, 9, 13, 10, 11, 12, Rank.JOKER))
>>> [str(c) for c in joker.legal([JOKER, Card(Rank.QUEEN, Suit.CLUBS)], Suit.HEARTS, Suit.HEARTS)]
['Joker']
>>> joker.winner([Card(Rank.QUEEN, Suit.HEARTS), JOKER, Card(Rank.SEVEN, Suit.HEARTS)], Suit.HEARTS)
1

Trump breaking (Yacht's original rule): no trump lead until a trump has been played to another suit,
unless the leader holds nothing else:

>>> breaking = TrickRules(ORDER_2_TO_A, trump_breaking=True)
>>> [str(c) for c in breaking.legal(parse_cards("2S 5H"), None, Suit.SPADES, broken=False)]
['5♥']
>>> [str(c) for c in breaking.legal(parse_cards("2S 5S"), None, Suit.SPADES, broken=False)]
['2♠', '5♠']
>>> breaking.breaks_trumps(Card(Rank.TWO, Suit.SPADES), Suit.HEARTS, Suit.SPADES)
True

Free play (Korol's variant): no duty to follow suit; a card off the suit led still cannot win
unless it is a trump:

>>> free = TrickRules(ORDER_6_TO_A, follow_suit=False)
>>> [str(c) for c in free.legal(parse_cards("AH 6C"), Suit.CLUBS, Suit.SPADES)], free.standard
(['A♥', '6♣'], False)
"""

from __future__ import annotations

import functools
from collections.abc import Collection, Iterable, Sequence
from typing import NamedTuple

from referee.cards import RANKS, SUITS, Card, Rank, Suit, deck
from referee.errors import IllegalPlayError
from referee.messages import Message, t

ORDER_2_TO_A: tuple[Rank, ...] = RANKS
ORDER_6_TO_A: tuple[Rank, ...] = tuple(r for r in Rank if r >= Rank.SIX)
ORDER_7_TO_A: tuple[Rank, ...] = tuple(r for r in Rank if r >= Rank.SEVEN)


SAME_COLOUR: dict[Suit, Suit] = {
    Suit.CLUBS: Suit.SPADES,
    Suit.SPADES: Suit.CLUBS,
    Suit.HEARTS: Suit.DIAMONDS,
    Suit.DIAMONDS: Suit.HEARTS,
}
"""The other suit of the same colour: the suit of the left bower."""

NO_SUIT = 4
"""The slot of a card that plays in no suit (the Joker when there are no trumps); suits use ``Suit.index``."""


@functools.cache
def seat_ring(players: int) -> tuple[tuple[int, ...], ...]:
    """For each seat, the other seats clockwise after it: the order in which a trick it leads goes round
    (worked out once per number of players: a random deal asks for it).

    >>> seat_ring(3)
    ((1, 2), (2, 0), (0, 1))
    """
    return tuple(
        tuple((first + j) % players for j in range(1, players)) for first in range(players)
    )


class Trick(NamedTuple):
    """A finished trick: who led, the cards in play order, and the seat that took it."""

    leader: int
    cards: tuple[Card, ...]
    winner: int


class TrumpTable:
    """What every card is in play under one game's rules and one trump suit, looked up by ``Card.index``.

    Worked out once per rules and trump suit from :meth:`TrickRules.suit_of` and
    :meth:`TrickRules.strength`, so that the hot loops (random play, the replay of a record) only
    index tuples instead of calling a method per card. ``suit``: the suit the card plays in (a left
    bower and the Joker play as trumps); ``slot``: that suit's ``index`` (``NO_SUIT`` for none);
    ``lead_power``: how strongly the card bids for a trick led in its own suit; ``power``: how
    strongly it bids for a trick led in another suit (a trump's rank; -1 for a card that cannot win);
    ``bids[slot]``: how strongly each card bids for a trick led in the suit of that slot (one of the two).

    >>> rules = TrickRules(ORDER_6_TO_A, (6, 7, 8, 9, 10, 12, 13, 14, 11))
    >>> table = rules.table(Suit.CLUBS)
    >>> from referee.notation import parse_cards
    >>> jc, ah = parse_cards("JC AH")
    >>> table.suit[jc.index], table.power[jc.index], table.power[ah.index], table.lead_power[ah.index]
    (<Suit.CLUBS: 'C'>, 108, -1, 8)
    >>> table.winner(parse_cards("AH 6C KH"))
    1
    """

    __slots__ = ("bids", "lead_power", "power", "slot", "suit", "trump", "trump_slot")

    def __init__(self, rules: TrickRules, trump: Suit | None):
        suits: list[Suit | None] = []
        lead_power: list[int] = []
        power: list[int] = []
        for card in deck(jokers=1):  # in index order: the 52 suit cards, then the Joker
            suit = rules.suit_of(card, trump)
            other = next(s for s in SUITS if s is not suit and s is not trump)
            suits.append(suit)
            lead_power.append(_strength_or_none(rules, card, suit, trump))
            power.append(_strength_or_none(rules, card, other, trump))
        self.trump = trump
        self.trump_slot = NO_SUIT if trump is None else trump.index
        self.suit: tuple[Suit | None, ...] = tuple(suits)
        self.slot: tuple[int, ...] = tuple(NO_SUIT if s is None else s.index for s in suits)
        self.lead_power: tuple[int, ...] = tuple(lead_power)
        self.power: tuple[int, ...] = tuple(power)
        self.bids: tuple[tuple[int, ...], ...] = tuple(
            tuple(
                p if p >= 0 or self.slot[k] != led else lead_power[k] for k, p in enumerate(power)
            )
            for led in range(NO_SUIT + 1)
        )

    def winner(self, cards: Sequence[Card]) -> int:
        """Index in ``cards`` (play order) of the card that takes the trick."""
        power, lead_power, suit = self.power, self.lead_power, self.suit
        first = cards[0].index
        led = suit[first]
        best, top = 0, lead_power[first]
        for i in range(1, len(cards)):
            k = cards[i].index
            value = power[k]
            if value < 0 and suit[k] is led:
                value = lead_power[k]
            if value > top:
                best, top = i, value
        return best


def _strength_or_none(rules: TrickRules, card: Card, led: Suit | None, trump: Suit | None) -> int:
    try:
        return rules.strength(card, led, trump)  # type: ignore[arg-type]
    except KeyError:  # a rank outside the game's orders: a card of another pack, which cannot win
        return -1


class TrickRules:
    """Rank orders (lowest first) and play duties of one trick game.

    ``trump_order`` defaults to ``plain_order``; it may end with ``Rank.JOKER``, which makes the
    Joker the highest trump and a member of the trump suit. ``bowers``: the jack of trumps (right
    bower) and the other jack of the same colour (left bower) are the two highest trumps, and the
    left bower belongs to the trump suit, not to its printed suit. ``trump_breaking``: a trump may
    not be led until a trump has been played to a lead of another suit, unless the leader holds
    nothing but trumps. ``follow_suit`` false: any card may be played to any trick (the winner is
    found as usual). ``master``: a card that wins any trick it is played to (Buy or Pass's A♠),
    playable instead of following suit (``master_any_time``) or only when void. ``void_passes``: a
    player who cannot follow suit plays no card (he buys or passes, :class:`PassingTrickPlay`),
    except the master. Games with other cards that change suit or rank override :meth:`suit_of`
    and :meth:`strength` (the :class:`TrumpTable` follows them); games with other duties override
    :meth:`legal` and :meth:`why_illegal`.
    """

    def __init__(
        self,
        plain_order: Iterable[int],
        trump_order: Iterable[int] | None = None,
        must_trump: bool = False,
        *,
        bowers: bool = False,
        trump_breaking: bool = False,
        follow_suit: bool = True,
        master: Card | None = None,
        master_any_time: bool = True,
        void_passes: bool = False,
    ):
        plain = tuple(Rank(r) for r in plain_order)
        trump = tuple(Rank(r) for r in trump_order) if trump_order is not None else plain
        self.plain_order = plain
        self.trump_order = trump
        self.must_trump = must_trump
        self.bowers = bowers
        self.trump_breaking = trump_breaking
        self.follow_suit = follow_suit
        self.master = master
        self.master_any_time = master_any_time
        self.void_passes = void_passes
        cards = deck(jokers=1)
        self._plain_value = {c: plain.index(c.rank) for c in cards if c.rank in plain}
        self._trump_value = {c: 100 + trump.index(c.rank) for c in cards if c.rank in trump}
        self.printed_suits = (
            type(self).suit_of is TrickRules.suit_of and not bowers and Rank.JOKER not in trump
        )
        # Rules that change legal(), why_illegal() or winner() take the general paths, not the fast ones.
        cls = type(self)
        self.standard = (
            cls.legal is TrickRules.legal
            and cls.why_illegal is TrickRules.why_illegal
            and cls.winner is TrickRules.winner
            and follow_suit
            and master is None
            and not void_passes
        )
        # The random plays apply this class's duties and winner from the table themselves, so they take
        # their fast paths unless legal() or winner() is overridden: TrickPlay also without the duty to
        # follow suit (Korol's free play: every card of the hand is legal), PassingTrickPlay with a master.
        self.own_duties = cls.legal is TrickRules.legal and cls.winner is TrickRules.winner
        self.by_table = self.own_duties and master is None and not void_passes
        self._tables: list[TrumpTable | None] = [None] * (NO_SUIT + 1)

    def table(self, trump: Suit | None) -> TrumpTable:
        """The :class:`TrumpTable` of these rules with ``trump`` (made on first use)."""
        slot = NO_SUIT if trump is None else trump.index
        table = self._tables[slot]
        if table is None:
            table = self._tables[slot] = TrumpTable(self, trump)
        return table

    def suit_of(self, card: Card, trump: Suit | None) -> Suit:
        """The suit a card belongs to in play: its printed suit, but the Joker and a left bower are trumps."""
        suit = card.suit
        if suit is None:
            return trump  # type: ignore[return-value]  # the Joker; a game with a Joker has a trump suit
        if (
            self.bowers
            and trump is not None
            and card.rank is Rank.JACK
            and suit is SAME_COLOUR[trump]
        ):
            return trump
        return suit

    def strength(self, card: Card, led: Suit, trump: Suit | None) -> int:
        """How strongly ``card`` bids for a trick led in ``led``: the master > trumps > suit led > the rest (-1)."""
        if card == self.master:
            return 10_000
        suit = self.suit_of(card, trump)
        if suit is trump:
            if self.bowers and card.rank is Rank.JACK:
                return 1001 if card.suit is trump else 1000
            return self._trump_value[card]
        if suit is led:
            return self._plain_value[card]
        return -1

    def winner(self, cards: Sequence[Card], trump: Suit | None) -> int:
        """Index in ``cards`` (play order) of the card that takes the trick."""
        return self.table(trump).winner(cards)

    def breaks_trumps(self, card: Card, led: Suit, trump: Suit | None) -> bool:
        """Whether ``card``, played to a trick led in ``led`` (not led itself), breaks trumps."""
        return (
            trump is not None and led is not trump and self.table(trump).suit[card.index] is trump
        )

    def legal(
        self,
        hand: Collection[Card],
        led: Suit | None,
        trump: Suit | None,
        broken: bool = True,
        barred: Collection[Suit] = (),
    ) -> list[Card]:
        """The cards of ``hand`` that may be played to a trick led in ``led`` (None: a lead).

        ``broken`` says whether trumps have been broken; it matters only with ``trump_breaking``.
        ``barred``: suits that may not be led now, unless the leader holds nothing else.

        >>> from referee.notation import parse_cards
        >>> bop = TrickRules(ORDER_7_TO_A, master=Card(Rank.ACE, Suit.SPADES), void_passes=True)
        >>> [str(c) for c in bop.legal(parse_cards("AS 7H 8C"), Suit.HEARTS, None)]
        ['7♥', 'A♠']
        >>> bop.legal(parse_cards("7S 8C"), Suit.HEARTS, None)
        []
        >>> [str(c) for c in bop.legal(parse_cards("7H 8C"), None, None, barred={Suit.HEARTS})]
        ['8♣']
        """
        suit = self.table(trump).suit
        if self.master is not None or self.void_passes:
            return self._legal_special(hand, led, trump, suit, barred)
        if led is None and barred:
            allowed = [c for c in hand if suit[c.index] not in barred]
            if allowed:
                hand = allowed
        if led is None:
            if self.trump_breaking and not broken and trump is not None:
                others = [c for c in hand if suit[c.index] is not trump]
                if others:
                    return others
            return list(hand)
        if not self.follow_suit:
            return list(hand)
        follow = [c for c in hand if suit[c.index] is led]
        if follow:
            return follow
        if self.must_trump and trump is not None:
            trumps = [c for c in hand if suit[c.index] is trump]
            if trumps:
                return trumps
        return list(hand)

    def _legal_special(
        self,
        hand: Collection[Card],
        led: Suit | None,
        trump: Suit | None,
        suit: tuple[Suit | None, ...],
        barred: Collection[Suit],
    ) -> list[Card]:
        """:meth:`legal` with a master card or with passing: no card when void, the master when allowed."""
        if led is None:
            allowed = [c for c in hand if suit[c.index] not in barred] if barred else []
            return allowed or list(hand)
        follow = [c for c in hand if suit[c.index] is led]
        master = self.master
        if (
            master is not None
            and master in hand
            and master not in follow
            and (self.master_any_time or not follow)
        ):
            return [*follow, master]
        if follow or not self.void_passes:
            return follow or list(hand)
        return []

    def why_illegal(
        self,
        card: Card,
        hand: Collection[Card],
        led: Suit | None,
        trump: Suit | None,
        seat: str,
        broken: bool = True,
        barred: Collection[Suit] = (),
    ) -> IllegalPlayError | None:
        """None if ``card`` may be played, else the error that names the broken rule."""
        if card not in hand:
            return IllegalPlayError(
                t("{seat} plays {card}, which is not in their hand.", seat=seat, card=card),
                code="play.not_held",
                rule="hand",
            )
        if led is None and barred:
            legal = self.legal(hand, None, trump, broken, barred)
            if card not in legal:
                msg = t(
                    "{seat} leads {card}, but {suits} may not be led now and {seat} holds other suits "
                    "({cards}).",
                    seat=seat,
                    card=card,
                    suits=sorted(barred, key=SUITS.index),
                    cards=sorted(legal),
                )
                return IllegalPlayError(
                    msg, code="play.suit_barred", rule="lead_restriction", legal=tuple(legal)
                )
        if led is not None and (self.master is not None or self.void_passes):
            legal = self.legal(hand, led, trump)
            if card in legal:
                return None
            if card == self.master:  # before the revoke: the rule broken is the master card's
                return IllegalPlayError(
                    t(
                        "{seat} plays {card}, which may be played only by a player who cannot "
                        "follow suit.",
                        seat=seat,
                        card=card,
                    ),
                    code="play.master_early",
                    rule="master_card",
                    legal=tuple(legal),
                )
            if any(self.suit_of(c, trump) is led for c in hand):
                follow = [c for c in hand if self.suit_of(c, trump) is led]
                return IllegalPlayError(
                    t(
                        "{seat} plays {card} but holds {suit} ({cards}) and must follow suit.",
                        seat=seat,
                        card=card,
                        suit=led,
                        cards=sorted(follow),
                    ),
                    code="play.revoke",
                    rule="follow_suit",
                    legal=tuple(legal),
                )
            return IllegalPlayError(
                t(
                    "{seat} cannot follow {suit} and plays {card}: a player who cannot follow suit "
                    "buys a card or passes.",
                    seat=seat,
                    suit=led,
                    card=card,
                ),
                code="play.off_suit",
                rule="buy_or_pass",
                legal=tuple(legal),
            )
        if led is None:
            legal = self.legal(hand, None, trump, broken)
            if card in legal:
                return None
            msg: Message = t(
                "{seat} leads {card}, a trump, but trumps have not been broken yet and {seat} holds "
                "other suits ({cards}).",
                seat=seat,
                card=card,
                cards=sorted(legal),
            )
            return IllegalPlayError(
                msg, code="play.trump_not_broken", rule="trump_breaking", legal=tuple(legal)
            )
        if self.suit_of(card, trump) is led or not self.follow_suit:
            return None
        legal = self.legal(hand, led, trump)
        if card in legal:
            return None
        if self.suit_of(legal[0], trump) is led:
            msg = t(
                "{seat} plays {card} but holds {suit} ({cards}) and must follow suit.",
                seat=seat,
                card=card,
                suit=led,
                cards=sorted(legal),
            )
            return IllegalPlayError(msg, code="play.revoke", rule="follow_suit", legal=tuple(legal))
        msg = t(
            "{seat} cannot follow {suit} and holds a trump, so must trump ({cards}).",
            seat=seat,
            suit=led,
            cards=sorted(legal),
        )
        return IllegalPlayError(msg, code="play.must_trump", rule="must_trump", legal=tuple(legal))
