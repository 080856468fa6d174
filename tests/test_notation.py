"""Card notation in three languages, and the homoglyph rule."""

from __future__ import annotations

import pytest

from referee.cards import Card, Rank, Suit, deck
from referee.errors import NotationError
from referee.notation import format_card, parse_card, parse_cards, parse_rank, parse_suit

TEN_H = Card(Rank.TEN, Suit.HEARTS)
ACE_S = Card(Rank.ACE, Suit.SPADES)
JACK_C = Card(Rank.JACK, Suit.CLUBS)


@pytest.mark.parametrize(
    ("token", "notation", "card"),
    [
        ("10♥", "en", TEN_H),
        ("T♥", "en", TEN_H),
        ("10h", "en", TEN_H),
        ("TH", "en", TEN_H),
        ("♥10", "en", TEN_H),
        ("10♥\ufe0f", "en", TEN_H),
        ("10♡", "en", TEN_H),
        ("as", "en", ACE_S),
        ("JC", "en", JACK_C),
        ("10ч", "ru", TEN_H),
        ("Тп", "ru", ACE_S),
        ("Вт", "ru", JACK_C),
        ("10♥", "ru", TEN_H),
        ("Т♠", "ru", ACE_S),
        ("Herz 10", "de", TEN_H),
        ("10 Herz", "de", TEN_H),
        ("Pik A", "de", ACE_S),
        ("Kreuz B", "de", JACK_C),
        ("B♣", "de", JACK_C),
        ("kreuz b", "de", JACK_C),
    ],
)
def test_reads_each_notation(token, notation, card):
    assert parse_card(token, notation) is card


@pytest.mark.parametrize(
    ("token", "notation", "code"),
    [
        ("Тп", "en", "notation.cyrillic_in_latin"),  # Cyrillic Т is the Russian ace, not the ten
        ("T♥", "ru", "notation.latin_in_cyrillic"),  # Latin T is the English ten
        ("Kп", "ru", "notation.latin_in_cyrillic"),
        ("Herz В", "de", "notation.cyrillic_in_latin"),
        ("Zq", "en", "notation.bad_card"),
        ("11♥", "en", "notation.bad_card"),
        ("", "en", "notation.empty"),
        ("Тп", "xx", "notation.unknown_notation"),
    ],
)
def test_rejects_what_cannot_be_read(token, notation, code):
    with pytest.raises(NotationError) as info:
        parse_card(token, notation)
    assert info.value.code == code


@pytest.mark.parametrize("notation", ["en", "ru", "de"])
def test_every_card_round_trips(notation):
    for card in deck():
        assert parse_card(format_card(card, notation), notation) is card
    written = ", ".join(format_card(c, notation) for c in deck())
    assert parse_cards(written, notation) == deck()


def test_ranks_and_suits_alone():
    assert (
        parse_rank(10) is Rank.TEN
        and parse_rank("Д", "ru") is Rank.QUEEN
        and parse_rank("D", "de") is Rank.QUEEN
    )
    assert parse_suit("т", "ru") is Suit.CLUBS and parse_suit("Karo", "de") is Suit.DIAMONDS
    with pytest.raises(NotationError):
        parse_rank("Д", "en")
