"""Hypothesis strategies that several game test files draw from, stated once."""

from __future__ import annotations

import random

from hypothesis import strategies as st

SEED_NUMBERS = st.integers(0, 2**32 - 1)
"""A seed as a number, for a test that makes more than one generator from it (two paths, one start)."""

SEEDS = st.integers(0, 2**32).map(random.Random)
"""A seeded generator for a random deal: hypothesis shrinks the seed, and the deal it gives is reproducible."""

ANY_NOTATION = st.sampled_from(["en", "ru", "de"])
"""A card notation a record may be written in."""

COLLECTOR_OPTIONS = st.fixed_dictionaries(
    {
        "completion_check": st.sampled_from(["after_each_turn", "end_of_round"]),
        "draw_rule": st.sampled_from(["stock_exhausted", "never"]),
        "taking_order": st.sampled_from(["dealer_left", "rotating"]),
    }
)
"""The Collector's house rules, named as in a record's options and as ``CollectorState``'s arguments."""
