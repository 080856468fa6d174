#!/usr/bin/env python3
"""Throughput of the referee as multiples of a naive pure-Python trick loop measured in the same run.

    python scripts/benchmark.py [--rounds 5] [--seconds 0.25] [--only yacht]
    python scripts/benchmark.py --browser [--runs 3]     the browser score checker instead (bench_browser.py)
    python scripts/benchmark.py --fuzz 20000 [--seed 1]  mutated record texts instead
    python scripts/benchmark.py --build [--runs 3]       the site build against bare Material (bench_build.py)
    python scripts/benchmark.py --startup [--runs 15]    ``referee check`` against a bare start (bench_startup.py)
    python scripts/benchmark.py --table [--deals 5]      a move at the practice table, after ready (bench_table.py)
    python scripts/benchmark.py --table --soak [--deals 2000]  thousands of computer deals a game, checked
    python scripts/benchmark.py --browser --table [--runs 3]   a move at the table in Chromium (bench_browser_table.py)

Rows: random legal deals per second per game (shuffle, deal, random legal play to the end), full-play
records checked per second (from parsed data, and from YAML and JSON text including parsing; "read
first" rows empty the referee's caches of whole lines before each record, see first_reading) and the
summary records among the examples. A trick game's row is compared with ``scripts/naive_trick_loop.py``
on a pack and table of the same shape (the same number of players, 36, 52 or 32 cards), a turn or
layout game's with its own loop in ``scripts/naive_turn_loops.py`` (Construction has none); a Korol
game is two deals, and its rows are per deal. The machines are shared and noisy, so every
measurement runs once per round, interleaved with the naive loop, in CPU time; a row's ratio is
the median of its per-round ratios, and the spread is the lowest and highest of them.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

import yaml

sys.path.insert(0, str(Path(__file__).resolve().parent))
import naive_turn_loops
from naive_trick_loop import naive_deal

from referee import check_text
from referee.games import GAMES
from referee.records.source import load_text
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

NAMES = ["Anna", "Boris", "Vera", "Gleb", "Dasha", "Egor"]
# Every Trump 7 auction says yes once, so that each timed deal is played (a thrown-in deal has no play).
ONE_YES = [(True, True), (False, False), (False, False)]


Shape = tuple[int, int] | tuple[str, int]
"""A naive loop: (players, lowest rank) of the trick loop, or (turn game, players) of a turn-game loop."""

TURN_LOOPS: dict[str, Callable[[random.Random, int], object]] = {
    "comet": naive_turn_loops.naive_comet,
    "red-and-black": naive_turn_loops.naive_red_and_black,
    "stealing-bundles": naive_turn_loops.naive_stealing_bundles,
    "collector": naive_turn_loops.naive_collector,
    "kings-corners": naive_turn_loops.naive_kings_corners,
}


@dataclass
class Measure:
    """One thing to time: ``fn(i)`` is one unit of work; ``shape`` names the naive loop it is compared with."""

    label: str
    fn: Callable[[int], object]
    shape: Shape | None = (
        None  # the naive loop it is compared with (see naive()); None: it is a naive loop
    )
    batch: int = 1
    units: int = 1  # deals in one ``fn(i)``: a Korol game is two deals, and rates are per deal
    counted: bool = False  # ``fn(i)`` returns the units it did (Construction: the turns played)
    rates: list[float] = field(default_factory=list)


def naive(shape: Shape) -> Measure:
    """The naive loop of ``shape``: the trick loop on a table and pack, or a turn game's own loop."""
    if shape == ("construction", 100):  # no naive loop: its own turns per second in 100-card games
        from referee.simulate.construction import construction_play

        rng = random.Random(100)
        return Measure(
            "construction turns of random games of 100 cards (yardstick)",
            lambda i: len(construction_play(rng, 100).moves),
            counted=True,
        )
    if isinstance(shape[0], str):
        game, players = shape
        loop = TURN_LOOPS[game]
        rng = random.Random(players)
        return Measure(f"naive {game} loop {players}p", lambda i: loop(rng, players))
    players, low = shape
    rng = random.Random(players * 100 + low)
    return Measure(
        f"naive loop {players}p {(15 - low) * 4} cards", lambda i: naive_deal(rng, players, low)
    )


def deal_measures(rng: random.Random) -> list[Measure]:
    """Random legal deals of every game."""
    out = [
        Measure(
            f"catch-the-ten {n}p random deals",
            lambda i, n=n: catch_the_ten_play(rng, n, i % n),
            (n, 6),
        )
        for n in (2, 3, 4, 5, 6)
    ]
    out.append(
        Measure("minnesota-whist random deals", lambda i: minnesota_whist_play(rng, i % 4), (4, 2))
    )
    out += [
        Measure(f"yacht {n}p random deals", lambda i, n=n: yacht_play(rng, n, i % n), (n, 2))
        for n in (3, 4, 5)
    ]
    out.append(
        Measure(
            "yacht 4p original rules random deals",
            lambda i: yacht_play(rng, 4, i % 4, must_trump=False, trump_breaking=True),
            (4, 2),
        )
    )
    out.append(
        Measure(
            "trump-seven random deals",
            lambda i: trump_seven_play(rng, i % 3, auction=ONE_YES),
            (3, 7),
        )
    )
    out.append(Measure("reunion random deals", lambda i: reunion_play(rng, i % 3), (3, 7)))
    return out + new_trick_game_measures(rng)


def new_trick_game_measures(rng: random.Random) -> list[Measure]:
    """Korol (both phases, quotas as caps) and Buy or Pass (buying, passing, leads taken back)."""
    from referee.simulate.buy_or_pass import buy_or_pass_game
    from referee.simulate.korol import korol_game

    return [
        Measure(
            "korol random deals (a game is two, per deal)",
            lambda i: korol_game(rng, i % 4),
            (4, 6),
            units=2,
        ),
        Measure("buy-or-pass random deals", lambda i: buy_or_pass_game(rng, i % 4), (4, 7)),
    ]


def sample_records(
    rng: random.Random, count: int = 200
) -> dict[str, tuple[list[dict], tuple[int, int]]]:
    """``count`` random one-deal full-play records per game, and the naive shape each is compared with.

    A Korol record is one game (two deals); Minnesota Whist's names its teams.
    """
    from referee.simulate.buy_or_pass import buy_or_pass_deal
    from referee.simulate.korol import korol_deal

    def trump_seven_once(rng: random.Random, names: list[str], dealer: int) -> dict:
        return trump_seven_deal(rng, names, dealer, auction=ONE_YES)

    teams = {"teams": {"We": [NAMES[0], NAMES[2]], "They": [NAMES[1], NAMES[3]]}}
    games: list[tuple[str, str, int, Callable[..., dict], tuple[int, int], dict]] = [
        ("catch-the-ten 4p", "catch-the-ten", 4, catch_the_ten_deal, (4, 6), {}),
        ("minnesota-whist", "minnesota-whist", 4, minnesota_whist_deal, (4, 2), teams),
        ("yacht 4p", "yacht", 4, yacht_deal, (4, 2), {}),
        ("trump-seven", "trump-seven", 3, trump_seven_once, (3, 7), {}),
        ("reunion", "reunion", 3, reunion_deal, (3, 7), {}),
        ("korol", "korol", 4, korol_deal, (4, 6), {}),
        ("buy-or-pass", "buy-or-pass", 4, buy_or_pass_deal, (4, 7), {}),
    ]
    out = {}
    for label, slug, n, deal, shape, extra in games:
        names = NAMES[:n]
        records = [
            {"game": slug, "players": names, **extra, "deals": [deal(rng, names, k % n)]}
            for k in range(count)
        ]
        out[label] = (records, shape)
    return out


def first_reading(text: str) -> object:
    """``check_text(text)`` as if the process had never read the record's lines before.

    The rows above check the same few hundred records again and again, so the referee's caches of
    whole texts (a hand's or a trick's cards, a Buy or Pass line, a fishing play) answer nearly every
    line. A record checked once, at the command line or in the checker, finds them empty: they are
    emptied here first. The caches of single words (a card, a suit) stay, as in any process that has
    read a record before. The emptying itself is a few dict clears, inside the timing.
    """
    from referee import notation
    from referee.engines import fishing_moves, passing_quick

    for texts in notation._cards_cache.values():
        texts.clear()
    for lines in passing_quick._lines.values():
        lines.clear()
    fishing_moves._PLAIN_TEXTS.clear()
    return check_text(text)


def record_measures(rng: random.Random) -> list[Measure]:
    """Full-play records checked: from parsed data, from YAML text and from JSON text (parsing included).

    A Korol record is one game, two deals: its rows are per deal, like its random games.
    """
    out = []
    for label, (records, shape) in sample_records(rng).items():
        texts = [yaml.safe_dump(r, allow_unicode=True, sort_keys=False) for r in records]
        jsons = [json.dumps(r, ensure_ascii=False) for r in records]
        docs = [load_text(t) for t in texts]
        game = GAMES[records[0]["game"]]
        units = 2 if label == "korol" else 1
        per = " per deal" if units > 1 else ""
        ways: list[tuple[str, list, Callable[[object], object]]] = [
            ("parsed", docs, game.check),
            ("YAML text", texts, check_text),
            ("YAML text read first", texts, first_reading),
            ("JSON text", jsons, check_text),
        ]
        out += [
            Measure(
                f"{label} records checked{per} ({way})",
                lambda i, items=items, check=check: check(items[i % len(items)]),
                shape,
                units=units,
            )
            for way, items, check in ways
        ]
    return out + summary_measures()


def _full_play(value: object) -> bool:
    """Whether a record (or a part of it) writes out cards played: hands, plays, moves, turns or a list of tricks."""
    if isinstance(value, dict):
        return any(
            k in ("hands", "play", "plays", "moves", "turns")
            or (k == "tricks" and isinstance(v, list))
            or _full_play(v)
            for k, v in value.items()
        )
    if isinstance(value, list):
        return any(_full_play(v) for v in value)
    return False


def summary_measures() -> list[Measure]:
    """Summary records (the examples that write no cards played), cycled, from YAML and from JSON text.

    The aim is a rate (records per second), so the rows are set beside the naive 36-card loop only to
    show the machine's speed in the same run.
    """
    root = Path(__file__).resolve().parent.parent / "examples"
    texts = [p.read_text(encoding="utf-8") for p in sorted(root.glob("*/*.yaml"))]
    texts = [t for t in texts if not _full_play(yaml.safe_load(t))]
    jsons = [json.dumps(yaml.safe_load(t), ensure_ascii=False) for t in texts]
    return [
        Measure(
            f"summary records checked ({len(texts)} examples, YAML text)",
            lambda i: check_text(texts[i % len(texts)]),
            (4, 6),
        ),
        Measure(
            f"summary records checked ({len(texts)} examples, JSON text)",
            lambda i: check_text(jsons[i % len(jsons)]),
            (4, 6),
        ),
    ]


def turn_measures(rng: random.Random) -> list[Measure]:
    """The games on the turn engine: random whole games (or deals), and full-play records from YAML text.

    Each is compared with the naive loop of its own game and table (``scripts/naive_turn_loops.py``).
    """
    from referee.simulate.collector import collector_deal, collector_play
    from referee.simulate.comet import comet_deal, comet_play
    from referee.simulate.red_and_black import red_and_black_deal, red_and_black_play
    from referee.simulate.stealing_bundles import stealing_bundles_deal, stealing_bundles_play

    out = [
        Measure(f"comet {n}p random deals", lambda i, n=n: comet_play(rng, n, i % n), ("comet", n))
        for n in (3, 5)
    ]
    out.append(
        Measure(
            "red-and-black 4p random games",
            lambda i: red_and_black_play(rng, 4),
            ("red-and-black", 4),
        )
    )
    out += [
        Measure(
            f"{slug} {n}p random games",
            lambda i, n=n, play=play: play(rng, NAMES[:n], i % n),
            (slug, n),
        )
        for slug, play in (
            ("stealing-bundles", stealing_bundles_play),
            ("collector", collector_play),
        )
        for n in (2, 3, 4)
    ]
    for slug, deal, count, n in (
        ("comet", comet_deal, 100, 3),
        ("red-and-black", red_and_black_deal, 100, 4),
        ("stealing-bundles", stealing_bundles_deal, 100, 3),
        ("collector", collector_deal, 50, 3),
    ):
        texts = [
            yaml.safe_dump(
                {"game": slug, "players": NAMES[:n], "deals": [deal(rng, NAMES[:n], k % n)]},
                allow_unicode=True,
                sort_keys=False,
            )
            for k in range(count)
        ]
        out.append(
            Measure(
                f"{slug} {n}p records checked (YAML text)",
                lambda i, texts=texts: check_text(texts[i % len(texts)]),
                (slug, n),
            )
        )
        out.append(
            Measure(
                f"{slug} {n}p records checked (YAML text read first)",
                lambda i, texts=texts: first_reading(texts[i % len(texts)]),
                (slug, n),
            )
        )
    return out


def fuzz(records: int, seed: int) -> dict[str, float]:
    """Check ``records`` mutated record texts (``scripts/textfuzz.py``); outcome counts and records per CPU second.

    An outcome is the exit status the command line would give: 0 and 1 from a verdict, 2 from typed
    errors (each rendered in every language). Anything else is a crash, and there must be none.
    """
    import sys
    import traceback
    from pathlib import Path

    sys.path.insert(0, str(Path(__file__).resolve().parent))
    from textfuzz import examples, mutate_text

    from referee.errors import RecordErrors, RefereeError

    rng = random.Random(seed)
    texts = examples()
    counts = {"exit 0": 0, "exit 1": 0, "exit 2": 0, "crashes": 0}
    elapsed = 0.0
    for _ in range(records):
        text = mutate_text(rng.choice(texts), rng)
        start = time.process_time()  # CPU time: the machines are shared, the wall clock is not ours
        try:
            verdict = check_text(text)
            counts[f"exit {verdict.exit_status}"] += 1
        except RefereeError as err:
            for e in err.errors if isinstance(err, RecordErrors) else [err]:
                for lang in ("en", "ru", "de"):
                    e.render(lang)
            counts["exit 2"] += 1
        except Exception:  # the benchmark reports a crash instead of stopping at it
            counts["crashes"] += 1
            if counts["crashes"] <= 3:
                print(f"crash on {text[:200]!r}:\n{traceback.format_exc()}")
        elapsed += time.process_time() - start
    return {**counts, "records/s": records / elapsed if elapsed else 0.0}


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
            done = 0
            start = time.process_time()
            if m.counted:
                for i in range(n):
                    done += fn(i)  # type: ignore[operator]
            else:
                for i in range(n):
                    fn(i)
                done = n * m.units
            m.rates.append(done / max(time.process_time() - start, 1e-9))


def report(measures: list[Measure], naives: dict[Shape, Measure]) -> list[str]:
    """The table: median rate, the naive loop's median rate beside it, and the median and spread of the
    per-round ratios to the naive loop."""
    width = max(len(m.label) for m in measures)
    lines = [
        f"{'measure (per second, CPU time)':<{width}}  {'median':>9}  {'naive':>7}  {'× naive':>7}  "
        "spread (min–max)"
    ]
    for m in measures:
        median = statistics.median(m.rates)
        if m.shape is None:
            lines.append(
                f"{m.label:<{width}}  {median:>9,.0f}  {'':>7}  {'':>7}  "
                f"{min(m.rates):,.0f}–{max(m.rates):,.0f}"
            )
            continue
        anchor = naives[m.shape]
        ratios = [a / b for a, b in zip(m.rates, anchor.rates, strict=True)]
        lines.append(
            f"{m.label:<{width}}  {median:>9,.0f}  {statistics.median(anchor.rates):>7,.0f}  "
            f"{statistics.median(ratios):>6.2f}×  {min(ratios):.2f}–{max(ratios):.2f}"
        )
    return lines


def layout_measures(rng: random.Random) -> list[Measure]:
    """The layout games: random hands or games, and full-play records from YAML text.

    Kings Corners is compared with its naive loop; Construction has none (see ``naive_turn_loops.py``):
    its rows are turns per second, set beside its own random games of 100 cards.
    """
    from referee.simulate.construction import construction_play, construction_turns
    from referee.simulate.kings_corners import kings_corners_deal, kings_corners_play

    out = [
        Measure(
            f"kings-corners {n}p random hands",
            lambda i, n=n: kings_corners_play(rng, n, i % n),
            ("kings-corners", n),
        )
        for n in (2, 4)
    ]
    texts = [
        yaml.safe_dump(
            {
                "game": "kings-corners",
                "players": NAMES[:3],
                "deals": [kings_corners_deal(rng, NAMES[:3], k % 3)],
            },
            allow_unicode=True,
        )
        for k in range(50)
    ]
    out.append(
        Measure(
            "kings-corners 3p records checked (YAML text)",
            lambda i: check_text(texts[i % len(texts)]),
            ("kings-corners", 3),
        )
    )
    # Construction has no naive loop: its yardstick is its own rate in turns per second in games of
    # 100 cards (see naive()). Nothing in a turn grows with the game's length (no list of earlier
    # turns is walked), but a long game's turns are not a short game's: about 140 cards are built
    # by turn 300, so the pool left is mostly kings and late turns are token moves, not builds, with
    # all twelve small tokens to walk (2 on average in the first 50 turns), each with more paths to
    # count (random play counts every legal move to choose one fairly). A 400-card game's turns
    # therefore run at about four fifths of a 100-card game's (0.78-0.83x in round 4, with each
    # token's paths kept per start and power; 0.66x before that; 0.47x when every turn also listed
    # each use of the card as an object).
    out.append(
        Measure(
            "construction turns of random games of 400 cards",
            lambda i: len(construction_play(rng, 400).moves),
            ("construction", 100),
            counted=True,
        )
    )
    games = []
    for _ in range(5):
        turns = construction_turns(rng, 100)
        text = yaml.safe_dump(
            {
                "game": "construction",
                "players": NAMES[:2],
                "black": NAMES[0],
                "deals": [{"turns": turns}],
            },
            allow_unicode=True,
        )
        games.append((text, len(turns)))

    def check_turns(i: int) -> int:
        text, turns = games[i % len(games)]
        check_text(text)
        return turns

    out.append(
        Measure(
            "construction turns of 100-turn records checked (YAML text)",
            check_turns,
            ("construction", 100),
            counted=True,
        )
    )
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--rounds", type=int, default=5, help="timed batches per measure, interleaved"
    )
    parser.add_argument("--seconds", type=float, default=0.25, help="CPU seconds per batch")
    parser.add_argument("--only", default="", help="only the rows whose label contains this text")
    parser.add_argument(
        "--browser",
        "--checker",
        action="store_true",
        help="measure the browser score checker instead (scripts/bench_browser.py: first verdict "
        "cold and warm, second check, floors, bytes; also --runs N, --site DIR)",
    )
    parser.add_argument(
        "--build",
        action="store_true",
        help="measure the site build instead (scripts/bench_build.py: bare Material vs warm and cold "
        "builds, CPU and wall, a grouped profile; also --runs N, --no-profile)",
    )
    parser.add_argument(
        "--startup",
        action="store_true",
        help="measure the command line's start-up instead (scripts/bench_startup.py: referee check "
        "against a bare Python start, with and without bytecode; also --runs N, --record FILE)",
    )
    parser.add_argument(
        "--table",
        action="store_true",
        help="measure a move at the practice table instead (scripts/bench_table.py: median, 95th "
        "percentile and worst move per game once the referee is ready; also --deals N, --lang L; "
        "--soak: thousands of computer deals a game, each move and verdict checked; with --browser: "
        "the moves in Chromium, scripts/bench_browser_table.py)",
    )
    parser.add_argument(
        "--fuzz",
        type=int,
        metavar="N",
        help="instead: check N mutated record texts, count outcomes",
    )
    parser.add_argument("--seed", type=int, default=1, help="seed of the --fuzz mutations")
    args, rest = parser.parse_known_args()
    if args.browser and args.table:
        from bench_browser_table import main as browser_table_benchmark

        browser_table_benchmark(rest + (["--only", args.only] if args.only else []))
        return
    if args.browser:
        from bench_browser import main as browser_benchmark

        browser_benchmark(rest)
        return
    if args.build:
        from bench_build import main as build_benchmark

        build_benchmark(rest)
        return
    if args.startup:
        from bench_startup import main as startup_benchmark

        startup_benchmark(rest)
        return
    if args.table:
        from bench_table import main as table_benchmark

        table_benchmark(rest + (["--only", args.only] if args.only else []))
        return
    if rest:
        parser.error(f"unrecognized arguments: {' '.join(rest)}")
    if args.fuzz:
        result = fuzz(args.fuzz, args.seed)
        for label, value in result.items():
            print(f"{label:<10} {value:>12,.0f}")
        if result["crashes"]:
            raise SystemExit(1)
        return
    rng = random.Random(2026)
    measures = [
        m
        for m in deal_measures(rng)
        + record_measures(rng)
        + turn_measures(rng)
        + layout_measures(rng)
        if args.only in m.label
    ]
    naives = {
        shape: naive(shape) for shape in sorted({m.shape for m in measures if m.shape}, key=str)
    }
    everything = list(naives.values()) + measures
    load_before = os.getloadavg()
    run_interleaved(everything, args.rounds, args.seconds)
    load_after = os.getloadavg()
    print("\n".join(report(everything, naives)))
    print(
        f"load average (1, 5, 15 min): {' '.join(f'{x:.2f}' for x in load_before)} at the start, "
        f"{' '.join(f'{x:.2f}' for x in load_after)} at the end; {args.rounds} rounds, "
        f"{os.cpu_count()} cores"
    )


if __name__ == "__main__":
    main()
