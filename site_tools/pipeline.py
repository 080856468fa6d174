"""English pages + per-page gettext catalogs → the Russian and German page trees.

``docs/en/<page>.md`` is the source. ``locale/<lang>/docs/<page>.po`` holds its translation.
:func:`render_translations` writes ``docs/<lang>/<page>.md`` with translate-toolkit's po2md
machinery; a segment that is missing or fuzzy stays English, and such a page starts with a notice
in the reader's language that links to the contribution page. ``docs/ru`` and ``docs/de`` are
generated on every build and never committed.
"""

from __future__ import annotations

import io
from dataclasses import dataclass
from pathlib import Path

from translate.convert.po2md import MarkdownTranslator
from translate.storage import po as pofile

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"
SOURCE = DOCS / "en"
LOCALE = ROOT / "locale"
LANGUAGES = ("ru", "de")

NOTICE = {
    "ru": ("Перевод не завершён", "Часть этой страницы ещё не переведена и показана по-английски. "
           "[Помогите с переводом](contribute.md)."),
    "de": ("Übersetzung unvollständig", "Ein Teil dieser Seite ist noch nicht übersetzt und erscheint auf "
           "Englisch. [Helfen Sie beim Übersetzen](contribute.md)."),
}


@dataclass(frozen=True)
class PageStatus:
    """How much of one page is translated into one language (counted in segments)."""

    page: str
    lang: str
    translated: int
    fuzzy: int
    missing: int

    @property
    def complete(self) -> bool:
        """Every segment translated, none fuzzy."""
        return self.fuzzy == 0 and self.missing == 0


def catalog_path(lang: str, page: str) -> Path:
    """``locale/<lang>/docs/<page>.po``."""
    return LOCALE / lang / "docs" / f"{page}.po"


def pages() -> list[str]:
    """The English pages, as paths without ``.md`` relative to ``docs/en``."""
    return sorted(str(p.relative_to(SOURCE).with_suffix("")) for p in SOURCE.rglob("*.md"))


def status(lang: str, page: str) -> PageStatus:
    """Translated, fuzzy and missing segments of ``page`` in ``lang``."""
    path = catalog_path(lang, page)
    if not path.is_file():
        from translate.storage import markdown  # counting the segments the page would have

        units = [u for u in markdown.MarkdownFile(inputfile=io.BytesIO((SOURCE / f"{page}.md").read_bytes()),
                                                   extract_code_blocks=False, extract_frontmatter=False).units
                 if u.source]
        return PageStatus(page, lang, 0, 0, len(units))
    store = pofile.pofile(path.open("rb"))
    units = [u for u in store.units if not u.isheader() and not u.isobsolete()]
    translated = sum(1 for u in units if u.istranslated())
    fuzzy = sum(1 for u in units if u.isfuzzy())
    return PageStatus(page, lang, translated, fuzzy, len(units) - translated - fuzzy)


def render_page(lang: str, page: str) -> str:
    """The page in ``lang``: translated segments, English for the rest, a notice if incomplete."""
    source = SOURCE / f"{page}.md"
    path = catalog_path(lang, page)
    if path.is_file():
        store = pofile.pofile(path.open("rb"))
        translator = MarkdownTranslator(store, includefuzzy=False, outputthreshold=None, maxlength=0,
                                        extract_code_blocks=False, extract_frontmatter=False)
        out = io.BytesIO()
        translator.translate(io.BytesIO(source.read_bytes()), out)
        text = out.getvalue().decode("utf-8")
    else:
        text = source.read_text(encoding="utf-8")
    if not status(lang, page).complete:
        title, body = NOTICE[lang]
        depth = page.count("/")
        body = body.replace("](contribute.md)", f"]({'../' * depth}contribute.md)")
        text = _after_front_matter(text, f"/// warning | {title}\n\n{body}\n\n///\n\n")
    return text


def _after_front_matter(text: str, insert: str) -> str:
    if text.startswith("---\n"):
        end = text.find("\n---\n", 4)
        if end != -1:
            return text[: end + 5] + insert + text[end + 5:]
    return insert + text


def render_translations() -> list[PageStatus]:
    """Write ``docs/<lang>/`` for every language; returns the status of every page."""
    statuses = []
    for lang in LANGUAGES:
        target = DOCS / lang
        wanted: dict[Path, bytes] = {}
        for page in pages():
            wanted[target / f"{page}.md"] = render_page(lang, page).encode("utf-8")
            statuses.append(status(lang, page))
        for asset in SOURCE.rglob("*"):
            if asset.is_file() and asset.suffix != ".md":
                wanted[target / asset.relative_to(SOURCE)] = asset.read_bytes()
        # Only files that really change are written, so `mkdocs serve` does not rebuild in a loop.
        for path, content in wanted.items():
            if not path.is_file() or path.read_bytes() != content:
                path.parent.mkdir(parents=True, exist_ok=True)
                path.write_bytes(content)
        if target.exists():
            for path in target.rglob("*"):
                if path.is_file() and path not in wanted:
                    path.unlink()
    return statuses
