"""Every worked example is replayed, and the referee must compute what the example expects."""

from __future__ import annotations

import pytest
import yaml

from referee import check_text
from tests.conftest import EXAMPLES


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_example_replays_to_expected(path):
    text = path.read_text(encoding="utf-8")
    expected = yaml.safe_load(text)["expected"]
    verdict = check_text(text)
    assert verdict.game == path.parent.name
    assert [d.scores for d in verdict.deals] == expected["scores"]
    assert verdict.totals == expected["totals"]
    assert verdict.winner == expected["winner"]
    assert verdict.exit_status == expected["exit"]


def test_every_game_has_at_least_three_examples():
    from referee.games import GAMES

    for slug in GAMES:
        assert len([p for p in EXAMPLES if p.parent.name == slug]) >= 3, slug
