"""Keep the page catalogs in step with the English pages, and report how far each translation is.

    python -m site_tools.translation.catalogs update           # after editing docs/en: refresh .pot and .po files
    python -m site_tools.translation.catalogs update --page yacht   # only the catalogs of one page (repeatable)
    python -m site_tools.translation.catalogs status           # translated / fuzzy / missing per page and language
    python -m site_tools.translation.catalogs status --check   # the same, exit status 1 unless all is translated

``update`` extracts every English page into ``locale/templates/docs/<page>.pot`` with
translate-toolkit's md2po (``-P --no-code-blocks --no-frontmatter --duplicates=merge``: fenced
blocks, the referee's generated blocks among them, never reach a catalog) and merges each template
into ``locale/<lang>/docs/<page>.po`` with pot2po. Translations are kept; a segment whose English
changed keeps its old translation marked fuzzy with the previous English as ``#| msgid`` (it shows
in English until a translator confirms it); removed segments leave the catalog (no obsolete ``#~``
entries: they made up a third of some catalogs, and Poedit and Weblate hide them anyway).
A file whose only change would be its creation date is left alone, so running ``update`` twice
changes nothing.
"""

from __future__ import annotations

import argparse
import json
import re
import subprocess
import sys
import tempfile
from pathlib import Path

from babel.messages.plurals import get_plural
from translate.storage import po as pofile

from site_tools.translation import pipeline
from site_tools.translation.pipeline import (
    catalog_path,
    needs_translation,
    pages,
    status,
    template_path,
)

_VOLATILE = re.compile(
    rb'^"(POT-Creation-Date|PO-Revision-Date|X-Generator): .*\\n"\n', re.MULTILINE
)


def _run(*args: str) -> None:
    """Run a translate-toolkit converter as ``python -m``, quietly unless it fails."""
    done = subprocess.run(
        [sys.executable, "-m", *args, "--progress=none"],
        cwd=pipeline.ROOT,
        capture_output=True,
        text=True,
        check=False,
    )
    if done.returncode != 0:
        sys.stderr.write(done.stdout + done.stderr)
        raise SystemExit(f"failed: python -m {' '.join(args)}")


def _write_if_changed(path: Path, content: bytes) -> bool:
    """Write ``content`` unless the file differs only in its dates; True when written."""
    if path.is_file() and _VOLATILE.sub(b"", path.read_bytes()) == _VOLATILE.sub(b"", content):
        return False
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(content)
    return True


def _finish_catalog(path: Path, lang: str) -> bytes:
    """Set the language headers, clear a fuzzy header, drop obsolete entries, fill segments that need no translation."""
    with path.open("rb") as handle:
        store = pofile.pofile(handle)
    store.units = [unit for unit in store.units if not unit.isobsolete()]
    store.updateheader(
        add=True,
        Language=lang,
        Plural_Forms=str(get_plural(lang)),
        Content_Type="text/plain; charset=UTF-8",
    )
    header = store.header()
    if header is not None:
        header.markfuzzy(False)
    for unit in store.units:
        if (
            not unit.isheader()
            and not unit.isobsolete()
            and not unit.target
            and not needs_translation(unit.source)
        ):
            unit.target = unit.source
    return bytes(store)


def update(only: list[str] | None = None) -> list[Path]:
    """Refresh the templates and merge them into every language's catalogs; return the files written.

    ``only`` limits the work to those pages (names as in ``docs/en`` without ``.md``).
    """
    written: list[Path] = []
    unknown = sorted(set(only or []) - set(pages()))
    if unknown:
        raise SystemExit(f"no such page in docs/en: {', '.join(unknown)}")
    with tempfile.TemporaryDirectory() as tmp:
        for page in pages():
            if only and page not in only:
                continue
            pot_tmp = Path(tmp) / f"{page}.pot"
            pot_tmp.parent.mkdir(parents=True, exist_ok=True)
            source = (pipeline.SOURCE / f"{page}.md").relative_to(pipeline.ROOT)
            _run(
                "translate.convert.md2po",
                "-P",
                "--no-code-blocks",
                "--no-frontmatter",
                "--duplicates=merge",
                "-i",
                str(source),
                "-o",
                str(pot_tmp),
            )
            if _write_if_changed(template_path(page), pot_tmp.read_bytes()):
                written.append(template_path(page))
            for lang in pipeline.LANGUAGES:
                po = catalog_path(lang, page)
                po_tmp = Path(tmp) / lang / f"{page}.po"
                po_tmp.parent.mkdir(parents=True, exist_ok=True)
                args = ["translate.convert.pot2po", "-i", str(pot_tmp), "-o", str(po_tmp)]
                if po.is_file():
                    args += ["-t", str(po)]
                _run(*args)
                if _write_if_changed(po, _finish_catalog(po_tmp, lang)):
                    written.append(po)
    known = set(pages())
    for pot in [] if only else pipeline.TEMPLATES.rglob("*.pot"):
        if pot.relative_to(pipeline.TEMPLATES).with_suffix("").as_posix() not in known:
            pot.unlink()
            written.append(pot)
    return written


def start_language(lang: str) -> list[Path]:
    """New catalogs for ``lang`` from the current templates (nothing translated yet); return them.

    In-process and without extracting the English again: ``./run language add`` calls it.
    """
    from translate.convert import pot2po

    written: list[Path] = []
    with tempfile.TemporaryDirectory() as tmp:
        for page in pages():
            po = catalog_path(lang, page)
            if po.is_file():
                continue
            po_tmp = Path(tmp) / f"{page}.po"
            po_tmp.parent.mkdir(parents=True, exist_ok=True)
            with template_path(page).open("rb") as pot, po_tmp.open("wb") as out:
                pot2po.convertpot(pot, out, None)
            if _write_if_changed(po, _finish_catalog(po_tmp, lang)):
                written.append(po)
    return written


def orphans() -> list[Path]:
    """Catalogs whose English page no longer exists (kept: a translator may want the text)."""
    known = set(pages())
    return sorted(
        po
        for lang in pipeline.LANGUAGES
        for po in (pipeline.LOCALE / lang / "docs").rglob("*.po")
        if po.relative_to(pipeline.LOCALE / lang / "docs").with_suffix("").as_posix() not in known
    )


def main(argv: list[str] | None = None) -> int:
    """The command line; see the module docstring."""
    parser = argparse.ArgumentParser(
        prog="python -m site_tools.translation.catalogs", description=__doc__.split("\n\n")[0]
    )
    sub = parser.add_subparsers(dest="command", required=True)
    up = sub.add_parser(
        "update", help="refresh locale/templates/docs/*.pot and merge into locale/<lang>/docs/*.po"
    )
    up.add_argument(
        "--page", action="append", help="only this page (docs/en/PAGE.md); may be repeated"
    )
    st = sub.add_parser(
        "status", help="translated / fuzzy / missing segments per page and language"
    )
    st.add_argument(
        "--check", action="store_true", help="exit status 1 unless every page is fully translated"
    )
    st.add_argument("--json", action="store_true", help="print one JSON list instead of a table")
    args = parser.parse_args(argv)
    if args.command == "update":
        for path in update(args.page):
            print(f"wrote {path.relative_to(pipeline.ROOT)}")
        for path in orphans():
            print(
                f"note: {path.relative_to(pipeline.ROOT)} has no English page any more",
                file=sys.stderr,
            )
        return 0
    rows = [status(lang, page) for lang in pipeline.LANGUAGES for page in pages()]
    if args.json:
        print(
            json.dumps(
                [
                    {
                        "lang": s.lang,
                        "page": s.page,
                        "translated": s.translated,
                        "fuzzy": s.fuzzy,
                        "missing": s.missing,
                        "words": s.words,
                        "words_translated": s.words_translated,
                        "complete": s.complete,
                    }
                    for s in rows
                ],
                ensure_ascii=False,
                indent=1,
            )
        )
    else:
        width = max((len(s.page) for s in rows), default=4)
        print(f"lang  {'page':<{width}}  translated  fuzzy  missing  words")
        for s in rows:
            print(
                f"{s.lang:<4}  {s.page:<{width}}  {s.translated:>10}  {s.fuzzy:>5}  {s.missing:>7}  {s.percent:>4}%"
            )
    return 1 if args.check and not all(s.complete for s in rows) else 0


if __name__ == "__main__":
    raise SystemExit(main())
