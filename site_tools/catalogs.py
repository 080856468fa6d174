"""Keep the page catalogs in step with the English pages.

    python -m site_tools.catalogs update   # after editing docs/en: refresh templates and .po files
    python -m site_tools.catalogs status   # translated / fuzzy / missing segments per page

``update`` extracts every English page into ``locale/templates/docs/<page>.pot`` (md2po) and
merges it into ``locale/<lang>/docs/<page>.po`` (pot2po): translations are kept, segments whose
English changed become fuzzy (they show in English until a translator confirms them).
"""

from __future__ import annotations

import subprocess
import sys

from site_tools.pipeline import LANGUAGES, LOCALE, SOURCE, catalog_path, pages, status

TEMPLATES = LOCALE / "templates" / "docs"


def update() -> None:
    """Refresh the templates and merge them into every language's catalogs."""
    for page in pages():
        pot = TEMPLATES / f"{page}.pot"
        pot.parent.mkdir(parents=True, exist_ok=True)
        subprocess.run([sys.executable, "-m", "translate.convert.md2po", "-P", "--no-code-blocks",
                        "--no-frontmatter", "--duplicates=merge", "--progress=none",
                        "-i", str(SOURCE / f"{page}.md"), "-o", str(pot)], check=True)
        for lang in LANGUAGES:
            po = catalog_path(lang, page)
            po.parent.mkdir(parents=True, exist_ok=True)
            args = [sys.executable, "-m", "translate.convert.pot2po", "--progress=none", "-i", str(pot), "-o", str(po)]
            if po.is_file():
                args += ["-t", str(po)]
            subprocess.run(args, check=True)


def print_status() -> None:
    """One line per page and language."""
    for lang in LANGUAGES:
        for page in pages():
            s = status(lang, page)
            print(f"{lang}  {page:<24} translated {s.translated:>4}  fuzzy {s.fuzzy:>3}  missing {s.missing:>4}")


if __name__ == "__main__":
    {"update": update, "status": print_status}[sys.argv[1] if len(sys.argv) > 1 else "status"]()
