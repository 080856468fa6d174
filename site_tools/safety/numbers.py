"""The numbers a text gives, in digits or (in English) in words: a translation may spell a number
out or move it, not change it.
"""

from __future__ import annotations

import re

from site_tools.safety.entry_kinds import Kind
from site_tools.safety.placeholders import _placeholders

_NUMBER = re.compile(r"\d+")


_UNITS = (
    "zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen "
    "sixteen seventeen eighteen nineteen"
).split()
_TENS = {
    "twenty": 20,
    "thirty": 30,
    "forty": 40,
    "fifty": 50,
    "sixty": 60,
    "seventy": 70,
    "eighty": 80,
    "ninety": 90,
}
_ORDINALS = {
    "first": 1,
    "second": 2,
    "third": 3,
    "fifth": 5,
    "eighth": 8,
    "ninth": 9,
    "twelfth": 12,
    "once": 1,
    "twice": 2,
    "thrice": 3,
    "single": 1,
    "double": 2,
    "triple": 3,
    "pair": 2,
    "dozen": 12,
    # French, in the English's names of games: Trente-et-Quarante.
    "trente": 30,
    "quarante": 40,
}


def _word_value(word: str) -> int | None:
    """The number an English number word stands for (``seven``, ``eighteenth``, ``fifty-two``), or None."""
    word = word.lower()
    if "-" in word:
        tens, _, unit = word.partition("-")
        if tens in _TENS and (value := _word_value(unit)) is not None and value < 10:
            return _TENS[tens] + value
        return None
    if word in _ORDINALS:
        return _ORDINALS[word]
    for suffix in ("ieth", "th", ""):  # "twentieth", "eighteenth", "eighteen"
        stem = word.removesuffix(suffix) if suffix else word
        if suffix and stem == word:
            continue
        stem = stem + "y" if suffix == "ieth" else stem
        if stem in _UNITS:
            return _UNITS.index(stem)
        if stem in _TENS:
            return _TENS[stem]
        if stem in ("hundred", "thousand"):
            return 100 if stem == "hundred" else 1000
    return None


def english_numbers(text: str) -> set[str]:
    """The numbers an English segment names in digits or in words (a translation may write either).

    >>> sorted(english_numbers("In the late eighteenth century, 2 of fifty-two cards"), key=int)
    ['2', '18', '50', '52']
    """
    found = numbers(text, "page")
    for word in re.findall(r"[A-Za-z]+(?:-[A-Za-z]+)?", text):
        # "fifty-two", and the parts of "three-player" and "Trente-et-Quarante"; "fifths" as "fifth"
        for part in (word, *word.split("-")):
            value = _word_value(part)
            if value is None and part.endswith("s"):
                value = _word_value(part[:-1])
            if value is not None:
                found.add(str(value))
    return found


def numbers(text: str, kind: Kind = "page") -> set[str]:
    """The numbers ``text`` writes in digits, placeholders left out.

    >>> sorted(numbers("10♥ and [the 2 deals]{1}: 1 000 points"))
    ['000', '1', '10', '2']
    """
    try:
        rest = _placeholders(text, kind)[1]
    except ValueError:
        rest = text
    return set(_NUMBER.findall(rest))
