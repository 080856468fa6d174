"""Publishing without placeholders (issue 39): the README's recipe without REPO_URL.

A build for a published address that names no repository leaves out the repository link, "Edit
this page", "Improve this translation" and the licence link, rather than send readers to the
placeholder host of mkdocs.yml; ``./run build`` says so when it ends.
"""

from __future__ import annotations

from pathlib import Path

from site_tools.published import publish
from tests.conftest import ROOT, build_site

SITE_URL = "https://example.test/cardrules/"
PLACEHOLDER = "cardrules.example.org"


def test_a_published_build_without_repo_url_has_no_placeholder_link(tmp_path: Path) -> None:
    assert PLACEHOLDER in (ROOT / "mkdocs.yml").read_text(encoding="utf-8")  # what is at stake
    out = tmp_path / "site"
    env = {"NO_MKDOCS_2_WARNING": "1", "PATH": "/usr/bin:/bin", "SITE_URL": SITE_URL}
    done = build_site(out, env=env)  # not while another test builds the project (its lock)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "REPO_URL is not set" in done.stderr
    pages = sorted(out.rglob("*.html"))
    assert len(pages) > 60
    found = {}
    for path in pages:
        html = path.read_text(encoding="utf-8")
        problems = [
            what
            for what, needle in (
                ("placeholder host", PLACEHOLDER),
                ("edit link", 'rel="edit"'),
                ("repository link", 'class="md-source"'),
                ("licence link", "{licence_url}"),
                ("licence link", "/LICENSE"),
            )
            if needle in html
        ]
        if problems:
            found[str(path.relative_to(out))] = problems
    assert found == {}
    home = (out / "index.html").read_text(encoding="utf-8")
    assert "MIT licence" in home and SITE_URL in home  # the words stay, and the address


def test_the_summary_names_the_missing_variable(monkeypatch, tmp_path: Path) -> None:
    (tmp_path / "index.html").write_text("<html></html>", encoding="utf-8")
    monkeypatch.setenv("SITE_URL", SITE_URL)
    monkeypatch.delenv("REPO_URL", raising=False)
    assert "REPO_URL is not set" in publish.summary(tmp_path)
    monkeypatch.setenv("REPO_URL", "https://github.com/o/cardrules")
    assert "REPO_URL" not in publish.summary(tmp_path)
