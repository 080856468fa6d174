"""A passing trick play record (Buy or Pass) accepted in one table-driven pass, when nothing in it is wrong.

:func:`~referee.engines.passing.replay_passing` plays each lead on a
:class:`~referee.engines.passing_tricks.PassingTrickPlay` and explains every card it refuses. Nearly
every record breaks no rule, and for those :func:`quick_passing` gives the same outcome far more
cheaply: the cards are their indexes, each seat's cards are counted by suit, a card's holder is
looked up in a list, and a line of tokens read once is kept. At the first thing that would make a
finding or a failure (a card the rules forbid, a pass or a buy while holding the suit led, a wrong
turn, a card nobody holds, a line of the wrong shape, a lead after the end, a play that stops too
soon) it gives up and returns None, having changed nothing, and the caller replays the record the
full way, which finds and explains it exactly as before. So a record it accepts is one the full
replay accepts too, with no findings, the same tricks, cards bought, first player out and dead
cards (the tests compare both on random and on broken records).

>>> from referee.cards import Card, Rank, Suit
>>> from referee.engines.trick_rules import ORDER_7_TO_A, TrickRules
>>> from referee.notation import parse_cards
>>> rules = TrickRules(ORDER_7_TO_A, master=Card(Rank.ACE, Suit.SPADES), void_passes=True)
>>> hands = [parse_cards(h) for h in ("KH 7C", "8C", "AH 9C")]
>>> got = quick_passing(["KH pass AH", "9C 7C 8C"], hands, [], 0, rules, "last_suit", "en")
>>> got.tricks, got.bought, got.first_out, got.left
([(2, 2), (2, 0)], [0, 0, 0], 2, [[], [], []])
>>> quick_passing(["KH pass AH", "9C pass 8C"], hands, [], 0, rules, "last_suit", "en") is None  # A holds a club
True
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from referee.cards import Card
from referee.engines.passing import BUY_WORDS, PASS_WORDS
from referee.engines.trick_rules import NO_SUIT, TrickRules, seat_ring
from referee.errors import NotationError
from referee.notation import parse_card

PASS, BUY = -1, -2
"""A token's code besides a card's index: the word pass, the word buy."""
UNREAD = -3
"""A token that is not a word and reads as no card (the full replay says why)."""
PACK = 53
"""Card indexes run from 0 to 52 (the Joker)."""

Line = tuple[int, tuple[int, ...]]
"""A lead's line read: the code of the card led (:data:`UNREAD` if there is none), then of each action."""
_lines: dict[str, dict[str, Line]] = {"en": {}, "ru": {}, "de": {}}
"""The lines read, by notation: records repeat their lines ("Q♥ pass"), so each is read once."""
BIT = tuple(1 << slot for slot in range(NO_SUIT + 1))
"""A suit's bit (by its slot) in a set of suits held as an int."""


class QuickPlay(NamedTuple):
    """What a clean passing play comes to: every trick as (winner's seat, slot of the suit led), in play order;
    the cards each seat bought; the seat that went out first (None: nobody); each seat's cards left, as
    indexes in index order."""

    tricks: list[tuple[int, int]]
    bought: list[int]
    first_out: int | None
    left: list[list[int]]


def read_line(line: str, notation: str) -> Line:
    """A lead's line as codes (a card's index, :data:`PASS`, :data:`BUY` or :data:`UNREAD`): the lead's, then
    the others' in a tuple.

    The line is split as the full replay splits it (German cards hold a space, so on commas there).

    >>> read_line("AS pass buy 7x", "en"), read_line("", "en")
    ((51, (-1, -2, -3)), (-3, ()))
    """
    read = _lines.setdefault(notation, {})
    got = read.get(line)
    if got is None:
        tokens = (
            [s.strip() for s in line.split(",") if s.strip()] if notation == "de" else line.split()
        )
        codes = tuple(_code(token, notation) for token in tokens)
        got = (codes[0], codes[1:]) if codes else (UNREAD, ())
        if len(read) < 30_000:  # bounded: a long fuzz run reads millions of lines
            read[line] = got
    return got


def _others(ring: Sequence[Sequence[int]], sizes: list[int]) -> list[tuple[int, ...]]:
    """For each seat, the other seats that hold cards, clockwise after it."""
    return [tuple([s for s in after if sizes[s]]) for after in ring]


def _code(token: str, notation: str) -> int:
    word = token.lower()
    if word in PASS_WORDS:
        return PASS
    if word in BUY_WORDS:
        return BUY
    try:
        return parse_card(token, notation).index
    except NotationError:
        return UNREAD


def quick_passing(
    plays: object,
    hands: Sequence[Sequence[Card]],
    stock: Sequence[Card],
    leader: int,
    rules: TrickRules,
    lead_rule: str,
    notation: str,
) -> QuickPlay | None:
    """The outcome of the leads ``plays`` (a record's list of lines) from ``hands`` and ``stock`` with
    ``leader`` to lead, or None if the full replay could find anything at all in them.

    The rules must be those of a passing play on printed suits with a master card (Buy or Pass);
    ``hands`` and ``stock`` are not changed.
    """
    if type(plays) is not list or not plays or rules.master is None:
        return None
    table = rules.table(None)
    slot, bids = table.slot, table.bids
    master = rules.master.index
    any_time = rules.master_any_time
    once_per_deal = lead_rule == "once_per_deal"
    n = len(hands)
    ring = seat_ring(n)
    owner = [-1] * PACK  # the seat that holds each card; -1: nobody
    counts: list[list[int]] = []  # by seat, the cards held in each suit
    sizes: list[int] = []
    for seat, hand in enumerate(hands):
        held_in = [0] * (NO_SUIT + 1)
        for card in hand:
            k = card.index
            owner[k] = seat
            held_in[slot[k]] += 1
        counts.append(held_in)
        sizes.append(len(hand))
    deck = [c.index for c in stock]
    deck.reverse()  # bought from the top: popped from the end
    bought = [0] * n
    tricks: list[tuple[int, int]] = []
    out: list[int] = []
    empty = sizes.count(0)  # seats without cards: out, or dealt none
    holders = n - empty
    # For each seat, the others that hold cards, clockwise: the seats that act on his lead, the first
    # of them the next to lead. Only a trick that stands empties a hand, so it is worked out again
    # only then.
    others = _others(ring, sizes) if empty else ring
    barred = led = (
        0  # suits as bits: those the leader may not lead, those led to a trick that stood
    )
    stalled = 0
    lines = _lines.setdefault(notation, {})
    for raw in plays:
        if type(raw) is not str:
            return None
        if holders <= 1 or (not deck and stalled >= holders):  # a lead after the end
            return None
        got = lines.get(raw)
        k, rest = read_line(raw, notation) if got is None else got
        if k < 0 or owner[k] != leader:
            return None
        led_slot = slot[k]
        mine = counts[leader]
        # A barred suit may be led only by a leader who holds nothing else.
        if (
            barred & BIT[led_slot]
            and sum(mine[b] for b in range(NO_SUIT + 1) if barred & BIT[b]) != sizes[leader]
        ):
            return None
        lead_on_empty = not deck
        first = k
        owner[k] = -1
        mine[led_slot] -= 1
        sizes[leader] -= 1
        to_act = others[leader]  # one action each, in turn
        if len(rest) != len(to_act):
            return None
        bid = bids[led_slot]
        seats, winner, top = [leader], leader, bid[k]
        for seat, k in zip(to_act, rest, strict=False):  # as many: counted above
            if k >= 0:
                if owner[k] != seat:
                    return None
                suit = slot[k]
                # Off the suit led only the master, at any time or when void (as the rules choose).
                if suit != led_slot and (
                    k != master or not (any_time or not counts[seat][led_slot])
                ):
                    return None
                owner[k] = -1
                counts[seat][suit] -= 1
                sizes[seat] -= 1
            elif k == PASS:
                if counts[seat][led_slot]:  # a pass while holding the suit led: fined
                    return None
                continue
            elif k == BUY:
                theirs = counts[seat]
                if theirs[led_slot] or not deck:
                    return None
                k = deck.pop()
                bought[seat] += 1
                if slot[k] != led_slot and k != master:  # kept: he passes
                    owner[k] = seat
                    theirs[slot[k]] += 1
                    sizes[seat] += 1
                    continue
            else:
                return None
            seats.append(seat)
            if bid[k] > top:
                winner, top = seat, bid[k]
        if len(seats) == 1:
            # Everyone passed: the lead is taken back; the next seat with cards leads.
            mine[led_slot] += 1
            sizes[leader] += 1
            owner[first] = leader
            stalled = stalled + 1 if lead_on_empty else 0
            barred = 0
            leader = others[leader][0]  # (there are others with cards: the deal is not over)
            continue
        tricks.append((winner, led_slot))
        led |= BIT[led_slot]
        if sizes.count(0) != empty:  # a seat of this trick has played his last card
            for s in seats:
                if not sizes[s] and s not in out:
                    out.append(s)
            empty = sizes.count(0)
            holders = n - empty
            others = _others(ring, sizes)
        stalled = 0
        if sizes[winner]:
            leader = winner
            barred = led if once_per_deal else BIT[led_slot]
        else:
            leader = others[winner][0] if others[winner] else winner
            barred = 0
    if not (holders <= 1 or (not deck and stalled >= holders)):  # the record stops too soon
        return None
    left: list[list[int]] = []
    for seat, size in enumerate(sizes):  # found by list.index, in C: a few cards are left at most
        mine, k = [], -1
        for _ in range(size):
            k = owner.index(seat, k + 1)
            mine.append(k)
        left.append(mine)
    return QuickPlay(tricks, bought, out[0] if out else None, left)
