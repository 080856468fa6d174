"""The 39 game pages as built (issue 39): one shape, words not keys, marks out of the text, paper.

Read from the session's strict build (``site`` in ``tests/conftest.py``); the browser checks of the
same pages (the first screen at 390 and 1280 px, the marks on a tap, print) are in
``tests/browser/test_pages.py``.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from referee.games import GAMES
from site_tools.pages import page_links
from site_tools.pages.option_words import keys_in_text
from site_tools.pages.sections import SECTIONS
from site_tools.translation import pipeline

LANGS = ("", "ru/", "de/")


def article(site: Path, lang: str, game: str) -> str:
    html = (site / lang / game / "index.html").read_text(encoding="utf-8")
    return html[html.index("<article") : html.rindex("</article>")]


def reading_text(html: str) -> str:
    """What a reader reads: no code blocks, no rule marks' hidden words, no markup. The worked examples'
    folds are left out too: what the referee says there names the rule a finding is about."""
    from lxml import html as lxml_html

    tree = lxml_html.fromstring(html + "</article>")
    for node in tree.xpath(
        "//pre | //*[@class='rule-detail'] | //button | //details[contains(@class, 'referee-example')]"
    ):
        node.drop_tree()
    return " ".join(tree.text_content().split())


@pytest.mark.parametrize("lang", LANGS)
def test_words_not_keys_outside_the_record(site: Path, lang: str) -> None:
    """0 option keys and 0 "exit status" in the reader text of every game page (63 keys before)."""
    keys = {g: keys_in_text(article(site, lang, g), g) for g in GAMES}
    assert {g: k for g, k in keys.items() if k} == {}
    statuses = {
        g: n
        for g in GAMES
        if (
            n := len(
                re.findall(
                    r"exit status|Exit-?Status|код возврата",
                    reading_text(article(site, lang, g)),
                    re.I,
                )
            )
        )
    }
    assert statuses == {}
    # The options are still named: by their labels, as the checker's form names them.
    assert 'class="cr-option"' in article(site, lang, "catch-the-ten")


@pytest.mark.parametrize("lang", LANGS)
def test_every_game_page_has_the_same_sections(site: Path, lang: str) -> None:
    for game in GAMES:
        ids = re.findall(r'<h2 id="([^"]+)"', article(site, lang, game))
        assert ids == list(SECTIONS), (lang, game, ids)


@pytest.mark.parametrize("lang", LANGS)
def test_rule_marks_stand_out_of_the_reading_text(site: Path, lang: str) -> None:
    """No rule id in the text a reader reads; each rule keeps its anchor, at the statement."""
    from referee.games import GAMES as games

    for game, referee in games.items():
        html = article(site, lang, game)
        assert 'class="rule-marks"' not in html
        text = reading_text(html)
        assert [
            r.id for r in referee.rules() if re.search(rf"\b{re.escape(r.id)}\b", text)
        ] == [], game
        anchors = set(re.findall(r'<span class="rule-anchor" id="([^"]+)">', html))
        stated = {r.anchor for r in referee.rules() if not r.unchecked}
        assert stated <= anchors, (game, sorted(stated - anchors))


@pytest.mark.parametrize("lang", LANGS)
def test_the_first_screen_links_to_the_checker_and_the_table(site: Path, lang: str) -> None:
    """Right under the title: At a glance, Check a score on this game, and Play a hand when the
    site has its page (another branch adds it: the link comes with the page, never before)."""
    play = (pipeline.SOURCE / f"{page_links.PLAY_PAGE}.md").is_file()
    assert play == (site / lang / page_links.PLAY_PAGE / "index.html").is_file()
    for game in GAMES:
        html = article(site, lang, game)
        title_end = html.index("</h1>")
        row = html[title_end : html.index("</nav>", title_end)]
        assert row.startswith('</h1><nav class="cr-page-links"'), game
        assert 'href="#at-a-glance"' in row
        assert f'href="../check-a-score/#game={game}"' in row
        assert (f'href="../play-a-hand/#game={game}"' in row) == play
        assert 'id="cr-rule-switch"' in row


@pytest.mark.parametrize("lang", LANGS)
def test_nothing_printed_points_at_what_print_drops(site: Path, lang: str) -> None:
    """A link from the printed rules to the house rules, the record or the notes names the page's
    address on paper; every printed page's foot names the address and the date."""
    for game in GAMES:
        page = (site / lang / game / "index.html").read_text(encoding="utf-8")
        html = article(site, lang, game)
        dropped = re.finditer(
            r'<section class="(?:cr-screen-only|edition-notes)"[^>]*>.*?</section>', html, re.S
        )
        spans = [(m.start(), m.end()) for m in dropped]
        ids = {i for a, b in spans for i in re.findall(r'\bid="([^"]+)"', html[a:b])}
        for link in re.finditer(r'<a [^>]*href="#([^"]+)"[^>]*>', html):
            printed = not any(a <= link.start() < b for a, b in spans)
            if printed and link.group(1) in ids:
                assert "data-print-href=" in link.group(0), (lang, game, link.group(0))
        url = f"https://cardrules.test/cardrules/{lang}{game}/"
        assert re.search(rf'<html data-print-footer="[^"]*{re.escape(url)}[^"]*"', page), game
