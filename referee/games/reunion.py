"""Réunion (seed 002, game 2): three players, 32 cards, the right and left jacks, a dealer's discard.

The jack of trumps (the right jack) and the other jack of the same colour (the left jack) are the
two highest trumps and are worth 12 each; with the 10 for the last trick a deal is worth 150:

>>> from referee.cards import Suit
>>> from referee.games.deals.reunion import card_points, score_deal
>>> from referee.notation import parse_cards
>>> [card_points(c, Suit.SPADES) for c in parse_cards("JS JC JH AS 10D KC QH 9S")]
[12, 12, 2, 11, 10, 4, 3, 0]
>>> sum(card_points(c, Suit.HEARTS) for c in DECK) + LAST_TRICK
150

The discard counts for the dealer, unless he takes no trick; a player who takes no trick pays 15
to each other player. Before the penalties a deal adds up to 150 less any forfeited discard, and
the penalties add up to nothing:

>>> took = {"Anna": True, "Boris": True, "Vera": False}
>>> s = score_deal({"Anna": 80, "Boris": 54, "Vera": 0}, took, last="Boris", dealer="Vera", discard=[])
>>> s.before, s.penalties, s.scores
({'Anna': 80, 'Boris': 64, 'Vera': 0}, {'Anna': 15, 'Boris': 15, 'Vera': -30}, {'Anna': 95, 'Boris': 79, 'Vera': -30})

After three deals the highest total wins. Under the original settlement in units, everyone else
pays the winner 1 unit below 150 points, 2 below 100, 3 below 50 and 4 with none:

>>> [units_owed(p) for p in (150, 149, 100, 99, 50, 49, 1, 0)]
[0, 1, 1, 2, 2, 3, 3, 4]
>>> settle_units({"Anna": 210, "Boris": 140, "Vera": 90})[0]
{'Anna': 3, 'Boris': -1, 'Vera': -2}
"""

from __future__ import annotations

from typing import Any, ClassVar

from referee.cards import Rank
from referee.engines.deals import (
    Deal,
    each_deal,
)
from referee.engines.game import (
    Game,
    Option,
    Verdict,
    advance,
    players_fact,
    rule_table,
)
from referee.engines.house_rules import choice_option
from referee.engines.ledger import Ledger, leaders, pay
from referee.engines.reader import Reader
from referee.engines.trick_rules import TrickRules
from referee.games.deals.reunion import (
    CARD_POINTS,
    DECK,
    DECK_POINTS,
    DISCARD,
    HAND_SIZE,
    LAST_TRICK,
    LEFT_JACK_UNITS,
    PENALTY,
    PLAYERS,
    RULES,
    TRICKLESS_UNITS,
    TRICKS,
    TRUMP_JACK_POINTS,
    WIDOW,
    ReunionDeals,
    deals_once,
)
from referee.messages import Message, points_count, signed, t, tc, tn
from referee.records.declared import Declared
from referee.records.source import Document

PACKETS = (3, 4, 3)  # cards per player in each round of the deal
DEALS = PLAYERS  # a game: one deal per dealer
UNIT_STEPS: tuple[tuple[int, int], ...] = (
    (150, 1),
    (100, 2),
    (50, 3),
)  # below this total, pay this many units
UNITS_FOR_NOTHING = 4  # a player who ends the game with no points at all

OPTIONS: tuple[Option, ...] = (
    choice_option(
        "settlement",
        "points",
        t("Settlement"),
        t("How the deals and the game are settled."),
        (
            "points",
            t("in points"),
            t(
                "As the source: a player who takes no trick pays {penalty} points to each other "
                "player, and the highest total after the last deal wins.",
                penalty=PENALTY,
            ),
        ),
        (
            "original_units",
            t("in the old units"),
            t(
                "As the old German rules, in units (of money or chips); the points only rank "
                "the players. A player who takes no trick pays {trickless} unit to each other "
                "player. A player whose left jack falls to the right jack pays {left} unit to the "
                "player who took it. At the end everyone pays the winner {one} unit with fewer "
                "than {limit_one} points, {two} with fewer than {limit_two}, {three} with fewer "
                "than {limit_three} and {four} with no points at all.",
                trickless=TRICKLESS_UNITS,
                left=LEFT_JACK_UNITS,
                one=UNIT_STEPS[0][1],
                limit_one=UNIT_STEPS[0][0],
                two=UNIT_STEPS[1][1],
                limit_two=UNIT_STEPS[1][0],
                three=UNIT_STEPS[2][1],
                limit_three=UNIT_STEPS[2][0],
                four=UNITS_FOR_NOTHING,
            ),
        ),
    ),
)


DEAL_POINTS = DECK_POINTS + LAST_TRICK

RECORD = Declared("reunion", "reunion:reunion_record", DECK_POINTS, TRICKS, DEALS)
"""What a Réunion record holds (:mod:`referee.records.declarations.reunion`)."""


def units_owed(total: int) -> int:
    """The units a player with ``total`` points pays the winner at the end (original settlement)."""
    if total <= 0:
        return UNITS_FOR_NOTHING
    for limit, units in reversed(UNIT_STEPS):
        if total < limit:
            return units
    return 0


def settle_units(totals: dict[str, int]) -> tuple[dict[str, int], list[Message]]:
    """The end-of-game payments in units: everyone below the top pays each player with the top total."""
    _, winners = leaders(totals)
    units = dict.fromkeys(totals, 0)
    steps: list[Message] = []
    for p, total in totals.items():
        if p in winners:
            continue
        owed = units_owed(total)
        pay(units, p, winners, owed)
        if owed:
            if len(winners) == 1:
                steps.append(
                    tn(
                        "{player} has {points} and pays {n} unit to the winner, {winner}.",
                        "{player} has {points} and pays {n} units to the winner, {winner}.",
                        owed,
                        player=p,
                        points=points_count(total),
                        winner=winners[0],
                    )
                )
            else:
                steps.append(
                    tn(
                        "{player} has {points} and pays {n} unit to each winner: {winners}.",
                        "{player} has {points} and pays {n} units to each winner: {winners}.",
                        owed,
                        player=p,
                        points=points_count(total),
                        winners=winners,
                    )
                )
        else:
            steps.append(
                tn(
                    "{player} has {points} point and pays nothing.",
                    "{player} has {points} points and pays nothing.",
                    total,
                    player=p,
                    points=total,
                )
            )
    return units, steps


RULE_TABLE = rule_table("""
G2-R01 | Exactly three players; a pack of 32 cards, 7 to A
    | record.player_count record.deck_mismatch record.not_in_pack record.card_twice
G2-R02 | Plain suits, low to high: 7 8 9 J Q K 10 A | claim
G2-R03 | Trumps, high to low: right bower, left bower, A 10 K Q 9 8 7 | claim
G2-R04 | The left bower belongs to the trump suit | (play.revoke)
G2-R05 | The first dealer by lot; then each player deals in turn | record.dealer_twice deal.dealer_order
G2-R06 | Three, four, then three cards each: ten each, two left over | record.hand_size record.widow_size
G2-R07 | The upper spare card is turned up; its suit is trumps | record.trump_mismatch
G2-R08 | The dealer takes both spare cards | record.discard_not_held
G2-R09 | The dealer lays two cards away | record.discard_size
G2-R10 | No ace and no bower may be laid away | discard.forbidden_card
G2-R11 | The cards laid away count for the dealer | claim
G2-R12 | The player on the dealer's left leads | play.lead_out_of_turn
G2-R13 | Follow suit; if unable, trump; if unable, play any card | play.revoke play.must_trump (play.out_of_turn)
G2-R14 | The higher card takes the trick | claim
G2-R15 | All ten tricks are played | record.trick_count record.tricks_sum record.bad_tricks
G2-R16 | Card values: bowers 12, A 11, 10 10, K 4, Q 3, other jacks 2
    | claim record.points_sum record.points_impossible record.too_many_points record.points_without_tricks
    record.points_or_cards
G2-R17 | The last trick scores 10 more | claim record.last_trick_without_tricks
G2-R18 | A dealer who takes no trick loses the points laid away | claim
G2-R19 | A player who takes no trick pays 15 to each other player | claim
G2-R20 | After three deals, one by each player, the highest total wins | claim record.too_many_deals
G2-A01 | The trump suit has nine cards: the bowers, A 10 K Q 9 8 7 | claim
G2-A02 | The highest trump takes the trick, else the highest card of the suit led | claim
G2-A03 | The winner of a trick leads to the next | play.lead_not_winner
G2-A04 | The left bower is a trump for following, leading and the duty to trump | (play.must_trump)
G2-A05 | No duty to overtrump or to win the trick | unchecked: no such duty exists, so there is nothing to refuse
G2-A06 | The points laid away are lost, not given, when the dealer takes no trick | claim
G2-A07 | A dealer who takes no trick also pays the penalty | claim
G2-A08 | Two players without a trick each pay the penalty | claim
G2-A09 | The penalty is 15 points (option settlement: the original units) | claim
G2-A10 | Equal final totals share the win | claim
G2-A11 | Play and the deal go clockwise | play.out_of_turn
G2-A12 | The upper spare card is the one turned for trumps | (record.trump_mismatch)
G2-A13 | The original's settlement in units, with the left jack's payment (option settlement) | claim
G2-A14 | Tens may be laid away | unchecked: allowed, so there is nothing to refuse
G2-A15 | A turned jack is the right bower and goes into the dealer's hand | (record.points_impossible)
""")
"""Every rule of Réunion: what enforces it, or why no record can show it (``referee rules``)."""


class Reunion(ReunionDeals, Game):
    """The referee for Réunion."""

    slug = "reunion"
    rule_table = RULE_TABLE
    claim_rule = "G2-R16"
    names: ClassVar[dict[str, str]] = {"en": "Réunion", "ru": "Реюньон", "de": "Reunion"}
    player_counts = (PLAYERS,)
    options = OPTIONS
    record = RECORD
    kind = t("point-trick game, each player for himself")
    pitch = t(
        "Three players fight for card points, with two jacks of one colour reunited at the top of the trumps."
    )
    length = t("three deals, about half an hour")
    deck_size = len(DECK)
    example_fields = (
        ("turned", t("Turned card"), "card"),
        ("widow", t("Widow (the turned card first)"), "cards"),
        ("discard", t("Discard"), "cards"),
        ("last_trick", t("Last trick"), "name"),
    )

    def facts(self) -> list[tuple[Message, Any]]:
        """The numbers a page shows."""
        return [
            players_fact(self.player_counts),
            (t("Cards"), t("{n} (7 to ace in four suits)", n=self.deck_size)),
            (
                t("Deal"),
                t(
                    "{packets} cards at a time, clockwise: {n} each",
                    packets="–".join(map(str, PACKETS)),
                    n=HAND_SIZE,
                ),
            ),
            (
                t("Widow"),
                t(
                    "{widow} cards, the top one turned up for trumps; the dealer takes both and discards "
                    "{discard}",
                    widow=WIDOW,
                    discard=DISCARD,
                ),
            ),
            (t("The discard may not hold"), t("an ace or either trump jack")),
            (t("Trumps"), t("the suit of the turned-up card")),
            (t("First lead"), t("the player on the dealer's left")),
            (t("Rank in trumps"), t("right jack, left jack, A 10 K Q 9 8 7 (highest first)")),
            (t("Rank in the other suits"), t("A 10 K Q J 9 8 7 (highest first)")),
            (
                t("Card points"),
                [
                    t("right and left jack {points}", points=TRUMP_JACK_POINTS),
                    *(
                        t("{rank} {points}", rank=r, points=v)
                        for r, v in CARD_POINTS.items()
                        if r is not Rank.JACK
                    ),
                    t("the other two jacks {points}", points=CARD_POINTS[Rank.JACK]),
                    t("9, 8, 7: nothing"),
                ],
            ),
            (
                t("Last trick"),
                tn("{points} point", "{points} points", LAST_TRICK, points=LAST_TRICK),
            ),
            (
                t("Points in a deal"),
                t(
                    "{cards} in the cards + {last} for the last trick = {total}",
                    cards=DECK_POINTS,
                    last=LAST_TRICK,
                    total=DEAL_POINTS,
                ),
            ),
            (
                t("A player who takes no trick"),
                tn(
                    "pays {points} point to each other player",
                    "pays {points} points to each other player",
                    PENALTY,
                    points=PENALTY,
                ),
            ),
            (
                tc("facts: the whole game", "Game"),
                tn(
                    "{n} deal, one for each player; the highest total wins",
                    "{n} deals, one for each player; the highest total wins",
                    DEALS,
                ),
            ),
        ]

    def trick_rules(self, options: dict[str, Any]) -> TrickRules:
        """The trick rules in force with ``options``."""
        return RULES

    def check(self, doc: Document) -> Verdict:
        """Validate, replay and score a Réunion record."""
        r = Reader(doc)
        players, options = r.header(self)
        deals_value = r.sequence(("deals",))
        if deals_value is not None and len(deals_value) > DEALS:
            r.fail(
                ("deals",),
                t(
                    "A game is {n} deals, one for each dealer, but this record lists {count}; write "
                    "each game in a record of its own.",
                    n=DEALS,
                    count=len(deals_value),
                ),
                "record.too_many_deals",
                "game",
            )
        r.raise_if_any()
        settlement = options["settlement"]
        ledger = Ledger(doc, dict.fromkeys(players, 0))
        units = dict.fromkeys(players, 0)
        dealt: dict[int, int] = {}  # dealer's seat -> the deal he dealt, from 1
        for i, (result, score, dealer) in each_deal(
            r,
            deals_value,
            lambda i: self._deal(
                Deal.open(r, i, RECORD, ledger.findings), ledger, players, settlement
            ),
        ):
            deals_once(r, dealt, i, dealer, players)
            ledger.add(i, result, dealer)
            units = advance(units, score.units)
        r.raise_if_any()
        results, totals = ledger.results, ledger.totals
        if len(results) < DEALS:
            termination = tn(
                "{n} deal of {total} played; the game goes on.",
                "{n} deals of {total} played; the game goes on.",
                len(results),
                total=DEALS,
            )
            return ledger.verdict(self.slug, options, None, termination, "in_progress")
        best, winners = leaders(totals)
        if settlement == "original_units":
            end_units, end_steps = settle_units(totals)
            steps = [
                t(
                    "Units from the deals: {units}.",
                    units=[f"{p} {signed(units[p])}" for p in players],
                ),
                *end_steps,
            ]
            units = advance(units, end_units)
            steps.append(
                t("Units in all: {units}.", units=[f"{p} {signed(units[p])}" for p in players])
            )
            results[-1].steps.extend(steps)
        if len(winners) == 1:
            termination = tn(
                "After {n} deal {player} has the highest total, {points}, and wins.",
                "After {n} deals {player} has the highest total, {points}, and wins.",
                DEALS,
                player=winners[0],
                points=best,
            )
            return ledger.verdict(self.slug, options, winners[0], termination, "game_over")
        termination = tn(
            "After {n} deal {players} have the same highest total, {points}, and share the win.",
            "After {n} deals {players} have the same highest total, {points}, and share the win.",
            DEALS,
            players=winners,
            points=best,
        )
        return ledger.verdict(self.slug, options, None, termination, "shared_win")

    # Reading the parts of a deal -------------------------------------------------------------------------------


GAME = Reunion()
