"""MkDocs hooks: generate the translated page trees, then fill in the referee's blocks.

Wired in ``mkdocs.yml`` (``hooks:``), so ``mkdocs build`` and ``mkdocs serve`` alone produce the
whole site; there is no manual pre-step.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path
from typing import Any

import yaml

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from referee.blocks import render_block
from site_tools.pipeline import LOCALE, render_translations

BLOCK = re.compile(r"^```referee-(\w+)[ \t]*\n(.*?)^```[ \t]*$", re.MULTILINE | re.DOTALL)


def on_config(config: Any) -> Any:
    """Write docs/ru and docs/de from the catalogs; a rebuild under ``mkdocs serve`` runs this again."""
    render_translations()
    return config


def on_serve(server: Any, config: Any, builder: Any) -> Any:
    """Rebuild when a catalog changes (the docs folder is watched already)."""
    server.watch(str(LOCALE))
    return server


def on_page_markdown(markdown: str, page: Any, config: Any, files: Any) -> str:
    """Replace every ```referee-KIND block with the referee's Markdown in the page's language."""
    lang = page.file.src_uri.split("/", 1)[0] if "/" in page.file.src_uri else "en"
    lang = lang if lang in ("ru", "de") else "en"

    def replace(match: re.Match[str]) -> str:
        params = yaml.safe_load(match.group(2)) or {}
        return render_block(match.group(1), params, lang)

    return BLOCK.sub(replace, markdown)
