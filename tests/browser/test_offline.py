"""Offline: after one visit, the score checker and a game page open again with the network cut.

The context lets the site's service worker run (the other browser tests block it, so that each of
their visits is a first one).
"""

from __future__ import annotations

import json
from typing import Any
from urllib.parse import urlparse

from tests.browser.conftest import LOCAL_HOSTS
from tests.browser.test_checker import READY, STARTUP_MS, cli_json, fragment_for, verdict
from tests.conftest import ROOT

KEPT = "html[data-offline='kept']"


def test_the_checker_and_a_game_page_open_again_offline(browser: Any, base_url: str) -> None:
    foreign: list[str] = []
    context = browser.new_context(service_workers="allow")
    context.on(
        "request",
        lambda r: (
            urlparse(r.url).hostname in LOCAL_HOSTS
            or r.url.startswith(("data:", "blob:", "about:"))
            or foreign.append(r.url)
        ),
    )
    page = context.new_page()
    # The first visit is the checker's (from a shared link, say): the service worker starts while the
    # page loads, and keeps what the page and its Web Worker fetched before it was there.
    page.goto(f"{base_url}/check-a-score/")
    page.wait_for_selector(READY, timeout=STARTUP_MS)
    page.wait_for_selector(KEPT, timeout=STARTUP_MS)
    page.goto(f"{base_url}/yacht/")
    page.wait_for_selector(KEPT, timeout=60_000)
    # Installable: the manifest names the site and its icons, which the site has.
    manifest = page.evaluate(
        "fetch(document.querySelector('link[rel=manifest]').href).then(r => r.json())"
    )
    assert manifest["display"] == "standalone" and manifest["start_url"] == "./"
    for icon in manifest["icons"]:
        assert page.evaluate("u => fetch(u).then(r => r.ok)", f"{base_url}/{icon['src']}"), icon
    page.close()

    context.set_offline(True)
    page = context.new_page()
    text = (ROOT / "examples" / "yacht" / "three-players.yaml").read_text(encoding="utf-8")
    page.goto(f"{base_url}/check-a-score/" + fragment_for(text))
    page.wait_for_selector(READY, timeout=STARTUP_MS)
    assert page.get_attribute(".referee-checker", "data-start") == "snapshot"
    assert verdict(page) == str(cli_json(text, "en")[0])
    page.goto(f"{base_url}/yacht/")
    assert "Yacht" in page.inner_text("h1")
    context.close()
    assert foreign == [], f"requests to other hosts: {foreign}"


def test_the_service_worker_is_versioned_by_the_build(site: Any) -> None:
    """A new build is a new page cache (the old pages are never served once the new ones are online)."""
    from site_tools.published import offline

    sw = (site / "sw.js").read_text(encoding="utf-8")
    assert f"const BUILD = {json.dumps(offline.build_version())};" in sw
    assert "%CHECKER%" not in sw and json.dumps(offline.checker_files()) in sw
    for name in offline.checker_files():
        assert (site / name).is_file(), name
    manifest = json.loads((site / "manifest.webmanifest").read_text(encoding="utf-8"))
    assert all((site / icon["src"]).is_file() for icon in manifest["icons"])


def test_every_game_saved_from_the_home_page_opens_offline(browser: Any, base_url: str) -> None:
    """The home page's "Save every game's rules for offline": then a game page never visited opens offline."""
    from referee.games import GAMES
    from site_tools.pages.frame import frame_text

    context = browser.new_context(service_workers="allow")
    page = context.new_page()
    page.goto(f"{base_url}/ru/")
    page.wait_for_selector(KEPT, timeout=60_000)  # the page's own styles and scripts are kept
    page.click(".cr-keep button")
    page.wait_for_selector("html[data-offline-games]", timeout=60_000)
    done = frame_text("keep.done", "ru").replace("{n}", str(len(GAMES)))
    assert page.inner_text(".cr-keep-status") == done
    page.close()

    context.set_offline(True)
    page = context.new_page()
    game = next(g for g in GAMES.values() if g.slug != "yacht")
    page.goto(f"{base_url}/ru/{game.slug}/")
    assert page.inner_text("h1").startswith(game.name("ru").split(" (")[0])
    # Styled, not bare text: the theme's stylesheet came from the cache too.
    assert (
        page.evaluate("getComputedStyle(document.querySelector('.md-header')).position") != "static"
    )
    context.close()

    # A browser without a service worker says so instead of pretending.
    context = browser.new_context(service_workers="block")
    context.add_init_script("delete Navigator.prototype.serviceWorker")
    page = context.new_page()
    page.goto(f"{base_url}/de/")
    page.click(".cr-keep button")
    assert page.inner_text(".cr-keep-status") == frame_text("keep.cannot", "de")
    context.close()
