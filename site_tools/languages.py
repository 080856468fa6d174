"""The site's languages, declared once in ``mkdocs.yml``.

``mkdocs.yml`` (the i18n plugin's ``languages:``) is the one list of the site's languages: the
translation pipeline, the catalogs command, the status page and the tests read it from there.
``locale/languages.yaml`` says which of them are **released**: their pages must be fully
translated (the tests fail on a missing or fuzzy entry). A language that is added but not released
yet is *partial*: its pages show the English for every untranslated segment with the notice that
the translation is incomplete, and the build and the tests pass while translators work. A new
language is started by :mod:`site_tools.translation.new_language` (``./run language add LANG``).

>>> parse_code("uk")
'uk'
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import yaml

ROOT = Path(__file__).resolve().parent.parent
CONFIG = ROOT / "mkdocs.yml"
RELEASED = ROOT / "locale" / "languages.yaml"
DEFAULT_LANGUAGE = "en"


class _ConfigLoader(yaml.SafeLoader):
    """mkdocs.yml as plain data: ``!ENV [NAME, default]`` gives the default, other tags give None."""


def _tagged(loader: yaml.SafeLoader, suffix: str, node: yaml.Node) -> Any:
    if suffix == "!ENV" and isinstance(node, yaml.SequenceNode) and len(node.value) > 1:
        return loader.construct_object(node.value[-1])
    return None


_ConfigLoader.add_multi_constructor("!", _tagged)
_ConfigLoader.add_multi_constructor("tag:yaml.org,2002:python/", _tagged)


def config(path: Path = CONFIG) -> dict[str, Any]:
    """``mkdocs.yml`` read as data (without MkDocs: the pipeline imports this at start-up)."""
    return yaml.load(path.read_text(encoding="utf-8"), Loader=_ConfigLoader) or {}


def _i18n(data: dict[str, Any]) -> dict[str, Any]:
    for plugin in data.get("plugins") or []:
        if isinstance(plugin, dict) and "i18n" in plugin:
            return plugin["i18n"] or {}
    return {}


def site_languages(path: Path = CONFIG) -> tuple[str, ...]:
    """Every language of the site, the default first, in the order of ``mkdocs.yml``."""
    codes = [str(lang["locale"]) for lang in _i18n(config(path)).get("languages") or []]
    default = [c for c in codes if c == DEFAULT_LANGUAGE] or [DEFAULT_LANGUAGE]
    return (*default, *(c for c in codes if c != DEFAULT_LANGUAGE))


def translated_languages(path: Path = CONFIG) -> tuple[str, ...]:
    """The languages made from catalogs (every language but English)."""
    return site_languages(path)[1:]


def released_languages(path: Path = RELEASED) -> tuple[str, ...]:
    """The languages whose pages must be complete (``locale/languages.yaml``)."""
    if not path.is_file():
        return ()
    data = yaml.safe_load(path.read_text(encoding="utf-8")) or {}
    return tuple(str(code) for code in data.get("released") or ())


def parse_code(code: str) -> str:
    """A plain language code that Babel knows (``pl``, ``uk``), or SystemExit saying what is wrong."""
    from babel import Locale, UnknownLocaleError

    if not re.fullmatch(r"[a-z]{2,3}", code):
        raise SystemExit(
            f"run: '{code}' is not a language code: give two or three small letters (pl, uk, fr)"
        )
    try:
        Locale.parse(code)
    except (ValueError, UnknownLocaleError):
        raise SystemExit(f"run: '{code}' is not a language Babel knows (try pl, uk, fr)") from None
    return code


def native_name(code: str) -> str:
    """The language's name in itself, as the switcher shows it.

    >>> native_name("pl"), native_name("uk")
    ('Polski', 'Українська')
    """
    from babel import Locale

    name = Locale.parse(code).get_display_name(code) or code
    return name[:1].upper() + name[1:]
