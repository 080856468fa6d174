"""What a translation may not bring into a page: markup, links, scripts, numbers, and text out of all proportion.

A catalog is edited by translators, who are trusted with words, not with the page. Two kinds of
catalog reach a reader: the page catalogs (``locale/<lang>/docs/<page>.po``, turned into Markdown
by po2md) and the referee's message catalogs (``locale/<lang>/LC_MESSAGES/referee.po``, whose
messages the site writes into generated Markdown blocks, the checker shows and the CLI prints).
Every translated entry of both is judged by :func:`problems`, which compares the translation with
its English entry:

- **what is rendered**: the translation goes through every conversion the site applies (po2md,
  which decodes HTML entities, then Python-Markdown with the site's extensions, attribute lists
  included), and the HTML it yields must have the same elements with the same attributes, link and
  image destinations as the English entry's HTML (only ``title`` and ``alt`` may be translated);
- **what is written**: no raw HTML, script URL, attribute list, event handler, HTML entity,
  invisible or direction-changing character, or full-width look-alike of markup that the English
  has not; the same placeholders (po2md's ``{1}`` for the English page's links, the referee's
  ``{player}`` and ``%(prog)s``), exactly; no number that the English does not write in digits
  (a translation may spell a number out, or move it, but not change it); no more line breaks; at
  most about twice as long.

This module judges an entry and runs the judgement over the catalogs; the parts it asks stand in
modules of their own: the placeholders (:mod:`site_tools.safety.placeholders`), the numbers
(:mod:`site_tools.safety.numbers`) and what an entry renders as (:mod:`site_tools.safety.rendering`).

The build runs these checks on every catalog (``site_tools/hooks/site.py``): a failing entry is
reported with the catalog, its line, the entry and the reason; ``mkdocs build --strict`` stops on
it, and a lenient build shows the English instead. ``./run messages --check`` runs them on the
referee's catalogs, and ``python -m site_tools.safety.checks`` on all catalogs.

>>> problems("See [the deal]{1}.", "См. [раздачу]{1}.")
[]
>>> problems("See [the deal]{1}.", "См. [раздачу](HTTP:evil.example/login).")  # doctest: +NORMALIZE_WHITESPACE
['drops the placeholder {1} of the English',
 'links to http:evil.example/login, which the English does not',
 'renders as <a href="HTTP:evil.example/login">, which the English does not have',
 'drops <a href="#cr-placeholder-1"> of the English']
>>> [why for why in problems("Ten", "Десятка &lt;img src=x onerror&#61;alert(1)&gt;") if "renders" in why]
['renders as <img onerror="alert(1)" src="x">, which the English does not have']
>>> problems("{n} point", "{n} очко", kind="message"), problems("{n} point", "{m} очко", kind="message")
([], ['has the placeholder {m}, which the English has not', 'drops the placeholder {n} of the English'])
"""

from __future__ import annotations

import io
import re
import sys
import unicodedata
from collections.abc import Iterable
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from site_tools.safety.entry_kinds import Kind
from site_tools.safety.number_words import number_words
from site_tools.safety.numbers import english_numbers, numbers
from site_tools.safety.placeholders import (
    _placeholder_problems,
    _placeholders_removed,
)
from site_tools.safety.rendering import page_problems, rendered_problems

ROOT = Path(__file__).resolve().parents[2]

# Markup a translation must never write itself: raw HTML (any tag, comment or autolink), script
# URLs, attr_list attributes (`{: onclick=...}`, `{ .class }`, `{#id}`, `{ word key="..." }`) and
# event handlers. Checked on the msgstr as written; the rendered comparison below catches the rest.
FORBIDDEN: tuple[tuple[re.Pattern[str], str], ...] = (
    (re.compile(r"<\s*[A-Za-z!/?]"), "adds raw HTML"),
    (re.compile(r"(?i)\b(javascript|vbscript|data)\s*:"), "adds a script or data URL"),
    (re.compile(r"\{\s*[:#.]|\{[^{}\n]*="), "adds attr_list attributes"),
    (re.compile(r"(?i)\bon[a-z]+\s*="), "adds an event handler"),
)

_CODE_SPAN = re.compile(r"(`+)(?!`).*?(?<!`)\1(?!`)", re.DOTALL)
# Where a segment can send a reader: inline links and images, reference definitions, autolinks,
# bare URLs with any scheme (`HTTP:host`, `mailto:`), protocol-relative `//host`, `www.` names,
# and po2md's `{n}` placeholders for the English page's own links.
_DESTINATIONS = (
    re.compile(r"\]\(\s*<?([^)\s>]*)"),
    re.compile(r"^\s*\[[^\]]*\]:\s*<?(\S+?)>?(?:\s|$)", re.M),
    re.compile(r"<([^<>\s]+)>"),
    re.compile(r"(?<![\w.+-])([A-Za-z][A-Za-z0-9+.-]*:(?://)?[\w/%~@-][^\s<>()\[\]{}\"'`]*)"),
    re.compile(r"(?<![\w:/])(//[^\s<>()\[\]{}\"'`]+)"),
    re.compile(r"(?i)(?<![\w./])(www\.[^\s<>()\[\]{}\"'`]+)"),
    re.compile(r"\]\s*(\{\d+\})"),
)
_TRAILING = ".,;:!?»“”'\""
# A bare word, a colon and a word ("Spalte:Reihe", "column:row") is prose, not an address: a bare
# "scheme:rest" counts as a link when the scheme is one a browser acts on, or the rest looks like
# an address (a host, a path or a mailbox: a dot, a slash or an @).
_KNOWN_SCHEMES = frozenset(
    {
        "http",
        "https",
        "ftp",
        "ftps",
        "mailto",
        "tel",
        "sms",
        "file",
        "javascript",
        "vbscript",
        "data",
        "blob",
        "ws",
        "wss",
        "irc",
        "news",
        "ssh",
        "git",
        "callto",
        "skype",
        "intent",
        "market",
        "geo",
    }
)
# Russian and German run up to about 1.6 times the English (measured on the catalogs: 1.9 for a
# few words); twice the English and a short sentence more is the most a translation may be.
LENGTH_FACTOR = 2
LENGTH_ALLOWANCE = 40

_ENTITY = re.compile(r"&(?:#[0-9]+|#[xX][0-9a-fA-F]+|[A-Za-z][A-Za-z0-9]*);?")


def strip_code(text: str) -> str:
    """Markdown text without its inline code spans (``<page>`` in backticks is shown, not parsed)."""
    return _CODE_SPAN.sub("", text)


def destinations(text: str) -> set[str]:
    """Every place ``text`` links to, normalized (scheme in lower case, trailing punctuation off).

    >>> sorted(destinations("[a](https://x.example/p). Mail <mailto:a@b.example> or //evil.example, {1}"))
    ['//evil.example', 'https://x.example/p', 'mailto:a@b.example']
    >>> sorted(destinations("See [the deal]{1} and [rules]{2}."))
    ['{1}', '{2}']
    >>> sorted(destinations("Plätze als Spalte:Reihe; HTTP:evil.example/login"))
    ['http:evil.example/login']
    """
    text = strip_code(text)
    found: set[str] = set()
    for pattern in _DESTINATIONS:
        for match in pattern.finditer(text):
            value = match.group(1).rstrip(_TRAILING)
            if not value or re.fullmatch(
                r"\d+:\d+", value
            ):  # a time or a score ("10:30"), not a link
                continue
            scheme, colon, rest = value.partition(":")
            if colon and re.fullmatch(r"[A-Za-z][A-Za-z0-9+.-]*", scheme):
                if (
                    pattern is _DESTINATIONS[3]
                    and scheme.lower() not in _KNOWN_SCHEMES
                    and not re.search(r"[./@]", rest)
                ):
                    continue
                value = scheme.lower() + ":" + rest
            found.add(value)
    return found


# --- placeholders -------------------------------------------------------------------------------


# --- characters and numbers ---------------------------------------------------------------------


# Characters that show nothing or look like others (robustness round 3, #5): the Hangul and Braille
# fillers and the other default-ignorable ones (variation selectors, the combining grapheme joiner),
# the vertical, CJK-compatibility and small forms (``﹤script﹥``), the mathematical letters and digits
# (``𝐣𝐚𝐯𝐚𝐬𝐜𝐫𝐢𝐩𝐭``).
_INVISIBLE = re.compile(
    "[\u034f\u115f\u1160\u17b4\u17b5\u180b-\u180f\u2800\u3164\ufe00-\ufe0f\uffa0"
    "\U000e0100-\U000e01ef\ufe10-\ufe1f\ufe30-\ufe6f\U0001d400-\U0001d7ff]"
)
# Combining marks (``слева̶̶`` crossed out), and numbers that are not digits: circled (⑩),
# superscript (⁵²), fractions, Roman numerals.
_ODD_CATEGORIES = frozenset(("Cf", "Zl", "Zp", "Mn", "Me", "Mc", "No", "Nl"))
# Look-alikes of the characters markup is made of: Unicode's confusables whose prototype is one of them.
_MARKUP = frozenset("<>&=/\\")


@cache
def _markup_lookalikes() -> frozenset[str]:
    from referee.records.lookalike import prototypes

    return frozenset(c for c, p in prototypes().items() if c not in _MARKUP and p in _MARKUP)


# A Russian stress mark: a combining acute after a Cyrillic vowel («бо́льшим», not «больши́м»).
_STRESS = re.compile("(?<=[аеёиоуыэюяАЕЁИОУЫЭЮЯ])\u0301")


def _odd_characters(text: str) -> set[str]:
    """Invisible, direction-changing and look-alike characters, combining marks, numbers not in digits."""
    if text.isascii():
        return set()
    lookalikes = _markup_lookalikes()
    return {
        c
        for c in _STRESS.sub("", text)
        if not c.isascii()
        and c != "\u00ad"
        and (
            unicodedata.category(c) in _ODD_CATEGORIES
            or 0xFF00 <= ord(c) <= 0xFFEF
            or _INVISIBLE.match(c)
            or c in lookalikes
        )
    }


# --- what is rendered ---------------------------------------------------------------------------


def cached_page_problems(english: str, translated: str, root: Path = ROOT) -> list[str]:
    """:func:`page_problems`, remembered in the build cache under both pages' text."""
    from site_tools import buildcache

    key = buildcache.digest(_code_version(), english, translated)
    found = buildcache.load(root, "safety-pages", key)
    if found is None:
        found = [] if english == translated else page_problems(english, translated)
        buildcache.store(root, "safety-pages", key, found)
    return list(found)


# --- the check ----------------------------------------------------------------------------------


def problems(source: str, target: str, kind: Kind = "page", *, rendered: bool = True) -> list[str]:
    """Why ``target`` may not stand for ``source`` (empty: it may). ``kind``: a page segment or a referee message;
    ``rendered``: also compare what it renders to (not for text that is only ever shown as code)."""
    if not target:
        return []
    found: list[str] = []
    if len(target) > LENGTH_FACTOR * len(source) + LENGTH_ALLOWANCE:
        found.append(f"is {len(target)} characters long against {len(source)} in English")
        if len(target) > 100_000:  # do not feed a megabyte to the converters
            return found
    plain_target, plain_source = strip_code(target), strip_code(source)
    for pattern, what in FORBIDDEN:
        if pattern.search(plain_target) and not pattern.search(plain_source):
            found.append(what)
    if "`" in plain_target and "`" not in plain_source:
        found.append("has a backtick that opens no code span (a code block fence?)")
    if re.search(r"[*_]{4,}", plain_target) and not re.search(r"[*_]{4,}", plain_source):
        found.append("writes a run of emphasis marks")
    for entity in sorted(set(_ENTITY.findall(target)) - set(_ENTITY.findall(source))):
        found.append(
            f"writes the HTML entity {entity}, which the English does not (type the character itself)"
        )
    for char in sorted(_odd_characters(target) - _odd_characters(source)):
        found.append(
            f"adds the invisible or look-alike character U+{ord(char):04X} ({unicodedata.name(char, '?')})"
        )
    found += _placeholder_problems(source, target, kind)
    allowed = numbers(source, kind) | english_numbers(_placeholders_removed(source, kind))
    for number in sorted(numbers(target, kind) - allowed, key=lambda n: (len(n), n)):
        found.append(f"writes the number {number}, which the English does not")
    in_words = number_words(_placeholders_removed(strip_code(target), kind))
    for number in sorted(in_words - allowed, key=lambda n: (len(n), n)):
        found.append(f"writes the number {number} in words, which the English does not")
    for place in sorted(destinations(target) - destinations(source)):
        found.append(f"links to {place}, which the English does not")
    if target.count("\n") > source.count("\n"):
        found.append("has more line breaks than the English")
    if kind == "message" and target.count("{{") + target.count("}}") > source.count(
        "{{"
    ) + source.count("}}"):
        found.append("writes doubled braces, which the English does not (they print as braces)")
    code_markup = {c for span in _CODE_SPAN.finditer(target) for c in span[0] if c in "<>&"}
    if code_markup - {c for span in _CODE_SPAN.finditer(source) for c in span[0]}:
        found.append("writes markup in a code span, which the English's code spans do not have")
    for sentence in _repeated_sentences(target) - _repeated_sentences(source):
        found.append(f"says {sentence[:40]!r}… twice, which the English does not")
    if rendered:
        found += rendered_problems(source, target, kind)
    return found


_SENTENCE = re.compile(r"[^.!?;:\n]{20,}")


def _repeated_sentences(text: str) -> set[str]:
    """Sentences (and clauses of 20 characters or more) that ``text`` says twice or more.

    >>> sorted(_repeated_sentences("The dealer deals ten cards. The dealer deals ten cards. Then play."))
    ['The dealer deals ten cards']
    """
    seen: set[str] = set()
    twice: set[str] = set()
    for found in _SENTENCE.findall(text):
        sentence = found.strip()
        if len(sentence) >= 20:
            (twice if sentence in seen else seen).add(sentence)
    return twice


def is_safe(source: str, target: str, kind: Kind = "page") -> bool:
    """Whether a translation may be used."""
    return not problems(source, target, kind)


@dataclass(frozen=True)
class Problem:
    """One unsafe entry of a catalog: the file, the entry's line, its English and translation, and why."""

    catalog: Path
    source: str
    target: str
    why: str
    line: int = 0

    def __str__(self) -> str:
        return describe([self])

    @property
    def where(self) -> str:
        """``locale/ru/docs/glossary.po:43`` (relative to the project when it is in it)."""
        try:
            path = self.catalog.resolve().relative_to(ROOT)
        except ValueError:
            path = self.catalog
        return f"{path}:{self.line}" if self.line else str(path)


def describe(entry: list[Problem]) -> str:
    """One line for one entry's problems: where, the English, every reason, the translation."""
    first = entry[0]
    if not first.source:
        return f"{first.where} {first.why}"
    shown = first.target if len(first.target) <= 160 else first.target[:160] + "…"
    whys = "; ".join(dict.fromkeys(p.why for p in entry))
    return f"{first.where}: the translation of {first.source!r} {whys}: {shown!r}"


def by_entry(found: Iterable[Problem]) -> list[list[Problem]]:
    """Problems grouped by catalog entry (and translation: a plural entry has several), in order."""
    groups: dict[tuple[Path, int, str, str], list[Problem]] = {}
    for problem in found:
        groups.setdefault(
            (problem.catalog, problem.line, problem.source, problem.target), []
        ).append(problem)
    return list(groups.values())


def kind_of(path: Path) -> Kind:
    """A referee message catalog (``…/LC_MESSAGES/…``) or a page catalog."""
    return "message" if "LC_MESSAGES" in path.parts else "page"


def read_catalog(path: Path) -> Any:
    """A ``.po`` file as a Babel catalog (every entry with its line number)."""
    from contextlib import redirect_stdout

    from babel.messages.pofile import read_po

    # Babel prints a warning for each "#~|" line of an obsolete entry: nothing the reader needs.
    with path.open("rb") as handle, redirect_stdout(io.StringIO()):
        return read_po(handle)


def catalog_problems(path: Path) -> list[Problem]:
    """Every unsafe translated entry of one catalog (fuzzy ones too: a reviewer may un-fuzzy them)."""
    kind = kind_of(path)
    catalog = read_catalog(path)
    found: list[Problem] = []
    for message in catalog:
        if not message.id:
            continue
        ids = [message.id] if isinstance(message.id, str) else list(message.id)
        strings = (
            [message.string] if isinstance(message.string, str) else list(message.string or ())
        )
        for k, target in enumerate(strings):
            if not target:
                continue
            # A plural form answers for every English form: compare it with the one nearest in placeholders.
            source = ids[0] if len(ids) == 1 or k == 0 else ids[-1]
            whys = problems(source, target, kind)
            if whys and len(ids) > 1:
                other = ids[-1] if source == ids[0] else ids[0]
                whys = [w for w in whys if w in problems(other, target, kind)]
            found += [Problem(path, ids[0], target, why, message.lineno) for why in whys]
    return found


_NAME = re.compile(r"[^\W\d_]+(?:[ '’.-][^\W\d_]+)*")


def examples_problems(path: Path) -> list[Problem]:
    """``locale/examples.yaml``, which translators edit too: a name is a name, a comment one line of words.

    The names stand in the worked examples' records, verdicts and tables; the comments in the
    records shown on the pages.
    """
    import yaml

    try:
        data = yaml.safe_load(path.read_text(encoding="utf-8")) or {}
    except yaml.YAMLError as error:
        return [Problem(path, "", "", f"is not YAML: {error}")]
    found: list[Problem] = []
    for lang, names in (data.get("names") or {}).items():
        for english, name in (names or {}).items():
            if not isinstance(name, str) or not _NAME.fullmatch(name) or len(name) > 40:
                found.append(
                    Problem(
                        path,
                        str(english),
                        str(name),
                        f"({lang}) is not a name: letters only, "
                        "words joined by a space, a hyphen, an apostrophe or a full stop",
                    )
                )
    for english, translations in (data.get("comments") or {}).items():
        for lang, text in (translations or {}).items():
            for why in problems(
                str(english), str(text), rendered=False
            ):  # shown in code blocks only
                found.append(Problem(path, str(english), str(text), f"({lang}) {why}"))
    return found


def page_catalogs(root: Path = ROOT) -> list[Path]:
    """The pages' catalogs, ``locale/<lang>/docs/<page>.po``, of every language."""
    return sorted((root / "locale").glob("*/docs/*.po"))


def message_catalogs(root: Path = ROOT) -> list[Path]:
    """The referee's message catalogs, ``locale/<lang>/LC_MESSAGES/referee.po``."""
    return sorted((root / "locale").glob("*/LC_MESSAGES/referee.po"))


def all_problems(paths: Iterable[Path]) -> list[Problem]:
    """The problems of several catalogs (``.po`` files, or ``locale/examples.yaml``)."""
    return [
        p
        for path in paths
        for p in (examples_problems(path) if path.suffix == ".yaml" else catalog_problems(path))
    ]


@cache
def _code_version() -> str:
    from importlib.metadata import version

    from site_tools import buildcache

    return buildcache.digest(
        *(path.read_bytes() for path in sorted(Path(__file__).parent.glob("*.py"))),
        (ROOT / "mkdocs.yml").read_bytes(),
        version("translate-toolkit"),
        version("markdown"),
        version("pymdown-extensions"),
    )


def cached_problems(paths: Iterable[Path], root: Path = ROOT) -> list[Problem]:
    """:func:`all_problems`, remembered in the build cache under each catalog's content."""
    from site_tools import buildcache

    found: list[Problem] = []
    for path in paths:
        key = buildcache.digest(_code_version(), str(path), path.read_bytes())
        cached = buildcache.load(root, "safety", key)
        if cached is None:
            cached = [
                [str(p.catalog), p.source, p.target, p.why, p.line] for p in all_problems([path])
            ]
            buildcache.store(root, "safety", key, cached)
        found += [Problem(Path(c), s, t, w, n) for c, s, t, w, n in cached]
    return found


def main(argv: list[str] | None = None) -> int:
    """``python -m site_tools.safety.checks [--messages] [CATALOG…]``: report unsafe entries; exit 1 if any."""
    args = list(sys.argv[1:] if argv is None else argv)
    if args and args[0] == "--messages":
        paths = [Path(a) for a in args[1:]] or message_catalogs()
    elif args:
        paths = [Path(a) for a in args]
    else:
        paths = [*page_catalogs(), *message_catalogs(), ROOT / "locale" / "examples.yaml"]
    found = all_problems(paths)
    for entry in by_entry(found):
        print(describe(entry), file=sys.stderr)
    if found:
        print(
            f"{len(found)} unsafe translation(s) in {len({p.catalog for p in found})} catalog(s)",
            file=sys.stderr,
        )
    return 1 if found else 0


if __name__ == "__main__":
    raise SystemExit(main())
