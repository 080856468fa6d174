"""What every browser test shares: Debian's Chromium (driven by Playwright) on the built site, served on localhost.

Nothing here downloads a browser: the test drives ``/usr/bin/chromium`` (``apt-get install
chromium``). The tests are left out only when it is absent outside CI; with ``CI`` set they must run.
Screenshots go to ``build/screenshots/`` for a person to look at. Contexts refuse every request to
another host (:class:`Guard`, ``guarded``); the score checker's page, which several files open, is
ready at :data:`READY` (what drives it is in ``tests/browser/checker_page.py``).
"""

from __future__ import annotations

import functools
import os
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any
from urllib.parse import urlparse

import pytest

from tests.conftest import ROOT, SUB_PATH

CHROMIUM = Path("/usr/bin/chromium")
LOCAL_HOSTS = ("127.0.0.1", "localhost")
ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    # Belt and braces: even a request that slipped past the route below could not reach the network.
    "--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE localhost , EXCLUDE 127.0.0.1",
]
SHOTS = ROOT / "build" / "screenshots"

if not CHROMIUM.exists() and not os.environ.get("CI"):
    # Outside CI, a machine without Debian's Chromium leaves the browser tests out (`./run test` installs
    # it; with CI set they must run, and fail without it).
    collect_ignore_glob = ["test_*.py"]


# Remembers what the search header said at load, so that a test can wait for the index to be ready.
SEARCH_META_AT_LOAD = """document.addEventListener("DOMContentLoaded", () => {
  const meta = document.querySelector(".md-search-result__meta");
  window.__searchMetaAtLoad = meta ? meta.textContent : null;
});"""


class Quiet(SimpleHTTPRequestHandler):
    """The built site, served without a log line per request."""

    def log_message(self, format: str, *args: Any) -> None:
        pass


@pytest.fixture(scope="session")
def served_root(site: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A host's document root that has the site under SUB_PATH only, as a project page is published."""
    root = tmp_path_factory.mktemp("host")
    (root / SUB_PATH.strip("/")).symlink_to(site, target_is_directory=True)
    return root


@contextmanager
def serving(
    directory: Path, handler: type[SimpleHTTPRequestHandler] | None = None
) -> Iterator[str]:
    """A static server on 127.0.0.1 for ``directory`` while the block runs; its address (no trailing slash)."""
    server = ThreadingHTTPServer(
        ("127.0.0.1", 0), functools.partial(handler or Quiet, directory=str(directory))
    )
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()
        server.server_close()


@pytest.fixture(scope="module")
def base_url(served_root: Path) -> Iterator[str]:
    """The site's address: a plain static server on 127.0.0.1, the site under SUB_PATH (no trailing slash)."""
    with serving(served_root) as address:
        yield address + SUB_PATH


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=str(CHROMIUM), args=ARGS)
        yield b
        b.close()


def refuse_other_hosts(context: Any, foreign: list[str]) -> None:
    """Abort, and record in ``foreign``, every request of ``context`` to a host other than localhost."""

    def route(r: Any) -> None:
        if urlparse(r.request.url).hostname in LOCAL_HOSTS:
            r.continue_()
        else:
            foreign.append(r.request.url)
            r.abort()

    context.route("**/*", route)


def note_other_hosts(context: Any, foreign: list[str]) -> None:
    """Record in ``foreign`` every request of ``context`` to a host other than localhost (a worker's too)."""
    context.on(
        "request",
        lambda r: (
            urlparse(r.url).hostname in LOCAL_HOSTS
            or r.url.startswith(("data:", "blob:", "about:"))
            or foreign.append(r.url)
        ),
    )


@pytest.fixture()
def guarded(browser: Any) -> Iterator[tuple[Any, list[str]]]:
    """A browser context that refuses, and records, every request to a host other than localhost.

    It also records every page resource (script, style, image, data) that the local server does not have.
    """
    foreign: list[str] = []
    missing: list[str] = []
    context = browser.new_context(viewport={"width": 1280, "height": 900}, service_workers="block")
    context.add_init_script(SEARCH_META_AT_LOAD)
    refuse_other_hosts(context, foreign)
    note_other_hosts(context, foreign)
    context.on(
        "response",
        lambda r: (
            r.status >= 400
            and r.request.resource_type != "document"
            and missing.append(f"{r.status} {r.url}")
        ),
    )
    yield context, foreign
    context.close()
    assert foreign == [], f"requests to other hosts: {foreign}"
    assert missing == [], f"resources the site does not have: {missing}"


def sideways(page: Any) -> int:
    """How far ``page`` scrolls sideways, in CSS pixels: 0 (or 1, rounding) when it fits its window."""
    return int(
        page.evaluate("document.documentElement.scrollWidth - document.documentElement.clientWidth")
    )


# The score checker's page, which the checker's, the table's, the policy's and the offline tests open.
READY = ".referee-checker[data-ready='true']"
STARTUP_MS = (
    120_000  # a shared 2-core machine starting Python in WebAssembly; usually a few seconds
)


class Guard:
    """A browser context that refuses, and remembers, every request to another host or for a missing file.

    Closing it fails the test if there was any.
    """

    def __init__(self, browser: Any, width: int = 1280, phone: bool = False) -> None:
        self.foreign: list[str] = []
        self.missing: list[str] = []
        # bypass_csp: Playwright's string predicates are evaluated in the page, which the site's policy refuses
        # (tests/browser/test_csp.py checks the checker under the policy). phone: touch, and taps, as on a phone.
        self.context = browser.new_context(
            viewport={"width": width, "height": 900},
            service_workers="block",
            bypass_csp=True,
            has_touch=phone,
            is_mobile=phone,
            accept_downloads=True,
        )
        refuse_other_hosts(self.context, self.foreign)
        note_other_hosts(self.context, self.foreign)
        self.context.on(
            "response", lambda r: r.status >= 400 and self.missing.append(f"{r.status} {r.url}")
        )

    def close(self) -> None:
        self.context.close()
        assert self.foreign == [], f"requests to other hosts: {self.foreign}"
        assert self.missing == [], f"files the site does not have: {self.missing}"


@pytest.fixture(scope="module")
def shared(browser: Any, base_url: str) -> Iterator[Any]:
    """One checker page for the tests that go through many records (Pyodide starts once)."""
    guard = Guard(browser)
    page = guard.context.new_page()
    page.goto(f"{base_url}/check-a-score/")
    page.wait_for_selector(READY, timeout=STARTUP_MS)
    assert (
        page.get_attribute(".referee-checker", "data-start") == "snapshot"
    )  # the build's memory snapshot
    yield page
    guard.close()
