"""A summary's tricks: how many each player or side took, and whether the counts can make the deal."""

from __future__ import annotations

from collections.abc import Iterable

from referee.engines.deals import with_params
from referee.engines.reader import Reader
from referee.messages import Message, t, tn
from referee.records.source import Path, format_path

TRICKS_SUM = t("The tricks must add up to {total}, not {n}.")


def trick_counts(
    r: Reader,
    path: Path,
    names: list[str],
    total: int,
    message: Message = TRICKS_SUM,
) -> dict[str, int] | None:
    """A summary's tricks per player (or side): whole numbers that make the whole deal, ``total`` tricks.

    ``message`` words the sum that is wrong (it gets ``total`` and ``n``).

    >>> from referee.records.source import load_text
    >>> r = Reader(load_text("tricks: {Anna: 7, Boris: 5}\\n"))
    >>> trick_counts(r, ("tricks",), ["Anna", "Boris"], 13), [str(e.message) for e in r.errors]
    (None, ['The tricks must add up to 13, not 12.'])
    """
    tricks = r.scores(path, names, minimum=0)
    if tricks is None:
        return None
    if sum(tricks.values()) != total:
        r.fail(
            path,
            with_params(message, total=total, n=sum(tricks.values())),
            "record.tricks_sum",
            "tricks",
        )
        return None
    return tricks


def tricks_or_any(r: Reader, path: Path, total: int) -> int | bool | None:
    """A player's tricks in a summary: how many he took (0 to ``total``), or, where a scoresheet only knows
    that, whether he took any (true or false); None (the problem noted) otherwise.

    >>> from referee.records.source import load_text
    >>> r = Reader(load_text("a: 4\\nb: true\\nc: 11\\n"))
    >>> [tricks_or_any(r, (k,), 10) for k in "abc"], [e.code for e in r.errors]
    ([4, True, None], ['record.bad_tricks'])
    """
    value = r.get(path)
    if isinstance(value, bool) or (isinstance(value, int) and 0 <= value <= total):
        return value
    r.fail(
        path,
        t(
            "{field} must be the number of tricks taken, from 0 to {n}, or true or false for whether he took "
            "any, not {value!r}.",
            field=format_path(path),
            n=total,
            value=str(value),
        ),
        "record.bad_tricks",
        "tricks",
    )
    return None


def tricks_add_up(r: Reader, path: Path, tricks: Iterable[int | bool], total: int) -> bool:
    """Whether the tricks of a summary (each a number, or whether any: :func:`tricks_or_any`) can make the
    ``total`` tricks of a deal: exactly, where every number is given; else the numbers and one trick for
    each ``true`` may not be more. If not, the problem is noted at ``path``.

    >>> from referee.records.source import load_text
    >>> r = Reader(load_text("{}"))
    >>> tricks_add_up(r, ("taken",), [4, True, False], 10), tricks_add_up(r, ("taken",), [9, True, True], 10)
    (True, False)
    >>> str(r.errors[0].message)
    'The tricks recorded come to at least 11 (a player with true took at least one), more than the 10 tricks of a deal.'
    """
    given = list(tricks)
    counted = sum(v for v in given if not isinstance(v, bool))
    some = sum(1 for v in given if v is True)  # each took at least one trick, how many is not said
    if not some and counted != total:
        r.fail(path, with_params(TRICKS_SUM, total=total, n=counted), "record.tricks_sum", "tricks")
        return False
    if some and counted + some > total:
        r.fail(
            path,
            tn(
                "The tricks recorded come to at least {n} (a player with true took at least one), more than "
                "the {total} trick of a deal.",
                "The tricks recorded come to at least {n} (a player with true took at least one), more than "
                "the {total} tricks of a deal.",
                total,
                n=counted + some,
                total=total,
            ),
            "record.tricks_sum",
            "tricks",
        )
        return False
    return True
