"""The built site: three languages, generated blocks, links and anchors, no third-party loads, safe HTML.

The site is built once per test session (``mkdocs build --strict``, the ``site`` fixture in
conftest.py); every test here reads that build.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from functools import cache
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import urljoin, urlparse

import material
import yaml

from site_tools.translation.pipeline import LANGUAGES, pages, status
from tests.conftest import REPO_URL, ROOT, SITE_URL, SUB_PATH

CONFIG = yaml.load((ROOT / "mkdocs.yml").read_text(encoding="utf-8"), Loader=yaml.BaseLoader)
SITE_HOST = urlparse(
    SITE_URL
).hostname  # the tests build for SITE_URL and REPO_URL (tests/conftest.py)
PREFIXES = {"en": "", **{lang: f"{lang}/" for lang in LANGUAGES}}
THEME = Path(material.__file__).parent / "templates"
OVERRIDES = ROOT / "overrides"
URL = re.compile(r"https?://[^\s\"'`()<>\\]+")
XML_NAMESPACES = (
    "http://www.w3.org/2000/svg",
    "http://www.w3.org/1999/xhtml",
    "http://www.w3.org/1999/xlink",
    "http://www.w3.org/XML/1998/namespace",
)
# Hosts named in the theme's own scripts and styles (mkdocs-material 9.8.1), reviewed by hand. All but the
# last group occur only in licence comments and documentation links. The last group is code that would
# fetch: unpkg.com (a ResizeObserver polyfill, only in browsers without ResizeObserver, and mermaid, only
# on a page with a mermaid diagram) and api.github.com / a GitLab host (repository facts, only with
# repo_url set). test_dormant_theme_loaders_stay_dormant checks that none of those conditions holds.
THEME_HOSTS = {
    "www.w3.org",
    "www.mozilla.org",
    "people.mozilla.org",
    "developer.mozilla.org",
    "snowball.tartarus.org",
    "tartarus.org",
    "code.google.com",
    "github.com",
    "lunrjs.com",
    "chasen.org",
    "docs.python.org",
    "en.wikipedia.org",
    "msdn.microsoft.com",
    "narwhaljs.org",
    "underscorejs.org",
    "wiki.commonjs.org",
    "wiki.ecmascript.org",
    "bit.ly",
    "clipboardjs.com",
    "fontawesome.com",
    "unpkg.com",
    "api.github.com",
    "${e}",
}
LOADING = {
    ("script", "src"),
    ("img", "src"),
    ("img", "srcset"),
    ("source", "src"),
    ("source", "srcset"),
    ("iframe", "src"),
    ("embed", "src"),
    ("object", "data"),
    ("video", "src"),
    ("video", "poster"),
    ("audio", "src"),
    ("track", "src"),
    ("input", "src"),
    ("form", "action"),
    ("base", "href"),
    ("image", "href"),
    ("use", "href"),
}
NOT_LOADED_LINKS = {"alternate", "canonical", "prev", "next"}
FORBIDDEN_IN_ARTICLE = {
    "script",
    "iframe",
    "object",
    "embed",
    "style",
    "form",
    "base",
    "meta",
    "link",
    "frame",
}


class Page(HTMLParser):
    """What one built page loads, links to and declares."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.loads: list[str] = []
        self.links: list[str] = []
        self.article_links: list[str] = []
        self.ids: set[str] = set()
        self.unsafe: list[str] = []
        self.inline: list[str] = []
        self.lang = ""
        self.scripts: list[str] = []
        self._article = 0
        self._raw: str | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = {k: v or "" for k, v in attrs}
        if tag == "html":
            self.lang = a.get("lang", "")
        if tag == "article":
            self._article += 1
        elif self._article and tag in FORBIDDEN_IN_ARTICLE:
            self.unsafe.append(f"<{tag}> in the article")
        for key, value in a.items():
            if key == "id":
                self.ids.add(value)
            if key.startswith("on"):
                self.unsafe.append(f"{tag} {key}=")
            if key in (
                "href",
                "src",
                "action",
                "data",
                "poster",
                "srcset",
                "formaction",
                "xlink:href",
            ) and re.match(r"(?i)\s*(javascript|vbscript|data):", value):
                self.unsafe.append(f"{tag} {key}={value[:40]}")
            if key == "style" and "url(" in value:
                self.loads.append(value)
            if (tag, key) in LOADING and value:
                self.loads.extend(
                    v.split()[0] for v in value.split(",") if v.strip()
                ) if key == "srcset" else self.loads.append(value)
        if tag == "script":
            self.scripts.append(a.get("src", ""))
        if tag == "link" and a.get("href") and not set(a.get("rel", "").split()) & NOT_LOADED_LINKS:
            self.loads.append(a["href"])
        if tag == "meta" and a.get("http-equiv", "").lower() == "refresh":
            self.loads.append(a.get("content", "").partition("url=")[2])
        if tag == "a" and a.get("href"):
            self.links.append(a["href"])
            if self._article:
                self.article_links.append(a["href"])
        if tag in ("script", "style"):
            self._raw = ""

    def handle_endtag(self, tag: str) -> None:
        if tag == "article":
            self._article -= 1
        if tag in ("script", "style") and self._raw is not None:
            self.inline.append(self._raw)
            self._raw = None

    def handle_data(self, data: str) -> None:
        if self._raw is not None:
            self._raw += data


@cache
def parse(path: Path) -> Page:
    page = Page()
    page.feed(path.read_text(encoding="utf-8"))
    return page


def html_pages(site: Path) -> list[Path]:
    return sorted(site.rglob("*.html"))


def page_path(site: Path, lang: str, page: str) -> Path:
    slug = "" if page == "index" else f"{page}/"
    return site / PREFIXES[lang] / slug / "index.html"


def is_frame_link(url: str) -> bool:
    """A link the frame puts on every page: the repository, "Edit this page", "Improve this translation"."""
    return url == REPO_URL or url.startswith(REPO_URL + "/")


def is_foreign(url: str) -> bool:
    """A URL on a host other than the site's own (relative URLs are local)."""
    host = urlparse(url.strip()).hostname
    return host is not None and host != SITE_HOST


def test_every_page_is_built_in_every_language(site: Path) -> None:
    for page in pages():
        for lang in PREFIXES:
            path = page_path(site, lang, page)
            assert path.is_file(), path.relative_to(site)
            assert parse(path).lang == lang, (
                f"{path.relative_to(site)} has <html lang={parse(path).lang!r}>"
            )
    assert parse(site / "404.html").lang == "en"


def test_sitemap_lists_every_page_with_its_alternates(site: Path) -> None:
    ns = {"s": "http://www.sitemaps.org/schemas/sitemap/0.9", "x": "http://www.w3.org/1999/xhtml"}
    urls = ET.parse(site / "sitemap.xml").getroot().findall("s:url", ns)
    locs = {u.findtext("s:loc", namespaces=ns) for u in urls}
    for page in pages():
        slug = "" if page == "index" else f"{page}/"
        assert {f"{SITE_URL}{prefix}{slug}" for prefix in PREFIXES.values()} <= locs, page
    for url in urls:
        alternates = {link.get("hreflang"): link.get("href") for link in url.findall("x:link", ns)}
        assert set(alternates) == {*PREFIXES, "x-default"}, url.findtext("s:loc", namespaces=ns)
        assert all(href.startswith(SITE_URL) for href in alternates.values())


def test_pages_load_nothing_from_third_parties(site: Path) -> None:
    for path in [*html_pages(site), *site.rglob("*.xml")]:
        if path.suffix == ".xml":
            found = [
                u
                for u in URL.findall(path.read_text(encoding="utf-8"))
                if is_foreign(u)
                and u not in ("http://www.sitemaps.org/schemas/sitemap/0.9", *XML_NAMESPACES)
            ]
            assert not found, f"{path.relative_to(site)}: {found}"
            continue
        page = parse(path)
        for url in page.loads:
            assert not is_foreign(url) and not URL.search(url.replace(SITE_URL, "")), (
                f"{path.relative_to(site)} loads {url}"
            )
        for script in page.inline:
            assert not [u for u in URL.findall(script) if is_foreign(u)], (
                f"{path.relative_to(site)}: inline {script}"
            )
        outside = [
            href
            for href in page.links
            if is_foreign(href) and href not in page.article_links and not is_frame_link(href)
        ]
        assert not outside, (
            f"{path.relative_to(site)} links to other sites outside the page text: {outside}"
        )


def test_translated_pages_link_only_where_the_english_page_does(site: Path) -> None:
    for page in pages():
        english = {h for h in parse(page_path(site, "en", page)).article_links if is_foreign(h)}
        for lang in LANGUAGES:
            added = {
                h
                for h in parse(page_path(site, lang, page)).article_links
                if is_foreign(h) and not is_frame_link(h)
            } - english
            assert not added, f"{lang}/{page} links to {added}, the English page does not"


def test_scripts_and_styles_are_the_theme_s_or_ours(site: Path) -> None:
    for path in sorted([*site.rglob("*.js"), *site.rglob("*.css")]):
        rel = path.relative_to(site)
        ours = OVERRIDES / rel
        text = path.read_text(encoding="utf-8", errors="replace")
        if ours.is_file():
            assert path.read_bytes() == ours.read_bytes(), rel
            assert not [u for u in URL.findall(text) if not u.startswith(XML_NAMESPACES)], rel
            continue
        if (
            rel.as_posix() == "sw.js"
        ):  # the service worker, written by the build (site_tools/published/offline.py)
            from site_tools.published.offline import service_worker

            assert text == service_worker(site) and not URL.findall(text), rel
            continue
        theme = THEME / rel
        assert theme.is_file() and theme.read_bytes() == path.read_bytes(), (
            f"{rel} is neither ours nor the theme's"
        )
        hosts = {urlparse(u).netloc for u in URL.findall(text)}
        assert hosts <= THEME_HOSTS, f"{rel} names unreviewed hosts {hosts - THEME_HOSTS}"


def test_dormant_theme_loaders_stay_dormant(site: Path) -> None:
    assert "font" in CONFIG["theme"] and CONFIG["theme"]["font"] == "false"
    for path in html_pages(site):
        text = path.read_text(encoding="utf-8")
        assert 'class="mermaid"' not in text and "fonts.googleapis" not in text, path.relative_to(
            site
        )
        # With repo_url set, the theme fetches repository facts from the host's API for a source link
        # marked as its component; overrides/partials/source.html leaves that mark out.
        assert 'data-md-component="source"' not in text, path.relative_to(site)


def test_pages_carry_no_script_or_handler_from_the_content(site: Path) -> None:
    for path in html_pages(site):
        assert not parse(path).unsafe, f"{path.relative_to(site)}: {parse(path).unsafe}"


def test_internal_links_and_anchors_resolve(site: Path) -> None:
    for path in html_pages(site):
        page = parse(path)
        # The site is built for a sub-path (SITE_URL): absolute links must stay inside it.
        base = f"https://local.invalid{SUB_PATH}/" + path.relative_to(site).as_posix()
        for href in [*page.links, *page.loads]:
            url = urlparse(urljoin(base, href))
            if url.hostname != "local.invalid" or href.startswith("mailto:"):
                continue
            assert url.path.startswith(SUB_PATH + "/"), (
                f"{path.relative_to(site)} links outside the site: {href}"
            )
            target = site / url.path.removeprefix(SUB_PATH + "/")
            if url.path.endswith("/") or target.is_dir():
                target = target / "index.html"
            assert target.is_file(), f"{path.relative_to(site)} links to missing {href}"
            # A fragment with "=" is the score checker's state (#game=…, #record=…), not an anchor.
            if url.fragment and target.suffix == ".html" and "=" not in url.fragment:
                assert url.fragment in parse(target).ids, (
                    f"{path.relative_to(site)}: {href} has no such anchor"
                )


def test_generated_blocks_are_rendered_in_the_page_language(site: Path) -> None:
    en = page_path(site, "en", "catch-the-ten").read_text(encoding="utf-8")
    ru = page_path(site, "ru", "catch-the-ten").read_text(encoding="utf-8")
    de = page_path(site, "de", "catch-the-ten").read_text(encoding="utf-8")
    assert "Rank in trumps" in en and "Старшинство в козырях" in ru and "Rangfolge im Trumpf" in de
    assert 'class="suit-red"' in en and 'class="suit-black"' in en
    for path in html_pages(site):
        assert "language-referee-" not in path.read_text(encoding="utf-8"), (
            f"{path.relative_to(site)}: block left"
        )


def test_translation_status_page_is_generated(site: Path) -> None:
    if "translation-status" not in pages():
        return
    ru = page_path(site, "ru", "translation-status").read_text(encoding="utf-8")
    assert "нет перевода" in ru and "<th>Немецкий</th>" in ru


def test_examples_named_on_pages_exist() -> None:
    named = set()
    for page in (ROOT / "docs" / "en").rglob("*.md"):
        named |= set(
            re.findall(r"^\s*example:\s*(\S+)", page.read_text(encoding="utf-8"), re.MULTILINE)
        )
    assert named
    for name in named:
        assert (ROOT / "examples" / f"{name}.yaml").is_file(), name


def test_incomplete_translations_say_so(site: Path) -> None:
    for lang in LANGUAGES:
        title = {"ru": "Перевод не завершён", "de": "Übersetzung unvollständig"}[lang]
        for page in pages():
            html = page_path(site, lang, page).read_text(encoding="utf-8")
            notice = re.search(
                r'<div class="admonition warning translation-notice">\s*<p class="admonition-title">'
                r"([^<]*)</p>",
                html,
            )
            assert bool(notice) == (not status(lang, page).complete), (lang, page)
            assert not notice or notice.group(1) == title, (lang, page, notice.group(1))
            assert html.count("translation-notice") <= 1
    for page in pages():
        assert "translation-notice" not in page_path(site, "en", page).read_text(encoding="utf-8")


def test_search_keeps_one_language_and_stems_ru_and_de(site: Path) -> None:
    index = (site / "search" / "search_index.json").read_text(encoding="utf-8")
    assert '"location":"ru/catch-the-ten/' in index.replace(
        " ", ""
    ) and '"location":"de/' in index.replace(" ", "")
    assert (site / "assets" / "javascripts" / "lunr" / "min" / "lunr.ru.min.js").is_file()
    for path in html_pages(site):
        scripts = parse(path).scripts
        filter_at = [i for i, s in enumerate(scripts) if s.endswith("search-language.js")]
        bundle_at = [i for i, s in enumerate(scripts) if "/bundle." in s]
        assert filter_at and bundle_at and filter_at[0] < bundle_at[0], path.relative_to(site)


def test_every_page_carries_the_content_security_policy_and_no_inline_script(site: Path) -> None:
    """The policy first in the head (site_tools/published/csp.py); WebAssembly only on the
    checker's page; no inline script."""
    from site_tools.published import csp

    meta = re.compile(r'<head>\s*<meta http-equiv="Content-Security-Policy" content="([^"]*)">')
    checker_pages = 0
    for path in html_pages(site):
        text = path.read_text(encoding="utf-8")
        found = meta.search(text)
        assert found, f"{path.relative_to(site)}: no Content-Security-Policy first in the head"
        scripts = " ".join(parse(path).scripts)
        # the pages that run the referee in WebAssembly: the score checker and the practice table
        checker = "checker.js" in scripts or "table.js" in scripts
        checker_pages += checker
        assert found.group(1).replace("&#39;", "'") == csp.policy(checker=checker), (
            path.relative_to(site)
        )
        inline = [tag for tag in re.findall(r"<script\b([^>]*)>", text) if "src=" not in tag]
        assert all('type="application/json"' in tag for tag in inline), (
            f"{path.relative_to(site)}: inline {inline}"
        )
    assert checker_pages == 2 * (1 + len(LANGUAGES))
