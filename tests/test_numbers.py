"""No hand-typed rule numbers (issue 22): the rules prose of a game page takes its numbers from facts.

Every number in the prose the test reads (see ``locale/numbers.yaml``), in English, Russian and
German, is either a fact macro (``{{to_make}}``, replaced by the referee's value at build time) or
listed there as a number that states no rule the referee has a fact for.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
import yaml

from site_tools.pages import facts
from site_tools.pages.sections import slot_of
from site_tools.translation import pipeline

LIST = Path(__file__).resolve().parent.parent / "locale" / "numbers.yaml"
DATA = yaml.safe_load(LIST.read_text(encoding="utf-8"))
RULE_SLOTS = {
    "overview",
    "rules",
    "house-rules",
}  # "rules" holds the cards, deal, play, scoring, end
LANGUAGES = [pipeline.DEFAULT_LANGUAGE, *pipeline.LANGUAGES]


def rules_prose(markdown: str) -> str:
    """The opening paragraphs and the rule sections of a page (the title line left out)."""
    intro, *sections = re.split(r"(?m)^(?=## )", markdown)
    kept = [intro.split("\n", 1)[-1]]
    for section in sections:
        anchor = re.match(r"## .*\{#([a-z0-9-]+)\}", section)
        if anchor and slot_of(anchor.group(1)) in RULE_SLOTS:
            kept.append(section.split("\n", 1)[-1])
    return "\n".join(kept)


def page_text(game: str, lang: str) -> str:
    if lang == pipeline.DEFAULT_LANGUAGE:
        return (pipeline.SOURCE / f"{game}.md").read_text(encoding="utf-8")
    return pipeline.translate_page(lang, game).text


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("game", DATA["pages"])
def test_every_rule_number_is_a_fact(game: str, lang: str) -> None:
    allowed = [*DATA["not_rules"].get(lang, []), *DATA["games"].get(game, {}).get(lang, [])]
    assert facts.numbers_in(rules_prose(page_text(game, lang)), lang, allowed) == []


@pytest.mark.parametrize("game", DATA["pages"])
def test_every_macro_names_a_fact_and_the_translations_keep_them(game: str) -> None:
    english = facts.MACRO.findall(page_text(game, pipeline.DEFAULT_LANGUAGE))
    assert set(english) <= set(facts.game_facts(game))
    for lang in pipeline.LANGUAGES:
        assert sorted(facts.MACRO.findall(page_text(game, lang))) == sorted(english), lang
