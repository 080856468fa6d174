"""What a Buy or Pass record holds: its fields, with their help texts, labels and questions
(:mod:`referee.games.buy_or_pass` reads it).
"""

from __future__ import annotations

from referee.messages import t
from referee.records.field_types import (
    Cards,
    CardsAndWords,
    Field,
    Integer,
    ListOf,
    PlayerName,
    SuitType,
)
from referee.records.fields import (
    CLAIM_PER_PLAYER,
    DEALER,
    NOTE,
    Obj,
    PerPlayer,
    RecordSpec,
    agreed_numbers,
    count_per_player,
    full_play_cards,
    hands_dealt,
    player_named,
    summary_answer,
)


def buy_or_pass_record(
    *, deals: int, default_stake: int, default_values: dict[str, int]
) -> RecordSpec:
    """The declaration of a Buy or Pass record; the game gives ``deals``, ``default_stake``,
    ``default_values``."""
    return RecordSpec(
        without=("scores_before",),
        max_deals=deals,
        samples={"summary": "buy-or-pass/four-deals", "full": "buy-or-pass/full-play"},
        fields=(
            Field(
                "stake",
                Integer(minimum=1, unit="minor"),
                t(
                    "The agreed stake, in minor units (100 for one rouble): each player's ante, "
                    "and the price of a bought card."
                ),
                default=default_stake,
                label=t("Stake"),
                question=t("What was the stake?"),
            ),
            agreed_numbers(
                "suit_values",
                t("What a trick pays out of the pot, by the suit led, in minor units."),
                t("Trick values by suit"),
                (
                    Field(
                        suit,
                        Integer(minimum=0, unit="minor"),
                        t("What a trick led in this suit pays."),
                        default=value,
                        label=t("What a trick pays"),
                    )
                    for suit, value in default_values.items()
                ),
            ),
        ),
        deal=(
            DEALER,
            count_per_player(
                "bought",
                t("How many cards each player bought; left out, none."),
                t("Cards bought"),
                t("How many cards did each player buy?"),
                required=False,
            ),
            summary_answer(
                "tricks",
                PerPlayer(ListOf(SuitType())),
                t("The suit led to each trick a player took (an empty list for none)."),
                t("Tricks taken"),
                t("Which tricks did each player take?"),
                hint=t(
                    'The suit led to each trick a player took; "nothing" for a player who took none.'
                ),
            ),
            count_per_player(
                "passes_holding",
                t("How many times a player passed although he held the suit led; left out, never."),
                t("Passes holding the suit"),
                required=False,
            ),
            player_named(
                "first_out",
                t(
                    "The first player whose last card was in a trick that stood; left out, "
                    "nobody went out."
                ),
                t("Out first"),
                t("Who went out first?"),
                required=False,
            ),
            hands_dealt(t("Every player's five cards as dealt."), 5),
            full_play_cards(
                "stock",
                t("The twelve cards of the stock, from the top down."),
                t("Stock"),
                min_items=12,
            ),
            Field(
                "laydowns",
                ListOf(
                    Obj(
                        (
                            Field(
                                "player",
                                PlayerName(),
                                t("The player who lays down."),
                                required=True,
                                label=t("Player"),
                            ),
                            Field(
                                "laid",
                                Cards(min_items=1),
                                t(
                                    "The cards he laid down, which must be all his cards of that "
                                    "suit; left out, the referee takes them to be all of them."
                                ),
                                label=t("Cards laid down"),
                                hint=t(
                                    "The cards he put face down on the table: all he holds of that suit."
                                ),
                            ),
                            Field(
                                "taken",
                                Cards(min_items=1),
                                t("The cards the other three took, clockwise from his left."),
                                required=True,
                                label=t("Cards taken"),
                            ),
                        )
                    )
                ),
                t(
                    "One entry for every player who was dealt three or more cards of a suit, in "
                    "turn from the dealer's left: the cards he laid down, and the ones the "
                    "others took from them."
                ),
                mode="full",
                label=t("Lay-downs"),
                hint=t(
                    "A row for every player who was dealt three or more cards of a suit, in turn "
                    "from the dealer's left: who laid them down, which cards, and which of them "
                    "the others took."
                ),
            ),
            Field(
                "play",
                ListOf(CardsAndWords(("pass", "buy")), min_items=1),
                t(
                    "Every lead in order: the card led, then what each other player with cards "
                    "did, clockwise: a card, pass or buy."
                ),
                required=True,
                mode="full",
                label=t("Play"),
            ),
            # The claim is money: the form takes it in roubles and kopecks.
            CLAIM_PER_PLAYER.replace(type=PerPlayer(Integer(unit="minor"))),
            NOTE,
        ),
    )
