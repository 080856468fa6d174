"""Construction (seed 002, game 5): two players build a track of cards and race a token up it and back.

Engine: :mod:`referee.engines.turns`. The board is this edition's **grid model** (DECISIONS.md, G5-A05):
vertical cards stand at ``(column, row)``, row 0 holding the two Jokers (Black's in column 0,
Red's in column 1); a **bridge** (a card laid across) ``H(x, y)`` joins the vertical places
``(x, y)`` and ``(x + 1, y)``. A card turned from the stock belongs to the player of its colour
(Black ♣ ♠, Red ♦ ♥), who uses it once: to build, to move his large token, to move a small token,
to place a small token after a king, or to discard it.

>>> from referee.notation import parse_card
>>> game = ConstructionGame(["Anna", "Boris"])
>>> [str(m) for m in game.legal_moves(parse_card("7C"))]
['7♣ discard', '7♣ build H-1:0', '7♣ build H0:0', '7♣ build H1:0', '7♣ build 0:1', '7♣ build 1:1']
>>> game.push(Action(parse_card("7C"), "build", (Cell(0, 1),)))
>>> game.push(Action(parse_card("8S"), "large", (Cell(0, 1),)))
>>> str(game.large["black"])
'0:1'
>>> game.push(Action(parse_card("5H"), "large", (Cell(1, 1),)))
Traceback (most recent call last):
...
referee.engines.turns.IllegalMoveError: There is no card at 1:1.
"""

from __future__ import annotations

from bisect import bisect_left
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, ClassVar, NamedTuple

from referee.cards import Card, Rank, Suit, deck
from referee.engines.deals import Deal, parsed_each
from referee.engines.game import DealResult, Game, Verdict, rule_table
from referee.engines.ledger import Ledger
from referee.engines.reader import Reader
from referee.engines.turn_lines import LineWords, replay_lines
from referee.engines.turns import IllegalMoveError, Outcome, TurnDuty, TurnLines, TurnState
from referee.errors import NotationError
from referee.messages import N_, Message, render, suit_name, t, tn
from referee.notation import parse_card
from referee.records.field_types import Field, PlayerName
from referee.records.fields import NOTE, RecordSpec
from referee.records.source import Document

PACK: tuple[Card, ...] = tuple(deck(low=Rank.TWO))
PACKS = 3
SMALL_TOKENS = 6
TOP_ROW = 10
SIDES: tuple[str, str] = ("black", "red")
JOKER_COLUMN = {"black": 0, "red": 1}
KINDS = ("build", "large", "small", "king", "discard")
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


def read_cell(token: str) -> Cell:
    """``0:3`` a vertical place, ``H0:3`` the bridge between columns 0 and 1 in row 3.

    >>> read_cell("h-1:2"), str(read_cell("2:10"))
    (Cell(x=-1, y=2, bridge=True), '2:10')
    """
    text = token.strip()
    bridge = text[:1] in ("H", "h")
    try:
        x, y = (int(part) for part in (text[1:] if bridge else text).split(":"))
    except ValueError:
        raise NotationError(
            t(
                "{token!r} is not a place: write column:row (0:3) or H and the left column of a "
                "bridge (H0:3).",
                token=token,
            ),
            code="record.bad_cell",
            rule="grid",
        ) from None
    return Cell(x, y, bridge)


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


def cards_exist(r: Reader, path: tuple[Any, ...], actions: Sequence[Action]) -> None:
    """Possible or exit 2: every card turned is in the stock (G5-A02). The three packs hold three of a
    card; the stock is made up again from the discards only once it is empty, and a card built stays
    on the board, so a card turned when no copy of it is left cannot exist (whatever was done with it).

    >>> from referee.records.source import load_text
    >>> r = Reader(load_text("{}"))
    >>> two = read_action("2♣ discard", "en")
    >>> cards_exist(r, ("turns",), [two] * 4); [(e.code, e.where.path) for e in r.errors]
    [('record.card_not_in_stock', 'turns[3]')]
    """
    stock: Counter[Card] = Counter({c: PACKS for c in PACK})
    discards: Counter[Card] = Counter()
    reshuffled = False
    for k, action in enumerate(actions):
        if stock.total() == 0:
            stock, discards, reshuffled = discards, Counter(), True
        card = action.card
        if stock[card] == 0:
            r.fail(
                (*path, k),
                t(
                    "No {card} is left in the stock to be turned: the stock was made up again from "
                    "the discards, and every {card} among them has been turned.",
                    card=card,
                )
                if reshuffled
                else t(
                    "The three packs hold three {card}, so a fourth cannot be turned before the "
                    "discards are made up into a new stock.",
                    card=card,
                ),
                "record.card_not_in_stock",
                "pack",
            )
            return
        stock[card] -= 1
        if action.kind != "build":
            discards[card] += 1


def read_action(text: Any, notation: str) -> Action:
    """One turn: the card turned, then what its owner does with it.

    >>> [str(read_action(x, "en")) for x in ("7c build 0:1", "9H small 2 1:1 1:2", "KS king", "5d discard")]
    ['7♣ build 0:1', '9♥ small 2 1:1 1:2', 'K♠ king', '5♦ discard']
    >>> str(read_action("Herz 10 large H0:0", "de"))
    '10♥ large H0:0'
    """
    words = str(text).split()
    kinds = [i for i, w in enumerate(words) if w.lower() in KINDS]
    if not kinds or kinds[0] == 0:
        raise NotationError(
            t(
                "{text!r} is not a turn: write the card, then build, large, small, king or discard "
                "and the places.",
                text=str(text),
            ),
            code="record.bad_action",
            rule="turns",
        )
    i = kinds[0]
    card = parse_card(" ".join(words[:i]).rstrip(","), notation)
    kind, rest = words[i].lower(), words[i + 1 :]
    token = 0
    if kind == "small":
        if not rest or not rest[0].isdigit():
            raise NotationError(
                t(
                    "{text!r}: after small comes the number of the small token, then its path.",
                    text=str(text),
                ),
                code="record.bad_action",
                rule="turns",
            )
        token, rest = int(rest[0]), rest[1:]
    cells = tuple(read_cell(w) for w in rest)
    if kind in ("build", "large", "small") and not cells:
        raise NotationError(
            t("{text!r}: the place is missing.", text=str(text)),
            code="record.bad_action",
            rule="turns",
        )
    return Action(card, kind, cells, token)


def localize_action(line: str, local: Any) -> str:
    """A turn's card rewritten for a template in another language; its use and places stay."""
    words = line.split()
    i = next(k for k, w in enumerate(words) if w.lower() in KINDS)
    return " ".join([local.cards([" ".join(words[:i])])[0], *words[i:]])


MOVE_USES: tuple[tuple[str, Message, int, int], ...] = (
    ("build", t("Build"), 1, 1),
    ("large", t("Move the large token"), 1, 1),
    ("small", t("Move a small token"), 1, 3),
    ("king", t("King: bring in a small token"), 0, 3),
    ("discard", t("Discard it"), 0, 0),
)
"""Each use of a turned card (:data:`KINDS`): its name in the table's words, and how many places follow
it in a turn's line (:func:`read_action`: a build's or the large token's one place, a small token's path
of one to three, a king's path of up to three after the token is placed, none for a discard)."""


@dataclass(frozen=True)
class TurnsByPickers(TurnLines):
    """Construction's turns, a line each; the form enters them turn by turn with pickers (issue 34).

    Its description tells the form what a turn is made of, in the page's language: the card turned (a
    rank and a suit), its use, the small token's number, and the places (a column, a row, and whether
    it is a card laid across: a bridge). The form writes each turn as :func:`read_action` reads it.

    >>> from referee.games import get_game
    >>> d = TURNS.describe(get_game("construction"), "en")
    >>> d["kind"], [(u["name"], u["places"]) for u in d["uses"]][2], d["tokens"]
    ('moves', ('small', [1, 3]), 6)
    """

    kind: ClassVar[str] = "moves"

    def describe(self, game: Any, lang: str) -> dict[str, Any]:
        # {n} is left in for the form to fill: the turn's or the place's number.
        words = {
            "turn": t("Turn {n}", n="{n}"),
            "card": t("Card turned"),
            "rank": t("Rank of the card turned"),
            "suit": t("Suit of the card turned"),
            "use": t("What was done with it"),
            "token": t("Small token number"),
            "place": t("Place {n}", n="{n}"),
            "column": t("Column"),
            "row": t("Row"),
            "across": t("Laid across (a bridge)"),
            "add": t("Add a turn"),
            "add_place": t("Add a place"),
            "remove": t("Remove turn {n}", n="{n}"),
            "remove_place": t("Remove the last place"),
        }
        return {
            "kind": self.kind,
            "uses": [
                {"name": name, "label": render(label, lang), "places": [least, most]}
                for name, label, least, most in MOVE_USES
            ],
            "tokens": SMALL_TOKENS,
            "words": {key: render(message, lang) for key, message in words.items()},
            # Each suit's spoken name, for its button (a screen reader says the sign's Unicode name).
            "suits": {suit.symbol: suit_name(suit, lang) for suit in Suit},
        }


TURNS = TurnsByPickers(
    N_("a non-empty list; each: the card turned and what was done with it"), localize_action
)


LINE_WORDS = LineWords(
    "construction",
    after_end=t("The game was already won; turn {k} cannot follow."),
    move=t("Turn {k} ({action}): {why}"),
    broken=t("Turn {k} breaks a rule; the game cannot be followed further."),
)
"""What stops a replay of the turns, in Construction's words (:func:`replay_lines`)."""


RECORD = RecordSpec(
    fields=(
        Field(
            "black",
            PlayerName(),
            t("The player who plays Black (the clubs and spades); the other plays Red."),
            required=True,
            label=t("Black player"),
            question=t("Who plays Black?"),
        ),
    ),
    without=("scores_before",),
    max_deals=1,
    samples={"summary": "construction/race-won"},
    deal=(
        Field(
            "turns",
            TURNS,
            t(
                "Every card turned, in order, each with its use: {build} builds a vertical card (column:row) or a "
                "bridge (H and the left column), {large} moves the large token, {small} moves small token 2 along up "
                "to three cards, {king} places a small token on the Joker (and may move it), {discard}.",
                build="7♣ build 0:1",
                large="9♠ large 0:1",
                small="8♥ small 2 1:1 1:2",
                king="K♦ king 1:1",
                discard="5♦ discard",
            ),
            required=True,
            label=t("Cards turned"),
            hint=t(
                "Every card turned, in order: its rank and suit, what its owner did with it, and "
                "the places: a column and a row, counted from Black's Joker at column 0, row 0 "
                "(Red's is at column 1); a bridge is laid across from the column on its left."
            ),
        ),
        Field(
            "winner",
            PlayerName(),
            t("The player the table says has won; the referee says whether it agrees."),
            label=t("Winner"),
            question=t("Who won, as the table says?"),
        ),
        NOTE,
    ),
)
"""What a Construction record holds (:mod:`referee.records.fields`)."""


RULE_TABLE = rule_table("""
G5-R01 | Two players; three packs of 52 and two Jokers | record.player_count (construction.build)
G5-R02 | Two large tokens and twelve small ones | (construction.small)
G5-R03 | The Jokers are the start cards, one card apart; the large tokens stand on them | (construction.large)
G5-R04 | Lots decide who plays Black and who plays Red | unchecked: the lot is drawn before the record begins
G5-R05 | The top card of the stock is turned and goes to the player of its colour | (construction.build)
G5-R06 | The card is used one of four ways: build, move the large token, a king's duty, or discard | record.bad_action
G5-R07 | After a discard the next card is turned | (construction.discard)
G5-R08 | A card on the table lies across or upright | (construction.build) (record.bad_cell)
G5-R09 | A card laid across touches upright cards with its short side | (construction.build)
G5-R10 | An upright card touches cards laid across with its long side | (construction.build)
G5-R11 | The track is columns of upright cards joined by cards across | (construction.build)
G5-R12 | Either player may build the track | unchecked: building is open to both, so there is nothing to refuse
G5-R13 | Only upright cards count towards the distance | claim (construction.claim)
G5-R14 | The large token moves one card, to a card no higher than the card turned | construction.large
G5-R15 | No token may stand on a card with a token of the other side | (construction.large) (construction.small)
G5-R16 | A king places a small token on its owner's Joker, which may then move up to three cards | (construction.king)
G5-R17 | A small token moves one to three cards, none higher than the card turned | construction.small
G5-R18 | Small tokens serve to block the other side | unchecked: a purpose, not a rule of play
G5-R19 | With all small tokens placed, a king moves as a Q and is never built | (construction.king) (construction.build)
G5-R20 | Small tokens may not leave the other side's large token without a free card next to it | (construction.small)
G5-R21 | When the stock runs out, the discards are shuffled into a new stock | (construction.build)
G5-R22 | The first large token up ten cards and back home to its Joker wins
    | construction.after_end construction.claim record.too_many_deals
G5-A01 | Values: 2 to 10 as printed, J 11, Q 12, K 13, A 14; a Joker 0 | (construction.large)
G5-A02 | Only two Jokers; the stock has 156 cards | record.card_not_in_stock (construction.build)
G5-A03 | The white tokens are Red's | unchecked: the colour of a token is cosmetic
G5-A04 | Six small tokens each | (construction.king)
G5-A05 | The board is a grid of upright cards and bridges | record.bad_cell construction.build
G5-A06 | Any card of one's colour may be built anywhere legal
    | unchecked: nothing is forbidden, so there is nothing to refuse
G5-A07 | Which cards are next to each other for moving | (construction.large) (construction.small)
G5-A08 | Up ten means an upright card in row ten, then back to the Joker | claim (construction.claim)
G5-A09 | A small token's path: one to three cards, none higher than the card turned | (construction.small)
G5-A10 | After a king the token just placed may move up to three cards | (construction.king)
G5-A11 | With all small tokens placed, a king counts as 12 for moving | (construction.king)
G5-A12 | A king that cannot place a token can only be discarded | (construction.king) construction.discard
G5-A13 | A large token may enter the other Joker only if no token of the other side is on it | (construction.large)
G5-A14 | The blocking ban: after any small-token move a free card must remain next to the other large token
    | (construction.small)
G5-A15 | A discard is always allowed | (construction.discard)
G5-A16 | The large token may move in any direction on the way up
    | unchecked: nothing is forbidden, so there is nothing to refuse
G5-D01 | Kings, stated once: place a token if possible, else only discard; with all placed, a Q for moving only
    | construction.king
G5-D02 | The blocking ban applies only while the other large token has a card next to it | (construction.small)
""")
"""Every rule of Construction: what enforces it, or why no record can show it (``referee rules``)."""


class Construction(Game):
    """The referee for Construction."""

    slug = "construction"
    rule_table = RULE_TABLE
    claim_rule = "G5-A08"  # what a deal scores: the rule a disagreeing claim breaks
    names: ClassVar[dict[str, str]] = {
        "en": "Construction",
        "ru": "Конструкция",
        "de": "Konstruktion",
    }
    player_counts = (2,)
    options = ()
    record = RECORD
    kind = t("race game: a track built of cards, a token up ten rows and back")
    deal_heading = N_("Game {n}")
    pitch = t("Build a track of cards together and race your token ten rows up it and home again.")
    length = t("half an hour or more")
    deck_size = len(PACK) * PACKS
    # A worked example shows the claimed winner; the turns are shown as a list, and there is no per-player table.
    example_fields = (("winner", t("Claimed winner"), "name"),)

    def facts(self) -> list[tuple[Message, Any]]:
        """The numbers a page shows."""
        return [
            (t("Players"), t("{n}: Black (♣ ♠) and Red (♦ ♥)", n=2)),
            (
                t("Cards"),
                t(
                    "{n} ({packs} packs of 52) and 2 Jokers as the start cards",
                    n=self.deck_size,
                    packs=PACKS,
                ),
            ),
            (t("Tokens"), t("a large token and {n} small tokens each", n=SMALL_TOKENS)),
            (t("Card values"), t("2–10 as numbered, J 11, Q 12, K 13, A 14, Joker 0")),
            (
                t("Goal"),
                t("the large token up to row {row} and back to its own Joker", row=TOP_ROW),
            ),
        ]

    def duties(self, options: dict[str, Any]) -> list[TurnDuty]:
        """What the owner of the turned card may do (:meth:`ConstructionGame.legal_moves`), each sentence with
        its test on the uses the game allows for every card it could turn."""

        def by_card(legal: list[Action]) -> dict[Card, list[Action]]:
            out: dict[Card, list[Action]] = {}
            for move in legal:
                out.setdefault(move.card, []).append(move)
            return out

        def uses(state: ConstructionGame, legal: list[Action]) -> bool:
            for card, moves in by_card(legal).items():
                large = state.neighbours(state.large[side_of(card)])
                if card.rank is not Rank.KING and Action(card, "discard") not in moves:
                    return False
                if any(
                    m.kind == "large" and (len(m.cells) != 1 or m.cells[0] not in large)
                    for m in moves
                ) or any(m.kind == "small" and not 1 <= len(m.cells) <= 3 for m in moves):
                    return False
            return True

        def kings(state: ConstructionGame, legal: list[Action]) -> bool:
            for card, moves in by_card(legal).items():
                if card.rank is not Rank.KING:
                    continue
                kinds = {m.kind for m in moves}
                if len(state.small[side_of(card)]) < SMALL_TOKENS:
                    if not (kinds == {"discard"} or kinds == {"king"}):
                        return False
                elif kinds & {"king", "build"}:
                    return False
            return True

        return [
            TurnDuty(
                t(
                    "Use the card turned in one way: build it into the track, move your large token one "
                    "card, move a small token one to three cards, or discard it (always allowed)."
                ),
                uses,
            ),
            TurnDuty(
                t(
                    "A king must put one of your small tokens on your Joker while one is off the track and it "
                    "can be placed, and may then move it up to three cards; otherwise it can only be "
                    "discarded. Once all are placed, a king moves as a queen and is never built."
                ),
                kings,
            ),
        ]

    def check(self, doc: Document) -> Verdict:
        """Validate and replay a Construction record."""
        r = Reader(doc)
        players, options = r.header(self, RECORD.own_keys())
        black = r.name(("black",), players) if players else None
        deals = r.sequence(("deals",))
        r.raise_if_any()
        assert black is not None
        order = [black, next(p for p in players if p != black)]
        if deals is not None and len(deals) > 1:
            r.fail(
                ("deals", 1),
                t("A record holds one game of Construction."),
                "record.too_many_deals",
                "end",
            )
        if (
            r.mapping(("deals", 0)) is None or r.errors
        ):  # not a game, or more than one: nothing more is read
            r.raise_if_any()
        ledger = Ledger(doc, dict.fromkeys(players, 0))
        deal = Deal.open(r, 0, RECORD, ledger.findings)
        assert deal is not None
        claimed = r.name(deal.at("winner"), players, required=False)
        actions = parsed_each(r, deal.at("turns"), read_action)
        r.raise_if_any()
        cards_exist(r, deal.at("turns"), actions)
        r.raise_if_any()
        state = ConstructionGame(order)
        steps: list[Message] = [
            tn(
                "{black} plays Black, {red} plays Red; {n} card turned, checked one by one.",
                "{black} plays Black, {red} plays Red; {n} cards turned, checked one by one.",
                len(actions),
                black=order[0],
                red=order[1],
                n=len(actions),
            )
        ]
        reshuffles = 0
        for k, action in replay_lines(deal, state, actions, LINE_WORDS, steps):
            steps.append(
                t(
                    "Turn {k}, {player}: {action}.",
                    k=k + 1,
                    player=order[state.to_move],
                    action=action.describe(),
                )
            )
            if state.reshuffles != reshuffles:
                steps.append(
                    t(
                        "Before turn {k} the stock was empty: the discards became the new stock.",
                        k=k + 1,
                    )
                )
            reshuffles = state.reshuffles
        for player, side in zip(order, SIDES, strict=True):
            steps.append(
                tn(
                    "{player}: large token at {cell}{top}, {n} small token on the board.",
                    "{player}: large token at {cell}{top}, {n} small tokens on the board.",
                    len(state.small[side]),
                    player=player,
                    cell=str(state.large[side]),
                    n=len(state.small[side]),
                    top=t(", has been up to row {row}", row=TOP_ROW) if state.reached[side] else "",
                )
            )
        outcome = state.outcome()
        winner = outcome.winners[0] if outcome is not None else None
        scores = {p: int(p == winner) for p in players}
        claim = {p: int(p == claimed) for p in players} if claimed is not None else None
        if outcome is None:
            termination, code = t("Nobody has won yet; the race goes on."), "in_progress"
            if claim is not None:
                deal.warn(
                    "construction.claim",
                    ("winner",),
                    t(
                        "{player} is named the winner, but no large token "
                        "has been up to row {row} and back.",
                        player=claimed,
                        row=TOP_ROW,
                    ),
                    "error",
                    written=claimed,
                    computed=None,
                )
                claim = None
        else:
            steps.append(outcome.reason)
            termination, code = t("{player} has won the race.", player=winner), "game_over"
        ledger.add(
            0,
            DealResult(
                1,
                scores,
                steps,
                claim,
                mode="full",
                claim_where=deal.where("winner") if claim is not None else None,
            ),
        )  # a game is always played out in full
        return ledger.verdict(self.slug, options, winner, termination, code)


GAME = Construction()
