"""Many deals at the practice table, every seat a computer player, each move checked by the game's own
rules and each record judged: the property behind the tests and behind ``./run bench --table --soak``.

A computer player's every choice must be one the table lists as allowed and one the game's engine
accepts (a card by the trick rules, a turn game's move by its state); at the end the record the
table offers for download must get the verdict the table shows (:func:`referee.present.web.check`,
what the page runs) and the verdict ``referee check`` gives (:func:`referee.present.verdicts.check_text`),
and, the computers playing only legal moves, a clean one.

>>> result = soak("comet", range(2))
>>> result.deals, result.illegal, result.mismatches
(2, [], [])
"""

from __future__ import annotations

import itertools
import json
import random
from collections.abc import Iterable
from dataclasses import dataclass, field

from referee.engines.tricks import TrickPlay
from referee.simulate.practice import table_class
from referee.simulate.table import Choice, Table
from referee.simulate.trick_tables import TrickTable
from referee.simulate.turn_tables import TurnTable

LANGS = ("en", "ru", "de")
MAX_MOVES = 100_000
"""More moves than any deal takes (Construction's longest races take a few thousand): a deal still going
after them is computer players going round in a circle."""


def illegal_choice(table: Table, choice: Choice) -> str | None:
    """Why the choice about to be made at ``table`` breaks the rules (None: it does not)."""
    ask = table.ask
    assert ask is not None
    if choice.token not in {c.token for c in ask.choices}:
        return f"{choice.token} is not among the choices"
    if isinstance(table, TrickTable) and choice.card is not None and table.play is not None:
        play = table.play
        in_trick = choice.card in play.hands[play.turn] and (
            not isinstance(play, TrickPlay) or play.turn == ask.seat
        )
        refuse = ask.refuse
        if in_trick and refuse is not None and refuse.__name__ in ("refuse_card", "refuse_move"):
            error = play.check(choice.card)
            if error is not None:
                return f"{choice.token}: {error.code}"
    if isinstance(table, TurnTable) and not table.state.is_legal(choice.move):
        return f"{choice.token}: the engine refuses it"
    return None


def checked_play_out(table: Table, rng: random.Random | None = None) -> int:
    """Play a deal to its end, every seat by the computer (or the reader at random from ``rng``), each
    move checked before it is made (an AssertionError names the game, the seed and the move); the
    number of moves."""
    moves = 0
    while table.ask is not None:
        ask = table.ask
        choice = ask.auto() if rng is None or ask.seat != table.reader else rng.choice(ask.choices)
        wrong = illegal_choice(table, choice)
        assert wrong is None, (table.slug, table.seed, wrong)
        table._make(choice)
        moves += 1
    return moves


@dataclass
class Soaked:
    """What a soak of one game found: deals and moves played, illegal moves and verdict mismatches."""

    slug: str
    deals: int = 0
    moves: int = 0
    illegal: list[str] = field(default_factory=list)
    mismatches: list[str] = field(default_factory=list)


def soak(
    slug: str, seeds: Iterable[int], judge_every: int = 1, players: int | None = None
) -> Soaked:
    """Deals of ``slug`` from ``seeds`` (``players`` at the table, else the game's usual number), all
    seats computer players; every ``judge_every``-th deal's record is judged twice, as the page does
    and as ``referee check`` does, and must be clean and agree."""
    from referee.present.verdicts import check_text
    from referee.present.web import check

    cls = table_class(slug)
    out = Soaked(slug)
    for k, seed in enumerate(seeds):
        lang = LANGS[seed % len(LANGS)]
        table = cls(seed, lang, players)
        for made in itertools.count():
            if table.ask is None:
                break
            if (
                made == MAX_MOVES
            ):  # computer players that never finish (a cycle) fail here, not by memory
                out.illegal.append(f"{slug} seed {seed}: no end after {MAX_MOVES} moves")
                break
            choice = table.ask.auto()
            wrong = illegal_choice(table, choice)
            if wrong is not None:
                out.illegal.append(f"{slug} seed {seed}: {wrong}")
                break
            table._make(choice)
            out.moves += 1
        out.deals += 1
        if table.ask is not None or k % judge_every:
            continue
        text = table.record_text()
        shown = json.loads(check(text, lang))
        verdict = check_text(text)
        scores = [d.get("scores") for d in shown.get("result", {}).get("deals", [])]
        if verdict.exit_status != 0 or verdict.findings:
            out.mismatches.append(f"{slug} seed {seed}: {[f.code for f in verdict.findings]}")
        elif shown["status"] != verdict.exit_status or scores != [d.scores for d in verdict.deals]:
            out.mismatches.append(f"{slug} seed {seed}: the page's verdict differs")
    return out
