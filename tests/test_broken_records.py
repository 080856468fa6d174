"""Records that cannot be used: exit status 2, a typed error that names the field and the line."""

from __future__ import annotations

import pytest
import yaml
from hypothesis import given, settings
from hypothesis import strategies as st

from referee.cli.command import main
from tests.conftest import (
    EXAMPLES,
    JUNK,
    broken_records,
    cli_refusal,
    error_after,
    errors_of,
    mangled,
    verdict_or_typed_error,
)

CTT = """\
game: catch-the-ten
players: [Anna, Boris, Vera]
deals:
  - dealer: Vera
    trump: ♥
    taken:
      Anna:  {cards: 15, honours: [J, "10"]}
      Boris: {cards: 9, honours: [A, Q]}
      Vera:  {cards: 6, honours: [K]}
"""
MW = """\
game: minnesota-whist
players: [Anna, Boris, Vera, Gleb]
teams: {We: [Anna, Vera], They: [Boris, Gleb]}
deals:
  - dealer: Gleb
    grand: Vera
    tricks: {We: 5, They: 8}
"""


# (text, what replaces it, the error that follows, the line the error names): each change breaks
# the record its list is named for.
BROKEN_CTT = [
    ("cards: 15", "cards: 18", "record.cards_sum", 6),  # cards do not add up
    ("cards: 9,", "cards: 8,", "record.cards_not_multiple", 8),  # not a multiple of 3
    ("honours: [K]", "honours: [J]", "record.honour_twice", 9),  # an honour taken twice
    ("honours: [K]", "honours: [9]", "record.not_an_honour", 9),
    ("dealer: Vera", "dealer: Olga", "record.unknown_name", 4),  # a name not at the table
    ("  Vera:  {", "  Olga:  {", "record.unknown_name", 9),
    ("players: [Anna, Boris, Vera]", "players: [Anna]", "record.player_count", 2),
    ("trump: ♥", "trump: X", "notation.bad_suit", 5),
    ("honours: [J,", "honours: [Тп,", "notation.cyrillic_in_latin", 7),
    ("players:", "options: {tie_break: coin}\nplayers:", "record.bad_option_value", 2),
    ("players:", "options: {jokers: 2}\nplayers:", "record.unknown_option", 2),
    ("players:", "notation: fr\nplayers:", "record.bad_notation", 2),
    ("    trump: ♥\n", "    trumps: ♥\n", "record.unknown_field", 5),
]
BROKEN_MW = [
    ("We: 5,", "We: 6,", "record.tricks_sum", 7),  # tricks do not add up
    (
        "We: [Anna, Vera], They: [Boris, Gleb]",
        "We: [Anna, Boris], They: [Vera, Gleb]",
        "record.partners_adjacent",
        3,
    ),  # partners side by side
    ("grand: Vera", "grand: Olga", "record.unknown_name", 6),
    ("[Anna, Boris, Vera, Gleb]", "[Anna, Boris, Vera]", "record.player_count", 2),
    ("players:", "options: {target: -3}\nplayers:", "record.bad_option_value", 2),
    ("game: minnesota-whist", "game: bridge", "record.unknown_game", 1),
    ("tricks: {We: 5, They: 8}", "tricks: {We: five, They: 8}", "record.not_a_number", 7),
]


@broken_records((CTT, BROKEN_CTT), (MW, BROKEN_MW))
def test_impossible_facts_are_named_with_field_and_line(base, old, new, code, line):
    assert error_after(base, old, new, code).where.line == line


def test_every_error_is_collected_not_only_the_first():
    text = (
        CTT.replace("dealer: Vera", "dealer: Olga")
        .replace("cards: 9,", "cards: 8,")
        .replace("[K]", "[J]")
    )
    codes = {e.code for e in errors_of(text)}
    assert {"record.unknown_name", "record.cards_not_multiple", "record.honour_twice"} <= codes


@pytest.mark.parametrize(
    "text",
    [
        "",
        "game: [",
        "- just\n- a list\n",
        "game: catch-the-ten\n",
        "\x00\x01",
        "game: catch-the-ten\nplayers: {a: 1}\ndeals: 3\n",
        "{a: 1, a: 2}",
    ],
)
def test_unusable_text_is_a_typed_error(text):
    errors_of(text)


def test_cli_exit_status_two_and_no_traceback(tmp_path, capsys):
    assert "строка 6" in cli_refusal(tmp_path, capsys, CTT.replace("cards: 15", "cards: 18"), "ru")
    assert main(["check", str(tmp_path / "missing.yaml")]) == 2


RECORDS = [yaml.safe_load(p.read_text(encoding="utf-8")) for p in EXAMPLES]


@settings(max_examples=300, deadline=None)
@given(st.sampled_from(RECORDS), st.data(), JUNK, st.booleans())
def test_mutated_records_give_a_verdict_or_a_typed_error(record, data, junk, delete):
    verdict_or_typed_error(mangled(record, data, junk, delete))
