"""Buy or Pass's random deals (``referee.simulate.buy_or_pass``) stay the deals they were.

The random play is tuned for speed (a deal of the benchmark's "buy-or-pass random deals" row), and
each tuning must leave every seeded deal as it was: the same random calls in the same order. The
digest below was taken before the tuning; the lay-down lookup by suit signature must say what the
rule says of every hand.
"""

from __future__ import annotations

import hashlib
import itertools
import random

from referee.cards import SUITS, Card
from referee.games.deals import buy_or_pass as rules
from referee.simulate import buy_or_pass as sim

DIGEST = "fe24d32db789a3dd"
"""sha256 (first 16 hex digits) of the deals :func:`deals_digest` plays, as the untuned code played them."""


def deals_digest() -> str:
    """A digest of 240 seeded deals, both lead rules and both rules for the ace of spades: the hands, the
    lay-downs, every action, the cards bought, the stock left and the play's state at the end."""
    h = hashlib.sha256()
    for seed in range(120):
        for ace, lead in (("any_time", "last_suit"), ("when_void", "once_per_deal")):
            g = sim.buy_or_pass_game(random.Random(seed), seed % 4, ace, lead)
            p = g["play"]
            state = (p.tricks, p.hands, p.out, p.taken_back, p.leader, p.stalled)
            suits = (sorted(s.value for s in p.barred), sorted(s.value for s in p.led_suits))
            h.update(
                repr(
                    (g["hands"], g["laydowns"], g["actions"], g["bought"], g["stock_left"])
                    + state
                    + suits
                ).encode()
            )
    return h.hexdigest()[:16]


def test_seeded_deals_are_the_deals_they_were() -> None:
    assert deals_digest() == DIGEST


def test_the_lay_down_lookup_says_what_the_rule_says_of_every_hand() -> None:
    by_suit = {s: [c for c in rules.DECK if c.suit is s] for s in SUITS}
    for pattern in itertools.product(range(4), repeat=rules.HAND):
        hand: list[Card] = []
        for slot in pattern:  # the k-th card of a suit in the hand is the pack's k-th of it
            suit = SUITS[slot]
            hand.append(by_suit[suit][sum(c.suit is suit for c in hand)])
        assert sim.lays_down(hand) is rules.lays_down(hand), hand
