"""Random legal deals of Réunion.

>>> import random
>>> deal = reunion_deal(random.Random(1), ["A", "B", "C"], dealer=2)
>>> sorted(deal), len(deal["tricks"]), len(deal["widow"].split()), len(deal["discard"].split())
(['dealer', 'discard', 'hands', 'tricks', 'widow'], 10, 2, 2)
"""

from __future__ import annotations

import random
from typing import Any

from referee.cards import SUITS, Card
from referee.engines.tricks import TrickPlay
from referee.games import reunion as ru
from referee.games.deals import reunion
from referee.simulate.play import deal_in_packets, random_play, shuffled, write_cards


def deal_cards(cards: list[Card], dealer: int) -> tuple[list[list[Card]], list[Card]]:
    """Deal a shuffled pack in packets of 3, 4 and 3 from the dealer's left: (hands, widow).

    The widow is the two cards left over, the upper one (the turned card) first.
    """
    hands = deal_in_packets(cards, ru.PLAYERS, dealer, ru.PACKETS)
    top = ru.PLAYERS * sum(ru.PACKETS)
    return hands, cards[top : top + ru.WIDOW]


# The cards that may never be laid away, by trump suit (``Suit.index``): worked out once, not per deal.
_FAULTS = [frozenset(reunion.discard_faults(ru.DECK, trump)) for trump in SUITS]


def random_discard(twelve: list[Card], trump: Any, rng: random.Random) -> list[Card]:
    """Two cards the dealer may lay away (never an ace or a trump jack), chosen at random."""
    faults = _FAULTS[trump.index]
    allowed = [c for c in twelve if c not in faults]
    return rng.sample(allowed, ru.DISCARD)


def reunion_play(
    rng: random.Random,
    dealer: int,
) -> tuple[list[list[Card]], list[Card], list[Card], TrickPlay]:
    """Shuffle, deal, discard and play one random legal deal: (hands as dealt, widow, discard, play)."""
    cards = shuffled(ru.DECK, rng)
    hands, widow = deal_cards(cards, dealer)
    trump = widow[0].suit
    twelve = hands[dealer] + widow
    discard = random_discard(twelve, trump, rng)
    play_hands = list(hands)  # the play copies each hand
    play_hands[dealer] = [c for c in twelve if c not in discard]
    play = random_play(ru.RULES, play_hands, (dealer + 1) % ru.PLAYERS, trump, rng)
    return hands, widow, discard, play


def reunion_deal(
    rng: random.Random, players: list[str], dealer: int, notation: str = "en"
) -> dict[str, Any]:
    """One random legal Réunion deal as full-play record data."""
    hands, widow, discard, play = reunion_play(rng, dealer)
    return {
        "dealer": players[dealer],
        "hands": {p: write_cards(h, notation) for p, h in zip(players, hands, strict=True)},
        "widow": write_cards(widow, notation),
        "discard": write_cards(discard, notation),
        "tricks": [write_cards(tr.cards, notation) for tr in play.tricks],
    }


def reunion_discard(twelve: list[Card], trump: Any) -> list[Card]:
    """The two cards a computer dealer lays away: allowed plain cards that score least, short suits first
    (a void lets him trump)."""
    faults = _FAULTS[trump.index]
    allowed = [c for c in twelve if c not in faults and ru.RULES.suit_of(c, trump) is not trump]
    allowed = allowed or [c for c in twelve if c not in faults]
    length = {s: sum(1 for c in twelve if c.suit is s) for s in SUITS}
    return sorted(allowed, key=lambda c: (length[c.suit], reunion.card_points(c, trump)))[
        : ru.DISCARD
    ]
