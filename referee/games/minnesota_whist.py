"""Minnesota Whist (seed 003): four players in two partnerships, no trumps, a grand or low hand.

Every player puts a card face down: black to grand, red to pass. They are turned up from the
dealer's left until the first black card; if one is black the hand is played high (take tricks),
if all four are red it is played low (avoid tricks). High: the player to the right of the player
who granded leads; low: the player left of the dealer leads.

The seed's three scoring samples (``scoring: seed``, the default):

>>> score_hand(granders="We", tricks={"We": 10, "They": 3})[0]
{'We': 4, 'They': 0}
>>> score_hand(granders="We", tricks={"We": 5, "They": 8})[0]
{'We': 0, 'They': 4}
>>> score_hand(granders=None, tricks={"We": 9, "They": 4})[0]
{'We': 0, 'They': 3}

The same hands under pagat.com's scoring, where the majority side scores (or, low, loses):

>>> [score_hand(g, tr, "pagat")[0] for g, tr in [("We", {"We": 10, "They": 3}), ("We", {"We": 5, "They": 8}),
...                                               (None, {"We": 9, "They": 4})]]
[{'We': 4, 'They': 0}, {'We': 0, 'They': 2}, {'We': -3, 'They': 0}]
"""

from __future__ import annotations

from typing import Any, ClassVar

from referee.cards import Card
from referee.engines.deals import Deal, each_deal, over_before, parsed, scores_before
from referee.engines.dealt_hands import read_hands
from referee.engines.game import DealResult, Game, Option, Verdict, rule_table, target_fact
from referee.engines.house_rules import choice_option, count_option
from referee.engines.ledger import Ledger, goes_on
from referee.engines.reader import Reader
from referee.engines.trick_counts import trick_counts
from referee.engines.trick_rules import ORDER_2_TO_A, TrickRules
from referee.messages import N_, Message, t, tn
from referee.notation import parse_cards
from referee.records.declared import Declared
from referee.records.field_types import Choice
from referee.records.source import Document, format_path

PLAYERS = 4
HAND_SIZE = 13
TRICKS = 13
BOOK = 6  # tricks over this count

OPTIONS: tuple[Option, ...] = (
    choice_option(
        "scoring",
        "seed",
        t("Scoring"),
        t("How a hand is scored."),
        (
            "seed",
            t("as in the source"),
            t(
                "As the source and its samples: high, the granders score 1 per trick over 6, or, if "
                "they take fewer than 7, the other side scores 2 per trick over 6; low, the side "
                "with fewer than 7 tricks scores 7 minus its tricks."
            ),
        ),
        (
            "pagat",
            t("as on pagat.com"),
            t(
                "As pagat.com: high, the side with more tricks scores 1 per trick over 6; low, the "
                "side with more tricks loses 1 per trick over 6."
            ),
        ),
    ),
    count_option("target", 13, t("Points to win"), t("The points a side needs to win the game.")),
)
RULES = TrickRules(ORDER_2_TO_A)
NOBODY = Choice(
    ("nobody",),
    synonyms=("no one", "none", "никто", "niemand"),
    ignore_case=True,
    labels={"nobody": t("No one")},
)
"""The word for a low hand in ``grand``: nobody declared grand (as against a grand not recorded)."""
NOBODY_WORDS = frozenset(w.casefold() for w in (*NOBODY.values, *NOBODY.synonyms))
NOT_RECORDED = "not recorded"
"""``grand`` left out of a summary deal: who declared grand is not known (never "nobody")."""

RECORD = Declared(
    "minnesota-whist", "minnesota_whist:minnesota_whist_record", nobody=NOBODY, tricks=TRICKS
)
"""What a Minnesota Whist record holds (:mod:`referee.records.fields`)."""


def score_hand(
    granders: str | None,
    tricks: dict[str, int],
    scoring: str = "seed",
) -> tuple[dict[str, int], list[Message]]:
    """Score one hand: ``granders`` is the side that granded (None for a low hand).

    ``tricks`` maps the two sides to their tricks (13 in all). Returns the scores and the steps.
    """
    sides = list(tricks)
    scores = dict.fromkeys(sides, 0)
    steps: list[Message] = []
    most = max(sides, key=lambda s: tricks[s])
    fewest = min(sides, key=lambda s: tricks[s])
    if granders is not None:
        other = next(s for s in sides if s != granders)
        g = tricks[granders]
        if scoring == "pagat":
            scores[most] = tricks[most] - BOOK
            steps.append(
                tn(
                    "High hand: {side} took {n} trick and scores {n} − 6 = {points}.",
                    "High hand: {side} took {n} tricks and scores {n} − 6 = {points}.",
                    tricks[most],
                    side=most,
                    n=tricks[most],
                    points=scores[most],
                )
            )
        elif g > BOOK:
            scores[granders] = g - BOOK
            steps.append(
                tn(
                    "High hand: {side} granded and took {n} trick, so they score {n} − 6 = {points}.",
                    "High hand: {side} granded and took {n} tricks, so they score {n} − 6 = {points}.",
                    g,
                    side=granders,
                    n=g,
                    points=scores[granders],
                )
            )
        else:
            scores[other] = 2 * (tricks[other] - BOOK)
            steps.append(
                tn(
                    "High hand: {side} granded but took only {n} trick, so they are set: {other} score "
                    "double, ({m} − 6) × 2 = {points}.",
                    "High hand: {side} granded but took only {n} tricks, "
                    "so they are set: {other} score double, ({m} − 6) × 2 = {points}.",
                    g,
                    side=granders,
                    other=other,
                    m=tricks[other],
                    points=scores[other],
                )
            )
    elif scoring == "pagat":
        scores[most] = -(tricks[most] - BOOK)
        steps.append(
            tn(
                "Low hand: {side} took {n} trick and lose {n} − 6 = {lost}.",
                "Low hand: {side} took {n} tricks and lose {n} − 6 = {lost}.",
                tricks[most],
                side=most,
                n=tricks[most],
                lost=tricks[most] - BOOK,
            )
        )
    else:
        scores[fewest] = BOOK + 1 - tricks[fewest]
        steps.append(
            tn(
                "Low hand: {side} took only {n} trick and score 7 − {n} = {points}.",
                "Low hand: {side} took only {n} tricks and score 7 − {n} = {points}.",
                tricks[fewest],
                side=fewest,
                points=scores[fewest],
            )
        )
    return scores, steps


def _reading_name(granders: str | None, high: bool) -> Message:
    """A reading of a deal whose grand was not recorded: low, high (pagat.com: either side), or
    high granded by a side."""
    if not high:
        return t("a low hand")
    if granders is None:
        return t("a high hand")
    return t("a high hand granded by {side}", side=granders)


def _hand_step(granders: str | None) -> Message:
    """The first step of a deal whose grand was not recorded, as the claim settled it."""
    if granders is None:
        return t("Who declared grand was not recorded; read as a low hand, as the claim says.")
    return t(
        "Who declared grand was not recorded; read as a high hand granded by {side}, as the claim "
        "says.",
        side=granders,
    )


RULE_TABLE = rule_table("""
MW-S1 | Four players in two sides; partners sit opposite
    | record.player_count record.team_count record.team_shape record.partners_adjacent
MW-S2 | No trumps; the ace is high | claim
MW-S3 | One player keeps the score | unchecked: table custom; nothing in a record depends on it
MW-S4 | The highest cut deals first | unchecked: the cut is made before the record begins
MW-S5 | Cards dealt one at a time: 13 each, the whole pack | record.hand_size record.card_twice record.card_not_dealt
MW-S6 | Each player bids a card: black to grand, red to pass
    | record.grand_mismatch record.grand_not_recorded record.grand_assumed
MW-S7 | Bid cards are turned up one by one from the dealer's left | bid.out_of_order
MW-S8 | Turning up stops at the first black card | bid.after_black record.bids_incomplete
MW-S9 | A black card: a high hand, to take as many tricks as possible | claim
MW-S10 | All red: a low hand, to take as few tricks as possible | claim
MW-S11 | Who leads to the first trick (see MW-A1, MW-A2) | play.lead_out_of_turn
MW-S12 | Play goes clockwise; follow suit if able, otherwise any card | play.revoke play.out_of_turn
MW-S13 | The highest card of the suit led takes the trick | claim
MW-S14 | The winner of a trick leads to the next | play.lead_not_winner
MW-S15 | Partners pool their tricks | claim record.tricks_sum
MW-S16 | Play to the last card; the deal passes to the left | (deal.dealer_order) record.trick_count
MW-S17 | Low hand scoring (see MW-A5) | claim
MW-S18 | High hand scoring (see MW-A5) | claim
MW-S19 | The game goes to an agreed total, usually 13 | claim record.game_over
MW-S20 | The three scoring samples | claim
MW-S21 | How the game differs from whist | unchecked: a summary of other rules, each checked where it is stated
MW-A1 | High hand: the player right of the granding player leads | (play.lead_out_of_turn)
MW-A2 | Low hand: the player left of the dealer leads | (play.lead_out_of_turn)
MW-A3 | The winner of a trick leads to the next | (play.lead_not_winner)
MW-A4 | Follow suit; a player who cannot may play any card | (play.revoke)
MW-A5 | High: granders with 7+ score 1 a trick over 6, else the others score 2 a trick of theirs over 6;
    low: the side with fewer tricks scores 7 minus them | claim
MW-A6 | The samples agree with the rule; option scoring: pagat | claim
MW-A7 | A bid card stays in its hand and is played
    | unchecked: every card is dealt, so a bid card is always in its hand, and the replay plays it like the rest
MW-A8 | A player without the colour he wants bids the colour he holds
    | unchecked: a bid is a choice the record shows only by its card
MW-A9 | Aces high for the cut; ties cut again | unchecked: the cut is made before the record begins
MW-A10 | The deal passes one seat to the left | deal.dealer_order
MW-A11 | The game ends when a side reaches the target at the end of a hand | claim (record.game_over)
MW-A12 | Terms in the Russian text | unchecked: editorial, about wording only
MW-A13 | The section on whist is differences, not variants | unchecked: editorial, about wording only
MW-A14 | Empty headings removed | unchecked: editorial, about wording only
""")
"""Every rule of Minnesota Whist: what enforces it, or why no record can show it (``referee rules``)."""


class MinnesotaWhist(Game):
    """The referee for Minnesota Whist."""

    slug = "minnesota-whist"
    rule_table = RULE_TABLE
    claim_rule = "MW-A5"
    names: ClassVar[dict[str, str]] = {
        "en": "Minnesota Whist",
        "ru": "Миннесотский вист",
        "de": "Minnesota-Whist",
    }
    player_counts = (PLAYERS,)
    options = OPTIONS
    record = RECORD
    kind = t("partnership trick-taking game without trumps")
    pitch = t(
        "Whist without trumps: a card laid face down decides whether the hand is played high or low."
    )
    length = t("about an hour")
    deck_size = 52
    example_fields = (("grand", t("Grand"), "name"), ("bids", t("Bid cards turned up"), "cards"))

    def facts(self) -> list[tuple[Message, Any]]:
        """The numbers a page shows."""
        return [
            (t("Players"), t("4, in two partnerships; partners sit opposite each other")),
            (t("Cards"), t("{n} (2 to ace in four suits)", n=self.deck_size)),
            (t("Cards per player"), HAND_SIZE),
            (t("Trumps"), t("none")),
            (t("Rank of the cards"), t("A K Q J 10 9 8 7 6 5 4 3 2 (highest first)")),
            (
                t("A side must take, in a high hand"),
                tn("at least {n} trick", "at least {n} tricks", BOOK + 1),
            ),
            target_fact(OPTIONS),
        ]

    def trick_rules(self, options: dict[str, Any]) -> TrickRules:
        """The trick rules in force with ``options``."""
        return RULES

    def check(self, doc: Document) -> Verdict:
        """Validate, replay and score a Minnesota Whist record."""
        r = Reader(doc)
        players, options = r.header(self)
        teams = self._teams(r, players)
        sides = list(teams) if teams else []
        # Possible or exit 2: under the source's scoring a deal gives points to one side and takes none
        # away, and the game ends when a side reaches the target; so 0 ≤ a side's running score <
        # target, and every such pair is some sequence of deals (a low hand can score a single point).
        # Under pagat.com's a low hand takes points away, so any score below the target can be reached.
        lowest = 0 if options["scoring"] == "seed" else None
        ledger = Ledger(doc, scores_before(r, sides, minimum=lowest))
        over_before(r, ledger.totals, options["target"])
        deals_value = r.sequence(("deals",))
        r.raise_if_any()
        side_of = {p: side for side, members in teams.items() for p in members}
        winner: str | None = None
        for i, (result, dealer) in each_deal(
            r,
            deals_value,
            lambda i: self._deal(
                Deal.open(r, i, RECORD, ledger.findings), ledger, players, side_of, sides, options
            ),
        ):
            ledger.add(i, result, dealer)
            if winner is None:
                reached_it = [s for s in sides if ledger.totals[s] >= options["target"]]
                if reached_it:
                    winner = max(reached_it, key=lambda s: ledger.totals[s])
                    ledger.over = True
        r.raise_if_any()
        if winner is not None:
            termination = tn(
                "{side} reached {target} point and win the game.",
                "{side} reached {target} points and win the game.",
                options["target"],
                side=winner,
                target=options["target"],
            )
            return ledger.verdict(self.slug, options, winner, termination, "target_reached")
        return ledger.verdict(self.slug, options, None, goes_on(options["target"]), "in_progress")

    def _teams(self, r: Reader, players: list[str]) -> dict[str, list[str]]:
        value = r.mapping(("teams",))
        if value is None:
            return {}
        if len(value) != 2:
            r.fail(
                ("teams",),
                t("teams must name exactly two sides."),
                "record.team_count",
                "partnerships",
            )
            return {}
        teams: dict[str, list[str]] = {}
        for key, members in value.items():
            p = ("teams", key)
            if (
                not isinstance(members, list)
                or len(members) != 2
                or not all(str(m) in players for m in members)
            ):
                r.fail(
                    p,
                    t("A side is two players at the table ({names}).", names=players),
                    "record.team_shape",
                    "partnerships",
                )
                return {}
            teams[str(key)] = [str(m) for m in members]
        listed = [m for ms in teams.values() for m in ms]
        if len(set(listed)) != PLAYERS:
            r.fail(
                ("teams",),
                t("Every player must be on exactly one side."),
                "record.team_shape",
                "partnerships",
            )
            return {}
        if len(players) == PLAYERS:
            for side, (a, b) in teams.items():
                if (players.index(a) - players.index(b)) % 2 != 0:
                    r.fail(
                        ("teams", side),
                        t(
                            "Partners sit opposite each other, but {a} and {b} sit side by side.",
                            a=a,
                            b=b,
                        ),
                        "record.partners_adjacent",
                        "partnerships",
                    )
        return teams

    def _deal(
        self,
        deal: Deal | None,
        ledger: Ledger,
        players: list[str],
        side_of: dict[str, str],
        sides: list[str],
        options: dict[str, Any],
    ) -> tuple[DealResult, int] | None:
        if deal is None:
            return None
        r = deal.r
        dealer_name = r.name(deal.at("dealer"), players)
        if dealer_name is None:
            if not deal.full:  # go on reading, so that every problem is reported at once
                r.scores(deal.at("tricks"), sides, minimum=0)
            return None
        dealer = players.index(dealer_name)
        ledger.check_dealer(deal, players, dealer)
        grand = self._grand(deal, players)
        if grand is False:
            return None
        grand_name = grand if isinstance(grand, str) and grand != NOT_RECORDED else None
        claim = deal.claim(sides)
        steps: list[Message] = []
        if deal.full:
            outcome = self._full_play(deal, players, dealer, grand_name, grand is None, steps)
            if outcome is None:
                return None
            grand_name, tricks = outcome
            tricks_by_side = {
                s: sum(n for p, n in zip(players, tricks, strict=True) if side_of[p] == s)
                for s in sides
            }
        else:
            got = trick_counts(
                r,
                deal.at("tricks"),
                sides,
                TRICKS,
                t("The sides' tricks must add up to {total}, not {n}."),
            )
            if got is None:
                return None
            tricks_by_side = got
        granders: str | None
        if grand == NOT_RECORDED and not deal.full:
            reading = self._reading(deal, sides, tricks_by_side, claim, options["scoring"])
            if reading is False:
                return None
            granders = reading
            steps.insert(0, _hand_step(granders))
        elif grand_name is not None:
            granders = side_of[grand_name]
            leader = players[(players.index(grand_name) - 1) % PLAYERS]
            steps.insert(
                0,
                t(
                    "{player} granded for {side}: a high hand. {leader}, to the right of {player}, "
                    "leads.",
                    player=grand_name,
                    side=granders,
                    leader=leader,
                ),
            )
        else:
            granders = None
            steps.insert(
                0,
                t(
                    "All four bid cards were red: a low hand. {leader}, left of the dealer, leads.",
                    leader=players[(dealer + 1) % PLAYERS],
                ),
            )
        steps.append(
            t(
                "Tricks: {tricks}.",
                tricks=[
                    tn("{side} {n}", "{side} {n}", n, side=s) for s, n in tricks_by_side.items()
                ],
            )
        )
        scores, score_steps = score_hand(granders, tricks_by_side, options["scoring"])
        steps.extend(score_steps)
        return deal.result(scores, steps, claim), dealer

    def _grand(self, deal: Deal, players: list[str]) -> str | bool | None:
        """Who declared grand: a player, None (nobody: a low hand), :data:`NOT_RECORDED` (left out),
        or False (a problem noted). A player's name wins over the word ``nobody``."""
        r, path = deal.r, deal.at("grand")
        value = r.get(path)
        if value is None:
            return NOT_RECORDED
        if str(value) in players:
            return str(value)
        if isinstance(value, str) and value.strip().casefold() in NOBODY_WORDS:
            return None
        r.fail(
            path,
            t(
                "{field} names the player who declared grand ({names}), or says nobody, "
                "not {value!r}.",
                field=format_path(path),
                names=players,
                value=str(value),
            ),
            "record.unknown_name",
            "bidding",
        )
        return False

    def _reading(
        self,
        deal: Deal,
        sides: list[str],
        tricks: dict[str, int],
        claim: dict[str, int] | None,
        scoring: str,
    ) -> str | bool | None:
        """The side that granded (None: low) when the record does not say, as the claim settles it.

        Each reading (low; high, granded by either side) is scored; the claim agrees with at most
        one score (a low hand scores the side with fewer tricks, a high hand the side with more, and
        a set grander gives double). If it agrees with one, that reading is taken and a warning says
        the verdict rests on it; otherwise the record cannot be judged (False, a problem noted).
        """
        readings: list[tuple[str | None, dict[str, int]]] = [
            (g, score_hand(g, tricks, scoring)[0]) for g in (None, *sides)
        ]
        outcomes: list[tuple[Message, dict[str, int]]] = []
        for g, scores in readings:
            if any(scores == seen for _, seen in outcomes):
                continue  # pagat.com: a high hand scores the same whoever granded
            same_high = g is not None and sum(1 for h, sc in readings if h and sc == scores) > 1
            outcomes.append((_reading_name(None if same_high else g, g is not None), scores))
        path = deal.at("grand")
        listed = [
            t(
                "{reading} ({scores})",
                reading=name,
                scores=", ".join(f"{k} {'−' if v < 0 else ''}{abs(v)}" for k, v in sc.items()),
            )
            for name, sc in outcomes
        ]
        agreeing = [(g, sc) for g, sc in readings if claim is not None and sc == claim]
        if agreeing:
            granders, _ = agreeing[0]
            name = next(n for n, sc in outcomes if sc == agreeing[0][1])
            deal.warn(
                "record.grand_assumed",
                ("grand",),
                t(
                    "Who declared grand was not recorded, and the score depends on it: "
                    "{readings}. The claim agrees only with {reading}, so the verdict rests "
                    "on that.",
                    readings=listed,
                    reading=name,
                ),
            )
            return granders
        if claim is None:
            message = t(
                "Who declared grand was not recorded, and the score depends on it: "
                "{readings}. Say who declared grand, or that nobody did.",
                readings=listed,
            )
        else:
            message = t(
                "Who declared grand was not recorded, and the score depends on it: "
                "{readings}; the claim agrees with none of these. Say who declared grand, "
                "or that nobody did.",
                readings=listed,
            )
        deal.r.fail(path, message, "record.grand_not_recorded", "bidding")
        return False

    def _full_play(
        self,
        deal: Deal,
        players: list[str],
        dealer: int,
        grand_name: str | None,
        said_nobody: bool,
        steps: list[Message],
    ) -> tuple[str | None, list[int]] | None:
        r = deal.r
        hands = read_hands(r, deal.at("hands"), players, HAND_SIZE)
        if hands is None:
            return None
        owner = {c: seat for seat, hand in enumerate(hands) for c in hand}
        bids = parsed(r, deal.at("bids"), parse_cards, r.get(deal.at("bids")) or [])
        if bids is None:
            return None
        usable, revealed = self._check_bids(deal, bids, owner, players, dealer)
        if not usable:
            return None
        if (grand_name is not None and grand_name != revealed) or (
            said_nobody and revealed is not None
        ):  # the record contradicts itself: unusable
            r.fail(
                deal.at("grand"),
                t(
                    "The record says {player} granded, but the bid cards say {actual}.",
                    player=grand_name or t(N_("nobody")),
                    actual=revealed or t(N_("nobody")),
                ),
                "record.grand_mismatch",
                "bidding",
            )
            return None
        if revealed is not None:
            leader = (players.index(revealed) - 1) % PLAYERS
        else:
            leader = (dealer + 1) % PLAYERS
        replay = deal.replay(RULES, hands, players, leader, None, steps)
        if replay is None:
            return None
        return revealed, replay.tricks_won(PLAYERS)

    def _check_bids(
        self,
        deal: Deal,
        bids: list[Card],
        owner: dict[Card, int],
        players: list[str],
        dealer: int,
    ) -> tuple[bool, str | None]:
        """Whether the bids can be used, and who granded (None: a low hand), from the cards turned up."""
        r, path = deal.r, deal.at("bids")
        if not bids:
            r.fail(
                path,
                t("bids must list the bid cards in the order they were turned up."),
                "record.shape",
            )
            return False, None
        for k, card in enumerate(bids):
            seat = (dealer + 1 + k) % PLAYERS
            if card not in owner:
                r.fail(
                    path,
                    t("{card} was dealt to nobody.", card=card),
                    "record.card_not_dealt",
                    "deal",
                )
                return False, None
            if owner[card] != seat:
                deal.warn(
                    "bid.out_of_order",
                    ("bids",),
                    t(
                        "Bid card {k}, {card}, belongs to {owner}, but {seat} turns up card {k}.",
                        k=k + 1,
                        card=card,
                        owner=players[owner[card]],
                        seat=players[seat],
                    ),
                    "error",
                )
            black = not card.suit.is_red
            if black and k != len(bids) - 1:
                deal.warn(
                    "bid.after_black",
                    ("bids",),
                    t("Turning up stops at the first black card, {card}.", card=card),
                    "error",
                )
                break
        black = [c for c in bids if not c.suit.is_red]
        if black:
            return True, players[owner[black[0]]]
        if len(bids) != PLAYERS:
            r.fail(
                path,
                t("Turning up goes on until a black card or all four cards are shown."),
                "record.bids_incomplete",
                "bidding",
            )
            return False, None
        return True, None


GAME = MinnesotaWhist()
