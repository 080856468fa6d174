"""What a real deal can produce: the card-point totals a scoresheet may state.

A summary deal gives totals (card points per player or side, cards or tricks taken), not cards. It
can only be used if some way of sharing the cards gives every one of those totals at once. The
cards that carry no points only fill tricks, so a share is a question about the counting cards:
each holder gets exactly his points, and no more counting cards than his tricks can hold.

>>> reachable(7, [4, 3, 3]), reachable(5, [4, 3, 3])
(True, False)
>>> can_share([11, 10, 4, 3], [14, 14], lambda counts: True)
True
>>> can_share([11, 10, 4, 3], [21, 7], lambda counts: True)
True
>>> can_share([11, 10, 4, 3], [16, 12], lambda counts: True)
False

A holder whose tricks hold at most one counting card cannot make 14 out of these cards:

>>> can_share([11, 10, 4, 3], [14, 14], lambda counts: counts[0] <= 1)
False
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from itertools import product


def point_sums(values: Iterable[int]) -> int:
    """Every total that some of the cards make, as a bit set (bit k set: some cards are worth k)."""
    sums = 1
    for value in values:
        sums |= sums << value
    return sums


def reachable(points: int, values: Iterable[int]) -> bool:
    """Whether some of the cards (worth ``values``) are worth exactly ``points``."""
    return points >= 0 and bool(point_sums(values) >> points & 1)


def _splits(m: int, k: int) -> list[tuple[int, ...]]:
    """Every way of giving ``m`` equal cards to ``k`` holders (how many each)."""
    return [s for s in product(range(m + 1), repeat=k) if sum(s) == m]


def can_share(values: Sequence[int], points: Sequence[int], counts_ok: Callable[[tuple[int, ...]], bool]) -> bool:
    """Whether cards worth ``values`` can be shared among ``len(points)`` holders, every card to somebody.

    Holder i must get exactly ``points[i]``, and the numbers of cards the holders get must satisfy
    ``counts_ok`` (what their tricks can hold). Cards of equal value are interchangeable, so the
    search runs over how many of each value every holder gets, with equal partial totals merged.
    """
    k = len(points)
    if sum(values) != sum(points) or any(p < 0 for p in points):
        return False
    states: set[tuple[int, ...]] = {(0,) * (2 * k)}  # points of each holder, then cards of each holder
    left = sum(values)
    for value, m in sorted(Counter(values).items(), reverse=True):  # big cards first: the pruning bites early
        left -= value * m
        nxt: set[tuple[int, ...]] = set()
        splits = _splits(m, k)
        for state in states:
            for split in splits:
                got = tuple(state[i] + value * split[i] for i in range(k))
                # Prune: nobody may pass his total, nor stay out of reach of it with what is left.
                if all(points[i] - left <= got[i] <= points[i] for i in range(k)):
                    nxt.add(got + tuple(state[k + i] + split[i] for i in range(k)))
        states = nxt
        if not states:
            return False
    return any(counts_ok(state[k:]) for state in states)
