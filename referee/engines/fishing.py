"""What the games dealt from one pack repeat: the deal into hands and a stock, a record in rounds of
laying and taking, and a referee (:class:`PackGame`) whose record holds one game a deal
(:func:`games_record`, :func:`read_games`); their moves are :mod:`referee.engines.fishing_moves`.

Collector, Stealing Bundles and Red and Black are turn games (:mod:`referee.engines.turns`): each has a
:class:`~referee.engines.turns.TurnState` that holds its rules. Collector and Stealing Bundles deal
from a pack given top card first, so their states share :class:`PackState` (Collector's rounds of
laying and taking: :class:`RoundsState`); their moves and Red and Black's one move (``Draw``)
are small frozen dataclasses (:mod:`referee.engines.fishing_moves`), each with its ``describe()`` in
the reader's language. A move
the state refuses (:meth:`PackState.refuse`) is a finding, never an unusable record; a worked
example lists the moves in words with :func:`moves_in_words`. The cards themselves are read from a
record by :mod:`referee.records.hands`.

>>> from referee.notation import parse_cards
>>> from referee.engines.fishing_moves import DRAW_MOVE, Draw
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
from functools import cache
from typing import Any, TypeVar

from referee.cards import Card
from referee.engines.deals import Deal, each_deal
from referee.engines.fishing_moves import (
    Missing,
    RoundMove,
    lay_of,
    list_at,
    moves_read,
    parse_lay,
    parse_take,
)
from referee.engines.game import DealResult, Finding, Game, players_fact
from referee.engines.ledger import Ledger
from referee.engines.reader import Reader
from referee.engines.turns import IllegalMoveError, M, Replayed, TurnState, replay_moves
from referee.errors import NotationError
from referee.messages import N_, Message, t
from referee.notation import parse_card, parse_cards
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


# A record in rounds of laying and taking -----------------------------------------------------------------


PHASES = ("lay", "take")
"""A round's parts in a record, in the order they are played: every player lays, then every player takes."""
ROUND_KEYS = frozenset({*PHASES, "note"})
"""What a round of a record may hold."""


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
        # first_seat's sum written out: a replay asks twice a round, and the call was most of the cost
        n = len(self.players)
        return list(_turn_orders(n)[(self.dealer + (self.round if self.rotating else 1)) % n])

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

    def replay_round(self, entry: Any, notation: str) -> list[M] | None:
        """Make a record's whole round at once, as :func:`replay_rounds` would make it move by move, and
        give its moves; None, the state untouched, when the round is not one the game can make so (by
        default none is: every round goes move by move)."""
        return None


def read_rounds(r: Reader, path: Path, players: list[str]) -> list[Any] | None:
    """The ``rounds`` of a lay-and-take record: a list of mappings with ``lay`` and ``take``, each naming players
    at the table and cards (or ``draw``) that can be read. None (noted) when they cannot be used."""
    rounds = list_at(
        r, path, t("rounds must be a list, one entry a round, each with lay and take.")
    )
    if rounds is None:
        return None
    ok = True
    notation, seated = r.notation, set(players)
    # The texts read already, for each phase (by any record: the moves kept by their text, which the
    # replay then looks up): a record writes the same few dozen cards again and again, and a text reads
    # the same every time (one that cannot be read is read, and noted, each time).
    lays_read, takes_read = moves_read(notation)
    read: dict[str, dict[str, Any]] = {"lay": lays_read, "take": takes_read}
    for i, entry in enumerate(rounds):
        if not isinstance(entry, dict):
            r.fail(
                path + (i,),
                t(
                    "A round must have lay (a card per player) and take (a card or draw per player)."
                ),
                "record.shape",
            )
            ok = False
            continue
        # nearly always all known: the entry is not looked up again from the top of the record
        if not ROUND_KEYS.issuperset(entry):
            r.known_keys(path + (i,), ROUND_KEYS)
        for key in PHASES:
            value = entry.get(key)
            if value is None:
                continue
            if not isinstance(value, dict):
                r.fail(
                    path + (i, key),
                    t("{field} must be a mapping of names to values.", field=key),
                    "record.shape",
                )
                ok = False
                continue
            parse: Callable[[Any, str], object] = parse_lay if key == "lay" else parse_take
            known = read[key]
            for name, card in value.items():
                if (name if type(name) is str else str(name)) not in seated:
                    r.fail(
                        path + (i, key, name),
                        t("{name} is not at this table ({names}).", name=str(name), names=players),
                        "record.unknown_name",
                    )
                    ok = False
                    continue
                if type(card) is str and card in known:
                    continue
                try:
                    parse(card, notation)
                except NotationError as err:
                    r.add(err, path + (i, key, name))
                    ok = False
                    continue
    return rounds if ok else None


def round_moves(
    state: RoundsState[Any],
    rounds: list[Any],
    notation: str,
    leftover: list[Path],
    start: int = 0,
) -> Iterator[tuple[RoundMove, Path]]:
    """The moves of :func:`read_rounds`'s rounds in the order the state asks for them, each with its path
    under ``rounds``; from round ``start`` (the state has made those before it).

    The generator reads the state's ``round`` and ``phase`` as it goes: it is resumed only after each
    move has been made, so it always asks for the player whose turn it is. A player the record leaves
    out gets :class:`Missing`; an entry nobody asks for (after the end of the game, or for a player who
    had no turn) stops it, with its path appended to ``leftover``.
    """
    # state.is_over() and state.player read inline (TurnState's own): this loop runs once a move
    players = state.players
    for i in range(start, len(rounds)):
        entry = rounds[i]
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
    notation = r.notation
    # Whole rounds first, while the game can make them at once (every move legal, nothing left over):
    # a legal record then never makes a move object, a generator step or a legality test per move.
    # The first round it cannot make (an illegal or missing move, the end of the game) and everything
    # after it go move by move below, from the state at that round's start, so findings are the same.
    start, made, fast = 0, 0, state.replay_round
    while start < len(rounds):
        moves = fast(rounds[start], notation)
        if moves is None:
            break
        start += 1
        made += len(moves)

    def recorded() -> Iterator[RoundMove]:
        add = paths.append
        for move, where in round_moves(state, rounds, notation, leftover, start):
            add(where)  # under ``path``: joined to it only for the move a finding is about
            yield move

    replayed = replay_moves(state, recorded(), lambda k: r.doc.where(path + paths[k], deal=number))
    if replayed.index is not None:
        replayed.index += made  # the moves of the rounds made at once come first
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
