"""Stealing Bundles (seed 002, game 9): 2–4 players, 52 cards, capture by rank. Engine: :mod:`referee.engines.turns`.

Four cards lie face up on the table and every player holds four. In turn each player plays one
card face up: if a table card has its rank he takes both onto his *bundle*; if the top card of
another player's bundle has its rank he steals that whole bundle; otherwise the card stays on
the table. When every hand is empty, four more cards go to each player; the most cards wins.

After the four table cards, 48 remain: exactly 6, 4 or 3 rounds of four cards for 2, 3 or 4
players, so the source's short final round (G9-A7) never happens:

>>> {n: ROUNDS[n] for n in (2, 3, 4)}
{2: 6, 3: 4, 4: 3}

A game from a given pack, move by move. Anna sits on the dealer's left and plays first; her 7♠
matches the 7♣ on the table, and capturing is compulsory:

>>> from referee.notation import parse_card, parse_cards
>>> top = parse_cards("7♣ 2♦ 9♥ K♠  7♠ 7♥ A♦ 2♥ 3♣ 4♣ 5♣ 6♣")
>>> game = BundlesState(["Anna", "Boris"], dealer=1, pack=top + [c for c in DECK if c not in top])
>>> game.table, game.hands[0], game.player
([Card(7♣), Card(2♦), Card(9♥), Card(K♠)], [Card(7♠), Card(A♦), Card(3♣), Card(5♣)], 'Anna')
>>> [str(m.describe()) for m in game.legal_moves() if m.card.rank == 7]
['plays 7♠ and takes 7♣ from the table']
>>> game.push(Play(parse_card("7♠")))  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
referee.engines.turns.IllegalMoveError: Anna's 7♠ matches a card on the table or the top of another player's bundle, ...
>>> game.push(Play(parse_card("7♠"), table=(parse_card("7♣"),)))

Boris's 7♥ now matches the top of Anna's bundle, and he steals it:

>>> [str(m.describe()) for m in game.legal_moves() if m.card.rank == 7]
['plays 7♥ and steals the bundle of Anna']
>>> game.push(Play(parse_card("7♥"), bundles=("Anna",)))
>>> game.push(Play(parse_card("A♦")))          # matches nothing: it stays on the table
>>> [len(b) for b in game.bundles], game.top(1), game.table[-1], game.card_count()
([0, 3], Card(7♥), Card(A♦), 52)
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from typing import Any, ClassVar

from referee.cards import Card
from referee.engines import fishing
from referee.engines.deals import Deal
from referee.engines.fishing import example_deal, moves_in_words, unfinished
from referee.engines.fishing_moves import Play, parse_play, read_plays
from referee.engines.game import DealResult, Finding, Option, Verdict, rule_table
from referee.engines.house_rules import choice_option
from referee.engines.reader import Reader
from referee.engines.turns import Outcome, Replayed, TurnDuty, replay_moves
from referee.games.play.stealing_bundles import HAND, TABLE_START, BundlesState, decide
from referee.messages import Message, t, tn
from referee.records.declared import Declared
from referee.records.hands import DECK, listed_once, read_cards, read_pack
from referee.records.source import Document, Path

ROUNDS: dict[int, int] = {n: (len(DECK) - TABLE_START) // (HAND * n) for n in (2, 3, 4)}
"""Rounds of dealing in a game, by the number of players (48 cards divide evenly for 2–4)."""

OPTIONS: tuple[Option, ...] = (
    choice_option(
        "capture",
        "one_target",
        t("A card that matches several things takes"),
        t("What a played card takes when it matches more than one thing."),
        (
            "one_target",
            t("one target"),
            t(
                "Exactly one target, chosen by the player: one matching table card or one other "
                "player's bundle (the source speaks of one card)."
            ),
        ),
        (
            "all_table_matches",
            t("all matching table cards"),
            t("Every matching table card together, or else one other player's bundle."),
        ),
        (
            "everything",
            t("everything that matches"),
            t(
                "Every matching table card and every other player's bundle with a matching top "
                "card, all at once."
            ),
        ),
    ),
    choice_option(
        "leftovers",
        "not_counted",
        t("Cards left on the table at the end"),
        t("What happens to the cards still on the table when the last card has been played."),
        (
            "not_counted",
            t("count for nobody"),
            t("They count for nobody (the source says nothing about them)."),
        ),
        (
            "last_capturer",
            t("go to the last capturer"),
            t("They go to the player who made the last capture."),
        ),
    ),
    choice_option(
        "ties",
        "shared",
        t("Several have the most cards"),
        t("What happens when several players have the most cards."),
        ("shared", t("they share the win"), t("They share the win.")),
        ("draw", t("the game is drawn"), t("The game is drawn: nobody wins.")),
    ),
)

RECORD = Declared("stealing-bundles", "stealing_bundles:stealing_bundles_record")
"""What a Stealing Bundles record holds (:mod:`referee.records.fields`)."""


def table_ranks_possible(counts: list[int], capture: str) -> bool:
    """Whether a final table can hold ranks this many times each (``counts``: one number a rank).

    A card stays on the table only when nothing there has its rank, and before a rank is played no
    bundle shows it, so its first card played must take from the table. Cards of one rank therefore
    lie together only if they were laid out together at the start: all four of them, never played,
    or three of them of which one was taken (``one_target``: a card takes one table card).

    >>> table_ranks_possible([1, 1, 4], "one_target"), table_ranks_possible([2, 1], "one_target")
    (True, True)
    >>> table_ranks_possible([3], "one_target"), table_ranks_possible([2], "everything")
    (False, False)
    >>> table_ranks_possible([2, 2], "one_target")
    False
    """
    together = [k for k in counts if k > 1]
    return len(together) <= 1 and all(
        k == TABLE_START or (k == 2 and capture == "one_target") for k in together
    )


RULE_TABLE = rule_table("""
G9-S1 | Two to four players; 52 cards; only equal ranks matter | record.player_count record.pack record.card_twice
G9-S2 | The aim: collect the most cards | claim
G9-S3 | The dealer is chosen by agreement or by lot, and shuffles
    | unchecked: the choice is made before the record begins
G9-S4 | Four cards face up on the table, four to each player; the dealer keeps the rest
    | record.table_ranks record.card_count
G9-S5 | The player left of the dealer plays first; then clockwise | play.out_of_turn
G9-S6 | A player plays one card from his hand | play.not_in_hand record.bad_move
G9-S7 | A card of the same rank as a table card takes it | play.no_such_table_card play.capture_compulsory
G9-S8 | The top card of each bundle stays face up | (play.no_such_bundle)
G9-S9 | A card of the same rank as the top of another's bundle steals the bundle | play.no_such_bundle
G9-S10 | A card that matches nothing stays on the table | (play.capture_compulsory)
G9-S11 | When the hands are empty, four more cards each | (record.card_count)
G9-S12 | A short last deal gives everyone the same number | unchecked: never happens with two to four players (G9-A7)
G9-S13 | When all cards are played, the most cards wins | claim record.bundle_of_one
G9-A1 | Several table cards match: take one (option capture) | play.one_target play.all_table_matches play.everything
G9-A2 | Capture and steal both possible: the player chooses one (option capture) | (play.one_target)
G9-A3 | After a steal the played card goes on top | (play.no_such_bundle)
G9-A4 | Nobody steals his own bundle | (play.no_such_bundle)
G9-A5 | An unmatched card stays on the table to be captured | (play.no_such_table_card)
G9-A6 | Cards left on the table at the end are not counted (option leftovers) | record.last_capture
G9-A7 | The short last deal never happens with two to four players | unchecked: arithmetic, nothing a record can break
G9-A8 | Equal most cards share the win (option ties) | claim
G9-A9 | Stealing is allowed from the first turn | unchecked: allowed, so there is nothing to refuse
G9-A10 | The stock never runs out in the middle of a deal | unchecked: arithmetic, nothing a record can break
""")
"""Every rule of Stealing Bundles: what enforces it, or why no record can show it (``referee rules``)."""


class StealingBundles(fishing.PackGame):
    """The referee for Stealing Bundles."""

    slug = "stealing-bundles"
    rule_table = RULE_TABLE
    claim_rule = "G9-S13"
    ruleless_codes = frozenset({"record.too_many_deals"})  # a record holds one game
    names: ClassVar[dict[str, str]] = {
        "en": "Stealing Bundles",
        "ru": "Кража стопок",
        "de": "Stapelklau",
    }
    player_counts = (2, 3, 4)
    options = OPTIONS
    kind = t("fishing game: capture by rank, each player for himself")
    pitch = t("Match a card on the table to take it, or steal a whole bundle from another player.")
    length = t("one deal of a few minutes")
    record = RECORD
    example_fields = (fishing.PACK_EXAMPLE, ("table", t("Left on the table"), "cards"))

    def play_facts(self) -> list[tuple[Message, Any]]:
        """The table, the deals, capturing and the winner (after the players and the pack)."""
        return [
            (
                t("On the table at the start"),
                tn("{n} card, face up", "{n} cards, face up", TABLE_START),
            ),
            (t("Cards per player"), t("{n} in every round of dealing", n=HAND)),
            (
                t("Rounds of dealing"),
                [t("{players} players: {cards}", players=p, cards=r) for p, r in ROUNDS.items()],
            ),
            (
                t("Capture"),
                t("a card of the same rank from the table, or another player's whole bundle"),
            ),
            (t("Winner"), t("the most cards in his bundle at the end")),
        ]

    # Worked examples -----------------------------------------------------------------------------

    def example_lines(self, deal: dict[str, Any], notation: str) -> list[tuple[Message, Any]]:
        """The dealer, the pack in order (full play) or the cards left on the table (summary, both
        :attr:`example_fields`), then the last capture."""
        lines = super().example_lines(deal, notation)
        if deal.get("last_capture"):
            lines.append((t("Last capture"), deal["last_capture"]))
        return lines

    def example_rows(
        self, deal: dict[str, Any], notation: str
    ) -> list[tuple[Message, dict[str, Any]]]:
        """Cards captured per player, then the claim."""
        captured = (
            [(t("Cards captured"), deal["captured"])]
            if isinstance(deal.get("captured"), dict)
            else []
        )
        return captured + super().example_rows(deal, notation)

    def example_moves(
        self, data: dict[str, Any], deal: dict[str, Any]
    ) -> list[tuple[str, Message]]:
        """Every move of a full play: who played, and what."""
        dealt = example_deal(data, deal)
        if dealt is None:
            return []
        players, notation, dealer, pack = dealt
        moves = (parse_play(raw, players, notation) for raw in deal.get("moves") or [])
        return moves_in_words(BundlesState(players, dealer, pack), moves)

    # Checking a record -----------------------------------------------------------------------------

    def duties(self, options: dict[str, Any]) -> list[TurnDuty]:
        """What the player to move must do (:meth:`BundlesState.legal_moves`), each sentence with its test."""
        capture = options["capture"]

        # The targets card by card (BundlesState.targets), against the legal moves worked out all at once.
        def plays(legal: list[Play], card: Card) -> set[Play]:
            return {p for p in legal if p.card == card}

        def compulsory(state: BundlesState, legal: list[Play]) -> bool:
            for card in state.hands[state.to_move]:
                table, bundles = state.targets(card)
                mine = plays(legal, card)
                if not mine or bool(table or bundles) != all(p.captures for p in mine):
                    return False
            return True

        def takes(state: BundlesState, legal: list[Play]) -> bool:
            for card in state.hands[state.to_move]:
                table, bundles = state.targets(card)
                if not table and not bundles:
                    continue
                steals = {Play(card, bundles=(b,)) for b in bundles}
                want = (
                    {Play(card, tuple(table), tuple(bundles))}
                    if capture == "everything"
                    else ({Play(card, tuple(table))} if table else set()) | steals
                    if capture == "all_table_matches"
                    else {Play(card, (c,)) for c in table} | steals
                )
                if plays(legal, card) != want:
                    return False
            return True

        take = {
            "one_target": t(
                "It takes exactly one of them: one matching table card or one other player's "
                "bundle, as the player chooses."
            ),
            "all_table_matches": t(
                "It takes every matching table card together, or else one other player's bundle."
            ),
            "everything": t(
                "It takes every matching table card and every other player's bundle with a matching "
                "top card, all at once."
            ),
        }[capture]
        return [
            TurnDuty(
                t(
                    "Play one card from your hand. A card of the same rank as a table card or as the top card "
                    "of another player's bundle must take: capturing is compulsory."
                ),
                compulsory,
            ),
            TurnDuty(take, takes),
        ]

    def check(self, doc: Document) -> Verdict:
        """Validate, replay and score a Stealing Bundles record (one game)."""
        r = Reader(doc)
        players, options = r.header(self, extra=())
        deals_value = r.sequence(("deals",))
        if deals_value is not None and len(deals_value) > 1:
            r.fail(
                ("deals",),
                t(
                    "A Stealing Bundles record holds one game, which is one deal; write each game in a "
                    "record of its own."
                ),
                "record.too_many_deals",
                "deals",
            )
        r.raise_if_any()
        findings: list[Finding] = []
        read = r.part(
            ("deals", 0),
            lambda: self._deal(Deal.open(r, 0, RECORD, findings, players), players, options),
        )
        r.raise_if_any()
        assert read is not None  # raise_if_any stops a deal that could not be read
        result, outcome = read
        result.totals = dict(result.scores)
        if outcome is None:
            message, code = unfinished(
                bool(findings), t("The record stops before the last card; the game goes on.")
            )
            return Verdict(
                self.slug, options, [result], result.totals, None, message, code, findings
            )
        winner = outcome.winners[0] if len(outcome.winners) == 1 else None
        return Verdict(
            self.slug,
            options,
            [result],
            result.totals,
            winner,
            outcome.reason,
            outcome.code,
            findings,
        )

    def _deal(
        self,
        deal: Deal | None,
        players: list[str],
        options: dict[str, Any],
    ) -> tuple[DealResult, Outcome | None] | None:
        if deal is None:
            return None
        r, path = deal.r, deal.path
        dealer = r.name(deal.at("dealer"), players)
        claim = deal.claim(players, minimum=0)
        if deal.full:
            played = self._full_play(r, path, players, dealer, options, deal.findings)
        else:
            played = self._summary(r, path, players, options)
        if played is None or dealer is None:
            return None
        scores, outcome, steps = played
        return deal.result(scores, steps, claim), outcome

    def _summary(
        self,
        r: Reader,
        path: Path,
        players: list[str],
        options: dict[str, Any],
    ) -> tuple[dict[str, int], Outcome, list[Message]] | None:
        # Possible or exit 2: a bundle holds no card or at least two (record.bundle_of_one); the bundles
        # and the table make the 52 cards (record.card_count); the table as table_ranks_possible says
        # (record.table_ranks); the last capturer's bundle is not empty (record.last_capture).
        captured = r.scores(path + ("captured",), players, minimum=0)
        table = read_cards(r, path + ("table",))
        if table is None:
            return None
        last = r.name(path + ("last_capture",), players, required=False)
        if captured is None:
            return None
        ok = True
        for p, v in captured.items():
            if v == 1:
                r.fail(
                    path + ("captured", p),
                    t(
                        "A bundle holds no card or at least two: every capture takes the "
                        "card played and at least one other."
                    ),
                    "record.bundle_of_one",
                    "capture",
                )
                ok = False
        if not listed_once(r, path + ("table",), table, "table"):
            ok = False
        total = sum(captured.values()) + len(table)
        if total != len(DECK):
            r.fail(
                path + ("captured",),
                t(
                    "The bundles ({bundles}) and the cards left on the table ({table}) must "
                    "add up to the {n} cards of the pack, not {total}.",
                    bundles=sum(captured.values()),
                    table=len(table),
                    n=len(DECK),
                    total=total,
                ),
                "record.card_count",
                "count",
            )
            ok = False
        ranks = Counter(
            c.rank for c in table
        )  # counted once: a hostile table can hold 600,000 cards
        paired = [c for c in table if ranks[c.rank] > 1]
        if len(paired) > TABLE_START and len(table) <= len(DECK):
            r.fail(
                path + ("table",),
                t(
                    "A card can stay on the table only when no table card has its rank, so two "
                    "cards of one rank can be left only from the {n} cards laid out at the "
                    "start; {cards} are too many.",
                    n=TABLE_START,
                    cards=paired,
                ),
                "record.table_ranks",
                "capture",
            )
            ok = False
        elif not table_ranks_possible(list(ranks.values()), options["capture"]):
            r.fail(
                path + ("table",),
                t(
                    "{cards} cannot be left on the table: the first card played of a rank lying "
                    "there must take, so cards of one rank stay together only from the start: "
                    "all four of a rank, or two of three when a card takes one target.",
                    cards=paired,
                ),
                "record.table_ranks",
                "capture",
            )
            ok = False
        if last is not None and captured.get(last, 0) < 2:
            r.fail(
                path + ("last_capture",),
                t("{player} made the last capture, so his bundle cannot be empty.", player=last),
                "record.last_capture",
                "capture",
            )
            ok = False
        if (
            table
            and options["leftovers"] == "last_capturer"
            and last is None
            and any(captured.values())
        ):
            r.fail(
                path + ("last_capture",),
                t(
                    "With leftovers: last_capturer, the record must say who made the last "
                    "capture (last_capture)."
                ),
                "record.last_capture",
                "leftovers",
            )
            ok = False
        if not ok:
            return None
        steps: list[Message] = [
            t(
                "In the bundles: {bundles}; left on the table: {table}; together {n}.",
                bundles=sum(captured.values()),
                table=len(table),
                n=len(DECK),
            )
        ]
        scores = dict(captured)
        steps.extend(self._leftover_steps(scores, table, last, options))
        outcome = decide(scores, options["ties"])
        return scores, outcome, steps

    @staticmethod
    def _leftover_steps(
        scores: dict[str, int],
        table: list[Card],
        last: str | None,
        options: dict[str, Any],
    ) -> list[Message]:
        if not table:
            return []
        if options["leftovers"] == "last_capturer" and last is not None:
            scores[last] += len(table)
            return [
                tn(
                    "{n} card left on the table goes to {player}, who made the last capture.",
                    "{n} cards left on the table go to {player}, who made the last capture.",
                    len(table),
                    player=last,
                )
            ]
        return [
            tn(
                "{n} card left on the table counts for nobody.",
                "{n} cards left on the table count for nobody.",
                len(table),
            )
        ]

    def _full_play(
        self,
        r: Reader,
        path: Path,
        players: list[str],
        dealer: str | None,
        options: dict[str, Any],
        findings: list[Finding],
    ) -> tuple[dict[str, int], Outcome | None, list[Message]] | None:
        pack = read_pack(r, path + ("pack",))
        moves_path = path + ("moves",)
        moves = read_plays(r, moves_path, players)
        if pack is None or dealer is None or moves is None:
            return None
        state = BundlesState(players, players.index(dealer), pack, **options)
        steps: list[Message] = [
            tn(
                "{dealer} deals: {cards} face up on the table, then {n} card to each player.",
                "{dealer} deals: {cards} face up on the table, then {n} cards to each player.",
                HAND,
                dealer=dealer,
                cards=list(state.table),
            )
        ]
        replayed = self._replay(r, moves_path, state, moves, steps)
        if replayed.finding is not None:
            findings.append(split_move_hint(r, moves_path, replayed.finding, replayed.index))
        scores = state.scores()
        if not state.is_over():
            if replayed.finding is not None:
                steps.append(
                    t(
                        "The replay stops at the illegal move; the bundles then held: {scores}.",
                        scores=[f"{p} {v}" for p, v in scores.items()],
                    )
                )
            else:
                steps.append(
                    tn(
                        "The record stops after {n} move; the bundles hold: {scores}.",
                        "The record stops after {n} moves; the bundles hold: {scores}.",
                        len(moves),
                        scores=[f"{p} {v}" for p, v in scores.items()],
                    )
                )
            return scores, None, steps
        last = players[state.last_capturer] if state.last_capturer is not None else None
        plain = state.bundle_sizes()
        steps.append(
            t(
                "Every card has been played. Bundles: {scores}; left on the table: {cards}.",
                scores=[f"{p} {v}" for p, v in plain.items()],
                cards=list(state.table) or "—",
            )
        )
        steps.extend(self._leftover_steps(plain, list(state.table), last, options))
        outcome = state.outcome()
        assert outcome is not None
        return scores, outcome, steps

    @staticmethod
    def _replay(
        r: Reader,
        moves_path: Path,
        state: BundlesState,
        moves: list[Play],
        steps: list[Message],
    ) -> Replayed[Play]:
        """Replay the moves, noting every steal and the bundles after each round."""

        def observed() -> Iterator[Play]:
            for k, move in enumerate(moves):
                round_before, mover = state.round, str(state.player)
                yield move  # the generator resumes only once the move has been pushed
                if move.bundles:
                    steps.append(
                        t(
                            "Move {k}: {player} {play} (now in the bundle: {n}).",
                            k=k + 1,
                            player=mover,
                            play=move.describe(),
                            n=len(state.bundles[state.players.index(mover)]),
                        )
                    )
                if state.round != round_before or state.is_over():
                    steps.append(
                        t(
                            "After round {r}: bundles {scores}; on the table {cards}.",
                            r=round_before,
                            scores=[f"{p} {v}" for p, v in state.bundle_sizes().items()],
                            cards=list(state.table) or "—",
                        )
                    )

        return replay_moves(state, observed(), lambda k: r.doc.where(moves_path + (k,), deal=1))


def split_move_hint(r: Reader, path: Path, finding: Finding, k: int | None) -> Finding:
    """A card not held (or another player's), written in a bracketed list right after a move that takes
    something: YAML ends a move at a comma there, so ``[5♣ > 5♥, 5♦]`` is two moves. The finding says
    how to write one move that takes both (in quotes)."""
    raw = r.get(path)
    if (
        not k
        or finding.code not in ("play.not_in_hand", "play.out_of_turn")
        or not isinstance(raw, list)
        or ">" in str(raw[k])
        or ">" not in str(raw[k - 1])
        or r.doc.where((*path, k)).line != r.doc.where((*path, k - 1)).line
    ):
        return finding
    form = f"'{raw[k - 1]}, {raw[k]}'"
    message = t(
        "{why} In a list written in brackets a comma ends a move; if {card} is taken by the move "
        "before, write that move in quotes: {form}.",
        why=finding.message,
        card=str(raw[k]),
        form=form,
    )
    return finding.replace(message=message)


GAME = StealingBundles()
