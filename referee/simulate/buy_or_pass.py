"""Random legal deals of Buy or Pass: the lay-downs, buying and passing, leads taken back.

>>> import random
>>> deal = buy_or_pass_deal(random.Random(2), ["A", "B", "C", "D"], dealer=0)
>>> sorted(deal), len(deal["stock"].split())
(['dealer', 'hands', 'laydowns', 'play', 'stock'], 12)
"""

from __future__ import annotations

import random
from typing import Any

from referee.cards import Card
from referee.engines.passing_tricks import PassingTrickPlay
from referee.engines.shuffling import shuffle
from referee.engines.tricks import seat_ring
from referee.games import buy_or_pass as bop
from referee.games.deals import buy_or_pass
from referee.notation import format_card
from referee.simulate.play import write_cards

WORDS = {"en": ("pass", "buy"), "ru": ("пас", "куплю"), "de": ("passe", "kaufe")}


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
    # One packet each from the dealer's left: seat s gets packet (s - dealer - 1) mod n, so the
    # packets in order, turned by that much, are the hands by seat.
    packets = [cards[k * size : (k + 1) * size] for k in range(n)]
    first = (-dealer - 1) % n
    hands = packets[first:] + packets[:first]
    stock = cards[n * size :]
    dealt_stock = list(stock)
    held = [list(h) for h in hands]
    laydowns: dict[int, dict[int, Card]] = {}
    for k in range(1, n + 1):
        seat = (dealer + k) % n
        suit = buy_or_pass.lays_down(hands[seat])
        if suit is None:
            continue
        laid = [c for c in held[seat] if c.suit is suit]
        shuffle(laid, rng)
        takes = {}
        for j, other in enumerate(seat_ring(n)[seat]):
            takes[other] = laid[j]
            held[seat].remove(laid[j])
            held[other].append(laid[j])
        drawn, stock = stock[:3], stock[3:]
        held[seat].extend(drawn)
        laydowns[seat] = takes
    play = PassingTrickPlay(bop.RULES[ace_of_spades], held, (dealer + 1) % n, None, lead_rule)
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
    sep = ", " if notation == "de" else " "
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
