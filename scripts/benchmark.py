#!/usr/bin/env python3
"""Throughput of the referee as multiples of a naive pure-Python trick loop measured in the same run.

    python scripts/benchmark.py [--rounds 5] [--seconds 0.25] [--only yacht]

Rows: random legal deals per second per game (shuffle, deal, random legal play to the end) and
full-play records checked per second (from parsed data, and from YAML text including parsing).
Each row is compared with ``scripts/naive_trick_loop.py`` on a pack and table of the same shape
(the same number of players, 36, 52 or 32 cards). The machines are shared and noisy, so every
measurement runs once per round, interleaved with the naive loop, in CPU time; a row's ratio is
the median of its per-round ratios, and the spread is the lowest and highest of them.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

import yaml

sys.path.insert(0, str(Path(__file__).resolve().parent))
from naive_trick_loop import naive_deal

from referee.cli import check_text
from referee.games import GAMES
from referee.simulate import (
    catch_the_ten_deal,
    catch_the_ten_play,
    minnesota_whist_deal,
    minnesota_whist_play,
    reunion_deal,
    reunion_play,
    trump_seven_deal,
    trump_seven_play,
    yacht_deal,
    yacht_play,
)
from referee.source import load_text

NAMES = ["Anna", "Boris", "Vera", "Gleb", "Dasha", "Egor"]
# Every Trump 7 auction says yes once, so that each timed deal is played (a thrown-in deal has no play).
ONE_YES = [(True, True), (False, False), (False, False)]


@dataclass
class Measure:
    """One thing to time: ``fn(i)`` is one unit of work; ``shape`` names the naive loop it is compared with."""

    label: str
    fn: Callable[[int], object]
    shape: tuple[int, int] | None = None  # (players, lowest rank) of the naive loop; None: it is a naive loop
    batch: int = 1
    rates: list[float] = field(default_factory=list)


def naive(players: int, low: int) -> Measure:
    """The naive loop on ``players`` players and a pack from ``low`` to the ace."""
    rng = random.Random(players * 100 + low)
    return Measure(f"naive loop {players}p {(15 - low) * 4} cards", lambda i: naive_deal(rng, players, low))


def deal_measures(rng: random.Random) -> list[Measure]:
    """Random legal deals of every game."""
    out = [Measure(f"catch-the-ten {n}p random deals", lambda i, n=n: catch_the_ten_play(rng, n, i % n), (n, 6))
           for n in (2, 3, 4, 5, 6)]
    out.append(Measure("minnesota-whist random deals", lambda i: minnesota_whist_play(rng, i % 4), (4, 2)))
    out += [Measure(f"yacht {n}p random deals", lambda i, n=n: yacht_play(rng, n, i % n), (n, 2)) for n in (3, 4, 5)]
    out.append(Measure("yacht 4p original rules random deals",
                       lambda i: yacht_play(rng, 4, i % 4, must_trump=False, trump_breaking=True), (4, 2)))
    out.append(Measure("trump-seven random deals", lambda i: trump_seven_play(rng, i % 3, auction=ONE_YES), (3, 7)))
    out.append(Measure("reunion random deals", lambda i: reunion_play(rng, i % 3), (3, 7)))
    return out


def sample_records(rng: random.Random, count: int = 200) -> dict[str, tuple[list[dict], tuple[int, int]]]:
    """``count`` random one-deal full-play records per game, and the naive shape each is compared with."""
    return {
        "catch-the-ten 4p": ([{"game": "catch-the-ten", "players": NAMES[:4],
                               "deals": [catch_the_ten_deal(rng, NAMES[:4], k % 4)]} for k in range(count)], (4, 6)),
        "minnesota-whist": ([{"game": "minnesota-whist", "players": NAMES[:4],
                              "teams": {"We": [NAMES[0], NAMES[2]], "They": [NAMES[1], NAMES[3]]},
                              "deals": [minnesota_whist_deal(rng, NAMES[:4], k % 4)]} for k in range(count)], (4, 2)),
        "yacht 4p": ([{"game": "yacht", "players": NAMES[:4], "deals": [yacht_deal(rng, NAMES[:4], k % 4)]}
                      for k in range(count)], (4, 2)),
        "trump-seven": ([{"game": "trump-seven", "players": NAMES[:3],
                          "deals": [trump_seven_deal(rng, NAMES[:3], k % 3, auction=ONE_YES)]} for k in range(count)],
                        (3, 7)),
        "reunion": ([{"game": "reunion", "players": NAMES[:3], "deals": [reunion_deal(rng, NAMES[:3], k % 3)]}
                     for k in range(count)], (3, 7)),
    }


def record_measures(rng: random.Random) -> list[Measure]:
    """Full-play records checked: from parsed data, and from YAML text (parsing included)."""
    out = []
    for label, (records, shape) in sample_records(rng).items():
        texts = [yaml.safe_dump(r, allow_unicode=True, sort_keys=False) for r in records]
        docs = [load_text(t) for t in texts]
        game = GAMES[records[0]["game"]]
        out.append(Measure(f"{label} records checked (parsed)",
                           lambda i, docs=docs, game=game: game.check(docs[i % len(docs)]), shape))
        out.append(Measure(f"{label} records checked (YAML text)",
                           lambda i, texts=texts: check_text(texts[i % len(texts)]), shape))
    return out


def calibrate(measure: Measure, seconds: float) -> None:
    """Choose a batch size that takes about ``seconds`` of CPU time (after a warm-up)."""
    n = 1
    while True:
        start = time.process_time()
        for i in range(n):
            measure.fn(i)
        spent = time.process_time() - start
        if spent > seconds / 4:
            break
        n *= 2
    measure.batch = max(1, int(n * seconds / max(spent, 1e-9)))


def run_interleaved(measures: list[Measure], rounds: int, seconds: float) -> None:
    """Time every measure once per round, in turn, so that a burst of load hits them all alike."""
    for m in measures:
        calibrate(m, seconds)
    for _ in range(rounds):
        for m in measures:
            fn, n = m.fn, m.batch
            start = time.process_time()
            for i in range(n):
                fn(i)
            m.rates.append(n / max(time.process_time() - start, 1e-9))


def report(measures: list[Measure], naives: dict[tuple[int, int], Measure]) -> list[str]:
    """The table: median rate, and the median and spread of the per-round ratios to the naive loop."""
    width = max(len(m.label) for m in measures)
    lines = [f"{'measure (per second, CPU time)':<{width}}  {'median':>9}  {'× naive':>7}  spread (min–max)"]
    for m in measures:
        median = statistics.median(m.rates)
        if m.shape is None:
            lines.append(f"{m.label:<{width}}  {median:>9,.0f}  {'':>7}  {min(m.rates):,.0f}–{max(m.rates):,.0f}")
            continue
        ratios = [a / b for a, b in zip(m.rates, naives[m.shape].rates, strict=True)]
        lines.append(f"{m.label:<{width}}  {median:>9,.0f}  {statistics.median(ratios):>6.2f}×  "
                     f"{min(ratios):.2f}–{max(ratios):.2f}")
    return lines


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=5, help="timed batches per measure, interleaved")
    parser.add_argument("--seconds", type=float, default=0.25, help="CPU seconds per batch")
    parser.add_argument("--only", default="", help="only the rows whose label contains this text")
    args = parser.parse_args()
    rng = random.Random(2026)
    measures = [m for m in deal_measures(rng) + record_measures(rng) if args.only in m.label]
    naives = {shape: naive(*shape) for shape in sorted({m.shape for m in measures if m.shape})}
    everything = list(naives.values()) + measures
    run_interleaved(everything, args.rounds, args.seconds)
    print("\n".join(report(everything, naives)))


if __name__ == "__main__":
    main()
