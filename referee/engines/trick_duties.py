"""The duties of trick play in a reader's words, each sentence with its test against what the rules allow.

The quick reference prints the sentences (``referee rules``, the practice table, a game's page);
``tests/test_duties.py`` tests them on random positions of every game. They are kept apart from
:mod:`referee.engines.trick_rules`, which every check of a trick game loads, as no check asks for them.

>>> from referee.cards import Card, Rank, Suit
>>> from referee.engines.trick_rules import ORDER_2_TO_A, ORDER_7_TO_A, TrickRules
>>> whist = TrickRules(ORDER_2_TO_A, must_trump=True)
>>> [d.message.msgid for d in trick_duties(whist)]  # doctest: +NORMALIZE_WHITESPACE
['Lead any card.', 'Follow suit if you can.',
 'If you cannot, play a trump if you have one, otherwise any card.']
>>> bop = TrickRules(ORDER_7_TO_A, master=Card(Rank.ACE, Suit.SPADES), void_passes=True)
>>> [str(d.message) for d in trick_duties(bop, lead_rule="last_suit")][1:4]  # doctest: +NORMALIZE_WHITESPACE
['Follow suit if you can.', 'If you cannot, buy a card from the stock or pass.',
 'The A♠ may be played instead of following suit, and it wins any trick.']
"""

from __future__ import annotations

from collections.abc import Callable
from typing import NamedTuple

from referee.cards import Card, Suit
from referee.engines.trick_rules import TrickRules
from referee.messages import Message, t


class Position(NamedTuple):
    """What decides which cards the player on turn may play: his hand, the suit led (None: he leads),
    trumps, whether they are broken, the suits barred from the lead, and whether he has taken his quota."""

    hand: tuple[Card, ...]
    led: Suit | None
    trump: Suit | None
    broken: bool = True
    barred: frozenset[Suit] = frozenset()
    at_quota: bool = False


class Duty(NamedTuple):
    """A sentence of the duties of play, and its test: ``holds(position, legal)`` is true when the cards
    the rules allow at ``position`` (``legal``) are what the sentence says."""

    message: Message
    holds: Callable[[Position, list[Card]], bool]


def _barred_lead(pos: Position, legal: list[Card]) -> bool:
    if pos.led is not None:
        return True
    allowed = [
        c for c in pos.hand if c.suit not in pos.barred
    ]  # the games with barred leads have plain suits
    return set(legal) == set(allowed or pos.hand)


def _holds_cards(pos: Position, legal: list[Card]) -> bool:
    return bool(pos.hand)


def _still_in_play(pos: Position, legal: list[Card]) -> bool:
    return not pos.at_quota


def trick_duties(
    rules: TrickRules, lead_rule: str | None = None, leaving: bool = False
) -> list[Duty]:
    """What a player must or may play under ``rules``, in a reader's words, each sentence with the test
    that it says what :meth:`TrickRules.legal` allows.

    ``lead_rule``: the suits a :class:`~referee.engines.passing_tricks.PassingTrickPlay` bars from the
    lead (``last_suit``, ``once_per_deal``); ``leaving``: players leave the deal at their quota of
    tricks (``caps``).
    """
    tests = _Tests(rules)
    out: list[Duty] = []

    def duty(message: Message, holds: Callable[[Position, list[Card]], bool]) -> None:
        """The next sentence, in the order the quick reference prints them, with its test."""
        out.append(Duty(message, holds))

    if lead_rule == "last_suit":
        duty(
            t("The winner of a trick may not lead its suit next, unless he holds nothing else."),
            _barred_lead,
        )
    elif lead_rule == "once_per_deal":
        duty(
            t(
                "The winner of a trick may not lead a suit already led in this deal, unless he holds "
                "nothing else."
            ),
            _barred_lead,
        )
    elif rules.trump_breaking:
        duty(
            t("Do not lead a trump until trumps are broken, unless you hold nothing else."),
            tests.breaking_lead,
        )
    else:
        duty(t("Lead any card."), tests.free_lead)
    if not rules.follow_suit:
        duty(
            t(
                "Play any card: there is no duty to follow suit, but only a trump or a card of the "
                "suit led can win."
            ),
            tests.any_card,
        )
    else:
        duty(t("Follow suit if you can."), tests.follows)
        if rules.void_passes:
            duty(t("If you cannot, buy a card from the stock or pass."), tests.void_passes)
        elif rules.must_trump:
            duty(
                t("If you cannot, play a trump if you have one, otherwise any card."),
                tests.void_trumps,
            )
        else:
            duty(t("If you cannot, play any card."), tests.void_any)
    if rules.master is not None and rules.master_any_time:
        duty(
            t(
                "The {card} may be played instead of following suit, and it wins any trick.",
                card=rules.master,
            ),
            tests.master_any_time,
        )
    elif rules.master is not None:
        duty(
            t(
                "The {card} may be played to another suit only by a player who cannot follow, and it "
                "wins any trick.",
                card=rules.master,
            ),
            tests.master_when_void,
        )
    if rules.void_passes:  # PassingTrickPlay skips the seats without cards
        duty(
            t("A player whose cards are all played is out of the deal, and the others play on."),
            _holds_cards,
        )
    if leaving:
        duty(
            t(
                "A player who has taken his quota of tricks leaves the deal: his cards are dead, and "
                "the next player still in play leads."
            ),
            _still_in_play,
        )
    return out


class _Tests:
    """What each sentence of :func:`trick_duties` says, as a test of the cards ``rules.legal()`` allows
    at a position."""

    def __init__(self, rules: TrickRules):
        self.rules = rules

    def _split(self, pos: Position) -> tuple[list[Card], list[Card]]:
        """The cards of the hand in the suit led, and the trumps."""
        suit = self.rules.table(pos.trump).suit
        return (
            [c for c in pos.hand if suit[c.index] is pos.led],
            [c for c in pos.hand if pos.trump is not None and suit[c.index] is pos.trump],
        )

    def free_lead(self, pos: Position, legal: list[Card]) -> bool:
        return pos.led is not None or set(legal) == set(pos.hand)

    def breaking_lead(self, pos: Position, legal: list[Card]) -> bool:
        if pos.led is not None:
            return True
        suit = self.rules.table(pos.trump).suit
        others = [c for c in pos.hand if suit[c.index] is not pos.trump]
        return set(legal) == set(
            others if pos.trump is not None and not pos.broken and others else pos.hand
        )

    def any_card(self, pos: Position, legal: list[Card]) -> bool:
        return pos.led is None or set(legal) == set(pos.hand)

    def follows(self, pos: Position, legal: list[Card]) -> bool:
        follow, _ = self._split(pos)
        if pos.led is None or not follow:
            return True
        return set(follow) <= set(legal) <= {*follow, self.rules.master}

    def void_passes(self, pos: Position, legal: list[Card]) -> bool:
        follow, _ = self._split(pos)
        return pos.led is None or bool(follow) or set(legal) <= {self.rules.master}

    def void_trumps(self, pos: Position, legal: list[Card]) -> bool:
        follow, trumps = self._split(pos)
        return pos.led is None or bool(follow) or set(legal) == set(trumps or pos.hand)

    def void_any(self, pos: Position, legal: list[Card]) -> bool:
        follow, _ = self._split(pos)
        return pos.led is None or bool(follow) or set(legal) == set(pos.hand)

    def master_any_time(self, pos: Position, legal: list[Card]) -> bool:
        master = self.rules.master
        return pos.led is None or master not in pos.hand or master in legal

    def master_when_void(self, pos: Position, legal: list[Card]) -> bool:
        master = self.rules.master
        if pos.led is None or master not in pos.hand:
            return True
        follow, _ = self._split(pos)
        return (master in legal) == (not follow or master in follow)
