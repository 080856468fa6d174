#!/usr/bin/env python3
"""Naive pure-Python loops of the turn and layout games' shapes: the benchmark's yardsticks for them.

The turn-game counterpart of ``naive_trick_loop.py``, written the same way: a first, readable
version, deliberately not tuned. Cards are named tuples compared by value, hands are lists
(``hand.remove(card)``), the legal moves are listed afresh before every move by testing every
candidate, and a move is chosen uniformly among them, as ``referee.engines.turns.random_playout`` does.
Each loop plays one whole deal or game of the same shape as the referee's random games (the same
players, pack and kind of decision), checks nothing it need not, and returns a small result the
doctests can pin:

>>> import random
>>> rng = random.Random(1)
>>> sum(naive_comet(rng, 3).values()) == 0, sum(naive_red_and_black(rng, 4)) <= 50
(True, True)
>>> sum(naive_stealing_bundles(rng, 3)), naive_collector(rng, 3)[1] > 0
(52, True)
>>> cards_in_play, turns = naive_kings_corners(rng, 4)
>>> cards_in_play, turns > 0
(52, True)

Construction has no loop here: its grid model (bridges, tokens, the race up and back) has no plain
version short of writing the game again, so its rows stay rates only.
"""

from __future__ import annotations

import random
from typing import NamedTuple


class Card(NamedTuple):
    """A card: rank 1..13 (ace low, king high) and suit letter."""

    rank: int
    suit: str


SUITS = "CDHS"
RED = "DH"


def new_pack() -> list[Card]:
    """The 52 cards, ace low."""
    return [Card(rank, suit) for suit in SUITS for rank in range(1, 14)]


def naive_comet(rng: random.Random, players: int) -> dict[int, int]:
    """One deal of Comet: runs up a suit until a king or a card already played; chips for the cards left.

    The whole pack is dealt one card at a time from seat 0; seat 0 leads any card; the holder of the
    next higher card of the suit must play it; at a stop the player of the last card leads again;
    the first player out is paid a chip for each card left in every other hand, the 9♦ counting two.
    """
    pack = new_pack()
    rng.shuffle(pack)
    hands: list[list[Card]] = [[] for _ in range(players)]
    for i, card in enumerate(pack):
        hands[i % players].append(card)
    played: list[Card] = []
    seat = 0
    while True:
        card = rng.choice(hands[seat])  # a lead: any card
        while True:
            hands[seat].remove(card)
            played.append(card)
            if not hands[seat]:
                chips = {}
                for other in range(players):
                    if other != seat:
                        chips[other] = -(len(hands[other]) + (Card(9, "D") in hands[other]))
                chips[seat] = -sum(chips.values())
                return chips
            following = Card(card.rank + 1, card.suit)
            if card.rank == 13 or following in played:
                break  # a stop: the same player leads again
            seat = next(s for s in range(players) if following in hands[s])
            card = following


def naive_red_and_black(rng: random.Random, players: int) -> list[int]:
    """One game of Red and Black: draw until a card of the colour needed; it is discarded, the colour turns.

    A black and a red card start the pile (red on top), so red is needed first; every card drawn
    that is not of the needed colour is kept. The game ends when the stock is empty; the cards kept
    per seat are returned.
    """
    pack = new_pack()
    rng.shuffle(pack)
    black = next(c for c in pack if c.suit not in RED)
    pack.remove(black)
    red = next(c for c in pack if c.suit in RED)
    pack.remove(red)
    kept = [0] * players
    need_red = True
    seat = 0
    while pack:
        card = pack.pop()
        if (card.suit in RED) == need_red:
            need_red = not need_red
            seat = (seat + 1) % players
        else:
            kept[seat] += 1
    return kept


def naive_stealing_bundles(rng: random.Random, players: int) -> list[int]:
    """One game of Stealing Bundles: capture a table card or another bundle by rank, or leave the card.

    Four cards on the table, four to each player a round until the pack is out. A card that matches a
    table card or the top of another player's bundle must capture one of them (the choice is random
    among the targets); a card that matches nothing stays on the table. The bundle sizes are returned.
    """
    pack = new_pack()
    rng.shuffle(pack)
    table = [pack.pop() for _ in range(4)]
    bundles: list[list[Card]] = [[] for _ in range(players)]
    seat = 0
    while pack:
        hands = [[pack.pop() for _ in range(4)] for _ in range(players)]
        for _ in range(4):
            for _ in range(players):
                moves = []  # (card, table card or None, victim or None), listed by testing every card
                for card in hands[seat]:
                    targets = [(card, t, None) for t in table if t.rank == card.rank]
                    targets += [
                        (card, None, v)
                        for v in range(players)
                        if v != seat and bundles[v] and bundles[v][-1].rank == card.rank
                    ]
                    moves += targets or [(card, None, None)]
                card, taken, victim = rng.choice(moves)
                hands[seat].remove(card)
                if taken is not None:
                    table.remove(taken)
                    bundles[seat] += [taken, card]
                elif victim is not None:
                    bundles[seat] += bundles[victim] + [card]
                    bundles[victim] = []
                else:
                    table.append(card)
                seat = (seat + 1) % players
    return [len(b) for b in bundles] + [len(table)]


def naive_collector(
    rng: random.Random, players: int, limit: int = 20_000
) -> tuple[int | None, int]:
    """One game of Collector: lay a card a round, then take another's laid card or draw two.

    Five cards each; the first player to hold all thirteen ranks after his take or draw wins. Laid
    cards nobody took go to the bottom of the stock; a round in which nobody took a laid card and the
    draws emptied the stock ends the game drawn. Returns the winner (None: drawn) and the moves made.
    """
    pack = new_pack()
    rng.shuffle(pack)
    hands = [[pack.pop() for _ in range(5)] for _ in range(players)]
    stock = pack
    moves = 0
    while moves < limit:
        laid = []
        for seat in range(players):
            if not hands[seat]:
                return (
                    None,
                    moves,
                )  # draws from an empty stock emptied a hand: no card to lay, the game stops
            card = rng.choice(hands[seat])
            hands[seat].remove(card)
            laid.append((seat, card))
            moves += 1
        taken = []
        for seat in range(players):
            choices = [card for owner, card in laid if owner != seat and card not in taken] + [None]
            choice = rng.choice(choices)
            if choice is None:
                for _ in range(min(2, len(stock))):
                    hands[seat].append(stock.pop(0))
            else:
                taken.append(choice)
                hands[seat].append(choice)
            moves += 1
            if len({card.rank for card in hands[seat]}) == 13:
                return seat, moves
        stock_empty = not stock
        stock += [card for _, card in laid if card not in taken]
        if not taken and stock_empty:
            return None, moves
    return None, moves


def _fits(card: Card, top: Card) -> bool:
    return card.rank == top.rank - 1 and (card.suit in RED) != (top.suit in RED)


def naive_kings_corners(rng: random.Random, players: int) -> tuple[int, int]:
    """One hand of Kings Corners: play cards and whole piles onto the eight piles, then draw.

    Seven cards each and four side cards. A move is a card onto a pile (one rank lower, other colour;
    a king into an empty corner, any card into an empty side), a side pile onto another when its
    bottom card fits, or drawing, which ends the turn. Every move is found by testing every card and
    every pile against every pile. The hand ends when all but one player are out, or when the stock
    is empty and a full round passes without a card from a hand. Returns the cards in play and the
    turns taken.
    """
    pack = new_pack()
    rng.shuffle(pack)
    hands = [[pack.pop() for _ in range(7)] for _ in range(players)]
    sides = ["N", "E", "S", "W"]
    names = sides + ["NE", "SE", "SW", "NW"]
    piles: dict[str, list[Card]] = {name: [] for name in names}
    for name in sides:
        piles[name].append(pack.pop())
    stock = pack
    out: list[int] = []
    seat, turns, idle = 0, 1, 0
    while True:
        moves: list[tuple[str, object, str]] = []
        for card in hands[seat]:
            for name in names:
                pile = piles[name]
                if _fits(card, pile[-1]) if pile else card.rank == 13 or name in sides:
                    moves.append(("play", card, name))
        for source in sides:
            pile = piles[source]
            for target in names:
                other = piles[target]
                if (
                    pile
                    and target != source
                    and (
                        _fits(pile[0], other[-1])
                        if other
                        else target not in sides and pile[0].rank == 13
                    )
                ):
                    moves.append(("shift", source, target))
        moves.append(("draw", None, ""))
        kind, what, where = rng.choice(moves)
        if kind == "shift":
            piles[where] += piles[str(what)]
            piles[str(what)] = []
            continue
        if kind == "play":
            hands[seat].remove(what)  # type: ignore[arg-type]
            piles[where].append(what)  # type: ignore[arg-type]
            idle = -1
            if hands[seat]:
                continue
            out.append(seat)
            idle = 0
            if sum(1 for h in hands if h) <= 1:
                break
        elif stock:
            hands[seat].append(stock.pop())
            idle = 0
        else:
            idle = 0 if idle < 0 else idle + 1
            if idle >= players - len(out):
                break
        seat = (seat + 1) % players
        while not hands[seat]:
            seat = (seat + 1) % players
        turns += 1
    return sum(len(h) for h in hands) + sum(len(p) for p in piles.values()) + len(stock), turns


if __name__ == "__main__":
    import timeit

    rng = random.Random(2026)
    for name, loop, players in (
        ("comet", naive_comet, 3),
        ("red-and-black", naive_red_and_black, 4),
        ("stealing-bundles", naive_stealing_bundles, 3),
        ("collector", naive_collector, 3),
        ("kings-corners", naive_kings_corners, 4),
    ):
        n = 200
        seconds = min(
            timeit.repeat(lambda loop=loop, players=players: loop(rng, players), number=n, repeat=3)
        )
        print(f"naive {name} {players}p: {n / seconds:,.0f} games/s")
