"""Minnesota Whist: who declared grand is said (a player, or nobody) or not recorded, never guessed (issue 34).

A summary deal that leaves ``grand`` out is judged only when its claim agrees with exactly one reading
(a low hand; a high hand granded by either side), and the verdict says which reading it rests on (a
warning, exit 0 or 1 as the claims go); without a claim, or with a claim no reading gives, the record
cannot be judged (exit 2, naming the field). ``nobody`` (or ``no one``, ``никто``, ``niemand``) is a low
hand; a player of that name is that player.
"""

from __future__ import annotations

import pytest

from referee import check_text
from referee.messages import render
from tests.conftest import errors_of

HEAD = (
    "game: minnesota-whist\nplayers: [Anna, Boris, Vera, Gleb]\n"
    "teams: {We: [Anna, Vera], They: [Boris, Gleb]}\n"
)


def deal(line: str, options: str = "") -> str:
    return HEAD + options + "deals:\n  - {dealer: Gleb, tricks: {We: 9, They: 4}" + line + "}\n"


@pytest.mark.parametrize(
    ("claim", "reading", "scores"),
    [
        ("{We: 0, They: 3}", "a low hand", {"We": 0, "They": 3}),
        ("{We: 3, They: 0}", "a high hand granded by We", {"We": 3, "They": 0}),
        ("{We: 6, They: 0}", "a high hand granded by They", {"We": 6, "They": 0}),
    ],
)
def test_a_claim_that_fits_one_reading_is_judged_on_it_and_says_so(
    claim: str, reading: str, scores: dict[str, int]
) -> None:
    verdict = check_text(deal(f", claim: {claim}"))
    assert verdict.exit_status == 0
    assert verdict.deals[0].scores == scores
    [finding] = [f for f in verdict.findings if f.code == "record.grand_assumed"]
    assert finding.severity == "warning" and finding.where.path == "deals[0].grand"
    said = render(finding.message, "en")
    assert f"agrees only with {reading}," in said, said
    for lang in ("ru", "de"):
        assert render(finding.message, lang) != said


def test_under_pagat_a_high_hand_is_one_reading_whoever_granded() -> None:
    verdict = check_text(deal(", claim: {We: 3, They: 0}", "options: {scoring: pagat}\n"))
    [finding] = [f for f in verdict.findings if f.code == "record.grand_assumed"]
    said = render(finding.message, "en")
    assert "a low hand (We −3, They 0) and a high hand (We 3, They 0)" in said, said


@pytest.mark.parametrize("claim", ["", ", claim: {We: 5, They: 0}"])
def test_without_a_claim_that_settles_it_the_record_names_the_field(claim: str) -> None:
    [error] = errors_of(deal(claim))
    assert error.code == "record.grand_not_recorded"
    assert error.where.path == "deals[0].grand"
    said = render(error.message, "en")
    assert "a low hand (We 0, They 3)" in said and "granded by They (We 6, They 0)" in said, said
    assert ("agrees with none" in said) == bool(claim)


@pytest.mark.parametrize("word", ["nobody", "No one", "никто", "Niemand"])
def test_nobody_is_a_low_hand_and_no_assumption(word: str) -> None:
    verdict = check_text(deal(f", grand: {word}, claim: {{We: 3, They: 0}}"))
    assert verdict.exit_status == 1  # a low hand scores They 3: the claim disagrees, plainly
    assert verdict.deals[0].scores == {"We": 0, "They": 3}
    assert not [f for f in verdict.findings if f.code.startswith("record.grand")]


def test_a_player_named_like_the_word_is_that_player() -> None:
    text = deal(", grand: Nobody, claim: {We: 3, They: 0}").replace("Anna", "Nobody")
    verdict = check_text(text)
    assert verdict.exit_status == 0 and verdict.deals[0].scores == {"We": 3, "They": 0}


def test_a_name_not_at_the_table_nor_the_word_is_refused() -> None:
    [error] = errors_of(deal(", grand: Zed"))
    assert error.code == "record.unknown_name" and "nobody" in render(error.message, "en")


def test_a_full_play_that_says_nobody_is_checked_against_the_bid_cards() -> None:
    from tests.conftest import ROOT

    text = (ROOT / "examples" / "minnesota-whist" / "full-play-high.yaml").read_text("utf-8")
    assert "grand:" not in text.split("expected:")[0]
    text = text.replace("  - dealer:", "  - grand: nobody\n    dealer:", 1)
    codes = [e.code for e in errors_of(text)]
    assert codes == ["record.grand_mismatch"], codes
