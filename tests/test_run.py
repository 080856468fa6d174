"""``./run`` forwards every command of the referee, and the README's on-ramp stays short (issue 39)."""

from __future__ import annotations

import re
import subprocess

import pytest

from referee.cli import command
from tests.conftest import ROOT


def referee_commands() -> list[str]:
    """The referee's subcommands, as its own ``--help`` lists them."""
    found = re.search(r"\{([a-z,]+)\}", command.build_parser().format_help())
    assert found
    return found.group(1).split(",")


@pytest.mark.parametrize("name", referee_commands())
def test_run_forwards_every_referee_command(name: str) -> None:
    done = subprocess.run(
        [str(ROOT / "run"), name, "--help"], capture_output=True, text=True, check=False
    )
    assert done.returncode == 0 and "unknown command" not in done.stderr, done.stderr
    assert f"usage: referee {name}" in done.stdout
    assert re.search(rf"^  {name}\b|\| {name}\b", (ROOT / "run").read_text(), re.M), (
        f"./run's usage does not list {name}"
    )


def test_run_rules_prints_a_games_rules() -> None:
    done = subprocess.run(
        [str(ROOT / "run"), "rules", "comet"], capture_output=True, text=True, check=False
    )
    assert done.returncode == 0 and "G4-R01" in done.stdout, done.stderr


def test_the_readme_reaches_the_contribution_section_in_150_lines() -> None:
    lines = (ROOT / "README.md").read_text(encoding="utf-8").split("\n")
    at = next(i for i, line in enumerate(lines) if line.startswith("## Contribute"))
    assert at <= 150
    heads = [line for line in lines[:at] if line.startswith("## ")]
    assert heads[:3] == ["## Quick start", "## What this is", "## Settle a score"]
    assert "## Play" in heads
    contributing = (ROOT / "CONTRIBUTING.md").read_text(encoding="utf-8")
    for step in ("branch", "fast subset", "whole suite", "What CI checks", "pull request"):
        assert step in contributing, step
