"""Unquoted YAML values, resolved as YAML 1.1 and PyYAML's SafeLoader do, with whole numbers bounded.

A date stays text (records have no dates, and text is what a message can show).
"""

from __future__ import annotations

import re
from typing import Any

from referee.errors import RecordError, Where
from referee.limits import MAX_INT_DIGITS
from referee.messages import t

_BOOLS = {
    word: value
    for value, words in (
        (True, "yes Yes YES true True TRUE on On ON"),
        (False, "no No NO false False FALSE off Off OFF"),
    )
    for word in words.split()
}
_NULLS = frozenset(("", "~", "null", "Null", "NULL"))
_DECIMAL = re.compile(r"-?(?:0|[1-9][0-9]*)")
_INT_PATTERN = r"""[-+]?0b[0-1_]+|[-+]?0[0-7_]+|[-+]?(?:0|[1-9][0-9_]*)|[-+]?0x[0-9a-fA-F_]+
                   |[-+]?[1-9][0-9_]*(?::[0-5]?[0-9])+"""
_FLOAT_PATTERN = r"""[-+]?(?:[0-9][0-9_]*)\.[0-9_]*(?:[eE][-+][0-9]+)?|\.[0-9][0-9_]*(?:[eE][-+][0-9]+)?
                     |[-+]?[0-9][0-9_]*(?::[0-5]?[0-9])+\.[0-9_]*|[-+]?\.(?:inf|Inf|INF)|\.(?:nan|NaN|NAN)"""
_NUMBER_START = frozenset("0123456789+-.")


def resolve_plain(text: str, line: int | None = None) -> Any:
    """An unquoted value: null, a truth value, a whole number, a decimal number or text.

    >>> [resolve_plain(s) for s in ("", "yes", "Off", "12", "-3", "0x1F", "012", "1_000", "1:30", "2.5", "10♥")]
    [None, True, False, 12, -3, 31, 10, 1000, 90, 2.5, '10♥']
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
    if text[0] not in _NUMBER_START or " " in text:
        return text
    if _DECIMAL.fullmatch(text):
        if len(text) > MAX_INT_DIGITS + (text[0] == "-"):
            raise _too_many_digits(text, line)
        return int(text)
    # Compiled here, not on import: plain decimal numbers are all most records have.
    if re.fullmatch(_INT_PATTERN, text, re.X):
        return _yaml_int(text, line)
    if re.fullmatch(_FLOAT_PATTERN, text, re.X):
        return _yaml_float(text)
    return text


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


def _yaml_int(text: str, line: int | None) -> int:
    digits = text.replace("_", "")
    sign = -1 if digits[0] == "-" else 1
    digits = digits.lstrip("+-")
    # A digit limit per base keeps every value below 10**18 and int() fast.
    if digits.startswith("0b"):
        base, body, limit = 2, digits[2:], 60
    elif digits.startswith("0x"):
        base, body, limit = 16, digits[2:], 15
    elif ":" in digits:
        if len(digits) > 3 * MAX_INT_DIGITS:
            raise _too_many_digits(text, line)
        value = 0
        for part in digits.split(":"):
            value = value * 60 + int(part)
        if value >= 10**MAX_INT_DIGITS:
            raise _too_many_digits(text, line)
        return sign * value
    elif digits != "0" and digits.startswith("0"):
        base, body, limit = 8, digits[1:], 20
    else:
        base, body, limit = 10, digits, MAX_INT_DIGITS
    if len(body.lstrip("0")) > limit:
        raise _too_many_digits(text, line)
    return sign * int(body or "0", base)


def _yaml_float(text: str) -> float:
    value = text.replace("_", "").lower()
    if value.endswith((".inf", ".nan")):
        return float(value.replace(".", ""))
    if ":" in value:
        sign = -1.0 if value[0] == "-" else 1.0
        number = 0.0
        for part in value.lstrip("+-").split(":"):
            number = number * 60 + float(part)
        return sign * number
    return float(value)
