"""The site's own few sentences, per language: the translation notice and the status table.

These are not page content (pages are translated in ``locale/<lang>/docs/*.po``); they are the
build's words around the content, written once here for each language the site is built in.
"""

from __future__ import annotations

STRINGS: dict[str, dict[str, str]] = {
    "en": {
        "notice.title": "Translation incomplete",
        "notice.body": "Part of this page is not translated yet and is shown in English.",
        "notice.link": "Help translate it",
        "status.page": "Page",
        "status.legend": "Each cell gives the share of words translated, then the segments that are "
        "translated / need review (fuzzy) / missing. A segment is a heading, a paragraph, a list item or "
        "a table cell; ✓ means the page is completely translated.",
    },
    "ru": {
        "notice.title": "Перевод не завершён",
        "notice.body": "Часть этой страницы ещё не переведена и показана по-английски.",
        "notice.link": "Помогите с переводом",
        "status.page": "Страница",
        "status.legend": "В каждой ячейке — доля переведённых слов, затем число фрагментов: переведено / "
        "требует проверки (fuzzy) / нет перевода. Фрагмент — это заголовок, абзац, пункт списка или ячейка "
        "таблицы; ✓ значит, что страница переведена полностью.",
    },
    "de": {
        "notice.title": "Übersetzung unvollständig",
        "notice.body": "Ein Teil dieser Seite ist noch nicht übersetzt und erscheint auf Englisch.",
        "notice.link": "Helfen Sie beim Übersetzen",
        "status.page": "Seite",
        "status.legend": "Jede Zelle nennt den Anteil der übersetzten Wörter, dann die Abschnitte: "
        "übersetzt / zu prüfen (fuzzy) / fehlend. Ein Abschnitt ist eine Überschrift, ein Absatz, ein "
        "Listenpunkt oder eine Tabellenzelle; ✓ heißt, die Seite ist vollständig übersetzt.",
    },
}

LANGUAGE_NAMES: dict[str, str] = {"en": "English", "ru": "Русский", "de": "Deutsch"}


def text(key: str, lang: str) -> str:
    """The sentence ``key`` in ``lang``, English if that language lacks it."""
    return STRINGS.get(lang, {}).get(key) or STRINGS["en"][key]
