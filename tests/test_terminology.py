"""The site's words for its key terms (``locale/terminology.yaml``), in every catalog entry.

An entry whose English uses a term must use one of the term's Russian or German renderings (any
inflected form) and none of the renderings the editors' reviews ruled out. The page catalogs, the
referee's catalog and the checker's own strings are held to the same list; each game's own words
(``games:``, e.g. the stock is «колода» in Kings Corners and «прикуп» in Buy or Pass) are checked in
that game's page catalog and in the referee's messages of that game, and each game has one name
per language everywhere (issue 38).
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from babel.messages.extract import extract_from_file
from babel.messages.pofile import read_po
from translate.storage import po

from referee.games import GAMES, MODULES
from site_tools.pages.blocks import find_blocks
from site_tools.published.checker_strings import STRINGS
from site_tools.translation.terms import (
    LANGUAGES,
    game_problems,
    game_terms,
    name_problems,
    problems,
    terms,
    terms_block,
)
from tests.conftest import ROOT

# The markers scripts/referee-messages.sh extracts, as Babel's keyword specs.
KEYWORDS = {"t": None, "tn": (1, 2), "tc": ((1, "c"), 2), "tnc": ((1, "c"), 2, 3), "N_": None}


def _text(value: object) -> str:
    strings = getattr(value, "strings", None)
    return "\n".join(strings) if strings else str(value)


def _translated(path: Path) -> Iterator[tuple[str, str]]:
    """The English and the translation of every entry of the catalog ``path`` that is translated."""
    with path.open("rb") as handle:
        store = po.pofile(handle)
    for unit in store.units:
        if unit.target and not unit.isheader() and not unit.isobsolete():
            yield _text(unit.source), _text(unit.target)


def _catalogs(lang: str) -> list:
    return sorted((ROOT / "locale" / lang / "docs").glob("*.po")) + [
        ROOT / "locale" / lang / "LC_MESSAGES" / "referee.po"
    ]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_catalog_entry_uses_the_sites_terms(lang: str) -> None:
    found = [
        f"{path.relative_to(ROOT)}: {p}\n  {english[:120]!r}\n  {translation[:120]!r}"
        for path in _catalogs(lang)
        for english, translation in _translated(path)
        for p in problems(english, translation, lang)
    ]
    assert not found, "\n".join(found)


def test_the_checkers_strings_use_the_sites_terms() -> None:
    found = [
        f"{lang} {key}: {p}"
        for lang in LANGUAGES
        for key, text in STRINGS[lang].items()
        for p in problems(STRINGS["en"].get(key, ""), text, lang) + name_problems(text, lang)
    ]
    assert not found, "\n".join(found)


def _game_messages(slug: str) -> set[tuple[str | None, str]]:
    """(context, msgid) of every message a game's modules mark, and every message in its context."""
    paths = [ROOT / "referee" / "games" / f"{MODULES[slug]}.py"]
    paths += [p for p in (ROOT / "referee" / "present" / "pictures").glob(f"{MODULES[slug]}.py")]
    found = set()
    for path in paths:
        for _line, message, _comments, context in extract_from_file(
            "python", str(path), keywords=KEYWORDS
        ):
            found.add((context, message[0] if isinstance(message, tuple) else message))
    return found


def _referee_catalog(lang: str):
    with (ROOT / "locale" / lang / "LC_MESSAGES" / "referee.po").open("rb") as handle:
        return read_po(handle, locale=lang)


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("slug", sorted(GAMES))
def test_each_games_own_words(slug: str, lang: str) -> None:
    """The game's words and name in its page catalog and in the referee's messages of that game."""
    found = [
        f"page: {p}\n  {translation[:140]!r}"
        for english, translation in _translated(ROOT / "locale" / lang / "docs" / f"{slug}.po")
        for p in game_problems(slug, english, translation, lang)
    ]
    catalog = _referee_catalog(lang)
    mine = _game_messages(slug)
    for entry in catalog:
        if not entry.id:
            continue
        english = entry.id[0] if isinstance(entry.id, tuple) else entry.id
        if (entry.context, english) not in mine and entry.context != slug:
            continue
        forms = entry.string if isinstance(entry.string, tuple) else (entry.string,)
        for text in forms:
            found += [
                f"referee: {p}\n  {text[:140]!r}" for p in game_problems(slug, english, text, lang)
            ]
    assert not found, "\n".join(found)


@pytest.mark.parametrize("slug", sorted(GAMES))
def test_each_game_has_one_name(slug: str) -> None:
    """The referee's names are the list's, and the game's page is headed with it."""
    game = game_terms()[slug]
    assert {lang: GAMES[slug].name(lang) for lang in ("en", *LANGUAGES)} == game.name
    for lang in LANGUAGES:
        with (ROOT / "locale" / lang / "docs" / f"{slug}.po").open("rb") as handle:
            title = next(u for u in po.pofile(handle).units if not u.isheader())
        assert _text(title.source) == game.name["en"] or game.name["en"] in _text(title.source)
        assert game.name[lang] in _text(title.target), (_text(title.source), _text(title.target))


def test_the_list_is_complete() -> None:
    assert sorted(game_terms()) == sorted(GAMES)
    checked = [term for term in terms() if term.match is not None]
    assert len(checked) >= 20
    for term in terms():
        assert all(term.show[lang] for lang in LANGUAGES), term.en
    for term in checked:
        assert any(term.allow[lang] or term.avoid[lang] for lang in LANGUAGES), term.en


def test_a_ruled_out_word_is_flagged() -> None:
    assert [p.kind for p in problems("Follow suit.", "Нужно ходить в масть.", "ru")][:1] == [
        "avoid"
    ]
    assert [p.kind for p in problems("The declarer wins.", "Der Spieler gewinnt.", "de")] == [
        "missing"
    ]
    assert problems("The declarer wins.", "Die Alleinspielerin gewinnt.", "de") == []
    assert (
        problems("*The dealer moves one to the left.*", "*«Дилер перемещает одну влево»*", "ru")
        == []
    )


@pytest.mark.parametrize("page, avoid", [("glossary", False), ("contribute", True)])
def test_pages_show_the_list(page: str, avoid: bool) -> None:
    blocks = [
        b
        for b in find_blocks((ROOT / "docs" / "en" / f"{page}.md").read_text(encoding="utf-8"))
        if b.kind == "terms"
    ]
    assert blocks and bool(blocks[0].params.get("avoid")) == avoid
    for lang in ("en", *LANGUAGES):
        table = terms_block(blocks[0].params, lang)
        assert all(
            term.show["ru"] in table and term.show["de"] in table
            for term in terms()
            if term.match is not None or not avoid
        )


@pytest.mark.parametrize(
    "lang, english, translation",
    [
        # The second editors' reviews (RU2-…, DE2-…): each drift they found is caught.
        (
            "de",
            "The other twelve cards are the stock.",
            "Die übrigen zwölf Karten sind der Stapel.",
        ),
        ("de", "With the default, `holder`, …", "Mit der Voreinstellung `holder` …"),
        ("de", "`target` is 50 by default.", "`target` ist als Vorgabe 50."),
        ("de", "All money: 100 and 500 by default.", "Alles Geld: vorgegeben 100 und 500."),
        ("de", "the game's identifier", "das Kennwort des Spiels"),
        ("de", "optional; default {value}", "freiwillig; Standardwert {value}"),
        ("de", "the second phase, the reign", "die zweite Phase, die Regentschaft"),
        ("de", "Going out and paying", "Fertig werden und zahlen"),
        ("de", "Exit status: 0 valid", "Rückgabewert: 0 gültig"),
        ("ru", "Notes on this edition", "Примечания к этому изданию"),
        ("ru", "List the games the referee knows.", "Перечисляет игры, которые знает судья."),
        ("ru", "The match of {n} deals is over.", "Матч из {n} сдач окончен."),
        ("ru", "Copy the deal from your scoresheet.", "Перенесите сдачу со своего листка."),
        ("ru", "Exit status: 0 valid", "Код выхода: 0 — всё верно"),
        ("ru", "every trick is paid out of the pot", "каждая взятка оплачивается из банка"),
        ("ru", "the honours", "онеры"),
    ],
)
def test_each_drift_the_reviews_found_is_caught(lang: str, english: str, translation: str) -> None:
    assert problems(english, translation, lang)


@pytest.mark.parametrize(
    "slug, lang, english, translation",
    [
        # The third editors' reviews (RU3-…, DE3-…): each game-dependent drift they found is caught.
        ("kings-corners", "ru", "Stock", "Прикуп"),
        ("red-and-black", "ru", "Stock", "Прикуп"),
        ("comet", "ru", "counts two chips", "стоит две фишки"),
        ("comet", "ru", "The next card of a run", "Следующую карту ряда"),
        ("korol", "ru", "Trumps of the first phase", "Козыри первой части"),
        (
            "yacht",
            "ru",
            "Whether a trump may be led before trumps are broken.",
            "Пока козыри не открыты.",
        ),
        ("catch-the-ten", "de", "A revoke costs", "Ein Farbfehler kostet"),
        ("comet", "de", "Rounds in the match", "Runden im Match"),
        ("trump-seven", "de", "Trump 7: {points}", "Trumpf-7: {points}"),
        ("trump-seven", "de", "Auction", "Reizen"),
        ("buy-or-pass", "de", "Lay-downs", "Auslagen"),
        ("collector", "de", "Cards laid", "Ausgelegte Karten"),
        ("minnesota-whist", "de", "They score double.", "„Ihr“ erhält doppelt."),
        ("red-and-black", "ru", "Red and Black", "Красная и чёрная"),
    ],
)
def test_each_game_drift_the_third_reviews_found_is_caught(
    slug: str, lang: str, english: str, translation: str
) -> None:
    assert game_problems(slug, english, translation, lang)
