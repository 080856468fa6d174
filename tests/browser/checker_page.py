"""Driving the score checker's page in the browser tests: a record put in, "check" pressed, the answer read.

Also what the command line says about the same record, to compare with, and a disputed deal of a game.
"""

from __future__ import annotations

import base64
import json
import zlib
from collections.abc import Callable
from typing import Any

import yaml

from referee.present.web import check
from site_tools.published.checker import checker_href


def fragment_for(text: str) -> str:
    return checker_href("index", record=text).removeprefix("check-a-score/")


def open_record(page: Any, text: str) -> str:
    """Put a record into the page through a link's fragment (the page stays; the worker too).

    The page opens on the verdict: wait for it, and return its state (the exit status).
    """
    page.evaluate("location.hash = ''")
    page.wait_for_function(
        "() => document.querySelector('.referee-checker').getAttribute('aria-busy') === null"
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


def verdict(page: Any, press: Callable[[str], Any] | None = None) -> str:
    """Press "check" (``press``, given its selector, as a person does it: a click by default) and wait for
    the answer; return its state (the exit status)."""
    page.evaluate("document.querySelector('.referee-checker').removeAttribute('data-state')")
    (press or page.click)("[data-action=check]")
    page.wait_for_selector(".referee-checker[data-state]")
    return page.get_attribute(".referee-checker", "data-state")


def cli_json(text: str, lang: str) -> tuple[int, dict[str, Any]]:
    """What ``referee check --json --lang`` prints for a record, and its exit status."""
    answer = json.loads(check(text, lang))
    return answer["status"], answer["result"]


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


def packed(raw: bytes, wrap: Any = None) -> str:
    """``raw`` as a share link's fragment writes it: deflated (or as ``wrap`` packs it), in URL-safe base64."""
    data = zlib.compress(raw, 9) if wrap is None else wrap(raw)
    return base64.urlsafe_b64encode(data).decode().rstrip("=")


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
