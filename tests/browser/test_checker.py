"""The score checker in a real browser: Debian's Chromium on the built site, served on 127.0.0.1.

Pyodide starts once per page; the tests that go through every example reuse one page (and its
worker), and change only the link's fragment between records. Every request to a host other than
127.0.0.1 is refused and fails the test.
"""

from __future__ import annotations

import base64
import copy
import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import urlparse

import pytest
import yaml

from referee.present.web import check
from site_tools.published.checker import checker_href
from tests.browser.conftest import LOCAL_HOSTS, SHOTS
from tests.conftest import EXAMPLES, ROOT, SUB_PATH

READY = ".referee-checker[data-ready='true']"
# The first verdict a page showed: [data-answer ("kept" or "live"), data-state, whether the referee
# was ready then], recorded from the page's first script on (a kept verdict shows before the referee).
FIRST_ANSWER = """window.__firstAnswer = null;
new MutationObserver((_, observer) => {
  const root = document.querySelector(".referee-checker[data-state]");
  if (!root) return;
  window.__firstAnswer = [root.dataset.answer, root.dataset.state, root.dataset.ready === "true"];
  observer.disconnect();
}).observe(document, { subtree: true, attributes: true, attributeFilter: ["data-state"] });"""
STARTUP_MS = (
    120_000  # a shared 2-core machine starting Python in WebAssembly; usually a few seconds
)


class Guard:
    """A browser context that refuses, and remembers, every request to another host or for a missing file."""

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
        self.context.route("**/*", self._route)
        self.context.on("request", lambda r: self._note(r.url))
        self.context.on(
            "response", lambda r: r.status >= 400 and self.missing.append(f"{r.status} {r.url}")
        )

    def _route(self, route: Any) -> None:
        if urlparse(route.request.url).hostname in LOCAL_HOSTS:
            route.continue_()
        else:
            self.foreign.append(route.request.url)
            route.abort()

    def _note(self, url: str) -> None:
        if urlparse(url).hostname not in LOCAL_HOSTS and not url.startswith(
            ("data:", "blob:", "about:")
        ):
            self.foreign.append(url)

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


def fragment_for(text: str) -> str:
    return checker_href("index", record=text).removeprefix("check-a-score/")


def open_record(page: Any, text: str) -> str:
    """Put a record into the page through a link's fragment (the page stays; the worker too).

    The page opens on the verdict: wait for it, and return its state (the exit status).
    """
    page.evaluate("location.hash = ''")
    page.wait_for_function(
        "document.querySelector('.referee-checker').getAttribute('aria-busy') === null"
    )
    page.evaluate("document.querySelector('.referee-checker').removeAttribute('data-state')")
    page.evaluate("h => { location.hash = h }", fragment_for(text))
    open_anew(page)
    page.wait_for_selector(".referee-checker[data-state]")
    return page.get_attribute(".referee-checker", "data-state")


def open_anew(page: Any) -> None:
    """A link met a sheet in progress, and the page asks: open the link (a test's sheets are its own)."""
    page.wait_for_selector(".referee-checker[data-state], [data-action=anew], [data-link]")
    if page.locator("[data-action=anew]").count():
        page.click("[data-action=anew]")


def verdict(page: Any) -> str:
    """Press "check" and wait for the answer; return its state (the exit status)."""
    page.evaluate("document.querySelector('.referee-checker').removeAttribute('data-state')")
    page.click("[data-action=check]")
    page.wait_for_selector(".referee-checker[data-state]")
    return page.get_attribute(".referee-checker", "data-state")


def cli_json(text: str, lang: str) -> tuple[int, dict[str, Any]]:
    """What ``referee check --json --lang`` prints for a record, and its exit status."""
    answer = json.loads(check(text, lang))
    return answer["status"], answer["result"]


def without_lines(value: Any) -> Any:
    """A verdict with the line numbers left out (a downloaded file may lay the record out differently)."""
    value = copy.deepcopy(value)
    for key in ("findings", "errors"):
        for item in value.get(key, []):
            item.pop("line", None)
            item.get("where", {}).pop("line", None)
    return value


def shown_table(page: Any) -> dict[str, dict[str, str]]:
    """The answer's table: row (deal number or "total") → player → the number it shows (money in kopecks)."""
    return page.evaluate("""() => {
        const out = {};
        for (const row of document.querySelectorAll('.checker-scores tr[data-deal]')) {
            out[row.dataset.deal] = {};
            for (const cell of row.querySelectorAll('td[data-player]'))
                out[row.dataset.deal][cell.dataset.player] =
                    (cell.querySelector('.checker-score') || cell).dataset.value;
        }
        return out;
    }""")


RU_RANKS = {"J": "В", "Q": "Д", "K": "К", "A": "Т", "10": "10"}


def test_russian_form_catch_the_ten_gives_the_cli_verdict(browser: Any, base_url: str) -> None:
    name = "catch-the-ten/three-players"
    record = yaml.safe_load((ROOT / "examples" / f"{name}.yaml").read_text(encoding="utf-8"))
    guard = Guard(browser)
    page = guard.context.new_page()
    # The game page's "Check a score" link opens the checker set to the game.
    page.goto(f"{base_url}/ru/catch-the-ten/")
    with page.expect_navigation():
        page.click("a[href*='check-a-score/#game=catch-the-ten']")
    assert urlparse(page.url).path == f"{SUB_PATH}/ru/check-a-score/"
    assert page.locator("select[data-path='game']").input_value() == "catch-the-ten"
    assert page.locator("html").get_attribute("lang") == "ru"
    page.wait_for_selector(READY, timeout=STARTUP_MS)

    # Fill in the form as a Russian player copies a scoresheet (ranks in Russian notation).
    chosen = page.locator(
        "[data-path='notation'] [role=radio][aria-checked=true]"
    )  # folded: its text, not its look
    assert chosen.text_content() == "русская (В Д К Т)"
    players = record["players"]
    while page.locator("input[data-path^='players[']").count() < len(players):
        page.click("[data-action=add-player]")
    for i, player in enumerate(players):
        box = page.locator(f"input[data-path='players[{i}]']")
        box.fill(player)
        box.dispatch_event("change")
    page.click(
        ".checker-form > details.checker-more > summary"
    )  # the score so far is folded: open it
    for player, score in record["scores_before"].items():
        page.fill(f"input[data-path='scores_before.{player}']", str(score))
    deal = record["deals"][0]
    page.click(
        f"[data-path='deals[0].dealer'] [role=radio]:text-is('{deal['dealer']}')"
    )  # one tap each
    page.click(f"[data-path='deals[0].trump'] [role=radio]:text-is('{deal['trump']}')")
    for player, taken in deal["taken"].items():
        page.fill(f"input[data-path='deals[0].taken.{player}.cards']", str(taken["cards"]))
        honours = " ".join(RU_RANKS[str(r)] for r in taken.get("honours", []))
        page.fill(f"input[data-path='deals[0].taken.{player}.honours']", honours)
    for player, score in deal["claim"].items():
        page.fill(f"input[data-path='deals[0].claim.{player}']", str(score))

    state = verdict(page)
    typed = page.evaluate("document.querySelector('.checker-textarea').value") or None
    status, expected = cli_json(
        (ROOT / "examples" / f"{name}.yaml").read_text(encoding="utf-8"), "ru"
    )
    assert state == str(status) == "0", page.inner_text(".checker-answer")
    table = shown_table(page)
    for d in expected["deals"]:
        assert table[str(d["deal"])] == {k: str(v) for k, v in d["scores"].items()}
    assert table["total"] == {k: str(v) for k, v in expected["totals"].items()}
    assert page.get_attribute(".checker-winner", "data-winner") == expected["winner"]
    assert expected["termination"]["message"] in page.inner_text(".checker-winner")
    assert "Всё верно" in page.inner_text(".checker-state")
    assert page.inner_text(".checker-sentences").startswith(
        "Всё, что записал стол, сходится с правилами."
    )
    page.click(".checker-steps > summary")
    steps = page.inner_text(".checker-steps")
    assert all(line in steps for line in expected["deals"][0]["explanation"])

    # The form shows the table's words: no record key as a label or a heading.
    shown = page.inner_text(".checker-form")
    for key in (
        "dealer",
        "taken",
        "honours",
        "claim",
        "scores_before",
        "notation",
        "must_trump_when_void",
    ):
        assert key not in shown, key
    assert "Кто сдавал?" in shown and "Что взял каждый?" in shown

    # The text view holds the same record, and the CLI judges it the same.
    page.click(".checker-tab[data-view=text]")
    typed = page.locator(".checker-textarea").input_value()
    assert "notation: ru" in typed
    assert without_lines(cli_json(typed, "ru")[1]) == without_lines(expected)
    page.set_viewport_size({"width": 390, "height": 900})
    page.click(".checker-tab[data-view=form]")
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / "ru-check-a-score-390.png"), full_page=True)
    assert (
        page.evaluate("document.documentElement.scrollWidth - document.documentElement.clientWidth")
        <= 1
    )
    # The evening's scoresheet stays on this device, and one tap clears it.
    kept = json.loads(page.evaluate("localStorage.getItem('referee-checker:sheet')"))["value"]
    assert kept["record"]["players"] == players and "expected" not in kept["record"]
    page.click("[data-action=clear]")
    kept = json.loads(page.evaluate("localStorage.getItem('referee-checker:sheet')"))["value"]
    assert not kept["own"] and not any(kept["record"]["players"])
    assert page.locator("input[data-path='players[0]']").input_value() == ""
    guard.close()


def test_a_first_catch_the_ten_dispute_at_the_table_and_the_next_deal(
    browser: Any, base_url: str
) -> None:
    """A player at the table, in Russian on a phone, settles a first Catch the Ten dispute from the game page
    in at most 8 taps, then starts the next deal from the scoresheet in a few more.

    A tap is one touch of the screen. Between boxes the player mostly uses the keyboard's "next" key (Enter),
    as a phone's keyboard offers in a form: it goes to the next box and never adds a seat ("Add a player" is
    a tap, and puts the caret in the new box). The players are listed from the first dealer, so the dealer
    is filled in; the claim is the last column of the table of what each took.
    """
    guard = Guard(browser, width=390, phone=True)
    page = guard.context.new_page()
    taps = 0
    keys = 0

    def tap(selector: str) -> None:
        nonlocal taps
        taps += 1
        page.tap(selector)

    def next_box(
        text: str = "",
    ) -> None:  # type into the box that has the focus, then the keyboard's "next"
        nonlocal keys
        if text:
            page.keyboard.type(text)
        page.keyboard.press("Enter")
        keys += 1

    def focused() -> str:
        return page.evaluate(
            "document.activeElement.dataset.path || document.activeElement.dataset.action || ''"
        )

    def check_now() -> str:
        page.wait_for_selector(READY, timeout=STARTUP_MS)
        page.evaluate("document.querySelector('.referee-checker').removeAttribute('data-state')")
        tap("[data-action=check]")
        page.wait_for_selector(".referee-checker[data-state]")
        return page.get_attribute(".referee-checker", "data-state")

    page.goto(f"{base_url}/ru/catch-the-ten/")
    with page.expect_navigation():
        tap("a[href*='check-a-score/#game=catch-the-ten']")
    page.wait_for_selector(
        READY, timeout=STARTUP_MS
    )  # the referee is ready (a few seconds): "check" can be pressed
    players = ["Вера", "Аня", "Борис"]  # clockwise from the dealer, as the form asks
    tap("input[data-path='players[0]']")
    next_box(players[0])
    assert focused() == "players[1]"  # the next box, with the caret in it
    page.keyboard.type(players[1])
    tap("[data-action=add-player]")
    assert focused() == "players[2]"
    next_box(players[2])  # "next" after the last name moves on; it adds no seat
    assert page.locator("input[data-path^='players[']").count() == 3
    assert (
        page.inner_text("[data-path='deals[0].dealer'] [role=radio][aria-checked=true]") == "Вера"
    )
    assert focused() == "deals[0].taken.Вера.cards"
    tap("[data-path='deals[0].trump'] [role=radio]:text-is('♥')")
    tap("input[data-path='deals[0].taken.Вера.cards']")
    first = {"Вера": ("6", "К", "3"), "Аня": ("15", "В 10", "26"), "Борис": ("9", "Т Д", "8")}
    for row in first.values():
        for cell in row:
            next_box(cell)
    assert focused() == "check"  # after the last box, the next tap checks
    assert check_now() == "1"
    first_taps, first_keys = taps, keys
    assert first_taps <= 8, first_taps

    record: dict[str, Any] = {
        "game": "catch-the-ten",
        "notation": "ru",
        "players": players,
        "deals": [
            {
                "dealer": "Вера",
                "trump": "♥",
                "taken": {
                    p: {"cards": int(c), "honours": h.split()} for p, (c, h, _) in first.items()
                },
                "claim": {p: int(w) for p, (_, _, w) in first.items()},
            }
        ],
    }
    answer = json.loads(check(yaml.safe_dump(record, allow_unicode=True), "ru"))
    said = page.locator(".checker-sentences li > span").all_inner_texts()
    assert said == [s["text"] for s in answer["explain"]["sentences"]]
    assert said[0].startswith("Борис: записано 8, по правилам 6.")

    # The next deal, from the evening's scoresheet: the dealer moves on, the totals are carried.
    taps = keys = 0
    totals = answer["result"]["totals"]
    tap("[data-action=next-deal]")
    assert page.locator("fieldset.checker-deal").count() == 2
    assert page.locator("details.checker-deal-done[data-deal='1']:not([open])").count() == 1
    assert (
        page.inner_text(".checker-carried")
        == "Счёт перед этой сдачей: " + ", ".join(f"{p} {totals[p]}" for p in players) + "."
    )
    assert page.inner_text("[data-path='deals[1].dealer'] [role=radio][aria-checked=true]") == "Аня"
    second = {"Вера": ("9", "Т"), "Аня": ("6", ""), "Борис": ("15", "В 10 К Д")}
    record["deals"].append(
        {
            "dealer": "Аня",
            "trump": "♠",
            "taken": {p: {"cards": int(c), "honours": h.split()} for p, (c, h) in second.items()},
        }
    )
    scores = json.loads(check(yaml.safe_dump(record, allow_unicode=True), "ru"))["result"]["deals"][
        1
    ]["scores"]
    tap("[data-path='deals[1].trump'] [role=radio]:text-is('♠')")
    tap("input[data-path='deals[1].taken.Вера.cards']")
    for p, (cards, honours) in second.items():
        next_box(cards)
        next_box(honours)
        next_box(str(scores[p]))
    assert check_now() == "1", page.inner_text(
        ".checker-answer"
    )  # the first deal's 8 is still written
    assert all(
        s.startswith("Сдача 1: ")
        for s in page.locator(".checker-sentences li > span").all_inner_texts()
    )
    assert taps <= 6, taps
    record["deals"][1]["claim"] = scores
    expected = json.loads(check(yaml.safe_dump(record, allow_unicode=True), "ru"))["result"]
    assert shown_table(page)["total"] == {k: str(v) for k, v in expected["totals"].items()}
    kept = json.loads(page.evaluate("localStorage.getItem('referee-checker:sheet')"))["value"]
    assert len(kept["record"]["deals"]) == 2 and kept["record"]["deals"][1]["dealer"] == "Аня"
    # A reload at the game's address (the link the game page gave): the evening, as it was, and its
    # verdict at once: the kept one (the same sheet, build and language) as the page opens, before
    # the referee is up, then the live referee's in its place.
    page.add_init_script(FIRST_ANSWER)
    page.reload()
    page.wait_for_selector(".referee-checker[data-answer=live]", timeout=STARTUP_MS)
    assert page.evaluate("window.__firstAnswer") == ["kept", "1", False]
    assert page.locator("fieldset.checker-deal").count() == 2
    assert page.locator("input[data-path='players[2]']").input_value() == "Борис"
    assert page.get_attribute(".referee-checker", "data-state") == "1"
    assert shown_table(page)["total"] == {k: str(v) for k, v in expected["totals"].items()}
    # A changed sheet never shows the kept verdict: a score changed in the form, then a reload.
    tap("input[data-path='deals[1].claim.Вера']")
    page.keyboard.type("0")
    page.reload()
    page.wait_for_selector(READY, timeout=STARTUP_MS)
    assert page.evaluate("window.__firstAnswer") is None
    assert page.get_attribute(".referee-checker", "data-state") is None
    assert "Сдача 1" not in page.inner_text(".checker-answer")
    print(
        f"first dispute: {first_taps} taps, {first_keys} 'next' keys; next deal: {taps} taps, {keys} keys"
    )
    guard.close()


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
    assert (
        page.evaluate("document.documentElement.scrollWidth - document.documentElement.clientWidth")
        <= 1
    )
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


def test_share_links_are_read_only_as_far_as_the_referee_reads(shared: Any) -> None:
    """A link that inflates past 2 MB (a 130 KB link of 100 MB, 10 million newlines) is refused with a
    message and the page stays usable; 300,000 newlines (under the limit) fill the text box, the line
    numbers stop at a bound (one number per line overflowed the stack), and the referee answers as the
    CLI does."""
    import zlib

    page = shared
    for raw in (b"a" * 100_000_000, b"\n" * 10_000_000):
        packed = base64.urlsafe_b64encode(zlib.compress(raw, 9)).decode("ascii").rstrip("=")
        page.evaluate("location.hash = ''")
        page.evaluate("h => { location.hash = h }", "record=" + packed)
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


def test_a_worked_example_fills_the_form(shared: Any) -> None:
    page = shared
    page.evaluate("location.hash = 'game=yacht'")
    page.wait_for_function(
        "document.querySelector(\"select[data-path='game']\").value === 'yacht'"
        " || document.querySelector('[data-action=anew]')"
    )
    if page.locator("[data-action=anew]").count():  # a sheet in progress: the page asks first
        page.click("[data-action=anew]")
    page.wait_for_function("document.querySelector(\"select[data-path='game']\").value === 'yacht'")
    page.click("[data-action=sample]")
    page.wait_for_function(
        "document.querySelector(\"input[data-path='players[0]']\").value === 'Anna'"
    )
    text = (ROOT / "examples" / "yacht" / "three-players.yaml").read_text(encoding="utf-8")
    assert page.locator("input[data-path='deals[0].tricks.Anna']").input_value() == str(
        yaml.safe_load(text)["deals"][0]["tricks"]["Anna"]
    )
    assert verdict(page) == str(cli_json(text, "en")[0])


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
        "document.querySelector('.checker-share-url').value.includes('#record=')"
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


# -- a disputed deal of every game, through the form alone --------------------------------------------------

# The function that fills the form (its leading comment lines left out: page.evaluate takes a bare function).
FILL = "\n".join(
    line
    for line in (Path(__file__).parent / "checker_fill.js").read_text(encoding="utf-8").splitlines()
    if not line.startswith("//")
)


def disputed(slug: str, lang: str) -> dict[str, Any]:
    """The game's own summary example, in ``lang``'s names, with the first claim (or winner or loser) made wrong."""
    from referee.games import GAMES
    from referee.records.fields import spec_of
    from site_tools.published.checker import reader_record

    record = yaml.safe_load(reader_record(spec_of(GAMES[slug]).samples["summary"], lang))
    record.setdefault(
        "notation", "en"
    )  # the form starts in the page's notation; the examples write English
    players = [str(p) for p in record["players"]]
    for deal in record["deals"]:
        if isinstance(deal.get("claim"), dict):
            deal["claim"][next(iter(deal["claim"]))] += 1
            return record
        for key in ("claim", "winner", "loser"):
            if isinstance(deal.get(key), str) and deal[key] in players:
                deal[key] = next(p for p in players if p != deal[key])
                return record
    raise AssertionError(f"{slug}: no claim to dispute")


def settle(page: Any, record: dict[str, Any], lang: str) -> dict[str, Any]:
    """Fill the form with ``record``, press "check", and compare the answer with the referee's own."""
    assert page.evaluate(FILL, record) == [], record["game"]
    state = verdict(page)
    answer = json.loads(check(yaml.safe_dump(record, allow_unicode=True, sort_keys=False), lang))
    assert state == str(answer["status"]), (record["game"], page.inner_text(".checker-answer"))
    said = page.locator(".checker-sentences li")
    want = answer["explain"]["sentences"]
    assert said.count() == len(want), record["game"]
    for k, sentence in enumerate(want):
        item = said.nth(k)
        assert item.locator("span").first.inner_text() == sentence["text"], record["game"]
        assert item.locator("a.checker-rule").get_attribute("href") == sentence["href"], record[
            "game"
        ]
    return answer


def test_a_disputed_deal_of_every_game_is_settled_through_the_form(
    browser: Any, base_url: str
) -> None:
    """Russian on a phone for all thirteen games, German on a desktop for three; axe finds nothing, light or dark."""
    from referee.games import GAMES
    from tests.browser.test_site_frame import axe_violations as axe

    def axe_violations(page: Any) -> list[str]:
        # From the top: scrolled to the answer, a control under the sticky header would be measured against
        # the header's colour, which is not what the reader sees.
        page.evaluate("window.scrollTo(0, 0)")
        # The header swaps the page title back for the site name with a fade. The theme drops the title's
        # "active" class a frame or more after the scroll, so "no animation running" alone can be true
        # before the fade has begun (axe then met it half done, on some runs): wait for the class to go,
        # and then for the fade to end.
        page.wait_for_function(
            "() => !document.querySelector('.md-header__title')"
            ".classList.contains('md-header__title--active')"
            " && document.querySelector('.md-header').getAnimations({subtree: true}).length === 0"
        )
        return axe(page)

    guard = Guard(browser, width=390)
    page = guard.context.new_page()
    page.goto(f"{base_url}/ru/check-a-score/")
    page.wait_for_selector(READY, timeout=STARTUP_MS)
    for slug in GAMES:
        answer = settle(page, disputed(slug, "ru"), "ru")
        assert answer["status"] in (0, 1), slug
        assert (
            page.evaluate(
                "document.documentElement.scrollWidth - document.documentElement.clientWidth"
            )
            <= 1
        ), slug
        assert not page.evaluate(
            "[...document.querySelectorAll('.checker-form input')]"
            ".some(i => i.value.includes('[object'))"
        ), slug  # every value shown as written
        if (
            slug == "buy-or-pass"
        ):  # "took nothing" is one tap, and it is an empty list in the record
            assert (
                page.locator(
                    "[data-path='deals[0].tricks.Глеб'] [data-action=none][aria-pressed=true]"
                ).count()
                == 1
            )
            # The sentence speaks the table's unit: the disputed cell's roubles and kopecks, word for word.
            cell = page.locator(".checker-scores td.checker-disagrees").first
            who = cell.get_attribute("data-player")
            sentence = page.locator(f".checker-sentences li[data-player='{who}']").inner_text()
            right = cell.locator(".checker-score").inner_text()
            wrote = re.search(
                r"\u2212?\d+,\d\d\u00a0₽", cell.locator(".checker-claimed").inner_text()
            )
            assert wrote and f"записано {wrote[0]}, по правилам {right}." in sentence, (
                sentence,
                right,
            )
            assert re.search(
                r"кассе.* \d+,\d\d\u00a0₽", page.inner_text(".checker-termination")
            )  # the pot too
        if (
            slug == "comet"
        ):  # a disputed player's cell is on screen, not cut off: the table is stacked
            cell = page.locator(".checker-scores td.checker-disagrees").first.bounding_box()
            assert cell and cell["x"] >= 0 and cell["x"] + cell["width"] <= 390
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / "ru-checker-verdict-390.png"), full_page=True)
    problems = axe_violations(page)
    page.emulate_media(color_scheme="dark")
    problems += [f"dark: {v}" for v in axe_violations(page)]
    page.set_viewport_size({"width": 1280, "height": 900})
    page.goto(f"{base_url}/de/check-a-score/")
    page.wait_for_selector(READY, timeout=STARTUP_MS)
    for slug in ("catch-the-ten", "comet", "korol"):
        settle(page, disputed(slug, "de"), "de")
    problems += [f"de dark 1280: {v}" for v in axe_violations(page)]
    page.emulate_media(color_scheme="light")
    problems += [f"de light 1280: {v}" for v in axe_violations(page)]
    assert problems == [], "\n".join(problems)
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
