#!/usr/bin/env python3
"""Throughput of the referee, on one core: medians of several timed batches.

    python scripts/benchmark.py [--batches 7] [--seconds 0.5]

Rows: random legal full deals per second per game and player count (shuffle, deal, random legal
play to the end), and full-play records checked per second (from parsed data, and from YAML text
including parsing). The machines are shared and noisy: compare ratios within one run.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable

import yaml

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


def rate(fn: Callable[[int], object], batches: int, seconds: float) -> float:
    """Median calls per second over ``batches`` batches of about ``seconds`` each."""
    n = 1
    while True:  # calibrate a batch size
        start = time.perf_counter()
        for i in range(n):
            fn(i)
        if time.perf_counter() - start > seconds / 4:
            break
        n *= 2
    n = max(1, int(n * seconds / max(time.perf_counter() - start, 1e-9) / 4))
    rates = []
    for _ in range(batches):
        start = time.perf_counter()
        for i in range(n):
            fn(i)
        rates.append(n / (time.perf_counter() - start))
    return statistics.median(rates)


def layout_game_rows(rng: random.Random, batches: int, seconds: float) -> list[tuple[str, float]]:
    """Random hands per second and full-play records checked per second of the layout games."""
    from referee.simulate.kings_corners import kings_corners_deal, kings_corners_play

    rows = [(f"kings-corners {n}p random hands/s", rate(lambda i, n=n: kings_corners_play(rng, n, i % n), batches,
                                                        seconds)) for n in (2, 4)]
    texts = [yaml.safe_dump({"game": "kings-corners", "players": NAMES[:3],
                             "deals": [kings_corners_deal(rng, NAMES[:3], k % 3)]}, allow_unicode=True)
             for k in range(50)]
    rows.append(("kings-corners 3p full-play records checked/s (YAML text)",
                 rate(lambda i: check_text(texts[i % len(texts)]), batches, seconds)))
    from referee.simulate.construction import construction_play, construction_turns

    rows.append(("construction random turns/s (games of 100 cards)",
                 100 * rate(lambda i: construction_play(rng, 100), batches, seconds)))
    games = [yaml.safe_dump({"game": "construction", "players": NAMES[:2], "black": NAMES[0],
                             "deals": [{"turns": construction_turns(rng, 100)}]}, allow_unicode=True)
             for _ in range(5)]
    rows.append(("construction records of 100 turns checked/s (YAML text)",
                 rate(lambda i: check_text(games[i % len(games)]), batches, seconds)))
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--batches", type=int, default=7)
    parser.add_argument("--seconds", type=float, default=0.5)
    args = parser.parse_args()
    rng = random.Random(2026)
    rows: list[tuple[str, float]] = []
    for n in (2, 3, 4, 5, 6):
        rows.append((f"catch-the-ten {n}p random deals/s",
                     rate(lambda i, n=n: catch_the_ten_play(rng, n, i % n), args.batches, args.seconds)))
    rows.append(("minnesota-whist random deals/s",
                 rate(lambda i: minnesota_whist_play(rng, i % 4), args.batches, args.seconds)))
    for n in (3, 4, 5):
        rows.append((f"yacht {n}p random deals/s", rate(lambda i, n=n: yacht_play(rng, n, i % n), args.batches,
                                                       args.seconds)))
    rows.append(("yacht 4p original play rules random deals/s",
                 rate(lambda i: yacht_play(rng, 4, i % 4, must_trump=False, trump_breaking=True), args.batches,
                      args.seconds)))
    # Every auction says yes once, so that each timed deal is played (a thrown-in deal has no play).
    one_yes = [(True, True), (False, False), (False, False)]
    rows.append(("trump-seven random deals/s",
                 rate(lambda i: trump_seven_play(rng, i % 3, auction=one_yes), args.batches, args.seconds)))
    rows.append(("reunion random deals/s", rate(lambda i: reunion_play(rng, i % 3), args.batches, args.seconds)))
    records = {
        "catch-the-ten 4p": [{"game": "catch-the-ten", "players": NAMES[:4],
                              "deals": [catch_the_ten_deal(rng, NAMES[:4], k % 4)]} for k in range(200)],
        "minnesota-whist": [{"game": "minnesota-whist", "players": NAMES[:4],
                             "teams": {"We": [NAMES[0], NAMES[2]], "They": [NAMES[1], NAMES[3]]},
                             "deals": [minnesota_whist_deal(rng, NAMES[:4], k % 4)]} for k in range(200)],
        "yacht 4p": [{"game": "yacht", "players": NAMES[:4], "deals": [yacht_deal(rng, NAMES[:4], k % 4)]}
                     for k in range(200)],
        "trump-seven": [{"game": "trump-seven", "players": NAMES[:3],
                         "deals": [trump_seven_deal(rng, NAMES[:3], k % 3, auction=one_yes)]} for k in range(200)],
        "reunion": [{"game": "reunion", "players": NAMES[:3], "deals": [reunion_deal(rng, NAMES[:3], k % 3)]}
                    for k in range(200)],
    }
    for label, recs in records.items():
        texts = [yaml.safe_dump(r, allow_unicode=True, sort_keys=False) for r in recs]
        docs = [load_text(t) for t in texts]
        game = GAMES[recs[0]["game"]]
        rows.append((f"{label} full-play records checked/s (parsed)",
                     rate(lambda i, docs=docs, game=game: game.check(docs[i % len(docs)]), args.batches, args.seconds)))
        rows.append((f"{label} full-play records checked/s (YAML text)",
                     rate(lambda i, texts=texts: check_text(texts[i % len(texts)]), args.batches, args.seconds)))
    rows += layout_game_rows(rng, args.batches, args.seconds)
    width = max(len(label) for label, _ in rows)
    print(f"{'measure':<{width}}  median/s")
    for label, value in rows:
        print(f"{label:<{width}}  {value:>9,.0f}")


if __name__ == "__main__":
    main()
