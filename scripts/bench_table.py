#!/usr/bin/env python3
"""How long a move takes at the practice table once the referee is ready (``referee.simulate.practice``).

    python scripts/benchmark.py --table [--deals 5] [--lang ru] [--only SLUG]
    python scripts/benchmark.py --table --soak [--deals 2000] [--judge-every 1]

For every game, whole deals are played through the page's interface (:func:`referee.simulate.practice.act`,
what the worker answers for a move: the reader's move checked, the computer players' replies up to the
reader's next turn, the snapshot as JSON, and at the end the verdict of the record) with the reader
choosing at random. Each move is timed on the wall clock; the table gives the median, the 95th percentile
and the worst move per game in milliseconds (the last move apart, which also checks the record and gives
the verdict: its median is the last column), and the first snapshot (:func:`~referee.simulate.practice.start`).
Each move is timed twice: on the wall clock and in the process's CPU time (on a busy machine the wall
clock also counts the time others had the processor). This is CPython; Pyodide in a browser runs the
same code about two to four times slower (``./run bench --browser --table`` measures it there).

With ``--soak``, thousands of deals a game instead, every seat a computer player, every move checked by
the game's rules and every record judged as the page and ``referee check`` judge it
(:mod:`referee.simulate.soak`): deals, moves, illegal moves, verdict mismatches and seconds per game.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from referee.games import GAMES
from referee.simulate.practice import act, start


def percentile(values: list[float], share: float) -> float:
    """The value below which ``share`` of ``values`` lie (nearest rank)."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def measure(
    slug: str, deals: int, lang: str, cpu: list[float] | None = None
) -> tuple[list[float], list[float], list[float]]:
    """(first snapshots, moves, last moves) in milliseconds of the wall clock for ``deals`` deals of
    ``slug`` (the moves' CPU milliseconds added to ``cpu``); a deal's last move also checks the record
    and gives the verdict."""
    firsts: list[float] = []
    moves: list[float] = []
    lasts: list[float] = []
    cpu = cpu if cpu is not None else []
    for seed in range(1, deals + 1):
        rng = random.Random(seed)
        begin = time.perf_counter()
        answer = json.loads(start(slug, seed, lang))
        firsts.append(1000 * (time.perf_counter() - begin))
        chosen: list[str] = []
        while not answer["over"]:
            token = (
                answer["hint"] if slug == "construction" else rng.choice(answer["choices"])["token"]
            )
            begin, used = time.perf_counter(), time.process_time()
            answer = json.loads(act(slug, seed, lang, chosen, token))
            (lasts if answer["over"] else moves).append(1000 * (time.perf_counter() - begin))
            if not answer["over"]:
                cpu.append(1000 * (time.process_time() - used))
            chosen.append(token)
    return firsts, moves, lasts


def soak_all(deals: int, judge_every: int, only: str) -> bool:
    """The soak: ``deals`` deals of every game; True if nothing was illegal and every verdict agreed."""
    from referee.simulate.soak import soak

    print(f"{'game':<18} {'deals':>6} {'moves':>8} {'illegal':>8} {'mismatch':>9} {'seconds':>8}")
    clean = True
    for slug in GAMES:
        if only not in slug:
            continue
        begin = time.perf_counter()
        result = soak(slug, range(deals), judge_every)
        print(
            f"{slug:<18} {result.deals:>6} {result.moves:>8} {len(result.illegal):>8} "
            f"{len(result.mismatches):>9} {time.perf_counter() - begin:>8.1f}"
        )
        for line in (result.illegal + result.mismatches)[:5]:
            print(f"    {line}")
        clean = clean and not result.illegal and not result.mismatches
    return clean


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--deals", type=int, default=None, help="deals per game (5; soak: 2000)")
    parser.add_argument("--lang", default="ru", help="the page's language")
    parser.add_argument("--only", default="", help="only the games whose slug contains this text")
    parser.add_argument(
        "--soak", action="store_true", help="thousands of computer deals, checked (see above)"
    )
    parser.add_argument(
        "--judge-every", type=int, default=1, help="soak: judge every N-th deal's record"
    )
    args = parser.parse_args(argv)
    if args.soak:
        if not soak_all(args.deals or 2000, args.judge_every, args.only):
            raise SystemExit(1)
        return
    deals = args.deals or 5
    print(
        f"{'game':<18} {'moves':>6} {'median ms':>10} {'p95 ms':>8} {'worst ms':>9} {'first ms':>9} "
        f"{'last ms':>8} {'cpu median':>11} {'cpu p95':>8} {'cpu worst':>10}"
    )
    for slug in GAMES:
        if args.only not in slug:
            continue
        cpu: list[float] = []
        firsts, moves, lasts = measure(slug, deals, args.lang, cpu)
        print(
            f"{slug:<18} {len(moves):>6} {statistics.median(moves):>10.1f} "
            f"{percentile(moves, 0.95):>8.1f} {max(moves):>9.1f} {statistics.median(firsts):>9.1f} "
            f"{statistics.median(lasts):>8.1f} {statistics.median(cpu):>11.1f} "
            f"{percentile(cpu, 0.95):>8.1f} {max(cpu):>10.1f}"
        )


if __name__ == "__main__":
    main()
