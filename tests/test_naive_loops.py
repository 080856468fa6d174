"""The benchmark's yardsticks (``scripts/naive_*.py``) still run and play whole games: their doctests."""

from __future__ import annotations

import doctest
import sys
from pathlib import Path

import pytest

SCRIPTS = Path(__file__).resolve().parent.parent / "scripts"


@pytest.mark.parametrize("name", ["naive_trick_loop", "naive_turn_loops"])
def test_the_naive_loops_doctests_pass(name, monkeypatch):
    monkeypatch.syspath_prepend(str(SCRIPTS))
    module = __import__(name)
    try:
        result = doctest.testmod(module)
    finally:
        sys.modules.pop(name, None)
    assert result.attempted > 0 and result.failed == 0
