"""Yacht (skeleton: the names and the registry entry only; the helper writing this game replaces it)."""

from __future__ import annotations

from typing import ClassVar

from referee.errors import RecordError
from referee.game import Game, Verdict
from referee.messages import t
from referee.source import Document


class Yacht(Game):
    """The referee for Yacht."""

    slug = "yacht"
    names: ClassVar[dict[str, str]] = {"en": "Yacht", "ru": "Яхта", "de": "Yacht"}
    player_counts = (3, 4, 5)
    deck_size = 52

    def check(self, doc: Document) -> Verdict:
        """Not written yet."""
        raise RecordError(t("game must be one of {games}, not {value!r}.", games=[], value=self.slug),
                          code="record.unknown_game")


GAME = Yacht()
