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


@pytest.fixture(scope="session")
def site(tmp_path_factory) -> Path:
    """The whole site, built once per test session with --strict."""
    out = tmp_path_factory.mktemp("site")
    done = subprocess.run([sys.executable, "-m", "mkdocs", "build", "--strict", "--site-dir", str(out)], cwd=ROOT,
                          capture_output=True, text=True, env={"NO_MKDOCS_2_WARNING": "1", "PATH": "/usr/bin:/bin"},
                          check=False)
    assert done.returncode == 0, done.stdout + done.stderr
    return out


