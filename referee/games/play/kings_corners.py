"""The rules of play of Kings Corners: :class:`KingsCornersHand`, a hand in play (whose turn it is,
which moves are legal, what a move does), and the numbers and helpers it plays by
(:mod:`referee.games.kings_corners` replays a record with it).
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from referee.cards import Card, Rank, deck
from referee.engines.cards_left import CardsLeft
from referee.engines.turn_lines import MovesThenDraw
from referee.engines.turns import IllegalMoveError, Outcome, WordedMove
from referee.messages import N_, Message, t

DECK: tuple[Card, ...] = tuple(deck(low=Rank.TWO))


SIDES: tuple[str, ...] = ("N", "E", "S", "W")
CORNERS: tuple[str, ...] = ("NE", "SE", "SW", "NW")
PILES: tuple[str, ...] = SIDES + CORNERS
KING_PENALTY, CARD_PENALTY = 10, 1


def colour(card: Card) -> bool:
    """True for a red card."""
    return card.suit is not None and card.suit.is_red


def value(card: Card) -> int:
    """The rank with the ace low: A 1, 2 … 10, J 11, Q 12, K 13.

    >>> from referee.notation import parse_card
    >>> [value(parse_card(c)) for c in ("AS", "10H", "KC")]
    [1, 10, 13]
    """
    return 1 if card.rank is Rank.ACE else int(card.rank)


def fits(card: Card, top: Card) -> bool:
    """Whether ``card`` may go on ``top``: one rank lower and of the other colour.

    >>> from referee.notation import parse_card
    >>> fits(parse_card("QH"), parse_card("KS")), fits(parse_card("QS"), parse_card("KC"))
    (True, False)
    """
    return value(card) == value(top) - 1 and colour(card) != colour(top)


ACCEPTS: dict[Card, frozenset[Card]] = {
    top: frozenset(c for c in DECK if fits(c, top)) for top in DECK
}
"""The cards that fit on each top card (two, or none on an ace): a pile's legal cards by lookup."""


def penalty(cards: Sequence[Card]) -> int:
    """Penalty points for the cards left in a hand: a king 10, any other card 1."""
    return left_penalty(CardsLeft.of(cards))


def left_penalty(left: CardsLeft) -> int:
    """Penalty points for the cards left, perhaps only counted (:func:`penalty`)."""
    return left.kings * KING_PENALTY + left.others * CARD_PENALTY


@dataclass(frozen=True)
class Play(WordedMove):
    """A card from hand onto a pile (or into an empty side, or a king into an empty corner): ``7♥ on N``."""

    card: Card
    pile: str
    words = N_("{card} on {pile}")


@dataclass(frozen=True)
class Shift(WordedMove):
    """A whole pile moved onto another pile (or a king pile into an empty corner): ``pile W onto N``."""

    source: str
    target: str
    words = N_("pile {source} onto {target}")
    text = "{source} onto {target}"


@dataclass(frozen=True)
class EndTurn(WordedMove):
    """The end of a turn: the top card of the stock is drawn, if there is one (``draws``)."""

    words = N_("draws")


KingsMove = Play | Shift | EndTurn
"""A move of Kings Corners."""

PLAYS: dict[Card, dict[str, Play]] = {c: {p: Play(c, p) for p in PILES} for c in DECK}
"""Every card onto every pile, made once (random play looks its moves up)."""
SHIFTS: dict[tuple[str, str], Shift] = {(a, b): Shift(a, b) for a in SIDES for b in PILES if a != b}
"""Every pile move from a side, made once."""


def first_seat(dealer: int, n: int, options: Mapping[str, Any]) -> int:
    """The seat with the first turn of a hand of ``n`` players: the dealer's, or with ``first_player:
    left_of_dealer`` his left-hand neighbour's (G7-S6, G7-A3).

    >>> first_seat(2, 3, {}), first_seat(2, 3, {"first_player": "left_of_dealer"})
    (2, 0)
    """
    return dealer if options.get("first_player", "dealer") == "dealer" else (dealer + 1) % n


class KingsCornersHand(MovesThenDraw[KingsMove]):
    """One hand of Kings Corners, from the hands (in seat order), the four side cards and the stock.

    ``stock`` is listed from the top. ``first`` is the seat that has the first turn.
    """

    end_turn = EndTurn()

    def __init__(
        self,
        players: Sequence[str],
        hands: Sequence[Sequence[Card]],
        sides: Sequence[Card],
        stock: Sequence[Card],
        first: int = 0,
        end_when_out: bool = False,
        kings_compulsory: bool = False,
    ):
        super().__init__(players, first)
        self.hands: list[list[Card]] = [list(h) for h in hands]
        self.piles: dict[str, list[Card]] = {p: [] for p in PILES}
        for pile, card in zip(SIDES, sides, strict=True):
            self.piles[pile].append(card)
        self.stock: list[Card] = list(reversed(stock))  # the top is the end of the list
        self.end_when_out, self.kings_compulsory = end_when_out, kings_compulsory
        self.idle_turns = 0
        """Turns in a row, taken with the stock empty, in which no card came from a hand."""
        self.stock_empty_at_start = not self.stock

    @classmethod
    def dealt(
        cls,
        players: Sequence[str],
        hands: Sequence[Sequence[Card]],
        sides: Sequence[Card],
        stock: Sequence[Card],
        dealer: int,
        options: Mapping[str, Any],
    ) -> KingsCornersHand:
        """A hand as seat ``dealer`` dealt it, played by the game's ``options`` (one left out has its default)."""
        return cls(
            players,
            hands,
            sides,
            stock,
            first_seat(dealer, len(players), options),
            options.get("end_when_out", False),
            options.get("kings_compulsory", False),
        )

    # -- the rules ----------------------------------------------------------------------------------

    def why_not(self, move: KingsMove) -> Message | None:
        """The rule ``move`` breaks now, or None when it is legal."""
        seat = self.to_move
        if isinstance(move, EndTurn):
            if (
                self.kings_compulsory
                and any(c.rank is Rank.KING for c in self.hands[seat])
                and any(not self.piles[c] for c in CORNERS)
            ):
                return t(
                    "{player} holds a king and a corner is empty: with kings_compulsory he must put the king "
                    "there before he draws.",
                    player=self.players[seat],
                )
            return None
        if isinstance(move, Play):
            if move.card not in self.hands[seat]:
                return t(
                    "{player} does not hold {card}.", player=self.players[seat], card=move.card
                )
            if move.pile not in self.piles:
                return t("There is no pile {pile}.", pile=move.pile)
            pile = self.piles[move.pile]
            if not pile:
                if move.pile in CORNERS and move.card.rank is not Rank.KING:
                    return t(
                        "Only a king may start a pile in an empty corner such as {pile}.",
                        pile=move.pile,
                    )
                return None
            return (
                None if fits(move.card, pile[-1]) else self._misfit(move.card, pile[-1], move.pile)
            )
        source, target = self.piles.get(move.source), self.piles.get(move.target)
        if source is None or target is None:
            return t(
                "There is no pile {pile}.", pile=move.source if source is None else move.target
            )
        if not source:
            return t("Pile {pile} is empty; there is nothing to move.", pile=move.source)
        if move.source in CORNERS:
            return t(
                "A corner pile starts with a king, and nothing goes on a king: it cannot be moved."
            )
        if not target:
            if move.target in CORNERS and source[0].rank is Rank.KING:
                return None
            return t(
                "A whole pile may only go onto another pile, or into an empty corner when a king is at its "
                "bottom."
            )
        return (
            None
            if fits(source[0], target[-1])
            else self._misfit(source[0], target[-1], move.target)
        )

    @staticmethod
    def _misfit(card: Card, top: Card, pile: str) -> Message:
        if top.rank is Rank.ACE:
            return t("Nothing goes on an ace, and {pile} ends with {top}.", pile=pile, top=top)
        return t(
            "{card} cannot go on {top} in {pile}: the card must be one rank lower and of the other colour.",
            card=card,
            top=top,
            pile=pile,
        )

    def legal_moves(self) -> list[KingsMove]:
        """Every card onto every pile it fits, every pile move that fits, and the end of the turn."""
        return [] if self.is_over() else self._moves()

    def random_move(self, rng: random.Random) -> KingsMove | None:
        """One of :meth:`legal_moves`, drawn with ``rng``."""
        if self._outcome is not None:
            return None
        moves = self._moves()
        if len(moves) < 2:
            return moves[0] if moves else None
        return moves[int(rng.random() * len(moves))]

    def _moves(self) -> list[KingsMove]:
        """The legal moves of a turn in progress, card by card and pile by pile, then the pile moves
        and the end of the turn; each looked up (:data:`PLAYS`, :data:`SHIFTS`) instead of made, and
        no message built for a refused candidate: random play lists them at every turn."""
        piles, moves, sides = self.piles, [], SIDES
        # What each pile accepts, looked up once from its top card (None: an empty pile), instead of
        # testing every card against every pile.
        accepts = [(name, ACCEPTS[pile[-1]] if (pile := piles[name]) else None) for name in PILES]
        for card in self.hands[self.to_move]:
            king, plays = card.rank is Rank.KING, PLAYS[card]
            for name, accepted in accepts:
                if card in accepted if accepted is not None else king or name in sides:
                    moves.append(plays[name])
        for source in sides:
            pile = piles[source]
            if not pile:
                continue
            bottom = pile[0]
            for target, accepted in accepts:
                if target != source and (
                    bottom in accepted
                    if accepted is not None
                    else target in CORNERS and bottom.rank is Rank.KING
                ):
                    moves.append(SHIFTS[source, target])
        if self.why_not(self.end_turn) is None:
            moves.append(self.end_turn)
        return moves

    def is_legal(self, move: KingsMove) -> bool:
        """Checks the one move instead of listing them all."""
        return self.why_not(move) is None

    def why_illegal(self, move: KingsMove) -> IllegalMoveError:
        """The error naming the rule: the fit, the corner, the pile move, a compulsory king."""
        message = self.why_not(move) or t("This move is not allowed.")
        rule = (
            "kings_compulsory"
            if isinstance(move, EndTurn)
            else "pile_move"
            if isinstance(move, Shift)
            else "hand"
            if move.card not in self.hands[self.to_move]
            else "play"
        )
        return IllegalMoveError(
            message, code=f"kings_corners.{rule}", rule=rule, legal=tuple(self.legal_moves())
        )

    def apply(self, move: KingsMove) -> None:
        """Carry out a legal move; a player who plays his last card is out, and his turn ends at once."""
        seat = self.to_move
        turn = self.turns[-1]
        turn.moves.append(move)
        if isinstance(move, Shift):
            self.piles[move.target].extend(self.piles[move.source])
            self.piles[move.source] = []
            return
        if isinstance(move, Play):
            self.hands[seat].remove(move.card)
            self.piles[move.pile].append(move.card)
            self.idle_turns = -1  # a card came from a hand in this turn
            if self.hands[seat]:
                return
            turn.out = True
            self.out.append(seat)
            self.idle_turns = 0
            holding = [s for s in range(len(self.players)) if self.hands[s]]
            if self.end_when_out or len(holding) <= 1:
                self._end("hand.out")
                return
            self.next_turn()
            return
        if self.stock:
            turn.drawn = self.stock.pop()
            self.hands[seat].append(turn.drawn)
        if self.idle_turns < 0:
            self.idle_turns = 0
        elif self.stock_empty_at_start:
            self.idle_turns += 1
            if self.idle_turns >= len(self.players) - len(self.out):
                self._end("hand.blocked")
                return
        else:
            self.idle_turns = 0
        self.next_turn()

    def next_turn(self) -> None:
        """The turn passes on; the new turn starts with the stock as it is, a card from a hand not yet played."""
        super().next_turn()
        self.stock_empty_at_start = not self.stock
        if self.idle_turns < 0:
            self.idle_turns = 0

    def _end(self, code: str) -> None:
        scores = {p: penalty(h) for p, h in zip(self.players, self.hands, strict=True)}
        out = tuple(self.players[s] for s in self.out)
        if code == "hand.blocked":
            reason = t(
                "The stock is empty and a full round passed with no card played from a hand: the hand is "
                "blocked."
            )
        else:
            reason = t("{player} is out, and the hand ends.", player=self.players[self.out[-1]])
        self.finish(Outcome(out, code, reason, scores))
