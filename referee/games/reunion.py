"""Réunion (skeleton: the names and the registry entry only; the helper writing this game replaces it)."""

from __future__ import annotations

from typing import ClassVar

from referee.errors import RecordError
from referee.game import Game, Verdict
from referee.messages import t
from referee.source import Document


class Reunion(Game):
    """The referee for Réunion."""

    slug = "reunion"
    names: ClassVar[dict[str, str]] = {"en": "Réunion", "ru": "Реюньон", "de": "Reunion (Vereinigungsspiel)"}
    player_counts = (3,)
    deck_size = 32

    def check(self, doc: Document) -> Verdict:
        """Not written yet."""
        raise RecordError(t("game must be one of {games}, not {value!r}.", games=[], value=self.slug),
                          code="record.unknown_game")


GAME = Reunion()
