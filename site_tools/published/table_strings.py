"""The practice table's own words (buttons, headings, announcements), per language, and its element.

What the referee says (the duties, a refusal, the moves, the verdict) comes from its gettext
catalogs through the worker; these are the page's controls around it, as
:mod:`site_tools.published.checker_strings` holds the checker's. Strings with ``{name}`` are filled in by
the page's script (``overrides/assets/javascripts/app/table-app.js``).

>>> sorted(STRINGS["ru"]) == sorted(STRINGS["en"]) == sorted(STRINGS["de"])
True
"""

from __future__ import annotations

import html
from typing import Any

from site_tools.strings import localized_all

STRINGS: dict[str, dict[str, str]] = {
    "en": {
        "loading": "Loading the referee: about {{checker_download}} the first time, then your browser keeps it.",
        "failed": "The referee could not start: {error}",
        "choose": "Game",
        "players": "Players",
        "deal": "Deal the cards",
        "again": "Deal again",
        "seed": "Deal number {seed}",
        "share": "A link to this deal: {link}",
        "you": "you",
        "cards": "{n} cards",
        "your_turn": "Your turn.",
        "turn_of": "{player} to move.",
        "hand": "Your hand",
        "table": "The table",
        "moves": "What you can do",
        "try": "Other moves (the rules forbid them now)",
        "marks": "Mark what I may play",
        "hint": "Let the computer choose for me",
        "alone": "Play {card} without a target",
        "cancel": "Choose another card",
        "selected": "{card} chosen: now choose where it goes.",
        "refused": "The referee refuses",
        "rule": "the rule",
        "log": "The moves so far",
        "why": "Why?",
        "over": "The deal is over",
        "download": "Download the record",
        "open": "Open it in the score checker",
        "score": "Score",
        "total": "Total",
        "playable": "may be played",
        "empty": "empty",
        "make": "Make this move",
        "scoring": "The referee is checking the deal and counting the score…",
    },
    "ru": {
        "loading": "Загружается арбитр: в первый раз около {{checker_download}}, потом браузер хранит его у себя.",
        "failed": "Арбитр не смог запуститься: {error}",
        "choose": "Игра",
        "players": "Число игроков",
        "deal": "Сдать карты",
        "again": "Сдать заново",
        "seed": "Сдача № {seed}",
        "share": "Ссылка на эту сдачу: {link}",
        "you": "вы",
        "cards": "карт: {n}",
        "your_turn": "Ваш ход.",
        "turn_of": "Ходит {player}.",
        "hand": "Ваши карты",
        "table": "На столе",
        "moves": "Что можно сделать",
        "try": "Другие ходы (сейчас правила их запрещают)",
        "marks": "Отмечать карты, которыми можно ходить",
        "hint": "Пусть компьютер сходит за меня",
        "alone": "Сыграть {card} без цели",
        "cancel": "Выбрать другую карту",
        "selected": "Выбрана карта {card}: теперь выберите, куда её положить.",
        "refused": "Арбитр не принимает этот ход",
        "rule": "правило",
        "log": "Ходы сдачи",
        "why": "Почему?",
        "over": "Сдача окончена",
        "download": "Скачать запись",
        "open": "Открыть в проверке счёта",
        "score": "Очки",
        "total": "Итого",
        "playable": "можно сыграть",
        "empty": "пусто",
        "make": "Сделать этот ход",
        "scoring": "Арбитр проверяет сдачу и подсчитывает очки…",
    },
    "de": {
        "loading": "Der Schiedsrichter wird geladen: beim ersten Mal etwa {{checker_download}}, "
        "danach behält ihn Ihr Browser.",
        "failed": "Der Schiedsrichter konnte nicht starten: {error}",
        "choose": "Spiel",
        "players": "Spielerzahl",
        "deal": "Karten geben",
        "again": "Neu geben",
        "seed": "Blatt Nr. {seed}",
        "share": "Ein Link zu diesem Blatt: {link}",
        "you": "Sie",
        "cards": "{n} Karten",
        "your_turn": "Sie sind am Zug.",
        "turn_of": "{player} ist am Zug.",
        "hand": "Ihre Karten",
        "table": "Auf dem Tisch",
        "moves": "Was Sie tun können",
        "try": "Andere Züge (die Regeln verbieten sie jetzt)",
        "marks": "Spielbare Karten markieren",
        "hint": "Den Computer für mich ziehen lassen",
        "alone": "{card} ohne Ziel spielen",
        "cancel": "Eine andere Karte wählen",
        "selected": "{card} gewählt: Wählen Sie jetzt, wohin sie kommt.",
        "refused": "Der Schiedsrichter lässt das nicht zu",
        "rule": "die Regel",
        "log": "Die bisherigen Züge",
        "why": "Warum?",
        "over": "Das Blatt ist zu Ende",
        "download": "Die Aufzeichnung herunterladen",
        "open": "In der Punkteprüfung öffnen",
        "score": "Punkte",
        "total": "Gesamt",
        "playable": "spielbar",
        "empty": "leer",
        "make": "Diesen Zug machen",
        "scoring": "Der Schiedsrichter prüft das Blatt und zählt die Punkte …",
    },
}


def table_block(params: dict[str, Any], lang: str) -> str:
    """The practice table's element in ``lang``: Pyodide's files (the checker's), the words, the games' names.

    >>> 'class="referee-table"' in table_block({}, "ru")
    True
    """
    from referee.games import GAMES
    from referee.simulate.practice import player_counts, table_class
    from site_tools.published.checker import status_element, worker_attributes

    strings = localized_all(STRINGS, lang)
    root = {
        "class": "referee-table",
        "data-lang": lang,
        **worker_attributes(),  # the checker's: in a writer's preview, no snapshot (the plain start)
        "data-strings": strings,
        "data-games": {slug: GAMES[slug].name(lang) for slug in GAMES},
        # How many may sit at each game's table, and how many do unless the reader chooses.
        "data-seats": {
            slug: {"counts": list(player_counts(slug)), "usual": table_class(slug).players_count}
            for slug in GAMES
        },
    }
    return status_element(root, "table-status", f"<span>{html.escape(strings['loading'])}</span>")
