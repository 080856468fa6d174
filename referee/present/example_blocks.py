"""The worked examples on a game's page: a sample record drawn as tables of its hands, tricks and
turns, with the referee's verdict, the record to download and its pictures.
"""

from __future__ import annotations

from html import escape
from pathlib import Path
from typing import Any

import yaml

from referee.cards import Card
from referee.engines.game import Game, Verdict
from referee.engines.replay import Replay, watched
from referee.errors import RecordErrors, RefereeError
from referee.games import get_game
from referee.messages import N_, Message, key_label, render, render_param, severity_label, t
from referee.notation import parse_cards
from referee.present import draw, examples, explain
from referee.present.block_parts import (
    BlockError,
    _cell,
    _label,
    _option_in_words,
    _show,
    _table,
    colour_suits,
)
from referee.present.example_text import localize_text
from referee.present.pictures import drawer
from referee.present.verdicts import check_text, rule_note

ROOT = Path(__file__).resolve().parents[2]

EXAMPLES_DIR = ROOT / "examples"
# Labels used inside f-strings, marked here so that pybabel extracts them.
_L_PLAYERS = N_("Players")
_L_SIDES = N_("Sides")
_L_OPTIONS = N_("Options")
_L_SCORES_BEFORE = N_("Scores before")
_L_DEAL_N = N_("Deal {n}")
_L_SCORES_SCORES = N_("Scores: {scores}.")
_L_TOTALS_TOTALS = N_("Totals: {totals}.")
_L_EXAMPLE_SUMMARY = N_("The deal and the referee's verdict")
_L_HAND_OF = N_("Hand of {player}: {cards}")
_L_TRICK_N = N_("Trick {n}: {cards}")
_L_TRICK_LED_WON = N_("Trick {n}: {cards}; {leader} led, {winner} won it")
_L_LED_BY = N_("Led by")
_L_WON_BY = N_("Won by")
# A trick on a phone: the lead and the card that took the trick, for the eye and for a screen reader.
_L_MARK_LED = N_("led")
_L_MARK_TOOK = N_("took the trick")
_L_TRICKS_LEGEND = N_("▸ marks the card led; the framed card took the trick.")


_L_DOWNLOAD = N_("Download this record (YAML)")


def load_example(name: str, lang: str = "en") -> tuple[dict[str, Any], str]:
    """The record data and text of ``examples/<name>.yaml``, with the names a reader of ``lang`` sees."""
    path = EXAMPLES_DIR / f"{name}.yaml"
    if not path.is_file():
        raise BlockError(f"no example {name!r} (looked for {path})")
    text = localize_text(path.read_text(encoding="utf-8"), lang)
    return yaml.safe_load(text), text


def _record_tables(
    game: Game,
    data: dict[str, Any],
    lang: str,
    replays: list[tuple[list[str], Replay]] | None = None,
) -> list[str]:
    """The record as Markdown: who played, then each deal's facts, hands, rows and tricks.

    ``replays`` are the referee's replays of the deals that list their tricks, in order; with
    them a trick's picture says who led and who won it.
    """
    out = []
    played = [d for d in data["deals"] if isinstance(d.get("tricks"), list)]
    by_deal = (
        {id(d): r for d, r in zip(played, replays or [], strict=False)}
        if replays is not None and len(replays) == len(played)
        else {}
    )
    notation = data.get("notation", "en")
    header = [f"**{_label(_L_PLAYERS, lang)}:** {', '.join(map(str, data['players']))}"]
    if data.get("teams"):
        header.append(
            f"**{_label(_L_SIDES, lang)}:** "
            + "; ".join(f"{side}: {', '.join(members)}" for side, members in data["teams"].items())
        )
    if data.get(
        "options"
    ):  # in words, as the quick reference gives them: the keys are the record's
        declared = {o.name: o for o in game.options}
        header.append(
            f"**{_label(_L_OPTIONS, lang)}:**  \n"
            + "  \n".join(
                _option_in_words(declared[k], lang, v) if k in declared else f"`{k}: {_show(v)}`"
                for k, v in data["options"].items()
            )
        )
    if data.get("scores_before"):
        header.append(
            f"**{_label(_L_SCORES_BEFORE, lang)}:** "
            + ", ".join(f"{k} {render_param(v, lang)}" for k, v in data["scores_before"].items())
        )
    out.append("  \n".join(header))
    for i, deal in enumerate(data["deals"], start=1):
        out.append(f"**{render(Message(game.deal_heading, dict(n=i)), lang)}**")
        lines = examples.example_lines(game, deal, notation)
        if lines:
            out.append(
                " · ".join(
                    f"{render(label, lang)}: {_line_value(value, lang)}" for label, value in lines
                )
            )
        if "hands" in deal:  # one row per player, so that a phone shows a whole hand on a line
            out.append(
                _table(
                    [render(t("Player"), lang), render(t("Hand as dealt"), lang)],
                    [
                        [str(n), _hand_picture(str(n), h, notation, lang)]
                        for n, h in deal["hands"].items()
                    ],
                )
            )
        # Rows naming the same players (or sides) share a table: one column per name.
        groups: list[tuple[list[str], list[list[str]]]] = []
        for label, values in examples.example_rows(game, deal, notation):
            names = [key_label(k, lang) for k in values]
            row = [render(label, lang)] + [_cell(v, lang) for v in values.values()]
            if groups and groups[-1][0] == names:
                groups[-1][1].append(row)
            else:
                groups.append((names, [row]))
        # The corner cell names the deal: a header cell left empty tells a screen reader nothing.
        corner = render(Message(game.deal_heading, dict(n=i)), lang)
        out.extend(_table([corner, *names], rows) for names, rows in groups)
        moves = game.example_moves(data, deal)
        if moves:  # HTML in a div, so that a printout can leave the move list out (pages.css)
            body = "".join(
                f"<tr><td>{k}</td><td>{escape(who)}</td><td>{_cell(what, lang).replace(chr(92) + '|', '|')}"
                f"</td></tr>"
                for k, (who, what) in enumerate(moves, 1)
            )
            # The labels outside the f-string: the message extractor does not look inside one.
            player, move = render(t("Player"), lang), render(t("Move"), lang)
            out.append(
                f'<div class="cr-moves"><table><thead><tr><th>#</th><th>{player}</th>'
                f"<th>{move}</th></tr></thead><tbody>{body}</tbody></table></div>"
            )
        if id(deal) in by_deal:
            names, replay = by_deal[id(deal)]
            owners = {
                c: names.index(str(n))
                for n, h in (deal.get("hands") or {}).items()
                if str(n) in names
                for c in parse_cards(h, notation)
            }
            out.append(tricks_block(names, replay, lang, owners))
        elif isinstance(deal.get("tricks"), list):
            out.append(
                _table(
                    ["#", render(t("Cards in play order"), lang)],
                    [
                        [str(k), _trick_picture(k, tr, notation, lang)]
                        for k, tr in enumerate(deal["tricks"], 1)
                    ],
                )
            )
    return out


def tricks_block(
    names: list[str], replay: Replay, lang: str, owners: dict[Card, int] | None = None
) -> str:
    """A replayed deal's tricks twice over, one of them shown by the stylesheet at a time.

    Wide screens get a table of pictures (who led, the cards in play order, who won); a phone gets a
    grid with one row per trick and one column per player in seat order, each card as text at the
    body's size, the lead marked ▸ and the card that took the trick framed. A picture of four to six
    cards cannot keep its ranks legible in a phone's width, text can. Both are raw HTML in a
    ``div``, so that the stylesheet can choose between them (a Markdown table cannot carry a class).
    ``owners`` tells whose hand each card was dealt to, for games where a player sits a trick out
    (Korol's quotas, Buy or Pass's passes); without it the cards go clockwise from the leader.
    """
    led, took = _label(_L_MARK_LED, lang), _label(_L_MARK_TOOK, lang)
    wide = [
        f"<tr><td>{k}</td><td>{escape(names[tr.leader])}</td>"
        f"<td>{_played_trick(k, tr.cards, names, tr, lang)}</td>"
        f"<td><strong>{escape(names[tr.winner])}</strong></td></tr>"
        for k, tr in enumerate(replay.tricks, 1)
    ]
    cards_label = render(t("Cards in play order"), lang)
    head = (
        f"<tr><th>#</th><th>{_label(_L_LED_BY, lang)}</th><th>{cards_label}</th>"
        f"<th>{_label(_L_WON_BY, lang)}</th></tr>"
    )
    rows = []
    for k, tr in enumerate(replay.tricks, 1):
        clockwise = [(tr.leader + i) % len(names) for i in range(len(tr.cards))]
        seats = [(owners or {}).get(c, s) for c, s in zip(tr.cards, clockwise, strict=True)]
        if len(set(seats)) != len(
            seats
        ):  # a card from outside the dealt hands: fall back to clockwise
            seats = clockwise
        by_seat = dict(zip(seats, tr.cards, strict=True))
        cells = []
        for seat in range(len(names)):
            c = by_seat.get(seat)
            if c is None:  # a player out of this trick (Korol's quota)
                cells.append('<td class="cr-none">—</td>')
                continue
            text = colour_suits(escape(render_param(c, lang)))
            if seat == tr.leader:
                text = f'<span aria-hidden="true">▸\u2009</span>{text}<span class="cr-sr"> ({led})</span>'
            if seat == tr.winner:
                cells.append(
                    f'<td class="cr-won"><strong>{text}</strong><span class="cr-sr"> ({took})</span></td>'
                )
            else:
                cells.append(f"<td>{text}</td>")
        rows.append(f'<tr><th scope="row">{k}</th>{"".join(cells)}</tr>')
    players = "".join(f'<th scope="col">{escape(n)}</th>' for n in names)
    legend = _label(_L_TRICKS_LEGEND, lang)
    return (
        f'<div class="cr-tricks"><div class="cr-tricks-wide"><table><thead>{head}</thead><tbody>{"".join(wide)}'
        f'</tbody></table></div><div class="cr-tricks-narrow"><table><thead><tr><th scope="col">#</th>{players}'
        f'</tr></thead><tbody>{"".join(rows)}</tbody></table><p class="cr-legend">{legend}</p></div></div>'
    )


def _line_value(value: Any, lang: str) -> str:
    """A value on a deal's first line: a single card (the turned card, trumps shown) as a picture."""
    if isinstance(value, Card):
        return draw.hand([value], lang, alt=render_param(value, lang))
    return _cell(value, lang)


def _played_trick(number: int, cards: Any, names: list[str], trick: Any, lang: str) -> str:
    """A replayed trick: each card under its player's name, the leader marked, the winner's card outlined."""
    seats = [(trick.leader + k) % len(names) for k in range(len(cards))]
    words = " ".join(render_param(c, lang) for c in cards)
    alt = render(
        Message(
            _L_TRICK_LED_WON,
            dict(n=number, cards=words, leader=names[trick.leader], winner=names[trick.winner]),
        ),
        lang,
    )
    return draw.trick(
        [(names[s], c) for s, c in zip(seats, cards, strict=True)],
        lang,
        alt=alt,
        leader=names[trick.leader],
        winner=names[trick.winner],
    )


def _hand_picture(player: str, value: Any, notation: str, lang: str) -> str:
    """A dealt hand as small cards sorted by suit (:mod:`~referee.present.draw`); the cards in words as alternative."""
    cards = draw.sort_hand(parse_cards(value, notation))
    words = " ".join(render_param(c, lang) for c in cards)
    return draw.hand(
        cards, lang, alt=render(Message(_L_HAND_OF, dict(player=player, cards=words)), lang)
    )


def _trick_picture(number: int, value: Any, notation: str, lang: str) -> str:
    """A trick's cards as small cards in play order; the cards in words as its alternative."""
    cards = list(parse_cards(value, notation))
    words = " ".join(render_param(c, lang) for c in cards)
    return draw.hand(
        cards, lang, sort=False, alt=render(Message(_L_TRICK_N, dict(n=number, cards=words)), lang)
    )


def _named_numbers(values: dict[str, int], lang: str) -> str:
    """``Anna 100, Boris −200``: names with numbers, negative ones with a real minus sign."""
    return ", ".join(f"{key_label(k, lang)} {render_param(v, lang)}" for k, v in values.items())


def _verdict_lines(verdict: Verdict, lang: str) -> list[str]:
    out = []
    for d in verdict.deals:
        steps = [f"- {colour_suits(render(s, lang))}" for s in d.steps]
        scores = _named_numbers(d.scores, lang)
        steps.append(f"- **{render(Message(_L_SCORES_SCORES, dict(scores=scores)), lang)}**")
        if d.claim is not None:
            claimed = _named_numbers(d.claim, lang)
            key = (
                t("The claim ({claim}) agrees.", claim=claimed)
                if d.claim_agrees
                else t("The claim ({claim}) DISAGREES with the rules.", claim=claimed)
            )
            steps.append(f"- {render(key, lang)}")
        totals = _named_numbers(d.totals, lang)
        steps.append(f"- {render(Message(_L_TOTALS_TOTALS, dict(totals=totals)), lang)}")
        out.append("\n".join(steps))
    game = get_game(verdict.game)
    for f in verdict.findings:
        out.append(
            f"- {severity_label(f.severity, lang)} `{f.code}` ({f.where.describe(lang)}): "
            f"{colour_suits(render(f.message, lang))}{rule_note(game.rule_for(f.code), lang)}"
        )
    out.append(f"**{render(verdict.termination, lang)}**")
    return out


def example_block(name: str, lang: str) -> str:
    """A worked example, folded: the record as tables (cards as pictures), the referee's explanation and result.

    The fold is a pymdownx ``details`` block; the site's script opens it when a link points at
    the example's heading.
    """
    data, text = load_example(name, lang)
    try:
        with watched() as replays:
            verdict = check_text(text)
    except RefereeError as err:
        errors = err.errors if isinstance(err, RecordErrors) else [err]
        raise BlockError(
            f"example {name} cannot be used: " + "; ".join(e.render("en") for e in errors)
        ) from None
    parts = _record_tables(get_game(verdict.game), data, lang, replays)
    # No exit status here: it is a word for the command line, and this page is for players (issue 26).
    title = render(t("What the referee says"), lang)
    parts.append(f"**{title}:**")
    parts.extend(_verdict_lines(verdict, lang))
    # It ends as the checker's answer begins: one plain sentence per disputed score or broken rule.
    parts.append(colour_suits(explain.markdown(verdict, lang)))
    # The build writes the record, in the page's language, next to the page (site_tools/hooks/reading.py).
    parts.append(
        f'<p class="record-download"><a href="{record_href(name)}" download>'
        f"{_label(_L_DOWNLOAD, lang)}</a></p>"
    )
    return fold(_label(_L_EXAMPLE_SUMMARY, lang), "\n\n".join(parts), "referee-example")


def record_href(name: str) -> str:
    """Where a worked example's record is published, relative to the page that shows it.

    >>> record_href("yacht/three-players")
    'records/yacht/three-players.yaml'
    """
    return f"records/{name}.yaml"


def fold(summary: str, body: str, css_class: str) -> str:
    """Markdown that shows ``body`` folded under ``summary`` (a pymdownx ``details`` block).

    >>> print(fold("More", "Text", "x"))
    /// details | More
        attrs: {class: x}
    <BLANKLINE>
    Text
    <BLANKLINE>
    ///
    """
    return f"/// details | {summary}\n    attrs: {{class: {css_class}}}\n\n{body}\n\n///"


def listing_block(text: str, lang: str, language: str) -> str:
    """A record (``yaml``) or commands (``sh``) written on a page, names and comments in ``lang``.

    >>> print(listing_block("players: [Anna]   # clockwise", "de", "yaml"))
    ```yaml
    players: [Anna]   # im Uhrzeigersinn
    ```
    """
    return f"```{language}\n{localize_text(text.rstrip(), lang)}\n```"


def picture_block(params: dict[str, Any], lang: str) -> str:
    """A picture of a worked example's table, drawn by the game from the referee's own board model.

    ``example: <game>/<name>`` and the game's own place parameters (Kings Corners: ``deal``,
    ``turn``, ``move``, ``show``). The SVG stands alone in a figure, with its text alternative in ``lang``.

    >>> out = picture_block({"example": "kings-corners/full-play-two", "turn": 3, "move": 1, "show": "next"}, "de")
    >>> out.startswith('<figure class="cr-figure">') and 'role="img"' in out and "Talon: 32" in out
    True
    """
    name = str(params.get("example"))
    data, _ = load_example(
        name, lang
    )  # the names a reader of lang sees, as in the example beside it
    game = get_game(str(data.get("game")))
    draw = drawer(game.slug)
    if draw is None:
        raise BlockError(f"{game.slug} draws no pictures")
    try:
        svg = draw(data, params, lang)
    except (KeyError, IndexError, ValueError, RefereeError) as err:
        raise BlockError(f"picture of {name} cannot be drawn: {err}") from None
    return f'<figure class="cr-figure">{svg}</figure>'
