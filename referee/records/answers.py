"""Yes or pass: the words in which a record writes a player's answer in an auction (Trump 7's).

A record may write an answer as ``yes`` or ``pass``, as a synonym in any of the notations' languages,
in any case, or as a YAML truth value (a bare ``yes`` or ``no`` is read as one). :data:`ANSWER`
declares them for the record's documentation, schema and form (:mod:`referee.records.fields`), and
:func:`read_answer` reads them; the two are one list of words.

>>> read_answer(True), read_answer("pass"), read_answer("Да"), read_answer(3)
(True, False, True, None)
"""

from __future__ import annotations

from typing import Any

from referee.messages import t
from referee.records.field_types import Boolean, Choice, OneOf

YES_WORDS = frozenset({"yes", "y", "да", "ja"})
PASS_WORDS = frozenset({"pass", "no", "n", "пас", "нет", "passe", "nein"})
ANSWER = OneOf(
    (
        Boolean(),
        Choice(
            ("yes", "pass"),
            synonyms=tuple(sorted(YES_WORDS - {"yes"}) + sorted(PASS_WORDS - {"pass"})),
            ignore_case=True,
            labels={"yes": t("yes"), "pass": t("pass")},
        ),
    )
)
"""One answer as a record declares it: the words :func:`read_answer` reads."""


def read_answer(value: Any) -> bool | None:
    """An auction answer: True for yes, False for pass, None if it is neither.

    YAML reads a bare ``yes`` or ``no`` as a boolean; both spellings are accepted.
    """
    if isinstance(value, bool):
        return value
    if isinstance(value, str):
        word = value.strip().lower()
        if word in YES_WORDS:
            return True
        if word in PASS_WORDS:
            return False
    return None
