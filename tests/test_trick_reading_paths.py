"""The short ways of reading a trick game's deal say what the long ways say.

An auction's plain answers are read by one look-up (:func:`referee.engines.auction._plain_answer`),
everything else by :func:`~referee.records.answers.read_answer`; Réunion's left-jack captures look
into a trick only when it holds a bower (:func:`referee.engines.bowers.left_bower_captures`); the
cards each seat won are sorted out in one pass (:meth:`referee.engines.replay.Replay.won_cards`).
Each is compared here with the plain way on random and odd inputs.
"""

from __future__ import annotations

import random

import pytest

from referee.cards import SUITS, Card, Rank, deck
from referee.engines.auction import _plain_answer
from referee.engines.bowers import bowers, left_bower_captures
from referee.engines.replay import Replay
from referee.engines.trick_rules import Trick
from referee.records.answers import read_answer

ANSWERS = [True, False, "yes", "pass", "Yes", " pass", "PASS", "да", "нет", "no", "y", "n", "nein"]
ODD = [1, 0, 1.0, None, [], {}, ["yes"], "", "maybe", b"yes", ("yes",)]


@pytest.mark.parametrize("value", ANSWERS + ODD)
def test_a_plain_answer_is_read_as_read_answer_reads_it(value: object) -> None:
    plain = _plain_answer(value)
    assert plain is None or plain is read_answer(value)
    if value in ("yes", "pass") or type(value) is bool:
        assert plain is not None  # the words nearly every record writes take the short way


def _random_tricks(rng: random.Random, players: int) -> tuple[list[list[Card]], list[Trick]]:
    """Hands of a 32-card pack dealt at random, and tricks of one card from each seat (winners at random)."""
    cards = list(deck(low=Rank.SEVEN))
    rng.shuffle(cards)
    size = len(cards) // players
    hands = [cards[s * size : (s + 1) * size] for s in range(players)]
    tricks = []
    for k in range(size):
        leader = rng.randrange(players)
        order = [(leader + j) % players for j in range(players)]
        tricks.append(Trick(leader, tuple(hands[s][k] for s in order), rng.choice(order)))
    return hands, tricks


def _together(tricks: list[Trick], hands: list[list[Card]], right: Card, left: Card) -> None:
    """Swap ``left`` with another card of the trick that holds ``right``, in the tricks and the hands."""
    kr = next((k for k, tr in enumerate(tricks) if right in tr.cards), None)
    kl = next((k for k, tr in enumerate(tricks) if left in tr.cards), None)
    if kr is None or kl is None or kr == kl:  # a jack left out of the deal (30 of 32 cards dealt)
        return
    other = next(c for c in tricks[kr].cards if c is not right)

    def swap(c: Card) -> Card:
        return left if c is other else other if c is left else c

    for k in (kr, kl):
        tr = tricks[k]
        tricks[k] = Trick(tr.leader, tuple(map(swap, tr.cards)), tr.winner)
    for h in hands:
        h[:] = map(swap, h)


def _captures_the_plain_way(
    tricks: list[Trick], hands: list[list[Card]], trump, players: list[str]
) -> list[tuple[int, str, str]]:
    right, left = bowers(trump)
    owner = {c: s for s, h in enumerate(hands) for c in h}
    return [
        (k, players[owner[left]], players[tr.winner])
        for k, tr in enumerate(tricks, start=1)
        if right in tr.cards and left in tr.cards
    ]


@pytest.mark.parametrize("seed", range(300))
def test_left_jack_captures_and_cards_won_as_the_plain_way(seed: int) -> None:
    rng = random.Random(seed)
    names = ["Anna", "Boris", "Vera"]
    hands, tricks = _random_tricks(rng, 3)
    if seed % 3 == 0:  # both jacks of a colour put into one trick now and then
        _together(tricks, hands, *bowers(rng.choice(SUITS)))
    for trump in SUITS:
        assert left_bower_captures(tricks, hands, trump, names) == _captures_the_plain_way(
            tricks, hands, trump, names
        )
    replay = Replay(tricks=tricks)
    assert replay.won_cards(3) == [replay.won_by(s) for s in range(3)]
    assert [len(w) // 3 for w in replay.won_cards(3)] == replay.tricks_won(3)


def test_a_trick_with_both_jacks_names_who_lost_the_left_one() -> None:
    right, left = Card(Rank.JACK, SUITS[0]), bowers(SUITS[0])[1]
    seven = next(c for c in deck(low=Rank.SEVEN) if c not in (right, left))
    hands = [[right], [left], [seven]]
    tricks = [Trick(0, (right, left, seven), 0)]
    assert left_bower_captures(tricks, hands, SUITS[0], ["A", "B", "C"]) == [(1, "B", "A")]
