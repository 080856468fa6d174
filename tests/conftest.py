"""Shared helpers for the tests."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest
import yaml

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = sorted((ROOT / "examples").glob("*/*.yaml"))


def dump(record: dict) -> str:
    """A record as YAML text, the way a user would write it."""
    return yaml.safe_dump(record, allow_unicode=True, sort_keys=False, width=200)


@pytest.fixture(autouse=True)
def _english_locale(monkeypatch: pytest.MonkeyPatch) -> None:
    """The CLI takes its default language from the locale; tests that want another one set it."""
    for variable in ("LC_ALL", "LC_MESSAGES", "LANG", "LANGUAGE"):
        monkeypatch.delenv(variable, raising=False)


# The site the tests build is published the way a project page is: under a sub-path of its host
# (GitHub Pages serves https://OWNER.github.io/REPO/). The browser tests serve it under that path.
SITE_URL = "https://cardrules.test/cardrules/"
SUB_PATH = "/cardrules"
REPO_URL = "https://git.cardrules.test/cardrules/cardrules"
BUILD_ENV = {
    "NO_MKDOCS_2_WARNING": "1",
    "PATH": "/usr/bin:/bin",
    "SITE_URL": SITE_URL,
    "REPO_URL": REPO_URL,
}


def build_site(out: Path, root: Path = ROOT) -> subprocess.CompletedProcess[str]:
    """``mkdocs build --strict`` of the project at ``root`` into ``out``, published at SITE_URL."""
    return subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "--site-dir", str(out)],
        cwd=root,
        capture_output=True,
        text=True,
        env=BUILD_ENV,
        check=False,
    )


def copy_project(copy: Path) -> Path:
    """What the site build reads, copied to ``copy`` (node_modules linked): a project to change in a test."""
    import shutil

    ignore = shutil.ignore_patterns(
        ".venv", ".git", "site", "__pycache__", ".pytest_cache", ".hypothesis", ".cache"
    )
    for part in ("docs", "locale", "overrides", "site_tools", "referee", "examples", "scripts"):
        shutil.copytree(ROOT / part, copy / part, ignore=ignore)
    for name in ("mkdocs.yml", "package.json", "package-lock.json", "babel.cfg"):
        shutil.copy(ROOT / name, copy / name)
    (copy / "node_modules").symlink_to(
        ROOT / "node_modules"
    )  # the checker's Pyodide, installed by ./run
    for generated in ("ru", "de"):
        shutil.rmtree(copy / "docs" / generated, ignore_errors=True)
    return copy


@pytest.fixture(scope="session")
def site(tmp_path_factory) -> Path:
    """The whole site, built once per test session with --strict, for SITE_URL (a sub-path).

    ``CARDRULES_BUILT_SITE=DIR`` uses a site already built that way (``BUILD_ENV``) instead: for
    running a few site or browser tests again while working, never in CI.
    """
    import os

    built = os.environ.get("CARDRULES_BUILT_SITE")
    if built and not os.environ.get("CI"):
        return Path(built)
    out = tmp_path_factory.mktemp("site")
    done = build_site(out)
    assert done.returncode == 0, done.stdout + done.stderr
    return out


def field_paths(data, prefix=()):
    """Every path into a record's data: mapping keys and list indices, the record itself first."""
    yield prefix
    if isinstance(data, dict):
        for k, v in data.items():
            yield from field_paths(v, (*prefix, k))
    elif isinstance(data, list):
        for i, v in enumerate(data):
            yield from field_paths(v, (*prefix, i))


def mutate(record: dict, draw, junk, delete: bool) -> dict:
    """A copy of ``record`` with one field (chosen by ``draw`` from its paths) deleted or set to ``junk``."""
    import copy

    record = copy.deepcopy(record)
    path = draw([p for p in field_paths(record) if p])
    parent = record
    for part in path[:-1]:
        parent = parent[part]
    if delete:
        del parent[path[-1]]
    else:
        parent[path[-1]] = junk
    return record


def verdict_or_typed_error(record: dict):
    """Check a record: its verdict (exit 0 or 1), or None after asserting that only typed errors came."""
    from referee import check_text
    from referee.errors import RecordErrors, RefereeError

    try:
        verdict = check_text(dump(record))
    except RefereeError as err:
        errors = err.errors if isinstance(err, RecordErrors) else [err]
        for e in errors:
            assert e.code and all(e.render(lang) for lang in ("en", "ru", "de"))
        return None
    assert verdict.exit_status in (0, 1)
    return verdict


def errors_of(text: str) -> list:
    """Every typed error that makes a record unusable (the test fails if the record can be used)."""
    from referee import check_text
    from referee.errors import RecordErrors, RefereeError

    with pytest.raises(RefereeError) as info:
        check_text(text)
    err = info.value
    return err.errors if isinstance(err, RecordErrors) else [err]


def error_after(base: str, old: str, new: str, code: str):
    """The typed error ``code`` that makes ``base`` unusable once its first ``old`` is replaced by ``new``
    (the test fails if ``old`` is not in ``base`` or no such error comes)."""
    assert old in base
    errors = errors_of(base.replace(old, new, 1))
    assert code in [e.code for e in errors], [e.code for e in errors]
    return next(e for e in errors if e.code == code)


def cli_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], text: str, code: str, lang: str
) -> dict:
    """``referee check --json`` of ``text`` exits 2 with the error ``code``, which is returned as JSON; the
    readable answer in ``lang`` exits 2 as well, without a traceback (:func:`cli_refusal`)."""
    import json

    from referee.cli.command import main

    path = tmp_path / "bad.yaml"
    path.write_text(text, encoding="utf-8")
    assert main(["check", str(path), "--json"]) == 2
    errors = json.loads(capsys.readouterr().out)["errors"]
    assert code in [e["code"] for e in errors], errors
    cli_refusal(tmp_path, capsys, text, lang)
    return next(e for e in errors if e["code"] == code)


def cli_refusal(tmp_path: Path, capsys: pytest.CaptureFixture[str], text: str, lang: str) -> str:
    """``referee check --lang LANG`` of ``text`` exits 2 without a traceback: its error output."""
    from referee.cli.command import main

    path = tmp_path / "bad.yaml"
    path.write_text(text, encoding="utf-8")
    assert main(["check", str(path), "--lang", lang]) == 2
    err = capsys.readouterr().err
    assert "Traceback" not in err
    return err


def unusable_after(data: dict, change: Callable[[dict], object]) -> None:
    """``change`` spoils the first deal of the record ``data``, which must then be unusable."""
    from referee import check_text
    from referee.errors import RecordErrors

    change(data["deals"][0])
    with pytest.raises(RecordErrors):
        check_text(yaml.safe_dump(data, allow_unicode=True))
