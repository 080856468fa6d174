"""What a Yacht record holds: its fields, with their help texts, labels and questions
(:mod:`referee.games.yacht` reads it).
"""

from __future__ import annotations

from typing import Any

from referee.messages import t
from referee.records.field_types import Card as CardType
from referee.records.field_types import Cards, Field, Integer, OneOf, SuitType, Total
from referee.records.fields import (
    CLAIM_PER_PLAYER,
    DEALER,
    NOTE,
    TRICKS_PLAYED,
    Obj,
    PerPlayer,
    RecordSpec,
    hands_dealt,
    in_full_play,
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
            Field(
                "trump",
                SuitType(),
                t(
                    "The trump suit. Required in a full play too: the card drawn for trumps went "
                    "back into the pack, so the hands cannot show it."
                ),
                required=True,
                label=t("Trumps"),
                question=t("Which suit was trumps?"),
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
                            Obj(
                                (
                                    Field(
                                        "start",
                                        Integer(),
                                        t("The start number."),
                                        required=True,
                                        label=t("Start number"),
                                    ),
                                    Field(
                                        "goal",
                                        Integer(),
                                        t("The goal number."),
                                        required=True,
                                        label=t("Goal number"),
                                    ),
                                )
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
            Field(
                "tricks",
                PerPlayer(Integer(minimum=0)),
                t("The number of tricks each player took; together they must make the whole deal."),
                required=True,
                mode="summary",
                label=t("Tricks taken"),
                question=t("How many tricks did each player take?"),
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
