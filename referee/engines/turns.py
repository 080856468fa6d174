"""The turn engine: the shared shape of every game that is not a trick game.

Stops, capturing, collecting, layout and race games (Comet, Stealing Bundles, Collector, Red and
Black, Kings Corners, Construction) have nothing in common but their shape, which is the shape of
python-chess's ``Board``: one state object per game (or deal) that says whose turn it is, lists the
legal moves, takes a move with :meth:`TurnState.push` (checked: a typed error that names the rule)
and, once the game is over, gives an :class:`Outcome` that says why it ended. A full-play record is
a starting position plus the moves; :func:`replay_moves` pushes them one by one and turns the first
illegal move into a :class:`~referee.engines.game.Finding` with its place, so a dispute can be settled
move by move. Trick games use :mod:`referee.engines.tricks` instead.

A game module subclasses :class:`TurnState` and keeps its whole rules in that one class. A
minimal example, a race to take the last of seven counters, one or two at a time:

>>> from dataclasses import dataclass
>>> @dataclass(frozen=True)
... class Take:
...     n: int
...     def describe(self) -> Message:
...         return t("take {n}", n=self.n)
>>> class Counters(TurnState[Take]):
...     def __init__(self) -> None:
...         super().__init__(["Anna", "Boris"])
...         self.left = 7
...     def legal_moves(self) -> list[Take]:
...         return [] if self.is_over() else [Take(n) for n in (1, 2) if n <= self.left]
...     def apply(self, move: Take) -> None:
...         self.left -= move.n
...         if self.left == 0:
...             self.finish(Outcome((self.players[self.to_move],), "game.last_counter",
...                                 t("took the last counter")))
...         else:
...             self.to_move = self.next_seat(self.to_move)
...     def why_illegal(self, move: Take) -> IllegalMoveError:
...         return IllegalMoveError(t("Take one or two counters, at most what is left."), code="counters.take",
...                                 rule="take", legal=tuple(self.legal_moves()))
>>> game = Counters()
>>> game.player, [m.n for m in game.legal_moves()]
('Anna', [1, 2])
>>> game.push(Take(3))
Traceback (most recent call last):
...
referee.engines.turns.IllegalMoveError: Take one or two counters, at most what is left.
>>> for n in (2, 2, 1, 2):
...     game.push(Take(n))
>>> game.outcome().winners, game.outcome().code, game.player is None
(('Boris',), 'game.last_counter', True)
>>> finished = replay_moves(Counters(), [Take(2), Take(2), Take(2), Take(2)])
>>> finished.finding.code, finished.finding.where.path, finished.index
('counters.take', 'moves[3]', 3)
>>> str(push_at(Counters(), Take(3), Where(path="turns[0]"), t("Turn {k}: {why}", k=1)).message)
'Turn 1: Take one or two counters, at most what is left.'
>>> import random
>>> random_playout(Counters(), random.Random(1)).is_over()
True
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Collection, Iterable, Sequence
from dataclasses import dataclass, field, fields
from functools import partial
from typing import TYPE_CHECKING, Any, ClassVar, Generic, NamedTuple, Protocol, TypeVar

from referee.errors import IllegalPlayError, Where
from referee.messages import Message, t

if TYPE_CHECKING:
    import random


class TurnDuty(NamedTuple):
    """A sentence of a turn game's duties of play, and its test: ``holds(state, legal)`` is true when the
    moves the state allows (``legal``, from :meth:`TurnState.legal_moves`) are what the sentence says."""

    message: Message
    holds: Callable[[Any, list[Any]], bool]


class Move(Protocol):
    """What a move must offer: a description in the reader's language (cards are rendered there)."""

    def describe(self) -> Message:
        """``plays 7♥``, ``takes the 9♣ from Boris's bundle``, …"""
        ...


M = TypeVar("M", bound=Move)


class WordedMove:
    """A move whose words are one message filled from its fields, for a frozen dataclass to inherit.

    A game's move declares ``words`` (a message id marked with :func:`~referee.messages.N_`) and gets
    :meth:`describe` (rendered in the reader's language) and ``str()`` (the same words in English, for
    doctests and logs); ``text`` gives ``str()`` other English words where the short form differs.

    >>> from referee.messages import N_
    >>> @dataclass(frozen=True)
    ... class Take(WordedMove):
    ...     n: int
    ...     words = N_("take {n}")
    >>> Take(2).describe() == t("take {n}", n=2), str(Take(2))
    (True, 'take 2')
    """

    words: ClassVar[str]
    text: ClassVar[str | None] = None

    def describe(self) -> Message:
        """The move in words, its fields as the message's parameters."""
        return Message(self.words, {f.name: getattr(self, f.name) for f in fields(self)})  # type: ignore[arg-type]

    def __str__(self) -> str:
        if self.text is not None:
            return self.text.format(**{f.name: getattr(self, f.name) for f in fields(self)})  # type: ignore[arg-type]
        return str(self.describe())


class IllegalMoveError(IllegalPlayError):
    """A move that breaks a rule of a turn game; ``rule`` names it and ``legal`` lists what was allowed."""


@dataclass(frozen=True)
class Outcome:
    """How a game (or a deal) ended: who won, a stable code and a localizable reason.

    ``winners`` is empty for a drawn game; several names are a shared win.
    """

    winners: tuple[str, ...]
    code: str
    reason: Message
    scores: dict[str, int] = field(default_factory=dict)

    @property
    def is_draw(self) -> bool:
        """True when nobody won."""
        return not self.winners


class TurnState(ABC, Generic[M]):
    """The state of one game or deal: whose turn it is, the legal moves, the moves so far.

    Subclasses implement :meth:`legal_moves`, :meth:`apply` (the move is already known to be legal)
    and :meth:`why_illegal` (the rule a given illegal move breaks), and call :meth:`finish` when the
    game ends. ``to_move`` is the seat (an index into ``players``) whose turn it is.
    """

    def __init__(self, players: Sequence[str], first: int = 0):
        self.players: list[str] = list(players)
        self.to_move: int = first
        self.moves: list[M] = []
        self._outcome: Outcome | None = None

    # What a game defines -------------------------------------------------------------------------

    @abstractmethod
    def legal_moves(self) -> list[M]:
        """Every move the player to move may make now; empty once the game is over."""

    @abstractmethod
    def apply(self, move: M) -> None:
        """Carry out a move already known to be legal."""

    @abstractmethod
    def why_illegal(self, move: M) -> IllegalMoveError:
        """The error for a move that is not legal now, naming the rule it breaks."""

    def is_legal(self, move: M) -> bool:
        """Whether ``move`` is among the legal moves. Games with many moves may answer faster."""
        return move in self.legal_moves()

    def random_move(self, rng: random.Random) -> M | None:
        """A uniformly random legal move; None when there is none.

        The only legal move is taken without a draw; otherwise the move is ``legal[int(rng.random() * n)]``
        with ``legal`` as :meth:`legal_moves` lists it (the trick engine's draw). A game whose moves are
        many overrides this to count its moves and build only the one drawn, in the same order with
        the same draw, so that a seed plays the same game whichever path runs (the tests compare them).
        """
        moves = self.legal_moves()
        if len(moves) < 2:
            return moves[0] if moves else None
        return moves[int(rng.random() * len(moves))]

    def play_randomly(self, rng: random.Random, limit: int = 100_000) -> None:
        """Make :meth:`random_move` until the game ends or ``limit`` moves are made (random playouts).

        A game may inline the whole loop where the per-move calls are the cost; it must make the same
        moves as this loop for the same seed.
        """
        # push_unchecked inlined: apply, then record the move (a call per move less in the hot loop)
        pick, apply, add = self.random_move, self.apply, self.moves.append
        for _ in range(limit):
            if self._outcome is not None:
                break
            move = pick(rng)
            if move is None:
                break
            apply(move)
            add(move)

    # The shared shape -----------------------------------------------------------------------------

    @property
    def player(self) -> str | None:
        """The name of the player to move; None once the game is over."""
        return None if self._outcome is not None else self.players[self.to_move]

    def push(self, move: M) -> None:
        """Make a move, checked: an illegal one raises :class:`IllegalMoveError` and changes nothing."""
        if self._outcome is not None:
            raise IllegalMoveError(
                t("The game is already over; no move can follow."),
                code="turns.after_end",
                rule="end",
            )
        if not self.is_legal(move):
            raise self.why_illegal(move)
        self.push_unchecked(move)

    def push_unchecked(self, move: M) -> None:
        """Make a move without checking it (random playouts whose moves come from :meth:`legal_moves`)."""
        self.apply(move)
        self.moves.append(move)

    def finish(self, outcome: Outcome) -> None:
        """End the game (called by :meth:`apply`)."""
        self._outcome = outcome

    def outcome(self) -> Outcome | None:
        """How the game ended, or None while it goes on."""
        return self._outcome

    def is_over(self) -> bool:
        """True once :meth:`finish` was called."""
        return self._outcome is not None

    def next_seat(self, seat: int, step: int = 1) -> int:
        """The seat ``step`` places clockwise (to the left) of ``seat``."""
        return (seat + step) % len(self.players)


def other_holder(hands: Sequence[Collection[Any]], seat: int, card: Any) -> int | None:
    """The seat of another player who holds ``card`` that ``seat`` plays but does not hold, else None.

    A card played from another player's hand is that player moving out of turn: a wrong turn
    (DECISIONS.md, round 3), reported as a finding, not a card the mover lacks.

    >>> hands = [{"7♥"}, {"K♠"}]
    >>> other_holder(hands, 0, "K♠"), other_holder(hands, 0, "7♥"), other_holder(hands, 0, "2♣")
    (1, None, None)
    """
    if card in hands[seat]:
        return None
    return next((s for s, hand in enumerate(hands) if s != seat and card in hand), None)


@dataclass
class Replayed(Generic[M]):
    """A replay: the state after the last legal move, and the first illegal move's finding if any."""

    state: TurnState[M]
    finding: Any = None  # a referee.engines.game.Finding; typed loosely to keep this module below referee.engines.game
    index: int | None = None
    """The position of the illegal move in the list, from 0; None when every move was legal."""


def push_at(
    state: TurnState[M], move: M, where: Where | Callable[[], Where], words: Message | None = None
) -> Any:
    """Make ``move`` (:meth:`TurnState.push`); if it is illegal, the state is unchanged and the finding
    that says so at ``where`` is returned (a :class:`~referee.engines.game.Finding`); None when it was made.

    ``where`` may be a function that finds the place, called only for an illegal move (finding a line
    in the record for every move of a long replay would cost more than the replay). ``words`` puts the
    broken rule in the record's terms (which turn, which move): a message that gets the reason as ``{why}``.
    """
    from referee.engines.game import Finding

    try:
        state.push(move)
    except IllegalMoveError as err:
        if words is not None:
            err.message = words.replace(params={**words.params, "why": err.message})
        return Finding.from_error(err.at(where() if callable(where) else where))
    return None


def replay_moves(
    state: TurnState[M], moves: Iterable[M], where: Callable[[int], Where] | None = None
) -> Replayed[M]:
    """Push ``moves`` in order; stop at the first illegal one and report it as a finding.

    ``where(i)`` places the ``i``-th move (a record line, a deal); by default the path ``moves[i]``.
    """
    place = where if where is not None else lambda i: Where(path=f"moves[{i}]")
    # A legal move is made as push() makes it (is_legal, apply, then kept), inline: a long record is
    # thousands of them; push_at, its error and the move's place are for the first illegal one only.
    is_legal, apply, keep = state.is_legal, state.apply, state.moves.append
    for i, move in enumerate(moves):
        if state._outcome is None and is_legal(move):
            apply(move)
            keep(move)
            continue
        finding = push_at(state, move, partial(place, i))
        if finding is not None:
            return Replayed(state, finding, i)
    return Replayed(state)


def random_playout(state: TurnState[M], rng: random.Random, limit: int = 100_000) -> TurnState[M]:
    """Play uniformly random legal moves until the game ends (at most ``limit`` moves, then stop):
    :meth:`TurnState.play_randomly`, the game's fast path where it has one."""
    state.play_randomly(rng, limit)
    return state


def generic_playout(state: TurnState[M], rng: random.Random, limit: int = 100_000) -> TurnState[M]:
    """:func:`random_playout` through the generic path: every move listed by :meth:`TurnState.legal_moves`.

    The yardstick of the games' fast paths: for the same seed both must make the same moves.
    """
    for _ in range(limit):
        if state.is_over():
            break
        move = TurnState.random_move(state, rng)
        if move is None:
            break
        state.push_unchecked(move)
    return state
