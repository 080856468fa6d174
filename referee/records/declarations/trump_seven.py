"""What a Trump 7 record holds: the auction, the declarer, trumps and discards, what the tricks held, or
``thrown_in`` for a deal nobody played (:mod:`referee.games.trump_seven` reads it).

>>> [f.name for f in RECORD.deal_fields("summary")]   # doctest: +NORMALIZE_WHITESPACE
['dealer', 'declarer', 'trump', 'discards', 'taken', 'thrown_in', 'claim', 'note']
"""

from __future__ import annotations

from referee.messages import t
from referee.records.answers import ANSWER
from referee.records.field_types import (
    Boolean,
    Cards,
    Field,
    Integer,
    ListOf,
    OneOf,
)
from referee.records.fields import (
    DEALER,
    HANDS_DEALT,
    NOTE,
    TRICKS_PLAYED,
    Obj,
    PerPlayer,
    RecordSpec,
    full_play_cards,
    in_full_play,
    pair_of,
    player_named,
    summary_answer,
    trump_suit,
)

_THROWN_IN = ("thrown_in", True)
_PLAYED = t("required unless the auction left no single declarer (then left out)")
_TAKEN_SIDE = OneOf((Integer(), Cards()))
# A summary names the declarer, trumps and discards; a full play shows them (the auction, the widow)
_DECLARER = player_named(
    "declarer",
    t("The player whose final answer in the auction was the only yes."),
    t("Declarer"),
    t("Who became the declarer?"),
    unless=_THROWN_IN,
)
_TRUMP = trump_suit(
    t("The suit the declarer named."),
    unless=_THROWN_IN,
    question=t("Which suit did the declarer name?"),
)
_DISCARDS = summary_answer(
    "discards",
    Cards(),
    t("The two cards the declarer laid away after taking the widow."),
    t("Discards"),
    t("Which two cards did the declarer lay away?"),
    unless=_THROWN_IN,
)
RECORD = RecordSpec(
    samples={"summary": "trump-seven/made-at-sixty", "full": "trump-seven/full-play"},
    fields=(
        Field(
            "scores_before",
            PerPlayer(Integer(minimum=0)),
            t(
                "The number of deals each player has won before the first deal of the record; left out, everyone "
                "starts at nothing."
            ),
            label=t("Deals won before this record"),
        ),
    ),
    deal=(
        DEALER,
        HANDS_DEALT,
        full_play_cards(
            "widow",
            t(
                "The two cards left over after the deal; the hands and the widow together are "
                "the whole pack."
            ),
            t("Widow"),
        ),
        Field(
            "auction",
            PerPlayer(ListOf(ANSWER, min_items=2, max_items=2)),
            t(
                "Every player's two answers, the first round and then the second (final) one: yes or pass. A yes "
                "after a pass is reported as a broken rule."
            ),
            required=True,
            mode="full",
            label=t("Auction"),
        ),
        _DECLARER,
        in_full_play(
            _DECLARER,
            t(
                "Optional here: the referee finds the declarer from the auction, and the "
                "record cannot be used if you name someone else."
            ),
        ),
        _TRUMP,
        in_full_play(_TRUMP, condition=_PLAYED),
        _DISCARDS,
        in_full_play(
            _DISCARDS,
            t("The two cards the declarer laid away, from his hand and the widow."),
            _PLAYED,
        ),
        summary_answer(
            "taken",
            Obj(
                (
                    Field(
                        "declarer",
                        _TAKEN_SIDE,
                        t(
                            "What the declarer's tricks held: a number of card points, or the list "
                            "of counting cards, which the referee adds up card by card."
                        ),
                        label=t("Declarer's tricks"),
                        hint=t(
                            "What the declarer's tricks held: a number of card points, or the counting cards, which "
                            "the referee adds up card by card."
                        ),
                    ),
                    Field(
                        "defenders",
                        _TAKEN_SIDE,
                        t("What the defenders' tricks held, in the same way."),
                        label=t("Defenders' tricks"),
                    ),
                ),
                min_fields=1,
            ),
            t(
                "What the tricks held, without the discards: for the declarer, for the defenders, or for "
                "both; a side left out holds the rest."
            ),
            t("Card points in tricks"),
            t("What did the tricks hold?"),
            unless=_THROWN_IN,
        ),
        TRICKS_PLAYED.replace(required=False, unless=_THROWN_IN, condition=_PLAYED),
        Field(
            "thrown_in",
            Boolean(),
            t(
                "True for a deal that nobody played because the auction left no single "
                "declarer; such a deal has only its dealer besides (and, in a full play, "
                "the hands, the widow and the auction)."
            ),
            default=False,
            label=t("Thrown in: nobody played"),
        ),
        Field(
            "claim",
            pair_of(
                Integer(),
                ("declarer", t("The declarer's card points."), t("Declarer's card points")),
                ("defenders", t("The defenders' card points."), t("Defenders' card points")),
                required=False,
                nullable=False,
                min_fields=1,
            ),
            t(
                "The card points the table counted, discards included: "
                "for the declarer, the defenders or both; the referee "
                "says whether they agree."
            ),
            unless=_THROWN_IN,
            label=t("Card points written down"),
            question=t("What did the table count?"),
        ),
        NOTE,
    ),
)
"""What a Trump 7 record holds (:mod:`referee.records.fields`)."""
