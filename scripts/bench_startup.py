#!/usr/bin/env python3
"""The command line's start-up: ``referee check`` on one record against a bare Python start, CPU time.

    ./run bench --startup [--runs 15] [--record examples/korol/full-play.yaml]

Four child processes a round, interleaved round by round (the machine is shared and noisy):

- **bare**: ``python -c pass`` with this interpreter and its ``site`` (the virtual environment's
  editable-install finder included, as the command has it too);
- **check**: ``referee check RECORD`` (the console script's two lines, run with ``-c``), with the
  package's bytecode in ``__pycache__`` (any run after the first);
- **bare, no bytecode** and **check, no bytecode**: the same with ``-B`` and the ``referee``
  package copied without its ``__pycache__`` (the standard library keeps its bytecode, as on any
  installed Python): the cost of a read-only checkout or the very first run.

CPU time is user + system of each child (``resource.getrusage(RUSAGE_CHILDREN)``). The report gives
the medians, and the median of the per-round differences "check − bare": the time the referee adds.
"""

from __future__ import annotations

import argparse
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def child_cpu(args: list[str], env: dict[str, str]) -> float:
    """CPU seconds (user + system) of one child process run to its end; its output is thrown away.

    It runs in the temporary folder: ``-c`` puts the working folder first on ``sys.path``, and the
    project's root would shadow the copy without bytecode.
    """
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    done = subprocess.run(
        args,
        env=env,
        cwd=env["HOME"],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        check=False,
    )
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode not in (
        0,
        1,
    ):  # 1 is a verdict (the record disagrees), not a failure of the start
        raise SystemExit(
            f"{' '.join(args)} failed ({done.returncode}): {done.stderr.decode()[-400:]}"
        )
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--runs", type=int, default=15, help="rounds (each runs the four starts once)"
    )
    parser.add_argument("--record", default=str(ROOT / "examples" / "korol" / "full-play.yaml"))
    args = parser.parse_args(argv)
    python = sys.executable
    with tempfile.TemporaryDirectory() as tmp:
        copy = Path(tmp) / "src"
        shutil.copytree(
            ROOT / "referee", copy / "referee", ignore=shutil.ignore_patterns("__pycache__")
        )
        plain = {"PATH": "/usr/bin:/bin", "LANG": "C.UTF-8", "HOME": tmp}
        fresh = {**plain, "PYTHONPATH": str(copy), "PYTHONDONTWRITEBYTECODE": "1"}
        script = (
            f"import sys; from referee.cli import main; sys.exit(main(['check', {args.record!r}]))"
        )
        check = [python, "-c", script]
        starts = {
            "bare": ([python, "-c", "pass"], plain),
            "check": (check, plain),
            "bare, no bytecode": ([python, "-B", "-c", "pass"], fresh),
            "check, no bytecode": ([python, "-B", *check[1:]], fresh),
        }
        child_cpu(*starts["check"])  # the package's own bytecode written, if it was not yet
        times: dict[str, list[float]] = {name: [] for name in starts}
        for _ in range(args.runs):
            for name, (cmd, env) in starts.items():
                times[name].append(child_cpu(cmd, env))
    print(
        f"{'start (CPU ms, median of ' + str(args.runs) + ')':<34} {'ms':>6}  {'over bare':>9}  spread"
    )
    for name in starts:
        base = "bare, no bytecode" if "no bytecode" in name else "bare"
        over = [1000 * (a - b) for a, b in zip(times[name], times[base], strict=True)]
        extra = (
            ""
            if name == base
            else f"{statistics.median(over):>7.0f}ms  {min(over):.0f}–{max(over):.0f}"
        )
        print(f"{name:<34} {1000 * statistics.median(times[name]):>6.0f}  {extra:>9}")


if __name__ == "__main__":
    main()
