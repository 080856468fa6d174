"""The rules of play of Collector: :class:`CollectorState`, a hand in play (whose turn it is, which
moves are legal, what a move does), and the numbers and helpers it plays by
(:mod:`referee.games.collector` replays a record with it).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from itertools import islice
from operator import attrgetter
from typing import Any

from referee.cards import RANKS, SUITS, Card
from referee.engines import fishing_moves
from referee.engines.fishing import RoundsState
from referee.engines.fishing_moves import Draw, Lay, Take, moves_read, parse_lay, parse_take
from referee.engines.turns import IllegalMoveError, Outcome
from referee.errors import NotationError
from referee.messages import Message, t

HAND = 5
"""Cards dealt to each player."""
DRAW = 2
"""Cards a player draws from the stock instead of taking a laid card."""


def missing_ranks(cards: Sequence[Card]) -> list[Any]:
    """The ranks from two to ace that ``cards`` lack.

    >>> from referee.notation import parse_cards
    >>> from referee.records.hands import DECK
    >>> missing_ranks(parse_cards("2♣ 3♣"))[:2], len(missing_ranks(DECK))
    ([<Rank.FOUR: 4>, <Rank.FIVE: 5>], 0)
    """
    held = {c.rank for c in cards}
    return [r for r in RANKS if r not in held]


RANK = attrgetter("rank")
ALL_RANKS = frozenset(RANKS)
SET = len(ALL_RANKS)
"""Ranks in a complete set, the two to the ace."""

_RANK_CARDS = tuple(frozenset(Card(rank, suit) for suit in SUITS) for rank in RANKS)
"""The cards of each rank, two to ace."""


def completes(hand: list[Card], got: list[Card]) -> bool:
    """Whether ``hand`` with the cards ``got`` holds every rank: ``ALL_RANKS.issubset(map(RANK, hand + got))``,
    asked of the cards themselves, rank by rank, until one is missing. A replay asks at every take and
    draw, nearly always of a hand that lacks a rank or more; looking each card's rank up cost a tenth of
    a check.

    >>> from referee.notation import parse_cards
    >>> hand = parse_cards("2♣ 3♣ 4♣ 5♣ 6♣ 7♣ 8♣ 9♣ 10♣ J♣ Q♣ K♣")
    >>> completes(hand, parse_cards("A♥")), completes(hand, parse_cards("K♥")), completes(hand[1:], parse_cards("A♥"))
    (True, False, False)
    """
    held = set(hand)
    held.update(got)
    for cards in _RANK_CARDS:
        if held.isdisjoint(cards):
            return False
    return True


CollectorMove = fishing_moves.RoundMove
"""The moves (:mod:`referee.engines.fishing`): lay a card, then take a laid card or draw."""


class CollectorState(RoundsState[CollectorMove]):
    """A game of Collector from a given pack (top card first), move by move.

    Each round has a ``lay`` phase and then a ``take`` phase, both in turn order from the round's
    first player; players with no cards lay nothing.
    """

    def __init__(
        self,
        players: Sequence[str],
        dealer: int,
        pack: Sequence[Card],
        completion_check: str = "after_each_turn",
        draw_rule: str = "stock_exhausted",
        taking_order: str = "dealer_left",
    ):
        super().__init__(players, dealer, pack, rotating=taking_order == "rotating")
        self.completion_check = completion_check
        self.draw_rule = draw_rule
        self.taking_order = taking_order
        self.deal(HAND)
        self.laid: list[tuple[int, Card]] = []
        self.taken: set[Card] = set()
        self.drawn: list[Card] = []
        """The cards the last draw brought (for explanations)."""
        self.begin_round()

    # The shape of a round ---------------------------------------------------------------------------

    def begin_round(self) -> None:
        """A new round: nothing laid or taken yet (the first seat follows the option ``taking_order``)."""
        self.laid = []
        self.taken = set()
        super().begin_round()

    def elsewhere(self) -> int:
        """The laid cards not yet taken (:meth:`card_count` adds the hands and the stock: always 52)."""
        return sum(1 for _, c in self.laid if c not in self.taken)

    def told(self, move: CollectorMove) -> Message:
        """A move just made, in words: a draw names the cards it brought."""
        return (
            t("draws {cards}", cards=list(self.drawn) or "—")
            if isinstance(move, Draw)
            else move.describe()
        )

    def available(self) -> list[Card]:
        """The laid cards the player to move may take: laid by someone else, not yet taken."""
        return [c for s, c in self.laid if s != self.to_move and c not in self.taken]

    # The engine's interface ---------------------------------------------------------------------------

    def legal_moves(self) -> list[CollectorMove]:
        """Lay any card in hand; or take an available laid card, or draw."""
        if self.is_over():
            return []
        if self.phase == "lay":
            return [fishing_moves.LAYS[c] for c in self.hands[self.to_move]]
        return [*(fishing_moves.TAKES[c] for c in self.available()), fishing_moves.DRAW_MOVE]

    def random_move(self, rng: random.Random) -> CollectorMove | None:
        """As :meth:`legal_moves` would give it, without listing the moves: a card of the hand, or one of
        the cards available and the draw."""
        if self._outcome is not None:
            return None
        if self.phase == "lay":
            hand = self.hands[self.to_move]
            if len(hand) < 2:
                return fishing_moves.LAYS[hand[0]] if hand else None
            return fishing_moves.LAYS[hand[int(rng.random() * len(hand))]]
        me, taken = self.to_move, self.taken
        available = [c for s, c in self.laid if s != me and c not in taken]
        k = int(rng.random() * (len(available) + 1)) if available else 0
        return fishing_moves.TAKES[available[k]] if k < len(available) else fishing_moves.DRAW_MOVE

    def play_randomly(self, rng: random.Random, limit: int = 100_000) -> None:
        """:meth:`random_move` and :meth:`apply` inline, a whole round at a time, as the generic loop makes
        them (the tests compare the two); each hand's count of every rank is kept beside it, so a
        completed set is seen without looking at the hand. A take or draw that completes a set goes
        through :meth:`apply` and a round that ends the game through :meth:`end_round`, so an outcome
        is the game's own; a round that could pass ``limit``, or a state in the middle of a round,
        goes the generic way."""
        rand, add, hands, stock = rng.random, self.moves.append, self.hands, self.stock
        lays, takes, draw = fishing_moves.LAYS, fishing_moves.TAKES, fishing_moves.DRAW_MOVE
        each_turn, n, made = self.completion_check == "after_each_turn", len(self.players), 0
        may_stall = self.draw_rule == "stock_exhausted"
        have = [
            [0] * (max(RANKS) + 1) for _ in hands
        ]  # have[seat][rank]: cards of that rank in hand
        kinds = [0] * n  # ranks held by each seat
        for seat, hand in enumerate(hands):
            for card in hand:
                have[seat][card.rank] += 1
            kinds[seat] = sum(1 for r in RANKS if have[seat][r])
        order = self.order()
        complete = len(RANKS)
        while (
            self._outcome is None
            and made + 2 * n <= limit
            and self.phase == "lay"
            and not self.laid
            and self.queue
        ):
            laid = self.laid
            for me in self.queue:
                hand = hands[me]
                card = hand.pop(int(rand() * len(hand))) if len(hand) > 1 else hand.pop()
                laid.append((me, card))
                add(lays[card])
                counts = have[me]
                counts[card.rank] -= 1
                if not counts[card.rank]:
                    kinds[me] -= 1
            made += len(laid)
            taken = self.taken
            for i, me in enumerate(order):
                available = [c for s, c in laid if s != me and c not in taken]
                if available and (k := int(rand() * (len(available) + 1))) < len(available):
                    move: CollectorMove = takes[available[k]]
                    got = [available[k]]
                else:
                    move, got = draw, list(islice(stock, DRAW))
                made += 1
                counts, new = have[me], 0
                for card in got:
                    if not counts[card.rank]:
                        new += 1
                    counts[card.rank] += 1
                kinds[me] += new
                if each_turn and kinds[me] == complete:
                    self.phase, self.queue, self.to_move = "take", order[i:], me
                    self.apply(move)  # the set is complete: the game's own outcome
                    add(move)
                    return
                if move is draw:
                    for _ in got:
                        stock.popleft()
                    self.drawn = got
                else:
                    taken.add(got[0])
                    self.drawn = []
                hands[me].extend(got)
                add(move)
            self.phase, self.queue, self.to_move = "take", [], order[-1]
            if not each_turn or (may_stall and not taken and not stock):
                self.end_round()  # the game may end here: its own words
                order = self.order()
                continue
            # end_round, the game going on: the cards nobody took to the bottom of the stock in turn
            # order (the order they were laid in), then begin_round: the next round, at its laying
            stock.extend([card for _, card in laid if card not in taken])
            self.laid, self.taken, self.round, self.phase = [], set(), self.round + 1, "lay"
            order = self.order()
            self.queue = [s for s in order if hands[s]]
            if self.queue:
                self.to_move = self.queue[0]
            else:  # nobody holds a card: nothing to lay, straight to the choices
                self.round -= 1
                self.begin_round()
                order = self.order()
        if self._outcome is None and made < limit:
            super().play_randomly(rng, limit - made)

    def replay_round(self, entry: Any, notation: str) -> list[CollectorMove] | None:
        """A record's round made at once (:meth:`RoundsState.replay_round`): every player who holds a card lays
        one he holds, then every player takes a card another laid and nobody took yet, or draws, and no
        take or draw completes a set (that ends the game within the round: move by move, as is a round
        with any other move, a player left out or one too many). The round is read and tested in full
        before anything changes, then made as :meth:`apply` makes its moves, and its end is
        :meth:`end_round`'s.

        >>> from referee.records.hands import DECK
        >>> game = CollectorState(["Anna", "Boris"], dealer=1, pack=DECK)
        >>> game.hands
        [[Card(2♣), Card(4♣), Card(6♣), Card(8♣), Card(10♣)], [Card(3♣), Card(5♣), Card(7♣), Card(9♣), Card(J♣)]]
        >>> game.replay_round({"lay": {"Anna": "2♣", "Boris": "3♣"}, "take": {"Anna": "2♣"}}, "en") is None
        True
        >>> moves = game.replay_round({"lay": {"Anna": "2♣", "Boris": "3♣"},
        ...                            "take": {"Anna": "3♣", "Boris": "draw"}}, "en")
        >>> [str(m.describe()) for m in moves], game.round, game.phase, game.hands[1][-2:], len(game.stock)
        (['lays 2♣', 'lays 3♣', 'takes 3♣', 'draws from the stock'], 2, 'lay', [Card(Q♣), Card(K♣)], 41)
        """
        queue = self.queue
        if self._outcome is not None or self.phase != "lay" or self.laid or not queue:
            return None
        if type(entry) is not dict:
            return None
        lays, takes = entry.get("lay"), entry.get("take")
        order = self.order()
        if (
            type(lays) is not dict
            or type(takes) is not dict
            or len(lays) != len(queue)
            or len(takes) != len(order)
        ):
            return None
        players, hands, stock = self.players, self.hands, self.stock
        # each move looked up by its text (read_rounds has read every one): no call per move
        lay_texts, take_texts = moves_read(notation)
        made: list[CollectorMove] = []
        kept: dict[int, list[Card]] = {}  # each layer's hand without the card laid
        by: dict[Card, int] = {}  # who laid each card, in the order they were laid
        gains: list[tuple[int, list[Card]]] = []
        try:
            for seat in queue:
                value = lays.get(players[seat])
                if value is None:
                    return None
                lay = lay_texts.get(value) if type(value) is str else None
                if lay is None:
                    lay = parse_lay(value, notation)
                card, hand = lay.card, hands[seat]
                # by identity, in one pass: the hand without the card, and whether it held it
                rest = [c for c in hand if c is not card]
                if len(rest) == len(hand):
                    return None
                kept[seat] = rest
                by[card] = seat
                made.append(lay)
            each_turn, taken, drawn = self.completion_check == "after_each_turn", set(), 0
            for seat in order:
                value = takes.get(players[seat])
                if value is None:
                    return None
                move = take_texts.get(value) if type(value) is str else None
                if move is None:
                    move = parse_take(value, notation)
                if type(move) is Take:
                    card = move.card
                    if by.get(card, seat) == seat or card in taken:
                        return None
                    taken.add(card)
                    got = [card]
                else:  # a draw: the stock's next cards, as many as are left
                    got = list(islice(stock, drawn, drawn + DRAW))
                    drawn += len(got)
                gains.append((seat, got))
                made.append(move)
                if each_turn:
                    hand = kept.get(seat, hands[seat])
                    if len(hand) + len(got) >= SET and completes(hand, got):
                        return None  # the set is complete: the game ends at this move
        except NotationError:
            return None
        for seat, rest in kept.items():
            hands[seat][:] = rest
        for _ in range(drawn):
            stock.popleft()
        for seat, got in gains:
            hands[seat] += got
        self.drawn = [] if type(made[-1]) is Take else got
        self.moves += made
        if self.completion_check == "end_of_round" or (
            self.draw_rule == "stock_exhausted" and not taken and not stock
        ):  # the game may end here: in end_round's own words
            self.laid.extend([(seat, card) for card, seat in by.items()])
            self.taken |= taken
            self.phase, self.queue, self.to_move = "take", [], order[-1]
            self.end_round()
            return made
        # end_round and begin_round, the game going on: the cards nobody took to the bottom of the
        # stock in turn order (the order they were laid in), then the next round, at its laying
        stock.extend([card for card in by if card not in taken])
        self.laid, self.taken, self.round, self.phase = [], set(), self.round + 1, "lay"
        order = self.order()
        self.queue = queue = [s for s in order if hands[s]]
        if queue:
            self.to_move = queue[0]
        else:  # nobody holds a card: nothing to lay, straight to the choices
            self._begin_taking()
        return made

    def is_legal(self, move: CollectorMove) -> bool:
        """Checked without listing every move."""
        if self._outcome is not None:
            return False
        if self.phase == "lay":
            return isinstance(move, Lay) and move.card in self.hands[self.to_move]
        if isinstance(move, Take):
            return move.card in self.available()
        return isinstance(move, Draw)

    def why_illegal(self, move: CollectorMove) -> IllegalMoveError:
        """The rule a move breaks."""
        name = self.players[self.to_move]
        if self.phase == "lay":
            if isinstance(move, Lay):
                return self.refuse(
                    t(
                        "{player} does not hold {card}, so cannot lay it.",
                        player=name,
                        card=move.card,
                    ),
                    "lay.not_in_hand",
                    "lay",
                )
            return self.refuse(
                t(
                    "{player} holds cards, so must lay one face down before anybody takes or draws "
                    "(laying is compulsory).",
                    player=name,
                ),
                "lay.missing",
                "lay",
            )
        if isinstance(move, Take):
            return self.refuse(
                t(
                    "{player} may take only a card laid by another player this round, and not one "
                    "already taken.",
                    player=name,
                ),
                "take.not_available",
                "take",
            )
        return self.refuse(
            t(
                "{player} must now either take a card laid by another player or draw from the stock.",
                player=name,
            ),
            "take.missing",
            "take",
        )

    def apply(self, move: CollectorMove) -> None:
        """Lay, take or draw; then the next player, the end of the round, or the end of the game."""
        me = self.to_move
        if isinstance(move, Lay):
            self.hands[me].remove(move.card)
            self.laid.append((me, move.card))
            self.next_turn()
            return
        if isinstance(move, Take):
            self.taken.add(move.card)
            self.hands[me].append(move.card)
            self.drawn = []
        else:
            self.drawn = self.draw(DRAW)
            self.hands[me].extend(self.drawn)
        # every rank held: the ranks looked up in C, not the missing ones listed (a replay asks each move)
        if self.completion_check == "after_each_turn" and ALL_RANKS.issubset(
            map(RANK, self.hands[me])
        ):
            self.finish(
                Outcome(
                    (self.players[me],),
                    "set_complete",
                    t("{player} holds all thirteen ranks and wins.", player=self.players[me]),
                )
            )
            return
        self.next_turn()

    def end_round(self) -> None:
        """Who holds every rank (option ``completion_check``); the untaken cards to the bottom of the stock."""
        if self.completion_check == "end_of_round":
            done = tuple(self.players[s] for s in self.order() if not missing_ranks(self.hands[s]))
            if len(done) == 1:
                self.finish(
                    Outcome(
                        done,
                        "set_complete",
                        t(
                            "{player} holds all thirteen ranks at the end of the round and wins.",
                            player=done[0],
                        ),
                    )
                )
                return
            if done:
                self.finish(
                    Outcome(
                        done,
                        "shared_win",
                        t(
                            "{players} hold all thirteen ranks at the end of the "
                            "round and share the win.",
                            players=list(done),
                        ),
                    )
                )
                return
        nobody_took = not self.taken
        stock_empty = not self.stock
        order = self.order()
        for _, card in sorted(self.laid, key=lambda sc: order.index(sc[0])):
            if card not in self.taken:
                self.stock.append(card)  # to the bottom, in turn order
        if self.draw_rule == "stock_exhausted" and nobody_took and stock_empty:
            self.finish(
                Outcome(
                    (),
                    "draw",
                    t(
                        "Nobody took a laid card this round and the draws emptied the "
                        "stock: the game is drawn."
                    ),
                )
            )
            return
        super().end_round()
