"""Records on Russian and German pages: names and comments in the page's language, same verdict.

The records in ``examples/`` and in ``docs/en`` are the one source; ``locale/examples.yaml`` gives
each language its names (Анна, «Мы»; „Wir“) and the translated comments. A record shown on a page
must still be one the referee accepts, with the same verdict as the English record.
"""

from __future__ import annotations

import re

import pytest

from referee import check_text
from referee.errors import RefereeError
from referee.present.example_blocks import example_block, listing_block
from referee.present.example_text import (
    comment_translations,
    comments_in,
    display_names,
    localize_text,
)
from site_tools.pages.blocks import LISTING_KINDS, find_blocks
from tests.conftest import EXAMPLES, ROOT

LANGS = ("ru", "de")


def _listings() -> list[tuple[str, str, str]]:
    """(page, kind, text) of every record and command listing on the English pages."""
    found = []
    for page in sorted((ROOT / "docs" / "en").glob("*.md")):
        for block in find_blocks(page.read_text(encoding="utf-8")):
            if block.kind in LISTING_KINDS:
                found.append((page.stem, block.kind, block.params["text"]))
    return found


LISTINGS = _listings()


def _checkable(text: str) -> bool:
    """Whether the referee can read a listing (a shortened one, with "…" for cards, is shown but not checked)."""
    try:
        check_text(text)
    except RefereeError:
        return False
    return True


RECORDS = [
    pytest.param(text, id=f"{page}-{i}")
    for i, (page, kind, text) in enumerate(LISTINGS)
    if kind == "yaml" and _checkable(text)
]
RECORDS += [pytest.param(path.read_text(encoding="utf-8"), id=path.stem) for path in EXAMPLES]


def _summary(text: str, lang: str) -> tuple:
    """A verdict, with the English names of the record as a reader of ``lang`` sees them."""
    names = display_names(lang) if lang != "en" else {}
    verdict = check_text(text)

    def shown(values: dict) -> dict:
        return {names.get(k, k): v for k, v in values.items()}

    winner = (
        names.get(verdict.winner, verdict.winner)
        if isinstance(verdict.winner, str)
        else verdict.winner
    )
    return (
        verdict.exit_status,
        verdict.valid,
        [f.code for f in verdict.findings],
        [(shown(d.scores), shown(d.totals), d.claim_agrees) for d in verdict.deals],
        winner,
    )


def test_there_are_listings_and_records() -> None:
    assert len(LISTINGS) >= 15 and any(kind == "shell" for _, kind, _ in LISTINGS)


@pytest.mark.parametrize("text", RECORDS)
@pytest.mark.parametrize("lang", LANGS)
def test_localized_record_gives_the_same_verdict(text: str, lang: str) -> None:
    assert _summary(localize_text(text, lang), "en") == _summary(text, lang)


def test_every_comment_on_a_page_is_translated() -> None:
    table = comment_translations()
    missing = [
        (page, c, lang)
        for page, _, text in LISTINGS
        for c in comments_in(text)
        for lang in LANGS
        if not (table.get(c) or {}).get(lang)
    ]
    assert not missing, f"add these comments to locale/examples.yaml: {missing}"


def test_russian_pages_show_russian_names_and_teams() -> None:
    ru = example_block("minnesota-whist/sample-2-granders-set", "ru")
    assert "«Мы»" in ru or "Мы" in ru
    assert not re.search(r"\b(We|They|Anna|Boris|Vera|Gleb)\b", ru), ru
    de = example_block("minnesota-whist/sample-2-granders-set", "de")
    assert "Partei „Wir“" in de and not re.search(r"\b(We|They)\b", de), de


def test_listing_comments_in_the_page_language() -> None:
    text = next(text for page, kind, text in LISTINGS if page == "yacht" and kind == "yaml")
    ru = listing_block(text, "ru", "yaml")
    assert "# по часовой стрелке" in ru and "Анна" in ru and "Anna" not in ru
    de = listing_block(text, "de", "yaml")
    assert "# im Uhrzeigersinn" in de and "clockwise" not in de
