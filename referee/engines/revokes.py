"""Who revoked: the seats that broke a rule of following in the tricks of a full play, as played.

A replay (:mod:`referee.engines.replay`) reports every irregularity as a finding; a game whose house
rule punishes a revoke (Catch the Ten's ``revoke_penalty``) needs to know who committed one, and
only that kind: a lead out of turn, or a card played out of order, is another irregularity.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable

from referee.cards import Card, Suit
from referee.engines.sides import Table
from referee.engines.trick_rules import Trick, TrickRules
from referee.messages import Message, t

REVOKES = frozenset({"play.revoke", "play.must_trump"})
"""Failing to follow suit, or to trump as required."""


def revokers(
    rules: TrickRules,
    hands: list[list[Card]],
    tricks: Iterable[Trick],
    trump: Suit,
    codes: Collection[str] = REVOKES,
) -> list[int]:
    """The seats that failed to follow suit, or to trump as required (``codes``), in the tricks as played.

    Only these are revokes; a lead out of turn or a card played out of order is another irregularity.

    >>> from referee.notation import parse_cards
    >>> from referee.engines.trick_rules import ORDER_6_TO_A
    >>> hands = [parse_cards("AH 6C"), parse_cards("7S KH")]
    >>> rules = TrickRules(ORDER_6_TO_A, must_trump=True)
    >>> revokers(rules, hands, [Trick(0, tuple(parse_cards("AH 7S")), 0)], Suit.CLUBS)  # he held K♥
    [1]
    """
    held = [set(h) for h in hands]
    owner = {c: seat for seat, hand in enumerate(hands) for c in hand}
    out: list[int] = []
    for trick in tricks:
        led = rules.suit_of(trick.cards[0], trump)
        for k, card in enumerate(trick.cards):
            seat = owner[card]
            if k:
                error = rules.why_illegal(card, held[seat], led, trump, "")
                if error is not None and error.code in codes:
                    out.append(seat)
            held[seat].discard(card)
    return out


def revoke_loss(
    offenders: list[int], table: Table, totals: dict[str, int]
) -> tuple[str | None, Message]:
    """The end of a game lost by a revoke (house rule ``revoke_penalty: loss_of_game``): the revokers at
    ``offenders`` (seats) lose for themselves or their side; of the others, the only one with the highest
    total wins (None: a tie). Returns the winner and the words of the end.

    >>> table = Table(["Anna", "Boris", "Vera"], {p: p for p in ("Anna", "Boris", "Vera")}, {})
    >>> winner, why = revoke_loss([1], table, {"Anna": 10, "Boris": 30, "Vera": 12})
    >>> winner
    'Vera'
    >>> print(why)
    Boris revoked (failed to follow suit or to trump as required) and lose the game (revoke_penalty: loss_of_game).
    """
    players = list(table.side_of)
    guilty = [players[s] for s in sorted(set(offenders))]
    losing = {table.side_of[p] for p in guilty}
    others = [e for e in table.entrants if e not in losing]
    best = max((totals[e] for e in others), default=None)
    leaders = [e for e in others if totals[e] == best]
    return leaders[0] if len(leaders) == 1 else None, t(
        "{players} revoked (failed to follow suit or to trump as required) and lose the game "
        "(revoke_penalty: loss_of_game).",
        players=guilty,
    )
