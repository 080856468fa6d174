"""The shared trick-play engine: follow suit, the must-trump duty, rank orders, trick winners.

A game declares a :class:`TrickRules` (its rank orders in and out of trumps and its duties);
:class:`TrickPlay` is the state of one deal's play, with ``legal_plays()``, a checked ``play()``
and an unchecked ``play_unchecked()`` for trusted callers, and ``play_randomly()`` (simulation);
:class:`PassingTrickPlay` is the play of a deal in which a player who cannot follow buys or passes
(its replay from a record is :mod:`referee.engines.passing`).

How it is fast: cards stay :class:`~referee.cards.Card` objects, but every fact the hot loops need
(the suit a card plays in, how strongly it bids for a trick led in each suit) is worked out once per
rules and trump suit into a :class:`TrumpTable` indexed by ``Card.index``; a play keeps each hand in
piles by suit in play, and a trick goes round the seats as ints in a precomputed ring
(:func:`seat_ring`; with seats leaving at their caps, the seats still in play). How to extend it: a
card that plays in another suit or beats every suit overrides :meth:`TrickRules.suit_of` and
:meth:`TrickRules.strength` (the table follows); another duty (a lead restriction, say) overrides
:meth:`TrickRules.legal` and :meth:`TrickRules.why_illegal`, and then ``rules.standard`` (and
``rules.own_duties``) is false and the play, the random plays and the replay ask those methods
about every card instead of taking their fast paths.

Catch the Ten: the trump jack is the highest card, and a player who cannot follow must trump.

>>> from referee.notation import parse_cards
>>> rules = TrickRules(plain_order=ORDER_6_TO_A, trump_order=(6, 7, 8, 9, 10, 12, 13, 14, 11), must_trump=True)
>>> hands = [parse_cards(h) for h in ("AH 6C", "KH 7S", "7H 9S", "JC 8S")]
>>> deal = TrickPlay(rules, hands, leader=0, trump=Suit.CLUBS)
>>> [str(c) for c in deal.legal_plays()]
['A♥', '6♣']
>>> for c in ("AH", "KH", "7H"):
...     _ = deal.play(parse_cards(c)[0])
>>> [str(c) for c in deal.legal_plays()]   # void in hearts, holds a trump: must trump
['J♣']
>>> deal.play(parse_cards("8S")[0])
Traceback (most recent call last):
...
referee.errors.IllegalPlayError: Seat 4 cannot follow ♥ and holds a trump, so must trump (J♣).
>>> deal.play(parse_cards("JC")[0]).winner
3

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

A player who leaves the deal (Korol's quotas read as caps): once a seat has taken ``caps[seat]``
tricks, its cards left are dead and the later tricks have a card fewer; a winner who leaves passes
the lead to the next seat still in play:

>>> hands = [parse_cards(h) for h in ("AH KH", "6H 7H", "8H 9H")]
>>> capped = TrickPlay(TrickRules(ORDER_6_TO_A), hands, leader=0, trump=None, caps=[1, None, None])
>>> capped.play(parse_cards("AH")[0]), capped.play(parse_cards("6H")[0]), capped.play(parse_cards("8H")[0])[2]
(None, None, 0)
>>> capped.left, [str(c) for c in capped.dead[0]], capped.leader
([0], ['K♥'], 1)
>>> trick = capped.play(parse_cards("7H")[0]) or capped.play(parse_cards("9H")[0])
>>> [str(c) for c in trick.cards], trick.winner, capped.is_over()
(['7♥', '9♥'], 2, True)
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Collection, Iterable, Sequence
from typing import TYPE_CHECKING, NamedTuple

from referee.cards import RANKS, SUITS, Card, Rank, Suit, deck
from referee.errors import IllegalPlayError
from referee.messages import Message, t

if TYPE_CHECKING:
    import random  # only the random plays' annotations: a check does not load it

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
    (worked out once per number of players).

    >>> seat_ring(3)
    ((1, 2), (2, 0), (0, 1))
    """
    return tuple(
        tuple((first + j) % players for j in range(1, players)) for first in range(players)
    )


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


class Position(NamedTuple):
    """What decides which cards the player on turn may play: his hand, the suit led (None: he leads),
    trumps, whether they are broken, the suits barred from the lead, and whether he has taken his quota."""

    hand: tuple[Card, ...]
    led: Suit | None
    trump: Suit | None
    broken: bool = True
    barred: frozenset[Suit] = frozenset()
    at_quota: bool = False


class Duty(NamedTuple):
    """A sentence of the duties of play, and its test: ``holds(position, legal)`` is true when the cards
    the rules allow at ``position`` (``legal``) are what the sentence says."""

    message: Message
    holds: Callable[[Position, list[Card]], bool]


def _barred_lead(pos: Position, legal: list[Card]) -> bool:
    if pos.led is not None:
        return True
    allowed = [
        c for c in pos.hand if c.suit not in pos.barred
    ]  # the games with barred leads have plain suits
    return set(legal) == set(allowed or pos.hand)


def _holds_cards(pos: Position, legal: list[Card]) -> bool:
    return bool(pos.hand)


def _still_in_play(pos: Position, legal: list[Card]) -> bool:
    return not pos.at_quota


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

    def duties(self, lead_rule: str | None = None, leaving: bool = False) -> list[Duty]:
        """What a player must or may play, in a reader's words, each sentence with the test that it says
        what :meth:`legal` allows (the quick reference prints them; ``tests/test_properties.py`` tests
        them on random positions of every game).

        ``lead_rule``: the suits a :class:`PassingTrickPlay` bars from the lead (``last_suit``,
        ``once_per_deal``); ``leaving``: players leave the deal at their quota of tricks (``caps``).

        >>> whist = TrickRules(ORDER_2_TO_A, must_trump=True)
        >>> [d.message.msgid for d in whist.duties()]  # doctest: +NORMALIZE_WHITESPACE
        ['Lead any card.', 'Follow suit if you can.',
         'If you cannot, play a trump if you have one, otherwise any card.']
        >>> bop = TrickRules(ORDER_7_TO_A, master=Card(Rank.ACE, Suit.SPADES), void_passes=True)
        >>> [str(d.message) for d in bop.duties(lead_rule="last_suit")][1:4]  # doctest: +NORMALIZE_WHITESPACE
        ['Follow suit if you can.', 'If you cannot, buy a card from the stock or pass.',
         'The A♠ may be played instead of following suit, and it wins any trick.']
        """
        out: list[Duty] = []
        if lead_rule == "last_suit":
            out.append(
                Duty(
                    t(
                        "The winner of a trick may not lead its suit next, unless he holds nothing else."
                    ),
                    _barred_lead,
                )
            )
        elif lead_rule == "once_per_deal":
            out.append(
                Duty(
                    t(
                        "The winner of a trick may not lead a suit already led in this deal, unless he holds "
                        "nothing else."
                    ),
                    _barred_lead,
                )
            )
        elif self.trump_breaking:
            out.append(
                Duty(
                    t("Do not lead a trump until trumps are broken, unless you hold nothing else."),
                    self._breaking_lead,
                )
            )
        else:
            out.append(Duty(t("Lead any card."), self._free_lead))
        if not self.follow_suit:
            out.append(
                Duty(
                    t(
                        "Play any card: there is no duty to follow suit, but only a trump or a card of the "
                        "suit led can win."
                    ),
                    self._any_card,
                )
            )
        else:
            out.append(Duty(t("Follow suit if you can."), self._follows))
            if self.void_passes:
                out.append(
                    Duty(t("If you cannot, buy a card from the stock or pass."), self._void_passes)
                )
            elif self.must_trump:
                out.append(
                    Duty(
                        t("If you cannot, play a trump if you have one, otherwise any card."),
                        self._void_trumps,
                    )
                )
            else:
                out.append(Duty(t("If you cannot, play any card."), self._void_any))
        if self.master is not None and self.master_any_time:
            out.append(
                Duty(
                    t(
                        "The {card} may be played instead of following suit, and it wins any trick.",
                        card=self.master,
                    ),
                    self._master_any_time,
                )
            )
        elif self.master is not None:
            out.append(
                Duty(
                    t(
                        "The {card} may be played to another suit only by a player who cannot follow, and it "
                        "wins any trick.",
                        card=self.master,
                    ),
                    self._master_when_void,
                )
            )
        if self.void_passes:  # PassingTrickPlay skips the seats without cards
            out.append(
                Duty(
                    t(
                        "A player whose cards are all played is out of the deal, and the others play on."
                    ),
                    _holds_cards,
                )
            )
        if leaving:
            out.append(
                Duty(
                    t(
                        "A player who has taken his quota of tricks leaves the deal: his cards are dead, and "
                        "the next player still in play leads."
                    ),
                    _still_in_play,
                )
            )
        return out

    # What each sentence of duties() says, as a test of the cards legal() allows at a position.

    def _split(self, pos: Position) -> tuple[list[Card], list[Card]]:
        """The cards of the hand in the suit led, and the trumps."""
        suit = self.table(pos.trump).suit
        return (
            [c for c in pos.hand if suit[c.index] is pos.led],
            [c for c in pos.hand if pos.trump is not None and suit[c.index] is pos.trump],
        )

    def _free_lead(self, pos: Position, legal: list[Card]) -> bool:
        return pos.led is not None or set(legal) == set(pos.hand)

    def _breaking_lead(self, pos: Position, legal: list[Card]) -> bool:
        if pos.led is not None:
            return True
        suit = self.table(pos.trump).suit
        others = [c for c in pos.hand if suit[c.index] is not pos.trump]
        return set(legal) == set(
            others if pos.trump is not None and not pos.broken and others else pos.hand
        )

    def _any_card(self, pos: Position, legal: list[Card]) -> bool:
        return pos.led is None or set(legal) == set(pos.hand)

    def _follows(self, pos: Position, legal: list[Card]) -> bool:
        follow, _ = self._split(pos)
        if pos.led is None or not follow:
            return True
        return set(follow) <= set(legal) <= {*follow, self.master}

    def _void_passes(self, pos: Position, legal: list[Card]) -> bool:
        follow, _ = self._split(pos)
        return pos.led is None or bool(follow) or set(legal) <= {self.master}

    def _void_trumps(self, pos: Position, legal: list[Card]) -> bool:
        follow, trumps = self._split(pos)
        return pos.led is None or bool(follow) or set(legal) == set(trumps or pos.hand)

    def _void_any(self, pos: Position, legal: list[Card]) -> bool:
        follow, _ = self._split(pos)
        return pos.led is None or bool(follow) or set(legal) == set(pos.hand)

    def _master_any_time(self, pos: Position, legal: list[Card]) -> bool:
        return pos.led is None or self.master not in pos.hand or self.master in legal

    def _master_when_void(self, pos: Position, legal: list[Card]) -> bool:
        if pos.led is None or self.master not in pos.hand:
            return True
        follow, _ = self._split(pos)
        return (self.master in legal) == (not follow or self.master in follow)

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


class Trick(NamedTuple):
    """A finished trick: who led, the cards in play order, and the seat that took it."""

    leader: int
    cards: tuple[Card, ...]
    winner: int


class TrickPlay:
    """The play of one deal. Seats are 0..n-1 clockwise; ``hands`` are consumed as cards are played.

    Besides the hands in their order, each seat's cards are kept in piles by the suit they play in
    (``Suit.index``, then ``NO_SUIT``), so that the cards that follow suit are at hand without
    looking through the hand.

    ``caps`` (one per seat, None for no cap): a seat that has taken its cap of tricks leaves the
    deal (:meth:`leave`); its hand moves to ``dead``, and the later tricks go round the seats still
    in play (``in_play``). If fewer than two remain, the play ends and every card left is dead.
    """

    def __init__(
        self,
        rules: TrickRules,
        hands: Sequence[Iterable[Card]],
        leader: int,
        trump: Suit | None,
        seat_names: Sequence[str] | None = None,
        caps: Sequence[int | None] | None = None,
    ):
        self.rules = rules
        self.table = table = rules.table(trump)
        self.hands: list[list[Card]] = [list(h) for h in hands]
        slot = table.slot
        self.piles: list[list[list[Card]]] = []
        for hand in self.hands:
            piles: list[list[Card]] = [[], [], [], [], []]  # NO_SUIT + 1 piles
            for card in hand:
                piles[slot[card.index]].append(card)
            self.piles.append(piles)
        self.players = len(self.hands)
        self.trump = trump
        self.leader = leader
        self.turn = leader
        self.current: list[Card] = []
        self.tricks: list[Trick] = []
        self.trumps_broken = False
        self._led_slot = NO_SUIT
        self._seat_names = list(seat_names) if seat_names else None
        self.caps = list(caps) if caps is not None and any(c is not None for c in caps) else None
        self.in_play: list[int] = list(range(self.players))
        self.left: list[int] = []
        """The seats that left the deal, in the order they left."""
        self.dead: dict[int, list[Card]] = {}
        """The cards that will never be played, by seat."""
        self._won = [0] * self.players

    @property
    def seat_names(self) -> list[str]:
        """The players' names for messages: as given, else ``Seat 1`` … (made when a message needs them)."""
        if self._seat_names is None:
            self._seat_names = [f"Seat {i + 1}" for i in range(self.players)]
        return self._seat_names

    @seat_names.setter
    def seat_names(self, names: Sequence[str]) -> None:
        self._seat_names = list(names)

    @property
    def led_suit(self) -> Suit | None:
        """The suit led to the trick in progress, or None before the lead."""
        return self.table.suit[self.current[0].index] if self.current else None

    def is_over(self) -> bool:
        """True when every card has been played."""
        return not self.current and not any(self.hands)

    def legal_plays(self) -> list[Card]:
        """The cards the player on turn may play, in hand order (none once the deal is over)."""
        rules = self.rules
        if not rules.standard or (not self.current and rules.trump_breaking):
            return rules.legal(self.hands[self.turn], self.led_suit, self.trump, self.trumps_broken)
        if self.current:
            piles = self.piles[self.turn]
            follow = piles[self._led_slot]
            if follow:
                return list(follow)
            if rules.must_trump and self.trump is not None:
                trumps = piles[self.table.trump_slot]
                if trumps:
                    return list(trumps)
        return list(self.hands[self.turn])

    def check(self, card: Card) -> IllegalPlayError | None:
        """None if the player on turn may play ``card``, else the error naming the rule."""
        return self.rules.why_illegal(
            card,
            self.hands[self.turn],
            self.led_suit,
            self.trump,
            self.seat_names[self.turn],
            self.trumps_broken,
        )

    def play(self, card: Card) -> Trick | None:
        """Play ``card`` for the player on turn, checked; returns the trick if this card completed it."""
        error = self.check(card)
        if error is not None:
            raise error
        return self.play_unchecked(card)

    def next_in_play(self, seat: int) -> int:
        """The first seat after ``seat``, clockwise, that is still in play.

        >>> from referee.notation import parse_cards
        >>> play = TrickPlay(TrickRules(ORDER_6_TO_A), [parse_cards(h) for h in ("6H", "7H", "8H")], 0, None)
        >>> play.leave(1)
        >>> play.next_in_play(0), play.next_in_play(2)
        (2, 0)
        """
        n = self.players
        seat = (seat + 1) % n
        while seat not in self.in_play:
            seat = (seat + 1) % n
        return seat

    def leave(self, seat: int) -> None:
        """``seat`` leaves the deal (between tricks): its cards are dead; with one seat left, so are his."""
        self.in_play.remove(seat)
        self.left.append(seat)
        for gone in [seat] + self.in_play if len(self.in_play) < 2 else [seat]:
            self.dead.setdefault(gone, []).extend(self.hands[gone])
            self.hands[gone] = []
            self.piles[gone] = [[], [], [], [], []]

    def play_unchecked(self, card: Card) -> Trick | None:
        """Play ``card`` without checking the rules (the card must be in the hand). For trusted callers."""
        if self.caps is not None or self.left:
            return self._play_capped(card)
        turn = self.turn
        slot = self.table.slot[card.index]
        self.hands[turn].remove(card)
        self.piles[turn][slot].remove(card)
        current = self.current
        if not current:
            self._led_slot = slot
        elif not self.trumps_broken and self.rules.trump_breaking:
            self.trumps_broken = self.rules.breaks_trumps(
                card, self.table.suit[current[0].index], self.trump
            )
        current.append(card)
        if len(current) < self.players:
            self.turn = (turn + 1) % self.players
            return None
        won = (self.leader + self.rules.winner(current, self.trump)) % self.players
        trick = Trick(self.leader, tuple(current), won)
        self.tricks.append(trick)
        self.current = []
        self.leader = self.turn = won
        return trick

    def _play_capped(self, card: Card) -> Trick | None:
        """:meth:`play_unchecked` once seats can leave: the trick goes round the seats in play."""
        turn = self.turn
        self.hands[turn].remove(card)
        self.piles[turn][self.table.slot[card.index]].remove(card)
        current = self.current
        if not current:
            self._led_slot = self.table.slot[card.index]
        current.append(card)
        if len(current) < len(self.in_play):
            self.turn = self.next_in_play(turn)
            return None
        seats = [self.leader]
        while len(seats) < len(current):
            seats.append(self.next_in_play(seats[-1]))
        won = seats[self.rules.winner(current, self.trump)]
        trick = Trick(self.leader, tuple(current), won)
        self.tricks.append(trick)
        self.current = []
        self._won[won] += 1
        lead = won
        if (
            self.caps is not None
            and self.caps[won] is not None
            and self._won[won] >= self.caps[won]
        ):  # type: ignore[operator]
            lead = self.next_in_play(won)
            self.leave(won)
        self.leader = self.turn = lead
        return trick

    def play_randomly(self, rng: random.Random) -> None:
        """Play every card left, each chosen at random among the legal plays: ``legal[int(rng.random() * len(legal))]``
        with ``legal`` as :meth:`legal_plays` gives it, so a seed gives the same deal whichever path runs.

        This is the simulation's hot loop, so when the rules need nothing but the table (``rules.by_table``)
        and no trick is under way, it looks the legal plays up in the piles and the winner in the table,
        inline; seats are ints, and each trick goes round ``following[leader]``, the seats still in play
        after the leader, which is worked out again only when a seat leaves at its cap.

        >>> import random
        >>> from referee.cards import deck
        >>> hands = [deck(Rank.SIX)[k::4] for k in range(4)]
        >>> capped = TrickPlay(TrickRules(ORDER_6_TO_A, follow_suit=False), hands, 0, Suit.HEARTS, caps=[1, 2, 9, 9])
        >>> capped.play_randomly(random.Random(4))
        >>> slow = TrickPlay(TrickRules(ORDER_6_TO_A, follow_suit=False), hands, 0, Suit.HEARTS, caps=[1, 2, 9, 9])
        >>> pick = random.Random(4).random
        >>> while not slow.is_over():
        ...     legal = slow.legal_plays()
        ...     _ = slow.play_unchecked(legal[int(pick() * len(legal))])
        >>> capped.tricks == slow.tricks, capped.left == slow.left, capped.dead == slow.dead
        (True, True, True)
        """
        rand = rng.random
        rules = self.rules
        if not rules.by_table or self.current:
            while not self.is_over():
                legal = self.legal_plays()
                self.play_unchecked(legal[int(rand() * len(legal))])
            return
        table, hands, piles, trump = self.table, self.hands, self.piles, self.trump
        slot, suit, bids = table.slot, table.suit, table.bids
        follow = rules.follow_suit
        must_trump = rules.must_trump and trump is not None
        trump_slot = table.trump_slot
        breaking = rules.trump_breaking and trump is not None
        broken = self.trumps_broken
        leader = self.leader
        caps, won = self.caps, self._won
        following = self._following()
        # A card is taken out of the list it was chosen from by position (pop) and out of the other
        # list by value (remove): one search through a short list per card.
        while hands[leader]:
            hand = hands[leader]
            if breaking and not broken:
                legal = [c for c in hand if suit[c.index] is not trump] or hand
                card = legal[int(rand() * len(legal))]
                hand.remove(card)
            else:
                card = hand.pop(int(rand() * len(hand)))
            k = card.index
            led_slot = slot[k]
            piles[leader][led_slot].remove(card)
            led = suit[k]
            bid = bids[led_slot]
            cards = [card]
            winner, top = leader, bid[k]
            for seat in following[leader]:
                seat_piles = piles[seat]
                legal = follow and (seat_piles[led_slot] or (must_trump and seat_piles[trump_slot]))
                if legal:
                    card = legal.pop(int(rand() * len(legal)))
                    hands[seat].remove(card)
                    k = card.index
                else:
                    hand = hands[seat]
                    card = hand.pop(int(rand() * len(hand)))
                    k = card.index
                    seat_piles[slot[k]].remove(card)
                if breaking and not broken and suit[k] is trump and led is not trump:
                    broken = True
                if bid[k] > top:
                    winner, top = seat, bid[k]
                cards.append(card)
            self.tricks.append(Trick(leader, tuple(cards), winner))
            if caps is not None:
                won[winner] += 1
                cap = caps[winner]
                if cap is not None and won[winner] >= cap:  # he leaves; the next seat in play leads
                    after = self.next_in_play(winner)
                    self.leave(winner)
                    following = self._following()
                    winner = after
            leader = winner
        self.leader = self.turn = leader
        self.trumps_broken = broken

    def _following(self) -> Sequence[Sequence[int]]:
        """For each leader, the seats still in play after him, clockwise: the order of a trick he leads."""
        n, in_play = self.players, self.in_play
        if len(in_play) == n:
            return seat_ring(n)
        return [[s for s in seats if s in in_play] for seats in seat_ring(n)]

    def tricks_won(self) -> list[int]:
        """Tricks taken per seat so far."""
        counts = [0] * self.players
        for trick in self.tricks:
            counts[trick.winner] += 1
        return counts


class PassingTrick(NamedTuple):
    """A trick that stood in a :class:`PassingTrickPlay`: the leader, the cards and their seats, the winner."""

    leader: int
    cards: tuple[Card, ...]
    seats: tuple[int, ...]
    winner: int


class PassingTrickPlay:
    """The play of a deal in which a player who cannot follow suit passes instead (Buy or Pass).

    Seats without cards are skipped. A player on turn plays a legal card (:meth:`play`), or
    passes (:meth:`pass_turn`); before that the game may hand him a bought card (:meth:`receive`).
    A pass by a player who holds the suit led is allowed but noted in ``passes_holding`` (the game
    fines it). When every other seat with cards passes, the leader takes his card back and the
    next seat with cards leads (``taken_back``; ``stalled`` counts such leads in a row made while the
    stock was already empty, which the game says in ``stock_empty`` before each lead: DECISIONS.md,
    round 3, G6-A7 (b); a lead passed by all while cards could still be bought does not count). The winner
    of a trick leads next, but not a suit in ``barred`` (the suit he has just won with
    ``lead_rule="last_suit"``, every suit of a trick that stood with ``"once_per_deal"``) unless
    he holds nothing else; a leader after a taken-back lead, or after a winner without cards, is
    free. ``out``: the seats whose last card was in a trick that stood, in the order they went out.

    >>> from referee.notation import parse_cards
    >>> rules = TrickRules(ORDER_7_TO_A, master=Card(Rank.ACE, Suit.SPADES), void_passes=True)
    >>> play = PassingTrickPlay(rules, [parse_cards(h) for h in ("KH 7C", "8C", "AH 9C")], leader=0)
    >>> play.play(parse_cards("KH")[0]); play.pass_turn(); play.play(parse_cards("AH")[0]).winner
    2
    >>> play.barred, [str(c) for c in play.legal_plays()]
    ({<Suit.HEARTS: 'H'>}, ['9♣'])
    >>> play.play(parse_cards("9C")[0]); play.pass_turn(); play.pass_turn()  # both hold a club
    >>> play.taken_back[-1][0], play.leader, play.barred, play.passes_holding
    (2, 0, set(), [(0, 2), (1, 2)])
    """

    def __init__(
        self,
        rules: TrickRules,
        hands: Sequence[Iterable[Card]],
        leader: int,
        trump: Suit | None = None,
        lead_rule: str = "last_suit",
        seat_names: Sequence[str] | None = None,
    ):
        self.rules = rules
        self.trump = trump
        self.table = rules.table(trump)
        self.hands: list[list[Card]] = [list(h) for h in hands]
        self.players = len(self.hands)
        self.lead_rule = lead_rule
        self.seat_names = (
            list(seat_names) if seat_names else [f"Seat {i + 1}" for i in range(self.players)]
        )
        self.leader = self.turn = leader
        self.current: list[tuple[int, Card]] = []
        self._to_act: list[int] = []
        self.tricks: list[PassingTrick] = []
        self.barred: set[Suit] = set()
        self.led_suits: set[Suit] = set()
        self.out: list[int] = []
        self.taken_back: list[tuple[int, Card]] = []
        self.passes_holding: list[tuple[int, int]] = []
        """(seat, trick number counted from 1) of every pass by a player who held the suit led."""
        self.stalled = 0
        self.stock_empty = True
        """Whether the stock is empty now; the game keeps it up to date (a deal without a stock: always)."""
        self._lead_on_empty = True

    @property
    def led_suit(self) -> Suit | None:
        """The suit led to the trick in progress, or None before the lead."""
        return self.table.suit[self.current[0][1].index] if self.current else None

    def holders(self) -> list[int]:
        """The seats that still hold cards."""
        return [s for s in range(self.players) if self.hands[s]]

    def is_over(self, stock_empty: bool = True) -> bool:
        """At most one seat holds cards; or, with the stock empty, every holder has led in a row and been passed."""
        if self.current:
            return False
        holders = len(self.holders())
        return holders <= 1 or (stock_empty and self.stalled >= holders)

    def legal_plays(self) -> list[Card]:
        """The cards the player on turn may play (none: he may only pass, or buy first)."""
        barred = self.barred if not self.current else ()
        return self.rules.legal(self.hands[self.turn], self.led_suit, self.trump, barred=barred)

    def check(self, card: Card) -> IllegalPlayError | None:
        """None if the player on turn may play ``card``, else the error naming the rule."""
        barred = self.barred if not self.current else ()
        return self.rules.why_illegal(
            card,
            self.hands[self.turn],
            self.led_suit,
            self.trump,
            self.seat_names[self.turn],
            barred=barred,
        )

    def play(self, card: Card) -> PassingTrick | None:
        """Play ``card`` for the player on turn, checked; the trick if it now stands."""
        error = self.check(card)
        if error is not None:
            raise error
        return self.play_unchecked(card)

    def receive(self, seat: int, card: Card) -> None:
        """``seat`` gets ``card`` (a card bought from the stock)."""
        self.hands[seat].append(card)

    def play_unchecked(self, card: Card) -> PassingTrick | None:
        """Play ``card`` for the player on turn without checking the rules (it must be in the hand)."""
        seat = self.turn
        self.hands[seat].remove(card)
        if not self.current:
            self._to_act = [s for s in self._clockwise(seat) if self.hands[s]]
            self._lead_on_empty = self.stock_empty
        self.current.append((seat, card))
        return self._next()

    def pass_turn(self) -> PassingTrick | None:
        """The player on turn passes (after buying, or not); the trick if it now stands."""
        seat = self.turn
        led = self.led_suit
        if any(self.table.suit[c.index] is led for c in self.hands[seat]):
            self.passes_holding.append((seat, len(self.tricks) + 1))
        return self._next()

    def play_randomly(
        self,
        rng: random.Random,
        stock: list[Card],
        buy_chance: float,
    ) -> tuple[list[list[Card | str]], list[int]]:
        """Play to the end at random: the actions of every lead (the card led, then each other player's card,
        ``"buy"`` or ``"pass"``) and the cards each seat bought, taken from the top of ``stock`` (consumed);
        a card bought is played at once if it is legal.

        A player on turn plays ``legal[int(rng.random() * len(legal))]`` with ``legal`` as :meth:`legal_plays`
        gives it; one with no legal card buys if the stock holds a card and ``rng.random() < buy_chance``,
        and plays the card bought if it is legal (else he keeps it and passes), or passes. A seed gives the
        same deal whichever path runs: the fast one below, for rules that need nothing but the table
        (``rules.own_duties``), with each seat's cards also kept in piles by suit so that the cards that
        follow are at hand, and seats as ints going round a precomputed ring; or :meth:`_random_actions`,
        which asks :meth:`legal_plays` at every turn.

        >>> import random
        >>> from referee.cards import deck
        >>> rules = TrickRules(ORDER_7_TO_A, master=Card(Rank.ACE, Suit.SPADES), void_passes=True)
        >>> cards = deck(Rank.SEVEN)
        >>> random.Random(7).shuffle(cards)
        >>> fast = PassingTrickPlay(rules, [cards[5 * k:5 * k + 5] for k in range(4)], 0)
        >>> slow = PassingTrickPlay(rules, [cards[5 * k:5 * k + 5] for k in range(4)], 0)
        >>> got = fast.play_randomly(random.Random(1), cards[20:], 0.5)
        >>> got == slow._random_actions(random.Random(1), cards[20:], 0.5)
        True
        >>> fast.tricks == slow.tricks, fast.hands == slow.hands, fast.out == slow.out
        (True, True, True)
        """
        rules = self.rules
        if self.current or not (rules.own_duties and rules.void_passes and rules.follow_suit):
            return self._random_actions(rng, stock, buy_chance)
        rand = rng.random
        table, hands, n = self.table, self.hands, self.players
        slot, suit, bids = table.slot, table.suit, table.bids
        master, any_time = rules.master, rules.master_any_time
        master_slot = -1 if master is None else slot[master.index]
        once_per_deal = self.lead_rule == "once_per_deal"
        ring = seat_ring(n)
        piles: list[list[list[Card]]] = []
        for hand in hands:
            seat_piles: list[list[Card]] = [[], [], [], [], []]
            for card in hand:
                seat_piles[slot[card.index]].append(card)
            piles.append(seat_piles)
        actions: list[list[Card | str]] = []
        bought = [0] * n
        tricks, out, taken_back = self.tricks, self.out, self.taken_back
        leader, stalled = self.leader, self.stalled
        # Suits as their slots (ints hash faster than Suit members), turned back into suits at the end.
        barred, led_slots = {s.index for s in self.barred}, {s.index for s in self.led_suits}
        while True:
            holders = n - hands.count([])
            if holders <= 1 or (not stock and stalled >= holders):
                break
            lead_on_empty = not stock
            hand, seat_piles = hands[leader], piles[leader]
            legal = hand
            for b in barred:
                if seat_piles[b]:  # he holds a barred suit: the others if he has any
                    legal = [c for c in hand if slot[c.index] not in barred] or hand
                    break
            i = int(rand() * len(legal))
            if legal is hand:
                card = hand.pop(i)
            else:
                card = legal[i]
                hand.remove(card)
            led_slot = slot[card.index]
            seat_piles[led_slot].remove(card)
            bid = bids[led_slot]
            led = suit[card.index]
            lead: list[Card | str] = [card]
            actions.append(lead)
            cards, seats = [card], [leader]
            winner, top = leader, bid[card.index]
            for seat in ring[leader]:
                hand = hands[seat]
                if not hand:  # out of cards: not asked
                    continue
                theirs = piles[seat]
                follow = theirs[led_slot]
                # the master is looked for in its own suit's pile, not in the whole hand
                if (
                    led_slot != master_slot
                    and master in theirs[master_slot]
                    and (any_time or not follow)
                ):
                    legal = [*follow, master]
                    card = legal[int(rand() * len(legal))]
                    theirs[slot[card.index]].remove(card)
                    hand.remove(card)
                elif follow:
                    card = follow.pop(int(rand() * len(follow)))
                    hand.remove(card)
                elif (
                    stock and rand() < buy_chance
                ):  # "buy": the card bought is played at once if legal
                    card = stock.pop(0)
                    bought[seat] += 1
                    lead.append("buy")
                    if suit[card.index] is not led and card is not master:  # kept: he passes
                        hand.append(card)
                        theirs[slot[card.index]].append(card)
                        continue
                    cards.append(card)
                    seats.append(seat)
                    if bid[card.index] > top:
                        winner, top = seat, bid[card.index]
                    continue
                else:  # void, nothing bought: he passes (so never while holding the suit led)
                    lead.append("pass")
                    continue
                lead.append(card)
                cards.append(card)
                seats.append(seat)
                if bid[card.index] > top:
                    winner, top = seat, bid[card.index]
            if len(cards) == 1:  # everyone passed: the lead is taken back
                card = cards[0]
                hands[leader].append(card)
                seat_piles[led_slot].append(card)
                taken_back.append((leader, card))
                stalled = stalled + 1 if lead_on_empty else 0
                barred = set()
                leader = next((s for s in ring[leader] if hands[s]), leader)
                continue
            tricks.append(PassingTrick(leader, tuple(cards), tuple(seats), winner))
            led_slots.add(led_slot)
            if [] in hands:
                out.extend(s for s in seats if not hands[s] and s not in out)
            stalled = 0
            if hands[winner]:
                leader = winner
                barred = set(led_slots) if once_per_deal else {led_slot}
            else:
                leader = next((s for s in ring[winner] if hands[s]), winner)
                barred = set()
        self.leader = self.turn = leader
        self.barred, self.stalled = {SUITS[i] for i in barred}, stalled
        self.led_suits = {SUITS[i] for i in led_slots}
        self.stock_empty = self._lead_on_empty = not stock
        return actions, bought

    def _random_actions(
        self,
        rng: random.Random,
        stock: list[Card],
        buy_chance: float,
    ) -> tuple[list[list[Card | str]], list[int]]:
        """:meth:`play_randomly` one turn at a time through :meth:`legal_plays`, for any rules."""
        actions: list[list[Card | str]] = []
        bought = [0] * self.players
        while not self.is_over(stock_empty=not stock):
            self.stock_empty = not stock
            legal = self.legal_plays()
            if not self.current:
                actions.append([])
            if legal:
                card = legal[int(rng.random() * len(legal))]
                actions[-1].append(card)
                self.play_unchecked(card)
            elif stock and rng.random() < buy_chance:
                card = stock.pop(0)
                bought[self.turn] += 1
                actions[-1].append("buy")
                self.receive(self.turn, card)
                if card in self.legal_plays():
                    self.play_unchecked(card)
                else:
                    self.pass_turn()
            else:
                actions[-1].append("pass")
                self.pass_turn()
        self.stock_empty = not stock
        return actions, bought

    def _clockwise(self, seat: int) -> tuple[int, ...]:
        return seat_ring(self.players)[seat]

    def _next_holder(self, seat: int) -> int:
        return next((s for s in self._clockwise(seat) if self.hands[s]), seat)

    def _next(self) -> PassingTrick | None:
        if self._to_act:
            self.turn = self._to_act.pop(0)
            return None
        if len(self.current) == 1:  # everyone passed: the lead is taken back
            seat, card = self.current[0]
            self.hands[seat].append(card)
            self.taken_back.append((seat, card))
            self.current = []
            self.stalled = self.stalled + 1 if self._lead_on_empty else 0
            self.barred = set()
            self.leader = self.turn = self._next_holder(seat)
            return None
        cards = tuple(c for _, c in self.current)
        seats = tuple(s for s, _ in self.current)
        won = seats[self.table.winner(cards)]
        trick = PassingTrick(self.leader, cards, seats, won)
        self.tricks.append(trick)
        led = self.table.suit[cards[0].index]
        assert led is not None
        self.led_suits.add(led)
        self.out.extend(s for s in seats if not self.hands[s] and s not in self.out)
        self.current = []
        self.stalled = 0
        if self.hands[won]:
            self.leader = self.turn = won
            self.barred = set(self.led_suits) if self.lead_rule == "once_per_deal" else {led}
        else:
            self.leader = self.turn = self._next_holder(won)
            self.barred = set()
        return trick
