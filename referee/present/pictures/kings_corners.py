"""Kings Corners' table as a picture: the eight piles round the stock and the mover's hand.

Drawn from the referee's own board model (:class:`referee.games.play.kings_corners.KingsCornersHand`),
replayed from a worked example up to the asked turn and move.

>>> import yaml
>>> from pathlib import Path
>>> path = Path(__file__).resolve().parents[3] / "examples/kings-corners/full-play-two.yaml"
>>> svg = picture(yaml.safe_load(path.read_text()), {"turn": 3, "move": 1, "show": "next"}, "en")
>>> svg.startswith("<svg") and "Stock: 32 cards" in svg
True
"""

from __future__ import annotations

from typing import Any

from referee.engines.game import option_defaults
from referee.games.kings_corners import OPTIONS, read_move
from referee.games.play.kings_corners import (
    PILES,
    EndTurn,
    KingsCornersHand,
    KingsMove,
    Shift,
    value,
)
from referee.messages import render, render_param, t, tn
from referee.notation import parse_cards
from referee.present.draw import Slot, layout
from referee.records.turn_field import TurnLines

# Where each place lies on the table, as (column, row): the stock in the middle of a 3 × 3 square.
PLACES: dict[str, tuple[int, int]] = {
    "NW": (0, 0),
    "N": (1, 0),
    "NE": (2, 0),
    "W": (0, 1),
    "stock": (1, 1),
    "E": (2, 1),
    "SW": (0, 2),
    "S": (1, 2),
    "SE": (2, 2),
}


def read_turn(value: Any, notation: str) -> list[KingsMove]:
    """A turn's moves, separated by ``;`` (or a YAML list); ``-`` or nothing for a turn with no move."""
    return [read_move(item, notation) for item in TurnLines.moves(value)]


def position(data: dict[str, Any], deal: int = 1, turn: int = 1, move: int = 0) -> KingsCornersHand:
    """The hand of a full-play record just before move ``move`` + 1 of turn ``turn`` (counting from 1).

    ``move: 0`` is the start of the turn. The record must be valid up to that point.
    """
    notation = data.get("notation", "en")
    players = [str(p) for p in data["players"]]
    options = option_defaults(OPTIONS) | (data.get("options") or {})
    record = data["deals"][deal - 1]
    dealer = players.index(str(record["dealer"]))
    hands = [parse_cards(record["hands"][p], notation) for p in players]
    state = KingsCornersHand.dealt(
        players,
        hands,
        parse_cards(record["sides"], notation),
        parse_cards(record["stock"], notation),
        dealer,
        options,
    )
    for k, item in enumerate(record["turns"][:turn], 1):
        content = next(iter(item.values())) if isinstance(item, dict) else item
        moves = read_turn(content, notation)
        if k == turn:
            for m in moves[:move]:
                state.push(m)
            break
        started = len(state.turns)
        for m in moves:
            state.push(m)
        if not state.is_over() and len(state.turns) == started:
            state.push(EndTurn())
    return state


def slots(state: KingsCornersHand, lang: str, marks: dict[str, str] | None = None) -> list[Any]:
    """The table as :class:`referee.present.draw.Slot` objects: eight piles round the stock, the mover's hand below."""
    out = []
    for name in PILES:
        column, row = PLACES[name]
        pile = state.piles[name]
        out.append(
            Slot(
                column,
                row,
                pile[-1] if pile else None,
                label=name,
                mark=(marks or {}).get(name),
                stack=pile[:-1],
            )
        )
    column, row = PLACES["stock"]
    out.append(
        Slot(
            column,
            row,
            face_down=bool(state.stock),
            label=render(t("stock: {n}", n=len(state.stock)), lang),
        )
    )
    seat = state.to_move
    hand = sorted(state.hands[seat], key=lambda c: (c.suit.value if c.suit else "", value(c)))
    for k, card in enumerate(hand):
        label = (
            render(t("{player}'s hand", player=state.players[seat]), lang)
            if k == len(hand) // 2
            else None
        )
        out.append(Slot(k * 0.55, 3.2, card, label=label, mark=(marks or {}).get(str(card))))
    return out


def describe_position(state: KingsCornersHand, lang: str) -> str:
    """The picture's text alternative in ``lang``: every pile, the empty places, the stock, the mover's hand."""
    piles = "; ".join(
        render(
            t("{pile}: {cards}", pile=p, cards=" ".join(render_param(c, lang) for c in cards)), lang
        )
        for p, cards in state.piles.items()
        if cards
    )
    empty = [p for p in PILES if not state.piles[p]]
    seat = state.to_move
    return render(
        tn(
            "Kings Corners layout. Piles: {piles}. Empty: {empty}. Stock: {n} card. {player}'s hand: {hand}.",
            "Kings Corners layout. Piles: {piles}. Empty: {empty}. Stock: {n} cards. {player}'s hand: "
            "{hand}.",
            len(state.stock),
            piles=piles or t("none"),
            empty=empty or t("none"),
            n=len(state.stock),
            player=state.players[seat],
            hand=list(state.hands[seat]) or t("none"),
        ),
        lang,
    )


def picture(data: dict[str, Any], params: dict[str, Any], lang: str) -> str:
    """The layout of a worked example at one point, as SVG: ``deal``, ``turn`` and ``move`` place it.

    ``show: next`` outlines the places the next move uses, ``show: last`` those of the move just made.
    """
    deal, turn, move = (
        int(params.get("deal", 1)),
        int(params.get("turn", 1)),
        int(params.get("move", 0)),
    )
    state = position(data, deal, turn, move)
    marks: dict[str, str] = {}
    show = params.get("show")
    if show in ("next", "last"):
        record = data["deals"][deal - 1]["turns"][turn - 1]
        content = next(iter(record.values())) if isinstance(record, dict) else record
        moves = read_turn(content, data.get("notation", "en"))
        chosen = moves[move] if show == "next" else moves[move - 1]
        if isinstance(chosen, Shift):
            marks = {chosen.source: "legal", chosen.target: "legal"}
        else:
            marks = (
                {chosen.pile: "legal"}
                if show == "last"
                else {str(chosen.card): "legal", chosen.pile: "legal"}
            )
    return layout(slots(state, lang, marks), lang, alt=describe_position(state, lang))
