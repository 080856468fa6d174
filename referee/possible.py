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
from functools import cache
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


@cache
def _deltas(value: int, m: int, k: int, width: int) -> tuple[int, ...]:
    """Every way of giving ``m`` cards worth ``value`` to ``k`` holders, as additions to a packed state."""
    splits = [s for s in product(range(m + 1), repeat=k) if sum(s) == m]
    return tuple(_pack([value * s[i] for i in range(k)] + list(s), width) for s in splits)


def _pack(parts: Sequence[int], width: int) -> int:
    """Small non-negative numbers side by side in one integer, ``width`` bits each."""
    return sum(part << (i * width) for i, part in enumerate(parts))


def can_share(
    values: Sequence[int],
    points: Sequence[int],
    counts_ok: Callable[[tuple[int, ...]], bool],
    most: Sequence[int] | None = None,
) -> bool:
    """Whether cards worth ``values`` can be shared among ``len(points)`` holders, every card to somebody.

    Holder i must get exactly ``points[i]`` and at most ``most[i]`` cards (when given), and the
    numbers of cards the holders get must satisfy ``counts_ok`` (what their tricks can hold). Cards
    of equal value are interchangeable, so the search runs over how many of each value every holder
    gets, depth first, never trying the same partial sharing twice.

    >>> can_share([12, 12, 11], [24, 11], lambda counts: True, most=[1, 3])
    False
    """
    k = len(points)
    if sum(values) != sum(points) or any(p < 0 for p in points):
        return False
    caps = [max(0, min(c, len(values))) for c in most] if most is not None else [len(values)] * k
    groups = sorted(
        Counter(values).items(), reverse=True
    )  # big cards first: the pruning bites early
    # A state is one integer: each holder's points, then each holder's cards, in fields of equal width
    # with a guard bit on top. Giving cards is then one addition, a state already tried is one int in a
    # set, and "every field within its bounds" is two subtractions read off the guard bits.
    biggest = max([*points, len(values)]) + max((v * m for v, m in groups), default=0)
    width = biggest.bit_length() + 1
    guard = _pack([1 << (width - 1)] * (2 * k), width)
    upper = _pack([*points, *caps], width) + guard
    field_mask = (1 << (width - 1)) - 1
    steps = []  # per value: the ways of giving its cards out, and the least each holder must have after it
    left = sum(values)
    for value, m in groups:
        left -= value * m
        lower = (
            _pack([max(0, p - left) for p in points], width) - guard
        )  # nobody may fall out of reach
        steps.append((_deltas(value, m, k, width), lower))
    tried: list[set[int]] = [set() for _ in steps]

    def search(level: int, state: int) -> bool:
        """Depth first, so that a possible record (the usual case) stops at the first sharing found."""
        if level == len(steps):
            return counts_ok(tuple((state >> ((k + i) * width)) & field_mask for i in range(k)))
        if state in tried[level]:
            return False
        tried[level].add(state)
        deltas, lower = steps[level]
        for delta in deltas:
            got = state + delta
            if (
                (upper - got) & guard == guard
                and (got - lower) & guard == guard
                and search(level + 1, got)
            ):
                return True
        return False

    return search(0, 0)


def can_share_in_tricks(
    values: Sequence[int],
    points: Sequence[int],
    tricks: Sequence[int | bool],
    fixed: Sequence[int],
    per_trick: int,
    total: int,
) -> bool:
    """:func:`can_share` for holders whose tricks a summary gives: ``tricks[i]`` is how many holder i
    took, or only whether he took any (True: at least one; False: none). His tricks hold
    ``per_trick`` cards each, ``fixed[i]`` counting cards are his already (listed by name), and the
    tricks add up to ``total``.

    Two tricks of three cards hold at most six counting cards, so 12 + 12 + 11 + 10 + 10 + 4 + 3 in
    the second holder's two tricks cannot be:

    >>> values = [12, 12, 11, 10, 10, 4, 3]
    >>> can_share_in_tricks(values, [0, 62], [8, 2], [0, 0], per_trick=3, total=10)
    False
    >>> can_share_in_tricks(values, [3, 59], [True, 3], [0, 0], per_trick=3, total=10)
    True
    """

    def counts_ok(counts: tuple[int, ...]) -> bool:
        need, free = 0, False
        for given, cards in zip(
            tricks, (c + f for c, f in zip(counts, fixed, strict=True)), strict=True
        ):
            if given is True:  # at least one trick, and as many as his cards need
                need, free = need + max(1, -(-cards // per_trick)), True
            elif given is False:
                if cards:
                    return False
            elif cards > per_trick * given:
                return False
            else:
                need += given
        return need <= total if free else need == total

    exact = sum(v for v in tricks if not isinstance(v, bool))
    free = sum(1 for v in tricks if v is True)
    most = [
        max(
            0,
            per_trick
            * (given if not isinstance(given, bool) else total - exact - free + 1 if given else 0)
            - f,
        )
        for given, f in zip(tricks, fixed, strict=True)
    ]  # prunes the search; counts_ok decides
    return can_share(values, points, counts_ok, most)
