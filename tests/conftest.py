"""Shared helpers for the tests."""

from __future__ import annotations

import copy
import subprocess
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
import yaml
from hypothesis import strategies as st

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = sorted((ROOT / "examples").glob("*/*.yaml"))


def dump(record: dict) -> str:
    """A record as YAML text, the way a user would write it."""
    return yaml.safe_dump(record, allow_unicode=True, sort_keys=False, width=200)


def run_python(code: str, **options: Any) -> subprocess.CompletedProcess[str]:
    """``python -c code`` in a fresh interpreter at the project's root, its output captured as text;
    ``options`` go on to :func:`subprocess.run`."""
    return subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, **options
    )


def check_record(game: str, players: list[str], deals: list[dict], **fields: Any) -> Any:
    """The verdict on a record of ``game`` at a table of ``players`` with ``deals``, written as a user
    would (:func:`dump`); ``fields`` are the other top-level fields (``notation``, ``teams``,
    ``options``), in the order a record writes them after the players."""
    from referee import check_text

    return check_text(dump({"game": game, "players": players, **fields, "deals": deals}))


def mappings_in(value: Any) -> Iterator[dict[str, Any]]:
    """Every mapping in ``value`` (JSON-like data), ``value`` itself first, in the order they are written."""
    if isinstance(value, dict):
        yield value
        for v in value.values():
            yield from mappings_in(v)
    elif isinstance(value, list):
        for v in value:
            yield from mappings_in(v)


def without_lines(value: Any) -> Any:
    """A verdict (``check --json``'s object) with the line numbers of its findings and errors left out
    (a record written again, or downloaded, may lay it out differently)."""
    value = copy.deepcopy(value)
    for key in ("findings", "errors"):
        for item in value.get(key, []):
            item.pop("line", None)
            item.get("where", {}).pop("line", None)
    return value


# The order the files run in. ``./run test`` runs two pytest-xdist workers, each taking the next
# file when it is nearly done with its own (--dist loadfile, in this order): the long browser files
# go first, so that the short files even out the end. The first browser file builds the site
# (the ``site`` fixture) while the other worker builds a site of its own in test_languages.py; the
# other browser files then read the shared build.
BUILDS_ITS_OWN_SITE = ("tests/test_languages.py",)


def _rank(nodeid: str, first_browser_file: str) -> int:
    path = nodeid.split("::", 1)[0]
    if path == first_browser_file:
        return 0
    if path in BUILDS_ITS_OWN_SITE:
        return 1
    return 2 if path.startswith("tests/browser/") else 3


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Long files first (see BUILDS_ITS_OWN_SITE); within a rank, the files as collected."""
    browser = [i.nodeid.split("::", 1)[0] for i in items if i.nodeid.startswith("tests/browser/")]
    first = browser[0] if browser else ""
    items.sort(key=lambda item: _rank(item.nodeid, first))


@pytest.fixture(autouse=True)
def _english_locale(monkeypatch: pytest.MonkeyPatch) -> None:
    """The CLI takes its default language from the locale; tests that want another one set it."""
    for variable in ("LC_ALL", "LC_MESSAGES", "LANG", "LANGUAGE"):
        monkeypatch.delenv(variable, raising=False)


# The site the tests build is published the way a project page is: under a sub-path of its host
# (GitHub Pages serves https://OWNER.github.io/REPO/). The browser tests serve it under that path.
SITE_URL = "https://cardrules.test/cardrules/"
SUB_PATH = "/cardrules"
REPO_URL = "https://git.cardrules.test/cardrules/cardrules"
BUILD_ENV = {
    "NO_MKDOCS_2_WARNING": "1",
    "PATH": "/usr/bin:/bin",
    "SITE_URL": SITE_URL,
    "REPO_URL": REPO_URL,
}
COPY_ENV = {"NO_MKDOCS_2_WARNING": "1", "PATH": "/usr/bin:/bin"}
"""A build with no published address: a copied project's (:func:`copy_project`)."""
PREVIEW_ENV = {**BUILD_ENV, "SITE_PREVIEW": "1"}
"""A writer's build (as ``./run serve``): every page, strictly, without the production steps (the
checker's snapshot, the compressed copies), which a copied project would otherwise make from nothing
(a minute and more) for a test that does not read them."""


@contextmanager
def building(root: Path = ROOT) -> Iterator[None]:
    """Hold the project at ``root`` for one site build at a time, across test processes.

    A build writes into its project (``docs/ru``, ``docs/de`` and ``.cache``), so two at once (the
    suite runs on two pytest-xdist workers) could read each other's half-written files.
    """
    import fcntl

    (root / ".cache").mkdir(exist_ok=True)
    with open(root / ".cache" / "build.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)  # released when the file closes
        yield


def build_site(
    out: Path,
    root: Path = ROOT,
    env: dict[str, str] = BUILD_ENV,
    timeout: float | None = None,
) -> subprocess.CompletedProcess[str]:
    """``mkdocs build --strict`` of the project at ``root`` into ``out``, published at SITE_URL
    (``env``: another address, or none, as :data:`COPY_ENV`)."""
    with building(root):
        return subprocess.run(
            [sys.executable, "-m", "mkdocs", "build", "--strict", "--site-dir", str(out)],
            cwd=root,
            capture_output=True,
            text=True,
            env=env,
            check=False,
            timeout=timeout,
        )


def copy_project(copy: Path) -> Path:
    """What the site build reads, copied to ``copy`` (node_modules linked): a project to change in a test."""
    import shutil

    ignore = shutil.ignore_patterns(
        ".venv", ".git", "site", "__pycache__", ".pytest_cache", ".hypothesis", ".cache"
    )
    for part in ("docs", "locale", "overrides", "site_tools", "referee", "examples", "scripts"):
        shutil.copytree(ROOT / part, copy / part, ignore=ignore)
    for name in ("mkdocs.yml", "package.json", "package-lock.json", "babel.cfg"):
        shutil.copy(ROOT / name, copy / name)
    (copy / "node_modules").symlink_to(
        ROOT / "node_modules"
    )  # the checker's Pyodide, installed by ./run
    for generated in ("ru", "de"):
        shutil.rmtree(copy / "docs" / generated, ignore_errors=True)
    return copy


@pytest.fixture(scope="session")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The whole site, built once per test run with --strict, for SITE_URL (a sub-path).

    Under pytest-xdist (``./run test`` runs two workers) the first worker that asks builds it into
    the run's shared temporary folder while the other waits on a lock, then both read the same
    build: one build a run, not one a worker. ``CARDRULES_BUILT_SITE=DIR`` uses a site already
    built that way (``BUILD_ENV``) instead: for running a few site or browser tests again while
    working, never in CI.
    """
    import fcntl
    import os

    built = os.environ.get("CARDRULES_BUILT_SITE")
    if built and not os.environ.get("CI"):
        return Path(built)
    if not os.environ.get("PYTEST_XDIST_WORKER"):
        out = tmp_path_factory.mktemp("site")
        done = build_site(out)
        assert done.returncode == 0, done.stdout + done.stderr
        return out
    shared = tmp_path_factory.getbasetemp().parent  # the run's folder; each worker has one below it
    out, failed = shared / "site", shared / "site.failed"
    with open(shared / "site.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)  # released when the file closes
        if not (out / "index.html").is_file() and not failed.exists():
            done = build_site(out)
            if done.returncode != 0:
                failed.write_text(done.stdout + done.stderr, encoding="utf-8")
    assert not failed.exists(), failed.read_text(encoding="utf-8")
    return out


def field_paths(data, prefix=()):
    """Every path into a record's data: mapping keys and list indices, the record itself first."""
    yield prefix
    if isinstance(data, dict):
        for k, v in data.items():
            yield from field_paths(v, (*prefix, k))
    elif isinstance(data, list):
        for i, v in enumerate(data):
            yield from field_paths(v, (*prefix, i))


def mutate(record: dict, draw, junk, delete: bool) -> dict:
    """A copy of ``record`` with one field (chosen by ``draw`` from its paths) deleted or set to ``junk``."""
    import copy

    record = copy.deepcopy(record)
    path = draw([p for p in field_paths(record) if p])
    parent = record
    for part in path[:-1]:
        parent = parent[part]
    if delete:
        del parent[path[-1]]
    else:
        parent[path[-1]] = junk
    return record


def mangled(record: dict, data: st.DataObject, junk: object, delete: bool) -> dict:
    """:func:`mutate`, the field drawn by hypothesis (``data``, from ``st.data()``)."""
    return mutate(record, lambda paths: data.draw(st.sampled_from(paths)), junk, delete)


JUNK = st.one_of(
    st.none(),
    st.integers(-3, 60),
    st.text(max_size=6),
    st.booleans(),
    st.lists(st.text(max_size=3), max_size=3),
    st.dictionaries(st.text(max_size=3), st.integers(), max_size=2),
)
"""Values of every kind that a mutated record's field may be set to."""


def verdict_or_typed_error(record: dict):
    """Check a record: its verdict (exit 0 or 1), or None after asserting that only typed errors came."""
    from referee import check_text
    from referee.errors import RecordErrors, RefereeError

    try:
        verdict = check_text(dump(record))
    except RefereeError as err:
        errors = err.errors if isinstance(err, RecordErrors) else [err]
        for e in errors:
            assert e.code and all(e.render(lang) for lang in ("en", "ru", "de"))
        return None
    assert verdict.exit_status in (0, 1)
    return verdict


def errors_of(text: str) -> list:
    """Every typed error that makes a record unusable (the test fails if the record can be used)."""
    from referee import check_text
    from referee.errors import RecordErrors, RefereeError

    with pytest.raises(RefereeError) as info:
        check_text(text)
    err = info.value
    return err.errors if isinstance(err, RecordErrors) else [err]


def changes_to(base: str, changes: list[tuple]) -> list[tuple]:
    """Parametrize rows ``(base, old, new, …)`` for a table of changes that each break the same record.

    >>> changes_to("game: yacht", [("yacht", "bridge", "record.unknown_game")])
    [('game: yacht', 'yacht', 'bridge', 'record.unknown_game')]
    """
    return [(base, *change) for change in changes]


def broken_records(*tables: tuple[str, list[tuple]]) -> pytest.MarkDecorator:
    """Parametrize a test over ``(base, old, new, code, line)``, from tables ``(base, changes)`` whose every
    change (:func:`changes_to`) breaks ``base`` with the error ``code`` named at ``line``.

    >>> broken_records(("game: yacht", [("yacht", "bridge", "record.unknown_game", 1)])).args
    (('base', 'old', 'new', 'code', 'line'), [('game: yacht', 'yacht', 'bridge', 'record.unknown_game', 1)])
    """
    rows = [row for base, changes in tables for row in changes_to(base, changes)]
    return pytest.mark.parametrize(("base", "old", "new", "code", "line"), rows)


def error_after(base: str, old: str, new: str, code: str):
    """The typed error ``code`` that makes ``base`` unusable once its first ``old`` is replaced by ``new``
    (the test fails if ``old`` is not in ``base`` or no such error comes)."""
    assert old in base
    errors = errors_of(base.replace(old, new, 1))
    assert code in [e.code for e in errors], [e.code for e in errors]
    return next(e for e in errors if e.code == code)


def cli_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], text: str, code: str, lang: str
) -> dict:
    """``referee check --json`` of ``text`` exits 2 with the error ``code``, which is returned as JSON; the
    readable answer in ``lang`` exits 2 as well, without a traceback (:func:`cli_refusal`)."""
    import json

    from referee.cli.command import main

    path = tmp_path / "bad.yaml"
    path.write_text(text, encoding="utf-8")
    assert main(["check", str(path), "--json"]) == 2
    errors = json.loads(capsys.readouterr().out)["errors"]
    assert code in [e["code"] for e in errors], errors
    cli_refusal(tmp_path, capsys, text, lang)
    return next(e for e in errors if e["code"] == code)


def cli_error_after(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    base: str,
    old: str,
    new: str,
    code: str,
    lang: str,
) -> dict:
    """:func:`cli_error` of ``base`` once its first ``old`` is replaced by ``new``, as
    :func:`error_after` is :func:`errors_of`'s (the test fails if ``old`` is not in ``base``)."""
    assert old in base
    return cli_error(tmp_path, capsys, base.replace(old, new, 1), code, lang)


def cli_refusal(tmp_path: Path, capsys: pytest.CaptureFixture[str], text: str, lang: str) -> str:
    """``referee check --lang LANG`` of ``text`` exits 2 without a traceback: its error output."""
    from referee.cli.command import main

    path = tmp_path / "bad.yaml"
    path.write_text(text, encoding="utf-8")
    assert main(["check", str(path), "--lang", lang]) == 2
    err = capsys.readouterr().err
    assert "Traceback" not in err
    return err


def unusable_after(data: dict, change: Callable[[dict], object]) -> None:
    """``change`` spoils the first deal of the record ``data``, which must then be unusable."""
    from referee import check_text
    from referee.errors import RecordErrors

    change(data["deals"][0])
    with pytest.raises(RecordErrors):
        check_text(yaml.safe_dump(data, allow_unicode=True))
