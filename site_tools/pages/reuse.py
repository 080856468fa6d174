"""Work a warm build need not redo: the search plugin's page entries and the theme's compiled templates.

MkDocs Material indexes a page for search by parsing its whole HTML (a fifth of a build), and
mkdocs-static-i18n's three language builds each compile the theme's 45 templates anew. Both
results depend only on what they are made from, so they are kept like the translated pages and
the generated blocks (:mod:`site_tools.buildcache`):

- :func:`cache_search_entries` wraps the search index's ``add_entry_from_context``: a page whose
  HTML, address, title, table of contents and search settings are unchanged gets the entries it
  had last time, read from ``.cache/site/search/``; anything else is parsed as before and kept.
  The index written at the end is the same JSON (``tests/test_site_reuse.py``).
- :func:`share_theme_files` lets the three language builds of one ``mkdocs build`` list the
  theme's files once (the theme holds thousands of icons; MkDocs walks and filters them per build).
- :func:`template_cache` is a Jinja bytecode cache in memory and under ``.cache/site/jinja/``, in a
  folder named after the versions and settings that compilation depends on; Jinja itself checks
  each template's source against the cached code.

Both fall back to the plugin's and Jinja's own behaviour when their internals are not as expected
(another version of the theme), so an upgrade can only make the build slower, never wrong.
"""

from __future__ import annotations

import json
import logging
from functools import cache
from importlib.metadata import PackageNotFoundError, version
from pathlib import Path
from typing import Any

from site_tools import buildcache

log = logging.getLogger("mkdocs.hooks.site_tools")
_SEARCH = ("material/search", "search")


@cache
def _version(package: str) -> str:
    try:
        return version(package)
    except PackageNotFoundError:
        return "?"


def _toc(items: Any) -> list[Any]:
    """The table of contents as data: what the search entries take from it (ids, addresses, titles)."""
    return [
        [
            getattr(i, "id", None),
            getattr(i, "url", None),
            getattr(i, "title", None),
            _toc(getattr(i, "children", []) or []),
        ]
        for i in items or []
    ]


def search_key(page: Any, settings: str) -> str:
    """The hash of everything a page's search entries are made from."""
    meta = {k: page.meta.get(k) for k in ("title", "tags", "search") if k in (page.meta or {})}
    return buildcache.digest(
        settings,
        page.content or "",
        page.url or "",
        str(page.title),
        json.dumps(_toc(page.toc), default=str),
        json.dumps(meta, default=str, sort_keys=True),
    )


def cache_search_entries(config: Any, root: Path) -> bool:
    """Make the search index of this build reuse cached page entries; whether it could."""
    plugin = next((p for name in _SEARCH if (p := config.plugins.get(name)) is not None), None)
    index = getattr(plugin, "search_index", None)
    _one_entry_a_location(index)
    original = getattr(index, "add_entry_from_context", None)
    if index is None or original is None or not isinstance(getattr(index, "entries", None), list):
        return False
    if getattr(original, "site_tools_cached", False):
        return True
    # The entries depend on the plugin's code (its version), on jieba being installed, and on nothing
    # else of the plugin's settings (the separator and pipeline are used by the browser, not here).
    try:
        import jieba  # noqa: F401

        segmenting = "jieba"
    except ImportError:
        segmenting = ""
    settings = buildcache.digest("search-entries", _version("mkdocs-material"), segmenting)

    def add_entry_from_context(page: Any) -> None:
        key = search_key(page, settings)
        cached = buildcache.load(root, "search", key)
        if isinstance(cached, list):
            index.entries.extend(dict(entry) for entry in cached)
            return
        before = len(index.entries)
        original(page)
        buildcache.store(root, "search", key, index.entries[before:])

    add_entry_from_context.site_tools_cached = True  # type: ignore[attr-defined]
    index.add_entry_from_context = add_entry_from_context
    return True


def keep_latest_entries(index: Any) -> None:
    """Keep one entry a location in a search index: the latest, as the newest entry is the last added.

    A location (``ru/yacht/#bids``) names one section of one page.

    >>> class Index: entries = [{"location": "a/"}, {"location": "b/"}, {"location": "a/", "text": "new"}]
    >>> index = Index(); keep_latest_entries(index); index.entries
    [{'location': 'a/', 'text': 'new'}, {'location': 'b/'}]
    """
    entries = getattr(index, "entries", None)
    if not isinstance(entries, list):
        return
    latest: dict[Any, Any] = {}
    for entry in entries:
        latest[entry.get("location") if isinstance(entry, dict) else id(entry)] = entry
    if len(latest) < len(entries):
        entries[:] = latest.values()


def _one_entry_a_location(index: Any) -> None:
    """Make ``index`` write one entry a location, however a dirty rebuild of ``./run serve`` stacked them.

    Material's search plugin carries the last build's index into a dirty rebuild and drops from it only
    the entries of the first page rebuilt; mkdocs-static-i18n stacks the three languages' entries on
    it. Each rebuild so held every earlier entry three times over: the index grew threefold an edit
    (132 MB after five rebuilds) and a rebuild took minutes instead of a second.
    """
    original = getattr(index, "generate_search_index", None)
    if original is None or getattr(original, "site_tools_whole", False):
        return

    def generate_search_index(prev: Any) -> Any:
        keep_latest_entries(index)
        # Within one build the plugin runs once a language, and its "previous" index is this one.
        if (
            prev is not None
            and prev is not index
            and isinstance(getattr(prev, "entries", None), list)
        ):
            rebuilt = {entry.get("location") for entry in index.entries if isinstance(entry, dict)}
            prev.entries[:] = [
                e
                for e in prev.entries
                if not isinstance(e, dict) or e.get("location") not in rebuilt
            ]
            keep_latest_entries(prev)
        return original(prev)

    generate_search_index.site_tools_whole = True  # type: ignore[attr-defined]
    index.generate_search_index = generate_search_index


def _bytecode_cache(folder: Path) -> Any:
    """A Jinja bytecode cache kept in memory (the three language builds) and on disk (the next build)."""
    import io

    from jinja2 import FileSystemBytecodeCache

    class Cache(FileSystemBytecodeCache):  # type: ignore[misc]
        def __init__(self, directory: str) -> None:
            super().__init__(directory)
            self.memory: dict[str, bytes] = {}

        def load_bytecode(self, bucket: Any) -> None:
            data = self.memory.get(bucket.key)
            if data is None:
                super().load_bytecode(bucket)
            else:
                bucket.load_bytecode(io.BytesIO(data))

        def dump_bytecode(self, bucket: Any) -> None:
            out = io.BytesIO()
            bucket.write_bytecode(out)
            self.memory[bucket.key] = out.getvalue()
            try:
                super().dump_bytecode(bucket)
            except OSError:  # a cache that cannot be written is only a slower build
                pass

    folder.mkdir(parents=True, exist_ok=True)
    return Cache(str(folder))


_TEMPLATE_CACHES: dict[Path, Any] = {}


def template_cache(env: Any, root: Path) -> Any | None:
    """A bytecode cache for ``env``'s templates, in a folder named after what compilation depends on."""
    try:
        autoescape = getattr(env.autoescape, "__qualname__", env.autoescape)
        settings = json.dumps(
            [
                _version("Jinja2"),
                _version("mkdocs"),
                _version("mkdocs-material"),
                sorted(str(e) for e in env.extensions),
                str(autoescape),
                env.block_start_string,
                env.block_end_string,
                env.variable_start_string,
                env.variable_end_string,
                env.comment_start_string,
                env.line_statement_prefix,
                env.trim_blocks,
                env.lstrip_blocks,
                env.newline_sequence,
                env.keep_trailing_newline,
                env.optimized,
                env.finalize is None,
            ]
        )
        folder = root / buildcache.FOLDER / "jinja" / buildcache.digest(settings)[:16]
        if folder not in _TEMPLATE_CACHES:
            _TEMPLATE_CACHES[folder] = _bytecode_cache(folder)
        return _TEMPLATE_CACHES[folder]
    except (OSError, AttributeError, ImportError) as error:
        log.debug(f"site_tools: no template cache ({error})")
        return None


# ---------------------------------------------------------------------------------------------
# A page's Markdown to HTML: the largest part of a warm build, and a pure function of the page's
# final Markdown, its place among the site's files and the Markdown settings.

_FILES_KEY: list[Any] = [None, ""]  # the Files object of the build in progress, and its hash


def _files_key(files: Any) -> str:
    """A hash of every file's source and address: what the page's relative links are rewritten to."""
    if _FILES_KEY[0] is not files:
        rows = sorted(f"{f.src_uri}\t{f.dest_uri}\t{f.url}\t{f.inclusion}" for f in files)
        _FILES_KEY[:] = [files, buildcache.digest(*rows)]
    return str(_FILES_KEY[1])


def render_key(page: Any, config: Any, files: Any) -> str:
    """The hash of everything ``Page.render`` reads."""
    settings = json.dumps(
        [
            _version("mkdocs"),
            _version("Markdown"),
            _version("pymdown-extensions"),
            _version("mkdocs-material"),
            list(config["markdown_extensions"]),
            config["mdx_configs"],
            config["use_directory_urls"],
            config["validation"],
        ],
        default=str,
        sort_keys=True,
    )
    return buildcache.digest(
        "render",
        settings,
        _files_key(files),
        page.file.src_uri,
        page.file.dest_uri,
        page.url or "",
        page.markdown or "",
    )


def _tokens(items: Any) -> list[dict[str, Any]]:
    return [
        {"level": i.level, "id": i.id, "name": i.title, "children": _tokens(i.children)}
        for i in items
    ]


class _Heard(logging.Handler):
    """Whether MkDocs said anything while a page was rendered (then the page is not kept)."""

    def __init__(self) -> None:
        super().__init__(logging.INFO)
        self.heard = False

    def emit(self, record: logging.LogRecord) -> None:
        self.heard = True


def _restore(page: Any, files: Any, cached: dict[str, Any]) -> bool:
    from mkdocs.structure.toc import get_toc

    links = None
    if cached["links"] is not None:
        links = {}
        for src_uri, anchors in cached["links"].items():
            target = files.get_file_from_path(src_uri)
            if target is None:
                return False
            links[target] = dict(anchors)
    page.content = cached["content"]
    page.toc = get_toc(cached["toc"])
    page._title_from_render = cached["title"]
    page.present_anchor_ids = set(cached["anchors"])
    if links is not None:
        page.links_to_anchors = links
    return True


def cache_render(page: Any, root: Path) -> None:
    """Make ``page.render`` (MkDocs' Markdown to HTML) reuse the result of an earlier build with the same inputs.

    What ``Page.render`` sets is kept: the HTML, the table of contents, the title found in it, the
    anchors it holds and the links to other pages' anchors (still checked by MkDocs after the
    pages are rendered). A render during which MkDocs logged anything (a broken link) is not kept,
    so the next build says it again.
    """
    render = getattr(page, "render", None)
    if render is None or getattr(render, "site_tools_cached", False):
        return

    def cached_render(config: Any, files: Any) -> None:
        key = render_key(page, config, files)
        cached = buildcache.load(root, "render", key)
        if isinstance(cached, dict) and _restore(page, files, cached):
            return
        heard = _Heard()
        mkdocs_log = logging.getLogger("mkdocs")
        mkdocs_log.addHandler(heard)
        try:
            render(config, files)
        finally:
            mkdocs_log.removeHandler(heard)
        if heard.heard:
            return
        links = getattr(page, "links_to_anchors", None)
        buildcache.store(
            root,
            "render",
            key,
            {
                "content": page.content,
                "toc": _tokens(page.toc),
                "title": page._title_from_render,
                "anchors": sorted(page.present_anchor_ids or ()),
                "links": None if links is None else {f.src_uri: dict(a) for f, a in links.items()},
            },
        )

    cached_render.site_tools_cached = True  # type: ignore[attr-defined]
    page.render = cached_render


# ---------------------------------------------------------------------------------------------
# The theme's files, listed once per `mkdocs build` instead of once per language.

_THEME_LISTING: dict[Any, list[str]] = {}


def new_build() -> None:
    """Forget the theme's listing: a new ``mkdocs build`` (or a ``mkdocs serve`` rebuild) lists it again."""
    _THEME_LISTING.clear()


def share_theme_files(config: Any) -> None:
    """Make the environments of ``config.theme`` list the theme's templates and files once per build."""
    theme = config.theme
    original = getattr(theme, "get_env", None)
    if original is None or getattr(original, "site_tools_shared", False):
        return

    def get_env() -> Any:
        env = original()
        plain = env.list_templates

        def list_templates(extensions: Any = None, filter_func: Any = None) -> list[str]:
            # The filter is a closure MkDocs makes anew each time: the same code over the theme's settings.
            key = (
                tuple(theme.dirs),
                tuple(extensions or ()),
                getattr(filter_func, "__code__", filter_func),
                tuple(theme.static_templates),
            )
            if key not in _THEME_LISTING:
                _THEME_LISTING[key] = list(plain(extensions, filter_func))
            return list(_THEME_LISTING[key])

        env.list_templates = list_templates
        return env

    get_env.site_tools_shared = True  # type: ignore[attr-defined]
    theme.get_env = get_env
