"""The one-pass reader (:mod:`referee.records.one_pass`) reads what the quick reader reads, or leaves the text to it.

Whatever :func:`read_plain` returns, :class:`QuickReader` reads too, to the same data (types included:
a ``Written`` number stays one) and the same ``largest``; and the quick reader can still work the
lines out (``load_text`` asks it for them later). Checked on random records of every game, on their
mutations, on the examples and on random documents edited line by line.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
import yaml
from hypothesis import given, settings
from hypothesis import strategies as st

from referee.records.one_pass import read_plain
from referee.records.quick_yaml import NotPlain, QuickReader
from referee.records.source import load_text
from scripts.benchmark import NAMES, sample_records
from scripts.textfuzz import examples, mutate_text
from tests.strategies import documents


def typed(value: Any) -> Any:
    """``value`` with the type of every scalar beside it (``1 == True`` and ``Written(7) == 7`` otherwise)."""
    if isinstance(value, dict):
        return [(typed(k), typed(v)) for k, v in value.items()]
    if isinstance(value, list):
        return ["list", *map(typed, value)]
    return (type(value).__name__, value, str(value))


def agrees(text: str) -> bool:
    """Whether the one-pass reader read ``text`` (it must then agree with the quick reader)."""
    try:
        # as load_text calls it: it knows whether the text is printable (but for its line breaks)
        data, largest = read_plain(text, text.replace("\n", " ").isprintable())
    except NotPlain:
        return False
    quick = QuickReader(text, track=False)
    assert typed(quick.read()) == typed(data), text
    assert quick.largest == largest, text
    QuickReader(text).read()  # the lines, worked out later, are there to work out
    return True


def record_texts(seed: int, count: int) -> list[str]:
    """Random one-deal records of the trick games and of two turn games, as the benchmark writes them."""
    from referee.simulate.collector import collector_deal
    from referee.simulate.red_and_black import red_and_black_deal

    rng = random.Random(seed)
    records = [r for rs, _ in sample_records(rng, count).values() for r in rs]
    for slug, deal, n in (
        ("red-and-black", red_and_black_deal, 4),
        ("collector", collector_deal, 3),
    ):
        records += [
            {"game": slug, "players": NAMES[:n], "deals": [deal(rng, NAMES[:n], k % n)]}
            for k in range(count)
        ]
    return [yaml.safe_dump(r, allow_unicode=True, sort_keys=False) for r in records]


RECORDS = record_texts(5, 6)


def test_random_records_are_read_in_one_pass_and_the_same():
    assert all(agrees(text) for text in RECORDS)


def test_the_lines_of_a_record_read_in_one_pass():
    for text in RECORDS[::7]:
        reader = QuickReader(text)
        reader.read()
        doc = load_text(text)
        assert all(doc.line(path) == line for path, line in reader.lines.items())


@settings(max_examples=300, deadline=None)
@given(st.sampled_from(RECORDS + examples()), st.integers(0, 2**32 - 1))
def test_spoiled_records_are_read_the_same_or_left_to_the_quick_reader(text, seed):
    agrees(mutate_text(text, random.Random(seed)))


def test_every_example():
    for text in examples():  # each has a comment (left to the quick reader), or is read the same
        agrees(text)
        agrees("\n".join(line.split(" #")[0] for line in text.split("\n") if line[:1] != "#"))


PIECES = st.sampled_from(
    [
        *"aZ09 :-[]{},'\"!&*?|>%@`.~_+=\\/♥Ж",
        "yes",
        "null",
        "true",
        "1",
        "-1",
        "+4",
        "017",
        "1" * 20,
        "0x1f",
        "- ",
        ": ",
        "...",
        "---",
        "<<",
        "deals",
        "\n",
    ]
)
DOCUMENTS = documents(PIECES, key_pieces=4, leaves=24)
# Records' own shape: a mapping at the top, mostly plain words, now and then something odd.
WORDS = st.sampled_from(
    ["Anna", "7♥", "10", "-3", "017", "true", "a b", "x", "", "-", "a:", "'", "[1]"]
)
PLAIN_SCALARS = st.one_of(
    st.lists(WORDS, max_size=4).map(" ".join), st.integers(-20, 20), st.none()
)
KEYS = st.one_of(st.sampled_from(["Anna", "7♥", "x", "a b", "deals"]), st.integers(0, 3))
RECORD_LIKE = st.dictionaries(
    KEYS,
    st.recursive(
        PLAIN_SCALARS,
        lambda inner: st.one_of(
            st.lists(inner, max_size=4), st.dictionaries(KEYS, inner, min_size=1, max_size=4)
        ),
        max_leaves=24,
    ),
    min_size=1,
    max_size=5,
)
EDITS = st.sampled_from(["none", "drop", "twice", "deeper", "shallower", "insert", "dash", "colon"])
LINES = st.sampled_from(
    ["x", "- x", "-", "a:", "a: 1", "  b: [1, 2]", "- a: 1", "...", "-5", "'q'"]
)


@settings(max_examples=300, deadline=None)
@given(
    st.one_of(DOCUMENTS, RECORD_LIKE, RECORD_LIKE),
    st.sampled_from([None, False, True]),
    st.integers(2, 4),
    st.sampled_from([20, 80]),
    EDITS,
    st.integers(0, 60),
    LINES,
)
def test_random_documents_edited_line_by_line(data, flow, indent, width, edit, at, line):
    text = yaml.safe_dump(
        data, default_flow_style=flow, allow_unicode=True, width=width, indent=indent
    )
    lines = text.split("\n")
    k = at % len(lines)
    if edit == "drop":
        del lines[k]
    elif edit == "twice":
        lines.insert(k, lines[k])
    elif edit == "deeper":
        lines[k] = " " + lines[k]
    elif edit == "shallower":
        lines[k] = lines[k][1:] if lines[k][:1] == " " else lines[k]
    elif edit == "insert":
        lines.insert(k, line)
    elif edit == "dash":
        lines[k] = lines[k].replace("- ", "-", 1)
    elif edit == "colon":
        lines[k] = lines[k].replace(": ", ":", 1)
    agrees("\n".join(lines))


@pytest.mark.parametrize(
    "text",
    [
        "a:\n  -\n- y\n",  # an empty item, then a dash where the list above has closed
        "a: 1\n- x\n",
        "a:\n- x\nb: 1\n",
        "a:\n  b: 1\n c: 2\n",
        "a: b\n  c\n  d\ne: 1\n",  # a plain value on three lines
        "a: 'b'\n  c\n",  # a quoted one cannot go on
        "- a\n",
        "a:\n  - b: c\n    d: e\n  - f\n",
        "a:\n- b:\n  - c\n",
        "a: [1, {b: 2}]\nc: {d: -3}\n",
        "deals: " + "[" + ", ".join(["x"] * 501) + "]\n",
        "a: " + "1" * 19 + "\n",
        "a: 1\na: 2\n",
        "a:\n  hello\n",
        "a: -\n",
        "a: >-\n  b\n",
        "...: 1\n",
        "a: 1\n...\n",
        "a: 017\nb: +4\n017: x\n",
        "a:  b\nc:   -1\n",  # more spaces after the colon
        "a:\n-  x\n-   b: 1\n  c: 2\n",
        "a:\n\nb: 1\n",
        "a: 1\n\n",
        "%a: 1\n",
        "a: 1\n---\nb: 2\n",
        "a:\n- 1\n--- b: 2\n",
    ],
)
def test_odd_texts(text):
    agrees(text)
