"""Random legal deals of Yacht.

>>> import random
>>> deal = yacht_deal(random.Random(1), ["A", "B", "C", "D", "E"], dealer=4)
>>> sorted(deal), len(deal["tricks"]), len(deal["tricks"][0].split()), len(deal["removed"].split())
(['bids', 'dealer', 'hands', 'removed', 'tricks', 'trump', 'trump_card'], 10, 5, 2)
"""

from __future__ import annotations

import random
from typing import Any

from referee.cards import SUITS, Card, Rank, Suit
from referee.engines.tricks import TrickPlay
from referee.games import yacht
from referee.games.deals import yacht as deals_yacht
from referee.notation import format_card
from referee.simulate.play import deal_one_by_one, random_play, shuffled, write_cards

# Looked up by player count and trump suit (``Suit.index``), once, not per deal.
_DEFAULT_REMOVED = {
    n: [deals_yacht.default_removed(trump, n) for trump in SUITS] for n in yacht.HAND_SIZES
}
_FIRST_LEAD = [yacht.first_lead_card(trump) for trump in SUITS]


def yacht_play(
    rng: random.Random,
    n: int,
    dealer: int,
    must_trump: bool = True,
    trump_breaking: bool = False,
    default_removal: bool = True,
) -> tuple[list[list[Card]], list[Card], Card, TrickPlay]:
    """Shuffle, draw trumps, remove the 3s, deal and play one random legal deal.

    Returns (hands as dealt, cards removed, the card drawn for trumps, the finished play). With
    ``default_removal`` false the non-trump 3s that go are chosen at random, as a table may do.
    """
    cards = shuffled(yacht.DECK, rng)
    drawn = cards[
        len(cards) // 2
    ]  # drawn from the middle, shown and put back: only its suit matters
    trump = drawn.suit
    assert trump is not None  # a 52-card pack has no Joker
    if default_removal:
        removed = list(_DEFAULT_REMOVED[n][trump.index])
    else:
        threes = [Card(Rank.THREE, s) for s in deals_yacht.REMOVAL_ORDER if s is not trump]
        removed = rng.sample(threes, yacht.REMOVED_COUNT[n])
    gone = set(removed)
    pack = [c for c in cards if c not in gone] if gone else cards
    hands = deal_one_by_one(pack, n, dealer)
    first = _FIRST_LEAD[trump.index]
    leader = next(seat for seat, hand in enumerate(hands) if first in hand)
    rules = yacht.RULES[(must_trump, trump_breaking)]
    return hands, removed, drawn, random_play(rules, hands, leader, trump, rng)


def random_bid(rng: random.Random, total: int) -> dict[str, int] | str:
    """A bid a player might make: mostly ordinary (any sign), sometimes Thirteen Under or its Lucky form."""
    roll = rng.random()
    if roll < 0.1:
        return deals_yacht.THIRTEEN_UNDER
    if roll < 0.15:
        return deals_yacht.LUCKY
    start = rng.randint(-20, 20)
    return {"start": start, "goal": start + rng.randint(-total - 12, total + 12)}


def yacht_deal(
    rng: random.Random,
    players: list[str],
    dealer: int,
    must_trump: bool = True,
    trump_breaking: bool = False,
    notation: str = "en",
    default_removal: bool = True,
    record_removed: bool = True,
) -> dict[str, Any]:
    """One random legal Yacht deal with random bids, as full-play record data.

    Without ``record_removed`` the record leaves the removed cards out, and the referee finds them
    from the hands.
    """
    n = len(players)
    hands, removed, drawn, play = yacht_play(
        rng, n, dealer, must_trump, trump_breaking, default_removal
    )
    deal: dict[str, Any] = {
        "dealer": players[dealer],
        "trump": drawn.suit.symbol if drawn.suit is not None else None,
        "trump_card": format_card(drawn, notation),
        "bids": {p: random_bid(rng, yacht.HAND_SIZES[n]) for p in players},
        "hands": {p: write_cards(h, notation) for p, h in zip(players, hands, strict=True)},
        "tricks": [write_cards(tr.cards, notation) for tr in play.tricks],
    }
    if record_removed and removed:
        deal["removed"] = write_cards(removed, notation)
    return deal


def expected_tricks(hand: list[Card], trump: Suit, total: int) -> int:
    """How many tricks a computer player expects ``hand`` to take: aces, most kings, some queens, and the
    trumps beyond three (rounded; at most ``total``).

    >>> from referee.notation import parse_cards
    >>> expected_tricks(parse_cards("AS AH KH 2S 3S 4S 5S 2D 3D 4D 5D 6D 7D"), Suit.SPADES, 13)
    4
    """
    worth = {Rank.ACE: 1.0, Rank.KING: 0.6, Rank.QUEEN: 0.25}
    points = sum(worth.get(c.rank, 0.0) for c in hand)
    trumps = sum(1 for c in hand if c.suit is trump)
    points += max(0, trumps - 3) * 0.8
    return min(total, round(points))


def goal_for(tricks: int, total: int) -> dict[str, int]:
    """The ordinary bid that ends on its goal when the player takes exactly ``tricks``: start 0,
    goal = tricks taken − tricks not taken."""
    return {"start": 0, "goal": 2 * tricks - total}


def yacht_bid(hand: list[Card], trump: Suit, total: int) -> dict[str, int] | str:
    """A computer player's bid: Thirteen Under with a hand of only low cards, else the goal of the
    tricks it expects."""
    if all(c.rank <= Rank.NINE for c in hand) and sum(1 for c in hand if c.suit is trump) <= 1:
        return deals_yacht.THIRTEEN_UNDER
    return goal_for(expected_tricks(hand, trump, total), total)
