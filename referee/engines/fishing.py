"""What the games dealt from one pack repeat: the deal into hands and a stock, the moves of laying,
taking and drawing with the way a record writes them, a record in rounds of laying and taking, and a
referee (:class:`PackGame`) whose record holds one game a deal (:func:`games_record`, :func:`read_games`).

Collector, Stealing Bundles and Red and Black are turn games (:mod:`referee.engines.turns`): each has a
:class:`~referee.engines.turns.TurnState` that holds its rules. Collector and Stealing Bundles deal
from a pack given top card first, so their states share :class:`PackState` (Collector's rounds of
laying and taking: :class:`RoundsState`); their moves and Red and Black's one move (:class:`Draw`)
are the small frozen dataclasses here, each with its ``describe()`` in the reader's language. A move
the state refuses (:meth:`PackState.refuse`) is a finding, never an unusable record; a worked
example lists the moves in words with :func:`moves_in_words`. The cards themselves are read from a
record by :mod:`referee.records.hands`.

>>> from referee.notation import parse_cards
>>> class Deal(PackState[Draw]):
...     def legal_moves(self): return [DRAW_MOVE]
...     def apply(self, move): self.hands[self.to_move] += self.draw(2)
...     def why_illegal(self, move): raise AssertionError
>>> game = Deal(["Anna", "Boris"], dealer=1, pack=parse_cards("2♣ 2♦ 3♣ 3♦ 4♣ 4♦ 5♣"))
>>> game.deal(2); game.hands, list(game.stock), game.player
([[Card(2♣), Card(3♣)], [Card(2♦), Card(3♦)]], [Card(4♣), Card(4♦), Card(5♣)], 'Anna')
>>> [(who, str(words)) for who, words in moves_in_words(game, [DRAW_MOVE, DRAW_MOVE])]
[('Anna', 'draws from the stock'), ('Anna', 'draws from the stock')]
>>> game.hands[0], len(game.stock), game.card_count()
([Card(2♣), Card(3♣), Card(4♣), Card(4♦), Card(5♣)], 0, 7)
>>> for card in parse_cards("2♦ A♠"):
...     print(game.not_held(card).code, game.not_held(card))
play.out_of_turn 2♦ is Boris's card, but it was Anna's turn.
play.not_in_hand It is Anna's turn, and Anna does not hold A♠.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from functools import cache
from typing import Any, TypeVar

from referee.cards import Card
from referee.engines.deals import Deal, each_deal
from referee.engines.game import DealResult, Finding, Game, players_fact
from referee.engines.ledger import Ledger
from referee.engines.reader import Reader
from referee.engines.turns import IllegalMoveError, M, Replayed, TurnState, replay_moves
from referee.errors import NotationError
from referee.messages import N_, Message, t, tn
from referee.notation import format_card, parse_card, parse_cards
from referee.records.hands import DECK
from referee.records.source import Document, Path

T = TypeVar("T")


class PackState(TurnState[M]):
    """A game dealt from one pack given top card first: the dealer, the pack as shuffled, the stock, the hands.

    The player on the dealer's left moves first. ``stock`` holds the cards not yet dealt or drawn, its
    top card first; a game that puts cards elsewhere (a table, bundles, laid cards) counts them in
    :meth:`elsewhere`, so that :meth:`card_count` always comes to the whole pack.
    """

    def __init__(self, players: Sequence[str], dealer: int, pack: Sequence[Card]):
        super().__init__(players, first=(dealer + 1) % len(players))
        self.dealer = dealer
        self.pack: tuple[Card, ...] = tuple(pack)
        """The starting position: the pack as it was before the deal, top card first."""
        self.stock: deque[Card] = deque(self.pack)
        self.hands: list[list[Card]] = [[] for _ in players]

    def deal(self, each: int) -> None:
        """``each`` cards from the top of the stock to every player, one at a time clockwise from the dealer's left."""
        n = len(self.players)
        for _ in range(each):
            for k in range(1, n + 1):
                self.hands[(self.dealer + k) % n].append(self.stock.popleft())

    def draw(self, most: int) -> list[Card]:
        """Up to ``most`` cards off the top of the stock (as many as are left, if fewer)."""
        return [self.stock.popleft() for _ in range(min(most, len(self.stock)))]

    def elsewhere(self) -> int:
        """The cards neither in a hand nor in the stock (on the table, in bundles, laid); none here."""
        return 0

    def card_count(self) -> int:
        """Every card in the game, wherever it is: always the size of the pack."""
        return sum(map(len, self.hands)) + len(self.stock) + self.elsewhere()

    def refuse(self, message: Message, code: str, rule: str) -> IllegalMoveError:
        """The error for an illegal move of the player to move: why, its code, the rule, and the legal moves."""
        return IllegalMoveError(message, code=code, rule=rule, legal=tuple(self.legal_moves()))

    def not_held(self, card: Card) -> IllegalMoveError:
        """The error for playing a card the player to move does not hold.

        Another player's card is a move out of turn (DECISIONS.md, round 3); any other is not in hand.
        """
        name = self.players[self.to_move]
        other = next((s for s, hand in enumerate(self.hands) if card in hand), None)
        if other is not None:
            return self.refuse(
                t(
                    "{card} is {other}'s card, but it was {player}'s turn.",
                    card=card,
                    other=self.players[other],
                    player=name,
                ),
                "play.out_of_turn",
                "turn",
            )
        return self.refuse(
            t("It is {player}'s turn, and {player} does not hold {card}.", player=name, card=card),
            "play.not_in_hand",
            "turn",
        )


GameReader = Callable[
    [Deal | None, Ledger, list[str], dict[str, Any]], tuple[DealResult, int, T] | None
]
"""How a game reads one deal of its record: the deal (None when it cannot be read), the ledger, the players
and the options give the deal's result, its dealer's seat, and what more the game keeps of it."""


def read_games(
    game: Game, doc: Document, read: GameReader[T]
) -> tuple[Ledger, list[str], dict[str, Any], list[T]]:
    """A record in which every deal is a game of its own (Collector, Red and Black): the header, then each deal
    read by ``read`` (:func:`~referee.engines.deals.each_deal`) and added to the :class:`Ledger`, which keeps
    the totals and the dealer rotation. Returns the ledger, the players, the options and, for every deal
    that could be read, what more ``read`` gave; raises when the record cannot be used.

    >>> from referee.records.fields import DEALER, RecordSpec
    >>> from referee.records.source import load_text
    >>> class Toy(Game):
    ...     slug, player_counts, record = "toy", (2,), RecordSpec(deal=(DEALER,))
    ...     def check(self, doc): raise NotImplementedError
    >>> def one(deal, ledger, players, options):    # every player scores 1; the game keeps the dealer's name
    ...     dealer = players.index(deal.value["dealer"])
    ...     ledger.check_dealer(deal, players, dealer)
    ...     return deal.result(dict.fromkeys(players, 1), []), dealer, players[dealer]
    >>> doc = load_text("game: toy\\nplayers: [Anna, Boris]\\ndeals: [{dealer: Anna}, {dealer: Anna}]\\n")
    >>> ledger, players, options, dealers = read_games(Toy(), doc, one)
    >>> ledger.totals, dealers, [f.code for f in ledger.findings]
    ({'Anna': 2, 'Boris': 2}, ['Anna', 'Anna'], ['deal.dealer_order'])
    """
    r = Reader(doc)
    players, options = r.header(game, extra=())
    ledger = Ledger(doc, dict.fromkeys(players, 0))
    deals = r.sequence(("deals",))
    r.raise_if_any()
    kept: list[T] = []
    for i, (result, dealer, more) in each_deal(
        r,
        deals,
        lambda i: read(
            Deal.open(r, i, game.record, ledger.findings, players), ledger, players, options
        ),
    ):
        ledger.add(i, result, dealer)
        kept.append(more)
    r.raise_if_any()
    return ledger, players, options, kept


PACK_EXAMPLE: tuple[str, Message, str] = ("pack", t("Pack, top card first"), "cards")
"""A full play's pack as a worked example shows it (:attr:`~referee.engines.game.Game.example_fields`)."""


class PackGame(Game):
    """The referee of a game played with the whole pack in which every deal is a game of its own (Collector,
    Stealing Bundles, Red and Black): a page heads each deal "Game n", and its facts start with the players
    and the pack."""

    deal_heading = N_("Game {n}")
    deck_size = len(DECK)

    def facts(self) -> list[tuple[Message, Any]]:
        """The numbers a page shows: the players, the pack (:meth:`pack_fact`), then :meth:`play_facts`."""
        return [players_fact(self.player_counts), self.pack_fact(), *self.play_facts()]

    def pack_fact(self) -> tuple[Message, Any]:
        """The "Cards" line of the facts: by default a full pack in which only ranks count."""
        return ranks_only_fact()

    def play_facts(self) -> list[tuple[Message, Any]]:
        """The game's own facts, after the players and the pack."""
        return []


def ranks_only_fact() -> tuple[Message, Message]:
    """The "Cards" line of the facts of a game played with the whole pack in which only ranks count.

    >>> [str(m) for m in ranks_only_fact()]
    ['Cards', '52, a full pack; suits never matter, only ranks']
    """
    return t("Cards"), t("{n}, a full pack; suits never matter, only ranks", n=len(DECK))


def example_deal(
    data: dict[str, Any], deal: dict[str, Any]
) -> tuple[list[str], str, int, list[Card]] | None:
    """A worked example's full-play deal: the players, the notation, the dealer's seat and the pack as
    dealt; None for a summary (no ``pack``). The example is a valid record, so nothing is checked."""
    if "pack" not in deal:
        return None
    players = [str(p) for p in data["players"]]
    notation = data.get("notation", "en")
    return (
        players,
        notation,
        players.index(str(deal["dealer"])),
        parse_cards(deal["pack"], notation),
    )


def moves_in_words(
    state: TurnState[M], moves: Iterable[M], words: Callable[[Any, M, Any], Message] | None = None
) -> list[tuple[str, Message]]:
    """A worked example's moves: who moved, and the move in words, up to and including the first illegal one.

    ``words(state, move, before)`` says a move once it is made (``before`` is the state's ``round``
    attribute before it, or None); by default the move's ``describe()``.
    """
    out: list[tuple[str, Message]] = []
    for move in moves:
        who, before = state.player or "", getattr(state, "round", None)
        if not state.is_legal(move):
            out.append((who, t("{move} (illegal: the replay stops here)", move=move.describe())))
            break
        state.push_unchecked(move)
        out.append((who, move.describe() if words is None else words(state, move, before)))
    return out


def unfinished(stopped: bool, goes_on: Message) -> tuple[Message, str]:
    """The end and its code for a game the record does not finish: the replay stopped at an illegal move, or
    the game goes on (``goes_on`` says so in the game's words)."""
    if stopped:  # the illegal move is a finding of its own; nothing after it is judged
        return t(
            "The replay stopped at an illegal move, so the game has no result."
        ), "illegal_move"
    return goes_on, "in_progress"


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
        key = (value, notation)
        move = _TAKES.get(key)
        if move is None:
            move = Draw() if value.strip().lower() == "draw" else Take(parse_card(value, notation))
            if len(_TAKES) < 10_000:  # bounded: a fuzz run reads millions of tokens
                _TAKES[key] = move
        return move
    return Take(parse_card(value, notation))


_TAKES: dict[tuple[str, str], Take | Draw] = {}
"""Each take read so far, by its text and notation: a move is a frozen value, so one made is kept
(a replay reads every take twice, once to check the record's shape, once to make it)."""
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


def _list_at(r: Reader, path: Path, shape: Message) -> list[Any] | None:
    """The list at ``path`` (empty when the field is left out); None, noted with ``shape``, when it is not a list.

    >>> from referee.records.source import load_text
    >>> r = Reader(load_text("moves: 7♠\\n"))
    >>> _list_at(r, ("moves",), t("a list")), _list_at(r, ("rounds",), t("a list")), [e.code for e in r.errors]
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
    raw_moves = _list_at(
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


# A record in rounds of laying and taking -----------------------------------------------------------------


PHASES = ("lay", "take")
"""A round's parts in a record, in the order they are played: every player lays, then every player takes."""


@cache
def _turn_orders(players: int) -> tuple[tuple[int, ...], ...]:
    """For each first seat, every seat in turn order from it (worked out once per number of players)."""
    return tuple(tuple((first + k) % players for k in range(players)) for first in range(players))


class RoundsState(PackState[M]):
    """A pack game played in rounds of :data:`PHASES`: first the players who hold cards lay, one each, then every
    player takes, each phase in turn order from the round's first seat. :func:`round_moves` reads a record's
    rounds for it.

    The game starts the first round with :meth:`begin_round`, calls :meth:`next_turn` after each move and
    ends a round in :meth:`end_round` (which begins the next, unless the game is over). With
    ``rotating`` the first seat moves one place to the left each round; otherwise it is the dealer's left.
    """

    def __init__(
        self, players: Sequence[str], dealer: int, pack: Sequence[Card], rotating: bool = False
    ):
        super().__init__(players, dealer, pack)
        self.rotating = rotating
        self.round = 0
        self.phase = PHASES[0]
        self.queue: list[int] = []
        """The seats still to act in this phase, the player to move first."""

    def first_seat(self) -> int:
        """Who lays and chooses first this round."""
        shift = self.round - 1 if self.rotating else 0
        return (self.dealer + 1 + shift) % len(self.players)

    def order(self) -> list[int]:
        """Every seat in turn order, from :meth:`first_seat` (a new list: a caller may use it as a queue)."""
        return list(_turn_orders(len(self.players))[self.first_seat()])

    def begin_round(self) -> None:
        """The next round, at its laying."""
        self.round += 1
        self.phase = "lay"
        self.queue = [s for s in self.order() if self.hands[s]]
        if not self.queue:  # nobody holds a card: nothing to lay, straight to the choices
            self._begin_taking()
        else:
            self.to_move = self.queue[0]

    def _begin_taking(self) -> None:
        self.phase = "take"
        self.queue = self.order()
        self.to_move = self.queue[0]

    def next_turn(self) -> None:
        """After a move: the next player of the phase, the taking, or the end of the round."""
        self.queue.pop(0)
        if self.queue:
            self.to_move = self.queue[0]
        elif self.phase == "lay":
            self._begin_taking()
        else:
            self.end_round()

    def end_round(self) -> None:
        """Every player has taken: the next round (a game ends its rounds here)."""
        self.begin_round()


def read_rounds(r: Reader, path: Path, players: list[str]) -> list[Any] | None:
    """The ``rounds`` of a lay-and-take record: a list of mappings with ``lay`` and ``take``, each naming players
    at the table and cards (or ``draw``) that can be read. None (noted) when they cannot be used."""
    rounds = _list_at(
        r, path, t("rounds must be a list, one entry a round, each with lay and take.")
    )
    if rounds is None:
        return None
    ok = True
    for i, entry in enumerate(rounds):
        p = path + (i,)
        if not isinstance(entry, dict):
            r.fail(
                p,
                t(
                    "A round must have lay (a card per player) and take (a card or draw per player)."
                ),
                "record.shape",
            )
            ok = False
            continue
        r.known_keys(p, {*PHASES, "note"})
        notation = r.notation
        for key in PHASES:
            value = entry.get(key)
            if value is None:
                continue
            if not isinstance(value, dict):
                r.fail(
                    p + (key,),
                    t("{field} must be a mapping of names to values.", field=key),
                    "record.shape",
                )
                ok = False
                continue
            parse: Callable[[Any, str], object] = parse_card if key == "lay" else parse_take
            for name, card in value.items():
                if str(name) not in players:
                    r.fail(
                        p + (key, name),
                        t("{name} is not at this table ({names}).", name=str(name), names=players),
                        "record.unknown_name",
                    )
                    ok = False
                    continue
                try:
                    parse(card, notation)
                except NotationError as err:
                    r.add(err, p + (key, name))
                    ok = False
    return rounds if ok else None


def round_moves(
    state: RoundsState[Any],
    rounds: list[Any],
    notation: str,
    leftover: list[Path],
) -> Iterator[tuple[RoundMove, Path]]:
    """The moves of :func:`read_rounds`'s rounds in the order the state asks for them, each with its path
    under ``rounds``.

    The generator reads the state's ``round`` and ``phase`` as it goes: it is resumed only after each
    move has been made, so it always asks for the player whose turn it is. A player the record leaves
    out gets :class:`Missing`; an entry nobody asks for (after the end of the game, or for a player who
    had no turn) stops it, with its path appended to ``leftover``.
    """
    # state.is_over() and state.player read inline (TurnState's own): this loop runs once a move
    players = state.players
    for i, entry in enumerate(rounds):
        if state._outcome is not None:
            leftover.append((i,))
            return
        number = state.round
        for key in PHASES:
            if key not in entry and i == len(rounds) - 1:
                return  # the record stops in the middle of its last round
            given = {str(k): v for k, v in (entry.get(key) or {}).items()}
            lay = key == "lay"
            while given and state._outcome is None and state.round == number and state.phase == key:
                name = players[state.to_move]
                if name not in given:
                    yield Missing(), (i, key)
                    return
                value = given.pop(name)
                yield (
                    (lay_of(parse_card(value, notation)) if lay else parse_take(value, notation)),
                    (i, key, name),
                )
            if given:
                leftover.append((i, key, next(iter(given))))
                return
            if not state.is_over() and state.round == number and state.phase == key:
                yield (
                    Missing(),
                    (i, key),
                )  # the record ran out of entries while players still had to act
                return


def replay_rounds(
    r: Reader,
    path: Path,
    number: int,
    state: RoundsState[Any],
    rounds: list[Any],
    findings: list[Finding],
) -> Replayed[Any]:
    """Replay :func:`read_rounds`'s rounds (at ``path``, in deal ``number``) into ``state``.

    The first illegal move is the replay's finding (the caller reports it); an entry after the end of
    the game, or for a player who had no turn, is a finding of its own, noted in ``findings``.
    """
    paths: list[Path] = []
    leftover: list[Path] = []

    def recorded() -> Iterator[RoundMove]:
        add = paths.append
        for move, where in round_moves(state, rounds, r.notation, leftover):
            add(where)  # under ``path``: joined to it only for the move a finding is about
            yield move

    replayed = replay_moves(state, recorded(), lambda k: r.doc.where(path + paths[k], deal=number))
    if replayed.finding is None and leftover:
        where = r.doc.where(path + leftover[0], deal=number)
        if state.is_over():
            findings.append(
                Finding(
                    "game.moves_after_end",
                    "error",
                    where,
                    t("The game was already over here; nothing after it counts."),
                )
            )
        else:
            findings.append(
                Finding(
                    "round.unexpected",
                    "error",
                    where,
                    t(
                        "This player has no turn here: he held no card to lay, or has already "
                        "acted this round."
                    ),
                )
            )
    return replayed
