"""A line per test file as it ends, so a long run says where it is (``./run test`` loads this plugin).

pytest's own ``-q`` output is a row of dots and a percentage; on two cores the suite runs about ten
minutes, and a file such as the site build sits on one dot for a minute. This plugin prints, when a
file's last test ends, the file, its counts, its time and where the run stands::

    run: tests/test_cli.py                      62 passed        3.1 s   [ 812/1570, 4:10]

A file's time is the sum of its tests' set-up, call and tear-down times (its fixtures included), so
it means the same whether the suite runs in one process or in several (``./run test`` runs it on
two pytest-xdist workers, which finish files in any order: a file's line comes when its last test
is torn down, wherever that ran).

Passed tests print no dot of their own (the file line counts them); a failure, an error or a skip
still shows pytest's letter, and pytest's summary comes last, as always.
"""

from __future__ import annotations

import sys
import time
from collections import Counter
from collections.abc import Iterable
from typing import Any

import pytest

_state: dict[str, Any] = {
    "start": 0.0,
    "total": 0,
    "done": 0,
    "files": {},
    "seconds": Counter(),
    "expected": Counter(),
    "ended": Counter(),
    "worker": False,
}


def _file(nodeid: str) -> str:
    return nodeid.split("::", 1)[0]


def _collected(nodeids: Iterable[str]) -> None:
    """Remember how many tests each file has: its line comes when that many have been torn down."""
    nodeids = list(nodeids)
    _state["total"] = len(nodeids)
    _state["expected"] = Counter(_file(n) for n in nodeids)
    _state["start"] = time.monotonic()


def pytest_configure(config: pytest.Config) -> None:
    # An xdist worker reports to the controller, which prints; the worker itself prints nothing.
    _state["worker"] = hasattr(config, "workerinput")


def pytest_collection_finish(session: pytest.Session) -> None:
    """In one process: the tests that run (after -k and the like) are known here."""
    if not _state["worker"]:
        _collected(item.nodeid for item in session.items)


@pytest.hookimpl(optionalhook=True)
def pytest_xdist_node_collection_finished(node: Any, ids: list[str]) -> None:
    """With xdist: each worker collects the same tests; the controller learns them here."""
    if not _state["total"]:
        _collected(ids)


def pytest_report_teststatus(
    report: pytest.TestReport, config: pytest.Config
) -> tuple[str, str, str] | None:
    """No dot for a passed test: the file's line counts it."""
    if report.when == "call" and report.passed and not hasattr(report, "wasxfail"):
        return "passed", "", "PASSED"
    return None


def pytest_runtest_logreport(report: pytest.TestReport) -> None:
    """Count each test's outcome and time; when a file's last test is torn down, print the file's line."""
    if _state["worker"]:
        return
    name = _file(report.nodeid)
    counts: Counter[str] = _state["files"].setdefault(name, Counter())
    _state["seconds"][name] += report.duration  # set-up and tear-down hold the fixtures' time
    if report.when == "call" or (report.when == "setup" and not report.passed):
        counts["passed" if report.passed else "skipped" if report.skipped else "failed"] += 1
        _state["done"] += 1
    if report.when != "teardown":
        return
    _state["ended"][name] += 1
    if _state["ended"][name] != _state["expected"][name]:
        return
    total = time.monotonic() - _state["start"]
    words = ", ".join(f"{counts[k]} {k}" for k in ("passed", "failed", "skipped") if counts[k])
    sys.stdout.write(
        f"\nrun: {name:<44} {words:<22} {_state['seconds'][name]:6.1f} s   "
        f"[{_state['done']:>4}/{_state['total']}, {int(total) // 60}:{int(total) % 60:02d}]"
    )
    sys.stdout.flush()
