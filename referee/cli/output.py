"""What a command writes: safe on a terminal, as UTF-8 whatever the locale, in one piece at the end.

:mod:`referee.cli.command` and the parser (:mod:`referee.cli.parser`) both write through it.
"""

from __future__ import annotations

import errno
import os
import sys
from typing import Any

# Characters that could forge or hide a line on a terminal: controls other than the line break,
# bidirectional overrides, line and paragraph separators, and lone surrogates (from JSON escapes).
UNSAFE: tuple[range, ...] = (
    range(0x00, 0x0A),
    range(0x0B, 0x20),
    range(0x7F, 0xA0),
    range(0x061C, 0x061D),
    range(0x200E, 0x2010),
    range(0x2028, 0x202F),
    range(0x2066, 0x206A),
    range(0xD800, 0xE000),
)
_escapes: dict[int, str] = {}
"""Each character of :data:`UNSAFE` with its escape, made the first time a text holds one (its two
thousand entries cost every start half a millisecond, and nearly no output needs them)."""


def safe_text(text: str) -> str:
    r"""``text`` with every control, bidirectional and separator character written as an escape.

    The escapes are JSON's, so the same function makes a JSON text safe on a terminal.

    >>> safe_text("Anna\x1b[2J\u202eX\n")
    'Anna\\u001b[2J\\u202eX\n'
    """
    # Every unsafe character is unprintable (tests/test_safe_text.py walks them), so a text whose
    # lines are printable, nearly every verdict, is safe as it is.
    if text.replace("\n", "").isprintable():
        return text
    if not _escapes:
        _escapes.update({c: f"\\u{c:04x}" for codes in UNSAFE for c in codes})
    return text.translate(_escapes)


class Buffer:
    """Collects the output, written in one piece at the end (a failure never leaves half a verdict)."""

    def __init__(self) -> None:
        self.parts: list[str] = []

    def write(self, text: str) -> None:
        self.parts.append(text)

    def text(self) -> str:
        return "".join(self.parts)


def json_text(value: Any) -> str:
    import json

    return json.dumps(value, ensure_ascii=False, indent=2) + "\n"


def write_utf8(stream: Any, text: str) -> None:
    """Write ``text`` as UTF-8 whatever the locale, and flush (so that a full disk is noticed here)."""
    if stream is None:
        raise OSError(errno.EBADF, "closed")
    data = safe_text(text)
    buffer = getattr(stream, "buffer", None)
    if buffer is not None:
        stream.flush()
        buffer.write(data.encode("utf-8"))
        buffer.flush()
    else:
        stream.write(data)
        stream.flush()


def silence_stdout() -> None:
    """The reader went away (``| head``): later writes and the final flush go nowhere, quietly."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)
    except (OSError, AttributeError, ValueError):
        pass
