"""Collector (seed 002, game 3, by Tyler McCarn): 2–4 players, 52 cards, collect all thirteen ranks.
Engine: :mod:`referee.engines.turns`.

Each player is dealt five cards; the rest is a face-down stock. Every round each player lays one
card face down; the cards are turned up together; then, in turn from the dealer's left, each
player **either takes one card laid by another player or draws two from the stock**. Laid cards
nobody took go to the bottom of the stock. The first player who holds every rank from the two to
the ace wins; suits do not matter.

The seed's own exchange (every player takes back one card for the one he laid) leaves every hand
at five cards for ever, so nobody could ever collect thirteen ranks. DECISIONS.md restores the
original mechanism. A hand grows only by drawing, one card a round at most:

>>> max_hand(rounds=8), max_hand(rounds=8, last_by="take")
(13, 12)

A round of a two-player game. Boris deals; Anna is on his left:

>>> from referee.notation import parse_card, parse_cards
>>> top = parse_cards("2♣ 2♦ 3♣ 3♦ 4♣ 4♦ 5♣ 5♦ 6♣ 6♦  7♣ 7♦")
>>> game = CollectorState(["Anna", "Boris"], dealer=1, pack=top + [c for c in DECK if c not in top])
>>> game.hands[0], game.player, game.phase
([Card(2♣), Card(3♣), Card(4♣), Card(5♣), Card(6♣)], 'Anna', 'lay')
>>> game.push(Lay(parse_card("2♣"))); game.push(Lay(parse_card("6♦")))
>>> game.phase, [str(m.describe()) for m in game.legal_moves()]
('take', ['takes 6♦', 'draws from the stock'])
>>> game.push(Take(parse_card("2♣")))  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
referee.engines.turns.IllegalMoveError: Anna may take only a card laid by another player this round, and not one...
>>> game.push(Draw()); game.push(Take(parse_card("2♣")))
>>> game.hands[0][-2:], len(game.hands[1]), game.round, game.card_count()
([Card(7♣), Card(7♦)], 5, 2, 52)
"""

from __future__ import annotations

from typing import Any, ClassVar

from referee.cards import RANKS
from referee.engines import fishing
from referee.engines.deals import Deal
from referee.engines.fishing_moves import Draw, Lay, Take
from referee.engines.game import DealResult, Finding, Option, Verdict, option_defaults, rule_table
from referee.engines.house_rules import choice_option
from referee.engines.ledger import Ledger, leaders
from referee.engines.reader import Reader
from referee.engines.turns import TurnDuty
from referee.games.play.collector import DRAW, HAND, CollectorMove, CollectorState, missing_ranks
from referee.messages import Message, t, tn
from referee.notation import parse_cards
from referee.records.declared import Declared
from referee.records.hands import DECK, listed_once, read_cards, read_pack
from referee.records.source import Document, Path

SET = len(RANKS)
"""Ranks in a complete set, the two to the ace."""

OPTIONS: tuple[Option, ...] = (
    choice_option(
        "completion_check",
        "after_each_turn",
        t("A completed set is checked"),
        t("When a player's set is checked, and who wins if several complete it in one round."),
        (
            "after_each_turn",
            t("after each turn"),
            t(
                "Right after the player's own take or draw; the first to complete wins and the later "
                "players of that round do not act."
            ),
        ),
        (
            "end_of_round",
            t("at the end of the round"),
            t(
                "When every player has taken or drawn; everyone who then holds all thirteen ranks shares "
                "the win."
            ),
        ),
    ),
    choice_option(
        "draw_rule",
        "stock_exhausted",
        t("A drawn game"),
        t("When the game ends without a winner."),
        (
            "stock_exhausted",
            t("when the stock runs out"),
            t(
                "The game is drawn after a round in which nobody took a laid card and every draw together "
                "emptied the stock."
            ),
        ),
        (
            "never",
            t("never"),
            t("Never: play goes on until somebody completes the set (as in the original)."),
        ),
    ),
    choice_option(
        "taking_order",
        "dealer_left",
        t("First to choose each round"),
        t("Who chooses first among the laid cards."),
        (
            "dealer_left",
            t("the dealer's left"),
            t("Every round the player on the dealer's left, then clockwise (the source)."),
        ),
        (
            "rotating",
            t("moves round the table"),
            t("The first chooser moves one seat to the left each round."),
        ),
    ),
)

RECORD = Declared("collector", "collector:collector_record")
"""What a Collector record holds (:mod:`referee.records.fields`)."""


def max_hand(rounds: int, last_by: str = "draw") -> int:
    """The most cards a hand can hold after ``rounds`` rounds: it lays one card a round and gains two at most."""
    return HAND + rounds - (1 if last_by == "take" else 0)


def first_draw_round(players: int) -> int:
    """The earliest round in which a game can be drawn (``drawn`` and ``round``: possible or exit 2).

    The stock starts at 52 − 5n. In a round, a player who draws takes two and a player who takes a
    laid card leaves one card fewer to go back to the bottom, so the stock shrinks by one per player
    who drew, n at most. A drawn round has every player drawing and the draws emptying the stock,
    which must then hold at most 2n cards at the start of that round: 52 − 5n − n(R − 1) ≤ 2n.
    Later rounds are possible too (a round in which players take shrinks the stock less).

    >>> first_draw_round(2), first_draw_round(3), first_draw_round(4)
    (20, 12, 7)
    """
    start = len(DECK) - HAND * players
    return max(1, -(-(start - DRAW * players) // players) + 1)


RULE_TABLE = rule_table("""
G3-R01 | Two to four players; 52 cards | record.player_count record.card_twice
G3-R02 | The first dealer by lot or agreement; later deals pass clockwise | deal.dealer_order
G3-R03 | Five cards each; the rest is a face-down stock | record.hand_too_big
G3-R04 | Each round every player lays one card face down | (lay.missing) lay.not_in_hand
G3-R05 | The laid cards are turned up together | (lay.missing)
G3-R06 | From the dealer's left, each player takes a laid card or draws two (see G3-A01)
    | (take.missing) (take.not_available)
G3-R07 | Rounds go on until a player holds all thirteen ranks | game.moves_after_end record.round_impossible
G3-R08 | Suits do not matter | unchecked: nothing depends on suits, so there is nothing to refuse
G3-R09 | The player who holds every rank from 2 to A wins | (record.incomplete_set) claim
G3-R10 | If nobody completes the set, the game is drawn (option draw_rule) | (record.no_draw) record.winner_and_draw
G3-A01 | Hands must grow: take another's laid card, or draw two | take.missing
G3-A02 | Laying a card is compulsory | lay.missing
G3-A03 | Only cards laid by other players may be taken | take.not_available
G3-A04 | Players choose in turn from the dealer's left (option taking_order); a card taken is gone
    | (take.not_available)
G3-A05 | The first player to complete the set wins | (game.moves_after_end)
G3-A06 | Complete: at least one card of each of the thirteen ranks | record.incomplete_set
G3-A07 | The set is checked after each take or draw (option completion_check) | (game.moves_after_end)
G3-A08 | The game is drawn when the stock runs out (option draw_rule) | record.no_draw (record.round_impossible)
G3-A09 | Untaken cards go under the stock in turn order | unchecked: the stock's order is not in a record
G3-A10 | A set of thirteen ranks, in no order | (record.incomplete_set)
""")
"""Every rule of Collector: what enforces it, or why no record can show it (``referee rules``)."""


class Collector(fishing.PackGame):
    """The referee for Collector."""

    slug = "collector"
    rule_table = RULE_TABLE
    claim_rule = "G3-R09"
    # An entry of a round for a player the play does not ask for: the record's shape (every player
    # holds cards, lays and takes in every round, so no real round leaves one over).
    ruleless_codes = frozenset({"round.unexpected"})
    names: ClassVar[dict[str, str]] = {"en": "Collector", "ru": "Коллекционер", "de": "Sammler"}
    player_counts = (2, 3, 4)
    options = OPTIONS
    kind = t("collecting game, each player for himself")
    pitch = t(
        "Lay a card, then take another player's card or draw two, until you hold all thirteen ranks."
    )
    length = t("ten to twenty minutes")
    record = RECORD
    example_fields = (fishing.PACK_EXAMPLE,)

    def play_facts(self) -> list[tuple[Message, Any]]:
        """The deal, a round and the goal (after the players and the pack)."""
        return [
            (t("Cards per player"), t("{n} at the start", n=HAND)),
            (
                t("Each round"),
                t(
                    "lay one card face down; then take a card another player laid, or draw {n} from "
                    "the stock",
                    n=DRAW,
                ),
            ),
            (
                t("Goal"),
                tn(
                    "the first to hold all {n} rank, two to ace",
                    "the first to hold all {n} ranks, two to ace",
                    SET,
                ),
            ),
            (
                t("Fewest rounds to win"),
                tn("in {n} round", "in {n} rounds", SET - HAND),
            ),  # a hand grows by one card a round at most
        ]

    # Worked examples -----------------------------------------------------------------------------

    def example_lines(self, deal: dict[str, Any], notation: str) -> list[tuple[Message, Any]]:
        """The dealer, the pack (full play, :attr:`example_fields`), or the winner, his hand and the round
        (summary)."""
        lines = super().example_lines(deal, notation)
        if deal.get("winner") is not None:
            lines.append((t("Winner claimed") if deal.get("pack") else t("Winner"), deal["winner"]))
        if deal.get("hand"):
            lines.append(
                (
                    t("Winner's hand"),
                    sorted(parse_cards(deal["hand"], notation), key=lambda c: (c.rank, c.index)),
                )
            )
        if deal.get("by") is not None:
            # The record's word (take, draw) said in the reader's language (RU2-014, DE2-025).
            how = {"take": t("taken from the laid cards"), "draw": t("drawn from the stock")}.get(
                str(deal["by"])
            )
            lines.append((t("Last card by"), how or deal["by"]))
        if deal.get("round") is not None:
            lines.append((t("Round"), deal["round"]))
        if deal.get("drawn"):
            lines.append((t("Result"), t("a drawn game")))
        return lines

    def example_moves(
        self, data: dict[str, Any], deal: dict[str, Any]
    ) -> list[tuple[str, Message]]:
        """Every lay, take and draw of a full play, round by round."""
        dealt = fishing.example_deal(data, deal)
        if dealt is None:
            return []
        players, notation, dealer, pack = dealt
        options = option_defaults(OPTIONS) | (data.get("options") or {})
        state = CollectorState(
            players,
            dealer,
            pack,
            options["completion_check"],
            options["draw_rule"],
            options["taking_order"],
        )
        moves = (
            move
            for move, _path in fishing.round_moves(state, deal.get("rounds") or [], notation, [])
        )
        return fishing.moves_in_words(
            state,
            moves,
            lambda state, move, number: t("round {r}: {move}", r=number, move=state.told(move)),
        )

    # Checking a record -----------------------------------------------------------------------------

    def duties(self, options: dict[str, Any]) -> list[TurnDuty]:
        """What the player to move must do (:meth:`CollectorState.legal_moves`), each sentence with its test."""

        def lay(state: CollectorState, legal: list[CollectorMove]) -> bool:
            return state.phase != "lay" or set(legal) == {
                Lay(c) for c in state.hands[state.to_move]
            }

        def take(state: CollectorState, legal: list[CollectorMove]) -> bool:
            if state.phase == "lay":
                return True
            others = {c for s, c in state.laid if s != state.to_move and c not in state.taken}
            return set(legal) == {*(Take(c) for c in others), Draw()}

        return [
            TurnDuty(t("Lay one card from your hand face down: laying is compulsory."), lay),
            TurnDuty(
                tn(
                    "Then take one card another player laid this round, or draw {n} card from the stock.",
                    "Then take one card another player laid this round, or draw {n} cards from the stock.",
                    DRAW,
                ),
                take,
            ),
        ]

    def check(self, doc: Document) -> Verdict:
        """Validate, replay and settle a Collector record: one game per deal."""
        ledger, _, options, how = fishing.read_games(self, doc, self._deal)
        # how the last game ended: finished, still open, or stopped at an illegal move
        return self._verdict(options, ledger, how[-1] if how else "done")

    def _verdict(self, options: dict[str, Any], ledger: Ledger, status: str) -> Verdict:
        """One game: how it ended. Several: each deal is a game, and the most games won wins."""
        results, totals = ledger.results, ledger.totals
        if len(results) == 1:
            winners = [p for p, v in results[-1].scores.items() if v]
            if status in ("open", "stopped"):
                message, code = fishing.unfinished(
                    status == "stopped",
                    t("The record stops before anybody completed the set; the game goes on."),
                )
            elif not winners:
                message, code = t("Nobody completed the set: the game is drawn."), "draw"
            elif len(winners) == 1:
                message, code = (
                    t("{player} completed the set and wins.", player=winners[0]),
                    "set_complete",
                )
            else:
                message, code = (
                    t(
                        "{players} completed the set in the same round and share the win.",
                        players=winners,
                    ),
                    "shared_win",
                )
            winner = winners[0] if len(winners) == 1 else None
            return ledger.verdict(self.slug, options, winner, message, code)
        best, top = leaders(totals)
        if best and len(top) == 1:
            return ledger.verdict(
                self.slug,
                options,
                top[0],
                t(
                    "Each deal is a game of its own; {player} won the most games ({n}).",
                    n=best,
                    player=top[0],
                ),
                "most_games",
            )
        return ledger.verdict(
            self.slug,
            options,
            None,
            t("Each deal is a game of its own; nobody won more games than everyone else."),
            "tied",
        )

    def _deal(
        self,
        opened: Deal | None,
        ledger: Ledger,
        players: list[str],
        options: dict[str, Any],
    ) -> tuple[DealResult, int, str] | None:
        if opened is None:
            return None
        r, path, number, full, deal = (
            opened.r,
            opened.path,
            opened.number,
            opened.full,
            opened.value,
        )
        dealer_name = r.name(path + ("dealer",), players)
        winner = r.name(path + ("winner",), players, required=False)
        drawn = deal.get("drawn")
        if drawn is not None and not isinstance(drawn, bool):
            r.fail(path + ("drawn",), t("drawn must be true or false."), "record.shape")
            return None
        if winner is not None and drawn:
            r.fail(
                path + ("drawn",),
                t("A game has a winner or is drawn, not both."),
                "record.winner_and_draw",
            )
            return None
        if full:
            played = self._full_play(
                r, path, number, players, dealer_name, options, ledger.findings
            )
        else:
            played = self._summary(r, path, players, winner, bool(drawn), options)
        if played is None or dealer_name is None:
            return None
        scores, steps, status = played
        dealer = players.index(dealer_name)
        ledger.check_dealer(opened, players, dealer)
        claim = None
        if full and (winner is not None or drawn):
            claim = {p: int(p == winner) for p in players}
            steps.append(
                t(
                    "The record says: {claim}.",
                    claim=t("{player} won", player=winner) if winner else t("a drawn game"),
                )
            )
        return opened.result(scores, steps, claim), dealer, status

    def _summary(
        self,
        r: Reader,
        path: Path,
        players: list[str],
        winner: str | None,
        drawn: bool,
        options: dict[str, Any],
    ) -> tuple[dict[str, int], list[Message], str] | None:
        rounds = (
            r.integer(path + ("round",), minimum=1)
            if r.get(path + ("round",)) is not None
            else None
        )
        if drawn:
            if options["draw_rule"] == "never":
                r.fail(
                    path + ("drawn",),
                    t("With draw_rule: never a game of Collector cannot be drawn."),
                    "record.no_draw",
                    "draw_rule",
                )
                return None
            if r.get(path + ("hand",)) is not None or r.get(path + ("by",)) is not None:
                r.fail(
                    path,
                    t("A drawn game has no winner's hand and no last card (hand, by)."),
                    "record.shape",
                )
                return None
            earliest = first_draw_round(len(players))
            if rounds is not None and rounds < earliest:
                r.fail(
                    path + ("round",),
                    t(
                        "A game is drawn only in a round whose draws empty the stock; with {n} "
                        "players that is round {earliest} at the earliest, not {rounds}.",
                        n=len(players),
                        earliest=earliest,
                        rounds=rounds,
                    ),
                    "record.round_impossible",
                    "draw_rule",
                )
                return None
            return (
                dict.fromkeys(players, 0),
                [t("Nobody completed the set: the game is drawn.")],
                "done",
            )
        if winner is None:
            r.fail(
                path + ("winner",),
                t(
                    "A summary names the winner (winner) or says that the game was drawn "
                    "(drawn: true)."
                ),
                "record.missing_field",
            )
            return None
        by = r.get(path + ("by",))
        if by is not None and by not in ("take", "draw"):
            r.fail(
                path + ("by",),
                t("by must be take or draw, not {value!r}.", value=str(by)),
                "record.shape",
            )
            return None
        hand_path = path + ("hand",)
        hand = read_cards(r, hand_path)
        if hand is None or not listed_once(r, hand_path, hand, "hand"):
            return None
        lacking = missing_ranks(hand)
        if lacking:
            r.fail(
                hand_path,
                tn(
                    "{player}'s hand lacks {n} rank ({ranks}), so the set is not complete.",
                    "{player}'s hand lacks {n} ranks ({ranks}), so the set is not complete.",
                    len(lacking),
                    player=winner,
                    ranks=lacking,
                ),
                "record.incomplete_set",
                "set",
            )
            return None
        if rounds is not None and max_hand(rounds, by or "draw") < SET:
            r.fail(
                path + ("round",),
                tn(
                    "Nobody holds thirteen ranks in round {rounds}: a hand starts with {start} "
                    "card and grows by one a round at most.",
                    "Nobody holds thirteen ranks in round {rounds}: a hand starts with {start} "
                    "cards and grows by one a round at most.",
                    HAND,
                    rounds=rounds,
                    start=HAND,
                ),
                "record.round_impossible",
                "set",
            )
            return None
        if rounds is not None and len(hand) > max_hand(rounds, by or "draw"):
            r.fail(
                hand_path,
                t(
                    "After round {rounds} a hand holds at most {most} (at the start {start}, then each "
                    "round one card laid and at most two gained), not {n}.",
                    rounds=rounds,
                    most=max_hand(rounds, by or "draw"),
                    start=HAND,
                    n=len(hand),
                ),
                "record.hand_too_big",
                "set",
            )
            return None
        steps = [
            tn(
                "{player}'s hand holds {n} card and every rank from two to ace.",
                "{player}'s hand holds {n} cards and every rank from two to ace.",
                len(hand),
                player=winner,
            )
        ]
        if by is not None:
            steps.append(
                t("The last card came by taking a laid card.")
                if by == "take"
                else t("The last card came from the stock.")
            )
        return {p: int(p == winner) for p in players}, steps, "done"

    def _full_play(
        self,
        r: Reader,
        path: Path,
        number: int,
        players: list[str],
        dealer: str | None,
        options: dict[str, Any],
        findings: list[Finding],
    ) -> tuple[dict[str, int], list[Message], str] | None:
        pack = read_pack(r, path + ("pack",))
        rounds = fishing.read_rounds(r, path + ("rounds",), players)
        if pack is None or dealer is None or rounds is None:
            return None
        state = CollectorState(players, players.index(dealer), pack, **options)
        steps: list[Message] = [
            tn(
                "{dealer} deals {n} card to each player; the stock holds {stock}.",
                "{dealer} deals {n} cards to each player; the stock holds {stock}.",
                HAND,
                dealer=dealer,
                stock=len(state.stock),
            )
        ]
        replayed = fishing.replay_rounds(r, path + ("rounds",), number, state, rounds, findings)
        if replayed.finding is not None:
            findings.append(replayed.finding)
            steps.append(t("The replay stops at the illegal move, in round {r}.", r=state.round))
            return dict.fromkeys(players, 0), steps, "stopped"
        outcome = state.outcome()
        if outcome is None:
            steps.append(
                tn(
                    "After {n} round nobody holds every rank; the record stops here.",
                    "After {n} rounds nobody holds every rank; the record stops here.",
                    state.round - (1 if state.phase == "lay" and not state.laid else 0),
                )
            )
            return dict.fromkeys(players, 0), steps, "open"
        last = state.moves[-1] if state.moves else None
        for name in outcome.winners:
            hand = state.hands[players.index(name)]
            if options["completion_check"] == "after_each_turn" and last is not None:
                steps.append(
                    tn(
                        "Round {r}: {player} {move} and now holds {n} card, with every rank from two to ace.",
                        "Round {r}: {player} {move} and now holds {n} cards, with every rank from two to "
                        "ace.",
                        len(hand),
                        r=state.round,
                        player=name,
                        move=state.told(last),
                    )
                )
            else:
                steps.append(
                    tn(
                        "Round {r}: {player} now holds {n} card, with every rank from two to ace.",
                        "Round {r}: {player} now holds {n} cards, with every rank from two to ace.",
                        len(hand),
                        r=state.round,
                        player=name,
                    )
                )
        steps.append(outcome.reason)
        return {p: int(p in outcome.winners) for p in players}, steps, "done"


GAME = Collector()
