"""A quick reader for the plain YAML that records are written in, in pure Python, keeping every line.

Block mappings and sequences, one-line flow lists and mappings, plain and simply quoted scalars,
folded scalars (``>-``) of plain lines: what people and ``yaml.safe_dump`` write. Anything else
raises :class:`NotPlain`, and PyYAML's event stream (:mod:`referee.records.yaml_events`) reads the
text instead, with the same result (a test compares the two on every example, on mutated records
and on random documents).

>>> reader = QuickReader("game: yacht\\nplayers: [Anna, Boris]\\ndeals:\\n  - dealer: Anna\\n")
>>> reader.read(), reader.lines[("deals", 0, "dealer")]
({'game': 'yacht', 'players': ['Anna', 'Boris'], 'deals': [{'dealer': 'Anna'}]}, 4)
"""

from __future__ import annotations

import re
from typing import Any

from referee.limits import MAX_DEALS, MAX_DEPTH, MAX_VALUES
from referee.records.scalars import RESOLVED, UNKNOWN, resolve_plain

Path = tuple[Any, ...]


class NotPlain(Exception):
    """The text uses YAML this reader leaves to PyYAML (the answer is the same, only slower)."""


_FLOW_END = re.compile(r"[,\]}]")
_PLAIN_KEYS: dict[str, Any] = {}
"""The plain keys met so far (``dealer``, ``Anna``), each with the key it reads as: a key line found
here skips its checks."""
DEALS: Path = ("deals",)
_INDICATORS = frozenset("-?:,[]{}#&*!|>'\"%@`")
# Where the quick reader stops: tabs, CR, YAML 1.1's other line breaks, directives and document markers.
_NOT_QUICK = ("\t", "\r", "\x85", "\u2028", "\u2029", "\n---", "\n...", "\n%")


class QuickReader:
    """Block mappings and sequences, one-line flow lists and mappings, plain and simple quoted scalars.

    Anything else (anchors, tags, block scalars other than a plain ``>-``, multi-line flow values,
    escapes, several documents, duplicate keys, too deep a nesting) raises :class:`NotPlain`, and
    PyYAML's events decide.
    """

    largest: int
    """No list or mapping read holds more items than this, and no text more than twice as many
    characters: where it is no more than a game's :attr:`~referee.engines.game.Game.longest_list`, the
    record has no part too large to read (:func:`referee.records.bounds.check_sizes` need not walk it).
    Each list or mapping raises it as it is read, a text over several lines as it is joined."""

    def __init__(self, text: str, track: bool = True):
        if "\r" in text:
            text = text.replace("\r\n", "\n")
        for mark in _NOT_QUICK:
            if mark in text:
                raise NotPlain
        if text.startswith(("---", "...", "%")):
            raise NotPlain
        # (indent, content, line) of every line that holds anything: one comprehension, the costliest
        # step of a short record; the trailing spaces are cut only from a text that has any.
        pieces = text.split("\n")
        if " \n" in text or text.endswith(" "):
            self.rows = [
                (len(raw) - len(content), content.rstrip(" "), number)
                for number, raw in enumerate(pieces, 1)
                if (content := raw.lstrip(" ")) and content[0] != "#"
            ]
        else:
            self.rows = [
                (len(raw) - len(content), content, number)
                for number, raw in enumerate(pieces, 1)
                if (content := raw.lstrip(" ")) and content[0] != "#"
            ]
        # A text on one line is no longer than its line, nor than the whole text: a text no longer than
        # any game's longest list twice over is not walked (check_sizes), so its lines are not measured.
        longest = max(map(len, pieces)) if len(text) > 2 * MAX_DEALS else len(text)
        self.largest = (longest + 1) // 2
        self.text = text  # a folded scalar (see folded) looks at its trailing spaces and its end
        self.lines: dict[Path, int] = {}
        self.values = 0  # read so far, against MAX_VALUES
        # Every value read takes a character of the text at least (a key and its colon are two
        # values of two characters), so a text no longer than MAX_VALUES cannot hold too many:
        # counting them, a call per line, is left out (nearly every record is a few kilobytes).
        self.counting = len(text) > MAX_VALUES
        self.track = (
            track  # False: the data only, the lines are worked out again if a message needs one
        )

    def read(self) -> Any:
        if not self.rows:
            raise NotPlain
        indent, _, line = self.rows[0]
        if self.track:
            self.lines[()] = line
        if indent:
            raise NotPlain
        value, end = self.block(0, (), 1)
        if end != len(self.rows):
            raise NotPlain
        return value

    def block(self, i: int, path: Path, depth: int) -> tuple[Any, int]:
        if depth > MAX_DEPTH:
            raise NotPlain
        indent, content, line = self.rows[i]
        if content[0] == "-" and (len(content) == 1 or content[1] == " "):
            return self.sequence(i, indent, path, depth)
        if _key_end(content) < 0:  # a lone value on its own line
            if i + 1 < len(self.rows) and self.rows[i + 1][0] >= indent and depth > 1:
                raise NotPlain
            return self.inline(content, path, line, depth), i + 1
        return self.mapping(i, indent, path, depth)

    def nested(
        self, i: int, indent: int, path: Path, depth: int, same_indent_list: bool
    ) -> tuple[Any, int]:
        """The value of an entry written on the lines below it (None when there is none)."""
        if i < len(self.rows):
            below, content, line = self.rows[i]
            if below > indent:
                if self.track:
                    self.lines[path] = line
                return self.block(i, path, depth + 1)
            if (
                same_indent_list
                and below == indent
                and content[0] == "-"
                and (len(content) == 1 or content[1] == " ")
            ):
                if self.track:
                    self.lines[path] = line
                return self.sequence(i, indent, path, depth + 1)
        return None, i

    def sequence(self, i: int, indent: int, path: Path, depth: int) -> tuple[list[Any], int]:
        if depth > MAX_DEPTH:
            raise NotPlain
        out: list[Any] = []
        rows, lines, track = self.rows, self.lines, self.track
        count = len(rows)
        item: Path = ()
        cap = MAX_DEALS if path == DEALS else count  # the deal cap, applied as the deals are read
        counting = self.counting
        while i < count:
            at, content, line = rows[i]
            if at != indent or content[0] != "-":
                break
            if len(out) >= cap:
                # here: only a record over a cap needs it
                from referee.records.bounds import too_many_deals

                raise too_many_deals(line)
            if counting:
                self.count(1, line)
            if len(content) > 1 and content[1] != " ":
                break
            if track:
                item = (*path, len(out))
                lines[item] = line
            rest = content[2:].lstrip(" ")  # one slice: what follows "- "
            if not rest or rest[0] == "#":
                value, i = self.nested(i + 1, indent, item, depth, same_indent_list=False)
            elif rest[0] not in _INDICATORS and (": " not in rest and rest[-1] != ":"):
                i += 1
                if i < count and rows[i][0] > indent:
                    rest, i = self.continued(rest, i, indent, line)
                if " #" in rest:  # _plain_to_end, written out: most lines of a record are such
                    rest = rest[: rest.find(" #")].rstrip(" ")
                if " " in rest:  # text, as a line of cards: no number, truth or null has a space
                    value = rest
                else:
                    value = RESOLVED.get(rest, UNKNOWN)
                    if value is UNKNOWN:
                        value = resolve_plain(rest, line)
            elif rest[0] == "-" and (len(rest) == 1 or rest[1] == " "):
                raise NotPlain
            elif rest[0] not in _INDICATORS or _key_end(rest) >= 0:  # (the first: ": " in it)
                column = indent + len(content) - len(rest)
                rows[i] = (column, rest, line)  # "- key: value" opens a mapping at the key's column
                value, i = self.mapping(i, column, item, depth + 1)
            else:
                value = self.inline(rest, item, line, depth)
                i += 1
                if i < count and rows[i][0] > indent:
                    raise NotPlain
            out.append(value)
        if i < count and rows[i][0] > indent:
            raise NotPlain
        if len(out) > self.largest:
            self.largest = len(out)
        return out, i

    def mapping(self, i: int, indent: int, path: Path, depth: int) -> tuple[dict[Any, Any], int]:
        if depth > MAX_DEPTH:
            raise NotPlain
        out: dict[Any, Any] = {}
        rows, lines, track, counting = self.rows, self.lines, self.track, self.counting
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
                        raise NotPlain
            key_text = content[:end]
            if not key_text:
                raise NotPlain
            if counting:
                self.count(2, line)
            key = _PLAIN_KEYS.get(key_text, UNKNOWN)
            if key is UNKNOWN:
                key, end = self.entry_key(content, key_text, end, line)
            if key in out:
                raise NotPlain
            if track or depth == 1:  # a top-level key's path: the deals are capped as they are read
                entry = (*path, key)
            rest = content[end + 2 :].lstrip(" ")  # a space or nothing follows the colon
            if not rest or rest[0] == "#":
                # The value on the lines below: self.nested(i + 1, indent, entry, depth, True) and
                # its self.block, written out for the two kinds nearly every record nests (a mapping
                # or a list), as a record holds many small ones (Collector's lays and takes).
                i += 1
                value = None
                if i < count:
                    below, sub, sub_line = rows[i]
                    dash = sub[0] == "-" and (len(sub) == 1 or sub[1] == " ")
                    if below > indent or (below == indent and dash):
                        if track:
                            lines[entry] = sub_line
                        if dash:
                            value, i = self.sequence(i, below, entry, depth + 1)
                        elif sub[0] not in "'\"[{" and (": " in sub or sub[-1] == ":"):
                            value, i = self.mapping(i, below, entry, depth + 1)
                        else:
                            value, i = self.block(i, entry, depth + 1)
            elif rest == ">-":  # a folded scalar: long lists of cards and moves are written so
                value, i = self.folded(i + 1, indent, line)
            else:
                i += 1
                plain = rest[0] not in _INDICATORS and ": " not in rest and rest[-1] != ":"
                if i < count and rows[i][0] > indent:
                    if not plain:
                        raise NotPlain
                    rest, i = self.continued(rest, i, indent, line)
                if plain:  # _plain_to_end, written out: most lines of a record are such
                    if " #" in rest:
                        rest = rest[: rest.find(" #")].rstrip(" ")
                    # text, as a line of cards: no number, truth value or null has a space
                    if " " in rest:
                        value = rest
                    else:
                        value = RESOLVED.get(rest, UNKNOWN)
                        if value is UNKNOWN:
                            value = resolve_plain(rest, line)
                else:
                    value = self.inline(rest, entry, line, depth)
            out[key] = value
            if track:
                lines[entry] = line
        if i < count and rows[i][0] > indent:
            raise NotPlain
        if len(out) > self.largest:
            self.largest = len(out)
        return out, i

    def entry_key(self, content: str, key_text: str, end: int, line: int) -> tuple[Any, int]:
        """The key of the mapping entry on ``content``, whose ``:`` was looked for at ``end``; the
        key and where its ``:`` is. A plain key is kept in :data:`_PLAIN_KEYS` for the next time."""
        if (
            key_text[0] not in _INDICATORS
            and ":" not in key_text
            and "#" not in key_text
            and key_text != "<<"
        ):
            key = RESOLVED.get(key_text, UNKNOWN)
            if key is UNKNOWN:
                key = resolve_plain(key_text.rstrip(" "), line)
            if len(_PLAIN_KEYS) < 4096:  # names and field names repeat from record to record
                _PLAIN_KEYS[key_text] = key
            return key, end
        end = _key_end(content)
        if end < 0:
            raise NotPlain
        return self.key(content[:end].rstrip(" "), line), end

    def continued(self, first: str, i: int, indent: int, line: int) -> tuple[str, int]:
        """A plain scalar that goes on over the lines below it (``pack:`` wrapped by ``yaml.safe_dump``),
        folded as YAML folds it: its lines joined by single spaces; the row after it.

        Only lines that follow one another, each more indented than the key or the dash and holding
        nothing YAML reads otherwise (``: ``, `` #``, an indicator first), are joined here; a blank or
        comment line among them (a line break kept, or an error) is left to PyYAML (:class:`NotPlain`).

        >>> QuickReader("pack: 2♦ 4♥\\n  5♣\\n  8♦\\nnext: 1\\n").read()
        {'pack': '2♦ 4♥ 5♣ 8♦', 'next': 1}
        """
        if " #" in first:
            raise NotPlain
        rows, count = self.rows, len(self.rows)
        parts = [first]
        while i < count and rows[i][0] > indent:
            _, content, at = rows[i]
            if (
                at != line + len(parts)
                or content[0] in _INDICATORS
                or ": " in content
                or " #" in content
                or content[-1] == ":"
            ):
                raise NotPlain
            parts.append(content)
            i += 1
        return self.joined(parts), i

    def folded(self, i: int, indent: int, line: int) -> tuple[str, int]:
        """The folded scalar (``key: >-`` on ``line``) whose lines start at row ``i``: its lines joined by
        single spaces, as YAML folds them; the row after it.

        Only the plainest form is read here: lines that follow one another from the line after the
        ``>-``, all at the same indentation (deeper than ``indent``, the key's), with nothing after them
        but a less indented line or the end of the text, and no line of the text ending in a space. A
        blank or comment line (which a folded scalar keeps as text or as a line break), a deeper line
        (kept with its break), trailing spaces (kept as text) go to PyYAML (:class:`NotPlain`).

        >>> QuickReader("pack: >-\\n  2♦ 4♥\\n  5♣ # 8♦\\nnext: 1\\n").read()
        {'pack': '2♦ 4♥ 5♣ # 8♦', 'next': 1}
        """
        rows, count, text = self.rows, len(self.rows), self.text
        if i >= count or " \n" in text or text.endswith(" "):
            raise NotPlain
        block = rows[i][0]
        if block <= indent or rows[i][2] != line + 1:
            raise NotPlain
        parts: list[str] = []
        add = parts.append
        while i < count:
            at, content, number = rows[i]
            if at != block:
                break
            if number != line + 1 + len(parts):
                raise NotPlain  # a blank or comment line among the scalar's lines
            add(content)
            i += 1
        last = line + len(parts)
        if i < count:
            if rows[i][0] > block or rows[i][2] != last + 1:
                raise NotPlain
        elif text.count("\n") != last - (not text.endswith("\n")):
            raise NotPlain  # lines after it, blank or comments
        return self.joined(parts), i

    def joined(self, parts: list[str]) -> str:
        """A scalar's lines joined by single spaces, longer than any one line (see :attr:`largest`)."""
        value = " ".join(parts)
        if len(value) > 2 * self.largest:
            self.largest = (len(value) + 1) // 2
        return value

    def count(self, n: int, line: int) -> None:
        """Count ``n`` more values read on ``line``; refuse the record past :data:`MAX_VALUES`."""
        self.values += n
        if self.values > MAX_VALUES:
            # here: only a record over a cap needs it
            from referee.records.bounds import too_many_values

            raise too_many_values(line)

    def key(self, text: str, line: int) -> Any:
        if not text:
            raise NotPlain
        if text[0] in "'\"":
            value, end = _quoted(text, 0)
            if end != len(text):
                raise NotPlain
            return value
        if text[0] in _INDICATORS or text == "<<" or ":" in text or " #" in text:
            raise NotPlain
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
                raise NotPlain
            cut = text.find(" #")
            plain = (text if cut < 0 else text[:cut]).rstrip(" ")
            if ": " in plain or plain.endswith(":"):
                raise NotPlain
            return resolve_plain(plain, line)
        rest = text[end:].lstrip(" ")
        if rest and rest[0] != "#":
            raise NotPlain
        return value

    def flow(self, text: str, pos: int, path: Path, line: int, depth: int) -> tuple[Any, int]:
        if depth > MAX_DEPTH:
            raise NotPlain
        closing = "]" if text[pos] == "[" else "}"
        flat = self.flat_flow(text, pos, closing, path, line)
        if flat is not None:
            return flat
        out: Any = [] if closing == "]" else {}
        pos += 1
        while True:
            pos = _skip_spaces(text, pos)
            if pos >= len(text):
                raise NotPlain  # a flow collection over several lines
            if text[pos] == closing:
                if len(out) > self.largest:
                    self.largest = len(out)
                return out, pos + 1
            if closing == "]":
                if path == DEALS and len(out) >= MAX_DEALS:
                    # here: only a record over a cap needs it
                    from referee.records.bounds import too_many_deals

                    raise too_many_deals(line)
                item = (*path, len(out))
                self.count(1, line)
                if self.track:
                    self.lines[item] = line
                value, pos = self.flow_value(text, pos, item, line, depth)
                out.append(value)
            else:
                key, pos = self.flow_scalar(text, pos, line, key=True)
                pos = _skip_spaces(text, pos)
                if key in out or pos >= len(text) or text[pos] != ":":
                    raise NotPlain
                entry = (*path, key)
                self.count(2, line)
                if self.track:
                    self.lines[entry] = line
                value, pos = self.flow_value(text, _skip_spaces(text, pos + 1), entry, line, depth)
                out[key] = value
            pos = _skip_spaces(text, pos)
            if pos < len(text) and text[pos] == ",":
                pos += 1
            elif pos >= len(text) or text[pos] != closing:
                raise NotPlain

    def flat_flow(
        self, text: str, pos: int, closing: str, path: Path, line: int
    ) -> tuple[Any, int] | None:
        """A flow list or mapping of plain scalars only (``{Anna: 5, Boris: 0}``), split with string methods.

        Most flow collections in records are such, and reading them character by character was most of
        the reading of a summary record. Anything else (nesting, quotes, comments, an odd scalar, a
        repeated key) gives None, and :meth:`flow` reads the text the general way, to the same result.
        """
        end = text.find(closing, pos + 1)
        if end < 0:
            return None
        inner = text[pos + 1 : end]
        if not inner.strip(" "):
            return ([] if closing == "]" else {}), end + 1
        if _NOT_FLAT.search(inner) is not None:
            return None
        # A scalar may start with "-" only when more than a space follows (``-5``, not ``- 5`` or
        # ``-``); a text that might hold such a scalar (or ``a- b``) is read the general way.
        dash = "-" in inner and (
            "- " in inner or "-," in inner or "-:" in inner or inner.rstrip(" ")[-1] == "-"
        )
        parts = inner.split(",")
        if not parts[-1].strip(" "):
            parts.pop()  # a trailing comma
        n = len(parts)
        get = RESOLVED.get
        if closing == "]":
            if ":" in inner:
                return None
            plains = [part.strip(" ") for part in parts]
            if "" in plains or "<<" in plains or dash:
                return None
            if path == DEALS and n > MAX_DEALS:
                # here: only a record over a cap needs it
                from referee.records.bounds import too_many_deals

                raise too_many_deals(line)
            if n > self.largest:
                self.largest = n
            if self.counting:
                self.count(n, line)
            if self.track:
                for k in range(n):
                    self.lines[(*path, k)] = line
            values = [get(plain, UNKNOWN) for plain in plains]
            if UNKNOWN in values:  # in order, errors included
                values = [resolve_plain(plain, line) for plain in plains]
            return values, end + 1
        if inner.count(":") != n or inner.count(": ") != n:  # one colon an entry, ending its key
            return None
        if self.counting:
            self.count(2 * n, line)
        # As many colons as entries: one each, unless one has none (and its value is left empty).
        halves = [part.partition(":") for part in parts]
        keys = [half[0].strip(" ") for half in halves]
        plains = [half[2].strip(" ") for half in halves]
        if "" in keys or "" in plains or "<<" in keys or "<<" in plains or dash:
            return None
        out: dict[Any, Any] = {}
        # in the general way's order, errors included
        for key_text, plain in zip(keys, plains, strict=True):
            key = get(key_text, UNKNOWN)
            if key is UNKNOWN:
                key = resolve_plain(key_text, line)
            if key in out:
                return None  # a repeated key: the general way refuses it
            value = get(plain, UNKNOWN)
            out[key] = resolve_plain(plain, line) if value is UNKNOWN else value
        if self.track:
            for key in out:
                self.lines[(*path, key)] = line
        if n > self.largest:
            self.largest = n
        return out, end + 1

    def flow_value(self, text: str, pos: int, path: Path, line: int, depth: int) -> tuple[Any, int]:
        if pos < len(text) and text[pos] in "[{":
            return self.flow(text, pos, path, line, depth + 1)
        return self.flow_scalar(text, pos, line, key=False)

    def flow_scalar(self, text: str, pos: int, line: int, key: bool) -> tuple[Any, int]:
        if pos >= len(text):
            raise NotPlain
        if text[pos] in "'\"":
            return _quoted(text, pos)
        found = _FLOW_END.search(text, pos)
        end = found.start() if found else len(text)
        plain = text[pos:end]
        if key:
            colon = plain.find(":")
            if colon < 0 or plain[colon + 1 : colon + 2] not in ("", " "):
                raise NotPlain
            end = pos + colon
            plain = plain[:colon]
        plain = plain.rstrip(" ")
        if (
            not plain
            or (
                plain[0] in _INDICATORS
                and not (plain[0] == "-" and len(plain) > 1 and plain[1] != " ")
            )
            or any(c in plain for c in ":#[{'\"")
            or plain == "<<"
        ):
            raise NotPlain
        return resolve_plain(plain, line), end


# What a flat flow collection (see QuickReader.flat_flow) may not contain: nesting, quotes, comments,
# anchors, aliases, tags and the other indicators; those are read the general way.
_NOT_FLAT = re.compile(r"[\[\]{}'\"#&*!|>%@`?]")


def _skip_spaces(text: str, pos: int) -> int:
    while pos < len(text) and text[pos] == " ":
        pos += 1
    return pos


def _key_end(content: str) -> int:
    """Where the ``:`` of ``key: value`` is, or -1 when the line is not a simple mapping entry."""
    if content[0] in "'\"":
        try:
            _, end = _quoted(content, 0)
        except NotPlain:
            return -1
        return (
            end if content[end : end + 1] == ":" and content[end + 1 : end + 2] in ("", " ") else -1
        )
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
                raise NotPlain
            out.append(text[i:j])
            if text[j + 1 : j + 2] == "'":
                out.append("'")
                i = j + 2
                continue
            return "".join(out), j + 1
    j = text.find('"', pos + 1)
    if j < 0 or "\\" in text[pos + 1 : j]:
        raise NotPlain
    return text[pos + 1 : j], j + 1


def _plain_to_end(rest: str, line: int) -> Any:
    """The value of a plain scalar that runs to the end of its line, a comment after it cut off.

    >>> _plain_to_end("12  # twelve", 1), _plain_to_end("Anna", 1)
    (12, 'Anna')
    """
    cut = rest.find(" #")
    if cut >= 0:
        rest = rest[:cut].rstrip(" ")
    if " " in rest:  # text: no number, truth value or null has a space in it
        return rest
    value = RESOLVED.get(rest, UNKNOWN)
    return resolve_plain(rest, line) if value is UNKNOWN else value
