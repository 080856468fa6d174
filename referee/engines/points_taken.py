"""What each player took in a point-trick deal, read from a summary, and whether it can be true.

A scoresheet of a point-trick game (Réunion) gives, for each player, his card points and his tricks
instead of the cards played: the points as a number, or as the counting cards he took listed by
name; the tricks as a count, or only whether he took any. :func:`read_taken` reads that, and
:func:`taken_possible` checks, with :mod:`referee.possible`, that some sharing of the cards outside
the discard gives every player his points at once with the tricks recorded.

The game describes its pack with a :class:`PointPack`: the cards, what each is worth with a trump
suit, their total, the tricks of a deal and the cards in each, and the message that names the pack.
A toy pack of 24 cards (9 to ace) where only aces (11) and tens (10) count, three players, eight tricks:

>>> from referee.cards import Rank, deck
>>> from referee.records.source import load_text
>>> from referee.engines.reader import Reader
>>> PACK = PointPack(tuple(deck(low=Rank.NINE)), lambda card, trump: {Rank.ACE: 11, Rank.TEN: 10}.get(card.rank, 0),
...                  total=84, tricks=8, per_trick=3, not_in_pack=t("{cards} are not in the toy pack."))
>>> r = Reader(load_text("taken: {Anna: {points: 21, tricks: 1}, Boris: {cards: [AS, AH], tricks: true}, "
...                      "Vera: {points: 41, tricks: 6}}\\n"))
>>> taken = read_taken(r, ("taken",), ["Anna", "Boris", "Vera"], Suit.SPADES, [], PACK)
>>> taken.points, taken.tricks, taken.counted["Boris"]
({'Anna': 21, 'Boris': 22, 'Vera': 41}, {'Anna': 1, 'Boris': True, 'Vera': 6}, [Card(A♠), Card(A♥)])
>>> taken_possible(r, ("taken",), ["Anna", "Boris", "Vera"], Suit.SPADES, [], taken, PACK), r.errors
(True, [])

Once Boris has two aces, 52 is the other two aces and three tens: five cards, more than
Anna's one trick holds.

>>> r = Reader(load_text("taken: {Anna: {points: 52, tricks: 1}, Boris: {cards: [AS, AH], tricks: 2}, "
...                      "Vera: {points: 10, tricks: 5}}\\n"))
>>> taken = read_taken(r, ("taken",), ["Anna", "Boris", "Vera"], Suit.SPADES, [], PACK)
>>> taken_possible(r, ("taken",), ["Anna", "Boris", "Vera"], Suit.SPADES, [], taken, PACK)
False
>>> str(r.errors[0].message)
'Anna took 1 trick, which holds 3 cards, and no 3 cards are worth 52 card points.'
"""

from __future__ import annotations

from collections.abc import Callable, Collection
from dataclasses import dataclass
from typing import Any

from referee import possible
from referee.cards import Card, Suit, cards_twice
from referee.engines.deals import with_params
from referee.engines.reader import Reader
from referee.engines.trick_counts import tricks_add_up, tricks_or_any
from referee.messages import Message, t, tn
from referee.notation import cards_cache
from referee.records.hands import read_cards
from referee.records.source import Path, format_path


@dataclass(frozen=True)
class PointPack:
    """A point-trick game's pack, as far as a summary of what was taken needs it."""

    cards: tuple[Card, ...]
    card_points: Callable[[Card, Suit], int]
    """What a card counts for the player who takes it, with a trump suit."""
    total: int
    """The card points of the whole pack."""
    tricks: int
    """The tricks of a deal."""
    per_trick: int
    """The cards in a trick (one from each player)."""
    not_in_pack: Message
    """Words cards that are not in this pack (it gets ``cards``), naming the pack."""


@dataclass
class Taken:
    """What a summary says each player took: card points, tricks, and the cards where they are listed."""

    points: dict[str, int]
    took: dict[str, bool]
    counted: dict[str, list[Card]]  # the counting cards listed, for the explanation
    tricks: dict[str, int | bool]  # a number of tricks, or only whether he took any
    listed: dict[str, list[Card] | None]  # every card listed; None where the points are a number
    keys: dict[str, Any]  # the record's key for each player, for pointing at a field


def pack_cards(
    r: Reader,
    path: Path,
    pack: Collection[Card],
    not_in_pack: Message,
    required: bool = True,
) -> list[Card] | None:
    """Cards of ``pack``, each once, at ``path``; None (with the problem noted) otherwise.

    A field left out or empty is no cards, or a problem when the cards are ``required``;
    ``not_in_pack`` words cards from another pack (it gets ``cards``).

    >>> from referee.cards import deck
    >>> from referee.records.source import load_text
    >>> r = Reader(load_text("a: [AS, KS]\\nb: [AS, AS]\\nc: 7\\n"))
    >>> pack_cards(r, ("a",), deck(), t("{cards}")), pack_cards(r, ("b",), deck(), t("{cards}"))
    ([Card(A♠), Card(K♠)], None)
    >>> pack_cards(r, ("c",), deck(), t("{cards}")), pack_cards(r, ("d",), deck(), t("{cards}"), required=False)
    (None, [])
    >>> [e.code for e in r.errors]
    ['record.card_twice', 'record.shape']
    """
    value = r.get(path)
    if value is None or value == [] or value == "":
        if required:
            r.fail(
                path, t("{field} must list cards.", field=format_path(path)), "record.missing_field"
            )
            return None
        return []
    if not isinstance(value, (list, str)):
        r.fail(path, t("{field} must list cards.", field=format_path(path)), "record.shape")
        return None
    # a text read before (nearly every widow and discard) is looked up here, not through three calls
    known = type(value) is str and cards_cache(r.notation).get(value)
    cards = list(known) if known else read_cards(r, path)
    if cards is None:
        return None
    foreign = [c for c in cards if c not in pack]
    if foreign:
        r.fail(path, with_params(not_in_pack, cards=foreign), "record.not_in_pack", "deal")
        return None
    if len(set(cards)) != len(cards):  # counted only when some card is there twice
        doubled = cards_twice(cards)
        r.fail(path, t("{cards} are listed twice.", cards=doubled), "record.card_twice", "deal")
        return None
    return cards


def read_taken(
    r: Reader,
    path: Path,
    players: list[str],
    trump: Suit | None,
    discard: list[Card],
    pack: PointPack,
) -> Taken | None:
    """What each player took, from ``taken`` at ``path``: per player ``points`` or ``cards``, and ``tricks``.

    Every entry is read, so that every problem is noted; None if any. Without ``trump`` (it could not
    be read) the cards listed cannot be counted, and the result is None too.
    """
    entries = r.entries(path, players, seating=False)
    if entries is None:
        return None
    points: dict[str, int] = {}
    took: dict[str, bool] = {}
    counted: dict[str, list[Card]] = {}
    listed: dict[str, list[Card] | None] = {}
    given: dict[str, int | bool] = {}
    keys: dict[str, Any] = {}
    seen: dict[Card, str] = {c: "" for c in discard}
    ok = True
    for name, p, value in entries:
        if not isinstance(value, dict):
            r.fail(
                p,
                t("{field} must have tricks and either points or cards.", field=name),
                "record.shape",
            )
            ok = False
            continue
        r.known_keys(p, {"points", "cards", "tricks"})
        got = _player_points(r, p, name, value, trump, seen, pack)
        tricks = tricks_or_any(r, p + ("tricks",), pack.tricks)
        if got is None or tricks is None:
            ok = False
            continue
        points[name], counted[name], listed[name] = got
        took[name] = tricks is True or (tricks is not False and tricks > 0)
        given[name] = tricks
        keys[name] = p[-1]
        if not took[name] and points[name]:
            r.fail(
                p,
                t("{player} took no trick, so cannot have taken card points.", player=name),
                "record.points_without_tricks",
                "points",
            )
            ok = False
    ok = ok and tricks_add_up(r, path, given.values(), pack.tricks)
    return Taken(points, took, counted, given, listed, keys) if ok else None


def _player_points(
    r: Reader,
    p: Path,
    name: str,
    value: dict[str, Any],
    trump: Suit | None,
    seen: dict[Card, str],
    pack: PointPack,
) -> tuple[int, list[Card], list[Card] | None] | None:
    """A player's card points: given as a number, or added up from the counting cards listed.

    ``seen`` holds the cards already placed (the discard's with no player), and gets this player's.
    """
    if ("points" in value) == ("cards" in value):
        r.fail(
            p,
            t(
                "Give {player}'s card points either as points (a number) or as cards (the counting cards "
                "taken): exactly one of the two.",
                player=name,
            ),
            "record.points_or_cards",
            "points",
        )
        return None
    if "points" in value:
        got = r.integer(p + ("points",), minimum=0)
        if got is not None and got > pack.total:
            r.fail(
                p + ("points",),
                t(
                    "{player} cannot take more than the {total} card points in the pack.",
                    player=name,
                    total=pack.total,
                ),
                "record.too_many_points",
                "points",
            )
            return None
        return None if got is None else (got, [], None)
    cards = pack_cards(r, p + ("cards",), pack.cards, pack.not_in_pack, required=False)
    if cards is None:
        return None
    for card in cards:
        if card in seen:
            where = seen[card]
            msg = (
                t("{card} is in the discard, so nobody took it.", card=card)
                if not where
                else t("{card} is listed for both {a} and {b}.", card=card, a=where, b=name)
            )
            r.fail(p + ("cards",), msg, "record.card_twice", "points")
            return None
        seen[card] = name
    if trump is None:
        return None
    worth = [pack.card_points(c, trump) for c in cards]
    return sum(worth), [c for c, v in zip(cards, worth, strict=True) if v], cards


def taken_possible(
    r: Reader,
    path: Path,
    players: list[str],
    trump: Suit,
    discard: list[Card],
    taken: Taken,
    pack: PointPack,
    sure: dict[str, Card] | None = None,
) -> bool:
    """Whether some deal gives every player his card points with the tricks recorded; if not, noted at ``path``.

    The counting cards outside the discard (and outside the lists) are shared out; every trick
    holds ``pack.per_trick`` cards, so a player's counting cards cannot outnumber that many per
    trick. A player whose tricks are only known to be some (``true``) takes at least one, and the
    tricks add up to ``pack.tricks``. ``sure`` gives a card a player is known to have taken (Réunion's
    turned jack, which wins the dealer's trick) when his cards are not listed: the sharing gives it to him.
    """
    points, tricks, listed, keys = taken.points, taken.tricks, taken.listed, taken.keys
    named = {c for cards in listed.values() if cards for c in cards}
    sure = {
        p: c
        for p, c in (sure or {}).items()
        if listed[p] is None and c not in named and c not in discard
    }
    pool = [
        pack.card_points(c, trump)
        for c in pack.cards
        if pack.card_points(c, trump) and c not in discard and c not in named
    ]
    fixed = [len(listed[p] or []) + (p in sure) for p in players]
    wanted = [
        0
        if listed[p] is not None
        else points[p] - (pack.card_points(sure[p], trump) if p in sure else 0)
        for p in players
    ]
    ok = True
    for p in players:
        if listed[p] is not None:
            continue
        where = path + (keys[p], "points")
        if not possible.reachable(points[p], pool):
            r.fail(
                where,
                tn(
                    "No set of cards outside the discard is worth exactly {n} card point.",
                    "No set of cards outside the discard is worth exactly {n} card points.",
                    points[p],
                ),
                "record.points_impossible",
                "points",
            )
            ok = False
            continue
        given = tricks[p]
        if isinstance(given, bool):
            continue
        cap = pack.per_trick * given
        if not possible.can_share(
            pool, [points[p], sum(pool) - points[p]], lambda c: True, most=[cap, len(pool)]
        ):
            r.fail(
                where,
                tn(
                    "{player} took {n} trick, which holds {cards} cards, and no {cards} cards are worth "
                    "{points} card points.",
                    "{player} took {n} tricks, which hold {cards} cards, and no {cards} cards are worth "
                    "{points} card points.",
                    given,
                    player=p,
                    cards=cap,
                    points=points[p],
                ),
                "record.points_impossible",
                "points",
            )
            ok = False
    rest = (
        pool.copy()
    )  # the cards the joint sharing gives out: those known to be taken are placed already
    for card in sure.values():
        rest.remove(pack.card_points(card, trump))
    if ok and (
        min(wanted) < 0
        or not possible.can_share_in_tricks(
            rest, wanted, [tricks[p] for p in players], fixed, pack.per_trick, pack.tricks
        )
    ):
        r.fail(
            path,
            t(
                "No deal gives these card points all at once: however the cards outside the discard are "
                "shared, each trick holding {n} cards, {points} cannot all be true with the tricks "
                "recorded.",
                n=pack.per_trick,
                points=[f"{p} {points[p]}" for p in players],
            ),
            "record.points_impossible",
            "points",
        )
        ok = False
    return ok
