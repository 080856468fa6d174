"""seeds/ holds the source files unchanged, and its README maps every one of them to games."""

from __future__ import annotations

import hashlib

from tests.conftest import ROOT

SHARED = ROOT.parent / "shared" / "seeds"


def test_readme_lists_every_seed():
    readme = (ROOT / "seeds" / "README.md").read_text(encoding="utf-8")
    files = sorted(p.name for p in (ROOT / "seeds").glob("*.txt"))
    assert len(files) == 5
    for name in files:
        assert f"`{name}`" in readme


def test_seeds_unchanged_where_the_originals_are_at_hand():
    if not SHARED.is_dir():  # a clone outside the workplace has only its own copy
        return
    for original in SHARED.glob("*.txt"):
        copy = ROOT / "seeds" / original.name
        assert (
            hashlib.sha256(copy.read_bytes()).digest()
            == hashlib.sha256(original.read_bytes()).digest()
        )
