"""The practice table's interface for the page's worker: every game's table, a deal started or a move made,
answered as JSON text (:mod:`referee.simulate.table` is the table itself).

A table is rebuilt from its game, seed, language and the reader's choices, so the page keeps only
those; the live table is kept here too, so a move costs one step, not a replay.

>>> import json
>>> first = json.loads(start("red-and-black", 7, "en"))
>>> first["over"], [c["token"] for c in first["choices"]]
(False, ['draw'])
>>> json.loads(act("red-and-black", 7, "en", [], "stop"))["refusal"]["text"]
'The only move is to draw from the stock.'
"""

from __future__ import annotations

import gc
import json
import random
import re
from collections.abc import Sequence
from typing import Any

from referee.errors import IllegalPlayError
from referee.games import GAMES
from referee.messages import render
from referee.simulate.phase_tables import PHASE_TABLES
from referee.simulate.table import Table
from referee.simulate.trick_tables import TRICK_TABLES
from referee.simulate.turn_tables import TURN_TABLES

TABLES: dict[str, type[Table]] = {
    slug: {**TRICK_TABLES, **PHASE_TABLES, **TURN_TABLES}[slug] for slug in GAMES
}
"""Every game's table, by slug, in the order the games are listed."""


def table_class(slug: str) -> type[Table]:
    """The table of a game by its slug."""
    return TABLES[slug]


def player_counts(slug: str) -> tuple[int, ...]:
    """How many may sit at a game's practice table: as many as the game allows (its declaration).

    >>> player_counts("catch-the-ten"), player_counts("korol")
    ((2, 3, 4, 5, 6), (4,))
    """
    return GAMES[slug].player_counts


def new_table(
    slug: str, seed: int, lang: str, chosen: Sequence[str] = (), players: int | None = None
) -> Table:
    """A table dealt from ``seed``, the reader's earlier choices replayed, the computers moved up to his turn.

    ``players`` is how many sit at it (one of :func:`player_counts`; by default the game's usual table).

    >>> new_table("comet", 5, "en", players=8).players[-1]
    'Henry'
    >>> new_table("korol", 5, "en", players=3)
    Traceback (most recent call last):
    ...
    ValueError: korol is played by 4 players, not 3
    """
    if players is not None and players not in player_counts(slug):
        allowed = ", ".join(map(str, player_counts(slug)))
        raise ValueError(f"{slug} is played by {allowed} players, not {players}")
    table = table_class(slug)(seed, lang, players)
    table.run_computers()
    for token in chosen:
        if table.choose(token) is not None:
            break  # a stored game from another version: stop where it no longer fits
    return table


SOURCE_RULE = re.compile(r"^[A-Z][A-Z0-9]*-S\d+$")
"""A rule as a source states it (``G8-S13``); the page anchors it where the rule's paragraph cites it."""

_LIVE: dict[tuple[str, int, str, int | None], Table] = {}


def _table(
    slug: str, seed: int, lang: str, chosen: Sequence[str], players: int | None = None
) -> Table:
    """The live table for these choices: the one kept from the last call if it matches, else rebuilt."""
    key = (slug, seed, lang, players)
    table = _LIVE.get(key)
    if table is None or table.chosen != list(chosen):
        _LIVE.clear()  # one game at a time
        table = _LIVE[key] = new_table(slug, seed, lang, chosen, players)
    return table


def finding(table: Table, error: IllegalPlayError) -> dict[str, Any]:
    """A refused move for the page: the referee's sentence, its code, and the rule's id and link."""
    from referee.games import get_game
    from referee.present.explain import PLAY_SECTION, page_href, rule_id

    game = get_game(table.slug)
    rule = rule_id(game, error.code or "")
    if rule is None:  # a source's own rule (G8-S13): its paragraph on the page has the anchor too
        source = game.rule_for(error.code or "")
        rule = source if isinstance(source, str) and SOURCE_RULE.match(source) else None
    return {
        "text": render(error.message, table.lang),
        "code": error.code,
        "rule": rule,
        "href": page_href(table.slug, rule.lower() if rule else PLAY_SECTION.get(table.slug, "")),
    }


def duty_rule(table: Table, rule: str) -> dict[str, str]:
    """The rule a duty gives in its own words, for the page's link: its id and its anchor on the game's page."""
    from referee.present.explain import page_href

    return {"rule": rule, "href": page_href(table.slug, rule.lower())}


def snapshot(table: Table, verdict: bool = True, seen: int = 0) -> dict[str, Any]:
    """What the page shows after a move: the view, the reader's choices and duty, the log (from its
    entry ``seen`` on: the page has the ones before), and at the end the record and the verdict
    (without ``verdict``, left to :func:`verdict`)."""
    ask = table.ask
    # A group's words, said once: a game gives all the moves of a group the same message object.
    groups: dict[int, str] = {}

    def group(message: Any) -> str | None:
        if message is None:
            return None
        said = groups.get(id(message))
        if said is None:
            said = groups[id(message)] = table.say(message)
        return said

    out: dict[str, Any] = {
        "game": table.slug,
        "seed": table.seed,
        "chosen": list(table.chosen),
        "players": table.players,
        "reader": table.reader,
        "view": table.view(),
        "over": ask is None,
        "alone": table.alone,
        "to_move": None if ask is None else ask.seat,
        "prompt": None if ask is None else table.say(ask.prompt),
        "duty": [] if ask is None else [table.say(m) for m in ask.duty],
        "duty_rule": None if ask is None or ask.rule is None else duty_rule(table, ask.rule),
        "choices": []
        if ask is None or ask.seat != table.reader
        else [
            {
                "token": c.token,
                # A move listed by its place needs no words (Construction's hundred builds a turn: the
                # words of each were half of the answer's time).
                "text": table.say(c.words) if c.place is None else None,
                "card": c.card.ascii if c.card is not None else None,
                "target": c.target,
                "group": group(c.group),
                "place": c.place,
            }
            for c in ask.choices
        ],
        "hint": ask.auto().token if ask is not None and ask.seat == table.reader else None,
        "tries": []
        if ask is None or ask.seat != table.reader
        else [{"token": c.token, "text": table.say(c.words)} for c in ask.tries],
        "log": table.said()[seen:],
        "log_from": seen,
    }
    if ask is None and verdict:
        out.update(judged(table))
    return out


def judged(table: Table) -> dict[str, Any]:
    """The end of a deal: the whole deal's record and the score checker's verdict on it."""
    from referee.present.web import check

    text = table.record_text()
    return {"record": text, "verdict": json.loads(check(text, table.lang))}


_SETTLED: list[bool] = []


def settle() -> None:
    """Once, when the first deal starts: collect what loading left behind and freeze the rest (the
    modules, the games' declarations, the messages), so that Python's full collections no longer walk
    them. Unfrozen, a full collection now and then made one move in a few hundred cost ten times the
    median (Construction: 90 ms of CPU against 3), in the browser as on the command line."""
    if not _SETTLED:
        gc.collect()
        gc.freeze()
        _SETTLED.append(True)


def start(slug: str, seed: int, lang: str, players: int | None = None) -> str:
    """A new deal (``players`` at the table, else the game's usual number): the snapshot at the
    reader's first turn (JSON)."""
    settle()
    return json.dumps(snapshot(_table(slug, seed, lang, [], players)), ensure_ascii=False)


def act(
    slug: str,
    seed: int,
    lang: str,
    chosen: Sequence[str],
    token: str,
    verdict: bool = True,
    seen: int = 0,
    players: int | None = None,
) -> str:
    """The reader, after ``chosen``, tries ``token``: the snapshot after it, or the refusal (JSON).

    The page asks without ``verdict``: the last move's snapshot then comes without the record and the
    verdict, so the last card shows at once, and the page asks :func:`verdict` for them next (checking
    the whole deal is the costliest answer of a deal, in the browser a few hundred milliseconds). It
    also says how many entries of the log it has (``seen``): the log grows by a move or a few a turn,
    and Construction's whole log with its "why?"s is tens of kilobytes by the end of the race."""
    table = _table(slug, seed, lang, chosen, players)
    error = table.choose(token)
    out = snapshot(table, verdict, min(seen, len(table.said())))
    if error is not None:
        out["refusal"] = finding(table, error)
    return json.dumps(out, ensure_ascii=False)


def verdict(
    slug: str, seed: int, lang: str, chosen: Sequence[str], players: int | None = None
) -> str:
    """The record of a deal played to its end with ``chosen`` and the score checker's verdict (JSON).

    >>> import json
    >>> table = play_out(new_table("catch-the-ten", 3, "en"))
    >>> answer = json.loads(verdict("catch-the-ten", 3, "en", table.chosen))
    >>> answer["record"] == table.record_text(), answer["verdict"]["status"]
    (True, 0)
    """
    table = _table(slug, seed, lang, chosen, players)
    if table.ask is not None:
        raise ValueError(f"{slug} {seed}: the deal is not over after {len(chosen)} choices")
    return json.dumps(judged(table), ensure_ascii=False)


def play_out(table: Table, rng: random.Random | None = None, limit: int = 20_000) -> Table:
    """Finish a deal: the reader's choices at random from ``rng`` (else as a computer player would choose)."""
    table.run_computers()
    for _ in range(limit):
        ask = table.ask
        if ask is None:
            break
        choice = (
            ask.choices[int(rng.random() * len(ask.choices))] if rng is not None else ask.auto()
        )
        error = table.choose(choice.token)
        assert error is None, error
    return table
