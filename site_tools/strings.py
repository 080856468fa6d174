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
        "arch.layer": "Layer",
        "arch.folders": "Folders",
        "arch.modules": "Modules",
        "arch.lines": "Lines",
        "arch.uses": "Imports from",
        "permalink": "Permanent link",
        "terms.avoid": "wrong:",
        "terms.anywhere": "never, whatever the English",
        "glossary.games": "Games:",
        "glossary.all": "Every game on this site.",
        "status.legend": "Each cell gives the share of words translated, then the segments that are "
        "translated / need review (fuzzy) / missing. A segment is a heading, a paragraph, a list item or "
        "a table cell; ✓ means the page is completely translated.",
    },
    "ru": {
        "notice.title": "Перевод не завершён",
        "notice.body": "Часть этой страницы ещё не переведена и показана по-английски.",
        "notice.link": "Помогите с переводом",
        "status.page": "Страница",
        "arch.layer": "Слой",
        "arch.folders": "Папки",
        "arch.modules": "Модули",
        "arch.lines": "Строки",
        "arch.uses": "Импортирует из",
        "permalink": "Постоянная ссылка",
        "terms.avoid": "неверно:",
        "terms.anywhere": "нигде, что бы ни стояло в английском",
        "glossary.games": "Игры:",
        "glossary.all": "Все игры на этом сайте.",
        "status.legend": "В каждой ячейке — доля переведённых слов, затем число фрагментов: переведено / "
        "неточный (fuzzy) / нет перевода. Фрагмент — это заголовок, абзац, пункт списка или ячейка "
        "таблицы; ✓ значит, что страница переведена полностью.",
    },
    "de": {
        "notice.title": "Übersetzung unvollständig",
        "notice.body": "Ein Teil dieser Seite ist noch nicht übersetzt und erscheint auf Englisch.",
        "notice.link": "Bei der Übersetzung mithelfen",
        "status.page": "Seite",
        "arch.layer": "Schicht",
        "arch.folders": "Ordner",
        "arch.modules": "Module",
        "arch.lines": "Zeilen",
        "arch.uses": "Importiert aus",
        "permalink": "Link zu diesem Abschnitt",
        "terms.avoid": "falsch:",
        "terms.anywhere": "nirgends, gleich was im Englischen steht",
        "glossary.games": "Spiele:",
        "glossary.all": "Alle Spiele auf dieser Website.",
        "status.legend": "Jede Zelle nennt den Anteil der übersetzten Wörter, dann die Einträge: "
        "übersetzt / unscharf (fuzzy) / fehlend. Ein Eintrag ist eine Überschrift, ein Absatz, ein "
        "Listenpunkt oder eine Tabellenzelle; ✓ heißt, die Seite ist vollständig übersetzt.",
    },
}

# The headings of the architecture page's table of layers (site_tools/architecture.py).
ARCH_WORDS = ("layer", "folders", "modules", "lines", "uses")

# Each language's name as a reader of the page's language writes it (a column header, not the
# language switcher, where every language names itself).
LANGUAGE_NAMES: dict[str, dict[str, str]] = {
    "en": {"en": "English", "ru": "Russian", "de": "German"},
    "ru": {"en": "Английский", "ru": "Русский", "de": "Немецкий"},
    "de": {"en": "Englisch", "ru": "Russisch", "de": "Deutsch"},
}


def language_name(code: str, lang: str) -> str:
    """The name of language ``code`` in ``lang``: ``language_name("de", "ru") == "Немецкий"``.

    A language added later (``./run language add``) is named by Babel's data.

    >>> language_name("ru", "de"), language_name("pl", "en"), language_name("pl", "ru"), language_name("xx", "en")
    ('Russisch', 'Polish', 'Польский', 'xx')
    """
    known = LANGUAGE_NAMES.get(lang, LANGUAGE_NAMES["en"]).get(code)
    if known:
        return known
    from babel import Locale, UnknownLocaleError

    try:
        name = Locale.parse(code).get_display_name(lang if lang in LANGUAGE_NAMES else "en") or code
    except (ValueError, UnknownLocaleError):
        return code
    return name[:1].upper() + name[1:]


def text(key: str, lang: str) -> str:
    """The sentence ``key`` in ``lang``, English if that language lacks it."""
    return localized(STRINGS, key, lang)


def localized(table: dict[str, dict[str, str]], key: str, lang: str) -> str:
    """``key`` of a table of words per language, in ``lang``; the English where ``lang`` lacks it (or leaves
    it empty), so that a language added before its words are written still shows every control.

    >>> table = {"en": {"ok": "OK", "no": "No"}, "de": {"ok": "", "no": "Nein"}}
    >>> localized(table, "no", "de"), localized(table, "ok", "de"), localized(table, "no", "xx")
    ('Nein', 'OK', 'No')
    """
    return table.get(lang, {}).get(key) or table["en"][key]


def localized_all(table: dict[str, dict[str, str]], lang: str) -> dict[str, str]:
    """Every key of ``table`` (the English ones, in their order), each :func:`localized` in ``lang``.

    >>> localized_all({"en": {"ok": "OK", "no": "No"}, "de": {"no": "Nein"}}, "de")
    {'ok': 'OK', 'no': 'Nein'}
    """
    return {key: localized(table, key, lang) for key in table["en"]}
