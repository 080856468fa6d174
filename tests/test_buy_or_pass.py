"""Buy or Pass: lay-downs, buying and passing, the lead taken back, the A♠, money conserved."""

from __future__ import annotations

import random

import pytest
import yaml
from hypothesis import given, settings
from hypothesis import strategies as st

from referee import check_text
from referee.errors import RecordErrors
from referee.games import GAMES
from referee.games import buy_or_pass as bop
from referee.games.deals import buy_or_pass
from referee.simulate.buy_or_pass import buy_or_pass_deal, buy_or_pass_game
from tests.conftest import unusable_after

NAMES = ["Anna", "Boris", "Vera", "Gleb"]
SUIT_WORD = {"H": "♥", "C": "♣", "D": "♦", "S": "♠"}


def _full() -> dict:
    return yaml.safe_load(open("examples/buy-or-pass/full-play.yaml", encoding="utf-8"))


def _summary_of(game: dict, dealer: int) -> dict:
    """The scoresheet a full play makes."""
    play = game["play"]
    tricks = {n: [] for n in NAMES}
    for trick in play.tricks:
        tricks[NAMES[trick.winner]].append(SUIT_WORD[trick.cards[0].suit.value])
    out = {
        "dealer": NAMES[dealer],
        "bought": dict(zip(NAMES, game["bought"], strict=True)),
        "tricks": tricks,
    }
    if play.out:
        out["first_out"] = NAMES[play.out[0]]
    return out


@settings(max_examples=30, deadline=None)
@given(
    seed=st.integers(0, 10**6),
    first=st.integers(0, 3),
    deals=st.integers(1, 4),
    ace=st.sampled_from(["any_time", "when_void"]),
    lead=st.sampled_from(["last_suit", "once_per_deal"]),
    stake=st.integers(1, 500),
)
def test_random_matches_conserve_cards_and_money_and_match_their_summary(
    seed, first, deals, ace, lead, stake
):
    rng = random.Random(seed)
    full_deals, summary_deals = [], []
    for k in range(deals):
        dealer = (first + k) % 4
        state = rng.getstate()
        game = buy_or_pass_game(rng, dealer, ace, lead)
        play = game["play"]
        seen = (
            [c for tr in play.tricks for c in tr.cards]
            + [c for h in play.hands for c in h]
            + game["stock_left"]
        )
        assert sorted(seen) == sorted(
            bop.DECK
        )  # cards conserved: in a trick, still held, or still in the stock
        assert all(
            len(tr.cards) == len(tr.seats) >= 2 for tr in play.tricks
        )  # a trick that stands has 2+ cards
        rng.setstate(state)
        full_deals.append(
            buy_or_pass_deal(rng, NAMES, dealer, "en", ace_of_spades=ace, lead_rule=lead)
        )
        summary_deals.append(_summary_of(game, dealer))
    options = {"ace_of_spades": ace, "lead_rule": lead}
    verdicts = [
        check_text(
            yaml.safe_dump(
                {
                    "game": "buy-or-pass",
                    "players": NAMES,
                    "stake": stake,
                    "options": options,
                    "deals": d,
                },
                allow_unicode=True,
            )
        )
        for d in (full_deals, summary_deals)
    ]
    full, summary = verdicts
    assert full.exit_status == summary.exit_status == 0
    assert [d.scores for d in full.deals] == [
        d.scores for d in summary.deals
    ]  # full play ≡ its summary
    pot = int(str(full.termination.params["pot"]))
    assert sum(full.totals.values()) + pot == 0  # money conserved: what players lost is in the pot


def test_money_is_conserved_in_the_match_example():
    verdict = check_text(open("examples/buy-or-pass/four-deals.yaml", encoding="utf-8").read())
    assert sum(verdict.totals.values()) == 0 and verdict.termination_code == "match_over"


def test_a_pass_that_leaves_a_card_unplayed_is_then_a_wrong_turn():
    data = _full()
    data["deals"][0]["play"][3] = "K♥ pass pass pass"  # Anna passes although she holds 8♥
    # The deal then goes on differently: everyone passed K♥, so Boris takes it back and the next player
    # leads, but the record's next lead is Boris's A♦: a wrong turn (DECISIONS.md, round 3) under the
    # all-pass rule (G6-S10), where the referee stops judging.
    verdict = check_text(yaml.safe_dump(data, allow_unicode=True))
    assert "play.lead_after_pass" in [f.code for f in verdict.findings] and verdict.exit_status == 1
    assert GAMES["buy-or-pass"].rule_for("play.lead_after_pass") == "G6-S10"


def test_a_barred_lead_names_the_rule():
    from referee.engines.passing_tricks import PassingTrickPlay
    from referee.notation import parse_cards

    play = PassingTrickPlay(
        bop.RULES["any_time"],
        [parse_cards(h) for h in ("KH 7H 8C", "9H", "10H 9C")],
        0,
        seat_names=NAMES[:3],
    )
    (
        play.play(parse_cards("KH")[0]),
        play.play(parse_cards("9H")[0]),
        play.play(parse_cards("10H")[0]),
    )
    error = play.check(parse_cards("7H")[0])  # Anna won the hearts and holds a club
    assert (
        error is not None and error.code == "play.suit_barred" and error.rule == "lead_restriction"
    )


def test_the_ace_of_spades_wins_any_trick_and_waits_for_a_void_with_when_void():
    from referee.notation import parse_cards

    rules = bop.RULES["when_void"]
    assert rules.winner(parse_cards("KH AH AS"), None) == 2
    assert [str(c) for c in rules.legal(parse_cards("AS 7H"), bop.Suit.HEARTS, None)] == ["7♥"]
    assert [
        str(c) for c in bop.RULES["any_time"].legal(parse_cards("AS 7H"), bop.Suit.HEARTS, None)
    ] == ["7♥", "A♠"]


@pytest.mark.parametrize(
    "change",
    [
        lambda d: d["play"].pop(),  # the deal stops too early
        lambda d: d.pop("laydowns"),  # a lay-down left out
        lambda d: d["laydowns"][0].__setitem__(
            "taken", "A♦ 10♠ 9♠"
        ),  # a card that was not laid down
        lambda d: d.__setitem__("stock", "K♠ K♦ 7♥"),  # a short stock
        lambda d: d["play"].__setitem__(0, "7♥ 9♥ J♥"),  # a player left out of a trick
    ],
)
def test_impossible_facts_make_the_record_unusable(change):
    unusable_after(_full(), change)


def _check(data: dict):
    return check_text(yaml.safe_dump(data, allow_unicode=True))


def test_the_cards_laid_down_may_be_written_and_change_nothing():
    data = _full()
    assert data["deals"][0]["laydowns"][0]["laid"] == "9♠ 10♠ J♠"  # the example writes them
    written = _check(data)
    data["deals"][0]["laydowns"][0].pop("laid")  # left out, the referee takes all of the suit
    derived = _check(data)
    assert (
        written.exit_status == derived.exit_status == 0
        and written.findings == derived.findings == []
    )
    assert [d.scores for d in written.deals] == [
        d.scores for d in derived.deals
    ] and written.totals == derived.totals
    assert [str(s) for s in written.deals[0].steps] == [str(s) for s in derived.deals[0].steps]


def test_a_card_of_the_suit_kept_back_is_a_finding_and_nothing_after_it_is_judged():
    data = _full()
    deal = data["deals"][0]
    deal["hands"].update(
        Boris="A♦ 10♠ J♠ 9♠ 8♠", Vera="9♥ 7♠ 10♣ 8♦ K♥"
    )  # Boris is dealt four spades
    deal["laydowns"][0]["laid"] = "J♠ 10♠ 9♠"  # and keeps 8♠ back
    verdict = _check(data)  # the play that follows no longer fits the hands: it is not read
    assert verdict.exit_status == 1
    assert [(f.code, f.severity) for f in verdict.findings] == [
        ("play.incomplete_laydown", "error"),
        ("play.not_judged", "warning"),
    ]
    assert bop.GAME.rule_for("play.incomplete_laydown") == "G6-A5"
    message = str(verdict.findings[0].message)
    assert "Boris" in message and "9♠, 10♠ and J♠" in message and "8♠, 9♠, 10♠ and J♠" in message
    (result,) = verdict.deals
    # Only what was due before the stop is settled (DECISIONS, round 4): the antes, nothing else.
    assert (
        result.mode == "broken"
        and result.scores == dict.fromkeys(NAMES, -100)
        and result.claim is None
    )
    assert [str(s) for s in result.steps[-2:]] == [
        "The referee stops at this lay-down and judges nothing after it in the deal.",
        str(bop.STOP_SETTLED),
    ]
    assert (
        verdict.totals == dict.fromkeys(NAMES, -100)
        and int(str(verdict.termination.params["pot"])) == 400
    )


def test_cards_laid_down_must_be_in_the_hand_and_include_the_cards_taken():
    for laid in (
        "9♠ 10♠ Q♠",
        "9♠ 9♠ 10♠ J♠",
        "9♠ 10♠",
    ):  # not his card, a card twice, fewer than were taken
        data = _full()
        data["deals"][0]["laydowns"][0]["laid"] = laid
        with pytest.raises(RecordErrors) as info:
            _check(data)
        assert [e.code for e in info.value.errors] in (
            ["record.laydown_card"],
            ["record.card_twice"],
        )


def test_a_pot_too_small_pays_pro_rata_rounded_down():
    assert buy_or_pass.settle(1100, {"A": 800, "B": 400, "C": 300, "D": 200}) == (
        {"A": 517, "B": 258, "C": 194, "D": 129},
        2,
    )


def test_a_futile_lead_after_the_end_is_a_warning_and_changes_nothing():
    data = _full()
    before = check_text(yaml.safe_dump(data, allow_unicode=True))
    data["deals"][0]["play"].append(
        "Q♥"
    )  # Vera, alone with cards, leads once more (DECISIONS.md, G6-A7 (b))
    after = check_text(yaml.safe_dump(data, allow_unicode=True))
    assert [f.code for f in after.findings] == ["play.after_end"] and after.exit_status == 0
    assert after.totals == before.totals
    data["deals"][0]["play"][-1] = (
        "Q♥ 7♠"  # a card played to it is not a futile lead: the record cannot be
    )
    with pytest.raises(RecordErrors):
        check_text(yaml.safe_dump(data, allow_unicode=True))


def test_only_leads_passed_with_the_stock_empty_end_the_deal():
    from referee.engines.passing_tricks import PassingTrickPlay
    from referee.notation import parse_cards

    play = PassingTrickPlay(
        bop.RULES["any_time"], [parse_cards(h) for h in ("AH", "KC", "QD")], 0, seat_names=NAMES[:3]
    )
    play.stock_empty = False
    for _ in range(3):  # each lead is passed by the two others while cards can still be bought
        play.play(play.hands[play.turn][0]), play.pass_turn(), play.pass_turn()
    assert play.stalled == 0 and not play.is_over(stock_empty=True)
    play.stock_empty = True
    for _ in range(3):
        play.play(play.hands[play.turn][0]), play.pass_turn(), play.pass_turn()
    assert play.is_over(stock_empty=True)
