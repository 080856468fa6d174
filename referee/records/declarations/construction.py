"""What a Construction record holds: its fields, with their help texts, labels and questions
(:mod:`referee.games.construction` reads it).
"""

from __future__ import annotations

from typing import Any

from referee.messages import N_, t
from referee.records.field_types import Field, PlayerName
from referee.records.fields import NOTE, RecordSpec


def construction_record(*, localize_action: Any, turnsbypickers: Any) -> RecordSpec:
    """The declaration of a Construction record; the game gives ``localize_action``,
    ``turnsbypickers``."""
    turns = turnsbypickers(
        N_("a non-empty list; each: the card turned and what was done with it"), localize_action
    )
    return RecordSpec(
        fields=(
            Field(
                "black",
                PlayerName(),
                t("The player who plays Black (the clubs and spades); the other plays Red."),
                required=True,
                label=t("Black player"),
                question=t("Who plays Black?"),
            ),
        ),
        without=("scores_before",),
        max_deals=1,
        samples={"summary": "construction/race-won"},
        deal=(
            Field(
                "turns",
                turns,
                t(
                    "Every card turned, in order, each with its use: {build} builds a vertical "
                    "card (column:row) or a bridge (H and the left column), {large} moves the "
                    "large token, {small} moves small token 2 along up to three cards, {king} "
                    "places a small token on the Joker (and may move it), {discard}.",
                    build="7♣ build 0:1",
                    large="9♠ large 0:1",
                    small="8♥ small 2 1:1 1:2",
                    king="K♦ king 1:1",
                    discard="5♦ discard",
                ),
                required=True,
                label=t("Cards turned"),
                hint=t(
                    "Every card turned, in order: its rank and suit, what its owner did with it, "
                    "and the places: a column and a row, counted from Black's Joker at column 0, "
                    "row 0 (Red's is at column 1); a bridge is laid across from the column on "
                    "its left."
                ),
            ),
            Field(
                "winner",
                PlayerName(),
                t("The player the table says has won; the referee says whether it agrees."),
                label=t("Winner"),
                question=t("Who won, as the table says?"),
            ),
            NOTE,
        ),
    )
