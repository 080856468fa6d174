"""Names that print alike: Unicode's confusables (UTS #39), through the ``confusable_homoglyphs`` package.

Two players called ``Anna`` and ``Аnna`` (a Cyrillic А), ``Αnna`` (Greek), ``Ａnna`` (full width),
``Anna`` with a no-break space or a variation selector after it, are two players whom no reader of the
verdict can tell apart (robustness round 3, #7). A record naming both is refused: the names are
compared by their *skeletons* (UTS #39, section 4): the text in NFKC, with characters that show nothing
taken out and runs of spaces made one, each character replaced by the prototype Unicode's
``confusables.txt`` gives it, in NFD. Names with the same skeleton look the same.

The data is Unicode's ``confusables.txt`` as the ``confusable_homoglyphs`` package ships it (a JSON
file of the pairs, both ways, kept up to date with Unicode's releases; pure Python, so it loads in
Pyodide and offline). Only its data file is read, when two names are first compared: the package's
modules would also import ``urllib`` for its updater, which the referee never needs.

>>> skeleton("Anna") == skeleton("\\u0410nna") == skeleton("\\uff21nna") == skeleton("Anna\\u00a0")
True
>>> skeleton("Anna") == skeleton("Anna\\ufe0f"), skeleton("Anna") == skeleton("Анна")
(True, False)
>>> lookalikes(["Anna", "Boris", "\\u0410nna"])
[('Anna', 'Аnna')]
"""

from __future__ import annotations

import functools
import re
import unicodedata

# Characters that show nothing, taken out of a skeleton (Unicode's Default_Ignorable_Code_Point, those
# that the referee does not already refuse as control or format characters): the Hangul fillers,
# the combining grapheme joiner, the Mongolian and other variation selectors. None is in ASCII.
_INVISIBLE = (
    "[\u034f\u115f\u1160\u17b4\u17b5\u180b-\u180f\u3164\ufe00-\ufe0f\uffa0\U000e0100-\U000e01ef]"
)
_SPACES = re.compile(r"\s+")


@functools.cache
def invisible() -> re.Pattern[str]:
    """The characters that show nothing, as a pattern compiled on first use: names in ASCII, nearly all
    names, never need it, and compiling it costs a check's start more than the rest of this module."""
    return re.compile(_INVISIBLE)


def _pairs() -> dict[str, list[dict[str, str]]]:
    """The package's data: each character (or prototype) with the characters it is confused with."""
    import importlib.util
    import json  # here: a check whose names need only the common scripts loads neither
    from pathlib import Path

    spec = importlib.util.find_spec("confusable_homoglyphs")
    if spec is None or not spec.submodule_search_locations:  # pragma: no cover - a broken install
        raise ImportError("confusable_homoglyphs is not installed")
    data = Path(next(iter(spec.submodule_search_locations))) / "confusables.json"
    return json.loads(data.read_text(encoding="utf-8"))


@functools.cache
def prototypes() -> dict[str, str]:
    """Each character that ``confusables.txt`` maps, with its prototype (read once; the checker's
    worker reads it before its snapshot is made, as the data file is not there at its first check).

    The package keeps each pair both ways: a character mapped to a prototype lists that one only; a
    prototype lists every character mapped to it. Where two characters only list each other, the
    one mapped is not told apart from its prototype, and the smaller stands for both.
    """
    pairs = _pairs()
    out: dict[str, str] = {}
    for char, entries in pairs.items():
        if len(char) != 1 or len(entries) != 1:
            continue
        target = entries[0]["c"].replace(
            "\u200e", ""
        )  # the package keeps right-to-left ones in LRMs
        if len(pairs.get(target, ())) > 1 or len(target) > 1 or target < char:
            out[char] = target
    return out


COMMON_END = "\u0530"
"""The common scripts end here: Latin (with Latin-1 and Extended-A and -B), IPA, the combining marks,
Greek and Cyrillic, the letters of nearly every player's name."""


def common_prototypes() -> dict[str, str]:
    """:func:`prototypes` of the characters before :data:`COMMON_END`, made from the package's data
    (what :func:`common_table` keeps)."""
    return {c: p for c, p in prototypes().items() if c < COMMON_END}


ASCII_PROTOTYPES: dict[str, str] = {
    '"': "''",
    "%": "\xba/\u2080",
    "0": "O",
    "1": "l",
    "I": "l",
    "`": "'",
    "m": "rn",
    "|": "l",
}
"""The common scripts' prototypes of the characters before U+0080, kept here and not in
:mod:`referee.records.confusables_common` (``tests/test_lookalike_table.py`` compares them with the
package's: after an update that changes them, copy them here)."""


@functools.cache
def common_table() -> dict[str, str]:
    """The prototypes of the characters before :data:`COMMON_END`: :data:`ASCII_PROTOTYPES` and
    :mod:`referee.records.confusables_common`'s (put together on the first name beyond ASCII)."""
    from referee.records.confusables_common import BEYOND_ASCII

    return {**ASCII_PROTOTYPES, **BEYOND_ASCII}


def _table(text: str) -> dict[str, str]:
    """The prototypes ``text`` needs: the common scripts' few hundred, or Unicode's whole table.

    Reading the package's data file costs a command-line check more than the rest of its start
    (~25 ms of CPU), so names written in the common scripts, nearly all names, use the part of it
    kept in :func:`common_table` (a test compares the two), and names in ASCII, most names, the few
    entries of that part for ASCII (:data:`ASCII_PROTOTYPES`), so that a check of them does not load
    the common part's four hundred either.
    """
    if not text or max(text) < "\x80":
        return ASCII_PROTOTYPES
    if max(text) < COMMON_END:
        return common_table()
    return prototypes()


@functools.lru_cache(maxsize=1024)
def skeleton(name: str) -> str:
    """What ``name`` looks like: equal skeletons print alike (see the module's text); kept for the
    names seen last (the same players' records are checked one after another)."""
    if name.isascii():  # NFKC and NFD leave ASCII as it is, and nothing in ASCII is invisible
        text = _SPACES.sub(" ", name).strip()
    else:
        text = _SPACES.sub(" ", invisible().sub("", unicodedata.normalize("NFKC", name))).strip()
        text = unicodedata.normalize("NFD", text)
    table = _table(text)
    return unicodedata.normalize("NFD", "".join(table.get(c, c) for c in text))


def lookalikes(names: list[str]) -> list[tuple[str, str]]:
    """Each pair of different ``names`` that print alike, the first written first."""
    seen: dict[str, str] = {}
    out = []
    for name in names:
        shape = skeleton(name)
        first = seen.setdefault(shape, name)
        if first != name:
            out.append((first, name))
    return out


def write_common(path: str) -> None:
    """Write :mod:`referee.records.confusables_common` again from the package's data, the characters
    from U+0080 on (then ``ruff format`` it)."""
    with open(path, encoding="utf-8") as f:
        head = f.read().split("BEYOND_ASCII: dict[str, str] = {")[0]
    beyond = sorted((c, p) for c, p in common_prototypes().items() if c >= "\x80")
    body = "".join(f"    {c!a}: {p!a},\n" for c, p in beyond)
    tail = '"""Each character from U+0080 to U+0530 that ``confusables.txt`` maps, with its prototype."""\n'
    with open(path, "w", encoding="utf-8") as f:
        f.write(f"{head}BEYOND_ASCII: dict[str, str] = {{\n{body}}}\n{tail}")


if __name__ == "__main__":  # python -m referee.records.lookalike: write the kept table again
    import os

    write_common(os.path.join(os.path.dirname(__file__), "confusables_common.py"))
