"""One shape for findings and errors in ``--json``, published as a JSON Schema (``referee schema --verdict``).

Every worked example, every impossible summary of ``tests/data/impossible`` and the command line's own
failures print one object the schema accepts, and a finding and an error carry the same keys.
"""

from __future__ import annotations

import json
from pathlib import Path

import jsonschema
import pytest

from referee import check_text, errors_json, verdict_json
from referee.cli.command import main
from referee.errors import RefereeError
from referee.present.verdict_schema import ITEM, verdict_schema
from tests.conftest import EXAMPLES

IMPOSSIBLE = sorted((Path(__file__).parent / "data" / "impossible").glob("*.yaml"))
VALIDATOR = jsonschema.Draft202012Validator(verdict_schema())


def _json(text: str, lang: str = "en") -> dict:
    try:
        return verdict_json(check_text(text), lang)
    except RefereeError as err:
        return errors_json(err, lang)


def test_the_schema_is_a_schema():
    jsonschema.Draft202012Validator.check_schema(verdict_schema())


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_every_example_and_reproducer_prints_what_the_schema_says(lang):
    items = 0
    for path in [*EXAMPLES, *IMPOSSIBLE]:
        out = _json(path.read_text(encoding="utf-8"), lang)
        errors = sorted(VALIDATOR.iter_errors(out), key=str)
        assert not errors, f"{path}: {errors[0].message}"
        for item in out.get("findings", []) + out.get("errors", []):
            assert set(ITEM["required"]) <= item.keys()
            items += 1
    assert items > 5  # findings and errors both met


def test_findings_and_errors_have_the_same_keys():
    finding = _json(
        "game: red-and-black\nplayers: [Anna, Boris]\ndeals:\n  - {dealer: Anna, taken: {Anna: 1, "
        "Boris: 1}}\n  - {dealer: Anna, taken: {Anna: 1, Boris: 1}}\n"
    )["findings"][0]
    error = _json("game: yacht\nplayers: [A]\n")["errors"][0]
    assert finding.keys() == error.keys()
    assert (
        error["path"] == "players" and error["line"] == 2 and error["rule"] == "Y-S2"
    )  # Yacht's player count rule


@pytest.mark.parametrize(
    "argv", [["check", "/nonexistent/x.yaml", "--json"], ["check", "--json", "--bogus"]]
)
def test_the_command_lines_failures_have_the_shape_too(argv, capsys):
    assert main(argv) == 2
    VALIDATOR.validate(json.loads(capsys.readouterr().out))


def test_schema_verdict_is_printed(capsys):
    assert main(["schema", "--verdict"]) == 0
    assert json.loads(capsys.readouterr().out) == json.loads(json.dumps(verdict_schema()))
