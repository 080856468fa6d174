"""Construction (seed 002, game 5): two players build a track of cards and race a token up it and back.

Engine: :mod:`referee.engines.turns`. The board is this edition's **grid model** (DECISIONS.md, G5-A05):
vertical cards stand at ``(column, row)``, row 0 holding the two Jokers (Black's in column 0,
Red's in column 1); a **bridge** (a card laid across) ``H(x, y)`` joins the vertical places
``(x, y)`` and ``(x + 1, y)``. A card turned from the stock belongs to the player of its colour
(Black ♣ ♠, Red ♦ ♥), who uses it once: to build, to move his large token, to move a small token,
to place a small token after a king, or to discard it.

>>> from referee.notation import parse_card
>>> game = ConstructionGame(["Anna", "Boris"])
>>> [str(m) for m in game.legal_moves(parse_card("7C"))]
['7♣ discard', '7♣ build H-1:0', '7♣ build H0:0', '7♣ build H1:0', '7♣ build 0:1', '7♣ build 1:1']
>>> game.push(Action(parse_card("7C"), "build", (Cell(0, 1),)))
>>> game.push(Action(parse_card("8S"), "large", (Cell(0, 1),)))
>>> str(game.large["black"])
'0:1'
>>> game.push(Action(parse_card("5H"), "large", (Cell(1, 1),)))
Traceback (most recent call last):
...
referee.engines.turns.IllegalMoveError: There is no card at 1:1.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, TypeVar

from referee.cards import Card, Rank, Suit
from referee.engines.deals import Deal, parsed
from referee.engines.game import DealResult, Game, Verdict, rule_table
from referee.engines.ledger import Ledger
from referee.engines.reader import Reader
from referee.engines.turn_lines import LineWords, replay_lines
from referee.engines.turns import TurnDuty
from referee.errors import NotationError
from referee.games.play.construction import (
    PACK,
    PACKS,
    SIDES,
    SMALL_TOKENS,
    TOP_ROW,
    Action,
    Cell,
    ConstructionGame,
    side_of,
)
from referee.messages import N_, Message, render, suit_name, t, tn
from referee.notation import parse_card
from referee.records.declared import Declared
from referee.records.source import Document, Path
from referee.records.turn_field import TurnLines

KINDS = ("build", "large", "small", "king", "discard")


def read_cell(token: str) -> Cell:
    """``0:3`` a vertical place, ``H0:3`` the bridge between columns 0 and 1 in row 3.

    >>> read_cell("h-1:2"), str(read_cell("2:10"))
    (Cell(x=-1, y=2, bridge=True), '2:10')
    """
    text = token.strip()
    bridge = text[:1] in ("H", "h")
    try:
        x, y = (int(part) for part in (text[1:] if bridge else text).split(":"))
    except ValueError:
        raise NotationError(
            t(
                "{token!r} is not a place: write column:row (0:3) or H and the left column of a "
                "bridge (H0:3).",
                token=token,
            ),
            code="record.bad_cell",
            rule="grid",
        ) from None
    return Cell(x, y, bridge)


def cards_exist(r: Reader, path: tuple[Any, ...], actions: Sequence[Action]) -> None:
    """Possible or exit 2: every card turned is in the stock (G5-A02). The three packs hold three of a
    card; the stock is made up again from the discards only once it is empty, and a card built stays
    on the board, so a card turned when no copy of it is left cannot exist (whatever was done with it).

    >>> from referee.records.source import load_text
    >>> r = Reader(load_text("{}"))
    >>> two = read_action("2♣ discard", "en")
    >>> cards_exist(r, ("turns",), [two] * 4); [(e.code, e.where.path) for e in r.errors]
    [('record.card_not_in_stock', 'turns[3]')]
    """
    stock: Counter[Card] = Counter({c: PACKS for c in PACK})
    discards: Counter[Card] = Counter()
    reshuffled = False
    for k, action in enumerate(actions):
        if stock.total() == 0:
            stock, discards, reshuffled = discards, Counter(), True
        card = action.card
        if stock[card] == 0:
            r.fail(
                (*path, k),
                t(
                    "No {card} is left in the stock to be turned: the stock was made up again from "
                    "the discards, and every {card} among them has been turned.",
                    card=card,
                )
                if reshuffled
                else t(
                    "The three packs hold three {card}, so a fourth cannot be turned before the "
                    "discards are made up into a new stock.",
                    card=card,
                ),
                "record.card_not_in_stock",
                "pack",
            )
            return
        stock[card] -= 1
        if action.kind != "build":
            discards[card] += 1


def read_action(text: Any, notation: str) -> Action:
    """One turn: the card turned, then what its owner does with it.

    >>> [str(read_action(x, "en")) for x in ("7c build 0:1", "9H small 2 1:1 1:2", "KS king", "5d discard")]
    ['7♣ build 0:1', '9♥ small 2 1:1 1:2', 'K♠ king', '5♦ discard']
    >>> str(read_action("Herz 10 large H0:0", "de"))
    '10♥ large H0:0'
    """
    words = str(text).split()
    kinds = [i for i, w in enumerate(words) if w.lower() in KINDS]
    if not kinds or kinds[0] == 0:
        raise NotationError(
            t(
                "{text!r} is not a turn: write the card, then build, large, small, king or discard "
                "and the places.",
                text=str(text),
            ),
            code="record.bad_action",
            rule="turns",
        )
    i = kinds[0]
    card = parse_card(" ".join(words[:i]).rstrip(","), notation)
    kind, rest = words[i].lower(), words[i + 1 :]
    token = 0
    if kind == "small":
        if not rest or not rest[0].isdigit():
            raise NotationError(
                t(
                    "{text!r}: after small comes the number of the small token, then its path.",
                    text=str(text),
                ),
                code="record.bad_action",
                rule="turns",
            )
        token, rest = int(rest[0]), rest[1:]
    cells = tuple(read_cell(w) for w in rest)
    if kind in ("build", "large", "small") and not cells:
        raise NotationError(
            t("{text!r}: the place is missing.", text=str(text)),
            code="record.bad_action",
            rule="turns",
        )
    return Action(card, kind, cells, token)


def localize_action(line: str, local: Any) -> str:
    """A turn's card rewritten for a template in another language; its use and places stay."""
    words = line.split()
    i = next(k for k, w in enumerate(words) if w.lower() in KINDS)
    return " ".join([local.cards([" ".join(words[:i])])[0], *words[i:]])


MOVE_USES: tuple[tuple[str, Message, int, int], ...] = (
    ("build", t("Build"), 1, 1),
    ("large", t("Move the large token"), 1, 1),
    ("small", t("Move a small token"), 1, 3),
    ("king", t("King: bring in a small token"), 0, 3),
    ("discard", t("Discard it"), 0, 0),
)
"""Each use of a turned card (:data:`KINDS`): its name in the table's words, and how many places follow
it in a turn's line (:func:`read_action`: a build's or the large token's one place, a small token's path
of one to three, a king's path of up to three after the token is placed, none for a discard)."""


@dataclass(frozen=True)
class TurnsByPickers(TurnLines):
    """Construction's turns, a line each; the form enters them turn by turn with pickers (issue 34).

    Its description tells the form what a turn is made of, in the page's language: the card turned (a
    rank and a suit), its use, the small token's number, and the places (a column, a row, and whether
    it is a card laid across: a bridge). The form writes each turn as :func:`read_action` reads it.

    >>> from referee.games import get_game
    >>> turns = next(f.type for f in RECORD.deal if f.name == "turns")
    >>> d = turns.describe(get_game("construction"), "en")
    >>> d["kind"], [(u["name"], u["places"]) for u in d["uses"]][2], d["tokens"]
    ('moves', ('small', [1, 3]), 6)
    """

    kind: ClassVar[str] = "moves"

    def describe(self, game: Any, lang: str) -> dict[str, Any]:
        # {n} is left in for the form to fill: the turn's or the place's number.
        words = {
            "turn": t("Turn {n}", n="{n}"),
            "card": t("Card turned"),
            "rank": t("Rank of the card turned"),
            "suit": t("Suit of the card turned"),
            "use": t("What was done with it"),
            "token": t("Small token number"),
            "place": t("Place {n}", n="{n}"),
            "column": t("Column"),
            "row": t("Row"),
            "across": t("Laid across (a bridge)"),
            "add": t("Add a turn"),
            "add_place": t("Add a place"),
            "remove": t("Remove turn {n}", n="{n}"),
            "remove_place": t("Remove the last place"),
        }
        return {
            "kind": self.kind,
            "uses": [
                {"name": name, "label": render(label, lang), "places": [least, most]}
                for name, label, least, most in MOVE_USES
            ],
            "tokens": SMALL_TOKENS,
            "words": {key: render(message, lang) for key, message in words.items()},
            # Each suit's spoken name, for its button (a screen reader says the sign's Unicode name).
            "suits": {suit.symbol: suit_name(suit, lang) for suit in Suit},
        }


LINE_WORDS = LineWords(
    "construction",
    after_end=t("The game was already won; turn {k} cannot follow."),
    move=t("Turn {k} ({action}): {why}"),
    broken=t("Turn {k} breaks a rule; the game cannot be followed further."),
)
"""What stops a replay of the turns, in Construction's words (:func:`replay_lines`)."""


RECORD = Declared(
    "construction",
    "construction:construction_record",
    localize_action=localize_action,
    turnsbypickers=TurnsByPickers,
)
"""What a Construction record holds (:mod:`referee.records.fields`)."""


RULE_TABLE = rule_table("""
G5-R01 | Two players; three packs of 52 and two Jokers | record.player_count (construction.build)
G5-R02 | Two large tokens and twelve small ones | (construction.small)
G5-R03 | The Jokers are the start cards, one card apart; the large tokens stand on them | (construction.large)
G5-R04 | Lots decide who plays Black and who plays Red | unchecked: the lot is drawn before the record begins
G5-R05 | The top card of the stock is turned and goes to the player of its colour | (construction.build)
G5-R06 | The card is used one of four ways: build, move the large token, a king's duty, or discard | record.bad_action
G5-R07 | After a discard the next card is turned | (construction.discard)
G5-R08 | A card on the table lies across or upright | (construction.build) (record.bad_cell)
G5-R09 | A card laid across touches upright cards with its short side | (construction.build)
G5-R10 | An upright card touches cards laid across with its long side | (construction.build)
G5-R11 | The track is columns of upright cards joined by cards across | (construction.build)
G5-R12 | Either player may build the track | unchecked: building is open to both, so there is nothing to refuse
G5-R13 | Only upright cards count towards the distance | claim (construction.claim)
G5-R14 | The large token moves one card, to a card no higher than the card turned | construction.large
G5-R15 | No token may stand on a card with a token of the other side | (construction.large) (construction.small)
G5-R16 | A king places a small token on its owner's Joker, which may then move up to three cards | (construction.king)
G5-R17 | A small token moves one to three cards, none higher than the card turned | construction.small
G5-R18 | Small tokens serve to block the other side | unchecked: a purpose, not a rule of play
G5-R19 | With all small tokens placed, a king moves as a Q and is never built | (construction.king) (construction.build)
G5-R20 | Small tokens may not leave the other side's large token without a free card next to it | (construction.small)
G5-R21 | When the stock runs out, the discards are shuffled into a new stock | (construction.build)
G5-R22 | The first large token up ten cards and back home to its Joker wins
    | construction.after_end construction.claim record.too_many_deals
G5-A01 | Values: 2 to 10 as printed, J 11, Q 12, K 13, A 14; a Joker 0 | (construction.large)
G5-A02 | Only two Jokers; the stock has 156 cards | record.card_not_in_stock (construction.build)
G5-A03 | The white tokens are Red's | unchecked: the colour of a token is cosmetic
G5-A04 | Six small tokens each | (construction.king)
G5-A05 | The board is a grid of upright cards and bridges | record.bad_cell construction.build
G5-A06 | Any card of one's colour may be built anywhere legal
    | unchecked: nothing is forbidden, so there is nothing to refuse
G5-A07 | Which cards are next to each other for moving | (construction.large) (construction.small)
G5-A08 | Up ten means an upright card in row ten, then back to the Joker | claim (construction.claim)
G5-A09 | A small token's path: one to three cards, none higher than the card turned | (construction.small)
G5-A10 | After a king the token just placed may move up to three cards | (construction.king)
G5-A11 | With all small tokens placed, a king counts as 12 for moving | (construction.king)
G5-A12 | A king that cannot place a token can only be discarded | (construction.king) construction.discard
G5-A13 | A large token may enter the other Joker only if no token of the other side is on it | (construction.large)
G5-A14 | The blocking ban: after any small-token move a free card must remain next to the other large token
    | (construction.small)
G5-A15 | A discard is always allowed | (construction.discard)
G5-A16 | The large token may move in any direction on the way up
    | unchecked: nothing is forbidden, so there is nothing to refuse
G5-D01 | Kings, stated once: place a token if possible, else only discard; with all placed, a Q for moving only
    | construction.king
G5-D02 | The blocking ban applies only while the other large token has a card next to it | (construction.small)
""")
"""Every rule of Construction: what enforces it, or why no record can show it (``referee rules``)."""


class Construction(Game):
    """The referee for Construction."""

    slug = "construction"
    rule_table = RULE_TABLE
    claim_rule = "G5-A08"
    names: ClassVar[dict[str, str]] = {
        "en": "Construction",
        "ru": "Конструкция",
        "de": "Konstruktion",
    }
    player_counts = (2,)
    options = ()
    record = RECORD
    kind = t("race game: a track built of cards, a token up ten rows and back")
    deal_heading = N_("Game {n}")
    pitch = t("Build a track of cards together and race your token ten rows up it and home again.")
    length = t("half an hour or more")
    deck_size = len(PACK) * PACKS
    # A worked example shows the claimed winner; the turns are shown as a list, and there is no per-player table.
    example_fields = (("winner", t("Claimed winner"), "name"),)

    def facts(self) -> list[tuple[Message, Any]]:
        """The numbers a page shows."""
        return [
            (t("Players"), t("{n}: Black (♣ ♠) and Red (♦ ♥)", n=2)),
            (
                t("Cards"),
                t(
                    "{n} ({packs} packs of 52) and 2 Jokers as the start cards",
                    n=self.deck_size,
                    packs=PACKS,
                ),
            ),
            (t("Tokens"), t("a large token and {n} small tokens each", n=SMALL_TOKENS)),
            (t("Card values"), t("2–10 as numbered, J 11, Q 12, K 13, A 14, Joker 0")),
            (
                t("Goal"),
                t("the large token up to row {row} and back to its own Joker", row=TOP_ROW),
            ),
        ]

    def duties(self, options: dict[str, Any]) -> list[TurnDuty]:
        """What the owner of the turned card may do (:meth:`ConstructionGame.legal_moves`), each sentence with
        its test on the uses the game allows for every card it could turn."""

        def by_card(legal: list[Action]) -> dict[Card, list[Action]]:
            out: dict[Card, list[Action]] = {}
            for move in legal:
                out.setdefault(move.card, []).append(move)
            return out

        def uses(state: ConstructionGame, legal: list[Action]) -> bool:
            for card, moves in by_card(legal).items():
                large = state.neighbours(state.large[side_of(card)])
                if card.rank is not Rank.KING and Action(card, "discard") not in moves:
                    return False
                if any(
                    m.kind == "large" and (len(m.cells) != 1 or m.cells[0] not in large)
                    for m in moves
                ) or any(m.kind == "small" and not 1 <= len(m.cells) <= 3 for m in moves):
                    return False
            return True

        def kings(state: ConstructionGame, legal: list[Action]) -> bool:
            for card, moves in by_card(legal).items():
                if card.rank is not Rank.KING:
                    continue
                kinds = {m.kind for m in moves}
                if len(state.small[side_of(card)]) < SMALL_TOKENS:
                    if not (kinds == {"discard"} or kinds == {"king"}):
                        return False
                elif kinds & {"king", "build"}:
                    return False
            return True

        return [
            TurnDuty(
                t(
                    "Use the card turned in one way: build it into the track, move your large token one "
                    "card, move a small token one to three cards, or discard it (always allowed)."
                ),
                uses,
            ),
            TurnDuty(
                t(
                    "A king must put one of your small tokens on your Joker while one is off the track and it "
                    "can be placed, and may then move it up to three cards; otherwise it can only be "
                    "discarded. Once all are placed, a king moves as a queen and is never built."
                ),
                kings,
            ),
        ]

    def check(self, doc: Document) -> Verdict:
        """Validate and replay a Construction record."""
        r = Reader(doc)
        players, options = r.header(self, RECORD.own_keys())
        black = r.name(("black",), players) if players else None
        deals = r.sequence(("deals",))
        r.raise_if_any()
        assert black is not None
        order = [black, next(p for p in players if p != black)]
        if deals is not None and len(deals) > 1:
            r.fail(
                ("deals", 1),
                t("A record holds one game of Construction."),
                "record.too_many_deals",
                "end",
            )
        if (
            r.mapping(("deals", 0)) is None or r.errors
        ):  # not a game, or more than one: nothing more is read
            r.raise_if_any()
        ledger = Ledger(doc, dict.fromkeys(players, 0))
        deal = Deal.open(r, 0, RECORD, ledger.findings)
        assert deal is not None
        claimed = r.name(deal.at("winner"), players, required=False)
        actions = parsed_each(r, deal.at("turns"), read_action)
        r.raise_if_any()
        cards_exist(r, deal.at("turns"), actions)
        r.raise_if_any()
        state = ConstructionGame(order)
        steps: list[Message] = [
            tn(
                "{black} plays Black, {red} plays Red; {n} card turned, checked one by one.",
                "{black} plays Black, {red} plays Red; {n} cards turned, checked one by one.",
                len(actions),
                black=order[0],
                red=order[1],
                n=len(actions),
            )
        ]
        reshuffles = 0
        for k, action in replay_lines(deal, state, actions, LINE_WORDS, steps):
            steps.append(
                t(
                    "Turn {k}, {player}: {action}.",
                    k=k + 1,
                    player=order[state.to_move],
                    action=action.describe(),
                )
            )
            if state.reshuffles != reshuffles:
                steps.append(
                    t(
                        "Before turn {k} the stock was empty: the discards became the new stock.",
                        k=k + 1,
                    )
                )
            reshuffles = state.reshuffles
        for player, side in zip(order, SIDES, strict=True):
            steps.append(
                tn(
                    "{player}: large token at {cell}{top}, {n} small token on the board.",
                    "{player}: large token at {cell}{top}, {n} small tokens on the board.",
                    len(state.small[side]),
                    player=player,
                    cell=str(state.large[side]),
                    n=len(state.small[side]),
                    top=t(", has been up to row {row}", row=TOP_ROW) if state.reached[side] else "",
                )
            )
        outcome = state.outcome()
        winner = outcome.winners[0] if outcome is not None else None
        scores = {p: int(p == winner) for p in players}
        claim = {p: int(p == claimed) for p in players} if claimed is not None else None
        if outcome is None:
            termination, code = t("Nobody has won yet; the race goes on."), "in_progress"
            if claim is not None:
                deal.warn(
                    "construction.claim",
                    ("winner",),
                    t(
                        "{player} is named the winner, but no large token "
                        "has been up to row {row} and back.",
                        player=claimed,
                        row=TOP_ROW,
                    ),
                    "error",
                    written=claimed,
                    computed=None,
                )
                claim = None
        else:
            steps.append(outcome.reason)
            termination, code = t("{player} has won the race.", player=winner), "game_over"
        ledger.add(
            0,
            DealResult(
                1,
                scores,
                steps,
                claim,
                mode="full",
                claim_where=deal.where("winner") if claim is not None else None,
            ),
        )  # a game is always played out in full
        return ledger.verdict(self.slug, options, winner, termination, code)


# -- what only this game uses (moved out of referee.engines.deals, which every check of a deal loads) --

T = TypeVar("T")


def parsed_each(r: Reader, path: Path, parse: Callable[[Any, str], T]) -> list[T]:
    """Every item of the list at ``path`` (a move a line, say) read with ``parse`` in the record's notation; an item
    that cannot be read is left out, its problem noted at its own path (:func:`parsed`).

    >>> from referee.records.source import load_text
    >>> from referee.notation import parse_card
    >>> r = Reader(load_text("turns: [7C, XX, KS]\\n"))
    >>> [str(c) for c in parsed_each(r, ("turns",), parse_card)], [e.where.path for e in r.errors]
    (['7♣', 'K♠'], ['turns[1]'])
    """
    read = (parsed(r, path + (k,), parse) for k, _ in enumerate(r.sequence(path) or []))
    return [item for item in read if item is not None]


GAME = Construction()
