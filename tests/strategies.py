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


def documents(pieces: st.SearchStrategy[str], key_pieces: int, leaves: int) -> st.SearchStrategy:
    """Random documents, to be written as YAML: texts joined from ``pieces`` (up to six, and up to
    ``key_pieces`` for a key), whole numbers, true, false and null, in lists and mappings nested up to
    ``leaves`` values."""
    scalars = st.one_of(
        st.lists(pieces, max_size=6).map("".join),
        st.integers(-(10**6), 10**6),
        st.booleans(),
        st.none(),
    )
    return st.recursive(
        scalars,
        lambda inner: st.one_of(
            st.lists(inner, max_size=4),
            st.dictionaries(
                st.one_of(st.lists(pieces, max_size=key_pieces).map("".join), st.integers(-5, 5)),
                inner,
                max_size=4,
            ),
        ),
        max_leaves=leaves,
    )
