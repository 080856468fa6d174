"""The placeholders a translation must keep exactly: a page's ``{1}`` for the English page's links,
a message's ``{player}`` and its printf conversions (``%(prog)s``).
"""

from __future__ import annotations

import re
import string
from collections import Counter

from site_tools.safety.entry_kinds import Kind

_PAGE_PLACEHOLDER = re.compile(r"\{\d+\}")


def format_fields(text: str) -> Counter[str]:
    """The ``str.format`` fields of a referee message (``{player}``, ``{value!r}``); ValueError if broken.

    >>> sorted(format_fields("{a} and {b!r}, {{literal}}"))
    ['{a}', '{b!r}']
    """
    fields: Counter[str] = Counter()
    for _literal, name, spec, conversion in string.Formatter().parse(text):
        if name is not None:
            fields[
                "{"
                + name
                + (f"!{conversion}" if conversion else "")
                + (f":{spec}" if spec else "")
                + "}"
            ] += 1
    return fields


_PRINTF_FLAGS = "-+ #0"
_PRINTF_LENGTH = "hlL"
_PRINTF_TYPES = "diouxXeEfFgGcrsa"


def printf_conversions(text: str) -> tuple[list[str], str]:
    """The ``%`` conversions of ``text`` in order, as Python's ``str % values`` reads them, and the text
    without them; ValueError where Python would raise one (a trailing ``%``, ``%y``, an open ``%(``).

    The whole grammar (``printf``-style formatting in Python's documentation): ``%``, a mapping key
    in parentheses (which may nest), flags, a width (``*`` or digits), a precision, a length modifier
    (ignored by Python) and the conversion type; ``%%`` is a conversion too (it writes one ``%``).

    >>> printf_conversions("%(prog)s: error: %(message)s %-5.2f %*d %% %a %c")[0]
    ['%(prog)s', '%(message)s', '%-5.2f', '%*d', '%%', '%a', '%c']
    >>> printf_conversions("%(a(b))s and %ld")[0]
    ['%(a(b))s', '%ld']
    >>> printf_conversions("ends with %")
    Traceback (most recent call last):
    ...
    ValueError: incomplete format
    >>> printf_conversions("50%y")
    Traceback (most recent call last):
    ...
    ValueError: unsupported format character 'y' (0x79) at index 3
    """
    found: list[str] = []
    rest: list[str] = []
    i, end = 0, len(text)
    while True:
        start = text.find("%", i)
        if start < 0:
            rest.append(text[i:])
            return found, " ".join(rest)
        rest.append(text[i:start])
        j = start + 1
        if text[j : j + 1] == "%":  # "%%" writes one "%"; a "%" after a key or a flag is refused
            found.append("%%")
            i = j + 1
            continue
        if j < end and text[j] == "(":
            depth, j = 1, j + 1
            while j < end and depth:
                depth += {"(": 1, ")": -1}.get(text[j], 0)
                j += 1
            if depth:
                raise ValueError("incomplete format key")
        while j < end and text[j] in _PRINTF_FLAGS:
            j += 1
        j = _past_count(text, j, end)  # the width
        if j < end and text[j] == ".":
            j = _past_count(text, j + 1, end)  # the precision
        while j < end and text[j] in _PRINTF_LENGTH:
            j += 1
        if j >= end:
            raise ValueError("incomplete format")
        if text[j] not in _PRINTF_TYPES:
            raise ValueError(
                f"unsupported format character {text[j]!r} (0x{ord(text[j]):x}) at index {j}"
            )
        found.append(text[start : j + 1])
        i = j + 1


def _past_count(text: str, j: int, end: int) -> int:
    """Where a printf width or precision that may start at ``j`` ends: ``*``, digits or nothing.

    >>> _past_count("%5.2f", 1, 5), _past_count("%*d", 1, 3), _past_count("%d", 1, 2)
    (2, 2, 1)
    """
    if j < end and text[j] == "*":
        return j + 1
    while j < end and text[j].isdigit():
        j += 1
    return j


def _placeholders(text: str, kind: Kind) -> tuple[Counter[str], str]:
    """The placeholders of ``text`` and the text without them (ValueError for a broken one)."""
    if kind == "page":
        found = Counter(_PAGE_PLACEHOLDER.findall(text))
        return found, _PAGE_PLACEHOLDER.sub(" ", text)
    conversions, without = printf_conversions(text)
    found = format_fields(text) + Counter(conversions)
    rest = re.sub(r"\{\{|\}\}", "", without)
    return found, re.sub(r"\{[^{}]*\}", " ", rest)


def _printf_or_none(text: str) -> list[str] | None:
    """The ``%`` conversions of ``text``, or None where the English itself is not a ``%`` format."""
    try:
        return printf_conversions(text)[0]
    except ValueError:
        return None


def _placeholders_removed(text: str, kind: Kind) -> str:
    try:
        return _placeholders(text, kind)[1]
    except ValueError:
        return text


def _placeholder_problems(source: str, target: str, kind: Kind) -> list[str]:
    try:
        wanted, source_rest = _placeholders(source, kind)
    except ValueError:  # the English itself is not a format string: compare braces only
        wanted, source_rest = Counter(), source
    try:
        got, target_rest = _placeholders(target, kind)
    except ValueError as error:
        return [f"has a broken placeholder ({error})"]
    if kind == "message":
        # argparse fills its messages (and every option's help) with `%`: the conversions must be the
        # English's exactly, in order (positional ones take their values in order; an extra `%a`, `%c`
        # or a trailing `%` breaks every command line in that language).
        wanted_printf = _printf_or_none(source)
        got_printf = printf_conversions(target)[0]
        if wanted_printf is not None and got_printf != wanted_printf:
            keyed = all(c.startswith("%(") or c == "%%" for c in wanted_printf + got_printf)
            if not keyed or Counter(set(got_printf)) != Counter(set(wanted_printf)):
                return [f"has the % conversions {got_printf}, not the English's {wanted_printf}"]
    # Each placeholder of the English exactly, none other; a translation may name one twice or once
    # where the English repeats it ("{player} … {player}" → "… он").
    found = [
        f"has the placeholder {p}, which the English has not"
        for p in sorted(set(got) - set(wanted))
    ]
    found += [f"drops the placeholder {p} of the English" for p in sorted(set(wanted) - set(got))]
    if source_rest.count("{") + source_rest.count("}") < target_rest.count("{") + target_rest.count(
        "}"
    ):
        found.append("has a brace that is not one of the English's placeholders")
    return found
