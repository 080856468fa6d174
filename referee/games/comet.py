"""Comet (seed 002, game 4): 2–8 players, the whole pack, runs up a suit, chips for cards left.

Engine: :mod:`referee.engines.turns` (no tricks). :class:`CometDeal` is one deal as a turn state: the
player left of the dealer leads any card; the holder of the next higher card of that suit must play
it, and so on, until a **stop** (a king, an ace, or a next card already played); the player of
the stop leads again. The first player out is paid a chip for every card left in each other hand,
and the 9♦ counts two:

>>> from referee.notation import parse_cards
>>> deal = CometDeal(["Anna", "Boris"], [parse_cards("5H 6H 2C"), parse_cards("7H KH")])
>>> deal.player, [str(m) for m in deal.legal_moves()]
('Anna', ['plays 2♣', 'plays 5♥', 'plays 6♥'])
>>> deal.push(Play(parse_cards("6H")[0]))
>>> deal.player, [str(m) for m in deal.legal_moves()]
('Boris', ['plays 7♥'])
>>> deal.push(Play(parse_cards("2C")[0]))
Traceback (most recent call last):
...
referee.engines.turns.IllegalMoveError: The run goes on with 7♥: Boris holds it and must play it.
>>> settle("Anna", {"Boris": 4, "Vera": 2}, "Boris", "counts_two")[0]
{'Anna': 7, 'Boris': -5, 'Vera': -2}
"""

from __future__ import annotations

from typing import Any, ClassVar

from referee.engines.deals import Deal, Played, each_deal
from referee.engines.dealt_hands import read_hands
from referee.engines.game import Game, Option, Verdict, by_players, players_fact, rule_table
from referee.engines.house_rules import choice_option
from referee.engines.ledger import Ledger, leaders, settled
from referee.engines.reader import Reader
from referee.engines.turns import (
    TurnDuty,
    replay_moves,
)
from referee.errors import NotationError
from referee.games.play.comet import (
    DECK,
    NINE_OF_DIAMONDS,
    PASS,
    PLAYS,
    CometDeal,
    CometMove,
    Pass,
    Play,
    settle,
)
from referee.messages import Message, signed, t, tn
from referee.notation import parse_card
from referee.records.declared import Declared
from referee.records.source import Document

PLAYER_COUNTS: tuple[int, ...] = tuple(range(2, 9))
PASS_WORDS = {"pass", "пас", "passe"}
PLAYED_WORDS = {"played", "сыграна", "gespielt"}

OPTIONS: tuple[Option, ...] = (
    choice_option(
        "run_order",
        "holder",
        t("The next card of a run"),
        t("Who plays the next card of a run."),
        (
            "holder",
            t("its holder plays it at once"),
            t(
                "Its holder, at once, whatever his seat; a player who holds the next card of his own "
                "run plays on."
            ),
        ),
        (
            "clockwise",
            t("the turn goes clockwise to it"),
            t(
                "The turn passes to the left until it reaches the holder; if the holder is the "
                "player who played the last card, nobody else could go on, so the run has stopped "
                "and he leads any card."
            ),
        ),
    ),
    choice_option(
        "compulsory_play",
        True,
        t("The holder of the next card"),
        t("Whether the holder of the next card of a run must play it."),
        (True, t("must play it"), t("He must play it.")),
        (
            False,
            t("may pass"),
            t("He may pass instead; the run then stops, and the player of the last card leads."),
        ),
    ),
    choice_option(
        "ace",
        "lead_only",
        t("The ace"),
        t("What the ace does."),
        (
            "lead_only",
            t("high, only led"),
            t(
                "The ace ranks above the king but never continues a run: it can only be led, and "
                "an ace led is a stop."
            ),
        ),
        (
            "low",
            t("low, below the 2"),
            t("The ace ranks below the 2 and a run goes on from it to the 2 (as in Commit)."),
        ),
    ),
    choice_option(
        "nine_of_diamonds",
        "counts_two",
        t("The 9♦ left in a hand"),
        t("What the 9♦ left in a hand costs at the settlement."),
        ("counts_two", t("counts two chips"), t("It counts two chips instead of one.")),
        ("two_extra", t("costs two chips extra"), t("It costs two chips on top of its own one.")),
        (
            "doubles_hand",
            t("doubles the holder's payment"),
            t("Its holder pays two chips for every card he holds (as in Swedish Komet)."),
        ),
    ),
)


RECORD = Declared("comet", "comet:comet_record", played_words=PLAYED_WORDS)
"""What a Comet record holds (:mod:`referee.records.fields`)."""


def hand_sizes(n: int) -> list[int]:
    """Cards dealt to each player, from the dealer's left: the first ``52 mod n`` get one more.

    >>> hand_sizes(3), hand_sizes(4), hand_sizes(5)
    ([18, 17, 17], [13, 13, 13, 13], [11, 11, 10, 10, 10])
    """
    base, extra = divmod(len(DECK), n)
    return [base + 1 if k < extra else base for k in range(n)]


def read_tokens(value: Any, notation: str) -> list[CometMove]:
    """The ``plays`` field: cards (a list or one string) and ``pass``; a NotationError names a bad token.

    >>> [str(m) for m in read_tokens("5♥ 6♥ pass", "en")]
    ['plays 5♥', 'plays 6♥', 'passes']
    """
    if isinstance(value, str):
        tokens: list[Any] = [
            tok
            for tok in (value.split(",") if notation == "de" else value.replace(",", " ").split())
            if tok.strip()
        ]
    else:
        tokens = list(value)
    # Each card's play is made once (PLAYS); a card of no Comet pack still gets its own, for the
    # replay to refuse.
    plays = PLAYS
    moves: list[CometMove] = []
    for tok in tokens:
        if str(tok).strip().lower() in PASS_WORDS:
            moves.append(PASS)
        else:
            card = parse_card(tok, notation)
            moves.append(plays.get(card) or Play(card))
    return moves


def runs(deal: CometDeal) -> list[Message]:
    """The play, run by run: who led what, who followed with which card, and why the run stopped.

    A run is the turns from a lead up to the turn that stops it, or up to the next lead when the
    replay broke off inside it; each is sliced out of the history in one pass.
    """
    steps: list[Message] = []
    players, history = deal.players, deal.history
    i, n = 0, len(history)
    while i < n:
        j = i  # the run's last turn
        while history[j].stop is None and j + 1 < n and not history[j + 1].lead:
            j += 1
        first = history[i]
        leader = players[first.seat]
        lead_card = first.move.card if isinstance(first.move, Play) else None
        rest = [
            t("{card} ({player})", card=x.move.card, player=players[x.seat])
            for x in history[i + 1 : j + 1]
            if isinstance(x.move, Play)
        ]
        stop = history[j].stop
        if stop is None:  # the replay stopped inside this run, at an illegal play
            steps.append(
                t("{leader} leads {card}; then {plays}.", leader=leader, card=lead_card, plays=rest)
                if rest
                else t("{leader} leads {card}.", leader=leader, card=lead_card)
            )
        elif rest:
            steps.append(
                t(
                    "{leader} leads {card}; then {plays}; {stop}.",
                    leader=leader,
                    card=lead_card,
                    plays=rest,
                    stop=stop,
                )
            )
        else:
            steps.append(
                t("{leader} leads {card}; {stop}.", leader=leader, card=lead_card, stop=stop)
            )
        i = j + 1
    return steps


RULE_TABLE = rule_table("""
G4-R01 | Two to eight players; 52 cards, 2 to A | record.player_count record.deck_mismatch record.card_twice
G4-R02 | Play is for chips of an agreed value, bought before the game
    | unchecked: buying chips happens away from the cards; the settlement is checked (G4-R11)
G4-R03 | The first dealer by lot; then the deal rotates | deal.dealer_order
G4-R04 | The whole pack is dealt; hand sizes may differ by one | record.hand_size record.too_many_left
G4-R05 | The player left of the dealer leads any card | comet.first_lead
G4-R06 | The holder of the next higher card of the suit plays it | comet.run_continues
G4-R07 | The K stops the run; its player leads again | comet.lead_after_king
G4-R08 | The card below the opening card stops the run; its player leads again | comet.lead_after_stop
G4-R09 | An ace may only be played by a player who has the lead | comet.ace_not_led
G4-R10 | A player who plays his last card goes out and ends the deal
    | claim record.out_holds_cards record.deal_unfinished turns.after_end
G4-R11 | The others pay a chip a card left, two for the 9♦ | claim record.bad_nine
G4-A01 | The holder of the next card plays it, out of seat order | (comet.run_continues)
G4-A02 | Playing the next card is compulsory | comet.compulsory
G4-A03 | The ace is never part of a run; led, it stops at once and its player leads again
    | comet.lead_after_ace
G4-A04 | A run stops after a K or an A, or when the next card is already played | comet.not_his_card comet.pass_on_lead
G4-A05 | After a stop the leader may lead any card, the same suit included
    | unchecked: nothing is forbidden, so there is nothing to refuse
G4-A06 | The 9♦ is an ordinary card in play | unchecked: it has no power in play, so there is nothing to refuse
G4-A07 | The 9♦ left in hand counts two chips instead of one (option) | claim
G4-A08 | Dealt one at a time from the dealer's left; the first players get the extra cards | (record.hand_size)
G4-A09 | A match is an agreed number of deals | claim
G4-A10 | The only real decisions are the leads | unchecked: a design note, not a rule
""")
"""Every rule of Comet: what enforces it, or why no record can show it (``referee rules``)."""


class Comet(Game):
    """The referee for Comet."""

    slug = "comet"
    rule_table = RULE_TABLE
    claim_rule = "G4-R11"
    ruleless_codes = frozenset(
        {"comet.played_twice"}
    )  # a card played twice cannot happen with real cards
    names: ClassVar[dict[str, str]] = {"en": "Comet", "ru": "Комета", "de": "Komet"}
    player_counts = PLAYER_COUNTS
    options = OPTIONS
    record = RECORD
    kind = t("stops game: runs up a suit, chips for the cards left")
    pitch = t("Play your cards up the suit in runs and be the first to get rid of them all.")
    length = t("a few minutes a deal, as many deals as agreed")
    deck_size = len(DECK)

    def facts(self) -> list[tuple[Message, Any]]:
        """The numbers a page shows."""
        return [
            players_fact(PLAYER_COUNTS),
            (t("Cards"), t("{n} (2 to ace in four suits), all dealt", n=self.deck_size)),
            (
                t("Cards per player"),
                by_players({n: " ".join(map(str, hand_sizes(n))) for n in PLAYER_COUNTS}),
            ),
            (t("Rank"), t("2 3 4 5 6 7 8 9 10 J Q K A (lowest first)")),
            (t("Stops"), t("a king; an ace; a card whose next higher card is already played")),
            (
                t("Settlement"),
                t(
                    "every other player pays the first player out one chip per card left; the 9♦ "
                    "left in a hand counts two"
                ),
            ),
        ]

    def duties(self, options: dict[str, Any]) -> list[TurnDuty]:
        """What the player to move may do (:meth:`CometDeal.legal_moves`), each sentence with its test."""
        holder, compulsory = options["run_order"] == "holder", options["compulsory_play"]

        def lead(state: CometDeal, legal: list[CometMove]) -> bool:
            return state.need is not None or set(legal) == {
                Play(c) for c in state.hands[state.to_move]
            }

        def run(state: CometDeal, legal: list[CometMove]) -> bool:
            if state.need is None:
                return True
            held = not holder or state.owner[state.need] == state.to_move
            return held and set(legal) == (
                {Play(state.need)} if compulsory else {Play(state.need), Pass()}
            )

        run_duty = (
            t("In a run, the holder of the next card must play it.")
            if compulsory
            else t("In a run, the holder of the next card may play it or pass.")
        )
        return [TurnDuty(t("Lead any card you hold."), lead), TurnDuty(run_duty, run)]

    def check(self, doc: Document) -> Verdict:
        """Validate, replay and settle a Comet record."""
        r = Reader(doc)
        players, options = r.header(self, RECORD.own_keys())
        length = (
            r.integer(("match_length",), minimum=1)
            if r.get(("match_length",)) is not None
            else None
        )
        deals_value = r.sequence(("deals",))
        r.raise_if_any()
        ledger = Ledger(doc, dict.fromkeys(players, 0))
        for i, (result, dealer) in each_deal(
            r,
            deals_value,
            lambda i: settled(
                Deal.open(r, i, RECORD, ledger.findings, players, also_full=("plays",)),
                ledger,
                players,
                lambda deal, seat: self._play(deal, seat, players, options),
            ),
        ):
            ledger.add(i, result, dealer)
            ledger.over = length is not None and len(ledger.results) >= length
        r.raise_if_any()
        totals, played = ledger.totals, len(ledger.results)
        chips = [f"{p} {signed(v)}" for p, v in totals.items()]
        if length is None:
            termination = tn(
                "No match length was agreed; after {n} deal the chips stand at {chips}.",
                "No match length was agreed; after {n} deals the chips stand at {chips}.",
                played,
                chips=chips,
            )
            return ledger.verdict(self.slug, options, None, termination, "deals_summed")
        if played < length:
            termination = tn(
                "{n} of the {length} agreed deal is played; the match goes on. Chips: {chips}.",
                "{n} of the {length} agreed deals are played; the match goes on. Chips: {chips}.",
                length,
                n=played,
                length=length,
                chips=chips,
            )
            return ledger.verdict(self.slug, options, None, termination, "in_progress")
        # The winner comes from the agreed deals only: a deal recorded after them is scored (and warned
        # about) but changes nothing (G4-A09).
        agreed = ledger.results[length - 1].totals
        best, top = leaders(agreed)
        winner = top[0] if len(top) == 1 else None
        termination = (
            tn(
                "The match of {length} deal is over; {player} has won the most chips ({chips}).",
                "The match of {length} deals is over; {player} has won the most chips ({chips}).",
                length,
                length=length,
                player=winner,
                chips=best,
            )
            if winner
            else tn(
                "The match of {length} deal is over; {players} share the most chips ({chips}).",
                "The match of {length} deals is over; {players} share the most chips ({chips}).",
                length,
                length=length,
                players=top,
                chips=best,
            )
        )
        return ledger.verdict(self.slug, options, winner, termination, "match_over")

    def _play(
        self, deal: Deal, dealer: int, players: list[str], options: dict[str, Any]
    ) -> Played | None:
        """The deal's summary read, or its full play replayed, from the dealer's seat."""
        n = len(players)
        # Seats from the dealer's left: the first lead and the larger hands belong there.
        order = [players[(dealer + 1 + k) % n] for k in range(n)]
        sizes = dict(zip(order, hand_sizes(n), strict=True))
        return (
            self._full(deal, order, sizes, options)
            if deal.full
            else self._summary(deal, players, sizes, options)
        )

    def _summary(
        self,
        deal: Deal,
        players: list[str],
        sizes: dict[str, int],
        options: dict[str, Any],
    ) -> tuple[dict[str, int], list[Message]] | None:
        r = deal.r
        # Possible or exit 2 (under every option; the hands are free): dealer and out name players
        # (record.unknown_name); everybody else keeps at least one card and no more than he was dealt
        # (record.out_holds_cards, record.not_a_number, record.too_many_left), and the player on the
        # dealer's left, who leads the first card, at most one fewer unless he went out
        # (record.too_many_left). The 9♦ is with one of the others, or played (record.bad_nine). No
        # scores_before: the chips start at nothing; a claim is only compared.
        out = r.name(deal.at("out"), players)
        left_path = deal.at("left")
        left_map = r.mapping(left_path)
        nine_value = r.get(deal.at("nine_of_diamonds"))
        if out is None or left_map is None:
            return None
        others = [p for p in players if p != out]
        given = {str(k): v for k, v in left_map.items()}
        if out in given:
            if given[out] != 0:
                r.fail(
                    left_path + (out,),
                    t("{player} went out, so he holds no cards.", player=out),
                    "record.out_holds_cards",
                    "out",
                )
                return None
            left_map = {k: v for k, v in left_map.items() if str(k) != out}
        if not r.names_match(left_path, left_map, others):
            return None
        left: dict[str, int] = {}
        for key, value in left_map.items():
            name = str(key)
            count = r.integer(left_path + (key,), minimum=1, value=value)
            if count is None:
                continue
            if count > sizes[name]:
                r.fail(
                    left_path + (key,),
                    tn(
                        "{player} was dealt {size} card, so cannot hold {n}.",
                        "{player} was dealt {size} cards, so cannot hold {n}.",
                        sizes[name],
                        player=name,
                        size=sizes[name],
                        n=count,
                    ),
                    "record.too_many_left",
                    "deal",
                )
                continue
            if count == sizes[name] and name == next(
                iter(sizes)
            ):  # the dealer's left leads the first card
                r.fail(
                    left_path + (key,),
                    t(
                        "{player} led the first card of the deal, so holds at most {most} of the "
                        "{size} cards dealt to him.",
                        player=name,
                        most=count - 1,
                        size=count,
                    ),
                    "record.too_many_left",
                    "deal",
                )
                continue
            left[name] = count
        if len(left) != len(others):
            return None
        nine_path = deal.at("nine_of_diamonds")
        nine: str | None = None
        if nine_value is None or str(nine_value).strip().lower() not in PLAYED_WORDS:
            nine = str(nine_value) if nine_value is not None and str(nine_value) in others else None
            if nine is None:
                r.fail(
                    nine_path,
                    t(
                        "nine_of_diamonds names the player who still holds the 9♦ (not the player "
                        "who went out), or says played."
                    ),
                    "record.bad_nine",
                    "nine_of_diamonds",
                )
                return None
        steps = [
            t(
                "{player} went out; cards left: {left}.",
                player=out,
                left=[f"{p} {v}" for p, v in left.items()],
            )
        ]
        scores, payments = settle(out, left, nine, options["nine_of_diamonds"])
        return scores, steps + payments

    def _full(
        self,
        deal: Deal,
        order: list[str],
        sizes: dict[str, int],
        options: dict[str, Any],
    ) -> tuple[dict[str, int] | None, list[Message]] | None:
        """The deal replayed play by play: its chips, or None for them where it broke off at an illegal play,
        and its steps; None if the record cannot be true."""
        r = deal.r
        hands = read_hands(r, deal.at("hands"), order, sizes, DECK)
        plays_path = deal.at("plays")
        value = r.get(plays_path)
        moves: list[CometMove] | None = None
        if value is None or not isinstance(value, (str, list)) or not value:
            r.fail(plays_path, t("plays must list the cards in the order played."), "record.shape")
        else:
            try:
                moves = read_tokens(value, r.notation)
            except NotationError as err:
                r.add(err, plays_path)
        if hands is None or moves is None:
            return None
        state = CometDeal(
            order,
            hands,
            options["run_order"],
            options["compulsory_play"],
            options["ace"],
            options["nine_of_diamonds"],
        )

        # plays[k] names the play even in a one-line string; the line is then the field's.
        replayed = replay_moves(state, moves, lambda k: deal.where("plays", k))
        steps = [
            tn(
                "The first lead is {player}'s, on the dealer's left; {n} play checked one by one.",
                "The first lead is {player}'s, on the dealer's left; {n} plays checked one by one.",
                len(state.moves),
                player=order[0],
                n=len(state.moves),
            )
        ]
        steps += runs(state)
        if replayed.finding is not None:
            deal.findings.append(replayed.finding)
            steps.append(
                t(
                    "Play {k} breaks a rule, so the deal cannot be settled; no chips change hands.",
                    k=(replayed.index or 0) + 1,
                )
            )
            return None, steps
        outcome = state.outcome()
        if outcome is None:
            r.fail(
                plays_path,
                t(
                    "The plays end before anyone has gone out; {player} is still to play.",
                    player=state.player,
                ),
                "record.deal_unfinished",
                "out",
            )
            return None
        out = outcome.winners[0]
        nine = next((p for s, p in enumerate(order) if NINE_OF_DIAMONDS in state.hands[s]), None)
        left = {p: k for p, k in state.left().items() if p != out}
        if nine is not None:
            steps.append(t("{player} still holds the 9♦.", player=nine))
        scores, payments = settle(out, left, nine, options["nine_of_diamonds"])
        return scores, steps + payments


GAME = Comet()
