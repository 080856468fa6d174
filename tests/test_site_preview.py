"""A writer's preview (``./run serve`` sets SITE_PREVIEW=1): the checker starts plainly, no production steps."""

from __future__ import annotations

from pathlib import Path

import pytest

from site_tools.hooks import checker as checker_hooks
from site_tools.published import checker, checker_runtime

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture()
def preview(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(checker_runtime.PREVIEW, "1")


def test_run_serve_asks_for_the_preview() -> None:
    serve = (ROOT / "run").read_text(encoding="utf-8").split("  serve)", 1)[1].split(";;", 1)[0]
    assert f'export {checker_runtime.PREVIEW}="${{{checker_runtime.PREVIEW}:-1}}"' in serve


def test_the_preview_s_checker_names_no_snapshot(preview: None) -> None:
    assert checker_runtime.preview()
    assert 'data-snapshot=""' in checker.checker_block({}, "en")


def test_the_production_checker_names_its_snapshot(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(checker_runtime.PREVIEW, raising=False)
    assert not checker_runtime.preview()
    assert f'data-snapshot="{checker_runtime.snapshot_name()}"' in checker.checker_block({}, "en")


def test_the_preview_copies_pyodide_s_whole_library_and_makes_nothing(
    preview: None, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    started: list[str] = []
    monkeypatch.setattr(checker_runtime, "start_snapshot", lambda: started.append("snapshot"))
    monkeypatch.setattr(checker_runtime, "finish_snapshot", lambda: started.append("snapshot"))
    written = {p.relative_to(tmp_path).as_posix() for p in checker_runtime.copy_into_site(tmp_path)}
    folder = checker_runtime.pyodide_dir()
    assert written == {
        *(
            folder + name
            for name in (*checker_runtime.PYODIDE_FILES, checker_runtime.PYODIDE_STDLIB)
        ),
        f"{checker_runtime.ASSETS}/{checker_runtime.bundle().name}",
        *(
            f"{checker_runtime.LIBRARY}/{name}" for name in checker_runtime.LIBRARY_FILES
        ),  # the front-end's library
    }
    assert started == []
    assert not list(tmp_path.rglob("snapshot-*")) and not list(tmp_path.rglob("*.br"))


def test_the_preview_s_hooks_write_no_service_worker_and_no_copies(
    preview: None, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from types import SimpleNamespace

    monkeypatch.setattr(checker_runtime, "copy_into_site", lambda site: [])
    config = SimpleNamespace(site_dir=str(tmp_path), plugins={})
    checker_hooks.on_post_build(config)  # type: ignore[arg-type]
    assert [p.name for p in tmp_path.iterdir()] == ["manifest.webmanifest"]  # no sw.js, no .br


def test_the_preview_s_pages_register_no_service_worker(preview: None) -> None:
    from types import SimpleNamespace

    config = SimpleNamespace(extra={})
    checker_hooks.on_config(config)  # type: ignore[arg-type]
    assert config.extra["site_preview"] is True
    template = (ROOT / "overrides" / "main.html").read_text(encoding="utf-8")
    assert "data-sw=\"{{ '' if config.extra.site_preview else ('sw.js' | url) }}\"" in template


REBUILDS = """
import json, os, sys, tempfile
from mkdocs.config import load_config
from mkdocs.commands.build import build
site = tempfile.mkdtemp(prefix="preview_")
sizes = []
for i in range(3):
    config = load_config(config_file="mkdocs.yml", site_dir=site)
    if i == 0:
        config.plugins.on_startup(command="serve", dirty=True)  # as mkdocs serve --dirty does, once
    build(config, serve_url="http://localhost:8000/", dirty=True)
    with open(os.path.join(site, "search", "search_index.json"), encoding="utf-8") as f:
        docs = json.load(f)["docs"]
    sizes.append([len(docs), len({d["location"] for d in docs})])
print(json.dumps(sizes))
"""


def test_a_dirty_rebuild_keeps_the_search_index_its_size() -> None:
    """``./run serve``'s rebuilds: the search index stays the same size (it once grew threefold an edit)."""
    import json
    import os

    from tests.conftest import building, run_python

    with building():
        done = run_python(REBUILDS, env={**os.environ, checker_runtime.PREVIEW: "1"}, check=False)
    assert done.returncode == 0, done.stderr[-2000:]
    sizes = json.loads(done.stdout.strip().splitlines()[-1])
    first_locations = sizes[0][1]
    assert first_locations > 1000, sizes  # every section of the three languages' pages
    for entries, locations in sizes[1:]:
        assert locations == first_locations, sizes  # every section still found
        assert entries <= 2 * first_locations, (
            sizes
        )  # bounded: at most the carried index and one build's
