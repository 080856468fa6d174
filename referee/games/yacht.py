"""Yacht (seed 004, by Drew Brokke): 3–5 players, each for himself, 52 cards less some non-trump 3s.

Every player bids a *start* and a *goal* number. He moves one step up for each trick he takes and
one step down for each trick he does not take; the nearer he ends to his goal, the more he scores:

>>> from referee.games.deals.yacht import ordinary_points, under_points
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

from math import gcd
from typing import Any, ClassVar

from referee.cards import Suit
from referee.engines.deals import (
    Deal,
    each_deal,
    over_before,
    scores_before,
)
from referee.engines.game import (
    Game,
    Option,
    Verdict,
    by_players,
    must_trump_option,
    option_defaults,
    players_fact,
    rule_table,
    target_fact,
)
from referee.engines.house_rules import choice_option, count_option
from referee.engines.ledger import Ledger, goes_on, highest_over, level_over, reached
from referee.engines.reader import Reader
from referee.engines.trick_rules import ORDER_2_TO_A, TrickRules
from referee.games.deals.yacht import (
    BEST,
    DECK,
    DISTANCE_STEP,
    HAND_SIZES,
    LUCKY_MULTIPLIER,
    REMOVED_COUNT,
    SPECIAL_BIDS,
    THIRTEEN_UNDER_POINTS,
    YachtDeals,
    first_lead_card,
    scores_in_units,
)
from referee.messages import Message, t, tn
from referee.records.declared import Declared
from referee.records.source import Document

OPTIONS: tuple[Option, ...] = (
    must_trump_option(
        True,
        t("He must play a trump if he has one (the source)."),
        t("He may trump or throw any card (Brokke's original rule)."),
    ),
    choice_option(
        "trump_breaking",
        False,
        t("Leading trumps"),
        t("Whether a trump may be led before trumps are broken."),
        (False, t("at any time"), t("Any card may be led at any time (the source).")),
        (
            True,
            t("only once trumps are broken"),
            t(
                "No trump may be led until a trump has been played to a lead of another suit, "
                "unless the leader holds only trumps (Brokke's original rule)."
            ),
        ),
    ),
    count_option(
        "target",
        500,
        t("Points to win"),
        t("The points a player needs to win the game (1000 for a long game)."),
    ),
    count_option(
        "distance_step",
        DISTANCE_STEP,
        t("Points lost per step from the goal"),
        t(
            "Points an ordinary bid loses, from 100, for each step between the final number and the goal."
        ),
    ),
    count_option(
        "thirteen_under_points",
        THIRTEEN_UNDER_POINTS,
        t("Thirteen Under is worth"),
        t("What Thirteen Under wins when its bidder takes no trick, and loses otherwise."),
    ),
    count_option(
        "lucky_multiplier",
        LUCKY_MULTIPLIER,
        t("Lucky Thirteen Under counts (times)"),
        t("Lucky Thirteen Under wins or loses this many times the points of Thirteen Under."),
    ),
)
DEFAULTS: dict[str, Any] = option_defaults(OPTIONS)
RULES: dict[tuple[bool, bool], TrickRules] = {
    (must, breaking): TrickRules(ORDER_2_TO_A, must_trump=must, trump_breaking=breaking)
    for must in (True, False)
    for breaking in (True, False)
}

RECORD = Declared("yacht", "yacht:yacht_record", hand_sizes=HAND_SIZES, special_bids=SPECIAL_BIDS)
"""What a Yacht record holds (:mod:`referee.records.fields`)."""


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


class Yacht(YachtDeals, Game):
    """The referee for Yacht."""

    slug = "yacht"
    rule_table = RULE_TABLE
    claim_rule = "Y-O12"
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
            target_fact(OPTIONS),
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


GAME = Yacht()
