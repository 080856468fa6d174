"""The rules of play of Stealing Bundles: :class:`BundlesState`, a hand in play (whose turn it is,
which moves are legal, what a move does), and the numbers and helpers it plays by
(:mod:`referee.games.stealing_bundles` replays a record with it).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from operator import attrgetter
from typing import Any

from referee.cards import Card
from referee.engines.fishing import PackState
from referee.engines.fishing_moves import Play, plain_play
from referee.engines.turns import IllegalMoveError, Outcome
from referee.messages import t
from referee.records.hands import DECK

TABLE_START = 4
"""Cards laid face up on the table before the first round."""
HAND = 4
"""Cards to each player in every round."""


RANK = attrgetter("rank")
ALONE: dict[Card, Play] = {c: Play(c) for c in DECK}
"""Each card played alone (it matches nothing), made once: random play picks among them."""


class BundlesState(PackState[Play]):
    """A game of Stealing Bundles from a given pack (top card first), move by move.

    ``capture`` and ``leftovers`` are the values of the options of the same names.
    """

    def __init__(
        self,
        players: Sequence[str],
        dealer: int,
        pack: Sequence[Card],
        capture: str = "one_target",
        leftovers: str = "not_counted",
        ties: str = "shared",
    ):
        super().__init__(players, dealer, pack)
        self.capture = capture
        self.leftovers = leftovers
        self.ties = ties
        self.table: list[Card] = self.draw(TABLE_START)
        self.bundles: list[list[Card]] = [[] for _ in players]
        self.last_capturer: int | None = None
        self.round = 0
        self._legal: list[Play] | None = None
        self.deal_round()

    def deal_round(self) -> None:
        """Four cards to each player, one at a time clockwise from the dealer's left."""
        self.deal(
            min(HAND, len(self.stock) // len(self.players))
        )  # G9-S12; with 2–4 players it is always four
        self.round += 1

    def top(self, seat: int) -> Card | None:
        """The face-up top card of a player's bundle; None while it is empty."""
        bundle = self.bundles[seat]
        return bundle[-1] if bundle else None

    def elsewhere(self) -> int:
        """The table and the bundles (:meth:`card_count` adds the hands and the stock: always 52)."""
        return len(self.table) + sum(map(len, self.bundles))

    def targets(self, card: Card) -> tuple[list[Card], list[str]]:
        """The table cards and the other players' bundles whose top card match ``card`` by rank."""
        rank, me = card.rank, self.to_move
        # a bundle's top card is its last (see top()); looked at inline, as every move asks
        bundles = [
            name
            for s, (name, bundle) in enumerate(zip(self.players, self.bundles, strict=True))
            if s != me and bundle and bundle[-1].rank == rank
        ]
        table = [c for c in self.table if c.rank == rank]
        if len(table) > 1:
            table.sort()
        return table, bundles

    def plays_of(self, card: Card) -> list[Play]:
        """The legal plays of one card in hand, by the ``capture`` option."""
        return self._plays(card, *self.targets(card))

    def _plays(self, card: Card, table: list[Card], bundles: list[str]) -> list[Play]:
        if not table and not bundles:
            return [plain_play(card)]
        if self.capture == "everything":
            return [Play(card, tuple(table), tuple(bundles))]
        if self.capture == "all_table_matches":
            plays = [Play(card, tuple(table))] if table else []
        else:
            plays = [Play(card, (c,)) for c in table]
        return plays + [Play(card, bundles=(b,)) for b in bundles]

    def legal_moves(self) -> list[Play]:
        """Every legal play of the player to move."""
        if self.is_over():
            return []
        if self._legal is None:
            # Group the table and the other bundles' tops by rank once, not once per card in hand.
            me = self.to_move
            table: dict[Any, list[Card]] = {}
            for c in self.table:
                table.setdefault(c.rank, []).append(c)
            tops: dict[Any, list[str]] = {}
            for seat, bundle in enumerate(self.bundles):
                if bundle and seat != me:
                    tops.setdefault(bundle[-1].rank, []).append(self.players[seat])
            self._legal = [
                p
                for c in self.hands[me]
                for p in self._plays(c, sorted(table.get(c.rank, ())), tops.get(c.rank, []))
            ]
        return self._legal

    def random_move(self, rng: random.Random) -> Play | None:
        """As :meth:`legal_moves` would give it, without listing every play: count each card's plays
        (by the ``capture`` option), draw one, and build only that play."""
        if self._outcome is not None or not self.hands[self.to_move]:
            return None
        return self._random_play(rng.random)

    def _random_play(self, rand: Callable[[], float]) -> Play:
        me, capture, bundles, hand = (
            self.to_move,
            self.capture,
            self.bundles,
            self.hands[self.to_move],
        )
        on_table = list(map(RANK, self.table))
        tops = [b[-1].rank if b and s != me else None for s, b in enumerate(bundles)]
        if capture == "one_target":  # a play per target, or the card alone
            counts = [on_table.count(r) + tops.count(r) or 1 for r in map(RANK, hand)]
        elif capture == "all_table_matches":  # the table matches together, or one bundle
            counts = [(r in on_table) + tops.count(r) or 1 for r in map(RANK, hand)]
        else:  # everything: one play a card
            counts = [1] * len(hand)
        total = sum(counts)
        k = int(rand() * total) if total > 1 else 0
        for c, n in zip(hand, counts, strict=True):
            if k >= n:
                k -= n
                continue
            rank = c.rank
            if rank not in on_table and rank not in tops:
                return ALONE[c]
            table = sorted([x for x in self.table if x.rank is rank])
            names = [self.players[s] for s, top in enumerate(tops) if top is rank]
            if capture == "everything":
                return Play(c, tuple(table), tuple(names))
            takes = (1 if table else 0) if capture == "all_table_matches" else len(table)
            if k >= takes:
                return Play(c, bundles=(names[k - takes],))
            return Play(c, tuple(table) if capture == "all_table_matches" else (table[k],))
        raise AssertionError("a draw below the count finds its play")

    def play_randomly(self, rng: random.Random, limit: int = 100_000) -> None:
        """With ``capture: one_target``, :meth:`random_move` and :meth:`apply` inline, as the generic loop
        makes them (the tests compare the two): the table's ranks and the bundles' top ranks are kept
        beside the table and the bundles, so a play is counted and chosen without listing any.
        Other options go the generic way."""
        if self.capture != "one_target":
            super().play_randomly(rng, limit)
            return
        rand, hands, bundles, table, players = (
            rng.random,
            self.hands,
            self.bundles,
            self.table,
            self.players,
        )
        add, n = self.moves.append, len(players)
        ranks = list(map(RANK, table))
        tops = [b[-1].rank if b else None for b in bundles]
        for _ in range(limit):
            me = self.to_move
            hand = hands[me]
            if self._outcome is not None or not hand:
                break
            mine, tops[me] = tops[me], None  # his own bundle is not a target
            counts = [ranks.count(r) + tops.count(r) or 1 for r in map(RANK, hand)]
            total = sum(counts)
            k = int(rand() * total) if total > 1 else 0
            i = 0
            for count in counts:
                if k < count:
                    break
                k -= count
                i += 1
            card = hand.pop(i)
            rank = card.rank
            matches = ranks.count(rank)
            if k < matches:  # the k-th matching table card, in order
                taken = sorted([x for x in table if x.rank is rank])[k]
                at = table.index(taken)
                del table[at], ranks[at]
                bundles[me] += (taken, card)
                tops[me] = rank
                self.last_capturer = me
                move = Play(card, (taken,))
            elif (
                rank in tops
            ):  # the bundle of the (k - matches)-th matching player, in seating order
                seat = [s for s, top in enumerate(tops) if top is rank][k - matches]
                bundles[me] += bundles[seat]
                bundles[me].append(card)
                bundles[seat] = []
                tops[seat], tops[me] = None, rank
                self.last_capturer = me
                move = Play(card, bundles=(players[seat],))
            else:  # it matches nothing and stays on the table
                table.append(card)
                ranks.append(rank)
                tops[me] = mine
                move = ALONE[card]
            add(move)
            self.to_move = (me + 1) % n
            if any(hands):
                continue
            if len(self.stock) >= n:
                self.deal_round()
            else:
                self.finish(decide(self.scores(final=True), self.ties))
        self._legal = None

    def is_legal(self, move: Play) -> bool:
        """Only the plays of the card played need to be worked out."""
        return (
            not self.is_over()
            and move.card in self.hands[self.to_move]
            and move in self.plays_of(move.card)
        )

    def why_illegal(self, move: Play) -> IllegalMoveError:
        """The rule a play breaks: not in hand, a capture that does not match, or a capture left out."""
        if move.card not in self.hands[self.to_move]:
            return self.not_held(move.card)
        table, bundles = self.targets(move.card)
        wrong = [c for c in move.table if c not in table]
        if wrong:
            return self.refuse(
                t(
                    "{card} cannot take {cards}: only a card of the same rank lying on the table can be "
                    "taken.",
                    card=move.card,
                    cards=wrong,
                ),
                "play.no_such_table_card",
                "capture",
            )
        for other in move.bundles:
            if other in bundles:
                continue
            seat = self.players.index(other)
            if seat == self.to_move:
                message = t(
                    "Nobody steals his own bundle; {card} cannot take {player}'s.",
                    card=move.card,
                    player=other,
                )
            elif not self.bundles[seat]:
                message = t(
                    "{player} has no bundle yet, so {card} cannot steal it.",
                    player=other,
                    card=move.card,
                )
            else:
                message = t(
                    "{card} cannot steal the bundle of {player}: its top card is {top}, and only a bundle "
                    "whose top card has the same rank can be stolen.",
                    card=move.card,
                    player=other,
                    top=self.bundles[seat][-1],
                )
            return self.refuse(message, "play.no_such_bundle", "steal")
        if not move.captures:
            return self.refuse(
                t(
                    "{player}'s {card} matches a card on the table or the top of another player's "
                    "bundle, so he must take one of them (capturing is compulsory).",
                    player=self.players[self.to_move],
                    card=move.card,
                ),
                "play.capture_compulsory",
                "capture",
            )
        if self.capture == "one_target":
            return self.refuse(
                t(
                    "A played card takes exactly one thing: one table card or one bundle "
                    "(capture: one_target)."
                ),
                "play.one_target",
                "capture",
            )
        if self.capture == "all_table_matches":
            return self.refuse(
                t(
                    "A played card takes every matching table card together, or else one bundle "
                    "(capture: all_table_matches)."
                ),
                "play.all_table_matches",
                "capture",
            )
        return self.refuse(
            t(
                "A played card takes every matching table card and every matching bundle "
                "(capture: everything)."
            ),
            "play.everything",
            "capture",
        )

    def apply(self, move: Play) -> None:
        """Take the cards (stolen bundles, then table cards, the played card on top) or leave it on the table."""
        me = self.to_move
        self.hands[me].remove(move.card)
        self._legal = None
        if move.captures:
            pile = self.bundles[me]
            for name in move.bundles:
                seat = self.players.index(name)
                pile.extend(self.bundles[seat])
                self.bundles[seat] = []
            for card in move.table:
                self.table.remove(card)
            pile.extend(move.table)
            pile.append(move.card)
            self.last_capturer = me
        else:
            self.table.append(move.card)
        self.to_move = self.next_seat(me)
        if any(self.hands):
            return
        if len(self.stock) >= len(self.players):
            self.deal_round()
        else:
            self.finish(decide(self.scores(final=True), self.ties))

    def bundle_sizes(self) -> dict[str, int]:
        """The cards in each player's bundle."""
        return {p: len(b) for p, b in zip(self.players, self.bundles, strict=True)}

    def scores(self, final: bool = False) -> dict[str, int]:
        """Cards in each bundle; at the end (or with ``final``) with the table's leftovers for the last
        capturer, if the option ``leftovers`` says so."""
        scores = self.bundle_sizes()
        if (
            (final or self.is_over())
            and self.leftovers == "last_capturer"
            and self.last_capturer is not None
        ):
            scores[self.players[self.last_capturer]] += len(self.table)
        return scores


def decide(scores: dict[str, int], ties: str) -> Outcome:
    """Who has the most cards.

    >>> decide({"Anna": 30, "Boris": 22}, "shared").winners
    ('Anna',)
    >>> decide({"Anna": 24, "Boris": 24}, "shared").code, decide({"Anna": 24, "Boris": 24}, "draw").winners
    ('shared_win', ())
    """
    best = max(scores.values())
    leaders = tuple(p for p, v in scores.items() if v == best)
    if len(leaders) == 1:
        return Outcome(
            leaders,
            "most_cards",
            t("{player} has the most cards ({n}) and wins.", player=leaders[0], n=best),
            scores,
        )
    if ties == "draw":
        return Outcome(
            (),
            "draw",
            t(
                "{players} have the most cards ({n} each): the game is drawn (ties: draw).",
                players=list(leaders),
                n=best,
            ),
            scores,
        )
    return Outcome(
        leaders,
        "shared_win",
        t(
            "{players} have the most cards ({n} each) and share the win.",
            players=list(leaders),
            n=best,
        ),
        scores,
    )
