"""Trump 7: the pack's 100 points, random legal deals against independent oracles, auctions, bad records."""

from __future__ import annotations

import copy
import json
import random

import pytest
import yaml
from hypothesis import given, settings
from hypothesis import strategies as st

from referee import check_text
from referee.cards import JOKER, SUITS, Card, Rank
from referee.cli.command import main
from referee.games import trump_seven as t7
from referee.messages import render
from referee.notation import format_card, parse_cards, parse_suit
from referee.present.blocks import render_block
from referee.simulate.trump_seven import trump_seven_deal
from tests.conftest import (
    ROOT,
    broken_records,
    cli_refusal,
    dump,
    error_after,
    errors_of,
    mangled,
    verdict_or_typed_error,
)
from tests.strategies import ANY_NOTATION, SEEDS

NAMES = ["Anna", "Boris", "Vera"]
EX = ROOT / "examples" / "trump-seven"

# Independent oracles: written from the rules, not from the module.
LOW_TO_HIGH = ["7", "8", "9", "K", "10", "J", "Q"]
POINTS = {"10": 10, "K": 4, "Q": 3, "J": 2}


def oracle_points(card: Card, trump) -> int:
    if card.is_joker:
        return 4
    if card.rank.label == "7" and card.suit is trump:
        return 20
    return POINTS.get(card.rank.label, 0)


def oracle_best(cards: list[Card], trump) -> Card:
    """The card that takes the trick: the Joker, else the highest trump, else the highest of the suit led."""
    if JOKER in cards:
        return JOKER
    trumps = [c for c in cards if c.suit is trump]
    if trumps:
        return max(trumps, key=lambda c: LOW_TO_HIGH.index(c.rank.label))
    led = cards[0].suit
    return max((c for c in cards if c.suit is led), key=lambda c: LOW_TO_HIGH.index(c.rank.label))


def record(*deals, **top) -> dict:
    return {"game": "trump-seven", "players": NAMES, **top, "deals": list(deals)}


def played_deal(
    rng: random.Random, dealer: int, notation: str = "en", first_lead: str = "declarer"
) -> dict:
    """A random deal that was not thrown in."""
    while True:
        deal = trump_seven_deal(
            rng, NAMES, dealer, notation, yes_chance=0.5, withdraw_chance=0.2, first_lead=first_lead
        )
        if "tricks" in deal:
            return deal


# -- the pack ---------------------------------------------------------------------------------------------


def test_the_pack_is_29_cards_holding_100_points_whatever_the_trump():
    assert len(t7.DECK) == 29 == len(set(t7.DECK))
    assert JOKER in t7.DECK and all(c.rank not in (Rank.ACE, Rank.SIX) for c in t7.DECK)
    for trump in SUITS:
        assert sum(oracle_points(c, trump) for c in t7.DECK) == 100
        assert sum(t7.card_points(c, trump) for c in t7.DECK) == 100
        assert len(t7.counting_cards(trump)) == 18


def test_rank_order_and_the_joker():
    rules = t7.RULES
    hearts, spades = SUITS[2], SUITS[3]
    assert rules.winner(parse_cards("QH JH 10H"), spades) == 0  # the queen is the highest card
    assert rules.winner(parse_cards("KH 10H 9H"), spades) == 1  # the ten beats the king
    assert rules.winner(parse_cards("7H 8S Joker"), hearts) == 2  # the Joker: highest trump
    assert rules.winner(parse_cards("Joker QH JH"), hearts) == 0  # led, it wins
    assert rules.winner(parse_cards("QS 7H KS"), hearts) == 1  # the lowest trump beats a plain suit
    assert rules.legal(parse_cards("Joker QC 8C"), hearts, hearts) == [
        JOKER
    ]  # the Joker follows trumps
    assert rules.legal(parse_cards("Joker QC"), spades, hearts) == parse_cards(
        "Joker QC"
    )  # no duty to trump


# -- random deals ---------------------------------------------------------------------------------------------

setup = st.tuples(
    st.integers(0, 2),
    ANY_NOTATION,
    st.sampled_from(["declarer", "defenders"]),
    st.sampled_from(["declarer", "eldest"]),
    SEEDS,
)


@settings(max_examples=150, deadline=None)
@given(setup)
def test_random_deal_invariants(params):
    dealer, notation, discards_for, first_lead, rng = params
    deal = played_deal(rng, dealer, notation, first_lead)
    hands = {p: parse_cards(h, notation) for p, h in deal["hands"].items()}
    widow = parse_cards(deal["widow"], notation)
    discards = parse_cards(deal["discards"], notation)
    tricks = [parse_cards(tr, notation) for tr in deal["tricks"]]
    played = [c for tr in tricks for c in tr]
    assert sorted([c for h in hands.values() for c in h] + widow) == sorted(
        t7.DECK
    )  # 27 dealt + the widow
    assert len(played) == 27 and sorted(played + discards) == sorted(
        t7.DECK
    )  # 27 played + 2 discards
    trump = parse_suit(deal["trump"])
    declarer = next(p for p, (_, final) in deal["auction"].items() if final == "yes")
    owner = {c: p for p, h in hands.items() for c in h} | {c: declarer for c in widow}
    assert not set(discards) - set(hands[declarer] + widow)
    # The trick winner holds the best card and leads the next trick; the first lead is the declarer's.
    eldest = NAMES[(dealer + 1) % 3]
    assert owner[tricks[0][0]] == (declarer if first_lead == "declarer" else eldest)
    won: dict[str, list[Card]] = {p: [] for p in NAMES}
    for this, following in zip(tricks, [*tricks[1:], None], strict=True):
        winner = owner[oracle_best(this, trump)]
        won[winner] += this
        if following is not None:
            assert owner[following[0]] == winner
    # Every deal splits the 100 points between the two sides, under either option.
    in_tricks = sum(oracle_points(c, trump) for c in won[declarer])
    against = sum(oracle_points(c, trump) for p in NAMES if p != declarer for c in won[p])
    in_discards = sum(oracle_points(c, trump) for c in discards)
    assert in_tricks + against + in_discards == 100
    mine = in_tricks + (in_discards if discards_for == "declarer" else 0)
    theirs = 100 - mine
    options = {"discards_count_for": discards_for, "first_lead": first_lead}
    full = dict(deal, claim={"declarer": mine, "defenders": theirs})
    verdict = check_text(dump(record(full, notation=notation, options=options)))
    assert verdict.findings == [] and verdict.exit_status == 0  # a legal deal breaks no rule
    result = verdict.deals[0]
    assert result.claim_agrees and result.claim_against == {"declarer": mine, "defenders": theirs}
    assert result.scores == {p: int(mine >= 60) if p == declarer else int(mine < 60) for p in NAMES}
    # Summaries derived from the full play give the same result: points, the counting cards, or a mix.
    counting = {
        side: [c for p in ps for c in won[p] if oracle_points(c, trump)]
        for side, ps in (
            ("declarer", [declarer]),
            ("defenders", [p for p in NAMES if p != declarer]),
        )
    }
    base = {
        "dealer": deal["dealer"],
        "declarer": declarer,
        "trump": deal["trump"],
        "discards": deal["discards"],
        "claim": {"declarer": mine},
    }
    written = {side: [format_card(c, notation) for c in cards] for side, cards in counting.items()}
    takens = [
        {"declarer": in_tricks},
        {"defenders": against},
        {"declarer": in_tricks, "defenders": against},
        written,
        {"defenders": written["defenders"]},
        {"declarer": written["declarer"], "defenders": against},
    ]
    for taken in takens:
        summary = check_text(
            dump(record(dict(base, taken=taken), notation=notation, options=options))
        )
        assert summary.deals[0].scores == result.scores, taken
        assert summary.deals[0].claim_agrees, taken


answers = st.tuples(st.booleans(), st.booleans())


@settings(max_examples=150, deadline=None)
@given(st.lists(answers, min_size=3, max_size=3), st.integers(0, 2), SEEDS)
def test_random_auctions_make_one_declarer_or_a_throw_in(auction, dealer, rng):
    deal = trump_seven_deal(rng, NAMES, dealer, auction=auction)
    verdict = check_text(dump(record(deal)))
    final = [NAMES[s] for s, (_, second) in enumerate(auction) if second]
    late = [NAMES[s] for s, (first, second) in enumerate(auction) if second and not first]
    assert [f.code for f in verdict.findings] == ["auction.late_yes"] * len(late)
    assert verdict.exit_status == (1 if late else 0)
    scores = verdict.deals[0].scores
    if late:  # an illegal auction: the deal is thrown in, whatever was played
        assert scores == dict.fromkeys(NAMES, 0)
        assert verdict.deals[0].steps[-1].msgid.startswith("{players} passed in round 1")
    elif len(final) == 1:
        assert "tricks" in deal
        assert sum(scores.values()) in (1, 2)
        assert (scores[final[0]] == 1) == (
            sum(scores.values()) == 1
        )  # the declarer wins alone, or loses
    else:
        assert "tricks" not in deal and scores == dict.fromkeys(NAMES, 0)
        assert verdict.deals[0].steps[-1].msgid.startswith("The cards are thrown in")


@settings(max_examples=40, deadline=None)
@given(SEEDS, st.integers(1, 6))
def test_a_match_counts_deals_won(rng, n):
    deals, dealer = [], 0
    for _ in range(n):
        deal = trump_seven_deal(rng, NAMES, dealer)
        deals.append(deal)
        dealer = dealer if "tricks" not in deal else (dealer + 1) % 3
    verdict = check_text(dump(record(*deals)))
    assert verdict.findings == []  # the deal passed as it should
    totals = {p: sum(d.scores[p] for d in verdict.deals) for p in NAMES}
    assert verdict.totals == totals
    best = max(totals.values())
    leaders = [p for p in NAMES if totals[p] == best]
    assert verdict.winner == (leaders[0] if len(leaders) == 1 else None)
    assert verdict.termination_code == ("most_deals" if len(leaders) == 1 else "tied")


# -- the worked examples through the command line ------------------------------------------------------------


@pytest.mark.parametrize("lang", ["en", "ru", "de"])
def test_full_play_in_every_language(lang, capsys):
    assert main(["check", str(EX / "full-play.yaml"), "--lang", lang, "--json"]) == 0
    result = json.loads(capsys.readouterr().out)
    deal = result["deals"][0]
    assert (
        deal["claim_compared_with"] == {"declarer": 78, "defenders": 22}
        and deal["claim_agrees"] is True
    )
    assert result["winner"] == "Anna" and result["termination"]["code"] == "most_deals"
    assert any(
        "64" in line and "20" in line for line in deal["explanation"]
    )  # counted card by card


def test_a_disagreeing_claim_exits_one(capsys):
    assert main(["check", str(EX / "one-point-short.yaml"), "--json"]) == 1
    result = json.loads(capsys.readouterr().out)
    deal = result["deals"][0]
    assert deal["claim"] == {"declarer": 60} and deal["claim_compared_with"] == {"declarer": 59}
    assert (
        deal["claim_agrees"] is False
        and result["winner"] is None
        and result["termination"]["code"] == "tied"
    )


def test_the_discards_option_decides_a_deal():
    text = (EX / "discards-for-defenders.yaml").read_text(encoding="utf-8")
    assert check_text(text).deals[0].scores == {"Anna": 1, "Boris": 0, "Vera": 1}
    default = check_text(text.replace("options: {discards_count_for: defenders}\n", ""))
    assert default.deals[0].scores == {"Anna": 0, "Boris": 1, "Vera": 0}
    assert default.deals[0].claim_against == {"declarer": 64, "defenders": 36}


def test_russian_and_german_notation_full_play():
    data = yaml.safe_load((EX / "full-play.yaml").read_text(encoding="utf-8"))
    for notation in ("ru", "de"):
        rec = copy.deepcopy(data)
        rec["notation"] = notation
        deal = rec["deals"][0]
        write = lambda v, n=notation: ", ".join(format_card(c, n) for c in parse_cards(v))  # noqa: E731
        deal["hands"] = {p: write(h) for p, h in deal["hands"].items()}
        for key in ("widow", "discards"):
            deal[key] = write(deal[key])
        deal["tricks"] = [write(tr) for tr in deal["tricks"]]
        text = dump(rec)
        assert ("Джокер" if notation == "ru" else "Joker") in text
        assert check_text(text).deals[0].claim_agrees


def test_blocks_render_in_every_language():
    for lang in ("en", "ru", "de"):
        facts = render_block("facts", {"game": "trump-seven"}, lang)
        assert "100" in facts and "60" in facts and "29" in facts
        block = render_block(
            "options", {"game": "trump-seven"}, lang
        )  # the reader's words, not record keys
        assert "discards_count_for" not in block and block.count("\n|") >= 3
        for name in ("full-play", "short-match", "one-point-short"):
            assert render_block("example", {"example": f"trump-seven/{name}"}, lang)
    assert "Д В 10 К 9 8 7" in render_block("facts", {"game": "trump-seven"}, "ru")


# -- play, auction and dealing rules found in a readable record (exit 1, or a warning) --------------------------

FULL = (EX / "full-play.yaml").read_text(encoding="utf-8")


def test_not_following_a_joker_lead_is_a_revoke(capsys, tmp_path):
    # Trick 1: Boris holds hearts but throws 8♣ on the Joker; he plays 9♥ in trick 7 instead (a trump,
    # so he takes that trick, and Vera's lead to trick 8 is then not the winner's: G1-A04).
    text = FULL.replace("- Joker 9♥ 7♣", "- Joker 8♣ 7♣").replace("- 9♦ 8♣ J♦", "- 9♦ 9♥ J♦")
    path = tmp_path / "revoke.yaml"
    path.write_text(text, encoding="utf-8")
    assert main(["check", str(path), "--json"]) == 1
    codes = [
        (f["code"], f["where"].get("trick"))
        for f in json.loads(capsys.readouterr().out)["findings"]
    ]
    assert ("play.revoke", 1) in codes and ("play.lead_not_winner", 8) in codes


def test_first_lead_option():
    assert check_text(FULL).findings == []
    # Boris dealing: the eldest hand is Vera, so under first_lead: eldest Anna's lead is out of turn.
    moved = FULL.replace("dealer: Vera", "dealer: Boris")
    assert check_text(moved).findings == []
    eldest = check_text(moved.replace("deals:", "options: {first_lead: eldest}\ndeals:"))
    assert next((f.code, f.where.trick) for f in eldest.findings) == ("play.eldest_lead", 1)


def test_a_late_yes_is_reported():
    text = FULL.replace("Anna:  [yes, yes]", "Anna:  [pass, yes]")
    verdict = check_text(text)
    assert [f.code for f in verdict.findings] == ["auction.late_yes"] and verdict.exit_status == 1
    assert verdict.deals[0].scores == {"Anna": 0, "Boris": 0, "Vera": 0}  # thrown in, not scored
    assert "thrown in" in render(verdict.deals[0].steps[-1], "en")


def test_auction_answers_in_other_words():
    text = (
        FULL.replace("[yes, yes]", "[да, ja]")
        .replace("[yes, pass]", "[true, no]")
        .replace("[pass, pass]", "[пас, nein]")
    )
    assert check_text(text).exit_status == 0


def test_thrown_in_full_play_and_the_next_dealer():
    thrown = yaml.safe_load(FULL)["deals"][0]
    thrown["auction"] = {"Anna": ["yes", "yes"], "Boris": ["yes", "yes"], "Vera": ["pass", "pass"]}
    for key in ("trump", "discards", "tricks", "claim"):
        del thrown[key]
    again = {"dealer": "Vera", "thrown_in": True}
    verdict = check_text(dump(record(thrown, dict(thrown, thrown_in=True), again)))
    assert [d.scores for d in verdict.deals] == [dict.fromkeys(NAMES, 0)] * 3
    assert verdict.findings == [] and verdict.winner is None
    wrong = check_text(dump(record(again, {"dealer": "Anna", "thrown_in": True})))
    assert [f.code for f in wrong.findings] == ["deal.dealer_order"]
    assert "same player deals again" in str(wrong.findings[0].message)


def test_the_deal_passes_to_the_left_after_a_played_deal():
    made = {
        "dealer": "Vera",
        "declarer": "Anna",
        "trump": "♠",
        "discards": "K♣ 9♦",
        "taken": {"declarer": 56},
    }
    verdict = check_text(dump(record(made, dict(made, dealer="Anna"), dict(made, dealer="Anna"))))
    assert [(f.code, f.where.deal) for f in verdict.findings] == [("deal.dealer_order", 3)]
    assert verdict.totals == {"Anna": 3, "Boris": 0, "Vera": 0} and verdict.exit_status == 0


def test_a_card_worth_nothing_in_a_list_is_a_warning():
    deal = {
        "dealer": "Vera",
        "declarer": "Anna",
        "trump": "♠",
        "discards": "K♣ 9♦",
        "taken": {"defenders": ["10♥", "7♥"]},
    }
    verdict = check_text(dump(record(deal)))
    assert [(f.code, f.severity) for f in verdict.findings] == [
        ("deal.not_a_counting_card", "warning")
    ]
    assert (
        verdict.exit_status == 0 and verdict.deals[0].scores["Anna"] == 1
    )  # 100 − 4 − 10 + 4 = 90


def test_scores_before_are_deals_won():
    text = (EX / "made-at-sixty.yaml").read_text(encoding="utf-8")
    verdict = check_text(
        text.replace("deals:", "scores_before: {Anna: 0, Boris: 2, Vera: 0}\ndeals:")
    )
    assert verdict.totals == {"Anna": 1, "Boris": 2, "Vera": 0} and verdict.winner == "Boris"


# -- records that cannot be used: exit status 2, the field and the line named -----------------------------------

SUMMARY = """\
game: trump-seven
players: [Anna, Boris, Vera]
deals:
  - dealer: Vera
    declarer: Anna
    trump: ♠
    discards: [K♣, 9♦]
    taken: {declarer: 56}
    claim: {declarer: 60}
"""


# (text, what replaces it, the error that follows, the line the error names): each change breaks
# the record its list is named for.
BROKEN_SUMMARY = [
    ("declarer: 56}", "declarer: 97}", "record.points_range", 8),  # more than the pack holds
    ("declarer: 56}", "declarer: -2}", "record.points_range", 8),
    ("declarer: 56}", "declarer: 1}", "record.points_impossible", 8),  # no card is worth 1
    ("declarer: 56}", "declarer: 56, defenders: 41}", "record.points_sum", 8),
    ("{declarer: 56}", "{declarer: [10♥, K♣]}", "record.discard_in_tricks", 8),
    ("{declarer: 56}", "{declarer: [10♥], defenders: [10♥]}", "record.card_twice", 8),
    ("{declarer: 56}", "{declarer: [10♥, 10♥]}", "record.card_twice", 8),
    ("{declarer: 56}", "{declarer: [A♥]}", "record.not_in_pack", 8),
    (
        "{declarer: 56}",
        "{declarer: [7♠, 10♥, 10♦, 10♣, 10♠, Joker, K♠, K♥, K♦, Q♠, Q♥, Q♦, Q♣, J♠, J♥], "
        "defenders: [J♣]}",
        "record.card_missing",
        8,
    ),  # J♦ is nowhere
    ("{declarer: 56}", "{attackers: 56}", "record.unknown_field", 8),
    ("{declarer: 56}", "{}", "record.shape", 8),
    ("{declarer: 56}", "{declarer: lots}", "notation.bad_card", 8),
    ("[K♣, 9♦]", "[K♣, 9♦, 8♦]", "record.discard_count", 7),
    ("[K♣, 9♦]", "[K♣, K♣]", "record.card_twice", 7),
    ("[K♣, 9♦]", "[A♣, 9♦]", "record.not_in_pack", 7),
    ("    discards: [K♣, 9♦]\n", "", "record.shape", 4),
    ("trump: ♠", "trump: Joker", "notation.bad_suit", 6),
    ("    trump: ♠\n", "", "record.missing_field", 4),
    ("declarer: Anna", "declarer: Olga", "record.unknown_name", 5),
    ("dealer: Vera", "dealer: Olga", "record.unknown_name", 4),
    ("claim: {declarer: 60}", "claim: {Anna: 60}", "record.unknown_field", 9),
    ("claim: {declarer: 60}", "claim: {declarer: sixty}", "record.not_a_number", 9),
    ("claim: {declarer: 60}", "claim: 60", "record.shape", 9),
    ("    declarer: Anna\n", "    thrown_in: true\n", "record.thrown_in_field", 6),
    ("    declarer: Anna\n", "    declarer: Anna\n    thrown_in: maybe\n", "record.shape", 6),
    ("[Anna, Boris, Vera]", "[Anna, Boris, Vera, Gleb]", "record.player_count", 2),
    ("players:", "options: {discards_count_for: dealer}\nplayers:", "record.bad_option_value", 2),
    (
        "game: trump-seven",
        "game: trump-seven\nscores_before: {Anna: -1, Boris: 0, Vera: 0}",
        "record.not_a_number",
        2,
    ),
    ("    taken:", "    tricks:", "record.unknown_field", 8),
]
BROKEN_FULL = [
    ("Anna:  Joker Q♥", "Anna:  Q♥", "record.hand_size", 21),
    ("Anna:  Joker Q♥", "Anna:  A♥ Q♥", "record.deck_mismatch", 24),  # an ace: not in this pack
    ("widow: 9♦ 8♦", "widow: 9♦", "record.widow_size", 24),
    ("widow: 9♦ 8♦", "widow: 9♦ 9♦", "record.card_twice", 24),
    ("widow: 9♦ 8♦", "widow: 9♦ A♦", "record.not_in_pack", 24),
    ("widow: 9♦ 8♦", "widow: 9♦ Joker", "record.deck_mismatch", 24),  # the Joker twice, 8♦ nowhere
    ("discards: 10♠ K♣", "discards: 10♠ K♦", "record.discard_not_held", 30),
    ("- 7♦ 10♦ Q♦", "- K♣ 10♦ Q♦", "record.discard_in_tricks", 36),
    ("Boris: [yes, pass]", "Boris: [yes, maybe]", "record.bad_answer", 27),
    ("Boris: [yes, pass]", "Boris: [yes]", "record.shape", 27),
    # two final yes: no play
    ("Boris: [yes, pass]", "Boris: [yes, yes]", "record.thrown_in_field", 29),
    ("    trump: ♥\n", "    declarer: Boris\n    trump: ♥\n", "record.declarer_mismatch", 29),
    ("    trump: ♥\n", "    thrown_in: true\n    trump: ♥\n", "record.thrown_in_mismatch", 29),
    ("      - 8♦ Q♣ K♦\n", "", "record.trick_count", 31),
    ("    auction:", "    bidding:", "record.unknown_field", 25),
]


@broken_records((SUMMARY, BROKEN_SUMMARY), (FULL, BROKEN_FULL))
def test_impossible_records_are_unusable(base, old, new, code, line):
    assert error_after(base, old, new, code).where.line == line


def test_unusable_record_exit_status_two_in_russian(tmp_path, capsys):
    assert "строка 8" in cli_refusal(
        tmp_path, capsys, SUMMARY.replace("declarer: 56}", "declarer: 97}"), "ru"
    )


def test_every_problem_is_collected():
    text = (
        SUMMARY.replace("dealer: Vera", "dealer: Olga")
        .replace("[K♣, 9♦]", "[K♣, K♣]")
        .replace("claim: {declarer: 60}", "claim: {Anna: 60}")
    )
    assert {"record.unknown_name", "record.card_twice", "record.unknown_field"} <= {
        e.code for e in errors_of(text)
    }


JUNK = st.one_of(
    st.none(),
    st.integers(-3, 120),
    st.text(max_size=6),
    st.booleans(),
    st.sampled_from(["Joker", "7♥", "10♠ K♣", "yes", "pass", "declarer", "Anna", "♦", "A♠"]),
    st.lists(st.sampled_from(["Joker", "7♥", "Q♣", "yes", "pass", "x", ""]), max_size=3),
    st.dictionaries(
        st.sampled_from(["declarer", "defenders", "Anna", "x"]),
        st.one_of(st.integers(-1, 101), st.lists(st.sampled_from(["10♥", "Joker", "A♠"]))),
        max_size=2,
    ),
)
RECORDS = [yaml.safe_load(p.read_text(encoding="utf-8")) for p in sorted(EX.glob("*.yaml"))]


@settings(max_examples=400, deadline=None)
@given(st.sampled_from(RECORDS), st.data(), JUNK, st.booleans())
def test_mutated_records_give_a_verdict_or_a_typed_error(rec, data, junk, delete):
    verdict = verdict_or_typed_error(mangled(rec, data, junk, delete))
    for d in verdict.deals if verdict is not None else []:
        if d.claim_against is not None:
            assert set(d.claim_against) <= {"declarer", "defenders"}
