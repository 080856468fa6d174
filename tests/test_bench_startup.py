"""The start-up benchmark (``./run bench --startup``) runs its four starts and reports each: its shape, not
its times (timing is the benchmark's business, never a test's)."""

import importlib.util
from pathlib import Path

import pytest

from tests.conftest import run_python


def test_the_startup_benchmark_reports_four_starts(capsys: pytest.CaptureFixture[str]) -> None:
    path = Path(__file__).resolve().parent.parent / "scripts" / "bench_startup.py"
    spec = importlib.util.spec_from_file_location("bench_startup", path)
    assert spec and spec.loader
    bench = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(bench)
    bench.main(["--runs", "1"])
    rows = capsys.readouterr().out.splitlines()
    assert [row.split("  ")[0].strip() for row in rows[1:]] == [
        "bare",
        "check",
        "bare, no bytecode",
        "check, no bytecode",
    ]
    assert all(int(row[34:41]) > 0 for row in rows[1:])  # the median CPU milliseconds of each start


def test_checking_a_trick_game_record_loads_no_dataclasses() -> None:
    """``referee check`` of a Korol record imports neither :mod:`dataclasses` nor :mod:`inspect` (which
    it imports): the values on that path are :class:`referee.values.Value` classes, a fifth of a start
    without bytecode less (issue 40). The modules are looked for, not timed."""
    root = Path(__file__).resolve().parent.parent
    script = (
        "import sys\n"
        "from referee.cli import main\n"
        f"status = main(['check', {str(root / 'examples/korol/full-play.yaml')!r}])\n"
        "print(status, 'dataclasses' in sys.modules, 'inspect' in sys.modules)\n"
    )
    done = run_python(script, check=True)
    assert done.stdout.splitlines()[-1] == "0 False False"
