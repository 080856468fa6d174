"""The rules of play of Red and Black: :class:`RedBlackGame`, a hand in play (whose turn it is,
which moves are legal, what a move does), and the numbers and helpers it plays by
(:mod:`referee.games.red_and_black` replays a record with it).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, NamedTuple

from referee.cards import Card
from referee.engines.fishing_moves import Draw
from referee.engines.turns import IllegalMoveError, Outcome, TurnState
from referee.messages import Message, t, tn

DRAW = Draw()
"""The only move there is."""


def lose_message(losers: list[str], most: int) -> Message:
    """``Vera took the most cards (14) and loses.``, the verb agreeing with the number of losers."""
    return tn(
        "{players} took the most cards ({most}) and loses.",
        "{players} took the most cards ({most}) and lose.",
        len(losers),
        players=losers,
        most=most,
    )


def who_loses(taken: dict[str, int], ties: str) -> tuple[list[str], Message]:
    """Who took the most cards and loses (nobody after a tie with ``ties: nobody_loses``), and the sentence that
    says so; the losers in the order of ``taken``.

    >>> losers, why = who_loses({"Anna": 9, "Boris": 9, "Vera": 3}, "nobody_loses")
    >>> losers, str(why)
    ([], 'Anna and Boris share the most cards (9), so nobody loses (ties: nobody_loses).')
    """
    most = max(taken.values())
    losers = [p for p, k in taken.items() if k == most]
    if len(losers) > 1 and ties == "nobody_loses":
        return [], t(
            "{players} share the most cards ({n}), so nobody loses (ties: nobody_loses).",
            players=losers,
            n=most,
        )
    return losers, lose_message(losers, most)


def colour_name(red: bool) -> Message:
    """``red`` or ``black``, in the reader's language."""
    return t("red") if red else t("black")


_OVER = Outcome((), "over", t("The game is already over; no move can follow."))
"""What a game that has ended holds as its outcome until :meth:`RedBlackGame.outcome` is first asked for it
(never shown: :meth:`RedBlackGame.outcome` puts the real one in its place)."""


class Turn(NamedTuple):
    """One player's turn as it happened: the cards he took, and the card he discarded (None: the stock ran out).

    A named tuple, not a frozen dataclass: a check makes one per turn, and a tuple is made in a
    fraction of a dataclass's time (its ``__init__`` sets each field through ``object.__setattr__``).
    """

    seat: int
    taken: tuple[Any, ...]
    discarded: Any = None
    needed_red: bool = True
    """The colour needed during the turn: the discarded card's; the cards taken are of the other."""


class RedBlackGame(TurnState[Draw]):
    """One game, from the stock (top first, each item a :class:`Card` or only its colour, ``True`` for red).

    Seat 0 is the dealer's left, who draws first. ``needed_red`` is the colour on top of the pile.
    """

    def __init__(
        self,
        players: Sequence[str],
        stock: Sequence[Any],
        cards: Sequence[Card] | None = None,
        ties: str = "all_lose",
    ):
        super().__init__(players, 0)
        self.red: list[bool] = list(map(bool, stock))
        self.cards: list[Card] | None = list(cards) if cards is not None else None
        self.ties = ties
        self.position = 0
        self.needed_red = True  # the red starting card lies face up
        self.taken: list[int] = [0] * len(players)
        self.discards: list[bool] = []
        self._turns: list[Turn] = []
        self._rows: list[tuple[int, int, int, bool]] = []
        """Turns made by :meth:`play_randomly` not yet read (seat, first and last position, colour needed)."""
        self._current: list[Any] = []

    @property
    def turns(self) -> list[Turn]:
        """Every turn finished so far, in order."""
        if self._rows:
            # A slice of a tuple is a tuple (one copy, not two), and tuple.__new__ makes each turn
            # in C (a named tuple's own __new__ is a Python function): a check reads every turn.
            cards, new = tuple(self.cards or ()), tuple.__new__
            end = len(cards)
            self._turns.extend(
                [
                    new(Turn, (seat, cards[lo:hi], cards[hi] if hi < end else None, red))
                    for seat, lo, hi, red in self._rows
                ]
            )
            self._rows.clear()
        return self._turns

    def turn_lists(self) -> list[tuple[int, list[Any], Any, bool]]:
        """:attr:`turns` as plain tuples, each turn's cards taken as a new list (seat, taken, discarded,
        colour needed): a check's explanation of every turn reads a game played by
        :meth:`play_randomly` straight from its rows, with no :class:`Turn` made on the way.

        >>> game = RedBlackGame(["Anna", "Boris"], [False, True, True, False], ["2♠", "3♥", "4♥", "5♠"])
        >>> game.draw_to_the_end(); game.turn_lists()
        [(0, ['2♠'], '3♥', True), (1, ['4♥'], '5♠', False)]
        >>> game.turn_lists() == [(t.seat, list(t.taken), t.discarded, t.needed_red) for t in game.turns]
        True
        """
        cards = self.cards
        if self._turns or cards is None:
            return [(t.seat, list(t.taken), t.discarded, t.needed_red) for t in self.turns]
        end = len(cards)
        return [
            (seat, cards[lo:hi], cards[hi] if hi < end else None, red)
            for seat, lo, hi, red in self._rows
        ]

    def play_randomly(self, rng: random.Random, limit: int = 100_000) -> None:
        """Draw to the end: every move is forced, so no random number is drawn.

        A new game with its cards known is played turn by turn, as :meth:`apply` plays it draw by draw
        (the tests compare the two): a turn is the cards up to the next one of the colour needed, found
        with ``list.index``, and is kept as a row of positions until :attr:`turns` is read. Anything else
        (a game under way, a stock of colours only, a ``limit`` short of the stock) goes the generic way.
        """
        red, cards = self.red, self.cards
        if self.position or self.is_over() or cards is None or limit < len(red):
            super().play_randomly(rng, limit)
            return
        needed, seat, n, end = self.needed_red, self.to_move, len(self.players), len(red)
        taken, add, lo = self.taken, self._rows.append, 0
        while lo < end:
            try:
                hi = red.index(needed, lo)
            except ValueError:  # the stock runs out during the turn
                taken[seat] += end - lo
                add((seat, lo, end, needed))
                break
            taken[seat] += hi - lo
            add((seat, lo, hi, needed))
            needed = not needed
            seat = (seat + 1) % n
            lo = hi + 1
        self.discards.extend([row[3] for row in self._rows if row[2] < end])
        self.moves.extend([DRAW] * end)
        self.position, self.needed_red, self.to_move = end, needed, seat
        self._outcome = _OVER  # who lost, in words, when asked: a check counts the cards itself

    def draw_to_the_end(self) -> None:
        """Play the game out as a check replays it: every move is a forced draw, so no random number is
        drawn and no generator is made (seeding one cost a check of a record a fifth of its time)."""
        self.play_randomly(None)  # type: ignore[arg-type]  # forced moves never draw: no generator

    def item(self, i: int) -> Any:
        """The ``i``-th card of the stock as the record gives it: the card, or its colour."""
        return self.cards[i] if self.cards is not None else colour_name(self.red[i])

    def legal_moves(self) -> list[Draw]:
        """Draw, while the stock lasts."""
        return [] if self.is_over() else [Draw()]

    def is_legal(self, move: Draw) -> bool:
        """Every draw is legal until the stock is empty."""
        return not self.is_over() and isinstance(move, Draw)

    def why_illegal(self, move: Draw) -> IllegalMoveError:
        """The only move there is is a draw."""
        return IllegalMoveError(
            t("The only move is to draw from the stock."),
            code="red_and_black.draw",
            rule="draw",
            legal=tuple(self.legal_moves()),
        )

    def apply(self, move: Draw) -> None:
        """Draw the top card: discard it if it is the colour needed (the pile turns over), else take it."""
        i = self.position
        self.position += 1
        seat = self.to_move
        if self.red[i] == self.needed_red:
            self.discards.append(self.red[i])
            self.turns.append(Turn(seat, tuple(self._current), self.item(i), self.needed_red))
            self.needed_red = not self.needed_red
            self._current = []
            self.to_move = self.next_seat(seat)
        else:
            self.taken[seat] += 1
            self._current.append(self.item(i))
        if self.position == len(self.red):
            if self._current:
                self.turns.append(Turn(seat, tuple(self._current), None, self.needed_red))
            self._outcome = _OVER

    def outcome(self) -> Outcome | None:
        """How the game ended (who took the most cards), or None while it goes on.

        Worked out when first asked, not when the stock runs out: a check says who lost in its own
        words, in the seating order, and never asks.
        """
        outcome = self._outcome
        if outcome is not None and outcome.code == _OVER.code:  # by its code: a copied game's too
            outcome = self._outcome = self._end()
        return outcome

    def _end(self) -> Outcome:
        scores = dict(zip(self.players, self.taken, strict=True))
        losers, why = who_loses(scores, self.ties)
        if not losers:
            return Outcome(tuple(self.players), "game.tie_nobody_loses", why, scores)
        return Outcome(
            tuple(p for p in self.players if p not in losers), "game.most_cards_lose", why, scores
        )

    def taken_items(self) -> list[Any]:
        """Every card taken so far, turn by turn (the turn under way included)."""
        return [x for turn in self.turns for x in turn.taken] + (
            self._current if not self.is_over() else []
        )

    def pile_items(self) -> list[Any]:
        """The cards discarded on the pile so far, in order (the two starting cards are not among them)."""
        return [turn.discarded for turn in self.turns if turn.discarded is not None]

    def losers(self) -> list[str]:
        """The players who lost (none after a tie with ``ties: nobody_loses``)."""
        outcome = self.outcome()
        if outcome is None:
            return []
        return [p for p in self.players if p not in outcome.winners]
