"""Collector's quick test of a completed set (``completes``) says what counting every rank says.

A check replays a record's rounds whole (``CollectorState.replay_round``, compared with the move-by-move
replay in ``tests/test_fast_paths.py``); each take or draw asks whether it completes the taker's set,
and :func:`~referee.games.play.collector.completes` asks it of the cards, rank by rank.
"""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from referee.games.play.collector import ALL_RANKS, RANK, completes
from referee.records.hands import DECK


@settings(max_examples=300, deadline=None)
@given(st.integers(min_value=0, max_value=2**32 - 1), st.integers(0, 40), st.integers(0, 2))
def test_completes_is_counting_every_rank(seed, size, gained):
    rng = random.Random(seed)
    pack = list(DECK)
    rng.shuffle(pack)
    hand, got = pack[:size], pack[size : size + gained]
    assert completes(hand, got) == ALL_RANKS.issubset(map(RANK, hand + got))


def test_a_hand_one_rank_short_is_completed_by_that_rank_only():
    hand = [c for c in DECK if c.suit is DECK[0].suit and c.rank is not DECK[0].rank]
    assert completes(hand, [DECK[13]]) is (DECK[13].rank is DECK[0].rank)
    assert completes(hand, [DECK[0]]) and not completes(hand, [DECK[1]])


def test_the_turn_order_starts_at_the_first_seat():
    from referee.games.play.collector import CollectorState

    for taking_order in ("dealer_left", "rotating"):
        for n in (2, 3, 4):
            for dealer in range(n):
                state = CollectorState(
                    [str(k) for k in range(n)], dealer, DECK, taking_order=taking_order
                )
                for number in range(1, 9):
                    state.round = number
                    order = state.order()
                    assert order[0] == state.first_seat() and sorted(order) == list(range(n))
                    assert order == [(order[0] + k) % n for k in range(n)]
