"""The referee's sentences never need a player's gender or case (Russian) or how many players are named (German).

The referee knows a player only by the name written in the record, so a template cannot choose
«Анна вышла» or «Борис вышел», nor „Boris hat“ or „Boris und Vera haben“. Every Russian and German
message with a player parameter is filled in here with a woman's name (and a list of one or of two
names) and must contain none of the words that would agree with it: in Russian a masculine past
tense or short form, a personal pronoun or «который» standing for the player, a past tense or a
plural verb right next to the name; in German a masculine pronoun standing for the player and a
verb right next to a list of names. The names are of both genders, declinable and not, Russian and
foreign (Мария, Саша, Олег, Нгуен, Jean-Luc), and a name never stands where Russian would decline it:
after a preposition («у Мария», «к Олег») or a noun that governs it («очередь Мария»); the sentence
says «у игрока {player}», «{player}: …», «ходит {player}» instead (issue 38). Sides (Minnesota's
teams) and Korol's titles are names too.
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
        "actual",
        "black",
        "red",
        "side",
        "title",
        "name",
        "other",
        "claimed",
    }
)
PLAYER_LISTS = frozenset({"players", "names", "winners", "losers"})
NAMES = ("Мария", "Саша", "Олег", "Нгуен", "Jean-Luc")
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
    "символ",
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


# Messages whose {name} is not a person: a YAML alias («псевдоним … сам», „der Alias … er selbst“).
NOT_A_PERSON = {"The alias *{name} refers to the value it is part of (line {line})."}


def _messages(lang: str) -> list[tuple[str, list[str]]]:
    """(msgid, its translated forms) for every message with a player parameter."""
    with open(ROOT / "locale" / lang / "LC_MESSAGES" / "referee.po", "rb") as fh:
        catalog = read_po(fh, locale=lang)
    found = []
    for m in catalog:
        if not m.id or m.id in NOT_A_PERSON:
            continue
        ids = m.id if isinstance(m.id, tuple) else (m.id,)
        names = {p for i in ids for p, _ in PLACEHOLDER.findall(i)}
        if names & (PLAYER | PLAYER_LISTS):
            found.append((ids[0], list(m.string) if isinstance(m.string, tuple) else [m.string]))
    return found


def _is_count(msgid: str, name: str) -> bool:
    """Whether ``{name}`` holds a number of players here (``{players} players``), not names."""
    return re.search(r"\{" + name + r"\} players?\b", msgid) is not None


def _fill(msgid: str, text: str, lang: str, how_many: int, one: str | None = None) -> str:
    """``text`` with every player parameter a name (lists: ``how_many`` names) and the rest neutral."""

    def value(match: re.Match[str]) -> str:
        name = match[1]
        if name in PLAYER_LISTS and not _is_count(msgid, name):
            return AND[lang].join(LIST[lang][:how_many])
        if name in PLAYER:
            return one or NAME[lang]
        return "7"

    return PLACEHOLDER.sub(value, text)


# Russian words after which a name would have to be declined: prepositions, «очередь», «а не» (after
# «нужно игроку X, а не Y» Y is dative too).
RU_CASE_BEFORE = {
    "у",
    "к",
    "ко",
    "от",
    "для",
    "с",
    "со",
    "без",
    "за",
    "по",
    "о",
    "об",
    "на",
    "в",
    "во",
    "при",
    "про",
    "через",
    "после",
    "до",
    "перед",
    "между",
    "из",
    "над",
    "под",
    "очередь",
    "не",
}


def case_positions(msgid: str, text: str) -> list[str]:
    """Player placeholders that a Russian ``text`` puts where a name would need a case ending.

    >>> case_positions("{player} must hold 7.", "У {player} должно быть 7.")
    ['У {player}']
    >>> case_positions("{player} must hold 7.", "У игрока {player} на руке 7.")
    []
    >>> case_positions("with {players} players", "при {players} игроках")
    []
    """
    found = []
    for match in re.finditer(r"([\w]+)\s+\{(\w+)\}", text):
        word, name = match[1], match[2]
        is_name = name in PLAYER or (name in PLAYER_LISTS and not _is_count(msgid, name))
        if is_name and word.lower() in RU_CASE_BEFORE:
            found.append(match[0])
    return found


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
    found: list[str] = case_positions(msgid, text) if lang == "ru" else []
    for how_many, one in ((1, NAME[lang]), (2, NAME[lang]), *((1, name) for name in NAMES)):
        filled = _fill(msgid, text, lang, how_many, one)
        names = re.escape(AND[lang].join(LIST[lang][:how_many]))
        one = re.escape(one)
        # «Игрок {player} первым вышел»: the masculine agrees with «игрок», whoever the player is.
        with_noun = re.search(r"(?<!\w)игрок\s+\{\w+\}", text, re.IGNORECASE)
        if lang == "ru":
            if with_noun:
                continue
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


@pytest.mark.parametrize(
    "lang, field, player",
    [
        (
            "ru",
            "В поле sides 3 карты, а должно быть 4.",
            "На руке у игрока Мария 6 карт, а должно быть 7.",
        ),
        (
            "de",
            "Im Feld sides stehen 3 Karten, es müssen aber 4 sein.",
            "Мария hat 6 Karten auf der Hand",
        ),
    ],
)
def test_a_field_is_never_named_as_a_player(lang: str, field: str, player: str) -> None:
    """A short ``sides`` and a short hand: the field is called a field, the player a player (RU3-004)."""
    from referee.errors import RefereeError
    from referee.messages import render
    from referee.present.verdicts import check_text

    text = (ROOT / "examples" / "kings-corners" / "reversed-pile-move.yaml").read_text(
        encoding="utf-8"
    )
    text = text.replace("sides: 8♣ 9♥ 7♦ Q♥", "sides: 8♣ 9♥ 7♦")
    text = text.replace("Anna:  K♦ Q♠ J♥ 10♠ 7♥ 6♠ 5♥", "Anna:  K♦ Q♠ J♥ 10♠ 7♥ 6♠").replace(
        "Anna", "Мария"
    )
    with pytest.raises(RefereeError) as raised:
        check_text(text)
    said = "\n".join(
        render(e.message, lang) for e in getattr(raised.value, "errors", [raised.value])
    )
    assert field in said and player in said, said
