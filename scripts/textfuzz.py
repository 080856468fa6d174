"""Mutations of a record's text: what a careless editor, a broken tool or a hostile user produces.

Used by the fuzz test (``tests/test_hostile_input.py``, a few hundred records) and by
``scripts/benchmark.py --fuzz`` (as many as it is asked for). Each mutation keeps most of a real
record, so that the referee gets past the first line and the rules see the damage.

>>> import random
>>> text = "game: yacht\\nplayers: [Anna, Boris, Vera]\\n"
>>> mutate_text(text, random.Random(3)) != text
True
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SNIPPETS = (
    "&a ",
    "*a",
    "*b",
    "? ",
    "? [a, b]\n: 1\n",
    "<<: *a\n",
    "!!python/object:os.system ",
    "!custom ",
    "!!str ",
    "\x00",
    "\x1b[2J",
    "\x7f",
    "\u202e",
    "\u2028",
    "\ufeff",
    "\t",
    "\r",
    "- ",
    ": ",
    "{",
    "}",
    "[",
    "]",
    "'",
    '"',
    "#",
    "\n",
    "  ",
    "---\n",
    "...\n",
    "%YAML 1.1\n",
    "0x" + "f" * 30,
    "9" * 25,
    "-0",
    "012",
    "1_000",
    "1:30",
    "2.5",
    ".inf",
    "yes",
    "no",
    "on",
    "~",
    "null",
    "true",
    "2026-12-03",
    "|\n  text\n",
    ">\n  text\n",
    '"\\u0000"',
    '"\\x41"',
    "'it''s'",
    "{a: 1, a: 2}",
    "[[[[[[[[]]]]]]]]",
    "\xa0",
    "\U0001f0cf",
)
NAMES = (
    "1",
    "2",
    "0",
    "-1",
    "yes",
    "no",
    "true",
    "null",
    "~",
    "0x1f",
    "1.5",
    "'7'",
    '"8"',
    "A" * 70,
    "Анна",
    "Jörg",
    "x: y",
    "[a]",
    "&n",
    "*n",
    "a # b",
    "'",
    "",
)


def examples() -> list[str]:
    """The text of every example record."""
    return [p.read_text(encoding="utf-8") for p in sorted((ROOT / "examples").glob("*/*.yaml"))]


def _lines(text: str) -> list[str]:
    return text.split("\n")


def _truncate(text: str, rng: random.Random) -> str:
    return text[: rng.randrange(len(text) + 1)]


def _insert(text: str, rng: random.Random) -> str:
    at = rng.randrange(len(text) + 1)
    return text[:at] + rng.choice(SNIPPETS) + text[at:]


def _replace_value(text: str, rng: random.Random) -> str:
    lines = _lines(text)
    k = rng.randrange(len(lines))
    head, sep, _ = lines[k].partition(": ")
    lines[k] = head + (sep or ": ") + rng.choice(SNIPPETS + NAMES).strip("\n")
    return "\n".join(lines)


def _rename_player(text: str, rng: random.Random) -> str:
    found = re.search(r"players: \[([^\]]*)\]", text)
    if not found:
        return text
    players = [p.strip() for p in found.group(1).split(",") if p.strip()]
    if not players:
        return text
    old, new = rng.choice(players), rng.choice(NAMES)
    return re.sub(rf"(?<![\w-]){re.escape(old)}(?![\w-])", lambda _: new, text)


def _numbers_for_names(text: str, rng: random.Random) -> str:
    found = re.search(r"players: \[([^\]]*)\]", text)
    if not found:
        return text
    for k, old in enumerate(p.strip() for p in found.group(1).split(",")):
        if old:
            text = re.sub(rf"(?<![\w-]){re.escape(old)}(?![\w-])", str(k + 1), text)
    return text


def _duplicate_line(text: str, rng: random.Random) -> str:
    lines = _lines(text)
    k = rng.randrange(len(lines))
    lines.insert(k, lines[k])
    return "\n".join(lines)


def _delete_line(text: str, rng: random.Random) -> str:
    lines = _lines(text)
    del lines[rng.randrange(len(lines))]
    return "\n".join(lines)


def _indent(text: str, rng: random.Random) -> str:
    lines = _lines(text)
    k = rng.randrange(len(lines))
    lines[k] = (
        (" " * rng.choice((1, 2, 4)) + lines[k]) if rng.random() < 0.5 else lines[k].lstrip(" ")
    )
    return "\n".join(lines)


def _control(text: str, rng: random.Random) -> str:
    at = rng.randrange(len(text) + 1)
    return (
        text[:at]
        + chr(rng.choice((0, 1, 8, 11, 12, 27, 127, 0x85, 0x9B, 0x200E, 0x202E, 0x2066)))
        + text[at + 1 :]
    )


def _alias(text: str, rng: random.Random) -> str:
    lines = _lines(text)
    values = [k for k, line in enumerate(lines) if ": " in line and not line.rstrip().endswith(":")]
    if len(values) < 2:
        return text
    a, b = rng.sample(values, 2)
    head, _, value = lines[a].partition(": ")
    lines[a] = f"{head}: &x {value}"
    head, _, _ = lines[b].partition(": ")
    lines[b] = f"{head}: *x"
    return "\n".join(lines)


def _nest(text: str, rng: random.Random) -> str:
    depth = rng.choice((3, 20, 40, 200))
    lines = _lines(text)
    k = rng.randrange(len(lines))
    head, _, _ = lines[k].partition(": ")
    lines[k] = f"{head}: " + "[" * depth + "1" + "]" * depth
    return "\n".join(lines)


MUTATIONS: tuple[Callable[[str, random.Random], str], ...] = (
    _truncate,
    _insert,
    _replace_value,
    _rename_player,
    _numbers_for_names,
    _duplicate_line,
    _delete_line,
    _indent,
    _control,
    _alias,
    _nest,
)


def mutate_text(text: str, rng: random.Random) -> str:
    """``text`` after one to three random mutations."""
    for _ in range(rng.choice((1, 1, 2, 3))):
        text = rng.choice(MUTATIONS)(text, rng) if text else rng.choice(SNIPPETS)
    return text
