"""What a Collector record holds: its fields, with their help texts, labels and questions
(:mod:`referee.games.collector` reads it).
"""

from __future__ import annotations

from referee.cards import RANKS
from referee.messages import t
from referee.records import game_records
from referee.records.field_types import (
    Boolean,
    Cards,
    Choice,
    Field,
    Integer,
    ListOf,
    OneOf,
)
from referee.records.field_types import Card as CardType
from referee.records.fields import DEALER, NOTE, Obj, RecordSpec, in_full_play, player_named
from referee.records.game_records import SomePlayers

WINNER_HELP = t("The player who completed the set.")


def collector_record() -> RecordSpec:
    """The declaration of a Collector record."""
    winner = player_named(
        "winner",
        WINNER_HELP,
        t("Winner"),
        t("Who completed the set?"),
        required=False,
        condition=t("required unless drawn is true"),
    )
    drawn = Field(
        "drawn",
        Boolean(),
        t("True for a drawn game (not with draw_rule: never)."),
        mode="summary",
        label=t("Drawn game"),
        hint=t("Tick if the game was drawn (it cannot be if the house rules have no drawn games)."),
    )
    return game_records.games_record(
        "pack",
        t("The games, one deal each, in the order they were played."),
        t("Games"),
        samples={"summary": "collector/summary-win", "full": "collector/full-play-eight-rounds"},
        deal=(
            DEALER,
            winner,
            Field(
                "hand",
                Cards(min_items=len(RANKS)),
                t(
                    "The winner's whole hand when he completed the set; it must "
                    "hold every rank from two to ace."
                ),
                mode="summary",
                condition=t("required with winner"),
                label=t("Winner's hand"),
            ),
            Field(
                "by",
                Choice(
                    ("take", "draw"),
                    labels={"take": t("took a laid card"), "draw": t("drew from the stock")},
                ),
                t(
                    "How his last card came: take (a card another player laid) or draw "
                    "(from the stock)."
                ),
                mode="summary",
                label=t("Last card"),
            ),
            Field(
                "round",
                Integer(minimum=1),
                t(
                    "The round in which he completed the set, counting from 1; the referee "
                    "checks that a hand can be that big by then."
                ),
                mode="summary",
                label=t("Round"),
            ),
            game_records.shuffled_pack(
                t(
                    "The 52 cards in the order they lay after the shuffle, top card first: "
                    "five to each player, one at a time from the dealer's left; the rest is "
                    "the stock, drawn from the top."
                )
            ),
            Field(
                "rounds",
                ListOf(
                    Obj(
                        (
                            Field(
                                "lay",
                                SomePlayers(CardType()),
                                t("For every player who held a card, the card he laid."),
                                label=t("Cards laid"),
                            ),
                            Field(
                                "take",
                                SomePlayers(
                                    OneOf(
                                        (
                                            CardType(),
                                            Choice(
                                                ("draw",),
                                                ignore_case=True,
                                                labels={"draw": t("drew from the stock")},
                                            ),
                                        )
                                    )
                                ),
                                t(
                                    "For every player who acted, the laid card he took or the word "
                                    "draw; the players after the "
                                    "winner in his last round are left out."
                                ),
                                label=t("Cards taken"),
                            ),
                            NOTE,
                        )
                    )
                ),
                t("Every round in order, each with lay and take."),
                mode="full",
                label=t("Rounds"),
            ),
            in_full_play(
                winner, t("The player the table says won; the referee compares it with the replay.")
            ),
            drawn,
            in_full_play(drawn, t("True if the table says the game was drawn.")),
            NOTE,
        ),
    )
