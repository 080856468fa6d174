"""The practice table: one deal of a game played by a reader against computer players, refereed move by move.

A game's table (:mod:`referee.simulate.trick_tables`, :mod:`referee.simulate.turn_tables`) is a
:class:`Table` whose :meth:`Table.script` is a generator: it deals from the seed, and at every
decision yields an :class:`Ask` (whose turn, the legal choices, the duty that applies, why a
choice outside them is refused, and what a computer player would choose) and receives the
:class:`Choice` made. The table runs the computer players until the reader's turn; the reader's
choice is checked (a refused one is the referee's finding, with its rule id and the link to the
rule on the game's page); at the end the deal is a full-play record, checked by the same code as
the score checker (:func:`referee.present.web.check`), so the verdict the table shows is the
verdict ``referee check`` gives the record.

The page's worker asks :mod:`referee.simulate.practice` (JSON text in and out), which keeps the
tables of every game.
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Callable, Generator, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any, TypeVar

import yaml

from referee.cards import Card, Rank, Suit
from referee.engines.game import option_defaults
from referee.errors import IllegalPlayError
from referee.games import get_game
from referee.messages import Message, card_label, render, t, tc, tn
from referee.simulate.play import write_cards

PLAYER_NAMES: dict[str, tuple[str, ...]] = {
    "en": ("Alex", "Boris", "Clara", "David", "Emma", "Felix", "Grace", "Henry"),
    "ru": ("Саша", "Борис", "Вера", "Глеб", "Даша", "Егор", "Женя", "Зоя"),
    "de": ("Alex", "Bernd", "Clara", "Dieter", "Eva", "Felix", "Greta", "Hans"),
}
"""The players at a practice table, the reader first: record data, as the names at a real table are."""

_RANK_WORDS: dict[Rank, Message] = {
    Rank.TWO: tc("spoken card rank", "two"),
    Rank.THREE: tc("spoken card rank", "three"),
    Rank.FOUR: tc("spoken card rank", "four"),
    Rank.FIVE: tc("spoken card rank", "five"),
    Rank.SIX: tc("spoken card rank", "six"),
    Rank.SEVEN: tc("spoken card rank", "seven"),
    Rank.EIGHT: tc("spoken card rank", "eight"),
    Rank.NINE: tc("spoken card rank", "nine"),
    Rank.TEN: tc("spoken card rank", "ten"),
    Rank.JACK: tc("spoken card rank", "jack"),
    Rank.QUEEN: tc("spoken card rank", "queen"),
    Rank.KING: tc("spoken card rank", "king"),
    Rank.ACE: tc("spoken card rank", "ace"),
}
_SUIT_WORDS: dict[Suit, Message] = {
    Suit.CLUBS: tc("spoken card suit", "clubs"),
    Suit.DIAMONDS: tc("spoken card suit", "diamonds"),
    Suit.HEARTS: tc("spoken card suit", "hearts"),
    Suit.SPADES: tc("spoken card suit", "spades"),
}


def spoken(card: Card) -> Message:
    """A card's name as a screen reader should say it: ``ten of hearts``, ``десятка червей``, ``Herz-Zehn``.

    >>> render(spoken(Card(Rank.TEN, Suit.HEARTS)), "en")
    'ten of hearts'
    """
    if card.suit is None:
        return t("the Joker")
    return t("{rank} of {suit}", rank=_RANK_WORDS[card.rank], suit=_SUIT_WORDS[card.suit])


@dataclass(frozen=True)
class Choice:
    """One thing the player on turn may do: a stable token for the page, the card it plays (if any), a
    target (a pile, a table card, a bundle) and its words; ``move`` is what the game's engine takes;
    ``group`` names the kind of move it is where a turn offers many (Construction's builds, a token's
    paths): the page lists a group's moves together, not one button each, each by its ``place`` (a
    cell or a path, as the game's pictures name them) where it has one, else by its words."""

    token: str
    words: Message
    card: Card | None = None
    target: str | None = None
    move: Any = None
    group: Message | None = None
    place: str | None = None


_TOKEN: dict[Card, str] = {}


def card_choice(
    card: Card, move: Any = None, target: str | None = None, words: Message | None = None
) -> Choice:
    """The choice of playing ``card`` (onto ``target``): token ``TH`` or ``TH>N``."""
    head = _TOKEN.get(card)
    if head is None:
        head = _TOKEN[card] = card.ascii
    token = head if target is None else f"{head}>{target}"
    return Choice(
        token,
        words or t("plays {card}", card=card),
        card,
        target,
        move if move is not None else card,
    )


class LazyChoices(Sequence[Choice]):
    """The choices of many moves, each made only when asked for: a computer's "why?" counts the moves
    and names a few, and Construction's card may have hundreds of places to be built on.

    >>> lazy = LazyChoices(list(range(100)), lambda m: Choice(str(m), t("passes")))
    >>> len(lazy), [c.token for c in lazy[:2]], lazy[-1].token
    (100, ['0', '1'], '99')
    """

    def __init__(self, moves: Sequence[Any], make: Callable[[Any], Choice]):
        self._moves = moves
        self._make = make
        self._made: dict[int, Choice] = {}

    def __len__(self) -> int:
        return len(self._moves)

    def _one(self, index: int) -> Choice:
        index = range(len(self._moves))[index]
        made = self._made.get(index)
        if made is None:
            made = self._made[index] = self._make(self._moves[index])
        return made

    def __getitem__(self, index: Any) -> Any:
        if isinstance(index, slice):
            return [self._one(k) for k in range(len(self._moves))[index]]
        return self._one(index)


@dataclass
class Ask:
    """A decision a seat must make now: what it may choose, and how the referee and a computer see it.

    ``refuse(token)`` is the referee's error for a token that is not among the choices (None if it knows
    no rule against it); ``auto()`` is the computer player's choice; ``duty`` the sentences of the rules
    that apply now; ``prompt`` says what is asked (``Your lead``, ``Bid``).
    """

    seat: int
    options: Sequence[Choice] | Callable[[], Sequence[Choice]]
    """The choices, or a function that lists them (made only when asked: a computer's turn needs only
    its own choice)."""
    auto: Callable[[], Choice]
    prompt: Message
    duty: list[Message] = field(default_factory=list)
    refuse: Callable[[str], IllegalPlayError | None] | None = None
    tries: list[Choice] = field(default_factory=list)
    """Moves the page offers beside the choices that the rules forbid now (a pass where play is
    compulsory, a forbidden use of a card): choosing one gets the referee's refusal."""
    rule: str | None = None
    """The id of the rule the duty gives in its own words (the page links to it), if one rule does."""
    private: bool = False
    """Whether the choice is hidden from the reader (an exchange between two other players): its "why?"
    then says only the duty, not the cards."""

    @property
    def choices(self) -> Sequence[Choice]:
        """Everything the seat may choose now."""
        if callable(self.options):
            self.options = self.options()
        return self.options


@dataclass
class Event:
    """A move made at the table, for the log: who, what, and what was asked (its "why?" is worked out when shown)."""

    seat: int
    words: Message
    ask: Ask | None
    """What was asked, until the page has shown the move (then let go: Construction's asks hold
    hundreds of moves each, and a long game would keep them all)."""
    choice: Choice

    @property
    def token(self) -> str:
        """The choice's token."""
        return self.choice.token


T = TypeVar("T")  # what a shuffled pack holds: cards, or Korol's titles

Script = Generator[Ask, Choice, None]

MOST_LISTED = 8
"""A "why?" lists the moves that were allowed up to this many (a Construction card may have dozens)."""


def parse_token_card(token: str) -> Card | None:
    """The card a token names (``TH``, ``TH>N``), or None.

    >>> str(parse_token_card("TH>N")), parse_token_card("pass")
    ('10♥', None)
    """
    from referee.notation import parse_card

    head = token.split(">", 1)[0]
    if len(head) != 2:
        return None
    try:
        return parse_card(head, "en")
    except Exception:  # not a card: an action token
        return None


class Table(ABC):
    """One deal at the practice table: the reader is seat 0; the others are computer players.

    A game subclasses it with :meth:`script` (the deal's decisions, in order), :meth:`view` (what a
    seat may see) and :meth:`record` (the deal as a full-play record).
    """

    slug: str = ""
    players_count: int = 4
    dealer: int
    """The dealer's seat: the last unless a game's :meth:`script` says otherwise, so that the reader
    (seat 0), on the dealer's left, is the first to play."""
    dealt: list[list[Card]]
    """The hands as dealt, a seat each (a game's :meth:`script` deals them)."""
    alone: bool = False
    """Whether a card may be played to no target in a game of targets (a trail in Stealing Bundles): the
    page then offers to play a chosen card alone."""

    def __init__(self, seed: int, lang: str = "en", players: int | None = None):
        self.seed = seed
        self.lang = lang
        if players is not None:  # else the game's usual table (the class's count)
            self.players_count = players
        self.notation = lang if lang in ("en", "ru", "de") else "en"
        self.players: list[str] = list(
            PLAYER_NAMES.get(lang, PLAYER_NAMES["en"])[: self.players_count]
        )
        self.reader = 0
        self.dealer = self.players_count - 1
        self.rng = random.Random(seed)  # the shuffle
        self.bots = random.Random(seed * 7919 + 1)  # the computer players' few random picks
        self.log: list[Event] = []
        self._said: list[
            dict[str, Any]
        ] = []  # the log as the page shows it, each event rendered once
        self.chosen: list[str] = []  # the reader's tokens, in order
        self._flow: Script = self.script()
        self.ask: Ask | None = next(self._flow)

    # What a game defines ----------------------------------------------------------------------------

    @abstractmethod
    def script(self) -> Script:
        """Deal, then yield every decision of the deal in order."""

    @abstractmethod
    def view(self) -> dict[str, Any]:
        """What the reader sees: his hand, the table's zones, the facts, as plain data."""

    @abstractmethod
    def record(self) -> dict[str, Any]:
        """The deal so far as a full-play record (complete once the deal is over)."""

    def options(self) -> dict[str, Any]:
        """The game's options at their defaults (the table plays the rules as published)."""
        return option_defaults(get_game(self.slug).options)

    def shuffled(self, pack: Iterable[T]) -> list[T]:
        """A shuffled copy of ``pack``, by the table's own random source (so a seed deals it again)."""
        cards = list(pack)
        self.rng.shuffle(cards)
        return cards

    def duties(self) -> list[Any]:
        """The game's duties of play with these options (worked out once)."""
        if "_duties" not in self.__dict__:
            self.__dict__["_duties"] = get_game(self.slug).duties(self.options())
        return self.__dict__["_duties"]

    def why(self, ask: Ask, choice: Choice) -> list[Message]:
        """Why a computer's choice was allowed: the duty that applied and what else was allowed."""
        if ask.private:
            return list(ask.duty)
        if len(ask.choices) == 1:
            return [*ask.duty, t("It was the only move allowed.")]
        if len(ask.choices) > MOST_LISTED:
            shown = [c.words for c in ask.choices[:MOST_LISTED]]
            allowed = tn(
                "{n} move was allowed, among them: {moves}.",
                "{n} moves were allowed, among them: {moves}.",
                len(ask.choices),
                moves=shown,
            )
            return [*ask.duty, allowed]
        return [*ask.duty, t("Allowed were: {moves}.", moves=[c.words for c in ask.choices])]

    # Driving the deal -------------------------------------------------------------------------------

    @property
    def over(self) -> bool:
        """True once the deal has ended."""
        return self.ask is None

    def _make(self, choice: Choice) -> None:
        assert self.ask is not None
        self.log.append(Event(self.ask.seat, choice.words, self.ask, choice))
        try:
            self.ask = self._flow.send(choice)
        except StopIteration:
            self.ask = None

    def run_computers(self) -> None:
        """Let the computer players move until it is the reader's turn or the deal is over."""
        while self.ask is not None and self.ask.seat != self.reader:
            self._make(self.ask.auto())

    def refusal(self, token: str) -> IllegalPlayError | None:
        """None if the reader may choose ``token`` now, else the referee's error naming the rule."""
        ask = self.ask
        if ask is None:
            return IllegalPlayError(
                t("The deal is over; no move can follow."), code="turns.after_end", rule="end"
            )
        if any(c.token == token for c in ask.choices):
            return None
        error = ask.refuse(token) if ask.refuse is not None else None
        return error or IllegalPlayError(
            t("That is not allowed now."), code="table.not_allowed", rule=None
        )

    def choose(self, token: str) -> IllegalPlayError | None:
        """The reader chooses ``token``: refused (the error, nothing changes) or made, then the computers move."""
        error = self.refusal(token)
        if error is not None:
            return error
        assert self.ask is not None
        choice = next(c for c in self.ask.choices if c.token == token)
        self.chosen.append(token)
        self._make(choice)
        self.run_computers()
        return None

    def said(self) -> list[dict[str, Any]]:
        """The moves so far as the page shows them: who, what, and the "why?" of each (rendered once)."""
        for e in self.log[len(self._said) :]:
            self._said.append(
                {
                    "seat": e.seat,
                    "player": self.players[e.seat],
                    "text": self.say(e.words),
                    "why": [self.say(m) for m in self.why(e.ask, e.choice)]
                    if e.seat != self.reader and e.ask is not None
                    else [],
                }
            )
            e.ask = None
        return self._said

    # Shared pieces of views -------------------------------------------------------------------------

    def card(self, card: Card) -> dict[str, Any]:
        """A face-up card for the page: its token, as the reader writes it, its spoken name, its colour."""
        return {
            "id": card.ascii,
            "text": card_label(card, self.notation),
            "name": render(spoken(card), self.lang),
            "red": card.suit is not None and card.suit.is_red,
        }

    def cards(self, cards: Sequence[Card]) -> list[dict[str, Any]]:
        """Several face-up cards."""
        return [self.card(c) for c in cards]

    def write(self, cards: Sequence[Card]) -> str:
        """Cards as the record writes them in the page's notation."""
        return write_cards(cards, self.notation)

    def dealt_hands(self) -> dict[str, str]:
        """The hands as dealt, by player, as the record writes them."""
        return {p: self.write(h) for p, h in zip(self.players, self.dealt, strict=True)}

    def one_deal(self, deal: dict[str, Any], **more: Any) -> dict[str, Any]:
        """The full-play record of the table's one deal: the game, the notation and the players,
        ``more`` of the record's keys in their order (Minnesota Whist's teams), then the deal."""
        head = {"game": self.slug, "notation": self.notation, "players": self.players}
        return {**head, **more, "deals": [deal]}

    def say(self, message: Message | str) -> str:
        """A message (or a name) in the page's language."""
        return message if isinstance(message, str) else render(message, self.lang)

    def record_text(self) -> str:
        """The record as YAML, as the download gives it."""
        return yaml.safe_dump(
            self.record(), allow_unicode=True, sort_keys=False, default_flow_style=None, width=100
        )
