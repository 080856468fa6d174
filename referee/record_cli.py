"""The record commands of ``referee``: ``new`` (a commented template) and ``schema`` (a JSON Schema).

They are wired into :mod:`referee.cli` by two calls, :func:`add_parsers` and :func:`run`.

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
from referee.messages import LANGUAGES
from referee.records import json_schema

COMMANDS = ("new", "schema")


def add_parsers(sub: Any) -> None:
    """Add ``new`` and ``schema`` to the command line's subcommands."""
    new = sub.add_parser("new", help="print a commented record to fill in")
    new.add_argument("game", choices=sorted(GAMES))
    new.add_argument("--lang", choices=LANGUAGES, default="en", help="the language of the comments and the notation")
    new.add_argument("--full", action="store_true", help="a full-play deal (hands and tricks) instead of a summary")
    schema = sub.add_parser("schema", help="print the JSON Schema of a game's records")
    schema.add_argument("game", choices=sorted(GAMES))
    schema.add_argument("--url", help="the address the schema is published at (its $id)")


def run(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    """Run ``new`` or ``schema``; the exit status."""
    if args.command == "new":
        return run_new(args.game, args.lang, args.full, out, err)
    return run_schema(args.game, args.url, out)


def run_new(slug: str, lang: str, full: bool, out: TextIO, err: TextIO) -> int:
    """Print the template; exit status 2 if the game has no sample of that kind."""
    from referee.template import TemplateError, template  # PyYAML: only the command line needs it

    try:
        out.write(template(slug, lang, full))
    except TemplateError as error:
        err.write(f"{error}\n")
        return 2
    return 0


def run_schema(slug: str, url: str | None, out: TextIO) -> int:
    """Print the JSON Schema of a game's records."""
    json.dump(json_schema(get_game(slug), url), out, ensure_ascii=False, indent=2)
    out.write("\n")
    return 0

