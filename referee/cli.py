"""The ``referee`` command: ``referee games`` and ``referee check RECORD [--lang] [--json]``.

Exit status of ``check``: 0 the record is valid and every claim agrees; 1 a claim disagrees or a
rule was broken; 2 the record cannot be used. Bad input never produces a traceback.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any, TextIO

from referee import record_cli
from referee.errors import RecordError, RecordErrors, RefereeError
from referee.game import Verdict
from referee.games import GAMES
from referee.messages import LANGUAGES, render, render_params, t
from referee.source import load_text

EXIT_VALID, EXIT_DISAGREES, EXIT_UNUSABLE = 0, 1, 2


def check_text(text: str) -> Verdict:
    """Check a record given as YAML or JSON text; raises a :class:`RefereeError` if it cannot be used."""
    doc = load_text(text)
    slug = doc.data.get("game") if isinstance(doc.data, dict) else None
    if not isinstance(slug, str) or slug not in GAMES:
        raise RecordError(t("game must be one of {games}, not {value!r}.", games=sorted(GAMES), value=str(slug)),
                          code="record.unknown_game", where=doc.where(("game",)))
    return GAMES[slug].check(doc)


def verdict_json(verdict: Verdict, lang: str) -> dict[str, Any]:
    """The JSON object of DESIGN.md: game, valid, deals, totals, winner, findings (and more)."""
    return {
        "game": verdict.game,
        "valid": verdict.valid,
        "options": verdict.options,
        "deals": [{
            "deal": d.number,
            "mode": d.mode,
            "scores": d.scores,
            **({"claim": d.claim, "claim_agrees": d.claim_agrees} if d.claim is not None else {}),
            **({"claim_compared_with": d.claim_against} if d.claim_against is not None else {}),
            "totals": d.totals,
            "explanation": [render(s, lang) for s in d.steps],
            "steps": [{"id": s.msgid, "params": render_params(s, lang)} for s in d.steps],
        } for d in verdict.deals],
        "totals": verdict.totals,
        "winner": verdict.winner,
        "termination": {"code": verdict.termination_code, "message": render(verdict.termination, lang)},
        "findings": [{"code": f.code, "severity": f.severity, "where": f.where.as_dict(),
                      "message": render(f.message, lang)} for f in verdict.findings],
    }


def errors_json(error: RefereeError, lang: str) -> dict[str, Any]:
    """The JSON object for a record that cannot be used."""
    errors = error.errors if isinstance(error, RecordErrors) else [error]
    return {"valid": False, "usable": False,
            "errors": [{"code": e.code, "rule": e.rule, "where": e.where.as_dict(), "message": render(e.message, lang)}
                       for e in errors]}


def print_verdict(verdict: Verdict, lang: str, out: TextIO) -> None:
    """A readable verdict with the explanation."""
    from referee.games import get_game

    game = get_game(verdict.game)
    out.write(f"{game.name(lang)}\n")
    for d in verdict.deals:
        out.write("\n" + render(t("Deal {n}", n=d.number), lang) + "\n")
        for step in d.steps:
            out.write(f"  {render(step, lang)}\n")
        scores = ", ".join(f"{k} {render_value(v)}" for k, v in d.scores.items())
        out.write("  " + render(t("Scores: {scores}.", scores=scores), lang) + "\n")
        if d.claim is not None:
            claimed = ", ".join(f"{k} {render_value(v)}" for k, v in d.claim.items())
            key = t("The claim ({claim}) agrees.", claim=claimed) if d.claim_agrees else \
                t("The claim ({claim}) DISAGREES with the rules.", claim=claimed)
            out.write("  " + render(key, lang) + "\n")
        out.write("  " + render(t("Totals: {totals}.", totals=", ".join(f"{k} {render_value(v)}"
                                                                       for k, v in d.totals.items())), lang) + "\n")
    if verdict.findings:
        out.write("\n" + render(t("Findings:"), lang) + "\n")
        for f in verdict.findings:
            place = f.where.describe(lang)
            out.write(f"  [{f.severity}] {f.code}: {place}: {render(f.message, lang)}\n")
    out.write("\n" + render(verdict.termination, lang) + "\n")
    verdict_line = t("Verdict: valid, every claim agrees.") if verdict.valid else \
        t("Verdict: NOT valid (a claim disagrees or a rule was broken).")
    out.write(render(verdict_line, lang) + "\n")


def render_value(v: int) -> str:
    """A score as printed (negative with a real minus sign)."""
    return f"\u2212{-v}" if v < 0 else str(v)


def cmd_games(lang: str, as_json: bool, out: TextIO) -> int:
    """List the games."""
    rows = [{"slug": g.slug, "name": g.name(lang), "players": list(g.player_counts),
             "options": [o.name for o in g.options]} for g in GAMES.values()]
    if as_json:
        json.dump(rows, out, ensure_ascii=False, indent=2)
        out.write("\n")
    else:
        for row in rows:
            counts = row["players"]
            span = f"{counts[0]}–{counts[-1]}" if len(counts) > 1 else str(counts[0])
            players = render(t("{n} players", n=span), lang)
            out.write(f"{row['slug']:<18} {row['name']}  ({players})\n")
    return 0


def cmd_check(path: str, lang: str, as_json: bool, out: TextIO, err: TextIO) -> int:
    """Check one record; return the exit status."""
    try:
        if path == "-":
            text = sys.stdin.read()
        else:
            with open(path, encoding="utf-8") as fh:
                text = fh.read()
    except (OSError, UnicodeDecodeError) as exc:
        message = render(t("Cannot read {path}: {reason}", path=path, reason=str(exc)), lang)
        if as_json:
            json.dump({"valid": False, "usable": False, "errors": [{"code": "record.unreadable",
                                                                    "message": message}]}, out, ensure_ascii=False)
            out.write("\n")
        else:
            err.write(message + "\n")
        return EXIT_UNUSABLE
    try:
        verdict = check_text(text)
    except RefereeError as exc:
        if as_json:
            json.dump(errors_json(exc, lang), out, ensure_ascii=False, indent=2)
            out.write("\n")
        else:
            errors = exc.errors if isinstance(exc, RecordErrors) else [exc]
            err.write(render(t("{path}: the record cannot be used:", path=path), lang) + "\n")
            for e in errors:
                rule = f" [{e.rule}]" if e.rule else ""
                err.write(f"  {e.render(lang)}{rule}\n")
        return EXIT_UNUSABLE
    if as_json:
        json.dump(verdict_json(verdict, lang), out, ensure_ascii=False, indent=2)
        out.write("\n")
    else:
        print_verdict(verdict, lang, out)
    return verdict.exit_status


def build_parser() -> argparse.ArgumentParser:
    """The argument parser."""
    parser = argparse.ArgumentParser(prog="referee", description="Check card-game records against the rules.")
    sub = parser.add_subparsers(dest="command", required=True)
    games = sub.add_parser("games", help="list the games")
    games.add_argument("--lang", choices=LANGUAGES, default="en")
    games.add_argument("--json", action="store_true")
    check = sub.add_parser("check", help="check a record (YAML or JSON; - for standard input)")
    check.add_argument("record")
    check.add_argument("--lang", choices=LANGUAGES, default="en")
    check.add_argument("--json", action="store_true")
    record_cli.add_parsers(sub)
    return parser


def main(argv: list[str] | None = None) -> int:
    """Entry point of the console script."""
    args = build_parser().parse_args(argv)
    for stream in (sys.stdout, sys.stderr):
        if hasattr(stream, "reconfigure"):
            stream.reconfigure(encoding="utf-8")
    try:
        if args.command == "games":
            return cmd_games(args.lang, args.json, sys.stdout)
        if args.command in record_cli.COMMANDS:
            return record_cli.run(args, sys.stdout, sys.stderr)
        return cmd_check(args.record, args.lang, args.json, sys.stdout, sys.stderr)
    except BrokenPipeError:  # the reader closed the pipe (| head): not our error
        sys.stderr.close()
        return EXIT_VALID


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
