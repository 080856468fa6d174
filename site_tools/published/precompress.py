"""Precompressed copies of the site's files, for hosts that serve them as they are.

Beside every compressible file of the site (its pages, scripts, styles, the search index, Pyodide's
WebAssembly and JavaScript, the checker's snapshot and its standard library) the build writes
``<file>.gz`` (gzip, level 9) and ``<file>.br`` (brotli, by Node's zlib: ``compress.mjs``). A host
that serves a request's ``Accept-Encoding`` from such files (nginx ``gzip_static on;
brotli_static on;``, Caddy ``file_server { precompressed br gzip }``; Netlify and Cloudflare Pages
compress on their own) sends a cold visit to the checker in under 8 MB (``./run bench --browser``
counts it). Copies are kept in ``.cache/checker/compressed/`` under the hash of their source, so a
warm build compresses only what changed. Zips of deflated files (the referee's, Pyodide's whole
standard library) and pictures get none: they do not compress further. A writer's preview
(``./run serve``) makes none.

>>> wanted(Path("assets/checker/pyodide/314.0.8/pyodide.asm.wasm"), 9_597_892)
True
>>> wanted(Path("assets/checker/referee-0d2050025f2f.zip"), 374_057), wanted(Path("yacht/index.html"), 200_000)
(False, True)
>>> wanted(Path("assets/checker/snapshot-3086c49d1f5ff8b1.bin"), 12_245_895)
True
>>> wanted(Path("assets/checker/stdlib-3086c49d1f5ff8b1.zip"), 2_743_528), wanted(Path("sw.js"), 500)
(True, False)
"""

from __future__ import annotations

import gzip
import hashlib
import logging
import os
import shutil
import subprocess
import time
from pathlib import Path

from site_tools.published.checker_runtime import CACHE, _node

TEXT = {".html", ".js", ".mjs", ".json", ".css", ".svg", ".xml", ".txt", ".webmanifest"}
SMALL = 1_000  # bytes; below it compression saves too little to be worth a file
STORE = CACHE / "compressed"
# What the copies depend on besides their source: new settings are new copies.
SETTINGS = b"gzip 6/9; " + (Path(__file__).resolve().parent / "compress.mjs").read_bytes()
log = logging.getLogger("mkdocs.plugins.precompress")


def wanted(rel: Path, size: int) -> bool:
    """Whether the file at ``rel`` (relative to the site) gets precompressed copies."""
    if size < SMALL:
        return False
    name = rel.name
    return (
        rel.suffix in TEXT
        or rel.suffix == ".wasm"
        or (name.startswith("snapshot-") and rel.suffix == ".bin")
        or (name.startswith("stdlib-") and rel.suffix == ".zip")  # stored, not deflated
    )


def _gzip(data: bytes) -> bytes:
    level = (
        6 if len(data) > 4_000_000 else 9
    )  # 9 on the 12 MB snapshot costs seconds for a few per cent
    return gzip.compress(
        data, compresslevel=level, mtime=0
    )  # mtime 0: the same bytes on every build


def write_into_site(site_dir: str | Path, only: list[Path] | None = None) -> list[Path]:
    """Write ``.gz`` and ``.br`` beside each file worth it (or each of ``only``); return them."""
    site = Path(site_dir)
    started = time.monotonic()
    STORE.mkdir(parents=True, exist_ok=True)
    done, brotli_todo, keys = [], [], set()
    paths = only if only is not None else site.rglob("*")
    for path in sorted(p for p in paths if p.is_file() and p.suffix not in (".gz", ".br")):
        rel = path.relative_to(site)
        if not wanted(rel, path.stat().st_size):
            continue
        data = path.read_bytes()
        key = hashlib.sha256(SETTINGS + data).hexdigest()[:32]
        keys.add(key)
        gz, br = STORE / f"{key}.gz", STORE / f"{key}.br"
        if not gz.is_file():
            tmp = gz.with_suffix(".tmp")
            tmp.write_bytes(_gzip(data))
            os.replace(tmp, gz)
        shutil.copyfile(gz, path.with_name(path.name + ".gz"))
        if br.is_file():
            shutil.copyfile(br, path.with_name(path.name + ".br"))
        else:
            brotli_todo.append((path, br))
        done.append(path)
    node = _node()
    if brotli_todo and node is not None:
        args = [str(a) for path, br in brotli_todo for a in (path, br.with_suffix(".brtmp"))]
        result = subprocess.run(
            [node, str(Path(__file__).resolve().parent / "compress.mjs"), *args],
            capture_output=True,
            text=True,
            check=False,
        )
        for path, br in brotli_todo:
            tmp = br.with_suffix(".brtmp")
            if result.returncode == 0 and tmp.is_file():
                os.replace(tmp, br)
                shutil.copyfile(br, path.with_name(path.name + ".br"))
        if result.returncode != 0:
            log.info("no brotli copies this time (gzip ones are there): %s", result.stderr[-500:])
    if only is None:
        _prune(keys)
    log.info("precompressed %d files in %.1f s", len(done), time.monotonic() - started)
    return done


def _prune(used: set[str], days: float = 2) -> None:
    """Forget copies no build has used for ``days`` (old search indexes and snapshots)."""
    now = time.time()
    for path in STORE.glob("*"):
        if path.stem in used:
            os.utime(path)
        elif now - path.stat().st_mtime > days * 86400:
            path.unlink(missing_ok=True)
