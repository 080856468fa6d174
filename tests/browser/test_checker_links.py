"""Records that reach the score checker in a real browser by a link: a share link (read only as far as the
referee reads, and opened on the same verdict) and the worked examples' links on the game pages.

Every request to a host other than 127.0.0.1 is refused and fails the test.
"""

from __future__ import annotations

from typing import Any
from urllib.parse import urlparse

from tests.browser.checker_page import cli_json, fragment_for, open_anew, packed, verdict
from tests.browser.conftest import READY, STARTUP_MS
from tests.conftest import SUB_PATH


def test_share_links_are_read_only_as_far_as_the_referee_reads(shared: Any) -> None:
    """A link that inflates past 2 MB (a 130 KB link of 100 MB, 10 million newlines) is refused with a
    message and the page stays usable; 300,000 newlines (under the limit) fill the text box, the line
    numbers stop at a bound (one number per line overflowed the stack), and the referee answers as the
    CLI does."""
    page = shared
    for raw in (b"a" * 100_000_000, b"\n" * 10_000_000):
        page.evaluate("location.hash = ''")
        page.evaluate("h => { location.hash = h }", "record=" + packed(raw))
        open_anew(page)
        page.wait_for_selector(".checker-answer [data-link=too-large]", timeout=30_000)
        assert "2 MB" in page.inner_text(".checker-answer")
        assert page.evaluate("1 + 1") == 2  # the tab is alive and answers
    text = "game: yacht\n" + "\n" * 300_000 + "players: [Anna]\n"
    page.evaluate("location.hash = ''")
    page.evaluate("h => { location.hash = h }", fragment_for(text))
    open_anew(page)
    page.wait_for_function(
        "n => document.querySelector('.checker-textarea').value.length === n", arg=len(text)
    )
    assert page.locator(".checker-gutter span").count() == 20_000
    status, expected = cli_json(text, "en")
    # A shared link opens on its verdict: wait for that answer (a second press would race with it).
    page.wait_for_function(
        "m => document.querySelector('.checker-answer').innerText.includes(m)",
        arg=expected["errors"][0]["message"],
        timeout=STARTUP_MS,
    )
    assert page.get_attribute(".referee-checker", "data-state") == str(status) == "2"


def test_example_links_on_game_pages_open_the_record(shared: Any, base_url: str) -> None:
    page = shared
    page.goto(f"{base_url}/de/yacht/")
    links = page.locator("a[href*='check-a-score/#record=']")
    assert links.count() >= 1
    assert links.first.inner_text() == "In der Punkteprüfung öffnen"
    with page.expect_navigation():
        links.first.click()
    assert urlparse(page.url).path == f"{SUB_PATH}/de/check-a-score/"
    page.wait_for_selector(READY, timeout=STARTUP_MS)
    page.wait_for_selector(".referee-checker[data-state]")  # the verdict, at once
    assert page.get_attribute(".referee-checker", "data-view") == "form"
    assert page.locator(".checker-sentences li").count() >= 1
    assert "game: yacht" in page.locator(".checker-textarea").input_value()
    assert verdict(page) in ("0", "1")
    # Share: the link carries the record in its fragment, and opening it gives the same text.
    page.click("[data-action=share]")
    # The link is made after the click (the record is compressed asynchronously): wait for it.
    page.wait_for_function(
        "() => document.querySelector('.checker-share-url').value.includes('#record=')"
    )
    shared_url = page.locator(".checker-share-url").input_value()
    assert "#record=" in shared_url and urlparse(shared_url).hostname == "127.0.0.1"
    text = page.locator(".checker-textarea").input_value()
    assert "expected:" not in text
    said = page.locator(".checker-sentences").inner_text()
    page.goto("about:blank")
    page.goto(shared_url)
    page.wait_for_function("t => document.querySelector('.checker-textarea').value === t", arg=text)
    page.wait_for_selector(
        ".referee-checker[data-state]", timeout=STARTUP_MS
    )  # the recipient sees the verdict
    assert page.locator(".checker-sentences").inner_text() == said
