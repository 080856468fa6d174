"""A deal of Trump Seven: the pack, the widow and the card points, what a deal scores, and
:class:`TrumpSevenDeals`, which reads a record's deal (the declarer's discards, the card points
taken or every trick) into its scores (:mod:`referee.games.trump_seven` checks the whole game
with it). Who declares, from the auction, is :mod:`referee.games.deals.trump_seven_auction`.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from itertools import chain
from typing import Any

from referee import possible
from referee.cards import SUITS, Card, Rank, Suit, cards_twice, deck
from referee.engines.auction import VoidAuction, read_auction
from referee.engines.deals import (
    Deal,
    parsed,
    read_suit,
    take_widow,
    whole_pack,
)
from referee.engines.dealt_hands import read_hands
from referee.engines.game import DealResult
from referee.engines.ledger import Ledger
from referee.engines.reader import Reader
from referee.engines.trick_rules import TrickRules
from referee.errors import NotationError
from referee.games.deals.trump_seven_auction import (
    auction_declarer,
    nothing_played,
    read_thrown_in,
    thrown_in_step,
)
from referee.messages import Message, t, tn
from referee.notation import card_tuple, cards_cache, parse_cards
from referee.records.source import Path

PLAYERS = 3
HAND_SIZE = 9
WIDOW_SIZE = 2
DISCARDS = 2
TOTAL_POINTS = 100
TO_MAKE = 60
DECK: tuple[Card, ...] = tuple(c for c in deck(low=Rank.SEVEN, jokers=1) if c.rank is not Rank.ACE)
PLAIN_ORDER: tuple[Rank, ...] = (
    Rank.SEVEN,
    Rank.EIGHT,
    Rank.NINE,
    Rank.KING,
    Rank.TEN,
    Rank.JACK,
    Rank.QUEEN,
)
TRUMP_ORDER: tuple[Rank, ...] = (*PLAIN_ORDER, Rank.JOKER)
RULES = TrickRules(PLAIN_ORDER, TRUMP_ORDER)
SEVEN_OF_TRUMPS = 20
RANK_POINTS: dict[Rank, int] = {
    Rank.TEN: 10,
    Rank.JOKER: 4,
    Rank.KING: 4,
    Rank.QUEEN: 3,
    Rank.JACK: 2,
}
DECLARER, DEFENDERS = "declarer", "defenders"
SIDES = (DECLARER, DEFENDERS)


WIDOW_MISMATCH = t(
    "The hands and the widow must be the {n} cards of the pack, each once (missing: {missing}; not in "
    "this pack: {foreign}; twice: {doubled})."
)
"""The problem of hands and a widow that are not the pack (made once: most deals have none)."""
CLAIM_SHAPE = t(
    "claim gives the card points of the declarer, of the defenders, or of both, for example declarer: 64."
)


def _points(card: Card, trump: Suit | None) -> int:
    if card.rank is Rank.SEVEN and card.suit is trump:
        return SEVEN_OF_TRUMPS
    return RANK_POINTS.get(card.rank, 0)


_POINTS: dict[Suit | None, dict[Card, int]] = {
    s: {c: _points(c, s) for c in DECK} for s in (*SUITS, None)
}


_ITEMS: dict[Suit | None, dict[Card, Message]] = {
    s: {c: t("{card} {points}", card=c, points=p) for c, p in table.items()}
    for s, table in _POINTS.items()
}
"""Every card with its card points as an item of a count's step, by trumps: made once, as a message is
never changed (a count lists a dozen of them, and a check makes one count a deal)."""


def points_table(trump: Suit | None) -> dict[Card, int]:
    """Every card of the pack and its card points when ``trump`` is trumps (one look-up per card in a replay)."""
    return _POINTS[trump]


def card_points(card: Card, trump: Suit | None) -> int:
    """The card points of ``card`` when ``trump`` is trumps: the seven of trumps 20, a ten 10, and so on."""
    return _POINTS[trump].get(card, 0)


def side_points(
    in_tricks: tuple[int, int], discards: int, discards_count_for: str
) -> tuple[int, int]:
    """(declarer, defenders) card points: the points in each side's tricks, the discards added to one side."""
    declarer, defenders = in_tricks
    if discards_count_for == DECLARER:
        return declarer + discards, defenders
    return declarer, defenders + discards


def deal_scores(players: Sequence[str], declarer: str, declarer_points: int) -> dict[str, int]:
    """Who won the deal: 1 for the declarer if he has 60 or more, else 1 for each defender."""
    made = declarer_points >= TO_MAKE
    return {p: int(made) if p == declarer else int(not made) for p in players}


def reachable(points: int, cards: Iterable[Card], trump: Suit | None) -> bool:
    """Whether some set of ``cards`` is worth exactly ``points`` (a scoresheet's count must be possible).

    >>> reachable(1, DECK, Suit.HEARTS), reachable(99, DECK, Suit.HEARTS), reachable(98, DECK, Suit.HEARTS)
    (False, False, True)
    """
    return possible.reachable(points, (card_points(c, trump) for c in cards))


@dataclass
class Taken:
    """What one side took in tricks: its card points, and the counting cards if the record lists them."""

    points: int
    cards: list[Card] | None = None


@dataclass
class Played:
    """The facts of a played deal that the scoring needs, from a summary or from the full play."""

    declarer: str
    trump: Suit
    discards: list[Card]
    taken: dict[str, Taken]  # by side; a side the record leaves out is derived from the other
    recorded: bool = True  # a scoresheet's count (a summary), not the referee's own replay


DECK_SET = frozenset(DECK)


def _taken_step(side: str, declarer: str, taken: Taken, trump: Suit) -> Message:
    """One side's count: card by card when the cards are known, else the number the scoresheet gives."""
    if taken.cards is None:
        if side == DECLARER:
            return tn(
                "{player}'s tricks hold {points} card point (as recorded).",
                "{player}'s tricks hold {points} card points (as recorded).",
                taken.points,
                player=declarer,
                points=taken.points,
            )
        return tn(
            "The defenders' tricks hold {points} card point (as recorded).",
            "The defenders' tricks hold {points} card points (as recorded).",
            taken.points,
            points=taken.points,
        )
    items = list(map(_ITEMS[trump].__getitem__, taken.cards)) or t("no counting card")
    if side == DECLARER:
        return tn(
            "{player}'s tricks hold {points} card point: {items}.",
            "{player}'s tricks hold {points} card points: {items}.",
            taken.points,
            player=declarer,
            points=taken.points,
            items=items,
        )
    return tn(
        "The defenders' tricks hold {points} card point: {items}.",
        "The defenders' tricks hold {points} card points: {items}.",
        taken.points,
        points=taken.points,
        items=items,
    )


def _declarer_step(declarer: str, trump: Suit, defenders: list[str]) -> Message:
    return t(
        "{player} is the declarer and names {suit} trumps; {players} defend.",
        player=declarer,
        suit=trump,
        players=defenders,
    )


class TrumpSevenDeals:
    """The reading of a deal, which :class:`~referee.games.trump_seven.TrumpSeven` inherits."""

    def _deal(
        self,
        deal: Deal | None,
        ledger: Ledger,
        players: list[str],
        options: dict[str, Any],
    ) -> tuple[DealResult, int, bool] | None:
        """The deal's result, its dealer's seat, and whether it was thrown in (the same player deals again)."""
        if deal is None:
            return None
        r = deal.r
        dealer_name = r.name(deal.at("dealer"), players)
        claim = some_scores(r, deal.at("claim"), SIDES, CLAIM_SHAPE, "claim")
        steps: list[Message] = []
        if deal.full:
            played = self._full_play(deal, players, dealer_name, options, steps)
        else:
            played = self._summary(deal, players)
        if dealer_name is None or played is None:
            return None
        dealer = players.index(dealer_name)
        ledger.check_dealer(deal, players, dealer)
        if isinstance(played, VoidAuction):
            steps.append(played.step(dealer_name))
            against: dict[str, int] | None = (
                {} if claim is not None else None
            )  # nothing was scored to agree with
            return (
                deal.result(dict.fromkeys(players, 0), steps, claim, claim_against=against),
                dealer,
                True,
            )
        if played is False:  # thrown in
            if claim is not None:
                r.fail(
                    deal.at("claim"),
                    t("A thrown-in deal has no {field}; leave it out.", field="claim"),
                    "record.thrown_in_field",
                    "auction",
                )
                return None
            steps.append(thrown_in_step(dealer_name))
            return deal.result(dict.fromkeys(players, 0), steps), dealer, True
        points = self._score(players, played, options, steps)
        scores = deal_scores(players, played.declarer, points[DECLARER])
        against = {k: points[k] for k in claim} if claim is not None else None
        return deal.result(scores, steps, claim, claim_against=against), dealer, False

    @staticmethod
    def _cards(r: Reader, path: Path) -> list[Card] | None:
        """A list of cards of this pack, none twice."""
        value = r.get(path)
        if value is None or isinstance(value, (bool, int, dict)):
            r.fail(path, t("{field} must be a list of cards.", field=path[-1]), "record.shape")
            return None
        # a text read before (nearly every widow and discard) is looked up here, not through three calls
        known = type(value) is str and cards_cache(r.notation).get(value)
        cards = list(known) if known else parsed(r, path, parse_cards, value)
        if cards is None:
            return None
        ok = True
        for card in cards:
            if card not in DECK_SET:
                r.fail(
                    path,
                    t(
                        "{card} is not in the pack of this game (7 to king in four suits, and the Joker).",
                        card=card,
                    ),
                    "record.not_in_pack",
                    "deal",
                )
                ok = False
        if len(set(cards)) != len(cards):  # counted only when some card is there twice
            for card in cards_twice(cards):
                r.fail(path, t("{card} is listed twice.", card=card), "record.card_twice", "deal")
                ok = False
        return cards if ok else None

    def _discards(self, r: Reader, path: Path) -> list[Card] | None:
        cards = self._cards(r, path)
        if cards is not None and len(cards) != DISCARDS:
            r.fail(
                path,
                tn(
                    "The declarer lays away {n} card, but discards lists {count}.",
                    "The declarer lays away {n} cards, but discards lists {count}.",
                    DISCARDS,
                    n=DISCARDS,
                    count=len(cards),
                ),
                "record.discard_count",
                "discards",
            )
            return None
        return cards

    def _summary(self, deal: Deal, players: list[str]) -> Played | bool | None:
        """A scoresheet's deal: the declarer, trumps, discards and what was taken; or ``thrown_in: true``.

        Returns False for a thrown-in deal, None if the record cannot be used.
        """
        r, path = deal.r, deal.path
        thrown = read_thrown_in(r, path)
        if thrown is None:
            return None
        if thrown:
            return (
                False if nothing_played(deal, ("declarer", "trump", "discards", "taken")) else None
            )
        declarer = r.name(path + ("declarer",), players)
        trump = read_suit(r, path + ("trump",))
        discards = self._discards(r, path + ("discards",))
        if trump is None or discards is None:
            return None
        taken = self._taken(deal, trump, discards)
        if declarer is None or taken is None:
            return None
        return Played(declarer, trump, discards, taken)

    def _taken(self, deal: Deal, trump: Suit, discards: list[Card]) -> dict[str, Taken] | None:
        """``taken``: for the declarer, the defenders or both, card points or the counting cards in their tricks."""
        r, path = deal.r, deal.at("taken")
        value = r.get(path)
        if not isinstance(value, dict) or not value:
            r.fail(
                path,
                t(
                    "taken gives what the declarer's or the defenders' tricks held, or both: a number of card "
                    "points, or a list of the counting cards."
                ),
                "record.shape",
                "taken",
            )
            return None
        r.known_keys(path, set(SIDES))
        outside = [c for c in DECK if c not in discards]  # the cards that can be in tricks
        available = sum(card_points(c, trump) for c in outside)
        taken: dict[str, Taken] = {}
        owner: dict[Card, str] = {}
        ok = True
        for side in SIDES:
            if side not in value:
                continue
            p = path + (side,)
            got = value[side]
            if isinstance(got, int) and not isinstance(got, bool):
                ok = self._taken_points(r, p, got, available, outside, trump) and ok
                taken[side] = Taken(got)
                continue
            cards = [] if got == [] else self._cards(r, p)
            if cards is None:
                ok = False
                continue
            for card in cards:
                if card in discards:
                    r.fail(
                        p,
                        t("{card} was discarded, so it cannot be in a trick.", card=card),
                        "record.discard_in_tricks",
                        "discards",
                    )
                    ok = False
                elif card in owner:
                    r.fail(
                        p,
                        t("{card} is listed for both the declarer and the defenders.", card=card),
                        "record.card_twice",
                        "taken",
                    )
                    ok = False
                elif not card_points(card, trump):
                    deal.warn(
                        "deal.not_a_counting_card",
                        ("taken", side),
                        t(
                            "{card} carries no card points in this deal; it adds nothing.",
                            card=card,
                        ),
                    )
                owner[card] = side
            taken[side] = Taken(sum(card_points(c, trump) for c in cards), cards)
        if not taken:
            return None  # only unknown keys: known_keys said so
        if not ok or len(taken) < len(SIDES) or sum(x.points for x in taken.values()) == available:
            return taken if ok else None
        both_lists = all(x.cards is not None for x in taken.values())
        missing = (
            [c for c in outside if card_points(c, trump) and c not in owner] if both_lists else []
        )
        for card in missing:
            r.fail(
                path,
                t(
                    "{card} ({points}) is in neither side's list, and it was not discarded.",
                    card=card,
                    points=card_points(card, trump),
                ),
                "record.card_missing",
                "taken",
            )
        if not missing:
            r.fail(
                path,
                tn(
                    "Together the two sides' tricks must hold {available} card point (the pack's {total} "
                    "less {discards} in the discards), not {given}.",
                    "Together the two sides' tricks must hold {available} card points (the pack's {total} "
                    "less {discards} in the discards), not {given}.",
                    available,
                    available=available,
                    total=TOTAL_POINTS,
                    discards=TOTAL_POINTS - available,
                    given=sum(x.points for x in taken.values()),
                ),
                "record.points_sum",
                "taken",
            )
        return None

    @staticmethod
    def _taken_points(
        r: Reader, path: Path, points: int, available: int, outside: list[Card], trump: Suit
    ) -> bool:
        """A side's card points from a scoresheet must be possible with the cards outside the discards."""
        if points < 0 or points > available:
            r.fail(
                path,
                tn(
                    "{field} is {points}, but the cards outside the discards hold {available} card point.",
                    "{field} is {points}, but the cards outside the discards hold {available} card points.",
                    available,
                    field=path[-1],
                    points=points,
                    available=available,
                ),
                "record.points_range",
                "taken",
            )
            return False
        if not reachable(points, outside, trump):
            r.fail(
                path,
                tn(
                    "No set of cards outside the discards is worth exactly {points} card point.",
                    "No set of cards outside the discards is worth exactly {points} card points.",
                    points,
                    points=points,
                ),
                "record.points_impossible",
                "taken",
            )
            return False
        return True

    def _full_play(
        self,
        deal: Deal,
        players: list[str],
        dealer_name: str | None,
        options: dict[str, Any],
        steps: list[Message],
    ) -> Played | VoidAuction | bool | None:
        """Every card: hands, widow, auction, trumps, discards and tricks. False if the deal was thrown in."""
        r, path = deal.r, deal.path
        hands = read_hands(r, path + ("hands",), players, HAND_SIZE)
        widow = self._cards(r, path + ("widow",))
        if widow is not None and len(widow) != WIDOW_SIZE:
            r.fail(
                path + ("widow",),
                t("The widow is {n} cards, not {count}.", n=WIDOW_SIZE, count=len(widow)),
                "record.widow_size",
                "deal",
            )
            widow = None
        auction = read_auction(deal, players)
        if hands is None or widow is None or auction is None or dealer_name is None:
            return None
        if not whole_pack(
            r,
            path + ("widow",),
            [c for h in hands for c in h] + widow,
            DECK,
            WIDOW_MISMATCH,
        ):
            return None
        declarer = auction_declarer(r, path, auction, steps)
        if not isinstance(declarer, str):
            return declarer  # void, thrown in, or a problem noted
        trump = read_suit(r, path + ("trump",))
        discards = self._discards(r, path + ("discards",))
        if trump is None or discards is None:
            return None
        seat = players.index(declarer)
        steps.append(_declarer_step(declarer, trump, [p for p in players if p != declarer]))
        play_hands, not_held = take_widow(hands, seat, widow, discards)
        for card in not_held:
            r.fail(
                path + ("discards",),
                t(
                    "{card} is not among {player}'s cards after taking the widow.",
                    card=card,
                    player=declarer,
                ),
                "record.discard_not_held",
                "discards",
            )
        if not_held or not discards_in_tricks(r, path + ("tricks",), discards):
            return None
        dealer = players.index(dealer_name)
        leader = seat if options["first_lead"] == DECLARER else (dealer + 1) % PLAYERS
        eldest = None if options["first_lead"] == DECLARER else "play.eldest_lead"
        replay = deal.replay(RULES, play_hands, players, leader, trump, steps, eldest)
        if replay is None:
            return None
        # the table holds every card of the pack (0 for most), so its look-up is the filter: C loops, no
        # comprehension frames, on every full play
        worth = points_table(trump).__getitem__
        # won_cards gives new lists: taking the declarer's out leaves the defenders', in seat order
        by_seat = replay.won_cards(PLAYERS)
        mine = list(filter(worth, by_seat.pop(seat)))
        theirs = list(filter(worth, chain.from_iterable(by_seat)))
        taken = {
            DECLARER: Taken(sum(map(worth, mine)), mine),
            DEFENDERS: Taken(sum(map(worth, theirs)), theirs),
        }
        return Played(declarer, trump, discards, taken, recorded=False)

    @staticmethod
    def _score(
        players: list[str], played: Played, options: dict[str, Any], steps: list[Message]
    ) -> dict[str, int]:
        """Both sides' card points, with the steps that show the count item by item."""
        declarer, trump = played.declarer, played.trump
        defenders = [p for p in players if p != declarer]
        if played.recorded:  # a full play says this between the auction and the tricks
            steps.insert(0, _declarer_step(declarer, trump, defenders))
        # the discards are cards of the pack (read so), and the table holds every one: no call per card
        discard_points = sum(map(points_table(trump).__getitem__, played.discards))
        available = TOTAL_POINTS - discard_points
        taken = played.taken
        for side in SIDES:
            if side in taken:
                steps.append(_taken_step(side, declarer, taken[side], trump))
        for side, other in (SIDES, tuple(reversed(SIDES))):
            if side not in taken:
                points = available - taken[other].points
                taken[side] = Taken(points)
                msg = (
                    t(
                        "{player}'s tricks hold the rest: {total} − {discards} in the discards − {other} = {points}.",
                        player=declarer,
                        total=TOTAL_POINTS,
                        discards=discard_points,
                        other=taken[other].points,
                        points=points,
                    )
                    if side == DECLARER
                    else t(
                        "The defenders' tricks hold the rest: {total} − {discards} in the discards − {other} = "
                        "{points}.",
                        total=TOTAL_POINTS,
                        discards=discard_points,
                        other=taken[other].points,
                        points=points,
                    )
                )
                steps.append(msg)
        items = list(map(_ITEMS[trump].__getitem__, played.discards))
        if options["discards_count_for"] == DECLARER:
            steps.append(
                t(
                    "The discards ({items}) are worth {points} and count for {player} "
                    "(discards_count_for: declarer).",
                    items=items,
                    points=discard_points,
                    player=declarer,
                )
            )
        else:
            steps.append(
                t(
                    "The discards ({items}) are worth {points} and count for the defenders "
                    "(discards_count_for: defenders).",
                    items=items,
                    points=discard_points,
                )
            )
        mine, theirs = side_points(
            (taken[DECLARER].points, taken[DEFENDERS].points),
            discard_points,
            options["discards_count_for"],
        )
        steps.append(
            t(
                "Card points: {player} {points}, the defenders {other}; {total} in all.",
                player=declarer,
                points=mine,
                other=theirs,
                total=TOTAL_POINTS,
            )
        )
        if mine >= TO_MAKE:
            steps.append(
                t(
                    "{player} has {points}, at least {target}: the game is made, and {player} wins the deal.",
                    player=declarer,
                    points=mine,
                    target=TO_MAKE,
                )
            )
        else:
            steps.append(
                t(
                    "{player} has {points}, fewer than {target}: the game fails, and {players} win the deal.",
                    player=declarer,
                    points=mine,
                    target=TO_MAKE,
                    players=defenders,
                )
            )
        return {DECLARER: mine, DEFENDERS: theirs}


# -- what only this game uses (moved out of referee.engines.deals, which every check of a deal loads) --


def some_scores(
    r: Reader, path: Path, keys: Sequence[str], shape: Message, rule: str
) -> dict[str, int] | None:
    """Whole numbers for some of ``keys`` at ``path`` (at least one; a claim per side that may name one
    side only); None if the field is left out or cannot be used (the problem noted: ``shape`` words a
    value that is not such a mapping, ``rule`` is its rule).

    >>> from referee.records.source import load_text
    >>> r = Reader(load_text("claim: {declarer: 64, jury: 1}\\n"))
    >>> some_scores(r, ("claim",), ("declarer", "defenders"), t("a mapping"), "claim"), [e.code for e in r.errors]
    (None, ['record.unknown_field'])
    >>> some_scores(Reader(load_text("claim: {defenders: 36}\\n")), ("claim",), ("declarer", "defenders"), t(""), "")
    {'defenders': 36}
    """
    value = r.get(path)
    if value is None:
        return None
    if not isinstance(value, dict) or not value:
        r.fail(path, shape, "record.shape", rule)
        return None
    out: dict[str, int] = {}
    for key, number in value.items():
        if key not in keys:
            r.unknown_field(path, key, list(keys))
            continue
        got = r.integer(path + (key,), minimum=None, value=number)
        if got is not None:
            out[key] = got
    return out if len(out) == len(value) else None


def discards_in_tricks(r: Reader, path: Path, discards: Sequence[Card]) -> bool:
    """Whether no card laid away after taking the widow is among the tricks at ``path``; else each one is
    noted. A discard lies face down until the count, so a replay would call it a card dealt to nobody;
    a trick that cannot be read is left to the replay.

    >>> from referee.records.source import load_text
    >>> from referee.notation import parse_cards
    >>> r = Reader(load_text("tricks: [AS KS QS, 7H 8H 9H]\\n"))
    >>> discards_in_tricks(r, ("tricks",), parse_cards("KS 10D")), [(e.code, str(e.message)) for e in r.errors]
    (False, [('record.discard_in_tricks', 'K♠ was discarded, so it cannot be in a trick.')])
    """
    tricks = r.get(path)
    if not isinstance(tricks, list):
        return True  # the replay says what is wrong with the tricks
    ok = True
    laid_away = set(discards)
    read = cards_cache(r.notation).get  # a trick's text read before is looked up without a call
    for k, raw in enumerate(tricks):
        try:  # only looked at: the cached tuple, not a copy
            cards = (type(raw) is str and read(raw)) or card_tuple(raw, r.notation)
        except (NotationError, TypeError):
            continue
        if laid_away.isdisjoint(cards):  # nearly every trick: nothing to note
            continue
        for card in cards:
            if card in laid_away:
                r.fail(
                    path + (k,),
                    t("{card} was discarded, so it cannot be in a trick.", card=card),
                    "record.discard_in_tricks",
                    "discards",
                )
                ok = False
    return ok
