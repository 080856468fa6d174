"""Precompressed copies of the site's large files, for hosts that serve them as they are.

Beside every large compressible file under ``assets/`` and ``search/`` (Pyodide's WebAssembly and
JavaScript, the search index, the theme's bundles) the build writes
``<file>.gz`` (gzip, level 9) and ``<file>.br`` (brotli, by Node). A host that serves a request's
``Accept-Encoding`` from such files (nginx ``gzip_static on; brotli_static on;``, Caddy
``file_server { precompressed br gzip }``, Netlify and Cloudflare Pages compress on their own)
sends the checker's cold start in about 14.5 MB instead of 24.5 MB. Copies are kept in
``.cache/checker/compressed/`` under the hash of their source, so a warm build compresses only
what changed (the search index, when a page changed). The checker's memory snapshot gets none: it
is gzip already (``site_tools/published/make_snapshot.mjs``), so that every host sends it small.

>>> wanted(Path("assets/checker/pyodide/314.0.8/pyodide.asm.wasm"), 9_597_892)
True
>>> wanted(Path("assets/checker/referee-0d2050025f2f.zip"), 374_057), wanted(Path("index.html"), 200_000)
(False, False)
>>> wanted(Path("assets/checker/snapshot-3086c49d1f5ff8b1.bin"), 7_245_895)
False
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

from site_tools.published.checker import CACHE, _node

FOLDERS = ("assets", "search")
SUFFIXES = {".wasm", ".mjs", ".js", ".json", ".bin", ".css"}
LARGE = 100_000  # bytes; below it compression saves too little to be worth a file
STORE = CACHE / "compressed"
log = logging.getLogger("mkdocs.plugins.precompress")


def wanted(rel: Path, size: int) -> bool:
    """Whether the file at ``rel`` (relative to the site) gets precompressed copies."""
    return (
        rel.parts[0] in FOLDERS
        and rel.suffix in SUFFIXES
        and size >= LARGE
        and not rel.name.startswith("snapshot-")
    )  # gzip already


def _gzip(data: bytes) -> bytes:
    level = (
        6 if len(data) > 4_000_000 else 9
    )  # 9 on the 31 MB snapshot costs seconds for a few per cent
    return gzip.compress(
        data, compresslevel=level, mtime=0
    )  # mtime 0: the same bytes on every build


def write_into_site(site_dir: str | Path) -> list[Path]:
    """Write ``.gz`` and ``.br`` beside each large file; return the files compressed."""
    site = Path(site_dir)
    started = time.monotonic()
    STORE.mkdir(parents=True, exist_ok=True)
    done, brotli_todo, keys = [], [], set()
    for path in sorted(p for folder in FOLDERS for p in (site / folder).rglob("*") if p.is_file()):
        rel = path.relative_to(site)
        if not wanted(rel, path.stat().st_size):
            continue
        data = path.read_bytes()
        key = hashlib.sha256(data).hexdigest()[:32]
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
