#!/usr/bin/env python3
"""Throughput of the referee, on one core: medians of several timed batches.

    python scripts/benchmark.py [--batches 7] [--seconds 0.5]
    python scripts/benchmark.py --checker [--runs 3]   the browser score checker instead
    python scripts/benchmark.py --fuzz 20000 [--seed 1]  mutated record texts instead

Rows: random legal full deals per second per game and player count (shuffle, deal, random legal
play to the end), and full-play records checked per second (from parsed data, and from YAML text
including parsing). The machines are shared and noisy: compare ratios within one run.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import time
from collections.abc import Callable
from typing import Any

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


def turn_game_rows(batches: int, seconds: float) -> list[tuple[str, float]]:
    """Random games per second of the games on the turn engine (each registered by one line)."""
    from referee.simulate.comet import comet_play
    from referee.simulate.red_and_black import red_and_black_play

    rng = random.Random(2026)
    rows = []
    for n in (3, 5):
        rows.append((f"comet {n}p random deals/s", rate(lambda i, n=n: comet_play(rng, n, i % n), batches, seconds)))
    rows.append(("red-and-black 4p random games/s", rate(lambda i: red_and_black_play(rng, 4), batches, seconds)))
    return rows


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

def stealing_bundles_rows(rng: random.Random, batches: int, seconds: float) -> list[tuple[str, float]]:
    """Stealing Bundles: random whole games per second (2–4 players), and full-play records checked per second."""
    from referee.simulate.stealing_bundles import stealing_bundles_deal, stealing_bundles_play

    rows = [(f"stealing-bundles {n}p random games/s",
             rate(lambda i, n=n: stealing_bundles_play(rng, NAMES[:n], i % n), batches, seconds)) for n in (2, 3, 4)]
    texts = [yaml.safe_dump({"game": "stealing-bundles", "players": NAMES[:3],
                             "deals": [stealing_bundles_deal(rng, NAMES[:3], k % 3)]}, allow_unicode=True,
                            sort_keys=False) for k in range(100)]
    rows.append(("stealing-bundles 3p full-play records checked/s (YAML text)",
                 rate(lambda i: check_text(texts[i % len(texts)]), batches, seconds)))
    return rows


def collector_rows(rng: random.Random, batches: int, seconds: float) -> list[tuple[str, float]]:
    """Collector: random whole games per second (2–4 players), and full-play records checked per second."""
    from referee.simulate.collector import collector_deal, collector_play

    rows = [(f"collector {n}p random games/s",
             rate(lambda i, n=n: collector_play(rng, NAMES[:n], i % n), batches, seconds)) for n in (2, 3, 4)]
    texts = [yaml.safe_dump({"game": "collector", "players": NAMES[:3],
                             "deals": [collector_deal(rng, NAMES[:3], k % 3)]}, allow_unicode=True,
                            sort_keys=False) for k in range(50)]
    rows.append(("collector 3p full-play records checked/s (YAML text)",
                 rate(lambda i: check_text(texts[i % len(texts)]), batches, seconds)))
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--batches", type=int, default=7, help="timed batches per measure (the median is shown)")
    parser.add_argument("--seconds", type=float, default=0.5, help="length of one batch")
    parser.add_argument("--checker", action="store_true",
                        help="measure the browser score checker (time to the first verdict, bytes) instead")
    parser.add_argument("--runs", type=int, default=3, help="page loads per cache state for --checker")
    parser.add_argument("--fuzz", type=int, metavar="N", help="instead: check N mutated record texts, count outcomes")
    parser.add_argument("--seed", type=int, default=1, help="seed of the --fuzz mutations")
    args = parser.parse_args()
    if args.checker:
        checker_benchmark(args.runs)
        return
    if args.fuzz:
        result = fuzz(args.fuzz, args.seed)
        for label, value in result.items():
            print(f"{label:<10} {value:>12,.0f}")
        if result["crashes"]:
            raise SystemExit(1)
        return
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
    rows.extend(turn_game_rows(args.batches, args.seconds))
    rows.extend(stealing_bundles_rows(rng, args.batches, args.seconds))
    rows.extend(collector_rows(rng, args.batches, args.seconds))
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
    width = max(len(label) for label, _ in rows)
    print(f"{'measure':<{width}}  median/s")
    for label, value in rows:
        print(f"{label:<{width}}  {value:>9,.0f}")


def checker_benchmark(runs: int) -> None:
    """The score checker in Debian's Chromium on a freshly built site served on 127.0.0.1.

    From the start of the navigation to ``/check-a-score/#record=…`` to the first verdict on the
    page (Pyodide started in its worker, the referee unpacked, the record checked), with an empty
    browser cache (a new browser profile each run) and with a warm one (the same profile, the page
    opened again), and the bytes of the files the server sent (a file the browser already has is
    not sent again, or answered "304 Not Modified"). Medians of ``runs`` loads.
    """
    import functools
    import subprocess
    import sys
    import tempfile
    import threading
    from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
    from pathlib import Path

    from playwright.sync_api import sync_playwright

    root = Path(__file__).resolve().parent.parent
    sys.path.insert(0, str(root))
    from site_tools.checker import checker_href
    record = (root / "examples" / "catch-the-ten" / "two-reach-41.yaml").read_text(encoding="utf-8")

    sent: list[tuple[str, int, int]] = []  # (path, status, body bytes), as the server saw it

    class Counting(SimpleHTTPRequestHandler):
        def log_message(self, format: str, *args: object) -> None:
            pass

        def send_response(self, code: int, message: str | None = None) -> None:
            sent.append((self.path, code, 0))
            super().send_response(code, message)

        def copyfile(self, source: Any, outputfile: Any) -> None:
            path, code, _ = sent[-1]
            sent[-1] = (path, code, os.fstat(source.fileno()).st_size)
            super().copyfile(source, outputfile)

    with tempfile.TemporaryDirectory() as out:
        subprocess.run([sys.executable, "-m", "mkdocs", "build", "--quiet", "--site-dir", out], cwd=root, check=True)
        server = ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(Counting, directory=out))
        threading.Thread(target=server.serve_forever, daemon=True).start()
        url = f"http://127.0.0.1:{server.server_address[1]}/" + checker_href("index", record=record)
        results: dict[str, list[tuple[float, int, int]]] = {"cold": [], "warm": []}
        with sync_playwright() as p:
            for _ in range(runs):
                # A profile on disk, as a reader's browser has: an in-memory (incognito) cache keeps
                # no file as large as Pyodide's 9 MB WebAssembly.
                with tempfile.TemporaryDirectory() as profile:
                    context = p.chromium.launch_persistent_context(
                        profile, executable_path="/usr/bin/chromium", service_workers="block",
                        args=["--headless", "--no-sandbox", "--disable-gpu"])
                    for state in ("cold", "warm"):
                        page = context.new_page()
                        sent.clear()
                        page.goto(url)
                        page.wait_for_selector(".referee-checker[data-ready='true']", timeout=180_000)
                        page.click("[data-action=check]")
                        page.wait_for_selector(".referee-checker[data-state]", timeout=60_000)
                        ms = page.evaluate("performance.now()")
                        page.wait_for_timeout(300)  # the search index and the like, fetched after the verdict
                        results[state].append((ms / 1000, sum(n for _, _, n in sent),
                                               sum(c == 200 for _, c, _ in sent)))
                        page.close()
                    context.close()
        server.shutdown()
        server.server_close()
    print(f"{'score checker, first verdict':<34}  {'median s':>8}  {'min s':>6}  {'bytes sent':>12}  files sent (200)")
    for state, values in results.items():
        times = [v[0] for v in values]
        print(f"{state + ' cache':<34}  {statistics.median(times):>8.2f}  {min(times):>6.2f}  "
              f"{statistics.median(v[1] for v in values):>12,.0f}  {statistics.median(v[2] for v in values):>8.0f}")


if __name__ == "__main__":
    main()
