"""The site's frame around each page: edit links, "last updated" dates, the 404 page per language.

Called from :mod:`site_tools.hooks`. Everything here is derived from the repository itself:

- the date a page was last changed, per language: the English page's commits for English, the
  page's catalog (``locale/<lang>/docs/<page>.po``) for a translation, read once per build from one
  ``git log`` (a tree without git history simply shows no date);
- the action link: "Edit this page" (the English source) on English pages, "Improve this
  translation" (the page's catalog) on Russian and German ones;
- the date written the way a reader of the language writes it (Babel's long date format).

>>> edit_target("en", "yacht")
'docs/en/yacht.md'
>>> edit_target("ru", "yacht")
'locale/ru/docs/yacht.po'
>>> import datetime
>>> [long_date(datetime.date(2026, 12, 3), lang).replace("\\u202f", " ") for lang in ("en", "ru", "de")]
['December 3, 2026', '3 декабря 2026 г.', '3. Dezember 2026']
"""

from __future__ import annotations

import datetime
import subprocess
from functools import cache
from pathlib import Path

from site_tools.languages import DEFAULT_LANGUAGE
from site_tools.strings import localized

ROOT = Path(__file__).resolve().parents[2]

FRAME_STRINGS: dict[str, dict[str, str]] = {
    "en": {
        "action.edit": "Edit this page",
        "updated": "Last updated",
        "404.title": "Page not found",
        "404.body": "There is no page at this address. It may have moved, or the link may be mistyped.",
        "404.home": "Go to the home page",
        "404.search": "Search the rules",
        "search.hint": "Try a word or a card: trump, trick, 10♥, Q♠",
        "scroll.hint": "Scroll sideways to see the whole table",
        "language.current": "Language",
        "palette.brightness-auto": "Switch to light mode",
        "palette.brightness-7": "Switch to dark mode",
        "palette.brightness-4": "Follow the system setting",
        "keep.working": "Saving this site's pages on this device for reading offline…",
        "keep.done": "Every page in English, the score checker included, is saved on this device and "
        "opens offline.",
        "keep.partial": "Some pages could not be saved; they will be on your next visit with a connection.",
        "keep.cannot": "This browser cannot keep pages for offline reading",
        "offline.title": "You are offline",
        "offline.body": "This page is not saved on this device, so it cannot open without a connection.",
        "offline.retry": "Try again",
        "offline.kept": "Saved on this device, these pages open offline:",
        "offline.none": "No page of this site is saved on this device yet.",
        "app.failed": "The referee could not start: some of its files did not arrive. Reload the "
        "page once the connection is back.",
    },
    "ru": {
        "action.edit": "Улучшить перевод",
        "updated": "Обновлено",
        "404.title": "Страница не найдена",
        "404.body": "По этому адресу страницы нет. Возможно, она переехала или в ссылке опечатка.",
        "404.home": "На главную",
        "404.search": "Искать в правилах",
        "search.hint": "Введите слово или карту: козырь, взятка, 10ч, Дп",
        "scroll.hint": "Таблицу можно прокрутить в сторону",
        "language.current": "Язык",
        "palette.brightness-auto": "Включить светлую тему",
        "palette.brightness-7": "Включить тёмную тему",
        "palette.brightness-4": "Как в системе",
        "keep.working": "Сохраняем страницы сайта на этом устройстве, чтобы их можно было читать "
        "без интернета…",
        "keep.done": "Все страницы на русском, включая проверку счёта, сохранены на этом устройстве "
        "и открываются без интернета.",
        "keep.partial": "Часть страниц сохранить не удалось: они сохранятся при следующем посещении "
        "с интернетом.",
        "keep.cannot": "Этот браузер не умеет сохранять страницы для чтения без интернета",
        "offline.title": "Нет соединения с интернетом",
        "offline.body": "Эта страница не сохранена на устройстве, поэтому без интернета она не откроется.",
        "offline.retry": "Попробовать ещё раз",
        "offline.kept": "Эти страницы сохранены на устройстве и открываются без интернета:",
        "offline.none": "На этом устройстве пока не сохранено ни одной страницы сайта.",
        "app.failed": "Арбитр не запустился: часть его файлов не загрузилась. Обновите страницу, "
        "когда связь восстановится.",
    },
    "de": {
        "action.edit": "Übersetzung verbessern",
        "updated": "Zuletzt geändert",
        "404.title": "Seite nicht gefunden",
        "404.body": "Unter dieser Adresse gibt es keine Seite. Vielleicht ist sie umgezogen, oder der Link "
        "enthält einen Tippfehler.",
        "404.home": "Zur Startseite",
        "404.search": "In den Regeln suchen",
        "search.hint": "Ein Wort oder eine Karte: Trumpf, Stich, Herz 10, Pik D",
        "scroll.hint": "Die Tabelle lässt sich seitwärts verschieben",
        "language.current": "Sprache",
        "palette.brightness-auto": "Zum hellen Design wechseln",
        "palette.brightness-7": "Zum dunklen Design wechseln",
        "palette.brightness-4": "Wie im System eingestellt",
        "keep.working": "Die Seiten werden auf diesem Gerät gespeichert, damit sie sich auch offline "
        "lesen lassen …",
        "keep.done": "Alle deutschen Seiten, auch die Punkteprüfung, sind auf diesem Gerät gespeichert "
        "und öffnen sich auch offline.",
        "keep.partial": "Einige Seiten ließen sich nicht speichern; das geschieht beim nächsten Besuch "
        "mit Internetverbindung.",
        "keep.cannot": "Dieser Browser kann keine Seiten für das Lesen ohne Internet speichern",
        "offline.title": "Keine Internetverbindung",
        "offline.body": "Diese Seite ist auf diesem Gerät nicht gespeichert und lässt sich ohne "
        "Verbindung nicht öffnen.",
        "offline.retry": "Erneut versuchen",
        "offline.kept": "Diese Seiten sind auf dem Gerät gespeichert und öffnen sich auch offline:",
        "offline.none": "Auf diesem Gerät ist noch keine Seite dieser Website gespeichert.",
        "app.failed": "Der Schiedsrichter konnte nicht starten: Einige seiner Dateien sind nicht "
        "angekommen. Laden Sie die Seite neu, sobald die Verbindung wieder steht.",
    },
}


def frame_text(key: str, lang: str) -> str:
    """The frame's sentence ``key`` in ``lang`` (English if missing)."""
    return localized(FRAME_STRINGS, key, lang)


def edit_target(lang: str, page: str) -> str:
    """The file a reader would change to improve this page in this language, relative to the repository."""
    if lang == DEFAULT_LANGUAGE:
        return f"docs/en/{page}.md"
    return f"locale/{lang}/docs/{page}.po"


@cache
def last_changed() -> dict[str, datetime.date]:
    """The date of the last commit that touched each tracked file (one ``git log`` for the whole tree)."""
    try:
        out = subprocess.run(
            ["git", "log", "--format=@%cs", "--name-only", "--", "docs/en", "locale"],
            cwd=ROOT,
            capture_output=True,
            text=True,
            timeout=30,
            check=True,
        ).stdout
    except (OSError, subprocess.SubprocessError):
        return {}
    dates: dict[str, datetime.date] = {}
    current: datetime.date | None = None
    for line in out.splitlines():
        if line.startswith("@"):
            current = datetime.date.fromisoformat(line[1:])
        elif line and current is not None:
            dates.setdefault(line, current)  # newest first: the first date seen is the last change
    return dates


def long_date(date: datetime.date, lang: str) -> str:
    """``date`` as a reader of ``lang`` writes it in running text."""
    from babel.dates import format_date

    return format_date(date, format="long", locale=lang)


def language_home(site_url: str | None, lang: str) -> str:
    """The absolute path of a language's home page (a 404 page is served at any depth).

    >>> language_home("https://example.org/rules/", "ru"), language_home(None, "en")
    ('/rules/ru/', '/')
    """
    from urllib.parse import urlparse

    base = urlparse(site_url or "/").path.rstrip("/") + "/"
    return base if lang == DEFAULT_LANGUAGE else f"{base}{lang}/"


def licence_url(repo_url: str | None, edit_uri: str | None) -> str:
    """The licence file in the repository, at the branch that ``edit_uri`` edits (GitHub or GitLab style).

    >>> licence_url("https://github.com/o/cardrules", "edit/main/")
    'https://github.com/o/cardrules/blob/main/LICENSE'
    >>> licence_url("https://git.example.org/o/cardrules/", "-/edit/main/")
    'https://git.example.org/o/cardrules/-/blob/main/LICENSE'
    """
    if not repo_url:
        return "LICENSE"
    branch = (edit_uri or "edit/main/").strip("/").replace("edit/", "blob/", 1)
    return f"{repo_url.rstrip('/')}/{branch}/LICENSE"


def updated(lang: str, page: str) -> str | None:
    """ "Last updated" for this page in this language, or None where version control does not know it."""
    date = last_changed().get(edit_target(lang, page))
    return long_date(date, lang) if date else None
