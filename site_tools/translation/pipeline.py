"""English pages + per-page gettext catalogs → the Russian and German page trees.

``docs/en/<page>.md`` is the source; ``locale/<lang>/docs/<page>.po`` holds its translation and
``locale/templates/docs/<page>.pot`` the template the catalogs are merged from. At the start of
every ``mkdocs build`` (and every rebuild under ``mkdocs serve``) the hook calls
:func:`render_translations`, which writes ``docs/<lang>/<page>.md`` with translate-toolkit's po2md
machinery (:class:`translate.convert.po2md.MarkdownTranslator`). A segment that is missing or
fuzzy stays English. ``docs/ru`` and ``docs/de`` are generated and never committed.

The status of a page is measured against what the reader gets: every segment of the *current*
English page is looked up in the catalog, so a catalog that is behind the English page counts the
new segments as missing even before ``python -m site_tools.translation.catalogs update`` has run.

>>> s = PageStatus("p", "ru", translated=3, fuzzy=1, missing=0, words=20, words_translated=15)
>>> s.complete, s.percent
(False, 75)
"""

from __future__ import annotations

import io
import re
from dataclasses import asdict, dataclass
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

from site_tools import buildcache

if TYPE_CHECKING:  # translate-toolkit is imported only when a page must really be translated
    from translate.storage import po as pofile

from site_tools import languages
from site_tools.safety import checks as safety

ROOT = Path(__file__).resolve().parents[2]
DOCS = ROOT / "docs"
SOURCE = DOCS / "en"
LOCALE = ROOT / "locale"
TEMPLATES = LOCALE / "templates" / "docs"
DEFAULT_LANGUAGE = languages.DEFAULT_LANGUAGE
LANGUAGES = languages.translated_languages()  # from mkdocs.yml: ./run language add appends one
RELEASED = languages.released_languages()  # locale/languages.yaml: these must be complete
CONTRIBUTE_PAGE = "contribute"
STATUS_PAGE = "translation-status"

_LETTER = re.compile(r"[^\W\d_]")
_HEADING_ID = re.compile(r"\s*\{#[^}]*\}\s*$")


@dataclass(frozen=True)
class PageStatus:
    """How much of one page is translated into one language: segments, and words."""

    page: str
    lang: str
    translated: int
    fuzzy: int
    missing: int
    words: int = 0
    words_translated: int = 0

    @property
    def total(self) -> int:
        """Segments on the English page."""
        return self.translated + self.fuzzy + self.missing

    @property
    def complete(self) -> bool:
        """Every segment translated, none fuzzy."""
        return self.fuzzy == 0 and self.missing == 0

    @property
    def percent(self) -> int:
        """Translated words in percent, rounded down (100 only when complete)."""
        if self.complete:
            return 100
        return min(99, 100 * self.words_translated // self.words) if self.words else 0


@dataclass(frozen=True)
class Translation:
    """One page rendered in one language, with its status and translated title."""

    text: str
    status: PageStatus
    title: str


def catalog_path(lang: str, page: str) -> Path:
    """``locale/<lang>/docs/<page>.po``."""
    return LOCALE / lang / "docs" / f"{page}.po"


def template_path(page: str) -> Path:
    """``locale/templates/docs/<page>.pot``."""
    return TEMPLATES / f"{page}.pot"


def pages() -> list[str]:
    """The English pages, as POSIX paths without ``.md`` relative to ``docs/en``."""
    return sorted(p.relative_to(SOURCE).with_suffix("").as_posix() for p in SOURCE.rglob("*.md"))


def needs_translation(source: str) -> bool:
    """A segment with no letter at all (``41``, ``—``, ``10♥``) reads the same in every language.

    >>> needs_translation("41"), needs_translation("Deal {1}")
    (False, True)
    """
    return bool(_LETTER.search(source))


def english_title(page: str) -> str:
    """The first level-one heading of the English page, without its ``{#id}``."""
    for line in (SOURCE / f"{page}.md").read_text(encoding="utf-8").splitlines():
        if line.startswith("# "):
            return _HEADING_ID.sub("", line[2:]).strip()
    return page


def load_catalog(lang: str, page: str) -> pofile.pofile:
    """The page's catalog in ``lang`` (an empty one if there is none yet)."""
    from translate.storage import po

    path = catalog_path(lang, page)
    if not path.is_file():
        return po.pofile()
    with path.open("rb") as handle:
        return po.pofile(handle)


ENGLISH_START, ENGLISH_END = "\ue000", "\ue001"
"""Around a segment left in English on a translated page (private-use characters, never in a page):
the build turns them into ``<span lang="en">`` so that a screen reader reads it as English
(``site_tools/hooks/reading.py``), and removes them wherever no span can go (titles, the contents)."""


def without_marks(text: str) -> str:
    """``text`` without the marks of English segments."""
    return text.replace(ENGLISH_START, "").replace(ENGLISH_END, "")


@cache
def _translator_class() -> Any:
    """po2md's translator (fuzzy entries ignored, no re-wrapping, code blocks left alone)."""
    from translate.convert.po2md import MarkdownTranslator

    class Translator(MarkdownTranslator):  # type: ignore[misc]
        def __init__(self, store: pofile.pofile) -> None:
            super().__init__(
                store,
                includefuzzy=False,
                outputthreshold=None,
                maxlength=0,
                extract_code_blocks=False,
                extract_frontmatter=False,
            )

        def lookup(self, source: str) -> str | None:
            """The usable translation of one segment, or None (also when it fails a :mod:`~site_tools.safety` check)."""
            found = self._lookup_translation(source)
            if found is not None and not safety.is_safe(source, found):
                return None
            return found

        def _lookup(self, source: str) -> str:
            # po2md's callback: the translation, or the English where there is none or it is unsafe,
            # marked as English (a block's own syntax, "/// note | …", stays as it is).
            found = self.lookup(source)
            if found is not None:
                return found
            if needs_translation(source) and not source.lstrip().startswith("///"):
                return f"{ENGLISH_START}{source}{ENGLISH_END}"
            return source

        def is_fuzzy(self, source: str) -> bool:
            """Whether the catalog has a fuzzy translation for this segment."""
            units = self.inputstore.sourceindex.get(source)
            return bool(units) and units[0].isfuzzy() and bool(units[0].target)

    return Translator


@cache
def _code_version() -> str:
    """What a translated page depends on besides its inputs: this module, the safety check's
    modules and translate-toolkit's version."""
    from importlib.metadata import version

    return buildcache.digest(
        Path(__file__).read_bytes(),
        *(path.read_bytes() for path in sorted(Path(safety.__file__).parent.glob("*.py"))),
        version("translate-toolkit"),
    )


_MEMO: dict[tuple[object, ...], Translation] = {}


def _stamp(path: Path) -> tuple[int, int] | None:
    try:
        stat = path.stat()
    except FileNotFoundError:
        return None
    return stat.st_mtime_ns, stat.st_size


def translate_page(lang: str, page: str) -> Translation:
    """The page in ``lang``: translated segments, English for the rest, and how much that is.

    Remembered in memory until the English page or the catalog changes on disk, and in the build
    cache under a hash of both files' contents, so a build where they did not change never runs
    translate-toolkit at all.
    """
    source_path = SOURCE / f"{page}.md"
    catalog = catalog_path(lang, page)
    key = (lang, page, _stamp(source_path), _stamp(catalog))
    if key not in _MEMO:
        source = source_path.read_bytes()
        content = catalog.read_bytes() if catalog.is_file() else b""
        digest = buildcache.digest(_code_version(), lang, page, source, content)
        cached = buildcache.load(ROOT, "translations", digest)
        if cached is not None:
            translation = Translation(
                cached["text"], PageStatus(**cached["status"]), cached["title"]
            )
        else:
            translation = _translate_page(lang, page, source)
            buildcache.store(
                ROOT,
                "translations",
                digest,
                {
                    "text": translation.text,
                    "title": translation.title,
                    "status": asdict(translation.status),
                },
            )
        _MEMO[key] = translation
    return _MEMO[key]


def _translate_page(lang: str, page: str, source: bytes) -> Translation:
    from translate.storage import markdown
    from translate.tools.pocount import wordcount

    translator = _translator_class()(load_catalog(lang, page))
    rendered = markdown.MarkdownFile(
        inputfile=io.BytesIO(source),
        callback=translator._lookup,
        lookup_callback=translator.lookup,
        max_line_length=None,
        extract_code_blocks=False,
        extract_frontmatter=False,
    )
    text = rendered.filesrc
    if source.endswith(b"\n") and not text.endswith("\n"):
        text += "\n"
    counts = {"translated": 0, "fuzzy": 0, "missing": 0, "words": 0, "words_translated": 0}
    for unit in rendered.units:
        words = wordcount(unit.source)
        counts["words"] += words
        if translator.lookup(unit.source) is not None or not needs_translation(unit.source):
            counts["translated"] += 1
            counts["words_translated"] += words
        elif translator.is_fuzzy(unit.source):
            counts["fuzzy"] += 1
        else:
            counts["missing"] += 1
    title = english_title(page)
    title = translator.lookup(title) or title
    return Translation(text, PageStatus(page, lang, **counts), title)


def status(lang: str, page: str) -> PageStatus:
    """Translated, fuzzy and missing segments of ``page`` in ``lang``."""
    return translate_page(lang, page).status


def catalogs(languages: tuple[str, ...] = LANGUAGES) -> list[Path]:
    """Every page catalog that exists, language by language."""
    return [
        path
        for lang in languages
        for page in pages()
        if (path := catalog_path(lang, page)).is_file()
    ]


def render_translations(
    languages: tuple[str, ...] = LANGUAGES,
) -> dict[tuple[str, str], Translation]:
    """Write ``docs/<lang>/`` for every language; return every page's translation by (lang, page).

    Only files whose content changes are written and files of removed pages are deleted, so the
    tree always mirrors ``docs/en`` and an unchanged catalog touches nothing on disk.
    """
    result: dict[tuple[str, str], Translation] = {}
    for lang in languages:
        target = DOCS / lang
        wanted: dict[Path, bytes] = {}
        for page in pages():
            translation = translate_page(lang, page)
            result[lang, page] = translation
            wanted[target / f"{page}.md"] = translation.text.encode("utf-8")
        for asset in SOURCE.rglob("*"):
            if asset.is_file() and asset.suffix != ".md":
                wanted[target / asset.relative_to(SOURCE)] = asset.read_bytes()
        for path, content in wanted.items():
            if not path.is_file() or path.read_bytes() != content:
                path.parent.mkdir(parents=True, exist_ok=True)
                path.write_bytes(content)
        if target.exists():
            for path in sorted(target.rglob("*"), reverse=True):
                if path.is_file() and path not in wanted:
                    path.unlink()
                elif path.is_dir() and not any(path.iterdir()):
                    path.rmdir()
    return result
