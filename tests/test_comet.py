"""Comet: random deals keep every card and settle to zero, replays agree, bad records are typed errors."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from referee import check_text
from referee.cards import Card
from referee.cli.command import main
from referee.engines.turns import random_playout
from referee.games import GAMES, comet
from referee.messages import render
from referee.notation import parse_cards
from referee.simulate.comet import comet_deal, comet_play
from tests.conftest import ROOT, dump, errors_of, mangled, verdict_or_typed_error
from tests.strategies import ANY_NOTATION, SEEDS

NAMES = ["Anna", "Boris", "Vera", "Gleb", "Dasha", "Egor", "Zhenya", "Ilya"]
EX = ROOT / "examples" / "comet"
OPTION_SETS = st.fixed_dictionaries(
    {
        "run_order": st.sampled_from(["holder", "clockwise"]),
        "compulsory_play": st.booleans(),
        "ace": st.sampled_from(["lead_only", "low"]),
        "nine_of_diamonds": st.sampled_from(["counts_two", "two_extra", "doubles_hand"]),
    }
)


def record(players, *deals, **top) -> dict:
    return {"game": "comet", "players": players, **top, "deals": list(deals)}


def oracle_next(card: Card, ace: str) -> tuple[int, str] | None:
    """Written from the rules, not from the module: the rank and suit that continue a run."""
    rank = int(card.rank)
    if rank == 13 or (rank == 14 and ace == "lead_only"):
        return None
    return (2 if rank == 14 else rank + 1), card.suit.value


@settings(max_examples=120, deadline=None)
@given(st.integers(2, 8), SEEDS, OPTION_SETS)
def test_every_card_is_somewhere_at_every_step_and_the_chips_sum_to_zero(n, rng, options):
    cards = list(comet.DECK)
    rng.shuffle(cards)
    hands = [cards[k::n] for k in range(n)]
    assert [len(h) for h in hands] == comet.hand_sizes(n)
    state = comet.CometDeal([str(k) for k in range(n)], hands, **options)
    while not state.is_over():
        moves = state.legal_moves()
        assert moves
        move = rng.choice(moves)
        if state.need is not None:  # in a run only the next card (or a pass) is allowed
            nxt = oracle_next(
                state.history[-1].move.card
                if isinstance(state.history[-1].move, comet.Play)
                else state.need,
                options["ace"],
            )
            assert isinstance(state.history[-1].move, comet.Pass) or (
                nxt == (int(state.need.rank), state.need.suit.value)
            )
            assert state.need in state.hands[state.to_move]
        state.push(move)
        held = [c for h in state.hands for c in h]
        assert len(held) + len(state.played) == 52
        assert set(held) | state.played == set(comet.DECK) and not set(held) & state.played
    outcome = state.outcome()
    assert sum(outcome.scores.values()) == 0
    out = outcome.winners[0]
    assert not state.hands[int(out)] and all(state.hands[s] for s in range(n) if s != int(out))
    assert outcome.scores[out] >= n - 1


@settings(max_examples=80, deadline=None)
@given(st.integers(2, 8), st.integers(0, 7), SEEDS, OPTION_SETS, ANY_NOTATION)
def test_a_random_deal_replays_to_the_same_outcome_and_its_summary_agrees(
    n, dealer, rng, options, notation
):
    players = NAMES[:n]
    dealer %= n
    seed = rng.random()
    deal = comet_deal(random.Random(seed), players, dealer, notation, **options)
    verdict = check_text(dump(record(players, deal, notation=notation, options=options)))
    assert verdict.exit_status == 0 and verdict.findings == []
    result = verdict.deals[0]
    assert sum(result.scores.values()) == 0
    # The same random game, as the simulator played it (its players are seat numbers), ends the same way.
    played = comet_play(random.Random(seed), n, dealer, **options).outcome()
    assert {players[int(k)]: v for k, v in played.scores.items()} == result.scores
    # Every payment is in the explanation: one "pays" step per other player, with its amount.
    out = max(result.scores, key=result.scores.get)
    pays = [s for s in result.steps if s.msgid == "{payer} pays {player} {chips}: {why}."]
    assert sorted(s.params["payer"] for s in pays) == sorted(p for p in players if p != out)
    assert {s.params["payer"]: -s.params["chips"].n for s in pays} == {
        p: v for p, v in result.scores.items() if p != out
    }
    # The summary a table would write down from the same deal gives the same chips.
    left = {}
    nine = "played"
    played = [
        m.card for m in comet.read_tokens(deal["plays"], notation) if isinstance(m, comet.Play)
    ]
    for p in players:
        if p == out:
            continue
        mine = [c for c in parse_cards(deal["hands"][p], notation) if c not in played]
        left[p] = len(mine)
        if comet.NINE_OF_DIAMONDS in mine:
            nine = p
    summary = {
        "dealer": deal["dealer"],
        "out": out,
        "left": left,
        "nine_of_diamonds": nine,
        "claim": result.scores,
    }
    again_verdict = check_text(dump(record(players, summary, options=options)))
    assert again_verdict.deals[0].scores == result.scores and again_verdict.exit_status == 0


def test_random_deals_are_reproducible():
    a = comet_deal(random.Random(7), NAMES[:4], 1)
    b = comet_deal(random.Random(7), NAMES[:4], 1)
    assert a == b


@settings(max_examples=60, deadline=None)
@given(
    st.data(), SEEDS, st.sampled_from([None, -1, "x", [], {}, "pass", "Anna", 99]), st.booleans()
)
def test_a_mutated_record_gives_a_verdict_or_typed_errors(data, rng, junk, delete):
    players = NAMES[:3]
    full = comet_deal(rng, players, 0)
    summary = {
        "dealer": "Boris",
        "out": "Vera",
        "left": {"Anna": 4, "Boris": 6},
        "nine_of_diamonds": "Anna",
        "claim": {"Anna": -5, "Boris": -6, "Vera": 11},
    }
    rec = record(players, full, summary, match_length=2)
    verdict_or_typed_error(mangled(rec, data, junk, delete))


def test_the_settlement_options():
    left = {"Boris": 4, "Vera": 2}
    assert comet.settle("Anna", left, "Boris", "counts_two")[0] == {
        "Anna": 7,
        "Boris": -5,
        "Vera": -2,
    }
    assert comet.settle("Anna", left, "Boris", "two_extra")[0] == {
        "Anna": 8,
        "Boris": -6,
        "Vera": -2,
    }
    assert comet.settle("Anna", left, "Boris", "doubles_hand")[0] == {
        "Anna": 10,
        "Boris": -8,
        "Vera": -2,
    }
    assert comet.settle("Anna", left, None, "doubles_hand")[0] == {
        "Anna": 6,
        "Boris": -4,
        "Vera": -2,
    }


def _deal(hands: dict[str, str], plays: str, **top) -> dict:
    return {"dealer": list(hands)[-1], "hands": hands, "plays": plays, **top}


FULL = (EX / "full-play-four.yaml").read_text(encoding="utf-8")


@pytest.mark.parametrize(
    ("old", "new", "code", "line"),
    [
        ("Anna:  5♥ 6♥", "Anna:  5♥ 5♥", "record.card_twice", 19),  # a card twice
        ("Anna:  5♥ 6♥ 7♥ K♥ ", "Anna:  5♥ 6♥ 7♥ ", "record.hand_size", 19),  # twelve cards
        ("3♦\n    claim", "3♦ 2♦\n    claim", None, None),  # a play after the end: a finding
        (
            "      9♠ 10♠ J♠ Q♠ K♠ 2♥ 3♥ 4♥ 3♦",
            "      9♠ 10♠ J♠ Q♠ K♠ 2♥ 3♥",
            "record.deal_unfinished",
            23,
        ),
        ("dealer: Gleb", "dealer: Olga", "record.unknown_name", 17),
        ("game: comet", "game: comet\nmatch_length: 0", "record.not_a_number", 15),
        (
            "game: comet",
            "game: comet\noptions: {nine_of_diamonds: triple}",
            "record.bad_option_value",
            15,
        ),
        ("5♥ 6♥ 7♥ 8♥", "5♥ 6♥ 7♥ 8x", "notation.bad_card", 23),
    ],
)
def test_impossible_full_records_exit_two(tmp_path, capsys, old, new, code, line):
    assert old in FULL
    path = tmp_path / "bad.yaml"
    path.write_text(FULL.replace(old, new, 1), encoding="utf-8")
    status = main(["check", str(path), "--json"])
    answer = json.loads(capsys.readouterr().out)
    if code is None:
        assert status == 1 and answer["findings"][0]["code"] == "turns.after_end"
        return
    assert status == 2
    errors = answer["errors"]
    assert code in [e["code"] for e in errors], errors
    assert next(e for e in errors if e["code"] == code)["where"].get("line") == line
    assert main(["check", str(path), "--lang", "ru"]) == 2
    assert "Traceback" not in capsys.readouterr().err


SUMMARY = (EX / "short-match.yaml").read_text(encoding="utf-8")


@pytest.mark.parametrize(
    ("old", "new", "code"),
    [
        (
            "left: {Anna: 4, Boris: 6}",
            "left: {Anna: 4, Boris: 19}",
            "record.too_many_left",
        ),  # Boris was dealt 18
        (
            "left: {Anna: 4, Boris: 6}",
            "left: {Anna: 4, Boris: 18}",
            "record.too_many_left",
        ),  # and led the first card
        (
            "left: {Anna: 4, Boris: 6}",
            "left: {Anna: 0, Boris: 6}",
            "record.not_a_number",
        ),  # nobody else is out
        ("left: {Anna: 4, Boris: 6}", "left: {Anna: 4}", "record.missing_name"),
        (
            "left: {Anna: 4, Boris: 6}",
            "left: {Anna: 4, Boris: 6, Vera: 2}",
            "record.out_holds_cards",
        ),
        ("nine_of_diamonds: Vera", "nine_of_diamonds: Anna", "record.bad_nine"),  # Anna went out
        ("nine_of_diamonds: Vera", "nine_of_diamonds: Olga", "record.bad_nine"),
        ("out: Vera", "out: Olga", "record.unknown_name"),
    ],
)
def test_impossible_summaries_exit_two(old, new, code):
    assert old in SUMMARY
    assert code in [e.code for e in errors_of(SUMMARY.replace(old, new, 1))]


def test_the_first_leader_keeps_at_most_one_card_less_than_dealt_the_others_all_theirs():
    # Anna deals 17 to herself and to Vera, 18 to Boris on her left, who leads the first card.
    verdict = check_text(
        SUMMARY.replace("left: {Anna: 4, Boris: 6}", "left: {Anna: 17, Boris: 17}", 1)
    )
    assert verdict.exit_status in (0, 1)
    [error] = errors_of(
        SUMMARY.replace("left: {Anna: 4, Boris: 6}", "left: {Anna: 4, Boris: 18}", 1)
    )
    assert "led the first card" in str(error.message) and error.where.path == "deals[0].left.Boris"


def test_an_illegal_play_is_a_finding_with_its_place():
    # Boris leads the 9♠ out of turn: after the K♣ it is Boris's lead, so swap to make Anna lead it instead.
    text = FULL.replace("Q♣ K♣\n      9♠", "Q♣ K♣\n      10♠ 9♠")
    verdict = check_text(text)
    assert verdict.exit_status == 1
    finding = verdict.findings[0]
    assert (
        finding.code == "comet.lead_after_king"  # the king's player leads again (G4-R07)
        and finding.where.deal == 1
        and finding.where.line == 23
    )
    assert GAMES["comet"].rule_for(finding.code) == "G4-R07"
    assert "no chips change hands" in render(verdict.deals[0].steps[-1], "en")
    # A run that skips its next card breaks the run rule.
    skipped = check_text(FULL.replace("5♥ 6♥ 7♥ 8♥", "5♥ 6♥ 8♥ 7♥"))
    assert skipped.findings[0].code == "comet.run_continues"
    # A pass where play is compulsory.
    passed = check_text(FULL.replace("5♥ 6♥ 7♥ 8♥", "5♥ 6♥ 7♥ pass 8♥"))
    assert passed.findings[0].code == "comet.compulsory"


def test_options_change_the_play():
    # With the ace low, the A♠ led is no stop: Boris must go on with the 2♠.
    low = check_text(FULL.replace("game: comet", "game: comet\noptions: {ace: low}"))
    assert low.findings[0].code == "comet.run_continues"
    # With the turn passing clockwise, Anna cannot play her own 6♥ after her 5♥: the run stops with her.
    clockwise = check_text(
        FULL.replace("game: comet", "game: comet\noptions: {run_order: clockwise}")
    )
    assert clockwise.exit_status == 0
    assert "the turn comes back to Anna" in render(clockwise.deals[0].steps[1], "en")


def test_random_playouts_end_in_every_option_set():
    for seed in range(20):
        rng = random.Random(seed)
        cards = list(comet.DECK)
        rng.shuffle(cards)
        state = comet.CometDeal(
            ["a", "b", "c"],
            [cards[0::3], cards[1::3], cards[2::3]],
            compulsory_play=False,
            run_order="clockwise",
            ace="low",
        )
        assert random_playout(state, rng).is_over()


def test_every_example_renders_in_every_language():
    from referee.present.blocks import render_block

    for name in ("short-match", "nine-disputed", "full-play-four"):
        for lang in ("en", "ru", "de"):
            out = render_block("example", {"example": f"comet/{name}"}, lang)
            assert (
                out.startswith("/// details |") and "referee-example" in out
            )  # folded, verdict inside
