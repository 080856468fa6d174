"""What a Réunion record holds: trumps or the turned card, the discard, and in a summary what each player took
and who took the last trick (:mod:`referee.games.reunion` reads it).

>>> spec = reunion_record(deck_points=120, tricks=10, deals=3)
>>> [f.name for f in spec.deal_fields("summary")]
['dealer', 'trump', 'turned', 'discard', 'taken', 'last_trick', 'claim', 'note']
"""

from __future__ import annotations

from referee.messages import t
from referee.records.field_types import Boolean, Cards, Field, Integer, OneOf
from referee.records.field_types import Card as CardType
from referee.records.fields import (
    CLAIM_PER_PLAYER,
    DEALER,
    NOTE,
    TRICKS_PLAYED,
    Group,
    Obj,
    RecordSpec,
    full_play_cards,
    hands_dealt,
    in_full_play,
    player_named,
    taken_per_player,
    trump_suit,
)


def reunion_record(deck_points: int, tricks: int, deals: int) -> RecordSpec:
    """The declaration of a Réunion record. The game gives the card points in the pack and the tricks of a
    deal, which bound what a summary may say a player took, and the deals of a game, which bound a record."""
    trump = trump_suit(
        t("The trump suit; or give the turned card instead, or both, which must agree."),
        required=False,
    )
    return RecordSpec(
        samples={"summary": "reunion/one-deal-summary", "full": "reunion/full-play"},
        without=("scores_before",),
        max_deals=deals,
        deal_groups=(Group(("trump", "turned"), "any", mode="summary"),),
        deal=(
            DEALER,
            trump,
            Field(
                "turned",
                CardType(),
                t("The turned-up card, instead of the trump suit or beside it."),
                mode="summary",
                label=t("Turned-up card"),
            ),
            in_full_play(
                trump,
                t(
                    "Optional here: the referee takes trumps from the turned card, and reports a "
                    "disagreement if you name another suit."
                ),
            ),
            hands_dealt(t("Every player's cards as dealt, before the dealer takes the widow.")),
            full_play_cards(
                "widow",
                t(
                    "The two cards left over after the deal, the turned card first: its "
                    "suit is trumps."
                ),
                t("Widow"),
                min_items=1,
            ),
            Field(
                "discard",
                Cards(min_items=1),
                t(
                    "The two cards the dealer laid away, from his hand and the widow; "
                    "an ace or a trump jack among them is a broken rule."
                ),
                required=True,
                label=t("Discard"),
                question=t("Which two cards did the dealer lay away?"),
            ),
            taken_per_player(
                t("For every player, what he took in his tricks."),
                Obj(
                    (
                        Field(
                            "points",
                            Integer(minimum=0, maximum=deck_points),
                            t(
                                "His card points in tricks: without the last trick and without the discard."
                            ),
                            label=t("Card points"),
                        ),
                        Field(
                            "cards",
                            Cards(),
                            t(
                                "Instead of points: the counting cards he took (aces, tens, kings, queens, "
                                "jacks); the referee adds them up. Other cards may be listed too; they count "
                                "nothing."
                            ),
                            label=t("Counting cards"),
                        ),
                        Field(
                            "tricks",
                            OneOf((Integer(minimum=0, maximum=tricks), Boolean())),
                            t(
                                "How many tricks he took; or true or false, if only whether he took any is known."
                            ),
                            required=True,
                            label=t("Tricks"),
                            hint=t(
                                "How many tricks he took; if the table only knows whether he took any, say just "
                                "that."
                            ),
                        ),
                    ),
                    groups=(Group(("points", "cards"), "one"),),
                ),
            ),
            player_named(
                "last_trick",
                t("The player who took the last trick."),
                t("Last trick"),
                t("Who took the last trick?"),
            ),
            TRICKS_PLAYED,
            CLAIM_PER_PLAYER.replace(
                help=t(
                    "Each player's score for the deal, penalties included (with the "
                    "original settlement in units, the points without penalties); the "
                    "referee says whether it agrees."
                )
            ),
            NOTE,
        ),
    )
