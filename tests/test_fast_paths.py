"""The turn engine's fast paths play the same games as its generic path, seed for seed.

Random play of a turn or layout game goes through ``TurnState.play_randomly``; a game may count its
moves and build only the one drawn (``random_move``), or inline whole turns or rounds. The generic
path (``referee.engines.turns.generic_playout``) lists every legal move with ``legal_moves`` and
draws the same way, so for the same seed both must make the same moves and end the same way, for
every option set and table size, and also when a ``limit`` stops the play half-way.
"""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from referee.engines.turns import generic_playout, random_playout
from referee.games import collector as co
from referee.games import comet, kings_corners
from referee.games import red_and_black as rb
from referee.games import stealing_bundles as sb
from referee.simulate.kings_corners import shuffled_layout
from referee.simulate.red_and_black import IS_RED, shuffled_stock
from tests.strategies import ANY_NOTATION, COLLECTOR_OPTIONS, SEED_NUMBERS

limits = st.sampled_from([1, 7, 40, 100_000])


def same_game(make, seed: int, limit: int) -> tuple:
    """Both paths from the same start and seed: their states after ``limit`` moves at most."""
    fast = random_playout(make(), random.Random(seed), limit)
    slow = generic_playout(make(), random.Random(seed), limit)
    return fast, slow


@settings(max_examples=60, deadline=None)
@given(
    SEED_NUMBERS, st.integers(3, 6), st.booleans(), st.sampled_from(["low", "lead_only"]), limits
)
def test_comet(seed, n, compulsory, ace, limit):
    cards = list(comet.DECK)
    random.Random(seed).shuffle(cards)
    hands = [cards[k::n] for k in range(n)]

    def make():
        return comet.CometDeal(
            [str(k) for k in range(n)], hands, compulsory_play=compulsory, ace=ace
        )

    fast, slow = same_game(make, seed, limit)
    assert fast.moves == slow.moves and fast.history == slow.history
    assert fast.outcome() == slow.outcome() and fast.hands == slow.hands


@settings(max_examples=60, deadline=None)
@given(SEED_NUMBERS, st.integers(2, 5), limits)
def test_red_and_black(seed, n, limit):
    _, _, stock = shuffled_stock(random.Random(seed))
    red = [IS_RED[c] for c in stock]

    def make():
        return rb.RedBlackGame([str(k) for k in range(n)], red, stock)

    fast, slow = same_game(make, seed, limit)
    # the turns a check explains, read from the fast path's rows before any Turn is made
    told = [(t.seat, list(t.taken), t.discarded, t.needed_red) for t in slow.turns]
    assert fast.turn_lists() == told and slow.turn_lists() == told
    assert fast.moves == slow.moves and fast.turns == slow.turns and fast.taken == slow.taken
    assert fast.discards == slow.discards and fast.outcome() == slow.outcome()
    assert (fast.position, fast.needed_red, fast.to_move) == (
        slow.position,
        slow.needed_red,
        slow.to_move,
    )


@settings(max_examples=60, deadline=None)
@given(
    SEED_NUMBERS,
    st.integers(2, 4),
    st.sampled_from(["one_target", "all_table_matches", "everything"]),
    limits,
)
def test_stealing_bundles(seed, n, capture, limit):
    pack = list(sb.DECK)
    random.Random(seed).shuffle(pack)

    def make():
        return sb.BundlesState([str(k) for k in range(n)], seed % n, pack, capture)

    fast, slow = same_game(make, seed, limit)
    assert fast.moves == slow.moves and fast.outcome() == slow.outcome()
    assert fast.bundles == slow.bundles and fast.table == slow.table and fast.hands == slow.hands
    assert fast.to_move == slow.to_move and fast.last_capturer == slow.last_capturer
    assert fast.legal_moves() == slow.legal_moves()


@settings(max_examples=40, deadline=None)
@given(SEED_NUMBERS, st.integers(2, 4), COLLECTOR_OPTIONS, st.sampled_from([1, 7, 40, 3000]))
def test_collector(seed, n, options, limit):
    pack = list(co.DECK)
    random.Random(seed).shuffle(pack)

    def make():
        return co.CollectorState([str(k) for k in range(n)], seed % n, pack, **options)

    fast, slow = same_game(make, seed, limit)
    assert fast.moves == slow.moves and fast.outcome() == slow.outcome()
    assert fast.hands == slow.hands and list(fast.stock) == list(slow.stock)
    assert (fast.round, fast.phase, fast.queue, fast.to_move) == (
        slow.round,
        slow.phase,
        slow.queue,
        slow.to_move,
    )
    assert (fast.laid, fast.taken, fast.drawn) == (slow.laid, slow.taken, slow.drawn)


@settings(max_examples=60, deadline=None)
@given(
    SEED_NUMBERS,
    st.integers(2, 4),
    COLLECTOR_OPTIONS,
    ANY_NOTATION,
    st.sampled_from([None, "lay", "take", "left_out", "one_more", "no_round", "repeated"]),
)
def test_collector_replays_whole_rounds_as_move_by_move(seed, n, options, notation, broken):
    """A check replays a legal round whole (``CollectorState.replay_round``), and goes move by move from
    the first round it cannot make so: the verdict is the same as move by move from the start,
    whatever is wrong with the record and wherever."""
    from unittest.mock import patch

    from referee.engines.fishing import RoundsState
    from referee.errors import RefereeError
    from referee.notation import format_card
    from referee.present.verdict_json import errors_json, verdict_json
    from referee.present.verdicts import check_document
    from referee.records.source import load_text
    from referee.simulate.collector import collector_deal

    rng = random.Random(seed)
    players = ["Anna", "Boris", "Vera", "Gleb"][:n]
    deal = collector_deal(rng, players, seed % n, notation, **options)
    rounds = deal["rounds"]
    k = rng.randrange(len(rounds))
    phase = rng.choice(["lay", "take"])
    entry = rounds[k].get(phase) or {}
    name = rng.choice(sorted(entry)) if entry else None
    if broken in ("lay", "take") and name is not None:
        card = format_card(rng.choice(co.DECK), notation)
        entry[name] = "draw" if broken == "take" and rng.random() < 0.3 else card
    elif broken == "left_out" and name is not None:
        del entry[name]
    elif broken == "one_more":
        rounds.append({"lay": dict(rounds[k]["lay"]), "take": dict(rounds[k].get("take", {}))})
    elif broken == "no_round":
        del rounds[k]
    elif broken == "repeated":
        rounds.insert(k, rounds[k])
    record = {"game": "collector", "players": players, "notation": notation}
    record["options"] = options
    record["deals"] = [deal]

    def verdict() -> dict:
        try:
            return verdict_json(check_document(load_text(json.dumps(record))), "en")
        except RefereeError as error:
            return errors_json(error, "en")

    fast = verdict()
    with patch.object(co.CollectorState, "replay_round", RoundsState.replay_round):
        slow = verdict()
    assert fast == slow


@settings(max_examples=40, deadline=None)
@given(SEED_NUMBERS, st.integers(2, 4), st.booleans(), st.booleans(), limits)
def test_kings_corners(seed, n, end_when_out, kings_compulsory, limit):
    hands, sides, stock = shuffled_layout(random.Random(seed), n)

    def make():
        return kings_corners.KingsCornersHand(
            [str(k) for k in range(n)],
            hands,
            sides,
            stock,
            seed % n,
            end_when_out,
            kings_compulsory,
        )

    fast, slow = same_game(make, seed, limit)
    assert fast.moves == slow.moves and fast.turns == slow.turns
    assert fast.outcome() == slow.outcome() and fast.piles == slow.piles


def test_a_forced_move_draws_no_random_number():
    """Red and Black has no choice at all: a whole game leaves the generator where it was."""
    _, _, stock = shuffled_stock(random.Random(5))
    rng = random.Random(9)
    before = rng.getstate()
    game = rb.RedBlackGame(["A", "B", "C"], [IS_RED[c] for c in stock], stock)
    random_playout(game, rng)
    assert game.is_over() and rng.getstate() == before


def test_check_alone_names_every_command():
    """``referee check`` builds only its own parser; the usage line still names every command."""
    from referee.cli.command import build_parser
    from referee.cli.parser import COMMAND_NAMES

    full = build_parser("en")
    sub = next(a for a in full._actions if a.dest == "command")
    assert tuple(sub.choices) == COMMAND_NAMES
    assert build_parser("en", only_check=True).format_usage() == full.format_usage()


def listed_construction(rng: random.Random, turns: int, build_bias: float = 0.5):
    """Random Construction as it was written before its fast path: every legal use listed, builds
    included, and the card turned drawn from the pool's cards listed one by one in sorted order."""
    from referee.games import construction as cn

    game = cn.ConstructionGame(["Black", "Red"])
    for _ in range(turns):
        if game.is_over():
            break
        pool = sorted((game.stock if game.stock.total() else game.discards).elements())
        card = pool[int(rng.random() * len(pool))]
        moves = game.legal_moves(card)
        builds = [m for m in moves if m.kind == "build"]
        others = [m for m in moves if m.kind != "build"] or builds
        game.push_unchecked(rng.choice(builds if builds and rng.random() < build_bias else others))
    return game


@settings(max_examples=15, deadline=None)
@given(SEED_NUMBERS, st.sampled_from([20, 150, 400]), st.sampled_from([0.0, 0.5, 0.9]))
def test_construction(seed, turns, bias):
    from referee.simulate.construction import construction_play

    fast = construction_play(random.Random(seed), turns, bias)
    slow = listed_construction(random.Random(seed), turns, bias)
    assert fast.moves == slow.moves and fast.outcome() == slow.outcome()
    assert fast.board == slow.board and fast.stock == slow.stock


@settings(max_examples=10, deadline=None)
@given(SEED_NUMBERS, st.sampled_from([60, 300, 700]))
def test_construction_lists_what_why_not_allows(seed, turns):
    """Construction's legal moves, walked through the cards a token may enter, are the candidates
    ``why_not`` allows, in the same order, at every turn of a random game (the ban included)."""
    from referee.games import construction as cn
    from referee.simulate.construction import turn_card

    rng = random.Random(seed)
    game = cn.ConstructionGame(["Black", "Red"])
    for _ in range(turns):
        if game.is_over():
            break
        card = turn_card(game, rng)
        legal = game.legal_moves(card)
        assert legal == [m for m in game.candidates(card) if game.why_not(m) is None]
        assert all(game.why_not(m) is not None for m in game.candidates(card) if m not in legal)
        game.push_unchecked(legal[int(rng.random() * len(legal))])
    assert game.legal_moves() == [m for m in game.candidates() if game.why_not(m) is None]


@settings(max_examples=40, deadline=None)
@given(SEED_NUMBERS, st.integers(min_value=0, max_value=200))
def test_shuffle_is_the_standard_librarys(seed, size):
    """The random games' inline shuffle puts every card where ``random.Random.shuffle`` does."""
    from referee.engines.shuffling import shuffle

    mine, theirs = list(range(size)), list(range(size))
    shuffle(mine, random.Random(seed))
    random.Random(seed).shuffle(theirs)
    assert mine == theirs


@pytest.mark.parametrize(
    "write",
    [
        lambda n: "a: [" + ",".join("1" * n) + "]",
        lambda n: "a:\n" + "-\n" * n,
        lambda n: "[" + ",".join(["1"] * n) + "]",
        lambda n: "{" + ",".join(f"k{i}" for i in range(n)) + "}",
        lambda n: "a: " + " ".join("x" * n),
        lambda n: '{"a": [' + ",".join(["0"] * n) + "]}",
    ],
)
def test_a_text_too_short_to_hold_an_oversized_part_holds_none(write):
    """check_sizes does not walk a text of at most twice the longest list: the shortest texts whose
    parts are too large are longer than that."""
    from referee.records.bounds import oversized
    from referee.records.source import load_text

    longest = 30
    for n in range(longest - 3, longest + 4):
        text = write(n)
        if oversized(load_text(text).data, longest):
            assert len(text) > 2 * longest, text


@settings(max_examples=30, deadline=None)
@given(
    SEED_NUMBERS,
    st.sampled_from(["any_time", "when_void"]),
    st.sampled_from(["last_suit", "once_per_deal"]),
)
def test_buy_or_pass_accepts_what_its_rules_allow(seed, ace, lead_rule):
    """A Buy or Pass play's quick acceptance (a card of the suit led, a lead of a suit not barred)
    agrees with its rules at every turn of random deals: a card is accepted exactly when it is legal."""
    from referee.engines.passing_tricks import PassingTrickPlay
    from referee.games import buy_or_pass as bop

    rng = random.Random(seed)
    cards = list(bop.DECK)
    rng.shuffle(cards)
    hands = [cards[5 * k : 5 * k + 5] for k in range(4)]
    play = PassingTrickPlay(bop.RULES[ace], hands, 0, None, lead_rule)
    stock = cards[20:]
    while not play.is_over(stock_empty=not stock):
        legal = play.legal_plays()
        for card in play.hands[play.turn]:
            assert (play.check(card) is None) == (card in legal)
        if legal:
            play.play_unchecked(legal[int(rng.random() * len(legal))])
        elif stock and rng.random() < 0.5:
            play.receive(play.turn, stock.pop(0))
        else:
            play.pass_turn()


_values = st.recursive(
    st.one_of(st.integers(0, 9), st.text("ab ", max_size=12), st.booleans()),
    lambda inner: st.one_of(
        st.lists(inner, max_size=6),
        st.dictionaries(st.sampled_from(["note", "hand", "moves", "x"]), inner, max_size=4),
    ),
    max_leaves=40,
)


@settings(max_examples=200, deadline=None)
@given(_values, st.integers(min_value=1, max_value=5))
def test_the_size_check_finds_a_part_too_large_exactly_when_the_walk_does(data, longest):
    """``oversized`` answers a record with no part too large by a walk without paths; it must find
    one exactly when the walk that makes every path does."""
    from referee.records.bounds import _any_oversized, _walk

    assert _any_oversized(data, longest) == bool(list(_walk(data, (), longest)))
