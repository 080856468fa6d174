"""What reaches readers in the wrong language: English left on Russian and German pages and in the referee's messages.

Every page is rendered in Russian and German as the site builds it (catalog translation, then the
generated blocks), and every referee message is rendered with sample values, every plural with
n = 1, 2, 5 and 21. A Russian text may contain Latin script only for names, codes and notation; a
German text must contain no English function word. ``locale/wrong-language-allow.yaml`` lists the
names and codes; quotations, glosses of an original term and code are not checked (see that file).
"""

from __future__ import annotations

import re
from functools import cache

import pytest
import yaml
from babel.messages.pofile import read_po

from referee.games import GAMES
from site_tools.hooks import site as hooks
from site_tools.pages import facts
from site_tools.pages.blocks import expand_blocks
from site_tools.translation import pipeline
from tests.conftest import ROOT

LANGS = ("ru", "de")
PLURAL_SAMPLES = (1, 2, 5, 21)
# English words that are never German words (so "die", "was", "will", "an", "so" and "her", the
# particle of "wieder herstellen", are not here).
ENGLISH_FUNCTION_WORDS = frozenset(
    "the and of to is are with for from by on at this that which who whose or not it its his their they "
    "we you he she if when than then there has have were would can but into each every one as".split()
)

_STRIP = [
    re.compile(r"^(```|~~~).*?^\1[ \t]*$", re.M | re.S),  # code blocks: records and commands
    re.compile(r"`[^`\n]*`"),  # inline code
    re.compile(r"\]\([^)]*\)"),  # link targets
    re.compile(r"<svg [^>]*cr-architecture.*?</svg>"),  # the layers: module names, which are code
    re.compile(r"<[^>]+>"),  # the suit-colour spans
    re.compile(r"\{[#:.][^}]*\}"),  # heading ids, attribute lists
    re.compile(r"^[ \t]*/// [a-z]+( \|)?", re.M),  # admonition types
    re.compile(r"^[ \t]*attrs:.*$", re.M),
    re.compile(
        r"https?://\S+|[\w.-]+@[\w.-]+|\b[\w./-]+\.(com|org|net|wiki|yaml|po|pot|mo|md|py|sh|json)\b"
    ),
    re.compile(r"«[^»\n]*»|„[^“\n]*“|\"[^\"\n]*\""),  # quotations of a source, in its words
    re.compile(r"\((?=[A-Za-z])[^()\n\d]*\)"),  # a gloss: the original term in brackets
    re.compile(
        r"(?<![*\w])\*(?!\*)[^*\n\u0400-\u04ff]+(?<!\*)\*(?![*\w])"
    ),  # a cited word in italics
    re.compile(r"\[(?=[A-Z])[^\]\u0400-\u04ff]*\]"),  # a linked title (of a source)
    re.compile(r"\b\w+(?:\[\d+\]|\.\w+)+"),  # paths: deals[0].bids.Anna
    re.compile(r"\b[a-z][a-z_]*: [\w-]+"),  # a record's key and value
    re.compile(r"\b\w*_\w*\b"),  # identifiers: scores_before
    re.compile(r"\b[IVXLC]+\b"),  # Roman numerals
    re.compile(r"\b[RB]{2,}\b"),  # a stock as colour letters (R, B)
]


@cache
def _allowed() -> tuple[re.Pattern[str], frozenset[str]]:
    data = yaml.safe_load(
        (ROOT / "locale" / "wrong-language-allow.yaml").read_text(encoding="utf-8")
    )
    codes = set(data["codes"])
    for game in GAMES.values():
        codes.add(game.slug)
        for option in game.options:
            codes.add(option.name)
    names = sorted(data["names"], key=len, reverse=True)
    return re.compile("|".join(rf"(?<!\w){re.escape(n)}(?!\w)" for n in names)), frozenset(codes)


def leftovers(text: str, lang: str) -> list[str]:
    """English words in a Russian or German text, after names, codes and quotations are set aside.

    >>> leftovers("Снос засчитывается игроку Анна (discards_count_for: declarer).", "ru")
    []
    >>> leftovers("Команда «We» объявила гранд, They получает очки.", "ru")
    ['They']
    >>> leftovers("Partei They hat Grand angesagt, and the game goes on.", "de")
    ['They', 'and', 'the', 'on']
    """
    for pattern in _STRIP:
        text = pattern.sub(" ", text)
    names, codes = _allowed()
    text = names.sub(" ", text)
    words = re.findall(r"\w[\w'’-]*", text)
    if lang == "ru":
        return [
            w
            for w in words
            if re.fullmatch(r"[A-Za-z][A-Za-z'’-]*", w)
            and len(w) > 1
            and w not in codes
            and w.lower() not in codes
        ]
    return [w for w in words if w.lower() in ENGLISH_FUNCTION_WORDS or w in ("We", "They")]


def _page_renderer(page: str):  # type: ignore[no-untyped-def]
    render = hooks._render(page, [])

    def without_term_tables(kind: str, params: dict, lang: str) -> str:
        # The three-language term tables show English and German on purpose.
        return "" if kind == "terms" else render(kind, params, lang)

    return without_term_tables


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("page", pipeline.pages())
def test_no_english_left_on_a_page(page: str, lang: str) -> None:
    from site_tools.hooks import checker as checker_hooks

    # As the build does it: the checker's blocks first (its hook runs first), then the referee's.
    markdown, _ = checker_hooks.expand(pipeline.translate_page(lang, page).text, lang, page)
    markdown = expand_blocks(markdown, lang, _page_renderer(page))
    if (
        page in GAMES
    ):  # then, as pages_hooks does last, a game page's facts ({{hand}}) become numbers
        markdown = facts.expand(markdown, page)
    markdown = _STRIP[0].sub(
        " ", markdown
    )  # code blocks span lines; the rest is checked line by line
    found = [
        (line.strip()[:140], words)
        for line in markdown.split("\n")
        if (words := leftovers(line, lang))
    ]
    assert not found, "\n".join(f"{words}: {line}" for line, words in found)


def _fill(template: str, n: int) -> str:
    """A template with sample values: ``n`` for ``{n}``, a number for everything else."""
    return re.sub(r"\{(\w+)[^}]*\}", lambda m: str(n) if m.group(1) == "n" else "7", template)


def _messages(lang: str) -> list[tuple[str, str]]:
    with (ROOT / "locale" / lang / "LC_MESSAGES" / "referee.po").open("rb") as handle:
        catalog = read_po(handle, locale=lang)
    out = []
    for message in catalog:
        if not message.id:
            continue
        if isinstance(message.id, (list, tuple)):
            for n in PLURAL_SAMPLES:
                form = message.string[catalog.plural_expr and _plural_index(catalog, n)]
                out.append((f"{message.id[0]} [n={n}]", _fill(form, n)))
        else:
            out.append((str(message.id), _fill(message.string, 7)))
    return out


def _plural_index(catalog, n: int) -> int:  # type: ignore[no-untyped-def]
    """The plural form ``n`` takes, from the catalog's own Plural-Forms rule."""
    from gettext import c2py

    return c2py(catalog.plural_expr)(n)


@pytest.mark.parametrize("lang", LANGS)
def test_no_english_left_in_a_referee_message(lang: str) -> None:
    messages = _messages(lang)
    assert len(messages) > 400
    found = [(msgid, words) for msgid, text in messages if (words := leftovers(text, lang))]
    assert not found, "\n".join(f"{words}: {msgid}" for msgid, words in found)


def test_the_check_finds_english() -> None:
    assert leftovers("Очки за сдачу: We 4, They 0.", "ru") == ["We", "They"]
    assert leftovers("В поле claim указано 60.", "ru") == []  # a record's field is a code
    assert leftovers("[error] Записанный счёт (declarer 60) верен.", "ru") == ["error", "declarer"]
    assert leftovers("Die notierten Punkte (declarer 60) stimmen.", "de") == []
    assert leftovers("Die notierten Punkte of the declarer stimmen.", "de") == ["of", "the"]


@pytest.mark.parametrize("lang", LANGS)
def test_no_english_in_the_checkers_own_words(lang: str) -> None:
    """The checker's buttons, form labels, states and verdict lines: every one translated, none in English."""
    from site_tools.published.checker_strings import STRINGS

    missing = sorted(set(STRINGS["en"]) - set(STRINGS[lang]))
    assert not missing, f"checker strings without a {lang} translation: {missing}"
    found = [
        (key, words)
        for key, value in STRINGS[lang].items()
        if (words := leftovers(_fill(value, 7), lang))
    ]
    assert not found, "\n".join(f"{words}: {key}" for key, words in found)


@pytest.mark.parametrize("lang", LANGS)
def test_the_score_pages_and_the_button_have_distinct_names(lang: str) -> None:
    """Settle a score, Check a score and the checker's button are three names a reader can tell apart (RU2-008)."""
    from site_tools.published.checker_strings import text

    settle = pipeline.translate_page(lang, "settle-a-score").title
    check = pipeline.translate_page(lang, "check-a-score").title
    button = text("check", lang)
    assert len({settle.casefold(), check.casefold(), button.casefold()}) == 3, (
        settle,
        check,
        button,
    )
    # No link to Settle a score is labelled with the checker's names.
    for page in pipeline.pages():
        markdown = pipeline.translate_page(lang, page).text
        for label in re.findall(r"\[([^\]]+)\]\((?:\.\./)*settle-a-score\.md[#)]", markdown):
            assert label.strip("«»„“").casefold() not in {check.casefold(), button.casefold()}, (
                page,
                label,
            )


def _record_words(text: str, lang: str) -> list[str]:
    """English left in a localized record: in its comments, and (Russian) Latin player names."""
    from referee.present.example_text import comments_in, display_names

    words = [w for comment in comments_in(text) for w in leftovers(comment, lang)]
    if lang == "ru":
        words += [
            name
            for name in display_names("ru")
            if re.search(rf"(?<![\w#]){re.escape(name)}(?!\w)", re.sub(r"#.*", "", text))
        ]
    return words


@pytest.mark.parametrize("lang", LANGS)
def test_no_english_in_the_sample_records(lang: str) -> None:
    """The records a page shows, publishes for download and opens in the checker read in the page's language."""
    from referee.present.example_text import localize_text
    from site_tools.pages.blocks import LISTING_KINDS, find_blocks

    texts = [
        (path.relative_to(ROOT).as_posix(), path.read_text(encoding="utf-8"))
        for path in sorted((ROOT / "examples").glob("*/*.yaml"))
    ]
    for page in sorted((ROOT / "docs" / "en").glob("*.md")):
        texts += [
            (page.stem, b.params["text"])
            for b in find_blocks(page.read_text(encoding="utf-8"))
            if b.kind in LISTING_KINDS
        ]
    found = [
        (where, words)
        for where, text in texts
        if (words := _record_words(localize_text(text, lang), lang))
    ]
    assert not found, "\n".join(f"{words}: {where}" for where, words in found)
