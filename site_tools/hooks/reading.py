"""MkDocs hooks for reading a game page at the table (listed last in mkdocs.yml's ``hooks:``).

- ``on_page_content`` colours every suit sign of the page's text, the hand-typed ones too
  (:func:`colour_html`; generated blocks already colour theirs), and sets "Notes on this edition"
  and what follows it apart in a ``<section class="edition-notes">`` (:func:`set_apart_notes`), so
  that the stylesheet can mark where the rules end.

- ``on_page_content`` also explains the glossary's terms in place on every game page: the first
  time a term of the glossary appears in a sense its entry covers on that game's page (the scope
  and the exact word forms of ``links:`` in ``locale/terminology.yaml``), it links to its entry,
  with the entry's first sentences as the tooltip, in the page's language (:func:`link_terms`);
  the glossary page says under each entry which games it holds for (:func:`mark_scopes`).
- ``on_post_build`` writes every worked example's record next to each page that shows it, in
  each language, names and comments as that language's reader sees them
  (:func:`referee.present.example_text.localize_text`), for the fold's "Download this record" link.

- ``on_page_markdown`` puts each game's own record fields, folded, in its Record section
  (:func:`insert_fields`; the record reference page keeps the fields every record shares).

All of it works on any page, so a game merged later gets them without a line of its own.
"""

from __future__ import annotations

import itertools
import re
import sys
from html import escape
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from mkdocs.config.defaults import MkDocsConfig  # noqa: E402
from mkdocs.structure.files import Files  # noqa: E402
from mkdocs.structure.pages import Page  # noqa: E402

from referee.present.block_parts import colour_suits  # noqa: E402
from referee.present.example_blocks import record_href  # noqa: E402
from site_tools import buildcache, strings  # noqa: E402
from site_tools.hooks import build  # noqa: E402
from site_tools.pages import option_words, page_links, rule_marks  # noqa: E402
from site_tools.pages.blocks import find_blocks  # noqa: E402
from site_tools.published.checker import reader_record  # noqa: E402
from site_tools.strings import text  # noqa: E402
from site_tools.translation import pipeline, terms  # noqa: E402

# Inside these elements a suit sign is left alone: code shows what to type, and an SVG or a title
# cannot hold a span.
_SKIP = frozenset({"code", "pre", "script", "style", "svg", "title", "textarea", "kbd"})
_TAG = re.compile(r"<(/?)([a-zA-Z][a-zA-Z0-9-]*)\b[^>]*?(/?)>|<!--.*?-->", re.S)
_ALREADY = re.compile(r'<span class="suit-(?:red|black)">$')
_NOTES_ID = "edition-notes"
_GLOSSARY = "glossary"
# Where a term is not linked: code, pictures, links, headings, the fold's summary, table headers.
# Emphasis too: the pages set titles in italics ("The Penguin *Book* of Card Games").
_NO_LINK = _SKIP | {
    "a",
    "h1",
    "h2",
    "h3",
    "h4",
    "h5",
    "h6",
    "summary",
    "th",
    "abbr",
    "button",
    "label",
    "em",
    "i",
    "cite",
}
_ENTRY = re.compile(r"^### (?P<term>.+?) \{#(?P<id>[a-z0-9-]+)\}\s*$", re.M)
_MARKUP = re.compile(r"\[([^\]]*)\]\([^)]*\)|[*`_]")


def colour_html(html: str) -> str:
    """Wrap the suit signs of ``html``'s text in coloured spans, except in code, pictures and spans already made.

    >>> colour_html('<p>Lead the A♠, not <code>A♠</code>.</p>')
    '<p>Lead the A<span class="suit-black">♠</span>, not <code>A♠</code>.</p>'
    >>> colour_html('<span class="suit-red">♥</span>')
    '<span class="suit-red">♥</span>'
    >>> colour_html('<a title="10♥">10♥</a>')
    '<a title="10♥">10<span class="suit-red">♥</span></a>'
    """
    out: list[str] = []
    depth = 0  # how many skipped elements enclose the text
    pos = 0
    for match in _TAG.finditer(html):
        text = html[pos : match.start()]
        if text:
            out.append(
                text if depth or _ALREADY.search(out[-1] if out else "") else colour_suits(text)
            )
        tag = match.group(0)
        name = (match.group(2) or "").lower()
        if name in _SKIP and not match.group(3):
            depth += -1 if match.group(1) else 1
            depth = max(depth, 0)
        out.append(tag)
        pos = match.end()
    tail = html[pos:]
    out.append(tail if depth else colour_suits(tail))
    return "".join(out)


def set_apart_notes(html: str) -> str:
    """Everything from the heading ``#edition-notes`` to the end, in a section of its own.

    >>> print(set_apart_notes('<p>Rules</p><h2 id="edition-notes">Notes</h2><p>Why</p>').replace("><", ">\\n<"))
    <p>Rules</p>
    <section class="edition-notes" aria-labelledby="edition-notes">
    <h2 id="edition-notes">Notes</h2>
    <p>Why</p>
    </section>
    >>> set_apart_notes('<p>No notes</p>')
    '<p>No notes</p>'
    """
    start = html.find(f'<h2 id="{_NOTES_ID}"')
    if start < 0:
        return html
    return (
        html[:start]
        + f'<section class="edition-notes" aria-labelledby="{_NOTES_ID}">'
        + html[start:]
        + "</section>"
    )


# Sections for the screen only: a printout is the rules, the quick reference and the worked examples'
# tables (issue 26); the house rules, the record format and the link to the checker stay online.
# The worked examples print their tables only (no pictures), in a section of their own.
SECTION_CLASSES = {
    **dict.fromkeys(("house-rules", "record", "recording", "check-a-score"), "cr-screen-only"),
    "examples": "cr-examples",
}


def set_apart_sections(html: str, classes: dict[str, str] | None = None) -> str:
    """Each ``<h2>`` whose id ``classes`` names, up to the next ``<h2>``, in a ``<section>`` of that class.

    >>> print(set_apart_sections('<h2 id="a">A</h2><h2 id="house-rules">H</h2><p>b</p><h2 id="x">X</h2>'))
    <h2 id="a">A</h2><section class="cr-screen-only"><h2 id="house-rules">H</h2><p>b</p></section><h2 id="x">X</h2>
    """
    classes = SECTION_CLASSES if classes is None else classes
    out, pos = [], 0
    heads = [m.start() for m in re.finditer(r"<h2\b", html)] + [len(html)]
    for start, end in itertools.pairwise(heads):
        match = re.match(r'<h2 id="([^"]+)"', html[start:])
        if match and match.group(1) in classes:
            out += [
                html[pos:start],
                f'<section class="{classes[match.group(1)]}">',
                html[start:end],
                "</section>",
            ]
            pos = end
    out.append(html[pos:])
    return "".join(out)


def glossary_entries(lang: str) -> list[tuple[str, str, str]]:
    """The glossary's entries in ``lang``: id, term and the entry's first paragraph as plain text.

    >>> ("trick", "Trick") in [(i, term) for i, term, _ in glossary_entries("en")]
    True
    """
    folder = pipeline.SOURCE if lang == pipeline.DEFAULT_LANGUAGE else pipeline.DOCS / lang
    path = folder / f"{_GLOSSARY}.md"
    if not path.is_file():
        return []
    text = path.read_text(encoding="utf-8")
    entries = []
    for match in _ENTRY.finditer(text):
        rest = text[match.end() :].strip().split("\n\n", 1)[0]
        definition = " ".join(_MARKUP.sub(lambda m: m.group(1) or "", rest).split())
        entries.append((match["id"], match["term"].strip(), definition))
    return entries


def link_terms(
    html: str, entries: list[tuple[str, str, str]], lang: str, glossary_href: str, game: str
) -> str:
    """The first appearance of each glossary term in ``html``'s running text, linked to its entry.

    Only the terms whose scope (``links:`` in ``locale/terminology.yaml``) takes in ``game`` are
    linked, and only by the word forms listed there for ``lang``: never inside a link, a heading, a
    title in italics, code or a picture.

    >>> link_terms("<p>A trick, a trick.</p>", [("trick", "Trick", "The cards played.")], "en", "../glossary/", "korol")
    '<p>A <a class="glossary-term" href="../glossary/#trick" title="The cards played.">trick</a>, a trick.</p>'
    >>> link_terms("<p>A trick.</p>", [("trick", "Trick", "The cards played.")], "en", "../glossary/", "comet")
    '<p>A trick.</p>'
    """
    scopes = terms.links()
    todo = [
        (i, d, scopes[i]) for i, _term, d in entries if i in scopes and scopes[i].applies_to(game)
    ]
    out: list[str] = []
    depth, pos = 0, 0

    def link(text: str) -> str:
        # Excepted phrases are judged on the whole text, before any term in it is linked. The earliest
        # term wins, the longer on a tie: «последнюю взятку» is the last trick, not a trick.
        taken: list[tuple[int, int, str]] = []
        while True:
            found = []
            for k, (_entry, _definition, scope) in enumerate(todo):
                free = [
                    m
                    for m in scope.find(text, lang)
                    if not any(m.start() < end and start < m.end() for start, end, _a in taken)
                ]
                if free:
                    found.append((free[0].start(), -len(free[0].group(0)), k, free[0]))
            if not found:
                break
            _start, _length, k, match = min(found, key=lambda item: item[:3])
            entry, definition, _scope = todo.pop(k)
            title = escape(terms.tooltip(definition), quote=True)
            taken.append(
                (
                    match.start(),
                    match.end(),
                    f'<a class="glossary-term" href="{glossary_href}#{entry}" '
                    f'title="{title}">{match.group(0)}</a>',
                )
            )
        for start, end, anchor in sorted(taken, reverse=True):
            text = text[:start] + anchor + text[end:]
        return text

    for match in _TAG.finditer(html):
        text = html[pos : match.start()]
        out.append(text if depth or not text.strip() else link(text))
        name = (match.group(2) or "").lower()
        if name in _NO_LINK and not match.group(3):
            depth = max(depth + (-1 if match.group(1) else 1), 0)
        out.append(match.group(0))
        pos = match.end()
    out.append(html[pos:] if depth else link(html[pos:]))
    return "".join(out)


_SCOPE_AFTER = re.compile(r'(<h3 id="(?P<id>[a-z0-9-]+)"[^>]*>.*?</h3>)', re.S)


def mark_scopes(html: str, lang: str) -> str:
    """On the glossary page, under each entry's heading, the games in which the entry holds.

    >>> print(mark_scopes('<h3 id="book">Book</h3><p>Six tricks.</p>', "de").split("</h3>")[1])
    <p class="glossary-scope">Spiele: <a href="../minnesota-whist/">Minnesota-Whist</a>.</p><p>Six tricks.</p>
    """
    from referee.games import GAMES

    scopes = terms.links()

    def note(match: re.Match[str]) -> str:
        scope = scopes.get(match["id"])
        if scope is None:
            return match.group(1)
        if scope.games is None:
            words = text("glossary.all", lang)
        else:
            names = [
                f'<a href="../{slug}/">{escape(GAMES[slug].name(lang))}</a>'
                for slug in GAMES
                if slug in scope.games
            ]
            words = f"{text('glossary.games', lang)} {', '.join(names)}."
        return f'{match.group(1)}<p class="glossary-scope">{words}</p>'

    return _SCOPE_AFTER.sub(note, html)


def insert_fields(markdown: str, fold: str) -> str:
    """``fold`` at the end of the page's Record section (``{#record}``), else before the edition notes, else last.

    >>> print(insert_fields("## Play {#play}\\n\\nP\\n\\n## Record {#record}\\n\\nR\\n\\n## Notes {#x}\\n", "F"))
    ## Play {#play}
    <BLANKLINE>
    P
    <BLANKLINE>
    ## Record {#record}
    <BLANKLINE>
    R
    <BLANKLINE>
    F
    <BLANKLINE>
    ## Notes {#x}
    <BLANKLINE>
    """
    lines = markdown.split("\n")
    heads = [i for i, line in enumerate(lines) if line.startswith("## ")]
    record = next((i for i in heads if "{#record}" in lines[i]), None)
    if record is not None:
        at = next((i for i in heads if i > record), len(lines))
    else:
        at = next((i for i in heads if "{#" + _NOTES_ID + "}" in lines[i]), len(lines))
    return "\n".join(lines[:at] + [fold, ""] + lines[at:])


def record_fields(markdown: str, page: Page, config: MkDocsConfig) -> str:
    """On a game page, the game's own record fields, folded, in its Record section (issue 26).

    The fields used to fill one long reference page; a player writing down a deal of one game finds
    them beside that game's record. Inserted here rather than typed into each page, so that the
    pages' prose and order stay with their editors.
    """
    from referee.games import GAMES
    from referee.present.record_blocks import fields_block

    name = build.page_name(page)
    if name not in GAMES:
        return markdown
    return insert_fields(markdown, fields_block({"game": name}, build.language(config)))


def _content_key(html: str, name: str, lang: str) -> str | None:
    """The hash of what :func:`page_content` makes of ``html``; None outside a build (nothing is kept)."""
    inputs = buildcache.REFEREE_INPUTS.get(pipeline.ROOT)  # colour_suits and the games' names
    if inputs is None:
        return None
    folder = pipeline.SOURCE if lang == pipeline.DEFAULT_LANGUAGE else pipeline.DOCS / lang
    glossary = folder / f"{_GLOSSARY}.md"
    return buildcache.digest(
        inputs,
        *(
            path.read_bytes()
            for path in (
                Path(__file__),
                Path(terms.__file__),
                Path(strings.__file__),
                Path(option_words.__file__),
                Path(page_links.__file__),
                Path(rule_marks.__file__),
                terms.TERMINOLOGY,
            )
        ),
        glossary.read_bytes() if glossary.is_file() else b"",
        name,
        lang,
        html,
        str(page_links.has_play_page()),
    )


def english_parts(html: str) -> str:
    """Segments left in English on a translated page as ``<span lang="en">`` (WCAG 3.1.2); the marks
    go from attributes, where no span can stand.

    >>> english_parts('<p title="\ue000T\ue001">\ue000Deal <em>three</em>.\ue001</p>')
    '<p title="T"><span lang="en">Deal <em>three</em>.</span></p>'
    """
    if pipeline.ENGLISH_START not in html:
        return html
    html = re.sub(r'="[^"]*"', lambda m: pipeline.without_marks(m.group(0)), html)
    return html.replace(pipeline.ENGLISH_START, '<span lang="en">').replace(
        pipeline.ENGLISH_END, "</span>"
    )


def page_content(html: str, name: str, lang: str) -> str:
    """The page's HTML with suits coloured, sections set apart and (game pages) the glossary's terms linked."""
    from referee.games import GAMES

    html = english_parts(html)
    from site_tools.pages.option_words import option_words
    from site_tools.pages.rule_marks import attach_marks

    if name in GAMES:  # record keys as the form's words; rule marks out of the reading text
        html = attach_marks(option_words(html, name, lang), lang)
    html = set_apart_notes(set_apart_sections(colour_html(html)))
    if name in GAMES:
        href = "../" * (name.count("/") + 1) + f"{_GLOSSARY}/"
        html = page_links.page_links(
            link_terms(html, glossary_entries(lang), lang, href, name), name, lang
        )
    elif name == _GLOSSARY:
        html = mark_scopes(html, lang)
    return html


def _unmark_frame(page: Page) -> None:
    """No English marks in the page's title or contents (they are text there, not markup)."""

    def clean(items: object) -> None:
        for item in items or []:  # type: ignore[attr-defined]
            item.title = pipeline.without_marks(item.title)
            clean(getattr(item, "children", None))

    clean(getattr(page, "toc", None))
    if page.title and pipeline.ENGLISH_START in page.title:
        page.title = pipeline.without_marks(page.title)


def on_page_content(html: str, page: Page, config: MkDocsConfig, files: Files) -> str:
    """Colour the suit signs and set the edition notes apart; on a game page, explain the glossary's terms.

    Kept in the build cache under the hash of the page's HTML and of everything else it is made
    from, so a warm build does none of it.
    """
    name, lang = build.page_name(page), build.language(config)
    _unmark_frame(page)
    key = _content_key(html, name, lang)
    cached = buildcache.load(pipeline.ROOT, "content", key) if key else None
    if isinstance(cached, str):
        return cached
    html = page_content(html, name, lang)
    if key:
        buildcache.store(pipeline.ROOT, "content", key, html)
    return html


def facts_in_prose(markdown: str, page: Page) -> str:
    """On a game page, replace each fact macro (``{{to_make}}``) by the referee's number, in every language."""
    from mkdocs.exceptions import PluginError

    from referee.games import GAMES
    from site_tools.pages.facts import UnknownFact, expand

    name = build.page_name(page)
    if name not in GAMES:
        return markdown
    try:
        return expand(markdown, name)
    except UnknownFact as error:
        raise PluginError(f"{page.file.src_uri}: {error.args[0]}") from None


def on_page_markdown(markdown: str, page: Page, config: MkDocsConfig, files: Files) -> str:
    """A game page's facts in its prose, and its record fields in its Record section."""
    return record_fields(facts_in_prose(markdown, page), page, config)


def on_config(config: MkDocsConfig) -> MkDocsConfig:
    """Refuse to build when a game page states a rule the referee does not declare, or omits one it checks.

    Checked first of all (before any hook's ``on_pre_build``), so that an untraced page fails at once.
    """
    from mkdocs.exceptions import PluginError

    from site_tools.pages.rule_marks import all_problems

    if getattr(config.plugins.get("i18n"), "building", False):
        return config  # the other languages' builds: the first build checked the same English pages
    found = all_problems()
    if found:
        raise PluginError("rules not traced to the referee:\n  " + "\n  ".join(found))
    return config


def write_records(site_dir: Path) -> int:
    """Each worked example's record, localized, under ``<lang>/<page>/records/`` in ``site_dir``; how many."""
    written = 0
    for source in sorted(pipeline.SOURCE.rglob("*.md")):
        page = source.relative_to(pipeline.SOURCE).with_suffix("").as_posix()
        names = [
            str(b.params.get("example"))
            for b in find_blocks(source.read_text(encoding="utf-8"))
            if b.kind == "example"
        ]
        for lang in (pipeline.DEFAULT_LANGUAGE, *pipeline.LANGUAGES):
            folder = site_dir if lang == pipeline.DEFAULT_LANGUAGE else site_dir / lang
            for name in names:
                target = folder / page / record_href(name)
                target.parent.mkdir(parents=True, exist_ok=True)
                # What a reader downloads carries no test-only key (site_tools/published/checker.py).
                target.write_text(reader_record(name, lang), encoding="utf-8")
                written += 1
    return written


def on_post_build(config: MkDocsConfig) -> None:
    """Publish the worked examples' records (once: the default language's build writes every language)."""
    if build.language(config) == pipeline.DEFAULT_LANGUAGE:
        write_records(Path(config.site_dir))


# What print drops (pages.css): the house rules, the record and the checker's link, the notes on
# this edition and the sources. A link to them from what prints names the page's address on paper.
_DROPPED = re.compile(r'<section class="(?:cr-screen-only|edition-notes)"[^>]*>.*?</section>', re.S)
_UPDATED = {"en": "updated", "ru": "обновлено", "de": "Stand:"}
_LOCAL_LINK = re.compile(r'<a (?P<attrs>[^>]*?)href="#(?P<id>[^"]+)"')


def print_ready(html: str, url: str, footer: str) -> str:
    """A game page ready for paper: in its article, links to what print drops carry the page's
    address; every printed page's footer (``@page`` in ``pages.css``) reads the page's address and
    date from a custom property that ``pages.js`` sets from ``data-print-footer`` on ``<html>``
    (through the CSSOM: the Content-Security-Policy allows no style attribute in the markup).

    >>> page = ('<html lang="en"><nav><a href="#house-rules">H</a></nav><article><p><a href="#house-rules">house '
    ...         'rules</a></p><section class="cr-screen-only"><h2 id="house-rules">H</h2></section></article>')
    >>> print(print_ready(page, "https://x.test/g/", "Cards · https://x.test/g/"))  # doctest: +NORMALIZE_WHITESPACE
    <html data-print-footer="Cards · https://x.test/g/" lang="en"><nav><a
    href="#house-rules">H</a></nav><article><p><a data-print-href="https://x.test/g/#house-rules"
    href="#house-rules">house rules</a></p><section class="cr-screen-only"><h2
    id="house-rules">H</h2></section></article>
    """
    start, end = html.find("<article"), html.rfind("</article>")
    if start < 0 or end < 0:
        return html
    article = html[start:end]
    dropped_spans = [(m.start(), m.end()) for m in _DROPPED.finditer(article)]
    dropped_ids = {i for a, b in dropped_spans for i in re.findall(r'\bid="([^"]+)"', article[a:b])}

    def refer(match: re.Match[str]) -> str:
        inside = any(a <= match.start() < b for a, b in dropped_spans)
        if match["id"] not in dropped_ids or inside:
            return match.group(0)
        return f'<a {match["attrs"]}data-print-href="{escape(url)}#{match["id"]}" href="#{match["id"]}"'

    html = html[:start] + _LOCAL_LINK.sub(refer, article) + html[end:]
    return html.replace("<html ", f'<html data-print-footer="{escape(footer)}" ', 1)


def on_post_page(output: str, page: Page, config: MkDocsConfig) -> str:
    """A game page on paper: its address and date in the footer, and no reference to what print drops."""
    from datetime import date

    from referee.games import GAMES

    output = pipeline.without_marks(output)  # any left outside the content: the nav, the title
    name = build.page_name(page)
    if name not in GAMES:
        return output
    url = (config.site_url or "/").rstrip("/") + "/" + (page.url or "")
    updated = page.meta.get("revision_date") or date.today().isoformat()
    lang = build.language(config)
    footer = f"{config.site_name} · {page.title} · {url} · {_UPDATED.get(lang, _UPDATED['en'])} {updated}"
    return print_ready(output, url, footer)
