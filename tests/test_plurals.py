"""Every counted word in the referee's Russian and German agrees with its number (issue 38).

Two checks on ``locale/<lang>/LC_MESSAGES/referee.po``:

* every plural message (``msgid_plural``) is rendered through the compiled catalog, the way the
  referee and the browser's checker render it, with 0, 1, 2, 3, 5, 11, 21, 22, 25 and 111; the word
  the number counts must take the ending the table below expects for that number (Russian: 1 карта,
  2 карты, 5 карт, 11 карт, 21 карта, 111 карт; German: 1 Karte, 0 or 2 Karten);
* a message without plural forms must not count: its English does not put a count before a noun
  (``{n} cards``), and its translation does not put a number before a counted noun (``{n} карт``),
  unless the number is one the game fixes (a pack's size), listed in ``FIXED`` with the reason.
"""

from __future__ import annotations

import re
from functools import cache

import pytest
from babel.messages.pofile import read_po

from referee.messages import Message, render
from tests.conftest import ROOT

NUMBERS = (0, 1, 2, 3, 5, 11, 21, 22, 25, 111)


def russian_form(n: int) -> int:
    """0: one (1, 21, 101), 1: few (2–4, 22–24), 2: many (0, 5–20, 25–30, 111).

    >>> [russian_form(n) for n in NUMBERS]
    [2, 0, 1, 1, 2, 2, 0, 1, 2, 2]
    """
    if n % 10 == 1 and n % 100 != 11:
        return 0
    if 2 <= n % 10 <= 4 and not 12 <= n % 100 <= 14:
        return 1
    return 2


def german_form(n: int) -> int:
    """0: one (1), 1: other (0, 2, 21, …)."""
    return 0 if n == 1 else 1


FORM = {"ru": russian_form, "de": german_form}

# The counted word as the first form writes it (after the number) → its forms for the others.
# Russian: the case follows the sentence (nominative, accusative, genitive after «после»/«из»,
# dative after distributive «по»), so each case the catalog uses is a row.
RU_ENDINGS: dict[str, tuple[str, str]] = {
    "карта": ("карты", "карт"),
    "карту": ("карты", "карт"),
    "карты": ("карт", "карт"),
    "карте": ("карты", "карт"),
    "чёрная карта": ("чёрные карты", "чёрных карт"),
    "красная карта": ("красные карты", "красных карт"),
    "чёрную карту": ("чёрные карты", "чёрных карт"),
    "красную карту": ("красные карты", "красных карт"),
    "другая карта": ("другие карты", "других карт"),
    "выложенной карты": ("выложенных карт", "выложенных карт"),
    "купленная карта": ("купленные карты", "купленных карт"),
    "взятка": ("взятки", "взяток"),
    "взятку": ("взятки", "взяток"),
    "взятки": ("взяток", "взяток"),
    "очко": ("очка", "очков"),
    "очку": ("очка", "очков"),
    "очка": ("очков", "очков"),
    "штрафное очко": ("штрафных очка", "штрафных очков"),
    "сдача": ("сдачи", "сдач"),
    "сдачу": ("сдачи", "сдач"),
    "сдачи": ("сдач", "сдач"),
    "круга": ("кругов", "кругов"),
    "круг": ("круга", "кругов"),
    "хода": ("ходов", "ходов"),
    "ход": ("хода", "ходов"),
    "жетон": ("жетона", "жетонов"),
    "жетона": ("жетонов", "жетонов"),
    "единицу": ("единицы", "единиц"),
    "единице": ("единицы", "единиц"),
    "единица": ("единицы", "единиц"),
    "король": ("короля", "королей"),
    "ошибка": ("ошибки", "ошибок"),
    "пас": ("паса", "пасов"),
    "раз": ("раза", "раз"),
    "онёр": ("онёра", "онёров"),
    "онёра": ("онёров", "онёров"),
    "козырного онёра": ("козырных онёров", "козырных онёров"),
    "игрок": ("игрока", "игроков"),
    "игрока": ("игроков", "игроков"),
    "игроке": ("игроках", "игроках"),
    "достоинство": ("достоинства", "достоинств"),
    "достоинства": ("достоинств", "достоинств"),
    "малая фишка": ("малые фишки", "малых фишек"),
    "малую фишку": ("малые фишки", "малых фишек"),
    "фишка": ("фишки", "фишек"),
    "партия": ("партии", "партий"),
    "партии": ("партий", "партий"),
    "шаг": ("шага", "шагов"),
    "оговорённой сдачи": ("оговорённых сдач", "оговорённых сдач"),
    "сброшенной карты": ("сброшенных карт", "сброшенных карт"),
    "взятке": ("взятки", "взяток"),
    "оставшаяся": ("оставшиеся", "оставшихся"),  # «{n} карта, оставшаяся» is checked by «карта»
    "поле": ("поля", "полей"),
    "вложенное поле": ("вложенных поля", "вложенных полей"),
    "слово": ("слова", "слов"),
    "элемент": ("элемента", "элементов"),
}
# German: the singular → the plural forms the sentence may need (nominative/accusative, dative).
DE_ENDINGS: dict[str, tuple[str, ...]] = {
    "Karte": ("Karten",),
    "schwarze Karte": ("schwarze Karten",),
    "rote Karte": ("rote Karten",),
    "andere Karte": ("andere Karten",),
    "gekaufte Karte": ("gekaufte Karten",),
    "Stich": ("Stiche", "Stichen"),
    "Punkt": ("Punkte", "Punkten"),
    "Strafpunkt": ("Strafpunkte", "Strafpunkten"),
    "Auge": ("Augen",),
    "Runde": ("Runden",),
    "Marke": ("Marken",),
    "Einheit": ("Einheiten",),
    "König": ("Könige", "Königen"),
    "weiteres Problem": ("weitere Probleme",),
    "Spieler": ("Spieler", "Spielern"),
    "Rang": ("Ränge", "Rängen"),
    "Trumpf-Honneur": ("Trumpf-Honneurs",),
    "Honneur": ("Honneurs",),
    "Partie": ("Partien",),
    "Zug": ("Züge", "Zügen"),
    "Schritt": ("Schritte", "Schritten"),
    "kleinen Stein": ("kleine Steine",),
    "kleiner Stein": ("kleine Steine",),
    "Mal": ("Mal",),
    "gelegte Karte": ("gelegte Karten",),
    "aufgedeckte Karte": ("aufgedeckte Karten",),
    "vereinbarten Runde": ("vereinbarten Runden",),
    "abgelegten Karte": ("abgelegten Karten",),
    "abgelegte Karte": ("abgelegte Karten",),
    "Feld": ("Felder", "Feldern"),
    "Unterfeld": ("Unterfelder", "Unterfeldern"),
    "Wort": ("Wörter", "Wörtern"),
    "Eintrag": ("Einträge", "Einträgen"),
}
# Plural messages whose number chooses only a verb or a pronoun («Козыри {ranks} не попали»):
# no number is shown, so no counted word to check.
VERB_ONLY = {
    "The {ranks} of trumps is in nobody's tricks, so it was set aside; honours_set_aside must list it.",
    "With {players} players no card is set aside, so every trump honour is in somebody's tricks, "
    "but the {ranks} of trumps is in nobody's.",
    "plays {card} and steals the bundle of {players}",
    "{players} took the most cards ({most}) and loses.",
    "{player}'s trick ({suits}) is worth {value}.",
}

PLACEHOLDER = re.compile(r"\{(\w+)(?:![rsa])?\}")
# English nouns that a number counts.
COUNTED_EN = (
    r"(?:(?:black|red|other|small|penalty|card|bought|agreed|trump)\s+)?"
    r"(?:cards?|tricks?|points?|chips?|deals?|rounds?|games?|units?|players?|tokens?|honours?|"
    r"turns?|ranks?|kings?|times|moves?|steps?|plays?)\b"
)
COUNTED = {
    "ru": r"(?:\w+(?:ых|ые|ая|ую|ое|ый|ий|их)\s+)?"
    r"(?:карт|взят|взяток|очк|жетон|сдач|круг|партий|игрок|фиш|ход|единиц|онёр|достоинств|корол|раз\b|пас)",
    "de": r"(?:(?!ohne\b|keine\b)\w+(?:e|en|er|es)\s+)?"
    r"(?:Karte|Stich|Punkt|Marke|Runde|Partie|Spieler|Stein|Züg|Zug|Einheit|Honneur|Rang|Ränge|König|"
    r"Strafpunkt|-mal|mal\b)",
}

# The placeholders that hold a count (others hold a name, a card, a letter or a rendered phrase).
COUNT = (
    r"\{(?:n|count|size|k|d|total|limit|target|cards|points|dealt|stock|start|length|packets|"
    r"widow|taken|players|counts|penalty|trickless|left|one|limit_one|most|sides|corners|red|"
    r"black)\}"
)

# Messages whose count the game fixes, so the one form written is right for every value it takes;
# msgid → why. A count a record can change is never here.
_PACK = (
    "a pack's size (32, 36, 52 or more): never ends in 1, so «из {n} карт», „{n} Karten“ are right"
)
_PLAYERS = "a number of players (2 to 7): «при {n} игроках», „{n} Spieler“ are right for each"
_TWO = "two cards, always (the widow, the discard)"
FIXED: dict[str, str] = {
    "A card can stay on the table only when no table card has its rank, so two cards of one rank can be "
    "left only from the {n} cards laid out at the start; {cards} are too many.": "the four cards laid out",
    "A deal has at most {n} tricks: each needs two cards.": "half a pack (26 or more)",
    "A game is drawn only in a round whose draws empty the stock; with {n} players that is round {earliest} "
    "at the earliest, not {rounds}.": _PLAYERS,
    "A game is {n} deals, one for each dealer, but this record lists {count}; write each game in a record "
    "of its own.": "Réunion's four players, one deal each",
    "A record lists at most {limit} deals, not {n}; a game is far shorter (write a long match in several "
    "records).": "the referee's limit, 500",
    "A trick needs one card from each of the {n} players; this one has {cards}.": _PLAYERS,
    "As the old German rules, in units (of money or chips); the points only rank the players. A player who "
    "takes no trick pays {trickless} unit to each other player. A player whose left jack falls to the right "
    "jack pays {left} unit to the player who took it. At the end everyone pays the winner {one} unit with "
    "fewer than {limit_one} points, {two} with fewer than {limit_two}, {three} with fewer than {limit_three} "
    "and {four} with no points at all.": "Réunion's fixed scale: one unit each, limits 100 and more",
    "As the source: a player who takes no trick pays {penalty} points to each other player, and the highest "
    "total after the last deal wins.": "Réunion's fixed penalty, 15",
    "No deal gives these card points all at once: however the cards outside the discard are shared, each "
    "trick holding {n} cards, {points} cannot all be true with the tricks recorded.": "three cards a trick",
    "Over {n} games: {result}": "two games or more (one game has no sum)",
    "A record lists at most {limit} deals, not {n}. {tail}": "the deal cap (referee.limits, 500)",
    "A record lists at most {limit} deals; this one lists more. {tail}": "the deal cap (referee.limits, 500)",
    "Partnerships are played by {counts} players, not {n}.": _PLAYERS,
    "The bundles ({bundles}) and the cards left on the table ({table}) must add up to the {n} cards of the "
    "pack, not {total}.": _PACK,
    "The cards taken must add up to the {total} cards dealt, not {n}.": _PACK,
    "The dealer discards {n} cards, not {count}.": _TWO,
    "The hands and the cards set aside must be the {n} cards from 6 to ace, each once (missing: {missing}; "
    "not in this pack: {foreign}; twice: {doubled}).": _PACK,
    "The hands and the removed cards must make up the pack of {n} cards, each once (missing: {missing}; not "
    "in this pack: {foreign}; twice: {doubled}).": _PACK,
    "The hands and the stock must make up the pack of {n} cards, each once.": _PACK,
    "The hands and the widow must be the {n} cards from 7 to ace, each once (missing: {missing}; not in this "
    "pack: {foreign}; twice: {doubled}).": _PACK,
    "The hands and the widow must be the {n} cards of the pack, each once (missing: {missing}; not in this "
    "pack: {foreign}; twice: {doubled}).": _PACK,
    "The hands cannot hold more than {limit} cards (the four side cards never go back to a hand), but they "
    "hold {n}.": "Kings Corners' pack less the four sides (48)",
    "The hands must make up the pack of {n} cards (missing: {missing}; not in this pack: {foreign}).": _PACK,
    "The match of {n} deals is over; {pot} stays in the pot.": "Buy or Pass's four deals",
    "The stock holds {n} cards, not {count}.": "Buy or Pass's stock, a fixed size",
    "The stock holds {n} cards, so at most {n} are bought in a deal, not {k}.": "Buy or Pass's stock",
    "The stock must hold {stock} cards, {each} red and {each} black, not {n} with {reds} red.": (
        "Red and Black's stock, 50"
    ),
    "The turned card, {card}, went into the dealer's hand; it is the right jack, so when {player} played it, "
    "it won its trick: he took at least one trick, and {card} ({points} card points) with it.": (
        "a jack's card points, 2"
    ),
    "The widow is the {n} cards left over after the deal, the turned card first, not {count}.": _TWO,
    "The widow is {n} cards, not {count}.": _TWO,
    "This game is for {counts} players, but the record names {n}.": _PLAYERS,
    "Trumps: {suit}. Each player was dealt {dealt} cards.": "a hand of 6 to 13 cards",
    "Trumps: {suit}. Each player was dealt {dealt} cards; each side pools its tricks and was dealt {side} "
    "cards in all.": "a hand of 6 to 13 cards",
    "With kings_compulsory a player ends each turn with at most one king (the card he drew last), so a hand "
    "with more kings has had no turn and holds the {n} cards dealt.": "Kings Corners' hand of seven",
    "With {n} players every deal hands out the {points} points of the trump honours, so the scores before "
    "add up to 0 or to at least {points}, not {total}.": _PLAYERS,
    "a large token and {n} small tokens each": "Construction's six small tokens",
    "{n} card points or more": "Trump 7's 60",
    "{n} players": _PLAYERS,
    "{packets} cards at a time, clockwise: {n} each": "packets of three",
    "{players} players: {cards}": _PLAYERS,
    "{player} cannot take more than the {total} card points in the pack.": "a pack's 120 card points",
    "{player} led the first card of the deal, so holds at most {most} of the {size} cards dealt to him.": (
        "Comet's hand of 8 to 17 cards, in the genitive after «из»"
    ),
    "{sides} sides dealt face up beside the stock, {corners} corners for kings": "four each",
    "{widow} cards, the top one turned up for trumps; the dealer takes both and discards {discard}": _TWO,
    "No stock gives these counts: the turns alternate between needing red and black, so {d} discards leave "
    "{black} black and {red} red cards to be taken, each by a player whose turn needed the other colour.": (
        "three counts: the translations give them as labels; a 50-card stock never leaves one card"
    ),
    "{n} in every round of dealing": "packets of three or more",
    "lay one card face down; then take a card another player laid, or draw {n} from the stock": (
        "Collector draws two"
    ),
    "{n}, a full pack; suits never matter, only ranks": _PACK,
    "{player}: start {start}, goal {goal}; tricks {taken} of {total}: final number {start} + {taken} − {lost} "
    "= {final}; distance {distance}: {best} − {step} × {distance} = {points}.": "Yacht's 13 tricks",
    "{player}: start {start}, goal {goal}; tricks {taken} of {total}: final number {start} + {taken} − {lost} "
    "= {final}; distance {distance}: {best} − {step} × {distance} is below 0, so 0.": "Yacht's 13 tricks",
    "After round {rounds} a hand holds at most {most} (at the start {start}, then each round one card laid "
    "and at most two gained), not {n}.": "Collector's hand: 5 cards or more",
}


@cache
def catalog(lang: str):
    with open(ROOT / "locale" / lang / "LC_MESSAGES" / "referee.po", "rb") as fh:
        return read_po(fh, locale=lang)


def counted_placeholder(singular: str, plural: str) -> str | None:
    """The placeholder whose number the plural chooses: the one before the first word that changes.

    >>> counted_placeholder("{player} took {n} black card", "{player} took {n} black cards")
    'n'
    >>> counted_placeholder("{name} holds {size} card, not {n}.", "{name} holds {size} cards, not {n}.")
    'size'
    """
    one, other = singular.split(), plural.split()
    for i, (a, b) in enumerate(zip(one, other, strict=False)):
        if a != b:
            for word in reversed(one[:i]):
                if found := PLACEHOLDER.fullmatch(word.strip("(,:;.")):
                    return found[1]
            break
    names = PLACEHOLDER.findall(singular)
    return "n" if "n" in names else (names[0] if names else None)


def _plural_entries(lang: str) -> list:
    return [m for m in catalog(lang) if m.id and isinstance(m.id, tuple)]


def _counted_word(text: str, placeholder: str, lang: str) -> str | None:
    """The word (with an adjective before it, if the table has the pair) right after ``{placeholder}``."""
    found = re.search(r"\{" + placeholder + r"\}\s+([\w-]+)(?:\s+([\w-]+))?", text)
    if not found:
        return None
    table = RU_ENDINGS if lang == "ru" else DE_ENDINGS
    pair = f"{found[1]} {found[2]}" if found[2] else None
    if pair and any(pair == k or pair in v for k, v in _table_pairs(table)):
        return pair
    return found[1]


def _table_pairs(table: dict) -> list[tuple[str, tuple[str, ...]]]:
    return [(k, v if isinstance(v, tuple) else (v,)) for k, v in table.items()]


def _expected_forms(first: str, lang: str) -> tuple[tuple[str, ...], ...] | None:
    """The acceptable words per plural form (Russian: one each; German: the plural's cases)."""
    if lang == "ru":
        row = RU_ENDINGS.get(first)
        return ((first,), *((w,) for w in row)) if row else None
    other = DE_ENDINGS.get(first)
    return ((first,), other) if other else None


def _translated_count(forms: list[str], lang: str, guess: str) -> str:
    """The placeholder the translation counts: the English guess, else one followed by a known word."""
    if _expected_forms(_counted_word(forms[0], guess, lang) or "", lang):
        return guess
    for name in PLACEHOLDER.findall(forms[0]):
        if _expected_forms(_counted_word(forms[0], name, lang) or "", lang):
            return name
    return guess


def _fill(message: Message, counted: str, n: int) -> Message:
    params = {}
    for name in PLACEHOLDER.findall(message.msgid + " " + (message.plural or "")):
        params[name] = n if name == counted else "Ω"
    return Message(message.msgid, params, message.plural, n, message.context)


@pytest.mark.parametrize("lang", ["ru", "de"])
def test_every_plural_message_agrees_with_its_number(lang: str) -> None:
    problems = []
    entries = _plural_entries(lang)
    assert len(entries) > 80
    for entry in entries:
        singular, plural = entry.id
        if singular in VERB_ONLY:
            continue
        forms = list(entry.string)
        assert all(forms), f"untranslated: {singular!r}"
        counted = _translated_count(forms, lang, counted_placeholder(singular, plural) or "n")
        first = _counted_word(forms[0], counted, lang)
        expected = _expected_forms(first, lang) if first else None
        if expected is None:
            # A number that counts no word in the translation («стоят {n}»): every form the same.
            if len(set(forms)) > 1:
                problems.append(f"{singular!r}: add {first!r} ({lang}) to the table of endings")
            continue
        for n in NUMBERS:
            message = _fill(Message(singular, {}, plural, n, entry.context), counted, n)
            text = render(message, lang)
            word = re.search(rf"(?<![\d\w]){n}\s+([\w-]+(?:\s+[\w-]+)?)", text)
            want = expected[FORM[lang](n)]
            if not word or not (word[1] in want or word[1].split()[0] in want):
                problems.append(f"{singular!r} with {n}: {text!r}, expected {want!r}")
    assert not problems, f"{len(problems)} problems:\n" + "\n".join(problems)


def counting_without_plural(msgid: str, translation: str, lang: str) -> list[str]:
    """Where a message without plural forms counts a noun: in its English or in ``translation``.

    >>> counting_without_plural("Draw {n} cards.", "Возьмите карты.", "ru")
    ['{n} cards']
    >>> counting_without_plural("Stock: {n}.", "В колоде карт: {n}.", "ru")
    []
    >>> counting_without_plural("Take them.", "Возьмите {n} карт.", "ru")
    ['{n} карт']
    """
    found = [m[0] for m in re.finditer(COUNT + r"\s+" + COUNTED_EN, msgid)]
    found += [m[0] for m in re.finditer(COUNT + r"\s+" + COUNTED[lang], translation)]
    return found


@pytest.mark.parametrize("lang", ["ru", "de"])
def test_no_message_counts_without_plural_forms(lang: str) -> None:
    bad = []
    for entry in catalog(lang):
        if not entry.id or isinstance(entry.id, tuple) or entry.id in FIXED:
            continue
        if found := counting_without_plural(entry.id, entry.string, lang):
            bad.append(f"{entry.id!r}\n    {entry.string!r}: {found}")
    assert not bad, f"{len(bad)} messages count without plural forms:\n" + "\n".join(bad)


def test_fixed_counts_are_still_in_the_catalog() -> None:
    ids = {m.id for m in catalog("ru")}
    assert not [msgid for msgid in FIXED if msgid not in ids]


@pytest.mark.parametrize("lang", ["ru", "de"])
def test_the_catalog_declares_the_languages_plural_rule(lang: str) -> None:
    assert catalog(lang).num_plurals == {"ru": 3, "de": 2}[lang]
    one = "{n} card"
    for n in NUMBERS:
        assert (
            render(Message(one, {"n": n}, "{n} cards", n), lang).split()[1]
            == {
                "ru": ("карта", "карты", "карт"),
                "de": ("Karte", "Karten"),
            }[lang][FORM[lang](n)]
        )


def test_the_browser_renders_with_the_same_plural_forms() -> None:
    """The checker runs this package in Pyodide with the compiled catalogs in its bundle, so
    ``ngettext``/``npgettext`` choose the same forms there; each catalog's plural rule is in the ``.mo``."""
    import gettext

    from site_tools.published.checker_runtime import _bundle_files

    names = {name for name, _ in _bundle_files()}
    assert {
        "referee/messages.py",
        *(f"locale/{lang}/LC_MESSAGES/referee.mo" for lang in FORM),
    } <= names
    for lang in FORM:
        with open(ROOT / "locale" / lang / "LC_MESSAGES" / "referee.mo", "rb") as fh:
            compiled = gettext.GNUTranslations(fh)
        assert [
            compiled.ngettext("{n} card", "{n} cards", n).split()[1] for n in (1, 2, 5, 21)
        ] == {
            "ru": ["карта", "карты", "карт", "карта"],
            "de": ["Karte", "Karten", "Karten", "Karten"],
        }[lang]


@pytest.mark.parametrize("lang", ["ru", "de"])
def test_the_checkers_own_strings_count_nothing(lang: str) -> None:
    """The page's strings around the referee have no plural forms, so none may count a noun: a number
    there is a label's ("Player {n}", "{limit} MB")."""
    from site_tools.published.checker_strings import STRINGS

    bad = {
        key: found
        for key, text in STRINGS[lang].items()
        if (found := counting_without_plural(STRINGS["en"].get(key, ""), text, lang))
    }
    assert not bad
