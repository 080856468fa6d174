"""The table of keys a check reads (:mod:`referee.records.declared_keys`) is what the declarations say.

A check takes each game's record keys from the table, so as not to build the declarations
(:mod:`referee.records.declared`); this test derives the table from the declarations again and pins it.
After a declaration changes, write the table again::

    PYTHONPATH=$PWD .venv/bin/python tests/test_declared_keys.py --write
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from referee.games import GAMES
from referee.records.declared import Declared
from referee.records.declared_keys import KEYS
from referee.records.fields import RecordSpec, spec_of

TABLE = Path(__file__).resolve().parent.parent / "referee" / "records" / "declared_keys.py"

KEYS_LINE = "KEYS: dict[str, tuple[str, str, str, str]] = {\n"


def head() -> str:
    """The table's docstring and first line as the module has them now (kept, not written again)."""
    text = TABLE.read_text(encoding="utf-8")
    return text[: text.index(KEYS_LINE)] + KEYS_LINE


def derived(spec: RecordSpec) -> tuple[str, str, str, str]:
    """What the table holds for one game, from its declaration."""
    return (
        " ".join(spec.own_keys()),
        " ".join(sorted(spec.deal_keys("summary"))),
        " ".join(sorted(spec.deal_keys("full"))),
        spec.full_play_key,
    )


def table_text() -> str:
    """The module :data:`TABLE` as the declarations give it (``--write`` then runs ``ruff format`` on it)."""
    entries = "".join(
        f"    {slug!r}: {derived(spec_of(GAMES[slug]))!r},\n" for slug in sorted(GAMES)
    )
    return head() + entries.replace("'", '"') + "}\n"


def test_the_table_is_what_the_declarations_say() -> None:
    for slug, game in GAMES.items():
        assert KEYS[slug] == derived(spec_of(game)), f"{slug}: run {__doc__.split('::')[1].strip()}"
    assert set(KEYS) == set(GAMES)


def test_a_check_answers_from_the_table_without_building_the_declaration() -> None:
    record = GAMES["korol"].record
    assert isinstance(record, Declared)
    fresh = Declared("korol", record._factory, *record._arguments, **record._keywords)
    assert (fresh.own_keys(), fresh.deal_keys("full"), fresh.full_play_key) == (
        record.own_keys(),
        record.deal_keys("full"),
        "reign_hands",
    )
    assert not fresh.built
    assert fresh.deal_fields("summary") == record.spec.deal_fields("summary")  # built when asked
    assert fresh.built and isinstance(fresh.spec, RecordSpec)


if __name__ == "__main__":
    if sys.argv[1:] == ["--write"]:
        TABLE.write_text(table_text(), encoding="utf-8")
        subprocess.run([sys.executable, "-m", "ruff", "format", "--quiet", str(TABLE)], check=True)
    else:
        sys.stdout.write(table_text())
