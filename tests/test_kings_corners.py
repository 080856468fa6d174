"""Kings Corners: random hands keep every card and every pile in order, replays agree, bad records are typed."""

from __future__ import annotations

import copy
from itertools import pairwise

import pytest
import yaml
from hypothesis import given, settings
from hypothesis import strategies as st

from referee import check_text
from referee.cards import Rank
from referee.engines.penalty_end import penalty_end
from referee.games import kings_corners as kc
from referee.notation import parse_card, parse_cards
from referee.present.pictures import kings_corners as kc_picture
from referee.simulate.kings_corners import cards_in_play, kings_corners_deal, shuffled_layout
from tests.conftest import ROOT, dump, errors_of, mangled, verdict_or_typed_error
from tests.strategies import ANY_NOTATION, SEEDS

NAMES = ["Anna", "Boris", "Vera", "Gleb"]
EX = ROOT / "examples" / "kings-corners"
OPTION_SETS = st.fixed_dictionaries(
    {
        "first_player": st.sampled_from(["dealer", "left_of_dealer"]),
        "end_when_out": st.booleans(),
        "kings_compulsory": st.booleans(),
    }
)


def oracle_fits(card, top) -> bool:
    """Written from the rules, not from the module: ace low, one lower, red on black or black on red."""
    order = "A 2 3 4 5 6 7 8 9 10 J Q K".split()
    low = {str(r): i for i, r in enumerate(order)}
    rank = lambda c: low[str(c)[:-1]]  # noqa: E731
    red = lambda c: str(c)[-1] in "♥♦"  # noqa: E731
    return rank(card) == rank(top) - 1 and red(card) != red(top)


def record(players, *deals, **top) -> dict:
    return {"game": "kings-corners", "players": players, **top, "deals": list(deals)}


@settings(max_examples=60, deadline=None)
@given(st.integers(2, 4), SEEDS, OPTION_SETS)
def test_every_card_is_somewhere_and_every_pile_descends_in_alternating_colours(n, rng, options):
    hands, sides, stock = shuffled_layout(rng, n)
    state = kc.KingsCornersHand.dealt([str(k) for k in range(n)], hands, sides, stock, 0, options)
    while not state.is_over():
        moves = state.legal_moves()
        assert moves, (
            "a player can always end his turn unless a king is compulsory, and then he can play it"
        )
        state.push(rng.choice(moves))
        assert cards_in_play(state) == 52
        everything = (
            [c for h in state.hands for c in h]
            + [c for p in state.piles.values() for c in p]
            + state.stock
        )
        assert len(set(everything)) == 52
        for name, pile in state.piles.items():
            assert all(oracle_fits(a, b) for b, a in pairwise(pile)), (name, pile)
            if name in kc.CORNERS and pile:
                assert pile[0].rank is Rank.KING
    outcome = state.outcome()
    assert outcome is not None
    holding = [s for s in range(n) if state.hands[s]]
    assert holding, "the last player holding cards never goes out"
    if outcome.code == "hand.out" and not options["end_when_out"]:
        assert len(holding) == 1
    if options["end_when_out"]:
        assert len(state.out) <= 1
    assert outcome.scores == {
        state.players[s]: sum(10 if c.rank is Rank.KING else 1 for c in state.hands[s])
        for s in range(n)
    }


@settings(max_examples=25, deadline=None)
@given(st.integers(2, 4), SEEDS, OPTION_SETS, ANY_NOTATION)
def test_a_random_game_replays_to_the_same_result_and_its_summary_agrees(n, rng, options, notation):
    players = NAMES[:n]
    deal = kings_corners_deal(rng, players, 0, notation, **options)
    full = record(players, deal, notation=notation, options=options)
    verdict = check_text(dump(full))
    assert verdict.exit_status == 0
    state = kc_picture.position(full, 1, turn=len(deal["turns"]) + 1)
    assert state.is_over()
    assert verdict.deals[0].scores == state.outcome().scores
    left = {p: [str(c) for c in h] or 0 for p, h in zip(players, state.hands, strict=True)}
    summary = record(players, {"dealer": players[0], "left": left}, options=options)
    assert check_text(dump(summary)).deals[0].scores == verdict.deals[0].scores


def hand(held: list[str], sides: str, stock: str = "", **options: bool) -> kc.KingsCornersHand:
    """A hand in play: players A, B, … hold ``held`` (one string of cards each), the four side piles
    start with ``sides`` and ``stock`` is left to draw from; ``options`` as the game's."""
    players = [chr(ord("A") + k) for k in range(len(held))]
    hands = [parse_cards(cards) for cards in held]
    return kc.KingsCornersHand(players, hands, parse_cards(sides), parse_cards(stock), **options)


def test_a_blocked_hand_ends_after_a_full_round_without_a_card_from_a_hand():
    # The stock is empty from the start: nothing fits, so two idle turns end the hand.
    state = hand(["2S", "3S"], sides="AH AD AC AS")
    state.push(kc.EndTurn())
    assert not state.is_over()
    state.push(kc.EndTurn())
    assert state.outcome().code == "hand.blocked" and state.outcome().scores == {"A": 1, "B": 1}


def test_nothing_goes_on_an_ace_and_only_kings_start_corners():
    state = hand(["KS QH 5C", "3S"], sides="AH 6D 9C 2D", stock="4H")
    assert not state.is_legal(kc.Play(parse_card("QH"), "NE"))
    assert "ace" in str(state.why_illegal(kc.Play(parse_card("5C"), "N")))
    assert state.is_legal(kc.Play(parse_card("5C"), "E"))
    state.push(kc.Play(parse_card("KS"), "SW"))
    assert not state.is_legal(kc.Shift("SW", "NW")), "a king pile never moves"
    state.push(kc.Play(parse_card("QH"), "SW"))
    assert [str(c) for c in state.piles["SW"]] == ["K♠", "Q♥"]


def test_a_king_at_the_bottom_of_a_side_pile_may_move_into_an_empty_corner():
    state = hand(["5C", "3S"], sides="KH 6D 9C 2D", stock="4H")
    assert kc.Shift("N", "NE") in state.legal_moves()
    assert kc.Shift("E", "NE") not in state.legal_moves()


def test_kings_compulsory_forbids_drawing_with_a_king_and_an_empty_corner():
    state = hand(["KS 5C", "3S"], sides="AH 6D 9C 2D", stock="4H", kings_compulsory=True)
    assert kc.EndTurn() not in state.legal_moves()
    assert state.why_illegal(kc.EndTurn()).code == "kings_corners.kings_compulsory"


def test_play_goes_on_after_the_first_player_out_by_default_and_stops_with_end_when_out():
    for end_when_out, over in ((False, False), (True, True)):
        state = hand(
            ["QH", "4C 4S", "9S 9C"], sides="KS 6D 9H 2D", stock="4H 5H", end_when_out=end_when_out
        )
        state.push(kc.Play(parse_card("QH"), "N"))
        assert state.is_over() is over
        if not over:
            assert state.player == "B", "the player who went out drops out; the turn passes on"


def test_the_dispute_example_names_the_turn_and_the_rule():
    verdict = check_text((EX / "reversed-pile-move.yaml").read_text(encoding="utf-8"))
    [finding] = verdict.findings
    assert finding.code == "kings_corners.pile_move" and finding.where.path == "deals[0].turns[1]"
    assert "8♣" in str(finding.message.params) or "8♣" in repr(finding.message)


def test_the_game_ends_at_the_target_and_every_player_over_it_may_lose():
    assert penalty_end({"A": 50, "B": 50, "C": 3}, 50, "highest") == (["A", "B"], ["C"])
    assert penalty_end({"A": 61, "B": 50, "C": 3}, 50, "highest") == (["A"], ["C"])
    assert penalty_end({"A": 61, "B": 50, "C": 3}, 50, "all_at_target") == (["A", "B"], ["C"])


def full_example() -> dict:
    return yaml.safe_load((EX / "full-play-two.yaml").read_text(encoding="utf-8"))


@pytest.mark.parametrize(
    "change, code",
    [
        (lambda d: d["deals"][0]["hands"].update(Anna="K♦ Q♠ J♥ 10♠ 7♥ 6♠"), "record.hand_size"),
        (lambda d: d["deals"][0].update(sides="8♣ 9♥ 6♦ K♦"), "record.card_twice"),
        (
            lambda d: d["deals"][0]["turns"].__setitem__(0, {"Nobody": "K♦ NE"}),
            "record.wrong_player",
        ),  # not at the table
        (lambda d: d["deals"][0]["turns"].__setitem__(0, {"Anna": "K♦ XX"}), "record.bad_pile"),
        (lambda d: d["deals"][0]["turns"].pop(), "record.deal_unfinished"),
    ],
)
def test_impossible_full_plays_are_unusable(change, code):
    data = full_example()
    change(data)
    assert code in [e.code for e in errors_of(dump(data))]


@pytest.mark.parametrize(
    "left, options, code",
    [
        ({"Anna": "K♠ K♥ K♦", "Boris": "K♣ K♠", "Vera": 0}, {}, "record.card_twice"),
        (
            {"Anna": {"kings": 3, "others": 0}, "Boris": {"kings": 2, "others": 0}, "Vera": 0},
            {},
            "record.impossible_left",
        ),
        ({"Anna": 0, "Boris": 0, "Vera": 0}, {}, "record.impossible_left"),
        ({"Anna": 0, "Boris": 0, "Vera": "5♠"}, {"end_when_out": True}, "record.impossible_left"),
        ({"Anna": 3, "Boris": 0, "Vera": "5♠"}, {}, "record.shape"),
        # blocked (two still hold cards), yet a king in a hand that had to fill an empty corner
        (
            {"Anna": {"kings": 1, "others": 3}, "Boris": "5♠ 2♦", "Vera": 0},
            {"kings_compulsory": True},
            "record.impossible_left",
        ),
        # two kings after a turn: each turn ends with the kings in the corners and one card drawn
        (
            {"Anna": {"kings": 2, "others": 3}, "Boris": 0, "Vera": 0},
            {"kings_compulsory": True},
            "record.impossible_left",
        ),
        # Anna deals and has the first turn, so she cannot still hold her seven cards with two kings
        (
            {"Anna": {"kings": 2, "others": 5}, "Boris": 0, "Vera": 0},
            {"kings_compulsory": True},
            "record.impossible_left",
        ),
    ],
)
def test_impossible_summaries_are_unusable(left, options, code):
    data = record(NAMES[:3], {"dealer": "Anna", "left": left}, options=options)
    assert code in [e.code for e in errors_of(dump(data))]


def test_a_king_may_be_left_when_the_hand_did_not_end_blocked():
    for left, options in (
        ({"Anna": {"kings": 1, "others": 3}, "Boris": "5♠ 2♦", "Vera": 0}, {}),
        (
            {"Anna": "K♠ 3♦", "Boris": "5♠ 2♦", "Vera": 0},
            {"kings_compulsory": True, "end_when_out": True},
        ),
        ({"Anna": "K♠ 3♦", "Boris": 0, "Vera": 0}, {"kings_compulsory": True}),
    ):
        data = record(NAMES[:3], {"dealer": "Anna", "left": left}, options=options)
        assert check_text(dump(data)).exit_status == 0, (left, options)


def test_out_must_agree_with_the_empty_hands():
    data = record(
        NAMES[:3],
        {"dealer": "Anna", "out": "Vera", "left": {"Anna": 0, "Boris": "5♠", "Vera": "3♦"}},
    )
    assert "record.out_mismatch" in [e.code for e in errors_of(dump(data))]


def test_a_turn_after_going_out_is_a_finding():
    data = full_example()
    data["deals"][0]["turns"][2] = {"Anna": "10♠ NE; E>NE; N>NE; 7♥ NE; 6♠ NE; 5♥ NE; 2♣ N; W>N"}
    verdict = check_text(dump(data))
    assert [f.code for f in verdict.findings] == [
        "kings_corners.after_out"
    ] and verdict.exit_status == 1


@settings(max_examples=40, deadline=None)
@given(st.data())
def test_mangled_records_give_a_verdict_or_typed_errors(data):
    base = copy.deepcopy(
        full_example()
        if data.draw(st.booleans())
        else yaml.safe_load((EX / "three-hands.yaml").read_text(encoding="utf-8"))
    )
    base.pop("expected", None)
    junk = st.sampled_from([None, 0, -3, "", "K♦ NE", "W>", [], {}, {"kings": 9}, "Z", True])
    verdict_or_typed_error(mangled(base, data, data.draw(junk), data.draw(st.booleans())))


def test_pictures_show_the_layout_in_the_page_language():
    data = full_example()
    for lang, stock in (("en", "stock: 32"), ("ru", "колода: 32"), ("de", "Talon: 32")):
        svg = kc_picture.picture(data, {"turn": 3, "move": 1, "show": "next"}, lang)
        assert svg.startswith("<svg") and 'role="img"' in svg and stock in svg
        assert svg.count("cr-mark-legal") == 2, "the two piles of the next move are outlined"
    ru, de = (kc_picture.picture(data, {"turn": 2}, lang) for lang in ("ru", "de"))
    assert "В♥" in ru and "Herz" not in de
