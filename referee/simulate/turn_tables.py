"""The practice tables of the turn games: Comet, Red and Black, Stealing Bundles, Collector, Kings Corners
and Construction.

Each deals as its game's random play does, asks every move of the game's engine in turn (the
reader's, and the computer players' from their heuristics beside the random play), and writes the
game as the full-play record its random play writes.

>>> table = CometTable(3)
>>> table.run_computers()
>>> table.ask.seat, all(c.card is not None for c in table.ask.choices)
(0, True)
"""

from __future__ import annotations

from abc import abstractmethod
from collections.abc import Callable
from typing import Any, Generic, TypeVar

from referee.cards import Card
from referee.engines import fishing_moves
from referee.engines.turns import TurnState
from referee.games import collector as co
from referee.games import comet
from referee.games import construction as cn
from referee.games import kings_corners as kc
from referee.games import red_and_black as rb
from referee.games import stealing_bundles as sb
from referee.messages import Message, t
from referee.notation import card_separator, format_card
from referee.simulate import collector as sim_co
from referee.simulate import comet as sim_comet
from referee.simulate import construction as sim_cn
from referee.simulate import kings_corners as sim_kc
from referee.simulate import red_and_black as sim_rb
from referee.simulate import stealing_bundles as sim_sb
from referee.simulate.play import deal_one_by_one
from referee.simulate.table import (
    Ask,
    Choice,
    LazyChoices,
    Script,
    Table,
    card_choice,
    parse_token_card,
)

S = TypeVar("S", bound=TurnState[Any])  # the game's own state, so a table reads its parts typed


class TurnTable(Table, Generic[S]):
    """A turn game's table: the engine's legal moves as choices, its own error for any other move."""

    state: S

    @abstractmethod
    def choice(self, move: Any) -> Choice:
        """The choice that makes ``move``."""

    @abstractmethod
    def move_of(self, token: str) -> Any:
        """The move a token names (None: no move of this game), to ask the engine why it is refused."""

    @abstractmethod
    def pick(self, legal: list[Any]) -> Any:
        """The computer player's move among ``legal``."""

    def turn_duty(self, legal: list[Any]) -> list[Message]:
        """The game's duties of play that hold now (every sentence of a turn game's duties is about its turn)."""
        return [d.message for d in self.duties()]

    def tries(self, legal: list[Any]) -> list[Choice]:
        """Moves to offer that the rules forbid now (none by default: the cards and targets are tried)."""
        return []

    def refuse(self, token: str) -> Any:
        """The engine's error for the move ``token`` names."""
        move = self.move_of(token)
        return None if move is None else self.state.why_illegal(move)

    def turns(self, legal_now: Callable[[], list[Any]] | None = None) -> Script:
        """Ask every move of the game, to its end."""
        state = self.state
        while not state.is_over():
            seat = state.to_move
            legal = legal_now() if legal_now is not None else state.legal_moves()
            choice = yield Ask(
                seat,
                LazyChoices(legal, self.choice),
                lambda legal=legal: self.choice(self.pick(legal)),
                t("{player} to move", player=self.players[seat]),
                self.turn_duty(legal),
                self.refuse,
                self.tries(legal) if seat == self.reader else [],
            )
            state.push_unchecked(choice.move)

    def base_view(
        self, hands: list[Any], zones: list[dict[str, Any]], facts: list[tuple[Message, Any]]
    ) -> dict[str, Any]:
        """The shared shape of a view: the reader's hand, each seat's card count, the zones, the facts."""
        return {
            "hand": self.cards(sorted(hands[self.reader], key=lambda c: (c.suit.index, c.rank)))
            if hands
            else [],
            "seats": [
                {
                    "name": name,
                    "you": seat == self.reader,
                    "cards": len(hands[seat]) if hands else 0,
                    "notes": [self.say(m) for m in self.seat_notes(seat)],
                }
                for seat, name in enumerate(self.players)
            ],
            "zones": zones,
            "facts": [
                {
                    "label": self.say(label),
                    "value": self.say(value) if isinstance(value, Message) else str(value),
                }
                for label, value in facts
            ],
        }

    def seat_notes(self, seat: int) -> list[Message]:
        """What a seat's box says besides its name."""
        return []

    def zone(
        self,
        zone_id: str,
        label: Message,
        cards: list[Card],
        target: str | None = None,
        targets: bool = False,
    ) -> dict[str, Any]:
        """A zone of face-up cards; ``target``: the zone is a target; ``targets``: each card is one (by its id)."""
        return {
            "id": zone_id,
            "label": self.say(label),
            "target": target,
            "cards": [{**self.card(c), "target": c.ascii if targets else None} for c in cards],
        }


class CometTable(TurnTable[comet.CometDeal]):
    """Comet for three: runs of one suit; the holder of the next card plays it."""

    slug = "comet"
    players_count = 3

    def script(self) -> Script:
        cards = self.shuffled(comet.DECK)
        hands = deal_one_by_one(cards, self.players_count, self.dealer)
        self.dealt = [sorted(h) for h in hands]
        self.state = comet.CometDeal(self.players, hands, **self.options())
        yield from self.turns()

    def choice(self, move: Any) -> Choice:
        if isinstance(move, comet.Play):
            return card_choice(move.card, move)
        return Choice("pass", move.describe(), move=move)

    def move_of(self, token: str) -> Any:
        card = parse_token_card(token)
        return comet.Play(card) if card is not None else comet.Pass() if token == "pass" else None

    def tries(self, legal: list[Any]) -> list[Choice]:
        return (
            []
            if comet.Pass() in legal
            else [Choice("pass", comet.Pass().describe(), move=comet.Pass())]
        )

    def pick(self, legal: list[Any]) -> Any:
        return sim_comet.comet_move(self.state, legal)

    def view(self) -> dict[str, Any]:
        state = self.state
        run = [turn.move.card for turn in state.history[-8:] if isinstance(turn.move, comet.Play)]
        facts: list[tuple[Message, Any]] = [(t("Dealer"), self.players[self.dealer])]
        if state.need is not None:
            facts.append((t("Next card of the run"), format_card(state.need, self.notation)))
        hands = [list(h) for h in state.hands]
        return self.base_view(hands, [self.zone("run", t("Played"), run)], facts)

    def record(self) -> dict[str, Any]:
        tokens = [
            self.write([m.card]) if isinstance(m, comet.Play) else "pass" for m in self.state.moves
        ]
        return self.one_deal(
            {
                "dealer": self.players[self.dealer],
                "hands": self.dealt_hands(),
                "plays": card_separator(self.notation).join(tokens),
            }
        )


class RedAndBlackTable(TurnTable[rb.RedBlackGame]):
    """Red and Black for three: draw until the colour on top of the pile comes up."""

    slug = "red-and-black"
    players_count = 3

    def script(self) -> Script:
        self.black, self.red, stock = sim_rb.shuffled_stock(self.rng)
        self.stock = stock
        self.state = rb.RedBlackGame(
            self.players, [c.suit is not None and c.suit.is_red for c in stock], stock
        )
        yield from self.turns()

    def choice(self, move: Any) -> Choice:
        return Choice("draw", move.describe(), move=move)

    def move_of(self, token: str) -> Any:
        return rb.Draw() if token == "draw" else "other"

    def refuse(self, token: str) -> Any:
        return self.state.why_illegal(rb.Draw())  # the only move there is

    def tries(self, legal: list[Any]) -> list[Choice]:
        return [Choice("stop", t("stops drawing"))]

    def pick(self, legal: list[Any]) -> Any:
        return legal[0]

    def seat_notes(self, seat: int) -> list[Message]:
        return [t("cards taken: {n}", n=self.state.taken[seat])]

    def view(self) -> dict[str, Any]:
        state = self.state
        pile = [self.red, *[c for c in state.pile_items() if isinstance(c, Card)]]
        taken = [c for c in state._current if isinstance(c, Card)]
        facts: list[tuple[Message, Any]] = [
            (t("Dealer"), self.players[self.dealer]),
            (t("Colour needed"), rb.colour_name(state.needed_red)),
            (t("Cards in the stock"), len(self.stock) - state.position),
        ]
        zones = [
            self.zone("pile", t("Pile"), pile[-1:]),
            self.zone("taken", t("Taken this turn"), taken),
        ]
        return self.base_view([], zones, facts)

    def record(self) -> dict[str, Any]:
        return self.one_deal(
            {
                "dealer": self.players[self.dealer],
                "start": {"black": self.write([self.black]), "red": self.write([self.red])},
                "stock": self.write(self.stock),
            }
        )


class StealingBundlesTable(TurnTable[sb.BundlesState]):
    """Stealing Bundles for three: match a table card or the top of another player's bundle."""

    slug = "stealing-bundles"
    players_count = 3
    alone = True

    def script(self) -> Script:
        pack = self.shuffled(sb.DECK)
        self.state = sb.BundlesState(self.players, self.dealer, pack, **self.options())
        yield from self.turns()

    def choice(self, move: Any) -> Choice:
        targets = [c.ascii for c in move.table] + [
            f"p{self.players.index(b)}" for b in move.bundles
        ]
        return card_choice(move.card, move, ",".join(targets) or None, move.describe())

    def move_of(self, token: str) -> Any:
        card = parse_token_card(token)
        if card is None:
            return None
        target = token.split(">", 1)[1] if ">" in token else ""
        if target.startswith("p") and target[1:].isdigit():
            return fishing_moves.Play(card, bundles=(self.players[int(target[1:])],))
        table = parse_token_card(target)
        return fishing_moves.Play(card, (table,) if table is not None else ())

    def pick(self, legal: list[Any]) -> Any:
        return sim_sb.bundles_move(self.state, legal)

    def seat_notes(self, seat: int) -> list[Message]:
        return [t("bundle: {n}", n=len(self.state.bundles[seat]))]

    def view(self) -> dict[str, Any]:
        state = self.state
        zones = [self.zone("table", t("Table"), sorted(state.table), targets=True)]
        for seat, name in enumerate(self.players):
            top = state.top(seat)
            zones.append(
                self.zone(
                    f"p{seat}",
                    t("{player}'s bundle", player=name),
                    [top] if top else [],
                    target=f"p{seat}" if seat != self.reader else None,
                )
            )
        facts: list[tuple[Message, Any]] = [
            (t("Dealer"), self.players[self.dealer]),
            (t("Cards in the stock"), len(state.stock)),
        ]
        return self.base_view(state.hands, zones, facts)

    def record(self) -> dict[str, Any]:
        return self.one_deal(
            {
                "dealer": self.players[self.dealer],
                "pack": self.write(self.state.pack),
                "moves": [fishing_moves.write_play(m, self.notation) for m in self.state.moves],
            }
        )


class CollectorTable(TurnTable[co.CollectorState]):
    """Collector for three: lay a card, then take one laid by another player or draw two; collect all 13 ranks."""

    slug = "collector"
    players_count = 3

    def script(self) -> Script:
        pack = self.shuffled(co.DECK)
        self.state = co.CollectorState(self.players, self.dealer, pack, **self.options())
        yield from self.turns()

    def choice(self, move: Any) -> Choice:
        if isinstance(move, fishing_moves.Lay):
            return card_choice(move.card, move, words=move.describe())
        if isinstance(move, fishing_moves.Take):
            return Choice(f"@{move.card.ascii}", move.describe(), None, move.card.ascii, move)
        return Choice("draw", t("draws from the stock"), move=move)

    def move_of(self, token: str) -> Any:
        if token == "draw":
            return fishing_moves.DRAW_MOVE
        if token.startswith("@"):
            card = parse_token_card(token[1:])
            return fishing_moves.Take(card) if card is not None else None
        card = parse_token_card(token)
        return fishing_moves.Lay(card) if card is not None else None

    def pick(self, legal: list[Any]) -> Any:
        return sim_co.collector_move(self.state, legal)

    def tries(self, legal: list[Any]) -> list[Choice]:
        if fishing_moves.DRAW_MOVE in legal:
            return []
        return [Choice("draw", t("draws from the stock"), move=fishing_moves.DRAW_MOVE)]

    def seat_notes(self, seat: int) -> list[Message]:
        held = self.state.hands[seat]
        return [t("ranks missing: {n}", n=len(co.missing_ranks(held)))]

    def view(self) -> dict[str, Any]:
        state = self.state
        laid = [c for _, c in state.laid if c not in state.taken]
        zone = self.zone("laid", t("Laid this round"), laid, targets=state.phase == "take")
        missing = co.missing_ranks(state.hands[self.reader])
        facts: list[tuple[Message, Any]] = [
            (t("Dealer"), self.players[self.dealer]),
            (t("Cards in the stock"), len(state.stock)),
            (t("Ranks you still need"), len(missing)),
        ]
        return self.base_view(state.hands, [zone], facts)

    def record(self) -> dict[str, Any]:
        return self.one_deal(
            {
                "dealer": self.players[self.dealer],
                "pack": self.write(self.state.pack),
                "rounds": sim_co.write_rounds(self.state, self.notation),
            }
        )


class KingsCornersTable(TurnTable[kc.KingsCornersHand]):
    """Kings Corners for three: build down in alternating colours on the sides and the corners."""

    slug = "kings-corners"
    players_count = 3

    def script(self) -> Script:
        n = self.players_count
        self.dealer = 0
        hands, sides, stock = sim_kc.shuffled_layout(self.rng, n)
        self.dealt, self.sides, self.stock = [list(h) for h in hands], sides, stock
        self.state = kc.KingsCornersHand.dealt(
            self.players, hands, sides, stock, self.dealer, self.options()
        )
        self.moves_this_turn = 0
        yield from self.turns()

    def choice(self, move: Any) -> Choice:
        if isinstance(move, kc.Play):
            return card_choice(move.card, move, move.pile, move.describe())
        if isinstance(move, kc.Shift):
            return Choice(f"{move.source}>{move.target}", move.describe(), None, None, move)
        return Choice("end", t("ends the turn and draws"), move=move)

    def move_of(self, token: str) -> Any:
        if token == "end":
            return kc.EndTurn()
        head, _, pile = token.partition(">")
        card = parse_token_card(head)
        if card is not None and pile in kc.PILES:
            return kc.Play(card, pile)
        if head in kc.PILES and pile in kc.PILES:
            return kc.Shift(head, pile)
        return None

    def pick(self, legal: list[Any]) -> Any:
        return sim_kc.kings_corners_move(self.state, legal)

    def view(self) -> dict[str, Any]:
        state = self.state
        zones = [
            self.zone(p, t("pile {pile}", pile=p), list(state.piles[p]), target=p) for p in kc.PILES
        ]
        facts: list[tuple[Message, Any]] = [
            (t("Dealer"), self.players[self.dealer]),
            (t("Cards in the stock"), len(state.stock)),
        ]
        return self.base_view(state.hands, zones, facts)

    def record(self) -> dict[str, Any]:
        turns = [
            "; ".join(
                sim_kc.write_move(m, self.notation)
                for m in turn.moves
                if not isinstance(m, kc.EndTurn)
            )
            or "-"
            for turn in self.state.turns
            if turn.moves
        ]
        return self.one_deal(
            {
                "dealer": self.players[self.dealer],
                "hands": self.dealt_hands(),
                "sides": self.write(self.sides),
                "stock": self.write(self.stock),
                "turns": turns,
            }
        )


MOST_TRIES = 6
"""The forbidden uses of a card that Construction's table offers to try, at most."""


def construction_group(move: cn.Action) -> Message | None:
    """The kind of use of the turned card, by which the page lists a turn's many moves (a build on each
    place of the track, each token's paths); None for a discard, a move of its own.

    >>> from referee.cards import Rank, Suit
    >>> from referee.messages import render
    >>> render(construction_group(cn.Action(Card(Rank.NINE, Suit.HEARTS), "small", (), 2)), "en")
    'Move small token 2'
    """
    key = (move.kind, move.token)
    group = _GROUPS.get(key)  # one message a kind (a turn asks for it once a move: a hundred times)
    if group is None and move.kind != "discard":
        if move.kind == "build":
            group = t("Build it into the track")
        elif move.kind == "large":
            group = t("Move the large token")
        elif move.kind == "small":
            group = t("Move small token {n}", n=move.token)
        else:
            group = t("A new small token on the Joker")
        _GROUPS[key] = group
    return group


_GROUPS: dict[tuple[str, int], Message] = {}


class ConstructionTable(TurnTable[cn.ConstructionGame]):
    """Construction for two: each turned card belongs to the player of its colour, who builds or moves with it."""

    slug = "construction"
    players_count = 2

    def script(self) -> Script:
        self.state = game = cn.ConstructionGame(self.players)
        self.turned: Card | None = None
        self._tried: dict[str, Any] = {}

        def turned() -> list[Any]:
            self.turned = sim_cn.turn_card(game, self.rng)
            game.to_move = cn.SIDES.index(cn.side_of(self.turned))
            return game.legal_moves(self.turned)

        yield from self.turns(turned)

    def choice(self, move: Any) -> Choice:
        group = construction_group(move)
        place = " ".join(map(str, move.cells)) if group is not None and move.cells else None
        return Choice(str(move), move.describe(), None, None, move, group, place)

    def move_of(self, token: str) -> Any:
        return self._tried.get(token)

    def tries(self, legal: list[Any]) -> list[Choice]:
        """A few uses of the card the rules forbid now (a token moved where it may not go)."""
        game = self.state
        card = legal[0].card
        side = cn.side_of(card)
        candidates = [cn.Action(card, "large", (p,)) for p in game.neighbours(game.large[side])]
        for k, start in enumerate(game.small[side], 1):
            candidates += [cn.Action(card, "small", path, k) for path in game.paths(start)[:4]]
        forbidden = [m for m in candidates if m not in legal][:MOST_TRIES]
        self._tried = {str(m): m for m in forbidden}
        return [self.choice(m) for m in forbidden]

    def pick(self, legal: list[Any]) -> Any:
        return sim_cn.construction_move(self.state, legal)

    def view(self) -> dict[str, Any]:
        from referee.present.draw import grid
        from referee.present.pictures.construction import describe, places

        game = self.state
        # Drawn from the live game (a picture of a worked example replays its record instead).
        svg = grid(
            places(game, set(), set()), self.lang, alt=describe(game, None, set(), set(), self.lang)
        )
        facts: list[tuple[Message, Any]] = []
        if self.turned is not None and not self.over:
            facts.append((t("Card turned"), format_card(self.turned, self.notation)))
        view = self.base_view(
            [],
            [
                self.zone(
                    "turned",
                    t("Card turned"),
                    [self.turned] if self.turned and not self.over else [],
                )
            ],
            facts,
        )
        view["picture"] = svg
        return view

    def record(self) -> dict[str, Any]:
        return self.one_deal(
            {"turns": [sim_cn.write_action(a, self.notation) for a in self.state.moves]},
            black=self.players[0],
        )


TURN_TABLES: dict[str, type[Table]] = {
    "comet": CometTable,
    "red-and-black": RedAndBlackTable,
    "stealing-bundles": StealingBundlesTable,
    "collector": CollectorTable,
    "kings-corners": KingsCornersTable,
    "construction": ConstructionTable,
}
