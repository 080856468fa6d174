"""Buy or Pass (seed 002, game 6): four players, 32 cards, a pot, tricks paid out by suit.

Money is kept in whole minor units (kopecks, cents), so nothing is ever rounded but a pot too
small for the payouts (DECISIONS.md, ``buy-or-pass``). A player who cannot follow suit buys a card
from the stock (his stake into the pot) or passes; the A♠ wins any trick; the winner of a trick
may not lead its suit again at once. After the deal every trick is paid out of the pot at the
value of its suit, and a player with no trick pays a fine.

>>> settle(pot=900, owed={"Anna": 700, "Boris": 400})      # 1100 owed from 900: pro rata, rounded down
({'Anna': 572, 'Boris': 327}, 1)
>>> settle(pot=900, owed={"Anna": 300})
({'Anna': 300}, 600)
"""

from __future__ import annotations

from collections import Counter
from typing import Any, ClassVar

from referee.cards import SUITS, Card, Rank, Suit, deck
from referee.engines.deals import Deal, parsed
from referee.engines.game import (
    DealResult,
    Finding,
    Game,
    Option,
    Verdict,
    advance,
    rule_table,
    wrong_turn,
)
from referee.engines.passing import replay_passing
from referee.engines.passing_tricks import PassingTrickPlay
from referee.engines.reader import Reader
from referee.engines.replay import STOPPED, read_hands
from referee.engines.trick_rules import ORDER_7_TO_A, Duty, TrickRules
from referee.errors import NotationError
from referee.messages import Message, t, tn
from referee.notation import parse_suit
from referee.records.declarations.buy_or_pass import buy_or_pass_record
from referee.records.hands import read_held
from referee.records.source import Document, Path

DECK: tuple[Card, ...] = tuple(c for c in deck() if c.rank >= 7)
LAYDOWN_STOPPED = t("The referee stops at this lay-down and judges nothing after it in the deal.")
STOP_SETTLED = t(
    "The deal was not played out, so only what was due before the stop is settled (the antes, "
    "and any cards bought and fines for passing while holding the suit led); the tricks are not "
    "paid out and the fine for taking no trick is not judged."
)
"""What a deal stopped by a wrong turn or an incomplete lay-down settles (DECISIONS, stops and money)."""
PLAYERS = 4
HAND = 5
STOCK = len(DECK) - PLAYERS * HAND
DEALS = 4
"""Deals in a match; after the last, the first player out in it takes what is left in the pot."""
ACE_OF_SPADES = Card(Rank.ACE, Suit.SPADES)
SUIT_KEYS: dict[str, Suit] = {
    "hearts": Suit.HEARTS,
    "clubs": Suit.CLUBS,
    "diamonds": Suit.DIAMONDS,
    "spades": Suit.SPADES,
}
DEFAULT_VALUES: dict[str, int] = {"hearts": 400, "clubs": 300, "diamonds": 200, "spades": 100}
DEFAULT_STAKE = 100

OPTIONS: tuple[Option, ...] = (
    Option(
        "ace_of_spades",
        "any_time",
        ("any_time", "when_void"),
        help=t("When the A♠, which wins any trick, may be played to a trick of another suit."),
        choice_help={
            "any_time": t("At any time, instead of following suit (this edition)."),
            "when_void": t("Only by a player who cannot follow suit."),
        },
        label=t("The A♠ may be played"),
        choice_labels={
            "any_time": t("at any time"),
            "when_void": t("only when void in the suit led"),
        },
    ),
    Option(
        "lead_rule",
        "last_suit",
        ("last_suit", "once_per_deal"),
        help=t("Which suits the winner of a trick may not lead."),
        choice_help={
            "last_suit": t("Not the suit of the trick he has just won (this edition)."),
            "once_per_deal": t("No suit that has already been led to a trick in this deal."),
        },
        label=t("The winner of a trick may not lead"),
        choice_labels={
            "last_suit": t("the suit just won"),
            "once_per_deal": t("a suit already led"),
        },
    ),
    Option(
        "fine",
        500,
        minimum=0,
        help=t(
            "What a player pays into the pot for taking no trick, and for each pass "
            "while holding the suit led, in minor units."
        ),
        label=t("Fine"),
        unit="minor",
    ),
)
DEFAULTS: dict[str, Any] = {o.name: o.default for o in OPTIONS}
RULES: dict[str, TrickRules] = {
    mode: TrickRules(
        ORDER_7_TO_A, master=ACE_OF_SPADES, master_any_time=mode == "any_time", void_passes=True
    )
    for mode in ("any_time", "when_void")
}

RECORD = buy_or_pass_record(deals=DEALS, default_stake=DEFAULT_STAKE, default_values=DEFAULT_VALUES)
"""What a Buy or Pass record holds (:mod:`referee.records.fields`)."""


def settle(pot: int, owed: dict[str, int]) -> tuple[dict[str, int], int]:
    """What each trick-taker gets out of ``pot`` and what is left: in full, or pro rata, rounded down.

    >>> settle(0, {"Anna": 100})
    ({'Anna': 0}, 0)
    """
    total = sum(owed.values())
    if total <= pot:
        return dict(owed), pot - total
    paid = {p: v * pot // total for p, v in owed.items()}
    return paid, pot - sum(paid.values())


def lays_down(hand: list[Card]) -> Suit | None:
    """The suit a player dealt this hand must lay down: one of which he holds three or more.

    >>> lays_down([Card(7, Suit.HEARTS), Card(8, Suit.HEARTS), Card(9, Suit.HEARTS), Card(7, Suit.CLUBS)])
    <Suit.HEARTS: 'H'>
    """
    suits = [c.suit for c in hand]
    for suit in SUITS:
        if suits.count(suit) >= 3:
            return suit
    return None


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


class BuyOrPass(Game):
    """The referee for Buy or Pass."""

    slug = "buy-or-pass"
    rule_table = RULE_TABLE
    claim_rule = "G6-A12"  # what a deal scores: the rule a disagreeing claim breaks
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
    hand_sizes: ClassVar[dict[int, int]] = {PLAYERS: HAND}

    def facts(self) -> list[tuple[Message, Any]]:
        """The numbers a page shows."""
        values = [t("{suit}: {n}", suit=SUIT_KEYS[k], n=v) for k, v in DEFAULT_VALUES.items()]
        return [
            (t("Players"), t("{n}, each for himself", n=PLAYERS)),
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
        return self.trick_rules(options).duties(lead_rule=options["lead_rule"])

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
            best = max(totals.values())
            leaders = [p for p, v in totals.items() if v == best]
            winner = leaders[0] if len(leaders) == 1 else None
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

    def _deal(
        self,
        r: Reader,
        i: int,
        players: list[str],
        options: dict[str, Any],
        stake: int,
        values: dict[Suit, int],
        pot: int,
        exempt: str | None,
        findings: list[Finding],
        previous_dealer: int | None,
    ) -> tuple[DealResult, int, str | None, int] | None:
        deal = Deal.open(r, i, RECORD, findings)
        if deal is None:
            return None
        path, number, full = deal.path, deal.number, deal.full
        dealer_name = r.name(path + ("dealer",), players)
        claim = r.scores(path + ("claim",), players, required=False, minimum=None)
        steps: list[Message] = []
        if dealer_name is None:
            return None
        dealer = players.index(dealer_name)
        if previous_dealer is not None and dealer != (previous_dealer + 1) % PLAYERS:
            findings.append(
                Finding(
                    "deal.dealer_order",
                    "warning",
                    r.doc.where(path + ("dealer",), deal=number),
                    t(
                        "The deal passes to the left: {expected} should deal, not {dealer}.",
                        expected=players[(previous_dealer + 1) % PLAYERS],
                        dealer=dealer_name,
                    ),
                )
            )
        if full:
            got = self._full(r, path, number, players, dealer, options, findings, steps)
        else:
            got = self._summary(r, path, players)
        if got is None:
            return None
        fine = options["fine"]
        net = dict.fromkeys(players, 0)
        before = pot
        for p in players:
            if p == exempt:
                steps.append(t("{player} went out first last deal and pays no ante.", player=p))
                continue
            net[p] -= stake
            pot += stake
        steps.append(t("Antes: {n} into the pot, which now holds {pot}.", n=pot - before, pot=pot))
        if got == STOPPED:
            # An incomplete lay-down: the antes were paid before it; nothing after it is judged.
            steps.append(LAYDOWN_STOPPED)
            steps.append(STOP_SETTLED)
            return DealResult(number, net, steps, mode="broken"), pot, None, dealer
        tricks, bought, holding, first_out, stopped = got
        for p in players:
            if bought[p]:
                cost = bought[p] * stake
                net[p] -= cost
                pot += cost
                steps.append(
                    tn(
                        "{player} bought {n} card: {cost} into the pot.",
                        "{player} bought {n} cards: {cost} into the pot.",
                        bought[p],
                        player=p,
                        cost=cost,
                    )
                )
            if not tricks[p] and not stopped:
                net[p] -= fine
                pot += fine
                steps.append(
                    t("{player} took no trick: a fine of {n} into the pot.", player=p, n=fine)
                )
            if holding[p]:
                cost = holding[p] * fine
                net[p] -= cost
                pot += cost
                steps.append(
                    tn(
                        "{player} passed {n} time while holding the suit led: {cost} into the pot.",
                        "{player} passed {n} times while holding the suit led: {cost} into the pot.",
                        holding[p],
                        player=p,
                        cost=cost,
                    )
                )
        if stopped:
            # A deal that was not played out: the tricks are paid and the fine for taking none is due
            # only at its end (G6-S13, G6-S14), so neither is judged.
            steps.append(STOP_SETTLED)
            steps.append(t("The pot after the deal: {pot}.", pot=pot))
            where = r.doc.where(path + ("claim",), deal=number) if claim is not None else None
            result = DealResult(number, net, steps, claim, mode="full", claim_where=where)
            return result, pot, first_out, dealer
        owed = {p: sum(values[s] for s in tricks[p]) for p in players if tricks[p]}
        for p, v in owed.items():
            steps.append(
                tn(
                    "{player}'s trick ({suits}) is worth {value}.",
                    "{player}'s tricks ({suits}) are worth {value}.",
                    len(tricks[p]),
                    player=p,
                    suits=tricks[p],
                    value=v,
                )
            )
        paid, left = settle(pot, owed)
        if sum(owed.values()) > pot:
            steps.append(
                t(
                    "The pot of {pot} cannot pay the {owed} owed: each is paid pro rata, rounded down.",
                    pot=pot,
                    owed=sum(owed.values()),
                )
            )
        for p, v in paid.items():
            net[p] += v
            steps.append(t("{player} is paid {n} from the pot.", player=p, n=v))
        pot = left
        steps.append(t("The pot after the deal: {pot}.", pot=pot))
        if first_out is not None:
            steps.append(t("{player} went out first.", player=first_out))
        where = r.doc.where(path + ("claim",), deal=number) if claim is not None else None
        mode = "full" if full else "summary"
        result = DealResult(number, net, steps, claim, mode=mode, claim_where=where)
        return result, pot, first_out, dealer

    def _summary(
        self, r: Reader, path: Path, players: list[str]
    ) -> tuple[dict[str, list[Suit]], dict[str, int], dict[str, int], str | None, bool] | None:
        tricks_map = r.mapping(path + ("tricks",))
        bought = r.scores(path + ("bought",), players, required=False, minimum=0) or dict.fromkeys(
            players, 0
        )
        holding = r.scores(
            path + ("passes_holding",), players, required=False, minimum=0
        ) or dict.fromkeys(players, 0)
        first_out = r.name(path + ("first_out",), players, required=False)
        if tricks_map is None or not r.names_match(path + ("tricks",), tricks_map, players):
            return None
        tricks: dict[str, list[Suit]] = {}
        for key, raw in tricks_map.items():
            p = path + ("tricks", key)
            if not isinstance(raw, list):
                r.fail(p, t("{field} must be a list of suits.", field=str(key)), "record.shape")
                return None
            try:
                tricks[str(key)] = [parse_suit(s, r.notation) for s in raw]
            except NotationError as err:
                r.add(err, p)
                return None
        if sum(len(v) for v in tricks.values()) > len(DECK) // 2:
            r.fail(
                path + ("tricks",),
                t("A deal has at most {n} tricks: each needs two cards.", n=len(DECK) // 2),
                "record.tricks_sum",
                "tricks",
            )
            return None
        # Possible or exit 2 (the summary's fields): a trick stands only when another player plays
        # to it, and to a lead only the suit led or the A♠ can be played; so a trick that stands holds
        # two cards of the suit led, or one and the A♠ (once a deal), and the 8 cards of a suit make at
        # most 4 such tricks. Cards are bought one at a time from the stock, so at most 12 in a deal;
        # a player goes out when his last card is in a trick that stands, so nobody is out first in a
        # deal where no trick stood. (passes_holding has no bound of its own: a lead that everyone
        # passes goes back to the hand, so leads are not bounded by the cards.)
        per_suit = len(DECK) // 4
        most = per_suit // 2
        led = Counter(s for v in tricks.values() for s in v)
        for suit, k in led.items():
            if k > most:
                r.fail(
                    path + ("tricks",),
                    t(
                        "Tricks led in {suit} that can stand: at most {most}, the record says {k}. "
                        "A trick stands only when another player plays the suit led (or the A♠) to "
                        "it, so it holds two cards of {suit} (the pack has {n}), or one and the A♠.",
                        most=most,
                        n=per_suit,
                        suit=suit,
                        k=k,
                    ),
                    "record.tricks_sum",
                    "tricks",
                )
                return None
        if sum(bought.values()) > STOCK:
            r.fail(
                path + ("bought",),
                t(
                    "The stock holds {n} cards, so at most {n} are bought in a deal, not {k}.",
                    n=STOCK,
                    k=sum(bought.values()),
                ),
                "record.bought_sum",
                "buying",
            )
            return None
        if first_out is not None and not any(tricks.values()):
            r.fail(
                path + ("first_out",),
                t(
                    "A player is out when his last card is in a trick that stands; no trick "
                    "stood in this deal, so nobody went out."
                ),
                "record.first_out",
                "out",
            )
            return None
        return tricks, bought, holding, first_out, False

    # -- a full play -------------------------------------------------------------------------------------

    def _full(
        self,
        r: Reader,
        path: Path,
        number: int,
        players: list[str],
        dealer: int,
        options: dict[str, Any],
        findings: list[Finding],
        steps: list[Message],
    ) -> (
        tuple[dict[str, list[Suit]], dict[str, int], dict[str, int], str | None, bool] | str | None
    ):
        hands = read_hands(r, path + ("hands",), players, HAND)
        stock = self._stock(r, path + ("stock",))
        if hands is None or stock is None:
            return None
        if set(stock) & {c for h in hands for c in h} or {c for h in hands for c in h} | set(
            stock
        ) != set(DECK):
            r.fail(
                path + ("stock",),
                t(
                    "The hands and the stock must make up the pack of {n} cards, each once.",
                    n=len(DECK),
                ),
                "record.deck_mismatch",
                "deal",
            )
            return None
        held = [list(h) for h in hands]
        laid = self._laydowns(r, path, number, players, dealer, hands, held, stock, findings, steps)
        if laid is not True:
            return None if laid is False else STOPPED
        play = PassingTrickPlay(
            RULES[options["ace_of_spades"]],
            held,
            (dealer + 1) % PLAYERS,
            None,
            options["lead_rule"],
            players,
        )
        replay = replay_passing(r, path + ("play",), play, stock, players, number, findings)
        if replay is None:
            return None
        if replay.stopped is not None:
            steps.append(
                t(
                    "Lead {k} holds a wrong turn; the referee judges nothing from it on.",
                    k=replay.stopped,
                )
            )
        bought = dict(zip(players, replay.bought, strict=True))
        tricks = {p: [] for p in players}  # type: dict[str, list[Suit]]
        for trick in play.tricks:
            led = trick.cards[0].suit
            assert led is not None
            tricks[players[trick.winner]].append(led)
        steps.append(
            tn(
                "{n} trick checked card by card.",
                "{n} tricks checked card by card.",
                len(play.tricks),
            )
        )
        dead = {players[s]: h for s, h in enumerate(play.hands) if h}
        for p, h in dead.items():
            steps.append(t("Dead cards of {player}: {cards}.", player=p, cards=sorted(h)))
        holding = dict.fromkeys(players, 0)
        for seat, _ in play.passes_holding:
            holding[players[seat]] += 1
        first_out = players[play.out[0]] if play.out else None
        return tricks, bought, holding, first_out, replay.stopped is not None

    def _stock(self, r: Reader, path: Path) -> list[Card] | None:
        from referee.notation import parse_cards

        try:
            cards = parse_cards(r.get(path), r.notation)
        except NotationError as err:
            r.add(err, path)
            return None
        if len(cards) != STOCK:
            r.fail(
                path,
                t("The stock holds {n} cards, not {count}.", n=STOCK, count=len(cards)),
                "record.stock_size",
                "deal",
            )
            return None
        return cards

    def _laydowns(
        self,
        r: Reader,
        path: Path,
        number: int,
        players: list[str],
        dealer: int,
        hands: list[list[Card]],
        held: list[list[Card]],
        stock: list[Card],
        findings: list[Finding],
        steps: list[Message],
    ) -> bool | str:
        """The lay-downs after the deal, in seat order from the dealer's left; False if impossible,
        :data:`STOPPED` at an incomplete lay-down (a finding, after which the deal is judged no further)."""
        from referee.notation import parse_cards

        value = r.get(path + ("laydowns",))
        given: dict[str, Path] = {}
        if value is not None:
            if not isinstance(value, list):
                r.fail(
                    path + ("laydowns",),
                    t("{field} must be a non-empty list.", field="laydowns"),
                    "record.shape",
                )
                return False
            for j in range(len(value)):
                p = path + ("laydowns", j)
                if r.mapping(p) is None:
                    return False
                r.known_keys(p, {"player", "laid", "taken"})
                name = r.name(p + ("player",), players)
                if name is None:
                    return False
                given[name] = p
        for k in range(1, PLAYERS + 1):
            seat = (dealer + k) % PLAYERS
            name = players[seat]
            suit = lays_down(hands[seat])
            p = given[name] + ("taken",) if name in given else path + ("laydowns",)
            if suit is None:
                if name in given:
                    r.fail(
                        p,
                        t(
                            "{player} was dealt fewer than three cards of every suit and lays nothing down.",
                            player=name,
                        ),
                        "record.no_laydown",
                        "laydown",
                    )
                    return False
                continue
            if name not in given:
                r.fail(
                    p,
                    t(
                        "{player} was dealt three or more {suit} and must lay them down: the record must say "
                        "which card each other player took.",
                        player=name,
                        suit=suit,
                    ),
                    "record.laydown_missing",
                    "laydown",
                )
                return False
            due = sorted(c for c in held[seat] if c.suit is suit)
            at = given[name] + ("laid",)
            laid = (
                due
                if r.get(at) is None
                else read_held(r, at, held[seat], name, "record.laydown_card", "laydown")
            )
            taken = parsed(r, p, parse_cards)
            if taken is None or laid is None:
                return False
            others = [(seat + j) % PLAYERS for j in range(1, min(PLAYERS, len(laid) + 1))]
            if (
                len(taken) != len(others)
                or len(set(taken)) != len(taken)
                or not set(taken) <= set(laid)
            ):
                r.fail(
                    p,
                    t(
                        "The other three players take one card each of the ones laid down ({cards}), clockwise "
                        "from the left of {player}.",
                        cards=sorted(laid),
                        player=name,
                    ),
                    "record.laydown_card",
                    "laydown",
                )
                return False
            if sorted(laid) != due:
                where = r.doc.where(at, deal=number)
                findings.append(
                    wrong_turn(
                        where,
                        t(
                            "{player} lays down {laid}, but a player dealt three or more cards "
                            "of a suit lays down all the "
                            "cards of that suit in his hand: {cards}.",
                            player=name,
                            laid=sorted(laid),
                            cards=due,
                        ),
                        "play.incomplete_laydown",
                    )
                )
                findings.append(Finding("play.not_judged", "warning", where, LAYDOWN_STOPPED))
                steps.append(
                    t(
                        "{player} lays down {laid} instead of {cards}.",
                        player=name,
                        laid=sorted(laid),
                        cards=due,
                    )
                )
                return STOPPED
            for o, card in zip(others, taken, strict=True):
                held[seat].remove(card)
                held[o].append(card)
            drawn = stock[: len(taken)]
            del stock[: len(taken)]
            held[seat].extend(drawn)
            steps.append(
                tn(
                    "{player} lays down {cards}; the others take {taken}; {player} draws {n} card from the "
                    "stock.",
                    "{player} lays down {cards}; the others take {taken}; {player} draws {n} cards from the "
                    "stock.",
                    len(drawn),
                    player=name,
                    cards=due,
                    taken=taken,
                )
            )
        return True


GAME = BuyOrPass()
