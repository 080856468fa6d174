"""The common scripts' confusables the referee keeps are the ``confusable_homoglyphs`` package's own."""

from __future__ import annotations

import unicodedata

from referee.records.lookalike import (
    ASCII_PROTOTYPES,
    COMMON_END,
    common_prototypes,
    common_table,
    prototypes,
    skeleton,
)


def test_the_kept_table_is_the_packages():
    """If this fails after an update of the package: ``python -m referee.records.lookalike``."""
    assert common_prototypes() == common_table()


def test_the_ascii_table_is_the_packages_part():
    """If this fails after an update of the package: copy its entries before U+0080."""
    assert {c: p for c, p in common_prototypes().items() if c < "\x80"} == ASCII_PROTOTYPES


def test_a_name_in_the_common_scripts_has_the_skeleton_of_the_whole_table():
    names = [
        "Anna",
        "Аnna",
        "Αnna",
        "Boris",
        "Грета",
        "Jürgen",
        "Ǆemal",
        "ŉ",
        "I1l|",
        "rnm",
        "Ωmega",
    ]
    full = prototypes()
    for name in names:
        assert max(name) < COMMON_END
        text = skeleton(name)
        nfd = unicodedata.normalize("NFD", unicodedata.normalize("NFKC", name))
        assert text == unicodedata.normalize("NFD", "".join(full.get(c, c) for c in nfd))
