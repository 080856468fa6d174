"""Shared helpers for the tests."""

from __future__ import annotations

import subprocess
import sys
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


@pytest.fixture(scope="session")
def site(tmp_path_factory) -> Path:
    """The whole site, built once per test session with --strict."""
    out = tmp_path_factory.mktemp("site")
    done = subprocess.run([sys.executable, "-m", "mkdocs", "build", "--strict", "--site-dir", str(out)], cwd=ROOT,
                          capture_output=True, text=True, env={"NO_MKDOCS_2_WARNING": "1", "PATH": "/usr/bin:/bin"},
                          check=False)
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
    from referee.cli import check_text
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
    from referee.cli import check_text
    from referee.errors import RecordErrors, RefereeError

    with pytest.raises(RefereeError) as info:
        check_text(text)
    err = info.value
    return err.errors if isinstance(err, RecordErrors) else [err]
