"""A real browser on the built site: the language switch, search, no request to another host, phone widths.

The browser, the local server and the guarded context come from ``tests/browser/conftest.py``.
Screenshots go to ``build/screenshots/`` for a person to look at.
"""

from __future__ import annotations

from typing import Any
from urllib.parse import urlparse

import pytest

from tests.browser.conftest import SHOTS, sideways
from tests.conftest import SUB_PATH


def switch_language(page: Any, lang: str) -> None:
    """Pick a language in the header's language menu and wait for the new page."""
    page.hover(".md-header .md-select")
    page.click(".md-select > button")
    with page.expect_navigation():
        page.click(f".md-select__link[hreflang='{lang}']")


# The theme's search header says "Initializing search" (in the page's language) until its worker has
# built the index; remember what it said when the page was parsed, to see when that changes.
def wait_until_search_is_ready(page: Any) -> None:
    """Wait until the search worker has built its index (the search header stops saying it is initializing)."""
    page.wait_for_function("""() => {
        const meta = document.querySelector(".md-search-result__meta");
        return meta && window.__searchMetaAtLoad != null && meta.textContent !== window.__searchMetaAtLoad;
    }""")


def search(page: Any, query: str, expected: str) -> list[str]:
    """Type ``query`` into the search box, wait for a result on page ``expected``; return the result paths.

    The index is ready before the first key: that is the order in which a query typed without key-ups
    (Playwright types letters that are not on a US keyboard as input events only) used to be lost,
    so the test takes that path every time instead of when the machine happens to be slow.
    """
    page.keyboard.press("s")  # Material's shortcut focuses the search box at any width
    wait_until_search_is_ready(page)  # the index is fetched when search is first opened
    box = page.locator("input.md-search__input")
    box.fill("")
    box.press_sequentially(
        query, delay=20
    )  # key presses for Latin letters, input events for the others
    page.locator(f".md-search-result__item > a[href*='{expected}']").first.wait_for(timeout=10_000)
    links = page.locator(".md-search-result__item > a").evaluate_all("els => els.map(e => e.href)")
    return [urlparse(h).path for h in links]


def test_switch_language_search_and_stay_on_the_page(
    guarded: tuple[Any, list[str]], base_url: str
) -> None:
    context, _ = guarded
    page = context.new_page()
    page.goto(f"{base_url}/catch-the-ten/")
    assert "Catch the Ten" in page.title() and page.locator("html").get_attribute("lang") == "en"
    english = search(page, "trump", "catch-the-ten")
    other = (f"{SUB_PATH}/ru/", f"{SUB_PATH}/de/")
    assert not [h for h in english if h.startswith(other)], f"English search shows {english}"
    page.keyboard.press("Escape")

    switch_language(page, "ru")
    assert urlparse(page.url).path == f"{SUB_PATH}/ru/catch-the-ten/"
    assert page.locator("html").get_attribute("lang") == "ru"

    hrefs = search(page, "козырь", "catch-the-ten")
    assert hrefs and all(h.startswith(f"{SUB_PATH}/ru/") for h in hrefs), (
        f"results outside Russian: {hrefs}"
    )
    page.screenshot(path=str(SHOTS / "ru-search-1280.png"))
    page.keyboard.press("Escape")

    switch_language(page, "de")
    assert urlparse(page.url).path == f"{SUB_PATH}/de/catch-the-ten/"
    assert page.locator("html").get_attribute("lang") == "de"


FULL_PAGE = "ru-catch-the-ten"  # one whole page per width; the others show their first screen
PAGES = [
    ("/catch-the-ten/", "catch-the-ten"),
    ("/ru/catch-the-ten/", "ru-catch-the-ten"),
    ("/de/catch-the-ten/", "de-catch-the-ten"),
    ("/ru/minnesota-whist/", "ru-minnesota-whist"),
    ("/settle-a-score/", "settle-a-score"),
    ("/de/translation-status/", "de-translation-status"),
    ("/ru/yacht/", "ru-yacht"),
    ("/de/trump-seven/", "de-trump-seven"),
    ("/reunion/", "reunion"),
    ("/de/comet/", "de-comet"),
    ("/ru/red-and-black/", "ru-red-and-black"),
    ("/ru/stealing-bundles/", "ru-stealing-bundles"),
    ("/de/collector/", "de-collector"),
]


@pytest.mark.parametrize("width", [390, 1280])
def test_screenshots_and_no_horizontal_overflow(
    guarded: tuple[Any, list[str]], base_url: str, width: int
) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    context, _ = guarded
    page = context.new_page()
    page.set_viewport_size({"width": width, "height": 900})
    for path, name in PAGES:
        if page.goto(base_url + path).status != 200:
            continue  # a page not written yet
        page.screenshot(path=str(SHOTS / f"{name}-{width}.png"), full_page=name == FULL_PAGE)
        overflow = sideways(page)
        assert overflow <= 1, f"{path} is {overflow}px wider than a {width}px screen"
        # Every table fits its column: wide ones scroll inside their own box.
        wide = page.evaluate("""() => [...document.querySelectorAll('article table')].filter(t => {
            const box = t.closest('.md-typeset__scrollwrap') || t.parentElement;
            return box.getBoundingClientRect().right > document.documentElement.clientWidth + 1;
        }).length""")
        assert wide == 0, f"{path}: {wide} tables stick out of a {width}px screen"
        colours = page.evaluate("""() => [...document.querySelectorAll('.suit-red, .suit-black')].map(
            s => [s.className, getComputedStyle(s).color])""")
        for cls, colour in colours:
            red = colour.startswith("rgb(198, 40, 40")
            assert red == (cls == "suit-red"), f"{path}: {cls} is {colour}"
