"""The shared trick-play engine: follow suit, the must-trump duty, rank orders, trick winners.

A game declares a :class:`TrickRules` (its rank orders in and out of trumps and its duties);
:class:`TrickPlay` is the state of one deal's play, with ``legal_plays()``, a checked ``play()``
and an unchecked ``play_unchecked()`` for trusted callers (random simulation).

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
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Sequence
from dataclasses import dataclass

from referee.cards import RANKS, Card, Rank, Suit, deck
from referee.errors import IllegalPlayError
from referee.messages import Message, t

ORDER_2_TO_A: tuple[Rank, ...] = RANKS
ORDER_6_TO_A: tuple[Rank, ...] = tuple(r for r in Rank if r >= Rank.SIX)


SAME_COLOUR: dict[Suit, Suit] = {Suit.CLUBS: Suit.SPADES, Suit.SPADES: Suit.CLUBS,
                                 Suit.HEARTS: Suit.DIAMONDS, Suit.DIAMONDS: Suit.HEARTS}
"""The other suit of the same colour: the suit of the left bower."""


class TrickRules:
    """Rank orders (lowest first) and play duties of one trick game.

    ``trump_order`` defaults to ``plain_order``; it may end with ``Rank.JOKER``, which makes the
    Joker the highest trump and a member of the trump suit. ``bowers``: the jack of trumps (right
    bower) and the other jack of the same colour (left bower) are the two highest trumps, and the
    left bower belongs to the trump suit, not to its printed suit. ``trump_breaking``: a trump may
    not be led until a trump has been played to a lead of another suit, unless the leader holds
    nothing but trumps. Games with other cards that change suit override :meth:`suit_of`.
    """

    def __init__(self, plain_order: Iterable[int], trump_order: Iterable[int] | None = None,
                 must_trump: bool = False, *, bowers: bool = False, trump_breaking: bool = False):
        plain = tuple(Rank(r) for r in plain_order)
        trump = tuple(Rank(r) for r in trump_order) if trump_order is not None else plain
        self.plain_order = plain
        self.trump_order = trump
        self.must_trump = must_trump
        self.bowers = bowers
        self.trump_breaking = trump_breaking
        cards = deck(jokers=1)
        self._plain_value = {c: plain.index(c.rank) for c in cards if c.rank in plain}
        self._trump_value = {c: 100 + trump.index(c.rank) for c in cards if c.rank in trump}
        # Most games never move a card to another suit; they get the fast paths below.
        self.printed_suits = (type(self).suit_of is TrickRules.suit_of and not bowers
                              and Rank.JOKER not in trump)

    def duties(self) -> list[Message]:
        """The duties of play in a reader's words, for the quick reference (what :meth:`why_illegal` enforces).

        >>> [m.msgid for m in TrickRules(ORDER_2_TO_A, must_trump=True).duties()]
        ['Follow suit if you can.', 'If you cannot, play a trump if you have one.']
        """
        out = [t("Follow suit if you can.")]
        out.append(t("If you cannot, play a trump if you have one.") if self.must_trump
                   else t("If you cannot, play any card."))
        if self.trump_breaking:
            out.append(t("Do not lead a trump until trumps are broken, unless you hold nothing else."))
        return out

    def suit_of(self, card: Card, trump: Suit | None) -> Suit:
        """The suit a card belongs to in play: its printed suit, but the Joker and a left bower are trumps."""
        suit = card.suit
        if suit is None:
            return trump  # type: ignore[return-value]  # the Joker; a game with a Joker has a trump suit
        if self.bowers and trump is not None and card.rank is Rank.JACK and suit is SAME_COLOUR[trump]:
            return trump
        return suit

    def strength(self, card: Card, led: Suit, trump: Suit | None) -> int:
        """How strongly ``card`` bids for a trick led in ``led``: trumps > suit led > the rest (-1)."""
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
        if self.printed_suits:
            led = cards[0].suit
            plain, trumps = self._plain_value, self._trump_value
            best, best_value = 0, plain[cards[0]] if led is not trump else trumps[cards[0]]
            for i in range(1, len(cards)):
                c = cards[i]
                value = trumps[c] if c.suit is trump else plain[c] if c.suit is led else -1
                if value > best_value:
                    best, best_value = i, value
            return best
        led = self.suit_of(cards[0], trump)
        best, best_value = 0, self.strength(cards[0], led, trump)
        for i in range(1, len(cards)):
            value = self.strength(cards[i], led, trump)
            if value > best_value:
                best, best_value = i, value
        return best

    def breaks_trumps(self, card: Card, led: Suit, trump: Suit | None) -> bool:
        """Whether ``card``, played to a trick led in ``led`` (not led itself), breaks trumps."""
        return trump is not None and led is not trump and self.suit_of(card, trump) is trump

    def legal(self, hand: Collection[Card], led: Suit | None, trump: Suit | None, broken: bool = True,
              ) -> list[Card]:
        """The cards of ``hand`` that may be played to a trick led in ``led`` (None: a lead).

        ``broken`` says whether trumps have been broken; it matters only with ``trump_breaking``.
        """
        if led is None:
            if self.trump_breaking and not broken and trump is not None:
                others = [c for c in hand if self.suit_of(c, trump) is not trump]
                if others:
                    return others
            return list(hand)
        if self.printed_suits:
            follow = [c for c in hand if c.suit is led]
            if follow:
                return follow
            if self.must_trump and trump is not None:
                trumps = [c for c in hand if c.suit is trump]
                if trumps:
                    return trumps
            return list(hand)
        suit_of = self.suit_of
        follow = [c for c in hand if suit_of(c, trump) is led]
        if follow:
            return follow
        if self.must_trump and trump is not None:
            trumps = [c for c in hand if suit_of(c, trump) is trump]
            if trumps:
                return trumps
        return list(hand)

    def why_illegal(self, card: Card, hand: Collection[Card], led: Suit | None,
                    trump: Suit | None, seat: str, broken: bool = True) -> IllegalPlayError | None:
        """None if ``card`` may be played, else the error that names the broken rule."""
        if card not in hand:
            return IllegalPlayError(t("{seat} plays {card}, which is not in their hand.", seat=seat, card=card),
                                    code="play.not_held", rule="hand")
        if led is None:
            legal = self.legal(hand, None, trump, broken)
            if card in legal:
                return None
            msg: Message = t("{seat} leads {card}, a trump, but trumps have not been broken yet and {seat} holds "
                             "other suits ({cards}).", seat=seat, card=card, cards=sorted(legal))
            return IllegalPlayError(msg, code="play.trump_not_broken", rule="trump_breaking", legal=tuple(legal))
        if self.suit_of(card, trump) is led:
            return None
        legal = self.legal(hand, led, trump)
        if card in legal:
            return None
        if self.suit_of(legal[0], trump) is led:
            msg = t("{seat} plays {card} but holds {suit} ({cards}) and must follow suit.",
                    seat=seat, card=card, suit=led, cards=sorted(legal))
            return IllegalPlayError(msg, code="play.revoke", rule="follow_suit", legal=tuple(legal))
        msg = t("{seat} cannot follow {suit} and holds a trump, so must trump ({cards}).",
                seat=seat, suit=led, cards=sorted(legal))
        return IllegalPlayError(msg, code="play.must_trump", rule="must_trump", legal=tuple(legal))


@dataclass(frozen=True)
class Trick:
    """A finished trick: who led, the cards in play order, and the seat that took it."""

    leader: int
    cards: tuple[Card, ...]
    winner: int


class TrickPlay:
    """The play of one deal. Seats are 0..n-1 clockwise; ``hands`` are consumed as cards are played."""

    def __init__(self, rules: TrickRules, hands: Sequence[Iterable[Card]], leader: int, trump: Suit | None,
                 seat_names: Sequence[str] | None = None):
        self.rules = rules
        self.hands: list[list[Card]] = [list(h) for h in hands]
        self.players = len(self.hands)
        self.trump = trump
        self.leader = leader
        self.turn = leader
        self.current: list[Card] = []
        self.tricks: list[Trick] = []
        self.trumps_broken = False
        self.seat_names = list(seat_names) if seat_names else [f"Seat {i + 1}" for i in range(self.players)]

    @property
    def led_suit(self) -> Suit | None:
        """The suit led to the trick in progress, or None before the lead."""
        return self.rules.suit_of(self.current[0], self.trump) if self.current else None

    def is_over(self) -> bool:
        """True when every card has been played."""
        return not self.current and not any(self.hands)

    def legal_plays(self) -> list[Card]:
        """The cards the player on turn may play, in hand order (none once the deal is over)."""
        current = self.current
        led = (current[0].suit if self.rules.printed_suits else self.rules.suit_of(current[0], self.trump)) \
            if current else None
        return self.rules.legal(self.hands[self.turn], led, self.trump, self.trumps_broken)

    def check(self, card: Card) -> IllegalPlayError | None:
        """None if the player on turn may play ``card``, else the error naming the rule."""
        return self.rules.why_illegal(card, self.hands[self.turn], self.led_suit, self.trump,
                                      self.seat_names[self.turn], self.trumps_broken)

    def play(self, card: Card) -> Trick | None:
        """Play ``card`` for the player on turn, checked; returns the trick if this card completed it."""
        error = self.check(card)
        if error is not None:
            raise error
        return self.play_unchecked(card)

    def play_unchecked(self, card: Card) -> Trick | None:
        """Play ``card`` without checking the rules (the card must be in the hand). For trusted callers."""
        self.hands[self.turn].remove(card)
        current = self.current
        if current and not self.trumps_broken and self.rules.trump_breaking:
            self.trumps_broken = self.rules.breaks_trumps(card, self.rules.suit_of(current[0], self.trump), self.trump)
        current.append(card)
        if len(current) < self.players:
            self.turn = (self.turn + 1) % self.players
            return None
        won = (self.leader + self.rules.winner(current, self.trump)) % self.players
        trick = Trick(self.leader, tuple(current), won)
        self.tricks.append(trick)
        self.current = []
        self.leader = self.turn = won
        return trick

    def tricks_won(self) -> list[int]:
        """Tricks taken per seat so far."""
        counts = [0] * self.players
        for trick in self.tricks:
            counts[trick.winner] += 1
        return counts
