"""A move's text in a record: a card and a place (``7♥ N``) or one place onto another (``W>N``),
and its card rewritten for a sample in another language.
"""

from __future__ import annotations

from typing import Any

MOVE_ARROWS: tuple[str, ...] = ("->", "→", ">")
"""What stands between the two places of a move from one place to another (``W>N``, ``W -> N``, ``W→N``)."""


def places_moved(token: str) -> tuple[str, str] | None:
    """The two places of a move from one place to another, as written; None for a move written otherwise.

    >>> places_moved("W -> N"), places_moved("7♥ N")
    (('W ', ' N'), None)
    """
    for arrow in MOVE_ARROWS:
        if arrow in token:
            source, target = token.split(arrow, 1)
            return source, target
    return None


def localize_card_move(token: str, local: Any) -> str:
    """A move's card rewritten for a template in another language (``localize_move`` of
    :class:`~referee.records.turn_field.TurnLines`); a move from one place to another has no card and stays."""
    if places_moved(token) is not None:
        return token
    card_text, _, place = token.rpartition(" ")
    return f"{local.cards([card_text])[0]} {place}"
