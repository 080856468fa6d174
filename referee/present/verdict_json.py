"""A verdict, or the errors of a record that cannot be used, as the JSON object of DESIGN.md.

``referee check --json`` prints it, the checker in the browser (:mod:`referee.present.web`) reads
it; a check in words does not load this module.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from referee.engines.game import CLAIM_CODE
from referee.errors import RecordErrors, RefereeError, Where
from referee.messages import render, t

if TYPE_CHECKING:
    from referee.engines.game import Verdict


def verdict_json(verdict: Verdict, lang: str) -> dict[str, Any]:
    """The JSON object of DESIGN.md: game, valid, deals, totals, winner, findings (and more)."""
    from referee.games import get_game
    from referee.messages import render_params

    game = get_game(verdict.game)
    return {
        "game": verdict.game,
        "valid": verdict.valid,
        "usable": True,
        "options": verdict.options,
        "deals": [
            {
                "deal": d.number,
                "mode": d.mode,
                "scores": d.scores,
                **(
                    {"claim": d.claim, "claim_agrees": d.claim_agrees}
                    if d.claim is not None
                    else {}
                ),
                **({"claim_compared_with": d.claim_against} if d.claim_against is not None else {}),
                "totals": d.totals,
                "explanation": [render(s, lang) for s in d.steps],
                "steps": [{"id": s.msgid, "params": render_params(s, lang)} for s in d.steps],
            }
            for d in verdict.deals
        ],
        "totals": verdict.totals,
        "winner": verdict.winner,
        "termination": {
            "code": verdict.termination_code,
            "message": render(verdict.termination, lang),
        },
        "findings": [
            with_values(
                finding_json(
                    f.code, f.severity, game.rule_for(f.code), f.where, render(f.message, lang)
                ),
                f,
            )
            for f in verdict.findings
        ]
        + claim_findings(verdict, game.claim_rule, lang),
    }


def with_values(item: dict[str, Any], finding: Any) -> dict[str, Any]:
    """A claim's finding (a loser, a winner named wrongly) with the ``written`` and ``computed`` values."""
    if finding.written is not None or finding.computed is not None:
        item["written"], item["computed"] = finding.written, finding.computed
    return item


def claim_findings(verdict: Verdict, rule: str | None, lang: str) -> list[dict[str, Any]]:
    """A finding for every claim that disagrees (DECISIONS, round 4): its code, the rule that says what a
    deal scores, the written and the computed values, at the claim's place in the record."""
    out = []
    for d in verdict.deals:
        if d.claim_agrees is not False:
            continue
        computed = d.computed
        where = d.claim_where or Where(path=f"deals[{d.number - 1}].claim", deal=d.number)
        message = t(
            "The claim ({written}) disagrees with the rules, which give {computed}.",
            written=[f"{k} {_number(v)}" for k, v in (d.claim or {}).items()],
            computed=[f"{k} {_number(v)}" for k, v in computed.items()],
        )
        item = finding_json(CLAIM_CODE, "error", rule, where, render(message, lang))
        item["written"], item["computed"] = dict(d.claim or {}), dict(computed)
        out.append(item)
    return out


def _number(v: int) -> str:
    """A score as a reader writes it, negative with a real minus sign."""
    return f"\u2212{-v}" if v < 0 else str(v)


def errors_json(error: RefereeError, lang: str) -> dict[str, Any]:
    """The JSON object for a record that cannot be used."""
    from referee.games import GAMES

    errors = error.errors if isinstance(error, RecordErrors) else [error]
    game = GAMES.get(error.game) if error.game else None
    return {
        "valid": False,
        "usable": False,
        "errors": [
            finding_json(
                e.code,
                "error",
                game.rule_for(e.code) if game else None,
                e.where,
                render(e.message, lang),
            )
            for e in errors
        ],
    }


def finding_json(
    code: str, severity: str, rule: str | None, where: Where, message: str
) -> dict[str, Any]:
    """One finding or error in ``--json``: the same shape for both (``referee schema --verdict``).

    ``rule`` is the rule id of the game's page (``G1-R05``) or None; ``path`` and ``line`` say where
    in the record (None when the problem is the record as a whole); ``where`` adds the deal, trick
    and seat where known.
    """
    return {
        "code": code,
        "severity": severity,
        "rule": rule,
        "path": where.path,
        "line": where.line,
        "message": message,
        "where": where.as_dict(),
    }
