"""Random legal games of Construction: cards turned from a shuffled triple pack, each used at random.

>>> import random
>>> game = construction_play(random.Random(1), turns=300)
>>> cards_accounted(game), len(game.moves)
(156, 300)
>>> lines = construction_turns(random.Random(1), turns=20)
>>> len(lines), lines[0].split()[1] in ("build", "large", "small", "king", "discard")
(20, True)
"""

from __future__ import annotations

import random
from bisect import bisect_right
from itertools import accumulate, compress

from referee.cards import Rank
from referee.games import construction as cn
from referee.games.play import construction
from referee.games.play.construction import Cell
from referee.notation import format_card


def cards_accounted(game: cn.ConstructionGame) -> int:
    """Stock + discards + built cards: always 156, whatever the moves (no card is lost or made)."""
    return (
        sum(game.stock.values())
        + sum(game.discards.values())
        + sum(1 for c in game.board.values() if c)
    )


SORTED_PACK = sorted(cn.PACK)
NONE_LEFT = [0] * len(SORTED_PACK)
"""``pool.get(card, 0)`` for every card of the pack (a Counter's missing card calls Python code)."""
WORTH = {None: 0, **{c: construction.value(c) for c in cn.PACK}}
"""Every card's value (a Joker's, None, 0), looked up instead of worked out on every step of a path."""


def turn_card(game: cn.ConstructionGame, rng: random.Random) -> cn.Card:
    """The next card from the stock (the discards, reshuffled, once it is empty): the pool's cards in
    their sorted order, one drawn.

    The pool is not listed card by card: the draw's place is found among the running counts of the
    sorted pack (the same card as ``sorted(pool.elements())[k]``; the tests compare them).
    """
    pool = game.stock if game.stock.total() else game.discards
    running = list(accumulate(map(pool.get, SORTED_PACK, NONE_LEFT)))
    return SORTED_PACK[bisect_right(running, int(rng.random() * running[-1]))]


def construction_play(
    rng: random.Random, turns: int = 500, build_bias: float = 0.5
) -> cn.ConstructionGame:
    """A random legal game of at most ``turns`` cards; ``build_bias`` is the chance to build when possible,
    so that the track grows and the tokens have somewhere to go."""
    game = cn.ConstructionGame(["Black", "Red"])
    track = Track(game.board)
    for _ in range(turns):
        if game.is_over():
            break
        card = turn_card(game, rng)
        # The builds are not listed: a card turned from the pool may be built on every place of
        # build_places() unless it is a king (the tests compare this with the listed moves). The
        # places grow with the track, so listing them made a turn cost more as the game went on.
        # The other uses are not listed either: random_use counts them and builds the one drawn.
        # (A card always has one: it may be discarded, or a king placed.)
        places = [] if card.rank is Rank.KING else game.build_places()
        if places and rng.random() < build_bias:
            chosen = cn.Action(card, "build", (places[rng.choice(range(len(places)))],))
            game.push_unchecked(chosen)
            track.built(chosen.cells[0])
        else:
            game.push_unchecked(random_use(game, card, rng, track))
    return game


class Track:
    """Every path a token could take from each card, on the board only, kept as random play asks for
    them and dropped near a card built (:meth:`built`): late in a game cards are seldom built, and the
    same dozen tokens walk the same track turn after turn."""

    def __init__(self, board: dict[Cell, cn.Card | None]):
        self.board = board
        self.near: dict[Cell, tuple[Cell, ...]] = {}
        self.walks: dict[Cell, tuple[list[tuple[Cell, ...]], list[int]]] = {}
        self.capped: dict[Cell, dict[int, tuple[list[tuple[Cell, ...]], list[Cell]]]] = {}

    def ends(self, cell: Cell) -> tuple[Cell, ...]:
        """:meth:`ConstructionGame.neighbours` of ``cell``, in its order."""
        got = self.near.get(cell)
        if got is None:
            board = self.board
            got = self.near[cell] = tuple(c for c in construction.track_ends(cell) if c in board)
        return got

    def paths(self, start: Cell) -> tuple[list[tuple[Cell, ...]], list[int]]:
        """:meth:`ConstructionGame.paths` from ``start`` in its order, and the highest card of each.

        A path some token may not take (a card too high, a card held) ends every longer path through
        it too, so these paths filtered are :meth:`ConstructionGame._open_paths`, in the same order.
        """
        got = self.walks.get(start)
        if got is None:
            ends, worth, board = self.ends, WORTH, self.board
            paths: list[tuple[Cell, ...]] = []
            highest: list[int] = []
            for a in ends(start):
                va = worth[board[a]]
                paths.append((a,))
                highest.append(va)
                for b in ends(a):
                    if b == start:
                        continue
                    vb = max(va, worth[board[b]])
                    paths.append((a, b))
                    highest.append(vb)
                    for c in ends(b):
                        if c != start and c != a:
                            paths.append((a, b, c))
                            highest.append(max(vb, worth[board[c]]))
            got = self.walks[start] = (paths, highest)
        return got

    def within(self, start: Cell, power: int) -> tuple[list[tuple[Cell, ...]], list[Cell]]:
        """:meth:`paths` from ``start`` whose cards are all at most ``power``, in the same order, and
        the card each ends on.

        Kept per start and power: a late game's turns ask for the same few tokens' paths again and
        again, with only the cards held by tokens (which change every turn) left to filter out.
        """
        by_power = self.capped.get(start)
        if by_power is None:
            by_power = self.capped[start] = {}
        got = by_power.get(power)
        if got is None:
            paths, highest = self.paths(start)
            capped = [p for p, v in zip(paths, highest, strict=True) if v <= power]
            got = by_power[power] = (capped, [p[-1] for p in capped])
        return got

    def built(self, cell: Cell) -> None:
        """A card was built at ``cell``: the places within three cards of it walk differently now."""
        for end in construction.track_ends(cell):
            self.near.pop(end, None)
        around = {cell}
        for _ in range(3):
            around |= {c for p in around for c in self.ends(p)}
        for p in around:
            self.walks.pop(p, None)
            self.capped.pop(p, None)


def random_use(
    game: cn.ConstructionGame, card: cn.Card, rng: random.Random, track: Track | None = None
) -> cn.Action:
    """``rng.choice(game.legal_moves(card, builds=False))`` with the same draw, building only that move.

    The legal uses of a card are a discard (or a king's placement), the large token's steps and every
    small token's paths of one to three cards; their number rises from about five to about seventy as
    tokens come onto the board and bridges join the track, so listing them (a path tuple and an
    :class:`~referee.games.construction.Action` each) made a turn cost more the longer a game went on.
    Here the paths are counted first, walking cells only, and the one drawn is walked to again.
    """
    side = construction.side_of(card)
    other = construction.SIDES[1 - construction.SIDES.index(side)]
    king = card.rank is Rank.KING
    small = game.small[side]
    held = game.held_by(other)
    near = game.neighbours(game.large[other])
    mine = game.large[side]
    board = game.board

    # How many of the cards next to the other large token each place covers (the ban's test).
    cover = dict.fromkeys(near, 0)
    for p in (mine, *small):
        if p in cover:
            cover[p] += 1

    def ban(index: int | None) -> tuple[bool, Cell | None]:
        # (every end banned, the one end banned): the ban of ConstructionGame._uses, where a move of
        # token ``index`` (None: a new one) may not leave the other large token no free neighbour.
        if not near:
            return False, None
        moved = None if index is None else small[index]
        free = [p for p in near if cover[p] - (p == moved) == 0]
        return (not free), (free[0] if len(free) == 1 else None)

    within = (track if track is not None else Track(board)).within

    def open_paths(start: Cell, power: int, skip: Cell | None) -> list[tuple[Cell, ...]]:
        # The paths of _open_paths in its order, without the ones ending on ``skip``. The cards
        # held are filtered out by filter() with a set's method, in C: late in a game this filter
        # is most of a turn (a dozen tokens with some twenty paths each), and the number of tokens,
        # not the game's length, is what makes a late turn dearer than an early one.
        paths, lasts = within(start, power)
        if skip is not None:  # the paths that do not end on it, picked in C as well
            return list(filter(held.isdisjoint, compress(paths, map(skip.__ne__, lasts))))
        return list(filter(held.isdisjoint, paths))

    if king and len(small) < construction.SMALL_TOKENS:
        joker = Cell(construction.JOKER_COLUMN[side], 0)
        none_free, only = ban(None)
        if joker in held or none_free or only == joker:
            rng.choice(range(1))  # the one move is drawn all the same
            return cn.Action(card, "discard")
        kings = open_paths(joker, 13, only)
        k = rng.choice(range(1 + len(kings)))
        return cn.Action(card, "king", kings[k - 1] if k else ())
    power = 12 if king else construction.value(card)
    steps = [p for p in game.neighbours(mine) if p not in held and WORTH[board[p]] <= power]
    groups: list[list[tuple[Cell, ...]]] = []  # each small token's paths
    total = 1 + len(steps)
    # A token that stands on none of the other large token's neighbours changes no cover when it
    # moves: its ban is a new token's, worked out once for all of them.
    unmoved = ban(None)
    for k, start in enumerate(small):
        none_free, only = ban(k) if start in cover else unmoved
        group = [] if none_free else open_paths(start, power, only)
        groups.append(group)
        total += len(group)
    k = rng.choice(range(total))
    if k == 0:
        return cn.Action(card, "discard")
    if k <= len(steps):
        return cn.Action(card, "large", (steps[k - 1],))
    k -= 1 + len(steps)
    for token, group in enumerate(groups, 1):
        if k < len(group):
            return cn.Action(card, "small", group[k], token)
        k -= len(group)
    raise AssertionError("the draw is below the count")


def write_action(action: cn.Action, notation: str) -> str:
    """A turn as a record writes it."""
    return " ".join([format_card(action.card, notation), *str(action).split()[1:]])


def construction_turns(rng: random.Random, turns: int = 200, notation: str = "en") -> list[str]:
    """The turns of a random legal game, as record lines."""
    return [write_action(a, notation) for a in construction_play(rng, turns).moves]


def construction_move(game: cn.ConstructionGame, legal: list[cn.Action]) -> cn.Action:
    """A computer player's use of the card turned: move the large token up the track (home again once it
    has reached the top row), else build where the track climbs highest, else discard."""
    side = cn.side_of(legal[0].card)
    home = cn.Cell(construction.JOKER_COLUMN[side], 0)
    large = [m for m in legal if m.kind == "large"]

    def progress(cell: cn.Cell) -> float:
        height = cell.y + (0.5 if cell.bridge else 0)
        if game.reached[side]:
            return -height - abs(cell.x - home.x) + (100 if cell == home else 0)
        return height

    now = progress(game.large[side])
    better = [m for m in large if progress(m.cells[0]) > now]
    if better:
        return max(better, key=lambda m: progress(m.cells[0]))
    builds = [m for m in legal if m.kind == "build"]
    if builds:
        return max(builds, key=lambda m: (m.cells[0].y, -abs(m.cells[0].x - home.x)))
    return next((m for m in legal if m.kind == "discard"), legal[0])
