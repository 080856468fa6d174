"""Construction: random games keep all 156 cards and the blocking ban, replays agree, bad records are typed."""

from __future__ import annotations

import pytest
import yaml
from hypothesis import given, settings
from hypothesis import strategies as st

from referee import check_text
from referee.games import GAMES
from referee.games import construction as cn
from referee.messages import render
from referee.notation import parse_card
from referee.present.pictures.construction import picture, position
from referee.simulate.construction import (
    cards_accounted,
    construction_play,
    turn_card,
    write_action,
)
from tests.conftest import ROOT, dump, errors_of, mangled, verdict_or_typed_error
from tests.strategies import ANY_NOTATION, SEEDS

EX = ROOT / "examples" / "construction"


def record(lines, **top) -> dict:
    return {
        "game": "construction",
        "players": ["Anna", "Boris"],
        "black": "Anna",
        **top,
        "deals": [{"turns": lines}],
    }


@settings(max_examples=8, deadline=None)
@given(SEEDS)
def test_every_card_is_accounted_for_and_no_small_token_action_shuts_in_a_large_token(rng):
    game = cn.ConstructionGame(["Black", "Red"])
    for _ in range(120):
        card = turn_card(game, rng)
        moves = game.legal_moves(card)
        assert moves, "a card can always be used somehow (a discard, or a king's placement)"
        move = rng.choice(moves)
        game.push(move)
        assert cards_accounted(game) == 156
        side = cn.side_of(move.card)
        if move.kind in ("small", "king"):
            assert not game.blocks(side), move
        # Written from the rules, not the module: every built vertical card stands on the track.
        for cell, built in game.board.items():
            if built is not None and not cell.bridge:
                assert cell.y >= 1 and (
                    cn.Cell(cell.x, cell.y - 1) in game.board
                    or cn.Cell(cell.x - 1, cell.y, True) in game.board
                    or cn.Cell(cell.x, cell.y, True) in game.board
                )


@settings(max_examples=5, deadline=None)
@given(SEEDS, ANY_NOTATION)
def test_a_random_game_replays_to_the_same_position(rng, notation):
    game = construction_play(rng, 120)
    lines = [write_action(a, notation) for a in game.moves]
    verdict = check_text(dump(record(lines, notation=notation)))
    assert verdict.exit_status == 0 and verdict.termination_code == (
        "game_over" if game.is_over() else "in_progress"
    )
    again, _ = position(record(lines, notation=notation), len(lines))
    assert again.board == game.board and again.large == game.large and again.small == game.small


def test_a_king_must_place_a_token_and_never_builds():
    game = cn.ConstructionGame(["A", "B"])
    king = parse_card("KC")
    assert [str(m) for m in game.legal_moves(king)] == ["K♣ king"]
    assert not game.is_legal(cn.Action(king, "discard"))
    assert not game.is_legal(cn.Action(king, "build", (cn.Cell(0, 1),)))


def test_with_every_small_token_placed_a_king_moves_as_a_queen():
    game = cn.ConstructionGame(["A", "B"])
    game.push(cn.Action(parse_card("QC"), "build", (cn.Cell(0, 1),)))
    game.small["black"] = [cn.Cell(0, 0)] * cn.SMALL_TOKENS
    assert game.is_legal(cn.Action(parse_card("KS"), "large", (cn.Cell(0, 1),)))
    game.board[cn.Cell(0, 1)] = parse_card("AC")
    assert not game.is_legal(cn.Action(parse_card("KS"), "large", (cn.Cell(0, 1),)))


def test_the_race_is_won_only_after_row_ten_and_back():
    verdict = check_text((EX / "race-won.yaml").read_text(encoding="utf-8"))
    assert verdict.winner == "Anna" and verdict.exit_status == 0
    data = yaml.safe_load((EX / "race-won.yaml").read_text(encoding="utf-8"))
    data["deals"][0]["turns"] = data["deals"][0]["turns"][:20]
    data["deals"][0].pop("winner")
    assert check_text(dump(data)).termination_code == "in_progress"
    data["deals"][0]["winner"] = "Anna"
    verdict = check_text(dump(data))
    assert verdict.exit_status == 1 and [f.code for f in verdict.findings] == ["construction.claim"]


@pytest.mark.parametrize(
    "example, code, where",
    [
        ("blocking-ban", "construction.small", "deals[0].turns[7]"),
        ("too-high", "construction.large", "deals[0].turns[3]"),
    ],
)
def test_disputes_name_the_turn_and_the_rule(example, code, where):
    verdict = check_text((EX / f"{example}.yaml").read_text(encoding="utf-8"))
    [finding] = verdict.findings
    assert (finding.code, finding.where.path) == (code, where)


@pytest.mark.parametrize(
    "lines, code",
    [
        (["7♣ fly 0:1"], "record.bad_action"),
        (["7♣ build 0;1"], "record.bad_cell"),
        (["7♣ small x 0:1"], "record.bad_action"),
        (["7♣ large"], "record.bad_action"),
    ],
)
def test_unreadable_turns_are_unusable(lines, code):
    assert code in [e.code for e in errors_of(dump(record(lines)))]


def test_a_fourth_copy_of_a_card_before_a_reshuffle_cannot_exist():
    """Three packs hold three of a card: a fourth turned before the discards are reshuffled is exit 2
    under G5-A02 (DECISIONS: a card that does not exist), whatever was done with it."""
    assert check_text(dump(record(["7♣ discard"] * 3))).exit_status == 0
    for use in ("discard", "build 0:1"):
        errors = errors_of(dump(record([f"7♣ {use}"] * 3 + [f"7♣ {use}"])))
        assert [(e.code, e.where.path) for e in errors] == [
            ("record.card_not_in_stock", "deals[0].turns[3]")
        ]
        assert GAMES["construction"].rule_for(errors[0].code) == "G5-A02"


def test_after_a_reshuffle_only_the_discards_can_be_turned():
    every = [f"{c} discard" for c in cn.PACK for _ in range(cn.PACKS)]  # the whole stock, discarded
    errors = errors_of(dump(record(every + ["7♣ discard"] * 4)))
    assert [e.where.path for e in errors] == [f"deals[0].turns[{len(every) + 3}]"]
    assert "made up again from the discards" in render(errors[0].message, "en")


def test_a_record_without_black_or_with_two_games_is_unusable():
    data = record(["7♣ discard"])
    data.pop("black")
    assert errors_of(dump(data))
    data = record(["7♣ discard"])
    data["deals"].append({"turns": ["8♣ discard"]})
    assert "record.too_many_deals" in [e.code for e in errors_of(dump(data))]


@settings(max_examples=30, deadline=None)
@given(st.data())
def test_mangled_records_give_a_verdict_or_typed_errors(data):
    base = yaml.safe_load((EX / "blocking-ban.yaml").read_text(encoding="utf-8"))
    base.pop("expected", None)
    junk = st.sampled_from(
        [None, 0, "", "K♦ king", "7♣ build H9:0", [], {}, "Z", True, "5♠ small 9 0:1"]
    )
    verdict_or_typed_error(mangled(base, data, data.draw(junk), data.draw(st.booleans())))


def test_the_grid_picture_marks_the_legal_uses_in_the_page_language():
    data = yaml.safe_load((EX / "blocking-ban.yaml").read_text(encoding="utf-8"))
    for lang, word in (
        ("en", "Construction grid"),
        ("ru", "Сетка «Конструкции»"),
        ("de", "Raster von Konstruktion"),
    ):
        svg = picture(data, {"turn": 7, "show": "legal"}, lang)
        assert svg.startswith("<svg") and f'aria-label="{word}' in svg
        assert svg.count("cr-target") == 6 and svg.count("cr-mark-legal") == 4
        assert svg.count("<circle") == 4, "two large tokens and Anna's two small ones"
