"""Shared helpers for the tests."""

from __future__ import annotations

from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = sorted((ROOT / "examples").glob("*/*.yaml"))


def dump(record: dict) -> str:
    """A record as YAML text, the way a user would write it."""
    return yaml.safe_dump(record, allow_unicode=True, sort_keys=False, width=200)
