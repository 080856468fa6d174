"""A line per test file as it ends, so a long run says where it is (``./run test`` loads this plugin).

pytest's own ``-q`` output is a row of dots and a percentage; on two cores the suite runs about ten
minutes, and a file such as the site build sits on one dot for a minute. This plugin prints, when a
file's last test ends, the file, its counts, its time and where the run stands::

    run: tests/test_cli.py                      62 passed        3.1 s   [ 812/1570, 4:10]

Passed tests print no dot of their own (the file line counts them); a failure, an error or a skip
still shows pytest's letter, and pytest's summary comes last, as always.
"""

from __future__ import annotations

import sys
import time
from collections import Counter
from typing import Any

import pytest

_state: dict[str, Any] = {
    "start": 0.0,
    "total": 0,
    "done": 0,
    "files": {},
    "last": {},
    "ended": 0.0,
}


def _file(nodeid: str) -> str:
    return nodeid.split("::", 1)[0]


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Remember which test ends each file (items run in collection order)."""
    _state["total"] = len(items)
    _state["last"] = {_file(item.nodeid): item.nodeid for item in items}
    _state["start"] = _state["ended"] = time.monotonic()


def pytest_report_teststatus(
    report: pytest.TestReport, config: pytest.Config
) -> tuple[str, str, str] | None:
    """No dot for a passed test: the file's line counts it."""
    if report.when == "call" and report.passed and not hasattr(report, "wasxfail"):
        return "passed", "", "PASSED"
    return None


def pytest_runtest_logreport(report: pytest.TestReport) -> None:
    """Count each test's outcome; when a file's last test is torn down, print the file's line."""
    name = _file(report.nodeid)
    counts: Counter[str] = _state["files"].setdefault(name, Counter())
    if report.when == "call" or (report.when == "setup" and not report.passed):
        counts["passed" if report.passed else "skipped" if report.skipped else "failed"] += 1
        _state["done"] += 1
    if report.when == "teardown" and _state["last"].get(name) == report.nodeid:
        now = time.monotonic()
        elapsed, total = (
            now - _state["ended"],
            now - _state["start"],
        )  # a file's time includes its fixtures
        _state["ended"] = now
        words = ", ".join(f"{counts[k]} {k}" for k in ("passed", "failed", "skipped") if counts[k])
        sys.stdout.write(
            f"\nrun: {name:<44} {words:<22} {elapsed:6.1f} s   [{_state['done']:>4}/{_state['total']}, "
            f"{int(total) // 60}:{int(total) % 60:02d}]"
        )
        sys.stdout.flush()
