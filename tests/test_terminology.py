"""The site's words for its key terms (``locale/terminology.yaml``), in every catalog entry.

An entry whose English uses a term must use one of the term's Russian or German renderings (any
inflected form) and none of the renderings the editors' reviews ruled out.
"""

from __future__ import annotations

import pytest
from translate.storage import po

from site_tools.pages.blocks import find_blocks
from site_tools.translation.terms import LANGUAGES, problems, terms, terms_block
from tests.conftest import ROOT


def _text(value: object) -> str:
    strings = getattr(value, "strings", None)
    return "\n".join(strings) if strings else str(value)


def _catalogs(lang: str) -> list:
    return sorted((ROOT / "locale" / lang / "docs").glob("*.po")) + [
        ROOT / "locale" / lang / "LC_MESSAGES" / "referee.po"
    ]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_catalog_entry_uses_the_sites_terms(lang: str) -> None:
    found = []
    for path in _catalogs(lang):
        with path.open("rb") as handle:
            store = po.pofile(handle)
        for unit in store.units:
            if unit.isheader() or unit.isobsolete() or not unit.target:
                continue
            english, translation = _text(unit.source), _text(unit.target)
            found += [
                f"{path.relative_to(ROOT)}: {p}\n  {english[:120]!r}\n  {translation[:120]!r}"
                for p in problems(english, translation, lang)
            ]
    assert not found, "\n".join(found)


def test_the_list_is_complete() -> None:
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
