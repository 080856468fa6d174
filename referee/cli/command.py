"""The ``referee`` command: ``referee check RECORD [--lang] [--json]``, and the others through the parser.

Exit status of ``check``: 0 the record is valid and every claim agrees; 1 a claim disagrees or a
rule was broken; 2 the record cannot be used, or the command line, the input or the output
cannot be. Nothing escapes as a traceback: one guard in :func:`main` turns any failure into exit
status 2 with a message in the reader's language (one JSON object with ``--json``). Set
``REFEREE_DEBUG=1`` to see the traceback of an unexpected failure as well.

The record is read as bytes, at most :data:`referee.records.source.MAX_BYTES`, and decoded as UTF-8
whatever the locale says. Only regular files and standard input are read: a FIFO, a device or
a folder is refused at once, so that nothing waits for ever or reads without end.

The reader's language is ``--lang``, else the locale (``LC_ALL``, ``LC_MESSAGES``, ``LANG``),
else English. Modules are imported when a command needs them, so that a check starts quickly: a
plain check is read without argparse, any other command line by :mod:`referee.cli.parser`.

"""

from __future__ import annotations

import errno
import os
import stat
import sys
from typing import TYPE_CHECKING, Any

from referee.cli.options import DEBUG_VARIABLE, UsageError, default_language
from referee.cli.output import Buffer, json_text, silence_stdout, write_utf8
from referee.errors import RecordError, RecordErrors, RefereeError, Where
from referee.messages import LANGUAGES, N_, Message, key_label, render, severity_label, t
from referee.present.verdicts import EXIT_UNUSABLE, EXIT_VALID, check_document, rule_note

if TYPE_CHECKING:
    import argparse

    from referee.engines.game import Verdict


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

            out.write(json_text(verdict_json(verdict, lang)))
        else:
            print_verdict(verdict, lang, out)
        return verdict.exit_status
    if as_json:
        from referee.present.verdict_json import errors_json

        out.write(json_text(errors_json(failure, lang)))
    else:
        print_errors(failure, path, lang, err)
    return EXIT_UNUSABLE


# ---------------------------------------------------------------------------------------------
# The command line


def build_parser(lang: str = "en", only_check: bool = False) -> argparse.ArgumentParser:
    """The argument parser (:mod:`referee.cli.parser`), its help in ``lang``; with ``only_check``, the
    ``check`` subcommand alone."""
    from referee.cli import parser

    return parser.build_parser(lang, only_check, cmd_check)


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


def main(argv: list[str] | None = None) -> int:
    """Entry point of the console script: the exit status, never an exception."""
    argv = sys.argv[1:] if argv is None else list(argv)
    lang = _language_asked(argv)
    as_json = "--json" in argv
    out, err = Buffer(), Buffer()
    try:
        simple = _simple_check(argv)
        if simple is not None:
            status = cmd_check(*simple, out, err)
        else:
            from referee.cli.parser import argparse_in

            with argparse_in(lang):
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
        out, err = Buffer(), Buffer()
        _report(out, err, as_json, "internal", message)
        status = EXIT_UNUSABLE
    return _finish(out, err, status, lang)


def _report(out: Buffer, err: Buffer, as_json: bool, code: str, message: str) -> None:
    if as_json:
        from referee.present.verdict_json import finding_json

        out.write(
            json_text(
                {
                    "valid": False,
                    "usable": False,
                    "errors": [finding_json(code, "error", None, Where(), message)],
                }
            )
        )
    else:
        err.write(message + "\n")


def _finish(out: Buffer, err: Buffer, status: int, lang: str) -> int:
    """Write what was collected; a closed or full output is exit status 2 (a closed pipe keeps ``status``)."""
    for stream, buffer in ((sys.stdout, out), (sys.stderr, err)):
        text = buffer.text()
        if not text:
            continue
        try:
            write_utf8(stream, text)
        except BrokenPipeError:
            if stream is sys.stdout:
                silence_stdout()
        except (OSError, ValueError) as exc:
            reason = system_reason(exc) if isinstance(exc, OSError) else str(exc)
            if stream is not sys.stderr:
                try:
                    write_utf8(
                        sys.stderr,
                        render(t("Cannot write the output: {reason}.", reason=reason), lang) + "\n",
                    )
                except (OSError, ValueError):
                    pass
                if stream is sys.stdout:
                    silence_stdout()
            return EXIT_UNUSABLE
    return status
