"""Reading a record's text (YAML or JSON) into plain data plus the line of every field.

Hostile input is bounded here, before any game sees the data:

- at most :data:`MAX_BYTES` (2 MB) of text, decoded as UTF-8 (or UTF-16 with a byte-order mark)
  whatever the locale says;
- no control characters outside tab and line breaks (a NUL byte is named with its line);
- at most :data:`MAX_DEPTH` levels of nesting, checked event by event, so a deeply nested
  document is refused long before it is built;
- aliases (``*name``) may repeat at most :data:`MAX_ALIAS_VALUES` values in all (an alias bomb
  stops at once), mapping keys are single values (no ``? [list]``), no merge keys (``<<``) and no
  tags (``!!python/...``, ``!custom``);
- whole numbers of at most :data:`MAX_INT_DIGITS` digits, in decimal;
- the text is read in Unicode NFC, so that a name typed decomposed is the same name.

- at most :data:`~referee.limits.MAX_DEALS` deals and :data:`~referee.limits.MAX_VALUES` values,
  counted as they are read (:mod:`referee.records.bounds`); no lone surrogate, even escaped in JSON.

Each problem is a :class:`RecordError` with a stable code and the line. Plain scalars are read as a
person writes them (:mod:`referee.records.scalars`): decimal whole numbers (``017`` is 17), ``true``
and ``false``, and text for the rest (``yes``, ``0x10`` and ``1:30`` are words).

Three readers give the same data and lines: :mod:`referee.records.quick_yaml` for the plain block and
flow YAML that records are written in (pure Python, no PyYAML; the plainest of it, as ``yaml.safe_dump``
writes it, is read in one pass by :mod:`referee.records.one_pass`), the standard :mod:`json` module
for JSON (:mod:`referee.records.json_text`), and PyYAML's event stream
(:mod:`referee.records.yaml_events`) for everything else. The first two leave the lines until a
message needs one. The limits are in :mod:`referee.limits`, unquoted values are resolved by
:mod:`referee.records.scalars`.

>>> doc = load_text("game: x\\ndeals:\\n  - dealer: Anna\\n    tricks: {We: 5}\\n")
>>> doc.data["deals"][0]["tricks"]["We"], doc.line(("deals", 0, "tricks", "We"))
(5, 4)
>>> doc.line(("deals", 0, "nothing"))   # falls back to the nearest known parent
3
>>> load_text("game: [")
Traceback (most recent call last):
...
referee.errors.RecordError: The record is not valid YAML: did not find expected node content (line 2).
>>> load_text("a: &x [1]\\nb: *x\\n").data
{'a': [1], 'b': [1]}
>>> load_text("? [a, b]\\n: 1\\n")
Traceback (most recent call last):
...
referee.errors.RecordError: A key must be a single value, not a list or a mapping (line 1).
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable
from typing import Any

from referee.errors import LazyWhere, RecordError, Where, format_path
from referee.limits import (
    MAX_ALIAS_VALUES,
    MAX_BYTES,
    MAX_DEALS,
    MAX_DEPTH,
    MAX_INT_DIGITS,
    MAX_VALUES,
)
from referee.messages import t
from referee.records.quick_yaml import NotPlain, QuickReader
from referee.values import MISSING, Value, attr

Path = tuple[Any, ...]
__all__ = [
    "MAX_ALIAS_VALUES",
    "MAX_BYTES",
    "MAX_DEPTH",
    "MAX_INT_DIGITS",
    "Document",
    "Path",
    "decode",
    "format_path",
    "load_bytes",
    "load_text",
    "too_large",
]


class Document(Value):
    """A record's data and, for every field path, the line it starts on (1-based)."""

    data: Any
    lines: dict[Path, int] = attr(factory=dict)
    find_lines: Callable[[], dict[Path, int]] | None = attr(None, repr=False, compare=False)
    """Works the lines out when first needed (JSON is read without them)."""
    text: str | None = attr(None, repr=False, compare=False)
    """The text read, where the lines are worked out later (:meth:`top_line` looks in it)."""
    largest: int | None = attr(None, repr=False, compare=False)
    """No list or mapping of the data holds more items, no text more than twice as many characters
    (:attr:`referee.records.quick_yaml.QuickReader.largest`); None where the reader did not say."""

    def __init__(
        self,
        data: Any,
        lines: dict[Path, int] = MISSING,
        find_lines: Callable[[], dict[Path, int]] | None = None,
        text: str | None = None,
        largest: int | None = None,
    ) -> None:
        # written out (Value's own walks its fields): a check makes one for every record
        self.data, self.lines = data, {} if lines is MISSING else lines
        self.find_lines, self.text, self.largest = find_lines, text, largest

    def top_line(self, key: str) -> int | None:
        """The line of a top-level ``key:`` found in the text without reading it again; else :meth:`line`.

        Working every line out reads the whole record a second time, which for a 2 MB record refused
        for its size of a top-level list (``deals``) would double the cost of the refusal.
        """
        if self.find_lines is not None and self.text is not None:
            found = re.search(rf"^{re.escape(key)}\s*:", self.text, re.MULTILINE) or re.search(
                rf'"{re.escape(key)}"\s*:', self.text
            )  # YAML's top-level key, or JSON's (the first such key: records are small objects)
            if found is not None:
                return self.text.count("\n", 0, found.start()) + 1
        return self.line((key,))

    def line(self, path: Path) -> int | None:
        """The line of ``path``, or of its nearest ancestor that has one."""
        if self.find_lines is not None:
            finder, self.find_lines = self.find_lines, None
            self.lines = finder()
        while True:
            if path in self.lines:
                return self.lines[path]
            if not path:
                return None
            path = path[:-1]

    def where(self, path: Path, **extra: Any) -> Where:
        """A :class:`Where` for ``path`` (written ``deals[0].tricks.We``); its line is looked up when read."""
        if self.find_lines is None:
            return Where(path=format_path(path), line=self.line(path), **extra)
        return LazyWhere(path=format_path(path), find_line=lambda: self.line(path), **extra)


# ---------------------------------------------------------------------------------------------
# Bytes to text


def decode(raw: bytes) -> str:
    """The record's text: UTF-8 (a byte-order mark allowed), or UTF-16 with its byte-order mark.

    >>> decode("game: ♥".encode()), decode(b"\\xef\\xbb\\xbfa: 1"), decode("a: ♥".encode("utf-16"))
    ('game: ♥', 'a: 1', 'a: ♥')
    >>> decode(b"a: 1\\nb: \\xff\\n")
    Traceback (most recent call last):
    ...
    referee.errors.RecordError: The record is not UTF-8 text: byte 9 (line 2) cannot be read.
    """
    if len(raw) > MAX_BYTES:
        raise too_large()
    if raw[:2] in (b"\xff\xfe", b"\xfe\xff"):
        encoding, skip = "utf-16", 0
    else:
        encoding, skip = "utf-8", 3 if raw[:3] == b"\xef\xbb\xbf" else 0
    try:
        return raw[skip:].decode(encoding)
    except UnicodeDecodeError as err:
        line = raw[: err.start].count(b"\n") + 1 if encoding == "utf-8" else None
        message = (
            t(
                "The record is not UTF-8 text: byte {offset} (line {line}) cannot be read.",
                offset=err.start + skip + 1,
                line=line,
            )
            if encoding == "utf-8"
            else t(
                "The record is not UTF-16 text: byte {offset} cannot be read.", offset=err.start + 1
            )
        )
        raise RecordError(message, code="record.encoding", where=Where(line=line)) from None


def too_large() -> RecordError:
    """The error for a record over :data:`MAX_BYTES`."""
    return RecordError(
        t(
            "The record is larger than {limit} MB; a record of a whole game is far smaller.",
            limit=MAX_BYTES // 1_000_000,
        ),
        code="record.too_large",
    )


def load_bytes(raw: bytes) -> Document:
    """Decode and read a record given as bytes (a file, standard input)."""
    return load_text(decode(raw))


# YAML allows tab, line breaks and printable characters only; libyaml reports a NUL without a line.
NOT_PRINTABLE = "[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x84\x86-\x9f\ud800-\udfff\ufeff\ufffe\uffff]"


def _check_characters(text: str) -> bool:
    """Refuse a control character; whether every character but the line breaks is printable (no tab,
    no carriage return, no other line break either: :func:`~referee.records.one_pass.read_plain` then
    need not look for them)."""
    # Every character refused is unprintable (tests/test_card_texts.py walks them all), so a text whose
    # lines are printable holds none: a table lookup a character, where the pattern's class costs four
    # times as much on a text with a suit sign in it (nearly every record).
    if text.replace("\n", " ").isprintable():
        return True
    # compiled here, where a text needs it (re keeps it): compiling it costs a start half a millisecond
    bad = re.compile(NOT_PRINTABLE).search(text)
    if bad is None:
        return False
    raise _control_character(text, bad.start(), f"U+{ord(bad.group()):04X}")


def _control_character(text: str, at: int, char: str) -> RecordError:
    """The error for the control character ``char`` found at offset ``at`` of ``text``.

    Both the raw characters and the JSON escapes that make one are refused with this one message.

    >>> _control_character("a\\nb", 2, "U+0007").where.line
    2
    """
    line = text.count("\n", 0, at) + 1
    return RecordError(
        t(
            "The record contains the control character {char} (line {line}); a record is plain text.",
            char=char,
            line=line,
        ),
        code="record.control_character",
        where=Where(line=line),
    )


# ---------------------------------------------------------------------------------------------


def load_text(text: str) -> Document:
    """Parse YAML (JSON is YAML too). Raise :class:`RecordError` with the line on any problem."""
    if len(text) > MAX_BYTES:
        raise too_large()
    if text.startswith("\ufeff"):
        text = text[1:]
    printable = _check_characters(text)
    if not unicodedata.is_normalized("NFC", text):
        # Names are compared as NFC (DECISIONS.md, Names): `Zoë` typed with a combining diaeresis is the
        # same player as `Zoë`. Normalising the whole text keeps keys, values and lines in step.
        text = unicodedata.normalize("NFC", text)
    start = text.lstrip()[:1]
    if start in ("{", "["):
        from referee.records import json_text  # here: YAML needs none

        try:
            data = json_text.load_json(text)
        except json_text.NotJson:
            pass
        except json_text.LoneSurrogate as lone:
            raise _control_character(text, lone.at, lone.char) from None
        else:
            if text.count(",") > MAX_VALUES and json_text.values_in(data) > MAX_VALUES:
                # here: only a record over a cap needs it
                from referee.records.bounds import too_many_values

                raise too_many_values(None)
            deals = data.get("deals") if isinstance(data, dict) else None
            if isinstance(deals, list) and len(deals) > MAX_DEALS:
                doc = Document(data, find_lines=lambda: _lines_of(text), text=text)
                # here: only a record over a cap needs it
                from referee.records.bounds import too_many_deals

                raise too_many_deals(doc.top_line("deals"), len(deals))
            return Document(data, find_lines=lambda: _lines_of(text), text=text)
    if "#" not in text:
        try:
            data, largest = (_read_plain or _one_pass())(text, printable)
        except NotPlain:
            pass
        else:
            return Document(data, find_lines=lambda: _quick_lines(text), text=text, largest=largest)
    try:
        reader = QuickReader(text, track=False)
        data = reader.read()
    except (NotPlain, RecursionError):
        from referee.records.yaml_events import load_events  # here: a plain record never needs it

        data, lines = load_events(text)
        return Document(data, lines)
    return Document(data, find_lines=lambda: _quick_lines(text), text=text, largest=reader.largest)


_read_plain: Callable[[str, bool], tuple[Any, int]] | None = None
"""The one-pass reader, once a text without a comment has loaded it (:func:`_one_pass`)."""


def _one_pass() -> Callable[[str, bool], tuple[Any, int]]:
    """:func:`~referee.records.one_pass.read_plain`, loaded on first use: a text with a comment (every
    hand-written example) goes to the quick reader anyway, so the command line starts without compiling
    the one-pass reader; kept in :data:`_read_plain`, as an import in :func:`load_text` costs a few µs a
    call."""
    global _read_plain
    from referee.records.one_pass import read_plain

    _read_plain = read_plain
    return read_plain


def _quick_lines(text: str) -> dict[Path, int]:
    reader = QuickReader(text)
    reader.read()
    return reader.lines


def _lines_of(text: str) -> dict[Path, int]:
    from referee.records.yaml_events import load_events

    try:
        return load_events(text)[1]
    except (
        RecordError
    ):  # pragma: no cover - JSON that YAML 1.1 reads differently: no lines, not wrong ones
        return {}
