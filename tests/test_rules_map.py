"""The rules map: every rule of every game has an id, and every code a game can raise names a rule.

A game declares its rules once (``RULE_TABLE`` in its module, :func:`referee.engines.game.rule_table`): the
dossier's atom id, a short summary, and the codes that enforce it or why no record can show it. These
tests read each game module for the codes it can raise and fail on one that names no rule and is
not explicitly ruleless (the shape of a record, its YAML, its notation).
"""

from __future__ import annotations

import inspect
import itertools
import re
from pathlib import Path

import pytest

from referee.engines.game import CLAIM, RULELESS_CODES, Game
from referee.games import GAMES

CODE = re.compile(
    r'"((?:record|play|deal|game|bid|auction|discard|exchange|lay|take|round|comet|hand|construction|'
    r'kings_corners|red_and_black|turns|notation)\.[a-z_]+)"'
)
TEMPLATE = re.compile(r'f"([a-z_]+\.[a-z_]*\{[^"]*)"')
RULE_ID = re.compile(r"^(?:G\d+|MW|CT|Y)-[SRAOD]\d+$")

# Codes built from a template in a game module, and every code each template makes.
TEMPLATES: dict[str, dict[str, tuple[str, ...]]] = {
    "korol": {
        "exchange.{title}_missing": ("exchange.soldier_missing", "exchange.peasant_missing"),
        "exchange.{title}_not_trump": ("exchange.soldier_not_trump", "exchange.peasant_not_trump"),
    },
    "kings-corners": {
        "kings_corners.{rule}": (
            "kings_corners.kings_compulsory",
            "kings_corners.pile_move",
            "kings_corners.hand",
            "kings_corners.play",
        )
    },
    "construction": {
        "construction.{move.kind}": tuple(
            f"construction.{k}" for k in ("build", "large", "small", "king", "discard")
        )
    },
}
OUTCOME_CODES = frozenset(
    {
        "deal.out",
        "hand.out",
        "hand.blocked",
        "game.home",
        "game.most_cards_lose",
        "game.tie_nobody_loses",
        "game.last_counter",
    }
)
"""How a turn game's state says it ended (:class:`referee.engines.turns.Outcome`): no finding, so no rule to name."""
HANDS_CODES = ("record.hand_size", "record.card_twice")
"""What :func:`referee.engines.dealt_hands.read_hands` raises."""
REPLAY_CODES = (
    "play.lead_out_of_turn",
    "play.lead_not_winner",
    "play.out_of_turn",
    "play.not_judged",
    "record.card_not_dealt",
    "record.card_twice",
    "record.trick_count",
    "record.trick_shape",
)
"""What :func:`referee.engines.replay.replay_tricks` raises for the trick games that replay a full play with it."""
CAPPED_CODES = ("play.left_the_deal", "play.lead_after_leaving")
"""What :func:`referee.engines.replay.replay_capped` (``replay_tricks`` with ``caps=``) adds: one who has left
plays, or leads when the lead passed on from a winner who left."""
PASSING_CODES = (
    "play.after_end",
    "play.lead_out_of_turn",
    "play.lead_not_winner",
    "play.lead_after_pass",
    "play.not_judged",
    "play.out_of_turn",
    "play.buy_holding_suit",
    "play.pass_holding_suit",
    "record.not_held",
    "record.stock_empty",
    "record.trick_count",
    "record.trick_shape",
)
"""What :func:`referee.engines.passing.replay_passing` raises for a game that replays a passing play with it."""
WRONG_TURN_CODE = "play.out_of_turn"
"""The code of :func:`referee.engines.game.wrong_turn` when the call names none."""


def _option_sets(game: Game) -> list[dict[str, object]]:
    """Every combination of the game's choice options (whole-number options at their defaults)."""
    names = [o.name for o in game.options]
    values = [o.choices if o.choices is not None else (o.default,) for o in game.options]
    return [dict(zip(names, combo, strict=True)) for combo in itertools.product(*values)]


def _trick_codes(game: Game) -> set[str]:
    """The codes the trick engine can raise under the game's trick rules, with any options."""
    out: set[str] = set()
    for options in _option_sets(game):
        rules = game.trick_rules(options)
        if rules is None:
            continue
        out.add("play.not_held")
        if rules.follow_suit:
            out.add("play.revoke")
        if rules.must_trump:
            out.add("play.must_trump")
        if rules.trump_breaking:
            out.add("play.trump_not_broken")
        if rules.master is not None and not rules.master_any_time:
            out.add("play.master_early")
        if rules.void_passes:
            out.update(("play.off_suit", "play.suit_barred"))
    return out


def raised_codes(slug: str) -> set[str]:
    """Every code the game's module, its play module and its deal's reading (with its parts) can
    raise, with the shared engines' codes."""
    game = GAMES[slug]
    module = Path(inspect.getfile(type(game)))
    play = module.parent / "play" / module.name  # a move-by-move game's play (referee/games/play/)
    deals = module.parent / "deals" / module.name  # a deal's reading (referee/games/deals/)
    # a long reading's parts (referee/games/deals/<slug>_<part>.py)
    parts = sorted(deals.parent.glob(deals.stem + "_*.py"))
    source = "\n".join(
        p.read_text(encoding="utf-8") for p in (module, play, deals, *parts) if p.is_file()
    )
    codes = set(CODE.findall(source))
    templates = set(TEMPLATE.findall(source))
    known = TEMPLATES.get(slug, {})
    assert templates == set(known), (
        f"{slug}: a code made from a template needs its codes listed in TEMPLATES"
    )
    for made in known.values():
        codes.update(made)
    codes -= OUTCOME_CODES
    if "read_hands(" in source:
        codes.update(HANDS_CODES)
    if "replay_tricks(" in source or "replay_capped(" in source:
        codes.update(REPLAY_CODES)
    if "replay_capped(" in source or re.search(r"replay_tricks\(.*caps=", source):
        codes.update(CAPPED_CODES)
    if "replay_passing(" in source:
        codes.update(PASSING_CODES)
    if "wrong_turn(" in source:
        codes.add(WRONG_TURN_CODE)
    return codes | _trick_codes(game)


@pytest.mark.parametrize("slug", list(GAMES))
def test_every_rule_has_an_id_and_says_how_it_is_enforced(slug):
    rules = GAMES[slug].rules()
    assert rules, f"{slug} declares no rules"
    ids = [r.id for r in rules]
    assert len(ids) == len(set(ids)), f"{slug}: a rule id twice"
    prefixes = {i.split("-")[0] for i in ids}
    assert len(prefixes) == 1, f"{slug}: rule ids with several prefixes {prefixes}"
    for rule in rules:
        assert RULE_ID.match(rule.id), rule.id
        assert rule.summary and not rule.summary[0].islower(), rule
        assert bool(rule.codes) != bool(rule.unchecked), (
            f"{rule.id}: codes, or why no record can show it"
        )
        for code in rule.codes:
            assert code == CLAIM or CODE.fullmatch(f'"{code}"'), (
                f"{rule.id}: {code!r} is not a code"
            )


@pytest.mark.parametrize("slug", list(GAMES))
def test_every_code_a_game_can_raise_names_a_rule(slug):
    game = GAMES[slug]
    ruleless = RULELESS_CODES | game.ruleless_codes
    unmapped = sorted(
        c for c in raised_codes(slug) if game.rule_for(c) is None and c not in ruleless
    )
    assert not unmapped, f"{slug}: codes that name no rule; add them to a rule or to ruleless_codes"
    declared = {c for r in game.rules() for c in r.codes} - {CLAIM}
    assert not declared & game.ruleless_codes, f"{slug}: a code both ruleless and enforcing a rule"


@pytest.mark.parametrize("slug", list(GAMES))
def test_a_code_names_one_rule(slug):
    named: dict[str, list[str]] = {}
    for rule in GAMES[slug].rules():
        for code in set(rule.codes) - set(rule.also) - {CLAIM}:
            named.setdefault(code, []).append(rule.id)
    assert not {c: ids for c, ids in named.items() if len(ids) > 1}, (
        f"{slug}: mark all but one with (code)"
    )
    also = {c for r in GAMES[slug].rules() for c in r.also}
    assert also <= set(named), (
        f"{slug}: a code in parentheses must name a rule elsewhere: {sorted(also - set(named))}"
    )


def test_rule_for_finds_the_rule_of_a_code():
    trump_seven = GAMES["trump-seven"]
    assert trump_seven.rule_for("play.revoke") == "G1-R17"
    assert trump_seven.rule_for("record.shape") is None
    assert GAMES["buy-or-pass"].rule_for("play.off_suit") == "G6-S9"
    assert GAMES["trump-seven"].rules()[4].anchor == "g1-r05"


def test_every_finding_of_the_examples_names_a_rule_or_is_ruleless():
    from referee import check_text
    from tests.conftest import EXAMPLES

    for path in EXAMPLES:
        verdict = check_text(path.read_text(encoding="utf-8"))
        game = GAMES[verdict.game]
        for finding in verdict.findings:
            assert (
                game.rule_for(finding.code) or finding.code in RULELESS_CODES | game.ruleless_codes
            ), (path.name, finding.code)


def test_findings_and_problems_carry_their_rule_in_text_and_json():
    import io

    from referee import check_text, errors_json, verdict_json
    from referee.cli.command import print_errors, print_verdict
    from referee.errors import RefereeError
    from tests.conftest import ROOT

    verdict = check_text((ROOT / "examples/comet/held-back.yaml").read_text(encoding="utf-8"))
    assert [f["rule"] for f in verdict_json(verdict, "en")["findings"]] == ["G4-R06"]
    out = io.StringIO()
    print_verdict(verdict, "ru", out)
    assert "(правило G4-R06)" in out.getvalue()
    text = (ROOT / "examples/buy-or-pass/full-play.yaml").read_text(encoding="utf-8")
    with pytest.raises(RefereeError) as info:
        check_text(text.replace("Anna: J♦ 8♣ 8♥ A♥ 9♣", "Anna: J♦ 8♣ 8♥ A♥"))
    assert [e["rule"] for e in errors_json(info.value, "en")["errors"]] == ["G6-S4"]
    out = io.StringIO()
    print_errors(info.value, "deal.yaml", "de", out)
    assert out.getvalue().rstrip().endswith("(Regel G6-S4)")


@pytest.mark.parametrize("slug", list(GAMES))
def test_every_checkable_rule_is_broken_by_a_real_record(slug):
    from referee.cli.rules import case_codes, cases, rules_map

    declared = {c for r in GAMES[slug].rules() for c in r.codes}
    for case in cases(slug):
        if case.source.startswith("tests/"):  # the examples' codes were found by running them
            got = case_codes(case.text)
            assert set(case.shows) <= got, f"{case.source} shows {sorted(got)}, not {case.shows}"
        assert set(case.shows) <= declared | RULELESS_CODES | GAMES[slug].ruleless_codes, (
            case.source
        )
    unbroken = [
        row["rule"] for row in rules_map(slug) if "broken_by" in row and row["broken_by"] is None
    ]
    assert not unbroken, (
        f"{slug}: no example or case of tests/data/breaks/{slug}.yaml breaks {unbroken}"
    )


def test_the_rules_command_prints_the_map(capsys):
    import json

    from referee.cli.command import main

    assert main(["rules", "buy-or-pass", "--lang", "en"]) == 0
    text = capsys.readouterr().out
    assert "G6-S9    #g6-s9" in text and "checked by: play.off_suit" in text
    assert "not checkable from a record: the lot is drawn before the record begins" in text
    assert main(["rules", "korol", "--json"]) == 0
    rows = json.loads(capsys.readouterr().out)["rules"]
    row = next(r for r in rows if r["rule"] == "G8-S13")
    assert (
        row["anchor"] == "g8-s13"
        and "exchange.soldier_not_highest" in row["codes"]
        and row["broken_by"]
    )
