"""What a Korol record holds: its fields, with their help texts, labels and questions
(:mod:`referee.games.korol` reads it).
"""

from __future__ import annotations

from referee.messages import Message, t
from referee.records.field_types import Card as CardType
from referee.records.field_types import Cards as CardsType
from referee.records.field_types import (
    Choice,
    Field,
    Integer,
    ListOf,
    OneOf,
    PlayerName,
    SuitType,
    Total,
)
from referee.records.fields import DEALER, NOTE, Obj, PerPlayer, RecordSpec, hands_dealt

_FIRST_PLAYED = t("required, unless the first phase is given as a summary (tricks per player)")


_EXCHANGE = Obj(
    (
        Field(
            "gives",
            CardType(),
            t("The trump he gives the King."),
            required=True,
            label=t("Trump given"),
        ),
        Field(
            "gets",
            CardType(),
            t("The card the King gives him back."),
            required=True,
            label=t("Card given back"),
        ),
    )
)


def korol_record(
    *,
    default_quotas: dict[str, int],
    hand: int,
    title_names: dict[str, Message],
    titles: tuple[str, ...],
) -> RecordSpec:
    """The declaration of a Korol record; the game gives ``default_quotas``, ``hand``,
    ``title_names``, ``titles``."""
    title_of = PerPlayer(Choice(titles, ignore_case=True, labels=title_names))
    quotas = Obj(
        tuple(
            Field(
                title,
                Integer(minimum=1),
                t("The quota of the {title}.", title=title_names[title]),
                default=default_quotas[title],
                label=title_names[title],
            )
            for title in titles
        )
    )
    return RecordSpec(
        without=("scores_before",),
        full_play_key="reign_hands",  # G8-D01: a full reign, after either first phase
        samples={"summary": "korol/reign-to-the-peasant", "full": "korol/full-play"},
        deal=(
            DEALER.replace(
                help=t(
                    "The player who dealt the first phase: chosen by lot for the first game, "
                    "then the winner of the previous reign."
                )
            ),
            Field(
                "titles",
                title_of,
                t(
                    "The title the dealer gave each player for the first phase: king, prince, "
                    "soldier or peasant, each once."
                ),
                required=True,
                label=t("Titles"),
                question=t("Which title did each player get?"),
            ),
            Field(
                "quotas",
                quotas,
                t(
                    "The number of tricks the dealer gave each title; a player who takes that many "
                    "leaves the first phase. Left out: 9, 7, 5 and 3."
                ),
                default=dict(default_quotas),
                label=t("Quotas"),
            ),
            Field(
                "trump",
                SuitType(),
                t("The trump suit of the first phase."),
                mode="summary",
                label=t("Trumps of the first phase"),
            ),
            Field(
                "tricks",
                PerPlayer(Integer(minimum=0)),
                t("The tricks each player took in the first phase."),
                required=True,
                mode="summary",
                label=t("Tricks in the first phase"),
            ),
            Field(
                "reign_trump",
                SuitType(),
                t("The trump suit of the reign."),
                mode="summary",
                label=t("Trumps of the reign"),
            ),
            Field(
                "reign_tricks",
                PerPlayer(Integer(minimum=0)),
                t("The tricks each player took in the reign; together 9."),
                required=True,
                mode="summary",
                label=t("Tricks in the reign"),
                question=t("How many tricks did each player take in the reign?"),
                total=Total(lambda n: hand),
            ),
            hands_dealt(
                t("Every player's nine cards as dealt for the first phase."),
                9,
                required=False,
                condition=_FIRST_PLAYED,
            ),
            Field(
                "trump_card",
                CardType(),
                t("The last card dealt, turned up for trumps; it is in the dealer's hand."),
                mode="full",
                condition=_FIRST_PLAYED,
                label=t("Trump card"),
            ),
            Field(
                "tricks",
                OneOf((ListOf(CardsType(min_items=1), min_items=1), PerPlayer(Integer(minimum=0)))),
                t(
                    "Every trick of the first phase, its cards in play order from the leader's; "
                    "a trick after a player left has a card fewer. Or, before a full reign, the "
                    "tricks each player took in the first phase (then no hands or trump card for "
                    "it)."
                ),
                required=True,
                mode="full",
                label=t("Tricks of the first phase, card by card"),
            ),
            Field(
                "reign_hands",
                PerPlayer(CardsType(min_items=9)),
                t("Every player's nine cards as dealt for the reign, before the exchanges."),
                required=True,
                mode="full",
                label=t("Hands for the reign"),
            ),
            Field(
                "reign_trump_card",
                CardType(),
                t(
                    "The last card of the reign deal, turned up for trumps; it is in "
                    "the Peasant's hand."
                ),
                required=True,
                mode="full",
                label=t("Trump card of the reign"),
            ),
            Field(
                "exchanges",
                Obj(
                    (
                        Field(
                            "soldier",
                            _EXCHANGE,
                            t("The Soldier's exchange with the King."),
                            label=t("Soldier's exchange"),
                        ),
                        Field(
                            "peasant",
                            _EXCHANGE,
                            t("The Peasant's exchange with the King."),
                            label=t("Peasant's exchange"),
                        ),
                    ),
                ),
                t("The exchanges with the King; a player without a trump has none."),
                mode="full",
                label=t("Exchanges"),
            ),
            Field(
                "reign_tricks",
                ListOf(CardsType(min_items=1), min_items=1),
                t("Every trick of the reign, its cards in play order from the leader's."),
                required=True,
                mode="full",
                label=t("Tricks of the reign, card by card"),
            ),
            Field(
                "claim",
                PlayerName(),
                t("The player the table says won the reign; the referee says whether it agrees."),
                label=t("Reign winner written down"),
                question=t("Who won the reign, as the table says?"),
            ),
            NOTE,
        ),
    )
