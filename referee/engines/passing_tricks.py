"""The play of a deal in which a player who cannot follow buys a card or passes (Buy or Pass).

:class:`PassingTrickPlay` keeps the holders of the cards passed round the table and the trick in
progress; its replay from a record is :mod:`referee.engines.passing`.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from operator import attrgetter
from typing import TYPE_CHECKING, NamedTuple

from referee.cards import SUITS, Card, Suit, deck
from referee.engines.trick_rules import TrickRules, seat_ring
from referee.errors import IllegalPlayError

if TYPE_CHECKING:
    import random  # only the random plays' annotations: a check does not load it

_INDEX = attrgetter("index")
CARDS: tuple[Card, ...] = tuple(deck(jokers=1))
"""Every card by its index: ``CARDS[c.index] is c`` (the pack sorted by suit, then rank, then the Joker)."""
SEATS = [f"Seat {i + 1}" for i in range(8)]
"""A seat's name where the caller gives none (made once: a random deal gives none)."""


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

    >>> from referee.cards import Rank
    >>> from referee.engines.trick_rules import ORDER_7_TO_A
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
            list(seat_names)
            if seat_names
            else SEATS[: self.players]
            if self.players <= len(SEATS)
            else [f"Seat {i + 1}" for i in range(self.players)]
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
        """None if the player on turn may play ``card``, else the error naming the rule.

        The two plays that are legal under every rule are accepted at once (a record is nearly all of
        them): following the suit led, and leading a suit that is not barred (trumps count as broken
        here). Any other card is put to the rules, which explain a refusal.
        """
        suit = self.table.suit
        if self.current:
            if suit[card.index] is suit[self.current[0][1].index]:
                return None
        elif not self.barred or suit[card.index] not in self.barred:
            return None
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

        >>> from referee.cards import Rank
        >>> from referee.engines.trick_rules import ORDER_7_TO_A
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

        With no chance to buy, two players each void in the other's suits would pass each other's leads
        back for as long as the stock holds cards, so ``buy_chance`` must be above 0:

        >>> fast.play_randomly(random.Random(1), cards[20:], 0.0)
        Traceback (most recent call last):
        ...
        ValueError: buy_chance must be above 0 and at most 1 (a deal with no buying may never end), not 0.0
        """
        if not 0 < buy_chance <= 1:
            raise ValueError(
                "buy_chance must be above 0 and at most 1 (a deal with no buying may never end), "
                f"not {buy_chance}"
            )
        rules = self.rules
        if self.current or not (rules.own_duties and rules.void_passes and rules.follow_suit):
            return self._random_actions(rng, stock, buy_chance)
        rand, new_tuple, by_index, trick_type = rng.random, tuple.__new__, CARDS, PassingTrick
        table, n = self.table, self.players
        slot, bids = table.slot, table.bids
        master, any_time = rules.master, rules.master_any_time
        # Cards as their indexes while the deal is played: a list of ints is searched (list.remove,
        # ``in``) in C, a list of cards through a Python-level comparison per card passed over.
        # ``CARDS[k]`` is the card again, for the actions and the tricks; the hands at the end.
        mk = -1 if master is None else master.index
        master_slot = -1 if master is None else slot[mk]
        once_per_deal = self.lead_rule == "once_per_deal"
        ring = seat_ring(n)
        hands = [[c.index for c in hand] for hand in self.hands]
        # piles[seat][slot]: the cards of that slot the seat holds, in the order of his hand
        piles: list[list[list[int]]] = []
        holder = -1  # the seat that holds the master (it is looked for nowhere else), -1: none
        for s, hand in enumerate(hands):
            seat_piles: list[list[int]] = [[], [], [], [], []]
            for k in hand:
                seat_piles[slot[k]].append(k)
            if mk in hand:
                holder = s
            piles.append(seat_piles)
        actions: list[list[Card | str]] = []
        bought = [0] * n
        tricks, out, taken_back = self.tricks, self.out, self.taken_back
        leader, stalled = self.leader, self.stalled
        holders = n - hands.count([])  # kept up to date: only a trick that stands empties a hand
        # Suits as their slots (ints hash faster than Suit members), turned back into suits at the end;
        # the barred slots as a tuple (one slot, or none, under "last_suit"): it is gone through at
        # every lead, and a tuple of one is made and gone through faster than a set.
        barred, led_slots = tuple(map(_INDEX, self.barred)), set(map(_INDEX, self.led_suits))
        while holders > 1 and (stock or stalled < holders):
            lead_on_empty = not stock
            hand, seat_piles = hands[leader], piles[leader]
            # He leads any card but of a barred suit, unless he holds nothing else: the cards he may
            # lead are counted, and the one drawn is found in his hand (no list of them is made).
            left = size = len(hand)
            for b in barred:
                left -= len(seat_piles[b])
            if left == size or not left:
                k = hand.pop(int(rand() * size))
            else:
                i = int(rand() * left)
                for k in hand:
                    if slot[k] not in barred:
                        if not i:
                            break
                        i -= 1
                hand.remove(k)
            led_slot = slot[k]
            seat_piles[led_slot].remove(k)
            if k == mk:
                holder = -1
            bid = bids[led_slot]
            card = by_index[k]
            lead: list[Card | str] = [card]
            actions.append(lead)
            cards, seats = [card], [leader]
            winner, top = leader, bid[k]
            for seat in ring[leader]:
                hand = hands[seat]
                if not hand:  # out of cards: not asked
                    continue
                theirs = piles[seat]
                follow = theirs[led_slot]
                # the master's holder is kept, so that no other seat's hand is searched for it
                if seat == holder and led_slot != master_slot and (any_time or not follow):
                    legal = [*follow, mk]
                    k = legal[int(rand() * len(legal))]
                    theirs[slot[k]].remove(k)
                    hand.remove(k)
                    if k == mk:
                        holder = -1
                elif follow:
                    size = len(follow)
                    if size == 1:  # his only card of the suit: the draw is made all the same
                        rand()
                        k = follow.pop()
                    elif size == 2:  # int(r * 2) is r >= 0.5 exactly (doubling is exact): no int()
                        k = follow.pop(rand() >= 0.5)
                    else:
                        k = follow.pop(int(rand() * size))
                    hand.remove(k)
                    if k == mk:  # the master followed to its own suit
                        holder = -1
                elif (
                    stock and rand() < buy_chance
                ):  # "buy": the card bought is played at once if legal
                    card = stock.pop(0)
                    k = card.index
                    bought[seat] += 1
                    lead.append("buy")
                    if slot[k] != led_slot and k != mk:  # kept: he passes
                        hand.append(k)
                        theirs[slot[k]].append(k)
                        continue
                    cards.append(card)
                    seats.append(seat)
                    if bid[k] > top:
                        winner, top = seat, bid[k]
                    continue
                else:  # void, nothing bought: he passes (so never while holding the suit led)
                    lead.append("pass")
                    continue
                card = by_index[k]
                lead.append(card)
                cards.append(card)
                seats.append(seat)
                if bid[k] > top:
                    winner, top = seat, bid[k]
            if len(cards) == 1:  # everyone passed: the lead is taken back
                card = cards[0]
                k = card.index
                hands[leader].append(k)
                seat_piles[led_slot].append(k)
                if k == mk:
                    holder = leader
                taken_back.append((leader, card))
                stalled = stalled + 1 if lead_on_empty else 0
                barred = ()
                for s in ring[leader]:  # the next seat with cards leads (a loop: no generator)
                    if hands[s]:
                        leader = s
                        break
                continue
            # tuple.__new__: a named tuple made in C (its own __new__ is a Python function)
            tricks.append(new_tuple(trick_type, (leader, tuple(cards), tuple(seats), winner)))
            led_slots.add(led_slot)
            if [] in hands:  # only this trick's seats can have just played their last card
                for s in seats:
                    if not hands[s] and s not in out:
                        out.append(s)
                        holders -= 1
            stalled = 0
            leader = winner
            if hands[winner]:
                barred = tuple(led_slots) if once_per_deal else (led_slot,)
            else:
                for s in ring[winner]:
                    if hands[s]:
                        leader = s
                        break
                barred = ()
        card_of, mine = CARDS.__getitem__, self.hands
        for s, hand in enumerate(hands):  # (zip with its keyword strict= costs more than the loop)
            mine[s][:] = map(card_of, hand)
        self.leader = self.turn = leader
        self.barred, self.stalled = set(map(SUITS.__getitem__, barred)), stalled
        self.led_suits = set(map(SUITS.__getitem__, led_slots))
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
