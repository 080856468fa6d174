"""Generated page blocks: the referee's facts, options and worked examples as Markdown, per language.

Pages never type a number the referee knows; they embed a fenced block (```` ```referee-facts ````
with ``game: catch-the-ten``) and the site's build hook calls :func:`render_block`. The output is
Markdown with one kind of inline HTML, the suit signs coloured red or black. This module holds
the blocks of a game's facts (facts, quick reference, options, the catalogue of games) and sends
the others to theirs: the worked examples (:mod:`referee.present.example_blocks`) and the record's
documentation (:mod:`referee.present.record_blocks`), all built of
:mod:`referee.present.block_parts`.

>>> print(render_block("options", {"game": "minnesota-whist"}, "en").splitlines()[0])
| House rule | Unless agreed otherwise | Choices |
>>> "41" in render_block("facts", {"game": "catch-the-ten"}, "de")
True
"""

from __future__ import annotations

import re
from typing import Any

from referee.engines.game import Game, Option, option_defaults
from referee.games import GAMES
from referee.messages import N_, Message, render, t
from referee.present.block_parts import (
    BlockError,
    _cell,
    _game,
    _label,
    _option_in_words,
    _show,
    _table,
)
from referee.present.example_blocks import _L_PLAYERS, example_block, listing_block, picture_block
from referee.present.record_blocks import fields_block, record_block

_L_QUICKREF = N_("Quick reference: {game}")
_L_BY_PLAYERS = N_("Games by number of players")
_L_DUTIES = N_("Duties in play")
_L_OPTIONS_IN_FORCE = N_("Options in force")


def facts_block(game: Game, lang: str) -> str:
    """The "at a glance" table."""
    rows = [[_cell(label, lang), _cell(value, lang)] for label, value in game.facts()]
    return _table([render(t("Fact"), lang), render(t("Value"), lang)], rows)


def quickref_block(game: Game, lang: str) -> str:
    """The quick-reference card: the facts, the duties of play and the options in force by default.

    Every fact comes from the game's declarations, so a game gets its card by declaring them; the
    card is one admonition (class ``quickref``) that the print stylesheet keeps on one page.

    >>> from referee.games import get_game
    >>> card = quickref_block(get_game("catch-the-ten"), "de")
    >>> card.splitlines()[0], "Farbe bedienen" in card, "must_trump_when_void" in card
    ('/// note | Kurzübersicht: Scotch Whist (Fang die Zehn)', True, False)
    """
    rows = [
        [
            _without_option_names(_cell(label, lang), game),
            _without_option_names(_cell(value, lang), game),
        ]
        for label, value in game.facts()
    ]
    defaults = option_defaults(game.options)
    duties = game.duties(defaults)
    if duties:
        rows.append([_label(_L_DUTIES, lang), "<br>".join(_cell(d.message, lang) for d in duties)])
    if game.options:
        rows.append(
            [
                _label(_L_OPTIONS_IN_FORCE, lang),
                "<br>".join(_option_in_words(o, lang) for o in game.options),
            ]
        )
    table = _table([render(t("Fact"), lang), render(t("Value"), lang)], rows)
    title = render(Message(_L_QUICKREF, dict(game=game.name(lang))), lang)
    return f"/// note | {title}\n    attrs: {{class: quickref}}\n\n{table}\n\n///"


def _without_option_names(text: str, game: Game) -> str:
    """``text`` less any parenthesis that names one of the game's options by its record key.

    The facts name the option behind a number, ``(option fine)``, ``(Hausregel fine)``, for the
    house-rules table; the quick reference gives the number alone.

    >>> from referee.games import get_game
    >>> _without_option_names("500 minor units (option fine)", get_game("buy-or-pass"))
    '500 minor units'
    """
    for option in game.options:
        text = re.sub(rf"\s*\([^()]*\b{re.escape(option.name)}\)", "", text)
    return text


def options_block(game: Game, lang: str) -> str:
    """The house rules, from the game's declarations, in the reader's words: each rule's label, the
    choice the game is played with unless the table agrees otherwise, and what each choice does.

    The record's keys (``must_trump_when_void: true``) are for the Record section and the reference;
    a reader choosing house rules at the table sees the labels the score checker shows.
    """
    rows = []
    for option in game.options:
        if option.choices is None:
            values = render(
                t("a whole number of at least {minimum}", minimum=option.minimum or 0), lang
            )
        else:
            values = "<br>".join(
                f"{_choice_label(option, c, lang)}: {_cell(option.choice_help[c], lang)}"
                if c in option.choice_help
                else _choice_label(option, c, lang)
                for c in option.choices
            )
        name = (
            f"**{_cell(option.label, lang)}**" if option.label is not None else f"`{option.name}`"
        )
        if option.help is not None:
            name += "<br>" + _cell(option.help, lang)
        default = (
            _choice_label(option, option.default, lang)
            if option.choices is not None
            else str(_show(option.default))
        )
        rows.append([name, default, values])
    return _table(
        [
            render(t("House rule"), lang),
            render(t("Unless agreed otherwise"), lang),
            render(t("Choices"), lang),
        ],
        rows,
    )


def _choice_label(option: Option, value: Any, lang: str) -> str:
    """A choice as the reader names it (its declared label), the record's word only where none is declared."""
    label = option.choice_labels.get(value)
    return _cell(label, lang) if label is not None else f"`{_show(value)}`"


def catalogue_block(lang: str, link_prefix: str = "") -> str:
    """The home page's index of games: one entry per game, then the games by number of players.

    Each entry names the game (a link), its pitch, and players, pack, kind and length, all declared
    by the game; no table, so that nothing is cut off on a phone.

    >>> index = catalogue_block("en")
    >>> "[Yacht](yacht.md)" in index and "| 4 |" in index
    True
    """
    entries = []
    by_count: dict[int, list[str]] = {}
    for game in GAMES.values():
        link = f"[{game.name(lang)}]({link_prefix}{game.slug}.md)"
        counts = game.player_counts
        players = f"{counts[0]}–{counts[-1]}" if len(counts) > 1 else str(counts[0])
        head = f"**{link}**" + (f": {_cell(game.pitch, lang)}" if game.pitch is not None else "")
        facts = [
            f"{_label(_L_PLAYERS, lang)}: {players}",
            f"{render(t('Cards'), lang)}: {game.deck_size}",
            _cell(game.kind, lang),
        ]
        if game.length is not None:
            facts.append(_cell(game.length, lang))
        entries.append(f"- {head}  \n  " + " · ".join(facts))
        for n in counts:
            by_count.setdefault(n, []).append(link)
    rows = [[str(n), ", ".join(links)] for n, links in sorted(by_count.items())]
    grouped = _table([_label(_L_PLAYERS, lang), render(t("Game"), lang)], rows)
    return "\n".join(entries) + f"\n\n**{_label(_L_BY_PLAYERS, lang)}**\n\n" + grouped


def render_block(kind: str, params: dict[str, Any] | None, lang: str) -> str:
    """Markdown for one generated block. ``kind`` is the part after ``referee-`` in the fence."""
    params = params or {}
    if kind in ("facts", "quickref"):  # "at a glance" is the quick-reference card
        return quickref_block(_game(params), lang)
    if kind == "options":
        return options_block(_game(params), lang)
    if kind == "catalogue":
        return catalogue_block(lang, params.get("link_prefix", ""))
    if kind == "example":
        return example_block(str(params.get("example")), lang)
    if kind in ("yaml", "shell"):
        return listing_block(str(params.get("text", "")), lang, "yaml" if kind == "yaml" else "sh")
    if kind == "record":
        return record_block(params, lang)
    if kind == "picture":
        return picture_block(params, lang)
    if kind == "fields":
        return fields_block(params, lang)
    raise BlockError(f"unknown block referee-{kind}")
