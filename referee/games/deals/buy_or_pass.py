"""A deal of Buy or Pass: the pack, the stock, the lay-downs and how a deal settles, and
:class:`BuyOrPassDeals`, which reads a record's deal (the tricks each player took, or the hands,
the lay-downs and every lead) into what each player wins or pays
(:mod:`referee.games.buy_or_pass` checks the whole game with it).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from operator import attrgetter
from typing import Any

from referee.cards import SUITS, Card, Rank, Suit, deck
from referee.engines.deals import Deal, parsed
from referee.engines.dealt_hands import read_hands
from referee.engines.game import DealResult, Finding, wrong_turn
from referee.engines.passing import replay_passing
from referee.engines.passing_quick import QuickPlay, quick_passing
from referee.engines.passing_tricks import CARDS, PassingTrickPlay
from referee.engines.reader import Reader
from referee.engines.replay import STOPPED
from referee.engines.trick_rules import ORDER_7_TO_A, TrickRules
from referee.errors import NotationError
from referee.messages import Message, t, tn
from referee.notation import card_tuple, cards_cache, parse_suit
from referee.records.hands import read_held
from referee.records.source import Path

DECK: tuple[Card, ...] = tuple(c for c in deck() if c.rank >= 7)
_DECK_SET = frozenset(DECK)
_INDEX = attrgetter("index")
"""Cards sorted by their index, as Card's own order, without a Python comparison per pair."""
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


ACE_OF_SPADES = Card(Rank.ACE, Suit.SPADES)


RULES: dict[str, TrickRules] = {
    mode: TrickRules(
        ORDER_7_TO_A, master=ACE_OF_SPADES, master_any_time=mode == "any_time", void_passes=True
    )
    for mode in ("any_time", "when_void")
}


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


def lays_down(hand: Sequence[Card]) -> Suit | None:
    """The suit a player dealt this hand must lay down: one of which he holds three or more.

    >>> lays_down([Card(7, Suit.HEARTS), Card(8, Suit.HEARTS), Card(9, Suit.HEARTS), Card(7, Suit.CLUBS)])
    <Suit.HEARTS: 'H'>
    """
    suits = [c.suit for c in hand]
    for suit in SUITS:
        if suits.count(suit) >= 3:
            return suit
    return None


def _draws_after_laying_down(
    hand: list[Card], stock: list[Card], name: str, due: Sequence[Card], taken: Sequence[Card]
) -> Message:
    """The player who laid down ``due`` draws from the top of ``stock`` as many cards as the others took
    (fewer if the stock runs out), into ``hand``; the step that says so."""
    drawn = stock[: len(taken)]
    del stock[: len(taken)]
    hand.extend(drawn)
    return tn(
        "{player} lays down {cards}; the others take {taken}; {player} draws {n} card from the stock.",
        "{player} lays down {cards}; the others take {taken}; {player} draws {n} cards from the stock.",
        len(drawn),
        player=name,
        cards=due,
        taken=taken,
    )


def _tricks_and_dead_cards(
    steps: list[Message], tricks: int, players: list[str], hands: list[list[Card]]
) -> None:
    """The steps after a full play: the tricks checked, then each player's cards left (dead cards)."""
    steps.append(
        tn(
            "{n} trick checked card by card.",
            "{n} tricks checked card by card.",
            tricks,
        )
    )
    for seat, hand in enumerate(hands):
        if hand:
            steps.append(
                t(
                    "Dead cards of {player}: {cards}.",
                    player=players[seat],
                    cards=sorted(hand, key=_INDEX),
                )
            )


def _quick_outcome(
    quick: QuickPlay, players: list[str], steps: list[Message]
) -> tuple[dict[str, list[Suit]], dict[str, int], dict[str, int], str | None, bool]:
    """What :meth:`_full` gives for a play :func:`quick_passing` accepted: no pass while holding the
    suit led, played out."""
    tricks: dict[str, list[Suit]] = {p: [] for p in players}
    for winner, led in quick.tricks:
        tricks[players[winner]].append(SUITS[led])
    left = [[CARDS[k] for k in hand] for hand in quick.left]
    _tricks_and_dead_cards(steps, len(quick.tricks), players, left)
    first_out = None if quick.first_out is None else players[quick.first_out]
    bought = dict(zip(players, quick.bought, strict=True))
    return tricks, bought, dict.fromkeys(players, 0), first_out, False


Outcome = tuple[dict[str, list[Suit]], dict[str, int], dict[str, int], str | None, bool]
"""A full deal's play: the suits of the tricks each player took, the cards each bought, the passes each
made while holding the suit led, the first player out (None: nobody), whether the play stopped early."""
_LAYDOWN_KEYS = frozenset({"player", "taken"})


def _quick_deal(
    deal: object, players: list[str], dealer: int, options: dict[str, Any], notation: str
) -> tuple[Outcome, list[Message]] | None:
    """A full deal read the quick way, when nothing in it is wrong: the outcome and the steps that say it.

    None as soon as anything is out of the ordinary (a hand or the stock written as a list, the cards
    laid down written out, a card twice, a missing lay-down, anything :func:`quick_passing` gives up
    on): :meth:`BuyOrPassDeals._full` then reads the deal field by field, as it reads every deal that
    has something to say. The lay-downs are read as there, with the same steps.
    """
    if type(deal) is not dict:
        return None
    written, stock_text = deal.get("hands"), deal.get("stock")
    if type(written) is not dict or type(stock_text) is not str or written.keys() != set(players):
        return None
    # a text read before (a hand, the stock, the cards taken) is looked up without a call
    read = cards_cache(notation).get
    try:
        hands = [
            read(text) or card_tuple(text, notation)
            for text in map(written.__getitem__, players)
            if type(text) is str
        ]
        stock = list(read(stock_text) or card_tuple(stock_text, notation))
    except NotationError:
        return None
    if len(hands) != PLAYERS or any(len(h) != HAND for h in hands) or len(stock) != STOCK:
        return None
    if set().union(*hands, stock) != _DECK_SET:  # 32 cards: each once
        return None
    given: dict[str, dict[str, Any]] = {}
    laydowns = deal.get("laydowns")
    if laydowns is not None:
        if type(laydowns) is not list:
            return None
        for item in laydowns:
            if type(item) is not dict or not _LAYDOWN_KEYS.issuperset(item):
                return None
            name = item.get("player")
            if type(name) is not str or name not in players or name in given:
                return None
            given[name] = item
    held = [list(h) for h in hands]
    steps: list[Message] = []
    for k in range(1, PLAYERS + 1):
        seat = (dealer + k) % PLAYERS
        name = players[seat]
        suit = lays_down(hands[seat])
        if suit is None:
            if name in given:
                return None
            continue
        item = given.get(name)
        taken_text = None if item is None else item.get("taken")
        if type(taken_text) is not str:
            return None
        try:
            taken = list(read(taken_text) or card_tuple(taken_text, notation))
        except NotationError:
            return None
        due = sorted((c for c in held[seat] if c.suit is suit), key=_INDEX)
        # one card each for the others, clockwise from his left, each a card laid down
        if len(taken) != min(PLAYERS - 1, len(due)) or not set(due).issuperset(taken):
            return None
        if len(set(taken)) != len(taken):
            return None
        for j, card in enumerate(taken, 1):
            held[seat].remove(card)
            held[(seat + j) % PLAYERS].append(card)
        steps.append(_draws_after_laying_down(held[seat], stock, name, due, taken))
    play = quick_passing(
        deal.get("play"),
        held,
        stock,
        (dealer + 1) % PLAYERS,
        RULES[options["ace_of_spades"]],
        options["lead_rule"],
        notation,
    )
    if play is None:
        return None
    return _quick_outcome(play, players, steps), steps


class BuyOrPassDeals:
    """The reading of a deal, which :class:`~referee.games.buy_or_pass.BuyOrPass` inherits."""

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
        deal = Deal.open(r, i, self.record, findings)
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
            got = self._full(deal, players, dealer, options, steps)
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
        owed = {p: sum(map(values.__getitem__, tricks[p])) for p in players if tricks[p]}
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

    def _full(
        self,
        deal: Deal,
        players: list[str],
        dealer: int,
        options: dict[str, Any],
        steps: list[Message],
    ) -> (
        tuple[dict[str, list[Suit]], dict[str, int], dict[str, int], str | None, bool] | str | None
    ):
        r, path = deal.r, deal.path
        quick = _quick_deal(r.get(path), players, dealer, options, r.notation)
        if quick is not None:
            got, said = quick
            steps += said
            return got
        hands = read_hands(r, path + ("hands",), players, HAND)
        stock = self._stock(r, path + ("stock",))
        if hands is None or stock is None:
            return None
        dealt = {c for h in hands for c in h}
        if not dealt.isdisjoint(stock) or dealt.union(stock) != _DECK_SET:
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
        laid = self._laydowns(deal, players, dealer, hands, held, stock, steps)
        if laid is not True:
            return None if laid is False else STOPPED
        rules, leader = RULES[options["ace_of_spades"]], (dealer + 1) % PLAYERS
        # A record that breaks no rule is accepted in one pass over card indexes; anything else (or
        # nothing else) is replayed on the engine, which finds and explains it.
        quick_play = quick_passing(
            r.get(path + ("play",)), held, stock, leader, rules, options["lead_rule"], r.notation
        )
        if quick_play is not None:
            return _quick_outcome(quick_play, players, steps)
        play = PassingTrickPlay(rules, held, leader, None, options["lead_rule"], players)
        replay = replay_passing(
            r, path + ("play",), play, stock, players, deal.number, deal.findings
        )
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
        _tricks_and_dead_cards(steps, len(play.tricks), players, play.hands)
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
        deal: Deal,
        players: list[str],
        dealer: int,
        hands: list[list[Card]],
        held: list[list[Card]],
        stock: list[Card],
        steps: list[Message],
    ) -> bool | str:
        """The lay-downs after the deal, in seat order from the dealer's left; False if impossible,
        :data:`STOPPED` at an incomplete lay-down (a finding, after which the deal is judged no further)."""
        from referee.notation import parse_cards

        r, path, findings = deal.r, deal.path, deal.findings
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
            due = sorted((c for c in held[seat] if c.suit is suit), key=_INDEX)
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
            if sorted(laid, key=_INDEX) != due:
                where = r.doc.where(at, deal=deal.number)
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
            steps.append(_draws_after_laying_down(held[seat], stock, name, due, taken))
        return True
