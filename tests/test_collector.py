"""Collector: properties of random legal games, an independent replay, and bad records.

The oracle below replays a recorded game from the rules again, without the referee's code: the
deal, the lays, the takes and draws, the laid cards going back under the stock, the first player
to hold every rank, and the drawn game.
"""

from __future__ import annotations

import random
from collections import deque

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from referee import check_text
from referee.cards import RANKS
from referee.games import collector as co
from referee.notation import parse_card, parse_cards
from referee.simulate.collector import LIMIT, collector_deal, collector_play
from tests.conftest import dump, error_after, errors_of
from tests.strategies import ANY_NOTATION

NAMES = ["Anna", "Boris", "Vera", "Gleb"]


def record(players, *deals, **options):
    return {
        "game": "collector",
        "players": players,
        **({"options": options} if options else {}),
        "deals": list(deals),
    }


def complete(cards) -> bool:
    return {c.rank for c in cards} >= set(RANKS)


# ---------------------------------------------------------------- an independent oracle


def oracle(
    players: list[str], dealer: int, pack, rounds: list[dict], notation: str = "en"
) -> tuple[str | None, str]:
    """Replay a record under the default options: (winner or None, 'win' | 'draw' | 'open')."""
    n = len(players)
    hands = {p: [] for p in players}
    for i in range(5 * n):
        hands[players[(dealer + 1 + i) % n]].append(pack[i])
    stock = deque(pack[5 * n :])
    order = [players[(dealer + 1 + k) % n] for k in range(n)]
    for entry in rounds:
        laid = {}
        for p in order:
            if hands[p]:
                card = parse_card(entry["lay"][p], notation)
                hands[p].remove(card)
                laid[p] = card
        taken = set()
        drawn_dry = False
        for p in order:
            choice = entry["take"][p]
            if choice == "draw":
                for _ in range(2):
                    if stock:
                        hands[p].append(stock.popleft())
            else:
                card = parse_card(choice, notation)
                assert card in laid.values() and laid.get(p) != card and card not in taken
                taken.add(card)
                hands[p].append(card)
            if complete(hands[p]):
                return p, "win"
        drawn_dry = not stock
        for p in order:
            if p in laid and laid[p] not in taken:
                stock.append(laid[p])
        if not taken and drawn_dry:
            return None, "draw"
    return None, "open"


# ---------------------------------------------------------------- random legal games


@pytest.mark.parametrize("completion_check", ["after_each_turn", "end_of_round"])
@pytest.mark.parametrize("draw_rule", ["stock_exhausted", "never"])
@settings(max_examples=6, deadline=None)
@given(
    n=st.sampled_from([2, 3, 4]),
    dealer=st.integers(0, 3),
    rotating=st.booleans(),
    seed=st.integers(0, 2**31),
)
def test_cards_are_conserved_and_the_game_ends_with_a_winner_or_by_the_draw_rule(
    completion_check, draw_rule, n, dealer, rotating, seed
):
    rng = random.Random(seed)
    players = NAMES[:n]
    pack = list(co.DECK)
    rng.shuffle(pack)
    state = co.CollectorState(
        players,
        dealer % n,
        pack,
        completion_check,
        draw_rule,
        "rotating" if rotating else "dealer_left",
    )
    for _ in range(LIMIT):
        if state.is_over():
            break
        assert state.card_count() == 52  # cards conserved at every step
        held = (
            [c for h in state.hands for c in h]
            + list(state.stock)
            + [c for _, c in state.laid if c not in state.taken]
        )
        assert len(set(held)) == 52
        moves = state.legal_moves()
        assert moves and all(state.is_legal(m) for m in moves)
        state.push(rng.choice(moves))
    outcome = state.outcome()
    assert outcome is not None  # it ended
    if outcome.winners:
        assert all(complete(state.hands[players.index(p)]) for p in outcome.winners)
        if completion_check == "after_each_turn":
            assert len(outcome.winners) == 1  # later players never acted
            assert [p for p, h in zip(players, state.hands, strict=True) if complete(h)] == list(
                outcome.winners
            )
    else:
        assert draw_rule == "stock_exhausted" and outcome.code == "draw"
        assert not state.taken  # nobody took a laid card
        assert len(state.stock) == len(state.laid)  # the draws emptied the stock
        assert not any(complete(h) for h in state.hands)


@settings(max_examples=15, deadline=None)
@given(
    n=st.sampled_from([2, 3, 4]),
    dealer=st.integers(0, 3),
    notation=ANY_NOTATION,
    completion_check=st.sampled_from(["after_each_turn", "end_of_round"]),
    taking_order=st.sampled_from(["dealer_left", "rotating"]),
    seed=st.integers(0, 2**31),
)
def test_replaying_a_random_game_from_its_record_gives_the_same_outcome(
    n, dealer, notation, completion_check, taking_order, seed
):
    players = NAMES[:n]
    options = {"completion_check": completion_check, "taking_order": taking_order}
    state = collector_play(random.Random(seed), players, dealer % n, **options)
    deal = collector_deal(random.Random(seed), players, dealer % n, notation, **options)
    rec = record(players, deal, **options)
    rec["notation"] = notation
    verdict = check_text(dump(rec))
    assert verdict.exit_status == 0 and not verdict.findings
    outcome = state.outcome()
    assert outcome is not None
    assert verdict.deals[0].scores == {p: int(p in outcome.winners) for p in players}
    assert verdict.winner == (outcome.winners[0] if len(outcome.winners) == 1 else None)
    if completion_check == "after_each_turn" and taking_order == "dealer_left":
        winner, how = oracle(
            players, dealer % n, parse_cards(deal["pack"], notation), deal["rounds"], notation
        )
        assert (winner, how) == ((outcome.winners[0], "win") if outcome.winners else (None, "draw"))
    # The summary a table would write down agrees.
    if len(outcome.winners) == 1:
        hand = state.hands[players.index(outcome.winners[0])]
        summary = {
            "dealer": deal["dealer"],
            "winner": outcome.winners[0],
            "round": state.round,
            "by": "draw" if isinstance(state.moves[-1], co.Draw) else "take",
            "hand": [str(c) for c in hand],
        }
        if completion_check == "after_each_turn":
            again = check_text(dump(record(players, summary, **options)))
            assert again.exit_status == 0 and again.winner == verdict.winner
        # The claim of the full play, checked against the replay.
        deal["winner"] = outcome.winners[0]
        assert check_text(dump(rec)).exit_status == 0


@settings(max_examples=30, deadline=None)
@given(n=st.sampled_from([2, 3]), seed=st.integers(0, 2**31), data=st.data())
def test_the_first_illegal_take_is_a_finding_with_its_place(n, seed, data):
    players = NAMES[:n]
    deal = collector_deal(random.Random(seed), players, 0)
    k = data.draw(st.integers(0, len(deal["rounds"]) - 1))
    entry = deal["rounds"][k]
    name = next(iter(entry["take"]))
    own = entry["lay"].get(name)
    if own is None:
        return
    entry["take"][name] = own  # taking back one's own card is not allowed
    deal["rounds"] = deal["rounds"][: k + 1]
    verdict = check_text(dump(record(players, deal)))
    assert verdict.exit_status == 1
    assert [f.code for f in verdict.findings] == ["take.not_available"]
    assert verdict.findings[0].where.path == f"deals[0].rounds[{k}].take.{name}"
    assert verdict.termination_code == "illegal_move" and verdict.winner is None


def test_a_record_may_stop_in_the_middle_of_a_round():
    deal = collector_deal(random.Random(4), NAMES[:3], 0)
    deal["rounds"] = deal["rounds"][:3]
    del deal["rounds"][2]["take"]
    verdict = check_text(dump(record(NAMES[:3], deal)))
    assert verdict.exit_status == 0 and verdict.termination_code == "in_progress"


def test_a_missing_lay_breaks_the_rule_of_laying():
    deal = collector_deal(random.Random(4), NAMES[:3], 0)
    first = next(iter(deal["rounds"][0]["lay"]))
    del deal["rounds"][0]["lay"][first]
    verdict = check_text(dump(record(NAMES[:3], deal)))
    assert [f.code for f in verdict.findings] == ["lay.missing"]


# ---------------------------------------------------------------- summaries and bad records

SUMMARY = """\
game: collector
players: [Anna, Boris, Vera]
deals:
  - dealer: Vera
    winner: Anna
    hand: [2♣, 3♦, 4♥, 5♠, 6♣, 7♦, 8♥, 9♠, 10♣, J♦, Q♥, K♠, A♣, 7♠]
    by: draw
    round: 10
"""


def test_a_summary_names_the_winner_and_several_games_are_counted():
    assert check_text(SUMMARY).winner == "Anna"
    two = (
        SUMMARY
        + """\
  - dealer: Anna
    winner: Anna
    hand: [2♣, 3♦, 4♥, 5♠, 6♣, 7♦, 8♥, 9♠, 10♣, J♦, Q♥, K♠, A♣]
"""
    )
    verdict = check_text(two)
    assert verdict.totals == {"Anna": 2, "Boris": 0, "Vera": 0} and verdict.winner == "Anna"
    assert verdict.termination_code == "most_games"
    late = two.replace("  - dealer: Anna", "  - dealer: Boris")
    assert [f.code for f in check_text(late).findings] == ["deal.dealer_order"]


@pytest.mark.parametrize(
    ("old", "new", "code", "line"),
    [
        ("A♣, 7♠]", "7♠]", "record.incomplete_set", 6),
        ("A♣, 7♠]", "A♣, A♣]", "record.card_twice", 6),
        ("round: 10", "round: 8", "record.hand_too_big", 6),
        ("by: draw", "by: magic", "record.shape", 7),
        ("winner: Anna", "winner: Olga", "record.unknown_name", 5),
        ("    winner: Anna\n", "    drawn: true\n    winner: Anna\n", "record.winner_and_draw", 5),
        ("A♣, 7♠]", "A♣, 7x]", "notation.bad_card", 6),
    ],
)
def test_impossible_summaries_are_named_with_field_and_line(old, new, code, line):
    assert error_after(SUMMARY, old, new, code).where.line == line


def test_no_drawn_game_without_a_draw_rule():
    text = (
        "game: collector\nplayers: [Anna, Boris]\noptions: {draw_rule: never}\n"
        "deals:\n  - {dealer: Anna, drawn: true}\n"
    )
    assert [e.code for e in errors_of(text)] == ["record.no_draw"]
    assert (
        check_text(
            text.replace("{draw_rule: never}", "{draw_rule: stock_exhausted}")
        ).termination_code
        == "draw"
    )
