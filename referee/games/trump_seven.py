"""Trump 7 (skeleton: the names and the registry entry only; the helper writing this game replaces it)."""

from __future__ import annotations

from typing import ClassVar

from referee.errors import RecordError
from referee.game import Game, Verdict
from referee.messages import t
from referee.source import Document


class TrumpSeven(Game):
    """The referee for Trump 7."""

    slug = "trump-seven"
    names: ClassVar[dict[str, str]] = {"en": "Trump 7", "ru": "Козырная семёрка", "de": "Trumpf-Sieben"}
    player_counts = (3,)
    deck_size = 29

    def check(self, doc: Document) -> Verdict:
        """Not written yet."""
        raise RecordError(t("game must be one of {games}, not {value!r}.", games=[], value=self.slug),
                          code="record.unknown_game")


GAME = TrumpSeven()
