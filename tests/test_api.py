"""The public interface: what ``import referee`` offers, stated in ``referee.__all__``, stays."""

from __future__ import annotations

import referee
from tests.conftest import EXAMPLES, run_python

# What other programs may rely on, written out here (not read from ``referee.__all__``) so that a
# name dropped from the package fails this test.
PUBLIC = set(
    "GAMES DealResult Finding Game RecordError RecordErrors RefereeError Verdict"
    " check_document check_text errors_json get_game load_text verdict_json".split()
)


def test_the_public_names_are_stated_and_resolve():
    assert set(referee.__all__) == PUBLIC
    assert all(getattr(referee, name) is not None for name in PUBLIC)
    assert PUBLIC <= set(dir(referee))


def test_importing_the_package_loads_no_game():
    code = "import sys, referee; print(sorted(m for m in sys.modules if m.startswith('referee')))"
    done = run_python(code, check=True)
    assert done.stdout.strip() == "['referee']"


def test_a_record_checked_through_the_public_interface():
    path = next(p for p in EXAMPLES if p.parent.name == "korol")
    verdict = referee.check_text(path.read_text(encoding="utf-8"))
    assert isinstance(verdict, referee.Verdict) and verdict.game == "korol"
    assert referee.verdict_json(verdict, "de")["game"] == "korol"
    assert referee.get_game("korol") is referee.GAMES["korol"]
