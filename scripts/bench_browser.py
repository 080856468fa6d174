#!/usr/bin/env python3
"""The score checker in Debian's Chromium: time to the first verdict, next to its floors, and bytes.

    ./run bench --browser [--runs 3] [--site DIR]

A built site (``--site``, or a fresh ``mkdocs build``) is served on 127.0.0.1 by a server that
answers from the precompressed ``.br``/``.gz`` copies when the browser accepts them (as a host with
``brotli_static``/``gzip_static`` does) and counts what it sends. Each run uses new browser
profiles on disk (service workers blocked, but for the one row that names it) and measures, in
milliseconds from the start of the navigation:

- **cold**: ``/check-a-score/#record=…`` in an empty profile, until the page shows the record's
  verdict (it checks a shared record as soon as Python is up);
- **warm reload (HTTP cache)**: the same page reloaded (files from the browser's cache);
- **warm reload (service worker)**: another profile with the service worker allowed, reloaded once
  the worker has kept the checker's files (a reader's second visit);
- **second check**: "Check" pressed again on the started page (five times; the median);
- **floor, plain**: a page whose worker only runs ``loadPyodide()`` and ``1+1`` (cold and warm);
- **floor, snapshot**: the same worker restoring the build's snapshot instead (cold and warm);
- **plain start**: the checker with ``?start=plain`` (cold), the path without a snapshot.

Medians of ``--runs`` runs; the bytes are those of the cold checker visit, as sent (compressed)
and as the files' own sizes.
"""

from __future__ import annotations

import argparse
import functools
import os
import statistics
import subprocess
import sys
import tempfile
import threading
from collections.abc import Callable
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any, ClassVar

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

FLOOR_PAGE = """<!doctype html><meta charset="utf-8"><title>floor</title>
<script type="module" src="bench-floor.js"></script>"""
FLOOR_SCRIPT = """const q = new URLSearchParams(location.search);
const w = new Worker(new URL("bench-floor-worker.js", import.meta.url) + location.search, { type: "module" });
w.onmessage = (e) => { document.documentElement.dataset.done = String(e.data); };"""
# The snapshot file is read as checker-worker.js reads it (its expandSnapshot, shortened): gunzipped as it
# arrives, the zero pages put back.
FLOOR_WORKER = """const q = new URLSearchParams(location.search);
const base = new URL(q.get("pyodide"), location.href).href;
const { loadPyodide } = await import(base + "pyodide.mjs");
const options = { indexURL: base, packages: [], lockFileContents: q.get("lock") };
const snapshot = q.get("snapshot");
async function expand(response) {  // no service worker here: the file as the host sent it, gzip
  const packed = new Uint8Array(await new Response(response.body.pipeThrough(new DecompressionStream("gzip")))
    .arrayBuffer());
  const v = new DataView(packed.buffer), out = new Uint8Array(v.getUint32(4, true)), runs = v.getUint32(8, true);
  for (let i = 0, from = 12 + 8 * runs; i < runs; i++) {
    const at = v.getUint32(12 + 8 * i, true), n = v.getUint32(16 + 8 * i, true);
    out.set(packed.subarray(from, from + n), at);
    from += n;
  }
  return out;
}
if (snapshot) options._loadSnapshot = fetch(new URL(snapshot, location.href)).then(expand);
const py = await loadPyodide(options);
py.runPython("1+1");
self.postMessage(performance.timeOrigin + performance.now());"""


VERDICT_WATCH = """window.__benchVerdict = null;
new MutationObserver((_, observer) => {
  if (document.querySelector(".referee-checker[data-state]")) {
    window.__benchVerdict = performance.now();
    observer.disconnect();
  }
}).observe(document, { subtree: true, attributes: true, attributeFilter: ["data-state"] });"""


class Counting(SimpleHTTPRequestHandler):
    """The built site; ``.br``/``.gz`` copies when accepted; every body's size is counted."""

    sent: ClassVar[list[tuple[int, int]]] = []  # (bytes sent, the file's own size)

    def log_message(self, format: str, *args: object) -> None:
        pass

    def send_head(self) -> Any:
        path = Path(self.translate_path(self.path))
        accepted = self.headers.get("Accept-Encoding", "")
        for encoding, suffix in (("br", ".br"), ("gzip", ".gz")):
            packed = path.with_name(path.name + suffix)
            if encoding in accepted and path.is_file() and packed.is_file():
                handle = packed.open("rb")
                self.send_response(200)
                self.send_header("Content-Type", self.guess_type(str(path)))
                self.send_header("Content-Encoding", encoding)
                self.send_header("Content-Length", str(packed.stat().st_size))
                self.send_header("Cache-Control", "max-age=600")
                self.end_headers()
                self.sent.append((packed.stat().st_size, path.stat().st_size))
                return handle
        handle = super().send_head()
        if handle is not None and hasattr(handle, "fileno"):
            size = os.fstat(handle.fileno()).st_size
            self.sent.append((size, size))
        return handle

    def end_headers(self) -> None:
        if not any(h.startswith(b"Cache-Control") for h in getattr(self, "_headers_buffer", [])):
            self.send_header(
                "Cache-Control", "max-age=600"
            )  # as a host would: no revalidation within a visit
        super().end_headers()


def main(argv: list[str] | None = None) -> None:
    """Build (or take) the site, serve it, measure, print a table."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--site", type=Path, help="an already built site (default: build one)")
    parser.add_argument(
        "--browser", action="store_true", help=argparse.SUPPRESS
    )  # ./run bench --browser
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as tmp:
        site = args.site
        if site is None:
            site = Path(tmp) / "site"
            subprocess.run(
                [sys.executable, "-m", "mkdocs", "build", "--quiet", "--site-dir", str(site)],
                cwd=ROOT,
                check=True,
            )
        measure(site, args.runs)


def measure(site: Path, runs: int) -> None:
    """Serve ``site`` and print the medians."""
    import json

    from playwright.sync_api import sync_playwright

    from site_tools.published import checker

    for name, text in (
        ("bench-floor.html", FLOOR_PAGE),
        ("bench-floor.js", FLOOR_SCRIPT),
        ("bench-floor-worker.js", FLOOR_WORKER),
    ):
        (site / name).write_text(text, encoding="utf-8")
    record = (ROOT / "examples" / "catch-the-ten" / "two-reach-41.yaml").read_text(encoding="utf-8")
    server = ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(Counting, directory=str(site)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{server.server_address[1]}/"
    checker_url = base + checker.checker_href("index", record=record)
    from urllib.parse import urlencode

    floor_query = {"pyodide": checker.pyodide_dir(), "lock": checker.lock_contents()}
    floors = {
        "floor, plain": base + "bench-floor.html?" + urlencode(floor_query),
        "floor, snapshot": base
        + "bench-floor.html?"
        + urlencode({**floor_query, "snapshot": f"{checker.ASSETS}/{checker.snapshot_name()}"}),
    }
    rows: dict[str, list[float]] = {}
    bytes_cold: list[tuple[int, int]] = []

    def note(label: str, value: float) -> None:
        rows.setdefault(label, []).append(value)

    def verdict(page: Any) -> float:
        """When the page showed its first verdict: the link's record is checked as soon as Python is up."""
        page.wait_for_selector(".referee-checker[data-state]", timeout=300_000)
        return float(page.evaluate("window.__benchVerdict"))

    with sync_playwright() as p:

        def fresh(action: Callable[[Any], None], service_workers: str = "block") -> None:
            with tempfile.TemporaryDirectory() as profile:
                context = p.chromium.launch_persistent_context(
                    profile,
                    executable_path="/usr/bin/chromium",
                    service_workers=service_workers,
                    args=["--headless", "--no-sandbox", "--disable-gpu"],
                )
                # The moment the answer area first says a verdict (data-state), before anything else runs.
                context.add_init_script(VERDICT_WATCH)
                try:
                    action(context)
                finally:
                    context.close()

        def the_checker(context: Any) -> None:
            page = context.new_page()
            Counting.sent.clear()
            page.goto(checker_url)
            note("checker cold, first verdict", verdict(page))
            assert page.get_attribute(".referee-checker", "data-start") == "snapshot"
            page.wait_for_load_state("networkidle")  # the search index, fetched after the verdict
            bytes_cold.append((sum(s for s, _ in Counting.sent), sum(n for _, n in Counting.sent)))
            page.reload()
            note("checker warm reload (HTTP cache), first verdict", verdict(page))
            times = []
            for _ in range(5):
                times.append(
                    page.evaluate("""() => new Promise((done) => {
                    const root = document.querySelector('.referee-checker');
                    root.removeAttribute('data-state');
                    const t = performance.now();
                    new MutationObserver((_, o) => {
                        if (root.dataset.state) { o.disconnect(); done(performance.now() - t); }
                    }).observe(root, { attributes: true });
                    document.querySelector('[data-action=check]').click();
                })""")
                )
            note("second check (median of 5)", statistics.median(times))

        def the_checker_offline_ready(context: Any) -> None:
            page = context.new_page()
            page.goto(checker_url)
            verdict(page)
            page.wait_for_selector(
                "html[data-offline=kept]", timeout=120_000
            )  # the service worker has it all
            page.reload()
            note("checker warm reload (service worker), first verdict", verdict(page))

        def the_plain_start(context: Any) -> None:
            page = context.new_page()
            page.goto(checker_url.replace("/#", "/?start=plain#"))
            note("checker cold, ?start=plain", verdict(page))

        def floor(label: str) -> Callable[[Any], None]:
            def run(context: Any) -> None:
                page = context.new_page()
                for state in ("cold", "warm"):
                    if state == "cold":
                        page.goto(floors[label])
                    else:
                        page.reload()
                    page.wait_for_selector("html[data-done]", timeout=300_000)
                    done = float(page.get_attribute("html", "data-done") or 0)
                    note(
                        f"{label} ({state})", done - float(page.evaluate("performance.timeOrigin"))
                    )

            return run

        for _ in range(runs):
            fresh(the_checker)
            fresh(the_checker_offline_ready, service_workers="allow")
            fresh(floor("floor, plain"))
            fresh(floor("floor, snapshot"))
            fresh(the_plain_start)
    server.shutdown()
    server.server_close()
    print(
        f"{'score checker, localhost (ms from navigation)':<44} {'median':>8} {'min':>8} {'max':>8}  runs"
    )
    for label, values in rows.items():
        print(
            f"{label:<44} {statistics.median(values):>8.0f} {min(values):>8.0f} {max(values):>8.0f}  {len(values)}"
        )
    sent = statistics.median(b[0] for b in bytes_cold)
    raw = statistics.median(b[1] for b in bytes_cold)
    print(f"{'cold visit, bytes sent (br/gz where accepted)':<44} {sent:>12,.0f}")
    print(f"{'cold visit, the same files uncompressed':<44} {raw:>12,.0f}")
    print(
        json.dumps(
            {
                "medians_ms": {k: statistics.median(v) for k, v in rows.items()},
                "bytes_sent": sent,
                "bytes_raw": raw,
            }
        )
    )


if __name__ == "__main__":
    main()
