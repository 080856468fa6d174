"""The referee's own messages: Russian and German catalogs complete, consistent, compiled on demand."""

from __future__ import annotations

import gettext
import os
import re
import shutil
import subprocess
import sys
import time

import pytest
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

from referee.messages import render, tn, translations
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
    """What the referee reads (compiled on demand from the tracked .po) holds exactly the .po."""
    mo = tmp_path / "referee.mo"
    with open(mo, "wb") as fh:
        write_mo(fh, catalog(lang))
    fresh = gettext.GNUTranslations(open(mo, "rb"))
    assert fresh._catalog == translations(lang)._catalog


def test_no_compiled_catalog_is_tracked():
    """The .mo files are built (by the referee, the build, ./run), never committed (issue 39)."""
    tracked = subprocess.run(
        ["git", "ls-files", "*.mo"], cwd=ROOT, capture_output=True, text=True, check=True
    ).stdout
    assert tracked == ""


def test_a_translators_edit_shows_on_the_next_check(tmp_path):
    """A translator edits referee.po in a copy and runs `referee check --lang ru`: nothing else to do.

    The copy has no .mo (as a fresh clone has none); after the edit the referee compiles the stale
    catalog itself, as the Contribute page says.
    """
    copy = tmp_path / "clone"
    shutil.copytree(
        ROOT / "referee", copy / "referee", ignore=shutil.ignore_patterns("__pycache__")
    )
    po = copy / "locale" / "ru" / "LC_MESSAGES" / "referee.po"
    po.parent.mkdir(parents=True)
    shutil.copy(LOCALE / "ru" / "LC_MESSAGES" / "referee.po", po)
    record = ROOT / "examples" / "catch-the-ten" / "two-reach-41.yaml"

    def check() -> str:
        done = subprocess.run(
            [sys.executable, "-m", "referee.cli", "check", str(record), "--lang", "ru"],
            cwd=copy,
            env={**os.environ, "PYTHONPATH": str(copy)},
            capture_output=True,
            text=True,
            check=False,
        )
        assert done.returncode == 0, done.stderr
        return done.stdout

    before = check()
    assert "Вердикт: запись верна" in before
    assert (po.with_suffix(".mo")).is_file()  # compiled by the first run
    text = po.read_text(encoding="utf-8")
    edited = text.replace(
        'msgstr "Вердикт: запись верна, весь записанный счёт сходится."',
        'msgstr "Итог: запись верна, весь записанный счёт сходится."',
    )
    assert edited != text
    po.write_text(edited, encoding="utf-8")
    later = time.time_ns() + 10**9  # newer than the .mo even on a file system with coarse times
    os.utime(po, ns=(later, later))
    after = check()
    assert "Итог: запись верна" in after and "Вердикт: запись верна" not in after


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
