"""Offline and installable: the service worker and the web app manifest, written into the built site.

``sw.js`` (from ``site_tools/published/sw.js``) goes to the site's root, so that its scope is the whole site,
with three things filled in: the build's version (:func:`build_version`, a hash of what the pages
are made from: a new build is a new page cache, so the worker never serves an old page once a new
one is online), each language's pages and files (:func:`language_files`, read from the built site:
what the worker fetches in the background after a first visit, so that the reader's whole language
opens offline), and the offline page's words (:func:`words`). ``manifest.webmanifest`` names the
site and its icons (``overrides/assets/images/icon*.{svg,png}``) so that a phone can add it to its
home screen. ``overrides/assets/javascripts/offline.js`` registers the worker (a file of its own:
the Content-Security-Policy allows no inline script) and tells it what each page loaded.
"""

from __future__ import annotations

import html.parser
import json
import posixpath
from pathlib import Path

from site_tools.buildcache import files_digest
from site_tools.languages import site_languages
from site_tools.pages.frame import FRAME_STRINGS, frame_text
from site_tools.published import checker_runtime

ROOT = Path(__file__).resolve().parents[2]
SW_TEMPLATE = Path(__file__).resolve().parent / "sw.js"
ICONS = "assets/images"
# What the pages are made from: a change in any of them is a new build version.
SOURCES = ("docs", "locale", "overrides", "examples", "site_tools", "referee", "mkdocs.yml")
# The offline page's words (the service worker writes the page): the frame's sentences "offline.*".
WORDS_KEYS = ("title", "body", "retry", "kept", "none")
WORDS: dict[str, dict[str, str]] = {
    lang: {key: frame_text(f"offline.{key}", lang) for key in WORDS_KEYS} for lang in FRAME_STRINGS
}
# Never fetched for offline reading: the compressed copies (the host picks them), the worker itself,
# the benchmark's pages, and the sitemaps.
SKIP_SUFFIXES = (".br", ".gz", ".map")
SKIP_NAMES = {"sw.js", "sitemap.xml", "404.html"}


def build_version() -> str:
    """A short hash of the sources of the pages and of the checker's content-named files."""
    files = []
    for name in SOURCES:
        path = ROOT / name
        if path.is_file():
            files.append(path)
        elif path.is_dir():
            files += [
                p
                for p in path.rglob("*")
                if p.is_file() and "__pycache__" not in p.parts and p.suffix not in (".pyc", ".mo")
            ]
    return files_digest([*files], ROOT)[:16] + checker_runtime.snapshot_name()[9:13]


def checker_files(site: Path) -> list[str]:
    """The files the checker's Web Worker loads (it fetches them itself), relative to the site's root.

    Every file of ``assets/checker/`` but compressed copies: Pyodide's, the snapshot and its
    standard library (or Pyodide's whole one, without a snapshot) and the referee's zip.
    """
    folder = site / checker_runtime.ASSETS
    own = [
        p.relative_to(site).as_posix()
        for p in folder.rglob("*")
        if p.is_file() and not p.name.endswith(SKIP_SUFFIXES)
    ]
    # The ES modules the page's script imports, and the worker's own module: no page links to them.
    # (The worker itself is kept under the address the page starts it with, query and all.)
    scripts = ["assets/javascripts/checker-start.js", *checker_runtime.front_end_files()]
    return sorted({*own, *(s for s in scripts if (site / s).is_file())})


class _Links(html.parser.HTMLParser):
    """The page's title and every ``src`` and ``href`` in it.

    >>> page = _Links()
    >>> page.feed('<title>Yacht - Card rules</title><img src="a.svg"><svg><title>A♠</title></svg>')
    >>> page.title, page.links
    ('Yacht - Card rules', ['a.svg'])
    """

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.links: list[str] = []
        self.title = ""
        self._in_title = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self._in_title = tag == "title" and not self.title  # the page's, not a picture's <title>
        for name, value in attrs:
            if name in ("src", "href") and value:
                self.links.append(value)

    def handle_data(self, data: str) -> None:
        if self._in_title:
            self.title += data

    def handle_endtag(self, tag: str) -> None:
        if tag == "title":
            self._in_title = False


def language_files(site: str | Path) -> dict[str, dict[str, object]]:
    """For each language: its address prefix, its pages (address, title) and the files they load.

    A language's pages are the ``index.html`` files under its folder (the default language's: those
    under no other language's folder); its files, what those pages link to or load on this site
    (styles, scripts, pictures, the search index), and, for the checker, what the checker's worker
    loads. Addresses are relative to the site's root, as the service worker resolves them.
    """
    site = Path(site)
    languages = site_languages()
    default, others = languages[0], languages[1:]
    out: dict[str, dict[str, object]] = {}
    for lang in languages:
        prefix = "" if lang == default else f"{lang}/"
        pages: list[tuple[str, str]] = []
        files: set[str] = set()
        for page in sorted((site / prefix).rglob("index.html")):
            rel = page.relative_to(site).as_posix()
            if lang == default and rel.split("/")[0] in others:
                continue
            address = rel[: -len("index.html")]
            parser = _Links()
            parser.feed(page.read_text(encoding="utf-8"))
            pages.append((address, " ".join(parser.title.split())))
            for link in parser.links:
                target = _site_path(site, address, link)
                if target is not None:
                    files.add(target)
        if any(address.endswith("check-a-score/") for address, _ in pages):
            files.update(checker_files(site))
        files.add("search/search_index.json")
        files.add("assets/stylesheets/offline.css")
        files.add("manifest.webmanifest")
        page_set = {address for address, _ in pages}
        out[lang] = {
            "prefix": prefix,
            "pages": pages,
            "files": sorted(f for f in files if f not in page_set and (site / f).is_file()),
        }
    return out


def _site_path(site: Path, address: str, link: str) -> str | None:
    """The file of the site a link on the page at ``address`` points to (no page, no other host)."""
    if "://" in link or link.startswith(("//", "#", "mailto:", "data:", "javascript:")):
        return None
    link = link.split("#")[0].split("?")[0]
    if not link or link.endswith("/"):
        return None  # a page: pages are listed per language
    path = posixpath.normpath(posixpath.join(address, link))
    if path.startswith("..") or path.startswith("/"):
        return None
    name = path.rsplit("/", 1)[-1]
    if name in SKIP_NAMES or name.endswith(SKIP_SUFFIXES) or name == "index.html":
        return None
    return path if (site / path).is_file() else None


def manifest() -> dict[str, object]:
    """The web app manifest: the site's name, where it starts, its colours and icons."""
    return {
        "name": "Card rules and referee",
        "short_name": "Card rules",
        "description": "Rules of traditional card games in English, Russian and German, with a referee "
        "that checks scores.",
        "start_url": "./",
        "scope": "./",
        "display": "standalone",
        "background_color": "#ffffff",
        "theme_color": "#00695c",
        "icons": [
            {"src": f"{ICONS}/icon.svg", "sizes": "any", "type": "image/svg+xml"},
            {"src": f"{ICONS}/icon-192.png", "sizes": "192x192", "type": "image/png"},
            {
                "src": f"{ICONS}/icon-512.png",
                "sizes": "512x512",
                "type": "image/png",
                "purpose": "any maskable",
            },
        ],
    }


def service_worker(site: str | Path) -> str:
    """``sw.js``: ``site_tools/published/sw.js`` with this build's version, languages and words filled in."""
    sw = SW_TEMPLATE.read_text(encoding="utf-8")
    compact = {"ensure_ascii": False, "separators": (",", ":")}
    return (
        sw.replace('"%BUILD%"', json.dumps(build_version()))
        .replace("%LANGUAGES%", json.dumps(language_files(site), **compact))
        .replace("%WORDS%", json.dumps(words(), **compact))
    )


def words() -> dict[str, dict[str, str]]:
    """The offline page's words for every language of the site (English where a language has none yet)."""
    return {
        lang: {key: frame_text(f"offline.{key}", lang) for key in WORDS_KEYS}
        for lang in site_languages()
    }


def write_manifest(site_dir: str | Path) -> None:
    """Write ``manifest.webmanifest`` into the site's root."""
    (Path(site_dir) / "manifest.webmanifest").write_text(
        json.dumps(manifest(), indent=1, ensure_ascii=False) + "\n", encoding="utf-8"
    )


def write_into_site(site_dir: str | Path) -> None:
    """Write ``sw.js`` and ``manifest.webmanifest`` into the site's root."""
    site = Path(site_dir)
    write_manifest(site)
    (site / "sw.js").write_text(service_worker(site), encoding="utf-8")
