"""Random legal deals, for property tests, benchmarks and new worked examples.

Each function plays one whole deal with random legal choices and returns it as plain record data
(the same shape a full-play record has), so a test can feed it back through the referee.

>>> import random
>>> deal = catch_the_ten_deal(random.Random(1), ["A", "B", "C", "D"], dealer=3)
>>> sorted(deal), len(deal["tricks"]), len(deal["tricks"][0].split())
(['dealer', 'hands', 'set_aside', 'tricks'], 9, 4)
>>> deal = minnesota_whist_deal(random.Random(1), ["A", "B", "C", "D"], dealer=0)
>>> len(deal["tricks"]), 1 <= len(deal["bids"]) <= 4
(13, True)
"""

from __future__ import annotations

import random
from typing import Any

from referee.cards import Card, deck
from referee.games import catch_the_ten as ctt
from referee.games import minnesota_whist as mw
from referee.notation import format_card
from referee.tricks import TrickPlay, TrickRules


def _play(rules: TrickRules, hands: list[list[Card]], leader: int, trump: Any, rng: random.Random) -> TrickPlay:
    play = TrickPlay(rules, hands, leader, trump)
    rand = rng.random
    legal_plays, play_card = play.legal_plays, play.play_unchecked
    for _ in range(sum(len(h) for h in hands)):
        legal = legal_plays()
        play_card(legal[int(rand() * len(legal))])
    return play


def _write(cards: list[Card] | tuple[Card, ...], notation: str) -> str:
    sep = ", " if notation == "de" else " "
    return sep.join(format_card(c, notation) for c in cards)


def catch_the_ten_play(rng: random.Random, n: int, dealer: int, must_trump: bool = True,
                       ) -> tuple[list[list[Card]], list[Card], TrickPlay]:
    """Shuffle, deal and play one random legal Catch the Ten deal: (hands as dealt, set aside, play)."""
    size = ctt.HAND_SIZES[n]
    cards = list(ctt.DECK)
    rng.shuffle(cards)
    # One card at a time from the dealer's left: seat k gets every n-th card.
    order = [(dealer + 1 + k) % n for k in range(n)]
    hands: list[list[Card]] = [[] for _ in range(n)]
    for i in range(size * n):
        hands[order[i % n]].append(cards[i])
    aside = cards[size * n:]
    trump = hands[dealer][-1].suit
    return hands, aside, _play(ctt.RULES[must_trump], hands, (dealer + 1) % n, trump, rng)


def catch_the_ten_deal(rng: random.Random, players: list[str], dealer: int, must_trump: bool = True,
                       notation: str = "en") -> dict[str, Any]:
    """One random legal Catch the Ten deal as full-play record data."""
    hands, aside, play = catch_the_ten_play(rng, len(players), dealer, must_trump)
    return {
        "dealer": players[dealer],
        "hands": {p: _write(h, notation) for p, h in zip(players, hands, strict=True)},
        "set_aside": _write(aside, notation),
        "tricks": [_write(tr.cards, notation) for tr in play.tricks],
    }


def minnesota_whist_play(rng: random.Random, dealer: int, grand_chance: float = 0.5,
                         ) -> tuple[list[list[Card]], list[Card], TrickPlay]:
    """Shuffle, deal, bid and play one random legal Minnesota Whist hand: (hands, bid cards, play)."""
    cards = deck()
    rng.shuffle(cards)
    hands = [cards[(k - dealer - 1) % 4::4] for k in range(4)]
    bids: list[Card] = []
    granding: int | None = None
    for k in range(4):
        seat = (dealer + 1 + k) % 4
        black = [c for c in hands[seat] if not c.suit.is_red]
        red = [c for c in hands[seat] if c.suit.is_red]
        wants_grand = bool(black) and (not red or rng.random() < grand_chance)
        card = min(black if wants_grand else red, key=lambda c: c.rank)
        bids.append(card)
        if wants_grand:
            granding = seat
            break
    leader = (granding - 1) % 4 if granding is not None else (dealer + 1) % 4
    return hands, bids, _play(mw.RULES, [list(h) for h in hands], leader, None, rng)


def minnesota_whist_deal(rng: random.Random, players: list[str], dealer: int, grand_chance: float = 0.5,
                         notation: str = "en") -> dict[str, Any]:
    """One random legal Minnesota Whist deal as full-play record data."""
    hands, bids, play = minnesota_whist_play(rng, dealer, grand_chance)
    return {
        "dealer": players[dealer],
        "hands": {p: _write(h, notation) for p, h in zip(players, hands, strict=True)},
        "bids": _write(bids, notation),
        "tricks": [_write(tr.cards, notation) for tr in play.tricks],
    }
