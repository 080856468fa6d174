"""What the command line writes is made safe on a terminal (:func:`referee.cli.output.safe_text`); a text
whose lines are printable is written as it is, which holds because every unsafe character is unprintable."""

from __future__ import annotations

from referee.cli.output import UNSAFE, safe_text


def test_every_unsafe_character_is_unprintable() -> None:
    for codes in UNSAFE:
        for code in codes:
            assert not chr(code).isprintable(), hex(code)


def test_the_same_codes_as_before() -> None:
    codes = {c for r in UNSAFE for c in r}
    assert codes == {
        *range(0x00, 0x0A),
        *range(0x0B, 0x20),
        *range(0x7F, 0xA0),
        0x061C,
        0x200E,
        0x200F,
        0x2028,
        0x2029,
        *range(0x202A, 0x202F),
        *range(0x2066, 0x206A),
        *range(0xD800, 0xE000),
    }


def test_a_printable_text_is_kept_and_any_other_escaped_as_before() -> None:
    texts = [
        "Verdict: valid.\n  A♠ 10♥\n",
        "Anna\x1b[2J\u202eX\n",
        "a\u00a0b\u200bc\n",
        "a\tb\r\n",
        "",
    ]
    for text in texts:
        slow = text.translate({c: f"\\u{c:04x}" for r in UNSAFE for c in r})
        assert safe_text(text) == slow
