"""The rules map of a game: each rule, its page anchor, the checks that enforce it and a record that breaks it.

A game declares its rules (:attr:`referee.engines.game.Game.rule_table`). A rule is shown broken by a
worked example whose verdict holds one of its codes (``examples/<slug>/``), or by a case of
``tests/data/breaks/<slug>.yaml``: a record (inline, a file under ``tests/data/``, or an example with some
text replaced), the codes its verdict or its errors hold, and the rule it breaks (``breaks:``) where
that is not the rule its name's code names. ``claim`` stands for a claim that disagrees with the rules.
``tests/test_rules_map.py`` checks every case by running it.

>>> rows = rules_map("trump-seven")
>>> row = next(r for r in rows if r["rule"] == "G1-R15")
>>> row["anchor"], row["codes"], row["broken_by"]
('g1-r15', ['play.lead_out_of_turn'], 'tests/data/breaks/trump-seven.yaml#play.lead_out_of_turn')
>>> next(r for r in rows if r["rule"] == "G1-R04")["unchecked"]
'the lot is drawn before the record begins'
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES_DIR = ROOT / "examples"
BREAKS_DIR = ROOT / "tests" / "data" / "breaks"


@dataclass(frozen=True)
class Case:
    """A record that breaks rules: where it comes from, its text, and the codes its check gives."""

    source: str
    text: str
    shows: tuple[str, ...]
    breaks: str | None = None
    """The rule the record breaks, where a case says so (``breaks:``); else the rule its name's code names."""


def case_codes(text: str) -> set[str]:
    """The codes the referee gives for a record: its findings, its errors, ``claim`` for a claim that disagrees."""
    from referee.errors import RecordErrors, RefereeError
    from referee.present.verdicts import check_text

    try:
        verdict = check_text(text)
    except RefereeError as err:
        return {e.code for e in (err.errors if isinstance(err, RecordErrors) else [err])}
    codes = {f.code for f in verdict.findings}
    if any(d.claim_agrees is False for d in verdict.deals):
        codes.add("claim")
    return codes


def _replace(text: str, pairs: list[list[str]], where: str) -> str:
    for old, new in pairs:
        if text.count(old) != 1:
            raise ValueError(f"{where}: {old!r} must occur exactly once in the example")
        text = text.replace(old, new)
    return text


@cache
def cases(slug: str) -> tuple[Case, ...]:
    """The game's worked examples that hold a finding or a disagreeing claim, then its cases of breaks."""
    import yaml

    out = []
    for path in sorted((EXAMPLES_DIR / slug).glob("*.yaml")):
        text = path.read_text(encoding="utf-8")
        shows = case_codes(text)
        if shows:
            out.append(Case(f"examples/{slug}/{path.name}", text, tuple(sorted(shows))))
    path = BREAKS_DIR / f"{slug}.yaml"
    if path.exists():
        for name, case in yaml.safe_load(path.read_text(encoding="utf-8")).items():
            source = f"tests/data/breaks/{slug}.yaml#{name}"
            if "example" in case:
                base = (EXAMPLES_DIR / f"{case['example']}.yaml").read_text(encoding="utf-8")
                text = _replace(base, case["replace"], source)
            elif "file" in case:  # a record kept whole beside the cases (an audit's break record)
                text = (BREAKS_DIR.parent / case["file"]).read_text(encoding="utf-8")
            else:
                text = yaml.safe_dump(
                    case["record"], allow_unicode=True, sort_keys=False, width=200
                )
            out.append(Case(source, text, tuple(case["shows"]), case.get("breaks")))
    return tuple(out)


def rules_map(slug: str) -> list[dict[str, Any]]:
    """One row a rule: id, anchor, its link on the game page, summary, the codes that name it, the others
    that check it too, and either the case that breaks it (None: none yet) or why no record can show it."""
    from referee.games import get_game

    game = get_game(slug)
    rows = []
    for rule in game.rules():
        row: dict[str, Any] = {
            "rule": rule.id,
            "anchor": rule.anchor,
            "page": f"{slug}.md#{rule.anchor}",
            "summary": rule.summary,
        }
        if rule.unchecked is not None:
            row["unchecked"] = rule.unchecked
        else:
            row["codes"] = [c for c in rule.codes if c not in rule.also]
            row["also"] = list(rule.also)
            row["broken_by"] = _breaking(slug, rule.id, row["codes"], rule.codes)
        rows.append(row)
    return rows


def _breaking(slug: str, rule: str, primary: list[str], codes: tuple[str, ...]) -> str | None:
    """The case that breaks a rule: one that says it breaks it, one made for a code that names it, else
    any that shows one of its codes."""
    said = [c for c in cases(slug) if c.breaks == rule]
    if said:
        return said[0].source
    found = [c for c in cases(slug) if set(c.shows) & set(codes)]
    made = [c for c in found if c.source.rpartition("#")[2] in primary]
    own = [c for c in made if c.source.rpartition("#")[2] != "claim"]  # the rule's own check first
    checks = set(codes) - {"claim"}
    showing = [c for c in found if set(c.shows) & checks]
    return (own or made or showing or found)[0].source if found else None


def add_parser(sub: Any, lang: str = "en") -> None:
    """Add ``rules GAME [--json]`` to the command line's subcommands, its help in ``lang``."""
    from referee.cli.options import add_command, common_options, game_argument
    from referee.games import GAMES
    from referee.messages import t

    rules = add_command(
        sub,
        "rules",
        lang,
        t("list a game's rules and what checks each"),
        t(
            "The rules map of a game: each rule's id and page anchor, the "
            "checks that enforce it and a record that breaks it, or why no "
            "record can show it."
        ),
    )
    game_argument(rules, lang, GAMES)
    common_options(rules, lang)
    rules.set_defaults(run=lambda args, out, err: run(args.game, args.lang, args.json, out))


def run(slug: str, lang: str, as_json: bool, out: Any) -> int:
    """Print the rules map; exit status 0."""
    import json

    from referee.messages import render, t

    rows = rules_map(slug)
    if as_json:
        out.write(json.dumps({"game": slug, "rules": rows}, ensure_ascii=False, indent=2) + "\n")
        return 0
    for row in rows:
        out.write(f"{row['rule']:<8} #{row['anchor']:<8} {row['summary']}\n")
        if "unchecked" in row:
            out.write(
                "    "
                + render(t("not checkable from a record: {reason}", reason=row["unchecked"]), lang)
                + "\n"
            )
            continue
        checks = " ".join(row["codes"] + [f"({c})" for c in row["also"]])
        out.write("    " + render(t("checked by: {codes}", codes=checks), lang) + "\n")
        broken = row["broken_by"]
        out.write(
            "    "
            + render(
                t("broken in: {source}", source=broken) if broken else t("no record breaks it yet"),
                lang,
            )
            + "\n"
        )
    return 0
