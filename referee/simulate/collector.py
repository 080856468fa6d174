"""Random legal games of Collector.

>>> import random
>>> deal = collector_deal(random.Random(1), ["A", "B", "C"], dealer=2)
>>> sorted(deal), len(deal["pack"].split()), sorted(deal["rounds"][0])
(['dealer', 'pack', 'rounds'], 52, ['lay', 'take'])
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from referee.cards import Card
from referee.engines.fishing_moves import DRAW_MOVE, LAYS, TAKES
from referee.games import collector as co
from referee.notation import format_card
from referee.simulate.play import shuffled, write_cards

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
    pack = shuffled(co.DECK, rng)
    state = co.CollectorState(players, dealer, pack, completion_check, draw_rule, taking_order)
    play_rounds(state, rng, LIMIT)
    return state


def play_rounds(state: co.CollectorState, rng: random.Random, limit: int = LIMIT) -> None:
    """Play ``state`` on at random, as ``CollectorState.play_randomly`` does, a whole round at a time.

    The same moves for the same seed as the game's own random play (``tests/test_simulate_fast.py``
    compares it with the generic loop, as ``tests/test_fast_paths.py`` does the game's), only
    cheaper (1.4 to 1.8 times in one run): what a round needs is kept in local
    variables and given back to the state only where the game's own methods take over (a set
    completed, a round that may end the game, a table with nobody left to lay, the end); the cards
    laid that are still there to take are kept beside their layers' seats, so a taker's own card
    is found among ints, not among cards (``card in cards`` costs about ten times as much as among
    ints: each miss goes through the class's comparison, as Card defines ``__lt__``); each
    seat's count of every rank is kept beside its hand, so a completed set is seen without looking
    at the hand. A state in the middle of a round, or a round that could pass ``limit``, goes the
    game's way.
    """
    rand, add, hands, stock = rng.random, state.moves.append, state.hands, state.stock
    popleft = stock.popleft
    n = len(state.players)
    each_turn = state.completion_check == "after_each_turn"
    may_stall = state.draw_rule == "stock_exhausted"
    orders = [(*range(first, n), *range(first)) for first in range(n)]  # by the round's first seat
    step = 1 if state.rotating else 0  # the first seat of round r: dealer + 1 + (r - 1) * step
    start = state.dealer + 1 - step
    have = [[0] * 15 for _ in hands]  # have[seat][rank]: his cards of that rank (ranks 2 to 14)
    kinds = [0] * n  # the ranks each seat holds
    for seat, hand in enumerate(hands):
        counts = have[seat]
        for card in hand:
            counts[card.rank] += 1
        kinds[seat] = 15 - counts.count(0)  # places 0 and 1 are always 0
    made, rnd, drawn, behind = (
        0,
        state.round,
        state.drawn,
        False,
    )  # behind: the state lags the locals
    queue: Sequence[int] = state.queue if state.phase == "lay" and not state.laid else []
    while queue and made + 2 * n <= limit:
        order = orders[(start + rnd * step) % n]
        laid: list[Card] = []
        for me in queue:
            hand = hands[me]
            card = hand.pop(int(rand() * len(hand))) if len(hand) > 1 else hand.pop()
            laid.append(card)
            add(LAYS[card])
            counts = have[me]
            counts[card.rank] -= 1
            if not counts[card.rank]:
                kinds[me] -= 1
        made += len(laid) + n
        pool, owners = laid[:], list(queue)  # the laid cards not taken yet, and who laid each
        for me in order:
            size = len(pool)
            if me in owners:  # his own card is not his to take: the draw skips its place
                skip, size = owners.index(me), size - 1
            else:
                skip = size
            if size and (k := int(rand() * (size + 1))) < size:
                k += k >= skip
                card = pool[k]
                counts = have[me]
                if not counts[card.rank]:
                    kinds[me] += 1
                    if kinds[me] == co.SET and each_turn:
                        _hand_over(state, rnd, queue, laid, pool, drawn)
                        _last_move(state, order, me, TAKES[card])
                        return
                counts[card.rank] += 1
                del pool[k], owners[k]
                hands[me].append(card)
                drawn = []
                add(TAKES[card])
            else:
                left = len(stock)
                got = [popleft(), popleft()] if left > 1 else [popleft()] if left else []
                counts = have[me]
                for card in got:
                    if counts[card.rank]:
                        counts[card.rank] += 1
                    else:  # a rank he lacked
                        counts[card.rank] = 1
                        kinds[me] += 1
                if kinds[me] == co.SET and each_turn:
                    stock.extendleft(reversed(got))  # put back: the game's own draw makes the move
                    _hand_over(state, rnd, queue, laid, pool, drawn)
                    _last_move(state, order, me, DRAW_MOVE)
                    return
                hands[me] += got
                drawn = got
                add(DRAW_MOVE)
        if not each_turn or (may_stall and len(pool) == len(laid) and not stock):
            _hand_over(state, rnd, queue, laid, pool, drawn)
            state.phase, state.queue, state.to_move = "take", [], order[-1]
            state.end_round()  # the game may end here: in its own words
            if state.outcome() is not None:
                return
            rnd, drawn, behind = state.round, state.drawn, False
            queue = state.queue if state.phase == "lay" and not state.laid else []
            continue
        # end_round and begin_round, the game going on: the cards nobody took to the bottom of the
        # stock in the order they were laid, then the next round, at its laying
        stock.extend(pool)
        rnd += 1
        order = orders[(start + rnd * step) % n]
        queue = order if all(hands) else [s for s in order if hands[s]]
        behind = True
        if not queue:  # nobody holds a card: the game's begin_round goes straight to the choices
            _hand_over(state, rnd - 1, (), [], [], drawn)
            state.phase = "lay"
            state.begin_round()
            behind = False
    if behind:
        _hand_over(state, rnd, (), [], [], drawn)
        state.phase, state.queue, state.to_move = "lay", list(queue), queue[0]
    if state.outcome() is None and made < limit:
        state.play_randomly(rng, limit - made)


def _hand_over(
    state: co.CollectorState,
    rnd: int,
    queue: Sequence[int],
    laid: list[Card],
    pool: list[Card],
    drawn: list[Card],
) -> None:
    """Give :func:`play_rounds`' round back to the state: the round, what was laid (by the seats of
    ``queue``) and taken (what is not left in ``pool``), the last draw."""
    state.laid = list(zip(queue, laid, strict=True))
    state.taken = set(laid).difference(pool)
    state.round, state.drawn = rnd, drawn


def _last_move(
    state: co.CollectorState, order: Sequence[int], me: int, move: co.CollectorMove
) -> None:
    """The take or draw that completes ``me``'s set, made by the game itself (its outcome, its words)."""
    state.phase, state.queue, state.to_move = "take", list(order[order.index(me) :]), me
    state.apply(move)
    state.moves.append(move)


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
