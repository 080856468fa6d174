"""The score checker's words for a record that cannot be used: each error beside its field, in the field's words.

The command line names the place of an error by its record path (``deals[0].taken.Anna.tricks``),
which a record's author reads. The checker's reader fills in a form and never sees a path: each
error carries the field's key (:func:`field_at` finds the declared field a path names, and the
player or side it is about), the field's label stands where the message had the path, and a
message that would still show a record path, a record key or a Python value (``None``, ``true``)
is said instead with the field's question and what to enter (:func:`fallback`).

>>> words = players_words(RecordError(t("{field} is missing.", field="dealer"), code="record.missing_field",
...     where=Where("deals[0].dealer")), "yacht", "en")
>>> words["field"], words["label"], words["message"]
('deals.dealer', 'Dealer', 'Dealer is missing.')
>>> players_words(RecordError(t("thrown_in must be true or false, not {value!r}.", value="x"),
...     code="record.shape", where=Where("deals[0].thrown_in")), "trump-seven", "de")["message"]
'Zusammengeworfen: niemand hat gespielt. Wählen Sie eine der angebotenen Antworten.'
"""

from __future__ import annotations

import re
from functools import cache
from typing import Any

from referee.errors import RecordError, RefereeError, Where, format_path  # noqa: F401 (doctest)
from referee.messages import Message, render, t

# What a reader of the form never reads: a record path, a Python or YAML value, an exit status.
JARGON = re.compile(
    r"\w\[\d+\]|\b(?:None|True|False|true|false|null)\b|exit status|Exit-Status|код возврата"
    r"|\b[a-z]+_[a-z_]+\b"  # a record's word (a key or a value: not_counted)
)
# Keys every record has (the rest come from the game's declaration).
COMMON_KEYS = ("game", "players", "deals", "options", "notation", "teams", "hands", "tricks")


def split_path(path: str) -> list[str | int]:
    """``deals[0].taken.Anna.tricks`` → ``['deals', 0, 'taken', 'Anna', 'tricks']``.

    >>> split_path("deals[12].claim.Anna"), split_path("players[1]"), split_path("")
    (['deals', 12, 'claim', 'Anna'], ['players', 1], [])
    """
    parts: list[str | int] = []
    for index, name in re.findall(r"\[(\d+)\]|([^.\[\]]+)", path or ""):
        parts.append(int(index) if index else name)
    return parts


@cache
def declaration(slug: str, lang: str) -> dict[str, Any] | None:
    """The game's record declaration as the form has it (labels and questions in ``lang``)."""
    from referee.games import GAMES
    from referee.records.schema import describe

    game = GAMES.get(slug)
    return describe(game, lang) if game is not None else None


def _inner_fields(kind_of: dict[str, Any], decl: dict[str, Any]) -> list[dict[str, Any]]:
    kind = kind_of["kind"]
    if kind == "deals":
        return list((decl["deals"].get("summary") or {}).get("fields", []))
    if kind == "object":
        return list(kind_of["fields"])
    if kind == "one_of":
        obj = next((x for x in kind_of["types"] if x["kind"] == "object"), None)
        return list(obj["fields"]) if obj else []
    if kind == "options":
        return [
            {"name": o["name"], "label": o["label"], "question": None, "type": {"kind": "option"}}
            for o in kind_of["options"]
        ]
    return []


def field_at(
    decl: dict[str, Any], parts: list[str | int]
) -> tuple[dict[str, Any] | None, str | None, str]:
    """The declared field a path names (the deepest one), the player or side it is about, and its key.

    The key is the path without deal numbers and names (``deals.taken.tricks``).

    >>> decl = declaration("reunion", "en")
    >>> field, who, key = field_at(decl, split_path("deals[0].taken.Anna.tricks"))
    >>> field["label"], who, key
    ('Tricks', 'Anna', 'deals.taken.tricks')
    >>> field_at(decl, split_path("deals[0].nonsense"))[0]["name"]
    'deals'
    """
    fields = list(decl["record"])
    found: dict[str, Any] | None = None
    who: str | None = None
    keys: list[str] = []
    i = 0
    while i < len(parts):
        part = parts[i]
        i += 1
        if isinstance(part, int):
            continue
        field = next((f for f in fields if f["name"] == part), None)
        if field is None:
            break
        found = field
        keys.append(part)
        kind_of = field["type"]
        while kind_of["kind"] in ("per_player", "per_side"):
            if i < len(parts) and not isinstance(parts[i], int):
                who = str(parts[i])
                i += 1
            kind_of = kind_of["value"]
        fields = _inner_fields(kind_of, decl)
    return found, who, ".".join(keys)


def _names(decl: dict[str, Any]) -> set[str]:
    """Every key the game's records use."""
    out = set(COMMON_KEYS)

    def visit(fields: list[dict[str, Any]]) -> None:
        for f in fields:
            out.add(f["name"])
            kind_of = f.get("type", {})
            while kind_of.get("kind") in ("per_player", "per_side"):
                kind_of = kind_of["value"]
            if kind_of.get("kind") in ("object", "one_of", "options", "deals"):
                visit(_inner_fields(kind_of, decl))

    visit(decl["record"])
    return out


def speaks_record(text: str, decl: dict[str, Any] | None, lang: str) -> bool:
    """Whether ``text`` shows a record path, a record key or a Python value.

    >>> decl = declaration("collector", "ru")
    >>> speaks_record("Краткая запись называет победителя (winner).", decl, "ru")
    True
    >>> speaks_record("Поле black не заполнено.", declaration("construction", "ru"), "ru")
    True
    >>> speaks_record("The winner took 7 tricks.", declaration("collector", "en"), "en")
    False
    """
    if JARGON.search(text):
        return True
    for name in _names(decl) if decl else COMMON_KEYS:
        quoted = re.search(rf"[(«'\"`]{re.escape(name)}[)»'\"`:]", text)
        bare = re.search(rf"(?<![\w-]){re.escape(name)}(?![\w-])", text)
        if quoted or ("_" in name and bare) or (lang != "en" and bare):
            return True
    return False


def label_of(field: dict[str, Any] | None, who: str | None) -> str | None:
    """The field's label as the form shows it: ``Anna: Tricks`` for a player's entry."""
    if field is None or not field.get("label"):
        return None
    return f"{who}: {field['label']}" if who else str(field["label"])


def _humanized(
    message: Message, path: str, decl: dict[str, Any] | None, label: str | None
) -> Message:
    """The message with the record's words among its values said as the form says them."""
    if not message.params or decl is None:
        return message
    parts = split_path(path)
    keys = _names(decl)
    params: dict[str, Any] = {}
    for name, value in message.params.items():
        if isinstance(value, str) and label and (value == path or (parts and value == parts[-1])):
            value = label
        elif isinstance(value, str) and value in keys:
            field = field_at(decl, [*parts[:2], value])[0] if parts else None
            field = field if field and field["name"] == value else _find(decl, value)
            value = label_of(field, None) or value
        params[name] = value
    return message.replace(params=params)


def _find(decl: dict[str, Any], name: str) -> dict[str, Any] | None:
    fields = [*decl["record"], *((decl["deals"].get("summary") or {}).get("fields", []))]
    return next((f for f in fields if f["name"] == name), None)


def expectation(kind_of: dict[str, Any]) -> Message:
    """What to enter in a field of this type, in a few words."""
    while kind_of["kind"] in ("per_player", "per_side"):
        kind_of = kind_of["value"]
    if (
        kind_of["kind"] == "one_of"
    ):  # a count, or yes or no (Réunion's tricks): the form asks the count
        kind_of = next((x for x in kind_of["types"] if x["kind"] == "integer"), kind_of)
    kind = kind_of["kind"]
    if (
        kind == "integer"
        and kind_of.get("minimum") is not None
        and kind_of.get("maximum") is not None
    ):
        return t(
            "Enter a whole number from {minimum} to {maximum}.",
            minimum=kind_of["minimum"],
            maximum=kind_of["maximum"],
        )
    if kind == "integer" and kind_of.get("minimum") is not None:
        return t("Enter a whole number of at least {minimum}.", minimum=kind_of["minimum"])
    if kind == "integer":
        return t("Enter a whole number.")
    if kind == "player":
        return t("Choose one of the players.")
    if kind in ("suit",):
        return t("Choose a suit.")
    if kind in ("card", "cards", "rank") or (
        kind == "list" and kind_of["item"]["kind"] in ("card", "rank", "suit")
    ):
        return t("Enter the cards as the table saw them.")
    if kind in ("boolean", "choice", "one_of", "option"):
        return t("Choose one of the answers offered.")
    return t("Correct this entry.")


def fallback(field: dict[str, Any] | None, who: str | None, line: int | None, lang: str) -> str:
    """The error said with the field's question (or label) and what to enter, when its own words speak the record.

    >>> fallback(field_at(declaration("reunion", "ru"), ["deals", 0, "taken", "Аня", "tricks"])[0], "Аня", 7, "ru")
    'Аня: Взятки. Введите целое число от 0 до 10.'
    """
    if field is None or (
        field["name"] in ("deals", "players") and field["type"]["kind"] != "player"
    ):
        if line is not None:
            return render(
                t(
                    "This entry cannot be used as it is; the text view shows it at line {line}.",
                    line=line,
                ),
                lang,
            )
        return render(
            t("This entry cannot be used as it is; the text view shows the record."), lang
        )
    ask = str(field.get("question") or f"{field.get('label') or ''}.")
    return f"{who + ': ' if who else ''}{ask} {render(expectation(field['type']), lang)}"


def players_words(error: RefereeError, slug: str | None, lang: str) -> dict[str, Any]:
    """``{field, label, message}``: the error's field key, the field's label, the message in the players' words."""
    decl = declaration(slug, lang) if slug else None
    path = error.where.path or ""
    field, who, key = field_at(decl, split_path(path)) if decl and path else (None, None, "")
    label = label_of(field, who)
    text = render(_humanized(error.message, path, decl, label), lang)
    if speaks_record(text, decl, lang):
        text = fallback(field, who, error.where.line, lang)
    return {"field": key or None, "label": label, "message": text}
