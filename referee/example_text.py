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


def localize_text(text: str, lang: str) -> str:
    """A record or a shell listing with names and comments in ``lang``; English stays as it is."""
    if lang == "en":
        return text
    lines = []
    for line in text.split("\n"):
        match = _COMMENT.match(line)
        if match:
            code = localize_names(match["code"], lang)
            lines.append(f"{code}#{match['space']}{translate_comment(match['text'].rstrip(), lang)}")
        else:
            lines.append(localize_names(line, lang))
    return "\n".join(lines)


def comments_in(text: str) -> list[str]:
    """The comments of a record or listing, as their English text.

    >>> comments_in("a: 1  # one\\n# two\\nb: 2")
    ['one', 'two']
    """
    return [m["text"].rstrip() for line in text.split("\n") if (m := _COMMENT.match(line))]
