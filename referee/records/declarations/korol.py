"""What a Korol record holds: its fields, with their help texts, labels and questions
(:mod:`referee.games.korol` reads it).
"""

from __future__ import annotations

from typing import Any

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
    Total,
)
from referee.records.fields import (
    DEALER,
    NOTE,
    TRICKS_PLAYED,
    PerPlayer,
    RecordSpec,
    agreed_numbers,
    count_per_player,
    hands_dealt,
    pair_of,
    trump_suit,
)

_FIRST_PLAYED = t("required, unless the first phase is given as a summary (tricks per player)")


_EXCHANGE = pair_of(
    CardType(),
    ("gives", t("The trump he gives the King."), t("Trump given")),
    ("gets", t("The card the King gives him back."), t("Card given back")),
)


def _trumps_noted(help: Message, label: Message, **more: Any) -> Field:
    """A phase's trump suit, in either phase alike: a summary may give it, and the form does not ask."""
    return trump_suit(help, required=False, label=label, question=None, **more)


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
            agreed_numbers(
                "quotas",
                t(
                    "The number of tricks the dealer gave each title; a player who takes that many "
                    "leaves the first phase. Left out: 9, 7, 5 and 3."
                ),
                t("Quotas"),
                (
                    Field(
                        title,
                        Integer(minimum=1),
                        t("The quota of the {title}.", title=title_names[title]),
                        default=default_quotas[title],
                        label=title_names[title],
                    )
                    for title in titles
                ),
            ),
            _trumps_noted(t("The trump suit of the first phase."), t("Trumps of the first phase")),
            count_per_player(
                "tricks",
                t("The tricks each player took in the first phase."),
                t("Tricks in the first phase"),
            ),
            _trumps_noted(
                t("The trump suit of the reign."), t("Trumps of the reign"), name="reign_trump"
            ),
            count_per_player(
                "reign_tricks",
                t("The tricks each player took in the reign; together 9."),
                t("Tricks in the reign"),
                t("How many tricks did each player take in the reign?"),
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
            hands_dealt(
                t("Every player's nine cards as dealt for the reign, before the exchanges."),
                9,
                name="reign_hands",
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
                pair_of(
                    _EXCHANGE,
                    (
                        "soldier",
                        t("The Soldier's exchange with the King."),
                        t("Soldier's exchange"),
                    ),
                    (
                        "peasant",
                        t("The Peasant's exchange with the King."),
                        t("Peasant's exchange"),
                    ),
                    required=False,
                ),
                t("The exchanges with the King; a player without a trump has none."),
                mode="full",
                label=t("Exchanges"),
            ),
            TRICKS_PLAYED.replace(
                name="reign_tricks",
                help=t("Every trick of the reign, its cards in play order from the leader's."),
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
