"""The site's build tools on a small throw-away tree: catalogs, rendering, status, generated blocks."""

from __future__ import annotations

import doctest
from pathlib import Path

import pytest
from translate.storage import po

from site_tools import strings
from site_tools.hooks import site as hooks
from site_tools.pages import blocks
from site_tools.translation import catalogs, pipeline

PAGE = """# Catch the Ten {#catch-the-ten}

The jack of trumps is the highest card.

## Scoring {#scoring}

- One point for each card beyond those dealt.
- See [the deal](#scoring).

```referee-facts
game: catch-the-ten
```

| Card | Points |
| --- | --- |
| Ten | 10 |
"""


@pytest.fixture()
def tree(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A project root with one English page and no catalogs yet; the tools pointed at it."""
    (tmp_path / "docs" / "en").mkdir(parents=True)
    (tmp_path / "docs" / "en" / "catch-the-ten.md").write_text(PAGE, encoding="utf-8")
    monkeypatch.setattr(pipeline, "ROOT", tmp_path)
    monkeypatch.setattr(pipeline, "DOCS", tmp_path / "docs")
    monkeypatch.setattr(pipeline, "SOURCE", tmp_path / "docs" / "en")
    monkeypatch.setattr(pipeline, "LOCALE", tmp_path / "locale")
    monkeypatch.setattr(pipeline, "TEMPLATES", tmp_path / "locale" / "templates" / "docs")
    return tmp_path


def translate_all(path: Path, translations: dict[str, str]) -> None:
    """Fill a catalog's entries from an English → translation mapping."""
    with path.open("rb") as handle:
        store = po.pofile(handle)
    for unit in store.units:
        if unit.source in translations:
            unit.target = translations[unit.source]
    path.write_bytes(bytes(store))


RU = {
    "Catch the Ten": "Поймай десятку",
    "The jack of trumps is the highest card.": "Козырной валет — старшая карта.",
    "Scoring": "Подсчёт очков",
    "One point for each card beyond those dealt.": "Очко за каждую карту сверх сданных.",
    "See [the deal]{1}.": "См. [раздачу]{1}.",
    "Card": "Карта",
    "Points": "Очки",
    "Ten": "Десятка",
}


def test_doctests_of_the_site_tools() -> None:
    for module in (pipeline, blocks, catalogs, hooks, strings):
        failed, _ = doctest.testmod(module)
        assert failed == 0, module.__name__


def test_update_makes_templates_and_catalogs_without_code_blocks(tree: Path) -> None:
    written = catalogs.update()
    pot = tree / "locale" / "templates" / "docs" / "catch-the-ten.pot"
    ru = tree / "locale" / "ru" / "docs" / "catch-the-ten.po"
    assert {pot, ru, tree / "locale" / "de" / "docs" / "catch-the-ten.po"} <= set(written)
    text = pot.read_text(encoding="utf-8")
    assert (
        "referee-facts" not in text and "game:" not in text
    )  # generated blocks never reach a catalog
    assert "{#scoring}" not in text and "#: docs/en/catch-the-ten.md:" in text  # portable locations
    header = ru.read_text(encoding="utf-8")
    assert '"Language: ru\\n"' in header and "nplurals=3" in header
    assert catalogs.update() == []  # nothing changes on a second run


def test_status_render_and_fuzzy_after_an_english_edit(tree: Path) -> None:
    catalogs.update()
    ru = tree / "locale" / "ru" / "docs" / "catch-the-ten.po"
    before = pipeline.status("ru", "catch-the-ten")
    assert (
        before.translated == 1 and before.missing == before.total - 1
    )  # only "10" needs no translation
    translate_all(ru, RU)
    done = pipeline.translate_page("ru", "catch-the-ten")
    assert done.status.complete and done.status.percent == 100 and done.title == "Поймай десятку"
    assert (
        "# Поймай десятку {#catch-the-ten}" in done.text
        and "## Подсчёт очков {#scoring}" in done.text
    )
    assert (
        "См. [раздачу](#scoring)." in done.text
        and "```referee-facts\ngame: catch-the-ten\n```" in done.text
    )

    source = tree / "docs" / "en" / "catch-the-ten.md"
    source.write_text(
        PAGE.replace("highest card.", "highest card of all.") + "\nA new paragraph.\n",
        encoding="utf-8",
    )
    stale = pipeline.status(
        "ru", "catch-the-ten"
    )  # before update: the changed sentence is simply missing
    assert stale.missing == 2 and stale.fuzzy == 0
    catalogs.update()
    text = ru.read_text(encoding="utf-8")
    assert '#| msgid "The jack of trumps is the highest card."' in text and "#, fuzzy" in text
    after = pipeline.translate_page("ru", "catch-the-ten")
    assert (after.status.fuzzy, after.status.missing) == (1, 1) and not after.status.complete
    assert (
        "The jack of trumps is the highest card of all." in after.text
    )  # fuzzy falls back to English
    assert "Подсчёт очков" in after.text


def test_render_translations_writes_only_changes_and_removes_stale_pages(tree: Path) -> None:
    catalogs.update()
    pipeline.render_translations()
    out = tree / "docs" / "de" / "catch-the-ten.md"
    stamp = out.stat().st_mtime_ns
    pipeline.render_translations()
    assert out.stat().st_mtime_ns == stamp
    (tree / "docs" / "de" / "old.md").write_text("# Old\n", encoding="utf-8")
    pipeline.render_translations()
    assert not (tree / "docs" / "de" / "old.md").exists()


def test_blocks_are_found_indented_and_rejected_when_broken() -> None:
    page = "- item\n\n    ```referee-options\n    game: x\n    ```\n"
    assert (
        blocks.expand_blocks(page, "de", lambda k, p, lang: f"| {k} |\n| {p['game']} {lang} |")
        == "- item\n\n    | options |\n    | x de |\n"
    )
    with pytest.raises(blocks.BlockSyntaxError):
        blocks.find_blocks("```referee-facts\ngame: x\n")
    with pytest.raises(blocks.BlockSyntaxError):
        blocks.find_blocks("```referee-facts\n- a list\n```\n")
    assert blocks.find_blocks("```python\nprint(1)\n```\n") == []


def test_status_block_in_each_language(tree: Path) -> None:
    catalogs.update()
    translate_all(tree / "locale" / "ru" / "docs" / "catch-the-ten.po", RU)
    ru = blocks.status_block({}, "ru", "translation-status")
    assert (
        "| Страница | Русский | Немецкий |" in ru
        and "| [Поймай десятку](catch-the-ten.md) | ✓ 100\u00a0% | " in ru
    )
    en = blocks.status_block({"languages": ["de"]}, "en", "translation-status")
    assert "| Page | German |" in en
    assert "| [Catch the Ten](catch-the-ten.md) | 3% · 1\u00a0/\u00a00\u00a0/\u00a08 |" in en


def test_notice_sits_under_the_title_and_links_to_the_contribution_page(tree: Path) -> None:
    (tree / "docs" / "en" / "contribute.md").write_text("# Contribute\n", encoding="utf-8")
    page = hooks._insert_after_title("# Title {#t}\n\nText.\n", hooks.notice("de", "games/skat"))
    lines = page.split("\n")
    assert lines[0] == "# Title {#t}" and lines[2].startswith(
        "/// warning | Übersetzung unvollständig"
    )
    assert "[Bei der Übersetzung mithelfen](../contribute.md)." in page
    assert "](" not in hooks.notice(
        "ru", "contribute"
    )  # the contribution page does not link to itself


def test_hook_renders_blocks_through_the_referee_in_the_build_language(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    import referee.present.blocks

    calls = []
    monkeypatch.setattr(
        referee.present.blocks,
        "render_block",
        lambda kind, params, lang: calls.append((kind, params, lang)) or "**generated**",
    )

    class Plugin:
        current_language = "ru"

    class Config(dict):
        def __init__(self) -> None:
            super().__init__()
            self.plugins = {"i18n": Plugin()}
            self.nav = None

    class File:
        src_uri = "ru/catch-the-ten.md"
        norm_src_uri = "catch-the-ten.md"

    class Page:
        file = File()

    out = hooks.on_page_markdown(
        "# T\n\n```referee-example\nexample: a/b\n```\n", Page(), Config(), None
    )
    assert calls == [("example", {"example": "a/b"}, "ru")] and "**generated**" in out


HOSTILE = {
    "See [the deal]{1}.": "См. [раздачу](HTTP:evil.example/login).",  # a link the English has not
    "The jack of trumps is the highest card.": "Козырной валет <script>alert(1)</script>.",
    "Scoring": "Подсчёт очков\n\n<iframe src=//evil.example>",  # a line break and HTML
    "One point for each card beyond those dealt.": "Очко [сюда](//evil.example) и mailto:x@evil.example",
    "Card": "Карта " * 40,  # out of all proportion
}


@pytest.mark.parametrize(("english", "translation"), list(HOSTILE.items()))
def test_a_hostile_translation_is_refused_and_the_english_shown(
    tree: Path, english: str, translation: str
) -> None:
    from site_tools.safety import checks as safety

    catalogs.update()
    ru = tree / "locale" / "ru" / "docs" / "catch-the-ten.po"
    translate_all(ru, {**RU, english: translation})
    found = safety.catalog_problems(ru)
    assert [p.source for p in found] and {p.source for p in found} == {english}, found
    page = pipeline.translate_page("ru", "catch-the-ten")
    assert translation not in page.text and not page.status.complete
    assert (
        "evil.example" not in page.text
        and "<script>" not in page.text
        and "<iframe" not in page.text
    )


def test_the_build_hook_warns_for_every_hostile_entry(
    tree: Path, caplog: pytest.LogCaptureFixture
) -> None:
    catalogs.update()
    translate_all(tree / "locale" / "ru" / "docs" / "catch-the-ten.po", {**RU, **HOSTILE})

    class Config(dict):
        def __init__(self) -> None:
            super().__init__()
            self.plugins: dict = {}

    with caplog.at_level("WARNING", logger="mkdocs"):
        hooks.on_pre_build(Config())
    warnings = [
        r for r in caplog.records if r.levelname == "WARNING" and r.name.startswith("mkdocs")
    ]
    assert len(warnings) >= len(HOSTILE)
    assert "evil.example" not in (tree / "docs" / "ru" / "catch-the-ten.md").read_text(
        encoding="utf-8"
    )


def test_links_are_compared_by_destination_not_by_host() -> None:
    from site_tools.safety.checks import problems

    english = "See [the rules](https://www.pagat.com/whist/) and [the deal]{1}."
    assert (
        problems(english, "Siehe [die Regeln](https://www.pagat.com/whist/) und [die Runde]{1}.")
        == []
    )
    for added in (
        "[x](https://www.pagat.com/evil)",
        "<https://www.pagat.com/whist/x>",
        "HTTP:evil.example/login",
        "//evil.example",
        "mailto:x@evil.example",
        "www.evil.example",
        "[x]{2}",
        "[x]: https://e.example",
    ):
        assert problems(english, f"Siehe [die Regeln](https://www.pagat.com/whist/), {added}."), (
            added
        )


def test_mkdocs_build_strict_refuses_a_hostile_catalog(tmp_path: Path) -> None:

    from tests.conftest import COPY_ENV, build_site, copy_project

    copy = copy_project(tmp_path / "project")
    catalog = copy / "locale" / "de" / "docs" / "index.po"
    with catalog.open("rb") as handle:
        store = po.pofile(handle)
    unit = next(u for u in store.units if not u.isheader() and u.target and "{1}" in str(u.source))
    unit.target = str(unit.target) + " [Login](HTTP:evil.example/login)"
    catalog.write_bytes(bytes(store))
    done = build_site(tmp_path / "site", copy, COPY_ENV)
    assert done.returncode != 0, done.stdout + done.stderr
    assert "http:evil.example/login" in done.stderr and "locale/de/docs/index.po" in done.stderr
