"""Stealing Bundles: properties of random legal games, an independent replay, and bad records.

The oracle below replays a game from the rules again, without the referee's code: the deal from
the pack, what a played card may take, where the cards go and who has the most at the end.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from referee import check_text
from referee.cards import Card, deck
from referee.engines.turns import IllegalMoveError
from referee.games import stealing_bundles as sb
from referee.notation import parse_cards
from referee.simulate.stealing_bundles import stealing_bundles_deal, stealing_bundles_play
from tests.conftest import dump, error_after, errors_of
from tests.strategies import ANY_NOTATION

NAMES = ["Anna", "Boris", "Vera", "Gleb"]
CAPTURE = ["one_target", "all_table_matches", "everything"]


def record(players, deal, **options):
    return {
        "game": "stealing-bundles",
        "players": players,
        **({"options": options} if options else {}),
        "deals": [deal],
    }


# ---------------------------------------------------------------- an independent oracle


def oracle(
    players: list[str],
    dealer: int,
    pack: list[Card],
    plays: list[tuple[Card, list[Card], list[str]]],
    capture: str,
) -> tuple[list[int], list[Card], int | None]:
    """Replay from the rules: (bundle sizes, cards left on the table, seat of the last capture).

    Asserts that each play is legal under ``capture``.
    """
    n = len(players)
    cards = list(pack)
    table = cards[:4]
    del cards[:4]
    hands: list[list[Card]] = [[] for _ in range(n)]
    bundles: list[list[Card]] = [[] for _ in range(n)]
    last = None
    seat = (dealer + 1) % n
    for k, (card, took, stole) in enumerate(plays):
        if k % (4 * n) == 0:  # a new round: four each, one at a time from the dealer's left
            for i in range(4 * n):
                hands[(dealer + 1 + i) % n].append(cards[i])
            del cards[: 4 * n]
        assert card in hands[seat]
        same_table = [c for c in table if c.rank == card.rank]
        same_bundles = [
            players[s]
            for s in range(n)
            if s != seat and bundles[s] and bundles[s][-1].rank == card.rank
        ]
        assert set(took) <= set(same_table) and set(stole) <= set(same_bundles)
        if same_table or same_bundles:
            assert took or stole  # capturing is compulsory
        if capture == "one_target":
            assert len(took) + len(stole) <= 1
        elif capture == "all_table_matches":
            assert (
                (set(took) == set(same_table) and not stole)
                or (not took and len(stole) == 1)
                or not (same_table or same_bundles)
            )
        else:
            assert set(took) == set(same_table) and set(stole) == set(same_bundles)
        hands[seat].remove(card)
        if took or stole:
            for name in stole:
                bundles[seat] += bundles[players.index(name)]
                bundles[players.index(name)] = []
            for c in took:
                table.remove(c)
            bundles[seat] += [*took, card]
            last = seat
        else:
            table.append(card)
        seat = (seat + 1) % n
    assert not cards and not any(hands)
    return [len(b) for b in bundles], table, last


# ---------------------------------------------------------------- random legal games


@pytest.mark.parametrize("capture", CAPTURE)
@pytest.mark.parametrize("n", [2, 3, 4])
@settings(max_examples=20, deadline=None)
@given(dealer=st.integers(0, 3), rng=st.randoms(use_true_random=False))
def test_cards_are_conserved_at_every_step_and_all_accounted_for(n, capture, dealer, rng):
    players = NAMES[:n]
    pack = list(sb.DECK)
    rng.shuffle(pack)
    state = sb.BundlesState(players, dealer % n, pack, capture)
    moves = 0
    while not state.is_over():
        assert state.card_count() == 52
        legal = state.legal_moves()
        assert legal and all(m.card in state.hands[state.to_move] for m in legal)
        state.push(rng.choice(legal))
        moves += 1
    assert moves == 48 and state.round == sb.ROUNDS[n]
    assert not state.stock and not any(state.hands)
    assert sum(map(len, state.bundles)) + len(state.table) == 52  # every card accounted for
    assert sorted([*(c for b in state.bundles for c in b), *state.table]) == sorted(deck())
    assert all(len(b) != 1 for b in state.bundles)
    outcome = state.outcome()
    assert outcome is not None and outcome.scores == state.scores()
    best = max(outcome.scores.values())
    assert set(outcome.winners) == {p for p, v in outcome.scores.items() if v == best}


@pytest.mark.parametrize("capture", CAPTURE)
@settings(max_examples=25, deadline=None)
@given(
    n=st.sampled_from([2, 3, 4]),
    dealer=st.integers(0, 3),
    notation=ANY_NOTATION,
    leftovers=st.sampled_from(["not_counted", "last_capturer"]),
    rng=st.randoms(use_true_random=False),
)
def test_replaying_a_random_game_from_its_record_gives_the_same_outcome(
    capture, n, dealer, notation, leftovers, rng
):
    players = NAMES[:n]
    seed = rng.random()
    state = stealing_bundles_play(random.Random(seed), players, dealer % n, capture, leftovers)
    deal = stealing_bundles_deal(random.Random(seed), players, dealer % n, capture, notation)
    rec = record(players, deal, capture=capture, leftovers=leftovers)
    rec["notation"] = notation
    verdict = check_text(dump(rec))
    assert verdict.exit_status == 0 and not verdict.findings
    outcome = state.outcome()
    assert outcome is not None
    assert verdict.deals[0].scores == outcome.scores
    assert verdict.winner == (outcome.winners[0] if len(outcome.winners) == 1 else None)
    assert verdict.termination_code == outcome.code
    # The oracle, from the rules alone.
    pack = parse_cards(deal["pack"], notation)
    plays = []
    for raw in deal["moves"]:
        play = sb.parse_play(raw, players, notation)
        plays.append((play.card, list(play.table), list(play.bundles)))
    sizes, table, last = oracle(players, dealer % n, pack, plays, capture)
    expected = dict(zip(players, sizes, strict=True))
    if leftovers == "last_capturer" and last is not None:
        expected[players[last]] += len(table)
    assert verdict.deals[0].scores == expected
    # The summary a table would write down gives the same result.
    summary = {
        "dealer": deal["dealer"],
        "captured": dict(zip(players, sizes, strict=True)),
        "table": [str(c) for c in table],
        "claim": expected,
    }
    if last is not None:
        summary["last_capture"] = players[last]
    again = check_text(dump(record(players, summary, capture=capture, leftovers=leftovers)))
    assert again.exit_status == 0
    assert again.deals[0].scores == expected and again.winner == verdict.winner


@settings(max_examples=30, deadline=None)
@given(n=st.sampled_from([2, 3, 4]), rng=st.randoms(use_true_random=False), cut=st.integers(0, 47))
def test_the_first_illegal_move_is_a_finding_with_its_place(n, rng, cut):
    players = NAMES[:n]
    deal = stealing_bundles_deal(rng, players, 0)
    play = sb.parse_play(deal["moves"][cut], players, "en")
    if play.captures:  # leaving the card on the table is illegal: the capture was compulsory
        deal["moves"][cut] = str(play.card)
        code = "play.capture_compulsory"
    else:  # taking a card that is not there is illegal
        other = next(c for c in sb.DECK if c.rank != play.card.rank)
        deal["moves"][cut] = f"{play.card} > {other}"
        code = "play.no_such_table_card"
    verdict = check_text(dump(record(players, deal)))
    assert verdict.exit_status == 1
    assert [f.code for f in verdict.findings] == [code]
    assert verdict.findings[0].where.path == f"deals[0].moves[{cut}]"
    assert verdict.termination_code == "illegal_move" and verdict.winner is None


def test_a_record_may_stop_before_the_end():
    deal = stealing_bundles_deal(random.Random(5), NAMES[:2], 1)
    deal["moves"] = deal["moves"][:10]
    verdict = check_text(dump(record(NAMES[:2], deal)))
    assert verdict.exit_status == 0 and verdict.termination_code == "in_progress"


def test_an_illegal_push_changes_nothing():
    state = sb.BundlesState(NAMES[:2], 0, list(sb.DECK))
    before = ([list(h) for h in state.hands], list(state.table), state.to_move)
    with pytest.raises(IllegalMoveError) as info:
        state.push(sb.Play(state.hands[0][0], bundles=("Anna",)))
    assert info.value.rule in {"steal", "turn", "capture"}
    assert ([list(h) for h in state.hands], list(state.table), state.to_move) == before


# ---------------------------------------------------------------- summaries and bad records

SUMMARY = """\
game: stealing-bundles
players: [Anna, Boris, Vera]
deals:
  - dealer: Vera
    captured: {Anna: 20, Boris: 14, Vera: 16}
    table: [7♣, 2♦]
    last_capture: Boris
"""


def test_summary_ties_and_leftovers():
    tied = SUMMARY.replace("Boris: 14, Vera: 16", "Boris: 18, Vera: 12")
    assert check_text(tied).winner == "Anna"
    to_boris = tied.replace(
        "game: stealing-bundles", "game: stealing-bundles\noptions: {leftovers: last_capturer}"
    )
    verdict = check_text(to_boris)
    assert verdict.winner is None and verdict.termination_code == "shared_win"
    drawn = to_boris.replace("last_capturer}", "last_capturer, ties: draw}")
    assert check_text(drawn).termination_code == "draw"


@pytest.mark.parametrize(
    ("old", "new", "code", "line"),
    [
        ("Anna: 20", "Anna: 21", "record.card_count", 5),
        ("Anna: 20, Boris: 14", "Anna: 33, Boris: 1", "record.bundle_of_one", 5),
        ("[7♣, 2♦]", "[7♣, 7♣]", "record.card_twice", 6),
        (
            "Vera: 16}\n    table: [7♣, 2♦]",
            "Vera: 13}\n    table: [7♣, 7♦, 7♥, 2♦, 2♣]",
            "record.table_ranks",
            6,
        ),
        ("last_capture: Boris", "last_capture: Olga", "record.unknown_name", 7),
        ("  - dealer: Vera", "  - dealer: Vera\n    pack: [7♣]", "record.pack", 5),
        (
            "deals:",
            "deals:\n  - {dealer: Anna, captured: {Anna: 52, Boris: 0, Vera: 0}}",
            "record.too_many_deals",
            3,
        ),
    ],
)
def test_impossible_summaries_are_named_with_field_and_line(old, new, code, line):
    assert error_after(SUMMARY, old, new, code).where.line == line


@pytest.mark.parametrize(
    ("table", "captured", "capture", "ok"),
    [
        (
            "[7♣, 7♦]",
            "Anna: 30, Boris: 20",
            "one_target",
            True,
        ),  # three laid out, one of them taken
        ("[7♣, 7♦]", "Anna: 30, Boris: 20", "all_table_matches", False),
        ("[7♣, 7♦]", "Anna: 30, Boris: 20", "everything", False),
        ("[7♣, 7♦, 7♥]", "Anna: 29, Boris: 20", "one_target", False),
        ("[7♣, 7♦, 2♥, 2♣]", "Anna: 28, Boris: 20", "one_target", False),
        (
            "[7♣, 7♦, 7♥, 7♠]",
            "Anna: 28, Boris: 20",
            "everything",
            True,
        ),  # laid out together, never played
    ],
)
def test_cards_of_one_rank_stay_on_the_table_only_as_laid_out(table, captured, capture, ok):
    text = dump(
        record(NAMES[:2], {"dealer": "Boris", "captured": {}, "table": []}, capture=capture)
    )
    text = text.replace("captured: {}", f"captured: {{{captured}}}").replace(
        "table: []", f"table: {table}"
    )
    if ok:
        assert check_text(text).exit_status == 0
    else:
        assert [e.code for e in errors_of(text)] == ["record.table_ranks"]


def test_random_games_never_end_with_a_table_the_summary_check_refuses():
    from collections import Counter

    for seed in range(300):
        rng = random.Random(seed)
        capture = CAPTURE[seed % 3]
        state = stealing_bundles_play(rng, NAMES[: 2 + seed % 3], seed % 2, capture)
        assert sb.table_ranks_possible(list(Counter(c.rank for c in state.table).values()), capture)


def test_a_move_that_cannot_be_read_names_its_line():
    deal = stealing_bundles_deal(random.Random(2), NAMES[:2], 0)
    deal["moves"][3] = "7♠ 8♠ > 7♣"
    errors = errors_of(dump(record(NAMES[:2], deal)))
    assert [e.code for e in errors] == ["record.bad_move"]
    assert errors[0].where.path == "deals[0].moves[3]"
