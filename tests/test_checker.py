"""The score checker without a browser: its Python side, the zip the browser unpacks, the built page.

The browser itself is tested in ``tests/browser/test_checker.py``.
"""

from __future__ import annotations

import base64
import io
import json
import re
import string
import subprocess
import sys
import zipfile
import zlib
from pathlib import Path

import pytest
import yaml

from referee.cli import cmd_check
from referee.web import check, dump, parse
from site_tools import checker
from site_tools.checker_strings import STRINGS
from tests.conftest import EXAMPLES, ROOT

LANGS = ("en", "ru", "de")
IDS = [f"{p.parent.name}/{p.stem}" for p in EXAMPLES]
GAME_PAGES = ("catch-the-ten", "minnesota-whist", "yacht", "trump-seven", "reunion")


def cli(path: Path, lang: str) -> tuple[int, dict]:
    """``referee check PATH --json --lang LANG``: its exit status and the object it prints."""
    out, err = io.StringIO(), io.StringIO()
    status = cmd_check(str(path), lang, True, out, err)
    return status, json.loads(out.getvalue())


def without_lines(value: dict) -> dict:
    for key in ("findings", "errors"):
        for item in value.get(key, []):
            item.get("where", {}).pop("line", None)
    return value


@pytest.mark.parametrize("example", EXAMPLES, ids=IDS)
def test_the_page_gets_what_the_cli_prints(example: Path) -> None:
    text = example.read_text(encoding="utf-8")
    for lang in LANGS:
        status, printed = cli(example, lang)
        answer = json.loads(check(text, lang))
        assert answer == {"status": status, "result": printed}


@pytest.mark.parametrize("example", EXAMPLES, ids=IDS)
def test_text_to_form_and_back_keeps_the_record_and_its_verdict(example: Path, tmp_path: Path) -> None:
    text = example.read_text(encoding="utf-8")
    parsed = json.loads(parse(text, "en"))
    assert parsed["ok"]
    again = dump(json.dumps(parsed["data"], ensure_ascii=False))
    assert yaml.safe_load(again) == yaml.safe_load(text)
    copy = tmp_path / "downloaded.yaml"
    copy.write_text(again, encoding="utf-8")
    status, judged = cli(copy, "ru")
    original_status, original = cli(example, "ru")
    assert status == original_status and without_lines(judged) == without_lines(original)


def test_unreadable_text_says_why_with_its_line() -> None:
    answer = json.loads(parse("game: yacht\nplayers: [Anna\n", "de"))
    assert not answer["ok"] and answer["errors"][0]["code"] == "record.yaml"
    assert answer["errors"][0]["where"]["line"] == 3
    assert "YAML" in answer["errors"][0]["message"]
    unusable = json.loads(check("- just a list\n", "ru"))
    assert unusable["status"] == 2 and unusable["result"]["usable"] is False


def test_the_zip_holds_pure_python_and_the_catalogs(tmp_path: Path) -> None:
    bundle = checker.bundle()
    names = set(bundle.names)
    assert "yaml/__init__.py" in names and "referee/web.py" in names and "referee/records.py" in names
    assert {"locale/ru/LC_MESSAGES/referee.mo", "locale/de/LC_MESSAGES/referee.mo"} <= names
    assert not [n for n in names if not n.endswith((".py", ".mo"))], "only Python source and catalogs"
    assert not [n for n in names if n.startswith("referee/simulate/")]
    assert checker.bundle().data == bundle.data, "the zip is the same on every build"
    # The zip alone, in a Python that sees no site-packages (so no libyaml), gives the CLI's verdict.
    with zipfile.ZipFile(io.BytesIO(bundle.data)) as zf:
        zf.extractall(tmp_path)
    example = ROOT / "examples" / "catch-the-ten" / "two-reach-41.yaml"
    code = ("import sys; sys.path.insert(0, sys.argv[1]); import yaml, referee.web as w; "
            "assert not yaml.__with_libyaml__; print(w.check(open(sys.argv[2], encoding='utf-8').read(), 'ru'))")
    done = subprocess.run([sys.executable, "-I", "-c", code, str(tmp_path), str(example)], capture_output=True,
                          text=True, check=True)
    status, printed = cli(example, "ru")
    assert json.loads(done.stdout) == {"status": status, "result": printed}


def test_checker_words_exist_in_every_language_with_the_same_placeholders() -> None:
    fields = {key: {f for _, f, _, _ in string.Formatter().parse(value) if f} for key, value in STRINGS["en"].items()}
    for lang in ("ru", "de"):
        assert set(STRINGS[lang]) == set(STRINGS["en"]), lang
        for key, value in STRINGS[lang].items():
            assert {f for _, f, _, _ in string.Formatter().parse(value) if f} == fields[key], (lang, key)
            assert value != STRINGS["en"][key] or not re.search(r"[a-z]{3}", value), (lang, key)


def test_links_carry_the_record_in_the_fragment() -> None:
    text = (ROOT / "examples" / "yacht" / "three-players.yaml").read_text(encoding="utf-8")
    href = checker.checker_href("yacht", record=text)
    assert href.startswith("../check-a-score/#record=")
    packed = href.split("#record=", 1)[1]
    assert re.fullmatch(r"[A-Za-z0-9_-]+", packed)
    assert zlib.decompress(base64.urlsafe_b64decode(packed + "=" * (-len(packed) % 4))).decode("utf-8") == text


def test_run_installs_pyodide_from_the_lock_file() -> None:
    run = (ROOT / "run").read_text(encoding="utf-8")
    assert "npm ci" in run and "node_modules/.installed" in run
    for command in ("serve", "test"):
        body = run.split(f"  {command})", 1)[1].split(";;", 1)[0]
        assert "node_packages" in body, command
    lock = json.loads((ROOT / "package-lock.json").read_text(encoding="utf-8"))
    package = json.loads((ROOT / "package.json").read_text(encoding="utf-8"))
    version = package["dependencies"]["pyodide"]
    assert re.fullmatch(r"\d+\.\d+\.\d+", version), "pinned to one version"
    assert lock["packages"]["node_modules/pyodide"]["version"] == version
    assert "resolved" not in json.dumps(lock), "the lock file names no registry host"


# -- the built site -----------------------------------------------------------------------------------


def test_pyodide_and_the_zip_are_in_the_site(site: Path) -> None:
    folder = site / checker.pyodide_dir()
    # (with the .gz and .br copies of the large ones, for the host: site_tools/precompress.py)
    assert sorted(p.name for p in folder.iterdir() if p.suffix not in (".gz", ".br")) == sorted(checker.PYODIDE_FILES)
    for name in checker.PYODIDE_FILES:
        assert (folder / name).read_bytes() == (checker.PYODIDE / name).read_bytes(), name
    zips = sorted(p.name for p in (site / checker.ASSETS).glob("referee-*.zip"))
    assert zips == [checker.bundle().name]
    assert (site / checker.ASSETS / zips[0]).read_bytes() == checker.bundle().data
    # The memory snapshot, named by what it is made from, is the build cache's copy (made once).
    snapshots = sorted(p.name for p in (site / checker.ASSETS).glob("snapshot-*.bin"))
    assert snapshots == [checker.snapshot_name()]
    assert (site / checker.ASSETS / snapshots[0]).stat().st_size > 10_000_000
    assert (checker.CACHE / snapshots[0]).is_file()


def test_large_files_have_precompressed_copies_of_the_same_bytes(site: Path) -> None:
    import gzip

    from site_tools import precompress

    wasm = site / checker.pyodide_dir() / "pyodide.asm.wasm"
    for path in (wasm, site / checker.ASSETS / checker.snapshot_name(), site / "search" / "search_index.json"):
        assert gzip.decompress(path.with_name(path.name + ".gz").read_bytes()) == path.read_bytes(), path
        assert path.with_name(path.name + ".br").stat().st_size < path.stat().st_size / 2, path
    assert not list(site.glob("*/index.html.gz")), "pages are left to the host"
    assert precompress.wanted(Path("search/search_index.json"), 2_000_000)


def test_only_the_checker_page_loads_the_checker(site: Path) -> None:
    for path in sorted(site.rglob("*.html")):
        html = path.read_text(encoding="utf-8")
        rel = path.relative_to(site).as_posix()
        on_checker = rel in ("check-a-score/index.html", "ru/check-a-score/index.html", "de/check-a-score/index.html")
        assert ("checker.js" in html) == on_checker, rel
        assert ("checker.css" in html) == on_checker, rel
        assert "pyodide" not in html.replace("Pyodide", "") or on_checker, rel
    for lang, prefix in (("en", ""), ("ru", "ru/"), ("de", "de/")):
        html = (site / prefix / "check-a-score" / "index.html").read_text(encoding="utf-8")
        assert f'class="referee-checker" data-lang="{lang}"' in html
        assert f'data-bundle="{checker.bundle().name}"' in html
        article = html.split("<article", 1)[1].split("</article>", 1)[0]
        assert "<form" not in article, "no form element: the checker posts nothing"
        assert STRINGS[lang]["check"] in html


def test_game_pages_link_to_the_checker_set_to_the_game(site: Path) -> None:
    for lang, prefix in (("en", ""), ("ru", "ru/"), ("de", "de/")):
        for game in GAME_PAGES:
            html = (site / prefix / game / "index.html").read_text(encoding="utf-8")
            assert f'href="../check-a-score/#game={game}"' in html, (lang, game)
            examples = len(re.findall(r"^\s*example:", (ROOT / "docs" / "en" / f"{game}.md").read_text(
                encoding="utf-8"), re.MULTILINE))
            links = re.findall(r'href="\.\./check-a-score/#record=([A-Za-z0-9_-]+)"', html)
            assert len(links) == examples > 0, (lang, game)
            assert html.count(STRINGS[lang]["link.open"]) == examples
