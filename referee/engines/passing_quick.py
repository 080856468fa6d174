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

_lines: dict[tuple[str, str], tuple[int, ...]] = {}
"""The codes of a line of tokens, by (line, notation): records repeat their lines ("Q♥ pass")."""


class QuickPlay(NamedTuple):
    """What a clean passing play comes to: every trick as (winner's seat, slot of the suit led), in play order;
    the cards each seat bought; the seat that went out first (None: nobody); each seat's cards left, as
    indexes in index order."""

    tricks: list[tuple[int, int]]
    bought: list[int]
    first_out: int | None
    left: list[list[int]]


def line_codes(line: str, notation: str) -> tuple[int, ...]:
    """The tokens of a lead's line as codes: a card's index, :data:`PASS`, :data:`BUY` or :data:`UNREAD`.

    The line is split as the full replay splits it (German cards hold a space, so on commas there).

    >>> line_codes("AS pass buy 7x", "en")
    (51, -1, -2, -3)
    """
    key = (line, notation)
    codes = _lines.get(key)
    if codes is None:
        tokens = (
            [s.strip() for s in line.split(",") if s.strip()] if notation == "de" else line.split()
        )
        codes = tuple(_code(token, notation) for token in tokens)
        if len(_lines) < 100_000:  # bounded: a long fuzz run reads millions of lines
            _lines[key] = codes
    return codes


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
    holders = n - sizes.count(0)
    barred: set[int] | tuple[()] = ()
    led_slots: set[int] = set()
    stalled = 0
    for raw in plays:
        if type(raw) is not str:
            return None
        if holders <= 1 or (not deck and stalled >= holders):  # a lead after the end
            return None
        codes = line_codes(raw, notation)
        k = codes[0] if codes else UNREAD
        if k < 0 or owner[k] != leader:
            return None
        led_slot = slot[k]
        mine = counts[leader]
        # A barred suit may be led only by a leader who holds nothing else.
        if led_slot in barred and sum(mine[b] for b in barred) != sizes[leader]:
            return None
        lead_on_empty = not deck
        owner[k] = -1
        mine[led_slot] -= 1
        sizes[leader] -= 1
        # The others with cards act in turn: one token each, no more, no fewer.
        to_act = [s for s in ring[leader] if sizes[s]]
        if len(codes) != len(to_act) + 1:
            return None
        bid = bids[led_slot]
        seats, winner, top = [leader], leader, bid[k]
        for seat, k in zip(to_act, codes[1:], strict=True):
            theirs = counts[seat]
            if k == PASS:
                if theirs[led_slot]:  # a pass while holding the suit led: fined
                    return None
                continue
            if k == BUY:
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
                if k < 0 or owner[k] != seat:
                    return None
                # Off the suit led only the master, at any time or when void (as the rules choose).
                if slot[k] != led_slot and (k != master or not (any_time or not theirs[led_slot])):
                    return None
                owner[k] = -1
                theirs[slot[k]] -= 1
                sizes[seat] -= 1
            seats.append(seat)
            if bid[k] > top:
                winner, top = seat, bid[k]
        if len(seats) == 1:
            # Everyone passed: the lead is taken back; the next seat with cards leads.
            k = codes[0]
            owner[k] = leader
            mine[led_slot] += 1
            sizes[leader] += 1
            stalled = stalled + 1 if lead_on_empty else 0
            barred = ()
            leader = next((s for s in ring[leader] if sizes[s]), leader)
            continue
        tricks.append((winner, led_slot))
        led_slots.add(led_slot)
        for s in seats:
            if not sizes[s] and s not in out:
                out.append(s)
                holders -= 1
        stalled = 0
        if sizes[winner]:
            leader = winner
            barred = set(led_slots) if once_per_deal else {led_slot}
        else:
            leader = next((s for s in ring[winner] if sizes[s]), winner)
            barred = ()
    if not (holders <= 1 or (not deck and stalled >= holders)):  # the record stops too soon
        return None
    left: list[list[int]] = [[] for _ in range(n)]
    for k, seat in enumerate(owner):
        if seat >= 0:
            left[seat].append(k)
    return QuickPlay(tricks, bought, out[0] if out else None, left)
