"""The site's frame in a real browser: accessibility (axe-core), dark mode, edit links, dates,
the language switch, the 404 page per language, search for cards, and the phone layout.

axe-core comes from the npm package pinned in ``package.json`` (``./run test`` installs it into
``node_modules``); the test injects the file into each page, so nothing is downloaded at test time.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import urlparse

import pytest

from tests.browser.test_browser import switch_language, wait_until_search_is_ready
from tests.conftest import ROOT, SUB_PATH

AXE = ROOT / "node_modules" / "axe-core" / "axe.min.js"
LANGUAGES = ("en", "ru", "de")


def site_pages(site: Path) -> list[str]:
    """Every page of the site in every language, as URL paths (the English ones at the root)."""
    english = sorted(
        p.parent.relative_to(site).as_posix()
        for p in site.glob("*/index.html")
        if p.parent.name not in LANGUAGES
        and (p.parent / "index.html").is_file()
        and not p.parent.name.startswith(("assets", "search", "schemas"))
    )
    paths = ["/"] + [f"/{name}/" for name in english]
    return [f"/{lang}{path}" if lang != "en" else path for lang in LANGUAGES for path in paths]


def axe_violations(page: Any) -> list[str]:
    """Every axe-core violation on the page, one line each: rule, impact, how many, where."""
    if not page.evaluate("() => typeof window.axe !== 'undefined'"):
        # Evaluated through the driver, not as a <script> tag: the pages' Content-Security-Policy
        # refuses inline scripts, as it should.
        page.evaluate(AXE.read_text(encoding="utf-8") + "\n;undefined")
    found = page.evaluate("""async () => (await axe.run(document, {resultTypes: ['violations']})).violations
        .map(v => `${v.id} (${v.impact}) ×${v.nodes.length}: `
                  + v.nodes.slice(0, 3).map(n => n.target.join(' ')).join('; '))""")
    return list(found)


def axe_from_the_top(page: Any, every_animation: bool = False) -> list[str]:
    """axe's violations seen from the top of the page, once the header has ended its fade.

    From the top: scrolled to an answer, a control under the sticky header would be measured against the
    header's colour, which is not what the reader sees. The header swaps the page title back for the site
    name with a fade. The theme drops the title's "active" class a frame or more after the scroll, so "no
    animation running" alone can be true before the fade has begun (axe then met it half done, on some
    runs): wait for the class to go, and then for the header's fades to end (``every_animation``: every
    fade on the page).
    """
    page.evaluate("window.scrollTo(0, 0)")
    fades = (
        "document.getAnimations()"
        if every_animation
        else "document.querySelector('.md-header').getAnimations({subtree: true})"
    )
    page.wait_for_function(
        "() => !document.querySelector('.md-header__title')"
        ".classList.contains('md-header__title--active')"
        f" && {fades}.length === 0"
    )
    return axe_violations(page)


@pytest.fixture(scope="module")
def pages(site: Path) -> list[str]:
    found = site_pages(site)
    assert len(found) >= 3 * 10, found
    return found


@pytest.fixture()
def context_at(guarded: tuple[Any, list[str]]) -> Iterator[Any]:
    # axe-core goes in before each page's own scripts: the pages' Content-Security-Policy refuses a
    # script tag added later (an init script is the browser's, not the page's).
    guarded[0].add_init_script(path=str(AXE))
    yield guarded[0]


@pytest.mark.parametrize("width", [390, 1280])
def test_every_page_has_no_accessibility_violation(
    context_at: Any, base_url: str, pages: list[str], width: int
) -> None:
    assert AXE.is_file(), "axe-core is missing: ./run test installs it (npm ci)"
    page = context_at.new_page()
    page.set_viewport_size({"width": width, "height": 900})
    problems = []
    for path in pages:
        page.goto(base_url + path)
        page.wait_for_load_state("load")
        problems += [f"{path} at {width}px: {v}" for v in axe_violations(page)]
    assert problems == [], "\n".join(problems)


def test_dark_mode_follows_the_system_and_can_be_switched(browser: Any, base_url: str) -> None:
    context = browser.new_context(viewport={"width": 1280, "height": 900}, color_scheme="dark")
    context.add_init_script(path=str(AXE))  # see context_at
    try:
        page = context.new_page()
        page.goto(base_url + "/ru/catch-the-ten/")
        page.wait_for_load_state("load")
        scheme = lambda: page.evaluate("document.body.getAttribute('data-md-color-scheme')")  # noqa: E731
        assert scheme() == "slate"
        assert axe_violations(page) == []
        red = page.evaluate("getComputedStyle(document.querySelector('.suit-red')).color")
        assert red == "rgb(239, 83, 80)", red  # hearts and diamonds stay red on the dark background
        page.locator(
            "form[data-md-component=palette] label:not([hidden])"
        ).first.click()  # auto → light
        assert scheme() == "default"
        page.locator(
            "form[data-md-component=palette] label:not([hidden])"
        ).first.click()  # light → dark
        assert scheme() == "slate"
        label = page.locator(
            "form[data-md-component=palette] label:not([hidden])"
        ).first.get_attribute("title")
        assert label == "Как в системе"
    finally:
        context.close()


@pytest.mark.parametrize(
    ("lang", "target", "label", "updated"),
    [
        ("en", "docs/en/yacht.md", "Edit this page", "Last updated"),
        ("ru", "locale/ru/docs/yacht.po", "Улучшить перевод", "Обновлено"),
        ("de", "locale/de/docs/yacht.po", "Übersetzung verbessern", "Zuletzt geändert"),
    ],
)
def test_the_frame_links_the_source_the_licence_and_the_neighbours(
    context_at: Any, base_url: str, lang: str, target: str, label: str, updated: str
) -> None:
    page = context_at.new_page()
    prefix = "" if lang == "en" else f"/{lang}"
    page.goto(f"{base_url}{prefix}/yacht/")
    edit = page.locator("a.cr-edit")
    assert edit.inner_text().strip() == label
    assert edit.get_attribute("href").endswith("/-/edit/main/" + target)
    assert page.locator("a.md-source").count() >= 1  # the repository (header, and the phone menu)
    assert "MIT" in page.locator(".md-copyright").inner_text()
    fact = page.locator(".md-source-file__fact").inner_text()
    assert fact.startswith(updated) and any(ch.isdigit() for ch in fact), fact
    assert page.locator("a.md-footer__link--prev").count() == 1
    assert page.locator("a.md-footer__link--next").count() == 1
    assert page.locator("head title").count() == 1


def test_the_language_switch_keeps_the_section_and_shows_the_language(
    context_at: Any, base_url: str
) -> None:
    page = context_at.new_page()
    page.goto(base_url + "/catch-the-ten/#scoring")
    assert page.locator(".cr-language__code").inner_text() == "EN"
    switch_language(page, "ru")
    assert (
        urlparse(page.url).path == f"{SUB_PATH}/ru/catch-the-ten/"
        and urlparse(page.url).fragment == "scoring"
    )
    assert page.locator(".cr-language__code").inner_text() == "RU"
    assert page.locator(".md-select__link[aria-current=true]").get_attribute("hreflang") == "ru"
    home_title = page.goto(base_url + "/ru/") and page.title()
    assert home_title == "Правила карточных игр и арбитр"  # one title, not the site name twice
    alternates = page.locator("head link[rel=alternate][hreflang]").evaluate_all(
        "els => els.map(e => [e.hreflang, e.getAttribute('href')])"
    )
    assert {lang for lang, _ in alternates} == {"en", "ru", "de", "x-default"}
    assert all(href.startswith("https://") for _, href in alternates), alternates


@pytest.mark.parametrize(
    ("lang", "title", "home"),
    [
        ("en", "Page not found", "/"),
        ("ru", "Страница не найдена", "/ru/"),
        ("de", "Seite nicht gefunden", "/de/"),
    ],
)
def test_the_404_page_speaks_the_reader_s_language(
    context_at: Any, base_url: str, site: Path, lang: str, title: str, home: str
) -> None:
    page = context_at.new_page()
    path = "/404.html" if lang == "en" else f"/{lang}/404.html"
    assert (site / path.lstrip("/")).is_file()
    page.goto(base_url + path)
    assert page.locator("html").get_attribute("lang") == lang
    assert page.locator("article h1").inner_text() == title
    links = page.locator("article a").evaluate_all("els => els.map(e => e.getAttribute('href'))")
    assert links[0] == SUB_PATH + home and links[1].startswith(SUB_PATH + home)
    assert axe_violations(page) == []


@pytest.mark.parametrize(
    ("lang", "query"),
    [("en", "10♥"), ("ru", "10♥"), ("ru", "10ч"), ("de", "Herz 10"), ("de", "10♥")],
)
def test_search_finds_cards_in_every_notation(
    context_at: Any, base_url: str, lang: str, query: str
) -> None:
    page = context_at.new_page()
    prefix = "" if lang == "en" else f"/{lang}"
    page.goto(f"{base_url}{prefix}/catch-the-ten/")
    page.keyboard.press("s")
    wait_until_search_is_ready(page)  # the index is fetched when search is first opened
    page.locator("input.md-search__input").press_sequentially(query, delay=20)
    page.keyboard.press(
        "End"
    )  # a suit sign or a Cyrillic letter is typed without a key-up; this key has one
    found = page.locator(".md-search-result__item > a[href*='catch-the-ten/?h=crd']").first
    found.wait_for(timeout=10_000)  # a result found through the card itself, not just its rank
    hrefs = page.locator(".md-search-result__item > a").evaluate_all("els => els.map(e => e.href)")
    assert all(urlparse(h).path.startswith(f"{SUB_PATH}{prefix}/") for h in hrefs), hrefs
    hint = page.locator("#cr-search-hint").inner_text()
    assert hint and ("10" in hint)


def test_a_phone_shows_the_site_name_and_wide_tables_say_they_scroll(
    browser: Any, base_url: str
) -> None:
    context = browser.new_context(
        viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True
    )
    try:
        page = context.new_page()
        page.goto(base_url + "/de/settle-a-score/")
        page.wait_for_load_state("load")
        title = page.locator(".md-header__title .md-header__topic").first
        cut = title.evaluate("e => e.scrollWidth > e.clientWidth + 1")
        assert not cut, "the site name is cut off in the phone header"
        # A table wider than a phone is stacked (issue 26); a box that still scrolls (a listing) says so.
        stacked = page.locator("table[data-cr-stacked]").count()
        assert stacked, "expected at least one table wider than a phone on this page, stacked"
        boxes = page.evaluate("""() => [...document.querySelectorAll('.md-typeset__scrollwrap, .md-typeset pre > code')]
            .filter(b => b.scrollWidth > b.clientWidth + 1).map(b => [b.classList.contains('cr-scrolls'),
            b.getAttribute('tabindex')])""")
        assert boxes, "expected at least one listing wider than a phone on this page"
        assert all(marked and tab == "0" for marked, tab in boxes), boxes
    finally:
        context.close()
