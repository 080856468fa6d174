"""MkDocs hooks: generate the translated page trees, fill in the generated blocks, flag partial pages.

Wired in ``mkdocs.yml`` (``hooks:``), so ``mkdocs build`` and ``mkdocs serve`` alone produce the
whole site; there is no manual pre-step.

- ``on_pre_build`` (once per build, not once per language) checks every catalog, the pages' and
  the referee's, with :mod:`site_tools.safety` (what the translation renders to against the
  English, placeholders, numbers, an outsize translation: a warning each, and ``--strict`` stops
  the build there) and writes ``docs/ru`` and ``docs/de`` from
  ``docs/en`` and the catalogs (:func:`site_tools.translation.pipeline.render_translations`), unsafe segments in
  English.
- ``on_serve`` makes ``mkdocs serve`` watch ``docs/en`` (plus ``locale/``, ``examples/`` and
  ``overrides/`` from ``watch:`` in mkdocs.yml) instead of the whole ``docs/``, so writing the
  generated trees never triggers another rebuild.
- ``on_page_markdown`` replaces every ```` ```referee-KIND ```` block with Markdown in the
  language being built, and puts a notice in that language under the title of a page whose
  translation is incomplete, with a link to the contribution page.
- ``on_page_context`` sets the frame of each page (:mod:`site_tools.pages.frame`): the edit link (the
  English source, or the page's catalog on a translation) and the "last updated" date.
- ``on_env`` gives the templates the frame's words and the Content-Security-Policy
  (:mod:`site_tools.published.csp`), which ``overrides/main.html`` writes first in every page's head.
- ``on_post_page`` writes the head's ``<link rel="alternate" hreflang>`` tags as absolute URLs,
  with ``x-default`` (search engines want them absolute; the theme's relative ones are replaced).
- ``on_post_template`` keeps the English ``404.html`` at the root; each other language's 404 page
  is written into its own folder.
- ``on_post_build`` publishes each game's record JSON Schema at ``schemas/<slug>.json``.

Translated pages and generated blocks are kept in :mod:`site_tools.buildcache` under a hash of what
they are made from (the English page and its catalog; the referee's code, messages and examples),
so a build or a ``mkdocs serve`` rebuild redoes only what an edit changed. So are each page's HTML,
its search entries and the theme's compiled templates (:mod:`site_tools.pages.reuse`); the language
builds of one ``mkdocs build`` share the theme's file listing and what they parse.
"""

from __future__ import annotations

import json
import logging
import posixpath
import re
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from mkdocs.config.defaults import MkDocsConfig  # noqa: E402
from mkdocs.exceptions import PluginError  # noqa: E402
from mkdocs.structure.files import Files  # noqa: E402
from mkdocs.structure.pages import Page  # noqa: E402

from site_tools import buildcache  # noqa: E402
from site_tools.architecture import architecture_block  # noqa: E402
from site_tools.hooks import build  # noqa: E402
from site_tools.pages import frame, reuse  # noqa: E402
from site_tools.pages.blocks import BlockSyntaxError, expand_blocks, status_block  # noqa: E402
from site_tools.pages.rule_marks import rules_block  # noqa: E402
from site_tools.published import checker, csp, publish  # noqa: E402
from site_tools.safety import checks as safety  # noqa: E402
from site_tools.strings import ARCH_WORDS, text  # noqa: E402
from site_tools.translation import pipeline  # noqa: E402
from site_tools.translation.terms import terms_block  # noqa: E402

log = logging.getLogger("mkdocs.hooks.site_tools")
_HEAD_ALTERNATE = re.compile(r'[ \t]*<link rel="alternate" href="[^"]*" hreflang="[^"]*">\n?')
_TITLE = re.compile(r"<title>(?P<page>.*?) - (?P<site>.*?)</title>")
_english_404: str | None = None
# Hash of what the referee's blocks are made from, once per build and per project root: a test that
# builds a throw-away tree must not leave its hash (and so its cached blocks) to the real project.
_referee_inputs: dict[Path, str] = buildcache.REFEREE_INPUTS


def _i18n(config: MkDocsConfig) -> Any:
    return config.plugins.get("i18n")


def on_config(config: MkDocsConfig) -> MkDocsConfig:
    """Tell the templates which languages exist (the search filter needs the folder prefixes).

    A build for a published address without REPO_URL drops the repository, edit and licence links
    rather than point readers at mkdocs.yml's placeholder host (:func:`publish.without_repository`).
    """
    if publish.without_repository(config.site_url):
        config.repo_url = None  # type: ignore[assignment]
        config.edit_uri = None  # type: ignore[assignment]
        log.info("site_tools: REPO_URL is not set: no repository, edit or licence links")
    plugin = _i18n(config)
    languages = (
        [lang.locale for lang in plugin.config.languages] if plugin else [pipeline.DEFAULT_LANGUAGE]
    )
    config.extra["site_languages"] = " ".join(languages)
    config.extra["site_default_language"] = pipeline.DEFAULT_LANGUAGE
    reuse.share_theme_files(config)  # the three language builds list the theme's files once
    return config


def on_pre_build(config: MkDocsConfig) -> None:
    """Write ``docs/<lang>/`` from the catalogs, once per build (the language builds reuse it)."""
    # Each language's footer links to the licence in the repository named once, by repo_url.
    copyright_text = getattr(config, "copyright", None)
    if copyright_text and not config.repo_url:  # published without a repository (on_config)
        config.copyright = copyright_text = publish.plain_licence(copyright_text)
    if copyright_text and "{licence_url}" in copyright_text:
        config.copyright = copyright_text.replace(
            "{licence_url}", frame.licence_url(config.repo_url, config.edit_uri)
        )
    # Each language build has a search index of its own: let it reuse the entries of unchanged pages.
    reuse.cache_search_entries(config, pipeline.ROOT)
    if getattr(_i18n(config), "building", False):
        return
    reuse.new_build()
    # Every catalog a reader's text comes from: the pages' and the referee's messages. A warning fails
    # `mkdocs build --strict` (which stops here, before building anything); a lenient build shows the
    # English for an unsafe page segment.
    examples = [path for path in [pipeline.LOCALE / "examples.yaml"] if path.is_file()]
    found = safety.cached_problems(
        [*pipeline.catalogs(), *safety.message_catalogs(pipeline.ROOT), *examples], pipeline.ROOT
    )
    entries = safety.by_entry(found)
    for entry in entries:
        shown = (
            "; the English is shown instead"
            if safety.kind_of(entry[0].catalog) == "page"
            else " (./run messages --check refuses it too)"
        )
        log.warning(f"site_tools: {safety.describe(entry)}{shown}")
    if entries and config.get("strict"):
        raise PluginError(
            f"{len(entries)} unsafe translation(s) in {len({p.catalog for p in found})} catalog(s), "
            "listed above: a translation may change the words, not the markup, links or numbers"
        )
    from referee.compiled import compile_all

    compile_all(pipeline.LOCALE)  # the referee's .mo files are built, not tracked
    _referee_inputs[pipeline.ROOT] = referee_inputs()
    translations = pipeline.render_translations()
    # Every segment passed on its own; the whole page, each segment in its place, must render to the
    # English page's elements too (a refused segment is English there already).
    unsafe_pages = 0
    for (lang, page), translation in translations.items():
        english = (pipeline.SOURCE / f"{page}.md").read_text(encoding="utf-8")
        for why in safety.cached_page_problems(
            english, pipeline.without_marks(translation.text), pipeline.ROOT
        )[:5]:
            unsafe_pages += 1
            catalog = pipeline.catalog_path(lang, page).relative_to(pipeline.ROOT)
            log.warning(f"site_tools: docs/{lang}/{page}.md, made from {catalog}, {why}")
    if unsafe_pages and config.get("strict"):
        raise PluginError(
            "a translated page renders to other elements than its English page (listed above)"
        )
    incomplete = sum(1 for t in translations.values() if not t.status.complete)
    if incomplete:
        log.info(f"site_tools: {incomplete} of {len(translations)} translated pages are incomplete")


def on_serve(server: Any, config: MkDocsConfig, builder: Any) -> Any:
    """Watch ``docs/en`` rather than all of ``docs/``: the generated trees must not trigger rebuilds."""
    try:
        server.unwatch(config.docs_dir)
    except KeyError:  # livereload is off
        return server
    server.watch(str(pipeline.SOURCE))
    return server


def _nav_order(nav: Any) -> list[str]:
    """The pages named in mkdocs.yml's ``nav``, in order, as paths without ``.md``."""
    found: list[str] = []
    for item in nav if isinstance(nav, list) else [nav]:
        if isinstance(item, str) and item.endswith(".md"):
            found.append(item[:-3])
        elif isinstance(item, dict):
            for value in item.values():
                found.extend(_nav_order(value))
        elif isinstance(item, list):
            found.extend(_nav_order(item))
    return found


def referee_inputs() -> str:
    """A hash of everything the referee's blocks are made from: its code, its messages, the examples."""
    root = pipeline.ROOT
    files = [
        *(root / "referee").rglob("*.py"),
        *(root / "examples").rglob("*.yaml"),
        *(root / "locale").glob("*/LC_MESSAGES/referee.po"),  # the .mo files are made from them
        root / "locale" / "examples.yaml",
    ]
    return buildcache.files_digest([f for f in files if f.is_file()], root)


def _render(page_name: str, order: list[str], site_url: str | None = None) -> Any:
    def render(kind: str, params: dict[str, Any], lang: str) -> str:
        if kind == "status":
            return status_block(params, lang, page_name, order)
        if kind == "terms":
            return terms_block(params, lang)
        if (
            kind == "architecture"
        ):  # a tree's layers (the referee's unless told), read from its imports
            words = {k: text(f"arch.{k}", lang) for k in ARCH_WORDS}
            return architecture_block(lang, words, str(params.get("tree", "referee")))
        if kind == "rules":  # a rule's anchor and mark (site_tools/pages/rule_marks.py)
            return rules_block(params, lang, page_name)
        if kind == "record" and site_url:  # the schema lines name the published address
            params = {**params, "site_url": site_url}
        # Looked up at call time, so a test can replace it; a stand-in's output is not cached.
        module = sys.modules.get("referee.present.blocks")
        if module is not None and module.render_block.__module__ != "referee.present.blocks":
            return module.render_block(kind, params, lang)
        inputs = _referee_inputs.get(pipeline.ROOT)
        if inputs is None:
            inputs = _referee_inputs[pipeline.ROOT] = referee_inputs()
        key = buildcache.digest(inputs, kind, json.dumps(params, sort_keys=True, default=str), lang)
        cached = buildcache.load(pipeline.ROOT, "blocks", key)
        if cached is None:  # only now import the referee: a build with nothing new does not need it
            import referee.present.blocks

            cached = referee.present.blocks.render_block(kind, params, lang)
            buildcache.store(pipeline.ROOT, "blocks", key, cached)
        return cached

    return render


def notice(lang: str, page_name: str) -> str:
    """The "translation incomplete" admonition, in ``lang``, linking to the contribution page."""
    body = text("notice.body", lang)
    if (
        pipeline.SOURCE / f"{pipeline.CONTRIBUTE_PAGE}.md"
    ).is_file() and page_name != pipeline.CONTRIBUTE_PAGE:
        link = posixpath.relpath(
            f"{pipeline.CONTRIBUTE_PAGE}.md", posixpath.dirname(page_name) or "."
        )
        body += f" [{text('notice.link', lang)}]({link})."
    return f"/// warning | {text('notice.title', lang)}\n    attrs: {{class: translation-notice}}\n\n{body}\n\n///\n"


def _insert_after_title(markdown: str, insert: str) -> str:
    """``insert`` as its own block right after the first level-one heading (or at the top)."""
    lines = markdown.split("\n")
    for i, line in enumerate(lines):
        if line.startswith("# "):
            return "\n".join([*lines[: i + 1], "", insert, *lines[i + 1 :]])
    return insert + "\n" + markdown


def on_page_markdown(markdown: str, page: Page, config: MkDocsConfig, files: Files) -> str:
    """Fill in the generated blocks in the build's language; flag an incomplete translation."""
    lang = build.language(config)
    name = build.page_name(page)
    site_url = getattr(config, "site_url", None)
    try:
        markdown = expand_blocks(
            markdown, lang, _render(name, _nav_order(config.nav or []), site_url)
        )
    except BlockSyntaxError as error:
        raise PluginError(f"{page.file.src_uri}: {error}") from None
    except Exception as error:  # a referee error names the block's problem; say which page
        raise PluginError(
            f"{page.file.src_uri}: a generated block failed: {type(error).__name__}: {error}"
        ) from error
    if (
        lang != pipeline.DEFAULT_LANGUAGE
        and lang in pipeline.LANGUAGES
        and name in pipeline.pages()
    ):
        if not pipeline.translate_page(lang, name).status.complete:
            markdown = _insert_after_title(markdown, notice(lang, name))
    reuse.cache_render(
        page, pipeline.ROOT
    )  # the HTML of this Markdown, when a build made it before
    return markdown


def _title(match: re.Match[str]) -> str:
    """``Page – Site`` with an en dash; only the site's name when the page is the home page."""
    page, site = match["page"], match["site"]
    return f"<title>{site}</title>" if page == site else f"<title>{page} – {site}</title>"


def on_post_build(config: MkDocsConfig) -> None:
    """Publish every game's JSON Schema at ``schemas/<slug>.json`` (once, at the site's root).

    Also ``.nojekyll``: a host that runs Jekyll (GitHub Pages from a branch) would drop files whose
    names start with an underscore.
    """
    if build.language(config) != pipeline.DEFAULT_LANGUAGE:
        return
    (Path(config.site_dir) / ".nojekyll").write_text("", encoding="utf-8")
    import referee.present.record_blocks
    from referee.games import GAMES
    from referee.records.schema import json_schema

    for slug, game in GAMES.items():
        path = referee.present.record_blocks.schema_path(slug)
        url = (config.site_url or "/").rstrip("/") + "/" + path
        target = Path(config.site_dir) / path
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(
            json.dumps(json_schema(game, url), ensure_ascii=False, indent=2) + "\n",
            encoding="utf-8",
        )


def on_page_context(
    context: dict[str, Any], page: Page, config: MkDocsConfig, nav: Any
) -> dict[str, Any]:
    """The frame: "Edit this page" (English) or "Improve this translation" (the page's catalog), and the date."""
    lang = build.language(config)
    name = build.page_name(page)
    if config.repo_url and config.edit_uri and name in pipeline.pages():
        page.edit_url = (
            config.repo_url.rstrip("/")
            + "/"
            + config.edit_uri.strip("/")
            + "/"
            + frame.edit_target(lang, name)
        )
    date = frame.updated(lang, name)
    if date:
        page.meta["revision_date"] = date
    return context


def on_env(env: Any, config: MkDocsConfig, files: Files) -> Any:
    """The templates' words around the content (``frame_text(key, lang)``)."""
    env.bytecode_cache = reuse.template_cache(
        env, pipeline.ROOT
    )  # each language build compiles the theme
    env.globals["frame_text"] = frame.frame_text
    env.globals["content_security_policy"] = lambda checker=False: csp.policy(checker=bool(checker))
    env.globals["checker_worker_attributes"] = checker.worker_attributes_html
    env.globals["language_home"] = lambda lang: frame.language_home(config.site_url, lang)
    return env


def _alternates(page: Page, config: MkDocsConfig) -> str:
    """Absolute hreflang links to this page in every language, and ``x-default`` (the English page)."""
    url = page.url or ""
    lang = build.language(config)
    if lang != pipeline.DEFAULT_LANGUAGE and url.startswith(f"{lang}/"):
        url = url[len(lang) + 1 :]
    root = (config.site_url or "/").rstrip("/") + "/"
    links = []
    for code in (
        pipeline.DEFAULT_LANGUAGE,
        *(c for c in pipeline.LANGUAGES if c != pipeline.DEFAULT_LANGUAGE),
    ):
        prefix = "" if code == pipeline.DEFAULT_LANGUAGE else f"{code}/"
        links.append(f'    <link rel="alternate" href="{root}{prefix}{url}" hreflang="{code}">')
    links.append(f'    <link rel="alternate" href="{root}{url}" hreflang="x-default">')
    return "\n".join(links) + "\n"


def on_post_page(output: str, page: Page, config: MkDocsConfig) -> str:
    """The head's hreflang links, absolute and with ``x-default``, in place of the theme's relative ones;
    one title; the heading anchors' tooltip in the page's language (toc's ``permalink_title`` is one
    setting for every language)."""
    head, sep, body = output.partition("</head>")
    lang = build.language(config)
    if lang != pipeline.DEFAULT_LANGUAGE:
        body = body.replace('title="Permanent link"', f'title="{text("permalink", lang)}"')
    head = _TITLE.sub(_title, _HEAD_ALTERNATE.sub("", head), count=1)
    return head + _alternates(page, config) + sep + body


def on_post_template(output_content: str, template_name: str, config: MkDocsConfig) -> str:
    """Every language build writes ``site/404.html``: the root keeps the English one, the others get a folder."""
    global _english_404
    if template_name != "404.html":
        return output_content
    lang = build.language(config)
    if lang == pipeline.DEFAULT_LANGUAGE:
        _english_404 = output_content
        return output_content
    target = Path(config.site_dir) / lang / "404.html"
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_text(output_content, encoding="utf-8")
    return _english_404 if _english_404 is not None else output_content
