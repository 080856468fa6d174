"""An auction of two rounds of yes or pass (Trump 7): every player answers once a round, the second
round is final, and a yes in the second round only confirms a yes of the first.

A record keeps each player's two answers, ``auction: {Anna: [yes, yes], Boris: [yes, pass], Vera: [pass,
pass]}``, in the record's words (:mod:`referee.records.answers`: yes or pass, their synonyms, or a YAML
truth value). This module reads them (:func:`read_auction`), says who answered yes in each round
(:func:`auction_steps`) and who is the only final yes (:func:`final_declarer`); what a declarer then
does is the game's.

>>> auction = {"Anna": (True, True), "Boris": (True, False), "Vera": (False, False)}
>>> final_declarer(auction), late_yes(auction)
('Anna', [])
>>> [str(s) for s in auction_steps(auction)]   # doctest: +NORMALIZE_WHITESPACE
['Auction, round 1: yes from Anna and Boris.', 'Auction, round 2 (final): yes from Anna.',
 'Anna is the only final yes and becomes the declarer.']
"""

from __future__ import annotations

from dataclasses import dataclass

from referee.engines.deals import Deal
from referee.messages import N_, Message, t, tn
from referee.records.answers import read_answer

_NOBODY = N_("nobody")

Auction = dict[str, tuple[bool, bool]]
"""Each player's answers, round 1 and round 2 (final): True for yes."""


def final_declarer(auction: Auction) -> str | None:
    """The declarer: the only player whose round-2 (final) answer is yes; None if the deal is thrown in."""
    final = [p for p, (_, second) in auction.items() if second]
    return final[0] if len(final) == 1 else None


def late_yes(auction: Auction) -> list[str]:
    """The players who passed in round 1 and said yes in round 2, which voids the auction."""
    return [p for p, (first, second) in auction.items() if second and not first]


@dataclass
class VoidAuction:
    """A full play whose auction broke a rule (a yes in round 2 after a pass in round 1): thrown in."""

    late: list[str]

    def step(self, dealer: str) -> Message:
        """What the explanation says of the deal: nobody scores, and the dealer deals again."""
        return tn(
            "{players} passed in round 1 and said yes in round 2, which the rules do not allow: the auction "
            "is void and the deal is thrown in. Nobody scores, whatever was played after it, and {dealer} "
            "shuffles and deals again.",
            "{players} passed in round 1 and said yes in round 2, which the rules do not allow: the auction "
            "is void and the deal is thrown in. Nobody scores, whatever was played after it, and {dealer} "
            "shuffles and deals again.",
            len(self.late),
            players=self.late,
            dealer=dealer,
        )


_PLAIN = {"yes": True, "pass": False, True: True, False: False}
"""The answers nearly every record writes (``'yes'``, ``pass``, or YAML's true and false), read as
:func:`read_answer` reads them, without its cleaning of the text."""


def _plain_answer(value: object) -> bool | None:
    """``value`` if it is one of the plain answers (True for yes); None for anything else, which
    :func:`read_answer` then reads.

    >>> _plain_answer("pass"), _plain_answer(True), _plain_answer(1), _plain_answer(" Yes")
    (False, True, None, None)
    """
    return _PLAIN.get(value) if type(value) is str or type(value) is bool else None  # type: ignore[call-overload]


def read_auction(deal: Deal, players: list[str]) -> Auction | None:
    """``auction: {Anna: [yes, yes], Boris: [yes, pass], Vera: [pass, pass]}``: round 1, then round 2.

    None (the problems noted) unless every player's two answers can be read; a yes after a pass is a
    finding of the deal (``auction.late_yes``), and the answers are still read.
    """
    r, path = deal.r, deal.at("auction")
    entries = r.entries(path, players)
    if entries is None:
        return None
    answers: Auction = {}
    for name, p, given in entries:
        if not isinstance(given, list) or len(given) != 2:
            r.fail(
                p,
                t(
                    "{player} answers twice, in round 1 and in round 2, for example [yes, pass].",
                    player=name,
                ),
                "record.shape",
                "auction",
            )
            continue
        # the plain answers looked up here (as _plain_answer does), not through two calls
        first, second = given
        first = _PLAIN.get(first) if type(first) is str or type(first) is bool else None  # type: ignore[call-overload]
        second = _PLAIN.get(second) if type(second) is str or type(second) is bool else None  # type: ignore[call-overload]
        if first is None or second is None:  # not the plain words: read as read_answer reads them
            read = [read_answer(a) for a in given]
            for k, (raw, got) in enumerate(zip(given, read, strict=True)):
                if got is None:
                    r.fail(
                        p + (k,),
                        t("{value!r} is not an answer; write yes or pass.", value=str(raw)),
                        "record.bad_answer",
                        "auction",
                    )
            first, second = read
            if first is None or second is None:
                continue
        if second and not first:
            deal.warn(
                "auction.late_yes",
                p[len(deal.path) :],
                t(
                    "{player} passed in round 1, so cannot say yes in "
                    "round 2: the second round only confirms or "
                    "withdraws a yes.",
                    player=name,
                ),
                "error",
            )
        answers[name] = (first, second)
    return answers if len(answers) == len(players) else None


def auction_steps(auction: Auction) -> list[Message]:
    """The two rounds of the auction, as the explanation of a full play shows them."""
    first = [p for p, a in auction.items() if a[0]]
    second = [p for p, a in auction.items() if a[1]]
    steps = [
        t("Auction, round 1: yes from {players}.", players=first or t(_NOBODY)),
        t("Auction, round 2 (final): yes from {players}.", players=second or t(_NOBODY)),
    ]
    if not set(second).issubset(
        first
    ):  # a late yes (late_yes): the auction is void; the deal says why
        return steps
    if len(second) == 1:
        steps.append(
            t("{player} is the only final yes and becomes the declarer.", player=second[0])
        )
    else:
        steps.append(t("Not exactly one final yes: there is no declarer."))
    return steps
