"""Wrong turns are findings in every game (DECISIONS.md, round 3), and nothing after one is judged.

A lead or a move out of turn, the wrong player moving and a player who has left the deal playing
give exit status 1 with a finding that says where; the replay stops judging there. Red and Black
(a full play records the stock only), Construction (the turns alternate and each turn is the card
drawn) and Collector (the players lay at once) have no way to write a wrong turn down.
"""

from __future__ import annotations

import pytest
import yaml

from referee import check_text
from referee.engines.game import Verdict

TRICK_GAMES = [
    ("catch-the-ten", "full-play-four.yaml"),
    ("minnesota-whist", "full-play-high.yaml"),
    ("reunion", "full-play.yaml"),
    ("trump-seven", "full-play.yaml"),
    ("yacht", "full-play-four.yaml"),
]


def _load(name: str) -> dict:
    data = yaml.safe_load(open(f"examples/{name}", encoding="utf-8"))
    data.pop("expected", None)
    return data


def _check(data: dict) -> Verdict:
    return check_text(yaml.safe_dump(data, allow_unicode=True))


def _codes(verdict: Verdict) -> list[str]:
    return [f.code for f in verdict.findings]


@pytest.mark.parametrize(("game", "example"), TRICK_GAMES)
def test_a_lead_out_of_turn_stops_the_judging(game, example):
    data = _load(f"{game}/{example}")
    tricks = data["deals"][0]["tricks"]
    cards = tricks[2].split()
    tricks[2] = " ".join(cards[1:] + cards[:1])  # the second player of trick 3 leads it
    tricks[4] = " ".join(reversed(tricks[4].split()))  # a later wrong order: not judged any more
    verdict = _check(data)
    assert verdict.exit_status == 1
    # a later trick's lead is the last winner's: that rule is broken, not the first lead's (issue 42)
    assert _codes(verdict)[:2] == ["play.lead_not_winner", "play.not_judged"]
    assert all(f.where.trick == 3 for f in verdict.findings if f.code.startswith("play."))


def _korol() -> dict:
    return _load("korol/full-play.yaml")


def test_korol_a_player_who_has_left_the_first_phase_leads_a_dead_card():
    data = _korol()
    data["deals"][0]["tricks"][5] = (
        "6♥ J♦ A♦ 6♦"  # Anna reached her quota at trick 5; her 6♥ is dead
    )
    verdict = _check(data)
    assert verdict.exit_status == 1
    assert _codes(verdict) == ["play.left_the_deal", "play.not_judged"]
    assert verdict.findings[0].where.trick == 6 and verdict.deals[0].mode == "broken"
    assert verdict.winner is None and verdict.termination_code == "stopped"


def test_korol_a_trick_after_the_first_phase_ended_is_a_wrong_turn():
    data = _korol()
    deal = data["deals"][0]
    deal["tricks"] = deal["tricks"] + ["6♥"]  # Anna's dead card: the phase was over
    verdict = _check(data)
    assert _codes(verdict)[0] == "play.left_the_deal" and verdict.exit_status == 1


def test_korol_a_lead_out_of_turn_in_the_reign():
    data = _korol()
    tricks = data["deals"][0]["reign_tricks"]
    cards = tricks[1].split()
    tricks[1] = " ".join(cards[1:] + cards[:1])
    verdict = _check(data)
    assert (
        _codes(verdict)[:2] == ["play.lead_not_winner", "play.not_judged"]
        and verdict.exit_status == 1
    )


def test_buy_or_pass_a_card_of_another_player_is_a_wrong_turn():
    data = _load("buy-or-pass/full-play.yaml")
    data["deals"][0]["play"][0] = "9♥ 7♥ J♥ A♥"  # Vera's 9♥ led; Boris has the lead
    verdict = _check(data)
    # the deal's first lead: the first-lead rule (G6-S7)
    assert _codes(verdict) == ["play.lead_out_of_turn", "play.not_judged"]
    assert verdict.exit_status == 1


@pytest.mark.parametrize(
    "change",
    [
        lambda deal, data: deal["turns"].__setitem__(0, {"Boris": "K♠ SE"}),  # the wrong name
        lambda deal, data: deal["turns"].__setitem__(0, "K♠ SE"),  # no name, Boris's card
        lambda deal, data: data.__setitem__(
            "options", {"first_player": "left_of_dealer"}
        ),  # the dealer moves first
    ],
)
def test_kings_corners_the_wrong_player_moving(change):
    data = _load("kings-corners/full-play-two.yaml")
    change(data["deals"][0], data)
    verdict = _check(data)
    assert _codes(verdict) == ["play.out_of_turn"] and verdict.exit_status == 1
    assert (
        verdict.findings[0].where.path == "deals[0].turns[0]" and verdict.deals[0].claim is None
    )  # not judged


def test_stealing_bundles_a_move_out_of_turn():
    data = _load("stealing-bundles/opening-moves.yaml")
    data["deals"][0]["moves"][0] = "9♦ > 9♣"  # Boris's card on Anna's turn
    verdict = _check(data)
    assert _codes(verdict) == ["play.out_of_turn"] and verdict.exit_status == 1


def test_comet_a_card_from_the_wrong_hand():
    data = _load("comet/full-play-four.yaml")
    plays = data["deals"][0]["plays"].split()
    plays[0] = "8♥"  # Boris's card on Anna's lead
    data["deals"][0]["plays"] = " ".join(plays)
    verdict = _check(data)
    # on the first lead: the rule of who leads first, which the card broke (issue 42)
    assert _codes(verdict) == ["comet.first_lead"] and verdict.exit_status == 1


def test_collector_a_take_left_out_is_a_finding():
    data = _load("collector/full-play-eight-rounds.yaml")
    data["deals"][0]["rounds"][7]["take"] = {"Boris": "draw"}  # Anna's take is missing
    verdict = _check(data)
    assert _codes(verdict) == ["take.missing"] and verdict.exit_status == 1
