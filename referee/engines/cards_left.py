"""What each player has left in his hand when a hand ends, for a game that scores the cards left (kings apart).

A summary record of such a game (Kings Corners) gives, for every player, what was left in his hand: the
cards, or only how many kings and other cards (:data:`COUNTS`), or 0 for a player who went out (:data:`LEFT`,
its declaration). :func:`read_left` reads it, noting every problem on the reader; :func:`out_matches`
checks the optional ``out`` against it. :class:`CardsLeft` says one player's cards left in words. The
game keeps its rules: what the cards left score, and which summaries no hand can end with.

>>> from referee.records.source import load_text
>>> r = Reader(load_text("left: {Anna: 7H KS, Boris: {kings: 1, others: 2}, Vera: 0}\\n"))
>>> left = read_left(r, ("left",), ["Anna", "Boris", "Vera"])
>>> {p: (got.kings, got.others) for p, got in left.items()}
{'Anna': (1, 1), 'Boris': (1, 2), 'Vera': (0, 0)}
>>> [str(got.step(p, 0)) for p, got in left.items()]  # doctest: +NORMALIZE_WHITESPACE
['Anna still holds 7♥ and K♠: 0 penalty points.', 'Boris still holds 1 king and 2 other cards: 0 penalty points.',
 'Vera has no cards left: 0 points.']
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from referee.cards import Card, Rank
from referee.engines.dealt_hands import card_twice
from referee.engines.reader import Reader
from referee.messages import Message, t, tn
from referee.records.hands import read_cards
from referee.records.source import Path


@dataclass(frozen=True)
class CardsLeft:
    """One player's cards left: how many kings and other cards, and the cards themselves unless only counted."""

    kings: int
    others: int
    cards: list[Card] | None = None

    @classmethod
    def of(cls, cards: Sequence[Card]) -> CardsLeft:
        """The cards left, counted.

        >>> from referee.notation import parse_cards
        >>> left = CardsLeft.of(parse_cards("KS 7D 2C")); left.kings, left.others
        (1, 2)
        """
        kings = sum(1 for c in cards if c.rank is Rank.KING)
        return cls(kings, len(cards) - kings, list(cards))

    @property
    def size(self) -> int:
        """How many cards are left."""
        return self.kings + self.others

    def words(self) -> Any:
        """The cards, or the counts in words: ``2 kings``, ``1 king and 3 other cards``, ``4 cards``."""
        kings, others = self.kings, self.others
        if self.cards is not None:
            return self.cards
        if not others:
            return tn("{n} king", "{n} kings", kings)
        if kings:
            return t(
                "{kings} and {others}",
                kings=tn("{n} king", "{n} kings", kings),
                others=tn("{n} other card", "{n} other cards", others),
            )
        return tn("{n} card", "{n} cards", others)

    def step(self, player: str, points: int) -> Message:
        """The player's penalty in words: his cards (or counts) and the ``points`` they cost him."""
        if self.size == 0:
            return t("{player} has no cards left: 0 points.", player=player)
        return t(
            "{player} still holds {cards}: {points}.",
            player=player,
            cards=self.words(),
            points=tn("{n} penalty point", "{n} penalty points", points),
        )


def read_left(r: Reader, path: Path, players: list[str]) -> dict[str, CardsLeft] | None:
    """Every player's cards left, from the mapping at ``path`` (see :data:`LEFT`); a card listed for two
    players is noted. None (the problems noted) if the mapping does not name exactly ``players`` or an
    entry cannot be read.
    """
    left_map = r.mapping(path)
    if left_map is None or not r.names_match(path, left_map, players):
        return None
    left: dict[str, CardsLeft] = {}
    seen: dict[Card, str] = {}
    for key, held in left_map.items():
        name, p = str(key), path + (key,)
        if isinstance(held, dict):
            r.known_keys(p, {"kings", "others"})
            kings = r.integer(p + ("kings",), minimum=0)
            others = r.integer(p + ("others",), minimum=0)
            if kings is None or others is None:
                continue
            left[name] = CardsLeft(kings, others)
            continue
        if held in (0, None, "", []):
            left[name] = CardsLeft(0, 0, [])
            continue
        if isinstance(held, int) and not isinstance(held, bool):
            r.fail(
                p,
                t(
                    "Give the cards left, or kings and others; a bare number is only allowed as 0 for a "
                    "player who went out."
                ),
                "record.shape",
                "left",
            )
            continue
        cards = read_cards(r, p)
        if cards is None:
            continue
        for card in cards:
            if card in seen:
                r.fail(p, card_twice(card, seen[card], name), "record.card_twice", "deal")
            seen[card] = name
        left[name] = CardsLeft.of(cards)
    return left if len(left) == len(players) else None


def out_matches(r: Reader, path: Path, out_now: list[str]) -> bool:
    """Whether the players named at ``path`` (see :data:`OUT`; none given is fine) are ``out_now``, the
    players with no cards left; if not, the problem is noted."""
    out_value = r.get(path)
    if out_value in (None, "", []):
        return True
    named = [str(x) for x in (out_value if isinstance(out_value, list) else [out_value])]
    if sorted(named) == sorted(out_now):
        return True
    r.fail(
        path,
        t(
            "out names {named}, but the players with no cards left are {out}.",
            named=named,
            out=out_now or "—",
        ),
        "record.out_mismatch",
        "left",
    )
    return False
