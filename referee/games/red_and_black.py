"""Red and Black (seed 002, game 10): 2–5 players draw until they can discard on the other colour.

Engine: :mod:`referee.engines.turns` (no tricks). Nobody makes a decision: the stock order and the seating
fix everything, so a game is a :class:`RedBlackGame` whose only move is :class:`Draw`. It still
replays draw by draw, so that a dispute can be settled step by step. A red card lies face up on a
black one; a player draws until he draws a card of the colour on top of the pile, discards it and
turns the whole pile over, so the colour needed alternates: red, black, red, …
A full play may also write down what was done with each card drawn (``draws``, DECISIONS.md round 3):
the stock still decides, and the first draw it contradicts is a finding (:func:`first_wrong_draw`).

>>> game = RedBlackGame(["Anna", "Boris"], [False, True, True, True, False])   # black, red, red, …
>>> game.push(Draw()); game.push(Draw())      # Anna takes a black card, then discards a red one
>>> game.player, game.taken, game.needed_red
('Boris', [1, 0], False)
>>> import random
>>> from referee.engines.turns import random_playout
>>> random_playout(game, random.Random(1)).outcome().scores
{'Anna': 1, 'Boris': 2}
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from referee.engines.deals import Deal
from referee.engines.fishing import PackGame, read_games
from referee.engines.fishing_moves import Draw
from referee.engines.game import DealResult, Option, Verdict, rule_table
from referee.engines.house_rules import choice_option
from referee.engines.ledger import Ledger
from referee.engines.reader import Reader
from referee.engines.turns import TurnDuty
from referee.games.play.red_and_black import RedBlackGame, colour_name, who_loses
from referee.messages import N_, Message, message_of, t, tn
from referee.notation import parse_cards
from referee.records.declared import Declared
from referee.records.hands import ColourString, read_draws, read_pile_and_stock, read_stock
from referee.records.source import Document, Path

STOCK = 50
PER_COLOUR = 25

OPTIONS: tuple[Option, ...] = (
    choice_option(
        "ties",
        "all_lose",
        t("Several share the most cards"),
        t("What happens when several players share the most cards taken."),
        ("all_lose", t("they all lose"), t("Every one of them loses, even if that is everyone.")),
        ("nobody_loses", t("nobody loses"), t("Nobody loses that game.")),
    ),
    choice_option(
        "several_games",
        "each_game",
        t("Several games in one record"),
        t("How a record of several games is decided."),
        (
            "each_game",
            t("each game has its loser"),
            t("Every game has its own loser; the totals are for information."),
        ),
        (
            "total",
            t("the most cards in all loses"),
            t("The cards taken are added up over all the games; the most in all loses."),
        ),
    ),
)

RECORD = Declared("red-and-black", "red_and_black:red_and_black_record", stock=STOCK)
"""What a Red and Black record holds (:mod:`referee.records.fields`)."""


def colour_step(player: str, taken: int, needed_red: bool, discarded: bool) -> Message:
    """One turn of a stock given as colours: how many cards of the other colour were taken, then the discard.

    One message per colour, so that each language can make the colour agree with the card.
    """
    if not discarded:
        if needed_red:
            return tn(
                "{player} takes {n} black card; the stock is empty.",
                "{player} takes {n} black cards; the stock is empty.",
                taken,
                player=player,
            )
        return tn(
            "{player} takes {n} red card; the stock is empty.",
            "{player} takes {n} red cards; the stock is empty.",
            taken,
            player=player,
        )
    if not taken:
        return (
            t("{player} discards a red card at once; black is needed next.", player=player)
            if needed_red
            else t("{player} discards a black card at once; red is needed next.", player=player)
        )
    if needed_red:
        return tn(
            "{player} takes {n} black card and discards a red one; black is needed next.",
            "{player} takes {n} black cards and discards a red one; black is needed next.",
            taken,
            player=player,
        )
    return tn(
        "{player} takes {n} red card and discards a black one; red is needed next.",
        "{player} takes {n} red cards and discards a black one; red is needed next.",
        taken,
        player=player,
    )


@dataclass(frozen=True)
class WrongDraw:
    """The first draw a record's ``draws`` gets wrong: its place in the stock, who drew it, and what the rule says."""

    index: int
    seat: int
    needed_red: bool
    kept: bool
    """What the rule says: True when the card is kept (it is not the colour needed)."""

    @property
    def code(self) -> str:
        """``play.must_keep`` or ``play.must_discard``."""
        return "play.must_keep" if self.kept else "play.must_discard"

    def message(self, game: RedBlackGame) -> Message:
        """What the rule says about the draw and what the record says instead, with the card when the stock
        gives it; one message per case, so that each language can say the colour its own way."""
        k, player, colour = self.index + 1, game.players[self.seat], colour_name(self.needed_red)
        if game.cards is not None:
            card = game.cards[self.index]
            if self.kept:
                return t(
                    "Draw {k}: {colour} is needed and {player} draws {card}, a card of the other colour, so "
                    "it is kept and {player} draws again; the record says it was discarded. The record's "
                    "later draws are not checked.",
                    k=k,
                    colour=colour,
                    player=player,
                    card=card,
                )
            return t(
                "Draw {k}: {colour} is needed and {player} draws {card}, a card of that colour, so it is "
                "discarded and the turn passes on; the record says it was kept. The record's later draws are "
                "not checked.",
                k=k,
                colour=colour,
                player=player,
                card=card,
            )
        if self.kept:
            return t(
                "Draw {k}: {colour} is needed and {player} draws a card of the other colour, so it is kept "
                "and {player} draws again; the record says it was discarded. The record's later draws are "
                "not checked.",
                k=k,
                colour=colour,
                player=player,
            )
        return t(
            "Draw {k}: {colour} is needed and {player} draws a card of that colour, so it is discarded and "
            "the turn passes on; the record says it was kept. The record's later draws are not checked.",
            k=k,
            colour=colour,
            player=player,
        )


def first_wrong_draw(game: RedBlackGame, recorded: Sequence[bool]) -> WrongDraw | None:
    """The first of a record's draws (True: kept) that the rules contradict, in a game played to its end.

    The stock fixes every draw (G10-A6), so the game is replayed from the stock and the record's
    draws are compared with it; after the first difference the table played on from a different
    position, so nothing later is compared.

    >>> game = RedBlackGame(["Anna", "Boris"], [True, True, False, False])   # red, red, black, black
    >>> game.draw_to_the_end(); game.taken
    [1, 1]
    >>> first_wrong_draw(game, [False, True, False]), first_wrong_draw(game, [False, False]).code
    (None, 'play.must_keep')
    """
    if not recorded:  # most records leave the draws out: nothing to compare
        return None
    k = 0
    for turn in game.turns:
        actions = [True] * len(turn.taken) + ([False] if turn.discarded is not None else [])
        for kept in actions:
            if k < len(recorded) and recorded[k] != kept:
                return WrongDraw(k, turn.seat, turn.needed_red, kept)
            k += 1
    return None


def taken_possible(taken: Sequence[int], per_colour: int = PER_COLOUR) -> bool:
    """Whether some stock of 25 red and 25 black cards gives these counts taken (seat 0 on the dealer's left).

    The argument (the summary's ``taken``, "possible or exit 2"): turn k (k = 0, 1, …; seat k mod n)
    needs red when k is even and black when k is odd; it keeps x_k ≥ 0 cards of the other colour
    and discards one of the needed colour, except a last turn cut short by the empty stock, which
    keeps at least one and discards nothing. So the C = 50 − (cards taken) complete turns are fixed
    by the summary, E = ⌈C/2⌉ of them discard red and O = ⌊C/2⌋ black, and counting the colours,
    the even turns keep 25 − O black cards and the odd turns 25 − E red ones. Conversely any x_k
    with those two sums is one stock (the kept cards of turn k, then its discard). A seat keeps
    only the colours of the turns it has: with an even table only one colour (seats 1, 3, … black,
    2, 4, … red, so the first group keeps as many as the second or one more); with an odd table
    either. The check tries both endings (with and without a turn cut short) and asks whether the
    counts split into the two colour totals. ``per_colour`` is 25 but for the tests' smaller stocks.

    >>> taken_possible([3, 9]), taken_possible([9, 9]), taken_possible([25, 25]), taken_possible([26, 0])
    (False, True, False, False)
    >>> taken_possible([0, 12, 0, 0]), taken_possible([7, 8, 14])
    (False, True)
    """
    n = len(taken)
    complete = 2 * per_colour - sum(taken)
    if complete < 0:
        return False
    red_discards, black_discards = (complete + 1) // 2, complete // 2
    need_black, need_red = (
        per_colour - black_discards,
        per_colour - red_discards,
    )  # kept by even / odd turns
    if need_black < 0 or need_red < 0:
        return False
    for cut_short in (False, True):
        turns = complete + cut_short
        parities = [{k % 2 for k in range(seat, turns, n)} for seat in range(n)]
        if any(taken[s] and not parities[s] for s in range(n)):
            continue
        fixed_black = sum(taken[s] for s in range(n) if parities[s] == {0})
        fixed_red = sum(taken[s] for s in range(n) if parities[s] == {1})
        flexible = sum(taken[s] for s in range(n) if len(parities[s]) == 2)
        if not fixed_black <= need_black <= fixed_black + flexible:
            continue
        if fixed_red + flexible - (need_black - fixed_black) != need_red:
            continue
        if (
            cut_short
        ):  # the last turn, cut short, kept at least one card of the colour it did not need
            seat, black = complete % n, complete % 2 == 0
            colour_room = need_black - fixed_black if black else need_red - fixed_red
            if not taken[seat] or (len(parities[seat]) == 2 and not colour_room):
                continue
        return True
    return False


RULE_TABLE = rule_table("""
G10-S1 | Two to five players; 52 cards | record.player_count record.deck_mismatch
G10-S2 | The aim: take the fewest cards | claim
G10-S3 | The dealer is chosen by lot | unchecked: the lot is drawn before the record begins
G10-S4 | A red and a black card start the pile: black face down, red face up on it
    | record.bad_start record.stock_colours
G10-S5 | The rest of the pack is the stock | record.bad_stock
G10-S6 | The player left of the dealer goes first | (record.no_turn)
G10-S7 | A card of the same colour as the top of the pile is discarded and the pile turned over
    | claim play.must_discard
G10-S8 | A card of the other colour is kept, and the player draws again
    | claim play.must_keep record.too_many_taken record.taken_impossible
G10-S9 | After a discard the turn passes clockwise | record.no_turn
G10-S10 | The game ends when the stock runs out | (record.too_many_taken) (record.bad_draws)
G10-S11 | The player who took the most cards loses | deal.loser_claim claim
G10-A1 | Matching is by colour | claim
G10-A2 | Turning the pile over brings its bottom card to the top | claim
G10-A3 | Any red and any black card start the pile | (record.bad_start)
G10-A4 | The stock may run out in the middle of a turn: the game ends at once | (record.too_many_taken)
G10-A5 | A tie for the most cards: all of them lose (option ties) | claim
G10-A6 | No player ever decides anything | unchecked: a design note; the stock decides
G10-A7 | Several games: the deal passes clockwise (option several_games) | deal.dealer_order
G10-D01 | A full play may record what each player did with each card drawn
    | record.bad_draws (play.must_discard) (play.must_keep)
""")
"""Every rule of Red and Black: what enforces it, or why no record can show it (``referee rules``)."""


class RedAndBlack(PackGame):
    """The referee for Red and Black."""

    slug = "red-and-black"
    rule_table = RULE_TABLE
    claim_rule = "G10-S8"
    # A record can hold nothing but draws; a start card given with a stock of colours is the record's shape.
    ruleless_codes = frozenset({"red_and_black.draw", "record.start_without_cards"})
    names: ClassVar[dict[str, str]] = {
        "en": "Red and Black",
        "ru": "Красное и чёрное",
        "de": "Rot und Schwarz",
    }
    player_counts = (2, 3, 4, 5)
    options = OPTIONS
    record = RECORD
    kind = t("drawing game without decisions: the fewest cards taken")
    pitch = t(
        "A game of pure luck for children: draw until your colour comes up, and keep the rest."
    )
    length = t("a few minutes")

    def pack_fact(self) -> tuple[Message, Any]:
        """Two cards start the pile, the rest is the stock."""
        return (
            t("Cards"),
            t(
                "{n}: one red and one black start the pile, {stock} form the stock ({each} of each "
                "colour)",
                n=self.deck_size,
                stock=STOCK,
                each=PER_COLOUR,
            ),
        )

    def play_facts(self) -> list[tuple[Message, Any]]:
        """The colour needed, the goal and the end (after the players and the pack)."""
        return [
            (
                t("Colour needed"),
                t("red, black, red, black … in turn: the pile is turned over after every discard"),
            ),
            (t("Goal"), t("take as few cards as possible")),
            (t("End"), t("when the stock runs out; the player who took the most cards loses")),
        ]

    def example_lines(self, deal: dict[str, Any], notation: str) -> list[tuple[Message, Any]]:
        """The dealer, the starting cards and the stock."""
        lines = super().example_lines(deal, notation)
        start = deal.get("start")
        if isinstance(start, dict):
            lines.append((t("Pile"), parse_cards([start["black"], start["red"]], notation)))
        if deal.get("stock") is not None:
            got = read_stock(deal["stock"], notation)
            if not isinstance(got, Message):
                reds, cards = got
                lines.append(
                    (
                        t("Stock, from the top"),
                        cards if cards is not None else ColourString(tuple(reds)),
                    )
                )
        if deal.get("loser") is not None:
            lines.append((t("Loser, as claimed"), deal["loser"]))
        return lines

    def example_rows(
        self, deal: dict[str, Any], notation: str
    ) -> list[tuple[Message, dict[str, Any]]]:
        """Cards taken (a summary), then the claim."""
        rows: list[tuple[Message, dict[str, Any]]] = []
        if isinstance(deal.get("taken"), dict):
            rows.append((t("Cards kept"), deal["taken"]))
        if isinstance(deal.get("claim"), dict):
            rows.append((t("Cards kept, as the table counted"), deal["claim"]))
        return rows

    def duties(self, options: dict[str, Any]) -> list[TurnDuty]:
        """The one move there is (:meth:`RedBlackGame.legal_moves`), with its test."""

        def draw(state: RedBlackGame, legal: list[Draw]) -> bool:
            return legal == [Draw()]

        return [
            TurnDuty(
                t(
                    "Draw from the stock: a card of the colour on top of the pile is discarded and ends the "
                    "turn, a card of the other colour is kept and you draw again."
                ),
                draw,
            )
        ]

    def check(self, doc: Document) -> Verdict:
        """Validate and replay a Red and Black record, game by game."""
        ledger, players, options, losers_of = read_games(self, doc, self._game)
        results, totals = ledger.results, ledger.totals
        last_losers = losers_of[-1] if losers_of else []
        winner: str | None = None
        if options["several_games"] == "total" and len(results) > 1:
            losers, why = who_loses({p: totals[p] for p in players}, options["ties"])
            termination = t("Over {n} games: {result}", n=len(results), result=why)
            code = "most_cards_lose" if losers else "tie_nobody_loses"
            scores = totals
        elif len(results) == 1:
            termination = results[0].steps[-1]
            code = "most_cards_lose" if last_losers else "tie_nobody_loses"
            scores = results[0].scores
        else:
            per_game = [
                t("game {n}: {players}", n=result.number, players=losers)
                if losers
                else t("game {n}: nobody", n=result.number)
                for result, losers in zip(results, losers_of, strict=True)
            ]
            termination = t("Each game has its own loser: {games}.", games=per_game)
            code = "each_game"
            scores = {}
        if scores:
            fewest = min(scores.values())
            best = [p for p in players if scores[p] == fewest]
            winner = best[0] if len(best) == 1 and scores[best[0]] != max(scores.values()) else None
        return ledger.verdict(self.slug, options, winner, termination, code)

    def _game(
        self,
        deal: Deal | None,
        ledger: Ledger,
        players: list[str],
        options: dict[str, Any],
    ) -> tuple[DealResult, int, list[str]] | None:
        if deal is None:
            return None
        r = deal.r
        dealer_name = r.name(deal.at("dealer"), players)
        claim = deal.claim(players, minimum=0) if deal.full else None
        loser_claim = self._loser_claim(r, deal.path, players)
        if dealer_name is None:
            return None
        dealer = players.index(dealer_name)
        ledger.check_dealer(deal, players, dealer)
        order = from_dealers_left(players, dealer)
        got = self._full(deal, order, options) if deal.full else self._summary(r, deal.path, order)
        if got is None:
            return None
        taken, steps = got
        taken = {p: taken[p] for p in players}
        losers, end = who_loses(taken, options["ties"])
        if loser_claim is not None and sorted(loser_claim) != sorted(losers):
            deal.warn(
                "deal.loser_claim",
                ("loser",),
                t(
                    "The table named {claimed} as the loser, but {actual} lost.",
                    claimed=loser_claim,
                    actual=losers or t("nobody"),
                ),
                "error",
                written=loser_claim,
                computed=losers,
            )
        steps.append(end)
        return deal.result(taken, steps, claim), dealer, losers

    def _loser_claim(self, r: Reader, path: Path, players: list[str]) -> list[str] | None:
        value = r.get(path + ("loser",))
        if value is None:
            return None
        names = value if isinstance(value, list) else [value]
        out = []
        for k in range(len(names)):
            got = r.name(path + ("loser",) + ((k,) if isinstance(value, list) else ()), players)
            if got is not None:
                out.append(got)
        return out if len(out) == len(names) and out else None

    def _summary(
        self, r: Reader, path: Path, order: list[str]
    ) -> tuple[dict[str, int], list[Message]] | None:
        taken_path = path + ("taken",)
        taken = r.scores(taken_path, order, minimum=0)
        if taken is None:
            return None
        total = sum(taken.values())
        if total > STOCK:
            r.fail(
                taken_path,
                tn(
                    "The players took {n} card in all, but the stock holds only {stock}.",
                    "The players took {n} cards in all, but the stock holds only {stock}.",
                    total,
                    n=total,
                    stock=STOCK,
                ),
                "record.too_many_taken",
                "stock",
            )
            return None
        discards = STOCK - total
        # A player's first turn comes only after a discard by each player before him.
        for k, name in enumerate(order):
            if taken[name] and k > discards:
                r.fail(
                    taken_path + (name,),
                    tn(
                        "{player} never had a turn: with {d} card discarded, the stock ran out before his turn.",
                        "{player} never had a turn: with {d} cards discarded, the stock ran "
                        "out before his turn.",
                        discards,
                        player=name,
                        d=discards,
                    ),
                    "record.no_turn",
                    "draw",
                )
                return None
        if not taken_possible([taken[name] for name in order]):
            r.fail(
                taken_path,
                t(
                    "No stock gives these counts: the turns alternate between needing red and black, so "
                    "{d} discards leave {black} black and {red} red cards to be taken, each by a player "
                    "whose turn needed the other colour.",
                    d=discards,
                    black=PER_COLOUR - discards // 2,
                    red=PER_COLOUR - (discards + 1) // 2,
                ),
                "record.taken_impossible",
                "draw",
            )
            return None
        steps = [
            tn(
                "{taken} card was taken and {d} discarded; the referee cannot check how the taken cards "
                "were split without the stock.",
                "{taken} cards were taken and {d} discarded; the referee cannot check how the taken cards were "
                "split without the stock.",
                total,
                taken=total,
                d=discards,
            )
        ]
        return taken, steps

    def _full(
        self,
        deal: Deal,
        order: list[str],
        options: dict[str, Any],
    ) -> tuple[dict[str, int], list[Message]] | None:
        r, path = deal.r, deal.path
        got = read_pile_and_stock(r, path, STOCK, PER_COLOUR)
        draws = read_draws(r, path + ("draws",), STOCK)
        if got is None or draws is None:
            return None
        red, cards = got
        game = RedBlackGame(order, red, cards, options["ties"])
        game.draw_to_the_end()
        disputed = first_wrong_draw(game, draws)
        if disputed is not None:
            deal.warn(disputed.code, ("draws",), disputed.message(game), "error")
        steps: list[Message] = [
            t("{player}, on the dealer's left, draws first; red is needed first.", player=order[0])
        ]
        steps.extend(self._turn_steps(game))
        return dict(zip(order, game.taken, strict=True)), steps

    @staticmethod
    def _turn_steps(game: RedBlackGame) -> list[Message]:
        """Where the cards of each turn went: listed by name, or counted when the stock gives only colours.

        One loop over the turns with the two colour names made once: a check explains every turn,
        and a call per turn was a fifth of the check's own time.
        """
        players = game.players
        if game.cards is None:
            return [
                colour_step(
                    players[turn.seat], len(turn.taken), turn.needed_red, turn.discarded is not None
                )
                for turn in game.turns
            ]
        next_colour = (colour_name(True), colour_name(False))  # by the colour needed in the turn
        # One list comprehension with each message made straight from its fields (what t() makes):
        # the call of t() and its keyword arguments were a fifth of the explanation's time.
        m = message_of
        return [
            m(_EMPTY, {"player": players[seat], "taken": taken}, None, None, None)
            if discarded is None
            else m(
                _TAKES,
                {
                    "player": players[seat],
                    "taken": taken,
                    "card": discarded,
                    "colour": next_colour[needed_red],
                },
                None,
                None,
                None,
            )
            if taken
            else m(
                _AT_ONCE,
                {"player": players[seat], "card": discarded, "colour": next_colour[needed_red]},
                None,
                None,
                None,
            )
            for seat, taken, discarded, needed_red in game.turn_lists()
        ]


_EMPTY = N_("{player} takes {taken}; the stock is empty.")
_TAKES = N_("{player} takes {taken} and discards {card}; {colour} is needed next.")
_AT_ONCE = N_("{player} discards {card} at once; {colour} is needed next.")
"""The three ways a turn ends, as :meth:`RedAndBlack._turn_steps` explains them."""


# -- what only this game uses (moved out of referee.engines.deals, which every check of a deal loads) --


def from_dealers_left(players: list[str], dealer: int) -> list[str]:
    """The players in turn order, starting with the dealer's left-hand neighbour, who plays first.

    >>> from_dealers_left(["Anna", "Boris", "Vera"], 1)
    ['Vera', 'Anna', 'Boris']
    """
    n = len(players)
    return [players[(dealer + 1 + k) % n] for k in range(n)]


GAME = RedAndBlack()
