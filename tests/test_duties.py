"""The duties of play say what is legal: every sentence is tested on random positions of every trick game.

``Game.duties(options)`` gives the sentences the quick reference prints, each with its test against the
cards ``legal_plays()`` allows (:class:`referee.engines.trick_duties.Duty`). Here every game's trick rules, under
every combination of its options, play random deals, and at every turn every sentence must hold.
"""

from __future__ import annotations

import itertools
import random

import pytest

from referee.cards import SUITS, Rank, Suit, deck
from referee.engines.game import option_defaults
from referee.engines.passing_tricks import PassingTrickPlay
from referee.engines.trick_duties import Position, trick_duties
from referee.engines.trick_rules import TrickRules
from referee.engines.tricks import TrickPlay
from referee.games import GAMES
from referee.games.play.collector import CollectorState
from referee.games.play.stealing_bundles import BundlesState

TRICK_GAMES = [
    slug for slug in GAMES if GAMES[slug].trick_rules(option_defaults(GAMES[slug].options))
]
DEALS = 12


def _option_sets(slug: str) -> list[dict[str, object]]:
    options = GAMES[slug].options
    values = [o.choices if o.choices is not None else (o.default,) for o in options]
    return [
        dict(zip([o.name for o in options], combo, strict=True))
        for combo in itertools.product(*values)
    ]


def _duties_by_options(slug: str) -> list[tuple[dict[str, object], list]]:
    """Every combination of the game's options, with the duties it gives."""
    return [(options, GAMES[slug].duties(options)) for options in _option_sets(slug)]


def _pack(rules: TrickRules) -> list:
    """The cards of the rank orders; the Joker only where it is the highest trump (ORDER_7_TO_A ends with it)."""
    ranks = set(rules.plain_order) | set(rules.trump_order)
    joker = rules.trump_order[-1] is Rank.JOKER and rules.plain_order[-1] is not Rank.JOKER
    return [c for c in deck(jokers=1) if c.rank in ranks and (c.suit is not None or joker)]


def _check(duties, position: Position, legal: list, where: str) -> None:
    for duty in duties:
        assert duty.holds(position, legal), (
            f"{where}: {duty.message} — hand {position}, legal {legal}"
        )


def _plain_deal(rules: TrickRules, duties, rng: random.Random, capped: bool, where: str) -> int:
    pack = _pack(rules)
    rng.shuffle(pack)
    players = rng.choice((3, 4))
    size = len(pack) // players
    hands = [pack[i * size : (i + 1) * size] for i in range(players)]
    trump = rng.choice(SUITS) if any(c.suit is None for c in pack) else rng.choice((None, *SUITS))
    caps = [rng.randint(1, size) for _ in range(players)] if capped else None
    play = TrickPlay(rules, hands, rng.randrange(players), trump, caps=caps)
    checked = 0
    while not play.is_over() and play.hands[play.turn]:
        won = play.tricks_won()
        at_quota = caps is not None and won[play.turn] >= caps[play.turn]
        position = Position(
            tuple(play.hands[play.turn]),
            play.led_suit,
            trump,
            play.trumps_broken,
            frozenset(),
            at_quota,
        )
        legal = play.legal_plays()
        _check(duties, position, legal, where)
        checked += 1
        play.play_unchecked(rng.choice(legal))
    return checked


def _passing_deal(rules: TrickRules, duties, lead_rule: str, rng: random.Random, where: str) -> int:
    pack = _pack(rules)
    rng.shuffle(pack)
    hands = [pack[i * 5 : (i + 1) * 5] for i in range(4)]
    play = PassingTrickPlay(rules, hands, rng.randrange(4), None, lead_rule)
    checked = 0
    while not play.is_over():
        barred = frozenset(play.barred) if not play.current else frozenset()
        if (
            not play.current
            and play.tricks
            and not play.stalled
            and play.tricks[-1].winner == play.turn
        ):
            # the sentence names the suits barred: the last one won, or every suit led so far
            last = {play.table.suit[play.tricks[-1].cards[0].index]}
            assert barred == (last if lead_rule == "last_suit" else play.led_suits), where
        position = Position(tuple(play.hands[play.turn]), play.led_suit, None, True, barred)
        legal = play.legal_plays()
        _check(duties, position, legal, where)
        checked += 1
        if not play.current:
            play.play_unchecked(rng.choice(legal))
        elif legal:
            play.play_unchecked(rng.choice(legal))
        else:
            play.pass_turn()
    return checked


@pytest.mark.parametrize("slug", TRICK_GAMES)
def test_every_sentence_of_the_duties_holds_on_random_positions(slug):
    rng = random.Random(slug)
    checked = 0
    for options, duties in _duties_by_options(slug):
        rules = GAMES[slug].trick_rules(options)
        where = f"{slug} {options}"
        for _ in range(DEALS):
            if rules.void_passes:
                checked += _passing_deal(
                    rules, duties, options.get("lead_rule", "last_suit"), rng, where
                )
            else:
                checked += _plain_deal(rules, duties, rng, capped=slug == "korol", where=where)
    assert checked > 100


def test_buy_or_pass_no_longer_says_play_any_card():
    from referee.messages import render

    game = GAMES["buy-or-pass"]
    for options in _option_sets("buy-or-pass"):
        text = " ".join(render(d.message, "en") for d in game.duties(options))
        assert "play any card" not in text and "buy a card from the stock or pass" in text
        assert "A♠" in text and ("not lead its suit" in text or "already led" in text)


def test_a_sentence_that_misstates_the_rules_is_caught():
    """The old Buy or Pass duty, "If you cannot, play any card", fails on a position where a void player must pass."""
    from referee.games.deals.buy_or_pass import RULES
    from referee.notation import parse_cards

    wrong = trick_duties(TrickRules(RULES["any_time"].plain_order))  # the plain rules' sentences
    void_any = next(d for d in wrong if d.message.msgid == "If you cannot, play any card.")
    hand = tuple(parse_cards("7C 8D"))
    position = Position(hand, Suit.HEARTS, None)
    legal = RULES["any_time"].legal(hand, Suit.HEARTS, None)
    assert legal == [] and not void_any.holds(position, legal)


def _turn_playout(state, duties, rng: random.Random, where: str, limit: int = 400) -> int:
    """Random legal moves, every sentence of the duties checked before each."""
    checked = 0
    for _ in range(limit):
        if state.is_over():
            break
        legal = state.legal_moves()
        for duty in duties:
            assert duty.holds(state, legal), f"{where}: {duty.message} — legal {legal}"
        checked += 1
        if not legal:
            break
        state.push_unchecked(rng.choice(legal))
    return checked


def _comet(rng: random.Random, options: dict):
    from referee.games.play.comet import CometDeal

    pack = deck()
    rng.shuffle(pack)
    n = rng.randint(2, 8)
    return CometDeal([f"P{i}" for i in range(n)], [pack[i::n] for i in range(n)], **options)


def _dealt_from_a_pack(state: type):
    """A game of 2–4 players dealt from a shuffled pack by a random dealer (Collector, Stealing Bundles)."""

    def game(rng: random.Random, options: dict):
        pack = deck()
        rng.shuffle(pack)
        n = rng.randint(2, 4)
        return state([f"P{i}" for i in range(n)], rng.randrange(n), pack, **options)

    return game


def _red_and_black(rng: random.Random, options: dict):
    from referee.games.play.red_and_black import RedBlackGame

    stock = [rng.random() < 0.5 for _ in range(50)]
    return RedBlackGame([f"P{i}" for i in range(rng.randint(2, 5))], stock, None, options["ties"])


def _kings_corners(rng: random.Random, options: dict):
    from referee.games.play.kings_corners import KingsCornersHand

    pack = deck()
    rng.shuffle(pack)
    n = rng.randint(2, 4)
    hands = [pack[7 * i : 7 * i + 7] for i in range(n)]
    rest = pack[7 * n :]
    return KingsCornersHand(
        [f"P{i}" for i in range(n)],
        hands,
        rest[:4],
        rest[4:],
        rng.randrange(n),
        options["end_when_out"],
        options["kings_compulsory"],
    )


def _construction(rng: random.Random, options: dict):
    from referee.games.play.construction import ConstructionGame

    return ConstructionGame(["Anna", "Boris"])


TURN_GAMES = {
    "comet": _comet,
    "collector": _dealt_from_a_pack(CollectorState),
    "red-and-black": _red_and_black,
    "stealing-bundles": _dealt_from_a_pack(BundlesState),
    "kings-corners": _kings_corners,
    "construction": _construction,
}

PLAYOUTS = {"construction": 1}
MOVES = {"construction": 30}
"""Construction lists the uses of every card the stock could turn: a few turns are enough (and cost a second)."""


@pytest.mark.parametrize("slug", list(TURN_GAMES))
def test_every_sentence_of_a_turn_games_duties_holds_on_random_positions(slug):
    rng = random.Random(slug)
    checked = 0
    for options, duties in _duties_by_options(slug):
        assert duties, slug
        for _ in range(PLAYOUTS.get(slug, 3)):
            checked += _turn_playout(
                TURN_GAMES[slug](rng, options),
                duties,
                rng,
                f"{slug} {options}",
                limit=MOVES.get(slug, 400),
            )
    assert checked >= 30
