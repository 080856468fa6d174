"""What a translation may not bring into a page: links, markup, scripts, and text out of all proportion.

A catalog is edited by translators, who are trusted with words, not with the page. So a
translated segment may link only where its English segment links (the same destinations, and
the ``{1}`` placeholders po2md puts where the English links are), may add no raw HTML, script URL,
attribute list or event handler, no more line breaks than the English has (a new line could
start a heading, a list or a block of HTML), and is at most a few times as long as the English.

The build runs these checks (``site_tools/hooks.py``): a segment that fails one is reported as a
warning, which ``mkdocs build --strict`` turns into a failed build, and is left out of the page
(the English is shown), so that not even a lenient build publishes it.

>>> problems("See [the deal]{1}.", "См. [раздачу]{1}.")
[]
>>> problems("See [the deal]{1}.", "См. [раздачу](HTTP:evil.example/login).")
['links to http:evil.example/login, which the English does not']
>>> problems("Ten", "Десятка <img src=x onerror=alert(1)>")
['adds raw HTML', 'adds an event handler']
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

# Markup a translation must never bring in: raw HTML (any tag, comment or autolink), script URLs,
# and attr_list attributes (`{: onclick=...}`, `{ .class }`, `{#id}`), which Python-Markdown would
# turn into attributes of the element.
FORBIDDEN: tuple[tuple[re.Pattern[str], str], ...] = (
    (re.compile(r"<\s*[A-Za-z!/?]"), "adds raw HTML"),
    (re.compile(r"(?i)\b(javascript|vbscript|data)\s*:"), "adds a script or data URL"),
    (re.compile(r"\{\s*[:#.]|\{\s*[A-Za-z_-]+\s*="), "adds attr_list attributes"),
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
_KNOWN_SCHEMES = frozenset({"http", "https", "ftp", "ftps", "mailto", "tel", "sms", "file", "javascript",
                            "vbscript", "data", "blob", "ws", "wss", "irc", "news", "ssh", "git", "callto",
                            "skype", "intent", "market", "geo"})
LENGTH_FACTOR = 3
LENGTH_ALLOWANCE = 60


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
            if not value or re.fullmatch(r"\d+:\d+", value):  # a time or a score ("10:30"), not a link
                continue
            scheme, colon, rest = value.partition(":")
            if colon and re.fullmatch(r"[A-Za-z][A-Za-z0-9+.-]*", scheme):
                if (pattern is _DESTINATIONS[3] and scheme.lower() not in _KNOWN_SCHEMES
                        and not re.search(r"[./@]", rest)):
                    continue
                value = scheme.lower() + ":" + rest
            found.add(value)
    return found


def problems(source: str, target: str) -> list[str]:
    """Why ``target`` may not stand for ``source`` on a page (empty: it may)."""
    if not target:
        return []
    found: list[str] = []
    plain_target, plain_source = strip_code(target), strip_code(source)
    for pattern, what in FORBIDDEN:
        if pattern.search(plain_target) and not pattern.search(plain_source):
            found.append(what)
    allowed = destinations(source)
    for place in sorted(destinations(target) - allowed):
        found.append(f"links to {place}, which the English does not")
    if target.count("\n") > source.count("\n"):
        found.append("has more line breaks than the English")
    if len(target) > LENGTH_FACTOR * len(source) + LENGTH_ALLOWANCE:
        found.append(f"is {len(target)} characters long against {len(source)} in English")
    return found


def is_safe(source: str, target: str) -> bool:
    """Whether a translation may be used on a page."""
    return not problems(source, target)


@dataclass(frozen=True)
class Problem:
    """One unsafe entry of a catalog."""

    catalog: Path
    source: str
    target: str
    why: str

    def __str__(self) -> str:
        return f"{self.catalog}: the translation of {self.source!r} {self.why}: {self.target!r}"


def catalog_problems(path: Path) -> list[Problem]:
    """Every unsafe translated entry of one catalog (fuzzy ones too: a reviewer may un-fuzzy them)."""
    from translate.storage import po

    with path.open("rb") as handle:
        units = [u for u in po.pofile(handle).units if not u.isheader() and not u.isobsolete()]
    return [Problem(path, str(u.source), str(u.target or ""), why)
            for u in units for why in problems(str(u.source), str(u.target or ""))]


def all_problems(paths: Iterable[Path]) -> list[Problem]:
    """The problems of several catalogs."""
    return [p for path in paths for p in catalog_problems(path)]
