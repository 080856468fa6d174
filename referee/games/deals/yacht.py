"""A deal of Yacht: the pack, the threes taken out of it, the bids and what they score, and
:class:`YachtDeals`, which reads a record's deal (trumps, the bids, the tricks each player took
or every trick) into its scores (:mod:`referee.games.yacht` checks the whole game with it).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from operator import attrgetter
from typing import Any, NamedTuple, TypeVar

from referee.cards import SUITS, Card, Rank, Suit, deck
from referee.engines.deals import (
    Deal,
    parsed,
    read_suit,
    trumps_dealt,
    whole_pack,
    with_params,
)
from referee.engines.dealt_hands import read_hands
from referee.engines.game import DealResult
from referee.engines.ledger import Ledger
from referee.engines.reader import Reader
from referee.engines.replay import counts_of
from referee.engines.trick_counts import trick_counts
from referee.messages import Message, t, tn
from referee.notation import parse_card, parse_cards
from referee.records.field_types import Choice, chosen
from referee.records.source import Path

DECK: tuple[Card, ...] = tuple(deck())
HAND_SIZES: dict[int, int] = {3: 17, 4: 13, 5: 10}
"""Cards per player, which is also the number of tricks in a deal."""
REMOVED_COUNT: dict[int, int] = {3: 1, 4: 0, 5: 2}
"""How many non-trump 3s leave the pack, so that it divides evenly (51 = 3 × 17, 50 = 5 × 10)."""
REMOVAL_ORDER: tuple[Suit, ...] = SUITS  # ♣ ♦ ♥ ♠: this edition's default choice of the 3s that go
BEST = 100  # points for ending exactly on the goal
ORDINARY, THIRTEEN_UNDER, LUCKY = "ordinary", "thirteen-under", "lucky-thirteen-under"
BID_EXAMPLE = "{start: 0, goal: -5}"
DISTANCE_STEP = 10  # the options' defaults, which the scoring functions take too
THIRTEEN_UNDER_POINTS = 200
LUCKY_MULTIPLIER = 2
SPECIAL_BIDS = Choice(
    (THIRTEEN_UNDER, LUCKY),
    ignore_case=True,
    loose_separators=True,
    labels={THIRTEEN_UNDER: t("Thirteen Under"), LUCKY: t("Lucky Thirteen Under")},
)
"""The special bids, however the table spells them (case, ``_`` or spaces)."""


class Bid(NamedTuple):
    """One player's bid: an ordinary bid (a start and a goal number), or one of the two special bids.

    A named tuple, not a frozen dataclass: a check makes one per player and deal, and a frozen
    dataclass sets each field through ``object.__setattr__``.
    """

    kind: str
    start: int = 0
    goal: int = 0


def final_number(start: int, taken: int, total: int) -> int:
    """Where a player ends: one step up per trick taken, one step down per trick not taken.

    >>> final_number(0, 0, 13), final_number(10, 17, 17), final_number(-2, 5, 10)
    (-13, 27, -2)
    """
    return start + taken - (total - taken)


def ordinary_points(
    start: int,
    goal: int,
    taken: int,
    total: int,
    step: int = DISTANCE_STEP,
) -> tuple[int, int, int]:
    """(final number, distance from the goal, points) of an ordinary bid; points never fall below 0.

    >>> ordinary_points(0, 20, 0, 13)                # −13 is 33 steps from 20: nothing
    (-13, 33, 0)
    >>> ordinary_points(5, 4, 6, 10, step=5)         # 5 + 6 − 4 = 7, three steps: 100 − 15
    (7, 3, 85)
    """
    final = final_number(start, taken, total)
    distance = abs(final - goal)
    return final, distance, max(0, BEST - step * distance)


def under_points(
    taken: int,
    lucky: bool,
    points: int = THIRTEEN_UNDER_POINTS,
    multiplier: int = LUCKY_MULTIPLIER,
) -> int:
    """Thirteen Under wins ``points`` with no trick taken and loses them otherwise; Lucky multiplies both."""
    stake = points * multiplier if lucky else points
    return stake if taken == 0 else -stake


def goal_can_be_hit(start: int, goal: int, total: int) -> bool:
    """Whether some trick count ends exactly on the goal as far as parity goes.

    Each trick moves the number one step, so the final number always has the parity of
    ``start - total``; a goal of the other parity is always an odd distance away.

    >>> goal_can_be_hit(3, 1, 13), goal_can_be_hit(0, -5, 13), goal_can_be_hit(0, 0, 10)
    (False, True, True)
    """
    return (start - total - goal) % 2 == 0


def best_possible(start: int, goal: int, total: int, step: int) -> tuple[int, int]:
    """(smallest distance from the goal any trick count gives, the points it is worth).

    >>> best_possible(0, 20, 13, 10), best_possible(0, 40, 13, 10)
    ((7, 30), (27, 0))
    """
    low, high = (
        final_number(start, 0, total),
        final_number(start, total, total),
    )  # every second number between
    distance = low - goal if goal <= low else goal - high if goal >= high else (goal - low) % 2
    return distance, max(0, BEST - step * distance)


def default_removed(trump: Suit, players: int) -> list[Card]:
    """This edition's choice of the 3s that leave the pack: the first non-trump suits in the order ♣ ♦ ♥ ♠.

    >>> [str(c) for c in default_removed(Suit.CLUBS, 5)], [str(c) for c in default_removed(Suit.HEARTS, 3)]
    (['3♦', '3♥'], ['3♣'])
    >>> default_removed(Suit.SPADES, 4)
    []
    """
    suits = [s for s in REMOVAL_ORDER if s is not trump][: REMOVED_COUNT[players]]
    return [Card(Rank.THREE, s) for s in suits]


def first_lead_card(trump: Suit) -> Card:
    """The card whose holder leads to the first trick: the 2♣, or the 2♦ when clubs are trumps.

    >>> str(first_lead_card(Suit.SPADES)), str(first_lead_card(Suit.CLUBS))
    ('2♣', '2♦')
    """
    return Card(Rank.TWO, Suit.DIAMONDS if trump is Suit.CLUBS else Suit.CLUBS)


def score_bid(
    player: str, bid: Bid, taken: int, total: int, options: dict[str, Any]
) -> tuple[int, Message]:
    """One player's points in a deal and the step that explains them."""
    if bid.kind == ORDINARY:
        step = options["distance_step"]
        final, distance, points = ordinary_points(bid.start, bid.goal, taken, total, step)
        params = dict(
            player=player,
            start=bid.start,
            goal=bid.goal,
            taken=taken,
            total=total,
            lost=total - taken,
            final=final,
            distance=distance,
            best=BEST,
            step=step,
            points=points,
        )
        if BEST - step * distance < 0:
            return points, t(
                "{player}: start {start}, goal {goal}; tricks {taken} of {total}: final number "
                "{start} + {taken} − {lost} = {final}; distance {distance}: {best} − {step} × "
                "{distance} is below 0, so 0.",
                **params,
            )
        return points, t(
            "{player}: start {start}, goal {goal}; tricks {taken} of {total}: final number {start} + "
            "{taken} − {lost} = {final}; distance {distance}: {best} − {step} × {distance} = {points}.",
            **params,
        )
    base, multiplier = options["thirteen_under_points"], options["lucky_multiplier"]
    points = under_points(taken, bid.kind == LUCKY, base, multiplier)
    if bid.kind == THIRTEEN_UNDER:
        if taken == 0:
            return points, t(
                "{player}: Thirteen Under, no trick taken: +{points}.", player=player, points=points
            )
        return points, tn(
            "{player}: Thirteen Under, but {n} trick taken: −{points}.",
            "{player}: Thirteen Under, but {n} tricks taken: −{points}.",
            taken,
            player=player,
            points=-points,
        )
    if taken == 0:
        return points, t(
            "{player}: Lucky Thirteen Under, no trick taken: {base} × {multiplier} = +{points}.",
            player=player,
            base=base,
            multiplier=multiplier,
            points=points,
        )
    return points, tn(
        "{player}: Lucky Thirteen Under, but {n} trick taken: −{base} × {multiplier} = −{points}.",
        "{player}: Lucky Thirteen Under, but {n} tricks taken: −{base} × {multiplier} = −{points}.",
        taken,
        player=player,
        base=base,
        multiplier=multiplier,
        points=-points,
    )


def bid_warnings(player: str, bid: Bid, total: int, step: int) -> list[tuple[str, Message]]:
    """Warnings about an ordinary bid that can never score fully, or at all (codes and messages).

    >>> [code for code, _ in bid_warnings("Gleb", Bid(ORDINARY, 3, 1), 13, 10)]
    ['bid.parity']
    >>> [code for code, _ in bid_warnings("Anna", Bid(ORDINARY, 0, 41), 13, 10)]
    ['bid.out_of_reach']
    """
    if bid.kind != ORDINARY:
        return []
    out: list[tuple[str, Message]] = []
    if not goal_can_be_hit(bid.start, bid.goal, total):
        out.append(
            (
                "bid.parity",
                tn(
                    "{player} can never end exactly on the goal {goal}: from the start {start}, each of the {n} trick "
                    "moves the number one step, so it always ends an odd number of steps from the goal.",
                    "{player} can never end exactly on the goal {goal}: from the start {start}, each of the {n} tricks "
                    "moves the number one step, so it always ends an odd number of steps from the goal.",
                    total,
                    player=player,
                    goal=bid.goal,
                    start=bid.start,
                ),
            )
        )
    distance, points = best_possible(bid.start, bid.goal, total, step)
    if points == 0:
        out.append(
            (
                "bid.out_of_reach",
                t(
                    "{player} cannot score with this bid: the final number always ends at "
                    "least {distance} steps from the "
                    "goal {goal}, which is worth 0 points.",
                    player=player,
                    distance=distance,
                    goal=bid.goal,
                ),
            )
        )
    return out


BID_KEYS = frozenset({"start", "goal"})
"""The fields of an ordinary bid."""
DRAWN_MISMATCH = t("The card drawn, {card}, fixes the trump suit, so trumps cannot be {suit}.")
"""The problem of a card drawn of another suit than trumps (made once: most deals have none)."""
DECK_MISMATCH = t(
    "The hands and the removed cards must make up the pack of {n} cards, each once (missing: {missing}; "
    "not in this pack: {foreign}; twice: {doubled})."
)


class YachtDeals:
    """The reading of a deal, which :class:`~referee.games.yacht.Yacht` inherits."""

    def _deal(
        self,
        deal: Deal | None,
        ledger: Ledger,
        players: list[str],
        options: dict[str, Any],
    ) -> tuple[DealResult, int] | None:
        if deal is None:
            return None
        r = deal.r
        n = len(players)
        total = HAND_SIZES[n]
        # Read every part before giving up on any, so that every problem is reported at once.
        dealer_name = r.name(deal.at("dealer"), players)
        trump = self._trump(r, deal.path)
        bids = each_entry(r, deal.at("bids"), players, self._bid)
        claim = deal.claim(players)
        given_removed = self._removed_field(r, deal.at("removed"), trump, n)
        steps: list[Message] = []
        if deal.full:
            tricks = self._full_play(deal, players, trump, given_removed, options, steps)
        else:
            tricks = trick_counts(r, deal.at("tricks"), players, total)
        if (
            dealer_name is None
            or trump is None
            or bids is None
            or tricks is None
            or given_removed is False
        ):
            return None
        dealer = players.index(dealer_name)
        ledger.check_dealer(deal, players, dealer)
        steps.insert(0, trumps_dealt(trump, total))
        if not deal.full and REMOVED_COUNT[n]:
            removed = given_removed if given_removed is not None else default_removed(trump, n)
            self._removal_note(deal, trump, n, removed, given_removed is not None, steps)
        scores: dict[str, int] = {}
        for p in players:
            bid, bid_path = bids[p]
            points, step = score_bid(p, bid, tricks[p], total, options)
            scores[p] = points
            steps.append(step)
            for code, message in bid_warnings(p, bid, total, options["distance_step"]):
                deal.warn(code, bid_path[len(deal.path) :], message)
        return deal.result(scores, steps, claim), dealer

    def _trump(self, r: Reader, path: Path) -> Suit | None:
        """The trump suit; if the card drawn is given too, its suit must be the trump suit."""
        trump = read_suit(r, path + ("trump",))
        if trump is None or not card_of_suit(
            r,
            path + ("trump_card",),
            trump,
            DRAWN_MISMATCH,
        ):
            return None
        return trump

    def _bid(self, r: Reader, path: Path, raw: Any) -> Bid | None:
        if isinstance(raw, dict):
            # read from the entry in hand: the reader would find it again from the record's top
            known = BID_KEYS.issuperset(raw)
            if not known:
                r.known_keys(path, BID_KEYS)
            start = r.integer(path + ("start",), minimum=None, value=raw.get("start"))
            goal = r.integer(path + ("goal",), minimum=None, value=raw.get("goal"))
            if start is None or goal is None or not known:
                return None
            return Bid(ORDINARY, start, goal)
        kind = chosen(SPECIAL_BIDS, raw)
        if kind is not None:
            return Bid(kind)
        r.fail(
            path,
            t(
                "A bid is a start and a goal number ({example}), thirteen-under or lucky-thirteen-under, "
                "not {value!r}.",
                example=BID_EXAMPLE,
                value=str(raw),
            ),
            "record.bad_bid",
            "bidding",
        )
        return None

    def _removed_field(
        self, r: Reader, path: Path, trump: Suit | None, n: int
    ) -> list[Card] | bool | None:
        """The ``removed`` cards if given and possible; None if not given; False if given but impossible."""
        if r.get(path) is None:
            return None
        cards = parsed(r, path, parse_cards)
        if cards is None:
            return False
        if trump is None:
            return False  # the trump suit is needed to judge the cards, and its problem is already reported
        return cards if self._check_removed(r, path, cards, trump, n, derived=False) else False

    def _check_removed(
        self, r: Reader, path: Path, cards: list[Card], trump: Suit, n: int, derived: bool
    ) -> bool:
        """Whether ``cards`` can be the cards removed before the deal: the right number of non-trump 3s."""
        ok = True
        seen: set[Card] = set()
        for card in cards:
            if card in seen:
                r.fail(
                    path, t("{card} is removed twice.", card=card), "record.removed_twice", "deal"
                )
                ok = False
            seen.add(card)
            if card.rank is not Rank.THREE or card.suit is None or card.suit is trump:
                message = (
                    t(
                        "{card} is in no hand, but only a 3 of a suit other than trumps ({suit}) can be left "
                        "out of the deal.",
                        card=card,
                        suit=trump,
                    )
                    if derived
                    else t(
                        "{card} cannot be removed: only a 3 of a suit other than trumps ({suit}) is removed.",
                        card=card,
                        suit=trump,
                    )
                )
                r.fail(path, message, "record.bad_removed", "deal")
                ok = False
        wanted = REMOVED_COUNT[n]
        if len(cards) != wanted:
            r.fail(
                path,
                tn(
                    "With {players} players, {n} card is removed before the deal, not {count}.",
                    "With {players} players, {n} cards are removed before the deal, not {count}.",
                    wanted,
                    players=n,
                    count=len(cards),
                ),
                "record.removed_count",
                "deal",
            )
            ok = False
        return ok

    def _removal_note(
        self,
        deal: Deal,
        trump: Suit,
        n: int,
        removed: list[Card],
        recorded: bool,
        steps: list[Message],
        derived: bool = False,
    ) -> None:
        """Say which cards were removed, and warn if they are not this edition's default choice."""
        default = default_removed(trump, n)
        if derived:
            steps.append(
                t(
                    "Missing from the hands, and so removed before the deal: {cards}.",
                    cards=sorted(removed),
                )
            )
        elif recorded:
            steps.append(t("Removed before the deal: {cards}.", cards=sorted(removed)))
        else:
            steps.append(
                t(
                    "The record does not say which cards were removed, so this edition's choice is assumed: "
                    "{cards}.",
                    cards=default,
                )
            )
        if set(removed) != set(default):
            deal.warn(
                "deal.removed_not_default",
                ("hands",) if derived else ("removed",),
                t(
                    "This edition removes {default}, but this deal removed {cards}. The table may have agreed on that; "
                    "the deal is scored as recorded.",
                    default=default,
                    cards=sorted(removed),
                ),
            )

    def _full_play(
        self,
        deal: Deal,
        players: list[str],
        trump: Suit | None,
        given_removed: list[Card] | bool | None,
        options: dict[str, Any],
        steps: list[Message],
    ) -> dict[str, int] | None:
        r = deal.r
        n = len(players)
        hands = read_hands(r, deal.at("hands"), players, HAND_SIZES[n])
        if hands is None or trump is None or given_removed is False:
            return None
        dealt = [c for h in hands for c in h]
        if given_removed is None:  # the hands show what is missing
            removed = rest_of_pack(r, deal.at("hands"), dealt, DECK, DECK_MISMATCH)
            if removed is None or not self._check_removed(
                r, deal.at("hands"), removed, trump, n, derived=True
            ):
                return None
        else:
            removed = list(given_removed)
            if not whole_pack(r, deal.at("removed"), dealt + removed, DECK, DECK_MISMATCH):
                return None
        if REMOVED_COUNT[n]:
            self._removal_note(deal, trump, n, removed, True, steps, derived=given_removed is None)
        first = first_lead_card(trump)
        # sets: a card missed in a list is compared slowly (Card defines __lt__ in Python)
        leader = next(seat for seat, hand in enumerate(hands) if first in set(hand))
        steps.append(
            t(
                "{player} holds {card} and leads to the first trick.",
                player=players[leader],
                card=first,
            )
        )
        replay = deal.replay(self.trick_rules(options), hands, players, leader, trump, steps)
        if replay is None:
            return None
        won = replay.tricks_won(n)
        steps.append(t("Tricks: {tricks}.", tricks=counts_of(players, won)))
        return dict(zip(players, won, strict=True))


# -- what only this game uses (moved out of referee.engines.deals, which every check of a deal loads) --

T = TypeVar("T")


def each_entry(
    r: Reader,
    path: Path,
    names: list[str],
    read: Callable[[Reader, Path, Any], T | None],
) -> dict[str, tuple[T, Path]] | None:
    """What the mapping at ``path`` gives each of ``names`` (every player's bid, say), each read with
    ``read(r, its path, its value)``, with the path it was read from (for a warning about it).

    None (the problems noted) if a name is missing or unknown or an entry cannot be read; every
    entry is read all the same, so that every problem is reported at once.

    >>> from referee.records.source import load_text
    >>> r = Reader(load_text("bids: {Anna: 3, Boris: x}\\n"))
    >>> each_entry(r, ("bids",), ["Anna", "Boris"], lambda r, p, v: r.integer(p, value=v)), [e.code for e in r.errors]
    (None, ['record.not_a_number'])
    >>> each_entry(r, ("bids",), ["Anna"], lambda r, p, v: v if v == 3 else None) is None
    True
    """
    value = r.mapping(path)
    if value is None:
        return None
    ok = r.names_match(path, value, names)
    out: dict[str, tuple[T, Path]] = {}
    for key, raw in value.items():
        if str(key) not in names:
            continue
        got = read(r, path + (key,), raw)
        if got is None:
            ok = False
        else:
            out[str(key)] = (got, path + (key,))
    return out if ok else None


def card_of_suit(r: Reader, path: Path, suit: Suit, message: Message) -> bool:
    """Whether the card at ``path``, if the record gives one (the card drawn or turned for trumps), is of
    ``suit`` (the trump suit it names); if not, the problem is noted (``message`` words it, and gets
    ``card`` and ``suit``).

    >>> from referee.records.source import load_text
    >>> r = Reader(load_text("drawn: 5H\\n"))
    >>> card_of_suit(r, ("drawn",), Suit.HEARTS, t("{card}")), card_of_suit(r, ("other",), Suit.CLUBS, t("{card}"))
    (True, True)
    >>> card_of_suit(r, ("drawn",), Suit.CLUBS, t("{card} is no {suit}")), str(r.errors[0].message)
    (False, '5♥ is no ♣')
    """
    if r.get(path) is None:
        return True
    card = parsed(r, path, parse_card)
    if card is None:
        return False
    if card.suit is not suit:
        r.fail(path, with_params(message, card=card, suit=suit), "record.trump_mismatch", "trump")
        return False
    return True


_INDEX = attrgetter("index")


def rest_of_pack(
    r: Reader,
    path: Path,
    cards: list[Card],
    pack: Sequence[Card],
    message: Message,
) -> list[Card] | None:
    """The cards of ``pack`` that ``cards`` (the hands) leave out, in order; None if ``cards`` holds one
    that is not in the pack (the problem noted at ``path``: ``message`` words it as for :func:`whole_pack`).

    >>> from referee.records.source import load_text
    >>> from referee.notation import parse_cards
    >>> r = Reader(load_text("{}"))
    >>> [str(c) for c in rest_of_pack(r, ("hands",), parse_cards("AS"), parse_cards("AS KS QS"), t("{foreign}"))]
    ['Q♠', 'K♠']
    >>> rest_of_pack(r, ("hands",), parse_cards("AH"), parse_cards("AS"), t("not in this pack: {foreign}"))
    >>> str(r.errors[0].message)
    'not in this pack: A♥'
    """
    dealt = set(cards)
    foreign = sorted(dealt.difference(pack))
    if foreign:
        r.fail(
            path,
            with_params(message, n=len(pack), missing=[], foreign=foreign, doubled=[]),
            "record.deck_mismatch",
            "deal",
        )
        return None
    # in the cards' order, by their index as Card's own comparison, without a call per comparison
    return sorted(set(pack).difference(dealt), key=_INDEX)


def scores_in_units(r: Reader, totals: dict[str, int], unit: int) -> None:
    """Every running score before the first deal is a multiple of ``unit``, the multiple every deal scores
    under the record's options; each that is not cannot be (possible or exit 2).

    >>> from referee.records.source import load_text
    >>> r = Reader(load_text("scores_before: {Anna: 50, Boris: 45}\\n"))
    >>> scores_in_units(r, {"Anna": 50, "Boris": 45}, 10); [str(e.message) for e in r.errors]
    ['Every deal scores a multiple of 10 with these options, so Boris cannot have 45.']
    """
    for name, v in totals.items():
        if v % unit:
            r.fail(
                ("scores_before", name),
                t(
                    "Every deal scores a multiple of {unit} with these options, so "
                    "{player} cannot have {points}.",
                    unit=unit,
                    player=name,
                    points=v,
                ),
                "record.score_impossible",
                "scoring",
            )
