"""Localizable messages: a message id with parameters, rendered in any language later.

The referee never builds a finished sentence. It returns :class:`Message` objects (an English
msgid, optionally a plural form, and parameters); :func:`render` looks the id up in the gettext
catalog of the reader's language (``locale/<lang>/LC_MESSAGES/referee.mo``, read with the
standard :mod:`gettext` module) and fills in the parameters, which are themselves rendered in
that language (cards, suits, nested messages, lists).

>>> m = t("{seat} plays {card}, which is not in their hand.", seat="Anna", card=Card(Rank.JACK, Suit.HEARTS))
>>> render(m, "en")
'Anna plays J♥, which is not in their hand.'
>>> german = render(m, "de")
>>> "B♥" in german and german != render(m, "en").replace("J♥", "B♥")
True
>>> msg = "{n} trick checked card by card.", "{n} tricks checked card by card."
>>> [render(tn(*msg, n), "ru").split()[1] for n in (1, 3, 5, 21)]
['взятка', 'взятки', 'взяток', 'взятка']
>>> render(t("{items}", items=["A", "B", "C"]), "ru")
'A, B и C'

A number with a noun always goes through ``tn``, so that Russian gets its three forms and German its two:

>>> [render(points_count(n), "ru") for n in (1, 2, 5, 21)]
['1 очко', '2 очка', '5 очков', '21 очко']

A value the reader typed is quoted with the reader's quotation marks (``{value!r}`` in a template):

>>> render(t("{value!r} is not an answer; write yes or pass.", value="Olga"), "de").split()[0]
'„Olga“'

Marker functions ``t``, ``tn``, ``tc`` and ``tnc`` are what ``pybabel extract`` looks for (see
``scripts/referee-messages.sh``).

How to write a message (issue 38)
---------------------------------

*A count.* Any number that counts something (cards, tricks, points, deals, chips, times) goes
through ``tn(singular, plural, n, **params)``; ``n`` chooses the form and is also ``{n}``. When the
count has another name, pass it too: ``tn("{name} must hold {size} card, not {n}.", "… {size}
cards, not {n}.", size, size=size, n=held)`` (``n`` is then overwritten by the keyword). The
catalog gets ``msgid_plural`` and one ``msgstr[i]`` per form: three in Russian (1 / 2–4 / 5–20,
as in 1 карта, 2 карты, 5 карт, 21 карта), two in German. A number that is a label's value
(``Stock: {n}``) or a rank (``Trick {n}``) is not a count. ``tests/test_plurals.py`` renders every
plural message with 0, 1, 2, 3, 5, 11, 21, 22, 25 and 111 and checks the counted word's ending, and
refuses a Russian or German translation that puts a counted noun after a number in a message
without plural forms.

*A player, a side, a title.* The referee knows a name only as written, so a translation never puts
it where Russian would decline it or where its gender would show: «У игрока {player} …», «Ходит
{player}», «{player}: …», never «У {player}», «очередь {player}», «{player} вышел».
``tests/test_player_agreement.py`` fills every such message with names of both genders,
indeclinable and foreign ones.

*A word that a game names its own way.* ``tc(context, msgid)``, with the game's slug as the context
(``tc("kings-corners", "Stock")``: «Колода», where Buy or Pass's ``Stock`` is «Прикуп»), and
``tnc(context, singular, plural, n)`` for a counted one. ``locale/terminology.yaml`` (``games:``)
lists each game's name and its own words per language; ``tests/test_terminology.py`` checks them
in that game's page catalog, its referee messages and the checker's strings.
"""

from __future__ import annotations

import os
from functools import cache
from typing import TYPE_CHECKING, Any

from referee.cards import Card, Rank, Suit
from referee.values import MISSING, Value, attr

if TYPE_CHECKING:
    import gettext
    from pathlib import Path

    LOCALE_DIR: Path
    """The folder of the compiled catalogs (``locale/``), as a :class:`~pathlib.Path`."""

# A plain string, and os.path rather than pathlib: a check starts without loading pathlib.
_LOCALE = os.path.join(os.path.dirname(os.path.dirname(os.path.realpath(__file__))), "locale")
_FIRST = ("en", "ru", "de")
LANGUAGES: tuple[str, ...] = (
    *_FIRST,
    *sorted(
        {
            lang
            for lang in (os.listdir(_LOCALE) if os.path.isdir(_LOCALE) else ())
            if any(
                os.path.isfile(os.path.join(_LOCALE, lang, "LC_MESSAGES", f"referee.{ext}"))
                for ext in ("po", "mo")
            )
        }
        - set(_FIRST)
    ),
)
"""English (the source), Russian, German, then any language whose catalog is in ``locale/``
(``./run language add`` makes one; its untranslated messages stay English)."""
DOMAIN = "referee"


class Message(Value, frozen=True):
    """A message id (English text with ``{name}`` placeholders) and its parameters."""

    msgid: str
    params: dict[str, Any] = attr(factory=dict)
    plural: str | None = None
    n: int | None = None
    context: str | None = None

    def __init__(
        self,
        msgid: str,
        params: dict[str, Any] = MISSING,
        plural: str | None = None,
        n: int | None = None,
        context: str | None = None,
    ) -> None:
        # written out (Value's own walks its fields), into __dict__ past the freeze: see _message
        d = self.__dict__
        d["msgid"], d["params"] = msgid, {} if params is MISSING else params
        d["plural"], d["n"], d["context"] = plural, n, context

    def __str__(self) -> str:
        return render(self, "en")


_new = object.__new__


def _message(
    msgid: str, params: dict[str, Any], plural: str | None, n: int | None, context: str | None
) -> Message:
    """``Message(msgid, params, plural, n, context)``, made a third of the time: its fields are
    written into the new object's ``__dict__``, past the frozen class's checked ``__setattr__``.

    A check makes a message for every step it explains (thousands a second), and a frozen
    dataclass's ``__init__`` sets each field through ``object.__setattr__``.

    >>> _message("a {x}", {"x": 1}, None, None, None) == Message("a {x}", {"x": 1})
    True
    """
    m = _new(Message)
    d = m.__dict__
    d["msgid"] = msgid
    d["params"] = params
    d["plural"] = plural
    d["n"] = n
    d["context"] = context
    return m


message_of = _message
"""``Message(msgid, params, plural, n, context)`` with every field given, ``params`` a dict already:
for a loop that makes a message per step and would pay for :func:`t`'s call and keyword arguments
(mark its ids with :func:`N_`, so that they are still extracted for translation)."""


def t(msgid: str, **params: Any) -> Message:
    """Mark and wrap a message. ``t("Hello {name}", name="Anna")``."""
    return _message(msgid, params, None, None, None)


def tn(singular: str, plural: str, n: int, /, **params: Any) -> Message:
    """Mark and wrap a message with a plural form chosen by ``n`` (also passed as ``{n}``, unless ``params``
    give ``n`` another value: the count may be another placeholder).

    >>> one, other = "{name} must be dealt {size} card, not {n}.", "{name} must be dealt {size} cards, not {n}."
    >>> render(tn(one, other, 7, name="Мария", size=7, n=6), "ru")
    'Игроку Мария сдаётся 7 карт, а в записи их 6.'
    """
    return _message(singular, {"n": n, **params}, plural, n, None)


def tc(context: str, msgid: str, **params: Any) -> Message:
    """A message whose English is shared with another of different use: ``tc("facts: the whole game", "Game")``.

    The context keeps the translations apart (a facts row «Партия», a table column «Игра»).
    """
    return _message(msgid, params, None, None, context)


def tnc(context: str, singular: str, plural: str, n: int, /, **params: Any) -> Message:
    """A counted message with a context (``npgettext``): ``tnc("comet", "{n} chip", "{n} chips", 3)``."""
    return Message(singular, {"n": n, **params}, plural, n, context)


def points_count(n: int) -> Message:
    """``n`` points as a phrase of its own, for a message that counts two things (nominative in Russian)."""
    return tn("{n} point", "{n} points", n)


def N_(msgid: str) -> str:
    """Mark a string for extraction without translating it now (translated at render time)."""
    return msgid


class _English:
    """The ids themselves, as :class:`gettext.NullTranslations` gives them, without importing
    :mod:`gettext` (an English check needs no catalog, and the module costs its start a millisecond).

    >>> _English().ngettext("{n} trick", "{n} tricks", 2), _English().pgettext("comet", "pass")
    ('{n} tricks', 'pass')
    """

    def gettext(self, message: str) -> str:
        return message

    def ngettext(self, msgid1: str, msgid2: str, n: int) -> str:
        return msgid1 if n == 1 else msgid2

    def pgettext(self, context: str, message: str) -> str:
        return message

    def npgettext(self, context: str, msgid1: str, msgid2: str, n: int) -> str:
        return msgid1 if n == 1 else msgid2


@cache
def translations(lang: str) -> gettext.NullTranslations | _English:
    """The compiled catalog for ``lang``; English, or a missing catalog, falls back to the ids."""
    if lang == "en":
        return _English()
    import gettext  # here: an English check needs no catalog
    from pathlib import Path

    from referee.compiled import ensure

    ensure(Path(_LOCALE), lang, DOMAIN)  # a translator's edit to referee.po shows on the next run
    return gettext.translation(DOMAIN, _LOCALE, languages=[lang], fallback=True)


def gettext_for(lang: str, msgid: str) -> str:
    """Translate a bare msgid (no parameters)."""
    return translations(lang).gettext(msgid)


# Rank letters as a reader of each language writes them on a scoresheet.
RANK_LETTERS: dict[str, dict[Rank, str]] = {
    "en": {Rank.JACK: "J", Rank.QUEEN: "Q", Rank.KING: "K", Rank.ACE: "A", Rank.JOKER: "Joker"},
    "ru": {Rank.JACK: "В", Rank.QUEEN: "Д", Rank.KING: "К", Rank.ACE: "Т", Rank.JOKER: "джокер"},
    "de": {Rank.JACK: "B", Rank.QUEEN: "D", Rank.KING: "K", Rank.ACE: "A", Rank.JOKER: "Joker"},
}

SUIT_NAMES: dict[Suit, str] = {
    Suit.CLUBS: N_("clubs"),
    Suit.DIAMONDS: N_("diamonds"),
    Suit.HEARTS: N_("hearts"),
    Suit.SPADES: N_("spades"),
}


def rank_label(rank: Rank, lang: str) -> str:
    """The rank index in ``lang``: ``rank_label(Rank.ACE, "ru") == "Т"``."""
    return RANK_LETTERS.get(lang, RANK_LETTERS["en"]).get(rank, str(int(rank)))


def card_label(card: Card, lang: str) -> str:
    """A card as a reader of ``lang`` writes it, with the suit sign: ``В♥``, ``B♥``, ``J♥``; the Joker as a word."""
    if card.suit is None:
        return rank_label(card.rank, lang)
    return rank_label(card.rank, lang) + card.suit.symbol


def suit_name(suit: Suit, lang: str) -> str:
    """The suit's name in ``lang``, e.g. ``черви``."""
    return gettext_for(lang, SUIT_NAMES[suit])


def join_list(items: list[str], lang: str) -> str:
    """Join words as a sentence does: "A, B and C".

    >>> join_list(["A"], "en"), join_list(["A", "B"], "de"), join_list([], "en")
    ('A', 'A und B', '—')
    """
    if not items:
        return "—"
    if len(items) == 1:
        return items[0]
    return gettext_for(lang, _AND).format(head=", ".join(items[:-1]), last=items[-1])


_AND = N_("{head} and {last}")
_YES, _NO = N_("yes"), N_("no")

# The keys a record uses for the sides of a game with a declarer (claims, points taken): shown to
# readers in their language, never as the English key.
ROLE_LABELS: dict[str, str] = {"declarer": N_("declarer"), "defenders": N_("defenders")}
SEVERITY_LABELS: dict[str, str] = {"error": N_("[error]"), "warning": N_("[warning]")}


def key_label(key: Any, lang: str) -> str:
    """A record key as a reader sees it: a side's role translated, a player's name as written.

    >>> key_label("declarer", "de"), key_label("Anna", "ru")
    ('Alleinspieler', 'Anna')
    """
    label = ROLE_LABELS.get(str(key))
    return gettext_for(lang, label) if label else str(key)


def severity_label(severity: str, lang: str) -> str:
    """``[error]`` / ``[warning]`` in the reader's language (text output; JSON keeps the English codes)."""
    label = SEVERITY_LABELS.get(severity)
    return gettext_for(lang, label) if label else f"[{severity}]"


# Quotation marks around a value the reader wrote (``{value!r}`` in a template).
QUOTES: dict[str, tuple[str, str]] = {"en": ("'", "'"), "ru": ("«", "»"), "de": ("„", "“")}


class _Shown(str):
    """A rendered parameter; ``!r`` in a template quotes it as the reader's language does."""

    quotes: tuple[str, str] = QUOTES["en"]

    def __repr__(self) -> str:
        # Escaped as Python's repr escapes them: a value the reader typed can carry a newline, a
        # terminal escape or a bidi override, and must never forge or reorder the lines printed.
        return f"{self.quotes[0]}{_escape_unprintable(_cut(self))}{self.quotes[1]}"


ECHO_LIMIT = 80
"""The most characters of a value the reader wrote that a message quotes back (a name is at most 64)."""


def _cut(text: str) -> str:
    """A quoted value cut to :data:`ECHO_LIMIT` characters, its start and end kept (robustness round 3, #8).

    >>> len(_cut("9" * 128_940)), _cut("[" + "0, " * 40 + "1]")[-15:]
    (80, ' 0, 0, 0, 0, 1]')
    """
    if len(text) <= ECHO_LIMIT:
        return text
    return text[: ECHO_LIMIT - 16] + "…" + text[-15:]


_ESCAPES = {"\n": "\\n", "\r": "\\r", "\t": "\\t"}


def _escape_unprintable(text: str) -> str:
    r"""Control, format (bidi) and other unprintable characters as backslash escapes; the rest as it is.

    >>> print(_escape_unprintable("Анна\u202e\n"))
    Анна\u202e\n
    """
    if text.isprintable():
        return text
    out = []
    for ch in text:
        if ch.isprintable():
            out.append(ch)
        elif ch in _ESCAPES:
            out.append(_ESCAPES[ch])
        else:
            code = ord(ch)
            out.append(
                f"\\x{code:02x}"
                if code < 0x100
                else f"\\u{code:04x}"
                if code < 0x10000
                else f"\\U{code:08x}"
            )
    return "".join(out)


def _shown(text: str, lang: str) -> _Shown:
    shown = _Shown(text)
    shown.quotes = QUOTES.get(lang, QUOTES["en"])
    return shown


def render_param(value: Any, lang: str) -> str:
    """Render one parameter in ``lang``."""
    if isinstance(value, Message):
        return render(value, lang)
    shown = getattr(value, "shown_in", None)  # a value that knows how each language writes it
    if callable(shown):
        return str(shown(lang))
    if isinstance(value, Card):
        return card_label(value, lang)
    if isinstance(value, Suit):
        return value.symbol
    if isinstance(value, Rank):
        return rank_label(value, lang)
    if isinstance(value, bool):
        return gettext_for(lang, _YES if value else _NO)
    if isinstance(value, (list, tuple)):
        return join_list([render_param(v, lang) for v in value], lang)
    if isinstance(value, int) and value < 0:
        return "\u2212" + str(-value)
    return str(value)


def render(message: Message, lang: str = "en") -> str:
    """The message in ``lang``, parameters filled in."""
    tr = translations(lang)
    if message.plural is not None and message.context is not None:
        template = tr.npgettext(message.context, message.msgid, message.plural, message.n or 0)
    elif message.plural is not None:
        template = tr.ngettext(message.msgid, message.plural, message.n or 0)
    elif message.context is not None:
        template = tr.pgettext(message.context, message.msgid)
    else:
        template = tr.gettext(message.msgid)
    params = {k: _shown(render_param(v, lang), lang) for k, v in message.params.items()}
    try:
        return template.format(**params)
    except (KeyError, IndexError, ValueError):
        # A broken translation must never hide the referee's verdict: fall back to English.
        source = message.plural if message.plural and message.n != 1 else message.msgid
        return source.format(**params)


def render_params(message: Message, lang: str) -> dict[str, Any]:
    """Parameters as plain JSON values (numbers stay numbers, the rest is rendered text)."""
    out: dict[str, Any] = {}
    for k, v in message.params.items():
        out[k] = (
            v
            if isinstance(v, (int, float, str)) and not isinstance(v, bool)
            else render_param(v, lang)
        )
    return out


def signed(value: int) -> str:
    """A balance (units, chips) with its sign, the minus a real minus sign.

    >>> signed(7), signed(-3), signed(0)
    ('+7', '−3', '0')
    """
    return ("+" if value > 0 else "\u2212" if value < 0 else "") + str(abs(value))


def __getattr__(name: str) -> Any:
    """``LOCALE_DIR`` as a :class:`~pathlib.Path`, made when first asked for (pathlib is not loaded before)."""
    if name == "LOCALE_DIR":
        from pathlib import Path

        return Path(_LOCALE)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
