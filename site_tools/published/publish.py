"""What ``./run build`` says when the site is ready: where it is, how big, and what to do with it.

    python -m site_tools.published.publish summary site/

>>> human(1536), human(3 * 1024 * 1024)
('1.5 KB', '3.0 MB')
"""

from __future__ import annotations

import argparse
import os
import re
import sys
from pathlib import Path
from urllib.parse import urlparse

LOCAL_HOSTS = frozenset({"localhost", "127.0.0.1", "::1", "0.0.0.0"})
_LICENCE_LINK = re.compile(r'<a href="\{licence_url\}">(?P<words>.*?)</a>')


def is_local(site_url: str | None) -> bool:
    """True for a build that is only served on this machine (``./run serve``, no SITE_URL).

    >>> is_local("http://localhost:8000/"), is_local("https://example.test/cardrules/"), is_local(None)
    (True, False, True)
    """
    return not site_url or urlparse(site_url).hostname in LOCAL_HOSTS


def without_repository(site_url: str | None, environ: dict[str, str] | None = None) -> bool:
    """True when a published build has no repository to link to: SITE_URL is set, REPO_URL is not.

    mkdocs.yml's repo_url falls back to a placeholder so that ``./run serve`` shows the frame as
    published; a build for a real address must not send readers to that placeholder host.

    >>> without_repository("https://example.test/cardrules/", {})
    True
    >>> without_repository("https://example.test/cardrules/", {"REPO_URL": "https://github.com/o/r"})
    False
    >>> without_repository("http://localhost:8000/", {})
    False
    """
    environ = os.environ if environ is None else environ  # type: ignore[assignment]
    return not is_local(site_url) and not (environ.get("REPO_URL") or "").strip()


def plain_licence(copyright_text: str) -> str:
    """The footer's licence words without the link into the repository.

    >>> plain_licence('Text under the <a href="{licence_url}">MIT licence</a>.')
    'Text under the MIT licence.'
    """
    return _LICENCE_LINK.sub(lambda m: m["words"], copyright_text)


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
    site_url = os.environ.get("SITE_URL")
    where = site_url or "http://localhost:8000/ (set SITE_URL to publish elsewhere)"
    repository = (
        "\nrun: REPO_URL is not set, so the pages carry no repository, edit or licence links "
        "(set REPO_URL, and EDIT_URI for a host other than GitLab, to have them)."
        if without_repository(site_url)
        else ""
    )
    return (
        f"run: the site is in {out}/: {len(pages)} pages (English at the root; {', '.join(languages)} in "
        f"their folders), {len(files)} files, {human(size)}.\n"
        f"run: it is built for {where}. Copy the folder to any static host at that address "
        "(README: Publish the site)." + repository
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
