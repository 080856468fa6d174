"""The rules of play of Construction: :class:`ConstructionGame`, a hand in play (whose turn it is,
which moves are legal, what a move does), and the numbers and helpers it plays by
(:mod:`referee.games.construction` replays a record with it).
"""

from __future__ import annotations

from bisect import bisect_left
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import NamedTuple

from referee.cards import Card, Rank, deck
from referee.engines.turns import IllegalMoveError, Outcome, TurnState
from referee.messages import Message, t

PACK: tuple[Card, ...] = tuple(deck(low=Rank.TWO))
PACKS = 3
SMALL_TOKENS = 6
TOP_ROW = 10
SIDES: tuple[str, str] = ("black", "red")
JOKER_COLUMN = {"black": 0, "red": 1}


BROKEN = t("This move is not allowed.")
"""What :meth:`ConstructionGame.allows` learns of an illegal move: that it is one (no sentence is made)."""


def side_of(card: Card) -> str:
    """The player a turned card belongs to: ``black`` for ♣ ♠, ``red`` for ♦ ♥."""
    return "red" if card.suit is not None and card.suit.is_red else "black"


def value(card: Card | None) -> int:
    """A card's value for the ≥ test: 2–10, J 11, Q 12, K 13, A 14; a Joker (``None`` here) 0."""
    return 0 if card is None else int(card.rank)


class Cell(NamedTuple):
    """A place on the grid: a vertical card at (column, row), or a bridge from column ``x`` to ``x + 1``.

    A named tuple, not a dataclass: places are hashed and compared on every step of a path, and a
    tuple does that in C (a frozen dataclass's ``__hash__`` and ``__eq__`` were 40 % of a random game).
    """

    x: int
    y: int
    bridge: bool = False

    def __str__(self) -> str:
        return f"{'H' if self.bridge else ''}{self.x}:{self.y}"


def _place_order(cell: Cell) -> tuple[int, int, bool]:
    """The order build_places lists places in: row, column, the upright card before the bridge."""
    return (cell.y, cell.x, cell.bridge)


@dataclass(frozen=True)
class Action:
    """What the owner of a turned card does with it; ``cells`` is the target or the path."""

    card: Card
    kind: str
    cells: tuple[Cell, ...] = ()
    token: int = 0
    """The small token moved (numbered from 1 in the order placed)."""

    def describe(self) -> Message:
        """``7♣: builds 0:1``, ``9♥: small token 2 to 1:1, 1:2``."""
        path = " ".join(map(str, self.cells))
        if self.kind == "build":
            return t("{card}: builds {cell}", card=self.card, cell=path)
        if self.kind == "large":
            return t("{card}: large token to {cell}", card=self.card, cell=path)
        if self.kind == "small":
            return t("{card}: small token {n} to {path}", card=self.card, n=self.token, path=path)
        if self.kind == "king":
            return (
                t("{card}: a new small token, then to {path}", card=self.card, path=path)
                if path
                else t("{card}: a new small token on the Joker", card=self.card)
            )
        return t("{card}: discarded", card=self.card)

    def __str__(self) -> str:
        extra = f" {self.token}" if self.kind == "small" else ""
        return " ".join([f"{self.card} {self.kind}{extra}", *map(str, self.cells)]).strip()


@lru_cache(maxsize=4096)
def track_ends(cell: Cell) -> tuple[Cell, ...]:
    """The places next to ``cell`` along the track, on the board or not: the ends of a bridge, or the cards
    above and below a vertical card and the bridges on either side (made once per place: a random game
    asks for them thousands of times a turn's worth).

    >>> [str(c) for c in track_ends(Cell(2, 1))], [str(c) for c in track_ends(Cell(2, 1, True))]
    (['2:0', '2:2', 'H1:1', 'H2:1'], ['2:1', '3:1'])
    """
    if cell.bridge:
        return (Cell(cell.x, cell.y), Cell(cell.x + 1, cell.y))
    return (
        Cell(cell.x, cell.y - 1),
        Cell(cell.x, cell.y + 1),
        Cell(cell.x - 1, cell.y, True),
        Cell(cell.x, cell.y, True),
    )


class ConstructionGame(TurnState[Action]):
    """A game of Construction; ``players[0]`` plays Black, ``players[1]`` Red.

    ``to_move`` is the seat of the player the next turned card will belong to, which only the card
    decides; :meth:`legal_moves` therefore takes the card.
    """

    def __init__(self, players: Sequence[str]):
        super().__init__(players, 0)
        self.board: dict[Cell, Card | None] = {Cell(0, 0): None, Cell(1, 0): None}  # None: a Joker
        self._places: list[Cell] = []
        """The places a card may be built, in build_places' order; kept up to date as cards are built."""
        for cell in self.board:
            self._add_places(cell)
        self.large: dict[str, Cell] = {s: Cell(JOKER_COLUMN[s], 0) for s in SIDES}
        self.small: dict[str, list[Cell]] = {s: [] for s in SIDES}
        self.reached: dict[str, bool] = dict.fromkeys(SIDES, False)
        self.stock: Counter[Card] = Counter({c: PACKS for c in PACK})
        self.discards: Counter[Card] = Counter()
        self.reshuffles = 0

    # -- the grid -------------------------------------------------------------------------------------------

    def neighbours(self, cell: Cell) -> list[Cell]:
        """The cards next to ``cell`` along the track (G5-A07)."""
        board = self.board
        return [c for c in track_ends(cell) if c in board]

    def can_build(self, cell: Cell) -> bool:
        """A free place that touches the track as the grid model says."""
        if cell in self.board or cell.y < 0:
            return False
        if cell.bridge:
            return Cell(cell.x, cell.y) in self.board or Cell(cell.x + 1, cell.y) in self.board
        if cell.y == 0:
            return False
        return (
            Cell(cell.x, cell.y - 1) in self.board
            or Cell(cell.x - 1, cell.y, True) in self.board
            or Cell(cell.x, cell.y, True) in self.board
        )

    def build_places(self) -> list[Cell]:
        """Every place a card may be built now, row by row.

        The board only grows, so a free place that touches the track stays one until a card is built
        there: the list is kept as cards are built (:meth:`_add_places`) instead of worked out from the
        whole board every turn, which made a game grow faster than its length.
        """
        return list(self._places)

    def _add_places(self, cell: Cell) -> None:
        """Update the places a card may be built after ``cell`` joined the board."""
        key = _place_order(cell)
        at = bisect_left(self._places, key, key=_place_order)
        if at < len(self._places) and self._places[at] == cell:
            del self._places[at]
        candidates = (
            [Cell(cell.x - 1, cell.y, True), Cell(cell.x, cell.y, True), Cell(cell.x, cell.y + 1)]
            if not cell.bridge
            else [Cell(cell.x, cell.y), Cell(cell.x + 1, cell.y)]
        )
        for place in candidates:
            if self.can_build(place):
                key = _place_order(place)
                at = bisect_left(self._places, key, key=_place_order)
                if at == len(self._places) or self._places[at] != place:
                    self._places.insert(at, place)

    def held_by(self, side: str) -> set[Cell]:
        """The cards a side's tokens stand on."""
        return {self.large[side], *self.small[side]}

    def blocks(self, side: str) -> bool:
        """Whether ``side``'s tokens hold every neighbour of the other side's large token (the ban)."""
        other = SIDES[1 - SIDES.index(side)]
        near = self.neighbours(self.large[other])
        return bool(near) and all(c in self.held_by(side) for c in near)

    # -- the moves ------------------------------------------------------------------------------------------

    def why_not(self, move: Action) -> Message | None:
        """The rule ``move`` breaks, or None when it is legal."""
        return self._broken(move, True)

    def allows(self, move: Action) -> bool:
        """Whether ``move`` is legal: :meth:`why_not` without its sentence (random play and the
        listing of legal moves test dozens of candidates a turn; a sentence is made only when asked)."""
        return self._broken(move, False) is None

    def _broken(self, move: Action, explain: bool) -> Message | None:
        """The rule ``move`` breaks (its sentence with ``explain``, else :data:`BROKEN`), or None."""
        side = side_of(move.card)
        other = SIDES[1 - SIDES.index(side)]
        if self.stock[move.card] == 0 and not (
            sum(self.stock.values()) == 0 and self.discards[move.card]
        ):
            return (
                t("No {card} is left in the stock to be turned.", card=move.card)
                if explain
                else BROKEN
            )
        king = move.card.rank is Rank.KING
        all_placed = len(self.small[side]) >= SMALL_TOKENS
        joker = Cell(JOKER_COLUMN[side], 0)
        held = self.held_by(other)
        # A placement is legal when a token is left, the Joker is free of the other side, and the ban allows it.
        can_place = (
            king and not all_placed and joker not in held and not self._banned(side, None, joker)
        )
        if king and not all_placed and move.kind != "king":
            if move.kind == "discard" and not can_place:
                return None
            if not explain:
                return BROKEN
            return t(
                "A king must put a small token on its owner's Joker while he has one and the Joker is free of "
                "the other side's tokens; otherwise it can only be discarded."
            )
        power = (
            12 if king else value(move.card)
        )  # with every small token placed, a king moves as a queen
        if move.kind == "discard":
            return None
        if move.kind == "build":
            if king:
                return t("A king is never built into the track.") if explain else BROKEN
            if len(move.cells) != 1 or not self.can_build(move.cells[0]):
                if not explain:
                    return BROKEN
                return t(
                    "A card may only be built on a free place that touches the track: a vertical card on the "
                    "card below it or at a bridge's end, a bridge beside a vertical card."
                )
            return None
        if move.kind == "large":
            if len(move.cells) != 1:
                return t("The large token moves exactly one card.") if explain else BROKEN
            return self._step(self.large[side], move.cells[0], power, held, explain)
        if move.kind == "small":
            if not 1 <= move.token <= len(self.small[side]):
                if not explain:
                    return BROKEN
                return t(
                    "{side} has no small token {n} on the board.",
                    side=self.players[SIDES.index(side)],
                    n=move.token,
                )
            start = self.small[side][move.token - 1]
            return self._path(start, move.cells, power, held, explain) or self._ban(
                side, move.token - 1, move.cells[-1], explain
            )
        if move.kind == "king":
            if not king:
                return t("Only a king places a small token.") if explain else BROKEN
            if not can_place:
                if not explain:
                    return BROKEN
                return t(
                    "No small token can be placed: all six are on the board, the Joker is held by the "
                    "other side, or the blocking ban forbids it."
                )
            if not move.cells:
                return None
            return self._path(joker, move.cells, 13, held, explain) or self._ban(
                side, None, move.cells[-1], explain
            )
        return t("Unknown action {kind!r}.", kind=move.kind) if explain else BROKEN

    def _step(
        self, start: Cell, cell: Cell, power: int, held: set[Cell], explain: bool
    ) -> Message | None:
        """The rule a step from ``start`` to ``cell`` breaks (``held``: the other side's places), or None."""
        board = self.board
        if cell not in board:
            return t("There is no card at {cell}.", cell=str(cell)) if explain else BROKEN
        # cell is on the board, so it is a neighbour of start exactly when it is one of its track ends
        if cell not in track_ends(start):
            if not explain:
                return BROKEN
            return t(
                "{cell} is not next to {start} along the track.", cell=str(cell), start=str(start)
            )
        if cell in held:
            if not explain:
                return BROKEN
            return t("A token of the other side stands on {cell}.", cell=str(cell))
        if value(board[cell]) > power:
            if not explain:
                return BROKEN
            return t(
                "The card turned must be at least as high as the card entered, and {card} at {cell} is "
                "higher.",
                card=board[cell],
                cell=str(cell),
            )
        return None

    def _path(
        self, start: Cell, cells: Sequence[Cell], power: int, held: set[Cell], explain: bool
    ) -> Message | None:
        if not 1 <= len(cells) <= 3:
            return t("A small token moves one, two or three cards.") if explain else BROKEN
        seen = {start}
        here = start
        for cell in cells:
            if cell in seen:
                if not explain:
                    return BROKEN
                return t("A small token's path may not visit a card twice or return to its start.")
            why = self._step(here, cell, power, held, explain)
            if why is not None:
                return why
            seen.add(cell)
            here = cell
        return None

    def _banned(self, side: str, index: int | None, end: Cell) -> bool:
        """Whether moving ``side``'s small token ``index`` (None: a new one) to ``end`` breaks the ban."""
        small = self.small[side]
        before = list(small)
        if index is None:
            small.append(end)
        else:
            small[index] = end
        blocked = self.blocks(side)
        self.small[side] = before
        return blocked

    def _ban(self, side: str, index: int | None, end: Cell, explain: bool) -> Message | None:
        if not self._banned(side, index, end):
            return None
        if not explain:
            return BROKEN
        return t(
            "The other side's large token would have no free card next to it (the blocking ban)."
        )

    def legal_moves(self, card: Card | None = None, *, builds: bool = True) -> list[Action]:
        """Every use of ``card`` (by default, every card still in the stock); without ``builds``, all
        but the builds (a card that may be built may be built on every one of :meth:`build_places`,
        which grow with the track: random play draws one of them instead of listing them).

        The moves are those of :meth:`candidates` that :meth:`why_not` allows, in the same order, but
        made without testing each: a token's paths are walked only through cards it may enter
        (a path with a forbidden step has no legal continuation), and the ban is tested against the
        other side's large token once a turn (the tests compare the two ways)."""
        if self.is_over():
            return []
        out: list[Action] = []
        for c in self._cards(card):
            out += self._uses(c, builds)
        return out

    def _cards(self, card: Card | None) -> list[Card]:
        if card is not None:
            return [card]
        return sorted(c for c, n in self.stock.items() if n) or sorted(
            c for c, n in self.discards.items() if n
        )

    def candidates(self, card: Card | None = None, *, builds: bool = True) -> list[Action]:
        """Every action of ``card`` the grid allows a shape for, legal or not (:meth:`legal_moves` keeps
        the legal ones); the yardstick of its faster listing."""
        out: list[Action] = []
        for c in self._cards(card):
            side = side_of(c)
            out.append(Action(c, "discard"))
            if builds:
                out += [Action(c, "build", (p,)) for p in self.build_places()]
            out += [Action(c, "large", (p,)) for p in self.neighbours(self.large[side])]
            for k, start in enumerate(self.small[side], 1):
                out += [Action(c, "small", path, k) for path in self.paths(start)]
            if c.rank is Rank.KING:
                joker = Cell(JOKER_COLUMN[side], 0)
                out += [Action(c, "king")] + [Action(c, "king", path) for path in self.paths(joker)]
        return out

    def _uses(self, c: Card, builds: bool) -> list[Action]:
        """The legal uses of one card, in :meth:`candidates`' order (see :meth:`legal_moves`)."""
        stock = self.stock
        if stock[c] == 0 and not (sum(stock.values()) == 0 and self.discards[c]):
            return []
        side = side_of(c)
        other = SIDES[1 - SIDES.index(side)]
        king = c.rank is Rank.KING
        small = self.small[side]
        all_placed = len(small) >= SMALL_TOKENS
        joker = Cell(JOKER_COLUMN[side], 0)
        held = self.held_by(other)
        near = self.neighbours(self.large[other])
        mine = self.large[side]

        def uncovered(index: int | None) -> list[Cell] | None:
            # The cards next to the other large token that side's tokens other than ``index`` leave
            # free; None when there are none next to it (the ban cannot apply). A move of token
            # ``index`` (None: a new one) to ``end`` breaks the ban when only ``end`` is left free.
            if not near:
                return None
            places = {mine, *(p for k, p in enumerate(small) if k != index)}
            return [p for p in near if p not in places]

        def banned(free: list[Cell] | None, end: Cell) -> bool:
            return free is not None and (not free or (len(free) == 1 and free[0] == end))

        new_token = uncovered(None)
        can_place = king and not all_placed and joker not in held and not banned(new_token, joker)
        if king and not all_placed:
            if not can_place:
                return [Action(c, "discard")]
            return [Action(c, "king")] + [
                Action(c, "king", path)
                for path in self._open_paths(joker, 13, held)
                if not banned(new_token, path[-1])
            ]
        power = 12 if king else value(c)
        out = [Action(c, "discard")]
        if builds and not king:
            out += [Action(c, "build", (p,)) for p in self.build_places() if self.can_build(p)]
        board = self.board
        out += [
            Action(c, "large", (p,))
            for p in self.neighbours(mine)
            if p not in held and value(board[p]) <= power
        ]
        for k, start in enumerate(small, 1):
            free = uncovered(k - 1)
            out += [
                Action(c, "small", path, k)
                for path in self._open_paths(start, power, held)
                if not banned(free, path[-1])
            ]
        return out

    def _open_paths(self, start: Cell, power: int, held: set[Cell]) -> list[tuple[Cell, ...]]:
        """:meth:`paths` from ``start`` whose every step is allowed to a token of ``power`` (cards no
        higher, none held by the other side), in the same order: a walk that stops at a forbidden card."""
        out: list[tuple[Cell, ...]] = []
        board = self.board

        def walk(here: Cell, path: tuple[Cell, ...]) -> None:
            for cell in track_ends(here):
                if (
                    cell in board
                    and cell != start
                    and cell not in path
                    and cell not in held
                    and value(board[cell]) <= power
                ):
                    longer = path + (cell,)
                    out.append(longer)
                    if len(path) < 2:
                        walk(cell, longer)

        walk(start, ())
        return out

    def paths(self, start: Cell) -> list[tuple[Cell, ...]]:
        """Every path of one to three cards from ``start`` that visits no card twice (ranks not checked)."""
        out: list[tuple[Cell, ...]] = []

        def walk(here: Cell, path: tuple[Cell, ...]) -> None:
            for cell in self.neighbours(here):
                if cell != start and cell not in path:
                    out.append(path + (cell,))
                    if len(path) < 2:
                        walk(cell, path + (cell,))

        walk(start, ())
        return out

    def is_legal(self, move: Action) -> bool:
        """Checks the one action."""
        return not self.is_over() and self.allows(move)

    def why_illegal(self, move: Action) -> IllegalMoveError:
        """The error naming the rule the action breaks."""
        message = self.why_not(move) or t("This move is not allowed.")
        return IllegalMoveError(message, code=f"construction.{move.kind}", rule=move.kind)

    def apply(self, move: Action) -> None:
        """Turn the card, use it, reshuffle an empty stock, and see whether a large token has won."""
        if sum(self.stock.values()) == 0:
            self.stock, self.discards = self.discards, Counter()
            self.reshuffles += 1
        self.stock[move.card] -= 1
        side = side_of(move.card)
        self.to_move = SIDES.index(side)
        if move.kind == "build":
            self.board[move.cells[0]] = move.card
            self._add_places(move.cells[0])
            return
        self.discards[move.card] += 1
        if move.kind == "large":
            cell = move.cells[0]
            self.large[side] = cell
            if not cell.bridge and cell.y >= TOP_ROW:
                self.reached[side] = True
            if self.reached[side] and cell == Cell(JOKER_COLUMN[side], 0):
                player = self.players[SIDES.index(side)]
                self.finish(
                    Outcome(
                        (player,),
                        "game.home",
                        t(
                            "{player}'s large token has been up to row {row} "
                            "and is back on its own Joker.",
                            player=player,
                            row=TOP_ROW,
                        ),
                    )
                )
        elif move.kind == "small":
            self.small[side][move.token - 1] = move.cells[-1]
        elif move.kind == "king":
            self.small[side].append(move.cells[-1] if move.cells else Cell(JOKER_COLUMN[side], 0))
