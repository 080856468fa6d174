"""Any YAML, read through PyYAML's event stream and checked event by event before anything is built.

Depth, aliases (and what they repeat), keys, merge keys and tags are refused as the events
arrive, so a deeply nested or self-multiplying document costs next to nothing. libyaml's reasons
for a syntax error are translated (the catalogs have them).
"""

from __future__ import annotations

from typing import Any

from referee.errors import RecordError, Where, format_path
from referee.limits import MAX_ALIAS_VALUES, MAX_DEALS, MAX_DEPTH, MAX_VALUES
from referee.messages import N_, Message, t
from referee.records.bounds import too_many_deals, too_many_values
from referee.records.scalars import resolve_plain

DEALS = ("deals",)

Path = tuple[Any, ...]


# libyaml's and PyYAML's reasons, so that a reader of Russian or German is told why in their language.
# Braces are doubled in the message ids: they are format strings.
_PROBLEMS = {
    p.replace("{{", "{").replace("}}", "}"): p
    for p in (
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
    )
}


def _problem(text: str) -> Message | str:
    found = _PROBLEMS.get(text.strip())
    return t(found) if found else text.replace("{", "(").replace("}", ")")


def _yaml_error(problem: Message | str, line: int | None) -> RecordError:
    return RecordError(
        t("The record is not valid YAML: {problem} (line {line}).", problem=problem, line=line),
        code="record.yaml",
        where=Where(line=line),
    )


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
        line = mark.line + 1 if mark is not None else None
        dash = _dash_after_colon(text, mark.line) if mark is not None else None
        if dash is not None:
            raise RecordError(
                t(
                    "The record is not valid YAML: a dash alone after a colon starts a list "
                    "(line {line}). Write a turn with no move as {form}, the dash in quotes.",
                    line=line,
                    form=dash,
                ),
                code="record.yaml",
                where=Where(line=line),
            ) from None
        raise _yaml_error(_problem(problem), line) from None
    finally:
        loader.dispose()


def _dash_after_colon(text: str, index: int) -> str | None:
    r"""The form to write when line ``index`` ends in a colon and a bare dash (``- Boris: -``, a turn
    with no move, which YAML reads as the start of a list); None for any other line.

    >>> _dash_after_colon("turns:\n  - Boris: -\n", 1)
    "- Boris: '-'"
    >>> _dash_after_colon("a: b\n", 0) is None
    True
    """
    import re

    lines = text.splitlines()
    if not 0 <= index < len(lines):
        return None
    found = re.fullmatch(r"\s*(- )?\s*([^:#'\"]+):\s+-\s*(#.*)?", lines[index])
    if found is None:
        return None
    return f"{found.group(1) or ''}{found.group(2).strip()}: '-'"


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
                    raise _shape_error(
                        t(
                            "A key must be a single value, not a list or a mapping (line {line}).",
                            line=line,
                        ),
                        "record.complex_key",
                        line,
                    )
                if value == "<<" and not quoted:
                    raise _shape_error(
                        t(
                            "Merge keys (<<) are not used in records; write the fields out "
                            "(line {line}).",
                            line=line,
                        ),
                        "record.merge_key",
                        line,
                    )
                if value in container:
                    raise RecordError(
                        t("The key {key!r} appears twice.", key=str(value)),
                        code="record.duplicate_key",
                        where=Where(path=format_path(path), line=line),
                    )
                frame[3], frame[4] = value, line
                return
            key = frame[3]
            container[key] = value
            lines[(*path, key)] = frame[4]
            frame[3] = _MISSING
        else:
            if path == DEALS and len(container) >= MAX_DEALS:
                raise too_many_deals(line)  # the deal cap, applied as the deals are read
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
            raise _shape_error(
                t("Tags ({tag}) are not used in records (line {line}).", tag=tag, line=line),
                "record.tag",
                line,
            )

    while True:
        event = loader.get_event()
        if event is None or type(event) is yaml.StreamEndEvent:
            break
        kind = type(event)
        line = event.start_mark.line + 1 if event.start_mark is not None else None
        if weight > MAX_VALUES:
            raise too_many_values(line)
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
                raise _shape_error(
                    t(
                        "The record is nested more than {limit} levels deep (line {line}).",
                        limit=MAX_DEPTH,
                        line=line,
                    ),
                    "record.too_deep",
                    line,
                )
            check_tag(event, line)
            if stack and stack[-1][2] and stack[-1][3] is _MISSING:
                raise _shape_error(
                    t(
                        "A key must be a single value, not a list or a mapping (line {line}).",
                        line=line,
                    ),
                    "record.complex_key",
                    line,
                )
            is_map = kind is yaml.MappingStartEvent
            path = child_path()
            lines[path] = line
            if event.anchor is not None:
                anchors[event.anchor] = None  # being built: an alias to it now would be recursive
            stack.append(
                [{} if is_map else [], path, is_map, _MISSING, None, event.anchor, weight, line]
            )
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
                raise _shape_error(
                    t(
                        "The alias *{name} refers to the value it is part of (line {line}).",
                        name=event.anchor,
                        line=line,
                    ),
                    "record.recursive_alias",
                    line,
                )
            value, size = target
            repeated += size
            weight += size
            if repeated > MAX_ALIAS_VALUES:
                raise _shape_error(
                    t(
                        "The aliases of this record repeat more than {limit} values (line {line}).",
                        limit=MAX_ALIAS_VALUES,
                        line=line,
                    ),
                    "record.alias_expansion",
                    line,
                )
            place(value, line, is_scalar=not isinstance(value, (list, dict)))
        elif kind is yaml.DocumentStartEvent:
            documents += 1
            if documents > 1:
                raise _shape_error(
                    t("The record holds more than one YAML document (line {line}).", line=line),
                    "record.several_documents",
                    line,
                )
    if result is _MISSING:
        raise RecordError(t("The record is empty."), code="record.empty")
    return result, lines
