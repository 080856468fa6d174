"""Records and commands as a page shows them: names and comments in the page's language.

The record files in ``examples/`` and the records written on the English pages are the one source.
A Russian or German page shows the same record with the players' and teams' names of its language
and its comments translated, both taken from ``locale/examples.yaml``, which translators edit.
Names are replaced only as whole words outside comments, so the record shown is still one the
referee accepts, with the same verdict.

>>> print(localize_text("players: [Anna, Boris]   # clockwise", "ru"))
players: [Анна, Борис]   # по часовой стрелке
>>> localize_text("teams: {We: [Anna, Vera], They: [Boris, Gleb]}", "de")
'teams: {Wir: [Anna, Vera], Sie: [Boris, Gleb]}'
>>> localize_text("players: [Anna]  # clockwise", "en")
'players: [Anna]  # clockwise'
"""

from __future__ import annotations

import re
from functools import cache
from typing import Any

import yaml

from referee.messages import LOCALE_DIR

EXAMPLES_FILE = LOCALE_DIR / "examples.yaml"
_COMMENT = re.compile(r"(?P<code>^|.*?\s)#(?P<space>\s*)(?P<text>.*)$")


@cache
def _data() -> dict[str, Any]:
    with EXAMPLES_FILE.open(encoding="utf-8") as handle:
        return yaml.safe_load(handle) or {}


def display_names(lang: str) -> dict[str, str]:
    """The record's English names mapped to the names a reader of ``lang`` sees (only those that differ)."""
    return {k: v for k, v in (_data().get("names", {}).get(lang) or {}).items() if k != v}


def comment_translations() -> dict[str, dict[str, str]]:
    """Every comment of the pages' records and commands: English text -> {language: translation}."""
    return _data().get("comments", {}) or {}


def translate_comment(comment: str, lang: str) -> str:
    """The comment in ``lang``; the English text when there is no translation (a test requires one)."""
    if lang == "en":
        return comment
    return (comment_translations().get(comment) or {}).get(lang) or comment


@cache
def _name_pattern(lang: str) -> re.Pattern[str] | None:
    names = sorted(display_names(lang), key=len, reverse=True)
    if not names:
        return None
    return re.compile(r"(?<!\w)(" + "|".join(map(re.escape, names)) + r")(?!\w)")


def localize_names(code: str, lang: str) -> str:
    """Replace every whole-word English name in ``code`` (no comment in it) with the name in ``lang``."""
    pattern = _name_pattern(lang)
    if pattern is None:
        return code
    names = display_names(lang)
    return pattern.sub(lambda m: names[m.group(1)], code)


def note_translations() -> dict[str, dict[str, str]]:
    """The notes at the head of the example records: English block (lines without ``# ``) -> {language: block}."""
    return _data().get("notes", {}) or {}


def notes_in(text: str) -> list[str]:
    """Every block of whole-line comments in a record (the note at its head, most often), as English text.

    >>> notes_in("# One\\n#   two\\ngame: x  # not a note\\n")
    ['One\\n  two']
    """
    return ["\n".join(texts) for _, _, texts in _note_runs(text.split("\n"))]


def _note_runs(lines: list[str]) -> list[tuple[int, int, list[str]]]:
    """(first line, line after the last, texts) of each run of whole-line comments."""
    runs: list[tuple[int, int, list[str]]] = []
    i = 0
    while i < len(lines):
        if not _NOTE.match(lines[i]):
            i += 1
            continue
        j = i
        while j < len(lines) and _NOTE.match(lines[j]):
            j += 1
        runs.append((i, j, [_NOTE.match(line)["text"].rstrip() for line in lines[i:j]]))  # type: ignore[index]
        i = j
    return runs


_NOTE = re.compile(r"^(?P<indent>[ \t]*)# ?(?P<text>.*)$")


def localize_text(text: str, lang: str) -> str:
    """A record or a shell listing with names and comments in ``lang``; English stays as it is.

    A block of whole-line comments (a record's note) is translated as one block, keeping the
    translator's own line breaks (``notes`` in ``locale/examples.yaml``); any other comment line by line.
    """
    if lang == "en":
        return text
    source = text.split("\n")
    notes = note_translations()
    whole: dict[int, tuple[int, list[str]]] = {}
    for start, end, texts in _note_runs(source):
        translated = (notes.get("\n".join(texts)) or {}).get(lang)
        if translated:
            indent = _NOTE.match(source[start])["indent"]  # type: ignore[index]
            whole[start] = (
                end,
                [f"{indent}# {t}".rstrip() for t in translated.rstrip("\n").split("\n")],
            )
    lines: list[str] = []
    i = 0
    while i < len(source):
        if i in whole:
            end, block = whole[i]
            lines += block
            i = end
            continue
        line = source[i]
        match = _COMMENT.match(line)
        if match:
            code = localize_names(match["code"], lang)
            lines.append(
                f"{code}#{match['space']}{translate_comment(match['text'].rstrip(), lang)}"
            )
        else:
            lines.append(localize_names(line, lang))
        i += 1
    return "\n".join(lines)


def comments_in(text: str) -> list[str]:
    """The comments of a record or listing, as their English text.

    >>> comments_in("a: 1  # one\\n# two\\nb: 2")
    ['one', 'two']
    """
    return [m["text"].rstrip() for line in text.split("\n") if (m := _COMMENT.match(line))]
