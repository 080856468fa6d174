"""Random legal games of Korol: a first phase with quotas as caps, the reign with its exchanges.

>>> import random
>>> deal = korol_deal(random.Random(1), ["A", "B", "C", "D"], dealer=0)
>>> sorted(deal)[:4], len(deal["reign_tricks"])
(['dealer', 'exchanges', 'hands', 'quotas'], 9)
"""

from __future__ import annotations

import random
from typing import Any

from referee.cards import Card, Suit
from referee.engines.trick_rules import ORDER_6_TO_A
from referee.engines.tricks import TrickPlay
from referee.games import korol
from referee.games.deals import korol as deals_korol
from referee.notation import format_card
from referee.simulate.play import deal_one_by_one, shuffled, write_cards


def deal_pack(rng: random.Random, first: int) -> list[list[Card]]:
    """Shuffle and deal 9 cards each, one at a time, seat ``first`` first (the last card to the seat before)."""
    n = korol.PLAYERS
    return deal_one_by_one(shuffled(korol.DECK, rng), n, dealer=(first - 1) % n)


def _rank(card: Card) -> int:
    return ORDER_6_TO_A.index(card.rank)


def korol_game(
    rng: random.Random,
    dealer: int,
    quotas: dict[str, int] | None = None,
    must_trump: bool = False,
    free_play: bool = False,
) -> dict[str, Any]:
    """One random game as plain data: hands, titles, plays of both phases, exchanges (cards, not text)."""
    quotas = quotas or korol.DEFAULT_QUOTAS
    rules = korol.RULES[(must_trump, free_play)]
    n = korol.PLAYERS
    hands = deal_pack(rng, (dealer + 1) % n)
    trump_card = hands[dealer][-1]
    order = shuffled(korol.TITLES, rng)
    titles = dict(enumerate(order))
    caps = [quotas[titles[s]] for s in range(n)]
    first = TrickPlay(rules, hands, (dealer + 1) % n, trump_card.suit, caps=caps)
    first.play_randomly(rng)
    won = first.tricks_won()
    reign = deals_korol.reign_titles(dict(enumerate(won)), titles)  # type: ignore[arg-type]
    seat_of = {title: seat for seat, title in reign.items()}
    reign_order = [seat_of[title] for title in korol.TITLES]
    cards = shuffled(korol.DECK, rng)
    reign_hands: list[list[Card]] = [[] for _ in range(n)]
    for k, seat in enumerate(reign_order):
        reign_hands[seat] = cards[k::n]
    reign_card = reign_hands[seat_of["peasant"]][-1]
    trump: Suit = reign_card.suit  # type: ignore[assignment]
    held = [list(h) for h in reign_hands]
    exchanges: dict[str, tuple[Card, Card]] = {}
    king = seat_of["king"]
    for title in ("soldier", "peasant"):
        seat = seat_of[title]
        trumps = [c for c in held[seat] if c.suit is trump]
        if not trumps:
            continue
        gives = max(trumps, key=_rank) if title == "soldier" else rng.choice(trumps)
        held[seat].remove(gives)
        held[king].append(gives)
        gets = rng.choice(held[king])
        held[king].remove(gets)
        held[seat].append(gets)
        exchanges[title] = (gives, gets)
    top = max((c for h in held for c in h if c.suit is trump), key=_rank)
    leader = next(s for s, h in enumerate(held) if top in h)
    second = TrickPlay(rules, held, leader, trump)
    second.play_randomly(rng)
    return {
        "hands": hands,
        "trump_card": trump_card,
        "titles": titles,
        "quotas": quotas,
        "first": first,
        "reign": reign,
        "reign_hands": reign_hands,
        "reign_card": reign_card,
        "exchanges": exchanges,
        "second": second,
    }


def korol_deal(
    rng: random.Random,
    names: list[str],
    dealer: int,
    notation: str = "en",
    **options: Any,
) -> dict[str, Any]:
    """One random game as a full-play record deal, in ``notation``."""
    g = korol_game(rng, dealer, **options)

    def cards(cs: Any) -> str:
        return write_cards(list(cs), notation)

    return {
        "dealer": names[dealer],
        "titles": {names[s]: title for s, title in g["titles"].items()},
        "quotas": dict(g["quotas"]),
        "hands": {names[s]: cards(h) for s, h in enumerate(g["hands"])},
        "trump_card": format_card(g["trump_card"], notation),
        "tricks": [cards(tr.cards) for tr in g["first"].tricks],
        "reign_hands": {names[s]: cards(h) for s, h in enumerate(g["reign_hands"])},
        "reign_trump_card": format_card(g["reign_card"], notation),
        "exchanges": {
            title: {"gives": format_card(a, notation), "gets": format_card(b, notation)}
            for title, (a, b) in g["exchanges"].items()
        },
        "reign_tricks": [cards(tr.cards) for tr in g["second"].tricks],
    }


def soldier_gives(hand: list[Card], trump: Suit) -> Card | None:
    """The Soldier gives the King his highest trump (the rules leave him no choice)."""
    trumps = [c for c in hand if c.suit is trump]
    return max(trumps, key=_rank) if trumps else None


def peasant_gives(hand: list[Card], trump: Suit) -> Card | None:
    """A computer Peasant gives the King his lowest trump."""
    trumps = [c for c in hand if c.suit is trump]
    return min(trumps, key=_rank) if trumps else None


def king_gives_back(hand: list[Card], trump: Suit) -> Card:
    """A computer King gives back his lowest plain card (his lowest trump if he holds nothing else)."""
    plain = [c for c in hand if c.suit is not trump] or hand
    return min(plain, key=_rank)
