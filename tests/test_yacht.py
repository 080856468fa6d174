"""Yacht: properties of random legal deals, scoring against independent formulas, and bad records.

The oracles here (trick winner, follow suit, the duty to trump, trump breaking, the points of a
bid, the end of the game) are written again from the rules, without the referee's code, so that
a mistake in one is caught by the other.
"""

from __future__ import annotations

import json
import random

import pytest
import yaml
from hypothesis import given, settings
from hypothesis import strategies as st

from referee import check_text
from referee.cards import Card, Rank, Suit, deck
from referee.cli.command import main
from referee.errors import RecordErrors
from referee.messages import render
from referee.notation import parse_card, parse_cards, parse_suit
from referee.simulate.yacht import yacht_deal
from tests.conftest import ROOT, broken_records, check_record, cli_error_after, dump
from tests.strategies import ANY_NOTATION

NAMES = ["Anna", "Boris", "Vera", "Gleb", "Dasha"]
TRICKS = {3: 17, 4: 13, 5: 10}
EX = ROOT / "examples" / "yacht"
WARNINGS = {"bid.parity", "bid.out_of_reach", "deal.removed_not_default"}
PLAY_OPTIONS = [(True, False), (True, True), (False, False), (False, True)]


def example(name: str) -> str:
    return (EX / f"{name}.yaml").read_text(encoding="utf-8")


# ---------------------------------------------------------------- independent oracles


def best_card(cards: list[Card], trump: Suit) -> Card:
    """The highest trump, else the highest card of the suit led (2 low, ace high)."""
    trumps = [c for c in cards if c.suit is trump]
    pool = trumps or [c for c in cards if c.suit is cards[0].suit]
    return max(pool, key=lambda c: int(c.rank))


def points_of(bid, taken: int, total: int, step: int = 10, under: int = 200, lucky: int = 2) -> int:
    """A bid's points, straight from the rules."""
    if bid == "thirteen-under":
        return under if taken == 0 else -under
    if bid == "lucky-thirteen-under":
        return under * lucky if taken == 0 else -under * lucky
    final = bid["start"] + taken - (total - taken)
    return max(0, 100 - step * abs(final - bid["goal"]))


def winner_after(totals: dict[str, int], target: int) -> str | None:
    over = {p: v for p, v in totals.items() if v >= target}
    if not over:
        return None
    top = max(over.values())
    leaders = [p for p, v in over.items() if v == top]
    return leaders[0] if len(leaders) == 1 else None


def audit_play(
    hands: dict[str, list[Card]],
    tricks: list[list[Card]],
    trump: Suit,
    must_trump: bool,
    trump_breaking: bool,
) -> tuple[dict[str, int], set[int], set[int], set[int]]:
    """Replay the tricks by the rules: (tricks won, tricks with a revoke, with a missed duty to trump,
    with a trump led before trumps were broken by a leader who held other suits). Trick numbers from 1."""
    owner = {c: p for p, h in hands.items() for c in h}
    held = {p: set(h) for p, h in hands.items()}
    won = dict.fromkeys(hands, 0)
    revokes: set[int] = set()
    missed_trump: set[int] = set()
    early_lead: set[int] = set()
    broken = False
    for k, cards in enumerate(tricks, 1):
        led = cards[0].suit
        leader = owner[cards[0]]
        if led is trump and not broken and any(c.suit is not trump for c in held[leader]):
            early_lead.add(k)
        for card in cards[1:]:
            p = owner[card]
            if card.suit is not led:
                if any(c.suit is led for c in held[p]):
                    revokes.add(k)
                elif (
                    must_trump and card.suit is not trump and any(c.suit is trump for c in held[p])
                ):
                    missed_trump.add(k)
                if card.suit is trump and led is not trump:
                    broken = True
        for card in cards:
            held[owner[card]].discard(card)
        won[owner[best_card(cards, trump)]] += 1
    return won, revokes, missed_trump, early_lead


# ---------------------------------------------------------------- random legal deals


@pytest.mark.parametrize(("must_trump", "trump_breaking"), PLAY_OPTIONS)
@pytest.mark.parametrize("n", [3, 4, 5])
@settings(max_examples=25, deadline=None)
@given(
    dealer=st.integers(0, 4),
    notation=ANY_NOTATION,
    default_removal=st.booleans(),
    record_removed=st.booleans(),
    rng=st.randoms(use_true_random=False),
)
def test_random_deal_invariants(
    n, must_trump, trump_breaking, dealer, notation, default_removal, record_removed, rng
):
    players = NAMES[:n]
    total = TRICKS[n]
    deal = yacht_deal(
        rng,
        players,
        dealer % n,
        must_trump,
        trump_breaking,
        notation,
        default_removal,
        record_removed,
    )
    hands = {p: parse_cards(h, notation) for p, h in deal["hands"].items()}
    trump = parse_suit(deal["trump"], notation)
    assert parse_card(deal["trump_card"], notation).suit is trump
    dealt = [c for h in hands.values() for c in h]
    removed = (
        parse_cards(deal["removed"], notation)
        if "removed" in deal
        else sorted(set(deck()) - set(dealt))
    )
    # Cards conserved: the hands and the removed cards are the pack, each card once.
    assert all(len(h) == total for h in hands.values())
    assert sorted(dealt + removed) == sorted(deck())
    assert len(removed) == {3: 1, 4: 0, 5: 2}[n]
    assert all(c.rank is Rank.THREE and c.suit is not trump for c in removed)
    tricks = [parse_cards(tr, notation) for tr in deal["tricks"]]
    assert len(tricks) == total and all(len(tr) == n for tr in tricks)
    assert sorted(c for tr in tricks for c in tr) == sorted(dealt)  # every card played once
    # The first leader holds the 2♣, or the 2♦ when clubs are trumps.
    owner = {c: p for p, h in hands.items() for c in h}
    first = Card(Rank.TWO, Suit.DIAMONDS if trump is Suit.CLUBS else Suit.CLUBS)
    assert first in hands[owner[tricks[0][0]]]
    # Clockwise from the leader; the winner holds the best card and leads the next trick.
    for this, following in zip(tricks, [*tricks[1:], None], strict=True):
        seats = [players.index(owner[c]) for c in this]
        assert seats == [(seats[0] + k) % n for k in range(n)]
        if following is not None:
            assert owner[following[0]] == owner[best_card(this, trump)]
    won, revokes, missed, early = audit_play(hands, tricks, trump, must_trump, trump_breaking)
    assert sum(won.values()) == total  # 17 / 13 / 10
    assert not revokes and not missed
    if trump_breaking:
        assert not early  # trump breaking respected
    verdict = check_record(
        "yacht",
        players,
        [deal],
        notation=notation,
        options={"must_trump_when_void": must_trump, "trump_breaking": trump_breaking},
    )
    assert not [f for f in verdict.findings if f.severity == "error"]
    assert {f.code for f in verdict.findings} <= WARNINGS
    scores = verdict.deals[0].scores
    assert scores == {p: points_of(deal["bids"][p], won[p], total) for p in players}
    odd = {
        p
        for p, b in deal["bids"].items()
        if isinstance(b, dict) and (b["start"] - total - b["goal"]) % 2
    }
    assert {
        f.where.path.rsplit(".", 1)[-1] for f in verdict.findings if f.code == "bid.parity"
    } == odd
    not_default = "deal.removed_not_default" in {f.code for f in verdict.findings}
    default = [
        Card(Rank.THREE, s)
        for s in (Suit.CLUBS, Suit.DIAMONDS, Suit.HEARTS, Suit.SPADES)
        if s is not trump
    ][: len(removed)]
    assert not_default == (set(removed) != set(default))
    # The summary of the same deal gives the same scores.
    summary = {
        k: deal[k] for k in ("dealer", "trump", "trump_card", "bids", "removed") if k in deal
    }
    summary["tricks"] = won
    record_summary = {"game": "yacht", "notation": notation, "players": players, "deals": [summary]}
    assert check_text(dump(record_summary)).deals[0].scores == scores


@pytest.mark.parametrize("n", [3, 4, 5])
@settings(max_examples=25, deadline=None)
@given(rng=st.randoms(use_true_random=False))
def test_the_referee_flags_exactly_the_plays_the_oracle_flags(n, rng):
    """A deal played under the permissive rules, checked under the strict ones."""
    players = NAMES[:n]
    deal = yacht_deal(rng, players, 0, must_trump=False, trump_breaking=False)
    hands = {p: parse_cards(h) for p, h in deal["hands"].items()}
    tricks = [parse_cards(tr) for tr in deal["tricks"]]
    trump = parse_suit(deal["trump"])
    _, revokes, missed, early = audit_play(
        hands, tricks, trump, must_trump=True, trump_breaking=True
    )
    assert not revokes
    verdict = check_record(
        "yacht", players, [deal], options={"must_trump_when_void": True, "trump_breaking": True}
    )
    flagged = {
        code: {f.where.trick for f in verdict.findings if f.code == code}
        for code in ("play.must_trump", "play.trump_not_broken")
    }
    assert flagged == {"play.must_trump": missed, "play.trump_not_broken": early}
    assert verdict.exit_status == (1 if missed or early else 0)


BIDS = st.one_of(
    st.just("thirteen-under"),
    st.just("lucky-thirteen-under"),
    st.fixed_dictionaries({"start": st.integers(-40, 40), "goal": st.integers(-40, 40)}),
)


@settings(max_examples=300, deadline=None)
@given(
    n=st.sampled_from([3, 4, 5]),
    data=st.data(),
    step=st.integers(1, 30),
    under=st.integers(1, 500),
    lucky=st.integers(1, 5),
)
def test_random_bids_against_the_formula(n, data, step, under, lucky):
    players = NAMES[:n]
    total = TRICKS[n]
    cuts = sorted(data.draw(st.lists(st.integers(0, total), min_size=n - 1, max_size=n - 1)))
    counts = [b - a for a, b in zip([0, *cuts], [*cuts, total], strict=True)]
    bids = {p: data.draw(BIDS) for p in players}
    record = {
        "game": "yacht",
        "players": players,
        "options": {
            "distance_step": step,
            "thirteen_under_points": under,
            "lucky_multiplier": lucky,
        },
        "deals": [
            {
                "dealer": players[-1],
                "trump": "♠",
                "bids": bids,
                "tricks": dict(zip(players, counts, strict=True)),
            }
        ],
    }
    verdict = check_text(dump(record))
    assert verdict.deals[0].scores == {
        p: points_of(bids[p], k, total, step, under, lucky)
        for p, k in zip(players, counts, strict=True)
    }
    assert all(v <= 100 for p, v in verdict.deals[0].scores.items() if isinstance(bids[p], dict))


@settings(max_examples=30, deadline=None)
@given(
    rng=st.randoms(use_true_random=False),
    deals=st.integers(1, 6),
    target=st.sampled_from([150, 300, 500]),
)
def test_a_game_of_several_deals_adds_up_and_ends_by_the_rules(rng, deals, target):
    players = NAMES[:4]
    verdict = check_record(
        "yacht",
        players,
        [yacht_deal(rng, players, k % 4) for k in range(deals)],
        options={"target": target},
    )
    running = dict.fromkeys(players, 0)
    winner = None
    for d in verdict.deals:
        running = {p: running[p] + d.scores[p] for p in players}
        assert d.totals == running
        winner = winner or winner_after(running, target)
    assert verdict.totals == running
    assert verdict.winner == winner
    assert (verdict.winner is not None) == (verdict.termination_code == "target_reached")


def test_random_deals_are_reproducible():
    assert yacht_deal(random.Random(5), NAMES[:5], 0) == yacht_deal(random.Random(5), NAMES[:5], 0)


# ---------------------------------------------------------------- records that cannot be used

SUMMARY_5 = """\
game: yacht
players: [Anna, Boris, Vera, Gleb, Dasha]
deals:
  - dealer: Dasha
    trump: ♣
    trump_card: 7♣
    removed: [3♦, 3♥]
    bids:
      Anna: {start: 5, goal: 5}
      Boris: thirteen-under
      Vera: {start: 0, goal: -2}
      Gleb: {start: 2, goal: 8}
      Dasha: {start: -3, goal: -1}
    tricks: {Anna: 5, Boris: 1, Vera: 3, Gleb: 0, Dasha: 1}
"""
FULL_3 = example("full-play-original-rules")


# (text, what replaces it, the error that follows, the line the error names): each change breaks
# the record its list is named for.
BROKEN_SUMMARY = [
    ("removed: [3♦, 3♥]", "removed: [3♣, 3♥]", "record.bad_removed", 7),  # the 3 of trumps
    ("removed: [3♦, 3♥]", "removed: [4♦, 3♥]", "record.bad_removed", 7),  # not a 3
    ("removed: [3♦, 3♥]", "removed: [3♦]", "record.removed_count", 7),  # too few
    ("removed: [3♦, 3♥]", "removed: [3♦, 3♦]", "record.removed_twice", 7),
    ("removed: [3♦, 3♥]", "removed: [3x, 3♥]", "notation.bad_card", 7),
    ("Anna: 5,", "Anna: 6,", "record.tricks_sum", 14),
    ("Anna: 5,", "Anna: -1,", "record.not_a_number", 14),
    ("Boris: thirteen-under", "Boris: thirteen-over", "record.bad_bid", 10),
    ("Boris: thirteen-under", "Boris: 7", "record.bad_bid", 10),
    ("{start: 0, goal: -2}", "{start: 0.5, goal: -2}", "record.not_a_number", 11),
    ("{start: 0, goal: -2}", "{start: 0}", "record.not_a_number", 11),
    ("{start: 0, goal: -2}", "{start: 0, goal: -2, aim: 1}", "record.unknown_field", 11),
    ("      Dasha: {start: -3, goal: -1}\n", "", "record.missing_name", 8),
    ("trump_card: 7♣", "trump_card: 7♥", "record.trump_mismatch", 6),
    ("    trump: ♣\n", "", "record.missing_field", 4),
    ("dealer: Dasha", "dealer: Olga", "record.unknown_name", 4),
    ("players:", "options: {target: 0}\nplayers:", "record.bad_option_value", 2),
    ("players:", "options: {lucky_multiplier: two}\nplayers:", "record.bad_option_value", 2),
    ("players:", "options: {trump_breaking: yes please}\nplayers:", "record.bad_option_value", 2),
    ("players:", "options: {bidding: auction}\nplayers:", "record.unknown_option", 2),
    (
        "game: yacht",
        "game: yacht\nscores_before: {Anna: 520, Boris: 0, Vera: 0, Gleb: 0, Dasha: 0}",
        "record.game_over",
        2,
    ),
    ("Gleb, Dasha]", "Gleb, Dasha, Egor]", "record.player_count", 2),  # a sixth player
]
BROKEN_THIRTEEN_UNDER = [
    ("    trump: ♠\n", "    trump: ♠\n    removed: [3♦]\n", "record.removed_count", 17),
]
BROKEN_FULL = [
    # Full play: Vera holds the 3♦ instead of the 4♦, so the 4♦ is missing, and only a 3 may be.
    ("4♦ 2♦ 4♥", "3♦ 2♦ 4♥", "record.bad_removed", 32),
    # The hands already leave out the 3♦: removing the 3♥ as well does not add up to the pack.
    ("    trump_card: 9♣\n", "    trump_card: 9♣\n    removed: [3♥]\n", "record.deck_mismatch", 28),
    ("Anna:  A♣ 7♣ ", "Anna:  A♣ ", "record.hand_size", 33),
    ("      - 10♣ 2♦ J♥\n", "", "record.trick_count", 36),
    ("- 3♣ 8♦ 5♥", "- 3♣ 8♦ 5♥ 2♥", "record.trick_shape", 52),
]


@broken_records(
    (SUMMARY_5, BROKEN_SUMMARY),
    (example("thirteen-under"), BROKEN_THIRTEEN_UNDER),
    (FULL_3, BROKEN_FULL),
)
def test_impossible_records_exit_two(tmp_path, capsys, base, old, new, code, line):
    error = cli_error_after(tmp_path, capsys, base, old, new, code, "ru")
    assert error["where"].get("line") == line


def test_every_problem_is_reported_at_once():
    text = (
        SUMMARY_5.replace("removed: [3♦, 3♥]", "removed: [3♣]")
        .replace("Anna: 5,", "Anna: 6,")
        .replace("Boris: thirteen-under", "Boris: twelve")
    )
    with pytest.raises(RecordErrors) as info:
        check_text(text)
    codes = {e.code for e in info.value.errors}
    assert {
        "record.bad_removed",
        "record.removed_count",
        "record.tricks_sum",
        "record.bad_bid",
    } <= codes


# ---------------------------------------------------------------- verdicts, findings, warnings


def test_the_issue_sample_is_right_and_warns_about_parity(capsys):
    assert main(["check", str(EX / "thirteen-under.yaml"), "--json"]) == 0
    result = json.loads(capsys.readouterr().out)
    assert result["valid"] is True and result["deals"][0]["claim_agrees"] is True
    assert result["deals"][0]["scores"] == {"Anna": 100, "Boris": 200, "Vera": -400, "Gleb": 50}
    [warning] = result["findings"]
    assert warning["code"] == "bid.parity" and warning["severity"] == "warning"
    assert warning["where"]["path"] == "deals[0].bids.Gleb"


def test_a_disagreeing_claim_exits_one(capsys):
    assert main(["check", str(EX / "full-play-four.yaml"), "--json", "--lang", "de"]) == 1
    result = json.loads(capsys.readouterr().out)
    # the disagreeing claim is a finding in the JSON too (issue 42), with what was written and computed
    assert result["valid"] is False and [f["code"] for f in result["findings"]] == ["deal.claim"]
    assert (
        result["deals"][0]["claim_agrees"] is False and result["deals"][0]["scores"]["Gleb"] == 80
    )


def test_the_source_rules_of_play_forbid_what_the_original_allows():
    text = FULL_3.replace("options: {must_trump_when_void: false, trump_breaking: true}\n", "")
    verdict = check_text(text)
    assert verdict.exit_status == 1
    must = [
        (f.where.trick, render(f.message)) for f in verdict.findings if f.code == "play.must_trump"
    ]
    assert must[0][0] == 5 and "Anna" in must[0][1]  # void in diamonds, she threw the 9♥


def test_a_trump_led_before_trumps_are_broken():
    # Vera leads the 2♣ to the first trick although she holds other suits; the cards moved to
    # trick 1 are replaced in their later tricks by cards of the same players.
    text = (
        FULL_3.replace("- J♠ 5♠ 7♠", "- 2♣ 7♣ 3♣")
        .replace("- 5♣ 2♣ A♣", "- 5♣ J♠ A♣")
        .replace("- K♣ 9♣ 7♣", "- K♣ 9♣ 5♠")
        .replace("- 3♣ 8♦ 5♥", "- 7♠ 8♦ 5♥")
    )
    verdict = check_text(text)
    assert ("play.trump_not_broken", 1) in {(f.code, f.where.trick) for f in verdict.findings}
    relaxed = check_text(text.replace("trump_breaking: true", "trump_breaking: false"))
    assert "play.trump_not_broken" not in {f.code for f in relaxed.findings}


def test_the_first_lead_belongs_to_the_holder_of_the_two():
    text = example("full-play-four").replace("- 9♦ 6♦ A♦ 8♦", "- 6♦ A♦ 8♦ 9♦")
    verdict = check_text(text)
    assert ("play.lead_out_of_turn", 1) in {(f.code, f.where.trick) for f in verdict.findings}
    assert any("Vera holds 2♦" in render(s) for s in verdict.deals[0].steps)


def test_removed_cards_default_assumed_or_warned():
    assumed = check_text(example("five-players")).deals[0].steps
    assert any("assumed" in render(s) and "3♦" in render(s) and "3♥" in render(s) for s in assumed)
    other = check_text(example("three-players").replace("removed: [3♣]", "removed: [3♠]"))
    assert other.exit_status == 0
    assert [f.code for f in other.findings] == ["deal.removed_not_default"]


def test_the_hands_show_the_removed_card():
    steps = [render(s) for s in check_text(FULL_3).deals[0].steps]
    assert "Missing from the hands, and so removed before the deal: 3♦." in steps


def test_equal_totals_over_the_target_play_on():
    record = yaml.safe_load(example("two-pass-target"))
    record["deals"] = record["deals"][:1]
    verdict = check_text(dump(record))
    assert verdict.winner is None and verdict.termination_code == "in_progress"
    assert "530" in render(verdict.termination)
    record["scores_before"] = {
        "Anna": 530,
        "Boris": 530,
        "Vera": 300,
        "Gleb": 440,
    }  # a tie is not game over
    record["deals"] = yaml.safe_load(example("two-pass-target"))["deals"][1:]
    assert check_text(dump(record)).winner == "Vera"


def test_a_long_game_and_the_dealer_order():
    record = yaml.safe_load(example("two-pass-target"))
    record["options"] = {"target": 1000}
    record["deals"][1]["dealer"] = "Boris"
    verdict = check_text(dump(record))
    assert verdict.winner is None and verdict.exit_status == 0
    assert [f.code for f in verdict.findings] == ["deal.dealer_order"]


def test_a_bid_that_cannot_score_is_warned_about():
    text = (
        example("thirteen-under")
        .replace("Anna: {start: 0, goal: -5}", "Anna: {start: 0, goal: 40}")
        .replace("claim: {Anna: 100,", "claim: {Anna: 0,")
    )
    verdict = check_text(text)
    assert verdict.exit_status == 0
    assert {"bid.out_of_reach", "bid.parity"} <= {f.code for f in verdict.findings}


def test_special_bids_however_spelled():
    text = (
        example("thirteen-under")
        .replace("Boris: thirteen-under", "Boris: Thirteen Under")
        .replace("Vera: lucky-thirteen-under", "Vera: LUCKY_THIRTEEN_UNDER")
    )
    assert check_text(text).deals[0].scores == {"Anna": 100, "Boris": 200, "Vera": -400, "Gleb": 50}


def test_every_example_renders_in_every_language(capsys):
    for path in sorted(EX.glob("*.yaml")):
        for lang in ("en", "ru", "de"):
            assert main(["check", str(path), "--lang", lang]) in (0, 1)
            assert "Traceback" not in capsys.readouterr().err
