"""Replaying a full play written a line a turn: one move a line, or any number, perhaps headed by the mover's name.

A game whose turn is one move (Construction: the card turned and its use) lists its turns as
:class:`~referee.records.turn_field.TurnLines`, a move a line; :func:`replay_lines` pushes them one by one, and stops
at a turn recorded after the end or at the first move that breaks a rule (its finding, the rule put in the
record's terms), the caller saying each move made in its own words.

A record of a game whose turn is several moves (Kings Corners: cards and piles moved, then a draw) lists
its turns as :class:`~referee.records.turn_field.TurnLines` with ``several``: ``7♥ N; W>N`` or ``Anna: 7♥ N``.
:func:`replay_turn_lines` pushes each turn's moves, and the move that ends every turn, into the game's
:class:`~referee.engines.turns.TurnState`, and stops at the first thing that keeps the play from going on:

- a line that cannot be read, or is headed by a name not at the table: the record's problem, noted;
- a turn headed by another player's name, or a card played from another player's hand: a wrong turn
  (DECISIONS.md, round 3), a finding, and nothing after it is judged;
- a move that breaks a rule: its finding, the rule put in the record's terms (which turn, which move);
- a turn after the game (or hand) is over, or a move after the mover's turn ended (he went out): a finding
  in the game's own words (:class:`TurnWords`).

Such a game's state is a :class:`MovesThenDraw`: it keeps each turn as it happened (:class:`TurnRecord`), says
the turns in words for the verdict's steps, and skips the turns of players who went out. The game keeps its
rules: its moves, when a turn ends and when the game does.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from functools import partial
from typing import Any, ClassVar, Generic

from referee.cards import Card
from referee.engines.deals import Deal, with_params
from referee.engines.game import STOPPED_HERE, wrong_turn
from referee.engines.turns import M, TurnState, other_holder, push_at
from referee.errors import NotationError
from referee.messages import Message, t
from referee.records.turn_field import TurnLines


@dataclass
class TurnRecord(Generic[M]):
    """One turn as it happened, for the explanation: the seat, its moves, the card drawn, and going out."""

    seat: int
    moves: list[M]
    drawn: Card | None = None
    out: bool = False


class MovesThenDraw(TurnState[M]):
    """A game whose turn is any number of moves, then :attr:`end_turn`, the move that ends it (and draws a card
    from the stock, if one is left): the turns as they happened (:attr:`turns`) and the seats of the players who
    went out, in order (:attr:`out`), whose turns :meth:`next_turn` skips. A subclass sets :attr:`hands`.
    """

    end_turn: ClassVar[Any]
    """The move that ends a turn; a record leaves it out (it is implied at the end of every turn's line)."""
    hands: list[list[Card]]
    """The cards each seat holds."""

    def __init__(self, players: Sequence[str], first: int = 0):
        super().__init__(players, first)
        self.out: list[int] = []
        self.turns: list[TurnRecord[M]] = [TurnRecord(first, [])]

    def next_turn(self) -> None:
        """The turn passes to the left, to the next player who is not out."""
        seat = self.next_seat(self.to_move)
        while seat in self.out:
            seat = self.next_seat(seat)
        self.to_move = seat
        self.turns.append(TurnRecord(seat, []))

    def turn_steps(self) -> list[Message]:
        """Each turn in words: the player, his moves, the card drawn, or that he went out."""
        steps: list[Message] = []
        for k, turn in enumerate(self.turns, 1):
            player = self.players[turn.seat]
            plays = [m.describe() for m in turn.moves if m != self.end_turn]
            if not turn.moves:
                continue
            if turn.out:
                steps.append(
                    t("Turn {k}, {player}: {moves}; out.", k=k, player=player, moves=plays)
                )
            elif turn.moves[-1] != self.end_turn:  # a replay stopped inside this turn
                steps.append(t("Turn {k}, {player}: {moves}.", k=k, player=player, moves=plays))
            elif turn.drawn is not None:
                steps.append(
                    t(
                        "Turn {k}, {player}: {moves}; draws {card}.",
                        k=k,
                        player=player,
                        moves=plays or t("no move"),
                        card=turn.drawn,
                    )
                )
            else:
                steps.append(
                    t(
                        "Turn {k}, {player}: {moves}; the stock is empty.",
                        k=k,
                        player=player,
                        moves=plays or t("no move"),
                    )
                )
        return steps


@dataclass(frozen=True)
class TurnWords:
    """A game's own words for what ends a replay of its turns early; each message gets the turn's number ``k``.

    ``code`` is the game's prefix of the findings' codes (``<code>.after_end``, ``<code>.after_out``).
    """

    code: str
    after_end: Message
    """A turn recorded after the end (a finding)."""
    ended: Message
    """The step that says the play cannot be settled because of it."""
    after_out: Message
    """A move after the mover's turn ended because he went out (a finding); also gets ``player`` and ``j``, the
    number of the move that took him out."""
    broken: Message
    """The step after a move that breaks a rule."""


Stopped = tuple[bool, list[Message]]
"""A replay's end: whether every turn was played, and the steps to add when it stopped early."""


def replay_turn_lines(
    deal: Deal,
    state: MovesThenDraw[M],
    lines: Sequence[Any],
    read_move: Callable[[str, str], M],
    words: TurnWords,
) -> Stopped | None:
    """Push every turn of ``lines`` (a deal's ``turns``) into ``state``, each turn's moves (read with ``read_move``
    in the record's notation) and then the move that ends a turn, implied at the end of every line.

    A move's ``card`` held by another player is a wrong turn. Returns ``(True, [])`` once every turn was
    played, ``(False, steps)`` when the play stopped early (its finding added to the deal's), and None (the
    problem noted) when the record cannot be read.
    """
    r, players = deal.r, state.players
    for k, item in enumerate(lines):
        turn_path, where = deal.at("turns", k), deal.where("turns", k)
        if state.is_over():
            _warn_after_end(deal, words, k)
            return False, [with_params(words.ended, k=k + 1)]
        content = item
        if isinstance(item, str) and ":" in item:
            # A turn quoted whole ('Boris: -', "Anna: K♦ NE"): read it as the mapping a player means.
            name, _, rest = item.partition(":")
            if name.strip() in players:
                item = {name.strip(): rest.strip() or None}
        if isinstance(item, dict):
            mover = str(next(iter(item))) if len(item) == 1 else None
            if mover not in players:
                r.fail(
                    turn_path,
                    t("Turn {k} is {player}'s.", k=k + 1, player=state.player),
                    "record.wrong_player",
                    "turns",
                )
                return None
            if (
                mover != state.player
            ):  # the wrong player moved: a wrong turn (DECISIONS.md, round 3)
                deal.findings.append(
                    wrong_turn(
                        where,
                        t(
                            "Turn {k} is {player}'s, but {other} moved.",
                            k=k + 1,
                            player=state.player,
                            other=mover,
                        ),
                    )
                )
                return False, state.turn_steps() + [STOPPED_HERE]
            content = next(iter(item.values()))
        try:
            moves = [read_move(token, r.notation) for token in TurnLines.moves(content)]
        except NotationError as err:
            r.add(err, turn_path)
            return None
        mover, seat = state.player, state.to_move
        for j, move in enumerate([*moves, state.end_turn]):
            ended = (
                state.is_over() or state.to_move != seat
            )  # only going out ends a turn before its last move
            if ended and j == len(moves):
                break  # he went out: his turn ended without its last move
            if ended:
                deal.warn(
                    f"{words.code}.after_out",
                    ("turns", k),
                    with_params(words.after_out, player=mover, j=j),
                    "error",
                )
                return False, state.turn_steps()
            card = getattr(move, "card", None)
            if card is not None and (other := other_holder(state.hands, seat, card)) is not None:
                # another player's card, in a turn written without a name
                deal.findings.append(
                    wrong_turn(
                        where,
                        t(
                            "Turn {k} is {player}'s, but {card} is {other}'s card.",
                            k=k + 1,
                            player=mover,
                            card=card,
                            other=players[other],
                        ),
                    )
                )
                return False, state.turn_steps() + [STOPPED_HERE]
            broken = push_at(
                state,
                move,
                where,
                t("Turn {k}, move {j} ({move}): {why}", k=k + 1, j=j + 1, move=move.describe()),
            )
            if broken is not None:
                deal.findings.append(broken)
                return False, state.turn_steps() + [with_params(words.broken, k=k + 1)]
    return True, []


@dataclass(frozen=True)
class LineWords:
    """A game's own words for a replay of a move a line; each message gets the turn's number ``k``.

    ``code`` is the game's prefix of the finding's code (``<code>.after_end``).
    """

    code: str
    after_end: Message
    """A turn recorded after the end (a finding)."""
    move: Message
    """A broken rule in the record's terms; also gets ``action`` (the move in words) and ``why``."""
    broken: Message
    """The step after a move that breaks a rule."""


def _warn_after_end(deal: Deal, words: TurnWords | LineWords, k: int) -> None:
    """The finding for turn ``k`` (from 0), recorded after the end of the game, in the game's words."""
    deal.warn(
        f"{words.code}.after_end",
        ("turns", k),
        with_params(words.after_end, k=k + 1),
        "error",
    )


def replay_lines(
    deal: Deal,
    state: TurnState[M],
    moves: Sequence[M],
    words: LineWords,
    steps: list[Message],
) -> Iterator[tuple[int, M]]:
    """Push ``moves`` (a deal's ``turns``, a move a line) into ``state`` one by one, and yield each move made with
    its index, for the caller to say in ``steps``. Stop at a turn after the end of the game (a finding in the
    game's words) or at a move that breaks a rule (its finding, and the step ``words.broken``)."""
    for k, move in enumerate(moves):
        if state.is_over():
            _warn_after_end(deal, words, k)
            return
        broken = push_at(
            state,
            move,
            partial(deal.where, "turns", k),
            with_params(words.move, k=k + 1, action=move.describe()),
        )
        if broken is not None:
            deal.findings.append(broken)
            steps.append(with_params(words.broken, k=k + 1))
            return
        yield k, move


# A move written as a card and a place (``7♥ N``), or as one place onto another (``W>N``) -------------------
