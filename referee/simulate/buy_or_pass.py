"""Random legal deals of Buy or Pass: the lay-downs, buying and passing, leads taken back.

>>> import random
>>> deal = buy_or_pass_deal(random.Random(2), ["A", "B", "C", "D"], dealer=0)
>>> sorted(deal), len(deal["stock"].split())
(['dealer', 'hands', 'laydowns', 'play', 'stock'], 12)
"""

from __future__ import annotations

import random
from functools import cache
from typing import Any

from referee.cards import Card, Suit
from referee.engines.passing_tricks import PassingTrickPlay
from referee.engines.shuffling import shuffle
from referee.engines.tricks import seat_ring
from referee.games import buy_or_pass as bop
from referee.games.deals import buy_or_pass
from referee.notation import card_separator, format_card
from referee.simulate.play import write_cards

WORDS = {"en": ("pass", "buy"), "ru": ("пас", "куплю"), "de": ("passe", "kaufe")}


_SUIT_WEIGHT: dict[Card, int] = {c: 1 << (4 * c.suit.index) for c in bop.DECK}
"""A card's share of a hand's suit signature: four bits per suit, so a sum counts each suit (up to all 8)."""
_LAYS: dict[int, Suit | None] = {}
"""What :func:`~referee.games.deals.buy_or_pass.lays_down` said of a hand, by its suit signature (the
rule reads only how many cards of each suit a hand holds): asked once per signature (56 hands of five)."""
_UNSEEN = object()


def lays_down(hand: list[Card]) -> Suit | None:
    """The suit ``hand`` must lay down, as :func:`~referee.games.deals.buy_or_pass.lays_down` says, looked up by
    the count of each suit: a deal asks for four hands, and the rule's own count of each suit was a
    fifteenth of a random deal.

    >>> from referee.notation import parse_cards
    >>> lays_down(parse_cards("7H 8H 9H 7C 8C")), lays_down(parse_cards("7H 8H 9C 7C 8S"))
    (<Suit.HEARTS: 'H'>, None)
    """
    key = sum(map(_SUIT_WEIGHT.__getitem__, hand))
    suit = _LAYS.get(key, _UNSEEN)
    if suit is _UNSEEN:
        suit = _LAYS[key] = buy_or_pass.lays_down(hand)
    return suit  # type: ignore[return-value]  # _UNSEEN never returned


@cache
def _packets(n: int, size: int, dealer: int) -> tuple[slice, ...]:
    """The slice of the shuffled pack each seat is dealt, by seat (worked out once per dealer)."""
    return tuple(
        slice(((s - dealer - 1) % n) * size, ((s - dealer - 1) % n + 1) * size) for s in range(n)
    )


def buy_or_pass_game(
    rng: random.Random,
    dealer: int,
    ace_of_spades: str = "any_time",
    lead_rule: str = "last_suit",
    buy_chance: float = 0.5,
) -> dict[str, Any]:
    """One random deal as plain data: hands, stock, lay-downs, the actions of each lead, the finished play."""
    cards = list(bop.DECK)
    shuffle(cards, rng)
    n, size = bop.PLAYERS, bop.HAND
    # One packet each from the dealer's left: seat s gets packet (s - dealer - 1) mod n.
    hands = list(map(cards.__getitem__, _packets(n, size, dealer)))
    dealt_stock = cards[n * size :]
    play = PassingTrickPlay(bop.RULES[ace_of_spades], hands, (dealer + 1) % n, None, lead_rule)
    held = play.hands  # the play's own copies of the hands: the lay-downs change them
    ring = seat_ring(n)
    laydowns: dict[int, dict[int, Card]] = {}
    drawn = 0
    for k in range(1, n + 1):
        seat = (dealer + k) % n
        suit = lays_down(hands[seat])
        if suit is None:
            continue
        mine = held[seat]
        laid = [c for c in mine if c.suit is suit]
        shuffle(laid, rng)
        takes: dict[int, Card] = {}
        for j, other in enumerate(ring[seat]):  # one card each, clockwise from his left
            takes[other] = card = laid[j]
            held[other].append(card)
        if len(laid) == len(takes):  # all of the suit given away
            mine[:] = [c for c in mine if c.suit is not suit]
        else:  # he laid down more than he gives: the rest stay where they were in his hand
            given = set(takes.values())  # a set: a list of cards is searched in Python
            mine[:] = [c for c in mine if c not in given]
        mine += dealt_stock[drawn : drawn + len(takes)]  # he draws as many from the stock
        drawn += len(takes)
        laydowns[seat] = takes
    stock = dealt_stock[drawn:]
    actions, bought = play.play_randomly(rng, stock, buy_chance)
    return {
        "hands": hands,
        "stock": dealt_stock,
        "laydowns": laydowns,
        "actions": actions,
        "play": play,
        "bought": bought,
        "stock_left": stock,
    }


def buy_or_pass_deal(
    rng: random.Random,
    names: list[str],
    dealer: int,
    notation: str = "en",
    **options: Any,
) -> dict[str, Any]:
    """One random deal as a full-play record deal, in ``notation``."""
    g = buy_or_pass_game(rng, dealer, **options)
    words = dict(zip(("pass", "buy"), WORDS[notation], strict=True))
    sep = card_separator(notation)
    deal: dict[str, Any] = {
        "dealer": names[dealer],
        "hands": {names[s]: write_cards(h, notation) for s, h in enumerate(g["hands"])},
        "stock": write_cards(g["stock"], notation),
    }
    if g["laydowns"]:
        deal["laydowns"] = [
            {"player": names[s], "taken": write_cards(list(takes.values()), notation)}
            for s, takes in g["laydowns"].items()
        ]
    deal["play"] = [
        sep.join(words[a] if isinstance(a, str) else format_card(a, notation) for a in lead)
        for lead in g["actions"]
    ]
    return deal
