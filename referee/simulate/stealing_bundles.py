"""Random legal games of Stealing Bundles.

>>> import random
>>> deal = stealing_bundles_deal(random.Random(1), ["A", "B", "C"], dealer=2)
>>> sorted(deal), len(deal["pack"].split()), len(deal["moves"])
(['dealer', 'moves', 'pack'], 52, 48)
"""

from __future__ import annotations

import random
from typing import Any

from referee.engines.fishing_moves import write_play
from referee.engines.turns import random_playout
from referee.games import stealing_bundles as sb
from referee.simulate.play import shuffled, write_cards


def stealing_bundles_play(
    rng: random.Random,
    players: list[str],
    dealer: int,
    capture: str = "one_target",
    leftovers: str = "not_counted",
    ties: str = "shared",
) -> sb.BundlesState:
    """Shuffle a pack and play one whole game with random legal choices; the finished state."""
    pack = shuffled(sb.DECK, rng)
    state = sb.BundlesState(players, dealer, pack, capture, leftovers, ties)
    return random_playout(state, rng)  # type: ignore[return-value]


def stealing_bundles_deal(
    rng: random.Random,
    players: list[str],
    dealer: int,
    capture: str = "one_target",
    notation: str = "en",
) -> dict[str, Any]:
    """One random legal game as full-play record data: the dealer, the pack and every move."""
    state = stealing_bundles_play(rng, players, dealer, capture)
    return {
        "dealer": players[dealer],
        "pack": write_cards(state.pack, notation),
        "moves": [write_play(m, notation) for m in state.moves],
    }


def bundles_move(state: sb.BundlesState, legal: list[Any]) -> Any:
    """A computer player's move: steal the biggest bundle it can, else take from the table, else trail its
    lowest card (capturing is compulsory, so the engine only offers a trail when the card matches nothing)."""
    steals = [m for m in legal if m.bundles]
    if steals:
        return max(
            steals, key=lambda m: sum(len(state.bundles[state.players.index(b)]) for b in m.bundles)
        )
    takes = [m for m in legal if m.table]
    if takes:
        return max(takes, key=lambda m: (len(m.table), m.card.rank))
    return min(legal, key=lambda m: m.card.rank)
