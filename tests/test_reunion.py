"""Réunion: random legal deals against independent oracles, the scoring invariants, and bad records."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from referee import check_text
from referee.cards import Card, Rank, Suit
from referee.cli.command import main
from referee.games import reunion as ru
from referee.games.deals import reunion
from referee.notation import parse_cards
from referee.simulate.reunion import reunion_deal
from tests.conftest import ROOT, changes_to, check_record, errors_of
from tests.strategies import ANY_NOTATION

PLAYERS = ["Anna", "Boris", "Vera"]
EX = ROOT / "examples" / "reunion"
# Independent of the module: the orders and points as the rules state them.
PLAIN = [Rank.SEVEN, Rank.EIGHT, Rank.NINE, Rank.JACK, Rank.QUEEN, Rank.KING, Rank.TEN, Rank.ACE]
TRUMP = [Rank.SEVEN, Rank.EIGHT, Rank.NINE, Rank.QUEEN, Rank.KING, Rank.TEN, Rank.ACE]
VALUES = {Rank.ACE: 11, Rank.TEN: 10, Rank.KING: 4, Rank.QUEEN: 3, Rank.JACK: 2}


def is_bower(card: Card, trump: Suit) -> bool:
    """Either jack of the trump colour."""
    return card.rank is Rank.JACK and card.suit.is_red == trump.is_red


def suit_in_play(card: Card, trump: Suit) -> Suit:
    return trump if is_bower(card, trump) else card.suit


def power(card: Card, led: Suit, trump: Suit) -> int:
    """The oracle's ranking of a card in a trick: right jack > left jack > other trumps > suit led."""
    if is_bower(card, trump):
        return 300 if card.suit is trump else 299
    if card.suit is trump:
        return 100 + TRUMP.index(card.rank)
    return PLAIN.index(card.rank) if card.suit is led else -1


def value(card: Card, trump: Suit) -> int:
    return 12 if is_bower(card, trump) else VALUES.get(card.rank, 0)


def legal(card: Card, hand: list[Card], led: Suit, trump: Suit) -> bool:
    """Follow suit, else trump, else anything; the left jack is a trump and not of its printed suit."""
    follow = [c for c in hand if suit_in_play(c, trump) is led]
    if follow:
        return card in follow
    trumps = [c for c in hand if suit_in_play(c, trump) is trump]
    return card in trumps if trumps else True


def replay_oracle(deal: dict, notation: str):
    """Replay a simulated deal without the engine: (trump, discard, points, tricks won, last, left-jack losses)."""
    hands = {p: parse_cards(h, notation) for p, h in deal["hands"].items()}
    widow = parse_cards(deal["widow"], notation)
    discard = parse_cards(deal["discard"], notation)
    trump = widow[0].suit
    dealer = deal["dealer"]
    held = {p: list(h) for p, h in hands.items()}
    held[dealer] = [c for c in held[dealer] + widow if c not in discard]
    owner = {c: p for p, h in held.items() for c in h}
    leader = PLAYERS[(PLAYERS.index(dealer) + 1) % 3]
    points = dict.fromkeys(PLAYERS, 0)
    won = dict.fromkeys(PLAYERS, 0)
    captures = []
    last = None
    for k, raw in enumerate(deal["tricks"], start=1):
        cards = parse_cards(raw, notation)
        assert owner[cards[0]] == leader  # the last winner leads
        led = suit_in_play(cards[0], trump)
        for j, card in enumerate(cards):
            seat = owner[card]
            assert seat == PLAYERS[(PLAYERS.index(leader) + j) % 3]  # clockwise
            if j:
                assert legal(card, held[seat], led, trump)
            held[seat].remove(card)
        best = max(cards, key=lambda c: power(c, led, trump))
        leader = last = owner[best]
        won[last] += 1
        points[last] += sum(value(c, trump) for c in cards)
        bowers = [c for c in cards if is_bower(c, trump)]
        if len(bowers) == 2:  # the right jack takes the left jack
            right, left = sorted(bowers, key=lambda c: c.suit is not trump)
            assert owner[right] == last
            captures.append((k, owner[left], last))
    assert not any(held.values())
    return trump, discard, points, won, last, captures


setup = st.tuples(
    st.integers(0, 2),
    ANY_NOTATION,
    st.sampled_from(["points", "original_units"]),
    st.randoms(use_true_random=False),
)


@settings(max_examples=150, deadline=None)
@given(setup)
def test_random_full_deal_invariants(args):
    dealer, notation, settlement, rng = args
    deal = reunion_deal(rng, PLAYERS, dealer, notation)
    hands = {p: parse_cards(h, notation) for p, h in deal["hands"].items()}
    widow = parse_cards(deal["widow"], notation)
    discard = parse_cards(deal["discard"], notation)
    # Cards conserved: 30 in the hands and 2 in the widow make the pack; the dealer holds 12 before discarding.
    assert [len(h) for h in hands.values()] == [10, 10, 10] and len(widow) == 2
    assert sorted(c for h in hands.values() for c in h) + [] == sorted(
        set(c for h in hands.values() for c in h)
    )
    assert sorted([*(c for h in hands.values() for c in h), *widow]) == sorted(ru.DECK)
    twelve = hands[PLAYERS[dealer]] + widow
    assert len(set(twelve)) == 12 and set(discard) <= set(twelve) and len(set(discard)) == 2
    trump = widow[0].suit
    assert not any(c.rank is Rank.ACE or is_bower(c, trump) for c in discard)
    # Every card but the discard is played exactly once.
    played = [c for tr in deal["tricks"] for c in parse_cards(tr, notation)]
    assert sorted(played) == sorted(set(ru.DECK) - set(discard))
    trump, discard, points, won, last, captures = replay_oracle(deal, notation)

    verdict = check_record(
        "reunion", PLAYERS, [deal], notation=notation, options={"settlement": settlement}
    )
    assert verdict.findings == []
    scores = verdict.deals[0].scores
    # Before penalties: card points, last trick and discard make 150, less a discard the dealer forfeits.
    forfeited = won[PLAYERS[dealer]] == 0
    discard_points = sum(value(c, trump) for c in discard)
    before = dict(points)
    before[last] += 10
    if not forfeited:
        before[PLAYERS[dealer]] += discard_points
    assert sum(before.values()) == 150 - (discard_points if forfeited else 0)
    penalties = {p: scores[p] - before[p] for p in PLAYERS}
    assert sum(penalties.values()) == 0
    trickless = [p for p in PLAYERS if won[p] == 0]
    if settlement == "points":
        for p in PLAYERS:
            assert penalties[p] == (-30 if p in trickless else 0) + 15 * len(
                [q for q in trickless if q != p]
            )
    else:
        assert penalties == dict.fromkeys(PLAYERS, 0)
        score = reunion.score_deal(
            points,
            {p: won[p] > 0 for p in PLAYERS},
            last,
            PLAYERS[dealer],
            discard,
            trump,
            settlement,
            captures,
        )
        assert sum(score.units.values()) == 0
        assert score.units[PLAYERS[dealer]] >= -2 - len(captures)
    # The summaries a scoresheet would write give the same scores: with points, and with the counting cards.
    won_cards = {p: [] for p in PLAYERS}
    for raw in deal["tricks"]:
        cards = parse_cards(raw, notation)
        led = suit_in_play(cards[0], trump)
        owner_of_best = max(cards, key=lambda c: power(c, led, trump))
        won_cards[_owner(deal, notation, owner_of_best)].extend(cards)
    for form in ("points", "cards"):
        taken = {
            p: {
                "tricks": won[p],
                **(
                    {"points": points[p]}
                    if form == "points"
                    else {
                        "cards": [
                            c.rank.label + c.suit.value
                            for c in won_cards[p]
                            if value(c, trump) or rng.random() < 0.2
                        ]
                    }
                ),
            }
            for p in PLAYERS
        }
        summary = {
            "dealer": PLAYERS[dealer],
            "trump": trump.symbol,
            "discard": [str(c) for c in discard],
            "taken": taken,
            "last_trick": last,
            "claim": scores,
        }
        again = check_record("reunion", PLAYERS, [summary], options={"settlement": settlement})
        assert again.deals[0].scores == scores and again.exit_status == 0


def _owner(deal: dict, notation: str, card: Card) -> str:
    for p, h in deal["hands"].items():
        if card in parse_cards(h, notation):
            return p
    return deal["dealer"]  # from the widow


@settings(max_examples=300, deadline=None)
@given(
    st.lists(st.integers(0, 140), min_size=2, max_size=2),
    st.lists(st.booleans(), min_size=3, max_size=3),
    st.integers(0, 2),
    st.integers(0, 2),
    st.sampled_from(["points", "original_units"]),
)
def test_score_deal_invariants(cuts, took_flags, dealer, last, settlement):
    """Any split of the points, any players without a trick (two included): 150 less a forfeit, zero-sum penalties."""
    took_flags[last] = True  # the taker of the last trick took a trick
    discard = [Card(Rank.TEN, Suit.HEARTS), Card(Rank.KING, Suit.CLUBS)]  # 14 points
    low, high = sorted(min(c, 126) for c in cuts)
    shares = dict(zip(PLAYERS, [low, high - low, 126 - high], strict=True))
    took = dict(zip(PLAYERS, took_flags, strict=True))
    for p in PLAYERS:
        if not took[
            p
        ]:  # a player without a trick took no points: they went to the last trick's taker
            shares[PLAYERS[last]] += shares[p]
            shares[p] = 0
    assert sum(shares.values()) + 14 == 140
    score = reunion.score_deal(
        shares, took, PLAYERS[last], PLAYERS[dealer], discard, Suit.SPADES, settlement, []
    )
    forfeit = 0 if took[PLAYERS[dealer]] else 14
    assert sum(score.before.values()) == 150 - forfeit
    assert sum(score.penalties.values()) == 0 and sum(score.units.values()) == 0
    trickless = [p for p in PLAYERS if not took[p]]
    if settlement == "points":
        assert [score.penalties[p] for p in trickless] == [-30 + 15 * (len(trickless) - 1)] * len(
            trickless
        )
        assert all(score.penalties[p] == 15 * len(trickless) for p in PLAYERS if p not in trickless)
    else:
        assert score.penalties == dict.fromkeys(PLAYERS, 0)
        assert [score.units[p] for p in trickless] == [-2 + (len(trickless) - 1)] * len(trickless)


@settings(max_examples=40, deadline=None)
@given(
    st.randoms(use_true_random=False),
    st.integers(0, 2),
    st.sampled_from(["points", "original_units"]),
)
def test_a_whole_game_adds_up(rng, first, settlement):
    deals = [reunion_deal(rng, PLAYERS, (first + k) % 3) for k in range(3)]
    verdict = check_record("reunion", PLAYERS, deals, options={"settlement": settlement})
    assert verdict.findings == []
    assert verdict.totals == {p: sum(d.scores[p] for d in verdict.deals) for p in PLAYERS}
    best = max(verdict.totals.values())
    leaders = [p for p in PLAYERS if verdict.totals[p] == best]
    assert verdict.winner == (leaders[0] if len(leaders) == 1 else None)
    assert verdict.termination_code == ("game_over" if len(leaders) == 1 else "shared_win")
    units, _ = ru.settle_units(verdict.totals)
    assert sum(units.values()) == 0 and all(units[p] >= 0 for p in leaders)


def test_settle_units_with_co_winners_and_a_player_without_points():
    units, steps = ru.settle_units({"Anna": 200, "Boris": 200, "Vera": 0})
    assert units == {"Anna": 4, "Boris": 4, "Vera": -8} and len(steps) == 1


# The left jack ------------------------------------------------------------------------------------------------


def test_left_jack_is_a_trump_for_following_and_for_the_duty_to_trump():
    spades = Suit.SPADES
    # Clubs led: J♣ is a spade now, so the 8♣ must follow; with no other club, J♣ is a trump and must be played.
    assert [str(c) for c in ru.RULES.legal(parse_cards("JC 8C 9H"), Suit.CLUBS, spades)] == ["8♣"]
    assert [str(c) for c in ru.RULES.legal(parse_cards("JC 9H"), Suit.CLUBS, spades)] == ["J♣"]
    # The left jack led is a trump lead: a player with a spade must follow with it, not with a club.
    assert [str(c) for c in ru.RULES.legal(parse_cards("7S 8C"), spades, spades)] == ["7♠"]
    # The right jack beats the left jack, which beats the ace of trumps.
    assert ru.RULES.winner(parse_cards("AS JC JS"), spades) == 2
    assert ru.RULES.winner(parse_cards("AS JC 10S"), spades) == 1
    assert (
        ru.RULES.winner(parse_cards("AC JC 10C"), spades) == 1
    )  # the left jack trumps a club lead


def _full_play_text() -> str:
    return (
        (EX / "full-play.yaml")
        .read_text(encoding="utf-8")
        .replace("    claim: {Anna: 81, Boris: 44, Vera: 25}\n", "")
    )


def test_the_left_jack_played_on_its_printed_suit_while_holding_that_suit_is_a_revoke():
    # Trick 1 is spades; Vera holds K♠ and the left jack J♠. Playing the jack there is not following suit.
    text = _full_play_text().replace("- A♠ 9♠ K♠", "- A♠ 9♠ J♠").replace("- Q♠ J♣ J♠", "- Q♠ J♣ K♠")
    verdict = check_text(text)
    first = verdict.findings[
        0
    ]  # the jack wins the trick, so later tricks are led by the wrong player too
    assert (first.code, first.where.trick) == ("play.revoke", 1) and "K♠" in str(first.message)
    assert verdict.exit_status == 1
    error = ru.RULES.why_illegal(
        parse_cards("JC")[0], parse_cards("JC 8C"), Suit.CLUBS, Suit.SPADES, "Vera"
    )
    assert error is not None and error.code == "play.revoke"


def test_keeping_the_left_jack_when_void_is_failing_to_trump():
    # Trick 5 is spades; Vera's only trump is the left jack J♠ and she has no spade: she must play it.
    text = _full_play_text().replace("- Q♠ J♣ J♠", "- Q♠ J♣ 9♥").replace("- 9♦ 9♥ 8♦", "- 9♦ J♠ 8♦")
    verdict = check_text(text)
    first = verdict.findings[
        0
    ]  # the jack kept back then takes trick 8, so trick 9 is led out of turn as well
    assert (first.code, first.where.trick) == ("play.must_trump", 5) and "J♠" in str(first.message)


def test_the_right_jack_taking_the_left_jack_costs_a_unit_only_in_units():
    units = check_text(
        _full_play_text().replace("deals:", "options: {settlement: original_units}\ndeals:")
    )
    assert any("left jack of Vera" in str(s) for s in units.deals[0].steps)
    points = check_text(_full_play_text())
    assert not any("left jack of" in str(s) for s in points.deals[0].steps)
    assert units.deals[0].scores == points.deals[0].scores == {"Anna": 81, "Boris": 44, "Vera": 25}


# Summaries and their checks ----------------------------------------------------------------------------------

SUMMARY = """\
game: reunion
players: [Anna, Boris, Vera]
deals:
  - dealer: Vera
    turned: 9♠
    discard: [10♥, K♣]
    taken:
      Anna:  {points: 62, tricks: 4}
      Boris: {cards: [A♥, A♦, 10♦, K♠, Q♦, J♥], tricks: 3}
      Vera:  {points: 23, tricks: 3}
    last_trick: Boris
"""


@pytest.mark.parametrize(
    ("discard", "points", "fault"),
    [
        ("[A♣, 7♣]", 11, "A♣"),  # an ace
        ("[J♣, 7♣]", 12, "J♣"),  # the left jack
        ("[J♠, 7♣]", 12, "J♠"),  # the right jack
    ],
)
def test_a_forbidden_discard_is_a_finding(discard, points, fault):
    # Vera's 23 points shift so that the pack still adds up to 140.
    text = SUMMARY.replace("[10♥, K♣]", discard).replace(
        "points: 23", f"points: {23 + 14 - points + 1}"
    )
    text = text.replace("points: 62", "points: 61")
    verdict = check_text(text)
    assert [f.code for f in verdict.findings] == ["discard.forbidden_card"]
    assert fault in str(verdict.findings[0].message) and verdict.exit_status == 1


def test_a_ten_and_a_plain_jack_may_be_discarded():
    verdict = check_text(
        SUMMARY.replace("[10♥, K♣]", "[10♥, J♦]").replace("points: 23", "points: 25")
    )
    assert verdict.findings == [] and verdict.deals[0].scores["Vera"] == 25 + 12


def test_turned_card_and_trump_must_agree():
    # The record contradicts itself: unusable, like every such contradiction (settle-a-score#contradictions).
    errors = errors_of(SUMMARY.replace("turned: 9♠", "turned: 9♠\n    trump: ♥"))
    assert [e.code for e in errors] == ["record.trump_mismatch"]


TURNED_JACK = """\
game: reunion
players: [Anna, Boris, Vera]
deals:
  - dealer: Vera
    turned: J♠
    discard: [10♥, K♣]
    taken:
      Anna:  ANNA
      Boris: BORIS
      Vera:  VERA
    last_trick: Boris
"""
BORIS_41 = "{cards: [A♥, A♦, 10♦, K♠, Q♦, J♥], tricks: 3}"


def _turned_jack(anna: str, boris: str, vera: str) -> str:
    return TURNED_JACK.replace("ANNA", anna).replace("BORIS", boris).replace("VERA", vera)


@pytest.mark.parametrize(
    ("anna", "boris", "vera", "where"),
    [
        # The dealer, Vera, took the turned right jack into her hand and played it, and nothing beats it:
        (
            "{points: 85, tricks: 7}",
            BORIS_41,
            "{points: 0, tricks: 0}",
            "deals[0].taken.Vera",
        ),  # so she took a trick,
        (
            "{points: 64, tricks: 4}",
            BORIS_41,
            "{cards: [A♠, 10♠], tricks: 3}",
            "deals[0].taken.Vera",
        ),  # J♠ in it,
        (
            "{points: 62, tricks: 4}",
            "{cards: [A♥, A♦, 10♦, K♠, Q♦, J♠], tricks: 3}",
            "{points: 13, tricks: 3}",
            "deals[0].taken.Boris.cards",
        ),  # and nobody else took it
    ],
)
def test_the_turned_right_jack_wins_a_trick_for_the_dealer(anna, boris, vera, where):
    errors = errors_of(_turned_jack(anna, boris, vera))
    assert [e.code for e in errors] == ["record.points_impossible"]
    assert "J♠" in str(errors[0].message) and errors[0].where.path == where


@pytest.mark.parametrize("vera", ["{points: 23, tricks: 3}", "{cards: [J♠, A♠], tricks: true}"])
def test_the_turned_right_jack_counted_for_the_dealer_is_accepted(vera):
    verdict = check_text(_turned_jack("{points: 62, tricks: 4}", BORIS_41, vera))
    assert verdict.exit_status == 0 and verdict.deals[0].scores["Vera"] == 23 + 14


def test_a_shared_win_names_the_co_winners():
    deal = """\
  - dealer: {dealer}
    trump: ♠
    discard: [7♥, 8♥]
    taken: {{Anna: {{points: 50, tricks: 4}}, Boris: {{points: 50, tricks: 3}}, Vera: {{points: 40, tricks: 3}}}}
    last_trick: {last}
"""
    text = "game: reunion\nplayers: [Anna, Boris, Vera]\ndeals:\n" + "".join(
        deal.format(dealer=d, last=last)
        for d, last in (("Anna", "Anna"), ("Boris", "Boris"), ("Vera", "Vera"))
    )
    verdict = check_text(text)
    assert verdict.totals == {"Anna": 160, "Boris": 160, "Vera": 130}
    assert verdict.winner is None and verdict.termination_code == "shared_win"
    assert "Anna" in str(verdict.termination) and "Boris" in str(verdict.termination)
    units = check_text(text.replace("deals:", "options: {settlement: original_units}\ndeals:"))
    assert "Units in all: Anna +1, Boris +1 and Vera −2." in [str(s) for s in units.deals[-1].steps]


def test_dealer_order_is_a_warning():
    # Every player deals once, but the deal goes to the right: an irregularity, and the game stands.
    text = (EX / "three-deals.yaml").read_text(encoding="utf-8")
    text = (
        text.replace("dealer: Boris", "dealer: X")
        .replace("dealer: Vera", "dealer: Boris")
        .replace("dealer: X", "dealer: Vera")
    )
    verdict = check_text(text)
    assert [f.code for f in verdict.findings] == ["deal.dealer_order", "deal.dealer_order"]
    assert {f.severity for f in verdict.findings} == {"warning"}


def test_a_player_who_deals_twice_makes_the_record_unusable():
    text = (
        (EX / "three-deals.yaml")
        .read_text(encoding="utf-8")
        .replace("dealer: Boris", "dealer: Vera", 1)
    )
    errors = errors_of(text)
    assert [(e.code, e.where.path) for e in errors] == [("record.dealer_twice", "deals[2].dealer")]
    assert errors[0].where.line is not None


# One more deal, as a line of the list of deals: Anna takes every card.
ONE_MORE_DEAL = (
    "\n  - {dealer: Anna, trump: ♠, discard: [7♥, 8♥], last_trick: Anna, taken: "
    "{Anna: {points: 140, tricks: 10}, Boris: {points: 0, tricks: 0}, Vera: {points: 0, tricks: 0}}}"
)
# (text, what replaces it, the error that follows): each change breaks the record its list is
# named for.
BROKEN_SUMMARY = [
    ("points: 62", "points: 63", "record.points_sum"),
    ("tricks: 4", "tricks: 5", "record.tricks_sum"),
    ("tricks: 4", "tricks: 11", "record.bad_tricks"),
    ("[10♥, K♣]", "[10♥]", "record.discard_size"),
    ("[10♥, K♣]", "[10♥, A♦]", "record.card_twice"),  # in the discard and in Boris's tricks
    ("[10♥, K♣]", "[10♥, 6♣]", "record.not_in_pack"),
    ("last_trick: Boris", "last_trick: Olga", "record.unknown_name"),
    ("{points: 23, tricks: 3}", "{points: 23, tricks: 0}", "record.points_without_tricks"),
    ("{points: 62, tricks: 4}", "{points: 62, cards: [A♠], tricks: 4}", "record.points_or_cards"),
    ("points: 62", "points: 200", "record.too_many_points"),
    ("    turned: 9♠\n", "", "record.missing_field"),
    ("game: reunion", "game: reunion\noptions: {settlement: money}", "record.bad_option_value"),
    ("last_trick: Boris\n", "last_trick: Boris\n    widow: [7♣, 8♥]\n", "record.unknown_field"),
]
BROKEN_FULL_PLAY = [
    ("widow: 7♣ 8♥", "widow: 7♣", "record.widow_size"),
    ("widow: 7♣ 8♥", "widow: 7♣ 8♣", "record.deck_mismatch"),
    ("discard: K♣ 7♠", "discard: K♣ 8♠", "record.discard_not_held"),
    ("      - 10♣ Q♣ J♥\n", "", "record.trick_count"),
    ("Vera:  J♥ 7♠", "Vera:  J♥", "record.hand_size"),
    ("deals:", "deals:" + ONE_MORE_DEAL * 3, "record.too_many_deals"),
]


@pytest.mark.parametrize(
    ("base", "old", "new", "code"),
    changes_to(SUMMARY, BROKEN_SUMMARY) + changes_to(_full_play_text(), BROKEN_FULL_PLAY),
)
def test_broken_records_exit_two(base, old, new, code, tmp_path, capsys):
    assert old in base
    record = tmp_path / "broken.yaml"
    record.write_text(base.replace(old, new, 1), encoding="utf-8")
    assert main(["check", str(record), "--json"]) == 2
    result = json.loads(capsys.readouterr().out)
    assert code in [e["code"] for e in result["errors"]]
    assert all(e["where"].get("line") for e in result["errors"])


def test_a_disagreeing_claim_exits_one(capsys):
    assert main(["check", str(EX / "dealer-no-trick.yaml"), "--json"]) == 1
    result = json.loads(capsys.readouterr().out)
    assert result["deals"][0]["claim_agrees"] is False
    assert result["deals"][0]["scores"] == {"Anna": 90, "Boris": -30, "Vera": 70}


@pytest.mark.parametrize("lang", ["en", "ru", "de"])
def test_units_settlement_in_every_language(lang, capsys):
    assert main(["check", str(EX / "original-units.yaml"), "--lang", lang]) == 0
    out = capsys.readouterr().out
    assert "225" in out and "+4" in out


def test_simulated_deals_are_reproducible():
    assert reunion_deal(random.Random(7), PLAYERS, 1) == reunion_deal(random.Random(7), PLAYERS, 1)
