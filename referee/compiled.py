"""The referee's compiled message catalogs, made from the ``.po`` files when they are missing or stale.

Only the ``.po`` files are tracked (``locale/<lang>/LC_MESSAGES/referee.po``): a translator edits
one, and the next ``referee check --lang ru`` compiles it to ``referee.mo`` beside it before reading
it. The build of the score checker compiles them all (:func:`compile_all`) before it packs the
``.mo`` files; the browser's copy of the referee has no ``.po`` files and compiles nothing.

Compiling uses Babel (a dependency of the referee since the catalogs stopped being tracked).
"""

from __future__ import annotations

import os
import tempfile
from pathlib import Path


def stale(po: Path) -> bool:
    """True when ``po``'s compiled ``.mo`` is missing or older than it."""
    mo = po.with_suffix(".mo")
    return not mo.is_file() or mo.stat().st_mtime_ns < po.stat().st_mtime_ns


def compile_po(po: Path) -> Path:
    """Compile ``po`` to the ``.mo`` beside it (written whole, then moved into place); the ``.mo``.

    Fuzzy entries are left out, as ``msgfmt`` and ``pybabel compile`` do.
    """
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    with po.open("rb") as handle:
        catalog = read_po(handle, abort_invalid=True)
    mo = po.with_suffix(".mo")
    # Two processes may compile at once (parallel tests): each writes its own file and renames it.
    fd, tmp = tempfile.mkstemp(prefix=".referee-", suffix=".mo", dir=po.parent)
    try:
        with os.fdopen(fd, "wb") as out:
            write_mo(out, catalog, use_fuzzy=False)
        os.replace(tmp, mo)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
    return mo


def ensure(locale_dir: Path, lang: str, domain: str = "referee") -> None:
    """Compile ``lang``'s catalog if its ``.po`` is newer than its ``.mo`` (nothing when there is no ``.po``)."""
    po = locale_dir / lang / "LC_MESSAGES" / f"{domain}.po"
    if po.is_file() and stale(po):
        compile_po(po)


def compile_all(locale_dir: Path, domain: str = "referee") -> list[Path]:
    """Compile every stale catalog of ``locale_dir``; the ``.mo`` files written."""
    return [
        compile_po(po) for po in sorted(locale_dir.glob(f"*/LC_MESSAGES/{domain}.po")) if stale(po)
    ]
