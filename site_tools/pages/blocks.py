"""Generated blocks: fenced ```` ```referee-KIND ```` blocks in a page, replaced by Markdown at build time.

The body of a block is YAML (``game: catch-the-ten``, ``example: catch-the-ten/two-reach-41``, or
nothing). ``referee-status`` is rendered here from the page catalogs; every other kind goes to
:func:`referee.present.blocks.render_block`. The blocks are fenced code, which md2po does not extract
(``--no-code-blocks``), so they never enter a catalog and read the same in every language's
source; only their output is localized.

>>> page = "Intro\\n\\n```referee-demo\\nn: 2\\n```\\n\\nEnd\\n"
>>> expand_blocks(page, "en", lambda kind, params, lang: f"**{kind} {params['n']} {lang}**")
'Intro\\n\\n**demo 2 en**\\n\\nEnd\\n'
>>> [b.kind for b in find_blocks("~~~~referee-facts\\ngame: x\\n~~~~\\n")]
['facts']
"""

from __future__ import annotations

import copy
import posixpath
import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import yaml

from site_tools.strings import language_name, text
from site_tools.translation import pipeline

Renderer = Callable[[str, dict[str, Any], str], str]

# Blocks whose body is a listing shown on the page (a record, commands), not YAML parameters; their
# comments and names are translated per language (referee.present.example_text).
LISTING_KINDS = frozenset({"yaml", "shell"})
_OPEN = re.compile(
    r"^(?P<indent>[ \t]*)(?P<fence>`{3,}|~{3,})[ \t]*referee-(?P<kind>[a-z][a-z0-9-]*)[ \t]*$"
)


class BlockSyntaxError(ValueError):
    """A generated block that cannot be read (bad YAML, no closing fence)."""


@dataclass(frozen=True)
class Block:
    """One generated block: where it is in the page and what it asks for."""

    kind: str
    params: dict[str, Any]
    start: int  # index of the opening fence line
    end: int  # index one past the closing fence line
    indent: str


# A block's YAML body by its text: a build reads the same few hundred bodies in each of its three
# languages and in several hooks (pure-Python PyYAML was a third of a warm build). Bounded, since
# `mkdocs serve` keeps the process; a caller gets its own copy, so the memo cannot be changed.
_PARSED: dict[str, Any] = {}
_PARSED_MAX = 20_000


def _parse(body: str) -> Any:
    if body not in _PARSED:
        if len(_PARSED) >= _PARSED_MAX:
            _PARSED.clear()
        try:  # libyaml's parser where there is one (the same data); PyYAML's own words for an error
            _PARSED[body] = yaml.load(body, Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader))
        except yaml.YAMLError:
            _PARSED[body] = yaml.safe_load(body)
    return copy.deepcopy(_PARSED[body])


def find_blocks(markdown: str) -> list[Block]:
    """Every ``referee-*`` fenced block of a page, in order."""
    lines = markdown.split("\n")
    blocks: list[Block] = []
    i = 0
    while i < len(lines):
        match = _OPEN.match(lines[i])
        if not match:
            i += 1
            continue
        indent, fence, kind = match["indent"], match["fence"], match["kind"]
        closing = re.compile(rf"^{re.escape(indent)}{re.escape(fence[0])}{{{len(fence)},}}[ \t]*$")
        for j in range(i + 1, len(lines)):
            if closing.match(lines[j]):
                break
        else:
            raise BlockSyntaxError(f"line {i + 1}: ```referee-{kind} has no closing fence")
        body = "\n".join(line.removeprefix(indent) for line in lines[i + 1 : j])
        if (
            kind in LISTING_KINDS
        ):  # a record or commands shown as written: the body is the text itself
            blocks.append(Block(kind, {"text": body}, i, j + 1, indent))
            i = j + 1
            continue
        try:
            params = _parse(body) if body.strip() else {}
        except yaml.YAMLError as error:
            raise BlockSyntaxError(f"line {i + 1}: referee-{kind} is not YAML: {error}") from None
        if not isinstance(params, dict):
            raise BlockSyntaxError(
                f"line {i + 1}: referee-{kind} must hold a YAML mapping, not {body!r}"
            )
        blocks.append(Block(kind, params, i, j + 1, indent))
        i = j + 1
    return blocks


def expand_blocks(markdown: str, lang: str, render: Renderer) -> str:
    """The page with every generated block replaced by ``render(kind, params, lang)``."""
    lines = markdown.split("\n")
    for block in reversed(find_blocks(markdown)):
        output = render(block.kind, block.params, lang).rstrip("\n")
        rendered = [f"{block.indent}{line}" if line else "" for line in output.split("\n")]
        lines[block.start : block.end] = rendered
    return "\n".join(lines)


def status_block(
    params: dict[str, Any], lang: str, page: str, order: list[str] | None = None
) -> str:
    """The translation status table: every page × language, from the catalogs.

    ``params`` may name ``languages`` (default: all translated languages). ``page`` is the page
    that shows the table (a path without ``.md`` relative to the language folder), for links;
    ``order`` lists pages in the order of the navigation (the others follow alphabetically).
    """
    languages = params.get("languages") or list(pipeline.LANGUAGES)
    here = posixpath.dirname(page)
    rows = [
        "| "
        + " | ".join([text("status.page", lang), *(language_name(o, lang) for o in languages)])
        + " |",
        "| --- |" + " --- |" * len(languages),
    ]
    known = pipeline.pages()
    ranked = [name for name in order or [] if name in known]
    for name in ranked + [name for name in known if name not in ranked]:
        shown = (
            pipeline.translate_page(lang, name).title
            if lang != pipeline.DEFAULT_LANGUAGE
            else pipeline.english_title(name)
        )
        link = posixpath.relpath(f"{name}.md", here or ".")
        cells = [
            _status_cell(pipeline.translate_page(other, name).status, lang) for other in languages
        ]
        rows.append(f"| [{_escape(shown)}]({link}) | " + " | ".join(cells) + " |")
    return "\n".join(rows) + "\n\n" + text("status.legend", lang) + "\n"


def _status_cell(s: pipeline.PageStatus, lang: str) -> str:
    """``✓ 100 %`` for a complete page, else ``40 % · 12 / 1 / 20`` (translated / fuzzy / missing)."""
    if s.complete:
        return f"✓ {_percent(100, lang)}"
    return f"{_percent(s.percent, lang)} · " + "\u00a0/\u00a0".join(
        str(n) for n in (s.translated, s.fuzzy, s.missing)
    )


def _percent(value: int, lang: str) -> str:
    """``75%`` in English, ``75 %`` (no-break space) in Russian and German."""
    return f"{value}%" if lang == "en" else f"{value}\u00a0%"


def _escape(cell: str) -> str:
    return cell.replace("|", "\\|")
