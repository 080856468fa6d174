"""The ``referee`` command: ``referee games`` and ``referee check RECORD [--lang] [--json]``.

Exit status of ``check``: 0 the record is valid and every claim agrees; 1 a claim disagrees or a
rule was broken; 2 the record cannot be used, or the command line, the input or the output
cannot be. Nothing escapes as a traceback: one guard in :func:`main` turns any failure into exit
status 2 with a message in the reader's language (one JSON object with ``--json``). Set
``REFEREE_DEBUG=1`` to see the traceback of an unexpected failure as well.

The record is read as bytes, at most :data:`referee.records.source.MAX_BYTES`, and decoded as UTF-8
whatever the locale says. Only regular files and standard input are read: a FIFO, a device or
a folder is refused at once, so that nothing waits for ever or reads without end.

The reader's language is ``--lang``, else the locale (``LC_ALL``, ``LC_MESSAGES``, ``LANG``),
else English. Modules are imported when a command needs them, so that a check starts quickly.

"""

from __future__ import annotations

import errno
import functools
import os
import stat
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any, NoReturn

from referee.cli.options import common_options, default_language
from referee.errors import RecordError, RecordErrors, RefereeError, Where
from referee.messages import LANGUAGES, N_, Message, key_label, render, severity_label, t
from referee.present.verdicts import EXIT_UNUSABLE, EXIT_VALID, check_document, rule_note

if TYPE_CHECKING:
    import argparse

    from referee.engines.game import Verdict

DEBUG_VARIABLE = "REFEREE_DEBUG"


def print_verdict(verdict: Verdict, lang: str, out: Any) -> None:
    """A readable verdict with the explanation."""
    from referee.games import get_game

    game = get_game(verdict.game)
    out.write(f"{game.name(lang)}\n")
    for d in verdict.deals:
        out.write("\n" + render(Message(game.deal_heading, {"n": d.number}), lang) + "\n")
        for step in d.steps:
            out.write(f"  {render(step, lang)}\n")
        scores = ", ".join(f"{k} {render_value(v)}" for k, v in d.scores.items())
        out.write("  " + render(t("Scores: {scores}.", scores=scores), lang) + "\n")
        if d.claim is not None:
            claimed = ", ".join(
                f"{key_label(k, lang)} {render_value(v)}" for k, v in d.claim.items()
            )
            key = (
                t("The claim ({claim}) agrees.", claim=claimed)
                if d.claim_agrees
                else t("The claim ({claim}) DISAGREES with the rules.", claim=claimed)
            )
            out.write("  " + render(key, lang) + "\n")
        out.write(
            "  "
            + render(
                t(
                    "Totals: {totals}.",
                    totals=", ".join(f"{k} {render_value(v)}" for k, v in d.totals.items()),
                ),
                lang,
            )
            + "\n"
        )
    if verdict.findings:
        out.write("\n" + render(t("Findings:"), lang) + "\n")
        for f in verdict.findings:
            place = f.where.describe(lang, whole_games=game.deal_heading == "Game {n}")
            out.write(
                f"  {severity_label(f.severity, lang)} {f.code}: {place}: {render(f.message, lang)}"
                f"{rule_note(game.rule_for(f.code), lang)}\n"
            )
    out.write("\n" + render(verdict.termination, lang) + "\n")
    # What failed, as the checker's headline says it (DE3-029): a claim, a rule, or both.
    # A finding about what the table wrote (deal.loser_claim, construction.claim) is a wrong claim too.
    errors = [f.code for f in verdict.findings if f.severity == "error"]
    claim_wrong = any(d.claim_agrees is False for d in verdict.deals) or any(
        "claim" in code for code in errors
    )
    rule_broken = any("claim" not in code for code in errors)
    verdict_line = (
        t("Verdict: valid, every claim agrees.")
        if verdict.valid
        else t("Verdict: not valid: a claim disagrees, and a rule was broken.")
        if claim_wrong and rule_broken
        else t("Verdict: not valid: a claim disagrees.")
        if claim_wrong
        else t("Verdict: not valid: a rule was broken.")
        if rule_broken
        else t("Verdict: not valid (a claim disagrees or a rule was broken).")
    )
    out.write(render(verdict_line, lang) + "\n")


def render_value(v: int) -> str:
    """A score as printed (negative with a real minus sign)."""
    return f"\u2212{-v}" if v < 0 else str(v)


def print_errors(error: RefereeError, name: str, lang: str, out: Any) -> None:
    """A record that cannot be used: what, where and which rule, one problem a line."""
    from referee.games import GAMES

    errors = error.errors if isinstance(error, RecordErrors) else [error]
    game = GAMES.get(error.game) if error.game else None
    out.write(render(t("{path}: the record cannot be used:", path=name), lang) + "\n")
    for e in errors:
        rule_id = game.rule_for(e.code) if game else None
        note = rule_note(rule_id, lang) if rule_id else (f" [{e.rule}]" if e.rule else "")
        out.write(f"  {e.render(lang)}{note}\n")


# Characters that could forge or hide a line on a terminal: controls other than the line break,
# bidirectional overrides, line and paragraph separators, and lone surrogates (from JSON escapes).
_UNSAFE = {
    c: f"\\u{c:04x}"
    for c in (
        *range(0x00, 0x0A),
        *range(0x0B, 0x20),
        *range(0x7F, 0xA0),
        0x061C,
        0x200E,
        0x200F,
        0x2028,
        0x2029,
        *range(0x202A, 0x202F),
        *range(0x2066, 0x206A),
        *range(0xD800, 0xE000),
    )
}


def safe_text(text: str) -> str:
    r"""``text`` with every control, bidirectional and separator character written as an escape.

    The escapes are JSON's, so the same function makes a JSON text safe on a terminal.

    >>> safe_text("Anna\x1b[2J\u202eX\n")
    'Anna\\u001b[2J\\u202eX\n'
    """
    return text.translate(_UNSAFE)


class _Buffer:
    """Collects the output, written in one piece at the end (a failure never leaves half a verdict)."""

    def __init__(self) -> None:
        self.parts: list[str] = []

    def write(self, text: str) -> None:
        self.parts.append(text)

    def text(self) -> str:
        return "".join(self.parts)


def _json_text(value: Any) -> str:
    import json

    return json.dumps(value, ensure_ascii=False, indent=2) + "\n"


# ---------------------------------------------------------------------------------------------
# Input


class _InputError(Exception):
    """The record could not be read; the message says why in the reader's language."""

    def __init__(self, message: Message):
        super().__init__(render(message, "en"))
        self.message = message


_SYSTEM_REASONS = {
    errno.ENOENT: N_("there is no such file"),
    errno.EACCES: N_("permission denied"),
    errno.EPERM: N_("permission denied"),
    errno.EISDIR: N_("it is a folder"),
    errno.ENOTDIR: N_("a part of the path is not a folder"),
    errno.ENOSPC: N_("no space is left on the device"),
    errno.EIO: N_("an input or output error"),
    errno.ENAMETOOLONG: N_("the name is too long"),
    errno.ELOOP: N_("too many symbolic links"),
    errno.EROFS: N_("the file system is read-only"),
    errno.EFBIG: N_("the file is too large"),
    errno.EBADF: N_("it is closed"),
}


def system_reason(error: OSError) -> Message | str:
    """Why the system refused, in words a translation exists for (else the system's own)."""
    reason = _SYSTEM_REASONS.get(error.errno or 0)
    return t(reason) if reason else (error.strerror or str(error))


def _is_directory(stream: Any) -> bool:
    """Whether ``stream`` reads a directory (bin/referee handles the case where Python cannot start)."""
    try:
        return stat.S_ISDIR(os.fstat(stream.fileno()).st_mode)
    except (AttributeError, OSError, ValueError):
        return False


def read_record(name: str, stdin: Any = None) -> bytes:
    """The bytes of a record: a regular file, or standard input for ``-``; at most the size cap."""
    from referee.records.source import MAX_BYTES, too_large

    if name == "-":
        stream = sys.stdin if stdin is None else stdin
        if stream is None:
            raise _InputError(t("Standard input is closed; give a file, or pipe the record in."))
        if os.environ.get("REFEREE_STDIN") == "directory" or _is_directory(stream):
            # bin/referee swaps a directory for an empty input: Python cannot start with one.
            raise _InputError(
                t("Cannot read standard input: {reason}.", reason=t(_SYSTEM_REASONS[errno.EISDIR]))
            )
        try:
            raw = getattr(stream, "buffer", stream).read(MAX_BYTES + 1)
        except OSError as err:
            raise _InputError(
                t("Cannot read standard input: {reason}.", reason=system_reason(err))
            ) from None
        if isinstance(raw, str):  # a text stream handed in by a caller
            raw = raw.encode("utf-8", "surrogateescape")
        if len(raw) > MAX_BYTES:
            raise too_large()
        return raw
    try:
        # O_NONBLOCK: opening a FIFO with no writer must not wait; nothing but a regular file is read.
        fd = os.open(name, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0))
    except (OSError, ValueError) as err:
        reason = system_reason(err) if isinstance(err, OSError) else t("the name cannot be used")
        raise _InputError(t("Cannot read {path}: {reason}.", path=name, reason=reason)) from None
    try:
        info = os.fstat(fd)
        if stat.S_ISDIR(info.st_mode):
            raise _InputError(
                t(
                    "Cannot read {path}: {reason}.",
                    path=name,
                    reason=t(_SYSTEM_REASONS[errno.EISDIR]),
                )
            )
        if not stat.S_ISREG(info.st_mode):
            raise _InputError(
                t(
                    "Cannot read {path}: it is not a regular file (a pipe or a device); "
                    "to read a stream, pipe it to standard input with -.",
                    path=name,
                )
            )
        if info.st_size > MAX_BYTES:
            raise too_large()
        if hasattr(os, "set_blocking"):
            os.set_blocking(fd, True)
        chunks, size = [], 0
        while size <= MAX_BYTES:
            chunk = os.read(fd, MAX_BYTES + 1 - size)
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
        if size > MAX_BYTES:  # the file grew while being read
            raise too_large()
        return b"".join(chunks)
    except OSError as err:
        raise _InputError(
            t("Cannot read {path}: {reason}.", path=name, reason=system_reason(err))
        ) from None
    finally:
        os.close(fd)


# ---------------------------------------------------------------------------------------------
# Commands


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
        out.write(_json_text(rows))
    else:
        for row in rows:
            counts = row["players"]
            span = f"{counts[0]}–{counts[-1]}" if len(counts) > 1 else str(counts[0])
            players = render(t("{n} players", n=span), lang)
            out.write(f"{row['slug']:<18} {row['name']}  ({players})\n")
    return EXIT_VALID


def cmd_check(path: str, lang: str, as_json: bool, out: Any, err: Any, stdin: Any = None) -> int:
    """Check one record; return the exit status."""
    from referee.records.source import load_bytes

    try:
        doc = load_bytes(read_record(path, stdin))
        verdict = check_document(doc)
    except _InputError as exc:
        failure: RefereeError = RecordError(exc.message, code="record.unreadable")
    except RefereeError as exc:
        failure = exc
    else:
        if as_json:
            from referee.present.verdict_json import verdict_json

            out.write(_json_text(verdict_json(verdict, lang)))
        else:
            print_verdict(verdict, lang, out)
        return verdict.exit_status
    if as_json:
        from referee.present.verdict_json import errors_json

        out.write(_json_text(errors_json(failure, lang)))
    else:
        print_errors(failure, path, lang, err)
    return EXIT_UNUSABLE


# ---------------------------------------------------------------------------------------------
# The command line


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


class UsageError(Exception):
    """The command line cannot be used (argparse's complaint, already in the reader's language)."""


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
                    _write(file or sys.stdout, message)
                except BrokenPipeError:  # `referee --help | head`
                    _silence_stdout()

    return _Parser


@contextmanager
def _argparse_in(lang: str) -> Iterator[None]:
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
    games = sub.add_parser(
        "games",
        help=_words(t("list the games"), lang),
        description=_words(t("List the games the referee knows."), lang),
    )
    common_options(games, lang)
    games.set_defaults(run=lambda args, out, err: cmd_games(args.lang, args.json, out))


def add_check_parser(sub: Any, lang: str) -> None:
    """``referee check RECORD``."""
    check = sub.add_parser(
        "check",
        help=_words(t("check a record (YAML or JSON; - for standard input)"), lang),
        description=_words(
            t(
                "Check a record against the rules. Exit status: 0 valid, 1 a claim "
                "disagrees or a rule was broken, 2 the record cannot be used."
            ),
            lang,
        ),
    )
    check.add_argument(
        "record",
        help=_words(
            t("the record file, or - to read standard input (at most {limit} MB)", limit=2), lang
        ),
    )
    common_options(check, lang)
    check.set_defaults(
        run=lambda args, out, err: cmd_check(args.record, args.lang, args.json, out, err)
    )


def add_record_parsers(sub: Any, lang: str) -> None:
    """``referee new`` and ``referee schema`` (:mod:`referee.cli.records`)."""
    from referee.cli import records as record_cli

    record_cli.add_parsers(sub, lang)


def add_rules_parser(sub: Any, lang: str) -> None:
    """``referee rules GAME`` (:mod:`referee.cli.rules`)."""
    from referee.cli import rules as rules_map

    rules_map.add_parser(sub, lang)


SUBCOMMANDS: list[Callable[[Any, str], None]] = [
    add_games_parser,
    add_check_parser,
    add_record_parsers,
    add_rules_parser,
]
"""Each adds one subcommand and sets ``run(args, out, err) -> exit status`` as its default."""


COMMAND_NAMES = ("games", "check", "new", "schema", "rules")
"""The subcommands :data:`SUBCOMMANDS` add, in order (a test compares them)."""


def build_parser(lang: str = "en", only_check: bool = False) -> argparse.ArgumentParser:
    """The argument parser, its help in ``lang``; with ``only_check``, the ``check`` subcommand alone
    (the other commands' modules and help texts are not loaded; usage lines still name them all)."""
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
    for add in [add_check_parser] if only_check else SUBCOMMANDS:
        add(sub, lang)
    sub.metavar = "{" + ",".join(COMMAND_NAMES if only_check else sub.choices) + "}"
    return parser


def _simple_check(argv: list[str]) -> tuple[str, str, bool] | None:
    """``check RECORD`` with at most ``--json`` and ``--lang L`` (or ``--lang=L``), each once, as the
    parser would read it: (record, language, JSON or not). None for any other command line, which the
    parser reads (help, abbreviations, errors): the common check starts without argparse.

    >>> _simple_check(["check", "a.yaml", "--lang=de", "--json"]), _simple_check(["check", "-", "--lang", "ru"])
    (('a.yaml', 'de', True), ('-', 'ru', False))
    >>> _simple_check(["check", "-x"]), _simple_check(["check", "a", "--js"]), _simple_check(["check", "a", "b"])
    (None, None, None)
    """
    if argv[:1] != ["check"]:
        return None
    record: str | None = None
    lang: str | None = None
    as_json = False
    k = 1
    while k < len(argv):
        arg = argv[k]
        if arg == "--json" and not as_json:
            as_json = True
        elif arg == "--lang" and lang is None and k + 1 < len(argv) and argv[k + 1] in LANGUAGES:
            lang = argv[k + 1]
            k += 1
        elif arg.startswith("--lang=") and lang is None and arg[len("--lang=") :] in LANGUAGES:
            lang = arg[len("--lang=") :]
        elif record is None and (arg == "-" or not arg.startswith("-")):
            record = arg
        else:
            return None
        k += 1
    if record is None:
        return None
    return record, lang if lang is not None else default_language(), as_json


def _language_asked(argv: list[str]) -> str:
    """``--lang`` as given (before the parser has run, so that its own messages are translated)."""
    for k, arg in enumerate(argv):
        value = (
            argv[k + 1]
            if arg == "--lang" and k + 1 < len(argv)
            else arg.partition("=")[2]
            if arg.startswith("--lang=")
            else None
        )
        if value in LANGUAGES:
            return value
    return default_language()


def _write(stream: Any, text: str) -> None:
    """Write ``text`` as UTF-8 whatever the locale, and flush (so that a full disk is noticed here)."""
    if stream is None:
        raise OSError(errno.EBADF, "closed")
    data = safe_text(text)
    buffer = getattr(stream, "buffer", None)
    if buffer is not None:
        stream.flush()
        buffer.write(data.encode("utf-8"))
        buffer.flush()
    else:
        stream.write(data)
        stream.flush()


def _silence_stdout() -> None:
    """The reader went away (``| head``): later writes and the final flush go nowhere, quietly."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)
    except (OSError, AttributeError, ValueError):
        pass


def main(argv: list[str] | None = None) -> int:
    """Entry point of the console script: the exit status, never an exception."""
    argv = sys.argv[1:] if argv is None else list(argv)
    lang = _language_asked(argv)
    as_json = "--json" in argv
    out, err = _Buffer(), _Buffer()
    try:
        simple = _simple_check(argv)
        if simple is not None:
            status = cmd_check(*simple, out, err)
        else:
            with _argparse_in(lang):
                parser = build_parser(lang, only_check=argv[:1] == ["check"])
                try:
                    args = parser.parse_args(argv)
                except SystemExit as exit_:  # --help
                    status = exit_.code if isinstance(exit_.code, int) else EXIT_UNUSABLE
                    return _finish(out, err, EXIT_VALID if status == 0 else EXIT_UNUSABLE, lang)
            status = args.run(args, out, err)
    except UsageError as exc:
        message = render(
            t("The command line cannot be used: {reason}. See referee --help.", reason=str(exc)),
            lang,
        )
        _report(out, err, as_json, "usage", message)
        status = EXIT_UNUSABLE
    except (
        KeyboardInterrupt,
        Exception,
    ) as exc:  # the guard: a bug or the system, never a traceback
        if os.environ.get(DEBUG_VARIABLE):
            import traceback

            traceback.print_exc()
        reason = (
            system_reason(exc) if isinstance(exc, OSError) else f"{type(exc).__name__}: {exc}"[:500]
        )
        message = render(
            t(
                "The referee could not finish: {reason}. Please report this with the record.",
                reason=reason,
            ),
            lang,
        )
        out, err = _Buffer(), _Buffer()
        _report(out, err, as_json, "internal", message)
        status = EXIT_UNUSABLE
    return _finish(out, err, status, lang)


def _report(out: _Buffer, err: _Buffer, as_json: bool, code: str, message: str) -> None:
    if as_json:
        from referee.present.verdict_json import finding_json

        out.write(
            _json_text(
                {
                    "valid": False,
                    "usable": False,
                    "errors": [finding_json(code, "error", None, Where(), message)],
                }
            )
        )
    else:
        err.write(message + "\n")


def _finish(out: _Buffer, err: _Buffer, status: int, lang: str) -> int:
    """Write what was collected; a closed or full output is exit status 2 (a closed pipe keeps ``status``)."""
    for stream, buffer in ((sys.stdout, out), (sys.stderr, err)):
        text = buffer.text()
        if not text:
            continue
        try:
            _write(stream, text)
        except BrokenPipeError:
            if stream is sys.stdout:
                _silence_stdout()
        except (OSError, ValueError) as exc:
            reason = system_reason(exc) if isinstance(exc, OSError) else str(exc)
            if stream is not sys.stderr:
                try:
                    _write(
                        sys.stderr,
                        render(t("Cannot write the output: {reason}.", reason=reason), lang) + "\n",
                    )
                except (OSError, ValueError):
                    pass
                if stream is sys.stdout:
                    _silence_stdout()
            return EXIT_UNUSABLE
    return status
