"""Buy or Pass (seed 002, game 6): four players, 32 cards, a pot, tricks paid out by suit.

Money is kept in whole minor units (kopecks, cents), so nothing is ever rounded but a pot too
small for the payouts (DECISIONS.md, ``buy-or-pass``). A player who cannot follow suit buys a card
from the stock (his stake into the pot) or passes; the A♠ wins any trick; the winner of a trick
may not lead its suit again at once. After the deal every trick is paid out of the pot at the
value of its suit, and a player with no trick pays a fine.

>>> from referee.games.deals.buy_or_pass import settle
>>> settle(pot=900, owed={"Anna": 700, "Boris": 400})      # 1100 owed from 900: pro rata, rounded down
({'Anna': 572, 'Boris': 327}, 1)
>>> settle(pot=900, owed={"Anna": 300})
({'Anna': 300}, 600)
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from referee.cards import Suit
from referee.engines.game import (
    DealResult,
    Finding,
    Game,
    Option,
    Verdict,
    advance,
    option_defaults,
    players_fact,
    rule_table,
)
from referee.engines.house_rules import choice_option, count_option
from referee.engines.ledger import leaders
from referee.engines.reader import Reader
from referee.engines.trick_rules import TrickRules
from referee.games.deals.buy_or_pass import (
    DECK,
    HAND,
    PLAYERS,
    RULES,
    STOCK,
    STOP_SETTLED,
    BuyOrPassDeals,
)
from referee.messages import Message, t, tn
from referee.records.declared import Declared
from referee.records.source import Document

if TYPE_CHECKING:
    from referee.engines.trick_duties import Duty

DEALS = 4
"""Deals in a match; after the last, the first player out in it takes what is left in the pot."""
SUIT_KEYS: dict[str, Suit] = {
    "hearts": Suit.HEARTS,
    "clubs": Suit.CLUBS,
    "diamonds": Suit.DIAMONDS,
    "spades": Suit.SPADES,
}
DEFAULT_VALUES: dict[str, int] = {"hearts": 400, "clubs": 300, "diamonds": 200, "spades": 100}
DEFAULT_STAKE = 100

OPTIONS: tuple[Option, ...] = (
    choice_option(
        "ace_of_spades",
        "any_time",
        t("The A♠ may be played"),
        t("When the A♠, which wins any trick, may be played to a trick of another suit."),
        ("any_time", t("at any time"), t("At any time, instead of following suit (this edition).")),
        (
            "when_void",
            t("only when void in the suit led"),
            t("Only by a player who cannot follow suit."),
        ),
    ),
    choice_option(
        "lead_rule",
        "last_suit",
        t("The winner of a trick may not lead"),
        t("Which suits the winner of a trick may not lead."),
        (
            "last_suit",
            t("the suit just won"),
            t("Not the suit of the trick he has just won (this edition)."),
        ),
        (
            "once_per_deal",
            t("a suit already led"),
            t("No suit that has already been led to a trick in this deal."),
        ),
    ),
    count_option(
        "fine",
        500,
        t("Fine"),
        t(
            "What a player pays into the pot for taking no trick, and for each pass "
            "while holding the suit led, in minor units."
        ),
        minimum=0,
        unit="minor",
    ),
)
DEFAULTS: dict[str, Any] = option_defaults(OPTIONS)

RECORD = Declared(
    "buy-or-pass",
    "buy_or_pass:buy_or_pass_record",
    deals=DEALS,
    default_stake=DEFAULT_STAKE,
    default_values=DEFAULT_VALUES,
)
"""What a Buy or Pass record holds (:mod:`referee.records.fields`)."""


RULE_TABLE = rule_table("""
G6-S1 | Four players; 32 cards, 7 to A | record.player_count record.deck_mismatch record.card_twice
G6-S2 | A match is four deals | record.deal_count claim
G6-S3 | The first dealer is chosen by lot | unchecked: the lot is drawn before the record begins
G6-S4 | Five cards each; the other twelve are the stock | record.hand_size record.stock_size
G6-S5 | Three or more of a suit are laid down; the others take one each; the player draws as many
    | record.laydown_missing record.laydown_card record.no_laydown
G6-S6 | Each player antes the stake into the pot | claim
G6-S7 | The player left of the dealer leads first, any card | play.lead_out_of_turn
G6-S8 | The next players, in turn, must follow suit | play.revoke play.out_of_turn
G6-S9 | A player who cannot follow buys a card from the stock or passes
    | play.off_suit (play.buy_holding_suit) record.stock_empty record.bought_sum
G6-S10 | If all the others pass, the leader takes his card back and the next player leads
    | claim play.lead_after_pass
G6-S11 | The winner of a trick leads, but not its suit again at once (option lead_rule)
    | play.suit_barred play.lead_not_winner
G6-S12 | The A♠ wins a trick of any suit | claim
G6-S13 | Each trick is paid out of the pot at the value of the suit led | claim record.tricks_sum
G6-S14 | A player with no trick pays a fine into the pot | claim
G6-S15 | A player who passes while holding the suit led pays a fine | play.pass_holding_suit
G6-S16 | The first player out pays no ante in the next deal | claim record.first_out
G6-S17 | The first player out in the fourth deal takes what is left in the pot | claim
G6-A1 | The A♠ wins if played; else the highest card of the suit led | claim
G6-A2 | The A♠ may be played at any time instead of following (option ace_of_spades) | play.master_early
G6-A3 | A trick won by the A♠ is paid at the value of the suit led | claim
G6-A4 | A card bought costs the stake; a bought card that cannot follow is kept, and he passes | claim
G6-A5 | The lay-down, step by step | play.incomplete_laydown (record.laydown_missing) (record.laydown_card)
G6-A6 | The winner may not lead the suit of the trick he has just won | (play.suit_barred)
G6-A7 | The deal ends when at most one player holds cards, or the leads stall | record.trick_count
G6-A8 | Nobody out: the pot is split equally, the remainder stays | claim
G6-A9 | The exemption covers one ante only | claim
G6-A10 | A pot too small pays pro rata, rounded down | claim
G6-A11 | The deal passes to the left | deal.dealer_order
G6-A12 | The outcome is net money, not tricks | claim
G6-A13 | Buying or passing while holding the suit led is a revoke | (play.pass_holding_suit) play.buy_holding_suit
G6-A14 | Ranks 7 8 9 10 J Q K A | claim
G6-D01 | The lay-down is recorded with the cards laid down | (record.laydown_missing) (play.incomplete_laydown)
G6-D02 | Only leads made with the stock empty count towards the end of the deal | play.after_end (record.trick_count)
""")
"""Every rule of Buy or Pass: what enforces it, or why no record can show it (``referee rules``)."""


class BuyOrPass(BuyOrPassDeals, Game):
    """The referee for Buy or Pass."""

    slug = "buy-or-pass"
    rule_table = RULE_TABLE
    claim_rule = "G6-A12"
    # A card nobody holds (bought already, in the stock, played) cannot be played with real cards; another
    # player's card is play.out_of_turn (G6-S8).
    ruleless_codes = frozenset({"record.not_held"})
    names: ClassVar[dict[str, str]] = {
        "en": "Buy or Pass",
        "ru": "Купи или пас",
        "de": "Kaufen oder Passen",
    }
    player_counts = (PLAYERS,)
    options = OPTIONS
    record = RECORD
    kind = t("trick-taking game for money, each player for himself")
    pitch = t(
        "No suit to follow? Buy a card from the stock or pass; every trick is paid out of the pot, "
        "and the ace of spades beats everything."
    )
    length = t("four deals, half an hour")
    deck_size = len(DECK)

    def facts(self) -> list[tuple[Message, Any]]:
        """The numbers a page shows."""
        values = [t("{suit}: {n}", suit=SUIT_KEYS[k], n=v) for k, v in DEFAULT_VALUES.items()]
        return [
            players_fact(self.player_counts),
            (t("Cards"), t("{n} (7 to ace in four suits)", n=self.deck_size)),
            (t("Cards per player"), HAND),
            (t("Stock"), STOCK),
            (t("Rank of the cards"), t("A K Q J 10 9 8 7 (highest first); the A♠ wins any trick")),
            (t("Stake (record data)"), t("{n} minor units", n=DEFAULT_STAKE)),
            (t("A trick pays, by the suit led (record data)"), values),
            (t("Fines"), t("{n} minor units (option {option})", n=DEFAULTS["fine"], option="fine")),
            (t("Match"), tn("{n} deal", "{n} deals", DEALS)),
        ]

    def trick_rules(self, options: dict[str, Any]) -> TrickRules:
        """The trick rules in force with ``options``."""
        return RULES[options["ace_of_spades"]]

    def duties(self, options: dict[str, Any]) -> list[Duty]:
        """The trick duties, with the lead the winner of a trick may not make."""
        from referee.engines.trick_duties import trick_duties

        return trick_duties(self.trick_rules(options), lead_rule=options["lead_rule"])

    def check(self, doc: Document) -> Verdict:
        """Validate, replay and settle a Buy or Pass record."""
        r = Reader(doc)
        players, options = r.header(self, extra=("stake", "suit_values"))
        stake = r.integer(("stake",), minimum=1) if r.get(("stake",)) is not None else DEFAULT_STAKE
        values = self._values(r)
        deals_value = r.sequence(("deals",))
        if deals_value is not None and len(deals_value) > DEALS:
            r.fail(
                ("deals",),
                tn(
                    "A match has {n} deal, not {count}.",
                    "A match has {n} deals, not {count}.",
                    DEALS,
                    count=len(deals_value),
                ),
                "record.deal_count",
                "match",
            )
        r.raise_if_any()
        assert stake is not None and values is not None
        totals = dict.fromkeys(players, 0)
        results: list[DealResult] = []
        findings: list[Finding] = []
        pot = 0
        exempt: str | None = None
        previous_dealer: int | None = None
        last_out: str | None = None
        for i, _ in enumerate(deals_value or []):
            read = r.part(
                ("deals", i),
                self._deal,
                r,
                i,
                players,
                options,
                stake,
                values,
                pot,
                exempt,
                findings,
                previous_dealer,
            )
            if read is None:
                continue
            result, pot, last_out, previous_dealer = read
            exempt = last_out
            played_out = not any(step is STOP_SETTLED for step in result.steps)
            if result.number == DEALS and played_out:
                pot = self._award(players, pot, last_out, result)
            totals = advance(totals, result.scores)
            result.totals = dict(totals)
            results.append(result)
        r.raise_if_any()
        if results and results[-1].number == DEALS:
            _, top = leaders(totals)
            winner = top[0] if len(top) == 1 else None
            termination = t(
                "The match of {n} deals is over; {pot} stays in the pot.", n=DEALS, pot=pot
            )
            code = "match_over"
        else:
            winner = None
            termination = tn(
                "{n} deal of {total} played; the pot holds {pot}.",
                "{n} deals of {total} played; the pot holds {pot}.",
                len(results),
                total=DEALS,
                pot=pot,
            )
            code = "in_progress"
        return Verdict(self.slug, options, results, totals, winner, termination, code, findings)

    def _award(self, players: list[str], pot: int, last_out: str | None, result: DealResult) -> int:
        """After the last deal: the first player out in it takes the pot, or all share it; what stays."""
        if last_out is not None:
            result.steps.append(
                t(
                    "{player} went out first in the last deal and takes what is left in the pot: "
                    "{n}.",
                    player=last_out,
                    n=pot,
                )
            )
            result.scores[last_out] += pot
            return 0
        share = pot // PLAYERS
        result.steps.append(
            t(
                "Nobody went out in the last deal: the {n} left in the pot is shared, {share} each; "
                "{rest} stays in the pot.",
                n=pot,
                share=share,
                rest=pot - share * PLAYERS,
            )
        )
        for p in players:
            result.scores[p] += share
        return pot - share * PLAYERS

    def _values(self, r: Reader) -> dict[Suit, int] | None:
        value = r.get(("suit_values",))
        out = {SUIT_KEYS[k]: v for k, v in DEFAULT_VALUES.items()}
        if value is None:
            return out
        if r.mapping(("suit_values",)) is None:
            return None
        r.known_keys(("suit_values",), set(SUIT_KEYS))
        for key in value:
            if key in SUIT_KEYS:
                got = r.integer(("suit_values", key), minimum=0)
                if got is None:
                    return None
                out[SUIT_KEYS[key]] = got
        return out

    # -- a full play -------------------------------------------------------------------------------------


GAME = BuyOrPass()
