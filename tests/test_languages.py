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
from tests.conftest import ROOT, build_site, copy_project


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


def test_the_weblate_layout_matches_every_catalog() -> None:
    config = yaml.safe_load((ROOT / "locale" / "weblate.yaml").read_text(encoding="utf-8"))
    match = re.compile(config["discovery"]["match"])
    catalogs = sorted((ROOT / "locale").glob("*/docs/*.po"))
    assert catalogs
    for po in catalogs:
        found = match.fullmatch(po.relative_to(ROOT).as_posix())
        assert found, po
        template = config["discovery"]["new_base_template"].replace(
            "{{ component }}", found["component"]
        )
        assert (ROOT / template).is_file(), template
    referee = next(c for c in config["components"] if c["slug"] == "referee")
    assert sorted(ROOT.glob(referee["filemask"])) == sorted(
        (ROOT / "locale").glob("*/LC_MESSAGES/referee.po")
    )
    assert (ROOT / referee["new_base"]).is_file()


def test_a_language_added_in_a_copy_builds_strictly(tmp_path: Path) -> None:
    copy = copy_project(tmp_path / "project")
    env = {"PATH": f"{Path(sys.executable).parent}:/usr/bin:/bin"}
    done = subprocess.run(
        [sys.executable, "-m", "site_tools.translation.new_language", "add", "pl"],
        cwd=copy,
        capture_output=True,
        text=True,
        check=False,
        env=env,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    assert "partial translation" in done.stdout
    pages = sorted(p.stem for p in (copy / "docs" / "en").glob("*.md"))
    assert sorted(p.stem for p in (copy / "locale" / "pl" / "docs").glob("*.po")) == pages
    assert (copy / "locale" / "pl" / "LC_MESSAGES" / "referee.mo").is_file()
    assert re.search(
        r"- locale: pl\n\s+name: Polski\n", (copy / "mkdocs.yml").read_text(encoding="utf-8")
    )

    # The referee's catalogs stay in step with the code, the new one included.
    done = subprocess.run(
        ["bash", "scripts/referee-messages.sh", "--check"],
        cwd=copy,
        capture_output=True,
        text=True,
        check=False,
        env=env,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    # The referee speaks the new language: English until its catalog is translated.
    done = subprocess.run(
        [sys.executable, "-m", "referee.cli", "games", "--lang", "pl"],
        cwd=copy,
        capture_output=True,
        text=True,
        check=False,
        env=env,
    )
    assert done.returncode == 0 and "catch-the-ten" in done.stdout, done.stderr

    site = tmp_path / "site"
    done = build_site(site, copy)
    assert done.returncode == 0, done.stdout + done.stderr
    home = (site / "pl" / "index.html").read_text(encoding="utf-8")
    assert '<html lang="pl"' in home and "translation-notice" in home
    assert 'hreflang="pl"' in (site / "index.html").read_text(
        encoding="utf-8"
    )  # the switcher and alternates
    status = re.sub(
        r"<[^>]+>", " ", (site / "translation-status" / "index.html").read_text(encoding="utf-8")
    )
    assert "Polish" in status and re.search(r"Yacht\s+✓ 100%\s+✓ 100%\s+0% ·", status), status[
        :2000
    ]
