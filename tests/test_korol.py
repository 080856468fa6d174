"""Korol: quotas as caps, the reign's titles and exchanges, the winner; random games and their summaries."""

from __future__ import annotations

import copy
import random

import pytest
import yaml
from hypothesis import given, settings
from hypothesis import strategies as st

from referee import check_text
from referee.errors import RecordErrors
from referee.games import korol
from referee.simulate.korol import korol_deal, korol_game
from tests.conftest import unusable_after

NAMES = ["Anna", "Boris", "Vera", "Gleb"]
QUOTAS = st.fixed_dictionaries({t: st.integers(1, 9) for t in korol.TITLES})


def record(deal: dict, **options: bool) -> str:
    return yaml.safe_dump(
        {"game": "korol", "players": NAMES, "options": options, "deals": [deal]},
        allow_unicode=True,
        sort_keys=False,
    )


def summary_of(game: dict, dealer: int) -> dict:
    """The scoresheet a full play makes: titles, quotas and the trick counts of both phases."""
    return {
        "dealer": NAMES[dealer],
        "titles": {NAMES[s]: v for s, v in game["titles"].items()},
        "quotas": dict(game["quotas"]),
        "tricks": dict(zip(NAMES, game["first"].tricks_won(), strict=True)),
        "reign_tricks": dict(zip(NAMES, game["second"].tricks_won(), strict=True)),
    }


@settings(max_examples=40, deadline=None)
@given(
    seed=st.integers(0, 10**6),
    dealer=st.integers(0, 3),
    quotas=QUOTAS,
    must=st.booleans(),
    free=st.booleans(),
)
def test_random_games_conserve_cards_respect_caps_and_match_their_summary(
    seed, dealer, quotas, must, free
):
    game = korol_game(random.Random(seed), dealer, quotas, must, free)
    first, second = game["first"], game["second"]
    played = [c for tr in first.tricks for c in tr.cards] + [
        c for cs in first.dead.values() for c in cs
    ]
    assert sorted(played) == sorted(korol.DECK)  # cards conserved: played or dead, each once
    assert sorted(c for tr in second.tricks for c in tr.cards) == sorted(korol.DECK)
    won = first.tricks_won()
    caps = [quotas[game["titles"][s]] for s in range(4)]
    assert all(w <= c for w, c in zip(won, caps, strict=True))  # caps respected
    assert sum(won) == len(first.tricks) and sum(second.tricks_won()) == korol.HAND  # tricks add up
    assert set(first.left) == {s for s in range(4) if won[s] == caps[s]}
    full = check_text(
        record(
            korol_deal(
                random.Random(seed), NAMES, dealer, quotas=quotas, must_trump=must, free_play=free
            ),
            must_trump_when_void=must,
            free_play=free,
        )
    )
    summary = check_text(
        record(summary_of(game, dealer), must_trump_when_void=must, free_play=free)
    )
    assert full.exit_status == summary.exit_status == 0
    assert full.winner == summary.winner and full.totals == summary.totals
    mixed = check_text(
        record(
            first_summed_up(
                korol_deal(
                    random.Random(seed),
                    NAMES,
                    dealer,
                    quotas=quotas,
                    must_trump=must,
                    free_play=free,
                ),
                game,
            ),
            must_trump_when_void=must,
            free_play=free,
        )
    )
    assert mixed.exit_status == 0 and (mixed.winner, mixed.totals) == (full.winner, full.totals)


def first_summed_up(deal: dict, game: dict) -> dict:
    """A full play whose first phase is given as a summary, the reign card by card (G8-D01)."""
    mixed = {k: v for k, v in deal.items() if k not in ("hands", "trump_card")}
    mixed["tricks"] = dict(zip(NAMES, game["first"].tricks_won(), strict=True))
    return mixed


def test_the_lead_passes_on_when_the_winner_leaves():
    text = open("examples/korol/full-play.yaml", encoding="utf-8").read()
    verdict = check_text(text)
    steps = [str(s) for s in verdict.deals[0].steps]
    assert any("trick 5" in s for s in steps)


def _full() -> dict:
    return yaml.safe_load(open("examples/korol/full-play.yaml", encoding="utf-8"))


def test_a_peasant_who_gives_no_trump_is_a_finding():
    data = _full()
    data["deals"][0]["exchanges"]["peasant"] = {
        "gives": "6♥",
        "gets": "6♥",
    }  # the King hands it back
    verdict = check_text(yaml.safe_dump(data, allow_unicode=True))
    assert [f.code for f in verdict.findings] == ["exchange.peasant_not_trump"]
    assert verdict.exit_status == 1


def test_a_revoke_in_the_first_phase_is_a_finding_with_its_place():
    data = _full()
    tricks = data["deals"][0]["tricks"]
    tricks[4], tricks[6] = "Q♠ A♠ 10♣ 7♦", "6♣ 9♦ 6♠"  # Boris keeps the 6♠ back on a spade lead
    verdict = check_text(yaml.safe_dump(data, allow_unicode=True))
    [finding] = verdict.findings
    assert finding.code == "play.revoke" and finding.where.trick == 5
    assert verdict.exit_status == 1


@pytest.mark.parametrize(
    "change",
    [
        lambda d: d["tricks"].pop(),  # a trick too few
        lambda d: d.__setitem__("trump_card", "A♥"),  # not in the dealer's hand
        lambda d: d["titles"].__setitem__("Anna", "king"),  # a title twice
    ],
)
def test_impossible_facts_make_the_record_unusable(change):
    unusable_after(_full(), change)


def test_summary_tricks_above_a_quota_are_impossible():
    data = yaml.safe_load(open("examples/korol/reign-to-the-peasant.yaml", encoding="utf-8"))
    bad = copy.deepcopy(data)
    bad["deals"][0]["tricks"] = {"Anna": 4, "Boris": 2, "Vera": 2, "Gleb": 1}
    with pytest.raises(RecordErrors) as err:
        check_text(yaml.safe_dump(bad, allow_unicode=True))
    assert err.value.errors[0].code == "record.tricks_sum"


def test_summary_tricks_never_put_all_four_at_their_quotas():
    data = yaml.safe_load(open("examples/korol/short-quotas.yaml", encoding="utf-8"))
    data["deals"][0]["tricks"]["Anna"] = 3  # the phase ended when Gleb, the third, reached his
    with pytest.raises(RecordErrors) as err:
        check_text(yaml.safe_dump(data, allow_unicode=True))
    [error] = err.value.errors
    assert error.code == "record.tricks_sum" and "the fourth never reaches his" in str(
        error.message
    )
    assert error.where.path == "deals[0].tricks"


def _mixed() -> dict:
    data = yaml.safe_load(open("examples/korol/full-play.yaml", encoding="utf-8"))
    deal = data["deals"][0]
    for key in ("hands", "trump_card"):
        del deal[key]
    deal["tricks"] = {
        "Anna": 3,
        "Boris": 0,
        "Vera": 5,
        "Gleb": 1,
    }  # as the example's first phase ends
    data.pop("expected")
    return data


def test_a_first_phase_summed_up_before_a_full_reign_is_judged_like_the_full_play():
    verdict = check_text(yaml.safe_dump(_mixed(), allow_unicode=True))
    assert verdict.exit_status == 0 and verdict.winner == "Anna"
    assert verdict.deals[0].mode == "full"
    steps = " ".join(str(s) for s in verdict.deals[0].steps)
    assert "Titles in the reign: King Vera, Prince Anna, Soldier Gleb and Peasant Boris." in steps


def test_a_first_phase_summed_up_is_bounded_and_its_reign_still_judged():
    data = _mixed()
    data["deals"][0]["tricks"]["Anna"] = 4  # over the Peasant's quota of 3
    with pytest.raises(RecordErrors) as err:
        check_text(yaml.safe_dump(data, allow_unicode=True))
    assert [e.code for e in err.value.errors] == ["record.tricks_sum"]


def test_a_broken_rule_in_the_reign_is_judged_alike_after_either_first_phase():
    full = yaml.safe_load(open("examples/korol/full-play.yaml", encoding="utf-8"))
    full.pop("expected")
    verdicts = []
    for data in (full, _mixed()):
        tricks = [trick.split() for trick in data["deals"][0]["reign_tricks"]]
        tricks[0][2], tricks[1][3] = (
            tricks[1][3],
            tricks[0][2],
        )  # Anna: Q♥ to a spade lead, 10♠ to a heart one
        data["deals"][0]["reign_tricks"] = [" ".join(trick) for trick in tricks]
        verdict = check_text(yaml.safe_dump(data, allow_unicode=True))
        verdicts.append((verdict.exit_status, [(f.code, str(f.message)) for f in verdict.findings]))
    assert verdicts[0] == verdicts[1] and verdicts[0][0] == 1
