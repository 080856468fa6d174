"""A referee for traditional card games: it checks every play of a recorded deal and settles scores.

The public API, stable across releases (everything else may move; see the architecture page):

- :func:`check_text` — a record as YAML or JSON text → a :class:`Verdict`; raises
  :class:`RefereeError` (a :class:`RecordErrors` collecting every problem) when it cannot be used;
  :func:`check_document` does the same for a record already read with :func:`load_text`.
- :func:`get_game` and :data:`GAMES` — a game by its slug (``"catch-the-ten"``), a :class:`Game`
  with ``name(lang)``, ``options``, ``facts()``, ``check(doc)``.
- :class:`Verdict`, :class:`DealResult`, :class:`Finding` — the outcome: valid or not, the deals'
  scores and explanations, the totals, the winner and why the game ended, every finding with its
  code and rule id; :func:`verdict_json` and :func:`errors_json` give the JSON object of
  ``referee check --json``.

>>> import referee
>>> from pathlib import Path
>>> text = (Path(referee.__file__).parent.parent / "examples/minnesota-whist/full-play-high.yaml").read_text()
>>> verdict = referee.check_text(text)
>>> verdict.valid, verdict.deals[0].scores, verdict.totals
(True, {'We': 0, 'They': 1}, {'We': 8, 'They': 13})
>>> referee.get_game("minnesota-whist").name("de")
'Minnesota-Whist'

The names are loaded on first use, so ``import referee`` costs nothing until one is needed.
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from referee.engines.game import DealResult, Finding, Game, Verdict
    from referee.errors import RecordError, RecordErrors, RefereeError
    from referee.games import GAMES, get_game
    from referee.present.verdict_json import errors_json, verdict_json
    from referee.present.verdicts import check_document, check_text
    from referee.records.source import load_text

# public name → the module that defines it
_API = {
    "check_text": "referee.present.verdicts",
    "check_document": "referee.present.verdicts",
    "verdict_json": "referee.present.verdict_json",
    "errors_json": "referee.present.verdict_json",
    "load_text": "referee.records.source",
    "GAMES": "referee.games",
    "get_game": "referee.games",
    "Game": "referee.engines.game",
    "Verdict": "referee.engines.game",
    "DealResult": "referee.engines.game",
    "Finding": "referee.engines.game",
    "RefereeError": "referee.errors",
    "RecordError": "referee.errors",
    "RecordErrors": "referee.errors",
}
__all__ = [
    "GAMES",
    "DealResult",
    "Finding",
    "Game",
    "RecordError",
    "RecordErrors",
    "RefereeError",
    "Verdict",
    "check_document",
    "check_text",
    "errors_json",
    "get_game",
    "load_text",
    "verdict_json",
]


def __getattr__(name: str) -> Any:
    module = _API.get(name)
    if module is None:
        raise AttributeError(f"module 'referee' has no attribute {name!r}")
    value = getattr(import_module(module), name)
    globals()[name] = value  # the next lookup is a plain attribute
    return value


def __dir__() -> list[str]:
    return sorted([*globals(), *_API])
