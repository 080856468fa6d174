"""Russian and German state a verdict, never shout it, and German addresses the reader one way (issue 38).

Round 3's German editor found „WIDERSPRECHEN“ and „Urteil: NICHT in Ordnung“: German print does not
set a word in capitals for emphasis, and neither does this edition's Russian. Every translated entry
of the page catalogs and the referee's catalog is read for words in capitals (an abbreviation or a
placeholder word of the command line excepted) and, in German, for the familiar forms of address.
"""

from __future__ import annotations

import re

import pytest
from translate.storage import po

from site_tools.published.checker_strings import STRINGS
from tests.conftest import ROOT

# Abbreviations and the command line's placeholders, which are written in capitals.
ALLOWED = {
    "YAML",
    "JSON",
    "HTML",
    "UTF",
    "LANG",
    "FILE",
    "ФАЙЛ",
    "DATEI",
    "США",
    "USA",
    "XVIII",
    "XIX",
    "MB",
    "МБ",
}
CAPITALS = re.compile(r"(?<![\w`{])[A-ZÄÖÜА-ЯЁ]{3,}(?![\w`}])")
FAMILIAR = re.compile(r"\b(du|dein\w*|dich|dir|euch|euer|eure\w*)\b")
NOT_PROSE = re.compile(r"`[^`]*`|\{[^}]*\}|\]\([^)]*\)")


def shouting(text: str) -> list[str]:
    """Words in capitals that are not an abbreviation.

    >>> shouting("Die notierten Punkte WIDERSPRECHEN den Regeln (YAML).")
    ['WIDERSPRECHEN']
    """
    return [w for w in CAPITALS.findall(NOT_PROSE.sub(" ", text)) if w not in ALLOWED]


def _entries(lang: str) -> list[tuple[str, str]]:
    out = []
    paths = sorted((ROOT / "locale" / lang / "docs").glob("*.po"))
    for path in [*paths, ROOT / "locale" / lang / "LC_MESSAGES" / "referee.po"]:
        with path.open("rb") as handle:
            for unit in po.pofile(handle).units:
                if not unit.isheader() and not unit.isobsolete() and unit.target:
                    out.append((path.name, str(unit.target)))
    out += [("checker_strings", text) for text in STRINGS[lang].values()]
    return out


@pytest.mark.parametrize("lang", ["ru", "de"])
def test_nothing_is_set_in_capitals(lang: str) -> None:
    bad = [
        f"{name}: {found}: {text[:100]!r}"
        for name, text in _entries(lang)
        if (found := shouting(text))
    ]
    assert not bad, "\n".join(bad)


def test_german_addresses_the_reader_as_sie() -> None:
    bad = [
        f"{name}: {found}: {text[:100]!r}"
        for name, text in _entries("de")
        if (found := FAMILIAR.findall(NOT_PROSE.sub(" ", text)))
    ]
    assert not bad, "\n".join(bad)
