"""The record commands of ``referee``: ``new`` (a commented template) and ``schema`` (a JSON Schema).

They are wired into :mod:`referee.cli.command` by two calls, :func:`add_parsers` and :func:`run`.

>>> import io, json
>>> out = io.StringIO()
>>> run_schema("yacht", None, out)
0
>>> json.loads(out.getvalue())["properties"]["game"]["const"]
'yacht'
"""

from __future__ import annotations

import argparse
import json
from typing import Any, TextIO

from referee.games import GAMES, get_game
from referee.messages import LANGUAGES, render, t

COMMANDS = ("new", "schema")


def add_parsers(sub: Any, lang: str = "en") -> None:
    """Add ``new`` and ``schema`` to the command line's subcommands, their help in ``lang``."""
    from referee.cli.options import add_command, default_language, game_argument

    new = add_command(sub, "new", lang, t("print a commented record to fill in"))
    game_argument(new, lang, GAMES)
    new.add_argument(
        "--lang",
        choices=LANGUAGES,
        default=default_language(),
        help=render(t("the language of the comments and the notation"), lang),
    )
    new.add_argument(
        "--full",
        action="store_true",
        help=render(t("a full-play deal (hands and tricks) instead of a summary"), lang),
    )
    new.set_defaults(run=run)
    schema = add_command(sub, "schema", lang, t("print the JSON Schema of a game's records"))
    game_argument(schema, lang, GAMES, nargs="?")
    schema.add_argument(
        "--verdict",
        action="store_true",
        help=render(t("the JSON Schema of what check --json prints, instead of a game's"), lang),
    )
    schema.add_argument(
        "--url", help=render(t("the address the schema is published at (its $id)"), lang)
    )
    schema.set_defaults(run=run)


def run(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    """Run ``new`` or ``schema``; the exit status."""
    if args.command == "new":
        return run_new(args.game, args.lang, args.full, out, err)
    if args.verdict:
        from referee.present.verdict_schema import verdict_schema

        json.dump(verdict_schema(args.url), out, ensure_ascii=False, indent=2)
        out.write("\n")
        return 0
    if args.game is None:
        from referee.cli.options import default_language

        err.write(
            render(t("Name a game, or give {option}.", option="--verdict"), default_language())
            + "\n"
        )
        return 2
    return run_schema(args.game, args.url, out)


def run_new(slug: str, lang: str, full: bool, out: TextIO, err: TextIO) -> int:
    """Print the template; exit status 2 if the game has no sample of that kind."""
    from referee.present.template import (
        TemplateError,
        template,
    )  # PyYAML: only the command line needs it

    try:
        out.write(template(slug, lang, full))
    except TemplateError as error:
        err.write(f"{error}\n")
        return 2
    return 0


def run_schema(slug: str, url: str | None, out: TextIO) -> int:
    """Print the JSON Schema of a game's records."""
    from referee.records.schema import json_schema

    json.dump(json_schema(get_game(slug), url), out, ensure_ascii=False, indent=2)
    out.write("\n")
    return 0
