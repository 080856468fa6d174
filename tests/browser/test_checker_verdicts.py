"""The score checker's verdicts in a real browser, each the command line's: every example opened from a link,
checked and downloaded, with the build's memory snapshot and without it; a broken record's errors beside
their lines and fields; players' names in their seats.

Pyodide starts once per module; the tests that go through every example reuse one page (and its worker)
and change only the link's fragment between records. Every request to a host other than 127.0.0.1 is
refused and fails the test.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any
from urllib.parse import urlparse

import pytest
import yaml

from tests.browser.checker_page import cli_json, open_record, shown_table, verdict
from tests.browser.conftest import READY, STARTUP_MS, Guard, sideways
from tests.conftest import EXAMPLES, without_lines


def test_broken_record_shows_the_localized_error_and_its_line(browser: Any, base_url: str) -> None:
    broken = (
        "game: catch-the-ten\nnotation: ru\nplayers: [Анна, Борис, Вера]\ndeals:\n  - dealer: Глеб\n"
        "    trump: ♥\n    taken:\n      Анна: {cards: 15}\n      Борис: {cards: 9}\n      Вера: {cards: 6}\n"
    )
    status, expected = cli_json(broken, "ru")  # the page's own words: each error beside its field
    assert status == 2
    guard = Guard(browser, width=390)
    page = guard.context.new_page()
    page.goto(f"{base_url}/ru/check-a-score/")
    page.wait_for_selector(READY, timeout=STARTUP_MS)
    page.click(".checker-tab[data-view=text]")
    page.fill(".checker-textarea", broken)
    assert verdict(page) == "2"
    shown = page.inner_text(".checker-answer")
    assert "Запись нельзя использовать" in shown
    for error in expected["errors"]:
        assert error["message"] in shown
        line = error["where"]["line"]
        assert f"строка {line}" in shown
        assert page.locator(f".checker-gutter [data-line='{line}'].checker-bad").count() == 1
    # In the form, the field is marked.
    page.click(".checker-tab[data-view=form]")
    assert verdict(page) == "2"
    assert page.locator(".checker-form [data-path='deals[0].dealer'].checker-bad").count() == 1
    # The message stands beside its field, and its link goes to the field, not to a line of YAML.
    beside = page.locator(".checker-form [data-path='deals[0].dealer'] .checker-field-error")
    assert beside.inner_text() == expected["errors"][0]["message"]
    page.click(".checker-findings .checker-place[data-path]")
    assert page.get_attribute(".referee-checker", "data-view") == "form"
    assert (
        page.evaluate("document.activeElement.closest('[data-path]').dataset.path")
        == "deals[0].dealer"
    )
    assert sideways(page) <= 1
    guard.close()


@pytest.mark.parametrize("example", EXAMPLES, ids=[f"{p.parent.name}/{p.stem}" for p in EXAMPLES])
def test_every_example_opens_checks_and_downloads_as_the_cli_judges_it(
    shared: Any, example: Path, tmp_path: Path
) -> None:
    page = shared
    text = example.read_text(encoding="utf-8")
    status, expected = cli_json(text, "en")
    assert open_record(page, text) == str(status)  # a link opens on its verdict
    if status != 2:
        assert shown_table(page)["total"] == {k: str(v) for k, v in expected["totals"].items()}
    # Through the form and back: the downloaded file is judged exactly as the example.
    page.click(".checker-tab[data-view=form]")
    page.wait_for_selector(".referee-checker[data-view=form]")
    # Confirming a player's name counts as an edit: the download is then written from the form's data.
    page.dispatch_event("input[data-path='players[0]']", "change")
    with page.expect_download() as info:
        page.click("[data-action=download]")
    downloaded = Path(info.value.path()).read_text(encoding="utf-8")
    again_status, again = cli_json(downloaded, "en")
    assert again_status == status
    assert without_lines(again) == without_lines(expected)
    # Compared as text, value by value: the referee reads `yes` as a word, not YAML 1.1's true.
    original = yaml.load(text, Loader=yaml.BaseLoader)
    original.pop("expected", None)  # what only the tests read never reaches a reader
    assert yaml.load(downloaded, Loader=yaml.BaseLoader) == original


def test_a_snapshot_that_fails_falls_back_to_the_plain_start_with_the_same_verdicts(
    browser: Any, base_url: str
) -> None:
    """The snapshot's bytes are spoilt on the way: the worker starts Pyodide plainly, and every example
    gets the verdict it gets from the snapshot (the test above) and from the CLI."""
    guard = Guard(browser)
    spoilt: list[str] = []

    def spoil(route: Any) -> None:
        spoilt.append(route.request.url)
        route.fulfill(
            status=200, body=b"not a snapshot" * 1000, content_type="application/octet-stream"
        )

    guard.context.route("**/assets/checker/snapshot-*.bin", spoil)
    page = guard.context.new_page()
    asked: list[str] = []
    page.on("request", lambda r: asked.append(urlparse(r.url).path))
    page.goto(f"{base_url}/check-a-score/")
    page.wait_for_selector(READY, timeout=STARTUP_MS)
    assert spoilt and page.get_attribute(".referee-checker", "data-start") == "plain"
    # Fewer bytes: the lock file's contents come with the page, and the search index waits for a search.
    assert not [p for p in asked if p.endswith(("pyodide-lock.json", "search_index.json"))], asked
    for example in EXAMPLES:
        text = example.read_text(encoding="utf-8")
        status, expected = cli_json(text, "en")
        open_record(page, text)
        assert verdict(page) == str(status), example
        if status != 2:
            assert shown_table(page)["total"] == {
                k: str(v) for k, v in expected["totals"].items()
            }, example
    assert not [p for p in asked if p.endswith("search_index.json")], (
        "the index, not before a search"
    )
    # The checker keeps its keys from the theme's shortcuts while it has the focus: leave it first.
    page.evaluate("document.activeElement && document.activeElement.blur()")
    with page.expect_request(lambda r: r.url.endswith("search_index.json"), timeout=30_000):
        page.keyboard.press("/")  # the index, once the search is opened (the theme's key for it)
    guard.close()


def test_names_keep_their_seats_and_the_winner_is_named_once(shared: Any) -> None:
    page = shared
    text = (
        "game: catch-the-ten\nplayers: [Anna, '7', Vera]\ndeals:\n  - dealer: Vera\n    trump: ♥\n"
        "    taken:\n      Anna: {cards: 15, honours: [J, '10']}\n      '7': {cards: 9, honours: [A, Q]}\n"
        "      Vera: {cards: 6, honours: [K]}\n"
    )
    assert open_record(page, text) == "0"
    heads = page.locator(".checker-scores thead th").all_inner_texts()
    assert heads[1:] == ["Anna", "7", "Vera"]  # a name like a number stays in its seat
    winner = page.locator(".checker-winner").inner_text()
    assert winner.count("Anna") <= 1
