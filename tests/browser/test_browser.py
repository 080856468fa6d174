"""A real browser (Debian's Chromium, driven by Playwright) on the built site served on localhost."""

from __future__ import annotations

import functools
import os
import threading
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from urllib.parse import urlparse

import pytest

from tests.conftest import ROOT

CHROMIUM = Path("/usr/bin/chromium")
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync"]
SHOTS = ROOT / "build" / "screenshots"

if not CHROMIUM.exists() and not os.environ.get("CI"):
    pytest.skip("Debian's chromium is not installed (./run test installs it)", allow_module_level=True)


class Quiet(SimpleHTTPRequestHandler):
    def log_message(self, *args):  # keep the test output readable
        pass


@pytest.fixture(scope="module")
def base_url(site):
    server = ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(Quiet, directory=str(site)))
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_address[1]}"
    server.shutdown()


@pytest.fixture(scope="module")
def browser():
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=str(CHROMIUM), args=ARGS)
        yield b
        b.close()


def guarded_page(browser, width):
    page = browser.new_page(viewport={"width": width, "height": 900})
    foreign: list[str] = []

    def route(r):
        host = urlparse(r.request.url).hostname
        if host not in ("127.0.0.1", "localhost"):
            foreign.append(r.request.url)
            r.abort()
        else:
            r.continue_()

    page.route("**/*", route)
    return page, foreign


def switch_language(page, lang):
    page.click(".md-select > button")  # the menu opens while the button has the focus
    with page.expect_navigation():
        page.click(f".md-select__link[hreflang='{lang}']")


def test_switch_language_search_and_stay_on_the_page(browser, base_url):
    page, foreign = guarded_page(browser, 1280)
    page.goto(f"{base_url}/catch-the-ten/")
    assert "Catch the Ten" in page.title()
    switch_language(page, "ru")
    assert page.url.endswith("/ru/catch-the-ten/")
    page.keyboard.press("s")  # Material's shortcut opens the search box at any width
    page.fill("input.md-search__input", "козырь")
    result = page.locator(".md-search-result__item a[href*='catch-the-ten']").first
    result.wait_for(timeout=10_000)
    page.keyboard.press("Escape")
    switch_language(page, "de")
    assert page.url.endswith("/de/catch-the-ten/")
    assert page.locator("html").get_attribute("lang") == "de"
    assert foreign == []


@pytest.mark.parametrize("width", [390, 1280])
def test_screenshots_and_no_horizontal_overflow(browser, base_url, width):
    SHOTS.mkdir(parents=True, exist_ok=True)
    page, foreign = guarded_page(browser, width)
    for path, name in [("/catch-the-ten/", "catch-the-ten"), ("/ru/minnesota-whist/", "ru-minnesota-whist"),
                       ("/de/catch-the-ten/", "de-catch-the-ten")]:
        page.goto(base_url + path)
        page.screenshot(path=str(SHOTS / f"{name}-{width}.png"), full_page=False)
        overflow = page.evaluate("document.documentElement.scrollWidth - document.documentElement.clientWidth")
        assert overflow <= 1, f"{path} is {overflow}px wider than a {width}px screen"
    assert foreign == []
