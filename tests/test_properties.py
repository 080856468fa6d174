"""Random-simulation invariants (in the manner of OpenSpiel), as hypothesis properties."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from referee.cards import Rank
from referee.games import catch_the_ten as ctt
from referee.notation import parse_cards
from referee.simulate import catch_the_ten_deal, minnesota_whist_deal
from tests.conftest import check_record
from tests.strategies import ANY_NOTATION

NAMES = ["Anna", "Boris", "Vera", "Gleb", "Dasha", "Egor"]
MW_PLAYERS = NAMES[:4]
MW_TEAMS = {"We": ["Anna", "Vera"], "They": ["Boris", "Gleb"]}
PLAIN = [
    Rank.SIX,
    Rank.SEVEN,
    Rank.EIGHT,
    Rank.NINE,
    Rank.TEN,
    Rank.JACK,
    Rank.QUEEN,
    Rank.KING,
    Rank.ACE,
]
# In trumps the jack ranks above the ace.
TRUMP = [rank for rank in PLAIN if rank is not Rank.JACK] + [Rank.JACK]


def best_card(cards, trump, trump_order=TRUMP, plain_order=PLAIN):
    """An independent oracle for the trick winner."""
    trumps = [c for c in cards if c.suit is trump]
    if trumps:
        return max(trumps, key=lambda c: trump_order.index(c.rank))
    led = cards[0].suit
    return max((c for c in cards if c.suit is led), key=lambda c: plain_order.index(c.rank))


ctt_setup = st.tuples(
    st.sampled_from(sorted(ctt.HAND_SIZES)),
    st.integers(0, 5),
    st.booleans(),
    ANY_NOTATION,
    st.randoms(use_true_random=False),
)


@settings(max_examples=120, deadline=None)
@given(ctt_setup)
def test_catch_the_ten_random_deal_invariants(setup):
    n, dealer, must_trump, notation, rng = setup
    players = NAMES[:n]
    deal = catch_the_ten_deal(rng, players, dealer % n, must_trump, notation)
    hands = {p: parse_cards(h, notation) for p, h in deal["hands"].items()}
    aside = parse_cards(deal["set_aside"], notation)
    dealt = [c for h in hands.values() for c in h] + aside
    assert sorted(dealt) == sorted(ctt.DECK)  # cards conserved
    played = [c for tr in deal["tricks"] for c in parse_cards(tr, notation)]
    assert sorted(played) == sorted(c for h in hands.values() for c in h)  # every card played once
    trump = hands[players[dealer % n]][-1].suit
    owner = {c: p for p, h in hands.items() for c in h}
    verdict = check_record(
        "catch-the-ten",
        players,
        [deal],
        notation=notation,
        options={"must_trump_when_void": must_trump},
    )
    assert verdict.findings == []  # a legal deal breaks no rule
    scores = verdict.deals[0].scores
    # The trick winner holds the best card, and leads the next trick.
    tricks = [parse_cards(tr, notation) for tr in deal["tricks"]]
    for this, following in zip(tricks, [*tricks[1:], None], strict=True):
        winner = owner[best_card(this, trump)]
        if following is not None:
            assert owner[following[0]] == winner
    won_cards = {p: 0 for p in players}
    honours = 0
    for tr in tricks:
        won_cards[owner[best_card(tr, trump)]] += len(tr)
        honours += sum(ctt.HONOURS.get(c.rank, 0) for c in tr if c.suit is trump)
    assert honours <= 30
    assert all(v % n == 0 for v in won_cards.values())
    assert sum(scores.values()) == honours + sum(
        max(0, v - ctt.HAND_SIZES[n]) for v in won_cards.values()
    )
    # The summary derived from the full play gives the same score.
    summary = {
        "dealer": deal["dealer"],
        "trump": trump.symbol,
        "taken": {
            p: {
                "cards": won_cards[p],
                "honours": [
                    c.rank.label
                    for tr in tricks
                    if owner[best_card(tr, trump)] == p
                    for c in tr
                    if c.suit is trump and c.rank in ctt.HONOURS
                ],
            }
            for p in players
        },
    }
    assert check_record("catch-the-ten", players, [summary]).deals[0].scores == scores


@settings(max_examples=120, deadline=None)
@given(
    st.integers(0, 3),
    st.sampled_from(["seed", "pagat"]),
    st.floats(0, 1),
    st.randoms(use_true_random=False),
)
def test_minnesota_random_hand_invariants(dealer, scoring, grand_chance, rng):
    deal = minnesota_whist_deal(rng, MW_PLAYERS, dealer, grand_chance)
    hands = {p: parse_cards(h) for p, h in deal["hands"].items()}
    assert sorted(c for h in hands.values() for c in h) == sorted(
        set(c for h in hands.values() for c in h)
    )
    assert sum(len(h) for h in hands.values()) == 52
    played = [c for tr in deal["tricks"] for c in parse_cards(tr)]
    assert len(played) == 52 and len(set(played)) == 52
    verdict = check_record(
        "minnesota-whist", MW_PLAYERS, [deal], teams=MW_TEAMS, options={"scoring": scoring}
    )
    assert verdict.findings == []
    scores = verdict.deals[0].scores
    assert sum(1 for v in scores.values() if v != 0) == 1  # exactly one side scores
    owner = {c: p for p, h in hands.items() for c in h}
    side = {p: s for s, ms in MW_TEAMS.items() for p in ms}
    tricks = {"We": 0, "They": 0}
    for tr in deal["tricks"]:
        cards = parse_cards(tr)
        best = max((c for c in cards if c.suit is cards[0].suit), key=lambda c: c.rank)
        tricks[side[owner[best]]] += 1
    assert sum(tricks.values()) == 13
    bids = parse_cards(deal["bids"])
    summary = {"dealer": deal["dealer"], "tricks": tricks}
    summary["grand"] = "nobody" if bids[-1].suit.is_red else owner[bids[-1]]
    summed_up = check_record(
        "minnesota-whist", MW_PLAYERS, [summary], teams=MW_TEAMS, options={"scoring": scoring}
    )
    assert summed_up.deals[0].scores == scores


@settings(max_examples=30, deadline=None)
@given(st.randoms(use_true_random=False), st.integers(1, 4))
def test_a_game_of_several_deals_adds_up(rng, deals):
    players = NAMES[:4]
    verdict = check_record(
        "catch-the-ten", players, [catch_the_ten_deal(rng, players, k % 4) for k in range(deals)]
    )
    totals = {p: sum(d.scores[p] for d in verdict.deals) for p in players}
    assert verdict.totals == totals
    assert (verdict.winner is not None) == (verdict.termination_code == "target_reached")


def test_random_deals_are_reproducible():
    a = catch_the_ten_deal(random.Random(5), NAMES[:3], 0)
    b = catch_the_ten_deal(random.Random(5), NAMES[:3], 0)
    assert a == b
