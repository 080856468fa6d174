"""Random legal games of Collector.

>>> import random
>>> deal = collector_deal(random.Random(1), ["A", "B", "C"], dealer=2)
>>> sorted(deal), len(deal["pack"].split()), sorted(deal["rounds"][0])
(['dealer', 'pack', 'rounds'], 52, ['lay', 'take'])
"""

from __future__ import annotations

import random
from typing import Any

from referee.engines.shuffling import shuffle
from referee.engines.turns import random_playout
from referee.games import collector as co
from referee.notation import format_card
from referee.simulate.play import write_cards

LIMIT = 20_000
"""Moves before a random game is cut off (with ``draw_rule: never`` a game need not end)."""


def collector_play(
    rng: random.Random,
    players: list[str],
    dealer: int,
    completion_check: str = "after_each_turn",
    draw_rule: str = "stock_exhausted",
    taking_order: str = "dealer_left",
) -> co.CollectorState:
    """Shuffle a pack and play one game with random legal choices; the state at the end."""
    pack = list(co.DECK)
    shuffle(pack, rng)
    state = co.CollectorState(players, dealer, pack, completion_check, draw_rule, taking_order)
    random_playout(state, rng, LIMIT)
    return state


def write_rounds(state: co.CollectorState, notation: str = "en") -> list[dict[str, Any]]:
    """The moves of a game as the ``rounds`` of a record: per round, who laid what, then who took what."""
    replay = co.CollectorState(
        state.players,
        state.dealer,
        state.pack,
        state.completion_check,
        state.draw_rule,
        state.taking_order,
    )
    rounds: list[dict[str, Any]] = []
    for move in state.moves:
        if replay.round > len(rounds):
            rounds.append({"lay": {}, "take": {}})
        name = str(replay.player)
        if isinstance(move, co.Lay):
            rounds[-1]["lay"][name] = format_card(move.card, notation)
        elif isinstance(move, co.Take):
            rounds[-1]["take"][name] = format_card(move.card, notation)
        else:
            rounds[-1]["take"][name] = "draw"
        replay.push_unchecked(move)
    return rounds


def collector_deal(
    rng: random.Random, players: list[str], dealer: int, notation: str = "en", **options: str
) -> dict[str, Any]:
    """One random legal game as full-play record data: the dealer, the pack and every round."""
    state = collector_play(rng, players, dealer, **options)
    return {
        "dealer": players[dealer],
        "pack": write_cards(state.pack, notation),
        "rounds": write_rounds(state, notation),
    }


def collector_move(state: co.CollectorState, legal: list[Any]) -> Any:
    """A computer player's move: lay a card of a rank it holds twice (else its commonest rank), take a laid
    card of a rank it lacks, else draw.

    A player who holds no rank twice draws rather than takes while the stock lasts: his next lay will
    cost him a rank whatever he takes, and at a table of two (or four) the players would otherwise
    hand the same two cards back and forth for ever, each laying the rank the other lacks."""
    hand = state.hands[state.to_move]
    counts: dict[Any, int] = {}
    for card in hand:
        counts[card.rank] = counts.get(card.rank, 0) + 1
    lays = [m for m in legal if isinstance(m, co.Lay)]
    if lays:
        return max(lays, key=lambda m: (counts[m.card.rank], -m.card.rank))
    missing = set(co.missing_ranks(hand))
    wanted = [m for m in legal if isinstance(m, co.Take) and m.card.rank in missing]
    draw = next((m for m in legal if isinstance(m, co.Draw)), None)
    if wanted and (draw is None or max(counts.values(), default=0) > 1):
        return wanted[0]
    return draw if draw is not None else legal[0]
