"""Hostile input: every reproducer of issue 9 as a subprocess, and a fuzz of the record's text.

Each subprocess runs the real command with limits set in the child (2 s of CPU, 200 MB of address
space), so a hang or a memory blow-up fails the test instead of the machine. The limits are what
the referee must stay within, not timings: a loaded machine slows the wall clock, not the CPU count.
"""

from __future__ import annotations

import json
import os
import random
import re
import resource
import subprocess
import sys
from pathlib import Path

import pytest
import yaml
from hypothesis import given, settings
from hypothesis import strategies as st

from referee.cli.command import main
from referee.errors import RecordErrors, RefereeError
from referee.records.quick_yaml import NotPlain, QuickReader
from referee.records.source import MAX_BYTES, _check_characters, load_text
from referee.records.yaml_events import load_events
from scripts.textfuzz import examples, mutate_text
from tests.conftest import EXAMPLES, ROOT
from tests.strategies import documents

CPU_SECONDS = 2
MEMORY = 200 * 2**20
EXAMPLE = ROOT / "examples" / "trump-seven" / "one-point-short.yaml"  # a claim disagrees: exit 1
VALID = ROOT / "examples" / "catch-the-ten" / "two-reach-41.yaml"


def _limits() -> None:
    resource.setrlimit(resource.RLIMIT_CPU, (CPU_SECONDS, CPU_SECONDS))
    resource.setrlimit(resource.RLIMIT_AS, (MEMORY, MEMORY))


def referee(
    *args: str,
    stdin: bytes | int | None = None,
    env: dict[str, str] | None = None,
    preexec: object = None,
) -> subprocess.CompletedProcess[bytes]:
    """``referee ARGS`` in a child with the limits; stdout and stderr as bytes."""

    def setup() -> None:
        _limits()
        if callable(preexec):
            preexec()

    child_env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "PYTHONPATH": str(ROOT)}
    child_env.update(env or {})
    data = stdin if isinstance(stdin, bytes) else None
    done = subprocess.run(
        [sys.executable, "-m", "referee.cli", *args],
        input=data,
        stdin=stdin
        if isinstance(stdin, int)
        else (None if data is not None else subprocess.DEVNULL),
        capture_output=True,
        env=child_env,
        preexec_fn=setup,
        timeout=120,
        check=False,
        cwd=ROOT,
    )
    assert b"Traceback" not in done.stderr, done.stderr.decode("utf-8", "replace")
    return done


def unusable(
    done: subprocess.CompletedProcess[bytes], code: str | None = None, line: bool = True
) -> dict:
    """Exit 2 and exactly one JSON object naming the problem (and its line, where the text has one)."""
    assert done.returncode == 2, (done.returncode, done.stdout[-2000:], done.stderr[-2000:])
    result = json.loads(
        done.stdout.decode("utf-8")
    )  # one object: json.loads refuses anything after it
    assert result["usable"] is False and result["errors"]
    first = result["errors"][0]
    if code is not None:
        assert first["code"] == code, result
    if line:
        assert isinstance(first["where"].get("line"), int), result
    return result


def record_file(tmp_path: Path, text: str | bytes, name: str = "record.yaml") -> str:
    path = tmp_path / name
    if isinstance(text, str):
        path.write_text(text, encoding="utf-8")
    else:
        path.write_bytes(text)
    return str(path)


HEAD = "game: catch-the-ten\nplayers: [Anna, Boris, Vera]\n"
BOMB = "a: &a [lol, lol, lol, lol, lol, lol, lol, lol, lol]\n" + "".join(
    f"{n}: &{n} [{', '.join(['*' + p] * 9)}]\n" for p, n in zip("abcdefgh", "bcdefghi", strict=True)
)


@pytest.mark.parametrize(
    ("text", "code"),
    [
        (
            "a:\n" + "".join("  " * k + "  a:\n" for k in range(1, 500)),
            "record.too_deep",
        ),  # about 500 levels
        ("x: " + "[" * 500 + "]" * 500 + "\n", "record.too_deep"),
        ("[" * 50_000, "record.too_deep"),  # segfaulted the composer
        (HEAD + "? Boris: x\n: 1\n", "record.complex_key"),  # a mapping as a key
        (HEAD + "? [[1]]\n: 1\n", "record.complex_key"),  # a list as a key
        (HEAD + "options: {target: " + "9" * 5000 + "}\n", "record.number_too_large"),
        # Hexadecimal is text, as a person reads it (round 3, #3): refused as no whole number, unbuilt.
        (HEAD + "options: {target: 0x" + "f" * 5000 + "}\n", "record.unknown_option"),
        (BOMB, "record.alias_expansion"),  # 389 bytes, once 18 s and 1.2 GB
        (HEAD + "base: &b {x: 1}\nother:\n  <<: *b\n", "record.merge_key"),
        (HEAD + "options: !!python/object/apply:os.system [echo]\n", "record.tag"),
        (HEAD + "deals: !custom 3\n", "record.tag"),
        (
            HEAD + "deals:\n  - dealer: Anna\x00\n",
            "record.control_character",
        ),  # a NUL: once "(line None)"
        (HEAD + "a: *nowhere\n", "record.yaml"),
        (HEAD + "options: {a: b: c, d}\n", "record.yaml"),  # once a ValueError in the quick reader
        (HEAD + "---\ngame: x\n", "record.several_documents"),
    ],
)
def test_hostile_structure_is_refused_before_it_is_built(tmp_path, text, code):
    result = unusable(referee("check", record_file(tmp_path, text), "--json", "--lang", "de"), code)
    assert result["errors"][0]["message"]


def test_the_same_text_on_standard_input(tmp_path):
    unusable(referee("check", "-", "--json", stdin=BOMB.encode()), "record.alias_expansion")
    unusable(referee("check", "-", "--json", stdin=b"[" * 50_000), "record.too_deep")


@pytest.mark.parametrize(
    ("raw", "line"),
    [
        (HEAD.encode() + b"deals: \xff\xfe\n", 3),  # not UTF-8
        (b"\xff\xfe" + "game: x\n".encode("utf-16-le") + b"\x00", None),  # odd UTF-16
        (b"\xfe\xff\xd8\x00\x00a", None),  # a lone surrogate in UTF-16
    ],
)
def test_invalid_encodings_on_standard_input_and_in_a_file(tmp_path, raw, line):
    for args, stdin in (
        (("check", "-", "--json"), raw),
        (("check", record_file(tmp_path, raw), "--json"), None),
    ):
        result = unusable(referee(*args, stdin=stdin), "record.encoding", line=line is not None)
        if line is not None:
            assert result["errors"][0]["where"]["line"] == line


def test_utf16_with_a_byte_order_mark_is_read(tmp_path):
    text = VALID.read_text(encoding="utf-8")
    done = referee("check", record_file(tmp_path, text.encode("utf-16")), "--json")
    assert done.returncode == 0 and json.loads(done.stdout)["valid"] is True


def test_c_locale_without_utf8_mode_reads_and_writes_utf8():
    env = {"LC_ALL": "C", "PYTHONUTF8": "0", "PYTHONIOENCODING": ""}
    text = VALID.read_bytes()
    for args, stdin in (
        (("check", str(VALID), "--lang", "ru"), None),
        (("check", "-", "--lang", "ru"), text),
    ):
        done = referee(*args, stdin=stdin, env=env)
        assert done.returncode == 0, done.stderr
        assert "Вердикт" in done.stdout.decode("utf-8")


def test_the_language_comes_from_the_locale():
    done = referee("check", str(VALID), env={"LANG": "de_DE.UTF-8"})
    assert "Urteil" in done.stdout.decode()
    done = referee("check", str(VALID), env={"LC_ALL": "ru_RU.UTF-8", "LANG": "de_DE.UTF-8"})
    assert "Вердикт" in done.stdout.decode()
    done = referee("check", str(VALID), env={"LANG": "fr_FR.UTF-8"})
    assert "Verdict" in done.stdout.decode()


def test_endless_input_stops_at_the_size_cap(tmp_path):
    unusable(
        referee("check", "-", "--json", stdin=os.open("/dev/zero", os.O_RDONLY)),
        "record.too_large",
        line=False,
    )
    unusable(referee("check", "/dev/zero", "--json"), "record.unreadable", line=False)
    big = tmp_path / "big.yaml"
    with big.open("wb") as handle:  # 50 MB, as in the issue
        handle.write(HEAD.encode() + b"# " + b"x" * (50 * 2**20) + b"\n")
    unusable(referee("check", str(big), "--json"), "record.too_large", line=False)
    just_over = HEAD.encode() + b"#" * (MAX_BYTES - len(HEAD)) + b"\n"
    unusable(referee("check", "-", "--json", stdin=just_over), "record.too_large", line=False)


def test_a_fifo_with_no_writer_is_refused_at_once(tmp_path):
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    unusable(referee("check", str(fifo), "--json"), "record.unreadable", line=False)
    done = referee("check", str(tmp_path), "--json", "--lang", "ru")
    assert "папка" in unusable(done, "record.unreadable", line=False)["errors"][0]["message"]


def test_a_60000_character_card_token(tmp_path):
    text = (ROOT / "examples" / "catch-the-ten" / "full-play-four.yaml").read_text(encoding="utf-8")
    done = referee(
        "check",
        record_file(tmp_path, text.replace("- 9♦ 6♦ 10♥ K♦", "- 9♦ 6♦ 10♥ " + "K" * 60_000)),
        "--json",
    )
    unusable(done, "notation.bad_card")


def test_thirty_thousand_players(tmp_path):
    names = [f"P{k}" for k in range(30_000)]
    text = (
        "game: catch-the-ten\nplayers: ["
        + ", ".join(names)
        + "]\nscores_before: {"
        + ", ".join(f"{n}: 1" for n in names)
        + "}\ndeals: []\n"
    )
    # Refused by its length before any name is read (a game has at most a few players).
    unusable(referee("check", record_file(tmp_path, text), "--json"), "record.too_long")


@pytest.mark.parametrize("example", EXAMPLES, ids=lambda p: p.stem)
def test_numbers_as_names_give_the_same_verdict(example):
    import re

    import yaml

    from referee import check_text

    text = example.read_text(encoding="utf-8")
    players = [str(p) for p in yaml.safe_load(text)["players"]]

    def outcome(record: str) -> object:
        try:
            verdict = check_text(record)
        except RefereeError:
            return 2
        return verdict.exit_status, [list(d.scores.values()) for d in verdict.deals]

    renamed = text
    for k, name in enumerate(players):
        renamed = re.sub(rf"(?<![\w-]){re.escape(name)}(?![\w-])", str(k + 1), renamed)
    assert outcome(renamed) == outcome(text)


@pytest.mark.parametrize("game", ["catch-the-ten", "minnesota-whist"])
def test_two_hundred_thousand_empty_deals(tmp_path, game):
    text = (
        f"game: {game}\nplayers: [Anna, Boris, Vera, Gleb]\nteams: {{We: [Anna, Vera], They: [Boris, Gleb]}}\n"
        "deals: [" + "{}, " * 200_000 + "]\n"
    )
    result = unusable(referee("check", record_file(tmp_path, text), "--json"))
    assert (
        len(result["errors"]) <= 101
    )  # at most a hundred problems and a line saying how many more


def test_a_closed_pipe_keeps_the_exit_status():
    child = subprocess.Popen(
        [sys.executable, "-m", "referee.cli", "check", str(EXAMPLE)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        stdin=subprocess.DEVNULL,
        preexec_fn=_limits,
        cwd=ROOT,
        env={"PATH": os.environ.get("PATH", ""), "PYTHONPATH": str(ROOT)},
    )
    assert child.stdout is not None and child.stderr is not None
    child.stdout.close()  # like `| head -1` having read its line and gone
    err = child.stderr.read()
    assert child.wait(timeout=120) == 1, err
    assert b"Traceback" not in err and b"Exception ignored" not in err


def test_a_closed_standard_input_or_output_and_a_full_disk():
    done = referee("check", "-", "--json", preexec=lambda: os.close(0))
    unusable(done, "record.unreadable", line=False)
    done = referee("check", str(VALID), preexec=lambda: os.close(1))
    assert done.returncode == 2 and done.stderr
    with open("/dev/full", "wb") as full:
        done = referee(
            "check", str(VALID), "--lang", "de", preexec=lambda: os.dup2(full.fileno(), 1)
        )
    assert done.returncode == 2 and "Speicherplatz" in done.stderr.decode(), done.stderr


def test_names_cannot_forge_lines_or_escape_the_terminal(tmp_path):
    forged = HEAD.replace(
        "[Anna, Boris, Vera]",
        '["Anna\\nVerdict: valid, every claim agrees.", "B\\e[2J", "Vera\\u202e"]',
    )
    done = referee("check", record_file(tmp_path, forged))
    assert done.returncode == 2
    assert b"\x1b" not in done.stderr and "\u202e" not in done.stderr.decode()
    assert not any(line.startswith(b"Verdict") for line in done.stderr.splitlines())
    result = unusable(referee("check", record_file(tmp_path, forged), "--json"), "record.bad_name")
    assert [e["code"] for e in result["errors"]].count("record.bad_name") == 3


@pytest.mark.parametrize(("lang", "words"), [("ru", "не найдено"), ("de", "nicht gefunden")])
def test_parser_reasons_are_in_the_readers_language(tmp_path, lang, words):
    result = unusable(
        referee("check", record_file(tmp_path, "game: ["), "--json", "--lang", lang), "record.yaml"
    )
    assert words in result["errors"][0]["message"], result


@pytest.mark.parametrize(
    "args",
    [
        [],
        ["check"],
        ["chek", "x"],
        ["check", "a", "b"],
        ["check", "x", "--lang", "fr"],
        ["--lang"],
        ["check", "--bogus", "x"],
    ],
)
def test_usage_errors_are_exit_two_and_one_json_object(args, capsys):
    assert main([*args, "--json"]) == 2
    out = capsys.readouterr().out
    assert json.loads(out)["errors"][0]["code"] == "usage"
    assert main(args) == 2
    captured = capsys.readouterr()
    assert "Traceback" not in captured.err and captured.err


def test_help_on_every_option_in_the_readers_language(capsys):
    assert main(["check", "--help", "--lang", "de"]) == 0
    out = capsys.readouterr().out
    assert "--json" in out and "JSON-Objekt" in out and "Standardeingabe" in out and "Hilfe" in out


def test_the_guard_catches_a_bug_and_the_debug_variable_shows_it(monkeypatch, capsys):
    import referee.cli.command

    def broken(doc):
        raise KeyError("a bug")

    monkeypatch.setattr(referee.cli.command, "check_document", broken)
    assert main(["check", str(VALID), "--json", "--lang", "ru"]) == 2
    result = json.loads(capsys.readouterr().out)
    assert (
        result["errors"][0]["code"] == "internal" and "KeyError" in result["errors"][0]["message"]
    )
    monkeypatch.setenv("REFEREE_DEBUG", "1")
    assert main(["check", str(VALID)]) == 2
    assert "Traceback" in capsys.readouterr().err


# ---------------------------------------------------------------------------------------------
# The text fuzz: mutations of real records, checked in this process (the benchmark runs it at scale)

TEXTS = examples()


def outcome_of(text: str) -> int:
    """0 or 1 from a verdict, 2 from typed errors that render in every language; anything else fails."""
    from referee import check_text

    try:
        return check_text(text).exit_status
    except RefereeError as err:
        for e in err.errors if isinstance(err, RecordErrors) else [err]:
            assert e.code and all(e.render(lang) for lang in ("en", "ru", "de"))
        return 2


@settings(max_examples=250, deadline=None)
@given(st.sampled_from(TEXTS), st.integers(0, 2**32 - 1))
def test_mutated_text_gives_a_verdict_or_a_typed_error(text, seed):
    assert outcome_of(mutate_text(text, random.Random(seed))) in (0, 1, 2)


@settings(max_examples=250, deadline=None)
@given(st.sampled_from(TEXTS), st.integers(0, 2**32 - 1))
def test_the_quick_reader_agrees_with_pyyaml(text, seed):
    _reads_as_pyyaml(mutate_text(text, random.Random(seed)))


def _reads_as_pyyaml(text: str) -> None:
    """The quick reader gives the data and the lines PyYAML's events give, or leaves ``text`` to PyYAML
    (not plain) or refuses it (a typed error)."""
    try:
        _check_characters(text)
        reader = QuickReader(text)
        data = reader.read()
    except (NotPlain, RefereeError):
        return
    assert (data, reader.lines) == load_events(text)
    assert (
        QuickReader(text, track=False).read() == data
    )  # what load_text keeps, the lines left for later


class AsWritten(yaml.SafeLoader):
    """PyYAML reading plain scalars as the referee does (:mod:`referee.records.scalars`): decimal whole
    numbers, ``true`` and ``false``, text for the rest (YAML 1.1's ``yes``, ``017`` octal, ``1:30``)."""


AsWritten.yaml_implicit_resolvers = {
    first: [(tag, rx) for tag, rx in resolvers if not tag.endswith((":bool", ":int", ":float"))]
    for first, resolvers in yaml.SafeLoader.yaml_implicit_resolvers.items()
}
AsWritten.add_implicit_resolver(
    "tag:yaml.org,2002:bool", re.compile(r"^(?:true|True|TRUE|false|False|FALSE)$"), list("tTfF")
)
AsWritten.add_implicit_resolver(
    "tag:yaml.org,2002:int", re.compile(r"^[-+]?[0-9]+$"), list("-+0123456789")
)
AsWritten.add_constructor(
    "tag:yaml.org,2002:int", lambda loader, node: int(loader.construct_scalar(node), 10)
)


def test_every_example_and_page_record_is_read_quickly_and_the_same():
    import re

    import yaml

    texts = list(TEXTS)
    for page in sorted((ROOT / "docs" / "en").glob("*.md")):
        texts += re.findall(r"^```yaml\n(.*?)^```", page.read_text(encoding="utf-8"), re.M | re.S)
    quick = 0
    for text in texts:
        reader = QuickReader(text)
        try:
            read = reader.read()
        except NotPlain:  # a literal scalar (``|``) and the like: PyYAML's event reader takes it
            pass
        else:
            quick += 1
            assert (read, reader.lines) == load_events(text)
        assert load_text(text).data == yaml.load(text, Loader=AsWritten)
    # Long move lists are written as folded scalars (``>-``), which the quick reader reads when plain.
    assert quick >= len(texts) * 0.75, f"only {quick} of {len(texts)} records take the quick path"


def test_json_is_read_by_json_and_keeps_its_lines():
    text = json.dumps(
        {"game": "catch-the-ten", "players": ["Anna", "Boris"], "deals": [{"dealer": 1}]}, indent=2
    )
    doc = load_text(text)
    assert doc.find_lines is not None and doc.data["deals"][0]["dealer"] == 1
    assert doc.line(("deals", 0, "dealer")) == 9
    with pytest.raises(RefereeError) as info:
        load_text('{"a": 1, "a": 2}')
    assert info.value.code == "record.duplicate_key"


PIECES = st.sampled_from(
    [
        *"aZ09 :#-[]{},'\"!&*?|>%@`.~_+=\\/♥Ж\u00e9",
        "yes",
        "no",
        "null",
        "1",
        "-1",
        "0x1f",
        "012",
        "1:30",
        "1.5",
        ".inf",
        "- ",
        ": ",
        " #",
        "#x",
        "\n",
    ]
)
DOCUMENTS = documents(PIECES, key_pieces=5, leaves=20)


@settings(max_examples=200, deadline=None)
@given(
    DOCUMENTS,
    st.sampled_from([None, False, True]),
    st.integers(2, 5),
    st.sampled_from([20, 80, 1000]),
    st.sampled_from(["", "# a comment", "  # indented", "   "]),
    st.integers(0, 50),
)
def test_the_quick_reader_agrees_with_pyyaml_on_any_document(data, flow, indent, width, extra, at):
    import yaml

    text = yaml.safe_dump(
        data, default_flow_style=flow, allow_unicode=True, width=width, indent=indent
    )
    lines = text.split("\n")
    lines.insert(at % (len(lines) + 1), extra)
    _reads_as_pyyaml("\n".join(lines))


HEADS = ["pack: >-", "- pack: >-", "a:\n  - pack: >-", "pack: >- # c", "pack: >", "pack: |-"]
TEXT_LINES = ["  2♦ 4♥", "  5♣ # 8♦: x", "  - 'x'"]  # text in a block scalar, whatever it holds
ODD_LINES = [None, "", "   ", "  # note", "    deeper", "  tail ", " less", "next: 1"]


@settings(max_examples=400, deadline=None)
@given(
    st.sampled_from(HEADS),
    st.lists(st.sampled_from(TEXT_LINES), max_size=5),
    st.sampled_from(ODD_LINES),
    st.integers(0, 5),
    st.sampled_from(["", "\n", "\n\n", "\n# end\n"]),
)
def test_folded_scalars_read_quickly_agree_with_pyyaml(head, lines, odd, at, end):
    """``key: >-`` read by the quick reader (its plainest form) or left to PyYAML, never read otherwise."""
    if odd is not None:  # a line that a folded scalar keeps, or that ends it
        lines.insert(at % (len(lines) + 1), odd)
    last = head.split("\n")[-1]
    indent = " " * (len(last) - len(last.lstrip(" -")))
    _reads_as_pyyaml("\n".join([head, *(indent + line if line else line for line in lines)]) + end)


@pytest.mark.parametrize("second", ["Anna\u200b", "Anna\u2060", "An\u00adna", "\ufeffAnna"])
def test_a_name_with_a_format_character_is_refused(second):
    from referee import check_text

    text = f'game: red-and-black\nplayers: [Anna, "{second}"]\ndeals:\n  - {{dealer: Anna, taken: {{Anna: 1}}}}\n'
    with pytest.raises(RefereeError) as caught:
        check_text(text)
    errors = caught.value.errors if isinstance(caught.value, RecordErrors) else [caught.value]
    assert any(e.code in ("record.bad_name", "record.control_character") for e in errors)


def test_names_are_compared_in_nfc():
    from referee import check_text

    composed, decomposed = "Zo\u00eb", "Zoe\u0308"
    text = (
        f"game: red-and-black\nplayers: [{composed}, Boris]\n"
        f"deals:\n  - {{dealer: Boris, taken: {{{decomposed}: 1, Boris: 1}}}}\n"
    )
    verdict = check_text(text)
    assert list(verdict.totals) == [composed, "Boris"]
    with pytest.raises(RecordErrors) as caught:
        check_text(
            f"game: red-and-black\nplayers: [{composed}, {decomposed}]\ndeals: [{{dealer: Boris}}]\n"
        )
    assert "record.duplicate_player" in [e.code for e in caught.value.errors]
