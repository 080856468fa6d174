"""Hypothesis strategies that several game test files draw from, stated once."""

from __future__ import annotations

import random

from hypothesis import strategies as st

SEEDS = st.integers(0, 2**32).map(random.Random)
"""A seeded generator for a random deal: hypothesis shrinks the seed, and the deal it gives is reproducible."""

ANY_NOTATION = st.sampled_from(["en", "ru", "de"])
"""A card notation a record may be written in."""
