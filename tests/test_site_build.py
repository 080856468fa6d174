"""The site: a strict build in three languages, generated blocks, links, and no third-party loads."""

from __future__ import annotations

import re
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import urlparse

from site_tools.pipeline import LANGUAGES, pages, status
from tests.conftest import ROOT


class Refs(HTMLParser):
    """Every URL a page loads (src, stylesheet/script href) or links to, and every id."""

    def __init__(self) -> None:
        super().__init__()
        self.loads: list[str] = []
        self.links: list[str] = []
        self.ids: set[str] = set()

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if "id" in a:
            self.ids.add(a["id"])
        if a.get("src"):
            self.loads.append(a["src"])
        if tag == "link" and a.get("href") and a.get("rel") not in ("alternate", "canonical"):
            self.loads.append(a["href"])
        if tag == "a" and a.get("href"):
            self.links.append(a["href"])


def parse(path: Path) -> Refs:
    refs = Refs()
    refs.feed(path.read_text(encoding="utf-8"))
    return refs


def html_pages(site: Path) -> list[Path]:
    return sorted(site.rglob("*.html"))


def test_every_page_is_built_in_every_language(site):
    for page in pages():
        slug = "" if page == "index" else f"{page}/"
        for prefix in ("", "ru/", "de/"):
            assert (site / prefix / slug / "index.html").is_file(), prefix + slug
    assert (site / "404.html").is_file() and (site / "sitemap.xml").is_file()
    assert 'hreflang="ru"' in (site / "sitemap.xml").read_text(encoding="utf-8")


def test_pages_load_nothing_from_third_parties(site):
    for path in html_pages(site):
        for url in parse(path).loads:
            assert not urlparse(url).netloc, f"{path.relative_to(site)} loads {url}"
    for path in [*site.rglob("*.css"), *site.rglob("*.js")]:
        text = path.read_text(encoding="utf-8", errors="replace")
        assert not re.search(r"@import\s+url\(\s*['\"]?https?:", text), path
        assert "fonts.googleapis" not in text and "fonts.gstatic" not in text, path


def test_internal_links_and_anchors_resolve(site):
    ids = {path: parse(path).ids for path in html_pages(site)}
    for path in html_pages(site):
        for href in parse(path).links:
            url = urlparse(href)
            if url.scheme or url.netloc or href.startswith("mailto:"):
                continue
            if url.path.startswith("/"):
                target = (site / url.path.lstrip("/")).resolve()
            else:
                target = (path.parent / url.path).resolve() if url.path else path
            if target.is_dir():
                target = target / "index.html"
            assert target.exists(), f"{path.relative_to(site)} links to missing {href}"
            if url.fragment and target.suffix == ".html":
                assert url.fragment in ids.get(target, parse(target).ids), f"{path.relative_to(site)}: #{url.fragment}"


def test_generated_blocks_are_rendered_in_the_page_language(site):
    en = (site / "catch-the-ten" / "index.html").read_text(encoding="utf-8")
    ru = (site / "ru" / "catch-the-ten" / "index.html").read_text(encoding="utf-8")
    de = (site / "de" / "catch-the-ten" / "index.html").read_text(encoding="utf-8")
    assert "Rank in trumps" in en and "Старшинство в козырях" in ru and "Rangfolge im Trumpf" in de
    assert "referee-facts" not in en + ru + de
    assert 'class="suit-red"' in en
    assert 'lang="ru"' in ru and 'lang="de"' in de


def test_examples_named_on_pages_exist_and_are_replayed():
    named = set()
    for page in (ROOT / "docs" / "en").rglob("*.md"):
        named |= set(re.findall(r"^example:\s*(\S+)", page.read_text(encoding="utf-8"), re.MULTILINE))
    assert named
    for name in named:
        assert (ROOT / "examples" / f"{name}.yaml").is_file(), name


def test_incomplete_translations_say_so(site):
    for lang in LANGUAGES:
        for page in pages():
            slug = "" if page == "index" else f"{page}/"
            html = (site / lang / slug / "index.html").read_text(encoding="utf-8")
            notice = {"ru": "Перевод не завершён", "de": "Übersetzung unvollständig"}[lang]
            assert (notice in html) == (not status(lang, page).complete), (lang, page)


def test_no_raw_html_or_script_in_translations():
    from translate.storage import po

    for lang in LANGUAGES:
        for path in (ROOT / "locale" / lang / "docs").glob("*.po"):
            for unit in (u for u in po.pofile(path.open("rb")).units if not u.isheader()):
                target = str(unit.target or "")
                assert "<" not in target and "javascript:" not in target.lower(), (path.name, target)
