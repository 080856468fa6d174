#!/usr/bin/env python3
"""The site build against a bare MkDocs Material build of the same 60 pages: CPU and wall time, and a profile.

    ./run bench --build [--runs 3] [--no-profile] [--keep DIR]

Three builds, each into an empty folder, interleaved round by round (the machine is shared and
noisy), ``--runs`` rounds, medians:

- **bare**: MkDocs Material alone (no hooks, no i18n, no overrides, ``plugins: [search]``, the
  project's ``markdown_extensions``) on the English pages and the two translated trees
  (``docs/ru``, ``docs/de`` as the build writes them) as plain Markdown: 20 pages × 3 folders;
- **warm**: ``mkdocs build --strict`` of the project with its build cache (``.cache/site``) full;
- **cold**: the same with ``.cache/site`` empty (it is moved aside and put back afterwards; the
  checker's snapshot in ``.cache/checker`` is kept, as on a developer's machine).

CPU time is user + system of the build process and its children (Node, when it runs). Then one
warm build runs under cProfile (CPU-time timer) and its time is grouped by who spends it: our
hooks (``site_tools``), the referee they call, mkdocs-static-i18n, the search plugin (with the
HTML parser it drives), YAML, Markdown, Jinja, MkDocs itself, imports. Time in the standard
library and built-ins goes to its callers in proportion to what each caller spent there.
"""

from __future__ import annotations

import argparse
import os
import pstats
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections import defaultdict
from pathlib import Path
from typing import Any

import yaml

ROOT = Path(__file__).resolve().parent.parent
CACHE = ROOT / ".cache" / "site"
MKDOCS = [sys.executable, "-m", "mkdocs"]

# Who spends the time: the first pattern found in a function's file names its group.
GROUPS = (
    ("/site_tools/", "our hooks (site_tools)"),
    ("/referee/", "referee (called by our hooks)"),
    ("mkdocs_static_i18n", "i18n plugin (own code)"),
    ("material/plugins/search", "search plugin (with html.parser)"),
    ("/yaml/", "yaml"),
    ("/markdown/", "markdown (+ pymdownx)"),
    ("/pymdownx/", "markdown (+ pymdownx)"),
    ("material/extensions", "markdown (+ pymdownx)"),
    ("/jinja2/", "jinja (templates)"),
    ("/markupsafe/", "jinja (templates)"),
    ("/translate/", "translate-toolkit"),
    ("importlib", "imports"),
    ("/mkdocs/", "mkdocs core"),
    ("/material/", "material theme"),
)


def _children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def timed(command: list[str], cwd: Path, env: dict[str, str]) -> tuple[float, float]:
    """(CPU seconds, wall seconds) of one command, which must succeed."""
    cpu, wall = _children_cpu(), time.monotonic()
    done = subprocess.run(command, cwd=cwd, env=env, capture_output=True, text=True, check=False)
    if done.returncode != 0:
        raise SystemExit(f"{' '.join(command)} failed:\n{done.stdout[-3000:]}{done.stderr[-3000:]}")
    return _children_cpu() - cpu, time.monotonic() - wall


def bare_project(folder: Path) -> Path:
    """A Material site of the project's pages in three folders, as plain Markdown; its mkdocs.yml."""
    config = yaml.load((ROOT / "mkdocs.yml").read_text(encoding="utf-8"), Loader=yaml.BaseLoader)
    docs = folder / "docs"
    from site_tools.translation import pipeline

    pipeline.render_translations()  # docs/ru and docs/de as a build writes them, even before any build
    for lang, target in (("en", docs), ("ru", docs / "ru"), ("de", docs / "de")):
        shutil.copytree(ROOT / "docs" / lang, target, dirs_exist_ok=True)
    extensions: list[Any] = []
    for item in config["markdown_extensions"]:  # BaseLoader reads every scalar as a string
        if isinstance(item, dict):
            name, options = next(iter(item.items()))
            options = {
                k: (v == "true" if v in ("true", "false") else v)
                for k, v in (options or {}).items()
            }
            extensions.append({name: options})
        else:
            extensions.append(item)
    bare = {
        "site_name": "bare",
        "docs_dir": "docs",
        "theme": {"name": "material", "font": False},
        "markdown_extensions": extensions,
        "plugins": ["search"],
    }
    path = folder / "mkdocs.yml"
    path.write_text(yaml.safe_dump(bare, sort_keys=False), encoding="utf-8")
    return path


def ensure_translations(env: dict[str, str]) -> None:
    """``docs/ru`` and ``docs/de`` are written by the build: one build first if they are missing."""
    if not (ROOT / "docs" / "ru").is_dir() or not (ROOT / "docs" / "de").is_dir():
        with tempfile.TemporaryDirectory() as site:
            timed([*MKDOCS, "build", "-q", "-d", site], ROOT, env)


def measure(runs: int, env: dict[str, str]) -> dict[str, list[tuple[float, float]]]:
    """Interleaved rounds of bare, warm and cold builds."""
    results: dict[str, list[tuple[float, float]]] = defaultdict(list)
    with tempfile.TemporaryDirectory(prefix="bench-build-") as scratch:
        base = Path(scratch)
        bare_config = bare_project(base / "bare")
        saved = base / "saved-cache"
        with (
            tempfile.TemporaryDirectory() as site
        ):  # a warm-up: the cache holds this tree's results
            timed([*MKDOCS, "build", "--strict", "-q", "-d", site], ROOT, env)
        try:
            for round_ in range(runs):
                for kind in ("bare", "warm", "cold"):
                    site = base / f"site-{kind}-{round_}"
                    if kind == "bare":
                        command = [*MKDOCS, "build", "-q", "-f", str(bare_config), "-d", str(site)]
                        cwd = bare_config.parent
                    else:
                        command = [*MKDOCS, "build", "--strict", "-q", "-d", str(site)]
                        cwd = ROOT
                    if kind == "cold":
                        if CACHE.exists() and not saved.exists():
                            CACHE.rename(saved)  # the full cache, put back below
                        shutil.rmtree(CACHE, ignore_errors=True)
                    results[kind].append(timed(command, cwd, env))
                    shutil.rmtree(site, ignore_errors=True)
                    print(
                        f"  round {round_ + 1} {kind:<5} {results[kind][-1][0]:6.2f} s CPU "
                        f"{results[kind][-1][1]:6.2f} s wall",
                        file=sys.stderr,
                    )
        finally:
            if saved.exists():
                shutil.rmtree(CACHE, ignore_errors=True)
                saved.rename(CACHE)
    return results


def group_of(function: tuple[str, int, str]) -> str | None:
    """The group of a profiled function, or None for the standard library and built-ins."""
    filename = function[0].replace(os.sep, "/")
    for pattern, group in GROUPS:
        if pattern in filename:
            return group
    return None


def grouped(stats: pstats.Stats) -> dict[str, float]:
    """Own time by group; a function of no group passes its own time on to its callers, in proportion."""
    table: dict[Any, Any] = stats.stats  # type: ignore[attr-defined]
    memo: dict[Any, dict[str, float]] = {}

    def shares(function: Any, seen: frozenset[Any]) -> dict[str, float]:
        group = group_of(function)
        if group is not None:
            return {group: 1.0}
        if function in memo:
            return memo[function]
        callers = table[function][4]
        total = sum(c[2] for c in callers.values())
        if not callers or total <= 0 or function in seen:
            return {"other (no caller of ours)": 1.0}
        out: dict[str, float] = defaultdict(float)
        for caller, c in callers.items():
            if caller not in table:
                continue
            for name, part in shares(caller, seen | {function}).items():
                out[name] += part * c[2] / total
        memo[function] = dict(out)
        return memo[function]

    totals: dict[str, float] = defaultdict(float)
    for function, (_cc, _nc, tt, _ct, _callers) in table.items():
        for name, part in shares(function, frozenset()).items():
            totals[name] += tt * part
    return dict(totals)


def profile(env: dict[str, str]) -> tuple[pstats.Stats, float]:
    """One warm build under cProfile with a CPU-time timer (in a child process, cwd the project)."""
    with tempfile.TemporaryDirectory() as scratch:
        out = Path(scratch) / "build.prof"
        code = (
            "import cProfile, sys, time\n"
            "from mkdocs.__main__ import cli\n"
            f"sys.argv = ['mkdocs', 'build', '--strict', '-q', '-d', {str(Path(scratch) / 'site')!r}]\n"
            "profiler = cProfile.Profile(time.process_time)\n"
            "profiler.enable()\n"
            "try:\n    cli()\nexcept SystemExit as e:\n    assert not e.code, e.code\n"
            "profiler.disable()\n"
            f"profiler.dump_stats({str(out)!r})\n"
        )
        cpu, _wall = timed([sys.executable, "-c", code], ROOT, env)
        return pstats.Stats(str(out)), cpu


def cumulative(stats: pstats.Stats, file_part: str, name: str) -> float:
    """The cumulative time of the functions called ``name`` in a file whose path contains ``file_part``."""
    table: dict[Any, Any] = stats.stats  # type: ignore[attr-defined]
    return max(
        (v[3] for k, v in table.items() if file_part in k[0].replace(os.sep, "/") and k[2] == name),
        default=0.0,
    )


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--runs", type=int, default=3, help="rounds of bare, warm and cold builds (medians)"
    )
    parser.add_argument("--no-profile", action="store_true", help="skip the profiled warm build")
    args = parser.parse_args(argv)
    env = {**os.environ, "NO_MKDOCS_2_WARNING": "1"}
    ensure_translations(env)
    results = measure(args.runs, env)
    med = {
        k: (statistics.median(c for c, _ in v), statistics.median(w for _, w in v))
        for k, v in results.items()
    }
    print(f"site build, medians of {args.runs} (CPU = user + system, this process's children)")
    print(f"{'build':<44} {'CPU s':>7} {'wall s':>7} {'× bare CPU':>11}")
    labels = {
        "bare": "bare Material, 60 pages (20 × en/ru/de)",
        "warm": "project, warm cache",
        "cold": "project, empty .cache/site",
    }
    for kind in ("bare", "warm", "cold"):
        cpu, wall = med[kind]
        print(f"{labels[kind]:<44} {cpu:7.2f} {wall:7.2f} {cpu / med['bare'][0]:10.2f}×")
    for kind in (
        "warm",
        "cold",
    ):  # paired: each round's build against the bare build of the same round
        ratios = sorted(
            c / b for (c, _), (b, _) in zip(results[kind], results["bare"], strict=True)
        )
        print(
            f"{kind} ÷ bare, per round: median {statistics.median(ratios):.2f}× "
            f"(min–max {ratios[0]:.2f}–{ratios[-1]:.2f})"
        )
    print(
        f"aim: warm ≤ 3× bare; PYTHONDONTWRITEBYTECODE={os.environ.get('PYTHONDONTWRITEBYTECODE', 'unset')}"
    )
    if args.no_profile:
        return
    stats, cpu = profile(env)
    total = sum(grouped(stats).values())
    print(
        f"\nprofile of one warm build ({cpu:.1f} s CPU under cProfile; read the shares, not the seconds)"
    )
    for name, seconds in sorted(grouped(stats).items(), key=lambda item: -item[1]):
        print(f"  {name:<38} {100 * seconds / total:5.1f} %")
    others = cumulative(stats, "mkdocs_static_i18n", "on_post_build")
    print(
        f"  (the ru and de builds, inside i18n's on_post_build: {100 * others / total:.1f} % cumulative)"
    )
    for label, file_part, name in (
        ("Markdown to HTML (Page.render)", "mkdocs/structure/pages", "render"),
        ("templates (jinja render)", "jinja2/environment", "render"),
        ("the theme's files (list_templates)", "jinja2/environment", "list_templates"),
        ("search indexing", "material/plugins/search", "add_entry_from_context"),
        ("imports", "importlib._bootstrap", "_find_and_load"),
    ):
        print(
            f"  cumulative, {label:<38} {100 * cumulative(stats, file_part, name) / total:5.1f} %"
        )


if __name__ == "__main__":
    main()
