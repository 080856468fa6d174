"""The same sections in the same order on every game page, in every language (issue 26, point 4)."""

from __future__ import annotations

import re

import pytest

from referee.games import GAMES
from site_tools.pages.sections import REQUIRED, SLOTS, slot_of
from site_tools.translation import pipeline

_H2 = re.compile(r"^## .*\{#(?P<id>[a-z0-9-]+)\}\s*$", re.M)


def page_text(game: str, lang: str) -> str:
    """The page's Markdown in ``lang``, as the build renders it from the catalogs."""
    if lang == pipeline.DEFAULT_LANGUAGE:
        return (pipeline.SOURCE / f"{game}.md").read_text(encoding="utf-8")
    return pipeline.translate_page(lang, game).text


@pytest.mark.parametrize("lang", [pipeline.DEFAULT_LANGUAGE, *pipeline.LANGUAGES])
@pytest.mark.parametrize("game", list(GAMES))
def test_sections_come_in_the_one_order(game: str, lang: str) -> None:
    anchors = _H2.findall(page_text(game, lang))
    slots = [slot_of(anchor) for anchor in anchors]
    order = [SLOTS.index(s) for s in slots]
    assert order == sorted(order), list(zip(anchors, slots, strict=True))
    assert REQUIRED <= set(slots), sorted(REQUIRED - set(slots))


def test_every_language_has_the_english_sections() -> None:
    for game in GAMES:
        english = _H2.findall(page_text(game, pipeline.DEFAULT_LANGUAGE))
        for lang in pipeline.LANGUAGES:
            assert _H2.findall(page_text(game, lang)) == english, (game, lang)
