"""The Content-Security-Policy in a real browser: an injected script does not run, and every feature still works.

The built site is served with the policy twice over: the ``<meta>`` every page carries, and the
header that ``site_tools/published/csp.py`` documents for hosts (which also governs the workers: the search
worker and Pyodide's). Every violation the pages report is recorded; none may happen on the site
as built, and each injected payload must cause one and do nothing.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import urlparse

import pytest
from playwright.sync_api import expect

from site_tools.published import csp
from tests.browser.checker_page import fragment_for, verdict
from tests.browser.conftest import (
    READY,
    SEARCH_META_AT_LOAD,
    STARTUP_MS,
    Quiet,
    refuse_other_hosts,
    serving,
)
from tests.browser.test_browser import search, switch_language
from tests.conftest import EXAMPLES

VIOLATIONS = """window.__violations = [];
document.addEventListener("securitypolicyviolation",
  (e) => window.__violations.push(e.effectiveDirective + " " + (e.blockedURI || "inline")));"""
# What a translation that got past every check could put into a page: none of it may run or load.
INJECTED = """<p id="cr-injected">
<script>window.__pwned = "inline script";</script>
<img src="data:," onerror="window.__pwned = 'event handler'">
<a id="cr-js-link" href="javascript:window.__pwned = 'javascript: link'">x</a>
<img src="https://evil.example/p.png" alt="">
<iframe src="https://evil.example/"></iframe>
</p>"""


class WithPolicy(Quiet):
    """The built site with the Content-Security-Policy header a host is told to send."""

    def end_headers(self) -> None:
        path = urlparse(self.path).path
        checker = path.endswith(
            (
                "/check-a-score/",
                "/check-a-score/index.html",
                "/play-a-hand/",
                "/play-a-hand/index.html",
                csp.CHECKER_WORKER,
            )
        )
        self.send_header("Content-Security-Policy", csp.policy(checker=checker, header=True))
        super().end_headers()


@pytest.fixture(scope="module")
def policed(site: Path) -> Iterator[str]:
    with serving(site, WithPolicy) as address:
        yield address


@pytest.fixture()
def context(browser: Any) -> Iterator[tuple[Any, list[str]]]:
    """A context that refuses, and records, every request to another host; pages record policy violations."""
    foreign: list[str] = []
    ctx = browser.new_context(viewport={"width": 1280, "height": 900}, service_workers="block")
    ctx.add_init_script(SEARCH_META_AT_LOAD)
    ctx.add_init_script(VIOLATIONS)
    refuse_other_hosts(ctx, foreign)
    yield ctx, foreign
    ctx.close()


def violations(page: Any) -> list[str]:
    return page.evaluate("window.__violations")


def open_injected(ctx: Any, site: str, path: str, markup: str) -> Any:
    """A new page of ``ctx`` at ``path``, served with ``markup`` put at the start of its article."""

    def inject(route: Any) -> None:
        response = route.fetch()
        body = response.text().replace(
            '<article class="md-content__inner md-typeset">',
            '<article class="md-content__inner md-typeset">' + markup,
            1,
        )
        assert markup in body
        route.fulfill(response=response, body=body)

    page = ctx.new_page()
    page.route(f"**{path}", inject)
    page.goto(f"{site}{path}")
    return page


def test_an_injected_script_does_not_run_and_nothing_foreign_loads(
    context: tuple[Any, list[str]], policed: str
) -> None:
    ctx, foreign = context
    page = open_injected(ctx, policed, "/ru/glossary/", INJECTED)
    page.wait_for_selector("#cr-injected")
    # The link's javascript: URL is refused as an inline script: its violation is the state to wait
    # for (one more "script-src-elem inline" than the page's load reported), not a fixed time.
    inline = "v => v.startsWith('script-src-elem inline')"
    before = page.evaluate(f"window.__violations.filter({inline}).length")
    page.click("#cr-js-link")
    # A function, not an expression: Playwright evaluates an expression again in the page at each
    # look, which this page's policy refuses (no 'unsafe-eval') once the first look is false.
    page.wait_for_function(f"n => window.__violations.filter({inline}).length > n", arg=before)
    assert page.evaluate("window.__pwned") is None
    found = violations(page)
    for expected in (
        "script-src-elem inline",
        "script-src-attr inline",
        "img-src https://evil.example/p.png",
        "frame-src https://evil.example",
    ):
        assert any(v.startswith(expected) for v in found), found
    assert [v for v in found if v.startswith("script-src")], found
    assert foreign == [], f"requests to other hosts: {foreign}"


# Injected markup that would draw over the page (robustness round 3, #8): a style attribute and a
# style element. The policy allows neither, so neither may render.
OVERLAY = """<div id="cr-overlay" style="position:fixed;top:0;left:0;width:100%;height:100%;
background:#f00;z-index:99999">Your session expired: log in again</div>
<style>#cr-styled { position: fixed; top: 0; left: 0; width: 100%; height: 100%; background: #f00; }</style>
<div id="cr-styled">Pay here</div>"""


def test_an_injected_style_overlay_does_not_render(
    context: tuple[Any, list[str]], policed: str
) -> None:
    page = open_injected(context[0], policed, "/de/yacht/", OVERLAY)
    page.wait_for_selector("#cr-overlay", state="attached")
    for element in ("#cr-overlay", "#cr-styled"):
        shown = page.eval_on_selector(
            element,
            "e => { const s = getComputedStyle(e); return [s.position, s.backgroundColor]; }",
        )
        assert shown[0] != "fixed" and shown[1] != "rgb(255, 0, 0)", (element, shown)
    # What is on top in the middle of the window is the page, not the overlay.
    on_top = page.evaluate(
        "document.elementFromPoint(innerWidth / 2, innerHeight / 2).closest('#cr-overlay, #cr-styled')"
    )
    assert on_top is None
    found = violations(page)
    assert any(v.startswith("style-src-attr inline") for v in found), found
    assert any(v.startswith("style-src-elem inline") for v in found), found


def test_the_card_pictures_keep_their_colours_without_style_attributes(
    context: tuple[Any, list[str]], policed: str
) -> None:
    """A red card's inner frame is drawn in red and left unfilled, by class alone, in both schemes."""
    ctx, _ = context
    page = ctx.new_page()
    page.goto(f"{policed}/yacht/")
    assert page.locator(".cr-picture [style]").count() == 0
    frame = page.locator(".cr-picture rect.cr-inner.cr-red").first
    frame.wait_for(state="attached")
    light = frame.evaluate("e => { const s = getComputedStyle(e); return [s.fill, s.stroke]; }")
    assert light == ["none", "rgb(198, 40, 40)"], light
    # Clicked until dark (the palette's first choice may follow the system's); polled by the driver,
    # as the policy refuses a predicate evaluated in the page.
    for _ in range(3):
        if page.evaluate("document.body.getAttribute('data-md-color-scheme')") == "slate":
            break
        page.locator("form[data-md-component=palette] label:not([hidden])").first.click()
    expect(page.locator("body")).to_have_attribute("data-md-color-scheme", "slate")
    dark = frame.evaluate("e => { const s = getComputedStyle(e); return [s.fill, s.stroke]; }")
    assert dark == ["none", "rgb(239, 83, 80)"], dark
    assert violations(page) == []


def test_every_feature_works_under_the_policy(context: tuple[Any, list[str]], policed: str) -> None:
    """Pages in each language and the 404 page, search, dark mode, the language switch, the checker's verdict."""
    ctx, foreign = context
    page = ctx.new_page()
    for path in (
        "",
        "glossary/",
        "yacht/",
        "kings-corners/",
        "construction/",
        "red-and-black/",
        "ru/",
        "ru/korol/",
        "de/",
        "de/comet/",
        "no-such-page/",
    ):
        page.goto(f"{policed}/{path}")
        assert violations(page) == [], (path, violations(page))

    page.goto(f"{policed}/catch-the-ten/")
    assert search(page, "trump", "catch-the-ten")
    page.keyboard.press("Escape")
    scheme = page.evaluate("document.body.getAttribute('data-md-color-scheme')")
    page.locator("form[data-md-component=palette] label:not([hidden])").first.click()
    page.locator("form[data-md-component=palette] label:not([hidden])").first.click()
    assert (
        page.evaluate("document.body.getAttribute('data-md-color-scheme')") != scheme
        or scheme == "slate"
    )
    switch_language(page, "ru")
    assert urlparse(page.url).path == "/ru/catch-the-ten/"
    assert violations(page) == []

    example = next(e for e in EXAMPLES if e.parent.name == "yacht")
    page.goto(f"{policed}/check-a-score/{fragment_for(example.read_text(encoding='utf-8'))}")
    page.wait_for_selector(READY, timeout=STARTUP_MS)
    assert verdict(page) in ("0", "1")
    assert violations(page) == []
    assert foreign == [], f"requests to other hosts: {foreign}"
