"""Random legal deals of Trump 7, including thrown-in ones.

>>> import random
>>> deal = trump_seven_deal(random.Random(3), ["A", "B", "C"], dealer=0, yes_chance=1.0, withdraw_chance=0.5)
>>> sorted(deal)
['auction', 'dealer', 'discards', 'hands', 'tricks', 'trump', 'widow']
>>> len(deal["tricks"]), [len(tr.split()) for tr in deal["tricks"]][:3]
(9, [3, 3, 3])
>>> sorted(trump_seven_deal(random.Random(2), ["A", "B", "C"], dealer=0, yes_chance=0.0))   # all pass
['auction', 'dealer', 'hands', 'widow']
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from referee.cards import SUITS, Card, Rank, Suit
from referee.engines.tricks import TrickPlay
from referee.games import trump_seven as t7
from referee.simulate.play import deal_in_packets, random_play, shuffled, write_cards

PACKETS = (3, 3, 3)
"""The deal: three cards at a time to each player, three times round."""


@dataclass
class TrumpSevenDeal:
    """One simulated deal: as dealt, the auction, and (unless thrown in) trumps, discards and the play."""

    hands: list[list[Card]]
    widow: list[Card]
    auction: list[tuple[bool, bool]]  # by seat: round 1, round 2
    declarer: int | None
    trump: Suit | None = None
    discards: list[Card] | None = None
    play: TrickPlay | None = None


def random_auction(
    rng: random.Random, yes_chance: float, withdraw_chance: float
) -> list[tuple[bool, bool]]:
    """Two rounds: yes or pass, then a yes may be confirmed or withdrawn (a pass stays a pass)."""
    answers = []
    for _ in range(t7.PLAYERS):
        first = rng.random() < yes_chance
        answers.append((first, first and rng.random() >= withdraw_chance))
    return answers


def trump_seven_play(
    rng: random.Random,
    dealer: int,
    yes_chance: float = 0.4,
    withdraw_chance: float = 0.3,
    first_lead: str = "declarer",
    auction: list[tuple[bool, bool]] | None = None,
) -> TrumpSevenDeal:
    """Shuffle, deal in packets of three from the dealer's left, hold the auction and play a random legal deal.

    ``auction`` (by seat: round 1, round 2) replaces the random answers.
    """
    cards = shuffled(t7.DECK, rng)
    hands = deal_in_packets(cards, t7.PLAYERS, dealer, PACKETS)
    widow = cards[t7.PLAYERS * t7.HAND_SIZE :]
    if auction is None:
        auction = random_auction(rng, yes_chance, withdraw_chance)
    final = [seat for seat, (_, second) in enumerate(auction) if second]
    if len(final) != 1:
        return TrumpSevenDeal(hands, widow, auction, None)
    declarer = final[0]
    trump = rng.choice(SUITS)
    eleven = hands[declarer] + widow
    discards = rng.sample(eleven, t7.DISCARDS)
    play_hands = list(hands)  # the play copies each hand
    play_hands[declarer] = [c for c in eleven if c not in discards]
    leader = declarer if first_lead == t7.DECLARER else (dealer + 1) % t7.PLAYERS
    play = random_play(t7.RULES, play_hands, leader, trump, rng)
    return TrumpSevenDeal(hands, widow, auction, declarer, trump, discards, play)


def trump_seven_deal(
    rng: random.Random,
    players: list[str],
    dealer: int,
    notation: str = "en",
    yes_chance: float = 0.4,
    withdraw_chance: float = 0.3,
    first_lead: str = "declarer",
    auction: list[tuple[bool, bool]] | None = None,
) -> dict[str, Any]:
    """One random legal Trump 7 deal as full-play record data (a thrown-in deal has no play)."""
    deal = trump_seven_play(rng, dealer, yes_chance, withdraw_chance, first_lead, auction)
    record: dict[str, Any] = {
        "dealer": players[dealer],
        "hands": {p: write_cards(h, notation) for p, h in zip(players, deal.hands, strict=True)},
        "widow": write_cards(deal.widow, notation),
        "auction": {
            p: ["yes" if a else "pass" for a in answers]
            for p, answers in zip(players, deal.auction, strict=True)
        },
    }
    if deal.play is not None and deal.trump is not None and deal.discards is not None:
        record["trump"] = deal.trump.symbol
        record["discards"] = write_cards(deal.discards, notation)
        record["tricks"] = [write_cards(tr.cards, notation) for tr in deal.play.tricks]
    return record


def suit_strength(hand: list[Card], suit: Suit) -> int:
    """How good ``suit`` would be as trumps for ``hand``: its cards (the Joker among them), its queen and
    jack twice over.

    >>> from referee.notation import parse_cards
    >>> suit_strength(parse_cards("QH JH 7H 8C"), Suit.HEARTS)
    7
    """
    cards = [c for c in hand if c.suit is suit or c.suit is None]
    return len(cards) + sum(2 for c in cards if c.rank in (Rank.QUEEN, Rank.JACK) or c.suit is None)


def best_trump(hand: list[Card]) -> Suit:
    """The suit a declarer names: the strongest for his hand."""
    return max(SUITS, key=lambda s: suit_strength(hand, s))


DECLARE_STRENGTH = 8
"""From this strength of its best suit a computer player says yes (and keeps it in round two)."""


def declares(hand: list[Card]) -> bool:
    """Whether a computer player says yes in the auction."""
    return suit_strength(hand, best_trump(hand)) >= DECLARE_STRENGTH


def discards(eleven: list[Card], trump: Suit) -> list[Card]:
    """The two cards a computer declarer lays away: plain cards that score least, the lowest first."""
    plain = [c for c in eleven if c.suit is not trump and c.suit is not None] or list(eleven)
    order = t7.PLAIN_ORDER
    return sorted(plain, key=lambda c: (t7.card_points(c, trump), order.index(c.rank)))[
        : t7.DISCARDS
    ]
