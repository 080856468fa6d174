"""Possible or exit 2, tested both ways for every game.

Every summary made from a random legal deal is accepted. A changed summary is accepted exactly when
an independent search finds a deal that gives it: brute force over small cases, or an enumeration
of the counting cards each player can hold, written here without the referee's own search.
"""

from __future__ import annotations

import random
from collections import Counter
from itertools import combinations, product

from hypothesis import given, settings
from hypothesis import strategies as st

from referee import check_text
from referee.errors import RecordErrors, RefereeError
from referee.games import catch_the_ten as ctt
from referee.games import reunion as ru
from referee.games import trump_seven as t7
from referee.games import yacht
from referee.games.deals import reunion, trump_seven
from referee.notation import format_card, parse_card, parse_cards, parse_suit
from referee.possible import can_share
from referee.simulate import (
    catch_the_ten_play,
    minnesota_whist_play,
    reunion_play,
    trump_seven_play,
    yacht_play,
)
from referee.simulate.play import write_cards
from tests.conftest import ROOT, dump, errors_of
from tests.strategies import SEEDS

NAMES = ["Anna", "Boris", "Vera", "Gleb", "Dasha", "Egor"]


def outcome(record: dict) -> list[str] | None:
    """None if the record is accepted; else the codes of what makes it unusable (exit 2)."""
    try:
        check_text(dump(record))
    except RefereeError as err:
        return [e.code for e in (err.errors if isinstance(err, RecordErrors) else [err])]
    return None


# -- the shared search against brute force ----------------------------------------------------------------


@settings(max_examples=200, deadline=None)
@given(
    st.lists(st.sampled_from([2, 3, 4, 10, 11, 12, 20]), max_size=7), st.integers(2, 3), st.data()
)
def test_the_card_point_search_agrees_with_brute_force(values, holders, data):
    shares = data.draw(
        st.lists(st.integers(0, holders - 1), min_size=len(values), max_size=len(values))
    )
    if data.draw(st.booleans()):  # points some sharing really gives
        points = [
            sum(v for v, h in zip(values, shares, strict=True) if h == i) for i in range(holders)
        ]
    else:
        points = data.draw(st.lists(st.integers(0, 45), min_size=holders, max_size=holders))
    caps = data.draw(st.lists(st.integers(0, len(values)), min_size=holders, max_size=holders))

    def fits(counts):
        return all(c <= cap for c, cap in zip(counts, caps, strict=True))

    brute = any(
        all(
            sum(v for v, h in zip(values, a, strict=True) if h == i) == points[i]
            for i in range(holders)
        )
        and fits(tuple(a.count(i) for i in range(holders)))
        for a in product(range(holders), repeat=len(values))
    )
    assert can_share(values, points, fits) == brute
    assert (
        can_share(values, points, lambda counts: True, most=caps) == brute
    )  # the same bounds, as pruning


# -- Réunion --------------------------------------------------------------------------------------------------


def reunion_summary(rng: random.Random, dealer: int) -> dict:
    """A summary of a random legal Réunion deal: card points and tricks per player, as a scoresheet has them."""
    _, widow, discard, play = reunion_play(rng, dealer)
    trump = widow[0].suit
    players = NAMES[:3]
    taken = {}
    for seat, p in enumerate(players):
        won = [c for tr in play.tricks if tr.winner == seat for c in tr.cards]
        taken[p] = {"points": reunion.points_of(won, trump), "tricks": len(won) // 3}
    return {
        "dealer": players[dealer],
        "turned": format_card(widow[0], "en"),
        "discard": write_cards(discard, "en"),
        "taken": taken,
        "last_trick": players[play.tricks[-1].winner],
    }


def exact_sums(groups: list[tuple[int, int]], target: int) -> list[tuple[int, ...]]:
    """Every choice of how many cards of each value (value, how many there are) adds up to ``target``."""
    if not groups:
        return [()] if target == 0 else []
    (value, m), rest = groups[0], groups[1:]
    return [
        (k, *more)
        for k in range(m + 1)
        if k * value <= target
        for more in exact_sums(rest, target - k * value)
    ]


def reunion_oracle(deal: dict) -> bool:
    """Whether some sharing of the counting cards gives every player his points within three cards a trick,
    the dealer holding the turned card when it is a jack he did not discard (it wins his trick, G2-A15)."""
    turned = parse_card(deal["turned"], "en")
    trump, discard = turned.suit, parse_cards(deal["discard"], "en")
    players = list(deal["taken"])
    points = [deal["taken"][p]["points"] for p in players]
    tricks = [deal["taken"][p]["tricks"] for p in players]
    if (
        min(points) < 0
        or min(tricks) < 0
        or sum(tricks) != ru.TRICKS
        or tricks[players.index(deal["last_trick"])] < 1
    ):
        return False
    pool = Counter(
        reunion.card_points(c, trump)
        for c in ru.DECK
        if reunion.card_points(c, trump) and c not in discard
    )
    groups = sorted(pool.items())
    if sum(points) != sum(v * m for v, m in groups):
        return False
    jack = (
        [v for v, _ in groups].index(reunion.card_points(turned, trump))
        if turned.rank == 11 and turned not in discard
        else None
    )
    dealer = players.index(deal["dealer"])

    def holds_jack(
        seat: int, share: tuple[int, ...]
    ) -> bool:  # both jacks of the colour count the same
        return jack is None or seat != dealer or share[jack] >= 1

    for a in exact_sums(groups, points[0]):
        if sum(a) > 3 * tricks[0] or not holds_jack(0, a):
            continue
        rest = [(v, m - k) for (v, m), k in zip(groups, a, strict=True)]
        for b in exact_sums(rest, points[1]):
            c = tuple(m - k for (_, m), k in zip(rest, b, strict=True))
            if (
                sum(b) <= 3 * tricks[1]
                and sum(c) <= 3 * tricks[2]
                and holds_jack(1, b)
                and holds_jack(2, c)
            ):
                return True
    return False


@settings(max_examples=40, deadline=None)
@given(SEEDS, st.integers(0, 2), st.booleans())
def test_reunion_summaries_of_real_deals_are_accepted(rng, dealer, only_whether):
    deal = reunion_summary(rng, dealer)
    if only_whether:  # a scoresheet may only know whether each player took a trick
        for value in deal["taken"].values():
            value["tricks"] = value["tricks"] > 0
    assert outcome({"game": "reunion", "players": NAMES[:3], "deals": [deal]}) is None


@settings(max_examples=60, deadline=None)
@given(
    SEEDS, st.integers(0, 2), st.permutations(NAMES[:3]), st.integers(-40, 40), st.integers(-3, 3)
)
def test_a_changed_reunion_summary_is_accepted_only_if_a_deal_gives_it(
    rng, dealer, order, points, tricks
):
    deal = reunion_summary(rng, dealer)
    giver, taker = deal["taken"][order[0]], deal["taken"][order[1]]
    giver["points"] -= points
    taker["points"] += points
    giver["tricks"] -= tricks
    taker["tricks"] += tricks
    record = {"game": "reunion", "players": NAMES[:3], "deals": [deal]}
    if min(giver["points"], giver["tricks"], taker["points"], taker["tricks"]) < 0:
        assert outcome(record) is not None
        return
    assert (outcome(record) is None) == reunion_oracle(deal), deal


def test_reunion_points_no_cards_can_make():
    deal = {
        "dealer": "Anna",
        "turned": "9♠",
        "discard": "7♥ 8♥",
        "last_trick": "Boris",
        "taken": {
            "Anna": {"points": 1, "tricks": 3},
            "Boris": {"points": 100, "tricks": 4},
            "Vera": {"points": 39, "tricks": 3},
        },
    }
    record = {"game": "reunion", "players": NAMES[:3], "deals": [deal]}
    assert outcome(record) == ["record.points_impossible"]
    deal["taken"] = {
        "Anna": {"points": 100, "tricks": 1},
        "Boris": {"points": 20, "tricks": 6},
        "Vera": {"points": 20, "tricks": 3},
    }
    assert outcome(record) == ["record.points_impossible"]  # one trick holds at most 12 + 12 + 11


# -- Catch the Ten ----------------------------------------------------------------------------------------


def catch_summary(rng: random.Random, n: int, dealer: int, with_aside: bool) -> dict:
    """A summary of a random legal deal: cards and trump honours per player, and the honours set aside."""
    hands, aside, play = catch_the_ten_play(rng, n, dealer)
    trump = hands[dealer][-1].suit
    players = NAMES[:n]
    taken = {}
    for seat, p in enumerate(players):
        won = [c for tr in play.tricks if tr.winner == seat for c in tr.cards]
        taken[p] = {
            "cards": len(won),
            "honours": [c.rank.label for c in won if c.suit is trump and c.rank in ctt.HONOURS],
        }
    deal = {"dealer": players[dealer], "trump": trump.symbol, "taken": taken}
    if with_aside:
        deal["honours_set_aside"] = [
            c.rank.label for c in aside if c.suit is trump and c.rank in ctt.HONOURS
        ]
    return deal


def catch_oracle(deal: dict, n: int) -> bool:
    """Brute force: some set of honours set aside (no more than the cards set aside) completes the tricks."""
    taken = deal["taken"].values()
    if any(v["cards"] < 0 or v["cards"] % n or len(v["honours"]) > v["cards"] for v in taken):
        return False
    if sum(v["cards"] for v in taken) != n * ctt.HAND_SIZES[n]:
        return False
    in_tricks = [h for v in taken for h in v["honours"]]
    if len(set(in_tricks)) != len(in_tricks):
        return False
    labels = [r.label for r in ctt.HONOURS]
    room = len(ctt.DECK) - n * ctt.HAND_SIZES[n]
    for k in range(len(labels) + 1):
        for aside in combinations(labels, k):
            if (
                k <= room
                and sorted(aside + tuple(in_tricks)) == sorted(labels)
                and (
                    "honours_set_aside" not in deal
                    or sorted(deal["honours_set_aside"]) == sorted(aside)
                )
            ):
                return True
    return False


@settings(max_examples=60, deadline=None)
@given(SEEDS, st.sampled_from(sorted(ctt.HAND_SIZES)), st.integers(0, 5), st.booleans())
def test_catch_the_ten_summaries_of_real_deals_are_accepted(rng, n, dealer, with_aside):
    deal = catch_summary(rng, n, dealer % n, with_aside)
    assert outcome({"game": "catch-the-ten", "players": NAMES[:n], "deals": [deal]}) is None


@settings(max_examples=100, deadline=None)
@given(SEEDS, st.sampled_from(sorted(ctt.HAND_SIZES)), st.integers(0, 5), st.booleans(), st.data())
def test_a_changed_catch_the_ten_summary_is_accepted_only_if_a_deal_gives_it(
    rng, n, dealer, with_aside, data
):
    deal = catch_summary(rng, n, dealer % n, with_aside)
    players = NAMES[:n]
    a, b = data.draw(st.permutations(players))[:2]
    change = data.draw(
        st.sampled_from(["move honour", "drop honour", "move trick", "set aside", "forget aside"])
    )
    honours = deal["taken"][a]["honours"]
    if change == "move honour" and honours:
        deal["taken"][b]["honours"].append(honours.pop(data.draw(st.integers(0, len(honours) - 1))))
    elif change == "drop honour" and honours:
        dropped = honours.pop(data.draw(st.integers(0, len(honours) - 1)))
        if data.draw(st.booleans()):
            deal.setdefault("honours_set_aside", []).append(dropped)
    elif change == "move trick":
        k = data.draw(st.integers(1, 2))
        deal["taken"][a]["cards"] -= k * n
        deal["taken"][b]["cards"] += k * n
    elif change == "set aside":
        deal["honours_set_aside"] = data.draw(
            st.lists(st.sampled_from(["J", "10", "A", "K", "Q"]), unique=True)
        )
    else:
        deal.pop("honours_set_aside", None)
    record = {"game": "catch-the-ten", "players": players, "deals": [deal]}
    if deal["taken"][a]["cards"] < 0:
        assert outcome(record) is not None
        return
    assert (outcome(record) is None) == catch_oracle(deal, n), deal


@settings(max_examples=30, deadline=None)
@given(SEEDS, st.sampled_from(ctt.PARTNERSHIP_COUNTS), st.integers(0, 5))
def test_partnership_summaries_of_real_deals_are_accepted(rng, n, dealer):
    deal = catch_summary(rng, n, dealer % n, False)
    players = NAMES[:n]
    teams = {"Odd": players[0::2], "Even": players[1::2]}
    side = {p: s for s, ms in teams.items() for p in ms}
    pooled = {s: {"cards": 0, "honours": []} for s in teams}
    for p, v in deal["taken"].items():
        pooled[side[p]]["cards"] += v["cards"]
        pooled[side[p]]["honours"] += v["honours"]
    deal["taken"] = pooled
    record = {
        "game": "catch-the-ten",
        "players": players,
        "teams": teams,
        "options": {"partnerships": True},
        "deals": [deal],
    }
    assert outcome(record) is None
    pooled["Odd"]["honours"], pooled["Even"]["honours"] = (
        [],
        pooled["Odd"]["honours"] + pooled["Even"]["honours"],
    )
    assert (outcome(record) is None) == (len(pooled["Even"]["honours"]) <= pooled["Even"]["cards"])


# -- Trump 7 ----------------------------------------------------------------------------------------------


def trump_seven_summary(rng: random.Random) -> dict:
    """A summary of a random legal deal that was not thrown in: the declarer's card points in tricks."""
    while True:
        deal = trump_seven_play(rng, 0)
        if deal.play is not None:
            break
    points = trump_seven.points_table(deal.trump)
    won = [c for tr in deal.play.tricks if tr.winner == deal.declarer for c in tr.cards]
    return {
        "dealer": NAMES[0],
        "declarer": NAMES[deal.declarer],
        "trump": deal.trump.symbol,
        "discards": write_cards(deal.discards, "en"),
        "taken": {"declarer": sum(points[c] for c in won)},
    }


@settings(max_examples=60, deadline=None)
@given(SEEDS, st.integers(-25, 25))
def test_a_trump_seven_count_is_accepted_only_if_some_cards_make_it(rng, change):
    deal = trump_seven_summary(rng)
    record = {"game": "trump-seven", "players": NAMES[:3], "deals": [deal]}
    assert outcome(record) is None
    trump = parse_suit(deal["trump"], "en")
    discards = parse_cards(deal["discards"], "en")
    sums = {0}
    for card in t7.DECK:
        if card not in discards:
            sums |= {s + t7.card_points(card, trump) for s in sums}
    deal["taken"]["declarer"] += change
    assert (outcome(record) is None) == (deal["taken"]["declarer"] in sums)


# -- Minnesota Whist and Yacht: tricks are all a summary counts -------------------------------------------


@settings(max_examples=30, deadline=None)
@given(SEEDS, st.integers(0, 3), st.integers(-2, 2))
def test_minnesota_tricks_are_accepted_only_if_they_make_a_deal(rng, dealer, change):
    _, bids, play = minnesota_whist_play(rng, dealer)
    teams = {"We": ["Anna", "Vera"], "They": ["Boris", "Gleb"]}
    won = play.tricks_won()
    tricks = {"We": won[0] + won[2], "They": won[1] + won[3]}
    deal = {"dealer": NAMES[dealer], "tricks": tricks}
    # who declared grand, or nobody (left out, it is not recorded: without a claim, unusable)
    deal["grand"] = "nobody" if bids[-1].suit.is_red else NAMES[(dealer + len(bids)) % 4]
    record = {"game": "minnesota-whist", "players": NAMES[:4], "teams": teams, "deals": [deal]}
    assert outcome(record) is None
    tricks["We"] += change
    assert (outcome(record) is None) == (
        change == 0 or (tricks["We"] >= 0 and sum(tricks.values()) == 13)
    )


@settings(max_examples=30, deadline=None)
@given(SEEDS, st.sampled_from(sorted(yacht.HAND_SIZES)), st.integers(-2, 2))
def test_yacht_tricks_are_accepted_only_if_they_make_a_deal(rng, n, change):
    _, _, drawn, play = yacht_play(rng, n, 0)
    players = NAMES[:n]
    won = play.tricks_won()
    deal = {
        "dealer": players[0],
        "trump": drawn.suit.symbol,
        "bids": dict.fromkeys(players, "thirteen-under"),
        "tricks": dict(zip(players, won, strict=True)),
    }
    record = {"game": "yacht", "players": players, "deals": [deal]}
    assert outcome(record) is None
    deal["tricks"][players[0]] += change
    deal["tricks"][players[1]] -= change
    feasible = min(deal["tricks"].values()) >= 0
    assert (outcome(record) is None) == feasible


# -- One rule for a record that contradicts itself: exit 2 in every game -------------------------------------


def test_a_grand_the_bid_cards_do_not_show_is_unusable():
    text = (ROOT / "examples" / "minnesota-whist" / "full-play-high.yaml").read_text(
        encoding="utf-8"
    )
    assert check_text(
        text.replace("    bids: 3♥ 2♣", "    grand: Boris\n    bids: 3♥ 2♣")
    ).exit_status in (0, 1)
    errors = errors_of(text.replace("    bids: 3♥ 2♣", "    grand: Vera\n    bids: 3♥ 2♣"))
    assert [(e.code, e.where.path) for e in errors] == [("record.grand_mismatch", "deals[0].grand")]


def test_reunion_tricks_that_exceed_a_deal_are_unusable():
    deal = {
        "dealer": "Anna",
        "turned": "9♠",
        "discard": "7♥ 8♥",
        "last_trick": "Anna",
        "taken": {
            "Anna": {"points": 100, "tricks": 9},
            "Boris": {"points": 20, "tricks": True},
            "Vera": {"points": 20, "tricks": True},
        },
    }
    assert outcome({"game": "reunion", "players": NAMES[:3], "deals": [deal]}) == [
        "record.tricks_sum"
    ]
