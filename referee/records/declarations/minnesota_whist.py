"""What a Minnesota Whist record holds: its fields, with their help texts, labels and questions
(:mod:`referee.games.minnesota_whist` reads it).
"""

from __future__ import annotations

from typing import Any

from referee.messages import t
from referee.records.field_types import Field, Integer, OneOf, PlayerName, Total
from referee.records.fields import (
    CLAIM_PER_SIDE,
    DEALER,
    HANDS_DEALT,
    NOTE,
    TRICKS_PLAYED,
    PerPlayer,
    RecordSpec,
    count_per_player,
    full_play_cards,
    in_full_play,
    sides_field,
    summary_answer,
)


def minnesota_whist_record(*, nobody: Any, tricks: int) -> RecordSpec:
    """The declaration of a Minnesota Whist record; the game gives ``nobody``, ``tricks``."""
    grand = summary_answer(
        "grand",
        OneOf((PlayerName(), nobody)),
        t(
            "Who declared grand: the player whose black card was turned up first, or "
            "nobody if all four bid cards were red (a low hand). Left out, it is not "
            "recorded: the score depends on it, so the referee judges the deal only if "
            "the claim agrees with exactly one reading, and says so."
        ),
        t("Grander"),
        t("Did anyone declare grand? Who?"),
        required=False,
        hint=t(
            "The player whose black card was turned up first, or no one if all four bid "
            "cards were red (a low hand). The score depends on it."
        ),
    )
    return RecordSpec(
        samples={
            "summary": "minnesota-whist/sample-1-granders-make",
            "full": "minnesota-whist/full-play-high",
        },
        fields=(
            sides_field(
                t("The two sides: each a name and the two partners, who sit opposite each other."),
                required=True,
            ),
            Field(
                "scores_before",
                PerPlayer(Integer(), sides=True),
                t(
                    "The score of each side before the first deal of the record, for a game "
                    "already under way; left out, both sides start at nothing."
                ),
                label=t("Score before this deal"),
            ),
        ),
        deal=(
            DEALER,
            grand,
            in_full_play(
                grand,
                t(
                    "Optional here: the referee finds the grander from the bid cards (or nobody, "
                    "all red), and reports a disagreement if you name someone else."
                ),
            ),
            count_per_player(
                "tricks",
                t("The number of tricks each side took; together they must make the whole hand."),
                t("Tricks taken"),
                t("How many tricks did each side take?"),
                maximum=tricks,
                total=Total(lambda n: tricks),
                sides=True,
            ),
            HANDS_DEALT,
            full_play_cards(
                "bids",
                t(
                    "The bid cards that were turned up, in the order they were turned up: "
                    "from the dealer's left, up to the first black card, or all four if "
                    "every one was red."
                ),
                t("Bid cards turned up"),
                min_items=1,
            ),
            TRICKS_PLAYED,
            CLAIM_PER_SIDE,
            NOTE,
        ),
    )
