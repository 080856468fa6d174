"""Numbers from facts (issue 22): a rule's number in a page's prose is the referee's, never typed by hand.

A game page writes ``{{to_make}}`` where the Trump 7 declarer needs 60 card points. The macro names
one of the game's **facts**: the whole-number constants of its referee module in lower case
(``TO_MAKE = 60`` in ``referee/games/trump_seven.py``; a table of numbers gives one fact a key,
``default_quotas_king``; ``deck`` is the number of cards in play), the defaults of its whole-number options
(``target``) and the fewest and most players it is played by (``fewest_players``, ``most_players``).
The translations keep the macro as it is (it is part of the catalog entry, like a link's ``{1}``),
and the build replaces it in every language with the same digits (``site_tools/hooks/reading.py``,
``on_page_markdown``), so a segment renders to the same HTML in every language. A name the game does
not have stops the build.

``tests/test_numbers.py`` reads every number in the rules prose of the game pages, in three
languages, and fails on one that is neither a macro nor listed in ``locale/numbers.yaml`` as a
number that states no rule of the referee (a list's numbering, four suits, a year).
"""

from __future__ import annotations

import re
import sys
from functools import cache

MACRO = re.compile(r"\{\{\s*(?P<name>[a-z][a-z0-9_]*)\s*\}\}")


@cache
def game_facts(game: str) -> dict[str, int]:
    """The facts a page of ``game`` may name: its module's whole-number constants and option defaults.

    >>> facts = game_facts("trump-seven")
    >>> facts["to_make"], facts["total_points"], facts["hand_size"]
    (60, 100, 9)
    >>> game_facts("catch-the-ten")["target"], game_facts("korol")["default_quotas_king"], game_facts("korol")["deck"]
    (41, 9, 36)
    """
    from referee.games import GAMES

    # the game's module and, where a deal's numbers stand apart (referee/games/deals/), theirs:
    # the modules of the game class and of the classes it inherits within referee/games/
    modules = [
        sys.modules[cls.__module__]
        for cls in reversed(type(GAMES[game]).__mro__)
        if cls.__module__.startswith("referee.games.")
    ]
    names = {name: value for module in modules for name, value in vars(module).items()}
    facts: dict[str, int] = {}
    for name, value in names.items():
        if not name.isupper() or name.startswith("_"):
            continue
        if type(value) is int:
            facts[name.lower()] = value
        elif isinstance(value, dict) and value and all(type(v) is int for v in value.values()):
            # a table of numbers, one fact a key: DEFAULT_QUOTAS["king"] is {{default_quotas_king}}
            facts.update(
                {
                    f"{name.lower()}_{key}": v
                    for key, v in value.items()
                    if isinstance(key, (str, int))
                }
            )
    if isinstance(names.get("DECK"), tuple):
        facts["deck"] = len(names["DECK"])  # the cards in play: 36 for Korol, 52 for Comet
    facts.update(
        {
            option.name: option.default
            for option in GAMES[game].options
            if type(option.default) is int
        }
    )
    counts = GAMES[game].player_counts
    facts.update(fewest_players=min(counts), most_players=max(counts))
    return facts


class UnknownFact(KeyError):
    """A ``{{name}}`` macro that names no fact of the page's game."""


def expand(markdown: str, game: str) -> str:
    """``markdown`` with every fact macro replaced by its value.

    >>> expand("He needs {{to_make}} of the {{ total_points }} card points.", "trump-seven")
    'He needs 60 of the 100 card points.'
    >>> try:
    ...     expand("{{nothing}}", "trump-seven")
    ... except UnknownFact as error:
    ...     print(error)
    'trump-seven has no fact {{nothing}}'
    """
    facts = game_facts(game)

    def value(match: re.Match[str]) -> str:
        name = match["name"]
        if name not in facts:
            raise UnknownFact(f"{game} has no fact {{{{{name}}}}}")
        return str(facts[name])

    return MACRO.sub(value, markdown)


NUMBER_WORDS: dict[str, str] = {
    # "one" / «один» / "ein" are left out: they are as often an article or a pronoun as a number.
    "en": r"two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen|"
    r"seventeen|eighteen|nineteen|twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety|hundred|thousand|"
    r"twice|half",
    "ru": r"два|две|двух|двум|двумя|двое|двоих|три|тр[её]х|тр[её]м|тремя|трое|троих|четыре|четыр[её]х|"
    r"четыр[её]м|четырьмя|четверо|четверых|пять|пяти|пятью|шесть|шести|семь|семи|восемь|восьми|девять|"
    r"девяти|десять|десяти|одиннадцат\w*|двенадцат\w*|тринадцат\w*|четырнадцат\w*|пятнадцат\w*|"
    r"двадцат\w*|тридцат\w*|сорок\w*|пятьдесят|шестьдесят|сто|ста|тысяч\w*|дважды|половин\w*",
    # German numerals are written in lower case; a capitalised "Zehn" or "Sieben" is a card.
    "de": r"zwei|drei|vier|fünf|sechs|sieben|acht|neun|zehn|elf|zwölf|dreizehn|vierzehn|fünfzehn|sechzehn|"
    r"siebzehn|achtzehn|neunzehn|zwanzig|dreißig|vierzig|fünfzig|sechzig|hundert|tausend|zweimal|hälfte",
}
_LIST_MARKER = re.compile(r"(?m)^\s*\d+\.\s")
_NOT_TEXT = re.compile(
    r"(?ms)^(?P<indent>[ \t]*)(?P<fence>`{3,}|~{3,}).*?^(?P=indent)(?P=fence)[ \t]*$"
    r"|`[^`]*`|\]\([^)]*\)|\{#[^}]*\}|\{:[^}]*\}"
)
_CARD = re.compile(r"\b(?:10|[2-9])(?=[♠♥♦♣])")


def numbers_in(text: str, lang: str, allowed: list[str] = ()) -> list[str]:
    """Every number in ``text``'s prose (digits and number words) that is not a fact macro, a card,
    a list's numbering or part of one of the ``allowed`` phrases.

    >>> numbers_in("1. He needs {{to_make}} of 100 points, the 10♥ and three cards.", "en")
    ['100', 'three']
    >>> numbers_in("Три игрока, «Козырная семёрка».", "ru"), numbers_in("Die Zehn und drei Karten.", "de")
    (['Три'], ['drei'])
    >>> numbers_in("the other two", "en", ["the other two"])
    []
    """
    text = _NOT_TEXT.sub(" ", text)
    text = _LIST_MARKER.sub(" ", MACRO.sub(" ", text))
    text = _CARD.sub(" ", text)
    phrases = [r"\s+".join(re.escape(word) for word in phrase.split()) for phrase in allowed]
    spans = [
        m.span()
        for phrase in phrases
        for m in re.finditer(rf"(?<!\w){phrase}(?!\w)", text, re.IGNORECASE)
    ]
    flags = 0 if lang == "de" else re.IGNORECASE
    pattern = re.compile(
        rf"(?<![\w.,])(?:\d+(?:[.,]\d+)?|{NUMBER_WORDS.get(lang, NUMBER_WORDS['en'])})(?!\w)", flags
    )
    return [
        m.group(0)
        for m in pattern.finditer(text)
        if not any(start <= m.start() and m.end() <= end for start, end in spans)
    ]
