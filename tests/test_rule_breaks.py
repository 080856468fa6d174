"""Every finding cites the rule it breaks (issue 42).

Three kinds of evidence:

- the two round-3 rules audits' break records (``tests/data/audit4/``, each with the exit status and
  the rule ids it must give in ``expected.yaml``), written by auditors who had not seen the referee;
- for every checkable rule of every game, a record that breaks it (an example or a case of
  ``tests/data/breaks/``, :func:`referee.cli.rules.rules_map`) whose finding or error cites that rule;
- random legal games accepted by the bounds the audits found missing, and the bounds' edges refused.

A finding or an error with no rule id fails, unless its code is declared ruleless.
"""

from __future__ import annotations

import random
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
import yaml
from hypothesis import given, settings
from hypothesis import strategies as st

from referee import check_text, errors_json, verdict_json
from referee.cards import Rank
from referee.engines.game import CLAIM, CLAIM_CODE, RULELESS_CODES
from referee.errors import RefereeError
from referee.games import GAMES
from referee.games import buy_or_pass as bop
from referee.games import kings_corners as kc
from referee.simulate.buy_or_pass import buy_or_pass_game
from referee.simulate.kings_corners import kings_corners_play
from tests.conftest import dump

AUDIT = Path(__file__).parent / "data" / "audit4"
EXPECTED: dict[str, dict[str, Any]] = yaml.safe_load(
    (AUDIT / "expected.yaml").read_text(encoding="utf-8")
)
NAMES = ["Anna", "Boris", "Vera", "Gleb"]


def outcome(text: str) -> tuple[int, dict[str, Any], list[dict[str, Any]]]:
    """The exit status, the ``--json`` object and its findings (a verdict) or errors (an unusable record)."""
    try:
        verdict = check_text(text)
    except RefereeError as err:
        out = errors_json(err, "en")
        return 2, out, out["errors"]
    out = verdict_json(verdict, "en")
    return verdict.exit_status, out, out["findings"]


def uncited(game: str | None, items: list[dict[str, Any]]) -> list[str]:
    """The codes of findings or errors that cite no rule and are not declared ruleless."""
    own = GAMES[game].ruleless_codes if game else frozenset()
    return [i["code"] for i in items if i["rule"] is None and i["code"] not in RULELESS_CODES | own]


def test_every_audit_record_is_listed():
    files = {f"{p.parent.name}/{p.name}" for p in AUDIT.glob("*/*.yaml")}
    assert files == set(EXPECTED)
    assert len(files) == 169  # 81 trick-game records, 88 others


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_an_audit_record_gives_its_exit_status_and_cites_the_rules_it_breaks(name):
    want = EXPECTED[name]
    text = (AUDIT / name).read_text(encoding="utf-8")
    status, out, items = outcome(text)
    assert status == want["exit"], [(i["code"], i["rule"]) for i in items]
    cited = {i["rule"] for i in items}
    assert set(want["rules"]) <= cited, sorted(c for c in cited if c)
    assert not uncited(yaml.safe_load(text).get("game"), items)
    if "winner" in want:
        assert out["winner"] == want["winner"]
    if "totals" in want:
        assert out["totals"] == want["totals"]


def _cases(slug: str) -> dict[str, Any]:
    from referee.cli.rules import cases

    return {case.source: case for case in cases(slug)}


@pytest.mark.parametrize("slug", list(GAMES))
def test_every_checkable_rule_is_broken_by_a_record_that_cites_it(slug):
    """A rule with a code of its own: the finding cites it. A rule checked through another rule's code
    (``(code)`` in the rule table): the finding cites that rule. A rule checked by the scoring alone:
    the record's claim disagrees, a ``deal.claim`` finding that cites the game's scoring rule (or the
    game's own claim finding, Construction's winner)."""
    from referee.cli.rules import rules_map

    game = GAMES[slug]
    rules = {r.id: r for r in game.rules()}
    by_source = _cases(slug)
    wrong = []
    for row in rules_map(slug):
        if "unchecked" in row:
            continue
        rule = rules[row["rule"]]
        case = by_source[row["broken_by"]]
        _, _, items = outcome(case.text)
        cited = {i["rule"] for i in items}
        own = [c for c in rule.codes if c not in rule.also and c != CLAIM]
        if own:
            ok = rule.id in cited
        elif CLAIM in rule.codes and CLAIM not in rule.also:
            ok = any(i["code"] == CLAIM_CODE and i["rule"] == game.claim_rule for i in items) or (
                bool(cited & {game.rule_for(c) for c in rule.codes if c != CLAIM})
            )
        else:
            ok = bool(cited & {game.rule_for(c) for c in rule.codes})
        if not ok or uncited(slug, items):
            wrong.append((rule.id, case.source, sorted((i["code"], i["rule"]) for i in items)))
    assert not wrong


@pytest.mark.parametrize("slug", list(GAMES))
def test_a_case_that_says_which_rule_it_breaks_cites_it(slug):
    game = GAMES[slug]
    for case in _cases(slug).values():
        if case.breaks is None:
            continue
        rule = next(r for r in game.rules() if r.id == case.breaks)
        _, _, items = outcome(case.text)
        cited = {i["rule"] for i in items}
        claimed = CLAIM in rule.codes and any(i["code"] == CLAIM_CODE for i in items)
        assert rule.id in cited or cited & {game.rule_for(c) for c in rule.codes} or claimed, (
            case.source
        )


@pytest.mark.parametrize("slug", list(GAMES))
def test_every_game_names_the_rule_a_disagreeing_claim_breaks(slug):
    game = GAMES[slug]
    assert game.claim_rule in {r.id for r in game.rules() if CLAIM in r.codes}


def test_a_disagreeing_claim_is_a_finding_with_the_written_and_the_computed_values():
    text = (Path(__file__).parents[1] / "examples/comet/nine-disputed.yaml").read_text("utf-8")
    status, out, items = outcome(text)
    claim = next(i for i in items if i["code"] == CLAIM_CODE)
    assert status == 1 and out["deals"][0]["claim_agrees"] is False
    assert claim["rule"] == "G4-R11" and claim["path"] == "deals[0].claim" and claim["line"]
    assert claim["written"]["Boris"] == 12 and claim["computed"]["Boris"] == 11
    assert "Boris 12" in claim["message"] and "Boris 11" in claim["message"]


# -- Kings Corners: a hand holds at most the cards dealt and the cards drawn ----------------------------


def _kc_summary(state: kc.KingsCornersHand, names: list[str], dealer: int) -> dict[str, Any]:
    left = {
        name: {
            "kings": sum(c.rank is Rank.KING for c in hand),
            "others": sum(c.rank is not Rank.KING for c in hand),
        }
        for name, hand in zip(names, state.hands, strict=True)
    }
    deal: dict[str, Any] = {"dealer": names[dealer], "left": left}
    out = [names[s] for s in state.out]
    if out:
        deal["out"] = out
    return {"game": "kings-corners", "players": names, "deals": [deal]}


@settings(max_examples=40, deadline=None)
@given(st.integers(2, 4), st.integers(0, 3), st.randoms(use_true_random=False))
def test_kings_corners_summaries_of_random_hands_are_accepted(n, dealer, rng):
    names, dealer = NAMES[:n], dealer % n
    state = kings_corners_play(random.Random(rng.random()), n, dealer)
    assert outcome(dump(_kc_summary(state, names, dealer)))[0] == 0


@pytest.mark.parametrize("n", [2, 3, 4])
def test_kings_corners_a_hand_at_the_bound_is_accepted_and_one_more_card_refused(n):
    names = NAMES[:n]
    most = kc.HAND_SIZE + (len(kc.DECK) - n * kc.HAND_SIZE - 4) // n  # the whole stock drawn round
    others = {p: {"kings": 0, "others": 1} for p in names}

    def record(size: int) -> str:
        left = dict(others, Anna={"kings": 0, "others": size})
        return dump(
            {"game": "kings-corners", "players": names, "deals": [{"dealer": "Anna", "left": left}]}
        )

    assert outcome(record(most))[0] == 0
    status, _, items = outcome(record(most + 1))
    assert status == 2 and [(i["code"], i["rule"]) for i in items] == [
        ("record.impossible_left", "G7-A6")
    ]
    assert f"at most {most - kc.HAND_SIZE}" in items[0]["message"]


# -- Buy or Pass: at most four tricks led in one suit stand in a deal -----------------------------------


def _bop_summary(g: dict[str, Any], dealer: int) -> dict[str, Any]:
    play = g["play"]
    tricks: dict[str, list[str]] = {p: [] for p in NAMES}
    for trick in play.tricks:
        tricks[NAMES[trick.winner]].append(str(trick.cards[0].suit))
    holding = Counter(NAMES[seat] for seat, _ in play.passes_holding)
    deal = {
        "dealer": NAMES[dealer],
        "bought": dict(zip(NAMES, g["bought"], strict=True)),
        "passes_holding": {p: holding[p] for p in NAMES},
        "tricks": tricks,
    }
    if play.out:
        deal["first_out"] = NAMES[play.out[0]]
    return {"game": "buy-or-pass", "players": NAMES, "deals": [deal]}


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 3), st.randoms(use_true_random=False))
def test_buy_or_pass_summaries_of_random_deals_are_accepted(dealer, rng):
    g = buy_or_pass_game(random.Random(rng.random()), dealer)
    led = Counter(t.cards[0].suit for t in g["play"].tricks)
    assert max(led.values(), default=0) <= 4
    assert outcome(dump(_bop_summary(g, dealer)))[0] == 0


def test_buy_or_pass_four_tricks_in_a_suit_are_accepted_and_five_refused():
    def record(hearts: int) -> str:
        tricks = {"Anna": ["♥"] * hearts, "Boris": ["♠"], "Vera": ["♣"], "Gleb": ["♦"]}
        return dump(
            {
                "game": "buy-or-pass",
                "players": NAMES,
                "deals": [{"dealer": "Anna", "tricks": tricks, "first_out": "Boris"}],
            }
        )

    assert outcome(record(4))[0] == 0
    status, _, items = outcome(record(5))
    assert status == 2 and [(i["code"], i["rule"]) for i in items] == [
        ("record.tricks_sum", "G6-S13")
    ]
    assert "Tricks led in ♥ that can stand: at most 4" in items[0]["message"]


def test_buy_or_pass_after_a_stop_settles_only_what_was_due_before_it():
    """The antes and the cards bought up to the stop; no trick paid, no fine for taking none."""
    text = (AUDIT / "trick/p4_S11.yaml").read_text(encoding="utf-8")
    verdict = check_text(text)
    deal = verdict.deals[0]
    said = [str(s) for s in deal.steps]
    assert deal.scores == dict.fromkeys(NAMES, -100)
    assert not any("took no trick" in s or "is paid" in s for s in said)
    assert any("not played out" in s for s in said)
    assert bop.STOP_SETTLED in deal.steps


# -- Minnesota Whist under pagat.com's scoring: a side can be below zero -------------------------------


@pytest.mark.parametrize(("scoring", "status"), [("pagat", 0), ("seed", 2)])
def test_a_negative_running_score_is_possible_only_under_pagat_scoring(scoring, status):
    record = {
        "game": "minnesota-whist",
        "players": NAMES,
        "teams": {"We": ["Anna", "Vera"], "They": ["Boris", "Gleb"]},
        "options": {"scoring": scoring},
        "scores_before": {"We": -20, "They": 0},
        "deals": [{"dealer": "Gleb", "grand": "nobody", "tricks": {"We": 10, "They": 3}}],
    }
    got, out, _ = outcome(dump(record))
    assert got == status
    if status == 0:
        assert out["totals"] == {"We": -24, "They": 0}  # a low hand: We took 10 and lose 4


# -- Comet: the winner comes from the agreed deals ---------------------------------------------------------


def test_a_comet_deal_after_the_agreed_match_does_not_change_the_winner():
    text = (AUDIT / "other/comet-a09.yaml").read_text(encoding="utf-8")
    verdict = check_text(text)
    assert verdict.winner == "Vera" and verdict.deals[0].totals["Vera"] == 10
    assert max(verdict.totals, key=verdict.totals.__getitem__) == "Anna"  # both deals summed
    assert [f.code for f in verdict.findings] == ["game.deal_after_end"]
    assert "The match of 1 deal is over" in str(verdict.termination)


# -- Records as a player writes them ---------------------------------------------------------------------

KC_FULL = """\
game: kings-corners
players: [Anna, Boris]
deals:
  - dealer: Anna
    hands:
      Anna:  K♦ Q♠ J♥ 10♠ 7♥ 6♠ 5♥
      Boris: K♠ 4♣ 3♦ 8♦ 2♥ A♠ 7♣
    sides: 8♣ 9♥ 6♦ Q♥
    stock: >-
      2♣ 5♣ 3♣ 6♣ 9♣ 10♣ J♣ Q♣ K♣ A♣ 2♦ 4♦ 5♦ 7♦ 9♦ 10♦ J♦ Q♦ A♦ 3♥ 4♥ 6♥ 8♥ 10♥ K♥ A♥
      2♠ 3♠ 4♠ 5♠ 7♠ 8♠ 9♠ J♠
    turns:
      - Anna: K♦ NE; Q♠ NE; J♥ NE
      - {boris}
      - Anna: 10♠ NE; E>NE; N>NE; 7♥ NE; 6♠ NE; 5♥ NE; 2♣ N
"""


@pytest.mark.parametrize("boris", ["Boris: '-'", "Boris:", "'Boris: -'", '"Boris: -"', "'-'"])
def test_a_kings_corners_turn_with_no_move_is_read_as_a_player_writes_it(boris):
    status, out, items = outcome(KC_FULL.format(boris=boris))
    assert status == 0 and not items, items
    assert any(line.startswith("Turn 2, Boris") for line in out["deals"][0]["explanation"])


def test_a_bare_dash_after_a_name_is_refused_with_the_form_to_write():
    status, _, items = outcome(KC_FULL.format(boris="Boris: -"))
    assert status == 2 and items[0]["code"] == "record.yaml" and items[0]["line"] == 14
    assert "- Boris: '-'" in items[0]["message"]


SB_FULL = """\
game: stealing-bundles
players: [Anna, Boris, Vera]
deals:
  - dealer: Vera
    pack: >-
      2♦ 5♥ 9♣ 10♠ 5♣ 9♦ 2♠ 3♥ 3♠ 8♣ 8♦ 6♣ 4♥ 4♠ 7♥ 6♦ 2♣ 3♣ 4♣ 7♣ 10♣ J♣ Q♣ K♣ A♣ 3♦ 4♦ 5♦ 7♦ 10♦
      J♦ Q♦ K♦ A♦ 2♥ 6♥ 8♥ 9♥ 10♥ J♥ Q♥ K♥ A♥ 5♠ 6♠ 7♠ 8♠ 9♠ J♠ Q♠ K♠ A♠
    moves: {moves}
"""


def test_a_stealing_bundles_move_split_at_its_comma_says_how_to_quote_it():
    status, _, items = outcome(
        SB_FULL.format(moves="[5♣ > 5♥, 9♦ > 9♣, 2♠ > 2♦, 3♥, 3♠ > 3♥, Boris]")
    )
    assert status == 2 and items[0]["code"] == "record.bad_move"
    assert "'3♠ > 3♥, Boris'" in items[0]["message"]
    status, _, items = outcome(SB_FULL.format(moves="[5♣ > 5♥, 4♠]"))
    assert status == 1 and items[0]["code"] == "play.out_of_turn"  # 4♠ is Anna's, not Boris's
    assert "'5♣ > 5♥, 4♠'" in items[0]["message"]
    status, _, items = outcome(SB_FULL.format(moves="[5♣ > 5♥, 9♦ > 9♣]"))
    assert status == 0


def test_a_loser_or_a_winner_named_wrongly_gives_the_written_and_the_computed_values():
    _, _, items = outcome((AUDIT / "other/rb-loser.yaml").read_text(encoding="utf-8"))
    (loser,) = items
    assert (loser["code"], loser["rule"], loser["written"], loser["computed"]) == (
        "deal.loser_claim",
        "G10-S11",
        ["Boris"],
        ["Vera"],
    )
    for example in ("korol/short-quotas", "buy-or-pass/two-roubles"):  # a claim's own line
        text = (Path(__file__).parents[1] / f"examples/{example}.yaml").read_text("utf-8")
        claim = next(i for i in outcome(text)[2] if i["code"] == CLAIM_CODE)
        assert claim["line"] and claim["path"] == "deals[0].claim"
