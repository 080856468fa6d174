"""Numbers written in Russian and German words, for the translation check (:mod:`site_tools.safety`).

A translation that says "each player gets seven cards" where the English says nothing of the kind
tells a reader a rule the game does not have (robustness round 3, #5: «сдают по семь»). The check
compares the numbers a translation writes, in digits or in words, with those of the English.

Only three and above are read: "one", "a", "both", "first" and "second" are words of everyday
speech in both languages (Russian «одна карта» for English "a card"), so counting them would refuse
good translations; the numbers that change a rule (how many cards, points, deals) are larger.
Each word is matched whole, in every case ending Russian gives it, so «пятно» is no «пять».

>>> sorted(number_words("Каждый получает по семь карт, седьмая взятка, тридцать два очка"), key=int)
['7', '30']
>>> sorted(number_words("Jeder bekommt sieben Karten; der dritte Stich; zweiunddreißig Karten"), key=int)
['3', '7', '32']
>>> number_words("Achten Sie auf die Pause; das пятно; eine Zehn"), number_words("Тридцать")
(set(), {'30'})
"""

from __future__ import annotations

import re

_ADJ_Y = "ый ая ое ого ой ому ым ом ую ые ых ыми".split()  # пятый
_ADJ_O = "ой ая ое ого ому ым ом ую ые ых ыми".split()  # шестой
_SOFT = "ий ья ье ьего ьей ьему ьим ьем ью ьи ьих ьими".split()  # третий


def _russian() -> dict[str, int]:
    words: dict[str, int] = {}

    def add(value: int, *forms: str) -> None:
        for form in forms:
            words[form] = value
            words[form.replace("ё", "е")] = value

    def ordinal(value: int, stem: str, endings: list[str]) -> None:
        add(value, *(stem + e for e in endings))

    add(3, "три", "трёх", "трём", "тремя", "трое", "троих", "троим", "троими")
    ordinal(3, "трет", _SOFT)
    add(4, "четыре", "четырёх", "четырём", "четырьмя", "четверо", "четверых", "четверым")
    ordinal(4, "четвёрт", _ADJ_Y)
    for value, stem in ((5, "пят"), (9, "девят"), (10, "десят")):
        add(value, stem + "ь", stem + "и", stem + "ью")
        ordinal(value, stem, _ADJ_Y)
    add(6, "шесть", "шести", "шестью")
    ordinal(6, "шест", _ADJ_O)
    add(7, "семь", "семи")
    ordinal(7, "седьм", _ADJ_O)
    add(8, "восемь", "восьми", "восемью", "восьмью")
    ordinal(8, "восьм", _ADJ_O)
    teens = ("одиннадцат", "двенадцат", "тринадцат", "четырнадцат", "пятнадцат", "шестнадцат")
    teens += ("семнадцат", "восемнадцат", "девятнадцат", "двадцат", "тридцат")
    for value, stem in zip((*range(11, 21), 30), teens, strict=True):
        add(value, stem + "ь", stem + "и", stem + "ью")
        ordinal(value, stem, _ADJ_Y)
    add(40, "сорок", "сорока")
    ordinal(40, "сороков", _ADJ_O)
    for value, cardinal, oblique in (
        (50, "пятьдесят", "пятидесят"),
        (60, "шестьдесят", "шестидесят"),
        (70, "семьдесят", "семидесят"),
        (80, "восемьдесят", "восьмидесят"),
    ):
        add(value, cardinal, oblique + "и")
        ordinal(value, oblique, _ADJ_Y)
    add(90, "девяносто", "девяноста")
    ordinal(90, "девяност", _ADJ_Y)
    add(100, "сто", "ста", "сотня", "сотни", "сотню")
    ordinal(100, "сот", _ADJ_Y)
    add(1000, "тысяча", "тысячи", "тысячу", "тысяч", "тысячей", "тысячам", "тысячами")
    return words


def _german() -> dict[str, int]:
    units = {"drei": 3, "vier": 4, "fünf": 5, "sechs": 6, "sieben": 7, "acht": 8, "neun": 9}
    small = {"ein": 1, "zwei": 2, **units}
    words: dict[str, int] = dict(units)
    words.update({"zehn": 10, "elf": 11, "zwölf": 12, "hundert": 100, "tausend": 1000})
    teens = {"dreizehn": 13, "vierzehn": 14, "fünfzehn": 15, "sechzehn": 16, "siebzehn": 17}
    teens |= {"achtzehn": 18, "neunzehn": 19}
    words.update(teens)
    tens = {"zwanzig": 20, "dreißig": 30, "vierzig": 40, "fünfzig": 50, "sechzig": 60}
    tens |= {"siebzig": 70, "achtzig": 80, "neunzig": 90}
    words.update(tens)
    for ten, value in tens.items():
        for unit, u in small.items():
            words[f"{unit}und{ten}"] = value + u
    ordinals = {"dritt": 3, "viert": 4, "fünft": 5, "sechst": 6, "siebt": 7, "siebent": 7}
    ordinals |= {"neunt": 9, "zehnt": 10, "elft": 11, "zwölft": 12, "hundertst": 100}
    ordinals |= {f"{w}t": v for w, v in teens.items()}
    ordinals |= {f"{w}st": v for w, v in words.items() if v >= 20 and w.endswith("zig")}
    for stem, value in ordinals.items():
        for ending in ("e", "er", "es", "em", "en"):
            words[stem + ending] = value
    # "achte", "achter", "achtes", "achtem" (the eighth); not "achten" (to heed), nor "Acht" (heed).
    for form in ("achte", "achter", "achtes", "achtem"):
        words[form] = 8
    return words


RUSSIAN: dict[str, int] = _russian()
WORDS: dict[str, int] = {**RUSSIAN, **_german()}
_WORD = re.compile(r"[^\W\d_]+")


def number_words(text: str) -> set[str]:
    """The numbers of three and above that ``text`` writes in Russian or German words, as digits.

    A German number word written with a capital is a noun, the name of a card («die Neun», «eine
    Zehn»), and is not counted; a Russian one is counted wherever it stands.
    """
    found = set()
    for word in _WORD.findall(text):
        lower = word.lower()
        value = WORDS.get(lower)
        if value is not None and (word == lower or lower in RUSSIAN):
            found.add(str(value))
    return found
