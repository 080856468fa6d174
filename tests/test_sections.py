"""The same sections in the same order on every game page, in every language (issue 26, point 4)."""

from __future__ import annotations

import re

import pytest

from referee.games import GAMES
from site_tools.pages.sections import SECTIONS, SLOTS, slot_of
from site_tools.translation import pipeline

_H2 = re.compile(r"^## .*\{#(?P<id>[a-z0-9-]+)\}\s*$", re.M)
_H23 = re.compile(r"^(?P<level>#{2,3}) .*\{#(?P<id>[a-z0-9-]+)\}\s*$", re.M)


def page_text(game: str, lang: str) -> str:
    """The page's Markdown in ``lang``, as the build renders it from the catalogs."""
    if lang == pipeline.DEFAULT_LANGUAGE:
        return (pipeline.SOURCE / f"{game}.md").read_text(encoding="utf-8")
    return pipeline.translate_page(lang, game).text


def rules_sections(markdown: str) -> list[str]:
    """The anchors of the level-three sections under "Rules of play"."""
    found, inside = [], False
    for match in _H23.finditer(markdown):
        if match["level"] == "##":
            inside = match["id"] == "rules"
        elif inside:
            found.append(match["id"])
    return found


@pytest.mark.parametrize("lang", [pipeline.DEFAULT_LANGUAGE, *pipeline.LANGUAGES])
@pytest.mark.parametrize("game", list(GAMES))
def test_sections_come_in_the_one_order(game: str, lang: str) -> None:
    text = page_text(game, lang)
    assert _H2.findall(text) == list(SECTIONS)
    anchors = rules_sections(text)
    order = [SLOTS.index(slot_of(anchor)) for anchor in anchors]
    assert anchors and order == sorted(order), anchors


def test_every_language_has_the_english_sections() -> None:
    for game in GAMES:
        english = _H2.findall(page_text(game, pipeline.DEFAULT_LANGUAGE))
        for lang in pipeline.LANGUAGES:
            assert _H2.findall(page_text(game, lang)) == english, (game, lang)
