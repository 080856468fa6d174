"""The record shapes of the fishing games: a record whose deals are games of their own (no scores
carried in), and a value for each player who acted in a round.
"""

from __future__ import annotations

from typing import Any

from referee.messages import Message, t
from referee.records.field_types import Cards, Code, Field, Integer, Mode, backticks
from referee.records.fields import DEALS, PerPlayer, RecordSpec


def games_record(
    full_play_key: str, help: Message, label: Message, deal: tuple[Field, ...], **spec: Any
) -> RecordSpec:
    """The record of a game in which every deal is a game of its own (:func:`read_games`): its ``deals`` are
    the games (``help`` and ``label`` say so in the game's words), a deal holding ``full_play_key`` is a full
    play, and no scores are carried in from earlier games. ``spec`` adds the rest of the
    :class:`~referee.records.fields.RecordSpec` (samples, most deals).

    >>> spec = games_record("pack", t("The games."), t("Games"), ())
    >>> [f.name for f in spec.record_fields()], spec.full_play_key
    (['game', 'notation', 'players', 'options', 'deals', 'expected'], 'pack')
    """
    return RecordSpec(
        full_play_key=full_play_key,
        deal=deal,
        without=("scores_before",),
        **spec,
        fields=(DEALS.replace(help=help, label=label),),
    )


def shuffled_pack(help: Message) -> Field:
    """A full play's ``pack``: the cards as they lay after the shuffle, from which the referee replays
    the deal and every draw; ``help`` says how the game deals them."""
    return Field(
        "pack",
        Cards(min_items=1),
        help,
        required=True,
        mode="full",
        label=t("Pack after the shuffle"),
    )


def cards_counted(help: Message, mode: Mode = "both") -> Field:
    """A deal's ``claim`` where the table counts cards, not points: how many each player took, as
    ``help`` says in the game's words.

    >>> cards_counted(t("The cards each player took."), "full").type == PerPlayer(Integer(minimum=0))
    True
    """
    return Field(
        "claim",
        PerPlayer(Integer(minimum=0)),
        help,
        mode=mode,
        label=t("Cards written down"),
        question=t("What did the table count?"),
    )


class SomePlayers(PerPlayer):
    """A mapping from some of the players to a value: those who acted in a round."""

    def schema(self, game: Any) -> dict[str, Any]:
        return {
            "type": "object",
            "additionalProperties": self.value.schema(game),
            "maxProperties": max(game.player_counts),
        }

    def label(self, code: Code = backticks) -> Message:
        return t("for every player who acted: {value}", value=self.value.label(code))
