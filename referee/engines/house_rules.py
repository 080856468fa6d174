"""House rules declared value by value: :func:`choice_option` builds an :class:`~referee.engines.game.Option`
whose values each stand next to their few words for the form and their sentence of help, so that a
game's declaration reads like the table of choices a page shows; :func:`count_option` one that is a
number, in the same order (name, default, few words, help)."""

from __future__ import annotations

from typing import Any

from referee.engines.game import Option
from referee.messages import Message


def choice_option(
    name: str, default: Any, label: Message, help: Message, *choices: tuple[Any, Message, Message]
) -> Option:
    """A house rule with a fixed list of values: each ``(value, words, sentence)`` gives a value, its few words
    for the form (``choice_labels``) and its help (``choice_help``), in the order the form offers them.
    ``label`` and ``help`` say what the house rule is about.

    >>> from referee.messages import t
    >>> o = choice_option("ties", "shared", t("Several tie"), t("What happens on a tie."),
    ...                   ("shared", t("they share"), t("They share the win.")),
    ...                   ("draw", t("drawn"), t("The game is drawn.")))
    >>> o == Option("ties", "shared", ("shared", "draw"), help=t("What happens on a tie."),
    ...             choice_help={"shared": t("They share the win."), "draw": t("The game is drawn.")},
    ...             label=t("Several tie"), choice_labels={"shared": t("they share"), "draw": t("drawn")})
    True
    """
    return Option(
        name,
        default,
        tuple(value for value, _, _ in choices),
        help=help,
        choice_help={value: sentence for value, _, sentence in choices},
        label=label,
        choice_labels={value: words for value, words, _ in choices},
    )


def count_option(
    name: str,
    default: int,
    label: Message,
    help: Message,
    *,
    minimum: int = 1,
    unit: str | None = None,
) -> Option:
    """A house rule that is a whole number (a target, the points of a bid, a fine), at least ``minimum``;
    ``label`` and ``help`` say what it counts, ``unit`` what the form shows it in (``"minor"``: money).

    >>> from referee.messages import t
    >>> count_option("target", 13, t("Points to win"), t("Points needed to win.")) == Option(
    ...     "target", 13, minimum=1, help=t("Points needed to win."), label=t("Points to win"))
    True
    """
    return Option(name, default, minimum=minimum, help=help, label=label, unit=unit)
