"""The cards of a text read through the tokens already known (:func:`referee.notation.card_tuple`'s fast
path) are the cards, or the problem, that reading each token afresh gives: random lines of cards, and
the same lines spoiled (a foreign token, a separator at an end, an empty item, an unknown notation).
Also what the quick checks of a text rest on: the spaces of :meth:`str.split` are those of the pattern
``\\s``, and every character a record may not hold is unprintable."""

from __future__ import annotations

import random
import re
import sys

import pytest

from referee import notation
from referee.cards import Card, Rank, Suit
from referee.errors import NotationError
from referee.notation import card_tuple, format_card


def _slow(text: str, how: str) -> tuple[Card, ...] | tuple[str, str]:
    """The cards of ``text`` read token by token with nothing known, or the problem's code and message."""
    saved = {n: dict(known) for n, known in notation._card_cache.items()}
    for known in notation._card_cache.values():
        known.clear()
    try:
        tokens = text.split(",") if how == "de" else re.split(r"[\s,]+", text)
        return tuple(notation._parse_card(tok, how) for tok in tokens if tok.strip())
    except NotationError as err:
        return err.code, str(err.message)
    finally:
        for n, known in saved.items():
            notation._card_cache[n].update(known)


def _fast(text: str, how: str) -> tuple[Card, ...] | tuple[str, str]:
    """The cards of ``text`` as a check reads them, the text itself not yet read."""
    if how in notation.NOTATIONS:
        notation.cards_cache(how).pop(text, None)
    try:
        return card_tuple(text, how)
    except NotationError as err:
        return err.code, str(err.message)


@pytest.mark.parametrize("how", ["en", "ru", "de"])
def test_a_line_read_through_known_tokens_is_the_line_read_afresh(how: str) -> None:
    rng = random.Random(7)
    pack = [Card(Rank(r), s) for r in range(2, 15) for s in Suit]
    spoilers = ["", " ", ",", "XX", "11♥", "🃏", "Joker", "ZZ9"]
    for _ in range(400):
        cards = rng.sample(pack, rng.randint(1, 9))
        words = [format_card(c, how) for c in cards]
        if rng.random() < 0.5:
            words.insert(rng.randint(0, len(words)), rng.choice(spoilers))
        joined = ", ".join(words) if how == "de" or rng.random() < 0.3 else " ".join(words)
        if rng.random() < 0.2:
            joined = rng.choice([" ", ",", " ,"]) + joined + rng.choice(["", " ", ","])
        card_tuple(
            " ".join(format_card(c, how) for c in pack)
            if how != "de"
            else ", ".join(format_card(c, how) for c in pack),
            how,
        )  # every card known, as after a first record
        assert _fast(joined, how) == _slow(joined, how), joined


def test_an_unknown_notation_is_refused_as_before() -> None:
    assert _fast("AS KS", "fr") == _slow("AS KS", "fr")
    assert _fast("AS KS", "fr")[0] == "notation.unknown_notation"


def test_str_split_spaces_are_the_pattern_spaces() -> None:
    spaces = re.compile(r"\s")
    for code in range(sys.maxunicode + 1):
        char = chr(code)
        assert char.isspace() == bool(spaces.match(char)), hex(code)


def test_every_character_refused_is_unprintable() -> None:
    from referee.records.source import NOT_PRINTABLE

    refused = re.compile(NOT_PRINTABLE)
    for code in range(sys.maxunicode + 1):
        char = chr(code)
        if refused.match(char):
            assert not char.isprintable(), hex(code)
    assert "\n".isprintable() is False  # hence the line breaks are taken out before the test


@pytest.mark.parametrize("how", ["en", "ru", "de"])
def test_a_card_read_without_the_patterns_is_the_card_read_with_them(
    how: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Every short text ending in a suit's sign: what _quick_card reads, the patterns read the same."""
    heads = [*(str(n) for n in range(0, 12)), *"TJQKAВДКТBDatjqkaвдктbdXЖ♠- ", "1O", "A ", "Ja"]
    texts = [head + sign for head in heads for sign in notation._SYMBOL_SUITS]
    quick = {text: notation._quick_card(text, how) for text in texts}
    monkeypatch.setattr(notation, "_quick_card", lambda text, how: None)
    read = 0
    for text, card in quick.items():
        if card is None:
            continue
        read += 1
        assert notation._parse_card(text, how) == card, text
    assert read > 40
