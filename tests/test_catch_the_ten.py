"""Catch the Ten: partnerships, what the revoke penalty punishes, and records that contradict themselves."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from referee import check_text
from referee.engines.revokes import REVOKES
from referee.games import catch_the_ten as ctt
from referee.games.deals import catch_the_ten
from referee.messages import render
from referee.notation import parse_cards
from referee.simulate import catch_the_ten_deal
from tests.conftest import ROOT, check_record, dump, errors_of
from tests.strategies import SEEDS

NAMES = ["Anna", "Boris", "Vera", "Gleb", "Dasha", "Egor"]
FULL = (ROOT / "examples" / "catch-the-ten" / "full-play-four.yaml").read_text(encoding="utf-8")


def teams_of(players: list[str]) -> dict[str, list[str]]:
    """Two sides, partners in every second seat."""
    return {"North": players[0::2], "South": players[1::2]}


@settings(max_examples=40, deadline=None)
@given(SEEDS, st.sampled_from(ctt.PARTNERSHIP_COUNTS), st.integers(0, 5))
def test_partners_pool_their_tricks(rng, n, dealer):
    players = NAMES[:n]
    deal = catch_the_ten_deal(rng, players, dealer % n)
    alone = check_record("catch-the-ten", players, [deal])
    teams = teams_of(players)
    verdict = check_record(
        "catch-the-ten", players, [deal], teams=teams, options={"partnerships": True}
    )
    assert verdict.findings == [] and set(verdict.totals) == set(teams)
    hand = ctt.HAND_SIZES[n]
    # Each player's honours and extra cards, recomputed from the single scores: extra = max(0, cards - hand).
    hands = {p: parse_cards(h) for p, h in deal["hands"].items()}
    trump = hands[deal["dealer"]][-1].suit
    owner = {c: p for p, h in hands.items() for c in h}
    cards = dict.fromkeys(players, 0)
    honours = dict.fromkeys(players, 0)
    for trick in deal["tricks"]:
        played = parse_cards(trick)
        best = max(
            played,
            key=lambda c: (
                c.suit is trump,
                c.suit is played[0].suit,
                catch_the_ten.TRUMP_ORDER.index(c.rank) if c.suit is trump else int(c.rank),
            ),
        )
        cards[owner[best]] += n
        honours[owner[best]] += sum(ctt.HONOURS.get(c.rank, 0) for c in played if c.suit is trump)
    for side, members in teams.items():
        pooled = sum(cards[p] for p in members)
        assert verdict.deals[0].scores[side] == sum(honours[p] for p in members) + max(
            0, pooled - hand * len(members)
        )
        assert sum(alone.deals[0].scores[p] for p in members) >= verdict.deals[0].scores[side]


def test_partnerships_need_four_or_six_players_sitting_alternately():
    three = {
        "game": "catch-the-ten",
        "players": NAMES[:3],
        "options": {"partnerships": True},
        "teams": {"A": ["Anna"], "B": ["Boris", "Vera"]},
        "deals": [{"dealer": "Anna", "trump": "♥"}],
    }
    assert [e.code for e in errors_of(dump(three))] == ["record.partnership_count"]
    four = FULL.replace(
        "deals:",
        "options: {partnerships: true}\nteams: {A: [Anna, Boris], B: [Vera, Gleb]}\ndeals:",
    )
    errors = errors_of(four)
    assert [e.code for e in errors] == ["record.partners_adjacent"] and errors[0].where.line == 6
    assert [
        e.code
        for e in errors_of(
            FULL.replace("deals:", "teams: {A: [Anna, Vera], B: [Boris, Gleb]}\ndeals:")
        )
    ] == ["record.teams_without_partnerships"]


def test_a_partnership_full_play_scores_by_side():
    text = FULL.replace(
        "deals:",
        "options: {partnerships: true}\nteams: {AV: [Anna, Vera], BG: [Boris, Gleb]}\ndeals:",
    ).replace("claim: {Anna: 0, Boris: 0, Vera: 9, Gleb: 34}", "claim: {AV: 9, BG: 35}")
    verdict = check_text(text)
    # By hand: Boris takes trick 1; Gleb tricks 2, 4, 5, 7 and 9 (20 cards, with 10♥, J♥ and K♥: 24); Vera
    # tricks 3, 6 and 8 (12 cards, with Q♥ and A♥: 6); Anna none. Alone, Vera scores 6 + 3 and Gleb 24 + 11.
    # Anna and Vera took 12 cards of their 18: 6. Boris and Gleb took 24, six over their 18: 24 + 6 = 30.
    assert verdict.deals[0].scores == {"AV": 6, "BG": 30} and verdict.exit_status == 1


def test_loss_of_game_punishes_a_revoke_but_not_a_lead_out_of_turn():
    # Boris leads the first trick instead of Anna; everyone follows suit, and Boris still takes it.
    text = FULL.replace("- J♦ A♦ 7♦ 8♦", "- A♦ 7♦ 8♦ J♦").replace(
        "deals:", "options: {revoke_penalty: loss_of_game}\ndeals:"
    )
    verdict = check_text(text)
    assert [f.code for f in verdict.findings] == ["play.lead_out_of_turn", "play.not_judged"]
    assert verdict.termination_code == "in_progress" and verdict.winner is None


@settings(max_examples=30, deadline=None)
@given(SEEDS, st.sampled_from(sorted(ctt.HAND_SIZES)), st.integers(0, 5), st.booleans())
def test_loss_of_game_follows_revokes_only(rng, n, dealer, partners):
    players = NAMES[:n]
    deal = catch_the_ten_deal(
        rng, players, dealer % n, must_trump=False
    )  # played without the duty to trump
    record = {
        "game": "catch-the-ten",
        "players": players,
        "deals": [deal],
        "options": {"must_trump_when_void": True, "revoke_penalty": "loss_of_game"},
    }
    partners = partners and n in ctt.PARTNERSHIP_COUNTS
    if partners:
        record["options"]["partnerships"] = True
        record["teams"] = teams_of(players)
    verdict = check_text(dump(record))
    revoked = [f for f in verdict.findings if f.code in REVOKES]
    assert (verdict.termination_code == "revoke_penalty") == bool(revoked)
    if revoked:
        assert "revoked" in render(verdict.termination, "en")
        if partners:  # one side revoked: the other wins; both did: nobody
            guilty = {
                side
                for side, members in record["teams"].items()
                for p in members
                if p in render(verdict.termination, "en")
            }
            assert verdict.winner == (
                None if len(guilty) == 2 else next(iter(set(record["teams"]) - guilty))
            )


def test_a_trump_that_contradicts_the_dealers_last_card_is_unusable():
    errors = errors_of(FULL.replace("  - dealer: Gleb", "  - dealer: Gleb\n    trump: ♠"))
    assert [e.code for e in errors] == ["record.trump_mismatch"] and errors[
        0
    ].where.path == "deals[0].trump"


def test_honours_must_be_accounted_for():
    record = {
        "game": "catch-the-ten",
        "players": NAMES[:4],
        "deals": [
            {
                "dealer": "Gleb",
                "trump": "♥",
                "taken": {
                    "Anna": {"cards": 12, "honours": ["A", "10"]},
                    "Boris": {"cards": 8, "honours": ["Q"]},
                    "Vera": {"cards": 12, "honours": ["K"]},
                    "Gleb": {"cards": 4},
                },
            }
        ],
    }
    errors = errors_of(dump(record))
    assert [e.code for e in errors] == [
        "record.honour_missing"
    ]  # nothing is set aside with four players
    assert "J" in render(errors[0].message, "en") and errors[0].where.line is not None
    five = {**record, "players": NAMES[:5]}
    five["deals"][0]["taken"] = {
        "Anna": {"cards": 10, "honours": ["A", "10"]},
        "Boris": {"cards": 10},
        "Vera": {"cards": 10, "honours": ["K"]},
        "Gleb": {"cards": 5},
        "Dasha": {"cards": 0},
    }
    assert [e.code for e in errors_of(dump(five))] == [
        "record.honour_missing"
    ]  # two missing, one card aside
    five["deals"][0]["taken"]["Boris"]["honours"] = ["Q"]
    assert check_text(dump(five)).exit_status == 0  # the jack was set aside
    five["deals"][0]["honours_set_aside"] = ["J"]
    assert check_text(dump(five)).exit_status == 0
    five["deals"][0]["honours_set_aside"] = ["K"]
    assert [e.code for e in errors_of(dump(five))] == ["record.honour_twice"]
