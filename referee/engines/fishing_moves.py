"""The moves of the games dealt from one pack (Collector, Stealing Bundles, Red and Black): laying,
taking, drawing and playing a card to the table, each a small frozen dataclass that says itself in
the reader's language, and the way a record writes them (:func:`parse_play`, :func:`write_play`,
:func:`read_plays`, :func:`parse_take`). The states that make them are in :mod:`referee.engines.fishing`.

>>> write_play(parse_play("7♠ > 7♣, Boris", ["Anna", "Boris"], "en"))
'7♠ > 7♣, Boris'
>>> str(DRAW_MOVE.describe())
'draws from the stock'
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from referee.cards import Card
from referee.engines.reader import Reader
from referee.errors import NotationError
from referee.messages import Message, t, tn
from referee.notation import NOTATIONS, format_card, parse_card, parse_cards
from referee.records.hands import DECK
from referee.records.source import Path

# The moves -------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Lay:
    """Lay a card from the hand face down (Collector: all the round's cards are turned up together)."""

    card: Card

    def describe(self) -> Message:
        """``lays 7♣``."""
        return t("lays {card}", card=self.card)


@dataclass(frozen=True)
class Take:
    """Take a card laid this round by another player."""

    card: Card

    def describe(self) -> Message:
        """``takes 7♣``."""
        return t("takes {card}", card=self.card)


@dataclass(frozen=True)
class Draw:
    """Draw from the top of the stock (Collector: two cards, as many as are left; Red and Black: one)."""

    def describe(self) -> Message:
        """``draws from the stock``."""
        return t("draws from the stock")


@dataclass(frozen=True)
class Missing:
    """A record that says nothing for a player who had to act: never legal."""

    def describe(self) -> Message:
        """``does nothing``."""
        return t("does nothing")


RoundMove = Lay | Take | Draw | Missing
"""A move of a game in rounds of laying and taking (:class:`RoundsState`)."""

# One move object per card: random games list the legal moves hundreds of times a game.
LAYS: dict[Card, Lay] = {c: Lay(c) for c in DECK}
TAKES: dict[Card, Take] = {c: Take(c) for c in DECK}
DRAW_MOVE = Draw()


@dataclass(frozen=True)
class Play:
    """One turn of a capturing game: the card played, the table cards it takes and the players whose bundles
    it steals.

    A play that takes nothing leaves the card on the table. ``table`` is sorted and ``bundles``
    are in seating order, so that equal plays compare equal.
    """

    card: Card
    table: tuple[Card, ...] = ()
    bundles: tuple[str, ...] = ()

    @property
    def captures(self) -> bool:
        """True when the play takes anything."""
        return bool(self.table or self.bundles)

    def describe(self) -> Message:
        """``plays 7♠ and takes 7♣ from the table``, in the reader's language."""
        if self.table and self.bundles:
            return t(
                "plays {card}, takes {cards} from the table and steals the bundles of {players}",
                card=self.card,
                cards=list(self.table),
                players=list(self.bundles),
            )
        if self.table:
            return t(
                "plays {card} and takes {cards} from the table",
                card=self.card,
                cards=list(self.table),
            )
        if self.bundles:
            return tn(
                "plays {card} and steals the bundle of {players}",
                "plays {card} and steals the bundles of {players}",
                len(self.bundles),
                card=self.card,
                players=list(self.bundles),
            )
        return t("plays {card}, which matches nothing and stays on the table", card=self.card)


# The moves as a record writes them ---------------------------------------------------------------------


def parse_take(value: Any, notation: str) -> Take | Draw:
    """A take as a record writes it: a card laid by another player, or ``draw``.

    >>> parse_take("draw", "en"), parse_take("Kreuz 7", "de")
    (Draw(), Take(card=Card(7♣)))
    """
    if isinstance(value, str):
        known = _TAKES.get(notation)
        move = None if known is None else known.get(value)
        if move is None:
            move = Draw() if value.strip().lower() == "draw" else Take(parse_card(value, notation))
            # bounded: a fuzz run reads millions of tokens
            if known is not None and len(known) < 10_000:
                known[value] = move
        return move
    return Take(parse_card(value, notation))


def parse_lay(value: Any, notation: str) -> Lay:
    """A lay as a record writes it: the card laid.

    >>> parse_lay("Kreuz 7", "de") is parse_lay("7♣", "en") is lay_of(parse_card("7♣"))
    True
    """
    move = lay_of(parse_card(value, notation))
    if type(value) is str:
        known = _LAY_TEXTS.get(notation)
        if known is not None and len(known) < 10_000:  # bounded as the takes
            known[value] = move
    return move


def moves_read(notation: str) -> tuple[dict[str, Lay], dict[str, Take | Draw]]:
    """The lays and the takes read so far in ``notation`` (by :func:`parse_lay` and :func:`parse_take`), by
    their text: a replay looks a move up here without a call, and reads a text not yet among them.

    >>> lays, takes = moves_read("en")
    >>> parse_take("draw", "en") is takes["draw"]
    True
    """
    return _LAY_TEXTS.get(notation, _NONE), _TAKES.get(notation, _NONE)  # type: ignore[return-value]


_TAKES: dict[str, dict[str, Take | Draw]] = {notation: {} for notation in NOTATIONS}
"""Each take read so far, by notation and text: a move is a frozen value, so one made is kept
(a replay reads every take twice, once to check the record's shape, once to make it)."""
_LAY_TEXTS: dict[str, dict[str, Lay]] = {notation: {} for notation in NOTATIONS}
"""Each lay read so far by :func:`parse_lay`, by notation and text (see :data:`_TAKES`)."""
_NONE: dict[str, Any] = {}
"""What :func:`moves_read` gives for a notation there is not: nothing read (never filled)."""
_LAYS: dict[Card, Lay] = {}
"""Each lay made so far, by its card (see :data:`_TAKES`)."""


_PLAIN_PLAYS: dict[Card, Play] = {}
"""Each play that takes nothing, by its card (see :data:`_TAKES`)."""
_PLAIN_TEXTS: dict[tuple[str, str], Play] = {}
"""Each play that takes nothing read so far, by its text and notation (bounded as :data:`_TAKES`)."""


def plain_play(card: Card) -> Play:
    """``Play(card)``, a card that takes nothing, made once per card: the play a record reads is then
    the very play the rules list, found among them by identity.

    >>> seven = parse_card("7♠")
    >>> plain_play(seven) is parse_play("7♠", ["Anna"], "en") is parse_play("7s", ["Anna"], "en")
    True
    >>> plain_play(seven) == Play(seven), parse_play("7♠ > 7♣", ["Anna"], "en") is plain_play(seven)
    (True, False)
    """
    move = _PLAIN_PLAYS.get(card)
    if move is None:
        move = _PLAIN_PLAYS[card] = Play(card)
    return move


def lay_of(card: Card) -> Lay:
    """``Lay(card)``, made once per card."""
    move = _LAYS.get(card)
    if move is None:
        move = _LAYS[card] = Lay(card)
    return move


def parse_play(text: Any, players: Sequence[str], notation: str) -> Play:
    """A play as a record writes it: ``7♠`` (nothing taken), ``7♠ > 7♣`` or ``7♠ > Boris``.

    Targets after ``>`` are separated by commas; a target is a player's name (his bundle) or cards.

    >>> parse_play("7♠ > 7♣, Boris", ["Anna", "Boris"], "en")
    Play(card=Card(7♠), table=(Card(7♣),), bundles=('Boris',))
    >>> parse_play("Pik 7 > Kreuz 7", ["Anna", "Boris"], "de").table
    (Card(7♣),)
    """
    raw = str(text)
    if ">" not in raw:  # most plays take nothing: one read of each text is kept
        move = _PLAIN_TEXTS.get((raw, notation))
        if move is not None:
            return move
    head, _, rest = raw.partition(">")
    cards = parse_cards(head, notation)
    if len(cards) != 1:
        raise NotationError(
            t(
                "A move is one card played, then optionally > and what it takes, such as "
                "{example}; not {value!r}.",
                example="7♠ > 7♣",
                value=raw,
            ),
            code="record.bad_move",
            rule="moves",
        )
    table: list[Card] = []
    bundles: list[str] = []
    if rest.strip():
        for part in rest.split(","):
            token = part.strip()
            if token in players:
                bundles.append(token)
            elif token:
                table.extend(parse_cards(token, notation))
    if not table and not bundles:
        move = plain_play(cards[0])
        if ">" not in raw and len(_PLAIN_TEXTS) < 10_000:
            _PLAIN_TEXTS[raw, notation] = move
        return move
    seats = sorted(set(bundles), key=list(players).index)
    return Play(cards[0], tuple(sorted(set(table))), tuple(seats))


def write_play(play: Play, notation: str = "en") -> str:
    """A play as a record writes it, the inverse of :func:`parse_play`.

    >>> write_play(Play(parse_card("7♠"), bundles=("Boris",))), write_play(Play(parse_card("7♠")), "ru")
    ('7♠ > Boris', '7п')
    """
    head = format_card(play.card, notation)
    targets = [format_card(c, notation) for c in play.table] + list(play.bundles)
    return f"{head} > {', '.join(targets)}" if targets else head


def list_at(r: Reader, path: Path, shape: Message) -> list[Any] | None:
    """The list at ``path`` (empty when the field is left out); None, noted with ``shape``, when it is not a list.

    >>> from referee.records.source import load_text
    >>> r = Reader(load_text("moves: 7♠\\n"))
    >>> list_at(r, ("moves",), t("a list")), list_at(r, ("rounds",), t("a list")), [e.code for e in r.errors]
    (None, [], ['record.shape'])
    """
    value = r.get(path)
    if value is None:
        return []
    if not isinstance(value, list):
        r.fail(path, shape, "record.shape")
        return None
    return value


def read_plays(r: Reader, path: Path, players: list[str]) -> list[Play] | None:
    """The ``moves`` of a capturing game, each a :func:`parse_play`; None (noted) when any cannot be read."""
    raw_moves = list_at(
        r, path, t("moves must be a list of plays, such as {example}.", example="7♠ > 7♣")
    )
    if raw_moves is None:
        return None
    moves: list[Play] = []
    for k, raw in enumerate(raw_moves):
        try:
            moves.append(parse_play(raw, players, r.notation))
        except NotationError as err:
            if k and str(raw).strip() in players and ">" in str(raw_moves[k - 1]):
                # [8♦ > 8♣, Boris]: YAML ends a move at the comma of a bracketed list.
                r.fail(
                    path + (k,),
                    t(
                        "{name} is not a move: in a list written in brackets a comma ends a "
                        "move, so a move that takes several things is written in quotes: {form}.",
                        name=str(raw).strip(),
                        form=f"'{raw_moves[k - 1]}, {str(raw).strip()}'",
                    ),
                    "record.bad_move",
                    "moves",
                )
                continue
            r.add(err, path + (k,))
    return moves if len(moves) == len(raw_moves) else None
