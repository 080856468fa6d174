"""What every ``referee`` command shares: the reader's language, the ``--lang``/``--json`` options, the
complaint about a command line that cannot be used and the variable that shows a traceback.

>>> default_language({"LC_ALL": "", "LC_MESSAGES": "de_AT.UTF-8", "LANG": "ru_RU.UTF-8"})
'de'
>>> default_language({"LANG": "C.UTF-8"}), default_language({})
('en', 'en')
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING, Any

from referee.messages import LANGUAGES, Message, render, t

if TYPE_CHECKING:
    import argparse

DEBUG_VARIABLE = "REFEREE_DEBUG"
"""Set to 1, an unexpected failure shows its traceback as well."""


class UsageError(Exception):
    """The command line cannot be used (argparse's complaint, already in the reader's language)."""


def default_language(environ: Mapping[str, str] | None = None) -> str:
    """The reader's language from the locale variables, as gettext looks them up; English otherwise."""
    env = os.environ if environ is None else environ
    for variable in ("LC_ALL", "LC_MESSAGES", "LANG"):
        value = env.get(variable, "")
        if value:
            code = value.split(".")[0].split("@")[0].split("_")[0].lower()
            return code if code in LANGUAGES else "en"
    return "en"


def add_command(
    sub: Any, name: str, lang: str, help: Message, description: Message | None = None
) -> argparse.ArgumentParser:
    """The subcommand ``name`` on ``sub`` (the subparsers), its ``help`` (its line in ``referee --help``)
    and ``description`` (the head of its own ``--help``) in ``lang``."""
    words = {"help": render(help, lang)}
    if description is not None:
        words["description"] = render(description, lang)
    return sub.add_parser(name, **words)


def game_argument(
    parser: argparse.ArgumentParser, lang: str, games: Iterable[str], **more: Any
) -> None:
    """The ``game`` argument, one of ``games`` (identifiers), its help in ``lang``; ``more`` is passed
    on to argparse (``nargs``)."""
    parser.add_argument(
        "game", choices=sorted(games), help=render(t("the game's identifier"), lang), **more
    )


def common_options(parser: argparse.ArgumentParser, lang: str) -> None:
    """``--lang`` and ``--json``, as every command has them; the help in ``lang``."""
    current = default_language()
    parser.add_argument(
        "--lang",
        choices=LANGUAGES,
        default=current,
        help=render(
            t(
                "language of the output: en, ru or de (by default the locale's, from LC_ALL, "
                "LC_MESSAGES or LANG, else English; now {current})",
                current=current,
            ),
            lang,
        ),
    )
    parser.add_argument(
        "--json", action="store_true", help=render(t("print one JSON object instead of text"), lang)
    )
