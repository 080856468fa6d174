"""The site's languages, declared once in ``mkdocs.yml``, and a new one started in one command.

    python -m site_tools.languages list        # the languages, and which are released
    python -m site_tools.languages add pl      # start Polish (./run language add pl)

``mkdocs.yml`` (the i18n plugin's ``languages:``) is the one list of the site's languages: the
translation pipeline, the catalogs command, the status page and the tests read it from there.
``locale/languages.yaml`` says which of them are **released**: their pages must be fully
translated (the tests fail on a missing or fuzzy entry). A language that is added but not released
yet is *partial*: its pages show the English for every untranslated segment with the notice that
the translation is incomplete, and the build and the tests pass while translators work.

``add LANG`` writes everything a translator needs and nothing else:

* ``locale/LANG/docs/<page>.po`` for every English page, from the page templates;
* ``locale/LANG/LC_MESSAGES/referee.po`` from ``locale/referee.pot``, compiled to ``referee.mo``
  (the referee's messages; untranslated ones stay English);
* the language in ``mkdocs.yml`` (so in the language switcher and the status page, at 0 %).

>>> parse_code("uk")
'uk'
"""

from __future__ import annotations

import argparse
import re
import subprocess
import sys
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


def add_to_config(code: str, path: Path = CONFIG) -> None:
    """Insert the language after the last entry of the i18n plugin's ``languages:`` list."""
    lines = path.read_text(encoding="utf-8").splitlines(keepends=True)
    entries = [i for i, line in enumerate(lines) if re.match(r"\s+- locale: ", line)]
    if not entries:
        raise SystemExit("run: mkdocs.yml has no i18n languages to add to")
    indent = len(lines[entries[-1]]) - len(lines[entries[-1]].lstrip())
    end = entries[-1] + 1
    while (
        end < len(lines)
        and lines[end].strip()
        and len(lines[end]) - len(lines[end].lstrip()) > indent
    ):
        end += 1
    pad = " " * indent
    entry = [
        f"{pad}- locale: {code}\n",
        f"{pad}  name: {native_name(code)}\n",
        f"{pad}  # site_name, copyright, site_description: English until translated here\n",
    ]
    path.write_text("".join([*lines[:end], *entry, *lines[end:]]), encoding="utf-8")


def add(code: str) -> list[Path]:
    """Start a new language in this project; return the files written."""
    root = ROOT
    code = parse_code(code)
    config_path = root / "mkdocs.yml"
    if code in site_languages(config_path):
        raise SystemExit(f"run: the site already has the language '{code}'")
    add_to_config(code, config_path)
    from site_tools import catalogs

    written = catalogs.start_language(code)
    locale_dir = root / "locale"
    babel = [sys.executable, "-m", "babel.messages.frontend"]
    for args in (
        [
            "init",
            "-D",
            "referee",
            "-i",
            str(locale_dir / "referee.pot"),
            "-d",
            str(locale_dir),
            "-l",
            code,
            "--no-wrap",
        ],
        ["compile", "-D", "referee", "-d", str(locale_dir), "-l", code],
    ):
        done = subprocess.run(
            [*babel, *args], cwd=root, capture_output=True, text=True, check=False
        )
        if done.returncode != 0:
            raise SystemExit(f"run: pybabel {args[0]} failed:\n{done.stdout}{done.stderr}")
    written += sorted((locale_dir / code / "LC_MESSAGES").glob("referee.*"))
    return [config_path, *written]


def main(argv: list[str] | None = None) -> int:
    """The command line; see the module docstring."""
    parser = argparse.ArgumentParser(prog="./run language", description=__doc__.split("\n\n")[0])
    sub = parser.add_subparsers(dest="command", required=True)
    sub.add_parser("list", help="the site's languages; which are released")
    new = sub.add_parser("add", help="start a new language: its catalogs, mkdocs.yml, the switcher")
    new.add_argument("lang", help="a language code: pl, uk, fr, pt_BR …")
    args = parser.parse_args(argv)
    if args.command == "list":
        released = set(released_languages())
        for code in site_languages():
            state = (
                "source"
                if code == DEFAULT_LANGUAGE
                else "released"
                if code in released
                else "partial"
            )
            print(f"{code:<6} {state}")
        return 0
    code = parse_code(args.lang)
    written = add(code)
    for path in written:
        print(f"wrote {path.relative_to(ROOT)}")
    print(
        f"\n'{code}' is on the site as a partial translation (the English shows until translated).\n"
        f"Translate locale/{code}/docs/*.po and locale/{code}/LC_MESSAGES/referee.po "
        "(Poedit or Weblate: see Contribute), check with ./run serve,\n"
        f"and add '{code}' to `released:` in locale/languages.yaml when every page is complete."
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
