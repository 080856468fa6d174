"""Reading and writing cards in English, Russian and German notation.

A record declares its notation (``en`` by default). Within it, cards are read leniently; suit
signs (♠ ♥ ♦ ♣, also the white forms and emoji) and the digits 2–10 work in every notation.
Look-alike letters from the other alphabet (Cyrillic Т is the Russian ace, Latin T the English
ten) are never guessed: they are an error that says what the letter means where.

>>> str(parse_card("10♥")), str(parse_card("Th")), str(parse_card("10h")), str(parse_card("qs"))
('10♥', '10♥', '10♥', 'Q♠')
>>> str(parse_card("Тп", "ru")), str(parse_card("10ч", "ru")), str(parse_card("Вт", "ru"))
('A♠', '10♥', 'J♣')
>>> str(parse_card("Herz 10", "de")), str(parse_card("Kreuz B", "de")), str(parse_card("D♦", "de"))
('10♥', 'J♣', 'Q♦')
>>> parse_card("Тп")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
referee.errors.NotationError: 'Тп' has the Cyrillic letter 'Т', but this record's notation is English (en)...
>>> format_card(parse_card("AS"), "ru"), format_card(parse_card("JC"), "de")
('Тп', 'Kreuz B')

The Joker is written as a word in each notation (or 🃏 in any):

>>> parse_card("Joker") is parse_card("Джокер", "ru") is parse_card("🃏", "de") is JOKER
True
>>> format_card(JOKER, "ru")
'Джокер'
"""

from __future__ import annotations

import re
import unicodedata
from typing import TypeVar

from referee.cards import JOKER, Card, Rank, Suit
from referee.errors import NotationError
from referee.messages import N_, t, tc

T = TypeVar("T", Suit, Rank)

NOTATIONS: tuple[str, ...] = ("en", "ru", "de")
# "in {notation_name} notation": Russian and German decline the name, so it has its own context.
NOTATION_NAMES = {
    "en": tc("notation name in a sentence", "English"),
    "ru": tc("notation name in a sentence", "Russian"),
    "de": tc("notation name in a sentence", "German"),
}

_SYMBOL_SUITS = {
    "♠": Suit.SPADES,
    "♤": Suit.SPADES,
    "♥": Suit.HEARTS,
    "♡": Suit.HEARTS,
    "♦": Suit.DIAMONDS,
    "♢": Suit.DIAMONDS,
    "♣": Suit.CLUBS,
    "♧": Suit.CLUBS,
}
_DIGIT_RANKS = {str(r): Rank(r) for r in range(2, 11)}

_RANKS: dict[str, dict[str, Rank]] = {
    "en": {"T": Rank.TEN, "J": Rank.JACK, "Q": Rank.QUEEN, "K": Rank.KING, "A": Rank.ACE},
    "ru": {"В": Rank.JACK, "Д": Rank.QUEEN, "К": Rank.KING, "Т": Rank.ACE},
    "de": {"B": Rank.JACK, "D": Rank.QUEEN, "K": Rank.KING, "A": Rank.ACE},
}
_RANK_WORDS: dict[str, dict[str, Rank]] = {
    "en": {
        "jack": Rank.JACK,
        "queen": Rank.QUEEN,
        "king": Rank.KING,
        "ace": Rank.ACE,
        "ten": Rank.TEN,
    },
    "ru": {
        "валет": Rank.JACK,
        "дама": Rank.QUEEN,
        "король": Rank.KING,
        "туз": Rank.ACE,
        "десятка": Rank.TEN,
    },
    "de": {
        "bube": Rank.JACK,
        "dame": Rank.QUEEN,
        "könig": Rank.KING,
        "ass": Rank.ACE,
        "as": Rank.ACE,
        "zehn": Rank.TEN,
    },
}
_SUITS: dict[str, dict[str, Suit]] = {
    "en": {"S": Suit.SPADES, "H": Suit.HEARTS, "D": Suit.DIAMONDS, "C": Suit.CLUBS},
    "ru": {"п": Suit.SPADES, "ч": Suit.HEARTS, "б": Suit.DIAMONDS, "т": Suit.CLUBS},
    "de": {},
}
_SUIT_WORDS: dict[str, dict[str, Suit]] = {
    "en": {
        "spades": Suit.SPADES,
        "hearts": Suit.HEARTS,
        "diamonds": Suit.DIAMONDS,
        "clubs": Suit.CLUBS,
    },
    "ru": {
        "пики": Suit.SPADES,
        "черви": Suit.HEARTS,
        "червы": Suit.HEARTS,
        "бубны": Suit.DIAMONDS,
        "трефы": Suit.CLUBS,
        "крести": Suit.CLUBS,
    },
    "de": {"pik": Suit.SPADES, "herz": Suit.HEARTS, "karo": Suit.DIAMONDS, "kreuz": Suit.CLUBS},
}
_WRITE_SUIT = {
    "en": {s: s.symbol for s in Suit},
    "ru": {Suit.SPADES: "п", Suit.HEARTS: "ч", Suit.DIAMONDS: "б", Suit.CLUBS: "т"},
    "de": {Suit.SPADES: "Pik", Suit.HEARTS: "Herz", Suit.DIAMONDS: "Karo", Suit.CLUBS: "Kreuz"},
}
_JOKER_WORDS: dict[str, set[str]] = {
    "en": {"joker", "jkr", "jk"},
    "ru": {"джокер", "дж"},
    "de": {"joker"},
}
_WRITE_JOKER = {"en": "Joker", "ru": "Джокер", "de": "Joker"}
_WRITE_RANK = {
    lang: {r: k for k, r in table.items() if r is not Rank.TEN} for lang, table in _RANKS.items()
}


def _clean(token: object) -> str:
    text = str(token).strip().replace("\ufe0f", "").replace("\ufe0e", "")
    return unicodedata.normalize("NFC", text)


def _script(ch: str) -> str | None:
    if not ch.isalpha():
        return None
    name = unicodedata.name(ch, "")
    if name.startswith("CYRILLIC"):
        return "cyrillic"
    if name.startswith("LATIN"):
        return "latin"
    return None


def _check_script(text: str, notation: str, what: str) -> None:
    expected = "cyrillic" if notation == "ru" else "latin"
    for ch in text:
        script = _script(ch)
        if script and script != expected:
            key = (
                "notation.cyrillic_in_latin"
                if expected == "latin"
                else "notation.latin_in_cyrillic"
            )
            if expected == "latin":
                msg = t(
                    "{token!r} has the Cyrillic letter {letter!r}, but this record's notation is "
                    "{notation_name} ({notation}). Write the {what} with Latin letters, or declare "
                    "notation: ru.",
                    token=text,
                    letter=ch,
                    notation_name=NOTATION_NAMES[notation],
                    notation=notation,
                    what=t(what),
                )
            else:
                msg = t(
                    "{token!r} has the Latin letter {letter!r}, but this record's notation is Russian "
                    "(ru), where ranks are В Д К Т (Т is the ace) and suits п ч б т. Write it in "
                    "Cyrillic, or declare notation: en.",
                    token=text,
                    letter=ch,
                    what=t(what),
                )
            raise NotationError(msg, code=key, rule="notation")


def _check_notation(notation: str) -> None:
    if notation not in NOTATIONS:
        raise NotationError(
            t("Unknown notation {notation!r}; use en, ru or de.", notation=notation),
            code="notation.unknown_notation",
            rule="notation",
        )


def _look_up(
    token: object,
    notation: str,
    kind: str,
    signs: dict[str, T],
    letters: dict[str, dict[str, T]],
    words: dict[str, dict[str, T]],
    refusal: str,
    code: str,
) -> T:
    """A suit or rank by its sign (any notation), else by the notation's letter or word; else the
    :class:`NotationError` ``code``, whose message ``refusal`` names the token and the notation."""
    _check_notation(notation)
    text = _clean(token)
    if text in signs:
        return signs[text]
    _check_script(text, notation, kind)
    found = letters[notation].get(text if notation == "ru" else text.upper())
    if found is None:
        found = words[notation].get(text.lower())
    if found is None:
        raise NotationError(
            t(refusal, token=text, notation_name=NOTATION_NAMES[notation]),
            code=code,
            rule="notation",
        )
    return found


def parse_suit(token: object, notation: str = "en") -> Suit:
    """Read a suit: a sign in any notation, else the notation's letter or word.

    >>> parse_suit("♥"), parse_suit("h"), parse_suit("пики", "ru"), parse_suit("Kreuz", "de")
    (<Suit.HEARTS: 'H'>, <Suit.HEARTS: 'H'>, <Suit.SPADES: 'S'>, <Suit.CLUBS: 'C'>)
    """
    # a text read before (a deal's trumps, nearly always one of a few signs) is not cleaned again
    key = (token, notation) if type(token) is str else None
    suit = _suit_cache.get(key) if key is not None else None
    if suit is None:
        suit = _look_up(
            token,
            notation,
            N_("suit"),
            _SYMBOL_SUITS,
            _SUITS,
            _SUIT_WORDS,
            N_("Cannot read {token!r} as a suit in {notation_name} notation."),
            "notation.bad_suit",
        )
        if key is not None and len(_suit_cache) < 1_000:
            _suit_cache[key] = suit
    return suit


_suit_cache: dict[tuple[str, str], Suit] = {}


def parse_rank(token: object, notation: str = "en") -> Rank:
    """Read a rank alone (an honour list, say). YAML may hand over the ten as the number 10.

    >>> parse_rank("J"), parse_rank(10), parse_rank("Т", "ru"), parse_rank("Bube", "de")
    (<Rank.JACK: 11>, <Rank.TEN: 10>, <Rank.ACE: 14>, <Rank.JACK: 11>)
    """
    return _look_up(
        token,
        notation,
        N_("rank"),
        _DIGIT_RANKS,
        _RANKS,
        _RANK_WORDS,
        N_("Cannot read {token!r} as a rank in {notation_name} notation."),
        "notation.bad_rank",
    )


_SYMBOL_CLASS = "".join(_SYMBOL_SUITS)
# Compiled where a card is not read by _quick_card (re keeps them): compiling both costs a start
# a quarter of a millisecond, and nearly every card of a record is a rank and a suit's sign.
_RANK_FIRST = rf"^(10|[^\s{_SYMBOL_CLASS}])[\s\-]?([{_SYMBOL_CLASS}]|\w+)$"
_SUIT_FIRST = rf"^([{_SYMBOL_CLASS}]|\w+)[\s\-]?(10|[^\s{_SYMBOL_CLASS}]+)$"
_card_cache: dict[str, dict[str, Card]] = {notation: {} for notation in NOTATIONS}
"""The card of each token read, by notation: one lookup by the token's text, no key to build."""
_cards_cache: dict[str, dict[str, tuple[Card, ...]]] = {}
"""The cards of each text read, by notation: a replay looks its tricks up here without a call."""


def parse_card(token: object, notation: str = "en") -> Card:
    """Read one card in the declared notation; raise :class:`NotationError` if it cannot be read."""
    text = token if type(token) is str else str(token)
    try:
        known = _card_cache[notation]
    except KeyError:
        _check_notation(notation)  # no such notation: refused there
        raise
    cached = known.get(text)
    if cached is not None:
        return cached
    card = _parse_card(token, notation)
    if len(known) < 100_000:  # bounded, as below: a long fuzz run reads millions of tokens
        known[text] = card
    return card


MAX_CARD_LENGTH = 24
"""No way of writing a card is longer ("Джокер", "Kreuz König", "десятка"); a longer token is not one,
and refusing it at once keeps the patterns below from backtracking over it."""


def _parse_card(token: object, notation: str) -> Card:
    _check_notation(notation)
    text = _clean(token)
    if not text:
        raise NotationError(t("An empty card."), code="notation.empty", rule="notation")
    if len(text) > MAX_CARD_LENGTH:
        raise NotationError(
            t(
                "Cannot read {token!r} as a card in {notation_name} notation ({example}).",
                token=text[:MAX_CARD_LENGTH] + "…",
                notation_name=NOTATION_NAMES[notation],
                example=EXAMPLES[notation],
            ),
            code="notation.bad_card",
            rule="notation",
        )
    if text == "🃏" or text.lower() in _JOKER_WORDS[notation]:
        return JOKER
    quick = _quick_card(text, notation)
    if quick is not None:
        return quick
    attempts: list[tuple[str, str]] = []
    if notation == "de":
        m = re.match(r"^(\w+)[\s\-]+(\w+)$", text)
        if m:
            attempts += [(m.group(2), m.group(1)), (m.group(1), m.group(2))]
    m = re.match(_RANK_FIRST, text)
    if m:
        attempts.append((m.group(1), m.group(2)))
    m = re.match(_SUIT_FIRST, text)
    if m and m.group(1) in _SYMBOL_SUITS:
        attempts.append((m.group(2), m.group(1)))
    first_error: NotationError | None = None
    for rank_text, suit_text in attempts:
        try:
            return Card(parse_rank(rank_text, notation), parse_suit(suit_text, notation))
        except NotationError as err:
            if err.code.startswith("notation.cyrillic") or err.code.startswith("notation.latin"):
                raise NotationError(_relabel(err, text), code=err.code, rule="notation") from None
            first_error = first_error or err
    _check_script(text, notation, N_("card"))
    raise NotationError(
        t(
            "Cannot read {token!r} as a card in {notation_name} notation ({example}).",
            token=text,
            notation_name=NOTATION_NAMES[notation],
            example=EXAMPLES[notation],
        ),
        code="notation.bad_card",
        rule="notation",
    ) from None


def _quick_card(text: str, notation: str) -> Card | None:
    """A card written as nearly every card is, a rank's number or the notation's letter and then a
    suit's sign (``A♠``, ``10♥``, ``Т♣``), read without the patterns; None for any other text, which
    :func:`_parse_card` reads with them. The patterns' first reading of such a text is the same rank
    and sign (tests/test_card_texts.py compares the two).

    >>> [_quick_card(*given) for given in [("10♥", "en"), ("Д♠", "ru"), ("AS", "en"), ("Q♠", "ru")]]
    [Card(10♥), Card(Q♠), None, None]
    """
    suit = _SYMBOL_SUITS.get(text[-1])
    if suit is None:
        return None
    head = text[:-1]
    rank = _DIGIT_RANKS.get(head) or _RANKS[notation].get(
        head if notation == "ru" else head.upper()
    )
    return None if rank is None else Card(rank, suit)


EXAMPLES = {"en": "10♥, T♥, 10h, AS", "ru": "10ч, Тп, Вт, 10♥", "de": "Herz 10, Kreuz B, D♦"}


def _relabel(err: NotationError, whole: str):  # type: ignore[no-untyped-def]
    params = dict(err.message.params)
    params["token"] = whole
    params["what"] = t(N_("card"))
    return type(err.message)(err.message.msgid, params)


def parse_cards(value: object, notation: str = "en") -> list[Card]:
    """Read a list of cards: a YAML list, or one string separated by spaces or commas.

    German cards contain a space (``Herz 10``), so a German string is split on commas only.

    >>> [str(c) for c in parse_cards("10h JH, as")]
    ['10♥', 'J♥', 'A♠']
    >>> [str(c) for c in parse_cards("Herz 10, Pik D", "de")]
    ['10♥', 'Q♠']
    """
    if isinstance(value, (list, tuple)):
        return [parse_card(tok, notation) for tok in value if str(tok).strip()]
    return list(card_tuple(value, notation))


def card_tuple(value: object, notation: str = "en") -> tuple[Card, ...]:
    """:func:`parse_cards` as a tuple, for a reader that only looks at the cards: the tuple kept for
    a text is given as it is, not copied (a replay reads every trick so).

    >>> [str(c) for c in card_tuple("10h JH")], card_tuple("AS KS") is card_tuple("AS KS")
    (['10♥', 'J♥'], True)
    """
    if isinstance(value, (list, tuple)):
        return tuple(parse_card(tok, notation) for tok in value if str(tok).strip())
    text = str(value)
    cache = cards_cache(notation)
    cached = cache.get(text)
    if cached is None:
        # German cards hold a space (Herz 10); the others split on runs of spaces and commas (str.split's
        # spaces are the pattern \s's: tests/test_card_texts.py), the empty ends left out
        tokens = text.split(",") if notation == "de" else text.replace(",", " ").split()
        try:  # nearly always: every token a card read before, none empty (an empty one is no key)
            cached = tuple(map(_card_cache[notation].__getitem__, tokens))
        except KeyError:  # a token new to this process, a separator at an end, or no such notation
            cached = tuple(parse_card(tok, notation) for tok in tokens if tok.strip())
        if len(cache) < 100_000:  # hands and tricks repeat across a file; bound the memory
            cache[text] = cached
    return cached


def cards_cache(notation: str) -> dict[str, tuple[Card, ...]]:
    """The texts already read in ``notation`` and their cards (what :func:`card_tuple` gives for a text):
    a hot loop looks a trick up here itself and calls :func:`card_tuple` only on a miss.

    >>> cards = card_tuple("AS KS")
    >>> cards_cache("en")["AS KS"] is cards
    True
    """
    cache = _cards_cache.get(notation)
    if cache is None:
        cache = _cards_cache[notation] = {}
    return cache


def card_separator(notation: str) -> str:
    """What stands between two cards in a record in ``notation``: a comma in German, whose names of
    cards have spaces in them (``Herz 10``), else a space.

    >>> card_separator("de"), card_separator("ru")
    (', ', ' ')
    """
    return ", " if notation == "de" else " "


def format_card(card: Card, notation: str = "en") -> str:
    """Write a card in ``notation``, the form a record in that notation uses."""
    if card.suit is None:
        return _WRITE_JOKER[notation]
    rank = _WRITE_RANK[notation].get(card.rank, str(int(card.rank)))
    suit = _WRITE_SUIT[notation][card.suit]
    return f"{suit} {rank}" if notation == "de" else rank + suit


# The compass points (the piles of a layout round the stock) -------------------------------------------------

COMPASS_LETTERS: dict[str, str] = {
    "С": "N",
    "В": "E",
    "Ю": "S",
    "З": "W",
    "СВ": "NE",
    "ЮВ": "SE",
    "ЮЗ": "SW",
    "СЗ": "NW",
    "O": "E",
    "NO": "NE",
    "SO": "SE",
}
"""The Russian and German letters of the compass points, which their readers may write instead of N E S W …"""


def compass_point(token: str) -> str:
    """A compass point in the English letters (N, E, S, W, NE, SE, SW, NW), whichever the reader wrote; any other
    token comes back in capitals, for the caller to refuse.

    >>> compass_point("ne"), compass_point("ЮЗ"), compass_point(" O "), compass_point("x")
    ('NE', 'SW', 'E', 'X')
    """
    key = token.strip().upper()
    return COMPASS_LETTERS.get(key, key)
