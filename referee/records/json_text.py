"""A record written in JSON, read with the standard :mod:`json` module within the limits.

:func:`referee.records.source.load_text` reads a record that starts with ``{`` or ``[`` here first;
plain JSON within the limits is read in C, faster than any YAML reader, and anything else is left to
the YAML readers (:class:`NotJson`), which name the problem. A record written in YAML, as nearly
all are, never loads this module (nor its regular expressions).
"""

from __future__ import annotations

import re
from itertools import accumulate
from typing import Any

from referee.limits import MAX_DEPTH, MAX_INT_DIGITS


class NotJson(Exception):
    """Not plain JSON within the limits: the YAML readers decide (and name the problem)."""


class LoneSurrogate(Exception):
    """An escaped half of a character at offset ``at`` of the text, ``char`` (``U+D800``): YAML refuses it too.

    :mod:`referee.records.source` refuses it as it refuses a raw control character, with one message.
    """

    def __init__(self, at: int, char: str) -> None:
        super().__init__(char)
        self.at, self.char = at, char


def _pairs(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    out = dict(pairs)
    if len(out) != len(pairs):
        raise NotJson
    return out


def _no_constant(name: str) -> Any:
    raise NotJson


def _whole_number(digits: str) -> int:
    """``parse_int`` of :func:`json.loads`: the digit limit is enforced as each number is read.

    JSON writes no leading zeros, so the length of the digits is the number's size.
    """
    if len(digits) > MAX_INT_DIGITS and len(digits.lstrip("-")) > MAX_INT_DIGITS:
        raise NotJson
    return int(digits)


_JSON_STRING = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"')
_BRACKET = re.compile(r"[\[\]{}]")
_STEP = {"[": 1, "{": 1, "]": -1, "}": -1}


def _shallow(text: str) -> bool:
    """Whether JSON text (already parsed) nests at most :data:`MAX_DEPTH` levels.

    The brackets outside strings are counted in C (regular expressions and ``accumulate``), which
    costs a fraction of walking the parsed values in Python.

    >>> _shallow('{"a": [[1], "]]]"]}'), _shallow("[" * 40 + "]" * 40), _shallow('["' + "[" * 40 + '"]')
    (True, False, True)
    """
    if text.count("[") + text.count("{") <= MAX_DEPTH:
        return True
    found = _BRACKET.findall(_JSON_STRING.sub("", text))
    return max(accumulate(map(_STEP.__getitem__, found)), default=0) <= MAX_DEPTH


def values_in(data: Any) -> int:
    """How many values ``data`` holds, counted as the YAML readers count them (a mapping's entry is two).

    >>> values_in({"a": [1, 2], "b": {"c": 3}})
    8
    """
    count, stack = 0, [data]
    while stack:
        value = stack.pop()
        if isinstance(value, list):
            count += len(value)
            stack.extend(v for v in value if isinstance(v, (list, dict)))
        elif isinstance(value, dict):
            count += 2 * len(value)
            stack.extend(v for v in value.values() if isinstance(v, (list, dict)))
    return count


def load_json(text: str) -> Any:
    """The data of the JSON ``text``; :class:`NotJson` if it is not plain JSON within the limits, and
    :class:`LoneSurrogate` for an escaped half of a character, which YAML refuses too."""
    import json

    try:
        data = json.loads(
            text, object_pairs_hook=_pairs, parse_constant=_no_constant, parse_int=_whole_number
        )
    except (ValueError, RecursionError, NotJson):
        raise NotJson from None
    if not _shallow(text):
        raise NotJson
    escaped = _SURROGATE_ESCAPE.search(text)
    if escaped is not None and _has_surrogate(data):
        # "\ud800" escapes half a character: the text is plain, the value it makes is not (YAML refuses it).
        lone = _LONE_ESCAPE.search(text) or escaped
        raise LoneSurrogate(lone.start(), f"U+{lone.group()[2:].upper()}")
    return data


# An escaped UTF-16 surrogate: half of a character, valid only as a high one followed by a low one.
_SURROGATE_ESCAPE = re.compile(r"\\u[dD][89a-fA-F][0-9a-fA-F]{2}")
_LONE_ESCAPE = re.compile(
    r"\\u[dD][89abAB][0-9a-fA-F]{2}(?!\\u[dD][c-fC-F])|(?<![0-9a-fA-F]{4})\\u[dD][c-fC-F][0-9a-fA-F]{2}"
)


def _has_surrogate(data: Any) -> bool:
    """Whether a string in ``data`` (a key or a value) holds a lone surrogate."""
    stack = [data]
    while stack:
        value = stack.pop()
        if isinstance(value, str):
            if not value.isascii() and _LONE.search(value):
                return True
        elif isinstance(value, dict):
            stack.extend(value)
            stack.extend(value.values())
        elif isinstance(value, list):
            stack.extend(value)
    return False


_LONE = re.compile("[\ud800-\udfff]")
