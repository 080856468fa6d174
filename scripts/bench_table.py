#!/usr/bin/env python3
"""How long a move takes at the practice table once the referee is ready (``referee.simulate.practice``).

    python scripts/benchmark.py --table [--deals 5] [--lang ru]

For every game, whole deals are played through the page's interface (:func:`referee.simulate.practice.act`,
what the worker answers for a move: the reader's move checked, the computer players' replies up to the
reader's next turn, the snapshot as JSON, and at the end the verdict of the record) with the reader
choosing at random. Each move is timed on the wall clock; the table gives the median, the 95th percentile
and the worst move per game in milliseconds (the last move apart, which also checks the record and gives
the verdict: its median is the last column), and the first snapshot (:func:`~referee.simulate.practice.start`).
This is CPython; Pyodide in a browser runs the same code about two to four times slower.
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


def measure(slug: str, deals: int, lang: str) -> tuple[list[float], list[float], list[float]]:
    """(first snapshots, moves, last moves) in milliseconds for ``deals`` deals of ``slug``; a deal's last
    move also checks the record and gives the verdict."""
    firsts: list[float] = []
    moves: list[float] = []
    lasts: list[float] = []
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
            begin = time.perf_counter()
            answer = json.loads(act(slug, seed, lang, chosen, token))
            (lasts if answer["over"] else moves).append(1000 * (time.perf_counter() - begin))
            chosen.append(token)
    return firsts, moves, lasts


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--deals", type=int, default=5, help="deals per game")
    parser.add_argument("--lang", default="ru", help="the page's language")
    parser.add_argument("--only", default="", help="only the games whose slug contains this text")
    args = parser.parse_args(argv)
    print(
        f"{'game':<18} {'moves':>6} {'median ms':>10} {'p95 ms':>8} {'worst ms':>9} {'first ms':>9}"
    )
    for slug in GAMES:
        if args.only not in slug:
            continue
        firsts, moves, lasts = measure(slug, args.deals, args.lang)
        print(
            f"{slug:<18} {len(moves):>6} {statistics.median(moves):>10.1f} "
            f"{percentile(moves, 0.95):>8.1f} {max(moves):>9.1f} {statistics.median(firsts):>9.1f} "
            f"{statistics.median(lasts):>8.1f}"
        )


if __name__ == "__main__":
    main()
