"""Red and Black: every card accounted for at every draw, the colour needed alternates, replays agree."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from referee import check_text
from referee.engines.turns import IllegalMoveError
from referee.games import red_and_black as rb
from referee.notation import parse_cards
from referee.records.hands import DECK
from referee.simulate.red_and_black import red_and_black_deal, shuffled_stock
from tests.conftest import (
    ROOT,
    broken_records,
    cli_error_after,
    dump,
    errors_of,
    mangled,
    verdict_or_typed_error,
)
from tests.strategies import ANY_NOTATION, SEEDS

NAMES = ["Anna", "Boris", "Vera", "Gleb", "Dasha"]
EX = ROOT / "examples" / "red-and-black"


def record(players, *deals, **top) -> dict:
    return {"game": "red-and-black", "players": players, **top, "deals": list(deals)}


def oracle(players: list[str], red: list[bool]) -> dict[str, int]:
    """Written from the rules, not from the module: draw until the colour on top of the pile, which alternates."""
    taken = dict.fromkeys(players, 0)
    seat, need_red = 0, True
    for is_red in red:
        if is_red == need_red:
            need_red = not need_red
            seat = (seat + 1) % len(players)
        else:
            taken[players[seat]] += 1
    return taken


@settings(max_examples=150, deadline=None)
@given(st.integers(2, 5), SEEDS)
def test_cards_are_kept_and_the_colour_needed_alternates_at_every_draw(n, rng):
    black, red, stock = shuffled_stock(rng)
    assert not black.suit.is_red and red.suit.is_red
    assert (
        len(stock) == 50 and sum(c.suit.is_red for c in stock) == 25
    )  # 25 of each colour after the two
    assert sorted([black, red, *stock]) == sorted(DECK)
    game = rb.RedBlackGame([str(k) for k in range(n)], [c.suit.is_red for c in stock], stock)
    while not game.is_over():
        assert game.legal_moves() == [rb.Draw()]
        game.push(rb.Draw())
        # Every card is in the stock, taken by a player, or in the pile with the two starting cards.
        everywhere = stock[game.position :] + game.taken_items() + game.pile_items() + [black, red]
        assert sorted(everywhere) == sorted(DECK)
        assert len(game.taken_items()) == sum(game.taken)
    assert game.discards == [k % 2 == 0 for k in range(len(game.discards))]  # red, black, red, …
    assert game.outcome().scores == oracle([str(k) for k in range(n)], game.red)
    with pytest.raises(IllegalMoveError):
        game.push(rb.Draw())


@settings(max_examples=80, deadline=None)
@given(
    st.integers(2, 5),
    st.integers(0, 4),
    SEEDS,
    ANY_NOTATION,
    st.sampled_from(["all_lose", "nobody_loses"]),
)
def test_a_random_game_replays_to_the_same_outcome_and_its_summary_agrees(
    n, dealer, rng, notation, ties
):
    players = NAMES[:n]
    dealer %= n
    deal = red_and_black_deal(rng, players, dealer, notation)
    stock = parse_cards(deal["stock"], notation)
    order = [players[(dealer + 1 + k) % n] for k in range(n)]
    expected = oracle(order, [c.suit.is_red for c in stock])
    full = dict(deal, claim=expected)
    verdict = check_text(dump(record(players, full, notation=notation, options={"ties": ties})))
    assert verdict.exit_status == 0 and verdict.deals[0].scores == {p: expected[p] for p in players}
    # The same game as colours only, and as the summary a table writes down, gives the same result.
    letters = {"en": "RB", "ru": "КЧ", "de": "RS"}[notation]
    colours = "".join(letters[0] if c.suit.is_red else letters[1] for c in stock)
    as_colours = check_text(
        dump(record(players, {"dealer": deal["dealer"], "stock": colours}, notation=notation))
    )
    assert as_colours.deals[0].scores == verdict.deals[0].scores
    summary = check_text(
        dump(record(players, {"dealer": deal["dealer"], "taken": expected}, options={"ties": ties}))
    )
    assert summary.deals[0].scores == verdict.deals[0].scores
    assert summary.termination == verdict.termination and summary.winner == verdict.winner


def true_draws(red: list[bool]) -> list[bool]:
    """Written from the rules: each card drawn is kept (True) unless it is the colour needed, which alternates."""
    out, need_red = [], True
    for is_red in red:
        out.append(is_red != need_red)
        need_red ^= is_red == need_red
    return out


@settings(max_examples=40, deadline=None)
@given(st.integers(2, 5), SEEDS, ANY_NOTATION)
def test_the_draws_a_record_gives_are_checked_card_by_card(n, rng, notation):
    players = NAMES[:n]
    deal = red_and_black_deal(rng, players, 0, notation)
    draws = true_draws([c.suit.is_red for c in parse_cards(deal["stock"], notation)])
    keep, discard = {"en": "KD", "ru": "БС", "de": "BA"}[notation]
    letters = [keep if kept else discard for kept in draws]
    plain = check_text(dump(record(players, deal, notation=notation)))
    # The draws as played, in full or only the first ones, agree; the English letters are read everywhere.
    for given_draws in (
        "".join(letters),
        " ".join(letters[: rng.randrange(1, 50)]),
        ("K" if draws[0] else "D").lower(),
    ):
        verdict = check_text(
            dump(record(players, dict(deal, draws=given_draws), notation=notation))
        )
        assert verdict.exit_status == plain.exit_status == 0 and verdict.deals == plain.deals
    # One letter changed: a finding at that draw, for the rule it breaks; the stock still decides the scores.
    k = rng.randrange(50)
    letters[k] = discard if draws[k] else keep
    wrong = check_text(dump(record(players, dict(deal, draws="".join(letters)), notation=notation)))
    code, rule = ("play.must_keep", "G10-S8") if draws[k] else ("play.must_discard", "G10-S7")
    assert wrong.exit_status == 1 and [(f.code, f.message.params["k"]) for f in wrong.findings] == [
        (code, k + 1)
    ]
    assert rb.GAME.rule_for(code) == rule and wrong.deals[0].scores == plain.deals[0].scores


@pytest.mark.parametrize("draws", ["KDX", "K" * 51, 7, ["K", "D"], ""])
def test_draws_that_cannot_be_read_make_the_record_unusable(draws):
    text = dump(record(NAMES[:2], {"dealer": "Anna", "stock": "RB" * 25, "draws": draws}))
    assert [e.code for e in errors_of(text)] == ["record.bad_draws"]


def test_random_games_are_reproducible():
    assert red_and_black_deal(random.Random(5), NAMES[:3], 0) == red_and_black_deal(
        random.Random(5), NAMES[:3], 0
    )


@settings(max_examples=60, deadline=None)
@given(st.data(), SEEDS, st.sampled_from([None, -1, "x", [], {}, "RB", "Anna", 99]), st.booleans())
def test_a_mutated_record_gives_a_verdict_or_typed_errors(data, rng, junk, delete):
    players = NAMES[:3]
    full = dict(
        red_and_black_deal(rng, players, 0), claim={"Anna": 1, "Boris": 2, "Vera": 3}, loser="Vera"
    )
    summary = {"dealer": "Anna", "taken": {"Anna": 4, "Boris": 6, "Vera": 1}, "loser": ["Boris"]}
    rec = record(players, full, summary)
    verdict_or_typed_error(mangled(rec, data, junk, delete))


STOCK = (EX / "stock-runs-out.yaml").read_text(encoding="utf-8")
CARDS = (EX / "two-games.yaml").read_text(encoding="utf-8")


# (text, what replaces it, the error that follows, the line the error names): each change breaks
# the record its list is named for.
BROKEN_STOCK = [
    ("stock: RRRBB", "stock: RRRBBB", "record.stock_colours", 22),  # 51 cards
    ("stock: RRRBB", "stock: RRRRB", "record.stock_colours", 22),  # 26 red
    ("stock: RRRBB", "stock: RRXBB", "record.bad_stock", 22),
    ("stock:", "start: {black: 7♠, red: 10♥}\n    stock:", "record.start_without_cards", 22),
    ("dealer: Vera", "dealer: Olga", "record.unknown_name", 21),
    ("players:", "options: {ties: coin}\nplayers:", "record.bad_option_value", 19),
]
BROKEN_CARDS = [
    # twice
    ("start: {black: 7п, red: 10ч}", "start: {black: 7п, red: 4ч}", "record.deck_mismatch", 21),
    ("start: {black: 7п, red: 10ч}", "start: {black: 10ч, red: 7п}", "record.bad_start", 20),
    ("{Anna: 12, Boris: 9, Vera: 4}", "{Anna: 42, Boris: 9, Vera: 4}", "record.too_many_taken", 29),
    ("{Anna: 12, Boris: 9, Vera: 4}", "{Anna: 1, Boris: 47, Vera: 1}", "record.no_turn", 29),
    ("{Anna: 12, Boris: 9, Vera: 4}", "{Anna: 12, Boris: 9}", "record.missing_name", 29),
]


@broken_records((STOCK, BROKEN_STOCK), (CARDS, BROKEN_CARDS))
def test_impossible_records_exit_two(tmp_path, capsys, base, old, new, code, line):
    error = cli_error_after(tmp_path, capsys, base, old, new, code, "de")
    assert error["where"].get("line") == line


def test_ties_and_several_games():
    two = check_text(CARDS.replace("several_games: total", "several_games: each_game"))
    assert two.winner is None and two.termination_code == "each_game"
    nobody = check_text(
        CARDS.replace("several_games: total", "several_games: total, ties: nobody_loses")
    )
    assert nobody.termination_code == "tie_nobody_loses" and nobody.winner == "Vera"
    tie = check_text(
        dump(
            record(
                NAMES[:2],
                {"dealer": "Anna", "taken": {"Anna": 5, "Boris": 5}},
                options={"ties": "nobody_loses"},
            )
        )
    )
    assert tie.winner is None and tie.termination_code == "tie_nobody_loses"
    assert errors_of(dump(record(NAMES[:2], {"dealer": "Anna", "taken": {"Anna": 5}})))


def test_the_explanation_says_where_every_card_went():
    # Colours only: each turn counts the cards taken, and says whether it ended with a discard.
    steps = check_text(STOCK).deals[0].steps[1:-1]
    assert sum(s.params.get("n", 0) for s in steps) == 31
    assert sum("discards" in s.msgid for s in steps) == 19
    # Cards: each turn names them.
    steps = check_text(CARDS).deals[0].steps[1:-1]
    named = [c for s in steps for c in s.params.get("taken", [])]
    named += [s.params["card"] for s in steps if "card" in s.params]
    assert len(named) == 50 and len(set(named)) == 50


def test_every_example_renders_in_every_language():
    from referee.present.blocks import render_block

    for name in ("stock-runs-out", "tie-for-most", "two-games", "a-disputed-draw"):
        for lang in ("en", "ru", "de"):
            assert render_block("example", {"example": f"red-and-black/{name}"}, lang)
