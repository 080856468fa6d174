"""A record checked: the one path from a record's text to a verdict.

The command line, the checker in the browser (:mod:`referee.present.web`), the explanations and the
site's worked examples all use it. ``import referee`` offers the same names
(:func:`referee.check_text`). The verdict or the errors as the JSON object of DESIGN.md are
:mod:`referee.present.verdict_json` (``referee check --json``; a check in words does not load it).

>>> from pathlib import Path
>>> text = Path(__file__).resolve().parents[2].joinpath("examples/comet/nine-disputed.yaml").read_text()
>>> verdict = check_text(text)
>>> verdict.game, verdict.valid
('comet', False)
>>> from referee.present.verdict_json import verdict_json
>>> sorted(verdict_json(verdict, "en"))[:4]
['deals', 'findings', 'game', 'options']
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from referee.errors import RecordError, RefereeError
from referee.messages import render, t

if TYPE_CHECKING:
    from referee.engines.game import Verdict

# The exit status of `referee check`, which the checker in the browser reports too.
EXIT_VALID, EXIT_DISAGREES, EXIT_UNUSABLE = 0, 1, 2


# What a check needs, imported at the first check rather than with this module (the command line's
# start imports no game before it has a record) and kept here: the three import statements run again
# for every record cost each check some 4 µs (``from ... import`` goes through importlib each time).
_load_text: Any = None
_GAMES: Any = None
_check_sizes: Any = None  # only when the text's reader did not bound its parts (JSON, full YAML)


def check_text(text: str) -> Verdict:
    """Check a record given as YAML or JSON text; raises a :class:`RefereeError` if it cannot be used."""
    global _load_text
    if _load_text is None:
        from referee.records.source import load_text as _load_text

    return check_document(_load_text(text))


def check_document(doc: Any) -> Verdict:
    """Check a record already read (a :class:`referee.records.source.Document`)."""
    global _GAMES
    if _GAMES is None:
        from referee.games import GAMES as _GAMES

    GAMES = _GAMES
    slug = doc.data.get("game") if isinstance(doc.data, dict) else None
    if not isinstance(slug, str) or slug not in GAMES:
        raise RecordError(
            t("game must be one of {games}, not {value!r}.", games=sorted(GAMES), value=str(slug)),
            code="record.unknown_game",
            where=doc.where(("game",)),
        )
    game = GAMES[slug]
    try:
        largest = getattr(doc, "largest", None)
        if largest is None or largest > game.longest_list:
            # before any item is read: bounded work (unless the reader of the text found no part
            # that large, which spares a long record the walk)
            global _check_sizes
            if _check_sizes is None:
                from referee.records.bounds import check_sizes as _check_sizes
            _check_sizes(doc, game.longest_list, game.name)
        return game.check(doc)
    except RefereeError as error:
        error.game = slug  # the errors' rule ids are the game's (see :func:`errors_json`)
        raise


# ---------------------------------------------------------------------------------------------
# Output (the JSON of ``--json`` is :mod:`referee.present.verdict_json`)


def rule_note(rule: str | None, lang: str) -> str:
    """`` (rule G1-R17)`` after a finding or a problem that names a rule of the game; nothing otherwise."""
    return " " + render(t("(rule {rule})", rule=rule), lang) if rule else ""
