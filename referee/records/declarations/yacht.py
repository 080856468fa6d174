"""What a Yacht record holds: its fields, with their help texts, labels and questions
(:mod:`referee.games.yacht` reads it).
"""

from __future__ import annotations

from typing import Any

from referee.messages import t
from referee.records.field_types import Card as CardType
from referee.records.field_types import Cards, Field, Integer, OneOf, Total
from referee.records.fields import (
    CLAIM_PER_PLAYER,
    DEALER,
    NOTE,
    TRICKS_PLAYED,
    PerPlayer,
    RecordSpec,
    count_per_player,
    hands_dealt,
    in_full_play,
    pair_of,
    trump_suit,
)


def yacht_record(*, hand_sizes: dict[int, int], special_bids: Any) -> RecordSpec:
    """The declaration of a Yacht record; the game gives ``hand_sizes``, ``special_bids``."""
    removed = Field(
        "removed",
        Cards(),
        t(
            "The threes removed before the deal: one with three players, two with five, "
            "none with four; each a 3 of a suit that is not trumps. Left out, the referee "
            "assumes this edition's choice (the first suits other than trumps in the order "
            "♣ ♦ ♥ ♠) and says so."
        ),
        mode="summary",
        label=t("Threes removed"),
    )
    return RecordSpec(
        samples={"summary": "yacht/three-players", "full": "yacht/full-play-four"},
        deal=(
            DEALER,
            trump_suit(
                t(
                    "The trump suit. Required in a full play too: the card drawn for trumps went "
                    "back into the pack, so the hands cannot show it."
                ),
                mode="both",
            ),
            Field(
                "trump_card",
                CardType(),
                t("The card drawn from the middle of the pack; its suit must be the trump suit."),
                label=t("Card drawn for trumps"),
            ),
            removed,
            in_full_play(
                removed,
                t(
                    "Optional here: the hands already show which cards are missing. If you give "
                    "it, the hands and these cards must make up the whole pack."
                ),
            ),
            Field(
                "bids",
                PerPlayer(
                    OneOf(
                        (
                            pair_of(
                                Integer(),
                                ("start", t("The start number."), t("Start number")),
                                ("goal", t("The goal number."), t("Goal number")),
                            ),
                            special_bids,
                        )
                    )
                ),
                t(
                    "Every player's bid: a start and a goal number (zero or negative too), or "
                    "Thirteen Under, or Lucky Thirteen Under."
                ),
                required=True,
                label=t("Bids"),
                question=t("What did each player bid?"),
            ),
            count_per_player(
                "tricks",
                t("The number of tricks each player took; together they must make the whole deal."),
                t("Tricks taken"),
                t("How many tricks did each player take?"),
                total=Total(lambda n: hand_sizes[n]),
            ),
            hands_dealt(
                t(
                    "Every player's cards as dealt, in any order; with three or "
                    "five players the hands leave out the removed threes."
                )
            ),
            TRICKS_PLAYED,
            CLAIM_PER_PLAYER,
            NOTE,
        ),
    )
