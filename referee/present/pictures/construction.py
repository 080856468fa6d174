"""Pictures of a Construction game: the grid of the board model, tokens, and the legal uses of a card.

>>> from referee.present.example_blocks import load_example
>>> data, _ = load_example("construction/blocking-ban")
>>> svg = picture(data, {"turn": 7, "show": "legal"}, "ru")
>>> 'role="img"' in svg and "9♣" in svg and svg.count("cr-target") > 0
True
"""

from __future__ import annotations

from typing import Any

from referee.games.construction import read_action
from referee.games.play.construction import JOKER_COLUMN, SIDES, Action, Cell, ConstructionGame
from referee.messages import Message, render, t, tc
from referee.present.draw import GridCard, grid


def position(data: dict[str, Any], turn: int) -> tuple[ConstructionGame, list[Action]]:
    """The game after its first ``turn`` turns, and every turn of the record."""
    notation = data.get("notation", "en")
    players = [str(p) for p in data["players"]]
    black = str(data["black"])
    order = [black, next(p for p in players if p != black)]
    actions = [read_action(line, notation) for line in data["deals"][0]["turns"]]
    game = ConstructionGame(order)
    for action in actions[:turn]:
        game.push(action)
    return game, actions


def places(game: ConstructionGame, targets: set[Cell], reachable: set[Cell]) -> list[GridCard]:
    """The board as :class:`GridCard` objects, tokens on their cards, free targets as outlines."""
    tokens: dict[Cell, list[tuple[str, int]]] = {}
    for side in SIDES:
        tokens.setdefault(game.large[side], []).append((side, 0))
        for k, cell in enumerate(game.small[side], 1):
            tokens.setdefault(cell, []).append((side, k))
    out = []
    for cell, card in game.board.items():
        joker = next((s for s in SIDES if cell == Cell(JOKER_COLUMN[s], 0)), None)
        out.append(
            GridCard(
                cell.x,
                cell.y,
                cell.bridge,
                card,
                joker,
                tuple(tokens.get(cell, ())),
                "legal" if cell in reachable else None,
            )
        )
    out += [GridCard(c.x, c.y, c.bridge, empty=True) for c in sorted(targets)]
    return out


def describe(
    game: ConstructionGame, card: Any, targets: set[Cell], reachable: set[Cell], lang: str
) -> str:
    """The picture's text alternative: the cards built, the tokens, and what the next card may do."""
    built = [
        f"{cell} {render(t('{card}', card=c), lang)}"
        for cell, c in sorted(game.board.items())
        if c is not None
    ]
    tokens: list[Message] = []
    for seat, side in enumerate(SIDES):
        player, cell = game.players[seat], str(game.large[side])
        small = [str(c) for c in game.small[side]]
        # "no small tokens" is a sentence of its own: «малые на нет» / „kleine Steine auf keiner“ is not (RU2-047).
        tokens.append(
            t(
                "{player}: large token at {cell}, small tokens at {small}",
                player=player,
                cell=cell,
                small=small,
            )
            if small
            else t("{player}: large token at {cell}, no small tokens", player=player, cell=cell)
        )
    # The players are joined by a semicolon, not "and": each is a list of its own (RU2-047, DE2-038).
    text = t(
        "Construction grid, Jokers at 0:0 (Black) and 1:0 (Red). Cards: {cards}. {tokens}.",
        cards=", ".join(built) or render(t("none"), lang),
        tokens="; ".join(render(m, lang) for m in tokens),
    )
    out = render(text, lang)
    if card is not None:
        out += " " + render(
            t(
                "Marked: where {card} may be built ({builds}) and the cards a token may enter with it "
                "({moves}).",
                card=card,
                # "none" here stands for cards: German needs „keine“, not the „keiner“ of a token.
                builds=[str(c) for c in sorted(targets)] or tc("construction: no cards", "none"),
                moves=[str(c) for c in sorted(reachable)] or tc("construction: no cards", "none"),
            ),
            lang,
        )
    return out


def picture(data: dict[str, Any], params: dict[str, Any], lang: str) -> str:
    """The grid after ``turn`` turns; ``show: legal`` marks the uses of the next card."""
    turn = int(params.get("turn", 0))
    game, actions = position(data, turn)
    targets: set[Cell] = set()
    reachable: set[Cell] = set()
    card = None
    if params.get("show") == "legal" and turn < len(actions):
        card = actions[turn].card
        for move in game.legal_moves(card):
            if move.kind == "build":
                targets.add(move.cells[0])
            elif move.cells:
                reachable.add(move.cells[-1])
    return grid(
        places(game, targets, reachable), lang, alt=describe(game, card, targets, reachable, lang)
    )
