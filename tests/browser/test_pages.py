"""Game pages at the table (issues 15 and 26), in a real browser: folded examples, print, phones.

Chromium prints each game page to PDF (Playwright's ``page.pdf``) with the print stylesheet: at most
four A4 pages a game in every language. Every game page in every language is also opened at 390 px
with its folds open (one browser page for all 39): nothing wider than the screen, no table cut, the
tricks as a grid of legible cards, and the search index not fetched until search is opened.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest

from referee.games import GAMES as GAME_SLUGS

GAMES = tuple(GAME_SLUGS)
LANGS = ("", "ru/", "de/")
# A game prints on at most four A4 pages in every language (issue 26): the rules, the quick
# reference and the worked examples' tables (measured when this was written: 2–4 pages a game,
# 36 in English, 37 in Russian and German, against 62 and 69 before).
MAX_PAGES = 4
A4_PRINTABLE_CSS_PX = (297 - 23) / 25.4 * 96  # the page's height less the @page margins


@pytest.fixture()
def page(browser: Any) -> Iterator[Any]:
    context = browser.new_context(viewport={"width": 1280, "height": 900}, service_workers="block")
    yield context.new_page()
    context.close()


def pdf_pages(pdf: bytes) -> int:
    """The number of pages of a PDF that Chromium wrote (one ``/Type /Page`` object per page).

    >>> pdf_pages(b"<< /Type /Pages /Count 2 >> << /Type /Page >> << /Type /Page /Parent 1 >>")
    2
    """
    return len(re.findall(rb"/Type\s*/Page(?![a-zA-Z])", pdf))


@pytest.mark.parametrize("lang", ["", "ru/", "de/"])
def test_examples_are_folded_and_open_when_linked_to(page: Any, base_url: str, lang: str) -> None:
    page.goto(f"{base_url}/{lang}catch-the-ten/")
    folds = page.locator("details.referee-example")
    assert folds.count() >= 4
    assert page.evaluate(
        "[...document.querySelectorAll('details.referee-example')].every(d => !d.open)"
    )
    heading = page.locator("h2#examples")
    assert heading.bounding_box()["y"] > page.locator("h3#play").bounding_box()["y"], (
        "rules come first"
    )
    # A link to an example opens its fold, on load and on a change of the fragment.
    page.goto(f"{base_url}/{lang}catch-the-ten/#example-full-play")
    opened = page.evaluate(
        "[...document.querySelectorAll('details.referee-example')].map(d => d.open)"
    )
    assert opened.count(True) == 1
    page.evaluate("location.hash = '#example-two-reach'")
    page.wait_for_function(
        "() => [...document.querySelectorAll('details.referee-example')].filter(d => d.open).length == 2"
    )
    # Inside the fold: the hands as pictures with a text alternative, the trick table with who led and won.
    pictures = page.locator("details.referee-example[open] svg.cr-picture[role=img]")
    assert pictures.count() > 10
    # The record can be downloaded, in the page's language, and the referee accepts it.
    href = page.locator("details.referee-example[open] p.record-download a").first.get_attribute(
        "href"
    )
    response = page.request.get(page.url.split("#")[0] + href)
    assert response.ok and "game: catch-the-ten" in response.text()
    labels = page.evaluate(
        "[...document.querySelectorAll('svg.cr-picture')].map(s => s.getAttribute('aria-label'))"
    )
    assert all(labels)


def test_every_game_prints_on_four_pages_at_most(page: Any, base_url: str) -> None:
    """Every game in every language, in one browser page: what prints, and how many A4 pages it makes."""
    counts = {}
    for lang in LANGS:
        for game in GAMES:
            page.goto(f"{base_url}/{lang}{game}/")
            page.emulate_media(media="print")
            shown = page.evaluate("""() => {
                const hidden = sel => [...document.querySelectorAll(sel)].every(e => e.getClientRects().length === 0);
                return {furniture: hidden('.md-header, .md-sidebar, .md-search, .md-clipboard, section.edition-notes, '
                                          + 'section.cr-screen-only, .md-source-file'),
                        examples: [...document.querySelectorAll('details.referee-example')]
                                  .every(d => getComputedStyle(d).display !== 'none'),
                        pictures: hidden('section.cr-examples .cr-figure, details.referee-example svg, .cr-tricks, '
                                         + '.cr-moves')};
            }""")
            assert shown == {"furniture": True, "examples": True, "pictures": True}, (
                lang,
                game,
                shown,
            )
            # Paper stands alone (issue 39): no mark, no switch; a link to what print drops names
            # the page's address; every page's foot names the address and the date.
            paper = page.evaluate("""() => {
                const dropped = [...document.querySelectorAll('section.cr-screen-only, section.edition-notes')];
                const inDropped = id => dropped.some(s => s.querySelector('[id="' + id + '"]'));
                const links = [...document.querySelectorAll('article a[href^="#"]')]
                    .filter(a => a.getClientRects().length && inDropped(a.getAttribute('href').slice(1)));
                return {marks: [...document.querySelectorAll('.rule-mark, .cr-page-links')]
                                  .some(e => e.getClientRects().length),
                        unnamed: links.filter(a => !getComputedStyle(a, '::after').content.includes('http'))
                                      .map(a => a.textContent.trim()),
                        footer: getComputedStyle(document.documentElement).getPropertyValue('--cr-print-footer')};
            }""")
            assert paper["marks"] is False and paper["unnamed"] == [], (lang, game, paper)
            assert f"/{lang}{game}/" in paper["footer"], (lang, game, paper["footer"])
            counts[lang + game] = pdf_pages(page.pdf(format="A4"))
            # The quick reference fits on one printed page and is never split.
            card = page.locator(".admonition.quickref")
            assert card.count() == 1, game
            assert card.evaluate("e => getComputedStyle(e).breakInside") == "avoid"
            page.set_viewport_size({"width": 794, "height": 1123})
            assert card.bounding_box()["height"] < A4_PRINTABLE_CSS_PX, (lang, game)
            page.set_viewport_size({"width": 1280, "height": 900})
            page.emulate_media(media="screen")
    too_long = {name: n for name, n in counts.items() if not 1 <= n <= MAX_PAGES}
    assert too_long == {}, f"more than {MAX_PAGES} A4 pages: {too_long}"


@pytest.mark.parametrize(("lang", "word"), [("", "trick"), ("ru/", "взятк"), ("de/", "stich")])
def test_terms_are_explained_in_place(page: Any, base_url: str, lang: str, word: str) -> None:
    page.goto(f"{base_url}/{lang}catch-the-ten/")
    term = page.locator('a.glossary-term[href$="glossary/#trick"]')
    assert term.count() == 1
    assert word in term.inner_text().lower() and term.get_attribute("title")
    term.click()
    page.wait_for_url("**/glossary/#trick")


@pytest.mark.parametrize("lang", ["", "ru/", "de/"])
def test_the_index_fits_a_phone(browser: Any, base_url: str, lang: str) -> None:
    context = browser.new_context(viewport={"width": 390, "height": 844}, service_workers="block")
    page = context.new_page()
    page.goto(f"{base_url}/{lang}")
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    # Every game has its entry, with a link to its page.
    entries = page.locator("#games ~ ul > li")
    assert entries.count() >= 7
    assert page.evaluate("document.querySelectorAll('.md-typeset a[href$=\"yacht/\"]').length") >= 2
    # No column of the game list is cut off: the table is no wider than the room it has.
    tables = page.evaluate("""[...document.querySelectorAll('.md-typeset table')].map(t =>
        [t.scrollWidth, t.clientWidth, t.getBoundingClientRect().right])""")
    assert tables
    for scroll, client, right in tables:
        assert scroll <= client + 1 and right <= 390, tables
    context.close()


# Opens every fold, lets frame.js fit the tables it shows, and measures what a phone shows (issue 26).
PHONE_CHECK = """async () => {
    document.querySelectorAll('article details').forEach(d => { d.open = true; });
    await new Promise(done => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(done, 30))));
    const width = document.documentElement.clientWidth;
    const out = {overflow: document.documentElement.scrollWidth - width, cut: [], tricks: 0, trickProblems: [],
                 shrunk: []};
    const shown = e => e.offsetParent !== null;
    for (const table of document.querySelectorAll('article table')) {
        if (!shown(table)) continue;
        const clip = table.closest('.md-typeset__scrollwrap') || table.parentElement;
        const edge = Math.min(width, clip.getBoundingClientRect().right);
        const stacked = table.hasAttribute('data-cr-stacked');
        const cells = [...table.querySelectorAll('td, th')].filter(c => shown(c) && !(stacked && c.closest('thead')));
        const right = Math.max(0, ...cells.map(c => c.getBoundingClientRect().right));
        if (table.scrollWidth > table.clientWidth + 1 || right > edge + 1) {
            out.cut.push(table.innerText.slice(0, 60).replace(/\\s+/g, ' '));
        }
    }
    for (const grid of document.querySelectorAll('article .cr-tricks-narrow')) {
        out.tricks += 1;
        const wide = grid.parentElement.querySelector('.cr-tricks-wide');
        if (!shown(grid.querySelector('table')) || shown(wide.querySelector('table'))) out.trickProblems.push('layout');
        for (const row of grid.querySelectorAll('tbody tr')) {
            const cards = [...row.querySelectorAll('td:not(.cr-none)')];
            const size = Math.min(...cards.map(c => parseFloat(getComputedStyle(c).fontSize)));
            if (size < 14) out.trickProblems.push('card text ' + size + 'px');
            const won = row.querySelectorAll('td.cr-won').length;
            if (won !== 1) out.trickProblems.push('not one winner: ' + row.innerText);
            if (!row.innerText.includes('\\u25b8')) out.trickProblems.push('no leader: ' + row.innerText);
        }
    }
    for (const svg of document.querySelectorAll('article td svg.cr-picture')) {
        if (!shown(svg.parentElement)) continue;
        const scale = svg.getBoundingClientRect().width / svg.viewBox.baseVal.width;
        if (scale < 0.99) out.shrunk.push(svg.getAttribute('aria-label').slice(0, 40) + ' ×' + scale.toFixed(2));
    }
    return out;
}"""


def test_every_game_fits_a_phone(browser: Any, base_url: str) -> None:
    """Every game page in every language at 390 px, folds open: nothing wider than the screen, no table
    cut, the tricks as a grid of cards at 14 px or more with the lead and the winner marked, hands unshrunk."""
    context = browser.new_context(viewport={"width": 390, "height": 844}, service_workers="block")
    page = context.new_page()
    index_requests: list[
        str
    ] = []  # the search index waits until search is opened (search-language.js)
    page.on("request", lambda r: "search_index" in r.url and index_requests.append(r.url))
    problems: dict[str, dict[str, Any]] = {}
    trick_grids = 0
    for lang in LANGS:
        for game in GAMES:
            page.goto(f"{base_url}/{lang}{game}/")
            found = page.evaluate(PHONE_CHECK)
            trick_grids += found.pop("tricks")
            bad = {k: v for k, v in found.items() if v}
            if bad:
                problems[lang + game] = bad
    assert index_requests == [], "the search index was fetched before search was opened"
    with page.expect_request("**/search/search_index.json"):
        page.keyboard.press("s")  # Material's shortcut opens search, and so fetches the index
    context.close()
    assert problems == {}, problems
    assert trick_grids >= 3 * 6, "the full-play examples of the six trick games have their grids"


def test_phone_pages_pass_axe_light_and_dark_with_folds_open(browser: Any, base_url: str) -> None:
    """axe-core on the new phone layouts (trick grid, stacked tables, two-row hands), light and dark."""
    from tests.browser.test_site_frame import axe_violations

    problems = []
    for scheme in ("light", "dark"):  # the theme follows the system's scheme
        context = browser.new_context(
            viewport={"width": 390, "height": 844}, service_workers="block", color_scheme=scheme
        )
        page = context.new_page()
        # Three pages cover the new parts in the three languages: a trick grid with a player sitting
        # tricks out (Korol), stacked score tables and the record fields (all three), kept few for time.
        for lang, game in (("", "catch-the-ten"), ("ru/", "korol"), ("de/", "catch-the-ten")):
            page.goto(f"{base_url}/{lang}{game}/")
            page.evaluate(PHONE_CHECK)
            problems += [f"{lang}{game} {scheme}: {v}" for v in axe_violations(page)]
        context.close()
    assert problems == [], "\n".join(problems)


# Rule ids as the referee declares them (G1-R05, CT-S2, Y-O6): never in the text of the first screen.
FIRST_SCREEN = """() => {
    const seen = [];
    const walker = document.createTreeWalker(document.querySelector('article'), NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const parent = node.parentElement;
        if (!parent || !parent.getClientRects().length || getComputedStyle(parent).visibility === 'hidden') continue;
        const range = document.createRange(); range.selectNodeContents(node);
        const box = range.getBoundingClientRect();
        if (box.height && box.top < innerHeight && box.bottom > 0) seen.push(node.textContent);
    }
    const links = [...document.querySelectorAll('.cr-page-links a')].map(a => {
        const r = a.getBoundingClientRect();
        return {href: a.getAttribute('href'), inside: r.bottom <= innerHeight && r.top >= 0 && r.width > 0};
    });
    return {text: seen.join(' '), links};
}"""


@pytest.mark.parametrize("width", [390, 1280])
def test_the_first_screen_offers_the_checker_and_the_table(
    browser: Any, base_url: str, width: int
) -> None:
    """Every game page, every language: "Check a score" (and "Play a hand" when the site has the
    practice table) in the first screen, on a phone and a desktop; no rule id in that screen's text."""
    from site_tools.pages import page_links
    from site_tools.translation import pipeline

    play = (pipeline.SOURCE / f"{page_links.PLAY_PAGE}.md").is_file()
    context = browser.new_context(
        viewport={"width": width, "height": 844 if width == 390 else 900}, service_workers="block"
    )
    page = context.new_page()
    problems = {}
    for lang in LANGS:
        for game in GAMES:
            page.goto(f"{base_url}/{lang}{game}/")
            found = page.evaluate(FIRST_SCREEN)
            wanted = {"#at-a-glance", f"../check-a-score/#game={game}"} | (
                {f"../play-a-hand/#game={game}"} if play else set()
            )
            shown = {link["href"] for link in found["links"] if link["inside"]}
            ids = [
                r.id
                for r in GAME_SLUGS[game].rules()
                if re.search(rf"\b{re.escape(r.id)}\b", found["text"])
            ]
            if shown != wanted or ids:
                problems[lang + game] = {"links": sorted(shown), "ids": ids}
    context.close()
    assert problems == {}


def test_a_rule_mark_opens_on_a_tap_and_the_switch_shows_them_all(
    browser: Any, base_url: str
) -> None:
    context = browser.new_context(viewport={"width": 390, "height": 844}, service_workers="block")
    page = context.new_page()
    page.goto(f"{base_url}/ru/trump-seven/")
    details = page.locator(".rule-detail")
    assert details.count() > 20 and page.evaluate(
        "[...document.querySelectorAll('.rule-detail')].every(d => !d.getClientRects().length)"
    )
    page.locator(".rule-mark-button").nth(2).click()
    opened = page.locator(".rule-mark.cr-open .rule-detail")
    assert opened.is_visible() and "проверяет арбитр" in opened.inner_text()
    assert (
        page.locator(".rule-mark.cr-open .rule-mark-button").get_attribute("aria-expanded")
        == "true"
    )
    page.keyboard.press("Escape")
    assert page.locator(".rule-mark.cr-open").count() == 0
    # A link to a rule (a verdict links to #g1-r05) opens its mark.
    page.goto(f"{base_url}/ru/trump-seven/#g1-r05")
    page.wait_for_selector(".rule-mark.cr-open #g1-r05", state="attached")
    # The page's switch shows every mark's words, and the choice holds on the next page.
    page.check("#cr-rule-switch")
    page.wait_for_function(
        "() => [...document.querySelectorAll('.rule-detail')].every(d => d.getClientRects().length)"
    )
    page.goto(f"{base_url}/ru/korol/")
    assert page.is_checked("#cr-rule-switch")
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    context.close()
