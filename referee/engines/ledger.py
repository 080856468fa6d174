"""The running scores of a record's deals, and how a game ends: who reached the target, who leads, who pays whom.

A game adds each deal's scores to a :class:`Ledger`; the functions here say when the game is over
and why (:func:`reached`, :func:`highest_over`, :func:`level_over`, :func:`goes_on`), and the steps
that explain it in the verdict.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from referee.engines.deals import Deal, Played
from referee.engines.game import DealResult, Finding, Verdict, advance, deal_after_end
from referee.messages import Message, t, tn
from referee.records.source import Document


class Ledger:
    """The running totals of a record's deals, and what every game notes as deals are added.

    >>> from referee.records.source import load_text
    >>> ledger = Ledger(load_text("{}"), {"Anna": 0, "Boris": 3})
    >>> before = ledger.add(0, DealResult(1, {"Anna": 2, "Boris": 1}, []), dealer=0)
    >>> before, ledger.totals, ledger.results[0].totals, ledger.previous_dealer
    ({'Anna': 0, 'Boris': 3}, {'Anna': 2, 'Boris': 4}, {'Anna': 2, 'Boris': 4}, 0)
    """

    def __init__(self, doc: Document, totals: dict[str, int]):
        self.doc = doc
        self.totals = totals
        self.results: list[DealResult] = []
        self.findings: list[Finding] = []
        self.over = False
        """Whether the game has ended: a deal added after that is scored with a warning."""
        self.previous_dealer: int | None = None
        """The seat of the last deal's dealer; None before the first."""
        self.deals_again = False
        """Whether the last deal was thrown in, so that the same player deals again."""

    def check_dealer(self, deal: Deal, players: list[str], dealer: int) -> None:
        """The deal passes to the left; after a deal thrown in, the same player deals again.

        >>> from referee.records.fields import RecordSpec
        >>> from referee.engines.reader import Reader
        >>> from referee.records.source import load_text
        >>> from referee.records.fields import DEALER
        >>> r = Reader(load_text("deals: [{dealer: Anna}, {dealer: Anna}]\\n"))
        >>> ledger, players = Ledger(r.doc, {}), ["Anna", "Boris", "Vera"]
        >>> ledger.add(0, DealResult(1, {}, []), dealer=0, thrown_in=True)
        {}
        >>> ledger.check_dealer(Deal.open(r, 1, RecordSpec(deal=(DEALER,)), ledger.findings), players, 0)
        >>> ledger.findings
        []
        >>> ledger.deals_again = False
        >>> ledger.check_dealer(Deal.open(r, 1, RecordSpec(deal=(DEALER,)), ledger.findings), players, 0)
        >>> [(f.code, str(f.message)) for f in ledger.findings]
        [('deal.dealer_order', 'The deal passes to the left: Boris should deal, not Anna.')]
        """
        last = self.previous_dealer
        if last is None:
            return
        expected = last if self.deals_again else (last + 1) % len(players)
        if dealer == expected:
            return
        if self.deals_again:
            msg = t(
                "After a thrown-in deal the same player deals again: {expected} should deal, not {dealer}.",
                expected=players[expected],
                dealer=players[dealer],
            )
        else:
            msg = t(
                "The deal passes to the left: {expected} should deal, not {dealer}.",
                expected=players[expected],
                dealer=players[dealer],
            )
        deal.warn("deal.dealer_order", ("dealer",), msg)

    def add(
        self, i: int, result: DealResult, dealer: int | None = None, thrown_in: bool = False
    ) -> dict[str, int]:
        """Add the ``i``-th deal (from 0): its totals, and a warning if the game was already over.

        ``dealer`` (a seat) is remembered for the next deal's rotation, with whether the deal was
        ``thrown_in``. Returns the totals before the deal.
        """
        if self.over:
            self.findings.append(deal_after_end(self.doc, i))
        before = self.totals
        self.totals = advance(self.totals, result.scores)
        result.totals = dict(self.totals)
        self.results.append(result)
        if dealer is not None:
            self.previous_dealer, self.deals_again = dealer, thrown_in
        return before

    def verdict(
        self,
        game: str,
        options: dict[str, Any],
        winner: str | None,
        termination: Message,
        code: str,
        end_steps: list[Message] | None = None,
    ) -> Verdict:
        """The verdict on the deals added."""
        return Verdict(
            game,
            options,
            self.results,
            self.totals,
            winner,
            termination,
            code,
            self.findings,
            end_steps if end_steps is not None else [],
        )


def goes_on(target: int) -> Message:
    """The end of a record in which nobody has reached ``target`` yet."""
    return tn(
        "Nobody has reached {target} point yet; the game goes on.",
        "Nobody has reached {target} points yet; the game goes on.",
        target,
        target=target,
    )


def reached(player: str, target: int) -> Message:
    """The end of a game that ``player`` won by reaching ``target``."""
    return tn(
        "{player} reached {target} point and wins the game.",
        "{player} reached {target} points and wins the game.",
        target,
        player=player,
        target=target,
    )


def reaches_and_wins(player: str, target: int) -> Message:
    """The step that says ``player``, alone at ``target`` or over it after a deal, wins."""
    return tn(
        "{player} reaches {target} point and wins.",
        "{player} reaches {target} points and wins.",
        target,
        player=player,
        target=target,
    )


def highest_over(totals: dict[str, int], target: int) -> tuple[str | None, list[Message]]:
    """Who has won after a deal: the only player at or over the target, or the higher total of several
    (a usual end of a game played to a target, as in Yacht), with the step that says so.

    Several players over the target with equal highest totals: nobody yet, another deal is played
    (:func:`level_over` words the end of a record that stops there).

    >>> highest_over({"Anna": 510, "Boris": 530, "Vera": 100}, 500)[0]
    'Boris'
    >>> highest_over({"Anna": 520, "Boris": 520, "Vera": 600}, 500)[0]
    'Vera'
    >>> highest_over({"Anna": 520, "Boris": 520, "Vera": 100}, 500)[0] is None
    True
    """
    over = [p for p, v in totals.items() if v >= target]
    if not over:
        return None, []
    if len(over) == 1:
        return over[0], [reaches_and_wins(over[0], target)]
    best = max(totals[p] for p in over)
    leaders = [p for p in over if totals[p] == best]
    if len(leaders) == 1:
        return leaders[0], [
            tn(
                "{players} are at or over {target} point; {player} has the highest total and wins.",
                "{players} are at or over {target} points; {player} has the highest total and "
                "wins.",
                target,
                players=over,
                target=target,
                player=leaders[0],
            )
        ]
    return None, [
        tn(
            "{players} are at or over {target} point with equal totals of {total}; another deal is played.",
            "{players} are at or over {target} points with equal totals of {total}; another deal "
            "is played.",
            target,
            players=leaders,
            target=target,
            total=best,
        )
    ]


def level_over(totals: dict[str, int], target: int) -> Message | None:
    """The end of a record in which nobody has won (:func:`highest_over`): the players level at or over
    ``target`` play on; None if nobody has reached it.

    >>> str(level_over({"Anna": 520, "Boris": 520, "Vera": 100}, 500)), level_over({"Anna": 5}, 500)
    ('Anna and Boris are level at 520 points, at or over 500; the game goes on.', None)
    """
    if not any(v >= target for v in totals.values()):
        return None
    best = max(totals.values())
    return tn(
        "{players} are level at {total} point, at or over {target}; the game goes on.",
        "{players} are level at {total} points, at or over {target}; the game goes on.",
        best,
        players=[p for p, v in totals.items() if v == best],
        total=best,
        target=target,
    )


def leaders(totals: dict[str, int]) -> tuple[int, list[str]]:
    """The highest total and who has it, in the order of ``totals`` (the seating order): who wins a game
    that the highest total wins, or shares the win.

    >>> leaders({"Anna": 3, "Boris": 5, "Vera": 5})
    (5, ['Boris', 'Vera'])
    """
    best = max(totals.values())
    return best, [p for p, v in totals.items() if v == best]


def pay(ledger: dict[str, int], payer: str, payees: Iterable[str], amount: int) -> None:
    """``payer`` pays ``amount`` to each of ``payees``, in ``ledger`` (what each has won or lost so far):
    payments add up to nothing.

    >>> ledger = dict.fromkeys(["Anna", "Boris", "Vera"], 0)
    >>> pay(ledger, "Vera", ["Anna", "Boris"], 15); ledger
    {'Anna': 15, 'Boris': 15, 'Vera': -30}
    """
    for q in payees:
        ledger[payer] -= amount
        ledger[q] += amount


def settled(
    deal: Deal | None,
    ledger: Ledger,
    players: list[str],
    play: Callable[[Deal, int], Played | None],
    claim_minimum: int | None = None,
) -> tuple[DealResult, int] | None:
    """A deal's result and its dealer's seat, for a game whose deals each score on their own.

    The dealer is read and the rotation checked (:meth:`Ledger.check_dealer`), the claim is read (each at
    least ``claim_minimum``), then ``play(deal, dealer)`` reads the summary or replays the full play. A
    play that broke off at a broken rule (scores None) scores nothing and its claim is not judged. None
    when the deal cannot be read.
    """
    if deal is None:
        return None
    dealer_name = deal.r.name(deal.at("dealer"), players)
    claim = deal.claim(players, claim_minimum)
    if dealer_name is None:
        return None
    dealer = players.index(dealer_name)
    ledger.check_dealer(deal, players, dealer)
    got = play(deal, dealer)
    if got is None:
        return None
    scores, steps = got
    if scores is None:
        return deal.result(dict.fromkeys(players, 0), steps), dealer
    return deal.result({p: scores.get(p, 0) for p in players}, steps, claim), dealer
