"""What every generated block is built of: a Markdown table, a cell with its suit signs coloured, a
label in the page's language, a game looked up by its slug, and the error a block reports.
"""

from __future__ import annotations

from typing import Any

from referee.cards import Card, Rank
from referee.engines.game import Game
from referee.games import GAMES, get_game
from referee.messages import Message, render, render_param

_SUIT_CLASS = {"♥": "suit-red", "♦": "suit-red", "♠": "suit-black", "♣": "suit-black"}


class BlockError(ValueError):
    """A page asks for a block that cannot be made (an unknown game or example)."""


def _label(msgid: str, lang: str) -> str:
    return render(Message(msgid), lang)


def colour_suits(text: str) -> str:
    """Wrap suit signs so the stylesheet can colour them.

    >>> colour_suits("10♥ A♠")
    '10<span class="suit-red">♥</span> A<span class="suit-black">♠</span>'
    """
    return "".join(
        f'<span class="{_SUIT_CLASS[ch]}">{ch}</span>' if ch in _SUIT_CLASS else ch for ch in text
    )


def _cell(value: Any, lang: str) -> str:
    """One value in the page's language: cards and ranks side by side, other lists one per line."""
    if isinstance(value, (list, tuple)):
        if value and all(isinstance(v, (Card, Rank)) for v in value):
            return colour_suits(" ".join(render_param(v, lang) for v in value))
        return "<br>".join(_cell(v, lang) for v in value)
    text = render(value, lang) if isinstance(value, Message) else render_param(value, lang)
    return colour_suits(text.replace("|", "\\|"))


def _table(header: list[str], rows: list[list[str]]) -> str:
    lines = ["| " + " | ".join(header) + " |", "|" + "---|" * len(header)]
    lines += ["| " + " | ".join(row) + " |" for row in rows]
    return "\n".join(lines)


def _game(params: dict[str, Any]) -> Game:
    slug = params.get("game")
    if slug not in GAMES:
        raise BlockError(f"unknown game {slug!r}; known: {sorted(GAMES)}")
    return get_game(slug)


def _option_in_words(option: Any, lang: str, value: Any = None) -> str:
    """A house rule as it stands (by default, or at ``value``), in the reader's words: the question, then the answer.

    The record key stays in the house-rules table and the record reference; a player at the table
    reads what the rule says (issue 26).

    >>> from referee.messages import t
    >>> from referee.engines.game import Option
    >>> _option_in_words(Option("target", 13, minimum=1, help=t("Points needed to win.")), "en")
    'Points needed to win: 13'
    """
    question = _cell(option.help, lang) if option.help is not None else ""
    value = option.default if value is None else value
    if value in option.choice_help:
        answer = _cell(option.choice_help[value], lang)
    else:
        answer = render_param(value, lang)
    return f"{question.rstrip('.')}: {answer}" if question else answer


def _show(value: Any) -> str:
    return ("true" if value else "false") if isinstance(value, bool) else str(value)


def colour_outside_code(text: str) -> str:
    """:func:`colour_suits`, but not inside code spans (where HTML would show as text).

    >>> colour_outside_code("`10♥` or ♥")
    '`10♥` or <span class="suit-red">♥</span>'
    """
    parts = text.split("`")
    return "`".join(part if i % 2 else colour_suits(part) for i, part in enumerate(parts))


def _escape(text: str) -> str:
    return text.replace("|", "\\|")
