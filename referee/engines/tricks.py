"""The play of a deal of tricks: whose turn it is, the cards each seat may play, tricks and their winners.

:class:`TrickPlay` is the state of one deal's play, with ``legal_plays()``, a checked ``play()``
and an unchecked ``play_unchecked()`` for trusted callers, and ``play_randomly()`` (simulation);
it asks the game's :class:`~referee.engines.trick_rules.TrickRules` which cards are legal. A play
keeps each hand in piles by suit in play, and a trick goes round the seats as ints in a precomputed
ring (:func:`~referee.engines.trick_rules.seat_ring`; with seats leaving at their caps, the seats
still in play). The play of a deal in which a player who cannot follow buys or passes is
:class:`~referee.engines.passing_tricks.PassingTrickPlay`. A finished :class:`Trick` and the ring
are declared in :mod:`~referee.engines.trick_rules`, so that a check, which replays tricks without
a :class:`TrickPlay` (:mod:`~referee.engines.replay`), does not load this module.

Catch the Ten: the trump jack is the highest card, and a player who cannot follow must trump.

>>> from referee.cards import Suit
>>> from referee.engines.trick_rules import ORDER_6_TO_A, TrickRules
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

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING

from referee.cards import Card, Suit
from referee.engines.trick_rules import NO_SUIT, Trick, TrickRules, seat_ring
from referee.errors import IllegalPlayError

if TYPE_CHECKING:
    import random  # only the random plays' annotations: a check does not load it


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

        >>> from referee.engines.trick_rules import ORDER_6_TO_A
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

        >>> from referee.engines.trick_rules import ORDER_6_TO_A
        >>> from referee.cards import Rank
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
