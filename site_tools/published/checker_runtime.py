"""What the score checker and the practice table run on, copied into the built site: Pyodide, the
referee's zip, the memory snapshot.

The checker runs the project's own ``referee`` package in the reader's browser, in Pyodide (a
Python compiled to WebAssembly). Everything it loads comes from the site itself:

- Pyodide from the npm package pinned in ``package.json``/``package-lock.json`` (``npm ci``
  puts it in ``node_modules/``; :func:`ensure_node_modules` runs it when the lock file changed),
  only the five files a start needs, under ``assets/checker/pyodide/<version>/``;
- a zip (:func:`bundle`) with Unicode's confusables (the data of ``confusable_homoglyphs``), PyYAML's
  pure-Python ``yaml`` package (no C extension: its loader
  falls back to the Python parser; the referee's own quick reader reads plain records, but PyYAML
  still reads the rest and writes the text box from the form), the ``referee`` modules the checker
  imports and the compiled ``.mo`` catalogs, named by its content hash so that a browser never
  keeps a stale copy;
- a Pyodide memory snapshot (:func:`snapshot_name`), made by Node with the same Pyodide after the
  referee is imported (``site_tools/published/make_snapshot.mjs``), with the part of Pyodide's standard
  library the referee uses (:func:`stdlib_name`, 0.6 MB on the wire instead of 2.5 MB), both named
  by the hash of what they are made from and kept in ``.cache/checker/`` so that only a changed
  referee or Pyodide makes them again. The page's worker restores it (a fraction of a second
  instead of seconds) and falls back to the plain start when it is missing or fails;
- for a writer's preview (``./run serve`` sets ``SITE_PREVIEW=1``, :func:`preview`) no snapshot:
  the page starts Pyodide plainly on its whole standard library, and the build waits for no Node;
- the lock file's contents (:func:`lock_contents`: its ``info`` and no packages) in the page, so
  that the worker does not fetch ``pyodide-lock.json``.

>>> name = bundle().name
>>> name.startswith("referee-") and name.endswith(".zip")
True
>>> sorted({n.split("/")[0] for n in bundle().names})
['confusable_homoglyphs', 'locale', 'referee', 'yaml']
"""

from __future__ import annotations

import hashlib
import io
import json
import logging
import os
import re
import shutil
import subprocess
import time
import zipfile
from dataclasses import dataclass
from functools import cache
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
NODE_MODULES = ROOT / "node_modules"
PYODIDE = NODE_MODULES / "pyodide"
LOCK = ROOT / "package-lock.json"
STAMP = NODE_MODULES / ".installed"
# What loadPyodide fetches at start (the rest of the npm package, types, maps and consoles, stays out).
# (pyodide-lock.json is not among them: the page passes the lock file's contents, see lock_contents.)
# The whole standard library, python_stdlib.zip, only when there is no snapshot (which goes with a
# smaller library of its own): a writer's preview, or a build without Node.
PYODIDE_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm")
PYODIDE_STDLIB = "python_stdlib.zip"
ASSETS = "assets/checker"
# The rendering library of the checker and the practice table (overrides/assets/javascripts/app/):
# Preact and htm's ES-module builds from the npm packages pinned in package-lock.json, served from
# the site under LIBRARY. A module there is imported by relative path (app/lib.js), so the one bare
# import among them (preact/hooks imports "preact") is written as a relative path in the copy: no
# import map, which would be an inline script the CSP would have to allow.
LIBRARY = "assets/checker/lib"
LIBRARY_FILES = {
    "preact.mjs": ("preact", "dist/preact.mjs"),
    "hooks.mjs": ("preact", "hooks/dist/hooks.mjs"),
    "htm.mjs": ("htm", "dist/htm.mjs"),
}
# The front-end's own modules (overrides/assets/javascripts/app/), which the theme copies as they are.
APP = ROOT / "overrides" / "assets" / "javascripts" / "app"
CACHE = ROOT / ".cache" / "checker"  # gitignored; deleting it only costs one slower build
SNAPSHOT_SCRIPT = Path(__file__).resolve().parent / "make_snapshot.mjs"
SNAPSHOT_FORMAT = ROOT / "overrides" / "assets" / "javascripts" / "checker-start.js"
PREVIEW = (
    "SITE_PREVIEW"  # set by ./run serve: a writer's live preview, without the production steps
)
# What the checker never imports (paths under referee/): the command line, the pages' blocks,
# localized examples and blank records. The practice table (play-a-hand) needs referee/simulate/
# (its tables and computer players) and Construction's picture of the track (present/draw.py).
NOT_IN_BUNDLE = (
    "cli/",
    "present/pictures/kings_corners.py",
    "present/blocks.py",
    "present/block_parts.py",
    "present/example_blocks.py",
    "present/record_blocks.py",
    "present/example_text.py",
    "present/template.py",
    "present/examples/",
)
log = logging.getLogger("mkdocs.plugins.checker")


def preview() -> bool:
    """Whether this build is a writer's live preview (``./run serve``): no snapshot, no compressed copies."""
    return os.environ.get(PREVIEW, "") not in ("", "0")


class CheckerSetupError(RuntimeError):
    """Pyodide is not installed and cannot be (no npm)."""


def lock_stamp() -> str:
    """The hash of ``package-lock.json`` that ``node_modules/.installed`` records after ``npm ci``.

    ``./run`` computes the same value (``sha256sum package-lock.json | cut -c1-16``).
    """
    return hashlib.sha256(LOCK.read_bytes()).hexdigest()[:16]


def ensure_node_modules() -> None:
    """Run ``npm ci`` unless ``node_modules`` already holds what the lock file pins."""
    want = lock_stamp()
    if (
        STAMP.is_file()
        and STAMP.read_text(encoding="utf-8").strip() == want
        and (PYODIDE / PYODIDE_FILES[0]).is_file()
    ):
        return
    npm = shutil.which("npm") or next(
        (p for p in ("/usr/bin/npm", "/usr/local/bin/npm") if os.path.exists(p)), None
    )
    if npm is None:
        raise CheckerSetupError(
            "the checker page needs Pyodide from npm: install node and npm, then run `npm ci` "
            "(./run serve and ./run test do it)"
        )
    done = subprocess.run(
        [npm, "ci", "--ignore-scripts", "--no-audit", "--no-fund"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
    )
    if done.returncode != 0:
        raise CheckerSetupError(f"npm ci failed:\n{done.stdout}{done.stderr}")
    STAMP.write_text(want + "\n", encoding="utf-8")


def pyodide_version() -> str:
    """The installed (pinned) Pyodide version, e.g. ``314.0.8``."""
    return str(json.loads((PYODIDE / "package.json").read_text(encoding="utf-8"))["version"])


def pyodide_dir() -> str:
    """Where the site serves Pyodide, relative to the site root; the version keeps caches honest."""
    return f"{ASSETS}/pyodide/{pyodide_version()}/"


@dataclass(frozen=True)
class Bundle:
    """The zip the worker unpacks into Pyodide's file system, and its content-hashed name."""

    name: str
    data: bytes
    names: tuple[str, ...]


def _yaml_dir() -> Path:
    import yaml

    return Path(yaml.__file__).resolve().parent


def _package_dir(name: str) -> Path:
    import importlib.util

    spec = importlib.util.find_spec(name)
    assert spec is not None and spec.submodule_search_locations, name
    return Path(next(iter(spec.submodule_search_locations))).resolve()


def _bundle_files() -> list[tuple[str, Path]]:
    """(name in the zip, file) for every file the referee needs in the browser, in a stable order."""
    files: list[tuple[str, Path]] = []
    for path in sorted(_yaml_dir().glob("*.py")):  # the pure-Python parser; _yaml*.so stays out
        files.append((f"yaml/{path.name}", path))
    # Unicode's confusables, for names that print alike (referee.records.lookalike reads the data
    # file only; the package's own modules are not imported).
    confusables = _package_dir("confusable_homoglyphs")
    for name in ("__init__.py", "_version.py", "confusables.json"):
        files.append((f"confusable_homoglyphs/{name}", confusables / name))
    for path in sorted(confusables.parent.glob("confusable_homoglyphs-*.dist-info/LICENSE")):
        files.append(("confusable_homoglyphs/LICENSE", path))
    package = ROOT / "referee"
    for path in sorted(package.rglob("*.py")):
        rel = path.relative_to(package)
        if "__pycache__" in rel.parts or rel.as_posix().startswith(NOT_IN_BUNDLE):
            continue
        files.append((f"referee/{rel.as_posix()}", path))
    from referee.compiled import compile_all

    compile_all(ROOT / "locale")  # the .mo files are built, not tracked
    for path in sorted((ROOT / "locale").glob("*/LC_MESSAGES/*.mo")):
        files.append((path.relative_to(ROOT).as_posix(), path))
    return files


def _bundle_stamp() -> tuple[tuple[str, int, int], ...]:
    return tuple((name, p.stat().st_mtime_ns, p.stat().st_size) for name, p in _bundle_files())


@cache
def _bundle(stamp: tuple[tuple[str, int, int], ...]) -> Bundle:
    buffer = io.BytesIO()
    names = []
    with zipfile.ZipFile(buffer, "w", compression=zipfile.ZIP_DEFLATED, compresslevel=9) as zf:
        for name, path in _bundle_files():
            info = zipfile.ZipInfo(
                name, date_time=(2020, 1, 1, 0, 0, 0)
            )  # the same bytes on every build
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            zf.writestr(info, path.read_bytes())
            names.append(name)
    data = buffer.getvalue()
    return Bundle(f"referee-{hashlib.sha256(data).hexdigest()[:12]}.zip", data, tuple(names))


def bundle() -> Bundle:
    """The referee's zip for the browser (made again only when one of its files changed)."""
    return _bundle(_bundle_stamp())


def lock_contents() -> str:
    """The lock file the page hands to ``loadPyodide``: Pyodide's ``info`` (its ABI is checked), no packages.

    The checker loads no package from Pyodide's index (PyYAML travels in the referee's zip), so
    the 119 kB ``pyodide-lock.json`` is neither copied nor fetched.

    >>> json.loads(lock_contents())["packages"]
    {}
    """
    info = json.loads((PYODIDE / "pyodide-lock.json").read_text(encoding="utf-8"))["info"]
    return json.dumps({"info": info, "packages": {}}, sort_keys=True, separators=(",", ":"))


def snapshot_name() -> str:
    """The snapshot's file name: a hash of Pyodide's version, the referee's zip, the lock and the maker.

    A change to any of them is a new name, so a page never restores a snapshot of other code.
    """
    h = hashlib.sha256()
    for part in (
        pyodide_version().encode(),
        bundle().data,
        lock_contents().encode(),
        SNAPSHOT_SCRIPT.read_bytes(),
        SNAPSHOT_FORMAT.read_bytes(),
        snapshot_records().encode(),
    ):
        h.update(len(part).to_bytes(8, "little") + part)
    return f"snapshot-{h.hexdigest()[:16]}.bin"


def stdlib_name() -> str:
    """The standard library made with the snapshot (its name has the snapshot's hash: they go together).

    ``checker-start.js`` derives it from the snapshot's name in the same way.

    >>> stdlib_name()[len("stdlib-"):-len(".zip")] == snapshot_name()[len("snapshot-"):-len(".bin")]
    True
    """
    return "stdlib-" + snapshot_name()[len("snapshot-") : -len(".bin")] + ".zip"


def snapshot_records() -> str:
    """The records the snapshot's maker checks to learn which standard-library modules a check loads.

    Every example of the project, in every language (JSON: a list of [text, "all"]).
    """
    texts = [p.read_text(encoding="utf-8") for p in sorted((ROOT / "examples").glob("*/*.yaml"))]
    return json.dumps([[text, "all"] for text in texts], ensure_ascii=False)


@dataclass
class SnapshotJob:
    """A snapshot being made by Node in the background while the pages are built."""

    name: str
    process: subprocess.Popen[str] | None
    started: float


_JOBS: dict[str, SnapshotJob] = {}


def _node() -> str | None:
    return shutil.which("node") or next(
        (p for p in ("/usr/bin/node", "/usr/local/bin/node") if os.path.exists(p)), None
    )


def start_snapshot() -> SnapshotJob:
    """Start making the snapshot unless ``.cache/checker/`` has it (the test suite's builds reuse it)."""
    name = snapshot_name()
    job = _JOBS.get(name)
    if job is not None and (
        job.process is None or job.process.poll() is None or (CACHE / name).is_file()
    ):
        return job
    if (CACHE / name).is_file():
        job = SnapshotJob(name, None, time.monotonic())
    else:
        CACHE.mkdir(parents=True, exist_ok=True)
        work = CACHE / f"{name}.{os.getpid()}.work"  # two builds at once never share one
        work.mkdir(exist_ok=True)
        (work / "referee.zip").write_bytes(bundle().data)
        (work / "lock.json").write_text(lock_contents(), encoding="utf-8")
        (work / "records.json").write_text(snapshot_records(), encoding="utf-8")
        node = _node()
        process = None
        if node is not None:
            process = subprocess.Popen(
                [
                    node,
                    str(SNAPSHOT_SCRIPT),
                    f"{PYODIDE}/",
                    str(work / "referee.zip"),
                    str(work / "lock.json"),
                    str(work / "records.json"),
                    str(work / "snapshot.bin"),
                    str(work / "stdlib.zip"),
                ],
                stdout=subprocess.PIPE,
                stderr=subprocess.PIPE,
                text=True,
            )
        job = SnapshotJob(name, process, time.monotonic())
    _JOBS[name] = job
    return job


def finish_snapshot(timeout: float = 600) -> Path | None:
    """The cached snapshot, once made (waits for Node); None, with a warning, if it could not be made."""
    job = start_snapshot()
    cached = CACHE / job.name
    if cached.is_file():
        return cached
    work = CACHE / f"{job.name}.{os.getpid()}.work"
    if job.process is None:
        log.warning(
            "the checker's snapshot needs Node (node is not on PATH); the page will start Pyodide plainly"
        )
        return None
    try:
        out, err = job.process.communicate(timeout=timeout)
    except subprocess.TimeoutExpired:
        job.process.kill()
        out, err = job.process.communicate()
    made, library = work / "snapshot.bin", work / "stdlib.zip"
    if job.process.returncode != 0 or not made.is_file() or not library.is_file():
        log.warning(
            "the checker's snapshot could not be made (the page will start Pyodide plainly):\n%s",
            (err or out)[-2000:],
        )
        return None
    stdlib = CACHE / stdlib_name()
    os.replace(library, stdlib)  # first: a snapshot in the cache always has its library beside it
    os.replace(made, cached)
    shutil.rmtree(work, ignore_errors=True)
    for old in [
        *CACHE.glob("snapshot-*.bin"),
        *CACHE.glob("stdlib-*.zip"),
    ]:  # the current pair only
        if old.name not in (job.name, stdlib.name):
            old.unlink(missing_ok=True)
    log.info(
        "the checker's snapshot: %s, %.1f MB (and its standard library, %.1f MB), made in %.1f s",
        job.name,
        cached.stat().st_size / 1e6,
        stdlib.stat().st_size / 1e6,
        time.monotonic() - job.started,
    )
    return cached


def _same_file(out: Path, source: Path) -> bool:
    if not out.is_file():
        return False
    mine, theirs = out.stat(), source.stat()
    return mine.st_size == theirs.st_size and mine.st_mtime >= theirs.st_mtime


def library_version(package: str) -> str:
    """The installed (pinned) version of an npm package of the front-end: ``preact`` → ``11.2.0``."""
    meta = NODE_MODULES / package / "package.json"
    return str(json.loads(meta.read_text(encoding="utf-8"))["version"])


def library_text(name: str) -> str:
    """A library module as the site serves it: the package's ES-module build, bare imports made relative.

    >>> 'from"./preact.mjs"' in library_text("hooks.mjs"), 'from"preact"' in library_text("hooks.mjs")
    (True, False)
    """
    package, path = LIBRARY_FILES[name]
    text = (NODE_MODULES / package / path).read_text(encoding="utf-8")
    text = re.sub(r"""from\s*(["'])preact\1""", 'from"./preact.mjs"', text)
    # The source map is not served: its comment would only make the browser ask for a missing file.
    text = re.sub(r"\n?//# sourceMappingURL=\S+\s*$", "\n", text)
    head = f"/* {package} {library_version(package)} (npm), served by this site: {path} */\n"
    return head + text


def front_end_files() -> list[str]:
    """The front-end's modules and its library, relative to the site's root (for the service worker)."""
    names = [f"{LIBRARY}/{name}" for name in LIBRARY_FILES]
    names += [f"assets/javascripts/app/{p.name}" for p in sorted(APP.glob("*.js"))]
    return names


def copy_into_site(site_dir: str | Path) -> list[Path]:
    """Write Pyodide's start files, the referee's zip and the snapshot into the built site; return them."""
    ensure_node_modules()
    site = Path(site_dir)
    written = []
    library = site / LIBRARY
    library.mkdir(parents=True, exist_ok=True)
    for name in LIBRARY_FILES:
        out = library / name
        text = library_text(name)
        if not out.is_file() or out.read_text(encoding="utf-8") != text:
            out.write_text(text, encoding="utf-8")
        written.append(out)
    target = site / pyodide_dir()
    target.mkdir(parents=True, exist_ok=True)
    for name in PYODIDE_FILES:
        out = target / name
        source = PYODIDE / name
        if not out.is_file() or out.stat().st_size != source.stat().st_size:
            shutil.copyfile(source, out)
        written.append(out)
    zipped = bundle()
    out = site / ASSETS / zipped.name
    if not out.is_file() or out.read_bytes() != zipped.data:
        out.write_bytes(zipped.data)
    written.append(out)
    snapshot = None if preview() else finish_snapshot()
    extra = (
        [snapshot, CACHE / stdlib_name()] if snapshot is not None else [PYODIDE / PYODIDE_STDLIB]
    )
    for source in extra:
        out = (target if source.parent == PYODIDE else site / ASSETS) / source.name
        if not _same_file(out, source):
            shutil.copyfile(source, out)
        written.append(out)
    for old in [
        *(site / ASSETS).glob("referee-*.zip"),
        *(site / ASSETS).glob("snapshot-*.bin"),
        *(site / ASSETS).glob("stdlib-*.zip"),
        target / PYODIDE_STDLIB,
    ]:
        if old not in written:
            old.unlink(missing_ok=True)
    return written
