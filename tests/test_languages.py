"""A new language in one command, and the catalogs laid out as a translation platform expects.

``./run language add pl`` in a copy of the project: the catalogs appear, mkdocs.yml and the switcher
get the language, the status page shows it at 0 %, its pages carry the incomplete-translation notice,
the referee speaks it (English until translated), and ``mkdocs build --strict`` passes.
"""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

from site_tools import languages
from site_tools.translation import new_language, pipeline
from tests.conftest import PREVIEW_ENV, ROOT, build_site, copy_project


def test_the_site_s_languages_are_declared_once_in_mkdocs_yml() -> None:
    assert languages.site_languages() == ("en", *pipeline.LANGUAGES)
    assert set(pipeline.RELEASED) <= set(pipeline.LANGUAGES)
    mkdocs = (ROOT / "mkdocs.yml").read_text(encoding="utf-8")
    assert [m for m in re.findall(r"- locale: (\S+)", mkdocs)] == list(languages.site_languages())


@pytest.mark.parametrize("code", ["english", "p1", "PL", "xx", "pl_PL", ""])
def test_a_code_that_is_not_a_language_is_refused(code: str) -> None:
    with pytest.raises(SystemExit, match="run: "):
        languages.parse_code(code)


@pytest.mark.parametrize("code", ["en", "ru", "de"])
def test_adding_a_language_the_site_has_is_refused(code: str) -> None:
    with pytest.raises(SystemExit, match=f"already has the language '{code}'"):
        new_language.add(code)


# Weblate's check identifiers (docs/user/checks.rst of WeblateOrg/weblate: ":Check identifier:").
WEBLATE_CHECKS = {
    "python_brace_format",
    "safe-html",
    "md-link",
    "md-reflink",
    "md-syntax",
    "placeholders",
}
WEBLATE_COMPONENT_FIELDS = {
    "name", "slug", "vcs", "repo", "push", "branch", "push_branch", "push_on_commit",
    "commit_pending_age", "file_format", "filemask", "new_base", "source_language", "new_lang",
    "language_code_style", "language_regex", "check_flags", "enforced_checks",
}  # fmt: skip
DISCOVERY_FIELDS = {
    "match", "file_format", "name_template", "base_file_template", "new_base_template",
    "language_regex", "copy_addons", "remove", "confirm",
}  # fmt: skip


def test_the_weblate_layout_matches_every_catalog() -> None:
    """locale/weblate.yaml in Weblate's own field names, and true of every catalog in the repository."""
    config = yaml.safe_load((ROOT / "locale" / "weblate.yaml").read_text(encoding="utf-8"))
    components = {c["slug"]: c for c in config["components"]}
    for component in components.values():
        assert set(component) <= WEBLATE_COMPONENT_FIELDS, set(component) - WEBLATE_COMPONENT_FIELDS
        assert set(component["enforced_checks"]) <= WEBLATE_CHECKS
        assert re.fullmatch(component["language_regex"], "pt_BR") and re.fullmatch(
            component["language_regex"], "sr@latin"
        )
    (discovery,) = [a for a in config["addons"] if a["name"] == "weblate.discovery.discovery"]
    settings = discovery["configuration"]
    assert set(settings) <= DISCOVERY_FIELDS
    anchor = components[discovery["component"]]  # discovery copies this component's settings
    assert "md-text" in anchor["check_flags"] and "placeholders" in anchor["enforced_checks"]
    match = re.compile(settings["match"])
    catalogs = sorted((ROOT / "locale").glob("*/docs/*.po"))
    assert catalogs
    for po in catalogs:
        found = match.fullmatch(po.relative_to(ROOT).as_posix())
        assert found, po
        assert re.fullmatch(settings["language_regex"], found["language"]), po
        template = settings["new_base_template"].replace("{{ component }}", found["component"])
        assert (ROOT / template).is_file(), template
    assert sorted(ROOT.glob(anchor["filemask"])) == sorted(
        (ROOT / "locale").glob("*/docs/index.po")
    )
    referee = components["referee"]
    assert sorted(ROOT.glob(referee["filemask"])) == sorted(
        (ROOT / "locale").glob("*/LC_MESSAGES/referee.po")
    )
    assert (ROOT / referee["new_base"]).is_file()
    # The placeholders flag protects every placeholder of the pages: {1} and {{hand_size}}.
    flag = re.search(r'placeholders:r"(?P<regex>[^"]+)"', anchor["check_flags"])
    assert flag
    protected = re.compile(flag["regex"])
    english = "\n".join(
        (ROOT / "locale" / "templates" / "docs" / f"{p.stem}.pot").read_text(encoding="utf-8")
        for p in (ROOT / "docs" / "en").glob("*.md")
    )
    for placeholder in set(re.findall(r"\{\{\w+\}\}|\{\d+\}", english)):
        assert protected.fullmatch(placeholder), placeholder


def test_generated_language_folders_and_compiled_catalogs_are_ignored() -> None:
    """What ./run language add and a build write is never committed: docs/<lang>/ (but docs/en/) and .mo files."""
    for path in ("docs/pl/index.md", "docs/ru/korol.md", "locale/pl/LC_MESSAGES/referee.mo"):
        done = subprocess.run(["git", "check-ignore", "-q", path], cwd=ROOT, check=False)
        assert done.returncode == 0, f"{path} is not ignored"
    done = subprocess.run(["git", "check-ignore", "-q", "docs/en/korol.md"], cwd=ROOT, check=False)
    assert done.returncode == 1, "docs/en/ is the source: it must not be ignored"


def test_a_language_added_in_a_copy_builds_strictly(tmp_path: Path) -> None:
    copy = copy_project(tmp_path / "project")
    env = {"PATH": f"{Path(sys.executable).parent}:/usr/bin:/bin"}

    def run(*command: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            command, cwd=copy, capture_output=True, text=True, check=False, env=env
        )

    done = run(sys.executable, "-m", "site_tools.translation.new_language", "add", "pl")
    assert done.returncode == 0, done.stdout + done.stderr
    assert "partial translation" in done.stdout
    pages = sorted(p.stem for p in (copy / "docs" / "en").glob("*.md"))
    assert sorted(p.stem for p in (copy / "locale" / "pl" / "docs").glob("*.po")) == pages
    assert (copy / "locale" / "pl" / "LC_MESSAGES" / "referee.mo").is_file()
    assert re.search(
        r"- locale: pl\n\s+name: Polski\n", (copy / "mkdocs.yml").read_text(encoding="utf-8")
    )

    # The referee's catalogs stay in step with the code, the new one included.
    done = run("bash", "scripts/referee-messages.sh", "--check")
    assert done.returncode == 0, done.stdout + done.stderr
    # The referee speaks the new language: English until its catalog is translated.
    done = run(sys.executable, "-m", "referee.cli", "games", "--lang", "pl")
    assert done.returncode == 0 and "catch-the-ten" in done.stdout, done.stderr

    site = tmp_path / "site"
    done = build_site(
        site, copy, env=PREVIEW_ENV
    )  # the pages in four languages; no snapshot needed
    assert done.returncode == 0, done.stdout + done.stderr
    home = (site / "pl" / "index.html").read_text(encoding="utf-8")
    assert '<html lang="pl"' in home and "translation-notice" in home
    # Every sentence left in English says so, for a screen reader (WCAG 3.1.2); no mark is left over.
    game = (site / "pl" / "trump-seven" / "index.html").read_text(encoding="utf-8")
    assert game.count('<span lang="en">') > 50
    assert pipeline.ENGLISH_START not in game and pipeline.ENGLISH_END not in game
    assert "\ue000" not in (site / "search" / "search_index.json").read_text(encoding="utf-8")
    assert 'hreflang="pl"' in (site / "index.html").read_text(
        encoding="utf-8"
    )  # the switcher and alternates
    status = re.sub(
        r"<[^>]+>", " ", (site / "translation-status" / "index.html").read_text(encoding="utf-8")
    )
    assert "Polish" in status and re.search(r"Yacht\s+✓ 100%\s+✓ 100%\s+0% ·", status), status[
        :2000
    ]
