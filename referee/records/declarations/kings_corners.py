"""What a Kings Corners record holds: its fields, with their help texts, labels and questions
(:mod:`referee.games.kings_corners` reads it).
"""

from __future__ import annotations

from referee.messages import N_, t, tc
from referee.records.cards_left_fields import LEFT, OUT
from referee.records.field_types import Field
from referee.records.fields import (
    CLAIM_PER_PLAYER,
    DEALER,
    NOTE,
    RecordSpec,
    full_play_cards,
    hands_dealt,
)
from referee.records.move_text import localize_card_move
from referee.records.turn_field import TurnLines


def kings_corners_record(*, hand_size: int) -> RecordSpec:
    """The declaration of a Kings Corners record; the game gives ``hand_size``."""
    return RecordSpec(
        fields=(),
        samples={"summary": "kings-corners/three-hands", "full": "kings-corners/full-play-two"},
        deal=(
            DEALER,
            LEFT,
            OUT,
            hands_dealt(t("Every player's seven cards as dealt."), hand_size),
            full_play_cards(
                "sides",
                t("The four cards turned face up beside the stock, in the order N, E, S, W."),
                t("Cards beside the stock"),
                min_items=4,
            ),
            full_play_cards(
                "stock",
                t("The rest of the pack, from the top: the cards drawn, in order."),
                tc("kings-corners", "Stock"),
                min_items=1,
            ),
            Field(
                "turns",
                TurnLines(
                    N_(
                        "a non-empty list; each: a line of moves, or the player's name and his "
                        "line of moves"
                    ),
                    localize_card_move,
                    several=True,
                ),
                t(
                    "Every turn in order, each the moves separated by semicolons: a card and a "
                    "pile ({play}), or two piles ({shift}); {none} for a turn with no move, in "
                    "quotes after a name ({named}). The draw that ends each turn is implied.",
                    play="7♥ N",
                    shift="W>N",
                    none="-",
                    named="Boris: '-'",
                ),
                required=True,
                mode="full",
                label=t("Turns"),
            ),
            CLAIM_PER_PLAYER,
            NOTE,
        ),
    )
