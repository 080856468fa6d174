"""The site as a static host publishes it: under a sub-path, from a plain file server, nothing else.

GitHub Pages and most hosts serve a project at ``https://HOST/REPO/``. The session's site is built for
``SITE_URL`` (a sub-path) and every browser test serves it under ``SUB_PATH`` with Python's plain
static server; this test walks a reader's path through it and checks that no request leaves the
sub-path: pages, the language switch, search, a verdict in the checker, and the 404 page.
"""

from __future__ import annotations

from typing import Any
from urllib.parse import urlparse

from tests.browser.test_browser import search, switch_language
from tests.conftest import SUB_PATH

READY = ".referee-checker[data-ready='true']"
STARTUP_MS = 120_000


def test_a_reader_s_path_stays_under_the_sub_path(
    guarded: tuple[Any, list[str]], base_url: str
) -> None:
    context, _ = guarded
    paths: list[str] = []
    context.on("request", lambda r: r.url.startswith("http") and paths.append(urlparse(r.url).path))
    page = context.new_page()
    page.goto(f"{base_url}/")
    page.click("a[href$='yacht/']")
    assert urlparse(page.url).path == f"{SUB_PATH}/yacht/"

    switch_language(page, "de")
    assert urlparse(page.url).path == f"{SUB_PATH}/de/yacht/"
    found = search(page, "Trumpf", "/de/")
    assert found and all(p.startswith(f"{SUB_PATH}/de/") for p in found), found
    page.keyboard.press("Escape")

    # An example's "Open in the checker" link, followed: the checker starts and gives its verdict.
    link = page.locator("a[href*='check-a-score/#record=']").first
    with page.expect_navigation():
        link.click()
    assert urlparse(page.url).path == f"{SUB_PATH}/de/check-a-score/"
    page.wait_for_selector(READY, timeout=STARTUP_MS)
    page.click("[data-action=check]")
    page.wait_for_selector(".referee-checker[data-state]", timeout=STARTUP_MS)

    response = page.goto(f"{base_url}/ru/no/such/page/")
    assert response is not None and response.status == 404
    page.goto(f"{base_url}/ru/404.html")
    assert page.locator("html").get_attribute("lang") == "ru"
    assert page.evaluate("getComputedStyle(document.querySelector('.md-header')).position") in (
        "sticky",
        "fixed",
    )
    outside = sorted({p for p in paths if not p.startswith(SUB_PATH + "/")})
    assert outside == [], f"requests outside the site's sub-path: {outside}"
