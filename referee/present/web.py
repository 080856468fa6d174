"""What the score checker page asks of the referee, in the browser (Pyodide) as on a server.

Every function takes and returns JSON text, so that the page's Web Worker passes strings only.
:func:`check` is the same code path as ``referee check --json --lang xx``: the same reading, the
same verdict object, the same exit status (0 valid, 1 a claim disagrees or a rule was broken,
2 the record cannot be used). :func:`parse` and :func:`dump` turn the text box into the form's
data and back, with PyYAML (pure Python in the browser).

>>> import json
>>> answer = json.loads(check("game: yacht\\nplayers: [A]\\n", "ru"))
>>> answer["status"], answer["result"]["usable"], answer["result"]["errors"][0]["where"]
(2, False, {'path': 'players', 'line': 2})
>>> json.loads(parse("players: [Anna, Boris]  # clockwise\\n", "en"))["data"]
{'players': ['Anna', 'Boris']}
>>> print(dump('{"game": "yacht", "players": ["Anna", "Boris"], "scores_before": {"Anna": 10}}'), end="")
game: yacht
players: [Anna, Boris]
scores_before: {Anna: 10}
"""

from __future__ import annotations

import base64
import datetime
import json
import math
from typing import Any

import yaml

from referee.errors import RecordErrors, RefereeError
from referee.present.explain import house_rules, sentences, termination
from referee.present.field_words import players_words
from referee.present.verdict_json import errors_json, verdict_json
from referee.present.verdicts import EXIT_UNUSABLE, check_text
from referee.records import source
from referee.records.lookalike import prototypes
from referee.records.source import load_text

# Unicode's confusables, read now: the worker's snapshot is made after this import, and at its first
# check the zip's files (the data among them) are not yet written (checker-worker.js).
prototypes()


def check(text: str, lang: str) -> str:
    """``{"status": <exit status>, "result": <the object referee check --json prints>, "explain": …}``.

    ``explain`` is what the page shows first (:mod:`referee.present.explain`): ``sentences``, one per disputed
    score or broken rule with its rule link; ``house_rules``, the single house-rule changes that
    would make the table right; ``order``, the players or sides in the record's order (a browser
    puts keys that look like numbers first in its objects); ``termination``, why the game ended or
    goes on, with money in the table's roubles and kopecks.
    """
    try:
        verdict = check_text(text)
    except RefereeError as exc:
        return _json(
            {
                "status": EXIT_UNUSABLE,
                "result": in_players_words(exc, lang),
                "explain": {"sentences": [], "house_rules": [], "order": [], "termination": None},
            }
        )
    status = verdict.exit_status
    explain = {
        "sentences": sentences(verdict, lang),
        "house_rules": house_rules(text, lang) if status else [],
        "order": list(verdict.totals),
        "termination": termination(verdict, lang),
    }
    return _json({"status": status, "result": verdict_json(verdict, lang), "explain": explain})


def decode(encoded: str, lang: str) -> str:
    """A record's bytes (base64) as text, read as ``referee check FILE`` reads a file; or why not.

    A shared link carries bytes: what is not UTF-8 gets the command line's error, never U+FFFD.

    >>> raw = base64.b64encode(b"game: yacht\\nplayers: [\\xff]\\n").decode()
    >>> json.loads(decode(raw, "en"))["errors"][0]["message"]
    'The record is not UTF-8 text: byte 23 (line 2) cannot be read.'
    >>> json.loads(decode(base64.b64encode("a: ♥".encode("utf-16")).decode(), "en"))
    {'ok': True, 'text': 'a: ♥'}
    """
    try:
        return _json({"ok": True, "text": source.decode(base64.b64decode(encoded, validate=True))})
    except RefereeError as exc:
        return _json({"ok": False, **errors_json(exc, lang)})


def in_players_words(error: RefereeError, lang: str) -> dict[str, Any]:
    """The errors of ``referee check --json``, each with the field it concerns, in the form's words.

    Every error keeps its ``path`` and ``line`` (the text view and the CLI's place), gains ``field``
    (the declared field's key, ``deals.taken.tricks``) and ``label`` (the field's label, with the
    player or side: ``Anna: Tricks``), and its ``message`` is said as the form says it
    (:mod:`referee.present.field_words`): no record path, record key or Python value.

    >>> [e] = in_players_words(check_error("game: yacht\\nplayers: [A, B, C]\\ndeals: [{}]\\n"), "en")["errors"][:1]
    >>> e["path"], e["field"], e["label"]
    ('deals[0].dealer', 'deals.dealer', 'Dealer')
    >>> e["message"]
    'Dealer is empty: write one of the players at the table (A, B and C).'
    """
    out = errors_json(error, lang)
    errors = error.errors if isinstance(error, RecordErrors) else [error]
    for item, err in zip(out["errors"], errors, strict=True):
        item.update(players_words(err, error.game, lang))
    return out


def check_error(text: str) -> RefereeError:
    """The error that makes ``text`` unusable (for the doctests)."""
    try:
        check_text(text)
    except RefereeError as exc:
        return exc
    raise ValueError("the record is usable")


def parse(text: str, lang: str) -> str:
    """The record's data for the form, or the reason the text cannot be read (with its line).

    Keys become strings and dates ISO text: the form shows what JSON can hold.
    """
    try:
        doc = load_text(text)
    except RefereeError as exc:
        return _json({"ok": False, **errors_json(exc, lang)})
    return _json({"ok": True, "data": _plain(doc.data)})


def dump(data: str) -> str:
    """The form's data as a YAML record: short lists and mappings of plain values on one line.

    PyYAML writes it and reads it back to the same data, quoting what would change type (``"10"``).
    """
    return yaml.safe_dump(
        json.loads(data), allow_unicode=True, sort_keys=False, default_flow_style=None, width=100
    )


def _plain(value: Any) -> Any:
    if isinstance(value, dict):
        return {str(k) if not isinstance(k, str) else k: _plain(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_plain(v) for v in value]
    if isinstance(value, (datetime.date, datetime.datetime)):
        return value.isoformat()
    if isinstance(value, float) and not math.isfinite(value):  # JSON has no .nan or .inf
        return str(value)
    if isinstance(value, bytes):
        return value.decode("utf-8", "replace")
    return value


def _json(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False)
