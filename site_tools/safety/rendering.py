"""What an entry renders as: the HTML elements, attributes and destinations the site's conversions
(po2md, then Python-Markdown with the site's extensions) make of it, compared with the English
entry's.
"""

from __future__ import annotations

import io
import re
from collections import Counter
from functools import cache, lru_cache
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

from site_tools.safety.entry_kinds import Kind

ROOT = Path(__file__).resolve().parents[2]

# Text with none of these characters, not starting like a block, renders as one plain paragraph:
# no need to run the converters on it.
_MARKUP_CHARS = re.compile(r"[<>&*_`\[\]{}!\\|~]")
_BLOCK_START = tuple("-+>=/#0123456789 \t")
# Emphasis and code spans, without attributes, are the translator's to place: German may stress
# another word, or add the English field name in code after its translation.
_FREE_ELEMENTS = ("<em>", "<strong>", "<code>")
# Attributes whose values are words a translator translates (a link's tooltip, a picture's text).
_TRANSLATED_ATTRIBUTES = frozenset({"title", "alt"})


class _Elements(HTMLParser):
    """The elements of an HTML fragment with their attributes (text left out)."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.found: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        shown = []
        for name, value in sorted(attrs, key=lambda a: (a[0], a[1] or "")):
            if value is None:
                shown.append(name)
            else:
                shown.append(f'{name}="{"…" if name in _TRANSLATED_ATTRIBUTES else value}"')
        self.found.append("<" + " ".join([tag, *shown]) + ">")

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.handle_starttag(tag, attrs)

    def handle_comment(self, data: str) -> None:
        self.found.append("<!-- -->")

    def handle_decl(self, decl: str) -> None:
        self.found.append(f"<!{decl.split()[0] if decl.split() else ''}>")

    def unknown_decl(self, data: str) -> None:
        self.found.append("<![…]>")

    def handle_pi(self, data: str) -> None:
        self.found.append("<?…>")


def elements(html: str) -> Counter[str]:
    """Every element of ``html`` as ``<tag attr="value">``; translated attributes' values as ``…``.

    >>> sorted(elements('<p>x <a href="#a" title="Go">y</a><!-- z --></p>'))
    ['<!-- -->', '<a href="#a" title="…">', '<p>']
    """
    parser = _Elements()
    parser.feed(html)
    parser.close()
    return Counter(parser.found)


@cache
def _markdown() -> Any:
    """Python-Markdown with the site's extensions and their settings (read from ``mkdocs.yml``)."""
    import markdown
    import yaml

    class Loader(yaml.SafeLoader):
        """mkdocs.yml may use tags (``!ENV``, ``!!python/name``) that mean nothing here."""

    Loader.add_multi_constructor("", lambda loader, suffix, node: None)
    config = yaml.load((ROOT / "mkdocs.yml").read_text(encoding="utf-8"), Loader=Loader) or {}
    names: list[str] = []
    settings: dict[str, dict[str, Any]] = {}
    for item in config.get("markdown_extensions") or []:
        if isinstance(item, dict):
            for name, value in item.items():
                names.append(name)
                settings[name] = value or {}
        else:
            names.append(str(item))
    return markdown.Markdown(extensions=names, extension_configs=settings)


def _as_markdown(source: str, kind: Kind) -> str:
    """A segment as po2md writes it into a page: its ``{n}`` placeholders replaced by the English page's
    links (here stand-in anchors, the same for the English and the translation), line breaks kept."""
    if kind == "page":
        source = re.sub(r"(?<=\])\{(\d+)\}", r"(#cr-placeholder-\1)", source)
        source = re.sub(r"\{(\d+)\}", r"<https://cr-placeholder-\1.invalid/>", source)
    return source.replace("\n", "\\\n")


def po2md(segment_markdown: str) -> str:
    """What po2md writes for a paragraph of this Markdown: it parses it (HTML entities decoded) and writes it again.

    >>> po2md("x &lt;b&gt; [y](#z)").strip()
    'x <b> [y](#z)'
    """
    from translate.storage import markdown as po2md_storage

    store = po2md_storage.MarkdownFile(
        inputfile=io.BytesIO(segment_markdown.encode("utf-8")),
        max_line_length=None,
        extract_code_blocks=False,
        extract_frontmatter=False,
    )
    return store.filesrc


def render(markdown_text: str) -> str:
    """Markdown as the site renders it (Python-Markdown and the site's extensions)."""
    converter = _markdown()
    converter.reset()
    return converter.convert(markdown_text)


@lru_cache(maxsize=16384)
def _segment_elements(text: str, kind: Kind) -> Counter[str]:
    """The elements a segment (English or translated) renders to; the callers copy the Counter."""
    if not _MARKUP_CHARS.search(text) and not text.startswith(_BLOCK_START) and "\n" not in text:
        return Counter({"<p>": 1})  # plain words: one paragraph, whatever the converters do
    return elements(render(po2md(_as_markdown(text, kind))))


def rendered_problems(source: str, target: str, kind: Kind = "page") -> list[str]:
    """How the HTML of ``target``, after po2md and Python-Markdown, differs from the English segment's.

    >>> rendered_problems("Ten", '**x**{ x style="position:fixed" }')
    ['renders as <strong style="position:fixed" x>, which the English does not have']
    """
    english = Counter(_segment_elements(source, kind))
    got = Counter(_segment_elements(target, kind))
    for element in _FREE_ELEMENTS:  # emphasis and code where the language wants them
        english.pop(element, None)
        got.pop(element, None)
    found = [
        f"renders as {element}, which the English does not have"
        for element in sorted(got - english)
    ]
    found += [f"drops {element} of the English" for element in sorted(english - got)]
    return found


def page_problems(english: str, translated: str) -> list[str]:
    r"""How a whole translated page's HTML differs from the English page's (elements and attributes).

    Each segment passed :func:`problems` on its own; this sees them in their places (a table cell,
    a list item), where a segment could still change what is around it.

    >>> page_problems("| a | b |\n|---|---|\n| 1 | 2 |\n", "| а | б |\n|---|---|\n| 1 | 2 |\n")
    []
    """
    english_elements, got = elements(render(english)), elements(render(translated))
    for element in _FREE_ELEMENTS:
        english_elements.pop(element, None)
        got.pop(element, None)
    found = [
        f"renders as {element} ×{n}, which the English page does not have"
        for element, n in sorted((got - english_elements).items())
    ]
    found += [
        f"drops {element} ×{n} of the English page"
        for element, n in sorted((english_elements - got).items())
    ]
    return found
