"""The practice table in the browser: a whole deal of every game played through the page, a forbidden move
refused with the referee's sentence and its rule link, the record downloaded and judged by ``referee check``
as the table judged it; Russian on a phone (touch, 390 px), German on a desktop (mouse and keyboard, 1280
px); axe finds nothing, light or dark. When the referee's files or the app's own modules do not arrive,
the page says so in the reader's language instead of loading for ever.

The reader's moves are random legal choices (the referee's own list of what he may do, drawn with a seeded
generator); Construction's long race is played with the table's "let the computer choose" button, but for
one move chosen by keyboard from a list of many (a kind of move with many places: the builds). Each
move is made as a person makes it: a tap or a click on a card, then on where it goes, or on a button; on
the desktop the first card of each deal is played with the keyboard (Tab into the hand, arrows, Enter).
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

from referee.cli.command import main
from referee.games import GAMES
from referee.present.verdicts import check_text
from referee.simulate.practice import act, duty_rule, new_table
from tests.browser.conftest import STARTUP_MS, Guard, sideways
from tests.test_table import _refused

SEED = 7
SEEDS = {"trump-seven": 11, "korol": 2, "buy-or-pass": 1}
"""Deals whose random choices reach the play (Trump 7's seed 7 is thrown in: nobody, or two, declare),
or the reader's own decisions before it: Korol's exchange with the King (the reader is the Soldier),
Buy or Pass's pick of a card laid down and its fined pass while holding the suit led."""
DECIDING = {
    "trump-seven": {"G1-R08"},
    "reunion": {"G2-R10"},
    "korol": {"G8-S13"},
    "buy-or-pass": {"G6-S5", "G6-S9", "G6-S15"},
    "minnesota-whist": {"MW-S6"},
    "yacht": {"Y-O6"},
}
"""The decisions the reader makes in these deals before or beside the play (a declaration, a bid, an
exchange with the King, the pick of a card laid down, a pass), each shown with its rule's link."""
STATE = ".table-app[data-state='{state}']"


def wait_settled(page: Any, chosen: int) -> str:
    """Wait until the page has answered the reader's ``chosen``-th move (or refused one), and after the last
    move until the verdict is shown ("scoring" comes between); its state."""
    page.wait_for_function(
        "n => { const app = document.querySelector('.table-app');"
        " return app && !['busy', 'loading', 'scoring'].includes(app.dataset.state)"
        " && Number(app.dataset.chosen) === n; }",
        arg=chosen,
        timeout=STARTUP_MS,
    )
    return page.get_attribute(".table-app", "data-state")


def make(page: Any, token: str, keyboard: bool = False) -> None:
    """Make the move ``token`` through the page: a card, a card and then its target, a target, or a button."""
    card, _, target = token.partition(">")
    if token.startswith("@"):
        page.locator(f".table-target[data-target='{token[1:]}']").first.click()
    elif page.locator(f".table-card[data-card='{card}']").count() and len(card) == 2:
        button = page.locator(f".table-card[data-card='{card}']")
        if keyboard:
            page.locator(".table-card[tabindex='0']").focus()
            while page.evaluate("document.activeElement.dataset.card") != card:
                page.keyboard.press("ArrowRight")
            page.keyboard.press("Enter")
        else:
            button.click()
        if target:
            page.locator(f".table-target[data-target='{target}']").first.click()
        elif page.locator(".table-alone").count():  # a card played to no target (a trail)
            page.locator(".table-alone").click()
    else:
        tried = page.locator(f".table-tries [data-token='{token}']")
        if tried.count():
            page.locator(".table-tries summary").click()
            tried.click()
        else:
            page.locator(f"[data-token='{token}']").first.click()


def axe_clean(page: Any) -> list[str]:
    """axe's violations on the page, light and then dark (the theme's own switch of schemes)."""
    from tests.browser.test_site_frame import axe_from_the_top

    found = []
    for scheme, body in (("light", "default"), ("dark", "slate")):
        page.emulate_media(
            color_scheme=scheme
        )  # the palette follows the system's scheme by default
        page.wait_for_function(
            "s => document.body.getAttribute('data-md-color-scheme') === s", arg=body
        )
        found += [f"{scheme}: {v}" for v in axe_from_the_top(page, every_animation=True)]
    page.emulate_media(color_scheme="light")
    return found


def play_a_deal(page: Any, base_url: str, slug: str, lang: str, keyboard: bool, tmp: Path) -> None:
    """One whole deal of ``slug`` through the page, one forbidden move on the way, the record checked."""
    seed = SEEDS.get(slug, SEED)
    page.goto(f"{base_url}/{lang}/play-a-hand/#game={slug}&seed={seed}")
    wait_settled(page, 0)
    rng = random.Random(f"{slug}-{lang}")
    chosen: list[str] = []
    refused = False
    first = True
    linked: set[str] = set()
    fined = False  # Buy or Pass: a pass while holding the suit led, chosen through its button
    listed = False  # Construction: a move chosen from a list of many (by keyboard, on the desktop)
    while page.get_attribute(".table-app", "data-state") == "ready":
        table = new_table(
            slug, seed, lang, chosen
        )  # the referee's list of what the reader may do now
        rule = table.ask.rule
        if rule is not None and rule not in linked:  # a decision of the rules: its words link to it
            link = page.locator(".table-duty-rule a.table-rule")
            assert link.get_attribute("href") == duty_rule(table, rule)["href"], (slug, rule)
            assert rule in link.inner_text()
            linked.add(rule)
        if not refused:
            found = _refused(table)
            if found is not None:
                token, _error = found
                make(page, token)
                page.wait_for_selector(".table-refusal")
                text = page.locator(".table-refusal-text").inner_text()
                href = page.locator(".table-refusal a.table-rule").get_attribute("href")
                assert text and href.startswith(f"../{slug}/#"), (slug, text, href)
                expected = json.loads(act(slug, seed, lang, chosen, token))["refusal"]
                assert (text, href) == (expected["text"], expected["href"]), slug
                assert page.get_attribute(".table-app", "data-chosen") == str(len(chosen))
                if page.locator(".table-cancel").count():
                    page.locator(".table-cancel").click()
                refused = True
        if (
            slug == "construction"
            and keyboard
            and not listed
            and page.locator(".table-move-list").count()
        ):
            # A kind of move with many moves (the builds, a token's paths) is a list, not a button each:
            # by keyboard, the list's next move (arrow down), then Tab to its button and Enter.
            listed = True
            problems = axe_clean(page)
            assert problems == [], problems
            page.locator(".table-move-list").first.focus()
            page.keyboard.press("ArrowDown")
            token = page.locator(".table-move-list").first.input_value()
            assert token in {c.token for c in table.ask.choices}, token
            assert token != page.locator(".table-move-list option").first.get_attribute("value")
            page.keyboard.press("Tab")
            page.keyboard.press("Enter")
        elif slug == "construction":
            token = table.ask.auto().token
            page.locator(".table-hint").click()
        else:
            token = rng.choice(table.ask.choices).token
            make(page, token, keyboard and first and table.ask.choices[0].card is not None)
            first = False
            fined = fined or (rule == "G6-S15" and token == "pass")
        chosen.append(token)
        wait_settled(page, len(chosen))
    assert refused, f"{slug}: no forbidden move was tried"
    assert linked or slug not in DECIDING, (
        f"{slug}: no decision of the rules was shown with its rule"
    )
    assert page.get_attribute(".table-app", "data-state") == "over", slug
    assert listed or slug != "construction" or not keyboard, "construction: no list of moves used"
    page.wait_for_selector(".table-verdict .table-download")
    shown = [li.inner_text() for li in page.locator(".table-sentences li").all()]
    assert shown and all(s.strip() for s in shown)
    with page.expect_download() as download:
        page.locator(".table-download").click()
    path = tmp / f"{slug}-{lang}.yaml"
    download.value.save_as(path)
    status = main(["check", str(path), "--json", "--lang", lang])
    # Clean, but for a fined pass while holding the suit led (Buy or Pass), which the verdict reports.
    judged = check_text(new_table(slug, seed, lang, chosen).record_text())
    assert status == judged.exit_status, slug
    assert {f.code for f in judged.findings} <= {"play.pass_holding_suit"}, slug
    scores = page.locator(".table-scores tbody tr").first.locator("td").all_inner_texts()
    assert scores, slug
    return None


@pytest.mark.parametrize(
    ("lang", "width", "phone"), [("ru", 390, True), ("de", 1280, False)], ids=["ru-390", "de-1280"]
)
def test_a_whole_deal_of_every_game_through_the_page(
    browser: Any, base_url: str, lang: str, width: int, phone: bool, tmp_path: Path, capsys: Any
) -> None:
    guard = Guard(browser, width=width, phone=phone)
    page = guard.context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    problems: list[str] = []
    for k, slug in enumerate(GAMES):
        play_a_deal(page, base_url, slug, lang, keyboard=not phone, tmp=tmp_path)
        capsys.readouterr()
        assert sideways(page) <= 1, slug
        if k % 4 == 0:  # the page at a deal's end, every few games: the verdict, the log, the marks
            problems += [f"{slug}: {v}" for v in axe_clean(page)]
    page.goto(f"{base_url}/{lang}/play-a-hand/#game=catch-the-ten&seed={SEED + 1}")
    wait_settled(page, 0)
    problems += [f"start: {v}" for v in axe_clean(page)]
    assert problems == []
    assert errors == []
    guard.close()


def test_the_table_deals_again_offline_after_one_visit(browser: Any, base_url: str) -> None:
    """One visit with the service worker on; then, with the network cut, another game is dealt and played."""
    context = browser.new_context(service_workers="allow")
    page = context.new_page()
    page.goto(f"{base_url}/ru/play-a-hand/#game=comet&seed=3")
    wait_settled(page, 0)
    page.wait_for_selector("html[data-offline='kept']", timeout=STARTUP_MS)
    page.close()
    context.set_offline(True)
    page = context.new_page()
    page.goto(f"{base_url}/ru/play-a-hand/#game=yacht&seed=4")
    wait_settled(page, 0)
    page.locator(".table-hint").click()
    assert wait_settled(page, 1) in ("ready", "over")
    context.close()


def test_the_table_runs_under_the_site_s_policy(browser: Any, site: Path) -> None:
    """With the Content-Security-Policy header a host is told to send, the table deals and plays, and the
    browser reports no violation."""
    from tests.browser.conftest import serving
    from tests.browser.test_csp import VIOLATIONS, WithPolicy

    with serving(site, WithPolicy) as address:
        context = browser.new_context(service_workers="block")
        context.add_init_script(VIOLATIONS)
        page = context.new_page()
        page.goto(f"{address}/de/play-a-hand/#game=construction&seed=2")
        wait_settled(page, 0)
        page.locator(".table-hint").click()
        wait_settled(page, 1)
        page.wait_for_selector(".table-picture svg")
        assert page.evaluate("window.__violations") == []
        context.close()


def test_the_reader_chooses_how_many_sit_at_the_table(
    browser: Any, base_url: str, tmp_path: Path
) -> None:
    """Six at Catch the Ten instead of four, chosen with the page's own control: the deal has six seats,
    its link says so and a reload deals the same six hands; the deal is played out with the keyboard's
    help button and its record, downloaded, is the one the referee deals for six."""
    context = browser.new_context(service_workers="block")
    page = context.new_page()
    page.goto(f"{base_url}/de/play-a-hand/#game=catch-the-ten&seed=5")
    wait_settled(page, 0)
    assert page.locator(".table-seat").count() == 4 and "players=" not in page.url
    page.locator(".table-players").select_option("6")
    page.locator(".table-deal").click()
    page.wait_for_function("() => location.hash.includes('players=6')")
    wait_settled(page, 0)
    assert page.locator(".table-seat").count() == 6
    seed = int(page.url.split("seed=")[1].split("&")[0])
    page.locator(".table-hint").click()
    wait_settled(page, 1)
    page.reload()
    wait_settled(page, 1)  # the same deal, the reader's move replayed
    assert page.locator(".table-seat").count() == 6 and "players=6" in page.url
    assert page.locator(".table-players").input_value() == "6"
    chosen = 1
    while page.get_attribute(".table-app", "data-state") == "ready":
        page.locator(".table-hint").click()
        chosen += 1
        wait_settled(page, chosen)
    with page.expect_download() as download:
        page.locator(".table-download").click()
    path = tmp_path / "six.yaml"
    download.value.save_as(path)
    played = page.evaluate("JSON.parse(localStorage.getItem('referee-table:de')).value.chosen")
    expected = new_table("catch-the-ten", seed, "de", played, players=6).record_text()
    assert path.read_text(encoding="utf-8") == expected
    assert check_text(expected).exit_status == 0
    context.close()


PYODIDE_FILES = ("/checker/pyodide/", "/checker/snapshot-", "/checker/stdlib-", "/checker/referee-")
"""Python's files and the referee's: the worker fetches them, after the page's own scripts."""


def test_a_referee_that_cannot_start_is_said_and_a_reload_recovers(
    browser: Any, base_url: str
) -> None:
    """Python's and the referee's files do not arrive (the connection drops on a first visit, after
    the page's own scripts): the table says the referee could not start, in the reader's language,
    instead of loading for ever, and keeps its deal button; once the files arrive, a reload deals."""
    context = browser.new_context(service_workers="block")
    page = context.new_page()

    def cut(url: str) -> bool:
        return any(part in url for part in PYODIDE_FILES)

    page.route(cut, lambda route: route.abort("connectionreset"))
    page.goto(f"{base_url}/de/play-a-hand/#game=comet&seed=3")
    page.wait_for_selector(".table-app[data-state='failed']", timeout=STARTUP_MS)
    said = page.locator(".table-status").inner_text()
    assert said.startswith("Der Schiedsrichter konnte nicht starten:")
    assert page.locator(".table-deal").is_enabled()
    page.unroute(cut)
    page.reload()
    assert wait_settled(page, 0) == "ready"
    assert page.locator(".table-seat").count() == 3
    context.close()


@pytest.mark.parametrize(
    ("lang", "page_name", "status", "said"),
    [
        ("ru", "check-a-score", ".checker-status", "Арбитр не запустился: часть его файлов"),
        ("en", "play-a-hand", ".table-status", "The referee could not start: some of its files"),
    ],
)
def test_an_app_whose_modules_do_not_arrive_says_so(
    browser: Any, base_url: str, lang: str, page_name: str, status: str, said: str
) -> None:
    """The checker's or the table's own modules (its rendering library) do not arrive: the app cannot
    run at all, and its status line says why and what to do, in the reader's language."""
    context = browser.new_context(service_workers="block")
    page = context.new_page()
    page.route("**/checker/lib/**", lambda route: route.abort("connectionreset"))
    prefix = "" if lang == "en" else f"/{lang}"
    page.goto(f"{base_url}{prefix}/{page_name}/")
    page.wait_for_function(
        "([selector, said]) => document.querySelector(selector).textContent.startsWith(said)",
        arg=[status, said],
        timeout=STARTUP_MS,
    )
    context.close()
