"""Korol, or King, Prince, Soldier, Peasant (seed 002, game 8): four players, 36 cards, two phases.

In the first phase the dealer names the titles and gives each a quota of tricks. A quota is a cap:
a player who takes his quota leaves the deal, his cards left are dead, and later tricks have a card
fewer (DECISIONS.md, ``korol``). The tricks taken give the titles of the *reign*, the second
phase: the Peasant deals, the Soldier and the Peasant exchange a trump with the King, the holder of
the highest trump leads, and whoever takes the most tricks wins, ties going to the lower title.

>>> from referee.games.deals.korol import reign_titles, reign_winner
>>> reign_titles({"Anna": 3, "Boris": 2, "Vera": 2, "Gleb": 2},
...              {"Anna": "peasant", "Boris": "king", "Vera": "soldier", "Gleb": "prince"})
{'Anna': 'king', 'Vera': 'prince', 'Gleb': 'soldier', 'Boris': 'peasant'}
>>> reign_winner({"Anna": 3, "Boris": 3, "Vera": 2, "Gleb": 1},
...              {"Anna": "king", "Boris": "soldier", "Vera": "prince", "Gleb": "peasant"})
'Boris'
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from referee.engines.game import (
    DealResult,
    Finding,
    Game,
    Option,
    Verdict,
    advance,
    must_trump_option,
    option_defaults,
    players_fact,
    rule_table,
)
from referee.engines.house_rules import choice_option
from referee.engines.reader import Reader
from referee.engines.trick_rules import TrickRules
from referee.games.deals.korol import (
    DECK,
    DEFAULT_QUOTAS,
    HAND,
    PLAYERS,
    RULES,
    TITLE_NAMES,
    TITLES,
    KorolDeals,
    title_name,
)
from referee.messages import N_, Message, t
from referee.notation import parse_card, parse_suit
from referee.records.declared import Declared
from referee.records.source import Document

if TYPE_CHECKING:
    from referee.engines.trick_duties import Duty

OPTIONS: tuple[Option, ...] = (
    must_trump_option(
        False,
        t("He must play a trump if he has one."),
        t("He may trump or throw any card (this edition)."),
    ),
    choice_option(
        "free_play",
        False,
        t("Following suit"),
        t("Whether a player must follow suit."),
        (False, t("compulsory"), t("He must follow suit if he can (this edition).")),
        (
            True,
            t("not required"),
            t("Any card may be played; a card of another suit still wins only if it is a trump."),
        ),
    ),
)
DEFAULTS: dict[str, Any] = option_defaults(OPTIONS)

RECORD = Declared(
    "korol",
    "korol:korol_record",
    default_quotas=DEFAULT_QUOTAS,
    hand=HAND,
    title_names=TITLE_NAMES,
    titles=TITLES,
)
"""What a Korol record holds (:mod:`referee.records.fields`)."""


RULE_TABLE = rule_table("""
G8-S1 | Four players; 36 cards, 6 to A
    | record.player_count record.deck_mismatch record.card_twice record.card_not_dealt
G8-S2 | The aim: take a set number of tricks | unchecked: a summary of the quotas (G8-S6, G8-A2), checked there
G8-S3 | The first dealer by lot; later, the winner deals | (deal.dealer_order)
G8-S4 | Nine cards each, the whole pack | record.hand_size
G8-S5 | The last card dealt is turned for trumps and stays with its player | record.trump_card
G8-S6 | The dealer gives each player a title and a quota of tricks | record.bad_title record.title_twice
G8-S7 | The player left of the dealer leads, any card | play.lead_out_of_turn
G8-S8 | A trick is taken by the higher card (see G8-A1) | claim
G8-S9 | All cards are played; a player who reaches his quota leaves the play
    | claim (record.tricks_sum) record.trick_count (play.left_the_deal)
G8-S10 | The reign follows; the Peasant deals it | (record.trump_card)
G8-S11 | Reign titles follow the tricks taken in the first phase | claim
G8-S12 | The reign is dealt from the King to the Peasant; the turned card goes back to its player | (record.trump_card)
G8-S13 | The Soldier gives the King his highest trump and gets any card back
    | exchange.soldier_not_highest exchange.soldier_missing exchange.soldier_not_trump record.not_held
G8-S14 | The Peasant gives the King any trump and gets any card back
    | exchange.peasant_not_trump exchange.peasant_missing
G8-S15 | The holder of the highest trump leads the reign | (play.reign_lead)
G8-S16 | The reign is played like the first phase | (play.revoke)
G8-S17 | Most reign tricks wins; a tie goes to the lower title | claim
G8-A1 | Whist play: the winner of a trick leads the next; follow suit; trumping when void and free play
    are options | play.revoke play.must_trump play.lead_not_winner (play.out_of_turn)
G8-A2 | Quotas are caps: a player who reaches his leaves, his cards are dead
    | claim record.tricks_sum play.left_the_deal
G8-A3 | The dealer gives the first-phase titles as he likes | unchecked: a free choice; the record states it
G8-A4 | The turned card stays with the player it was dealt to | (record.trump_card)
G8-A5 | Equal first-phase tricks: the lower old title gets the higher new one | claim
G8-A6 | The Peasant deals the reign; the reign's winner deals the next game | deal.dealer_order
G8-A7 | The reign is played clockwise by seat | play.out_of_turn
G8-A8 | No trump, no exchange; the Prince exchanges nothing | (exchange.soldier_missing) (exchange.peasant_missing)
G8-A9 | The first reign lead is the holder of the highest trump after the exchanges | play.reign_lead
G8-A10 | The reign has no quotas; all nine tricks are played | (record.tricks_sum)
G8-A11 | A tie of several: the lowest title wins | claim
G8-A12 | After a player leaves on a trick he won, the next player in play leads | play.lead_after_leaving
G8-A13 | The first phase has no winner of its own | claim
G8-D01 | The first phase may be recorded as a summary before a full reign | (record.tricks_sum)
""")
"""Every rule of Korol: what enforces it, or why no record can show it (``referee rules``)."""


class Korol(KorolDeals, Game):
    """The referee for Korol."""

    slug = "korol"
    rule_table = RULE_TABLE
    claim_rule = "G8-S17"
    names: ClassVar[dict[str, str]] = {
        "en": "Korol (King, Prince, Soldier, Peasant)",
        "ru": "Король",
        "de": "Korol (König, Prinz, Soldat, Bauer)",
    }
    player_counts = (PLAYERS,)
    options = OPTIONS
    record = RECORD
    kind = t("trick-taking game, each player for himself")
    deal_heading = N_("Game {n}")
    pitch = t(
        "Reach the number of tricks your title allows and leave the deal, then reign: the King, Prince, "
        "Soldier and Peasant trade cards and fight for the crown."
    )
    length = t("a quarter of an hour a game")
    deck_size = len(DECK)

    def facts(self) -> list[tuple[Message, Any]]:
        """The numbers a page shows."""
        quotas = [t("{title}: {n}", title=title_name(k), n=v) for k, v in DEFAULT_QUOTAS.items()]
        return [
            players_fact(self.player_counts),
            (t("Cards"), t("{n} (6 to ace in four suits)", n=self.deck_size)),
            (t("Cards per player"), HAND),
            (t("Rank of the cards"), t("A K Q J 10 9 8 7 6 (highest first)")),
            (t("Trumps"), t("the suit of the last card dealt, which stays with its player")),
            (t("Titles"), [title_name(k) for k in TITLES]),
            (t("Quotas of the first phase (record data)"), quotas),
            (
                t("Reign"),
                t(
                    "the Peasant deals; the Soldier and the Peasant each give the King a trump; the holder "
                    "of the highest trump leads"
                ),
            ),
            (
                t("Who wins the game"),
                t("the most tricks in the reign; a tie goes to the lower title"),
            ),
        ]

    def example_lines(self, deal: dict[str, Any], notation: str) -> list[tuple[Message, Any]]:
        """The dealer, the trump suits and cards, the quotas."""
        lines = super().example_lines(deal, notation)
        if deal.get("trump_card") is not None:
            lines.append((t("Trump card"), [parse_card(deal["trump_card"], notation)]))
        if deal.get("reign_trump") is not None:
            lines.append((t("Trumps in the reign"), parse_suit(deal["reign_trump"], notation)))
        if deal.get("reign_trump_card") is not None:
            lines.append(
                (t("Trump card of the reign"), [parse_card(deal["reign_trump_card"], notation)])
            )
        return lines

    def example_rows(
        self, deal: dict[str, Any], notation: str
    ) -> list[tuple[Message, dict[str, Any]]]:
        """Titles, then the tricks of both phases."""
        rows: list[tuple[Message, dict[str, Any]]] = []
        titles = deal.get("titles")
        if isinstance(titles, dict):
            rows.append(
                (
                    t("Title"),
                    {str(k): title_name(v) if v in TITLES else str(v) for k, v in titles.items()},
                )
            )
        if isinstance(deal.get("tricks"), dict):
            rows.append((t("Tricks in the first phase"), deal["tricks"]))
        if isinstance(deal.get("reign_tricks"), dict):
            rows.append((t("Tricks in the reign"), deal["reign_tricks"]))
        return rows

    def trick_rules(self, options: dict[str, Any]) -> TrickRules:
        """The trick rules in force with ``options``."""
        return RULES[(options["must_trump_when_void"], options["free_play"])]

    def duties(self, options: dict[str, Any]) -> list[Duty]:
        """The trick duties, and the players who leave the first phase at their quota."""
        from referee.engines.trick_duties import trick_duties

        return trick_duties(self.trick_rules(options), leaving=True)

    def check(self, doc: Document) -> Verdict:
        """Validate, replay and settle a Korol record."""
        r = Reader(doc)
        players, options = r.header(self, extra=())
        deals_value = r.sequence(("deals",))
        r.raise_if_any()
        totals = dict.fromkeys(players, 0)
        results: list[DealResult] = []
        findings: list[Finding] = []
        previous_winner: str | None = None
        for i, _ in enumerate(deals_value or []):
            read = r.part(
                ("deals", i), self._deal, r, i, players, options, findings, previous_winner
            )
            if read is None:
                continue
            result, previous_winner = read
            totals = advance(totals, result.scores)
            result.totals = dict(totals)
            results.append(result)
        r.raise_if_any()
        if (
            previous_winner is None or results[-1].mode == "broken"
        ):  # the last deal stopped at a wrong turn
            return Verdict(
                self.slug,
                options,
                results,
                totals,
                None,
                t("No reign could be judged: the play stopped at a wrong turn."),
                "stopped",
                findings,
            )
        termination = t("{player} won the reign and deals the next game.", player=previous_winner)
        return Verdict(
            self.slug, options, results, totals, previous_winner, termination, "reign_won", findings
        )

    # -- reading the fields ------------------------------------------------------------------------------

    # -- a summary ---------------------------------------------------------------------------------------

    # -- a full play -------------------------------------------------------------------------------------


GAME = Korol()
