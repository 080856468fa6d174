"""Unquoted YAML values, read as a person writes them: decimal whole numbers, true and false, the rest text.

A scoresheet's numbers are decimal, so a record's are too: ``017`` is 17 (a leading zero changes
nothing on paper), ``+12`` is 12, ``-0`` is 0. What YAML 1.1 (and PyYAML) would read as a number in
another base or form, ``0x10``, ``0b1100``, ``0o17``, ``1_000``, ``1:30`` (base 60), ``2.5``,
``1.0e+3``, ``.inf``, stays the text it is: as a name it is a name (a player called ``1:30``), as a
score it is refused with the field and the line ("must be a whole number written in decimal digits").
Only ``true`` and ``false`` (in any of YAML's three spellings) are truth values: ``yes``, ``no``,
``on`` and ``off`` are words (players may be called ``No`` and ``Off``; an auction answer reads
``yes`` and ``no`` as words of its own). ``null`` and ``~`` are nothing. Robustness round 3, #3 and #7.

A whole number written with leading zeros is a :class:`Written` number: the number for the rules,
its own text where it is shown (a player ``007`` keeps his name).
"""

from __future__ import annotations

import functools
import re
from typing import Any

from referee.errors import RecordError, Where
from referee.limits import MAX_INT_DIGITS
from referee.messages import t

_BOOLS = {
    word: value
    for value, words in ((True, "true True TRUE"), (False, "false False FALSE"))
    for word in words.split()
}
_NULLS = frozenset(("", "~", "null", "Null", "NULL"))
_DECIMAL = re.compile(r"[-+]?[0-9]+")
_NUMBER_START = frozenset("0123456789+-")
# What YAML 1.1 reads as a number and a person does not write as one: refused where a number is wanted.
_OTHER_NUMBER = r"""[-+]?0b[0-1_]+|[-+]?0o?[0-7_]+|[-+]?0x[0-9a-fA-F_]+|[-+]?[0-9][0-9_]*(?::[0-5]?[0-9])+(?:\.[0-9_]*)?
    |[-+]?[0-9][0-9_]*(?:\.[0-9_]*)?(?:[eE][-+]?[0-9]+)?|[-+]?\.[0-9][0-9_]*(?:[eE][-+]?[0-9]+)?
    |[-+]?\.(?:inf|Inf|INF)|\.(?:nan|NaN|NAN)"""


@functools.cache
def other_number() -> re.Pattern[str]:
    """A number in another base, with ``_`` or ``:``, or with a fraction or an exponent (YAML 1.1's forms),
    compiled on first use: only a value where a whole number is wanted and none is written asks, and
    compiling it costs a check's start half a millisecond.

    >>> [bool(other_number().fullmatch(s)) for s in ("0x10", "0b1100", "0o17", "1_2", "1:30", "2.5", "Anna")]
    [True, True, True, True, True, True, False]
    """
    return re.compile(_OTHER_NUMBER, re.X)


class Written(int):
    """A whole number written with leading zeros or a plus sign: its value, shown as it was written.

    >>> n = Written("017")
    >>> n == 17, n + 1, str(n), f"{n}", [n]
    (True, 18, '017', '017', [17])
    """

    text: str

    def __new__(cls, text: str) -> Written:
        digits = text.lstrip("+-").lstrip("0") or "0"
        self = super().__new__(cls, ("-" if text[0] == "-" else "") + digits)
        self.text = text
        return self

    def __str__(self) -> str:
        return self.text

    def __format__(self, spec: str) -> str:
        return format(self.text, spec) if not spec or spec[-1:] == "s" else super().__format__(spec)


def resolve_plain(text: str, line: int | None = None) -> Any:
    """An unquoted value: nothing, true or false, a decimal whole number, or text.

    >>> [resolve_plain(s) for s in ("", "true", "Off", "No", "12", "-3", "+4", "0x1F", "1_000", "1:30", "2.5")]
    [None, True, 'Off', 'No', 12, -3, 4, '0x1F', '1_000', '1:30', '2.5']
    >>> resolve_plain("017"), type(resolve_plain("017")).__name__, resolve_plain("-0")
    (17, 'Written', 0)
    >>> resolve_plain("1" * 19, 4)
    Traceback (most recent call last):
    ...
    referee.errors.RecordError: The number 1111111111111111111 has more than 18 digits (line 4).
    """
    known = RESOLVED.get(text, UNKNOWN)
    if known is not UNKNOWN:
        return known
    value = _resolve(text, line)
    if len(RESOLVED) < 4096:  # names, keys and small numbers repeat from record to record
        RESOLVED[text] = value
    return value


RESOLVED: dict[str, Any] = {}
UNKNOWN = object()


def _resolve(text: str, line: int | None) -> Any:
    if text in _NULLS:
        return None
    truth = _BOOLS.get(text)
    if truth is not None:
        return truth
    if text[0] not in _NUMBER_START or not _DECIMAL.fullmatch(text):
        return text
    digits = text.lstrip("+-").lstrip("0")
    if len(digits) > MAX_INT_DIGITS:
        raise _too_many_digits(text, line)
    if text[0] == "+" or (text[0] in "0-" and text.lstrip("-") != (digits or "0")):
        return Written(text)  # a sign or leading zeros: the number, shown as written
    return int(text)


def _too_many_digits(text: str, line: int | None) -> RecordError:
    shown = text if len(text) <= 40 else text[:20] + "…" + text[-10:]
    return RecordError(
        t(
            "The number {number} has more than {limit} digits (line {line}).",
            number=shown,
            limit=MAX_INT_DIGITS,
            line=line,
        ),
        code="record.number_too_large",
        where=Where(line=line),
    )
