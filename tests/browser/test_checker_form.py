"""The score checker filled in through its form, in a real browser, as a player copies a scoresheet.

A Russian player's first dispute and the evening's next deal (the taps counted, the sheet kept on the
device), a worked example put into the form, and a disputed deal of every game entered through the form,
each verdict compared with the command line's. Every request to a host other than 127.0.0.1 is refused
and fails the test.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any
from urllib.parse import urlparse

import yaml

from referee.present.web import check
from tests.browser.checker_page import cli_json, disputed, shown_table, verdict
from tests.browser.conftest import READY, SHOTS, STARTUP_MS, Guard, sideways
from tests.conftest import ROOT, SUB_PATH, without_lines

# The first verdict a page showed: [data-answer ("kept" or "live"), data-state, whether the referee
# was ready then], recorded from the page's first script on (a kept verdict shows before the referee).
FIRST_ANSWER = """window.__firstAnswer = null;
new MutationObserver((_, observer) => {
  const root = document.querySelector(".referee-checker[data-state]");
  if (!root) return;
  window.__firstAnswer = [root.dataset.answer, root.dataset.state, root.dataset.ready === "true"];
  observer.disconnect();
}).observe(document, { subtree: true, attributes: true, attributeFilter: ["data-state"] });"""
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
    assert sideways(page) <= 1
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
        return verdict(page, tap)

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


def test_a_worked_example_fills_the_form(shared: Any) -> None:
    page = shared
    page.evaluate("location.hash = 'game=yacht'")
    page.wait_for_function(
        "() => document.querySelector(\"select[data-path='game']\").value === 'yacht'"
        " || document.querySelector('[data-action=anew]')"
    )
    if page.locator("[data-action=anew]").count():  # a sheet in progress: the page asks first
        page.click("[data-action=anew]")
    page.wait_for_function(
        "() => document.querySelector(\"select[data-path='game']\").value === 'yacht'"
    )
    page.click("[data-action=sample]")
    page.wait_for_function(
        "() => document.querySelector(\"input[data-path='players[0]']\").value === 'Anna'"
    )
    text = (ROOT / "examples" / "yacht" / "three-players.yaml").read_text(encoding="utf-8")
    assert page.locator("input[data-path='deals[0].tricks.Anna']").input_value() == str(
        yaml.safe_load(text)["deals"][0]["tricks"]["Anna"]
    )
    assert verdict(page) == str(cli_json(text, "en")[0])


# -- a disputed deal of every game, through the form alone --------------------------------------------------

# The function that fills the form (its leading comment lines left out: page.evaluate takes a bare function).
FILL = "\n".join(
    line
    for line in (Path(__file__).parent / "checker_fill.js").read_text(encoding="utf-8").splitlines()
    if not line.startswith("//")
)


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
    from tests.browser.test_site_frame import axe_from_the_top

    guard = Guard(browser, width=390)
    page = guard.context.new_page()
    page.goto(f"{base_url}/ru/check-a-score/")
    page.wait_for_selector(READY, timeout=STARTUP_MS)
    for slug in GAMES:
        answer = settle(page, disputed(slug, "ru"), "ru")
        assert answer["status"] in (0, 1), slug
        assert sideways(page) <= 1, slug
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
    problems = axe_from_the_top(page)
    page.emulate_media(color_scheme="dark")
    problems += [f"dark: {v}" for v in axe_from_the_top(page)]
    page.set_viewport_size({"width": 1280, "height": 900})
    page.goto(f"{base_url}/de/check-a-score/")
    page.wait_for_selector(READY, timeout=STARTUP_MS)
    for slug in ("catch-the-ten", "comet", "korol"):
        settle(page, disputed(slug, "de"), "de")
    problems += [f"de dark 1280: {v}" for v in axe_from_the_top(page)]
    page.emulate_media(color_scheme="light")
    problems += [f"de light 1280: {v}" for v in axe_from_the_top(page)]
    assert problems == [], "\n".join(problems)
    guard.close()
