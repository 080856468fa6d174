"""What a Catch the Ten record holds: its fields, with their help texts, labels and questions
(:mod:`referee.games.catch_the_ten` reads it).
"""

from __future__ import annotations

from referee.messages import t
from referee.records.field_types import Cards, Field, Integer, ListOf, RankType, Total
from referee.records.fields import (
    CLAIM_PER_PLAYER,
    DEALER,
    NOTE,
    TRICKS_PLAYED,
    Obj,
    RecordSpec,
    hands_dealt,
    in_full_play,
    sides_field,
    taken_per_player,
    trump_suit,
)


def catch_the_ten_record(*, hand_sizes: dict[int, int]) -> RecordSpec:
    """The declaration of a Catch the Ten record; the game gives ``hand_sizes``."""
    trump = trump_suit(t("The trump suit, the suit of the dealer's last card."))
    return RecordSpec(
        samples={"summary": "catch-the-ten/three-players", "full": "catch-the-ten/full-play-four"},
        fields=(
            sides_field(
                t(
                    "Only with the house rule partnerships: the two sides, each a name and its "
                    "partners (two each with four players, three each with six), who sit in "
                    "every second seat. Scores, claims and what was taken are then given per "
                    "side."
                ),
                (2, 3),
            ),
        ),
        deal=(
            DEALER,
            trump,
            in_full_play(
                trump,
                t(
                    "Optional here: the referee takes the trump suit from the dealer's last card, "
                    "and reports a disagreement if you name another suit."
                ),
            ),
            taken_per_player(
                t("For every player, what he captured in his tricks."),
                Obj(
                    (
                        Field(
                            "cards",
                            Integer(minimum=0),
                            t(
                                "How many cards he captured (not tricks); always a whole "
                                "number of tricks' worth."
                            ),
                            required=True,
                            label=t("Cards taken"),
                            total=Total(lambda n: n * hand_sizes[n], "cards"),
                        ),
                        Field(
                            "honours",
                            ListOf(RankType()),
                            t(
                                "The ranks of the trump honours among them: J, 10, A, K, Q in "
                                "English notation; leave it out if there were none."
                            ),
                            label=t("Trump honours taken"),
                        ),
                    )
                ),
            ),
            Field(
                "honours_set_aside",
                ListOf(RankType()),
                t(
                    "The trump honours among the cards set aside, if the "
                    "table looked at them; the referee checks that every "
                    "honour is in somebody's tricks or here."
                ),
                mode="summary",
                label=t("Honours among the cards set aside"),
            ),
            hands_dealt(
                t(
                    "Every player's cards in the order dealt; the dealer's last "
                    "card fixes the trump suit."
                )
            ),
            Field(
                "set_aside",
                Cards(),
                t(
                    "The cards left over after the deal; needed whenever some are left over, "
                    "because the hands and these cards together must be the whole pack."
                ),
                mode="full",
                label=t("Cards set aside"),
            ),
            TRICKS_PLAYED,
            CLAIM_PER_PLAYER,
            NOTE,
        ),
    )
