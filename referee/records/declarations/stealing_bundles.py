"""What a Stealing Bundles record holds: its fields, with their help texts, labels and questions
(:mod:`referee.games.stealing_bundles` reads it).
"""

from __future__ import annotations

from referee.messages import t
from referee.records import game_records
from referee.records.field_types import Cards, Field, ListOf, Text, Total
from referee.records.fields import DEALER, NOTE, RecordSpec, count_per_player, player_named
from referee.records.hands import DECK


def stealing_bundles_record() -> RecordSpec:
    """The declaration of a Stealing Bundles record."""
    return game_records.games_record(
        "pack",
        t("The game: one deal, a summary or a full play."),
        t("Game"),
        max_deals=1,
        samples={
            "summary": "stealing-bundles/three-players",
            "full": "stealing-bundles/opening-moves",
        },
        deal=(
            DEALER,
            count_per_player(
                "captured",
                t("For every player, the number of cards in his bundle at the end."),
                t("Cards in the bundle"),
                t("How many cards did each bundle hold?"),
                maximum=len(DECK),
                total=Total(lambda n: len(DECK), "cards"),
            ),
            Field(
                "table",
                Cards(),
                t(
                    "The cards left on the table when the last card had been played; leave it out "
                    "if there were none."
                ),
                mode="summary",
                label=t("Left on the table"),
            ),
            player_named(
                "last_capture",
                t("The player who made the last capture."),
                t("Last capture"),
                t("Who made the last capture?"),
                required=False,
                condition=t(
                    "needed with leftovers: last_capturer when cards are left on the table"
                ),
            ),
            game_records.shuffled_pack(
                t(
                    "The 52 cards in the order they lay after the shuffle, top card first: "
                    "four to the table, then four to each player, one at a time from the "
                    "dealer's left; later rounds the same way from the rest."
                )
            ),
            Field(
                "moves",
                ListOf(Text()),
                t(
                    "Every turn in order from the dealer's left: the card played, then > and "
                    "what it takes, separated by commas (table cards, or a player's name for "
                    "his bundle); a card alone matches nothing and stays on the table."
                ),
                mode="full",
                label=t("Moves"),
            ),
            game_records.cards_counted(
                t(
                    "Each player's cards at the end as the table counted them, "
                    "leftovers included where the option gives them to "
                    "someone; the referee says whether it agrees."
                )
            ),
            NOTE,
        ),
    )
