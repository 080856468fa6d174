"""The first screen of a game page (issue 39): At a glance, Check a score, Play a hand, and the switch.

Under the title of every game page, in every language, a row of links: the page's quick reference
(``#at-a-glance``), the score checker opened on this game (``check-a-score/#game=<slug>``) and, when
the site has the practice table (``docs/en/play-a-hand.md``), a hand of this game against the
computer (``play-a-hand/#game=<slug>``). The same row carries the page's switch "Show what the
referee checks", which opens every rule mark of the page (:func:`site_tools.pages.rule_marks.attach_marks`).
Nothing of it prints.

>>> html = page_links('<h1 id="yacht">Yacht</h1><p>Text</p>', "yacht", "en", play=False)
>>> html.startswith('<h1 id="yacht">Yacht</h1><nav class="cr-page-links"')
True
>>> '<a class="cr-page-action" href="../check-a-score/#game=yacht">Check a score</a>' in html
True
>>> "play-a-hand" in html
False
>>> "play-a-hand/#game=yacht" in page_links("<h1>Y</h1>", "yacht", "en", play=True)
True
"""

from __future__ import annotations

from html import escape

from site_tools.translation import pipeline

PLAY_PAGE = "play-a-hand"
CHECK_PAGE = "check-a-score"

WORDS: dict[str, dict[str, str]] = {
    "en": {
        "nav": "This game",
        "glance": "At a glance",
        "check": "Check a score",
        "play": "Play a hand",
        "switch": "Show what the referee checks",
    },
    "ru": {
        "nav": "Эта игра",
        "glance": "Коротко",
        "check": "Проверить счёт",
        "play": "Сыграть сдачу",
        "switch": "Показать, что проверяет арбитр",
    },
    "de": {
        "nav": "Dieses Spiel",
        "glance": "Übersicht",
        "check": "Punkte prüfen",
        "play": "Eine Runde spielen",
        "switch": "Zeigen, was der Schiedsrichter prüft",
    },
}


def has_play_page() -> bool:
    """True when the site has the practice table's page (another branch adds it)."""
    return (pipeline.SOURCE / f"{PLAY_PAGE}.md").is_file()


def row(game: str, lang: str, play: bool) -> str:
    """The row of links and the switch, as HTML in ``lang``."""
    words = {k: escape(v) for k, v in WORDS.get(lang, WORDS["en"]).items()}
    links = [
        f'<a href="#at-a-glance">{words["glance"]}</a>',
        f'<a class="cr-page-action" href="../{CHECK_PAGE}/#game={game}">{words["check"]}</a>',
    ]
    if play:
        links.append(
            f'<a class="cr-page-action" href="../{PLAY_PAGE}/#game={game}">{words["play"]}</a>'
        )
    switch = (
        '<label class="cr-rule-switch"><input type="checkbox" id="cr-rule-switch"> '
        f"{words['switch']}</label>"
    )
    return (
        f'<nav class="cr-page-links" aria-label="{words["nav"]}">'
        + " ".join([*links, switch])
        + "</nav>"
    )


def page_links(html: str, game: str, lang: str, play: bool | None = None) -> str:
    """``html`` with the row right after its title (the first ``</h1>``)."""
    end = html.find("</h1>")
    if end < 0:
        return html
    end += len("</h1>")
    chosen = has_play_page() if play is None else play
    return html[:end] + row(game, lang, chosen) + html[end:]
