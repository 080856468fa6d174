"""Offline: one visit fetches each file once, then the reader's whole language opens without a network.

The contexts let the site's service worker run (the other browser tests block it, so that each of
their visits is a first one).
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any, ClassVar

import pytest

from tests.browser.checker_page import cli_json, fragment_for, verdict
from tests.browser.conftest import READY, STARTUP_MS, Quiet, note_other_hosts, serving
from tests.conftest import ROOT, SUB_PATH

READY_OFFLINE = "html[data-offline='ready']"


class Logging(Quiet):
    """The site, with every request's path written down (the query left out)."""

    paths: ClassVar[list[str]] = []

    def send_head(self) -> Any:
        self.paths.append(self.path.split("?")[0])
        return super().send_head()


@pytest.fixture(scope="module")
def logged_url(served_root: Path) -> Iterator[str]:
    with serving(served_root, Logging) as address:
        yield address + SUB_PATH


def test_one_visit_fetches_each_file_once_and_the_whole_language_opens_offline(
    browser: Any, logged_url: str, site: Path
) -> None:
    from referee.games import GAMES
    from site_tools.pages.frame import frame_text
    from site_tools.published.offline import language_files

    titles = dict(language_files(site)["ru"]["pages"])

    foreign: list[str] = []
    context = browser.new_context(service_workers="allow")
    note_other_hosts(context, foreign)
    Logging.paths.clear()
    page = context.new_page()
    # The first visit is the checker's (from a shared link, say): its worker fetches Python and the
    # snapshot and keeps them; the service worker, which starts meanwhile, keeps the rest of the
    # language in the background and says so at the foot of the page.
    page.goto(f"{logged_url}/ru/check-a-score/")
    page.wait_for_selector(READY, timeout=STARTUP_MS)
    page.wait_for_selector(READY_OFFLINE, timeout=STARTUP_MS)
    assert page.inner_text("article .cr-keep-status") == frame_text("keep.done", "ru")
    # sw.js aside: the browser checks its worker's script for an update by its own rules, and the
    # host's Cache-Control decides whether the check reaches it (this plain server sends none; with
    # max-age, as the benchmark's host sends, it is fetched once too).
    twice = {p: n for p, n in Counter(Logging.paths).items() if n > 1 and not p.endswith("/sw.js")}
    assert twice == {}, f"fetched more than once: {twice}"
    assert any(path.endswith(".wasm") for path in Logging.paths)
    assert any("/ru/" in p and p.endswith(f"/{next(iter(GAMES))}/") for p in Logging.paths)
    assert not any(p.startswith(f"{SUB_PATH}/de/") for p in Logging.paths)  # one language only
    page.close()

    context.set_offline(True)
    page = context.new_page()
    for game in GAMES.values():  # every game's page, as built
        page.goto(f"{logged_url}/ru/{game.slug}/")
        assert page.title() == titles[f"ru/{game.slug}/"] and page.locator("h1").count() == 1
    # Styled, not bare text: the theme's stylesheet came from the cache too.
    assert (
        page.evaluate("getComputedStyle(document.querySelector('.md-header')).position") != "static"
    )
    text = (ROOT / "examples" / "yacht" / "three-players.yaml").read_text(encoding="utf-8")
    page.goto(f"{logged_url}/ru/check-a-score/" + fragment_for(text))
    page.wait_for_selector(READY, timeout=STARTUP_MS)
    assert page.get_attribute(".referee-checker", "data-start") == "snapshot"
    assert verdict(page) == str(cli_json(text, "ru")[0])

    # A German page was never kept: the offline page, in the reader's language (the page the link
    # was followed from), links to what is kept.
    page.goto(f"{logged_url}/de/yacht/", referer=f"{logged_url}/ru/yacht/")
    assert page.inner_text("h1") == frame_text("offline.title", "ru")
    assert page.get_attribute("html", "lang") == "ru"
    links = page.eval_on_selector_all("main a[href*='/ru/']", "as => as.map(a => a.href)")
    assert f"{logged_url}/ru/yacht/" in links and len(links) > len(GAMES)
    page.goto(links[-1])
    assert page.locator(".md-header").count() == 1  # a kept page opens from there
    context.close()
    assert foreign == [], f"requests to other hosts: {foreign}"


def test_the_service_worker_lists_each_language_from_the_built_site(site: Any) -> None:
    """A new build is a new page cache; every file the worker would keep for offline is in the site."""
    from site_tools.published import offline

    sw = (site / "sw.js").read_text(encoding="utf-8")
    assert f"const BUILD = {json.dumps(offline.build_version())};" in sw
    assert "%LANGUAGES%" not in sw and "%WORDS%" not in sw
    languages = offline.language_files(site)
    assert set(languages) == {"en", "ru", "de"} and languages["ru"]["prefix"] == "ru/"
    for lang, entry in languages.items():
        for address, title in entry["pages"]:
            assert (site / address / "index.html").is_file() and title, (lang, address)
        for name in entry["files"]:
            assert (site / name).is_file(), name
        assert set(offline.checker_files(site)) <= set(entry["files"])
    assert not any(a.startswith(("ru/", "de/")) for a, _ in languages["en"]["pages"])
    manifest = json.loads((site / "manifest.webmanifest").read_text(encoding="utf-8"))
    assert all((site / icon["src"]).is_file() for icon in manifest["icons"])


def test_the_home_page_says_when_its_language_is_offline(browser: Any, base_url: str) -> None:
    from site_tools.pages.frame import frame_text

    context = browser.new_context(service_workers="allow")
    page = context.new_page()
    page.goto(f"{base_url}/de/")
    page.wait_for_selector(READY_OFFLINE, timeout=STARTUP_MS)
    assert page.inner_text(".cr-keep-status") == frame_text("keep.done", "de")
    context.close()

    # A browser without a service worker says so instead of pretending.
    context = browser.new_context(service_workers="block")
    context.add_init_script("delete Navigator.prototype.serviceWorker")
    page = context.new_page()
    page.goto(f"{base_url}/de/")
    assert page.inner_text(".cr-keep-status") == frame_text("keep.cannot", "de")
    context.close()
