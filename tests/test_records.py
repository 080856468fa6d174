"""The record declarations and the readers agree: every example fits its schema, and what the
declaration calls wrong (a missing required field, a value of the wrong type, an unknown key, a
word not in the list) the reader rejects too, and so does the JSON Schema."""

from __future__ import annotations

import copy
import json
import re
from collections.abc import Iterator
from typing import Any

import jsonschema
import pytest
import yaml
from hypothesis import given, settings
from hypothesis import strategies as st

from referee import check_text
from referee.cli.command import main
from referee.games import GAMES
from referee.messages import render
from referee.present.blocks import render_block
from referee.present.template import template
from referee.records.field_types import Field, FieldType, OneOf, Text
from referee.records.fields import Obj, Options, PerPlayer, spec_of
from referee.records.schema import describe, field_rows, json_schema
from site_tools.pages.blocks import find_blocks
from tests.conftest import (
    EXAMPLES,
    ROOT,
    dump,
    errors_of,
    mappings_in,
    mutate,
    verdict_or_typed_error,
)
from tests.conftest import JUNK as HYPOTHESIS_JUNK

RECORDS = {
    p.relative_to(p.parent.parent).as_posix(): yaml.safe_load(p.read_text(encoding="utf-8"))
    for p in EXAMPLES
}
VALIDATORS = {
    slug: jsonschema.Draft202012Validator(json_schema(game)) for slug, game in GAMES.items()
}
# Values of every JSON type, and numbers at the edges: a declared type rejects some of them.
JUNK: tuple[Any, ...] = (-1, "zz", {"zz": 1}, [5], 5, True)
JUNK_PER_FIELD = (
    2  # the first two a type rejects: enough to catch a drift, few enough to run in seconds
)
UNKNOWN = "zz_unknown_field"
Found = Iterator[
    tuple[tuple[Any, ...], Field, list[Field]]
]  # (path, field, the fields of its object)


def schema_accepts(record: dict[str, Any], slug: str | None = None) -> bool:
    """Whether the schema of the record's game (or of ``slug``, where the mutation hit the game) accepts it."""
    return VALIDATORS[slug or record["game"]].is_valid(record)


def type_accepts(ftype: FieldType, slug: str, value: Any) -> bool:
    """Whether a value fits one declared type alone."""
    schema = {
        **ftype.schema(GAMES[slug]),
        "$defs": json_schema(GAMES[slug])["$defs"],
    }  # deals refer to them
    return jsonschema.Draft202012Validator(schema).is_valid(value)


def rejected_by_reader(record: dict[str, Any]) -> list[str]:
    """The reader's error codes for a record it cannot use (the test fails if it can be used)."""
    return [e.code for e in errors_of(dump(record))]


# -- walking a record along its declaration ---------------------------------------------------------------


def present_fields(record: dict[str, Any]) -> Found:
    """(path, field, the fields of its object) for every declared field the record holds, nested ones too."""
    spec = spec_of(GAMES[record["game"]])
    top = spec.record_fields()
    yield from _walk(record, (), top)
    for i, deal in enumerate(record.get("deals") or []):
        mode = "full" if spec.full_play_key in deal else "summary"
        yield from _walk(deal, ("deals", i), spec.deal_fields(mode))


def _walk(obj: dict[str, Any], path: tuple[Any, ...], fields: list[Field]) -> Found:
    for f in fields:
        if f.name not in obj:
            continue
        yield path + (f.name,), f, fields
        yield from _nested(obj[f.name], path + (f.name,), f.type)


def _nested(value: Any, path: tuple[Any, ...], ftype: FieldType) -> Found:
    if isinstance(ftype, PerPlayer) and isinstance(value, dict):
        for key, sub in value.items():
            holder = Field(str(key), ftype.value, ftype.value.label())
            yield path + (key,), holder, []
            yield from _nested(sub, path + (key,), ftype.value)
    elif isinstance(ftype, Obj) and isinstance(value, dict):
        yield from _walk(value, path, list(ftype.fields))
    elif isinstance(ftype, OneOf) and isinstance(value, dict):
        for alternative in ftype.types:
            yield from _nested(value, path, alternative)


def closed_objects(record: dict[str, Any]) -> Iterator[tuple[Any, ...]]:
    """The path of every mapping whose keys the declaration fixes (the record, deals, options, nested objects)."""
    yield ()
    for path, f, _ in present_fields(record):
        if isinstance(f.type, (Obj, Options)) or (
            isinstance(f.type, OneOf) and any(isinstance(a, Obj) for a in f.type.types)
        ):
            if isinstance(_get(record, path), dict):
                yield path
    for i, _ in enumerate(record.get("deals") or []):
        yield ("deals", i)


def _get(data: Any, path: tuple[Any, ...]) -> Any:
    for part in path:
        data = data[part]
    return data


def _set(
    record: dict[str, Any], path: tuple[Any, ...], value: Any, delete: bool = False
) -> dict[str, Any]:
    """``mutate`` from conftest, aimed at one path (an ``options`` mapping is added where the record has none)."""
    if path[0] == "options" and "options" not in record:
        record = {**record, "options": {}}
    return mutate(record, lambda paths: path, value, delete)


def _cases() -> Iterator[tuple[str, str, tuple[Any, ...], Any]]:
    """(example, what, path, value) for every mutation the declarations call wrong."""
    for name, record in RECORDS.items():
        slug = record["game"]
        for path, f, _siblings in present_fields(record):
            if f.required and f.unless is None:
                yield name, "missing", path, None
            if isinstance(f.type, Text):
                continue  # free text: the reader ignores it
            for junk in [j for j in JUNK if not type_accepts(f.type, slug, j)][:JUNK_PER_FIELD]:
                yield name, "wrong type", path, junk
            if f.unless is not None and _get(record, path[:-1]).get(f.unless[0]) != f.unless[1]:
                yield name, "excluded by " + f.unless[0], path[:-1] + (f.unless[0],), f.unless[1]
        for path in closed_objects(record):
            yield name, "unknown key", path + (UNKNOWN,), 1
        for option in GAMES[slug].options:
            yield name, "bad option", ("options", option.name), "zz-not-an-option-value"


CASES = sorted(
    set((n, w, json.dumps(p, ensure_ascii=False), json.dumps(v)) for n, w, p, v in _cases())
)


# -- the tests --------------------------------------------------------------------------------------------


@pytest.mark.parametrize("slug", sorted(GAMES))
def test_every_schema_is_a_valid_draft_2020_12_schema(slug):
    schema = json_schema(GAMES[slug], url=f"https://example.org/schemas/{slug}.json")
    jsonschema.Draft202012Validator.check_schema(schema)
    assert schema["$schema"] == "https://json-schema.org/draft/2020-12/schema"
    assert schema["properties"]["game"] == {
        "const": slug,
        "description": schema["properties"]["game"]["description"],
    }


@pytest.mark.parametrize("name", sorted(RECORDS))
def test_every_example_validates_against_its_schema(name):
    record = RECORDS[name]
    errors = [
        f"{list(e.absolute_path)}: {e.message}"
        for e in VALIDATORS[record["game"]].iter_errors(record)
    ]
    assert not errors


def test_the_mutations_reach_every_kind_of_mistake_in_every_game():
    kinds = {(RECORDS[n]["game"], w.split(" by ")[0]) for n, w, _, _ in CASES}
    assert len({n for n, *_ in CASES}) == len(RECORDS)
    for slug in GAMES:
        expected = ("missing", "wrong type", "unknown key") + (
            ("bad option",) if GAMES[slug].options else ()
        )
        assert {(slug, k) for k in expected} <= kinds, slug
    assert ("trump-seven", "excluded") in kinds
    assert len(CASES) > 1000


@pytest.mark.parametrize("name", sorted(RECORDS))
def test_what_the_declaration_calls_wrong_the_reader_and_the_schema_reject(name):
    slug = RECORDS[name]["game"]
    disagreements = []
    for _, what, path, value in (c for c in CASES if c[0] == name):
        record = _set(
            RECORDS[name], tuple(json.loads(path)), json.loads(value), delete=what == "missing"
        )
        reader = verdict_or_typed_error(record) is None
        schema = not schema_accepts(record, slug)
        if not (reader and schema):
            disagreements.append(
                f"{what} at {path} = {value}: reader rejects {reader}, schema rejects {schema}"
            )
    assert not disagreements, "\n".join(disagreements)


# Codes the reader gives only for the shape of a record (the declaration's business), never for what
# the values mean (a name not at the table, cards that do not add up).
STRUCTURAL = {
    "record.shape",
    "record.unknown_field",
    "record.unknown_option",
    "record.bad_option_value",
    "record.bad_notation",
    "record.unknown_game",
    "record.not_a_number",
    "record.bad_bid",
    "record.bad_answer",
    "record.bad_tricks",
    "record.player_count",
    "record.too_many_deals",
}


@settings(max_examples=300, deadline=None, derandomize=True)
@given(st.sampled_from(sorted(RECORDS)), st.data(), HYPOTHESIS_JUNK, st.booleans())
def test_a_record_the_reader_rejects_for_its_structure_the_schema_rejects(name, data, junk, delete):
    drawn: list[tuple[Any, ...]] = []
    record = mutate(
        RECORDS[name],
        lambda paths: drawn.append(data.draw(st.sampled_from(paths))) or drawn[0],
        junk,
        delete,
    )
    if any(p == drawn[0] and f.condition is not None for p, f, _ in present_fields(RECORDS[name])):
        return  # required on a condition only the reader can see (declared as such)
    if verdict_or_typed_error(record) is not None:
        return
    codes = {e.code for e in errors_of(dump(record))}
    if codes & STRUCTURAL:
        assert not schema_accepts(record, RECORDS[name]["game"]), codes


def test_the_schema_knows_the_player_counts():
    record = copy.deepcopy(RECORDS["catch-the-ten/three-players.yaml"])
    record["players"] = ["Anna"]
    assert not schema_accepts(record)


# -- what else comes from the declarations: templates, pages, published schemas ----------------------------

LANGS = ("en", "ru", "de")
PAGE = ROOT / "docs" / "en" / "settle-a-score.md"


# A game whose records hold no hands (Construction: one list of turns) has only the one kind of deal.
TEMPLATE_KINDS = [
    (slug, full)
    for slug in sorted(GAMES)
    for full in (False, True)
    if not full or spec_of(GAMES[slug]).has_mode("full")
]


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize(
    "slug, full",
    TEMPLATE_KINDS,
    ids=lambda v: v if isinstance(v, str) else ("full" if v else "summary"),
)
def test_a_template_from_referee_new_is_a_record_the_referee_and_the_schema_accept(
    slug, lang, full
):
    text = template(slug, lang, full)
    assert check_text(text).exit_status == 0
    data = yaml.safe_load(text)
    assert (
        data["notation"] == lang
        and (spec_of(GAMES[slug]).full_play_key in data["deals"][0]) == full
    )
    assert VALIDATORS[slug].is_valid(data)


def test_template_comments_are_in_the_chosen_language():
    russian = template("minnesota-whist", "ru")
    assert "# Игрок, который сдавал" in russian and "Анна" in russian and "Мы:" in russian
    german = template("reunion", "de", full=True)
    assert "# Die Karten jedes Spielers nach dem Geben" in german and "Kreuz" in german


def test_the_commands_new_and_schema(capsys):
    assert main(["new", "trump-seven", "--lang", "de"]) == 0
    assert check_text(capsys.readouterr().out).exit_status == 0
    assert main(["schema", "reunion", "--url", "https://example.org/schemas/reunion.json"]) == 0
    schema = json.loads(capsys.readouterr().out)
    assert schema == json_schema(GAMES["reunion"], "https://example.org/schemas/reunion.json")
    assert main(["new", "bridge"]) == 2  # an unknown game: a usage error, exit status 2


def _page_blocks(lang: str) -> str:
    """Every referee-record block of the record reference, and every game's own fields (the fold that the
    site puts in each game's Record section), rendered in ``lang`` (suit signs without their colour)."""
    text = "\n".join(
        render_block(b.kind, b.params, lang)
        for b in find_blocks(PAGE.read_text(encoding="utf-8"))
        if b.kind == "record"
    )
    text += "\n".join(render_block("fields", {"game": slug}, lang) for slug in GAMES)
    return re.sub(r'<span class="suit-[a-z]+">(.)</span>', r"\1", text)


def _declared(slug: str) -> list[tuple[str, Field]]:
    spec = spec_of(GAMES[slug])
    rows = list(field_rows(spec.record_fields()))
    for mode in ("summary", "full"):
        rows += field_rows(spec.deal_fields(mode))
    return rows


@pytest.mark.parametrize("lang", LANGS)
def test_the_page_lists_every_declared_field_in_every_language(lang):
    page = _page_blocks(lang)
    for slug in GAMES:
        for path, f in _declared(slug):
            assert f"`{path}`" in page, (slug, path)
            assert render(f.help, lang) in page, (slug, path)
            if lang != "en":
                assert render(f.help, lang) != render(f.help, "en"), (slug, path, "not translated")
        assert f"schemas/{slug}.json" in page


def test_every_game_has_a_table_for_each_kind_of_deal_on_its_page():
    labels = {"summary": "A deal written as a summary", "full": "A deal written card by card"}
    for slug in GAMES:
        fields = render_block("fields", {"game": slug}, "en")
        for mode, label in labels.items():
            assert (label in fields) == spec_of(GAMES[slug]).has_mode(mode), (slug, mode)


def test_the_site_publishes_every_schema(site):
    from tests.conftest import SITE_URL as site_url  # what the session's site is built for

    for slug, game in GAMES.items():
        url = site_url.rstrip("/") + f"/schemas/{slug}.json"
        published = json.loads((site / "schemas" / f"{slug}.json").read_text(encoding="utf-8"))
        assert published == json_schema(game, url)
    page = (site / "ru" / "settle-a-score" / "index.html").read_text(encoding="utf-8")
    assert "yaml-language-server: $schema=" + site_url.rstrip("/") + "/schemas/yacht.json" in page


def _allowed_by_reader(record: dict[str, Any], path: tuple[Any, ...]) -> set[str]:
    """The keys the reader allows in the mapping at ``path``: the list its unknown-field message gives."""
    errors = errors_of(dump(_set(record, path + (UNKNOWN,), 1)))
    hit = next(
        e for e in errors if e.code == "record.unknown_field" and e.where.path.endswith(UNKNOWN)
    )
    return set(hit.message.params["allowed"])


@pytest.mark.parametrize("name", sorted(RECORDS))
def test_the_reader_allows_exactly_the_declared_keys(name):
    record = RECORDS[name]
    spec = spec_of(GAMES[record["game"]])
    assert _allowed_by_reader(record, ()) == {f.name for f in spec.record_fields()}
    for i, deal in enumerate(record["deals"]):
        mode = "full" if spec.full_play_key in deal else "summary"
        assert _allowed_by_reader(record, ("deals", i)) == {
            f.name for f in spec.deal_fields(mode)
        }, (i, mode)


@pytest.mark.parametrize("lang", LANGS)
def test_the_form_description_is_json_with_help_in_the_language(lang):
    for slug, game in GAMES.items():
        form = json.loads(json.dumps(describe(game, lang), ensure_ascii=False))
        kinds = {m for m in ("summary", "full") if spec_of(game).has_mode(m)}
        assert form["game"] == slug and set(form["deals"]) == kinds
        fields = form["record"] + [f for mode in form["deals"].values() for f in mode["fields"]]
        assert all(f["help"] and f["requirement"] for f in fields)
        options = next(f for f in form["record"] if f["name"] == "options")["type"]["options"]
        assert [o["name"] for o in options] == [o.name for o in game.options]
        if lang != "en":
            english = describe(game, "en")
            assert form["record"][2]["help"] != english["record"][2]["help"]


# -- the totals the rules fix, and Construction's turns, as the form is told them (issue 34) ----------------


def _form_fields(slug: str, lang: str) -> dict[str, Any]:
    """Every field of ``slug``'s summary deals by name (nested ones too), as the form receives them."""
    found: dict[str, Any] = {}
    for field in mappings_in(describe(GAMES[slug], lang)["deals"]["summary"]):
        if "name" in field and "type" in field:
            found.setdefault(field["name"], field)
    return found


def _sum_the_reader_wants(slug: str, field: str, players: list[str]) -> int:
    """The game's own number that its reader checks the sum of ``field`` against (tests/test_possible.py
    proves that every other sum is exit 2)."""
    from referee.games import catch_the_ten, korol, minnesota_whist, stealing_bundles, yacht

    module = {
        "minnesota-whist": minnesota_whist,
        "korol": korol,
        "yacht": yacht,
        "stealing-bundles": stealing_bundles,
        "catch-the-ten": catch_the_ten,
    }[slug]
    return {
        "minnesota-whist": lambda: module.TRICKS,
        "korol": lambda: module.HAND,
        "yacht": lambda: module.HAND_SIZES[len(players)],
        "stealing-bundles": lambda: len(module.DECK),
        "catch-the-ten": lambda: len(players) * module.HAND_SIZES[len(players)],
    }[slug]()


@pytest.mark.parametrize(
    ("slug", "field"),
    [
        ("minnesota-whist", "tricks"),
        ("korol", "reign_tricks"),
        ("yacht", "tricks"),
        ("stealing-bundles", "captured"),
        ("catch-the-ten", "cards"),
    ],
)
def test_a_count_the_rules_fix_comes_with_its_total_in_three_languages(
    slug: str, field: str
) -> None:
    game = GAMES[slug]
    said = {lang: _form_fields(slug, lang)[field]["total"] for lang in ("en", "ru", "de")}
    assert set(said["en"]) == {str(n) for n in game.player_counts}
    for count, entry in said["en"].items():
        players = [f"P{k}" for k in range(int(count))]
        assert entry["total"] == _sum_the_reader_wants(slug, field, players)
        words = {lang: said[lang][count]["words"] for lang in said}
        assert all("{entered}" in w and str(entry["total"]) in w for w in words.values()), words
        assert len(set(words.values())) == 3, words  # each language its own words


def test_construction_turns_are_declared_for_pickers_as_the_reader_reads_them() -> None:
    from referee.games.construction import KINDS, read_action
    from referee.games.play.construction import SMALL_TOKENS

    turns = _form_fields("construction", "ru")["turns"]["type"]
    assert turns["kind"] == "moves" and turns["tokens"] == SMALL_TOKENS
    assert [u["name"] for u in turns["uses"]] == list(KINDS)
    english = _form_fields("construction", "en")["turns"]["type"]
    assert all(turns["words"][k] != english["words"][k] for k in english["words"]), turns["words"]
    for use in turns["uses"]:  # as many places as each use takes, as the reader reads them
        least, most = use["places"]
        extra = " 1" if use["name"] == "small" else ""
        for n in range(least, most + 1):
            places = " ".join(f"0:{k}" for k in range(1, n + 1))
            action = read_action(f"K♣ {use['name']}{extra} {places}".strip(), "en")
            assert (action.kind, len(action.cells)) == (use["name"], n)
