"""Possible or exit 2 (DECISIONS.md, round 3): the twelve impossible summaries of robustness round 2,
and the bounds behind them, tested both ways.

Summaries made from random legal games are accepted; a changed summary is accepted exactly when an
independent search (a dynamic programme over the stock for Red and Black, a walk over the stock's
size for Collector) finds a game that gives it.
"""

from __future__ import annotations

import random
from itertools import product
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from referee import check_text
from referee.errors import RecordErrors, RefereeError
from referee.games import collector as co
from referee.games import red_and_black as rb
from referee.games import yacht
from referee.games.deals import yacht as deals_yacht
from referee.simulate.buy_or_pass import buy_or_pass_game
from referee.simulate.collector import collector_play
from referee.simulate.red_and_black import red_and_black_play
from tests.conftest import dump

IMPOSSIBLE = Path(__file__).parent / "data" / "impossible"
EXPECTED = {
    "buy-or-pass-13-bought": "record.bought_sum",
    "buy-or-pass-9-heart-tricks": "record.tricks_sum",
    "buy-or-pass-first-out-without-a-trick": "record.first_out",
    "catch-the-ten-negative-scores-before": "record.not_a_number",
    "collector-drawn-in-round-1": "record.round_impossible",
    "kings-corners-scores-before-past-target": "record.game_over",
    "minnesota-whist-scores-before-past-target": "record.game_over",
    "red-and-black-2p-over-25": "record.taken_impossible",
    "red-and-black-2p-second-player-more": "record.taken_impossible",
    "red-and-black-2p-unbalanced": "record.taken_impossible",
    "red-and-black-4p-unbalanced": "record.taken_impossible",
    "yacht-scores-before-not-multiple-of-10": "record.score_impossible",
}
NAMES = ["Anna", "Boris", "Vera", "Gleb", "Dasha"]


def codes(text: str) -> list[str] | None:
    """None if the record is usable, else the codes that make it unusable."""
    try:
        check_text(text)
    except RefereeError as err:
        return [e.code for e in (err.errors if isinstance(err, RecordErrors) else [err])]
    return None


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_the_twelve_impossible_summaries_are_unusable(name):
    assert EXPECTED[name] in (
        codes((IMPOSSIBLE / f"{name}.yaml").read_text(encoding="utf-8")) or []
    )


def test_every_reproducer_is_in_the_list():
    assert sorted(p.stem for p in IMPOSSIBLE.glob("*.yaml")) == sorted(EXPECTED)


# -- Red and Black: the counts taken ---------------------------------------------------------------


def reachable_taken(n: int, per: int) -> set[tuple[int, ...]]:
    """Every split of the cards taken that some stock of ``per`` red and ``per`` black cards gives,
    found by playing every stock (turn by turn: how many cards of the other colour before the discard)."""
    finals: set[tuple[int, ...]] = set()
    frontier = {(per, per, (0,) * n)}
    k = 0
    while frontier:
        following = set()
        for red, black, taken in frontier:
            seat, needs_red = k % n, k % 2 == 0
            need, other = (red, black) if needs_red else (black, red)
            if (
                need == 0
            ):  # the stock holds only the other colour: this turn takes it all and the game ends
                finals.add(tuple(v + other * (s == seat) for s, v in enumerate(taken)))
                continue
            for x in range(other + 1):
                after = tuple(v + x * (s == seat) for s, v in enumerate(taken))
                following.add(
                    (need - 1, other - x, after) if needs_red else (other - x, need - 1, after)
                )
        frontier = following
        k += 1
    return finals


@pytest.mark.parametrize(("n", "per"), [(2, 7), (3, 5), (4, 4), (5, 3)])
def test_red_and_black_counts_are_possible_exactly_when_a_stock_gives_them(n, per):
    found = reachable_taken(n, per)
    for taken in product(range(2 * per + 1), repeat=n):
        if sum(taken) <= 2 * per:
            assert rb.taken_possible(taken, per) == (taken in found), taken


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**32), n=st.sampled_from(rb.GAME.player_counts))
def test_red_and_black_summaries_of_random_games_are_accepted(seed, n):
    game = red_and_black_play(random.Random(seed), n)
    players = NAMES[:n]
    taken = dict(
        zip(players, game.taken, strict=True)
    )  # seat 0 is the dealer's left: the last player deals
    record = {
        "game": "red-and-black",
        "players": players,
        "deals": [{"dealer": players[-1], "taken": taken}],
    }
    assert codes(dump(record)) is None


# -- Buy or Pass ---------------------------------------------------------------------------------------


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 2**32), dealer=st.integers(0, 3))
def test_buy_or_pass_summaries_of_random_deals_are_accepted(seed, dealer):
    game = buy_or_pass_game(random.Random(seed), dealer)
    play = game["play"]
    tricks = {p: [] for p in NAMES[:4]}
    for trick in play.tricks:
        tricks[NAMES[trick.winner]].append(trick.cards[0].suit.value)
    deal = {
        "dealer": NAMES[dealer],
        "tricks": tricks,
        "bought": dict(zip(NAMES, game["bought"], strict=False)),
    }
    if play.out:
        deal["first_out"] = NAMES[play.out[0]]
    assert codes(dump({"game": "buy-or-pass", "players": NAMES[:4], "deals": [deal]})) is None


@pytest.mark.parametrize(
    ("change", "code"),
    [
        (
            {"tricks": {"Anna": ["♥"] * 4, "Boris": [], "Vera": [], "Gleb": []}},
            None,
        ),  # four tricks led in hearts stand: each holds two of the eight hearts
        (
            {"tricks": {"Anna": ["♥"] * 5, "Boris": [], "Vera": [], "Gleb": []}},
            "record.tricks_sum",
        ),  # a fifth cannot (G6-S13, issue 42)
        (
            {"tricks": {"Anna": ["♥"] * 5, "Boris": ["♥"] * 4, "Vera": [], "Gleb": []}},
            "record.tricks_sum",
        ),
        ({"bought": {"Anna": 6, "Boris": 6, "Vera": 0, "Gleb": 0}}, None),
        ({"bought": {"Anna": 6, "Boris": 6, "Vera": 1, "Gleb": 0}}, "record.bought_sum"),
        (
            {"first_out": "Vera"},
            None,
        ),  # out without a trick of her own, while others' tricks stood: possible
    ],
)
def test_buy_or_pass_bounds(change, code):
    deal = {
        "dealer": "Anna",
        "tricks": {"Anna": ["♥"], "Boris": ["♣"], "Vera": [], "Gleb": []},
        **change,
    }
    got = codes(dump({"game": "buy-or-pass", "players": NAMES[:4], "deals": [deal]}))
    assert got is None if code is None else code in got


# -- Collector: the round of a drawn game ----------------------------------------------------------------


def earliest_draw_by_search(n: int) -> int:
    """The first round in which a game can be drawn, by walking over the stock's size round by round:
    in a round d players draw (two each, as long as the stock lasts) and the others take a laid card; the
    laid cards nobody took go back. A drawn round: everybody draws and the stock is then empty."""
    sizes = {len(co.DECK) - co.HAND * n}
    for round_ in range(1, 60):
        if any(size <= co.DRAW * n for size in sizes):
            return round_
        following = set()
        for size in sizes:
            for d in range(n + 1):
                left = size
                for _ in range(d):
                    left -= min(co.DRAW, left)
                following.add(
                    left + d
                )  # the d cards laid that nobody took (the takers took the others)
        sizes = following
    raise AssertionError("no draw")


@pytest.mark.parametrize("n", co.GAME.player_counts)
def test_collector_a_draw_comes_no_earlier_than_the_search_says(n):
    earliest = co.first_draw_round(n)
    assert earliest == earliest_draw_by_search(n)
    for round_, code in ((earliest - 1, "record.round_impossible"), (earliest, None)):
        deal = {"dealer": NAMES[0], "drawn": True, "round": round_}
        got = codes(dump({"game": "collector", "players": NAMES[:n], "deals": [deal]}))
        assert got is None if code is None else code in got


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 2**32), n=st.sampled_from(co.GAME.player_counts))
def test_collector_random_games_end_no_earlier_than_the_bounds(seed, n):
    state = collector_play(random.Random(seed), NAMES[:n], 0)
    outcome = state.outcome()
    if outcome is None:
        return
    if outcome.code == "draw":
        assert state.round >= co.first_draw_round(n)
    else:
        assert co.max_hand(state.round) >= co.SET


# -- Running scores (scores_before) ------------------------------------------------------------------------


def running(game: str, scores: dict[str, int], **more: Any) -> dict[str, Any]:
    """A record's header for ``game`` with the score so far: its players are the scores' names (or
    ``players``, with ``teams`` that the scores name)."""
    players = more.pop("players", list(scores))
    return {"game": game, "players": players, **more, "scores_before": scores}


SIDES = {"We": ["Anna", "Vera"], "They": ["Boris", "Gleb"]}
FAST_YACHT = {"distance_step": 150, "thirteen_under_points": 250}


@pytest.mark.parametrize(
    ("record", "code"),
    [
        (running("catch-the-ten", {"Anna": -1, "Boris": 0, "Vera": 0}), "record.not_a_number"),
        (running("catch-the-ten", {"Anna": 40, "Boris": 0, "Vera": 0}), None),
        (
            running("catch-the-ten", {"Anna": 29, "Boris": 0, "Vera": 0, "Gleb": 0}),
            "record.score_impossible",
        ),
        (running("catch-the-ten", {"Anna": 20, "Boris": 10, "Vera": 0, "Gleb": 0}), None),
        (running("catch-the-ten", {"Anna": 1, "Boris": 0, "Vera": 0}), None),
        (running("minnesota-whist", {"We": 12, "They": 0}, players=NAMES[:4], teams=SIDES), None),
        (
            running("minnesota-whist", {"We": 13, "They": 0}, players=NAMES[:4], teams=SIDES),
            "record.game_over",
        ),
        (
            running("minnesota-whist", {"We": -1, "They": 0}, players=NAMES[:4], teams=SIDES),
            "record.not_a_number",
        ),
        (running("kings-corners", {"Anna": 49, "Boris": 0, "Vera": 0}), None),
        (running("kings-corners", {"Anna": 50, "Boris": 0, "Vera": 0}), "record.game_over"),
        (running("yacht", {"Anna": -190, "Boris": 0, "Vera": 90}), None),
        (running("yacht", {"Anna": 15, "Boris": 0, "Vera": 0}), "record.score_impossible"),
        (running("yacht", {"Anna": 50, "Boris": -150, "Vera": 0}, options=FAST_YACHT), None),
        (
            running("yacht", {"Anna": 60, "Boris": 0, "Vera": 0}, options=FAST_YACHT),
            "record.score_impossible",
        ),
    ],
)
def test_running_scores_are_possible_or_unusable(record, code):
    got = codes(dump({**record, "deals": ["x"]}))  # the deal is not read when the header is wrong
    if code is None:
        assert not got or not [
            c for c in got if c.startswith(("record.game_over", "record.score", "record.not_a"))
        ]
    else:
        assert got and code in got


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 2**32), n=st.sampled_from([4, 6]), dealer=st.integers(0, 5))
def test_catch_the_ten_deals_with_every_card_dealt_hand_out_the_honours(seed, n, dealer):
    from referee.games import catch_the_ten as ctt
    from referee.simulate import catch_the_ten_deal

    players = (NAMES + ["Egor"])[:n]
    deal = catch_the_ten_deal(random.Random(seed), players, dealer % n)
    verdict = check_text(dump({"game": "catch-the-ten", "players": players, "deals": [deal]}))
    assert sum(verdict.totals.values()) >= ctt.HONOUR_TOTAL


def test_yacht_deal_scores_are_multiples_of_the_unit():
    options = {"distance_step": 15, "thirteen_under_points": 250, "lucky_multiplier": 3}
    unit = yacht.score_unit(options)
    assert unit == 5
    for distance in range(20):
        assert (
            deals_yacht.ordinary_points(0, distance, 0, 0, options["distance_step"])[2] % unit == 0
        )
