"""The referee's sentences never need a player's gender (Russian) or how many players are named (German).

The referee knows a player only by the name written in the record, so a template cannot choose
«Анна вышла» or «Борис вышел», nor „Boris hat“ or „Boris und Vera haben“. Every Russian and German
message with a player parameter is filled in here with a woman's name (and a list of one or of two
names) and must contain none of the words that would agree with it: in Russian a masculine past
tense or short form, a personal pronoun or «который» standing for the player, a past tense or a
plural verb right next to the name; in German a masculine pronoun standing for the player and a
verb right next to a list of names.
"""

from __future__ import annotations

import re

import pytest
from babel.messages.pofile import read_po

from tests.conftest import ROOT

# Parameters that hold a player's name; the second set holds a list of names (one or more).
PLAYER = frozenset(
    {
        "player",
        "seat",
        "leader",
        "dealer",
        "expected",
        "winner",
        "taker",
        "payer",
        "owner",
        "holder",
        "a",
        "b",
    }
)
PLAYER_LISTS = frozenset({"players", "names", "winners", "losers"})
NAME = {"ru": "Анна", "de": "Anna"}
LIST = {"ru": ["Вера", "Глеб"], "de": ["Vera", "Gleb"]}
AND = {"ru": " и ", "de": " und "}

# Russian: words that agree with the player whatever comes before them.
RU_WORDS = {
    "он",
    "него",
    "нему",
    "ним",
    "нём",
    "который",
    "которого",
    "которому",
    "которым",
    "сам",
    "сама",
    "должен",
    "должна",
    "обязан",
    "обязана",
    "назван",
    "названа",
    "первым",
    "последним",
    "готов",
    "вышел",
    "вышла",
    "вышли",
}
# A masculine past tense (-ал, -ил, …) agrees with the subject; these words only look like one.
RU_NOT_VERBS = {
    "правил",
    "пол",
    "стол",
    "угол",
    "титул",
    "ноль",
    "балл",
    "мел",
    "сигнал",
    "интервал",
    "материал",
    "ел",
}
RU_MASC_PAST = re.compile(r"(?<![\w-])([а-яё]+(?:ал|ял|ил|ел|ёл|ыл|ул|ол))(?![\w-])", re.IGNORECASE)
RU_PAST = r"[а-яё]+(?:ла|ли)"
RU_PLURAL = r"[а-яё]+(?:ли|ют|ут|ят|ат)"
DE_WORDS = {"er", "ihm", "ihn", "seine", "seinen", "seinem", "seiner", "seines"}
DE_VERBS = (
    "hat|haben|ist|sind|war|waren|wird|werden|teilt|teilen|fehlt|fehlen|gewinnt|gewinnen|verliert|verlieren|"
    "erreicht|erreichen|liegt|liegen|hält|halten|machte|machten|passte|passten|bekommt|bekommen|zahlt|"
    "zahlen|muss|müssen|darf|dürfen|kann|können|spielt|spielen|hatte|hatten"
)
PLACEHOLDER = re.compile(r"\{(\w+)(![rsa])?\}")


def _messages(lang: str) -> list[tuple[str, list[str]]]:
    """(msgid, its translated forms) for every message with a player parameter."""
    with open(ROOT / "locale" / lang / "LC_MESSAGES" / "referee.po", "rb") as fh:
        catalog = read_po(fh, locale=lang)
    found = []
    for m in catalog:
        if not m.id:
            continue
        ids = m.id if isinstance(m.id, tuple) else (m.id,)
        names = {p for i in ids for p, _ in PLACEHOLDER.findall(i)}
        if names & (PLAYER | PLAYER_LISTS):
            found.append((ids[0], list(m.string) if isinstance(m.string, tuple) else [m.string]))
    return found


def _fill(msgid: str, text: str, lang: str, how_many: int) -> str:
    """``text`` with every player parameter a name (lists: ``how_many`` names) and the rest neutral."""

    def value(match: re.Match[str]) -> str:
        name = match[1]
        if name in PLAYER_LISTS and not re.search(r"\{" + name + r"\} players?\b", msgid):
            return AND[lang].join(LIST[lang][:how_many])
        if name in PLAYER:
            return NAME[lang]
        return "7"

    return PLACEHOLDER.sub(value, text)


def agreement_problems(msgid: str, text: str, lang: str) -> list[str]:
    """Words in the filled-in ``text`` that agree with a player's gender or with the number of names.

    >>> agreement_problems("{player} went out.", "{player} вышел.", "ru")
    ['вышел']
    >>> agreement_problems("{player} went out.", "Из игры выходит: {player}.", "ru")
    []
    >>> agreement_problems("{names} lost.", "{names} haben verloren.", "de")
    ['Vera haben', 'Vera und Gleb haben']
    >>> agreement_problems("{names} lost.", "Verloren: {names}.", "de")
    []
    """
    found: list[str] = []
    for how_many in (1, 2):
        filled = _fill(msgid, text, lang, how_many)
        names = re.escape(AND[lang].join(LIST[lang][:how_many]))
        one = NAME[lang]
        if lang == "ru":
            words = re.findall(r"[а-яё]+", filled, re.IGNORECASE)
            found += [w for w in words if w.lower() in RU_WORDS]
            found += [w for w in RU_MASC_PAST.findall(filled) if w.lower() not in RU_NOT_VERBS]
            found += re.findall(
                rf"\b{one}\s+{RU_PAST}\b|\b{RU_PAST}\s+(?:игрок\w*\s+)?{one}\b",
                filled,
                re.IGNORECASE,
            )
            found += re.findall(
                rf"\b{names}\s+{RU_PLURAL}\b|\b{RU_PLURAL}\s+(?:игрок\w*\s+)?{names}\b",
                filled,
                re.IGNORECASE,
            )
        else:
            found += [w for w in re.findall(r"\w+", filled) if w.lower() in DE_WORDS]
            found += re.findall(
                rf"\b{names}\s+(?:{DE_VERBS})\b|\b(?:{DE_VERBS})\s+{names}\b", filled
            )
    return sorted(set(found))


@pytest.mark.parametrize("lang", ["ru", "de"])
def test_no_message_agrees_with_a_player(lang: str) -> None:
    messages = _messages(lang)
    assert len(messages) > 150
    bad = [
        f"{msgid!r}\n    {text!r}: {problems}"
        for msgid, forms in messages
        for text in forms
        if (problems := agreement_problems(msgid, text, lang))
    ]
    assert not bad, f"{len(bad)} messages agree with a player's name:\n" + "\n".join(bad)
