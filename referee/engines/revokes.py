"""Who revoked: the seats that broke a rule of following in the tricks of a full play, as played.

A replay (:mod:`referee.engines.replay`) reports every irregularity as a finding; a game whose house
rule punishes a revoke (Catch the Ten's ``revoke_penalty``) needs to know who committed one, and
only that kind: a lead out of turn, or a card played out of order, is another irregularity.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable

from referee.cards import Card, Suit
from referee.engines.tricks import Trick, TrickRules

REVOKES = frozenset({"play.revoke", "play.must_trump"})
"""Failing to follow suit, or to trump as required."""


def revokers(rules: TrickRules, hands: list[list[Card]], tricks: Iterable[Trick], trump: Suit,
             codes: Collection[str] = REVOKES) -> list[int]:
    """The seats that failed to follow suit, or to trump as required (``codes``), in the tricks as played.

    Only these are revokes; a lead out of turn or a card played out of order is another irregularity.

    >>> from referee.notation import parse_cards
    >>> from referee.engines.tricks import ORDER_6_TO_A
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
