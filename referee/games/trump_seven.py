"""Trump 7 (seed 002, game 1; designed by David Schulman): three players, 29 cards, a declarer needs 60 of 100.

The pack is 7 to king in four suits and the Joker. In every suit the queen is highest and the
king ranks between the ten and the nine; the Joker is the highest trump and belongs to the trump
suit:

>>> from referee.engines.auction import final_declarer
>>> from referee.games.deals.trump_seven import deal_scores, side_points
>>> from referee.notation import parse_cards
>>> RULES.winner(parse_cards("KH 10H 9H"), Suit.SPADES)      # hearts led, no trump: the ten beats the king
1
>>> RULES.winner(parse_cards("QS Joker 7S"), Suit.HEARTS)    # the Joker trumps a plain suit
1
>>> [str(c) for c in RULES.legal(parse_cards("Joker QC"), Suit.HEARTS, Suit.HEARTS)]   # and follows trumps
['Joker']

The card points (the seven of trumps is the lowest trump but the most valuable card). Whatever
the trump suit, the pack holds 100:

>>> [card_points(c, Suit.HEARTS) for c in parse_cards("7H 7S 10C Joker KD QS JH 9H")]
[20, 0, 10, 4, 4, 3, 2, 0]
>>> {sum(card_points(c, s) for c in DECK) for s in SUITS}
{100}

A deal is made with 60 or more; the discards count for the declarer unless the option says otherwise:

>>> side_points(in_tricks=(56, 30), discards=14, discards_count_for="declarer")
(70, 30)
>>> side_points(in_tricks=(56, 30), discards=14, discards_count_for="defenders")
(56, 44)
>>> deal_scores(["Anna", "Boris", "Vera"], "Anna", 60), deal_scores(["Anna", "Boris", "Vera"], "Anna", 59)
({'Anna': 1, 'Boris': 0, 'Vera': 0}, {'Anna': 0, 'Boris': 1, 'Vera': 1})

The auction goes round twice; the second answers are final, and exactly one final yes makes the
declarer. Otherwise the cards are thrown in:

>>> final_declarer({"Anna": (True, True), "Boris": (True, False), "Vera": (False, False)})
'Anna'
>>> final_declarer({"Anna": (True, True), "Boris": (True, True), "Vera": (False, False)}) is None
True
"""

from __future__ import annotations

from typing import Any, ClassVar

from referee.cards import SUITS, Card, Rank, Suit
from referee.engines.deals import (
    Deal,
    each_deal,
    scores_before,
)
from referee.engines.game import Game, Option, Verdict, rule_table
from referee.engines.house_rules import choice_option
from referee.engines.ledger import Ledger, leaders
from referee.engines.reader import Reader
from referee.engines.trick_rules import TrickRules
from referee.games.deals.trump_seven import (
    DECK,
    DECLARER,
    DEFENDERS,
    DISCARDS,
    HAND_SIZE,
    PLAIN_ORDER,
    PLAYERS,
    RANK_POINTS,
    RULES,
    SEVEN_OF_TRUMPS,
    TO_MAKE,
    TRUMP_ORDER,
    WIDOW_SIZE,
    TrumpSevenDeals,
    card_points,
)
from referee.messages import Message, t, tc, tn
from referee.records.declared import Declared
from referee.records.source import Document

RECORD = Declared("trump-seven", "trump_seven:RECORD")
"""What a Trump 7 record holds (:mod:`referee.records.declarations.trump_seven`)."""

OPTIONS: tuple[Option, ...] = (
    choice_option(
        "discards_count_for",
        DECLARER,
        t("The declarer's discards count for"),
        t("Whose card points the declarer's discards are."),
        (DECLARER, t("the declarer"), t("They count for the declarer (the original rule).")),
        (
            DEFENDERS,
            t("the defenders"),
            t(
                'They count for the defenders (the source: they "go one each to the other '
                'players").'
            ),
        ),
    ),
    choice_option(
        "first_lead",
        DECLARER,
        t("First lead"),
        t("Who leads to the first trick."),
        (DECLARER, t("declarer"), t("The declarer (the source).")),
        (
            "eldest",
            t("the player left of the dealer"),
            t("The player on the dealer's left, the eldest hand (the original rule)."),
        ),
    ),
)


def counting_cards(trump: Suit | None) -> list[Card]:
    """The cards of the pack that carry points when ``trump`` is trumps (18 of the 29)."""
    return [c for c in DECK if card_points(c, trump)]


RULE_TABLE = rule_table("""
G1-R01 | Exactly three players | record.player_count
G1-R02 | A pack of 28 cards (7 to K in four suits) and the Joker
    | record.deck_mismatch record.not_in_pack record.card_twice record.card_missing
G1-R03 | Rank in every suit, low to high: 7 8 9 K 10 J Q; the Joker above all | claim
G1-R04 | The first dealer is chosen by lot or agreement | unchecked: the lot is drawn before the record begins
G1-R05 | Three cards at a time until each player has nine | record.hand_size
G1-R06 | The two cards left over are the widow | record.widow_size
G1-R07 | The auction starts on the dealer's left
    | unchecked: the record keeps each player's answers, not the order they were spoken in
G1-R08 | The declarations go round twice | record.bad_answer
G1-R09 | Nobody, or two or three players, declare: the deal is thrown in
    | record.thrown_in_mismatch record.thrown_in_field
G1-R10 | Exactly one player declares: he is the declarer | record.declarer_mismatch
G1-R11 | The declarer names any suit as trumps | unchecked: any suit may be named, so there is nothing to refuse
G1-R12 | The declarer takes the widow and lays two cards away | record.discard_count record.discard_not_held
G1-R13 | The two cards laid away go to the other players (option discards_count_for) | claim
G1-R14 | The defenders try to stop the declarer reaching 60 | claim
G1-R15 | The declarer leads to the first trick | play.lead_out_of_turn
G1-R16 | Play goes clockwise | play.out_of_turn
G1-R17 | Follow suit if able, otherwise play any card | play.revoke
G1-R18 | Three cards make a trick; the highest card takes it | claim record.trick_count
G1-R19 | The Joker is the highest trump | claim
G1-R20 | Card points: trump 7 20, tens 10, and the rest as listed; 100 in all
    | claim record.points_sum record.points_range record.points_impossible deal.not_a_counting_card
G1-R21 | The declarer wins the deal with 60 or more card points | claim
G1-A01 | The rank order Q J 10 K 9 8 7 is meant as printed | claim
G1-A02 | The 28 cards are 7 to K in four suits, no aces | (record.not_in_pack)
G1-A03 | The highest trump takes the trick, else the highest card of the suit led | claim
G1-A04 | The winner of a trick leads to the next | play.lead_not_winner
G1-A05 | The Joker is a trump for every purpose, following included | (play.revoke)
G1-A06 | One direction, clockwise, for dealing, bidding and play | (play.out_of_turn) deal.dealer_order
G1-A07 | The declarer leads first; the eldest hand as a variant (option first_lead) | play.eldest_lead
G1-A08 | Round two confirms or withdraws; a yes after a pass voids the auction | auction.late_yes
G1-A09 | The cards laid away count for the declarer | claim record.discard_in_tricks
G1-A10 | Any card may be laid away | unchecked: nothing is forbidden, so there is nothing to refuse
G1-A11 | If everyone passes, the deal is thrown in and dealt again | (record.thrown_in_mismatch)
G1-A12 | Exactly 60 card points is enough | claim
G1-A13 | A match is counted in deals won; no points target | claim
G1-A14 | Trumps are named first, then the widow is taken | unchecked: a record does not keep the order of these two acts
""")
"""Every rule of Trump 7: what enforces it, or why no record can show it (``referee rules``)."""


class TrumpSeven(TrumpSevenDeals, Game):
    """The referee for Trump 7."""

    slug = "trump-seven"
    rule_table = RULE_TABLE
    claim_rule = "G1-R20"
    names: ClassVar[dict[str, str]] = {
        "en": "Trump 7",
        "ru": "Козырная семёрка",
        "de": "Trumpf-Sieben",
    }
    player_counts = (PLAYERS,)
    options = OPTIONS
    record = RECORD
    kind = t("trick-taking game with a widow: a declarer against the other two")
    pitch = t(
        "One player names trumps and takes on the other two; the lowly seven of trumps is worth the most."
    )
    length = t("ten minutes a deal, as many deals as agreed")
    deck_size = len(DECK)

    def facts(self) -> list[tuple[Message, Any]]:
        """The numbers a page shows."""
        points = [t("7 of trumps: {points}", points=SEVEN_OF_TRUMPS)]
        points += [
            t("the Joker: {points}", points=v)
            if r is Rank.JOKER
            else t("each {rank}: {points}", rank=r, points=v)
            for r, v in RANK_POINTS.items()
        ]
        points.append(t("all other cards: {points}", points=0))
        return [
            (t("Players"), t("{n}: a declarer against the other two", n=PLAYERS)),
            (t("Cards"), t("{n} (7 to king in four suits, and the Joker)", n=self.deck_size)),
            (t("Cards per player"), HAND_SIZE),
            (t("Widow"), tn("{n} card, face down", "{n} cards, face down", WIDOW_SIZE)),
            (t("Discards"), tn("{n} card, face down", "{n} cards, face down", DISCARDS)),
            (t("Rank in every suit (highest first)"), list(reversed(PLAIN_ORDER))),
            (t("Trumps"), t("any suit, named by the declarer; the Joker is the highest trump")),
            (t("Rank in trumps (highest first)"), list(reversed(TRUMP_ORDER))),
            (t("Card points"), points),
            (t("Card points in the pack"), sum(card_points(c, SUITS[0]) for c in DECK)),
            (t("The declarer needs"), t("{n} card points or more", n=TO_MAKE)),
            (
                tc("facts: the whole game", "Game"),
                t("no target: each deal is made or failed, and the referee counts the deals won"),
            ),
        ]

    # -- checking a record -------------------------------------------------------------------------------

    def trick_rules(self, options: dict[str, Any]) -> TrickRules:
        """The trick rules in force with ``options``."""
        return RULES

    def check(self, doc: Document) -> Verdict:
        """Validate, replay and score a Trump 7 record."""
        r = Reader(doc)
        players, options = r.header(self)
        # Possible or exit 2: scores_before counts deals won, any whole numbers of at least 0. In a summary,
        # dealer and declarer name players and trumps are any suit; the discards are any two cards of the
        # pack (G1-A10; record.discard_count, record.not_in_pack, record.card_twice). A side can win 0 to 9
        # tricks, so its tricks can hold any set of the cards outside the discards: a number must be worth
        # some such set (record.points_range, record.points_impossible), and the two sides share exactly
        # those cards (record.points_sum, record.card_missing, record.discard_in_tricks). A thrown-in deal
        # has nothing else (record.thrown_in_field).
        ledger = Ledger(doc, scores_before(r, players))
        deals_value = r.sequence(("deals",))
        r.raise_if_any()
        for i, (result, dealer, thrown_in) in each_deal(
            r,
            deals_value,
            lambda i: self._deal(
                Deal.open(r, i, RECORD, ledger.findings, players), ledger, players, options
            ),
        ):
            ledger.add(i, result, dealer, thrown_in)
        r.raise_if_any()
        winner, termination, code = self._end(ledger.totals, [d.scores for d in ledger.results])
        return ledger.verdict(self.slug, options, winner, termination, code)

    @staticmethod
    def _end(
        totals: dict[str, int], deals: list[dict[str, int]] | None = None
    ) -> tuple[str | None, Message, str]:
        """No target: the player with the most deals won wins; a tie has no winner.

        Two defenders who won the same deals won them together: that is no tie between opponents,
        and the verdict says so (``deals``: each deal's deals-won scores, to tell them apart).

        >>> str(TrumpSeven._end({"Anna": 1, "Boris": 1, "Vera": 0}, [{"Anna": 1, "Boris": 1}])[1])[61:]
        'Anna and Boris won 1 deal together, as the defenders, and share the win.'
        >>> str(TrumpSeven._end({"Anna": 1, "Boris": 0, "Vera": 1}, [{"Anna": 1}, {"Vera": 1}])[1])[61:]
        'Anna and Vera won the most deals (1 each), so there is no single winner.'
        """
        best, first = leaders(totals)
        together = len(first) == 2 and all(
            bool(scores.get(first[0])) == bool(scores.get(first[1])) for scores in deals or []
        )
        if len(first) > 1 and together and deals:
            return (
                None,
                tn(
                    "The source sets no target, so the record is the whole match: {players} won "
                    "{n} deal together, as the defenders, and share the win.",
                    "The source sets no target, so the record is the whole match: {players} won "
                    "{n} deals together, as the defenders, and share the win.",
                    best,
                    players=first,
                ),
                "tied",
            )
        if len(first) == 1:
            return (
                first[0],
                t(
                    "The source sets no target, so the record is the whole match: {player} won the "
                    "most deals ({n}) and wins.",
                    player=first[0],
                    n=best,
                ),
                "most_deals",
            )
        return (
            None,
            t(
                "The source sets no target, so the record is the whole match: {players} won the most deals "
                "({n} each), so there is no single winner.",
                players=first,
                n=best,
            ),
            "tied",
        )

    # -- reading the fields ------------------------------------------------------------------------------

    # -- scoring -----------------------------------------------------------------------------------------


GAME = TrumpSeven()
