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

from referee.cards import Rank
from referee.games import construction as cn
from referee.games.play import construction
from referee.notation import format_card


def cards_accounted(game: cn.ConstructionGame) -> int:
    """Stock + discards + built cards: always 156, whatever the moves (no card is lost or made)."""
    return (
        sum(game.stock.values())
        + sum(game.discards.values())
        + sum(1 for c in game.board.values() if c)
    )


ORDER = {card: k for k, card in enumerate(sorted(cn.PACK))}
"""Each card's place in the sorted pack: the pool is sorted by it (a key looked up, not compared)."""


def turn_card(game: cn.ConstructionGame, rng: random.Random) -> cn.Card:
    """The next card from the stock (the discards, reshuffled, once it is empty): the pool's cards in
    their sorted order, one drawn."""
    pool = game.stock if game.stock.total() else game.discards
    cards = sorted(pool.elements(), key=ORDER.__getitem__)
    return cards[int(rng.random() * len(cards))]


def construction_play(
    rng: random.Random, turns: int = 500, build_bias: float = 0.5
) -> cn.ConstructionGame:
    """A random legal game of at most ``turns`` cards; ``build_bias`` is the chance to build when possible,
    so that the track grows and the tokens have somewhere to go."""
    game = cn.ConstructionGame(["Black", "Red"])
    for _ in range(turns):
        if game.is_over():
            break
        card = turn_card(game, rng)
        # The builds are not listed: a card turned from the pool may be built on every place of
        # build_places() unless it is a king (the tests compare this with the listed moves). The
        # places grow with the track, so listing them made a turn cost more as the game went on.
        places = [] if card.rank is Rank.KING else game.build_places()
        others = game.legal_moves(card, builds=False)
        if places and (rng.random() < build_bias or not others):
            chosen = cn.Action(card, "build", (places[rng.choice(range(len(places)))],))
        else:
            chosen = rng.choice(others)
        game.push_unchecked(chosen)
    return game


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
