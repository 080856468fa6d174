"""MkDocs hooks for the score checker (listed before ``site_tools/hooks/site.py`` in mkdocs.yml).

- ``on_page_markdown`` renders the ```` ```referee-checker ```` block (the checker itself) and
  ```` ```referee-checker-link ```` (a link to the checker set to one game), adds "Open in the
  checker" under every ```` ```referee-example ```` block, and marks the checker's page so that
  ``overrides/main.html`` loads the checker's script and style there and nowhere else.
- ``on_pre_build`` starts making the Pyodide snapshot in the background (Node), unless the build
  cache has it; ``on_post_build`` waits for it and copies Pyodide, the referee's zip and the snapshot
  into the site (:mod:`site_tools.published.checker_runtime`), then the service worker and the web app manifest
  (:mod:`site_tools.published.offline`), and precompressed copies of the large files
  (:mod:`site_tools.published.precompress`). A writer's preview (``./run serve``, ``SITE_PREVIEW=1``) makes
  no snapshot, no service worker and no compressed copies: the page starts Pyodide plainly.
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from mkdocs.config.defaults import MkDocsConfig  # noqa: E402
from mkdocs.exceptions import PluginError  # noqa: E402
from mkdocs.plugins import event_priority  # noqa: E402
from mkdocs.structure.files import Files  # noqa: E402
from mkdocs.structure.pages import Page  # noqa: E402

from site_tools.hooks import build  # noqa: E402
from site_tools.languages import site_languages  # noqa: E402
from site_tools.pages.blocks import BlockSyntaxError, find_blocks  # noqa: E402
from site_tools.published import (  # noqa: E402
    checker,
    checker_runtime,
    download_size,
    offline,
    precompress,
)


def expand(markdown: str, lang: str, page_name: str) -> tuple[str, bool]:
    r"""The page with the checker's blocks rendered and example links added; whether it has the checker.

    >>> out, has_checker = expand("```referee-example\nexample: yacht/three-players\n```\n", "de", "yacht")
    >>> has_checker, out.count("#record="), "In der Punkteprüfung öffnen" in out, out.startswith("```referee-example")
    (False, 1, True, True)
    >>> expand("```referee-checker-link\ngame: yacht\n```", "ru", "yacht")[0]  # doctest: +ELLIPSIS
    '<p class="checker-link"><a ... href="../check-a-score/#game=yacht">Проверить счёт партии в игре «Яхта»</a></p>'
    """
    lines = markdown.split("\n")
    has_checker = False
    blocks = find_blocks(markdown)
    if page_name in _game_slugs() and not any(b.kind == "checker-link" for b in blocks):
        # Every game page links to the checker set to its game: where the page has no such block,
        # the link goes before its worked examples (the heading's anchor is the same in every language).
        at = next(
            (k for k, line in enumerate(lines) if line.startswith("## ") and "{#examples}" in line),
            None,
        )
        if at is not None:
            link = checker.game_link(page_name, page_name, lang).rstrip("\n")
            lines[at:at] = [link, ""]
            markdown = "\n".join(lines)
            blocks = find_blocks(markdown)
    for block in reversed(blocks):
        if block.kind == "checker":
            has_checker = True
            out = checker.checker_block(block.params, lang)
            lines[block.start : block.end] = [
                block.indent + line if line else "" for line in out.split("\n")
            ]
        elif block.kind == "table":  # the practice table: the checker's worker, its own view
            from site_tools.published.table_strings import table_block

            has_checker = True
            out = table_block(block.params, lang)
            lines[block.start : block.end] = [
                block.indent + line if line else "" for line in out.split("\n")
            ]
        elif block.kind == "checker-link":
            out = checker.game_link(str(block.params.get("game")), page_name, lang)
            lines[block.start : block.end] = [block.indent + out.rstrip("\n")]
        elif block.kind == "example":
            link = checker.open_link(str(block.params.get("example")), page_name, lang)
            lines[block.end : block.end] = ["", block.indent + link.rstrip("\n")]
    return "\n".join(lines), has_checker


def _game_slugs() -> set[str]:
    from referee.games import GAMES

    return set(GAMES)


def on_page_markdown(markdown: str, page: Page, config: MkDocsConfig, files: Files) -> str:
    """Render the checker's blocks in the build's language."""
    try:
        markdown, has_checker = expand(markdown, build.language(config), build.page_name(page))
    except BlockSyntaxError as error:
        raise PluginError(f"{page.file.src_uri}: {error}") from None
    except (OSError, KeyError, checker_runtime.CheckerSetupError) as error:
        raise PluginError(f"{page.file.src_uri}: the score checker: {error}") from error
    if has_checker:
        page.meta["checker"] = True
        page.meta["table"] = 'class="referee-table"' in markdown
    return markdown


@event_priority(
    -200
)  # after the i18n plugin (-100), which builds the other languages and the search index
def on_post_build(config: MkDocsConfig) -> None:
    """Pyodide's start files, the referee's zip and the snapshot, the service worker, compressed copies.

    Once, at the very end: the i18n plugin builds the other languages inside the first build's
    ``on_post_build`` (which runs this hook again for each; those runs are skipped) and writes the
    final search index after them, which the compressed copies must see.
    """
    if getattr(config.plugins.get("i18n"), "building", False):
        return
    try:
        checker_runtime.copy_into_site(config.site_dir)
    except checker_runtime.CheckerSetupError as error:
        raise PluginError(str(error)) from None
    site = Path(config.site_dir)
    # ./run serve: a writer's preview needs neither (nor the snapshot)
    if checker_runtime.preview():
        download_size.state(site, site_languages())
        offline.write_manifest(site)
        return
    # Python's files compressed first: the size the pages state is measured on them.
    precompress.write_into_site(site, only=download_size.start_files(site))
    download_size.state(site, site_languages())
    offline.write_into_site(site)  # the service worker and the web app manifest
    precompress.write_into_site(site)  # .gz and .br beside the files worth it


def on_config(config: MkDocsConfig) -> MkDocsConfig:
    """Tell the pages' template whether this is a writer's preview (it then registers no service worker)."""
    config.extra["site_preview"] = checker_runtime.preview()
    return config


def on_pre_build(config: MkDocsConfig) -> None:
    """Install Pyodide from npm first if the lock file changed (``mkdocs build`` alone must work)."""
    try:
        checker_runtime.ensure_node_modules()
    except checker_runtime.CheckerSetupError as error:
        raise PluginError(str(error)) from None
    if not checker_runtime.preview():
        checker_runtime.start_snapshot()  # made while the pages are built; on_post_build waits for it
