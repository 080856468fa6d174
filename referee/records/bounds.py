"""The size of a record's parts, checked before a game looks at any item: what keeps the work bounded.

A list with more items than a game can use (a deal's moves, a trick, a pack of cards written as one
line of text) is refused here, by its length alone, before its items are read: reading each of
900,000 items that are not moves, each one a problem of its own, cost a whole record 25 s of CPU
(robustness round 3, #1). A mapping with more entries than that (100,000 unknown fields) likewise.
What a game can use is :attr:`referee.engines.game.Game.longest_list`; the deals themselves are
capped while the record is parsed (:data:`referee.limits.MAX_DEALS`, :mod:`referee.records.source`).

Only the parts short enough to be read are walked, so the check costs at most a few thousand steps
whatever the record holds.

>>> from referee.records.source import load_text
>>> doc = load_text("game: x\\ndeals:\\n  - moves: [" + ", ".join(["0"] * 600) + "]\\n")
>>> [(path, n) for path, n, _ in oversized(doc.data, 520)]
[(('deals', 0, 'moves'), 600)]
>>> oversized(load_text("deals:\\n  - hand: 2H 3H 4H\\n    note: " + "word " * 900 + "\\n").data, 520)
[]
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

from referee.errors import RecordError, RecordErrors, Where, format_path
from referee.limits import MAX_DEALS, MAX_VALUES
from referee.messages import t, tn

Path = tuple[Any, ...]

FREE_TEXT = frozenset(("note",))
"""Fields that hold free text, which nothing reads word by word (the 2 MB cap bounds them)."""


def oversized(data: Any, longest: int) -> list[tuple[Path, int, str]]:
    """Every part of ``data`` with more than ``longest`` items: its path, its size and its kind.

    The kind is ``list``, ``mapping`` or ``words`` (a text of whitespace-separated words, such as
    a line of cards). A part too large is not looked into.
    """
    if not _any_oversized(data, longest):
        return []
    return list(_walk(data, (), longest))


def _any_oversized(data: Any, longest: int) -> bool:
    """Whether :func:`oversized` finds anything: the same walk without paths, in a loop.

    Nearly every record has no part too large, and a walk of generators that makes the path of
    every value it passes cost a long record a tenth of its check; the paths are made only for a
    record that has such a part.
    """
    stack = [data]
    pop, push, extend = stack.pop, stack.append, stack.extend
    words = 2 * longest  # a shorter text holds fewer words
    while stack:
        value = pop()
        if isinstance(value, str):
            if len(value) > words and len(value.split()) > longest:
                return True
        elif isinstance(value, list):
            if len(value) > longest:
                return True
            extend(value)
        elif isinstance(value, dict):
            if len(value) > longest:
                return True
            for key, item in value.items():
                if key not in FREE_TEXT:
                    push(item)
    return False


def _walk(value: Any, path: Path, longest: int) -> Iterator[tuple[Path, int, str]]:
    if isinstance(value, list):
        if len(value) > longest:
            yield path, len(value), "list"
            return
        for k, item in enumerate(value):
            if isinstance(item, (list, dict, str)):
                yield from _walk(item, (*path, k), longest)
    elif isinstance(value, dict):
        if len(value) > longest:
            yield path, len(value), "mapping"
            return
        for key, item in value.items():
            if key not in FREE_TEXT and isinstance(item, (list, dict, str)):
                yield from _walk(item, (*path, key), longest)
    elif isinstance(value, str) and len(value) > 2 * longest:  # shorter texts hold fewer words
        words = len(value.split())
        if words > longest:
            yield path, words, "words"


def too_many_deals(line: int | None, n: int | None = None) -> RecordError:
    """The error for a record that lists more than :data:`MAX_DEALS` deals, raised as the deals are read.

    The reader stops at the first deal past the cap, so the count is known only where the whole list
    was read at once (JSON).
    """
    tail = t("A game is far shorter: write a long match in several records.")
    message = (
        t(
            "A record lists at most {limit} deals; this one lists more. {tail}",
            limit=MAX_DEALS,
            tail=tail,
        )
        if n is None
        else t(
            "A record lists at most {limit} deals, not {n}. {tail}", limit=MAX_DEALS, n=n, tail=tail
        )
    )
    return RecordError(message, code="record.too_many_deals", where=Where(path="deals", line=line))


def too_many_values(line: int | None) -> RecordError:
    """The error for a record of more than :data:`MAX_VALUES` values, raised as they are read."""
    return RecordError(
        t(
            "The record holds more than {limit} values; a record of a whole game holds far fewer.",
            limit=MAX_VALUES,
        ),
        code="record.too_many_values",
        where=Where(line=line),
    )


class GameName:
    """A game's name, shown in each reader's language (a message parameter)."""

    def __init__(self, name: Callable[[str], str]):
        self.name = name

    def shown_in(self, lang: str) -> str:
        return self.name(lang)


def check_sizes(doc: Any, longest: int, game: Callable[[str], str]) -> None:
    """Refuse the record if any part of it is larger than a record of the game can use.

    ``doc`` is a :class:`referee.records.source.Document`; ``game`` gives the game's name in a
    language (:meth:`referee.engines.game.Game.name`).
    """
    text = getattr(doc, "text", None)
    if text is not None and len(text) <= 2 * longest:
        # Nothing in a text this short can be too large, so it is not walked: a list or mapping of n
        # items is written in 2n characters at least (``-`` or ``,`` and a character each; an alias
        # or a merge adds no item its text does not name), and a text of n words in 2n - 1.
        return
    found = oversized(doc.data, longest)
    if not found:
        return
    name = GameName(game)
    errors: list[Any] = []
    for path, size, kind in found[:100]:
        field = format_path(path)
        if not field:  # the top level: a mapping of fields (a list is not a record at all)
            message = tn(
                "The record has {n} field; no record of {game} needs more than {limit}.",
                "The record has {n} fields; no record of {game} needs more than {limit}.",
                size,
                game=name,
                limit=longest,
            )
        elif kind == "list":
            message = tn(
                "{field} lists {n} item; no record of {game} needs more than {limit} in one list.",
                "{field} lists {n} items; no record of {game} needs more than {limit} in one list.",
                size,
                field=field,
                game=name,
                limit=longest,
            )
        elif kind == "mapping":
            message = tn(
                "{field} has {n} field; no record of {game} needs more than {limit} in one place.",
                "{field} has {n} fields; no record of {game} needs more than {limit} in one place.",
                size,
                field=field,
                game=name,
                limit=longest,
            )
        else:
            message = tn(
                "{field} holds {n} word; no record of {game} needs more than {limit} cards or "
                "moves in one field.",
                "{field} holds {n} words; no record of {game} needs more than {limit} cards or "
                "moves in one field.",
                size,
                field=field,
                game=name,
                limit=longest,
            )
        # The record as a whole has no line of its own (and finding one would read it all again).
        where = doc.where(path) if path else Where()
        errors.append(RecordError(message, code="record.too_long", where=where))
    raise RecordErrors(errors)
