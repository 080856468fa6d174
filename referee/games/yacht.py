"""Yacht (seed 004, by Drew Brokke): 3–5 players, each for himself, 52 cards less some non-trump 3s.

Every player bids a *start* and a *goal* number. He moves one step up for each trick he takes and
one step down for each trick he does not take; the nearer he ends to his goal, the more he scores:

>>> ordinary_points(start=0, goal=-5, taken=4, total=13)      # 0 + 4 − 9 = −5: on the goal
(-5, 0, 100)
>>> ordinary_points(start=3, goal=1, taken=8, total=13)       # 3 + 8 − 5 = 6: five steps away
(6, 5, 50)

Thirteen Under (take no trick) and Lucky Thirteen Under (the same, with double stakes):

>>> under_points(0, lucky=False), under_points(2, lucky=False), under_points(0, lucky=True), under_points(1, True)
(200, -200, 400, -400)

The seed's auction and trick-count table cannot be played as written; DECISIONS.md (``yacht``)
restores the original's bids and scoring and keeps the seed's rules of play as defaults.
"""

from __future__ import annotations

from dataclasses import dataclass
from math import gcd
from typing import Any, ClassVar

from referee.cards import SUITS, Card, Rank, Suit, deck
from referee.engines.deals import (
    Deal,
    card_of_suit,
    each_deal,
    each_entry,
    over_before,
    parsed,
    read_suit,
    rest_of_pack,
    scores_before,
    scores_in_units,
    trumps_dealt,
    whole_pack,
)
from referee.engines.game import (
    DealResult,
    Game,
    Option,
    Verdict,
    by_players,
    must_trump_option,
    players_fact,
    rule_table,
    target_fact,
)
from referee.engines.ledger import Ledger, goes_on, highest_over, level_over, reached
from referee.engines.reader import Reader
from referee.engines.replay import read_hands
from referee.engines.trick_counts import trick_counts
from referee.engines.trick_rules import ORDER_2_TO_A, TrickRules
from referee.messages import Message, t, tn
from referee.notation import parse_cards
from referee.records.declarations.yacht import yacht_record
from referee.records.field_types import (
    Choice,
    chosen,
)
from referee.records.source import Document, Path

DECK: tuple[Card, ...] = tuple(deck())
HAND_SIZES: dict[int, int] = {3: 17, 4: 13, 5: 10}
"""Cards per player, which is also the number of tricks in a deal."""
REMOVED_COUNT: dict[int, int] = {3: 1, 4: 0, 5: 2}
"""How many non-trump 3s leave the pack, so that it divides evenly (51 = 3 × 17, 50 = 5 × 10)."""
REMOVAL_ORDER: tuple[Suit, ...] = SUITS  # ♣ ♦ ♥ ♠: this edition's default choice of the 3s that go
BEST = 100  # points for ending exactly on the goal
ORDINARY, THIRTEEN_UNDER, LUCKY = "ordinary", "thirteen-under", "lucky-thirteen-under"
BID_EXAMPLE = "{start: 0, goal: -5}"
SPECIAL_BIDS = Choice(
    (THIRTEEN_UNDER, LUCKY),
    ignore_case=True,
    loose_separators=True,
    labels={THIRTEEN_UNDER: t("Thirteen Under"), LUCKY: t("Lucky Thirteen Under")},
)
"""The special bids, however the table spells them (case, ``_`` or spaces)."""

OPTIONS: tuple[Option, ...] = (
    must_trump_option(
        True,
        t("He must play a trump if he has one (the source)."),
        t("He may trump or throw any card (Brokke's original rule)."),
    ),
    Option(
        "trump_breaking",
        False,
        (False, True),
        help=t("Whether a trump may be led before trumps are broken."),
        choice_help={
            False: t("Any card may be led at any time (the source)."),
            True: t(
                "No trump may be led until a trump has been played to a lead of another suit, "
                "unless the leader holds only trumps (Brokke's original rule)."
            ),
        },
        label=t("Leading trumps"),
        choice_labels={False: t("at any time"), True: t("only once trumps are broken")},
    ),
    Option(
        "target",
        500,
        minimum=1,
        help=t("The points a player needs to win the game (1000 for a long game)."),
        label=t("Points to win"),
    ),
    Option(
        "distance_step",
        10,
        minimum=1,
        help=t(
            "Points an ordinary bid loses, from 100, for each step between the final number and the goal."
        ),
        label=t("Points lost per step from the goal"),
    ),
    Option(
        "thirteen_under_points",
        200,
        minimum=1,
        help=t("What Thirteen Under wins when its bidder takes no trick, and loses otherwise."),
        label=t("Thirteen Under is worth"),
    ),
    Option(
        "lucky_multiplier",
        2,
        minimum=1,
        help=t("Lucky Thirteen Under wins or loses this many times the points of Thirteen Under."),
        label=t("Lucky Thirteen Under counts (times)"),
    ),
)
DEFAULTS: dict[str, Any] = {o.name: o.default for o in OPTIONS}
RULES: dict[tuple[bool, bool], TrickRules] = {
    (must, breaking): TrickRules(ORDER_2_TO_A, must_trump=must, trump_breaking=breaking)
    for must in (True, False)
    for breaking in (True, False)
}

RECORD = yacht_record(hand_sizes=HAND_SIZES, special_bids=SPECIAL_BIDS)
"""What a Yacht record holds (:mod:`referee.records.fields`)."""


@dataclass(frozen=True)
class Bid:
    """One player's bid: an ordinary bid (a start and a goal number), or one of the two special bids."""

    kind: str
    start: int = 0
    goal: int = 0


def final_number(start: int, taken: int, total: int) -> int:
    """Where a player ends: one step up per trick taken, one step down per trick not taken.

    >>> final_number(0, 0, 13), final_number(10, 17, 17), final_number(-2, 5, 10)
    (-13, 27, -2)
    """
    return start + taken - (total - taken)


def ordinary_points(
    start: int,
    goal: int,
    taken: int,
    total: int,
    step: int = DEFAULTS["distance_step"],
) -> tuple[int, int, int]:
    """(final number, distance from the goal, points) of an ordinary bid; points never fall below 0.

    >>> ordinary_points(0, 20, 0, 13)                # −13 is 33 steps from 20: nothing
    (-13, 33, 0)
    >>> ordinary_points(5, 4, 6, 10, step=5)         # 5 + 6 − 4 = 7, three steps: 100 − 15
    (7, 3, 85)
    """
    final = final_number(start, taken, total)
    distance = abs(final - goal)
    return final, distance, max(0, BEST - step * distance)


def score_unit(options: dict[str, Any]) -> int:
    """What every deal's score is a multiple of, under ``options`` (``scores_before``: possible or exit 2).

    An ordinary bid scores max(0, 100 − step·d): 100, 100 − step, … down to 0; Thirteen Under ±T and
    Lucky Thirteen Under ±T·m. So every deal, and every running score, is a multiple of
    gcd(100, step, T) (the step only counts below 100: a larger step leaves 100 or 0). Every multiple
    of it below the target is some sequence of deals. The record's options are taken to have held
    all game.

    >>> score_unit({"distance_step": 10, "thirteen_under_points": 200}), score_unit(
    ...     {"distance_step": 150, "thirteen_under_points": 250})
    (10, 50)
    """
    step = options["distance_step"]
    return gcd(100, step if step < 100 else 0, options["thirteen_under_points"])


def under_points(
    taken: int,
    lucky: bool,
    points: int = DEFAULTS["thirteen_under_points"],
    multiplier: int = DEFAULTS["lucky_multiplier"],
) -> int:
    """Thirteen Under wins ``points`` with no trick taken and loses them otherwise; Lucky multiplies both."""
    stake = points * multiplier if lucky else points
    return stake if taken == 0 else -stake


def goal_can_be_hit(start: int, goal: int, total: int) -> bool:
    """Whether some trick count ends exactly on the goal as far as parity goes.

    Each trick moves the number one step, so the final number always has the parity of
    ``start - total``; a goal of the other parity is always an odd distance away.

    >>> goal_can_be_hit(3, 1, 13), goal_can_be_hit(0, -5, 13), goal_can_be_hit(0, 0, 10)
    (False, True, True)
    """
    return (start - total - goal) % 2 == 0


def best_possible(start: int, goal: int, total: int, step: int) -> tuple[int, int]:
    """(smallest distance from the goal any trick count gives, the points it is worth).

    >>> best_possible(0, 20, 13, 10), best_possible(0, 40, 13, 10)
    ((7, 30), (27, 0))
    """
    low, high = (
        final_number(start, 0, total),
        final_number(start, total, total),
    )  # every second number between
    distance = low - goal if goal <= low else goal - high if goal >= high else (goal - low) % 2
    return distance, max(0, BEST - step * distance)


def default_removed(trump: Suit, players: int) -> list[Card]:
    """This edition's choice of the 3s that leave the pack: the first non-trump suits in the order ♣ ♦ ♥ ♠.

    >>> [str(c) for c in default_removed(Suit.CLUBS, 5)], [str(c) for c in default_removed(Suit.HEARTS, 3)]
    (['3♦', '3♥'], ['3♣'])
    >>> default_removed(Suit.SPADES, 4)
    []
    """
    suits = [s for s in REMOVAL_ORDER if s is not trump][: REMOVED_COUNT[players]]
    return [Card(Rank.THREE, s) for s in suits]


def first_lead_card(trump: Suit) -> Card:
    """The card whose holder leads to the first trick: the 2♣, or the 2♦ when clubs are trumps.

    >>> str(first_lead_card(Suit.SPADES)), str(first_lead_card(Suit.CLUBS))
    ('2♣', '2♦')
    """
    return Card(Rank.TWO, Suit.DIAMONDS if trump is Suit.CLUBS else Suit.CLUBS)


def score_bid(
    player: str, bid: Bid, taken: int, total: int, options: dict[str, Any]
) -> tuple[int, Message]:
    """One player's points in a deal and the step that explains them."""
    if bid.kind == ORDINARY:
        step = options["distance_step"]
        final, distance, points = ordinary_points(bid.start, bid.goal, taken, total, step)
        params = dict(
            player=player,
            start=bid.start,
            goal=bid.goal,
            taken=taken,
            total=total,
            lost=total - taken,
            final=final,
            distance=distance,
            best=BEST,
            step=step,
            points=points,
        )
        if BEST - step * distance < 0:
            return points, t(
                "{player}: start {start}, goal {goal}; tricks {taken} of {total}: final number "
                "{start} + {taken} − {lost} = {final}; distance {distance}: {best} − {step} × "
                "{distance} is below 0, so 0.",
                **params,
            )
        return points, t(
            "{player}: start {start}, goal {goal}; tricks {taken} of {total}: final number {start} + "
            "{taken} − {lost} = {final}; distance {distance}: {best} − {step} × {distance} = {points}.",
            **params,
        )
    base, multiplier = options["thirteen_under_points"], options["lucky_multiplier"]
    points = under_points(taken, bid.kind == LUCKY, base, multiplier)
    if bid.kind == THIRTEEN_UNDER:
        if taken == 0:
            return points, t(
                "{player}: Thirteen Under, no trick taken: +{points}.", player=player, points=points
            )
        return points, tn(
            "{player}: Thirteen Under, but {n} trick taken: −{points}.",
            "{player}: Thirteen Under, but {n} tricks taken: −{points}.",
            taken,
            player=player,
            points=-points,
        )
    if taken == 0:
        return points, t(
            "{player}: Lucky Thirteen Under, no trick taken: {base} × {multiplier} = +{points}.",
            player=player,
            base=base,
            multiplier=multiplier,
            points=points,
        )
    return points, tn(
        "{player}: Lucky Thirteen Under, but {n} trick taken: −{base} × {multiplier} = −{points}.",
        "{player}: Lucky Thirteen Under, but {n} tricks taken: −{base} × {multiplier} = −{points}.",
        taken,
        player=player,
        base=base,
        multiplier=multiplier,
        points=-points,
    )


def bid_warnings(player: str, bid: Bid, total: int, step: int) -> list[tuple[str, Message]]:
    """Warnings about an ordinary bid that can never score fully, or at all (codes and messages).

    >>> [code for code, _ in bid_warnings("Gleb", Bid(ORDINARY, 3, 1), 13, 10)]
    ['bid.parity']
    >>> [code for code, _ in bid_warnings("Anna", Bid(ORDINARY, 0, 41), 13, 10)]
    ['bid.out_of_reach']
    """
    if bid.kind != ORDINARY:
        return []
    out: list[tuple[str, Message]] = []
    if not goal_can_be_hit(bid.start, bid.goal, total):
        out.append(
            (
                "bid.parity",
                tn(
                    "{player} can never end exactly on the goal {goal}: from the start {start}, each of the {n} trick "
                    "moves the number one step, so it always ends an odd number of steps from the goal.",
                    "{player} can never end exactly on the goal {goal}: from the start {start}, each of the {n} tricks "
                    "moves the number one step, so it always ends an odd number of steps from the goal.",
                    total,
                    player=player,
                    goal=bid.goal,
                    start=bid.start,
                ),
            )
        )
    distance, points = best_possible(bid.start, bid.goal, total, step)
    if points == 0:
        out.append(
            (
                "bid.out_of_reach",
                t(
                    "{player} cannot score with this bid: the final number always ends at "
                    "least {distance} steps from the "
                    "goal {goal}, which is worth 0 points.",
                    player=player,
                    distance=distance,
                    goal=bid.goal,
                ),
            )
        )
    return out


RULE_TABLE = rule_table("""
Y-S1 | One pack of 52 cards, 2 to A | record.deck_mismatch record.card_twice record.card_not_dealt
Y-S2 | Three to five players | record.player_count
Y-S3 | The aim: be first to 500 points (1000 by agreement) | claim record.game_over
Y-S4 | The game is Drew Brokke's | unchecked: a credit, not a rule
Y-S5 | The first dealer by lot; then the deal passes clockwise | deal.dealer_order
Y-S6 | A card drawn from the pack fixes trumps | record.trump_mismatch
Y-S7 | The whole pack is dealt, one card at a time (see Y-A1) | record.hand_size
Y-S8 | An auction opens on the dealer's left (replaced: see Y-A2) | unchecked: replaced by individual bids (Y-A2)
Y-S9 | The highest bidder is the declarer (replaced: see Y-A2) | unchecked: replaced by individual bids (Y-A2)
Y-S10 | The holder of the 2♣ leads (the 2♦ when clubs are trumps) | play.lead_out_of_turn
Y-S11 | Any card may be led | unchecked: nothing is forbidden by default (option trump_breaking: Y-O11)
Y-S12 | Follow suit; a player who cannot must trump (option must_trump_when_void)
    | (play.revoke) (play.must_trump) play.out_of_turn
Y-S13 | The highest card takes the trick and its winner leads next | claim play.lead_not_winner
Y-S14 | Points are counted after the last trick | claim record.trick_count record.tricks_sum
Y-S15 | Bids of 13 or more score for making or failing (restored: Y-O7) | claim
Y-S16 | A bid of 13 or more may be doubled (restored: Y-O7) | claim
Y-S17 | Other bids score by the table (restored: Y-O12) | claim
Y-S18 | Values: 0 tricks off 100, 1 off 90, and so on | claim
Y-S19 | The first to 500 or more wins | claim
Y-O1 | Three to five players | (record.player_count)
Y-O2 | Three players: one non-trump 3 removed; five players: two
    | (record.removed_count) record.bad_removed record.removed_twice (deal.removed_not_default)
Y-O3 | The aim: first to 500 points (1000 for a longer game) | claim
Y-O4 | Trumps: a card drawn from the middle of the pack | (record.trump_mismatch)
Y-O5 | All the cards are dealt one at a time, clockwise | (record.hand_size)
Y-O6 | Each player bids a start and a goal number; the final count is start + taken − not taken
    | claim record.bad_bid bid.parity bid.out_of_reach
Y-O7 | Special bids: Thirteen Under and Lucky Thirteen Under | claim
Y-O8 | The holder of the 2♣ (the 2♦ when clubs are trumps) leads first | (play.lead_out_of_turn)
Y-O9 | Follow suit; the highest trump, else the highest of the suit led, wins | play.revoke claim
Y-O10 | A player who cannot follow may trump (option must_trump_when_void) | (play.must_trump)
Y-O11 | No trump lead until trumps are broken (option trump_breaking) | play.trump_not_broken
Y-O12 | The score depends on the distance from the goal | claim record.score_impossible
Y-A1 | Remove threes so that the pack divides evenly | record.removed_count deal.removed_not_default
Y-A2 | Every player bids; there is no auction | (record.bad_bid)
Y-A3 | Trumping when void is compulsory by default (option must_trump_when_void) | play.must_trump
Y-A4 | Trumps may be led at any time by default (option trump_breaking) | (play.trump_not_broken)
Y-A5 | The original scoring is restored | claim
Y-A6 | The seed's "left of the player" means left of the dealer
    | unchecked: only for the seed's auction, which is replaced
Y-A7 | The highest trump, else the highest card of the suit led | claim
Y-A8 | What a declarer scores for an ordinary bid
    | unchecked: open in the seed and not needed once the original is restored
Y-A9 | What the others score when the declarer makes his bid
    | unchecked: open in the seed and not needed once the original is restored
Y-A10 | "Took the number bid": exactly or at least | unchecked: scoring by distance never asks it
Y-A11 | When a doubled bid is announced | unchecked: Lucky Thirteen Under is a bid of its own
Y-A12 | The distance table: 100 less 10 a step, a trick off being two steps; never below 0
    (option distance_step) | claim
Y-A13 | Thirteen Under and Lucky Thirteen Under amounts (options) | claim
Y-A14 | Several over the target: the highest total wins; equal: another deal | claim
Y-A15 | The reteller's opinion is dropped | unchecked: editorial, about wording only
Y-A16 | The holder of the 2♣ may lead any card | unchecked: nothing is forbidden, so there is nothing to refuse
""")
"""Every rule of Yacht: what enforces it, or why no record can show it (``referee rules``)."""


class Yacht(Game):
    """The referee for Yacht."""

    slug = "yacht"
    rule_table = RULE_TABLE
    claim_rule = "Y-O12"  # what a deal scores: the rule a disagreeing claim breaks
    names: ClassVar[dict[str, str]] = {"en": "Yacht", "ru": "Яхта", "de": "Yacht"}
    player_counts = tuple(HAND_SIZES)
    options = OPTIONS
    record = RECORD
    kind = t("trick-taking game, each player for himself")
    pitch = t("Bid where your number will end, then steer towards it trick by trick.")
    length = t("about an hour")
    deck_size = len(DECK)
    example_fields = (
        ("trump_card", t("Card drawn"), "card"),
        ("removed", t("Cards removed"), "cards"),
    )
    hand_sizes = HAND_SIZES

    def facts(self) -> list[tuple[Message, Any]]:
        """The numbers a page shows."""
        removed = by_players(
            {
                p: tn("{n} card: a 3 that is not a trump", "{n} cards: 3s that are not trumps", k)
                if k
                else t("no card")
                for p, k in REMOVED_COUNT.items()
            }
        )
        under = DEFAULTS["thirteen_under_points"]
        return [
            players_fact(self.player_counts),
            (t("Cards"), t("{n} (2 to ace in four suits)", n=self.deck_size)),
            (t("Cards removed before the deal"), removed),
            (t("Cards per player, and tricks in a deal"), by_players(HAND_SIZES)),
            (t("Trumps"), t("the suit of a card drawn from the middle of the pack")),
            (t("Rank of the cards"), t("A K Q J 10 9 8 7 6 5 4 3 2 (highest first)")),
            (
                t("First lead"),
                t(
                    "the holder of {card}, or of {other} when clubs are trumps",
                    card=first_lead_card(Suit.SPADES),
                    other=first_lead_card(Suit.CLUBS),
                ),
            ),
            (t("Bids"), t("a start and a goal number; or Thirteen Under; or Lucky Thirteen Under")),
            (
                t("Ordinary bid"),
                tn(
                    "{best} point for ending on the goal, {step} fewer for each step away, never "
                    "below 0 (option {option})",
                    "{best} points for ending on the goal, {step} fewer "
                    "for each step away, never below 0 (option {option})",
                    BEST,
                    best=BEST,
                    step=DEFAULTS["distance_step"],
                    option="distance_step",
                ),
            ),
            (
                t("Thirteen Under"),
                t(
                    "+{points} with no trick, −{points} otherwise (option {option})",
                    points=under,
                    option="thirteen_under_points",
                ),
            ),
            (
                t("Lucky Thirteen Under"),
                t(
                    "+{points} with no trick, −{points} otherwise: {multiplier} × Thirteen "
                    "Under (option {option})",
                    points=under * DEFAULTS["lucky_multiplier"],
                    multiplier=DEFAULTS["lucky_multiplier"],
                    option="lucky_multiplier",
                ),
            ),
            target_fact(OPTIONS[2]),
        ]

    def trick_rules(self, options: dict[str, Any]) -> TrickRules:
        """The trick rules in force with ``options``."""
        return RULES[(options["must_trump_when_void"], options["trump_breaking"])]

    def check(self, doc: Document) -> Verdict:
        """Validate, replay and score a Yacht record."""
        r = Reader(doc)
        players, options = r.header(self)
        target = options["target"]
        ledger = Ledger(doc, scores_before(r, players, minimum=None))
        if r.get(("scores_before",)) is not None and players:
            scores_in_units(r, ledger.totals, score_unit(options))
            over, _ = highest_over(ledger.totals, target)
            if over is not None:
                over_before(r, {over: ledger.totals[over]}, target)
        deals_value = r.sequence(("deals",))
        r.raise_if_any()
        winner: str | None = None
        for i, (result, dealer) in each_deal(
            r,
            deals_value,
            lambda i: self._deal(
                Deal.open(r, i, RECORD, ledger.findings), ledger, players, options
            ),
        ):
            ledger.add(i, result, dealer)
            if winner is None:
                winner, steps = highest_over(ledger.totals, target)
                result.steps.extend(steps)
                ledger.over = winner is not None
        r.raise_if_any()
        if winner is not None:
            return ledger.verdict(
                self.slug, options, winner, reached(winner, target), "target_reached"
            )
        return ledger.verdict(
            self.slug,
            options,
            None,
            level_over(ledger.totals, target) or goes_on(target),
            "in_progress",
        )

    def _deal(
        self,
        deal: Deal | None,
        ledger: Ledger,
        players: list[str],
        options: dict[str, Any],
    ) -> tuple[DealResult, int] | None:
        if deal is None:
            return None
        r = deal.r
        n = len(players)
        total = HAND_SIZES[n]
        # Read every part before giving up on any, so that every problem is reported at once.
        dealer_name = r.name(deal.at("dealer"), players)
        trump = self._trump(r, deal.path)
        bids = each_entry(r, deal.at("bids"), players, self._bid)
        claim = deal.claim(players)
        given_removed = self._removed_field(r, deal.at("removed"), trump, n)
        steps: list[Message] = []
        if deal.full:
            tricks = self._full_play(deal, players, trump, given_removed, options, steps)
        else:
            tricks = trick_counts(r, deal.at("tricks"), players, total)
        if (
            dealer_name is None
            or trump is None
            or bids is None
            or tricks is None
            or given_removed is False
        ):
            return None
        dealer = players.index(dealer_name)
        ledger.check_dealer(deal, players, dealer)
        steps.insert(0, trumps_dealt(trump, total))
        if not deal.full and REMOVED_COUNT[n]:
            removed = given_removed if given_removed is not None else default_removed(trump, n)
            self._removal_note(deal, trump, n, removed, given_removed is not None, steps)
        scores: dict[str, int] = {}
        for p in players:
            bid, bid_path = bids[p]
            points, step = score_bid(p, bid, tricks[p], total, options)
            scores[p] = points
            steps.append(step)
            for code, message in bid_warnings(p, bid, total, options["distance_step"]):
                deal.warn(code, bid_path[len(deal.path) :], message)
        return deal.result(scores, steps, claim), dealer

    def _trump(self, r: Reader, path: Path) -> Suit | None:
        """The trump suit; if the card drawn is given too, its suit must be the trump suit."""
        trump = read_suit(r, path + ("trump",))
        if trump is None or not card_of_suit(
            r,
            path + ("trump_card",),
            trump,
            t("The card drawn, {card}, fixes the trump suit, so trumps cannot be {suit}."),
        ):
            return None
        return trump

    def _bid(self, r: Reader, path: Path, raw: Any) -> Bid | None:
        if isinstance(raw, dict):
            r.known_keys(path, {"start", "goal"})
            start = r.integer(path + ("start",), minimum=None)
            goal = r.integer(path + ("goal",), minimum=None)
            if start is None or goal is None or set(raw) - {"start", "goal"}:
                return None
            return Bid(ORDINARY, start, goal)
        kind = chosen(SPECIAL_BIDS, raw)
        if kind is not None:
            return Bid(kind)
        r.fail(
            path,
            t(
                "A bid is a start and a goal number ({example}), thirteen-under or lucky-thirteen-under, "
                "not {value!r}.",
                example=BID_EXAMPLE,
                value=str(raw),
            ),
            "record.bad_bid",
            "bidding",
        )
        return None

    def _removed_field(
        self, r: Reader, path: Path, trump: Suit | None, n: int
    ) -> list[Card] | bool | None:
        """The ``removed`` cards if given and possible; None if not given; False if given but impossible."""
        if r.get(path) is None:
            return None
        cards = parsed(r, path, parse_cards)
        if cards is None:
            return False
        if trump is None:
            return False  # the trump suit is needed to judge the cards, and its problem is already reported
        return cards if self._check_removed(r, path, cards, trump, n, derived=False) else False

    def _check_removed(
        self, r: Reader, path: Path, cards: list[Card], trump: Suit, n: int, derived: bool
    ) -> bool:
        """Whether ``cards`` can be the cards removed before the deal: the right number of non-trump 3s."""
        ok = True
        seen: set[Card] = set()
        for card in cards:
            if card in seen:
                r.fail(
                    path, t("{card} is removed twice.", card=card), "record.removed_twice", "deal"
                )
                ok = False
            seen.add(card)
            if card.rank is not Rank.THREE or card.suit is None or card.suit is trump:
                message = (
                    t(
                        "{card} is in no hand, but only a 3 of a suit other than trumps ({suit}) can be left "
                        "out of the deal.",
                        card=card,
                        suit=trump,
                    )
                    if derived
                    else t(
                        "{card} cannot be removed: only a 3 of a suit other than trumps ({suit}) is removed.",
                        card=card,
                        suit=trump,
                    )
                )
                r.fail(path, message, "record.bad_removed", "deal")
                ok = False
        wanted = REMOVED_COUNT[n]
        if len(cards) != wanted:
            r.fail(
                path,
                tn(
                    "With {players} players, {n} card is removed before the deal, not {count}.",
                    "With {players} players, {n} cards are removed before the deal, not {count}.",
                    wanted,
                    players=n,
                    count=len(cards),
                ),
                "record.removed_count",
                "deal",
            )
            ok = False
        return ok

    def _removal_note(
        self,
        deal: Deal,
        trump: Suit,
        n: int,
        removed: list[Card],
        recorded: bool,
        steps: list[Message],
        derived: bool = False,
    ) -> None:
        """Say which cards were removed, and warn if they are not this edition's default choice."""
        default = default_removed(trump, n)
        if derived:
            steps.append(
                t(
                    "Missing from the hands, and so removed before the deal: {cards}.",
                    cards=sorted(removed),
                )
            )
        elif recorded:
            steps.append(t("Removed before the deal: {cards}.", cards=sorted(removed)))
        else:
            steps.append(
                t(
                    "The record does not say which cards were removed, so this edition's choice is assumed: "
                    "{cards}.",
                    cards=default,
                )
            )
        if set(removed) != set(default):
            deal.warn(
                "deal.removed_not_default",
                ("hands",) if derived else ("removed",),
                t(
                    "This edition removes {default}, but this deal removed {cards}. The table may have agreed on that; "
                    "the deal is scored as recorded.",
                    default=default,
                    cards=sorted(removed),
                ),
            )

    def _full_play(
        self,
        deal: Deal,
        players: list[str],
        trump: Suit | None,
        given_removed: list[Card] | bool | None,
        options: dict[str, Any],
        steps: list[Message],
    ) -> dict[str, int] | None:
        r = deal.r
        n = len(players)
        hands = read_hands(r, deal.at("hands"), players, HAND_SIZES[n])
        if hands is None or trump is None or given_removed is False:
            return None
        dealt = [c for h in hands for c in h]
        if given_removed is None:  # the hands show what is missing
            removed = rest_of_pack(r, deal.at("hands"), dealt, DECK, DECK_MISMATCH)
            if removed is None or not self._check_removed(
                r, deal.at("hands"), removed, trump, n, derived=True
            ):
                return None
        else:
            removed = list(given_removed)
            if not whole_pack(r, deal.at("removed"), dealt + removed, DECK, DECK_MISMATCH):
                return None
        if REMOVED_COUNT[n]:
            self._removal_note(deal, trump, n, removed, True, steps, derived=given_removed is None)
        first = first_lead_card(trump)
        leader = next(seat for seat, hand in enumerate(hands) if first in hand)
        steps.append(
            t(
                "{player} holds {card} and leads to the first trick.",
                player=players[leader],
                card=first,
            )
        )
        replay = deal.replay(self.trick_rules(options), hands, players, leader, trump, steps)
        if replay is None:
            return None
        won = replay.tricks_won(n)
        steps.append(
            t(
                "Tricks: {tricks}.",
                tricks=[
                    t("{player} {n}", player=p, n=k) for p, k in zip(players, won, strict=True)
                ],
            )
        )
        return dict(zip(players, won, strict=True))


DECK_MISMATCH = t(
    "The hands and the removed cards must make up the pack of {n} cards, each once (missing: {missing}; "
    "not in this pack: {foreign}; twice: {doubled})."
)


GAME = Yacht()
