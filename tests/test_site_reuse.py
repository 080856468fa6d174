"""What a warm site build reuses gives what the work itself gives (site_tools/pages/reuse.py and the hooks' caches)."""

from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest

from site_tools import buildcache
from site_tools.hooks import reading as pages_hooks
from site_tools.pages import blocks, reuse
from site_tools.published import checker
from site_tools.translation import pipeline


@pytest.fixture
def cache_root(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A throw-away cache root with a referee-inputs hash, as a build sets it; nothing left in memory."""
    monkeypatch.setattr(buildcache, "_MEMORY", {})
    monkeypatch.setitem(buildcache.REFEREE_INPUTS, tmp_path, "inputs-of-this-test")
    return tmp_path


def _page(content: str) -> Any:
    toc = [SimpleNamespace(id="play", url="#play", title="Play", children=[])]
    return SimpleNamespace(content=content, url="yacht/", title="Yacht", toc=toc, meta={})


def test_search_entries_are_reused_and_equal_to_the_plugin_s(cache_root: Path) -> None:
    from material.plugins.search.plugin import SearchIndex

    html = '<h1 id="yacht">Yacht</h1><p>Intro A♠.</p><h2 id="play">Play</h2><p>Lead any card.</p>'
    plain = SearchIndex(lang=["en"], separator=" ", pipeline=[], fields={})
    plain.add_entry_from_context(_page(html))

    def config_with(index: Any) -> Any:
        plugins = {"material/search": SimpleNamespace(search_index=index)}
        return SimpleNamespace(plugins=plugins)

    first = SearchIndex(lang=["en"], separator=" ", pipeline=[], fields={})
    assert reuse.cache_search_entries(config_with(first), cache_root)
    first.add_entry_from_context(_page(html))
    second = SearchIndex(lang=["en"], separator=" ", pipeline=[], fields={})
    assert reuse.cache_search_entries(config_with(second), cache_root)
    buildcache._MEMORY.clear()  # from the files, as the next build reads them

    def not_parsed(page: Any) -> None:
        raise AssertionError("parsed again")

    import material.plugins.search.plugin as search

    with (
        pytest.MonkeyPatch.context() as patch
    ):  # a page whose inputs are unchanged is not parsed again
        patch.setattr(search, "Parser", not_parsed)
        second.add_entry_from_context(_page(html))
    assert first.entries == second.entries == plain.entries
    changed = SearchIndex(lang=["en"], separator=" ", pipeline=[], fields={})
    reuse.cache_search_entries(config_with(changed), cache_root)
    changed.add_entry_from_context(_page(html.replace("any card", "a card")))
    assert changed.entries != plain.entries


def test_templates_compiled_once_render_the_same(tmp_path: Path) -> None:
    from jinja2 import DictLoader, Environment

    loader = DictLoader({"page.html": "{% for x in items %}<i>{{ x|upper }}</i>{% endfor %}"})
    outputs = []
    for _ in range(2):
        env = Environment(loader=loader, auto_reload=False)
        env.bytecode_cache = reuse.template_cache(env, tmp_path)
        outputs.append(env.get_template("page.html").render(items=["a", "b"]))
    assert outputs == ["<i>A</i><i>B</i>"] * 2
    assert list((tmp_path / buildcache.FOLDER / "jinja").rglob("*.cache"))


def test_block_parameters_are_parsed_once_and_never_shared() -> None:
    page = "```referee-facts\ngame: yacht\nshow: [a, b]\n```\n"
    first = blocks.find_blocks(page)[0]
    first.params["show"].append("c")
    assert blocks.find_blocks(page)[0].params == {"game": "yacht", "show": ["a", "b"]}


def test_reader_records_are_made_once(monkeypatch: pytest.MonkeyPatch) -> None:
    import referee.present.example_blocks

    name = "yacht/three-players"
    want = checker.for_readers(referee.present.example_blocks.load_example(name, "de")[1])
    checker._READER.pop((name, "de"), None)
    assert checker.reader_record(name, "de") == want

    def fails(*args: Any) -> Any:
        raise AssertionError("made again")

    monkeypatch.setattr(referee.present.example_blocks, "load_example", fails)
    assert checker.reader_record(name, "de") == want


def test_page_content_is_kept_and_the_same(
    cache_root: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(pipeline, "ROOT", cache_root)
    html = '<p>A trick with the A♠.</p><h2 id="edition-notes">Notes</h2><p>10♥</p>'
    want = pages_hooks.page_content(html, "korol", "en")
    page = SimpleNamespace(
        file=SimpleNamespace(src_uri="korol.md", norm_src_uri="korol.md"), title="Korol", toc=[]
    )
    config = SimpleNamespace(plugins={})
    assert pages_hooks.on_page_content(html, page, config, None) == want  # type: ignore[arg-type]
    assert list((cache_root / buildcache.FOLDER / "content").glob("*.json"))
    buildcache._MEMORY.clear()
    monkeypatch.setattr(pages_hooks, "page_content", lambda *args: "made again")
    assert pages_hooks.on_page_content(html, page, config, None) == want  # type: ignore[arg-type]


def test_a_page_rendered_from_the_cache_is_the_page_mkdocs_renders(cache_root: Path) -> None:
    from mkdocs.config import load_config
    from mkdocs.structure.files import File, Files
    from mkdocs.structure.pages import Page

    docs = cache_root / "docs"
    docs.mkdir()
    (docs / "a.md").write_text(
        "# A {#a}\n\n## Play {#play}\n\nSee [b](b.md#deal) and A♠.\n\n### Lead\n", encoding="utf-8"
    )
    (docs / "b.md").write_text(
        "# B\n\n## Deal {#deal}\n\n| x |\n| --- |\n| 1 |\n", encoding="utf-8"
    )
    (cache_root / "mkdocs.yml").write_text(
        "site_name: t\nmarkdown_extensions: [tables, attr_list, {toc: {permalink: true}}]\n",
        encoding="utf-8",
    )
    config = load_config(str(cache_root / "mkdocs.yml"))
    files = Files(
        [File(name, str(docs), str(cache_root / "site"), True) for name in ("a.md", "b.md")]
    )

    def rendered(cached: bool) -> list[Any]:
        out = []
        for file in files:
            page = Page(None, file, config)
            page.read_source(config)
            if cached:
                reuse.cache_render(page, cache_root)
            page.render(config, files)
            links = {f.src_uri: a for f, a in (page.links_to_anchors or {}).items()}
            out.append(
                [
                    page.content,
                    str(page.toc),
                    [i.__dict__.get("active") for i in page.toc],
                    page.title,
                    sorted(page.present_anchor_ids or ()),
                    links,
                ]
            )
        return out

    plain = rendered(False)
    assert rendered(True) == plain  # rendered and kept
    assert len(list((cache_root / buildcache.FOLDER / "render").glob("*.json"))) == 2
    buildcache._MEMORY.clear()
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(Page, "render", lambda *args: pytest.fail("rendered again"))
        assert rendered(True) == plain  # from the cache
    assert plain[0][5]["b.md"] == {
        "deal": "b.md#deal"
    }  # a link to another page's anchor, checked later


def test_a_page_whose_render_warned_is_not_kept(cache_root: Path) -> None:
    from mkdocs.config import load_config
    from mkdocs.structure.files import File, Files
    from mkdocs.structure.pages import Page

    docs = cache_root / "docs"
    docs.mkdir()
    (docs / "a.md").write_text("# A\n\nSee [gone](gone.md).\n", encoding="utf-8")
    (cache_root / "mkdocs.yml").write_text("site_name: t\n", encoding="utf-8")
    config = load_config(str(cache_root / "mkdocs.yml"))
    files = Files([File("a.md", str(docs), str(cache_root / "site"), True)])
    page = Page(None, files.get_file_from_path("a.md"), config)
    page.read_source(config)
    reuse.cache_render(page, cache_root)
    page.render(config, files)  # MkDocs warns of the missing page: the next build must warn again
    assert "gone" in page.content
    assert not (cache_root / buildcache.FOLDER / "render").exists()


def test_the_build_benchmark_groups_a_profile_and_makes_the_bare_site(tmp_path: Path) -> None:
    import cProfile
    import importlib.util
    import pstats
    import time

    import yaml

    path = Path(__file__).resolve().parent.parent / "scripts" / "bench_build.py"
    spec = importlib.util.spec_from_file_location("bench_build", path)
    assert spec is not None and spec.loader is not None
    bench = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(bench)
    profiler = cProfile.Profile(time.process_time)
    profiler.runcall(lambda: [yaml.safe_load("a: [1, 2]\nb: {c: d}\n") for _ in range(40)])
    groups = bench.grouped(pstats.Stats(profiler))
    assert max(groups, key=groups.get) == "yaml"
    config = yaml.safe_load(bench.bare_project(tmp_path).read_text(encoding="utf-8"))
    assert (
        config["plugins"] == ["search"]
        and {"toc": {"permalink": True}} in config["markdown_extensions"]
    )
    assert (tmp_path / "docs" / "index.md").is_file() and (
        tmp_path / "docs" / "de" / "index.md"
    ).is_file()
