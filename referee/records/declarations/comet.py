"""What a Comet record holds: its fields, with their help texts, labels and questions
(:mod:`referee.games.comet` reads it).
"""

from __future__ import annotations

from typing import Any

from referee.messages import t
from referee.records.field_types import Choice, Field, Integer, OneOf, PlayerName
from referee.records.fields import (
    CLAIM_PER_PLAYER,
    DEALER,
    NOTE,
    OtherPlayers,
    RecordSpec,
    full_play_cards,
    hands_dealt,
    player_named,
    summary_answer,
)


def comet_record(*, played_words: Any) -> RecordSpec:
    """The declaration of a Comet record; the game gives ``played_words``."""
    return RecordSpec(
        fields=(
            Field(
                "match_length",
                Integer(minimum=1),
                t(
                    "The number of deals agreed for the match; the referee then "
                    "says whether the match is over and who has won it."
                ),
                label=t("Deals in the match"),
            ),
        ),
        without=("scores_before",),
        samples={"summary": "comet/short-match", "full": "comet/full-play-four"},
        deal=(
            DEALER,
            player_named(
                "out",
                t("The player who played his last card first."),
                t("Went out first"),
                t("Who went out first?"),
            ),
            summary_answer(
                "left",
                OtherPlayers(Integer(minimum=0)),
                t(
                    "For every other player, the cards still in his hand: at "
                    "least one, no more than he was dealt; the player who went "
                    "out may be given as 0."
                ),
                t("Cards left in hand"),
                t("How many cards did each of the others keep?"),
            ),
            summary_answer(
                "nine_of_diamonds",
                OneOf(
                    (
                        PlayerName(),
                        Choice(
                            ("played",),
                            synonyms=tuple(sorted(played_words - {"played"})),
                            labels={"played": t("played: nobody kept it")},
                        ),
                    )
                ),
                t("The player who still holds the 9♦ at the end, or played."),
                t("9♦ held by"),
                t("Who was left with the 9♦?"),
            ),
            hands_dealt(
                t(
                    "Every player's cards as dealt: the whole pack, the players "
                    "from the dealer's left holding the extra cards."
                )
            ),
            full_play_cards(
                "plays",
                t(
                    "Every card in the order played, up to the card that took a player "
                    "out; pass where the holder of the next card kept it (only with "
                    "compulsory_play: false)."
                ),
                t("Cards in the order played"),
                min_items=1,
                hint=t(
                    "Every card in the order played, up to the card that took a player out; pass "
                    "where the holder of the next card kept it (only when the house rules let "
                    "him)."
                ),
            ),
            CLAIM_PER_PLAYER,
            NOTE,
        ),
    )
