"""The fields of a summary that ends with a player out: what each player had left in hand, and who
went out in which order.
"""

from __future__ import annotations

from referee.messages import t
from referee.records.field_types import Cards, Field, Integer, ListOf, OneOf, PlayerName
from referee.records.fields import Obj, PerPlayer, summary_answer

COUNTS = Obj(
    (
        Field(
            "kings",
            Integer(minimum=0, maximum=4),
            t("Kings left in the hand."),
            required=True,
            label=t("Kings"),
        ),
        Field(
            "others",
            Integer(minimum=0),
            t("Other cards left in the hand."),
            required=True,
            label=t("Other cards"),
        ),
    )
)
"""The cards left only counted: ``{kings: 1, others: 3}``."""

LEFT = summary_answer(
    "left",
    PerPlayer(OneOf((Cards(), COUNTS, Integer(minimum=0, maximum=0)))),
    t(
        "For every player, what was left in his hand when the hand ended: the cards, or the counts as a "
        "mapping such as {example}, or 0 for a player who went out.",
        example="kings: 1, others: 3",
    ),
    t("Left in hand"),
    t("What did each player have left?"),
    hint=t(
        "For every player, what was left in his hand when the hand ended: the cards, or only how many "
        "kings and how many other cards; 0 for a player who went out."
    ),
)
"""A summary's ``left``: what :func:`read_left` reads."""

OUT = Field(
    "out",
    OneOf((PlayerName(), ListOf(PlayerName()))),
    t("The players who went out, in order (optional; the referee checks it against left)."),
    mode="summary",
    label=t("Went out, in order"),
)
"""A summary's ``out``: what :func:`out_matches` checks."""
