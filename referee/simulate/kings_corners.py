"""Random legal hands of Kings Corners: shuffle, deal seven each, turn four sides, random moves.

>>> import random
>>> hand = kings_corners_play(random.Random(1), 3, 0)
>>> hand.is_over(), cards_in_play(hand)
(True, 52)
>>> data = kings_corners_deal(random.Random(1), ["A", "B", "C"], dealer=0)
>>> sorted(data), len(data["stock"].split())
(['dealer', 'hands', 'sides', 'stock', 'turns'], 27)
"""

from __future__ import annotations

import random
from typing import Any

from referee.engines.turns import random_playout
from referee.games import kings_corners as kc
from referee.notation import format_card
from referee.simulate.play import shuffled, write_cards


def cards_in_play(hand: kc.KingsCornersHand) -> int:
    """Every card in the hands, the piles and the stock: always 52, whatever the moves (no card is lost or made)."""
    return sum(map(len, hand.hands)) + sum(map(len, hand.piles.values())) + len(hand.stock)


def shuffled_layout(rng: random.Random, n: int) -> tuple[list[list[Any]], list[Any], list[Any]]:
    """The hands (seat order), the four side cards and the stock (from the top) of a shuffled pack."""
    cards = shuffled(kc.DECK, rng)
    hands = [cards[k * kc.HAND_SIZE : (k + 1) * kc.HAND_SIZE] for k in range(n)]
    rest = cards[n * kc.HAND_SIZE :]
    return hands, rest[:4], rest[4:]


def kings_corners_play(
    rng: random.Random, n: int, dealer: int, **options: Any
) -> kc.KingsCornersHand:
    """One random legal hand, played to its end; ``options`` as the referee's (``first_player`` and so on)."""
    return played_hand(rng, [str(k) for k in range(n)], dealer, options)


def played_hand(
    rng: random.Random,
    players: list[str],
    dealer: int,
    options: dict[str, Any],
    layout: tuple[list[list[Any]], list[Any], list[Any]] | None = None,
) -> kc.KingsCornersHand:
    """A hand of ``players`` played to its end with random legal moves, from ``layout`` (the hands,
    the side piles and the stock) or else from a layout dealt with ``rng``."""
    n = len(players)
    hands, sides, stock = layout or shuffled_layout(rng, n)
    state = kc.KingsCornersHand.dealt(players, hands, sides, stock, dealer, options)
    return random_playout(state, rng)  # type: ignore[return-value]


def write_move(move: kc.KingsMove, notation: str) -> str:
    """A move as a record writes it: ``7♥ N`` or ``W>N``."""
    if isinstance(move, kc.Shift):
        return f"{move.source}>{move.target}"
    assert isinstance(move, kc.Play)
    return f"{format_card(move.card, notation)} {move.pile}"


def kings_corners_deal(
    rng: random.Random, players: list[str], dealer: int, notation: str = "en", **options: Any
) -> dict[str, Any]:
    """One random legal hand as full-play record data."""
    hands, sides, stock = layout = shuffled_layout(rng, len(players))
    state = played_hand(rng, players, dealer, options, layout)
    turns = [
        "; ".join(write_move(m, notation) for m in turn.moves if not isinstance(m, kc.EndTurn))
        or "-"
        for turn in state.turns
        if turn.moves
    ]
    return {
        "dealer": players[dealer],
        "hands": {p: write_cards(h, notation) for p, h in zip(players, hands, strict=True)},
        "sides": write_cards(sides, notation),
        "stock": write_cards(stock, notation),
        "turns": turns,
    }


MOST_MOVES = 40
"""A computer player ends his turn after this many moves (a turn of sensible moves is far shorter)."""


def kings_corners_move(hand: kc.KingsCornersHand, legal: list[Any]) -> Any:
    """A computer player's move: a king into a corner, then any card onto a pile (the highest first, so that
    lower cards find a place later), then a side pile moved onto another (which frees a side), else the end
    of the turn."""
    end = next((m for m in legal if isinstance(m, kc.EndTurn)), None)
    if hand.turns and len(hand.turns[-1].moves) >= MOST_MOVES and end is not None:
        return end
    plays = [m for m in legal if isinstance(m, kc.Play)]
    kings = [m for m in plays if m.card.rank == 13 and m.pile in kc.CORNERS]
    if kings:
        return kings[0]
    if plays:
        return max(plays, key=lambda m: (m.pile in kc.CORNERS, m.card.rank))
    shifts = [m for m in legal if isinstance(m, kc.Shift)]
    if shifts:
        return shifts[0]
    return end if end is not None else legal[0]
