"""The page translations: complete, up to date with the English pages, and safe to publish.

These read the catalogs only (no site build). ``test_every_page_is_fully_translated`` fails while a
translation is missing or fuzzy: that is its job (``python -m site_tools.translation.catalogs status`` shows
what is left).
"""

from __future__ import annotations

import io
import re
import subprocess
import sys
from pathlib import Path

import pytest
from translate.storage import markdown, po

from site_tools.safety import checks as safety
from site_tools.translation import pipeline

POFILTER_TESTS = ("numbers", "variables", "xmltags", "urls", "pythonbraceformat")
# Game names with a digit in them. The digit belongs to the name, which a translation may render
# without it («Козырная семёрка»), so the numbers check must not count it.
NAMES_WITH_DIGITS = ("Trump 7",)
# Released languages must be complete; a language just added (`./run language add`) may be partial.
CATALOGS = [(lang, page) for lang in pipeline.RELEASED for page in pipeline.pages()]
EACH_CATALOG = pytest.mark.parametrize(
    ("lang", "page"), CATALOGS, ids=[f"{lang}-{page}" for lang, page in CATALOGS]
)


def strip_code(text: str) -> str:
    """Markdown text without its inline code spans (``<page>`` in backticks is shown, not parsed)."""
    return safety.strip_code(text)


def units(path: Path) -> list[po.pounit]:
    """The entries of a catalog, without the header and obsolete ones."""
    with path.open("rb") as handle:
        return [u for u in po.pofile(handle).units if not u.isheader() and not u.isobsolete()]


def english_segments(page: str) -> set[str]:
    """What md2po extracts from the English page (code blocks and front matter excluded)."""
    source = (pipeline.SOURCE / f"{page}.md").read_bytes()
    store = markdown.MarkdownFile(
        inputfile=io.BytesIO(source), extract_code_blocks=False, extract_frontmatter=False
    )
    return {u.source for u in store.units}


@pytest.mark.parametrize("page", pipeline.pages())
def test_catalogs_are_up_to_date_with_the_english_page(page: str) -> None:
    template = pipeline.template_path(page)
    hint = "run: python -m site_tools.translation.catalogs update"
    assert template.is_file(), f"no {template.relative_to(pipeline.ROOT)}; {hint}"
    assert {u.source for u in units(template)} == english_segments(page), (
        f"{template.name} is stale; {hint}"
    )
    for lang in pipeline.LANGUAGES:
        catalog = pipeline.catalog_path(lang, page)
        assert catalog.is_file(), f"no {catalog.relative_to(pipeline.ROOT)}; {hint}"
        assert {u.source for u in units(catalog)} == english_segments(page), (
            f"{lang}/{catalog.name}; {hint}"
        )


@EACH_CATALOG
def test_every_page_is_fully_translated(lang: str, page: str) -> None:
    status = pipeline.status(lang, page)
    assert status.complete, (
        f"{lang}/{page}: {status.missing} missing and {status.fuzzy} fuzzy of "
        f"{status.total} segments ({status.percent}% of the words translated)"
    )


@EACH_CATALOG
def test_no_markup_link_or_script_in_translations(lang: str, page: str) -> None:
    """The build's own check (site_tools.safety), here to name the catalog before a build is tried."""
    path = pipeline.catalog_path(lang, page)
    if not path.is_file():
        pytest.fail(f"{path} is missing: run python -m site_tools.translation.catalogs update")
    found = safety.catalog_problems(path)
    assert not found, "\n".join(str(p) for p in found)


def pofilter(inputs: Path, lang: str, out: Path) -> dict[str, list[str]]:
    """Run translate-toolkit's pofilter; return the flagged entries per file (it always exits 0)."""
    args = [
        sys.executable,
        "-m",
        "translate.filters.pofilter",
        "--progress=none",
        f"--language={lang}",
    ]
    for test in POFILTER_TESTS:
        args += ["-t", test]
    done = subprocess.run(
        [*args, "-i", str(inputs), "-o", str(out)], capture_output=True, text=True, check=False
    )
    assert done.returncode == 0, done.stderr
    found: dict[str, list[str]] = {}
    for path in sorted(out.rglob("*.po")):
        for unit in units(path):
            notes = " ".join(
                n for n in unit.getnotes("translator").splitlines() if n.startswith("(pofilter)")
            )
            found.setdefault(path.relative_to(out).as_posix(), []).append(
                f"{unit.source!r}: {notes}"
            )
    return found


@pytest.mark.parametrize("lang", pipeline.LANGUAGES)
def test_pofilter_finds_nothing(lang: str, tmp_path: Path) -> None:
    catalogs = pipeline.LOCALE / lang / "docs"
    if not any(catalogs.glob("*.po")):
        pytest.fail(
            f"no catalogs in {catalogs}: run python -m site_tools.translation.catalogs update"
        )
    names = re.compile("|".join(re.escape(n) for n in NAMES_WITH_DIGITS))
    plain = tmp_path / "in"
    plain.mkdir()
    for path in catalogs.glob("*.po"):
        (plain / path.name).write_text(
            names.sub("NAME", path.read_text(encoding="utf-8")), encoding="utf-8"
        )
    found = pofilter(plain, lang, tmp_path / "out")
    assert not found, "\n".join(
        f"{name}: {entry}" for name, entries in found.items() for entry in entries
    )


def test_pofilter_gate_catches_broken_translations(tmp_path: Path) -> None:
    (tmp_path / "in").mkdir()
    (tmp_path / "in" / "bad.po").write_text(
        """msgid ""
msgstr ""
"Content-Type: text/plain; charset=UTF-8\\n"
"Language: ru\\n"

msgid "See [the deal]{1}."
msgstr "См. раздачу."

msgid "A player dealt 10 cards scores 5."
msgstr "Игрок, получивший 11 карт, получает 5."

msgid "The jack is high."
msgstr "Валет <script>alert(1)</script>."

msgid "See https://www.pagat.com/ for more."
msgstr "См. https://evil.example/ подробнее."

msgid "Points: {points}"
msgstr "Очки: {очки}"

msgid "Trump 7 has 9 tricks."
msgstr "В «Козырной семёрке» 8 взяток."
""",
        encoding="utf-8",
    )
    found = pofilter(tmp_path / "in", "ru", tmp_path / "out")
    assert len(found["bad.po"]) == 6, found


@pytest.mark.parametrize("page", pipeline.pages())
def test_english_pages_follow_the_authoring_rules(page: str) -> None:
    """Explicit heading ids, titled ``///`` admonitions, no raw HTML: what the pipeline relies on."""
    fence = ""
    for number, line in enumerate(
        (pipeline.SOURCE / f"{page}.md").read_text(encoding="utf-8").splitlines(), 1
    ):
        where = f"docs/en/{page}.md:{number}"
        opening = re.match(r"^\s*(`{3,}|~{3,})", line)
        if opening and (not fence or opening.group(1).startswith(fence)):
            fence = "" if fence else opening.group(1)
            continue
        if fence:
            continue
        if re.match(r"^#{1,6}\s", line):
            assert re.search(r"\S\s*\{#[A-Za-z][\w-]*\}\s*$", line), (
                f"{where}: heading without an explicit {{#id}}"
            )
        assert not re.match(r"^\s*(!!!|\?\?\?)", line), f"{where}: use /// admonitions, not !!!"
        assert not re.match(r"^\s*///\s*[\w-]+\s*$", line), (
            f"{where}: give the admonition a title (/// note | Title)"
        )
        assert not re.search(r"<\s*[A-Za-z!/?]", strip_code(line)), f"{where}: raw HTML"
