"""Catch the Ten, or Scotch Whist (seeds 000 and 001): 2–6 players, 36 cards, first to 41.

Captured trump honours score (the jack is the highest trump, the ten ranks between the nine and
the queen), and every card taken beyond the number dealt scores one point:

>>> from referee.games.deals.catch_the_ten import deal_items, deal_points
>>> from referee.cards import Rank
>>> deal_points([Rank.JACK, Rank.TEN], cards=15, dealt=10)
(21, 5, 26)

When several players pass 41 in one deal, the default tie-break counts the deal's points out in
the seed's order (ten, extra cards, ace, king, queen, jack) from the totals before the deal:

>>> items = {"Anna": deal_items([Rank.ACE], 12, 10), "Boris": deal_items([Rank.TEN], 10, 10)}
>>> count_out({"Anna": 38, "Boris": 33}, items)[0]
'Boris'
"""

from __future__ import annotations

from typing import Any, ClassVar

from referee.cards import Rank
from referee.engines.counting_out import count_out as counting_out
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
    players_fact,
    rule_table,
)
from referee.engines.house_rules import choice_option
from referee.engines.ledger import Ledger, goes_on, reached, reaches_and_wins
from referee.engines.reader import Reader
from referee.engines.revokes import revoke_loss
from referee.engines.sides import read_sides
from referee.engines.trick_rules import TrickRules
from referee.games.deals.catch_the_ten import (
    DECK,
    HAND_SIZES,
    HONOURS,
    RULES,
    CatchTheTenDeals,
    set_aside_count,
)
from referee.messages import Message, t, tc, tn
from referee.records.declared import Declared
from referee.records.source import Document

TARGET = 41
HONOUR_TOTAL = sum(HONOURS.values())
"""The points of the five trump honours: every deal in which no card is set aside hands them all out."""
# The seed's counting order for a tie-break: ten, extra cards, ace, king, queen, jack.
COUNT_ORDER: tuple[Rank | None, ...] = (Rank.TEN, None, Rank.ACE, Rank.KING, Rank.QUEEN, Rank.JACK)

OPTIONS: tuple[Option, ...] = (
    must_trump_option(
        True,
        t("He must play a trump if he has one (the source)."),
        t("He may trump or throw any card (the traditional rule)."),
    ),
    choice_option(
        "tie_break",
        "count_out",
        t("Several reach 41 in one deal"),
        t("Who wins when several players reach 41 in the same deal."),
        (
            "count_out",
            t("count the deal out"),
            t(
                "Count the deal's points out from the totals before it, in the order ten, extra "
                "cards, ace, king, queen, jack; the first to reach 41 wins."
            ),
        ),
        (
            "lexicographic",
            t("the ten decides"),
            t(
                "The player who took the ten wins; failing that, more extra cards; then the "
                "ace, king, queen and jack."
            ),
        ),
        (
            "higher_total",
            t("the higher total wins"),
            t("The higher total wins; equal totals are decided in the counting order."),
        ),
    ),
    choice_option(
        "revoke_penalty",
        "none",
        t("A revoke costs"),
        t("What an illegal play found in a full-play record costs."),
        ("none", t("nothing: only reported"), t("It is reported, and the score stands.")),
        (
            "loss_of_game",
            t("the game"),
            t(
                "A player who revokes (fails to follow suit, or to trump as required) "
                "loses the game for himself or his side, and the game ends with that "
                "deal; of the others, the player or side with the highest total wins "
                "(the traditional penalty). Any other irregularity is only reported."
            ),
        ),
    ),
    choice_option(
        "partnerships",
        False,
        t("Partnerships"),
        t("Whether four or six players play in two partnerships."),
        (False, t("everyone plays alone"), t("Each player plays for himself (the source).")),
        (
            True,
            t("two sides of partners"),
            t(
                "Two sides, partners in every second seat (with four players, opposite each other); "
                "each side pools its tricks, and its extra cards are counted against the cards dealt "
                "to the whole side (the traditional game). The record names the sides under teams."
            ),
        ),
    ),
)
PARTNERSHIP_COUNTS = (4, 6)

RECORD = Declared("catch-the-ten", "catch_the_ten:catch_the_ten_record", hand_sizes=HAND_SIZES)
"""What a Catch the Ten record holds (:mod:`referee.records.fields`)."""


def _step_name(step: Rank | None) -> Message:
    return {
        None: t("Extra cards"),
        Rank.TEN: t("Ten of trumps"),
        Rank.ACE: t("Ace of trumps"),
        Rank.KING: t("King of trumps"),
        Rank.QUEEN: t("Queen of trumps"),
        Rank.JACK: t("Jack of trumps"),
    }[step]


def count_out(
    before: dict[str, int],
    items: dict[str, dict[Rank | None, int]],
    target: int = TARGET,
) -> tuple[str | None, list[Message]]:
    """Count the deal out in the seed's order (:func:`~referee.engines.counting_out.count_out`): the first
    to reach ``target`` wins. Two players reaching it at the same step (only the extra cards can do
    that): the higher running total wins, then the higher final total; still equal, another deal."""
    return counting_out(before, items, COUNT_ORDER, _step_name, target)


def _order_key(its: dict[Rank | None, int]) -> tuple[int, ...]:
    return tuple(its.get(step, 0) for step in COUNT_ORDER)


def lexicographic(
    contenders: list[str],
    items: dict[str, dict[Rank | None, int]],
    finals: dict[str, int],
    by_total_first: bool = False,
) -> tuple[str | None, list[Message]]:
    """The ``lexicographic`` and ``higher_total`` tie-breaks."""

    def key(p: str) -> tuple[int, ...]:
        order = _order_key(items[p])
        return (finals[p], *order) if by_total_first else (*order, finals[p])

    ranked = sorted(contenders, key=key, reverse=True)
    if key(ranked[0]) == key(ranked[1]):
        return None, [
            t("{players} are level in every way; another deal is played.", players=ranked[:2])
        ]
    if by_total_first:
        if finals[ranked[0]] != finals[ranked[1]]:
            return ranked[0], [t("{player} has the highest total and wins.", player=ranked[0])]
        return ranked[0], [
            t(
                "The totals are equal; in the counting order {player} comes first and wins.",
                player=ranked[0],
            )
        ]
    return ranked[0], [
        t(
            "In the counting order (ten, extra cards, ace, king, queen, jack) {player} comes "
            "first and wins.",
            player=ranked[0],
        )
    ]


RULE_TABLE = rule_table("""
CT-S1 | One pack of 36 cards, 6 to A | record.deck_mismatch record.card_twice record.card_not_dealt
CT-S2 | Two to six players, each for himself | record.player_count
CT-S3 | Plain suits, low to high: 6 7 8 9 10 J Q K A | claim
CT-S4 | Trumps, low to high: 6 7 8 9 10 Q K A J | claim
CT-S5 | The aim: be first to 41 or more points | claim record.game_over record.score_impossible
CT-S6 | The first dealer by lot; then in turn | (deal.dealer_order)
CT-S7 | Hand sizes for two to six players: 10, 10, 9, 7, 6 | record.hand_size record.cards_sum
CT-S8 | Cards left over are set aside unseen | claim
CT-S9 | The dealer's last card fixes trumps and stays in his hand | record.trump_mismatch
CT-S10 | The player left of the dealer leads | play.lead_out_of_turn
CT-S11 | Follow suit, clockwise | play.revoke play.out_of_turn
CT-S12 | A player who cannot follow must trump | play.must_trump
CT-S13 | A player with neither may play any card | unchecked: nothing is forbidden, so there is nothing to refuse
CT-S14 | The highest card takes the trick (see CT-A1) | claim
CT-S15 | The winner of a trick leads to the next | play.lead_not_winner
CT-S16 | Points are counted when every card has been played | claim record.trick_count
CT-S17 | Trump honours: Q 2, K 3, A 4, 10 10, J 11
    | claim record.not_an_honour record.honour_twice record.honour_missing record.honours_without_cards
CT-S18 | One point for each card taken beyond the cards dealt | claim record.cards_not_multiple
CT-S19 | No points are ever negative | claim
CT-S20 | The first to 41 or more wins | claim
CT-S21 | Two reach the target together: count out (option tie_break) | claim
CT-A1 | The highest trump takes the trick, else the highest card of the suit led | claim
CT-A2 | The deal passes to the left | deal.dealer_order
CT-A3 | Dealt one at a time, clockwise; the rest set aside | unchecked: the order of dealing leaves no trace in a record
CT-A4 | The trump card is part of the dealer's hand | (record.trump_mismatch)
CT-A5 | Must trump when void (option must_trump_when_void) | (play.must_trump)
CT-A6 | When trumps are led, the others must play trumps | (play.revoke)
CT-A7 | Extra cards are counted against the cards dealt | claim
CT-A8 | Extra cards = cards taken minus cards dealt, never below 0 | claim
CT-A9 | Honours set aside score nothing | (record.honour_missing)
CT-A10 | 41 is checked at the end of each deal; 41 itself wins | claim
CT-A11 | Counting out in order: the ten, extra cards, then the ace, king, queen and jack | claim
CT-A12 | Three or more at the target: the same counting order | claim
CT-A13 | Two at the same counting step | claim
CT-A14 | Partnerships for four or six players (option partnerships)
    | record.partnership_count record.team_count record.team_shape record.partners_adjacent
    record.teams_without_partnerships
CT-A15 | A revoke is a finding; option revoke_penalty: loss of the game | (play.revoke)
CT-A16 | Hand sizes differ from tradition; the seed's sizes are kept | (record.hand_size)
CT-A17 | Five players: one random card is set aside
    | unchecked: which card is set aside is chance, not a rule a record can break
CT-A18 | Two to six players | (record.player_count)
CT-A19 | Russian: «сдача» for a deal, «партия» for the game | unchecked: editorial, about wording only
""")
"""Every rule of Catch the Ten: what enforces it, or why no record can show it (``referee rules``)."""


class CatchTheTen(CatchTheTenDeals, Game):
    """The referee for Catch the Ten."""

    slug = "catch-the-ten"
    rule_table = RULE_TABLE
    claim_rule = "CT-S17"
    names: ClassVar[dict[str, str]] = {
        "en": "Catch the Ten (Scotch Whist)",
        "ru": "Шотландский вист (Поймай десятку)",
        "de": "Scotch Whist (Fang die Zehn)",
    }
    player_counts = tuple(HAND_SIZES)
    options = OPTIONS
    record = RECORD
    kind = t("trick-taking game, each player for himself")
    pitch = t("Catch the ten of trumps, save your own honours, and race the others to the target.")
    length = t("about half an hour")
    deck_size = len(DECK)
    example_fields = (("set_aside", t("Set aside"), "cards"),)
    target = TARGET
    honours = HONOURS

    def facts(self) -> list[tuple[Message, Any]]:
        """The numbers a page shows."""
        return [
            players_fact(self.player_counts),
            (t("Cards"), t("{n} (6 to ace in four suits)", n=self.deck_size)),
            (t("Cards per player"), by_players(HAND_SIZES)),
            (t("Cards set aside"), by_players({p: set_aside_count(p) for p in HAND_SIZES})),
            (t("Trumps"), t("the suit of the dealer's last card")),
            (t("Rank in trumps"), t("J A K Q 10 9 8 7 6 (highest first)")),
            (t("Rank in the other suits"), t("A K Q J 10 9 8 7 6 (highest first)")),
            (
                t("Trump honours"),
                [
                    t("{rank} {points}", rank=r, points=HONOURS[r])
                    for r in (Rank.JACK, Rank.TEN, Rank.ACE, Rank.KING, Rank.QUEEN)
                ],
            ),
            (t("Extra cards"), t("1 point for every card taken beyond the number dealt")),
            (
                tc("facts: the whole game", "Game"),
                tn("{target} point", "{target} points", TARGET, target=TARGET),
            ),
        ]

    def trick_rules(self, options: dict[str, Any]) -> TrickRules:
        """The trick rules in force with ``options``."""
        return RULES[options["must_trump_when_void"]]

    def check(self, doc: Document) -> Verdict:
        """Validate, replay and score a Catch the Ten record."""
        r = Reader(doc)
        players, options = r.header(self)
        table = read_sides(r, players, options["partnerships"], PARTNERSHIP_COUNTS)
        # Possible or exit 2: a deal scores honours and extra cards, never less than nothing, and the
        # game ends at the first deal that takes anyone to 41; so 0 ≤ a running score < 41.
        ledger = Ledger(doc, scores_before(r, table.entrants))
        totals = ledger.totals
        if r.get(("scores_before",)) is not None and table.entrants:
            # With 4 or 6 players every card is dealt, so the five trump honours (30 points) are taken in
            # every deal: the running scores add up to 0 (no deal yet) or to at least 30.
            if (
                len(players) * HAND_SIZES.get(len(players), 0) == len(DECK)
                and 0 < sum(totals.values()) < HONOUR_TOTAL
            ):
                r.fail(
                    ("scores_before",),
                    t(
                        "With {n} players every deal hands out the {points} points of the trump "
                        "honours, so the scores before add up to 0 or to at least {points}, "
                        "not {total}.",
                        n=len(players),
                        points=HONOUR_TOTAL,
                        total=sum(totals.values()),
                    ),
                    "record.score_impossible",
                    "scoring",
                )
            over_before(r, totals, TARGET)
        deals_value = r.sequence(("deals",))
        r.raise_if_any()
        end_steps: list[Message] = []
        winner: str | None = None
        termination, code = goes_on(TARGET), "in_progress"
        for i, (result, items, offenders, dealer) in each_deal(
            r,
            deals_value,
            lambda i: self._deal(
                Deal.open(r, i, RECORD, ledger.findings, list(table.side_of)),
                ledger,
                table,
                options,
            ),
        ):
            before = ledger.add(i, result, dealer)
            totals = ledger.totals
            if ledger.over:
                continue
            if offenders and options["revoke_penalty"] == "loss_of_game":
                winner, termination = revoke_loss(offenders, table, totals)
                code = "revoke_penalty"
                ledger.over = True
                end_steps.append(termination)
                continue
            reached_it = [p for p in table.entrants if totals[p] >= TARGET]
            if not reached_it:
                continue
            if len(reached_it) == 1:
                winner, steps = reached_it[0], [reaches_and_wins(reached_it[0], TARGET)]
            elif options["tie_break"] == "count_out":
                winner, steps = count_out(before, {p: items[p] for p in reached_it})
            else:
                winner, steps = lexicographic(
                    reached_it, items, totals, options["tie_break"] == "higher_total"
                )
            result.steps.extend(steps)
            if winner is not None:
                termination, code = reached(winner, TARGET), "target_reached"
                ledger.over = True
        r.raise_if_any()
        return ledger.verdict(self.slug, options, winner, termination, code, end_steps)


GAME = CatchTheTen()
