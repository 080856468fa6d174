"""The key terms in three languages (``locale/terminology.yaml``): tables for the pages, checks for the catalogs.

One file gives, for each glossary term, the Russian and German renderings the site uses and the
ones the editors' reviews ruled out. The glossary page shows the three-language table and the
"Contribute a translation" page the list with the words to avoid, both as ```` ```referee-terms ````
blocks; ``tests/test_terminology.py`` runs :func:`problems` on every catalog entry.

>>> problems("Follow suit if you can.", "Если можешь, ходи в масть.", "ru")
[]
>>> [p.term for p in problems("Each player must follow suit.", "Каждый обязан ходить в масть.", "ru")]
['follow suit', '(anywhere)']
>>> problems("The dealer deals.", "Der Kartengeber gibt.", "de")
[]
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

import yaml

from site_tools.strings import language_name, text

TERMINOLOGY = Path(__file__).resolve().parents[2] / "locale" / "terminology.yaml"
LANGUAGES = ("ru", "de")
# What is not prose in a catalog entry: `code`, {placeholders}, link targets, (link)(urls).
_NOT_PROSE = re.compile(r"`[^`]*`|\{[^}]*\}|\]\([^)]*\)|https?://\S+")
# A source quoted in italics on an English page is translated as the source's own words.
_ITALIC = re.compile(r"(?<![*\w])\*(?!\*)[^*]+(?<!\*)\*(?![*\w])")
# A word in quotation marks in a translation is cited, not used («сдатчик» in a quoted source).
_QUOTED = re.compile(r"«[^»]*»|„[^“]*“")


@dataclass(frozen=True)
class Term:
    """One glossary term: the English, where it is used, and its renderings per language."""

    en: str
    match: re.Pattern[str] | None
    show: dict[str, str]
    allow: dict[str, tuple[str, ...]]
    avoid: dict[str, tuple[str, ...]]


@dataclass(frozen=True)
class Problem:
    """A translation that does not use the site's word for a term, or uses one the reviews ruled out."""

    term: str
    lang: str
    kind: str  # "missing" (none of the allowed renderings) or "avoid" (a ruled-out one)
    word: str = ""
    allowed: tuple[str, ...] = ()

    def __str__(self) -> str:
        if self.kind == "missing":
            allowed = list(self.allowed)
            return f"{self.term!r}: none of the {self.lang} renderings {allowed}"
        return f"{self.term!r}: {self.word!r} is ruled out in {self.lang}"


@cache
def _data() -> dict[str, Any]:
    with TERMINOLOGY.open(
        encoding="utf-8"
    ) as handle:  # libyaml's parser where there is one: the same data
        return yaml.load(handle, Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader))


def _term(item: dict[str, Any], flags: int = re.IGNORECASE) -> Term:
    match = re.compile(item["match"], flags) if item.get("match") else None
    return Term(
        item["en"],
        match,
        {lang: str((item.get(lang) or {}).get("show", "")) for lang in LANGUAGES},
        {lang: tuple((item.get(lang) or {}).get("allow") or ()) for lang in LANGUAGES},
        {lang: tuple((item.get(lang) or {}).get("avoid") or ()) for lang in LANGUAGES},
    )


@cache
def terms() -> tuple[Term, ...]:
    """Every term of the list, in its order."""
    return tuple(_term(item) for item in _data()["terms"])


@dataclass(frozen=True)
class GameTerms:
    """One game's name in each language, the spellings ruled out, and the words it names its own way."""

    slug: str
    name: dict[str, str]
    avoid_names: dict[str, tuple[str, ...]]
    terms: tuple[Term, ...]


@cache
def game_terms() -> dict[str, GameTerms]:
    """The ``games:`` part of the list, by slug.

    >>> game_terms()["red-and-black"].name["ru"]
    'Красное и чёрное'
    >>> [str(p) for p in game_problems("kings-corners", "The stock.", "Прикуп.", "ru")]
    ["'stock': none of the ru renderings ['колод']", "'stock': 'прикуп' is ruled out in ru"]
    """
    out = {}
    for slug, item in (_data().get("games") or {}).items():
        out[slug] = GameTerms(
            slug,
            {lang: str(item["name"][lang]) for lang in ("en", *LANGUAGES)},
            {lang: tuple((item.get("avoid_names") or {}).get(lang) or ()) for lang in LANGUAGES},
            # `case: true` matches with the case: "They" is Minnesota's team, "they" a pronoun.
            tuple(
                _term(term, 0 if term.get("case") else re.IGNORECASE)
                for term in item.get("terms") or ()
            ),
        )
    return out


def game_problems(slug: str, english: str, translation: str, lang: str) -> list[Problem]:
    """What is wrong with the game's own words (and its name) in one catalog entry of that game."""
    game = game_terms()[slug]
    english, translation = _ITALIC.sub(" ", prose(english)), prose(translation)
    found = _term_problems(game.terms, english, translation, lang)
    return found + name_problems(translation, lang)


def name_problems(translation: str, lang: str) -> list[Problem]:
    """A game's name spelled one of the ways the list rules out (any catalog, any page)."""
    return [
        Problem(game.name["en"], lang, "avoid", word)
        for game in game_terms().values()
        for word in game.avoid_names.get(lang, ())
        if re.search(r"(?<!\w)" + re.escape(word), translation)  # with its capital: a name
    ]


def terms_by_en() -> dict[str, Term]:
    """The terms by their English."""
    return {term.en: term for term in terms()}


def avoid_everywhere(lang: str) -> tuple[str, ...]:
    """Words ruled out in ``lang`` whatever the English says."""
    return tuple(_data().get("avoid_everywhere", {}).get(lang) or ())


def prose(entry: str) -> str:
    """A catalog entry without what is not prose (code, placeholders, link targets)."""
    return _NOT_PROSE.sub(" ", entry)


def _has(word: str, translation: str) -> bool:
    """``word`` at the start of a word of ``translation``, ignoring case (so inflected forms count)."""
    return re.search(r"(?<!\w)" + re.escape(word), translation, re.IGNORECASE) is not None


def problems(english: str, translation: str, lang: str) -> list[Problem]:
    """What is wrong with the terms of one catalog entry in ``lang``."""
    english, translation = _ITALIC.sub(" ", prose(english)), prose(translation)
    used = _QUOTED.sub(" ", translation)
    found = _term_problems(terms(), english, translation, lang)
    found += [
        Problem("(anywhere)", lang, "avoid", word)
        for word in avoid_everywhere(lang)
        if _has(word, used)
    ]
    return found


def _term_problems(
    listed: tuple[Term, ...], english: str, translation: str, lang: str
) -> list[Problem]:
    """The listed terms that ``english`` uses and ``translation`` renders otherwise (both already prose)."""
    used = _QUOTED.sub(" ", translation)
    found = []
    for term in listed:
        match = term.match.search(english) if term.match else None
        if match is None:
            continue
        allowed = term.allow[lang]
        # A term kept in English is a name or a record's word (the field `honours`, "Catch Honours").
        if (
            allowed
            and match.group(0) not in translation
            and not any(_has(word, translation) for word in allowed)
        ):
            found.append(Problem(term.en, lang, "missing", allowed=allowed))
        found += [
            Problem(term.en, lang, "avoid", word) for word in term.avoid[lang] if _has(word, used)
        ]
    return found


def terms_block(params: dict[str, Any], lang: str) -> str:
    """The three-language table; with ``avoid: true`` also the renderings to avoid (for translators)."""
    with_avoid = bool(params.get("avoid"))
    header = [language_name("en", lang), language_name("ru", lang), language_name("de", lang)]
    rows = ["| " + " | ".join(header) + " |", "|---|---|---|"]
    for term in terms():
        if with_avoid and not term.match:
            continue
        cells = [term.en]
        for other in LANGUAGES:
            cell = term.show[other]
            avoid = [w for w in term.avoid[other] if w]
            if with_avoid and avoid:
                cell += f"; {text('terms.avoid', lang)} " + ", ".join(f"*{w}*" for w in avoid)
            cells.append(cell.replace("|", "\\|"))
        rows.append("| " + " | ".join(cells) + " |")
    if with_avoid:
        for other in LANGUAGES:
            words = ", ".join(f"*{w}*" for w in avoid_everywhere(other))
            if words:
                rows.append(
                    f"| ({text('terms.anywhere', lang)}) | {words if other == 'ru' else ''} | "
                    f"{words if other == 'de' else ''} |"
                )
    return "\n".join(rows)


def tooltip(definition: str, limit: int = 240) -> str:
    """A glossary definition shortened for a tooltip: whole sentences up to ``limit`` characters, never a
    word cut in two (DE3-036); the first sentence alone, if longer, ends at a word with "…".

    >>> tooltip("One. Two is longer.", 10), tooltip("One. Two.", 10)
    ('One.', 'One. Two.')
    >>> tooltip("A very long first sentence", 12)
    'A very long…'
    """
    if len(definition) <= limit:
        return definition
    sentences = re.split(r"(?<=[.!?…])\s+", definition)
    kept = ""
    for sentence in sentences:
        candidate = f"{kept} {sentence}".strip()
        if len(candidate) > limit:
            break
        kept = candidate
    if kept:
        return kept
    return definition[:limit].rsplit(" ", 1)[0].rstrip(",;:") + "…"


@dataclass(frozen=True)
class Link:
    """Where one glossary entry is linked: its game pages and, per language, the forms that name it."""

    entry: str
    games: frozenset[str] | None  # None: every game page
    forms: dict[str, re.Pattern[str] | None]
    not_in: dict[str, re.Pattern[str] | None]

    def applies_to(self, game: str) -> bool:
        """Whether the term means what its entry says on ``game``'s page."""
        return self.games is None or game in self.games

    def find(self, text: str, lang: str) -> list[re.Match[str]]:
        """The forms of the term in ``text``, in order, except those inside an excepted phrase.

        >>> book = links()["book"]
        >>> book.find("The Penguin Book of Card Games", "en"), [m[0] for m in book.find("after the book", "en")]
        ([], ['book'])
        """
        pattern = self.forms.get(lang)
        if pattern is None:
            return []
        exempt = self.not_in.get(lang)
        spans = [m.span() for m in exempt.finditer(text)] if exempt else []
        return [
            match
            for match in pattern.finditer(text)
            if not any(start <= match.start() and match.end() <= end for start, end in spans)
        ]


def _words(forms: list[str] | None) -> re.Pattern[str] | None:
    """Exact word forms as one case-insensitive pattern, longest first, whole words only."""
    if not forms:
        return None
    alternatives = sorted({str(form) for form in forms}, key=len, reverse=True)
    body = "|".join(r"\s+".join(re.escape(word) for word in form.split()) for form in alternatives)
    return re.compile(rf"(?<![\w-])(?:{body})(?![\w-])", re.IGNORECASE)


@cache
def links() -> dict[str, Link]:
    """The glossary entries that are linked on game pages, by entry id (``links:`` in the terminology).

    >>> links()["trick"].applies_to("construction"), links()["trick"].applies_to("korol")
    (False, True)
    >>> links()["trick"].find("взять карту, взятие, взятки", "ru")[0][0]
    'взятки'
    >>> links()["partnership"].find("eine Partie", "de")
    []
    """
    data = _data()
    groups: dict[str, list[str]] = data.get("groups") or {}
    out = {}
    for entry, item in (data.get("links") or {}).items():
        scope = item.get("games", "all")
        games: frozenset[str] | None = None
        if scope != "all":
            names = [scope] if isinstance(scope, str) else list(scope)
            games = frozenset(g for name in names for g in groups.get(name, [name]))
        exempt = item.get("except") or {}
        out[entry] = Link(
            entry,
            games,
            {lang: _words(item.get(lang)) for lang in ("en", *LANGUAGES)},
            {lang: _words(exempt.get(lang)) for lang in ("en", *LANGUAGES)},
        )
    return out
