"""The command line in all three languages, with and without --json."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from referee.cli.command import main
from tests.conftest import ROOT

EX = ROOT / "examples"
SAMPLES = ["sample-1-granders-make", "sample-2-granders-set", "sample-3-low-hand"]
WORDS = {
    "en": ("Verdict: valid", "Deal 1"),
    "ru": ("Вердикт", "Сдача 1"),
    "de": ("Urteil", "Runde 1"),
}


@pytest.mark.parametrize("lang", ["en", "ru", "de"])
@pytest.mark.parametrize("sample", SAMPLES)
def test_seed_samples_settled_in_each_language(sample, lang, capsys):
    assert main(["check", str(EX / "minnesota-whist" / f"{sample}.yaml"), "--lang", lang]) == 0
    out = capsys.readouterr().out
    for word in WORDS[lang]:
        assert word in out


@pytest.mark.parametrize("lang", ["en", "ru", "de"])
def test_two_players_pass_41_json(lang, capsys):
    assert (
        main(["check", str(EX / "catch-the-ten" / "two-reach-41.yaml"), "--lang", lang, "--json"])
        == 0
    )
    result = json.loads(capsys.readouterr().out)
    assert {"game", "valid", "deals", "totals", "winner", "findings"} <= set(result)
    assert result["winner"] == "Anna" and result["valid"] is True
    deal = result["deals"][0]
    assert deal["scores"] == {"Anna": 12, "Boris": 16, "Vera": 5} and deal["claim_agrees"] is True
    assert result["totals"] == {"Anna": 44, "Boris": 51, "Vera": 15}
    assert any("42" in line for line in deal["explanation"])  # the count-out step that decides it


@pytest.mark.parametrize("lang", ["en", "ru", "de"])
def test_two_players_pass_41_text(lang, capsys):
    assert main(["check", str(EX / "catch-the-ten" / "two-reach-41.yaml"), "--lang", lang]) == 0
    out = capsys.readouterr().out
    assert "42" in out and "Anna" in out


def test_a_disagreeing_claim_exits_one(capsys):
    assert main(["check", str(EX / "catch-the-ten" / "full-play-four.yaml"), "--json"]) == 1
    result = json.loads(capsys.readouterr().out)
    assert result["valid"] is False and result["deals"][0]["claim_agrees"] is False


def test_a_revoke_is_a_finding_and_can_cost_the_game(tmp_path, capsys):
    text = (EX / "catch-the-ten" / "full-play-four.yaml").read_text(encoding="utf-8")
    # Trick 2: Gleb, void in diamonds, must trump; make him keep 10♥ and throw A♠ instead.
    text = text.replace("- 9♦ 6♦ 10♥ K♦", "- 9♦ 6♦ A♠ K♦").replace(
        "- 7♠ A♠ J♠ 6♠", "- 7♠ 10♥ J♠ 6♠"
    )
    text = text.replace("    claim: {Anna: 0, Boris: 0, Vera: 9, Gleb: 34}\n", "")
    record = tmp_path / "revoke.yaml"
    record.write_text(text, encoding="utf-8")
    assert main(["check", str(record), "--json"]) == 1
    result = json.loads(capsys.readouterr().out)
    codes = [(f["code"], f["where"].get("trick")) for f in result["findings"]]
    assert ("play.must_trump", 2) in codes
    record.write_text(
        text.replace("deals:", "options: {revoke_penalty: loss_of_game}\ndeals:"), encoding="utf-8"
    )
    assert main(["check", str(record), "--json"]) == 1
    result = json.loads(capsys.readouterr().out)
    assert result["termination"]["code"] == "revoke_penalty" and result["winner"] != "Gleb"


def test_games_lists_every_game(capsys):
    assert main(["games", "--lang", "ru"]) == 0
    out = capsys.readouterr().out
    assert "minnesota-whist" in out and "Миннесотский вист" in out


def test_standard_input_and_console_script():
    text = (EX / "minnesota-whist" / "sample-2-granders-set.yaml").read_text(encoding="utf-8")
    done = subprocess.run(
        [sys.executable, "-m", "referee.cli", "check", "-", "--lang", "de"],
        input=text,
        capture_output=True,
        text=True,
        encoding="utf-8",
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert "Minnesota-Whist" in done.stdout


def test_scores_before_and_russian_notation(tmp_path, capsys):
    record = tmp_path / "ru.yaml"
    record.write_text(
        "game: catch-the-ten\nnotation: ru\nplayers: [Аня, Борис, Вера]\n"
        "scores_before: {Аня: 30, Борис: 12, Вера: 35}\n"
        "deals:\n  - dealer: Вера\n    trump: ч\n    taken:\n"
        "      Аня: {cards: 15, honours: [В, 10]}\n      Борис: {cards: 9, honours: [Т, Д]}\n"
        "      Вера: {cards: 6, honours: [К]}\n    claim: {Аня: 26, Борис: 6, Вера: 3}\n",
        encoding="utf-8",
    )
    assert main(["check", str(record), "--lang", "ru", "--json"]) == 0
    result = json.loads(capsys.readouterr().out)
    assert result["winner"] == "Аня" and result["totals"]["Аня"] == 56


def test_german_notation_full_play(tmp_path, capsys):
    import yaml

    from referee.notation import format_card, parse_cards

    def german(cards: str) -> str:
        return ", ".join(format_card(c, "de") for c in parse_cards(cards))

    record = yaml.safe_load(
        (EX / "catch-the-ten" / "full-play-four.yaml").read_text(encoding="utf-8")
    )
    record["notation"] = "de"
    deal = record["deals"][0]
    deal["hands"] = {p: german(h) for p, h in deal["hands"].items()}
    deal["tricks"] = [german(tr) for tr in deal["tricks"]]
    path = tmp_path / "de.yaml"
    path.write_text(yaml.safe_dump(record, allow_unicode=True), encoding="utf-8")
    assert "Herz 8" in path.read_text(encoding="utf-8")
    assert main(["check", str(path), "--json"]) == 1  # the same claim disagrees in every notation
    assert json.loads(capsys.readouterr().out)["deals"][0]["scores"]["Gleb"] == 35


def _yaml_records_on_pages():
    """Every ```referee-yaml block on an English page: the records a reader may copy."""
    import re

    import yaml as _yaml

    found = []
    for page in sorted((ROOT / "docs" / "en").glob("*.md")):
        text = page.read_text(encoding="utf-8")
        for k, body in enumerate(re.findall(r"^```referee-yaml\n(.*?)^```", text, re.M | re.S)):
            data = _yaml.safe_load(body)
            # A shortened listing ("…" for the cards) shows a record's shape, not a record to check.
            if isinstance(data, dict) and "game" in data and "…" not in body:
                found.append(pytest.param(body, id=f"{page.stem}-{k}"))
    return found


@pytest.mark.parametrize("text", _yaml_records_on_pages())
def test_every_record_shown_on_a_page_can_be_checked(text):
    from referee import check_text

    verdict = check_text(
        text
    )  # a RefereeError here means a page shows a record the referee refuses
    assert verdict.exit_status in (0, 1)
