#!/usr/bin/env python3
"""The practice table's moves in Debian's Chromium: how long the page takes to answer, Python in Pyodide.

    ./run bench --browser --table [--runs 3] [--moves N] [--site DIR] [--only SLUG] [--lang ru] [--detail]

A built site (``--site``, or a fresh ``mkdocs build``) is served on 127.0.0.1. For every game, each
run opens a new page of the practice table (``/LANG/play-a-hand/#game=SLUG&seed=N``), waits until the
referee is ready and the deal is shown, then measures in the page, from the click to the page's
answer on screen (``.table-app`` no longer busy, the move counted, or the refusal shown):

- **move**: the reader's move made with "let the computer choose" (the move checked, the computer
  players' replies up to the reader's next turn, the new view drawn), every move up to the end of the
  deal (or the first ``--moves``); the median and the worst move of the run, and a move's time split
  into the worker's Python, the messages to and from it, the page's drawing and the rest up to the
  next frame (the median of each part, and the worst move's parts; ``--detail`` prints every move's);
- **refusal**: one move the rules forbid (a card or a move the referee refuses with its rule), the
  first the deal offers, until the refusal is shown;
- **first deal**: from the worker's "ready" (the referee started, from the snapshot) to the first
  deal on screen: the table's modules are not in the snapshot, so this is their import from the
  referee's zip (fetched, unpacked, compiled) and the deal.

Each figure is the median of ``--runs`` runs (a run is a fresh page, so its Pyodide starts anew); the
target is the issue's 100 ms for a move once the referee is ready. The machine's load is printed with
the table. Every wait has a time limit: a game whose page does not answer (a control missing, a move
not answered) is reported with what was missing, and the other games are measured all the same.
"""

from __future__ import annotations

import argparse
import functools
import os
import statistics
import sys
import threading
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

from bench_browser import site_to_measure

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

TARGET_MS = 100
STARTUP_MS = 300_000
ANSWER_MS = 60_000
"""How long a click may wait for the page's answer before the game is reported as stuck (what was
missing is said) and the benchmark goes on with the next game."""

# Resolves with the milliseconds from the click on ``selector`` to the page's answer on screen (with
# ``refused``, the refusal shown; else the reader's move counted, data-chosen = n, and the page no longer
# busy), split by the page's marks: the worker's time in Python (referee:answer's detail), the answer's
# arrival (so the messages' time is the rest of it), the view drawn (table:drawn), the next frame.
# Resolves with {missing} instead when the control is not there or the answer does not come in time.
TIMED_CLICK = """([selector, n, refused, limit]) => new Promise((done) => {
  const app = document.querySelector('.table-app');
  const control = document.querySelector(selector);
  if (!control) { done({ missing: `no control ${selector} on the page` }); return; }
  const answered = () => refused
    ? app.dataset.refused !== ''
    : app.dataset.state !== 'busy' && app.dataset.state !== 'loading' && Number(app.dataset.chosen) === n;
  performance.clearMarks('referee:answer');
  performance.clearMarks('table:drawn');
  const t = performance.now();
  let got = null;
  const observer = new MutationObserver(() => {
    if (got === null && answered()) {
      got = {};
      requestAnimationFrame(() => {
        const end = performance.now();
        const answers = performance.getEntriesByName('referee:answer');
        const drawn = performance.getEntriesByName('table:drawn');
        const arrived = answers.length ? answers[answers.length - 1].startTime : t;
        const last = drawn.length ? drawn[drawn.length - 1].startTime : end;
        const python = answers.reduce((sum, m) => sum + m.detail.python, 0);
        Object.assign(got, { total: end - t, python, message: arrived - t - python, draw: last - arrived,
          frame: end - last, buttons: app.querySelectorAll('button, option').length });
        if (app.dataset.state === 'over') got.verdict = got.total; // judged within the same frame
        if (app.dataset.state !== 'scoring') finish();
      });
    } else if (got !== null && got.total !== undefined && app.dataset.state === 'over') {
      // The deal's last move: the verdict follows it (the record checked); its time from the click.
      requestAnimationFrame(() => { got.verdict = performance.now() - t; finish(); });
    }
  });
  const finish = () => { observer.disconnect(); clearTimeout(timer); done(got); };
  const timer = setTimeout(() => {
    observer.disconnect();
    done({ missing: refused ? `no refusal shown ${limit} ms after a click on ${selector}`
      : got ? `no verdict ${limit} ms after the last move (state ${app.dataset.state})`
      : `move ${n} not answered ${limit} ms after a click on ${selector} (state ${app.dataset.state}, `
        + `moves ${app.dataset.chosen})` });
  }, limit);
  observer.observe(app, { attributes: true, subtree: true, childList: true });
  control.click();
})"""

SPLIT = ("python", "message", "draw", "frame")
"""A move's time, part by part: the worker's Python, the messages to and from it (the answer's JSON
copied across), the page's parse and drawing of the answer, the rest up to the next frame."""


# Run before the page's own scripts: notes when the worker is ready (the table's root gets
# data-start) and when the first deal is on screen (the app ready, no move made).
FIRST_DEAL = """(() => {
  const seen = {};
  window.__firstDeal = seen;
  new MutationObserver((_, o) => {
    const root = document.querySelector('.referee-table');
    const app = document.querySelector('.table-app');
    if (seen.ready === undefined && root && root.dataset.start) seen.ready = performance.now();
    if (seen.ready !== undefined && app && app.dataset.state === 'ready' && app.dataset.chosen === '0') {
      seen.deal = performance.now() - seen.ready;
      o.disconnect();
    }
  }).observe(document, { attributes: true, subtree: true, childList: true });
})()"""


class Quiet(SimpleHTTPRequestHandler):
    """The built site, without a log line per request."""

    def log_message(self, format: str, *args: object) -> None:
        pass


class Stuck(Exception):
    """The page did not give what a step waited for: the game and what was missing."""


def timed_click(page: Any, slug: str, selector: str, n: int, refused: bool) -> dict[str, float]:
    """Click ``selector`` and time the page's answer (see TIMED_CLICK); Stuck if it does not come."""
    got = page.evaluate(TIMED_CLICK, [selector, n, refused, ANSWER_MS])
    if "missing" in got:
        raise Stuck(f"{slug}: {got['missing']}")
    return got


def refusal_selector(page: Any, slug: str, seed: int, lang: str, chosen: list[str]) -> str | None:
    """The selector of the control that makes a move the rules forbid now, the clicks before it made (the
    card chosen first where it goes to a target or alone, the tried moves' list opened), or None if the
    reader can try none here. The controls are the ones a reader uses, as tests/browser/test_table.py
    makes a move."""
    from referee.simulate.practice import new_table
    from tests.test_table import _refused

    found = _refused(new_table(slug, seed, lang, chosen))
    if found is None:
        return None
    token = found[0]
    card, _, target = token.partition(">")
    if token.startswith("@"):
        return f".table-target[data-target='{token[1:]}']"
    if page.locator(f".table-card[data-card='{card}']").count() and len(card) == 2:
        if not target and not page.locator(".table-target").count():
            return f".table-card[data-card='{card}']"  # a card played by itself
        # A card that goes somewhere is chosen first; then its target, or "alone" (a trail).
        page.locator(f".table-card[data-card='{card}']").click()
        return f".table-target[data-target='{target}']" if target else ".table-alone"
    if page.locator(f".table-tries [data-token='{token}']").count():
        page.locator(".table-tries summary").click()
        return f".table-tries [data-token='{token}']"
    return f"[data-token='{token}']"


def one_run(page: Any, base: str, slug: str, lang: str, seed: int, moves: int) -> dict[str, Any]:
    """One fresh page of ``slug``: the first deal, every move timed (and split), and a refusal."""
    from referee.simulate.practice import new_table

    page.goto(f"{base}/{lang}/play-a-hand/?run={seed}#game={slug}&seed={seed}")
    try:
        page.wait_for_function(
            "() => { const a = document.querySelector('.table-app');"
            " return a && a.dataset.state === 'ready' && Number(a.dataset.chosen) === 0"
            " && window.__firstDeal.deal !== undefined; }",
            timeout=STARTUP_MS,
        )
    except Exception as error:  # Playwright's TimeoutError
        raise Stuck(f"{slug}: no first deal on screen in {STARTUP_MS} ms ({error})") from None
    out: dict[str, Any] = {"first deal": page.evaluate("window.__firstDeal.deal"), "moves": []}
    chosen: list[str] = []
    refused = False
    for n in range(1, (moves or 100_000) + 1):
        if page.get_attribute(".table-app", "data-state") != "ready":
            break
        if not refused:
            selector = refusal_selector(page, slug, seed, lang, chosen)
            if selector is not None:
                out["refusal"] = timed_click(page, slug, selector, n - 1, True)
                refused = True
                if page.locator(".table-cancel").count():
                    page.locator(".table-cancel").click()
        chosen.append(new_table(slug, seed, lang, chosen).ask.auto().token)
        out["moves"].append(timed_click(page, slug, ".table-hint", n, False))
    return out


def load() -> str:
    """The machine's load averages (``uptime``'s last figures): the benchmark's times depend on them."""
    return ", ".join(f"{x:.2f}" for x in os.getloadavg())


def summary(run: dict[str, Any]) -> dict[str, Any]:
    """One run's figures: the first deal, the median and worst move, the refusal (milliseconds)."""
    totals = [m["total"] for m in run["moves"]]
    out: dict[str, Any] = {"first deal": run["first deal"], "moves": len(totals)}
    if totals:
        out["median"] = statistics.median(totals)
        out["worst"] = max(totals)
    if "refusal" in run:
        out["refusal"] = run["refusal"]["total"]
    verdicts = [m["verdict"] for m in run["moves"] if "verdict" in m]
    if verdicts:
        out["verdict"] = verdicts[-1]
    return out


def split_text(moves: list[dict[str, float]]) -> str:
    """The median of each part of a move's time over ``moves``: Python / messages / drawing / frame."""
    if not moves:
        return "-"
    return "/".join(f"{statistics.median(m[k] for m in moves):.0f}" for k in SPLIT)


def measure(
    site: Path, runs: int, moves: int, lang: str, only: str, detail: bool = False
) -> dict[str, dict[str, float]]:
    """Serve ``site``, measure every game, print the table; the medians per game (a game that got stuck
    is reported with what was missing, and the others are measured all the same)."""
    from playwright.sync_api import sync_playwright

    from referee.games import GAMES

    server = ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(Quiet, directory=str(site)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{server.server_address[1]}"
    rows: dict[str, list[dict[str, Any]]] = {}
    every: dict[str, list[dict[str, float]]] = {}  # every move of every run, for the split
    worst: dict[str, dict[str, float]] = {}
    stuck: dict[str, str] = {}
    slugs = [s for s in GAMES if only in s]
    loads = [load()]
    with sync_playwright() as p:
        browser = p.chromium.launch(
            executable_path="/usr/bin/chromium",
            args=["--headless", "--no-sandbox", "--disable-gpu"],
        )
        for run in range(runs):  # interleaved: the machine's load weighs on every game alike
            for slug in slugs:
                if slug in stuck:
                    continue
                context = browser.new_context(service_workers="block")
                context.add_init_script(FIRST_DEAL)
                context.set_default_timeout(ANSWER_MS)  # every other wait too: a report, not a hang
                page = context.new_page()
                try:
                    got = one_run(page, base, slug, lang, 7 + run, moves)
                except Stuck as error:
                    stuck[slug] = str(error)
                    print(f"run {run + 1}, STUCK {error}", file=sys.stderr, flush=True)
                    continue
                finally:
                    context.close()
                rows.setdefault(slug, []).append(summary(got))
                every.setdefault(slug, []).extend(got["moves"])
                if got["moves"]:
                    top = max(got["moves"], key=lambda m: m["total"])
                    if top["total"] > worst.get(slug, {}).get("total", -1):
                        worst[slug] = top
                # Progress as it goes (a run of 13 fresh pages takes minutes on a busy machine).
                print(f"run {run + 1}, {slug}: {rows[slug][-1]}", file=sys.stderr, flush=True)
                if detail:
                    for k, m in enumerate(got["moves"], 1):
                        parts = " ".join(f"{key} {m[key]:.0f}" for key in SPLIT)
                        print(
                            f"  move {k}: {m['total']:.0f} ms ({parts}; {m['buttons']} controls)",
                            file=sys.stderr,
                        )
            loads.append(load())
        browser.close()
    server.shutdown()
    server.server_close()
    print(f"load (1, 5, 15 min) before and after each run: {' | '.join(loads)}")
    print(
        f"{'practice table, Chromium, ' + lang:<26} {'moves':>6} {'median ms':>10} {'worst ms':>9} "
        f"{'refusal ms':>11} {'verdict ms':>11} {'first deal ms':>14}  {'split of a move':>16} "
        f"{'split of the worst':>19}"
        f"  target: a move <= {TARGET_MS} ms"
    )
    print(
        f"{'':<26} {'':>6} {'':>10} {'':>9} {'':>11} {'':>11} {'':>14}"
        "  (Python/messages/drawing/frame, ms)"
    )
    medians: dict[str, dict[str, float]] = {}
    for slug in slugs:
        if slug in stuck:
            print(f"{slug:<26} STUCK: {stuck[slug]}")
            continue
        row = rows[slug]
        m = medians[slug] = {
            k: statistics.median(r[k] for r in row if k in r)
            for k in ("first deal", "median", "worst", "refusal", "verdict")
            if any(k in r for r in row)
        }
        refusal = f"{m['refusal']:>11.0f}" if "refusal" in m else f"{'-':>11}"
        verdict = f"{m['verdict']:>11.0f}" if "verdict" in m else f"{'-':>11}"
        ok = "ok" if m["median"] <= TARGET_MS else "MISSED"
        top = split_text([worst[slug]]) if slug in worst else "-"
        print(
            f"{slug:<26} {sum(r['moves'] for r in row):>6.0f} {m['median']:>10.0f} {m['worst']:>9.0f} "
            f"{refusal} {verdict} {m['first deal']:>14.0f}  {split_text(every[slug]):>16} {top:>19}  {ok}"
        )
    return medians


def main(argv: list[str] | None = None) -> None:
    """Build (or take) the site, serve it, measure, print a table."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument(
        "--moves",
        type=int,
        default=0,
        help="reader's moves timed per run (default: the whole deal)",
    )
    parser.add_argument("--site", type=Path, help="an already built site (default: build one)")
    parser.add_argument("--lang", default="ru")
    parser.add_argument("--only", default="", help="only the games whose slug contains this text")
    parser.add_argument(
        "--detail", action="store_true", help="every move's time and its split, as it goes"
    )
    args = parser.parse_args(argv)
    with site_to_measure(args.site) as site:
        measure(site, args.runs, args.moves, args.lang, args.only, args.detail)


if __name__ == "__main__":
    main()
