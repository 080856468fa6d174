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
- whole numbers of at most :data:`MAX_INT_DIGITS` digits, in any base.

Each problem is a :class:`RecordError` with a stable code and the line. Plain scalars resolve as
YAML 1.1 does (``yes`` is true, ``012`` is 10 in octal), except that a date stays text.

Three readers give the same data and lines: a quick one for the plain block and flow YAML that
records are written in (pure Python, no PyYAML), the standard :mod:`json` module for JSON (lines
are looked up only when a message needs one), and PyYAML's event stream for everything else.

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
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from referee.errors import LazyWhere, RecordError, Where
from referee.messages import N_, Message, t

Path = tuple[Any, ...]

MAX_BYTES = 2_000_000
"""The largest record read, in bytes (a season of full-play deals is well under 200 KB)."""
MAX_DEPTH = 32
"""The deepest nesting of lists and mappings (records use six levels at most)."""
MAX_ALIAS_VALUES = 10_000
"""How many values aliases may repeat in all (an alias of a list of three repeats four values)."""
MAX_INT_DIGITS = 18
"""The most digits a whole number may have (scores and counts are far smaller)."""


@dataclass
class Document:
    """A record's data and, for every field path, the line it starts on (1-based)."""

    data: Any
    lines: dict[Path, int] = field(default_factory=dict)
    find_lines: Callable[[], dict[Path, int]] | None = field(default=None, repr=False, compare=False)
    """Works the lines out when first needed (JSON is read without them)."""

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


def format_path(path: Path) -> str:
    """``("deals", 0, "tricks")`` → ``deals[0].tricks``."""
    out = ""
    for part in path:
        if isinstance(part, int):
            out += f"[{part}]"
        else:
            out += ("." if out else "") + str(part)
    return out


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
        message = t("The record is not UTF-8 text: byte {offset} (line {line}) cannot be read.",
                    offset=err.start + skip + 1, line=line) if encoding == "utf-8" else \
            t("The record is not UTF-16 text: byte {offset} cannot be read.", offset=err.start + 1)
        raise RecordError(message, code="record.encoding", where=Where(line=line)) from None


def too_large() -> RecordError:
    """The error for a record over :data:`MAX_BYTES`."""
    return RecordError(t("The record is larger than {limit} MB; a record of a whole game is far smaller.",
                         limit=MAX_BYTES // 1_000_000), code="record.too_large")


def load_bytes(raw: bytes) -> Document:
    """Decode and read a record given as bytes (a file, standard input)."""
    return load_text(decode(raw))


# YAML allows tab, line breaks and printable characters only; libyaml reports a NUL without a line.
_NOT_PRINTABLE = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x84\x86-\x9f\ud800-\udfff\ufeff\ufffe\uffff]")


def _check_characters(text: str) -> None:
    bad = _NOT_PRINTABLE.search(text)
    if bad is None:
        return
    line = text.count("\n", 0, bad.start()) + 1
    raise RecordError(t("The record contains the control character {char} (line {line}); a record is plain text.",
                        char=f"U+{ord(bad.group()):04X}", line=line),
                      code="record.control_character", where=Where(line=line))


# ---------------------------------------------------------------------------------------------
# Scalars, as YAML 1.1 resolves them (PyYAML's SafeLoader), with numbers bounded

_BOOLS = {word: value for value, words in ((True, "yes Yes YES true True TRUE on On ON"),
                                           (False, "no No NO false False FALSE off Off OFF"))
          for word in words.split()}
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
    known = _RESOLVED.get(text, _UNKNOWN)
    if known is not _UNKNOWN:
        return known
    value = _resolve(text, line)
    if len(_RESOLVED) < 4096:  # names, keys and small numbers repeat from record to record
        _RESOLVED[text] = value
    return value


_RESOLVED: dict[str, Any] = {}
_UNKNOWN = object()


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
    return RecordError(t("The number {number} has more than {limit} digits (line {line}).", number=shown,
                         limit=MAX_INT_DIGITS, line=line), code="record.number_too_large", where=Where(line=line))


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
        if value >= 10 ** MAX_INT_DIGITS:
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


# ---------------------------------------------------------------------------------------------
# The quick reader: plain block and flow YAML, one value per line, nothing else


class _NotPlain(Exception):
    """The text uses YAML this reader leaves to PyYAML (the answer is the same, only slower)."""


_FLOW_END = re.compile(r"[,\]}]")
_INDICATORS = frozenset("-?:,[]{}#&*!|>'\"%@`")
# Where the quick reader stops: tabs, CR, YAML 1.1's other line breaks, directives and document markers.
_NOT_QUICK = ("\t", "\r", "\x85", "\u2028", "\u2029", "\n---", "\n...", "\n%")


class _QuickReader:
    """Block mappings and sequences, one-line flow lists and mappings, plain and simple quoted scalars.

    Anything else (anchors, tags, block scalars, multi-line values, escapes, several documents,
    duplicate keys, too deep a nesting) raises :class:`_NotPlain`, and PyYAML's events decide.
    """

    def __init__(self, text: str, track: bool = True):
        if "\r" in text:
            text = text.replace("\r\n", "\n")
        if any(mark in text for mark in _NOT_QUICK) or text.startswith(("---", "...", "%")):
            raise _NotPlain
        rows: list[tuple[int, str, int]] = []  # indent, content, line
        number = 0
        for raw in text.split("\n"):
            number += 1
            content = raw.lstrip(" ")
            if content and content[0] != "#":
                rows.append((len(raw) - len(content), content.rstrip(" "), number))
        self.rows = rows
        self.lines: dict[Path, int] = {}
        self.track = track  # False: the data only, the lines are worked out again if a message needs one

    def read(self) -> Any:
        if not self.rows:
            raise _NotPlain
        indent, _, line = self.rows[0]
        if self.track:
            self.lines[()] = line
        if indent:
            raise _NotPlain
        value, end = self.block(0, (), 1)
        if end != len(self.rows):
            raise _NotPlain
        return value

    def block(self, i: int, path: Path, depth: int) -> tuple[Any, int]:
        if depth > MAX_DEPTH:
            raise _NotPlain
        indent, content, line = self.rows[i]
        if content[0] == "-" and (len(content) == 1 or content[1] == " "):
            return self.sequence(i, indent, path, depth)
        if _key_end(content) < 0:  # a lone value on its own line
            if i + 1 < len(self.rows) and self.rows[i + 1][0] >= indent and depth > 1:
                raise _NotPlain
            return self.inline(content, path, line, depth), i + 1
        return self.mapping(i, indent, path, depth)

    def nested(self, i: int, indent: int, path: Path, depth: int, same_indent_list: bool) -> tuple[Any, int]:
        """The value of an entry written on the lines below it (None when there is none)."""
        if i < len(self.rows):
            below, content, line = self.rows[i]
            if below > indent:
                if self.track:
                    self.lines[path] = line
                return self.block(i, path, depth + 1)
            if same_indent_list and below == indent and content[0] == "-" and (len(content) == 1
                                                                                or content[1] == " "):
                if self.track:
                    self.lines[path] = line
                return self.sequence(i, indent, path, depth + 1)
        return None, i

    def sequence(self, i: int, indent: int, path: Path, depth: int) -> tuple[list[Any], int]:
        if depth > MAX_DEPTH:
            raise _NotPlain
        out: list[Any] = []
        rows, lines, track = self.rows, self.lines, self.track
        count = len(rows)
        item: Path = ()
        while i < count:
            at, content, line = rows[i]
            if at != indent or content[0] != "-":
                break
            rest = content[1:]
            if rest and rest[0] != " ":
                break
            if track:
                item = (*path, len(out))
                lines[item] = line
            rest = rest.lstrip(" ")
            if not rest or rest[0] == "#":
                value, i = self.nested(i + 1, indent, item, depth, same_indent_list=False)
            elif rest[0] not in _INDICATORS and (": " not in rest and rest[-1] != ":"):
                i += 1
                if i < count and rows[i][0] > indent:
                    raise _NotPlain
                cut = rest.find(" #")
                if cut >= 0:
                    rest = rest[:cut].rstrip(" ")
                value = _RESOLVED.get(rest, _UNKNOWN)
                if value is _UNKNOWN:
                    value = resolve_plain(rest, line)
            elif rest[0] == "-" and (len(rest) == 1 or rest[1] == " "):
                raise _NotPlain
            elif _key_end(rest) >= 0:
                column = indent + len(content) - len(rest)
                rows[i] = (column, rest, line)  # "- key: value" opens a mapping at the key's column
                value, i = self.mapping(i, column, item, depth + 1)
            else:
                value = self.inline(rest, item, line, depth)
                i += 1
                if i < count and rows[i][0] > indent:
                    raise _NotPlain
            out.append(value)
        if i < count and rows[i][0] > indent:
            raise _NotPlain
        return out, i

    def mapping(self, i: int, indent: int, path: Path, depth: int) -> tuple[dict[Any, Any], int]:
        if depth > MAX_DEPTH:
            raise _NotPlain
        out: dict[Any, Any] = {}
        rows, lines, track = self.rows, self.lines, self.track
        count = len(rows)
        entry: Path = ()
        while i < count:
            at, content, line = rows[i]
            if at != indent:
                break
            end = content.find(": ")
            if end < 0:
                end = len(content) - 1
                if content[end] != ":":
                    end = _key_end(content)
                    if end < 0:
                        raise _NotPlain
            key_text = content[:end]
            if not key_text:
                raise _NotPlain
            if key_text[0] not in _INDICATORS and ":" not in key_text and "#" not in key_text and key_text != "<<":
                key = _RESOLVED.get(key_text, _UNKNOWN)
                if key is _UNKNOWN:
                    key = resolve_plain(key_text.rstrip(" "), line)
            else:
                end = _key_end(content)
                if end < 0:
                    raise _NotPlain
                key = self.key(content[:end].rstrip(" "), line)
            if key in out:
                raise _NotPlain
            if track:
                entry = (*path, key)
            rest = content[end + 1:].lstrip(" ")
            if not rest or rest[0] == "#":
                value, i = self.nested(i + 1, indent, entry, depth, same_indent_list=True)
            else:
                i += 1
                if i < count and rows[i][0] > indent:
                    raise _NotPlain
                if rest[0] not in _INDICATORS and ": " not in rest and rest[-1] != ":":
                    cut = rest.find(" #")
                    if cut >= 0:
                        rest = rest[:cut].rstrip(" ")
                    value = _RESOLVED.get(rest, _UNKNOWN)
                    if value is _UNKNOWN:
                        value = resolve_plain(rest, line)
                else:
                    value = self.inline(rest, entry, line, depth)
            out[key] = value
            if track:
                lines[entry] = line
        if i < count and rows[i][0] > indent:
            raise _NotPlain
        return out, i

    def key(self, text: str, line: int) -> Any:
        if not text:
            raise _NotPlain
        if text[0] in "'\"":
            value, end = _quoted(text, 0)
            if end != len(text):
                raise _NotPlain
            return value
        if text[0] in _INDICATORS or text == "<<" or ":" in text or " #" in text:
            raise _NotPlain
        return resolve_plain(text, line)

    def inline(self, text: str, path: Path, line: int, depth: int) -> Any:
        """A value that ends on its line: a flow list or mapping, a quoted or a plain scalar."""
        first = text[0]
        if first in "[{":
            value, end = self.flow(text, 0, path, line, depth + 1)
        elif first in "'\"":
            value, end = _quoted(text, 0)
        else:
            if first in _INDICATORS and not (first == "-" and len(text) > 1 and text[1] != " "):
                raise _NotPlain
            cut = text.find(" #")
            plain = (text if cut < 0 else text[:cut]).rstrip(" ")
            if ": " in plain or plain.endswith(":"):
                raise _NotPlain
            return resolve_plain(plain, line)
        rest = text[end:].lstrip(" ")
        if rest and rest[0] != "#":
            raise _NotPlain
        return value

    def flow(self, text: str, pos: int, path: Path, line: int, depth: int) -> tuple[Any, int]:
        if depth > MAX_DEPTH:
            raise _NotPlain
        closing = "]" if text[pos] == "[" else "}"
        out: Any = [] if closing == "]" else {}
        pos += 1
        while True:
            pos = _skip_spaces(text, pos)
            if pos >= len(text):
                raise _NotPlain  # a flow collection over several lines
            if text[pos] == closing:
                return out, pos + 1
            if closing == "]":
                item = (*path, len(out))
                if self.track:
                    self.lines[item] = line
                value, pos = self.flow_value(text, pos, item, line, depth)
                out.append(value)
            else:
                key, pos = self.flow_scalar(text, pos, line, key=True)
                pos = _skip_spaces(text, pos)
                if key in out or pos >= len(text) or text[pos] != ":":
                    raise _NotPlain
                entry = (*path, key)
                if self.track:
                    self.lines[entry] = line
                value, pos = self.flow_value(text, _skip_spaces(text, pos + 1), entry, line, depth)
                out[key] = value
            pos = _skip_spaces(text, pos)
            if pos < len(text) and text[pos] == ",":
                pos += 1
            elif pos >= len(text) or text[pos] != closing:
                raise _NotPlain

    def flow_value(self, text: str, pos: int, path: Path, line: int, depth: int) -> tuple[Any, int]:
        if pos < len(text) and text[pos] in "[{":
            return self.flow(text, pos, path, line, depth + 1)
        return self.flow_scalar(text, pos, line, key=False)

    def flow_scalar(self, text: str, pos: int, line: int, key: bool) -> tuple[Any, int]:
        if pos >= len(text):
            raise _NotPlain
        if text[pos] in "'\"":
            return _quoted(text, pos)
        found = _FLOW_END.search(text, pos)
        end = found.start() if found else len(text)
        plain = text[pos:end]
        if key:
            colon = plain.find(":")
            if colon < 0 or plain[colon + 1:colon + 2] not in ("", " "):
                raise _NotPlain
            end = pos + colon
            plain = plain[:colon]
        plain = plain.rstrip(" ")
        if not plain or (plain[0] in _INDICATORS and not (plain[0] == "-" and len(plain) > 1 and plain[1] != " ")) \
                or any(c in plain for c in ":#[{'\"") or plain == "<<":
            raise _NotPlain
        return resolve_plain(plain, line), end


def _skip_spaces(text: str, pos: int) -> int:
    while pos < len(text) and text[pos] == " ":
        pos += 1
    return pos


def _key_end(content: str) -> int:
    """Where the ``:`` of ``key: value`` is, or -1 when the line is not a simple mapping entry."""
    if content[0] in "'\"":
        try:
            _, end = _quoted(content, 0)
        except _NotPlain:
            return -1
        return end if content[end:end + 1] == ":" and content[end + 1:end + 2] in ("", " ") else -1
    if content[0] in "[{":
        return -1
    found = content.find(": ")
    if found < 0:
        return len(content) - 1 if content.endswith(":") else -1
    return found


def _quoted(text: str, pos: int) -> tuple[str, int]:
    """A single- or double-quoted scalar without escapes that ends on this line; its text and end."""
    quote = text[pos]
    if quote == "'":
        out, i = [], pos + 1
        while True:
            j = text.find("'", i)
            if j < 0:
                raise _NotPlain
            out.append(text[i:j])
            if text[j + 1:j + 2] == "'":
                out.append("'")
                i = j + 2
                continue
            return "".join(out), j + 1
    j = text.find('"', pos + 1)
    if j < 0 or "\\" in text[pos + 1:j]:
        raise _NotPlain
    return text[pos + 1:j], j + 1


# ---------------------------------------------------------------------------------------------
# PyYAML's event stream, checked event by event before anything is built

# libyaml's and PyYAML's reasons, so that a reader of Russian or German is told why in their language.
# Braces are doubled in the message ids: they are format strings.
_PROBLEMS = {p.replace("{{", "{").replace("}}", "}"): p for p in (
    N_("did not find expected node content"),
    N_("could not find expected ':'"),
    N_("did not find expected key"),
    N_("did not find expected '-' indicator"),
    N_("did not find expected ',' or ']'"),
    N_("did not find expected ',' or '}}'"),
    N_("found character that cannot start any token"),
    N_("mapping values are not allowed in this context"),
    N_("block sequence entries are not allowed in this context"),
    N_("found unexpected end of stream"),
    N_("found unknown escape character"),
    N_("found undefined tag handle"),
    N_("found a tab character that violates indentation"),
    N_("found unexpected ':'"),
    N_("found undefined alias"),
    N_("found duplicate anchor; first occurrence"),
)}


def _problem(text: str) -> Message | str:
    found = _PROBLEMS.get(text.strip())
    return t(found) if found else text.replace("{", "(").replace("}", ")")


def _yaml_error(problem: Message | str, line: int | None) -> RecordError:
    return RecordError(t("The record is not valid YAML: {problem} (line {line}).", problem=problem, line=line),
                       code="record.yaml", where=Where(line=line))


def _shape_error(message: Message, code: str, line: int | None) -> RecordError:
    return RecordError(message, code=code, where=Where(line=line))


_MISSING = object()


def load_events(text: str) -> tuple[Any, dict[Path, int]]:
    """Read YAML through PyYAML's events: limits first, then the data and the lines."""
    import yaml

    try:
        loader = yaml.CSafeLoader(text)
    except AttributeError:  # pragma: no cover - PyYAML built without libyaml (Pyodide)
        loader = yaml.SafeLoader(text)
    try:
        return _build(loader, yaml)
    except yaml.YAMLError as err:
        mark = getattr(err, "problem_mark", None) or getattr(err, "context_mark", None)
        problem = getattr(err, "problem", None) or str(err)
        raise _yaml_error(_problem(problem), mark.line + 1 if mark is not None else None) from None
    finally:
        loader.dispose()


def _build(loader: Any, yaml: Any) -> tuple[Any, dict[Path, int]]:
    lines: dict[Path, int] = {}
    # A frame: [container, path, is_mapping, pending key, key line, anchor, weight at start]
    stack: list[list[Any]] = []
    anchors: dict[str, tuple[Any, int] | None] = {}
    weight = 0  # values built so far, counting what aliases repeat
    repeated = 0
    result: Any = _MISSING
    documents = 0
    scalar_event, alias_event = yaml.ScalarEvent, yaml.AliasEvent
    start_events = (yaml.MappingStartEvent, yaml.SequenceStartEvent)
    end_events = (yaml.MappingEndEvent, yaml.SequenceEndEvent)

    def place(value: Any, line: int, is_scalar: bool, quoted: bool = False) -> None:
        nonlocal result
        if not stack:
            result = value
            lines[()] = line
            return
        frame = stack[-1]
        container, path = frame[0], frame[1]
        if frame[2]:
            if frame[3] is _MISSING:
                if not is_scalar:
                    raise _shape_error(t("A key must be a single value, not a list or a mapping (line {line}).",
                                         line=line), "record.complex_key", line)
                if value == "<<" and not quoted:
                    raise _shape_error(t("Merge keys (<<) are not used in records; write the fields out "
                                         "(line {line}).", line=line), "record.merge_key", line)
                if value in container:
                    raise RecordError(t("The key {key!r} appears twice.", key=str(value)),
                                      code="record.duplicate_key", where=Where(path=format_path(path), line=line))
                frame[3], frame[4] = value, line
                return
            key = frame[3]
            container[key] = value
            lines[(*path, key)] = frame[4]
            frame[3] = _MISSING
        else:
            lines[(*path, len(container))] = line
            container.append(value)

    def child_path() -> Path:
        if not stack:
            return ()
        frame = stack[-1]
        return (*frame[1], frame[3] if frame[2] else len(frame[0]))

    def check_tag(event: Any, line: int) -> None:
        tag = event.tag
        if tag is not None and tag != "!":
            raise _shape_error(t("Tags ({tag}) are not used in records (line {line}).", tag=tag, line=line),
                               "record.tag", line)

    while True:
        event = loader.get_event()
        if event is None or type(event) is yaml.StreamEndEvent:
            break
        kind = type(event)
        line = event.start_mark.line + 1 if event.start_mark is not None else None
        if kind is scalar_event:
            weight += 1
            quoted = bool(event.style)
            if event.tag is not None and not (event.tag == "!" and quoted):
                check_tag(event, line)
            value = event.value if quoted or event.tag == "!" else resolve_plain(event.value, line)
            if event.anchor is not None:
                anchors[event.anchor] = (value, 1)
            key_position = bool(stack) and stack[-1][2] and stack[-1][3] is _MISSING
            place(value, line, is_scalar=True, quoted=quoted if key_position else False)
        elif kind in start_events:
            weight += 1
            if len(stack) >= MAX_DEPTH:
                raise _shape_error(t("The record is nested more than {limit} levels deep (line {line}).",
                                     limit=MAX_DEPTH, line=line), "record.too_deep", line)
            check_tag(event, line)
            if stack and stack[-1][2] and stack[-1][3] is _MISSING:
                raise _shape_error(t("A key must be a single value, not a list or a mapping (line {line}).",
                                     line=line), "record.complex_key", line)
            is_map = kind is yaml.MappingStartEvent
            path = child_path()
            lines[path] = line
            if event.anchor is not None:
                anchors[event.anchor] = None  # being built: an alias to it now would be recursive
            stack.append([{} if is_map else [], path, is_map, _MISSING, None, event.anchor, weight, line])
        elif kind in end_events:
            frame = stack.pop()
            if frame[5] is not None:
                anchors[frame[5]] = (frame[0], weight - frame[6] + 1)
            place(frame[0], frame[7], is_scalar=False)
        elif kind is alias_event:
            target = anchors.get(event.anchor, _MISSING)
            if target is _MISSING:
                raise _yaml_error(_problem("found undefined alias"), line)
            if target is None:
                raise _shape_error(t("The alias *{name} refers to the value it is part of (line {line}).",
                                     name=event.anchor, line=line), "record.recursive_alias", line)
            value, size = target
            repeated += size
            weight += size
            if repeated > MAX_ALIAS_VALUES:
                raise _shape_error(t("The aliases of this record repeat more than {limit} values (line {line}).",
                                     limit=MAX_ALIAS_VALUES, line=line), "record.alias_expansion", line)
            place(value, line, is_scalar=not isinstance(value, (list, dict)))
        elif kind is yaml.DocumentStartEvent:
            documents += 1
            if documents > 1:
                raise _shape_error(t("The record holds more than one YAML document (line {line}).", line=line),
                                   "record.several_documents", line)
    if result is _MISSING:
        raise RecordError(t("The record is empty."), code="record.empty")
    return result, lines


# ---------------------------------------------------------------------------------------------
# JSON


class _NotJson(Exception):
    """Not plain JSON within the limits: the YAML readers decide (and name the problem)."""


def _pairs(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    out = dict(pairs)
    if len(out) != len(pairs):
        raise _NotJson
    return out


def _no_constant(name: str) -> Any:
    raise _NotJson


def _within_limits(data: Any) -> bool:
    todo = [(data, 0)]
    while todo:
        value, depth = todo.pop()
        if isinstance(value, dict):
            if depth >= MAX_DEPTH:
                return False
            todo.extend((v, depth + 1) for v in value.values())
        elif isinstance(value, list):
            if depth >= MAX_DEPTH:
                return False
            todo.extend((v, depth + 1) for v in value)
        elif type(value) is int and not -10 ** MAX_INT_DIGITS < value < 10 ** MAX_INT_DIGITS:
            return False
    return True


def _load_json(text: str) -> Any:
    import json

    try:
        data = json.loads(text, object_pairs_hook=_pairs, parse_constant=_no_constant)
    except (ValueError, RecursionError, _NotJson):
        raise _NotJson from None
    if not _within_limits(data):
        raise _NotJson
    return data


# ---------------------------------------------------------------------------------------------


def load_text(text: str) -> Document:
    """Parse YAML (JSON is YAML too). Raise :class:`RecordError` with the line on any problem."""
    if len(text) > MAX_BYTES:
        raise too_large()
    if text.startswith("\ufeff"):
        text = text[1:]
    _check_characters(text)
    start = text.lstrip()[:1]
    if start in ("{", "["):
        try:
            data = _load_json(text)
        except _NotJson:
            pass
        else:
            return Document(data, find_lines=lambda: _lines_of(text))
    try:
        data = _QuickReader(text, track=False).read()
    except (_NotPlain, RecursionError):
        data, lines = load_events(text)
        return Document(data, lines)
    return Document(data, find_lines=lambda: _quick_lines(text))


def _quick_lines(text: str) -> dict[Path, int]:
    reader = _QuickReader(text)
    reader.read()
    return reader.lines


def _lines_of(text: str) -> dict[Path, int]:
    try:
        return load_events(text)[1]
    except RecordError:  # pragma: no cover - JSON that YAML 1.1 reads differently: no lines, not wrong ones
        return {}
