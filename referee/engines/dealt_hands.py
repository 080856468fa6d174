"""Reading the hands as dealt in a full-play record: each player's cards, the right number of them, no
card in two hands, none outside the pack; every fault a finding of the reader, none a stop.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping

from referee.cards import Card
from referee.engines.reader import Reader
from referee.errors import NotationError
from referee.messages import Message, t, tn
from referee.notation import cards_cache, parse_cards
from referee.records.source import Path


def card_twice(card: Card, first: str, second: str) -> Message:
    """A card found a second time among the hands: listed twice in one hand, or in two players' hands."""
    if first == second:
        return t("{player}'s hand lists {card} twice.", player=first, card=card)
    return t("{card} is in two hands ({a} and {b}).", card=card, a=first, b=second)


def read_hands(
    reader: Reader,
    path: Path,
    names: list[str],
    size: int | Mapping[str, int],
    pack: Collection[Card] | None = None,
) -> list[list[Card]] | None:
    """Every player's hand as dealt, ``size`` cards each (or ``size[name]``, when hands differ), no card in two
    hands, and with ``pack`` none that is not in the pack."""
    entries = reader.entries(path, names)
    if entries is None:
        return None
    # each card is looked up: a list of 52 was searched 52 times per hand
    in_pack = None if pack is None else pack if isinstance(pack, (set, frozenset)) else set(pack)
    hands: list[list[Card]] = []
    holders: list[str] = []  # the name of each hand read
    seen: set[Card] = set()  # the cards of the hands read
    ok = True
    notation = reader.notation
    # a hand's text read before is looked up without a call (and copied, as parse_cards gives it)
    read = cards_cache(notation).get
    for name, p, value in entries:
        try:
            known = type(value) is str and read(value)
            cards = list(known) if known else parse_cards(value, notation)
        except NotationError as err:
            reader.add(err, p)
            ok = False
            continue
        want = size if isinstance(size, int) else size[name]
        if len(cards) != want:
            reader.fail(
                p,
                tn(
                    "{name} must be dealt {size} card, not {n}.",
                    "{name} must be dealt {size} cards, not {n}.",
                    want,
                    name=name,
                    size=want,
                    n=len(cards),
                ),
                "record.hand_size",
                "deal",
            )
            ok = False
        before = len(seen)
        seen.update(cards)
        fresh = len(seen) - before == len(cards)  # no card seen before, none twice in this hand
        hands.append(cards)
        holders.append(name)
        if fresh and (in_pack is None or in_pack.issuperset(cards)):
            continue  # nearly every hand: no card outside the pack or in two places
        # Who holds each card so far (the later of two holders), to name both in a message.
        owner = {card: n for n, hand in zip(holders[:-1], hands[:-1], strict=True) for card in hand}
        for card in cards:
            if in_pack is not None and card not in in_pack:
                reader.fail(
                    p, t("{card} is not in this pack.", card=card), "record.deck_mismatch", "deal"
                )
                ok = False
            elif card in owner:
                reader.fail(p, card_twice(card, owner[card], name), "record.card_twice", "deal")
                ok = False
            owner[card] = name
    return hands if ok else None
