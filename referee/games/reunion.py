"""Réunion (seed 002, game 2): three players, 32 cards, the right and left jacks, a dealer's discard.

The jack of trumps (the right jack) and the other jack of the same colour (the left jack) are the
two highest trumps and are worth 12 each; with the 10 for the last trick a deal is worth 150:

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

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar

from referee.cards import Card, Rank, Suit, deck
from referee.engines.bowers import bowers, is_bower, left_bower_captures
from referee.engines.deals import (
    Deal,
    deals_once,
    each_deal,
    parsed,
    read_suit,
    take_widow,
    trump_from,
    whole_pack,
    with_params,
)
from referee.engines.game import (
    DealResult,
    Game,
    Option,
    Verdict,
    advance,
    players_fact,
    rule_table,
)
from referee.engines.ledger import Ledger, leaders, pay
from referee.engines.points_taken import PointPack, Taken, pack_cards, read_taken, taken_possible
from referee.engines.reader import Reader
from referee.engines.replay import read_hands
from referee.engines.trick_rules import TrickRules
from referee.messages import Message, points_count, signed, t, tc, tn
from referee.notation import parse_card
from referee.records.declarations.reunion import reunion_record
from referee.records.source import Document, Path

PLAYERS = 3
HAND_SIZE = 10
PACKETS = (3, 4, 3)  # cards per player in each round of the deal
WIDOW = 2  # the cards left over after the deal; the dealer takes them
DISCARD = 2  # and lays this many away
TRICKS = HAND_SIZE
DEALS = PLAYERS  # a game: one deal per dealer
DECK: tuple[Card, ...] = tuple(deck(low=Rank.SEVEN))
PLAIN_ORDER: tuple[Rank, ...] = (
    Rank.SEVEN,
    Rank.EIGHT,
    Rank.NINE,
    Rank.JACK,
    Rank.QUEEN,
    Rank.KING,
    Rank.TEN,
    Rank.ACE,
)
# Without the jacks: both trump jacks rank above the ace (the engine's bowers), the other two stay in their suits.
TRUMP_ORDER: tuple[Rank, ...] = (
    Rank.SEVEN,
    Rank.EIGHT,
    Rank.NINE,
    Rank.QUEEN,
    Rank.KING,
    Rank.TEN,
    Rank.ACE,
)
RULES = TrickRules(PLAIN_ORDER, TRUMP_ORDER, must_trump=True, bowers=True)

TRUMP_JACK_POINTS = 12
CARD_POINTS: dict[Rank, int] = {
    Rank.ACE: 11,
    Rank.TEN: 10,
    Rank.KING: 4,
    Rank.QUEEN: 3,
    Rank.JACK: 2,
}
LAST_TRICK = 10
PENALTY = 15  # paid by a player who takes no trick to each other player
FORBIDDEN_DISCARD = (Rank.ACE,)  # besides both trump jacks
UNIT_STEPS: tuple[tuple[int, int], ...] = (
    (150, 1),
    (100, 2),
    (50, 3),
)  # below this total, pay this many units
UNITS_FOR_NOTHING = 4  # a player who ends the game with no points at all
TRICKLESS_UNITS = 1
LEFT_JACK_UNITS = 1

OPTIONS: tuple[Option, ...] = (
    Option(
        "settlement",
        "points",
        ("points", "original_units"),
        help=t("How the deals and the game are settled."),
        choice_help={
            "points": t(
                "As the source: a player who takes no trick pays {penalty} points to each other "
                "player, and the highest total after the last deal wins.",
                penalty=PENALTY,
            ),
            "original_units": t(
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
        },
        label=t("Settlement"),
        choice_labels={"points": t("in points"), "original_units": t("in the old units")},
    ),
)


def card_points(card: Card, trump: Suit) -> int:
    """What a card counts for the player who takes it."""
    if is_bower(card, trump):
        return TRUMP_JACK_POINTS
    return CARD_POINTS.get(card.rank, 0)


def points_of(cards: Iterable[Card], trump: Suit) -> int:
    """The card points of several cards."""
    return sum(card_points(c, trump) for c in cards)


DECK_POINTS = points_of(DECK, Suit.CLUBS)
DEAL_POINTS = DECK_POINTS + LAST_TRICK

RECORD = reunion_record(DECK_POINTS, TRICKS, DEALS)
"""What a Réunion record holds (:mod:`referee.records.declarations.reunion`)."""

NOT_IN_PACK = t("{cards} are not in this pack, which has the cards from 7 to ace.")
POINT_PACK = PointPack(DECK, card_points, DECK_POINTS, TRICKS, PLAYERS, NOT_IN_PACK)
"""The pack as a summary's ``taken`` needs it (:mod:`referee.engines.points_taken`)."""


def discard_faults(discard: Iterable[Card], trump: Suit) -> list[Card]:
    """The cards the dealer may not lay away: aces and both trump jacks.

    >>> from referee.notation import parse_cards
    >>> [str(c) for c in discard_faults(parse_cards("10S AH JC KD"), Suit.SPADES)]
    ['A♥', 'J♣']
    """
    return [c for c in discard if c.rank in FORBIDDEN_DISCARD or is_bower(c, trump)]


@dataclass
class DealScore:
    """One deal's score in parts, so that the invariants can be seen (and tested)."""

    before: dict[str, int]
    """Card points in tricks, the last trick and the discard: 150, less a forfeited discard."""
    penalties: dict[str, int]
    """The points for taking no trick (settlement ``points``); they add up to nothing."""
    units: dict[str, int]
    """Unit payments of the deal (settlement ``original_units``); they add up to nothing."""
    steps: list[Message] = field(default_factory=list)

    @property
    def scores(self) -> dict[str, int]:
        """The deal's scores: the points with the penalties."""
        return {p: self.before[p] + self.penalties[p] for p in self.before}


def score_deal(
    points: dict[str, int],
    took: dict[str, bool],
    last: str,
    dealer: str,
    discard: Sequence[Card],
    trump: Suit = Suit.CLUBS,
    settlement: str = "points",
    left_jack: Sequence[tuple[int, str, str]] | None = (),
    counted: dict[str, list[Card]] | None = None,
) -> DealScore:
    """Score one deal from what a scoresheet knows.

    ``points``: card points taken in tricks per player (in seating order); ``took``: whether each
    took a trick; ``last``: who took the last trick; ``discard``: the dealer's two cards;
    ``left_jack``: (trick, loser, taker) when the right jack took the left jack (None: not known,
    as in a summary); ``counted``: the counting cards a summary listed, for the explanation.

    Two players without a trick each pay each other player, so the third gains twice:

    >>> took = {"Anna": True, "Boris": False, "Vera": False}
    >>> discard = [Card(Rank.TEN, Suit.HEARTS), Card(Rank.SEVEN, Suit.HEARTS)]
    >>> score_deal({"Anna": 130, "Boris": 0, "Vera": 0}, took, "Anna", "Anna", discard).scores
    {'Anna': 180, 'Boris': -15, 'Vera': -15}
    """
    players = list(points)
    discard_value = points_of(discard, trump)
    steps: list[Message] = []
    before = dict(points)
    for p in players:
        if counted is not None and counted.get(p):
            steps.append(
                tn(
                    "{player} took {cards}: {points} card point.",
                    "{player} took {cards}: {points} card points.",
                    points[p],
                    player=p,
                    cards=counted[p],
                    points=points[p],
                )
            )
        else:
            steps.append(
                tn(
                    "{player}: {points} card point in tricks.",
                    "{player}: {points} card points in tricks.",
                    points[p],
                    player=p,
                    points=points[p],
                )
            )
    before[last] += LAST_TRICK
    steps.append(t("Last trick: {player}, +{bonus}.", player=last, bonus=LAST_TRICK))
    if took[dealer]:
        before[dealer] += discard_value
        steps.append(
            t(
                "The discard ({cards}) is worth {points}; it counts for the dealer, {player}.",
                cards=list(discard),
                points=discard_value,
                player=dealer,
            )
        )
    else:
        steps.append(
            t(
                "The discard ({cards}) is worth {points}, but the dealer, {player}, took no trick, so it "
                "counts for nobody.",
                cards=list(discard),
                points=discard_value,
                player=dealer,
            )
        )
    shown = [f"{p} {before[p]}" for p in players]
    if settlement == "original_units":  # no penalty points: these are the deal's scores
        steps.append(
            t(
                "Points of the deal: {scores}; together {sum}.",
                scores=shown,
                sum=sum(before.values()),
            )
        )
    else:
        steps.append(
            t("Before penalties: {scores}; together {sum}.", scores=shown, sum=sum(before.values()))
        )
    penalties = dict.fromkeys(players, 0)
    units = dict.fromkeys(players, 0)
    trickless = [p for p in players if not took[p]]
    for p in trickless:
        others = [q for q in players if q != p]
        if settlement == "original_units":
            pay(units, p, others, TRICKLESS_UNITS)
            steps.append(
                tn(
                    "{player} took no trick and pays {n} unit to each other player.",
                    "{player} took no trick and pays {n} units to each other player.",
                    TRICKLESS_UNITS,
                    player=p,
                )
            )
        else:
            pay(penalties, p, others, PENALTY)
            steps.append(
                tn(
                    "{player} took no trick and pays {penalty} point to each other player.",
                    "{player} took no trick and pays {penalty} points to each other player.",
                    PENALTY,
                    player=p,
                    penalty=PENALTY,
                )
            )
    if settlement == "original_units":
        steps.extend(_left_jack_steps(units, left_jack))
        if any(units.values()):
            steps.append(
                t(
                    "Units of this deal: {units}.",
                    units=[f"{p} {signed(units[p])}" for p in players],
                )
            )
    return DealScore(before, penalties, units, steps)


def _left_jack_steps(
    units: dict[str, int], left_jack: Sequence[tuple[int, str, str]] | None
) -> list[Message]:
    if left_jack is None:
        return [
            t(
                "A summary does not show whether the right jack took the left jack, so that payment is not "
                "settled here."
            )
        ]
    steps = []
    for trick, loser, taker in left_jack:
        pay(units, loser, [taker], LEFT_JACK_UNITS)
        steps.append(
            tn(
                "Trick {trick}: the right jack of {taker} takes the left jack of {player}, who pays {taker} "
                "{n} unit.",
                "Trick {trick}: the right jack of {taker} takes the left jack of {player}, who "
                "pays {taker} {n} units.",
                LEFT_JACK_UNITS,
                trick=trick,
                taker=taker,
                player=loser,
            )
        )
    return steps


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


@dataclass
class DealFacts:
    """What decides a deal's score, read from a summary or replayed from a full play."""

    trump: Suit
    turned: Card | None
    discard: list[Card]
    points: dict[str, int]
    took: dict[str, bool]
    last: str
    left_jack: list[tuple[int, str, str]] | None
    counted: dict[str, list[Card]] | None
    steps: list[Message]


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


class Reunion(Game):
    """The referee for Réunion."""

    slug = "reunion"
    rule_table = RULE_TABLE
    claim_rule = "G2-R16"  # what a deal scores: the rule a disagreeing claim breaks
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

    def _deal(
        self,
        deal: Deal | None,
        ledger: Ledger,
        players: list[str],
        settlement: str,
    ) -> tuple[DealResult, DealScore, int] | None:
        if deal is None:
            return None
        r = deal.r
        dealer_name = r.name(deal.at("dealer"), players)
        trump_given = read_suit(r, deal.at("trump"), required=False)
        claim = deal.claim(players)
        if deal.full:
            facts = (
                None
                if dealer_name is None
                else self._full_play(deal, players, dealer_name, trump_given)
            )
        else:
            facts = self._summary(r, deal.path, players, trump_given, dealer_name)
        if facts is None or dealer_name is None:
            return None
        dealer = players.index(dealer_name)
        ledger.check_dealer(deal, players, dealer)
        faults = discard_faults(facts.discard, facts.trump)
        if faults:
            deal.warn(
                "discard.forbidden_card",
                ("discard",),
                t(
                    "{player} discards {cards}, but the discard may hold "
                    "no ace and neither trump jack.",
                    player=dealer_name,
                    cards=faults,
                ),
                "error",
            )
        score = score_deal(
            facts.points,
            facts.took,
            facts.last,
            dealer_name,
            facts.discard,
            facts.trump,
            settlement,
            facts.left_jack,
            facts.counted,
        )
        steps = [trump_step(facts.trump, facts.turned), *facts.steps, *score.steps]
        return deal.result(score.scores, steps, claim), score, dealer

    # Reading the parts of a deal -------------------------------------------------------------------------------

    def _discard(self, r: Reader, path: Path) -> list[Card] | None:
        discard = pack_cards(r, path + ("discard",), DECK_SET, NOT_IN_PACK)
        if discard is not None and len(discard) != DISCARD:
            r.fail(
                path + ("discard",),
                t("The dealer discards {n} cards, not {count}.", n=DISCARD, count=len(discard)),
                "record.discard_size",
                "discard",
            )
            return None
        return discard

    def _summary(
        self,
        r: Reader,
        path: Path,
        players: list[str],
        trump_given: Suit | None,
        dealer: str | None,
    ) -> DealFacts | None:
        # Possible or exit 2: each player deals once (record.dealer_twice); trumps are any suit, a turned
        # card a card of the pack in it (record.not_in_pack, record.trump_mismatch); the discard is two
        # cards of the pack (record.discard_size; an ace or a trump jack in it is a finding). Tricks are
        # 0 to 10, or only whether any, and make 10 (record.tricks_sum); nobody without a trick has points
        # or the last trick (record.points_without_tricks, record.last_trick_without_tricks); points and
        # discard make 140 (record.points_sum), shared out of the counting cards outside the discard, at
        # most three a trick; a turned jack not discarded wins a trick of the dealer's, 12 points or more
        # (record.points_impossible).
        trump, turned = self._summary_trump(r, path, trump_given)
        discard = self._discard(r, path)
        last = r.name(path + ("last_trick",), players)
        taken = read_taken(r, path + ("taken",), players, trump, discard or [], POINT_PACK)
        if trump is None or discard is None or last is None or taken is None:
            return None
        points, took, counted = taken.points, taken.took, taken.counted
        ok = True
        if not took[last]:
            r.fail(
                path + ("last_trick",),
                t("{player} took no trick, so cannot have taken the last trick.", player=last),
                "record.last_trick_without_tricks",
                "last_trick",
            )
            ok = False
        total = sum(points.values()) + points_of(discard, trump)
        if total != DECK_POINTS:
            r.fail(
                path + ("taken",),
                t(
                    "The card points taken ({taken}) and the discard ({discard}) must add up to "
                    "{total}, not {sum}.",
                    taken=sum(points.values()),
                    discard=points_of(discard, trump),
                    total=DECK_POINTS,
                    sum=total,
                ),
                "record.points_sum",
                "points",
            )
            ok = False
        if turned is not None and dealer is not None:
            ok = self._turned_jack(r, path + ("taken",), dealer, turned, discard, taken) and ok
        jack = (
            {dealer: turned}
            if turned is not None and dealer is not None and turned.rank is Rank.JACK
            else None
        )
        if not ok or not taken_possible(
            r, path + ("taken",), players, trump, discard, taken, POINT_PACK, jack
        ):
            return None
        return DealFacts(
            trump,
            turned,
            discard,
            points,
            took,
            last,
            None,
            counted if any(counted.values()) else None,
            [],
        )

    @staticmethod
    def _turned_jack(
        r: Reader, path: Path, dealer: str, turned: Card, discard: list[Card], taken: Taken
    ) -> bool:
        """A turned jack is the right jack, and the dealer takes it up with the widow; unless he lays it
        away (a broken rule, reported as such) he must play it, and nothing beats it. So he takes its
        trick and its card points, and nobody else takes it (G2-A15)."""
        if turned.rank is not Rank.JACK or turned in discard:
            return True
        ok = True
        for player, cards in taken.listed.items():
            if player != dealer and cards and turned in cards:
                r.fail(
                    path + (taken.keys[player], "cards"),
                    t(
                        "The turned card, {card}, went into the dealer's hand; it is the right "
                        "jack, so it won the trick "
                        "{dealer} played it to, and {player} cannot have taken it.",
                        card=turned,
                        dealer=dealer,
                        player=player,
                    ),
                    "record.points_impossible",
                    "points",
                )
                ok = False
        held = taken.listed[dealer]
        left_out = held is not None and turned not in held
        if left_out or not taken.took[dealer] or taken.points[dealer] < TRUMP_JACK_POINTS:
            r.fail(
                path + (taken.keys[dealer],),
                t(
                    "The turned card, {card}, went into the dealer's hand; it is the right "
                    "jack, so when {player} played "
                    "it, it won its trick: he took at least one trick, and {card} ({points} card points) with it.",
                    card=turned,
                    player=dealer,
                    points=TRUMP_JACK_POINTS,
                ),
                "record.points_impossible",
                "points",
            )
            ok = False
        return ok

    def _summary_trump(
        self, r: Reader, path: Path, trump_given: Suit | None
    ) -> tuple[Suit | None, Card | None]:
        """Trumps from ``trump`` or the ``turned`` card (which must agree); (None, None) if neither is usable."""
        turned_path = path + ("turned",)
        if r.get(turned_path) is None:
            if trump_given is None and r.get(path + ("trump",)) is None:
                r.fail(
                    path + ("trump",), t("A deal must name the trump suit."), "record.missing_field"
                )
            return trump_given, None
        turned = parsed(r, turned_path, parse_card)
        if turned is None:
            return None, None
        if turned not in DECK_SET:
            r.fail(
                turned_path, with_params(NOT_IN_PACK, cards=[turned]), "record.not_in_pack", "deal"
            )
            return None, None
        trump = trump_from(r, path + ("trump",), turned, trump_given, TURNED_MISMATCH)
        return (trump, turned) if trump is not None else (None, None)

    def _full_play(
        self,
        deal: Deal,
        players: list[str],
        dealer_name: str,
        trump_given: Suit | None,
    ) -> DealFacts | None:
        r = deal.r
        hands = read_hands(r, deal.at("hands"), players, HAND_SIZE)
        widow = pack_cards(r, deal.at("widow"), DECK_SET, NOT_IN_PACK)
        discard = self._discard(r, deal.path)
        if hands is None or widow is None or discard is None:
            return None
        if len(widow) != WIDOW:
            r.fail(
                deal.at("widow"),
                t(
                    "The widow is the {n} cards left over after the deal, the turned card first, "
                    "not {count}.",
                    n=WIDOW,
                    count=len(widow),
                ),
                "record.widow_size",
                "deal",
            )
            return None
        if not whole_pack(
            r,
            deal.at("widow"),
            [c for h in hands for c in h] + widow,
            DECK,
            t(
                "The hands and the widow must be the {n} cards from 7 to ace, each once (missing: {missing}; not in "
                "this pack: {foreign}; twice: {doubled})."
            ),
        ):
            return None
        dealer = players.index(dealer_name)
        turned = widow[0]
        trump = trump_from(r, deal.at("trump"), turned, trump_given, TURNED_MISMATCH)
        if trump is None:
            return None
        play_hands, not_held = take_widow(hands, dealer, widow, discard)
        if not_held:
            r.fail(
                deal.at("discard"),
                t(
                    "{player} discards from his hand and the widow, and {cards} are in neither.",
                    player=dealer_name,
                    cards=not_held,
                ),
                "record.discard_not_held",
                "discard",
            )
            return None
        steps: list[Message] = []
        replay = deal.replay(RULES, play_hands, players, (dealer + 1) % PLAYERS, trump, steps)
        if replay is None:
            return None
        won = replay.tricks_won(PLAYERS)
        points = {players[s]: points_of(replay.won_by(s), trump) for s in range(PLAYERS)}
        took = {players[s]: won[s] > 0 for s in range(PLAYERS)}
        steps.append(
            t("Tricks: {tricks}.", tricks=[f"{players[s]} {won[s]}" for s in range(PLAYERS)])
        )
        owner = {c: s for s, h in enumerate(play_hands) for c in h}
        left_jack = left_bower_captures(replay.tricks, owner, trump, players)
        last = players[replay.tricks[-1].winner]
        return DealFacts(trump, turned, discard, points, took, last, left_jack, None, steps)


def trump_step(trump: Suit, turned: Card | None) -> Message:
    """The first step of a deal's explanation: trumps and the two trump jacks."""
    right, left = bowers(trump)
    if turned is None:
        return t(
            "Trumps: {suit}. The right jack is {right}, the left jack {left}.",
            suit=trump,
            right=right,
            left=left,
        )
    return t(
        "The turned card, {card}, makes {suit} trumps. The right jack is {right}, the left jack {left}.",
        card=turned,
        suit=trump,
        right=right,
        left=left,
    )


DECK_SET = frozenset(DECK)
TURNED_MISMATCH = t("The turned card is {card}, so trumps are {suit}, not {given}.")
GAME = Reunion()
