"""Offline and installable: the service worker and the web app manifest, written into the built site.

``sw.js`` (from ``site_tools/sw.js``) goes to the site's root, so that its scope is the whole site,
with two things filled in: the build's version (:func:`build_version`, a hash of what the pages are
made from: a new build is a new page cache, so the worker never serves an old page once a new one
is online) and the checker's files (:func:`checker_files`). ``manifest.webmanifest`` names the site
and its icons (``overrides/assets/images/icon*.{svg,png}``) so that a phone can add it to its home
screen. ``overrides/assets/javascripts/offline.js`` registers the worker (a file of its own: the
Content-Security-Policy allows no inline script) and tells it what each page loaded.
"""

from __future__ import annotations

import json
from pathlib import Path

from site_tools import checker
from site_tools.buildcache import files_digest

ROOT = Path(__file__).resolve().parent.parent
SW_TEMPLATE = ROOT / "site_tools" / "sw.js"
ICONS = "assets/images"
# What the pages are made from: a change in any of them is a new build version.
SOURCES = ("docs", "locale", "overrides", "examples", "site_tools", "referee", "mkdocs.yml")


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
    return files_digest([*files], ROOT)[:16] + checker.snapshot_name()[9:13]


def checker_files() -> list[str]:
    """The files the checker's Web Worker and page load, relative to the site's root."""
    names = [checker.pyodide_dir() + name for name in checker.PYODIDE_FILES]
    names += [
        f"{checker.ASSETS}/{checker.bundle().name}",
        f"{checker.ASSETS}/{checker.snapshot_name()}",
        "assets/javascripts/checker-worker.js",
        "assets/javascripts/checker.js",
        "assets/javascripts/table.js",  # the practice table (play-a-hand), on the same worker
        *checker.front_end_files(),
        "assets/stylesheets/checker.css",
        "assets/stylesheets/table.css",
    ]
    return names


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


def service_worker() -> str:
    """``sw.js``: ``site_tools/sw.js`` with this build's version and the checker's files filled in."""
    sw = SW_TEMPLATE.read_text(encoding="utf-8")
    return sw.replace('"%BUILD%"', json.dumps(build_version())).replace(
        "%CHECKER%", json.dumps(checker_files())
    )


def write_into_site(site_dir: str | Path) -> None:
    """Write ``sw.js`` and ``manifest.webmanifest`` into the site's root."""
    site = Path(site_dir)
    (site / "sw.js").write_text(service_worker(), encoding="utf-8")
    (site / "manifest.webmanifest").write_text(
        json.dumps(manifest(), indent=1, ensure_ascii=False) + "\n", encoding="utf-8"
    )
