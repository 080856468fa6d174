"""The size of the checker's first download, as the pages state it: measured on the built site.

The checker's page and its loading line say how much a first visit downloads ("about 7.4 MB").
The number is not written by hand: the text has the macro ``{{checker_download}}`` (English pages,
their catalogs and the checker's strings keep it as it is), and at the end of the build, once
Python's files, the snapshot and their compressed copies are in the site, :func:`state` writes the
size into every page and the search index, in each language's way of writing it.

The size is what a host serving the precompressed files sends for the files the checker's worker
loads (``site_tools/published/offline.py``'s :func:`~site_tools.published.offline.checker_files` that the start needs:
Pyodide's, the snapshot and its standard library; the page itself is not counted): the brotli
copy's size where there is one, else the file's.

>>> spoken(7_412_345, "en"), spoken(7_412_345, "ru"), spoken(7_412_345, "de"), spoken(14_000_000, "pl")
('7.4\\xa0MB', '7,4\\xa0МБ', '7,4\\xa0MB', '14\\xa0MB')
"""

from __future__ import annotations

from pathlib import Path

from site_tools.published import checker_runtime

MACRO = "{{checker_download}}"
UNITS = {"ru": "МБ"}
DECIMAL_COMMA = {"ru", "de", "pl", "uk", "fr", "es", "it"}


def start_files(site: Path) -> list[Path]:
    """The files the checker's worker fetches before its first answer."""
    assets = site / checker_runtime.ASSETS
    folder = site / checker_runtime.pyodide_dir()
    files = [folder / name for name in checker_runtime.PYODIDE_FILES]
    snapshots = sorted(assets.glob("snapshot-*.bin"))
    if snapshots:
        files += [snapshots[0], assets / checker_runtime.stdlib_name()]
    else:  # the plain start: Pyodide's whole library and the referee's zip
        files += [folder / checker_runtime.PYODIDE_STDLIB, *sorted(assets.glob("referee-*.zip"))]
    return [f for f in files if f.is_file()]


def measured(site: Path) -> int:
    """Bytes on the wire for :func:`start_files` from a host that serves the brotli copies."""
    total = 0
    for path in start_files(site):
        packed = path.with_name(path.name + ".br")
        total += (packed if packed.is_file() else path).stat().st_size
    return total


def spoken(size: int, lang: str) -> str:
    """``size`` bytes in megabytes (10⁶ bytes), one decimal under 10, as a reader of ``lang`` writes it."""
    mb = size / 1e6
    text = f"{mb:.1f}" if mb < 10 else f"{mb:.0f}"
    if lang in DECIMAL_COMMA:
        text = text.replace(".", ",")
    return f"{text}\N{NO-BREAK SPACE}{UNITS.get(lang, 'MB')}"


def state(site: str | Path, languages: tuple[str, ...]) -> int:
    """Write the measured size into every page (in its language) and the search index; return it."""
    site = Path(site)
    size = measured(site)
    default, others = languages[0], languages[1:]
    for page in site.rglob("*.html"):
        text = page.read_text(encoding="utf-8")
        if MACRO not in text:
            continue
        first = page.relative_to(site).parts[0]
        lang = first if first in others else default
        page.write_text(text.replace(MACRO, spoken(size, lang)), encoding="utf-8")
    index = site / "search" / "search_index.json"
    if index.is_file():
        import json

        text = index.read_text(encoding="utf-8")
        if MACRO in text:
            data = json.loads(text)
            for doc in data.get("docs", []):
                first = str(doc.get("location", "")).split("/")[0]
                lang = first if first in others else default
                for key in ("title", "text"):
                    if MACRO in str(doc.get(key, "")):
                        doc[key] = doc[key].replace(MACRO, spoken(size, lang))
            index.write_text(
                json.dumps(data, ensure_ascii=False, separators=(",", ":")), encoding="utf-8"
            )
    return size
