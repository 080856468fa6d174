"""The command line as argparse reads it: every subcommand, its options and its help in the reader's language.

A plain ``referee check RECORD [--json] [--lang L]`` is read without it
(:func:`referee.cli.command.main`); any other command line comes here, and so do ``referee games``
(:func:`cmd_games`), ``new``, ``schema`` and ``rules``.
"""

from __future__ import annotations

import functools
import os
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any, NoReturn

from referee.cli.options import DEBUG_VARIABLE, UsageError, add_command, common_options
from referee.cli.output import json_text, silence_stdout, write_utf8
from referee.messages import N_, Message, render, t
from referee.present.verdicts import EXIT_VALID

if TYPE_CHECKING:
    import argparse


def cmd_games(lang: str, as_json: bool, out: Any) -> int:
    """List the games."""
    from referee.games import GAMES

    rows = [
        {
            "slug": g.slug,
            "name": g.name(lang),
            "players": list(g.player_counts),
            "options": [o.name for o in g.options],
        }
        for g in GAMES.values()
    ]
    if as_json:
        out.write(json_text(rows))
    else:
        for row in rows:
            counts = row["players"]
            span = f"{counts[0]}–{counts[-1]}" if len(counts) > 1 else str(counts[0])
            players = render(t("{n} players", n=span), lang)
            out.write(f"{row['slug']:<18} {row['name']}  ({players})\n")
    return EXIT_VALID


# argparse's own words, translated through the referee's catalogs while the parser runs.
_ARGPARSE_WORDS = (
    N_("usage: "),
    N_("options"),
    N_("positional arguments"),
    N_("show this help message and exit"),
    N_("the following arguments are required: %s"),
    N_("unrecognized arguments: %s"),
    N_("argument %(argument_name)s: %(message)s"),
    N_("invalid choice: %(value)r (choose from %(choices)s)"),
    N_("expected one argument"),
    N_("%(prog)s: error: %(message)s\n"),
    N_("ambiguous option: %(option)s could match %(matches)s"),
)


@functools.cache
def _parser_class() -> type[argparse.ArgumentParser]:
    """argparse's parser with the referee's formatter, errors and output, made on first use: a plain
    ``referee check RECORD`` is read without argparse (:func:`_simple_check`), which would cost its
    start a millisecond or two to import and build."""
    import argparse

    class _Formatter(argparse.HelpFormatter):
        """argparse's formatter, without importing :mod:`shutil` (and its compression modules) to get the width."""

        def __init__(
            self,
            prog: str,
            indent_increment: int = 2,
            max_help_position: int = 24,
            width: int | None = None,
            **more: Any,
        ):
            if width is None:
                try:
                    width = int(os.environ.get("COLUMNS", "")) - 2
                except ValueError:
                    try:
                        width = os.get_terminal_size(sys.__stdout__.fileno()).columns - 2  # type: ignore[union-attr]
                    except (AttributeError, ValueError, OSError):
                        width = 78
            super().__init__(prog, indent_increment, max_help_position, max(width, 40), **more)

    class _Parser(argparse.ArgumentParser):
        def __init__(self, *args: Any, **kwargs: Any):
            kwargs.setdefault("formatter_class", _Formatter)
            super().__init__(*args, **kwargs)

        def error(self, message: str) -> NoReturn:
            raise UsageError(message)

        def _print_message(self, message: str, file: Any = None) -> None:
            if message:
                try:
                    write_utf8(file or sys.stdout, message)
                except BrokenPipeError:  # `referee --help | head`
                    silence_stdout()

    return _Parser


@contextmanager
def argparse_in(lang: str) -> Iterator[None]:
    import argparse

    from referee.messages import gettext_for

    original = getattr(argparse, "_", None)
    if not callable(original):  # another Python's argparse: its words stay English, nothing breaks
        yield
        return
    argparse._ = lambda text: gettext_for(lang, text)  # type: ignore[attr-defined]
    try:
        yield
    finally:
        argparse._ = original  # type: ignore[attr-defined]


def _words(message: Message, language: str) -> str:
    return render(message, language)


def add_games_parser(sub: Any, lang: str) -> None:
    """``referee games``."""
    games = add_command(
        sub, "games", lang, t("list the games"), t("List the games the referee knows.")
    )
    common_options(games, lang)
    games.set_defaults(run=lambda args, out, err: cmd_games(args.lang, args.json, out))


def add_check_parser(sub: Any, lang: str, check: Callable[..., int]) -> None:
    """``referee check RECORD``, run by ``check`` (:func:`referee.cli.command.cmd_check`)."""
    parser = add_command(
        sub,
        "check",
        lang,
        t("check a record (YAML or JSON; - for standard input)"),
        t(
            "Check a record against the rules. Exit status: 0 valid, 1 a claim "
            "disagrees or a rule was broken, 2 the record cannot be used."
        ),
    )
    parser.add_argument(
        "record",
        help=_words(
            t("the record file, or - to read standard input (at most {limit} MB)", limit=2), lang
        ),
    )
    common_options(parser, lang)
    parser.set_defaults(
        run=lambda args, out, err: check(args.record, args.lang, args.json, out, err)
    )


def add_record_parsers(sub: Any, lang: str) -> None:
    """``referee new`` and ``referee schema`` (:mod:`referee.cli.records`)."""
    from referee.cli import records as record_cli

    record_cli.add_parsers(sub, lang)


def add_rules_parser(sub: Any, lang: str) -> None:
    """``referee rules GAME`` (:mod:`referee.cli.rules`)."""
    from referee.cli import rules as rules_map

    rules_map.add_parser(sub, lang)


COMMAND_NAMES = ("games", "check", "new", "schema", "rules")
"""The subcommands :func:`build_parser` adds, in order (a test compares them)."""


def build_parser(lang: str, only_check: bool, check: Callable[..., int]) -> argparse.ArgumentParser:
    """The argument parser, its help in ``lang``; with ``only_check``, the ``check`` subcommand alone
    (the other commands' modules and help texts are not loaded; usage lines still name them all).
    Each subcommand sets ``run(args, out, err) -> exit status`` as its default; ``check`` runs a check."""
    parser_class = _parser_class()
    parser = parser_class(
        prog="referee",
        description=_words(t("Check card-game records against the rules."), lang),
        epilog=_words(
            t(
                "Set {variable}=1 to see the traceback of an unexpected failure.",
                variable=DEBUG_VARIABLE,
            ),
            lang,
        ),
    )
    sub = parser.add_subparsers(
        dest="command", required=True, parser_class=parser_class, title=_words(t("commands"), lang)
    )
    if not only_check:
        add_games_parser(sub, lang)
    add_check_parser(sub, lang, check)
    if not only_check:
        add_record_parsers(sub, lang)
        add_rules_parser(sub, lang)
    sub.metavar = "{" + ",".join(COMMAND_NAMES if only_check else sub.choices) + "}"
    return parser
