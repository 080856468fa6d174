"""Reading the cards a record lists: the pack in its order, a stock, a hand and the cards on the table.

The games dealt from one pack (Collector, Stealing Bundles, Red and Black) read these fields the same
way: the cards in the record's notation, a problem noted on the reader with the field's path, a code
and a rule, and the reading going on so that one pass reports every problem. The reader is anything
with the :class:`CardReader` methods; :class:`referee.engines.game.Reader` is the one the games use
(this layer sits below the engines and cannot import it). A stub is enough to show the functions:

>>> class Notes:
...     notation = "en"
...     def __init__(self, **data): self.data, self.codes = data, []
...     def get(self, path): return self.data.get(path[0])
...     def fail(self, path, message, code, rule=None): self.codes.append((path[0], code))
...     def add(self, error, path): self.codes.append((path[0], error.code))
>>> r = Notes(table="7♣ 7♣ K♠", hand="7♣ Q", pack="A♠ K♠")
>>> cards = read_cards(r, ("table",)); cards
[Card(7♣), Card(7♣), Card(K♠)]
>>> listed_once(r, ("table",), cards, "table"), read_cards(r, ("hand",)), read_pack(r, ("pack",), DECK)
(False, None, None)
>>> r.codes
[('table', 'record.card_twice'), ('hand', 'notation.bad_card'), ('pack', 'record.pack')]
>>> read_cards(r, ("stock",))   # a field left out holds no cards
[]
>>> read_held(r, ("pack",), [], "Anna", "record.card_not_dealt", "deal"), r.codes[-1]
(None, ('pack', 'record.card_not_dealt'))
"""

from __future__ import annotations

from typing import Any, Literal, Protocol

from referee.cards import Card, cards_twice, deck
from referee.errors import NotationError, RefereeError
from referee.messages import Message, t, tn
from referee.notation import parse_cards
from referee.records.source import Path
from referee.values import Value

DECK: tuple[Card, ...] = tuple(deck())
"""The 52 cards, the pack these games deal from."""
_DECK_SET: frozenset[Card] = frozenset(DECK)


class CardReader(Protocol):
    """What the functions here need of a record's reader (:class:`referee.engines.game.Reader` has it)."""

    notation: str

    def get(self, path: Path) -> Any:
        """The value at ``path``, None where it is missing."""
        ...

    def fail(self, path: Path, message: Message, code: str, rule: str | None = None) -> None:
        """Note a problem at ``path``."""
        ...

    def add(self, error: RefereeError, path: Path) -> None:
        """Note a typed error raised while reading ``path``."""
        ...


def read_cards(r: CardReader, path: Path, *, blank_is_empty: bool = True) -> list[Card] | None:
    """The cards at ``path`` in the record's notation, in the record's order; none where the field is left out.

    With ``blank_is_empty`` another blank value (``0``, ``{}``) also means no cards; without it only a
    missing field does, and ``0`` is a card that cannot be read. None, with the notation error noted,
    when a card cannot be read.
    """
    value = r.get(path)
    try:
        return parse_cards(
            (value or []) if blank_is_empty else (value if value is not None else []), r.notation
        )
    except NotationError as err:
        r.add(err, path)
        return None


def listed_once(
    r: CardReader, path: Path, cards: list[Card], place: Literal["table", "hand"]
) -> bool:
    """True when no card is listed twice among ``cards`` (the cards on the table, or a hand); else noted."""
    doubled = cards_twice(cards)
    if doubled:
        message = (
            t("Listed twice on the table: {cards}.", cards=doubled)
            if place == "table"
            else t("Listed twice in the hand: {cards}.", cards=doubled)
        )
        r.fail(path, message, "record.card_twice", "deal")
    return not doubled


def read_pack(r: CardReader, path: Path, pack: tuple[Card, ...] = DECK) -> list[Card] | None:
    """The whole pack in order, top card first: every card of ``pack``, each once; None (noted) otherwise."""
    cards = read_cards(r, path, blank_is_empty=False)
    if cards is None:
        return None
    if len(cards) != len(pack) or set(cards) != set(pack):
        missing = sorted(set(pack) - set(cards))
        doubled = cards_twice(cards)
        r.fail(
            path,
            t(
                "The pack must hold every card of the pack once, top card first ({n} in all); this one "
                "holds {count} (missing: {missing}; twice: {doubled}).",
                n=len(pack),
                count=len(cards),
                missing=missing or "—",
                doubled=doubled or "—",
            ),
            "record.pack",
            "deal",
        )
        return None
    return cards


def from_the_pack(
    r: CardReader, path: Path, cards: list[Card], rule: str, pack: tuple[Card, ...] = DECK
) -> bool:
    """True when ``cards`` (a stock and the cards beside it) are cards of ``pack``, each at most once; else noted.

    Unlike :func:`read_pack` the cards need not be the whole pack.
    """
    # The usual answer, a stock of distinct cards of the pack, is known from one set: the sorted lists
    # of doubled and foreign cards are made only for the message.
    seen = set(cards)
    if len(seen) == len(cards) and seen <= (_DECK_SET if pack is DECK else set(pack)):
        return True
    doubled = cards_twice(cards)
    foreign = sorted(seen - set(pack))
    if doubled or foreign:
        r.fail(
            path,
            t(
                "A card may be in the pack only once, and only the 52 cards of the pack (twice: {doubled}; "
                "not in the pack: {foreign}).",
                doubled=doubled,
                foreign=foreign,
            ),
            "record.deck_mismatch",
            rule,
        )
        return False
    return True


def read_held(
    r: CardReader, path: Path, hand: list[Card], holder: str, code: str, rule: str
) -> list[Card] | None:
    """The cards at ``path``, each listed once and every one of them in ``hand``, the hand of ``holder`` (cards he
    lays down or shows); None, noted (a card he does not hold with ``code`` and ``rule``), otherwise."""
    cards = read_cards(r, path)
    if cards is None or not listed_once(r, path, cards, "hand"):
        return None
    if not set(cards) <= set(hand):
        r.fail(
            path,
            t(
                "{player} does not hold {cards}.",
                player=holder,
                cards=sorted(set(cards) - set(hand)),
            ),
            code,
            rule,
        )
        return None
    return cards


# A stock written as colours ---------------------------------------------------------------------------

COLOUR_LETTERS: dict[str, dict[str, bool]] = {
    "en": {"R": True, "B": False},
    "ru": {"К": True, "Ч": False},
    "de": {"R": True, "S": False},
}
"""The letters of a stock written as colours, per notation: red and black."""


class ColourString(Value, frozen=True):
    """A stock written as colour letters, shown in the reader's letters (К/Ч, R/S), ten to a group (RU2-015).

    >>> ColourString((True, False, True)).shown_in("ru"), ColourString((True, False)).shown_in("de")
    ('КЧК', 'RS')
    """

    reds: tuple[bool, ...]

    def shown_in(self, lang: str) -> str:
        letter = {red: ch for ch, red in COLOUR_LETTERS.get(lang, COLOUR_LETTERS["en"]).items()}
        text = "".join(letter[red] for red in self.reds)
        return " ".join(text[k : k + 10] for k in range(0, len(text), 10))


def read_stock(value: Any, notation: str) -> tuple[list[bool], list[Card] | None] | Message:
    """A stock given as cards or only as colours (a string of letters of the notation): for each card whether
    it is red, and the cards when they are given; a message when it cannot be read.

    >>> read_stock("RB BR", "en")
    ([True, False, False, True], None)
    >>> read_stock("КЧ", "ru")[0], read_stock("RSB", "de")[0], read_stock("7♥ 8♠", "en")[1]
    ([True, False], [True, False, False], [Card(7♥), Card(8♠)])
    """
    # The English letters are read in every notation too, so that a record keeps working when only
    # its notation changes (``referee new`` writes its sample in the reader's notation).
    letters = {**COLOUR_LETTERS["en"], **COLOUR_LETTERS[notation]}
    if isinstance(value, str):
        squeezed = "".join(value.split()).upper()
        if squeezed and all(ch in letters for ch in squeezed):
            return [letters[ch] for ch in squeezed], None
    try:
        cards = parse_cards(value, notation)
    except NotationError as err:
        return err.message
    return [c.suit is not None and c.suit.is_red for c in cards], cards


# What a player did with each card drawn -----------------------------------------------------------------

DRAW_LETTERS: dict[str, dict[str, bool]] = {
    "en": {"K": True, "D": False},
    "ru": {"Б": True, "С": False},
    "de": {"B": True, "A": False},
}
"""The letters of a record's draws, per notation: the card is kept (K, Б for «берёт», B for „behält“), or
discarded (D, С for «сбрасывает», A for „legt ab“)."""


def read_pile_and_stock(
    r: CardReader,
    path: Path,
    size: int,
    per_colour: int,
) -> tuple[list[bool], list[Card] | None] | None:
    """A Red and Black deal's ``stock`` (:func:`read_stock`) of ``size`` cards, ``per_colour`` of each colour,
    and its optional ``start``, the black and the red card under it (only with a stock of cards): for each
    card of the stock whether it is red, and the cards when they are given; None (noted) otherwise."""
    stock_path = path + ("stock",)
    got = read_stock(r.get(stock_path), r.notation)
    if isinstance(got, Message):
        letters = sorted({*COLOUR_LETTERS["en"], *COLOUR_LETTERS[r.notation]})
        r.fail(
            stock_path,
            t(
                "stock must be the cards of the stock from the top down, or a string of colour "
                "letters ({letters}): {problem}",
                letters=letters,
                problem=got,
            ),
            "record.bad_stock",
            "stock",
        )
        return None
    red, cards = got
    reds = sum(red)
    if len(red) != size or reds != per_colour:
        r.fail(
            stock_path,
            t(
                "The stock must hold {stock} cards, {each} red and {each} black, not {n} with "
                "{reds} red.",
                stock=size,
                each=per_colour,
                n=len(red),
                reds=reds,
            ),
            "record.stock_colours",
            "stock",
        )
        return None
    start_value = r.get(path + ("start",))
    if cards is None:
        if start_value is None:
            return red, None
        r.fail(
            path + ("start",),
            t("start needs the stock as cards; with colours alone it says nothing."),
            "record.start_without_cards",
            "stock",
        )
        return None
    start: list[Card] = []
    if start_value is not None:
        if not isinstance(start_value, dict) or set(start_value) != {"black", "red"}:
            r.fail(
                path + ("start",),
                t("start must give the black card and the red card: {{black: 7♠, red: 10♥}}."),
                "record.shape",
                "start",
            )
            return None
        for key, want_red in (("black", False), ("red", True)):
            try:
                card = parse_cards(start_value[key], r.notation)
            except NotationError as err:
                r.add(err, path + ("start", key))
                return None
            if len(card) != 1 or card[0].suit is None or card[0].suit.is_red != want_red:
                r.fail(
                    path + ("start", key),
                    t(
                        "start.{key} must be one {colour} card.",
                        key=key,
                        colour=t("red") if want_red else t("black"),
                    ),
                    "record.bad_start",
                    "start",
                )
                return None
            start.append(card[0])
    return (red, cards) if from_the_pack(r, stock_path, cards + start, "stock") else None


# What a player did with each card drawn -----------------------------------------------------------------

DRAW_LETTERS: dict[str, dict[str, bool]] = {
    "en": {"K": True, "D": False},
    "ru": {"Б": True, "С": False},
    "de": {"B": True, "A": False},
}
"""The letters of a record's draws, per notation: the card is kept (K, Б for «берёт», B for „behält“), or
discarded (D, С for «сбрасывает», A for „legt ab“)."""


def read_draws(r: CardReader, path: Path, most: int) -> list[bool] | None:
    """Draws written as one letter per card drawn, at most ``most`` (spaces may group them by turn): for each
    whether the card was kept; none when the field is left out; None (noted) when it cannot be read. The
    English letters are read in every notation, as :func:`read_stock` reads the colours.

    >>> class Notes:
    ...     notation = "ru"
    ...     def __init__(self, value): self.value, self.codes = value, []
    ...     def get(self, path): return self.value
    ...     def fail(self, path, message, code, rule=None): self.codes.append(code)
    >>> read_draws(Notes("С ББС kd"), ("draws",), 50), read_draws(Notes(None), ("draws",), 50)
    ([False, True, True, False, True, False], [])
    >>> r = Notes("KKX"); read_draws(r, ("draws",), 50), read_draws(Notes("KKD"), ("draws",), 2), r.codes
    (None, None, ['record.bad_draws'])
    """
    value = r.get(path)
    if value is None:
        return []
    letters = {**DRAW_LETTERS["en"], **DRAW_LETTERS.get(r.notation, {})}
    squeezed = "".join(value.split()).upper() if isinstance(value, str) else ""
    if squeezed and len(squeezed) <= most and all(ch in letters for ch in squeezed):
        return [letters[ch] for ch in squeezed]
    r.fail(
        path,
        t(
            "draws must be one letter for each card drawn ({letters}), at most {n} letters.",
            letters=sorted(letters),
            n=most,
        ),
        "record.bad_draws",
        "draws",
    )
    return None


# Cards in several places of one deal ---------------------------------------------------------------------


class OnePlaceEach:
    """Reads the places of one deal that hold cards (each hand, the cards laid out, the stock), each a given number
    of cards, and notes a card found in a second place: a card lies in one place only.

    >>> from types import SimpleNamespace
    >>> record, noted = {"Anna": "7♣ K♠", "sides": "K♠ 2♦ 3♦", "stock": "X"}, []
    >>> places = OnePlaceEach(SimpleNamespace(notation="en", get=lambda path: record.get(path[0]),
    ...                                       fail=lambda path, message, code, rule: noted.append(code),
    ...                                       add=lambda error, path: noted.append(error.code)))
    >>> places.read(("Anna",), 2, "Anna"), places.read(("sides",), 2, "sides"), places.read(("stock",), 1, "stock")
    ([Card(7♣), Card(K♠)], None, None)
    >>> noted
    ['record.hand_size', 'record.card_twice', 'notation.bad_card']
    """

    def __init__(self, r: CardReader):
        self.r = r
        self.owner: dict[Card, str] = {}
        """The place each card read so far lies in."""

    def read(self, path: Path, size: int, place: str, is_player: bool = True) -> list[Card] | None:
        """The ``size`` cards at ``path`` (``place`` names them: a player, or with ``is_player=False`` a field such as
        ``sides`` or ``stock``, which a message calls a field, never a player); None (noted) if
        they cannot be read, are not ``size``, or one was already read in another place."""
        r = self.r
        try:
            cards = parse_cards(r.get(path), r.notation)
        except NotationError as err:
            r.add(err, path)
            return None
        good = True
        if len(cards) != size:
            r.fail(
                path,
                tn(
                    "{name} holds {n} card, but must hold {size}.",
                    "{name} holds {n} cards, but must hold {size}.",
                    len(cards),
                    name=place,
                    size=size,
                )
                if is_player
                else tn(
                    "The field {name} holds {n} card, but must hold {size}.",
                    "The field {name} holds {n} cards, but must hold {size}.",
                    len(cards),
                    name=place,
                    size=size,
                ),
                "record.hand_size",
                "deal",
            )
            good = False
        for card in cards:
            if card in self.owner:
                r.fail(
                    path,
                    t(
                        "{card} is in two places ({a} and {b}).",
                        card=card,
                        a=self.owner[card],
                        b=place,
                    ),
                    "record.card_twice",
                    "deal",
                )
                good = False
            self.owner[card] = place
        return cards if good else None
