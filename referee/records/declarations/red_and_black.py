"""What a Red and Black record holds: its fields, with their help texts, labels and questions
(:mod:`referee.games.red_and_black` reads it).
"""

from __future__ import annotations

from referee.messages import t, tc
from referee.records.field_types import Card as CardType
from referee.records.field_types import Cards, Field, ListOf, OneOf, PlayerName, Text
from referee.records.fields import DEALER, NOTE, RecordSpec, count_per_player, pair_of
from referee.records.game_records import cards_counted, games_record


def red_and_black_record(*, stock: int) -> RecordSpec:
    """The declaration of a Red and Black record; the game gives ``stock``."""
    return games_record(
        "stock",
        t("The games, in the order they were played."),
        t("Games"),
        samples={"summary": "red-and-black/five-players", "full": "red-and-black/stock-runs-out"},
        deal=(
            DEALER,
            count_per_player(
                "taken",
                t("How many cards each player had to take; together at most the 50 of the stock."),
                t("Cards taken"),
                t("How many cards did each player take?"),
                maximum=stock,
            ),
            Field(
                "start",
                pair_of(
                    CardType(),
                    ("black", t("The black card, face down."), t("Black card")),
                    ("red", t("The red card, face up on it."), t("Red card")),
                ),
                t("Optional: the two cards that start the pile, when the stock is given as cards."),
                mode="full",
                label=t("Starting pile"),
            ),
            Field(
                "stock",
                OneOf((Cards(min_items=1), Text())),
                t(
                    "The 50 cards of the stock from the top down: cards, "
                    "or only their colours as one string of letters (R "
                    "and B in English, К and Ч in Russian, R and S in "
                    "German notation)."
                ),
                required=True,
                mode="full",
                label=tc("red-and-black", "Stock"),
                hint=t(
                    "The 50 cards of the stock from the top down: the cards, or only their "
                    "colours, one letter a card (R and B in English, К and Ч in Russian, R and S "
                    "in German notation)."
                ),
            ),
            Field(
                "draws",
                Text(),
                t(
                    "Optional: what each player did with each card drawn, one letter a card from "
                    "the top of the stock: K keeps it, D discards it (Б and С in Russian, B and "
                    "A in German notation); spaces may group the letters by turn. The draws "
                    "after the last letter are derived from the stock."
                ),
                mode="full",
                label=t("Draws"),
                question=t("What did each player do with each card drawn?"),
            ),
            cards_counted(
                t(
                    "The cards each player took, as the table counted them; the "
                    "referee says whether they agree."
                ),
                mode="full",
            ),
            Field(
                "loser",
                OneOf((PlayerName(), ListOf(PlayerName(), min_items=1))),
                t(
                    "Who lost, as the table saw it: a name, or a list of names for a tie; the "
                    "referee says whether it agrees."
                ),
                label=t("Loser"),
                question=t("Who lost, as the table saw it?"),
                hint=t(
                    "Who lost, as the table saw it: one player, or several for a tie; the "
                    "referee says whether it agrees."
                ),
            ),
            NOTE,
        ),
    )
