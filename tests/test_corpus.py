"""The same deals for the same seeds and the same verdicts for every record as the recorded corpus.

The corpus (``tests/data/corpus.json``, made by :mod:`tests.corpus`) pins what the engine, the replay
and the games say, so that a change made for speed cannot change a deal or a verdict unnoticed.
"""

from __future__ import annotations

import json

import pytest

from tests import corpus


@pytest.mark.parametrize("group", sorted(corpus.GROUPS))
def test_the_referee_still_says_what_the_corpus_recorded(group):
    recorded = json.loads(corpus.DATA.read_text(encoding="utf-8"))[group]
    now = corpus.compute((group,))[group]
    changed = sorted(name for name in recorded.keys() & now.keys() if recorded[name] != now[name])
    assert not changed, (
        f"{len(changed)} items changed, first {changed[:10]}; if a rule change meant this, "
        "regenerate with: python -m tests.corpus --write"
    )
    assert now.keys() == recorded.keys()
