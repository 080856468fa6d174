"""The plainest record text, as ``yaml.safe_dump`` writes it, read in one pass over its lines.

:class:`~referee.records.quick_yaml.QuickReader` first lists every line (its indentation, its text and
its number) and then descends through that list; for a record of a few dozen lines the list alone is a
third of the reading. Here each line is looked at once, as it comes, with a stack of the open lists
and mappings: no list of lines, no line numbers (a text with no blank and no comment line needs none
to read), no path of each value.

Only a part of what the quick reader reads is read here: block mappings and lists, plain keys, plain
values (wrapped over several lines too), simply quoted values and one-line flow values. Anything else
(a comment, a blank line, a folded scalar, a lone value under a key, a number too long, a list over the
deal cap) raises :class:`~referee.records.quick_yaml.NotPlain` at once, and the quick reader reads the
text again the usual way, to its own answer (data, lines, errors). What is read here is the quick
reader's data and :attr:`~referee.records.quick_yaml.QuickReader.largest`, exactly (a test compares
the two on random, spoiled and example records).

>>> read_plain("game: yacht\\nplayers:\\n- Anna\\n- Boris\\ndeals:\\n- dealer: Anna\\n  bid: -7\\n")
({'game': 'yacht', 'players': ['Anna', 'Boris'], 'deals': [{'dealer': 'Anna', 'bid': -7}]}, 34)
>>> read_plain("a: 1\\n# a comment\\n")
Traceback (most recent call last):
...
referee.records.quick_yaml.NotPlain
"""

from __future__ import annotations

from typing import Any

from referee.errors import RecordError
from referee.limits import MAX_DEALS, MAX_DEPTH, MAX_VALUES
from referee.records.quick_yaml import _INDICATORS, _NOT_QUICK, _PLAIN_KEYS, NotPlain, QuickReader
from referee.records.quick_yaml import _quoted as quoted
from referee.records.scalars import RESOLVED, UNKNOWN, resolve_plain

# Most nesting read here (a record nests five deep): deeper texts go to the quick reader, which
# refuses MAX_DEPTH; a flow value is read at most this deep too.
_DEEPEST = 16
assert _DEEPEST + 2 < MAX_DEPTH
# What a plain value does not start with: an indicator, or a space (one more after the colon or the
# dash, which the quick reader reads; safe_dump writes one).
_NOT_PLAIN = _INDICATORS | {" "}
OPEN = object()
"""What a key or a dash with nothing after it leaves open: its value is on the lines below, or None."""


class _Flow(QuickReader):
    """The quick reader's reading of a one-line value (a flow list or mapping), without its lines."""

    def __init__(self) -> None:  # none of QuickReader's own: no rows, no lines kept
        self.largest, self.track, self.counting, self.lines, self.values = 0, False, False, {}, 0


def read_plain(text: str, printable: bool = False) -> tuple[Any, int]:
    """The data of ``text`` and its :attr:`~referee.records.quick_yaml.QuickReader.largest`, or
    :class:`~referee.records.quick_yaml.NotPlain` where the quick reader is to read it.

    ``printable``: every character of the text but its line breaks is printable (no tab, no carriage
    return, no other line break), as the caller found.
    """
    if (
        "#" in text
        or " \n" in text
        or "\n..." in text  # a document's end (a line "---" or "%" is refused where it is met)
        or len(text) > MAX_VALUES  # the values would be counted as they are read
        or not text
        or text[0] in " \n-."
        or text.endswith(" ")
    ):
        raise NotPlain
    if not printable:
        for mark in _NOT_QUICK:
            if mark in text:
                raise NotPlain
    try:
        return _read(text)
    except RecordError:  # a number too long, say: the quick reader finds it, on its line
        raise NotPlain from None
    except IndexError:  # an empty line (its first character): the quick reader skips it
        raise NotPlain from None


def _read(text: str) -> tuple[Any, int]:
    lines = text.split("\n")
    if not lines[-1]:
        lines.pop()  # the text ends with a line break (a blank line before is met as it is read)
    # as QuickReader measures it (counting the empty text after the last line break)
    longest = max(map(len, lines)) if len(text) > 2 * MAX_DEALS else len(text)
    largest = (longest + 1) // 2
    resolved, plain_keys = RESOLVED, _PLAIN_KEYS
    root: dict[Any, Any] = {}
    made: list[Any] = [root]  # every list and mapping, measured at the end (largest)
    # the open lists and mappings around the innermost (the nearest last), each with its indentation
    parents: list[tuple[Any, int]] = []
    top: Any = root  # the innermost, at indentation ``at``
    at = 0
    is_list = False
    key: Any = None
    # What the line before left open: None, OPEN (a key or a dash with nothing after it, whose value
    # is on the lines below or None), or the text of a plain value (which the lines below may go on).
    last: Any = None
    for raw in lines:
        content = raw.lstrip(" ")
        indent = len(raw) - len(content)
        if indent != at:
            if indent > at:
                if last is OPEN:
                    # the value below the key or dash: a list or a mapping
                    if content[0] == "-" and (len(content) == 1 or content[1] == " "):
                        below: Any = []
                    elif ": " in content or content[-1] == ":":
                        below = {}
                    else:
                        raise NotPlain  # a lone value on its own line
                    if is_list:
                        top[-1] = below
                    else:
                        top[key] = below
                    parents.append((top, at))
                    top, at, is_list = below, indent, type(below) is list
                    made.append(top)
                    if len(parents) >= _DEEPEST:
                        raise NotPlain
                elif last is None:
                    raise NotPlain  # deeper than anything open
                else:
                    # a plain value goes on: QuickReader.continued
                    if content[0] in _INDICATORS or ": " in content or content[-1] == ":":
                        raise NotPlain
                    last = last + " " + content
                    if is_list:
                        top[-1] = last
                    else:
                        top[key] = last
                    if len(last) > 2 * largest:
                        largest = (len(last) + 1) // 2
                    continue
            else:
                while indent < at:
                    top, at = parents.pop()
                if indent != at:
                    raise NotPlain
                is_list = type(top) is list
                last = None  # what was open closed with its list or mapping
        if content[0] == "-" and (len(content) == 1 or content[1] == " "):
            if not is_list:
                if last is not OPEN:
                    raise NotPlain
                # the list under the key above, at the key's indentation
                below = top[key] = []
                parents.append((top, at))
                top, is_list = below, True
                made.append(top)
                if len(parents) >= _DEEPEST:
                    raise NotPlain
            rest = content[2:]
            if not rest:
                top.append(None)
                last = OPEN
                continue
            first = rest[0]
            if first not in _NOT_PLAIN and ": " not in rest and rest[-1] != ":":
                last = rest
                if " " in rest:
                    top.append(rest)
                else:
                    try:
                        top.append(resolved[rest])
                    except KeyError:
                        top.append(resolve_plain(rest))
                continue
            if first in _NOT_PLAIN:
                value, size = _inline(rest, len(parents) + 1)
                if value is UNKNOWN:
                    raise NotPlain
                if size > largest:
                    largest = size
                top.append(value)
                last = None
                continue
            # "- key: value": a mapping opens at the key's column, this line its first entry
            below = {}
            top.append(below)
            parents.append((top, at))
            top, at = below, indent + len(content) - len(rest)
            made.append(top)
            if len(parents) >= _DEEPEST:
                raise NotPlain
            is_list, content = False, rest
        elif is_list:
            # the list ends; the mapping of the key above it (at the same indentation) goes on
            top, at = parents.pop()
            if at != indent or type(top) is not dict:
                raise NotPlain
            is_list = False
        # a mapping's entry, "key: value" or "key:"
        key_text, colon, rest = content.partition(": ")
        if not colon:
            if content[-1] != ":":
                raise NotPlain
            key_text = content[:-1]
        try:
            key = plain_keys[key_text]
        except KeyError:
            key = _plain_key(key_text)
        if key in top:
            raise NotPlain
        if not rest:
            top[key] = None
            last = OPEN
            continue
        first = rest[0]
        # a plain value, read as after a dash above: written out in both places so that a value costs
        # no call in the loop this reader exists to keep short
        if first not in _NOT_PLAIN and ": " not in rest and rest[-1] != ":":
            last = rest
            if " " in rest:
                top[key] = rest
            else:
                try:
                    top[key] = resolved[rest]
                except KeyError:
                    top[key] = resolve_plain(rest)
            continue
        if rest == ">-":
            raise NotPlain  # a folded scalar: the quick reader reads its plainest form
        value, size = _inline(rest, len(parents) + 1)
        if value is UNKNOWN:
            raise NotPlain
        if size > largest:
            largest = size
        top[key] = value
        last = None
    deals = root.get("deals")
    if type(deals) is list and len(deals) > MAX_DEALS:
        raise NotPlain  # refused by the quick reader, with the line of the deal over the cap
    return root, max(largest, max(map(len, made)))


def _plain_key(key_text: str) -> Any:
    """A plain key's value, as QuickReader.entry_key reads it (and keeps it in its table)."""
    if (
        not key_text
        or key_text[0] in _INDICATORS
        or ":" in key_text
        or "#" in key_text
        or key_text == "<<"
    ):
        raise NotPlain
    key = RESOLVED.get(key_text, UNKNOWN)
    if key is UNKNOWN:
        key = resolve_plain(key_text.rstrip(" "))
    if len(_PLAIN_KEYS) < 4096:
        _PLAIN_KEYS[key_text] = key
    return key


def _inline(rest: str, depth: int) -> tuple[Any, int]:
    """A value that starts with an indicator and ends on its line (a negative number, a quoted text,
    a flow list or mapping, read as QuickReader.inline reads it) and the most items a flow value holds;
    UNKNOWN where the quick reader is to read it (a value after two spaces, say)."""
    first = rest[0]
    if first == "-":
        if len(rest) == 1 or rest[1] == " " or ": " in rest or rest[-1] == ":":
            return UNKNOWN, 0
        value = RESOLVED.get(rest, UNKNOWN)
        return (resolve_plain(rest) if value is UNKNOWN else value), 0
    if first in "'\"":
        value, end = quoted(rest, 0)
        return (value if end == len(rest) else UNKNOWN), 0
    if first in "[{":
        reader = _Flow()
        value, end = reader.flow(rest, 0, (), 0, depth + 1)
        return (value if end == len(rest) else UNKNOWN), reader.largest
    return UNKNOWN, 0
