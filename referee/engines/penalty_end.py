"""The end of a penalty game played to a target (Kings Corners): the game ends at the end of the deal in which
somebody reaches the target; who loses is the game's option (the highest total among those at the target, or
all of them), and the fewest points win.

:func:`penalty_end` says whether the totals end the game and who loses and wins; :func:`penalty_verdict` words
the verdict. The game keeps its rules: what a deal scores, and its target and losers options.
"""

from __future__ import annotations

from typing import Any

from referee.engines.game import Verdict
from referee.engines.ledger import Ledger
from referee.messages import t, tn

Ended = tuple[list[str], list[str]]
"""The losers and the winners of a game that is over."""


def penalty_end(totals: dict[str, int], target: int, losers_rule: str) -> Ended | None:
    """The losers and the winners once someone has reached ``target``; None while the game goes on.

    ``losers_rule`` is ``highest`` (the highest total among those at or over the target loses; several with the
    same highest total all lose) or ``all_at_target`` (everyone at or over the target loses).

    >>> penalty_end({"A": 52, "B": 52, "C": 30, "D": 30}, 50, "highest")
    (['A', 'B'], ['C', 'D'])
    >>> penalty_end({"A": 55, "B": 50, "C": 12}, 50, "all_at_target"), penalty_end({"A": 49}, 50, "highest")
    ((['A', 'B'], ['C']), None)
    """
    reached = [p for p, v in totals.items() if v >= target]
    if not reached:
        return None
    if losers_rule == "highest":
        top = max(totals[p] for p in reached)
        losers = [p for p in reached if totals[p] == top]
    else:
        losers = reached
    low = min(totals.values())
    return losers, [p for p, v in totals.items() if v == low]


def penalty_verdict(
    ledger: Ledger, game: str, options: dict[str, Any], target: int, ended: Ended | None
) -> Verdict:
    """The verdict on the deals in ``ledger``: the game goes on (``ended`` None), or it is over (the losers and
    winners :func:`penalty_end` found when it ended); a sole winner is the verdict's winner.

    >>> from referee.records.source import load_text
    >>> ledger = Ledger(load_text("{}"), {"A": 52, "B": 30})
    >>> verdict = penalty_verdict(ledger, "kings-corners", {}, 50, (["A"], ["B"]))
    >>> verdict.winner, str(verdict.termination)
    ('B', 'The game is over: A reached 50 and lost; B with the fewest points (30) won.')
    """
    if ended is None:
        termination = tn(
            "Nobody has reached {target} penalty point; the game goes on.",
            "Nobody has reached {target} penalty points; the game goes on.",
            target,
            target=target,
        )
        return ledger.verdict(game, options, None, termination, "in_progress")
    losers, winners = ended
    winner = winners[0] if len(winners) == 1 else None
    points = ledger.totals[winners[0]]
    termination = (
        t(
            "The game is over: {losers} reached {target} and lost; {winners} with the fewest points "
            "({points}) won.",
            losers=losers,
            target=target,
            winners=winners,
            points=points,
        )
        if winner
        else tn(
            "The game is over: {losers} reached {target} and lost; {winners} share the win with {points} point each.",
            "The game is over: {losers} reached {target} and lost; {winners} share the win with {points} "
            "points each.",
            points,
            losers=losers,
            target=target,
            winners=winners,
            points=points,
        )
    )
    return ledger.verdict(game, options, winner, termination, "game_over")
