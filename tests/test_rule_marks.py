"""Every rule on a game page is traced to the referee, and the build refuses a page that is not (issue 22).

The pages name their rules in ```` ```referee-rules ```` blocks (``site_tools/pages/rule_marks.py``); the
referee declares each game's rules (``Game.rules()``). These tests hold the two together.
"""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest

from referee.games import GAMES
from site_tools.pages import rule_marks
from site_tools.translation import pipeline
from tests.conftest import COPY_ENV, build_site

ROOT = Path(__file__).resolve().parent.parent


def test_every_game_page_is_traced() -> None:
    """No page names an undeclared rule or a rule twice; every rule the referee checks is on its page."""
    assert rule_marks.all_problems() == []


def test_every_reason_a_rule_is_not_checked_reads_in_every_language() -> None:
    missing = sorted(
        {
            rule.unchecked
            for game in GAMES.values()
            for rule in game.rules()
            if rule.unchecked
            and set(rule_marks.REASONS.get(rule.unchecked, {})) < set(pipeline.LANGUAGES)
        }
    )
    assert missing == []


PAGE = """# Trump 7

Three players.

```referee-rules
ids: {ids}
```
"""


def test_problems_name_an_undeclared_a_repeated_and_a_missing_rule() -> None:
    found = rule_marks.problems("trump-seven", PAGE.format(ids="G1-R01 G1-R01 G1-X99"))
    assert any("G1-X99" in p and "does not declare" in p for p in found)
    assert any("G1-R01" in p and "twice" in p for p in found)
    assert any("G1-R05" in p and "stated nowhere" in p for p in found)
    assert not any("G1-R04" in p for p in found)  # not checkable from a record: it may be left out


def test_a_mark_has_the_same_anchor_and_links_in_every_language() -> None:
    """Only the words differ between languages: the anchors and link targets are the same."""
    params = {"ids": "G1-R05 G1-R04"}
    shapes = set()
    for lang in ("en", *pipeline.LANGUAGES):
        marks = rule_marks.rules_block(params, lang, "trump-seven")
        assert "{#g1-r05 .rule-id" in marks and "{#g1-r04 .rule-id" in marks
        shapes.add(tuple(re.findall(r"\]\((#[a-z0-9-]+)\)|\{[#.][^}]*?(?=\s|\})", marks)))
    assert len(shapes) == 1
    assert "not checked: the lot is drawn" in rule_marks.rules_block(params, "en", "trump-seven")
    assert "не проверяется: жребий" in rule_marks.rules_block(params, "ru", "trump-seven")
    assert "nicht geprüft: das Los" in rule_marks.rules_block(params, "de", "trump-seven")


def test_the_build_refuses_a_page_with_an_untraced_rule(tmp_path: Path) -> None:
    """A copy of the project whose Trump 7 page names a rule the referee does not declare does not build."""
    copy = tmp_path / "project"
    ignore = shutil.ignore_patterns(
        ".venv", ".git", "site", "__pycache__", ".pytest_cache", ".hypothesis", "ru", "de"
    )
    shutil.copytree(ROOT / "docs", copy / "docs", ignore=ignore)
    for part in ("locale", "overrides", "site_tools", "referee", "examples"):
        shutil.copytree(ROOT / part, copy / part, ignore=shutil.ignore_patterns("__pycache__"))
    for name in ("mkdocs.yml", "package.json", "package-lock.json"):
        shutil.copy(ROOT / name, copy / name)
    (copy / "node_modules").symlink_to(
        ROOT / "node_modules"
    )  # the checker's Pyodide, installed by ./run
    page = copy / "docs" / "en" / "trump-seven.md"
    text = page.read_text(encoding="utf-8").replace("ids: G1-R05 ", "ids: G1-X99 G1-R05 ", 1)
    assert "G1-X99" in text
    page.write_text(text, encoding="utf-8")
    done = build_site(tmp_path / "site", copy, COPY_ENV, timeout=300)
    assert done.returncode != 0, done.stdout + done.stderr
    assert "G1-X99" in done.stderr and "does not declare" in done.stderr


@pytest.mark.parametrize("game", list(GAMES))
def test_a_page_states_its_rules_in_the_order_it_gives_them(game: str) -> None:
    """Each anchor is on the page once; the marks follow the English source, so every language has them."""
    ids = rule_marks.page_rule_ids((pipeline.SOURCE / f"{game}.md").read_text(encoding="utf-8"))
    assert len(ids) == len(set(ids)) and ids
