"""What the site build can reuse: results keyed by a hash of everything they are made from.

A value (translated page, rendered block) is stored under the SHA-256 of its inputs: the bytes of
the files it is made from and a fingerprint of the code that makes it. A changed input is a new
key, so nothing is ever stale and nothing needs to be invalidated. Values live in memory for the
life of the process (``mkdocs serve`` rebuilds in one process) and as small JSON files in
``.cache/site/`` (gitignored) across builds; deleting that folder only costs one slower build.
Nothing is pruned: an old key's file stays until the folder is deleted (tens of MB at most).

What is kept, by kind (folder): ``translations`` (pages in ru/de), ``blocks`` (the referee's
generated blocks), ``records`` (the records readers download), ``codes`` (what each worked example
shows), ``content`` (a page's HTML after the suits are coloured and the terms linked), ``render``
(a page's Markdown to HTML), ``search`` (its search entries), ``jinja`` (compiled templates),
``safety`` and ``safety-pages`` (the catalogs' checks).

>>> key = digest("block", "facts", b"game: x")
>>> key == digest("block", "facts", b"game: x") != digest("block", "facts", b"game: y")
True
>>> import tempfile
>>> root = Path(tempfile.mkdtemp())
>>> load(root, "blocks", key) is None
True
>>> store(root, "blocks", key, {"text": "| a |"})
>>> _MEMORY.clear(); load(root, "blocks", key)
{'text': '| a |'}
"""

from __future__ import annotations

import hashlib
import json
import os
import tempfile
from collections.abc import Iterable
from pathlib import Path
from typing import Any

FOLDER = Path(".cache") / "site"
_MEMORY: dict[tuple[str, str], Any] = {}
# The hash of what the referee's output is made from (its code, messages and the examples), by project
# root: set once per build by site_tools/hooks/site.py, read by whatever caches the referee's output.
REFEREE_INPUTS: dict[Path, str] = {}


def digest(*parts: str | bytes) -> str:
    """A hex SHA-256 of ``parts``, each length-prefixed so that no two lists of parts collide."""
    h = hashlib.sha256()
    for part in parts:
        data = part.encode("utf-8") if isinstance(part, str) else part
        h.update(len(data).to_bytes(8, "little"))
        h.update(data)
    return h.hexdigest()


def files_digest(paths: Iterable[Path], root: Path) -> str:
    """One hash of several files' names (relative to ``root``) and contents, in sorted order."""
    parts: list[str | bytes] = []
    for path in sorted(paths):
        parts += [path.relative_to(root).as_posix(), path.read_bytes()]
    return digest(*parts)


def load(root: Path, kind: str, key: str) -> Any | None:
    """The value stored under ``key`` (in memory, else in ``root/.cache/site/<kind>/``), or None."""
    value = _MEMORY.get((kind, key))
    if value is not None:
        return value
    try:
        value = json.loads((root / FOLDER / kind / f"{key}.json").read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    _MEMORY[kind, key] = value
    return value


def store(root: Path, kind: str, key: str, value: Any) -> None:
    """Keep ``value`` (JSON data) under ``key``; a cache that cannot be written is only a slower build."""
    _MEMORY[kind, key] = value
    folder = root / FOLDER / kind
    try:
        folder.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(dir=folder, suffix=".tmp")
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            json.dump(value, handle, ensure_ascii=False)
        os.replace(
            tmp, folder / f"{key}.json"
        )  # atomic: a build running alongside never reads half a file
    except OSError:
        pass
