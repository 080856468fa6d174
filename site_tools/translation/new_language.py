"""Start a new language in one command, or list the site's languages.

    python -m site_tools.translation.new_language list    # the languages, and which are released
    python -m site_tools.translation.new_language add pl  # start Polish (./run language add pl)

``add LANG`` writes everything a translator needs and nothing else:

* ``locale/LANG/docs/<page>.po`` for every English page, from the page templates;
* ``locale/LANG/LC_MESSAGES/referee.po`` from ``locale/referee.pot``, compiled to ``referee.mo``
  (the referee's messages; untranslated ones stay English);
* the language in ``mkdocs.yml`` (so in the language switcher and the status page, at 0 %).
"""

from __future__ import annotations

import argparse
import re
import subprocess
import sys
from pathlib import Path

from site_tools.languages import (
    CONFIG,
    DEFAULT_LANGUAGE,
    ROOT,
    native_name,
    parse_code,
    released_languages,
    site_languages,
)
from site_tools.translation import catalogs


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
