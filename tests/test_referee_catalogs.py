"""The referee's own messages: Russian and German catalogs complete, consistent and compiled."""

from __future__ import annotations

import gettext
import re

import pytest
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

from referee.messages import render, tn
from tests.conftest import ROOT

LOCALE = ROOT / "locale"
PLACEHOLDER = re.compile(r"\{(\w+)(![rsa])?\}")


def catalog(lang: str):
    with open(LOCALE / lang / "LC_MESSAGES" / "referee.po", "rb") as fh:
        return read_po(fh, locale=lang)


def template_ids() -> set[str]:
    with open(LOCALE / "referee.pot", "rb") as fh:
        return {m.id if isinstance(m.id, str) else m.id[0] for m in read_po(fh) if m.id}


@pytest.mark.parametrize("lang", ["ru", "de"])
def test_catalog_is_complete_without_fuzzy_entries(lang):
    cat = catalog(lang)
    ids = {m.id if isinstance(m.id, str) else m.id[0] for m in cat if m.id}
    assert ids >= template_ids()
    untranslated = [
        m.id
        for m in cat
        if m.id and not all(m.string if isinstance(m.string, tuple) else [m.string])
    ]
    fuzzy = [m.id for m in cat if m.id and m.fuzzy]
    assert untranslated == [] and fuzzy == []


@pytest.mark.parametrize("lang", ["ru", "de"])
def test_placeholders_survive_translation(lang):
    for m in catalog(lang):
        if not m.id:
            continue
        ids = [m.id] if isinstance(m.id, str) else list(m.id)
        strings = [m.string] if isinstance(m.string, str) else list(m.string)
        wanted = {p for i in ids for p, _ in PLACEHOLDER.findall(i)}
        for s in strings:
            got = {p for p, _ in PLACEHOLDER.findall(s)}
            assert got <= wanted, (m.id, s)
            assert "<" not in s or "<" in ids[0], (m.id, s)  # no markup smuggled into a translation


@pytest.mark.parametrize("lang", ["ru", "de"])
def test_compiled_catalog_matches_the_po_file(lang, tmp_path):
    mo = tmp_path / "referee.mo"
    with open(mo, "wb") as fh:
        write_mo(fh, catalog(lang))
    fresh = gettext.GNUTranslations(open(mo, "rb"))
    shipped = gettext.GNUTranslations(open(LOCALE / lang / "LC_MESSAGES" / "referee.mo", "rb"))
    assert fresh._catalog == shipped._catalog


def test_russian_plural_forms():
    forms = {
        n: render(
            tn("{n} trick checked card by card.", "{n} tricks checked card by card.", n), "ru"
        )
        for n in (1, 2, 5, 11, 21, 22, 25)
    }
    assert forms[1].split()[1] == forms[21].split()[1]
    assert forms[2].split()[1] == forms[22].split()[1]
    assert forms[5].split()[1] == forms[11].split()[1] == forms[25].split()[1]
    assert len({forms[1].split()[1], forms[2].split()[1], forms[5].split()[1]}) == 3
