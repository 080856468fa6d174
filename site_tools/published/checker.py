"""The "Check a score" page's markup and the links to it: the checker's block, its worker's attributes,
the worked examples opened in it.

``checker_block`` renders the ```` ```referee-checker ```` block: the form, the text box and the
answer area, with every label in the page's language (:mod:`site_tools.published.checker_strings`) and the
games' record declarations as JSON. The scripts are ``overrides/assets/javascripts/checker.js``
(the page) and ``checker-worker.js`` (a Web Worker that starts Pyodide), loaded by
``overrides/main.html`` on this page only.

What the page runs on (Pyodide, the referee's zip, the snapshot) is :mod:`site_tools.published.checker_runtime`.
"""

from __future__ import annotations

import base64
import html
import json
from typing import Any

from site_tools.published.checker_runtime import (
    ROOT,
    bundle,
    lock_contents,
    preview,
    pyodide_version,
    snapshot_name,
)
from site_tools.strings import localized_all

PAGE = "check-a-score"
"""The checker's page, in every language's folder."""


# Links into the checker: a record travels in the URL's fragment, deflated and base64url-encoded,
# so it never reaches a server. The page's script reads it with DecompressionStream("deflate").
def pack_record(text: str) -> str:
    """A record's text as the fragment value (zlib's deflate format, base64url without padding).

    >>> import zlib
    >>> packed = pack_record("game: yacht\\n")
    >>> zlib.decompress(base64.urlsafe_b64decode(packed + "=" * (-len(packed) % 4))).decode()
    'game: yacht\\n'
    """
    import zlib

    return (
        base64.urlsafe_b64encode(zlib.compress(text.encode("utf-8"), 9)).decode("ascii").rstrip("=")
    )


def checker_href(from_page: str, *, record: str | None = None, game: str | None = None) -> str:
    """The checker's URL relative to the page ``from_page`` (a path without ``.md``), with a fragment.

    Pages are built with directory URLs (``catch-the-ten/index.html``).

    >>> checker_href("catch-the-ten", game="catch-the-ten")
    '../check-a-score/#game=catch-the-ten'
    >>> checker_href("index")
    'check-a-score/'
    """
    depth = 0 if from_page == "index" else from_page.count("/") + 1
    href = "../" * depth + f"{PAGE}/"
    if record is not None:
        href += "#record=" + pack_record(record)
    elif game is not None:
        href += "#game=" + game
    return href


def attributes(values: dict[str, Any]) -> str:
    """HTML attributes from names and values, each value as :func:`attr` writes it.

    >>> attributes({"class": "x", "data-n": [1]})
    'class="x" data-n="[1]"'
    """
    return " ".join(f'{k}="{attr(v)}"' for k, v in values.items())


def attr(value: Any) -> str:
    """A value for an HTML attribute (JSON when it is not a string).

    >>> attr({"a": "<b>"})
    '{&quot;a&quot;: &quot;&lt;b&gt;&quot;}'
    """
    text = (
        value
        if isinstance(value, str)
        else json.dumps(value, ensure_ascii=False, separators=(",", ": "))
    )
    return html.escape(text, quote=True)


# ---------------------------------------------------------------------------------------------
# The page's markup.


def form_spec(lang: str) -> list[dict[str, Any]]:
    """Every game's record declaration, as the form is built from it, help texts in ``lang``."""
    from referee.games import GAMES
    from referee.records.schema import describe

    games = []
    for game in GAMES.values():
        spec = describe(game, lang)
        sample = spec.get("samples", {}).get("summary")
        if (
            sample
        ):  # the form can start from it ("Fill in a worked example"), with this page's names
            spec["sample_text"] = reader_record(sample, lang)
        games.append(spec)
    return games


def worker_attributes() -> dict[str, str]:
    """What app/worker-client.js's ``checkerWorkerURL`` reads from a page's element to start the referee.

    Any page that runs the referee in the browser (the checker, the practice table) puts these on its
    element: Pyodide's version, the referee's zip, the snapshot and the lock file's contents.
    """
    return {
        "data-pyodide": pyodide_version(),
        "data-bundle": bundle().name,
        "data-snapshot": "" if preview() else snapshot_name(),
        "data-lock": lock_contents(),
    }


def worker_attributes_html() -> str:
    """:func:`worker_attributes` as HTML attributes, for the checker-boot script's tag in the head.

    The boot module starts the worker from its own tag, not from the checker's element: that element
    comes after the page's text and 230 KB of the games' declarations, which the parser reaches
    ~0.1 s later on a cold visit.
    """
    return attributes(worker_attributes())


def checker_block(params: dict[str, Any], lang: str) -> str:
    """The checker's element in ``lang``: its language, words, Pyodide's files and the games' declarations.

    The page's script builds the checker in it from ``data-games`` (the declarations) and
    ``data-strings`` (:mod:`site_tools.published.checker_strings`).
    """
    from site_tools.published.checker_strings import STRINGS

    strings = localized_all(STRINGS, lang)
    root = {
        "class": "referee-checker",
        "data-lang": lang,
        **worker_attributes(),
        "data-game": params.get("game", ""),
        "data-strings": strings,
        "data-games": form_spec(lang),
    }
    # The page's script (overrides/assets/javascripts/app/) draws the status, the two views, the
    # actions and the answer in place of this line; without the script the page says what it is for.
    return status_element(
        root,
        "checker-status",
        f'<span class="checker-status-text">{html.escape(strings["loading"])}</span>',
    )


def status_element(root: dict[str, Any], status_class: str, status: str) -> str:
    """An element the page's script builds in: the attributes ``root``, holding only a live status line
    (``status``, HTML) that is all a reader sees until the script has started.

    >>> status_element({"class": "x", "data-n": 1}, "x-status", "<span>…</span>")
    '<div class="x" data-n="1"><div class="x-status" role="status" aria-live="polite"><span>…</span></div></div>\\n'
    """
    return (
        f"<div {attributes(root)}>"
        f'<div class="{status_class}" role="status" aria-live="polite">{status}</div>'
        "</div>\n"
    )


TEST_ONLY_KEYS = ("expected",)
"""Top-level keys of a worked example that only the test suite reads: no reader receives them."""


def for_readers(text: str) -> str:
    r"""A record's text without its test-only keys (``expected:`` and what is indented under it).

    >>> print(for_readers("game: yacht\nexpected:\n  exit: 0\n  winner: Anna\n# a note\nplayers: [A, B]\n"), end="")
    game: yacht
    # a note
    players: [A, B]
    """
    out: list[str] = []
    skipping = False
    for line in text.splitlines(keepends=True):
        if line[:1] not in (" ", "\t", "\n", "\r", "#", ""):  # a top-level key: test-only or not
            skipping = line.split(":", 1)[0] in TEST_ONLY_KEYS
        elif skipping and line[:1] == "#":
            skipping = False
        if not skipping:
            out.append(line)
    return "".join(out)


_READER: dict[tuple[str, str], tuple[tuple[int, int] | None, str]] = {}


def reader_record(example: str, lang: str) -> str:
    """A worked example's record as a reader of ``lang`` receives it: localized names, no test-only keys.

    A build asks for each record several times (the "Open in the checker" link, the form's sample,
    the published file, in each language): it is made once per process while the example's file is
    unchanged, and kept in the build cache under the hash of the referee's inputs
    (:data:`site_tools.buildcache.REFEREE_INPUTS`, set by the build), so a warm build makes none.
    """
    try:
        stat = (ROOT / "examples" / f"{example}.yaml").stat()
        stamp: tuple[int, int] | None = (stat.st_mtime_ns, stat.st_size)
    except OSError:
        stamp = None
    memo = _READER.get((example, lang))
    if memo is not None and stamp is not None and memo[0] == stamp:
        return memo[1]
    from site_tools import buildcache

    inputs = buildcache.REFEREE_INPUTS.get(ROOT)
    key = buildcache.digest(inputs, "reader-record", example, lang) if inputs and stamp else None
    text = buildcache.load(ROOT, "records", key) if key else None
    if not isinstance(text, str):
        from referee.present.example_blocks import load_example

        text = for_readers(load_example(example, lang)[1])
        if key:
            buildcache.store(ROOT, "records", key, text)
    _READER[example, lang] = (stamp, text)
    return text


def open_link(example: str, from_page: str, lang: str) -> str:
    """ "Open in the checker" under a worked example: the record, in the page's language, travels in the link."""
    from site_tools.published.checker_strings import text

    href = checker_href(from_page, record=reader_record(example, lang))
    return f'<p class="checker-link"><a href="{attr(href)}">{html.escape(text("link.open", lang))}</a></p>\n'


def game_link(game: str, from_page: str, lang: str) -> str:
    """A link to the checker set to ``game``, in ``lang``."""
    from referee.games import get_game
    from site_tools.published.checker_strings import text

    label = text("link.game", lang).format(game=get_game(game).name(lang))
    href = checker_href(from_page, game=game)
    return f'<p class="checker-link"><a class="md-button" href="{attr(href)}">{html.escape(label)}</a></p>\n'
