"""What ``./run build`` says when the site is ready: where it is, how big, and what to do with it.

    python -m site_tools.published.publish summary site/

>>> human(1536), human(3 * 1024 * 1024)
('1.5 KB', '3.0 MB')
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path


def human(size: int) -> str:
    """A size as a reader writes it."""
    for unit in ("B", "KB", "MB", "GB"):
        if size < 1024 or unit == "GB":
            return f"{size:.1f} {unit}" if unit != "B" else f"{size} B"
        size /= 1024  # type: ignore[assignment]
    raise AssertionError


def summary(out: Path) -> str:
    """One paragraph about the built site in ``out``."""
    files = [p for p in out.rglob("*") if p.is_file()]
    pages = [p for p in files if p.name == "index.html"]
    size = sum(p.stat().st_size for p in files)
    languages = sorted(
        {
            p.relative_to(out).parts[0]
            for p in pages
            if len(p.relative_to(out).parts) > 1
            and (out / p.relative_to(out).parts[0] / "index.html").is_file()
            and len(p.relative_to(out).parts[0]) <= 3
        }
    )
    where = (
        os.environ.get("SITE_URL") or "http://localhost:8000/ (set SITE_URL to publish elsewhere)"
    )
    return (
        f"run: the site is in {out}/: {len(pages)} pages (English at the root; {', '.join(languages)} in "
        f"their folders), {len(files)} files, {human(size)}.\n"
        f"run: it is built for {where}. Copy the folder to any static host at that address "
        "(README: Publish the site)."
    )


def main(argv: list[str] | None = None) -> int:
    """The command line; see the module docstring."""
    parser = argparse.ArgumentParser(prog="python -m site_tools.published.publish")
    sub = parser.add_subparsers(dest="command", required=True)
    sub.add_parser("summary").add_argument("out", type=Path)
    args = parser.parse_args(argv)
    print(summary(args.out), file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
