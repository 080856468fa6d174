"""Shared pieces of random play: a random legal play to the end, and cards written in a notation.

>>> import random
>>> from referee.cards import deck
>>> from referee.games.minnesota_whist import RULES
>>> cards = deck()
>>> play = random_play(RULES, [cards[k::4] for k in range(4)], 0, None, random.Random(3))
>>> play.is_over(), len(play.tricks), sum(play.tricks_won())
(True, 13, 13)
>>> write_cards(cards[:2], "de")
'Kreuz 2, Kreuz 3'
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from referee.cards import Card
from referee.engines.trick_rules import TrickRules
from referee.engines.tricks import TrickPlay
from referee.notation import format_card


def random_play(
    rules: TrickRules, hands: Sequence[Sequence[Card]], leader: int, trump: Any, rng: random.Random
) -> TrickPlay:
    """Play every card of ``hands`` with random legal choices, from ``leader``; the finished play."""
    play = TrickPlay(rules, hands, leader, trump)
    play.play_randomly(rng)
    return play


def write_cards(cards: Sequence[Card], notation: str) -> str:
    """Cards as a record in ``notation`` writes them (German cards are separated by commas)."""
    sep = ", " if notation == "de" else " "
    return sep.join(format_card(c, notation) for c in cards)
