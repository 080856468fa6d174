"""The score checker typed into as a person types (issue 34): real key events, a tap or a click into each box.

For each of the 13 games, a disputed deal is entered from the form alone, at 390 px with touch and at
1280 px with a mouse: Playwright's keyboard sends real key events (the theme's shortcuts would hear them),
and the test taps or clicks into each next box as a person does. Half-way it reloads the page and finds
every value back; at the end the record that was checked holds every value typed, and the verdict is the
command line's. Also here: a shared link opened in a fresh browser, a damaged link, a link that finds a
sheet in progress, bytes that are not UTF-8.
"""

from __future__ import annotations

import json
import zlib
from collections.abc import Callable
from typing import Any

import pytest
import yaml

from referee.errors import format_path
from referee.games import GAMES as REGISTRY
from referee.present.web import check
from tests.browser.checker_page import disputed, packed, verdict
from tests.browser.conftest import READY, STARTUP_MS, Guard

GAMES = tuple(REGISTRY)  # every game, in the order the site lists them
SHEET = "referee-checker:sheet"


def axe_both_schemes(page: Any) -> list[str]:
    """axe-core's violations on the checker in light and in dark, seen from the top of the page."""
    from tests.browser.test_site_frame import axe_from_the_top

    found = []
    for scheme in ("light", "dark"):
        page.emulate_media(color_scheme=scheme)
        found += [f"{scheme}: {v}" for v in axe_from_the_top(page)]
    page.emulate_media(color_scheme="light")
    return found


def leaves(record: dict[str, Any]) -> list[tuple[list[Any], Any]]:
    """Every value of the record a person enters, in the order the form asks (dealers first in a deal)."""
    out: list[tuple[list[Any], Any]] = []

    def walk(value: Any, parts: list[Any]) -> None:
        if value is None:
            return
        if isinstance(value, dict) and value:
            for k, v in value.items():
                walk(v, [*parts, k])
        else:
            out.append((parts, value))

    # The notation first (it says how the cards that follow are written), then the record's order.
    for key, value in sorted(record.items(), key=lambda kv: kv[0] != "notation"):
        if key in ("game", "players", "teams", "expected"):
            continue
        if key == "deals":
            for i, deal in enumerate(value):
                first = [(["deals", i, "dealer"], deal["dealer"])] if "dealer" in deal else []
                rest: list[tuple[list[Any], Any]] = []
                for k, v in deal.items():
                    if k != "dealer":
                        mark = len(out)
                        walk(v, ["deals", i, k])
                        rest += out[mark:]
                        del out[mark:]
                out += first + rest
        else:
            walk(value, [key])
    return out


class Person:
    """Taps (touch) or clicks (mouse) into a control, then types on the keyboard, and counts the taps."""

    def __init__(self, page: Any, touch: bool, lang: str) -> None:
        self.page, self.touch, self.lang, self.taps = page, touch, lang, 0

    def tap(self, locator: Any) -> None:
        self.taps += 1
        locator.scroll_into_view_if_needed()
        if self.touch:
            locator.tap()
        else:
            locator.click()

    def press(self, selector: str) -> None:
        """Tap or click the control ``selector`` names."""
        self.tap(self.page.locator(selector))

    def into(self, locator: Any, text: str) -> None:
        """Into a box: tap it, check the caret is there, type (real key events), and stay on the page."""
        self.open_folds(locator)
        self.tap(locator)
        url = self.page.url
        assert locator.evaluate("box => box === document.activeElement"), (
            "the tapped box has the focus"
        )
        self.page.keyboard.press("ControlOrMeta+a")
        self.page.keyboard.type(text)
        assert self.page.url == url, "typing fired no shortcut"
        assert locator.evaluate("box => box === document.activeElement"), (
            "the focus stayed while typing"
        )

    def open_folds(self, locator: Any) -> None:
        """A person opens what is folded over the control (the setup, "More", a checked deal)."""
        if not locator.evaluate("c => Boolean(c.closest('details:not([open])'))"):
            return  # nothing folded over it (one round trip, the usual case)
        for _ in range(4):
            summary = locator.evaluate_handle(
                "c => { const d = c.closest('details:not([open])'); return d && d.querySelector(':scope > summary'); }"
            )
            if summary.json_value() is None:
                return
            self.tap(summary.as_element())

    def choose(self, group: Any, value: Any) -> None:
        tag, listed = group.evaluate("g => [g.tagName, g.dataset.values]")
        values = json.loads(listed)
        at = next(k for k, v in enumerate(values) if v == value or str(v) == str(value))
        self.open_folds(group)
        if tag == "SELECT":
            self.taps += 1
            # by the option's value (Playwright would also match a label: "5" is the label of 3)
            index = group.evaluate(
                "(s, v) => [...s.options].findIndex((o) => o.value === v)", str(at)
            )
            group.select_option(index=index)
        else:
            self.tap(group.locator("[role=radio]").nth(at))

    def text_of(self, box: Any, value: Any) -> str:
        if box.evaluate("b => b.classList.contains('checker-money')"):
            return f"{value / 100:g}"
        if isinstance(value, list):
            if box.evaluate("b => b.tagName") == "TEXTAREA":
                return "\n".join(map(str, value))
            german_cards = self.lang == "de" and any(" " in str(v) for v in value)
            return (", " if german_cards else " ").join(map(str, value))
        return str(value)


def control(page: Any, path: str) -> Any:
    return page.locator(
        f'.checker-form [data-path="{path}"]:is(input, select, textarea, [role=radiogroup])'
    ).first


KIND_AT = """p => {
  const form = document.querySelector(".checker-form");
  if (form.querySelector(`[data-path="${CSS.escape(p)}"][data-kind=moves]`)) return "moves";
  const box = form.querySelector(`[data-path="${CSS.escape(p)}"]:is(input, select, textarea, [role=radiogroup])`);
  return box ? box.getAttribute("role") || box.tagName : null;
}"""


def moves_of(page: Any, path: str) -> Any:
    """Construction's race entered turn by turn (moves-view.js), if the form asks it so at ``path``."""
    return page.locator(f'.checker-form [data-path="{path}"][data-kind=moves]')


def shown_lines(page: Any, path: str) -> list[str]:
    """The line each turn's pickers stand for, as the form shows them."""
    return moves_of(page, path).evaluate(
        "box => [...box.querySelectorAll('.checker-turn')].map((turn) => turn.dataset.line)"
    )


def enter_turns(
    person: Person, path: str, lines: list[str], halfway: Callable[[list[str]], None] | None = None
) -> None:
    """Each turn with the pickers, as a person enters a race: add a turn, pick its card's rank and suit,
    its use, the small token, and type each place's column and row (a tick for a card laid across)."""
    page = person.page
    for k, line in enumerate(lines):
        person.tap(moves_of(page, path).locator("[data-action=add-turn]"))
        turn = f"{path}[{k}]"
        page.wait_for_function(  # the new turn's first picker has the focus
            "p => document.activeElement && document.activeElement.dataset.path === p",
            arg=f"{turn}.rank",
        )
        words = line.split()
        card, use, rest = words[0], words[1], words[2:]
        person.choose(control(page, f"{turn}.rank"), card[:-1])
        person.choose(control(page, f"{turn}.suit"), card[-1])
        person.choose(control(page, f"{turn}.use"), use)
        if use == "small":
            person.choose(control(page, f"{turn}.token"), int(rest[0]))
            rest = rest[1:]
        for i, place in enumerate(rest):
            where = f"{turn}.places[{i}]"
            if control(page, f"{where}.column").count() == 0:
                person.tap(page.locator(f'[data-path="{turn}"] [data-action=add-place]'))
            column, row = place.lstrip("H").split(":")
            person.into(control(page, f"{where}.column"), column)
            person.into(control(page, f"{where}.row"), row)
            if place.startswith("H"):
                person.tap(page.locator(f'[data-path="{where}.across"]'))
        assert page.get_attribute(f'[data-path="{turn}"]', "data-line") == line, (k, line)
        if (
            halfway is not None and k == len(lines) // 2
        ):  # the page reloaded in the middle of the race
            halfway(lines[: k + 1])


def enter(person: Person, parts: list[Any], value: Any) -> None:
    page = person.page
    path = format_path(tuple(parts))
    kind = page.evaluate(KIND_AT, path)  # one round trip for what the form shows there
    if kind == "moves":
        enter_turns(person, path, value)
        return
    box = control(page, path)
    if kind is None:  # players in order: one choice a place
        for i, v in enumerate(value if isinstance(value, list) else [value]):
            person.choose(control(page, f"{path}[{i}]"), v)
        return
    if kind in ("radiogroup", "SELECT"):
        person.choose(box, value)
    elif isinstance(value, list) and not value:
        person.open_folds(box)
        person.tap(box.locator("xpath=..").locator("[data-action=none]"))
    else:
        person.into(box, person.text_of(box, value))


def shown_value(page: Any, parts: list[Any], value: Any) -> bool:
    """Whether the form shows ``value`` at ``parts`` (after a reload)."""
    path = format_path(tuple(parts))
    if moves_of(page, path).count():  # every turn's pickers show the line it was
        return shown_lines(page, path) == value
    box = control(page, path)
    if box.count() == 0:
        return all(
            control(page, f"{path}[{i}]").evaluate("s => s.options[s.selectedIndex].textContent")
            == str(v)
            for i, v in enumerate(value if isinstance(value, list) else [value])
        )
    kind = box.evaluate("b => b.getAttribute('role') || b.tagName")
    if kind == "radiogroup":
        values = json.loads(box.get_attribute("data-values"))
        checked = box.locator("[role=radio][aria-checked=true]")
        return checked.count() == 1 and str(
            values[checked.evaluate("b => [...b.parentElement.children].indexOf(b)")]
        ) == str(value)
    if kind == "SELECT":
        return box.evaluate("s => s.options[s.selectedIndex].textContent") != "—"
    if isinstance(value, list) and not value:
        return box.get_attribute("placeholder") is not None
    return box.input_value().strip() != ""


def fill_like_a_person(page: Any, record: dict[str, Any], person: Person) -> None:
    players = [str(p) for p in record["players"]]
    page.select_option("#checker-game", record["game"])  # the game: one pick
    person.taps += 1
    boxes = page.locator("input[data-path^='players[']")
    while boxes.count() < len(players):
        person.tap(page.locator("[data-action=add-player]"))
        assert page.evaluate("document.activeElement.id").startswith("checker-player-")
    for i, name in enumerate(players):
        person.into(page.locator(f"#checker-player-{i}"), name)
        # a name is among the choices as it is typed, before the box is left
        dealer = control(page, "deals[0].dealer")
        if dealer.count():
            assert name in json.loads(dealer.get_attribute("data-values")), name
    for j, (side, members) in enumerate((record.get("teams") or {}).items()):
        person.into(page.locator("input.checker-side").nth(j), side)
        page.keyboard.press("Tab")  # the side's name is taken when its box is left
        for i, member in enumerate(members):
            person.choose(control(page, f"teams.{side}[{i}]"), member)
    while page.locator("fieldset.checker-deal").count() < len(record["deals"]):
        person.tap(page.locator("[data-action=add-deal]"))
    entries = leaves(record)

    def reload_and_find(done: list[tuple[list[Any], Any]]) -> None:
        """A reload half-way: the sheet comes back as it was, every value in its place.

        As a person goes on, the form is read and typed into as soon as it is drawn, while the
        referee starts again (the check at the end waits for its button, enabled once it is ready).
        """
        page.reload()
        page.wait_for_selector("#checker-player-0")
        assert [
            page.locator(f"#checker-player-{i}").input_value() for i in range(len(players))
        ] == players
        for parts, value in done:
            assert shown_value(page, parts, value), (record["game"], parts, value)

    # Construction's race is most of the work: the reload comes in the middle of its turns (one reload).
    race_at = next((k for k, (parts, _) in enumerate(entries) if parts[-1] == "turns"), None)
    if record["game"] == "construction" and race_at is not None:
        for k, (parts, value) in enumerate(entries):
            if k != race_at:
                enter(person, parts, value)
                continue
            before = entries[:race_at]
            enter_turns(
                person,
                format_path(tuple(parts)),
                value,
                lambda lines, parts=parts, before=before: reload_and_find(
                    [*before, (parts, lines)]
                ),
            )
        return
    half = len(entries) // 2
    for parts, value in entries[:half]:
        enter(person, parts, value)
    reload_and_find(entries[:half])
    for parts, value in entries[half:]:
        enter(person, parts, value)


def race(lang: str) -> dict[str, Any]:
    """Construction's dispute entered with the pickers: the blocking ban (8 turns: builds, a bridge, the
    large token, two kings with paths, a small token's path of three), its cards in English notation."""
    from site_tools.published.checker import reader_record

    record = yaml.safe_load(reader_record("construction/blocking-ban", lang))
    record.setdefault("notation", "en")
    return record


def checked_record(page: Any) -> dict[str, Any]:
    """The record the page sent to the referee (the sheet's text, kept on the device)."""
    sheet = json.loads(page.evaluate(f"localStorage.getItem('{SHEET}')"))["value"]
    return yaml.safe_load(sheet["text"])


def at(data: Any, parts: list[Any]) -> Any:
    for p in parts:
        data = data[p]
    return data


@pytest.mark.parametrize(("width", "touch", "lang"), [(390, True, "ru"), (1280, False, "de")])
def test_a_disputed_deal_of_every_game_typed_like_a_person(
    browser: Any, base_url: str, width: int, touch: bool, lang: str
) -> None:
    guard = Guard(browser, width=width, phone=touch)
    page = guard.context.new_page()
    page.goto(f"{base_url}/{'' if lang == 'en' else lang + '/'}check-a-score/")
    page.wait_for_selector(READY, timeout=STARTUP_MS)
    for slug in GAMES:
        record = race(lang) if slug == "construction" else disputed(slug, lang)
        person = Person(page, touch, lang)
        fill_like_a_person(page, record, person)
        if slug == "construction" and touch:  # the race's pickers, filled: axe, light and dark
            assert axe_both_schemes(page) == []
        verdict(page, person.press)
        sent = checked_record(page)
        for parts, value in leaves(record):
            got = at(sent, parts)
            want = value
            if isinstance(value, list) and isinstance(got, str):  # cards as one line of text
                got = got.replace(",", " ").split()
                want = [str(v) for v in value]
            assert got == want or str(got) == str(want), (slug, parts, got, want)
        assert sent["players"] == record["players"], slug
        answer = json.loads(check(yaml.safe_dump(sent, allow_unicode=True), lang))
        assert page.get_attribute(".referee-checker", "data-state") == str(answer["status"]), (
            slug,
            page.inner_text(".checker-answer"),
        )
        assert answer["status"] == 1 or slug == "collector", (slug, answer["result"])
        said = page.locator(".checker-sentences li > span").all_inner_texts()
        assert said == [s["text"] for s in answer["explain"]["sentences"]], slug
        page.click("[data-action=clear]")
    guard.close()


def test_a_share_link_opens_in_a_fresh_browser_on_the_same_verdict(
    browser: Any, base_url: str
) -> None:
    guard = Guard(browser, width=390, phone=True)
    page = guard.context.new_page()
    page.goto(f"{base_url}/ru/check-a-score/#game=comet")
    page.wait_for_selector(READY, timeout=STARTUP_MS)
    assert axe_both_schemes(page) == []  # before a verdict, 390 px
    record = disputed("comet", "ru")
    fill_like_a_person(page, record, Person(page, True, "ru"))
    verdict(page, page.tap)
    said = page.locator(".checker-sentences").inner_text()
    assert axe_both_schemes(page) == []  # after it
    page.tap("[data-action=share]")
    page.wait_for_function(
        "() => document.querySelector('.checker-share-url').value.includes('#record=')"
    )
    url = page.locator(".checker-share-url").input_value()
    guard.close()
    fresh = Guard(browser, width=1280)  # another browser: nothing stored, only the link
    other = fresh.context.new_page()
    other.goto(url)
    other.wait_for_selector(".referee-checker[data-state]", timeout=STARTUP_MS)
    assert other.locator(".checker-sentences").inner_text() == said
    assert other.get_attribute(".referee-checker", "data-view") == "form"
    assert other.locator("#checker-player-0").input_value() == record["players"][0]
    fresh.close()


def test_links_a_sheet_in_progress_and_damaged_links(browser: Any, base_url: str) -> None:
    guard = Guard(browser, width=1280)
    page = guard.context.new_page()
    page.goto(f"{base_url}/check-a-score/#game=yacht")
    page.wait_for_selector(READY, timeout=STARTUP_MS)
    assert axe_both_schemes(page) == []  # before a verdict, 1280 px
    person = Person(page, False, "en")
    person.into(page.locator("#checker-player-0"), "Anna")
    seats = page.locator("input[data-path^='players[']").count()
    person.into(page.locator(f"#checker-player-{seats - 1}"), "Boris")
    page.keyboard.press("Enter")  # moves on; never adds a player
    assert page.locator("input[data-path^='players[']").count() == seats
    assert page.evaluate("document.activeElement.dataset.path").startswith("deals[0]."), (
        page.evaluate("document.activeElement.outerHTML")
    )
    # The pre-filled dealer stays chosen when tapped.
    dealer = page.locator("[data-path='deals[0].dealer'] [role=radio]").first
    assert dealer.get_attribute("aria-checked") == "true"
    dealer.click()
    assert dealer.get_attribute("aria-checked") == "true"
    # With the focus on a choice (not a box), the theme's shortcuts still do not fire: "n" is not "next page".
    url = page.url
    page.keyboard.press("n")
    page.keyboard.press("p")
    assert page.url == url
    # A reload at the game's address: the sheet, as it was.
    page.reload()
    page.wait_for_selector(READY, timeout=STARTUP_MS)
    assert page.locator(f"#checker-player-{seats - 1}").input_value() == "Boris"
    # Another game's link asks; "go on" keeps the sheet.
    page.evaluate("location.hash = '#game=comet'")
    page.wait_for_selector("[data-action=continue]")
    page.click("[data-action=continue]")
    assert page.locator("#checker-game").input_value() == "yacht"
    assert page.locator("#checker-player-0").input_value() == "Anna"
    # A damaged link says so and loads nothing; the sheet stays.
    for damaged in (
        "!!!not-base64",
        packed(b"game: yacht\n", lambda raw: zlib.compress(raw)[2:-4]),  # raw deflate
        packed(b"game: yacht\n")[:-6],  # cut short
        packed(b"game: yacht\n") + "AAAA",  # junk after its end
    ):
        page.evaluate("h => { location.hash = h }", f"#record={damaged}")
        page.wait_for_selector("[data-action=continue]")
        page.click("[data-action=anew]")
        page.wait_for_selector(".checker-answer [data-link=damaged]")
        assert "damaged" in page.inner_text(".checker-answer")
        assert page.locator("#checker-player-0").input_value() == "Anna"
    # Bytes that are not UTF-8: the command line's own error.
    not_utf8 = packed(b"game: yacht\nplayers: [\xff\xfe]\n")
    page.evaluate("h => { location.hash = h }", f"#record={not_utf8}")
    page.wait_for_selector("[data-action=anew]")
    page.click("[data-action=anew]")
    page.wait_for_selector(".referee-checker[data-state='2']")
    assert "not UTF-8" in page.inner_text(".checker-answer") and "23" in page.inner_text(
        ".checker-answer"
    )
    guard.close()
