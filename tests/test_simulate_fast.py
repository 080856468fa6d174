"""The random games' own fast paths in ``referee.simulate`` play the same games as the generic path.

Where a game's random play in ``referee.simulate`` goes its own way instead of the engine's
(``TurnState.play_randomly``), the generic path (``referee.engines.turns.generic_playout``) is
still the yardstick: for the same seed both make the same moves and leave the same state, for every
option set and table size, and when a ``limit`` stops the play half-way (within a round, too).
"""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from referee.engines.turns import generic_playout
from referee.games import collector as co
from referee.simulate.collector import play_rounds
from tests.strategies import COLLECTOR_OPTIONS, SEED_NUMBERS


def seen(state: co.CollectorState) -> tuple:
    """All a Collector game shows: the moves and outcome, the cards, whose turn in which round, the round so far."""
    return (
        state.moves,
        state.outcome(),
        state.hands,
        list(state.stock),
        (state.round, state.phase, state.queue, state.to_move),
        (state.laid, state.taken, state.drawn),
    )


@settings(max_examples=80, deadline=None)
@given(
    SEED_NUMBERS,
    st.integers(2, 4),
    COLLECTOR_OPTIONS,
    st.sampled_from([1, 7, 9, 40, 3000]),
    st.integers(0, 5),
)
def test_collector_rounds(seed, n, options, limit, ahead):
    pack = list(co.DECK)
    random.Random(seed).shuffle(pack)
    fast, slow = (
        co.CollectorState([str(k) for k in range(n)], seed % n, pack, **options) for _ in range(2)
    )
    rng_fast, rng_slow = random.Random(seed), random.Random(seed)
    # a few moves first, the generic way: a state in the middle of a round goes the game's way
    generic_playout(fast, rng_fast, ahead)
    generic_playout(slow, rng_slow, ahead)
    play_rounds(fast, rng_fast, limit)
    generic_playout(slow, rng_slow, limit)
    assert seen(fast) == seen(slow)
    assert rng_fast.random() == rng_slow.random()  # the same draws, no more
