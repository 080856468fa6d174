"""Reading a record's text (YAML or JSON) into plain data plus the line of every field.

This is the one module that needs PyYAML; the rules themselves take plain Python data.

>>> doc = load_text("game: x\\ndeals:\\n  - dealer: Anna\\n    tricks: {We: 5}\\n")
>>> doc.data["deals"][0]["tricks"]["We"], doc.line(("deals", 0, "tricks", "We"))
(5, 4)
>>> doc.line(("deals", 0, "nothing"))   # falls back to the nearest known parent
3
>>> load_text("game: [")
Traceback (most recent call last):
...
referee.errors.RecordError: The record is not valid YAML: did not find expected node content (line 2).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import yaml

from referee.errors import RecordError, Where
from referee.messages import t

try:  # the C loader is several times faster; fall back where libyaml is missing
    from yaml import CSafeLoader as _Loader
except ImportError:  # pragma: no cover
    from yaml import SafeLoader as _Loader  # type: ignore[assignment]

Path = tuple[Any, ...]


@dataclass
class Document:
    """A record's data and, for every field path, the line it starts on (1-based)."""

    data: Any
    lines: dict[Path, int] = field(default_factory=dict)

    def line(self, path: Path) -> int | None:
        """The line of ``path``, or of its nearest ancestor that has one."""
        while True:
            if path in self.lines:
                return self.lines[path]
            if not path:
                return None
            path = path[:-1]

    def where(self, path: Path, **extra: Any) -> Where:
        """A :class:`Where` for ``path`` (written ``deals[0].tricks.We``)."""
        return Where(path=format_path(path), line=self.line(path), **extra)


def format_path(path: Path) -> str:
    """``("deals", 0, "tricks")`` → ``deals[0].tricks``."""
    out = ""
    for part in path:
        if isinstance(part, int):
            out += f"[{part}]"
        else:
            out += ("." if out else "") + str(part)
    return out


def _simplify(node: yaml.Node, path: Path, lines: dict[Path, int], loader: Any) -> Any:
    lines[path] = node.start_mark.line + 1
    if isinstance(node, yaml.MappingNode):
        out: dict[Any, Any] = {}
        for key_node, value_node in node.value:
            key = loader.construct_object(key_node, deep=True)
            if isinstance(key, list):
                key = tuple(key)
            if key in out:
                raise RecordError(t("The key {key!r} appears twice.", key=str(key)), code="record.duplicate_key",
                                  where=Where(path=format_path(path), line=key_node.start_mark.line + 1))
            out[key] = _simplify(value_node, path + (key,), lines, loader)
            lines[path + (key,)] = key_node.start_mark.line + 1
        return out
    if isinstance(node, yaml.SequenceNode):
        return [_simplify(item, path + (i,), lines, loader) for i, item in enumerate(node.value)]
    return loader.construct_object(node, deep=True)


def load_text(text: str) -> Document:
    """Parse YAML (JSON is YAML too). Raise :class:`RecordError` with the line on a syntax error."""
    loader = _Loader(text)
    try:
        node = loader.get_single_node()
        if node is None:
            raise RecordError(t("The record is empty."), code="record.empty")
        lines: dict[Path, int] = {}
        data = _simplify(node, (), lines, loader)
    except yaml.YAMLError as err:
        mark = getattr(err, "problem_mark", None)
        problem = getattr(err, "problem", None) or str(err)
        line = mark.line + 1 if mark is not None else None
        raise RecordError(t("The record is not valid YAML: {problem} (line {line}).", problem=problem, line=line),
                          code="record.yaml", where=Where(line=line)) from None
    finally:
        loader.dispose()
    return Document(data, lines)
