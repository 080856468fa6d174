"""Kings Corners (seed 002, game 7): 2–4 players, a layout of eight piles, penalty points to 50.

Engine: :mod:`referee.engines.turns`. :class:`KingsCornersHand` is one hand as a turn state. Four cards
from the stock lie face up beside it (the **sides** N, E, S, W); the four **corners** NE, SE, SW,
NW take kings only. A turn is any number of moves, then a draw (:class:`EndTurn`):

- :class:`Play` a card from hand: onto a pile, one rank lower and of the other colour; a king into
  an empty corner; any card into an empty side.
- :class:`Shift` a whole pile onto another, when its bottom card fits on that pile's top card; a
  side pile with a king at the bottom may also go into an empty corner.

Ranks run ace (low) to king, so nothing goes on an ace and a king pile never moves.

>>> from referee.games.play.kings_corners import penalty
>>> from referee.notation import compass_point, parse_card, parse_cards
>>> hand = KingsCornersHand(["Anna", "Boris"], [parse_cards("6S KD 2C"), parse_cards("9H 9S 3D")],
...                         parse_cards("7H 8C QS 4D"), parse_cards("5C 5D"))
>>> hand.player, [str(m) for m in hand.legal_moves()]
('Anna', ['6♠ on N', 'K♦ on NE', 'K♦ on SE', 'K♦ on SW', 'K♦ on NW', 'N onto E', 'draws'])
>>> hand.push(Play(parse_card("2C"), "W"))  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
referee.engines.turns.IllegalMoveError: 2♣ cannot go on 4♦ in W: the card must be one rank lower and of the other...
>>> for move in (Shift("N", "E"), Play(parse_card("KD"), "NE"), Play(parse_card("2C"), "N"), EndTurn()):
...     hand.push(move)
>>> hand.player, [str(c) for c in hand.piles["E"]], [str(c) for c in hand.hands[0]]
('Boris', ['8♣', '7♥'], ['6♠', '5♣'])
>>> penalty(parse_cards("KS 7D 2C"))
12
"""

from __future__ import annotations

from typing import Any, ClassVar

from referee.cards import Rank
from referee.engines.cards_left import CardsLeft, out_matches, read_left
from referee.engines.deals import Deal, Played, each_deal, over_before, scores_before
from referee.engines.game import Game, Option, Verdict, option_defaults, players_fact, rule_table
from referee.engines.house_rules import choice_option, count_option
from referee.engines.ledger import Ledger, settled
from referee.engines.penalty_end import Ended, penalty_end, penalty_verdict
from referee.engines.reader import Reader
from referee.engines.turn_lines import TurnWords, replay_turn_lines
from referee.engines.turns import TurnDuty
from referee.errors import NotationError
from referee.games.play.kings_corners import (
    CARD_PENALTY,
    CORNERS,
    DECK,
    KING_PENALTY,
    PILES,
    SIDES,
    EndTurn,
    KingsCornersHand,
    KingsMove,
    Play,
    Shift,
    first_seat,
    fits,
    left_penalty,
)
from referee.messages import Message, t, tn
from referee.notation import compass_point, parse_card
from referee.records.declared import Declared
from referee.records.hands import OnePlaceEach
from referee.records.move_text import places_moved
from referee.records.source import Document

PLAYER_COUNTS: tuple[int, ...] = (2, 3, 4)
HAND_SIZE = 7

OPTIONS: tuple[Option, ...] = (
    choice_option(
        "first_player",
        "dealer",
        t("First turn of a hand"),
        t("Who has the first turn of a hand."),
        ("dealer", t("the dealer"), t("The dealer (the source text).")),
        (
            "left_of_dealer",
            t("the player left of the dealer"),
            t("The player on the dealer's left (the original rules)."),
        ),
    ),
    choice_option(
        "end_when_out",
        False,
        t("The hand ends when the first player is out"),
        t("Whether the hand ends when the first player gets rid of his cards."),
        (
            False,
            t("no, the others play on"),
            t(
                "No (the source text): he scores nothing and drops out, and the others play on "
                "until one player is left holding cards or the hand is blocked."
            ),
        ),
        (True, t("yes, at once"), t("Yes (the original rules): the hand ends at once.")),
    ),
    choice_option(
        "kings_compulsory",
        False,
        t("A king must fill an empty corner"),
        t("Whether a player must put a king he holds into an empty corner before he draws."),
        (False, t("no"), t("No: every move is optional.")),
        (
            True,
            t("yes"),
            t("Yes: he may not end his turn while he holds a king and a corner is empty."),
        ),
    ),
    count_option(
        "target",
        50,
        t("Penalty points that end the game"),
        t("The total of penalty points that ends the game at the end of a hand."),
    ),
    choice_option(
        "losers",
        "highest",
        t("Who loses at the end"),
        t("Who loses when the game ends."),
        (
            "highest",
            t("the highest total"),
            t(
                "The player with the highest total among those at or over the target (several "
                "with the same highest total all lose)."
            ),
        ),
        ("all_at_target", t("everyone at the target"), t("Every player at or over the target.")),
    ),
)
TARGET = option_defaults(OPTIONS)["target"]
"""The penalty points that end the game, unless the table agrees otherwise."""


# -- reading a record --------------------------------------------------------------------------------------


def most_left(players: list[str], first: str, out: list[str], end_when_out: bool) -> dict[str, int]:
    """The most cards each player can hold when a hand ends: the cards dealt and the most he can have drawn.

    A turn ends with a draw while the stock lasts, except for a player who goes out. While nobody has
    left the turns, they go round in seat order from ``first``, so the stock is drawn round the table
    and the j-th player draws at most every N-th card from his place on: a hand that ends with nobody
    out has ended blocked, with the stock empty, and each drew exactly that. Once a player is out
    the others take his turns too, so a player can have drawn at most the whole stock less a card
    for each other player still holding cards (each drew on his first turn: the stock is larger
    than the table).

    >>> most_left(["Anna", "Boris", "Vera", "Gleb"], "Anna", [], False)
    {'Anna': 12, 'Boris': 12, 'Vera': 12, 'Gleb': 12}
    >>> most_left(["Anna", "Boris", "Vera"], "Boris", [], False)
    {'Anna': 16, 'Boris': 16, 'Vera': 16}
    >>> most_left(["Anna", "Boris", "Vera"], "Anna", ["Boris"], False)
    {'Anna': 33, 'Boris': 33, 'Vera': 33}
    """
    n = len(players)
    stock = len(DECK) - n * HAND_SIZE - len(SIDES)
    start = players.index(first)
    if not out or end_when_out:
        return {
            p: HAND_SIZE + max(0, -(-(stock - (i - start) % n) // n)) for i, p in enumerate(players)
        }
    holders = n - len(out)
    return dict.fromkeys(players, HAND_SIZE + stock - (holders - 1))


def read_pile(token: str) -> str:
    """A pile's name: N E S W NE SE SW NW, or the Russian and German compass letters.

    >>> read_pile("ne"), read_pile("ЮЗ"), read_pile("O")
    ('NE', 'SW', 'E')
    """
    key = compass_point(token)
    if key not in PILES:
        raise NotationError(
            t("{token!r} is not a pile: write N, E, S, W, NE, SE, SW or NW.", token=token),
            code="record.bad_pile",
            rule="layout",
        )
    return key


def read_move(token: str, notation: str) -> KingsMove:
    """One move of a turn: ``7♥ N`` (a card onto a pile) or ``W>N`` (a pile onto a pile).

    >>> str(read_move("7h n", "en")), str(read_move("W > N", "en")), str(read_move("Pik K SO", "de"))
    ('7♥ on N', 'W onto N', 'K♠ on SE')
    """
    text = token.strip()
    piles = places_moved(text)
    if piles is not None:
        return Shift(read_pile(piles[0]), read_pile(piles[1]))
    card_text, _, pile_text = text.rpartition(" ")
    if not card_text:
        raise NotationError(
            t(
                "{token!r} is not a move: write a card and a pile (7♥ N) or two piles (W>N).",
                token=token,
            ),
            code="record.bad_move",
            rule="turns",
        )
    return Play(parse_card(card_text.strip(), notation), read_pile(pile_text))


TURN_WORDS = TurnWords(
    "kings_corners",
    after_end=t("The hand was already over; turn {k} cannot follow."),
    ended=t("The hand ended before turn {k}, so it cannot be settled."),
    after_out=t("{player} went out with move {j}; his turn ended there."),
    broken=t("Turn {k} breaks a rule, so the hand cannot be settled; no points are scored."),
)
"""What ends a replay of a hand's turns early, in Kings Corners' words (:func:`replay_turn_lines`)."""


RECORD = Declared("kings-corners", "kings_corners:kings_corners_record", hand_size=HAND_SIZE)
"""What a Kings Corners record holds (:mod:`referee.records.fields`)."""


RULE_TABLE = rule_table("""
G7-S1 | Two to four players; 52 cards, ace low | record.player_count record.card_twice
G7-S2 | The aim: the fewest penalty points | claim
G7-S3 | The first dealer by lot; then the deal passes clockwise | deal.dealer_order
G7-S4 | Seven cards each; the rest is the stock | record.hand_size
G7-S5 | Four cards from the stock start the four sides | record.bad_pile
G7-S6 | The dealer has the first turn (option first_player) | play.out_of_turn
G7-S7 | A turn may hold any number of moves | unchecked: nothing is forbidden, so there is nothing to refuse
G7-S8 | A card from the player's hand goes on a pile if one rank lower and of the other colour
    | kings_corners.play kings_corners.hand
G7-S9 | Only a king may start a pile in an empty corner | (kings_corners.play)
G7-S10 | A whole pile may move onto another if its bottom card fits (see G7-A4) | (kings_corners.pile_move)
G7-S11 | Any card may fill an empty side | (kings_corners.play)
G7-S12 | A player who plays his last card is out; the others play on (option end_when_out)
    | claim kings_corners.after_out record.out_mismatch
G7-S13 | After playing, the player draws a card from the stock (see G7-A6) | (record.impossible_left)
G7-S14 | Cards may be played "from the centre" (see G7-A7) | (kings_corners.pile_move)
G7-S15 | The hand ends when nobody can or will play (see G7-A9) | kings_corners.after_end record.deal_unfinished
G7-S16 | Penalty points for cards left: a king 10, any other card 1 | claim (record.impossible_left)
G7-S17 | Play to 50; the first at 50 or more loses; the fewest points wins (option losers) | claim record.game_over
G7-A1 | The four starting cards go to the sides; the corners start empty | (kings_corners.play)
G7-A2 | The stock is face down | unchecked: whether the stock lies face up leaves no trace in a record
G7-A3 | The dealer's left has the first turn as a variant (option first_player) | (play.out_of_turn)
G7-A4 | A pile moves if its bottom card is one lower than the top of the target, of the other colour
    | kings_corners.pile_move
G7-A5 | An empty side may be filled with any card at any time | (kings_corners.play)
G7-A6 | Every turn ends with a draw, except when the stock is empty or the player went out | record.impossible_left
G7-A7 | A side pile with a king at the bottom may move to an empty corner | (kings_corners.pile_move)
G7-A8 | Going out: the player scores nothing and the others play on | claim
G7-A9 | A hand ends after a full round in which no card was played | claim (kings_corners.after_end)
G7-A10 | Every move is optional (option kings_compulsory) | kings_corners.kings_compulsory
G7-A11 | A player who went out scores 0 | claim
G7-A12 | The game ends at the end of the hand in which someone reaches the target | claim (record.game_over)
G7-A13 | Two to four players | (record.player_count)
""")
"""Every rule of Kings Corners: what enforces it, or why no record can show it (``referee rules``)."""


class KingsCorners(Game):
    """The referee for Kings Corners."""

    slug = "kings-corners"
    rule_table = RULE_TABLE
    claim_rule = "G7-S16"
    # A turn headed by a name not among the players is the record's shape (another player's move or card
    # is play.out_of_turn, G7-S6; a card the player does not hold is kings_corners.hand, G7-S8).
    ruleless_codes = frozenset({"record.wrong_player"})
    names: ClassVar[dict[str, str]] = {
        "en": "Kings Corners",
        "ru": "Короли в углах",
        "de": "Könige in den Ecken",
    }
    player_counts = PLAYER_COUNTS
    options = OPTIONS
    record = RECORD
    kind = t("layout game: descending piles, penalty points for the cards left")
    pitch = t(
        "Build piles down in alternating colours around the stock, kings in the corners, and get rid of "
        "your hand."
    )
    length = t("a few minutes a hand, to 50 penalty points")
    deck_size = len(DECK)

    def facts(self) -> list[tuple[Message, Any]]:
        """The numbers a page shows."""
        return [
            players_fact(PLAYER_COUNTS),
            (t("Cards"), t("{n} (ace to king in four suits)", n=self.deck_size)),
            (t("Cards per player"), HAND_SIZE),
            (
                t("Layout"),
                t(
                    "{sides} sides dealt face up beside the stock, {corners} corners for kings",
                    sides=len(SIDES),
                    corners=len(CORNERS),
                ),
            ),
            (t("Rank"), t("A 2 3 4 5 6 7 8 9 10 J Q K (lowest first)")),
            (
                t("Penalty points"),
                t("a king {king}, any other card {card}", king=KING_PENALTY, card=CARD_PENALTY),
            ),
            (
                t("Game"),
                tn(
                    "ends after the hand in which someone reaches {target} penalty point",
                    "ends after the hand in which someone reaches {target} penalty points",
                    TARGET,
                    target=TARGET,
                ),
            ),
        ]

    def duties(self, options: dict[str, Any]) -> list[TurnDuty]:
        """What the player to move may do (:meth:`KingsCornersHand.legal_moves`), each sentence with its test."""
        compulsory = options["kings_compulsory"]

        def cards(state: KingsCornersHand, legal: list[KingsMove]) -> bool:
            piles = state.piles
            want = {
                Play(c, name)
                for c in state.hands[state.to_move]
                for name in PILES
                if (
                    fits(c, piles[name][-1])
                    if piles[name]
                    else name in SIDES or c.rank is Rank.KING
                )
            }
            return {m for m in legal if isinstance(m, Play)} == want

        def shifts(state: KingsCornersHand, legal: list[KingsMove]) -> bool:
            piles = state.piles
            want = {
                Shift(s, name)
                for s in SIDES
                if piles[s]
                for name in PILES
                if name != s
                and (
                    fits(piles[s][0], piles[name][-1])
                    if piles[name]
                    else name in CORNERS and piles[s][0].rank is Rank.KING
                )
            }
            return {m for m in legal if isinstance(m, Shift)} == want

        def end(state: KingsCornersHand, legal: list[KingsMove]) -> bool:
            king_due = (
                compulsory
                and any(c.rank is Rank.KING for c in state.hands[state.to_move])
                and any(not state.piles[c] for c in CORNERS)
            )
            return (EndTurn() in legal) != king_due

        return [
            TurnDuty(
                t(
                    "Put cards from your hand on the piles, each one rank lower than the top card and of the "
                    "other colour; only a king starts an empty corner, any card fills an empty side."
                ),
                cards,
            ),
            TurnDuty(
                t(
                    "Move a whole side pile onto another pile when its bottom card fits there, or into an "
                    "empty corner when a king is at its bottom."
                ),
                shifts,
            ),
            TurnDuty(
                t(
                    "Before you end your turn, put a king you hold into an empty corner; then draw a card from "
                    "the stock if any is left."
                )
                if compulsory
                else t(
                    "End your turn when you like, then draw a card from the stock if any is left."
                ),
                end,
            ),
        ]

    def check(self, doc: Document) -> Verdict:
        """Validate, replay and score a Kings Corners record."""
        r = Reader(doc)
        players, options = r.header(self)
        ledger = Ledger(doc, scores_before(r, players))
        # Possible or exit 2: penalty points only grow, and the game ends at the end of the hand in which
        # somebody reaches the target; so 0 ≤ a running score < target for everyone.
        over_before(r, ledger.totals, options["target"])
        deals_value = r.sequence(("deals",))
        r.raise_if_any()
        ended: Ended | None = None
        for i, (result, dealer) in each_deal(
            r,
            deals_value,
            lambda i: settled(
                Deal.open(r, i, RECORD, ledger.findings, players),
                ledger,
                players,
                lambda deal, seat: (
                    self._full(deal, players, seat, options)
                    if deal.full
                    else self._summary(deal, players, seat, options)
                ),
                claim_minimum=0,
            ),
        ):  # penalty points are never below 0
            ledger.add(i, result, dealer)
            if ended is None:
                ended = penalty_end(ledger.totals, options["target"], options["losers"])
                ledger.over = ended is not None
        r.raise_if_any()
        return penalty_verdict(ledger, self.slug, options, options["target"], ended)

    def _summary(
        self,
        deal: Deal,
        players: list[str],
        dealer: int,
        options: dict[str, Any],
    ) -> tuple[dict[str, int], list[Message]] | None:
        """The hand's penalty points from the cards left, and their steps; None if the summary cannot be read or
        shows what no hand can end with."""
        r, left_path = deal.r, deal.at("left")
        left = read_left(r, left_path, players)
        if left is None:
            return None
        kings_total = sum(got.kings for got in left.values())
        cards_total = sum(got.size for got in left.values())
        holding = [p for p in players if left[p].size]
        out_now = [p for p in players if not left[p].size]
        limit = len(DECK) - len(SIDES)
        first = players[first_seat(dealer, len(players), options)]
        # Possible or exit 2 (left): the hands hold at most the four kings and the 48 cards not laid beside
        # the stock, each once (record.card_twice); somebody still holds cards, and with end_when_out only
        # one player is out; with kings_compulsory a blocked hand leaves no king in a hand (all
        # record.impossible_left), and a hand with two kings or more has had no turn; out names exactly the
        # players with nothing left (record.out_mismatch); the first player has had a turn.
        impossible = (  # what no hand can end with: whether the summary shows it, why, and the rule
            (
                kings_total > 4,
                t("The pack has four kings, but the hands hold {n}.", n=kings_total),
                "left",
            ),
            (
                cards_total > limit,
                t(
                    "The hands cannot hold more than {limit} cards (the four side cards never go "
                    "back to a hand), but they hold {n}.",
                    limit=limit,
                    n=cards_total,
                ),
                "left",
            ),
            (
                not holding,
                t(
                    "Somebody still holds cards when a hand ends: the last player holding cards stays in."
                ),
                "left",
            ),
            (
                options["end_when_out"] and len(out_now) > 1,
                t(
                    "With end_when_out the hand ends when the first player goes out, so only one player can have no "
                    "cards left, not {n}.",
                    n=len(out_now),
                ),
                "end_when_out",
            ),
            (
                options["kings_compulsory"]
                and kings_total > 0
                and len(holding) > 1
                and not (options["end_when_out"] and out_now),
                t(
                    "Two or more players still hold cards, so the hand ended blocked, after a round in which nobody "
                    "played; with kings_compulsory a king in a hand must go into an empty corner, so no hand can hold "
                    "one, but they hold {n}.",
                    n=kings_total,
                ),
                "kings_compulsory",
            ),
            (
                options["kings_compulsory"]
                and any(
                    got.kings > 1 and (got.size != HAND_SIZE or p == first)
                    for p, got in left.items()
                ),
                t(
                    "With kings_compulsory a player ends each turn with at most one king (the card he drew last), so a "
                    "hand with more kings has had no turn and holds the {n} cards dealt.",
                    n=HAND_SIZE,
                ),
                "kings_compulsory",
            ),
        )
        for shown, why, rule in impossible:
            if shown:
                r.fail(left_path, why, "record.impossible_left", rule)
        ok = not any(shown for shown, _, _ in impossible)
        for p, most in most_left(players, first, out_now, options["end_when_out"]).items():
            if left[p].size > most:
                r.fail(
                    left_path + (p,),
                    t(
                        "{player}: the record leaves {k} in this hand, but a hand holds at most "
                        "the cards dealt ({dealt}) and the cards drawn, and here at most {drawn} "
                        "can have been drawn.",
                        player=p,
                        k=left[p].size,
                        dealt=HAND_SIZE,
                        drawn=most - HAND_SIZE,
                    ),
                    "record.impossible_left",
                    "left",
                )
                ok = False
        if not out_matches(r, deal.at("out"), out_now) or not ok:
            return None
        scores = {p: left_penalty(left[p]) for p in players}
        return scores, [left[p].step(p, scores[p]) for p in players]

    def _full(
        self, deal: Deal, players: list[str], dealer: int, options: dict[str, Any]
    ) -> Played | None:
        """The hand replayed turn by turn: its penalty points, or None for them where it broke off (a
        rule broken, a wrong turn), and its steps; None if the record cannot be true."""
        r, n = deal.r, len(players)
        places = OnePlaceEach(r)
        entries = r.entries(deal.at("hands"), players)
        read = [places.read(p, HAND_SIZE, name) for name, p, _ in entries or []]
        hands = [h for h in read if h is not None]
        sides = places.read(deal.at("sides"), len(SIDES), "sides", is_player=False)
        stock = places.read(
            deal.at("stock"), len(DECK) - HAND_SIZE * n - len(SIDES), "stock", is_player=False
        )
        turns_value = r.sequence(deal.at("turns"))
        if (
            entries is None
            or len(hands) != n
            or sides is None
            or stock is None
            or turns_value is None
        ):
            return None
        state = KingsCornersHand.dealt(players, hands, sides, stock, dealer, options)
        steps: list[Message] = [
            tn(
                "{player} has the first turn; {n} turn checked one by one.",
                "{player} has the first turn; {n} turns checked one by one.",
                len(turns_value),
                player=players[state.to_move],  # the first turn: nothing is played yet
                n=len(turns_value),
            )
        ]
        replayed = replay_turn_lines(deal, state, turns_value, read_move, TURN_WORDS)
        if replayed is None:
            return None
        played, stopped = replayed
        if not played:
            return None, steps + stopped
        steps += state.turn_steps()
        outcome = state.outcome()
        if outcome is None:
            r.fail(
                deal.at("turns"),
                t(
                    "The turns end before the hand is over; {player} is still to play.",
                    player=state.player,
                ),
                "record.deal_unfinished",
                "end",
            )
            return None
        steps.append(outcome.reason)
        for s, p in enumerate(players):
            left = CardsLeft.of(state.hands[s])
            steps.append(left.step(p, left_penalty(left)))
        return dict(outcome.scores), steps


GAME = KingsCorners()
