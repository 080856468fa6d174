"""A deal of Réunion: the pack, the card points and the units a deal scores, and
:class:`ReunionDeals`, which reads a record's deal (the turned jack, the dealer's discard, the
points taken or every trick) into its scores (:mod:`referee.games.reunion` checks the whole game
with it).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from referee.cards import SUITS, Card, Rank, Suit, deck
from referee.engines.bowers import bowers, is_bower, left_bower_captures
from referee.engines.deals import (
    Deal,
    parsed,
    read_suit,
    take_widow,
    trump_from,
    whole_pack,
    with_params,
)
from referee.engines.dealt_hands import read_hands
from referee.engines.game import DealResult
from referee.engines.ledger import Ledger, pay
from referee.engines.points_taken import PointPack, Taken, pack_cards, read_taken, taken_possible
from referee.engines.reader import Reader
from referee.engines.trick_rules import TrickRules
from referee.messages import Message, signed, t, tn
from referee.notation import parse_card
from referee.records.source import Path

PLAYERS = 3
HAND_SIZE = 10


WIDOW = 2  # the cards left over after the deal; the dealer takes them
DISCARD = 2  # and lays this many away
TRICKS = HAND_SIZE


DECK: tuple[Card, ...] = tuple(deck(low=Rank.SEVEN))
PLAIN_ORDER: tuple[Rank, ...] = (
    Rank.SEVEN,
    Rank.EIGHT,
    Rank.NINE,
    Rank.JACK,
    Rank.QUEEN,
    Rank.KING,
    Rank.TEN,
    Rank.ACE,
)
# Without the jacks: both trump jacks rank above the ace (the engine's bowers), the other two stay in their suits.
TRUMP_ORDER: tuple[Rank, ...] = (
    Rank.SEVEN,
    Rank.EIGHT,
    Rank.NINE,
    Rank.QUEEN,
    Rank.KING,
    Rank.TEN,
    Rank.ACE,
)
RULES = TrickRules(PLAIN_ORDER, TRUMP_ORDER, must_trump=True, bowers=True)

TRUMP_JACK_POINTS = 12
CARD_POINTS: dict[Rank, int] = {
    Rank.ACE: 11,
    Rank.TEN: 10,
    Rank.KING: 4,
    Rank.QUEEN: 3,
    Rank.JACK: 2,
}
LAST_TRICK = 10
PENALTY = 15  # paid by a player who takes no trick to each other player
FORBIDDEN_DISCARD = (Rank.ACE,)  # besides both trump jacks


TRICKLESS_UNITS = 1
LEFT_JACK_UNITS = 1


def card_points(card: Card, trump: Suit) -> int:
    """What a card counts for the player who takes it."""
    if is_bower(card, trump):
        return TRUMP_JACK_POINTS
    return CARD_POINTS.get(card.rank, 0)


# Every card's points with each trump suit: a deal's count looks each card up once.
_POINTS: dict[Suit, dict[Card, int]] = {
    trump: {c: card_points(c, trump) for c in deck(jokers=1)} for trump in SUITS
}


def points_of(cards: Iterable[Card], trump: Suit) -> int:
    """The card points of several cards."""
    return sum(map(_POINTS[trump].__getitem__, cards))


DECK_POINTS = points_of(DECK, Suit.CLUBS)


NOT_IN_PACK = t("{cards} are not in this pack, which has the cards from 7 to ace.")
POINT_PACK = PointPack(DECK, card_points, DECK_POINTS, TRICKS, PLAYERS, NOT_IN_PACK)
"""The pack as a summary's ``taken`` needs it (:mod:`referee.engines.points_taken`)."""


def discard_faults(discard: Iterable[Card], trump: Suit) -> list[Card]:
    """The cards the dealer may not lay away: aces and both trump jacks.

    >>> from referee.notation import parse_cards
    >>> [str(c) for c in discard_faults(parse_cards("10S AH JC KD"), Suit.SPADES)]
    ['A♥', 'J♣']
    """
    return [c for c in discard if c.rank in FORBIDDEN_DISCARD or is_bower(c, trump)]


@dataclass
class DealScore:
    """One deal's score in parts, so that the invariants can be seen (and tested)."""

    before: dict[str, int]
    """Card points in tricks, the last trick and the discard: 150, less a forfeited discard."""
    penalties: dict[str, int]
    """The points for taking no trick (settlement ``points``); they add up to nothing."""
    units: dict[str, int]
    """Unit payments of the deal (settlement ``original_units``); they add up to nothing."""
    steps: list[Message] = field(default_factory=list)

    @property
    def scores(self) -> dict[str, int]:
        """The deal's scores: the points with the penalties."""
        return {p: self.before[p] + self.penalties[p] for p in self.before}


def score_deal(
    points: dict[str, int],
    took: dict[str, bool],
    last: str,
    dealer: str,
    discard: Sequence[Card],
    trump: Suit = Suit.CLUBS,
    settlement: str = "points",
    left_jack: Sequence[tuple[int, str, str]] | None = (),
    counted: dict[str, list[Card]] | None = None,
) -> DealScore:
    """Score one deal from what a scoresheet knows.

    ``points``: card points taken in tricks per player (in seating order); ``took``: whether each
    took a trick; ``last``: who took the last trick; ``discard``: the dealer's two cards;
    ``left_jack``: (trick, loser, taker) when the right jack took the left jack (None: not known,
    as in a summary); ``counted``: the counting cards a summary listed, for the explanation.

    Two players without a trick each pay each other player, so the third gains twice:

    >>> took = {"Anna": True, "Boris": False, "Vera": False}
    >>> discard = [Card(Rank.TEN, Suit.HEARTS), Card(Rank.SEVEN, Suit.HEARTS)]
    >>> score_deal({"Anna": 130, "Boris": 0, "Vera": 0}, took, "Anna", "Anna", discard).scores
    {'Anna': 180, 'Boris': -15, 'Vera': -15}
    """
    players = list(points)
    discard_value = points_of(discard, trump)
    steps: list[Message] = []
    before = dict(points)
    for p in players:
        if counted is not None and counted.get(p):
            steps.append(
                tn(
                    "{player} took {cards}: {points} card point.",
                    "{player} took {cards}: {points} card points.",
                    points[p],
                    player=p,
                    cards=counted[p],
                    points=points[p],
                )
            )
        else:
            steps.append(
                tn(
                    "{player}: {points} card point in tricks.",
                    "{player}: {points} card points in tricks.",
                    points[p],
                    player=p,
                    points=points[p],
                )
            )
    before[last] += LAST_TRICK
    steps.append(t("Last trick: {player}, +{bonus}.", player=last, bonus=LAST_TRICK))
    if took[dealer]:
        before[dealer] += discard_value
        steps.append(
            t(
                "The discard ({cards}) is worth {points}; it counts for the dealer, {player}.",
                cards=list(discard),
                points=discard_value,
                player=dealer,
            )
        )
    else:
        steps.append(
            t(
                "The discard ({cards}) is worth {points}, but the dealer, {player}, took no trick, so it "
                "counts for nobody.",
                cards=list(discard),
                points=discard_value,
                player=dealer,
            )
        )
    shown = [f"{p} {before[p]}" for p in players]
    if settlement == "original_units":  # no penalty points: these are the deal's scores
        steps.append(
            t(
                "Points of the deal: {scores}; together {sum}.",
                scores=shown,
                sum=sum(before.values()),
            )
        )
    else:
        steps.append(
            t("Before penalties: {scores}; together {sum}.", scores=shown, sum=sum(before.values()))
        )
    penalties = dict.fromkeys(players, 0)
    units = dict.fromkeys(players, 0)
    trickless = [p for p in players if not took[p]]
    for p in trickless:
        others = [q for q in players if q != p]
        if settlement == "original_units":
            pay(units, p, others, TRICKLESS_UNITS)
            steps.append(
                tn(
                    "{player} took no trick and pays {n} unit to each other player.",
                    "{player} took no trick and pays {n} units to each other player.",
                    TRICKLESS_UNITS,
                    player=p,
                )
            )
        else:
            pay(penalties, p, others, PENALTY)
            steps.append(
                tn(
                    "{player} took no trick and pays {penalty} point to each other player.",
                    "{player} took no trick and pays {penalty} points to each other player.",
                    PENALTY,
                    player=p,
                    penalty=PENALTY,
                )
            )
    if settlement == "original_units":
        steps.extend(_left_jack_steps(units, left_jack))
        if any(units.values()):
            steps.append(
                t(
                    "Units of this deal: {units}.",
                    units=[f"{p} {signed(units[p])}" for p in players],
                )
            )
    return DealScore(before, penalties, units, steps)


def _left_jack_steps(
    units: dict[str, int], left_jack: Sequence[tuple[int, str, str]] | None
) -> list[Message]:
    if left_jack is None:
        return [
            t(
                "A summary does not show whether the right jack took the left jack, so that payment is not "
                "settled here."
            )
        ]
    steps = []
    for trick, loser, taker in left_jack:
        pay(units, loser, [taker], LEFT_JACK_UNITS)
        steps.append(
            tn(
                "Trick {trick}: the right jack of {taker} takes the left jack of {player}, who pays {taker} "
                "{n} unit.",
                "Trick {trick}: the right jack of {taker} takes the left jack of {player}, who "
                "pays {taker} {n} units.",
                LEFT_JACK_UNITS,
                trick=trick,
                taker=taker,
                player=loser,
            )
        )
    return steps


@dataclass
class DealFacts:
    """What decides a deal's score, read from a summary or replayed from a full play."""

    trump: Suit
    turned: Card | None
    discard: list[Card]
    points: dict[str, int]
    took: dict[str, bool]
    last: str
    left_jack: list[tuple[int, str, str]] | None
    counted: dict[str, list[Card]] | None
    steps: list[Message]


def trump_step(trump: Suit, turned: Card | None) -> Message:
    """The first step of a deal's explanation: trumps and the two trump jacks."""
    right, left = bowers(trump)
    if turned is None:
        return t(
            "Trumps: {suit}. The right jack is {right}, the left jack {left}.",
            suit=trump,
            right=right,
            left=left,
        )
    return t(
        "The turned card, {card}, makes {suit} trumps. The right jack is {right}, the left jack {left}.",
        card=turned,
        suit=trump,
        right=right,
        left=left,
    )


DECK_SET = frozenset(DECK)
TURNED_MISMATCH = t("The turned card is {card}, so trumps are {suit}, not {given}.")
WIDOW_MISMATCH = t(
    "The hands and the widow must be the {n} cards from 7 to ace, each once (missing: {missing}; not in "
    "this pack: {foreign}; twice: {doubled})."
)
"""The problem of hands and a widow that are not the pack (made once: most deals have none)."""


class ReunionDeals:
    """The reading of a deal, which :class:`~referee.games.reunion.Reunion` inherits."""

    def _deal(
        self,
        deal: Deal | None,
        ledger: Ledger,
        players: list[str],
        settlement: str,
    ) -> tuple[DealResult, DealScore, int] | None:
        if deal is None:
            return None
        r = deal.r
        dealer_name = r.name(deal.at("dealer"), players)
        trump_given = read_suit(r, deal.at("trump"), required=False)
        claim = deal.claim(players)
        if deal.full:
            facts = (
                None
                if dealer_name is None
                else self._full_play(deal, players, dealer_name, trump_given)
            )
        else:
            facts = self._summary(r, deal.path, players, trump_given, dealer_name)
        if facts is None or dealer_name is None:
            return None
        dealer = players.index(dealer_name)
        ledger.check_dealer(deal, players, dealer)
        faults = discard_faults(facts.discard, facts.trump)
        if faults:
            deal.warn(
                "discard.forbidden_card",
                ("discard",),
                t(
                    "{player} discards {cards}, but the discard may hold "
                    "no ace and neither trump jack.",
                    player=dealer_name,
                    cards=faults,
                ),
                "error",
            )
        score = score_deal(
            facts.points,
            facts.took,
            facts.last,
            dealer_name,
            facts.discard,
            facts.trump,
            settlement,
            facts.left_jack,
            facts.counted,
        )
        steps = [trump_step(facts.trump, facts.turned), *facts.steps, *score.steps]
        return deal.result(score.scores, steps, claim), score, dealer

    def _discard(self, r: Reader, path: Path) -> list[Card] | None:
        discard = pack_cards(r, path + ("discard",), DECK_SET, NOT_IN_PACK)
        if discard is not None and len(discard) != DISCARD:
            r.fail(
                path + ("discard",),
                t("The dealer discards {n} cards, not {count}.", n=DISCARD, count=len(discard)),
                "record.discard_size",
                "discard",
            )
            return None
        return discard

    def _summary(
        self,
        r: Reader,
        path: Path,
        players: list[str],
        trump_given: Suit | None,
        dealer: str | None,
    ) -> DealFacts | None:
        # Possible or exit 2: each player deals once (record.dealer_twice); trumps are any suit, a turned
        # card a card of the pack in it (record.not_in_pack, record.trump_mismatch); the discard is two
        # cards of the pack (record.discard_size; an ace or a trump jack in it is a finding). Tricks are
        # 0 to 10, or only whether any, and make 10 (record.tricks_sum); nobody without a trick has points
        # or the last trick (record.points_without_tricks, record.last_trick_without_tricks); points and
        # discard make 140 (record.points_sum), shared out of the counting cards outside the discard, at
        # most three a trick; a turned jack not discarded wins a trick of the dealer's, 12 points or more
        # (record.points_impossible).
        trump, turned = self._summary_trump(r, path, trump_given)
        discard = self._discard(r, path)
        last = r.name(path + ("last_trick",), players)
        taken = read_taken(r, path + ("taken",), players, trump, discard or [], POINT_PACK)
        if trump is None or discard is None or last is None or taken is None:
            return None
        points, took, counted = taken.points, taken.took, taken.counted
        ok = True
        if not took[last]:
            r.fail(
                path + ("last_trick",),
                t("{player} took no trick, so cannot have taken the last trick.", player=last),
                "record.last_trick_without_tricks",
                "last_trick",
            )
            ok = False
        total = sum(points.values()) + points_of(discard, trump)
        if total != DECK_POINTS:
            r.fail(
                path + ("taken",),
                t(
                    "The card points taken ({taken}) and the discard ({discard}) must add up to "
                    "{total}, not {sum}.",
                    taken=sum(points.values()),
                    discard=points_of(discard, trump),
                    total=DECK_POINTS,
                    sum=total,
                ),
                "record.points_sum",
                "points",
            )
            ok = False
        if turned is not None and dealer is not None:
            ok = self._turned_jack(r, path + ("taken",), dealer, turned, discard, taken) and ok
        jack = (
            {dealer: turned}
            if turned is not None and dealer is not None and turned.rank is Rank.JACK
            else None
        )
        if not ok or not taken_possible(
            r, path + ("taken",), players, trump, discard, taken, POINT_PACK, jack
        ):
            return None
        return DealFacts(
            trump,
            turned,
            discard,
            points,
            took,
            last,
            None,
            counted if any(counted.values()) else None,
            [],
        )

    @staticmethod
    def _turned_jack(
        r: Reader, path: Path, dealer: str, turned: Card, discard: list[Card], taken: Taken
    ) -> bool:
        """A turned jack is the right jack, and the dealer takes it up with the widow; unless he lays it
        away (a broken rule, reported as such) he must play it, and nothing beats it. So he takes its
        trick and its card points, and nobody else takes it (G2-A15)."""
        if turned.rank is not Rank.JACK or turned in discard:
            return True
        ok = True
        for player, cards in taken.listed.items():
            if player != dealer and cards and turned in cards:
                r.fail(
                    path + (taken.keys[player], "cards"),
                    t(
                        "The turned card, {card}, went into the dealer's hand; it is the right "
                        "jack, so it won the trick "
                        "{dealer} played it to, and {player} cannot have taken it.",
                        card=turned,
                        dealer=dealer,
                        player=player,
                    ),
                    "record.points_impossible",
                    "points",
                )
                ok = False
        held = taken.listed[dealer]
        left_out = held is not None and turned not in held
        if left_out or not taken.took[dealer] or taken.points[dealer] < TRUMP_JACK_POINTS:
            r.fail(
                path + (taken.keys[dealer],),
                t(
                    "The turned card, {card}, went into the dealer's hand; it is the right "
                    "jack, so when {player} played "
                    "it, it won its trick: he took at least one trick, and {card} ({points} card points) with it.",
                    card=turned,
                    player=dealer,
                    points=TRUMP_JACK_POINTS,
                ),
                "record.points_impossible",
                "points",
            )
            ok = False
        return ok

    def _summary_trump(
        self, r: Reader, path: Path, trump_given: Suit | None
    ) -> tuple[Suit | None, Card | None]:
        """Trumps from ``trump`` or the ``turned`` card (which must agree); (None, None) if neither is usable."""
        turned_path = path + ("turned",)
        if r.get(turned_path) is None:
            if trump_given is None and r.get(path + ("trump",)) is None:
                r.fail(
                    path + ("trump",), t("A deal must name the trump suit."), "record.missing_field"
                )
            return trump_given, None
        turned = parsed(r, turned_path, parse_card)
        if turned is None:
            return None, None
        if turned not in DECK_SET:
            r.fail(
                turned_path, with_params(NOT_IN_PACK, cards=[turned]), "record.not_in_pack", "deal"
            )
            return None, None
        trump = trump_from(r, path + ("trump",), turned, trump_given, TURNED_MISMATCH)
        return (trump, turned) if trump is not None else (None, None)

    def _full_play(
        self,
        deal: Deal,
        players: list[str],
        dealer_name: str,
        trump_given: Suit | None,
    ) -> DealFacts | None:
        r = deal.r
        hands = read_hands(r, deal.at("hands"), players, HAND_SIZE)
        widow = pack_cards(r, deal.at("widow"), DECK_SET, NOT_IN_PACK)
        discard = self._discard(r, deal.path)
        if hands is None or widow is None or discard is None:
            return None
        if len(widow) != WIDOW:
            r.fail(
                deal.at("widow"),
                t(
                    "The widow is the {n} cards left over after the deal, the turned card first, "
                    "not {count}.",
                    n=WIDOW,
                    count=len(widow),
                ),
                "record.widow_size",
                "deal",
            )
            return None
        if not whole_pack(
            r,
            deal.at("widow"),
            [c for h in hands for c in h] + widow,
            DECK,
            WIDOW_MISMATCH,
        ):
            return None
        dealer = players.index(dealer_name)
        turned = widow[0]
        trump = trump_from(r, deal.at("trump"), turned, trump_given, TURNED_MISMATCH)
        if trump is None:
            return None
        play_hands, not_held = take_widow(hands, dealer, widow, discard)
        if not_held:
            r.fail(
                deal.at("discard"),
                t(
                    "{player} discards from his hand and the widow, and {cards} are in neither.",
                    player=dealer_name,
                    cards=not_held,
                ),
                "record.discard_not_held",
                "discard",
            )
            return None
        steps: list[Message] = []
        replay = deal.replay(RULES, play_hands, players, (dealer + 1) % PLAYERS, trump, steps)
        if replay is None:
            return None
        # one pass over the seats, not a comprehension (a frame) for each fact: this runs on every full play
        worth = _POINTS[trump].__getitem__
        points: dict[str, int] = {}
        took: dict[str, bool] = {}
        shown: list[str] = []
        for name, cards in zip(players, replay.won_cards(PLAYERS), strict=False):
            won = len(cards) // PLAYERS  # every trick of a full play has a card from each
            points[name] = sum(map(worth, cards))
            took[name] = won > 0
            shown.append(f"{name} {won}")
        steps.append(t("Tricks: {tricks}.", tricks=shown))
        left_jack = left_bower_captures(replay.tricks, play_hands, trump, players)
        last = players[replay.tricks[-1].winner]
        return DealFacts(trump, turned, discard, points, took, last, left_jack, None, steps)


# -- what only this game uses (moved out of referee.engines.deals, which every check of a deal loads) --


def deals_once(r: Reader, dealt: dict[int, int], i: int, dealer: int, players: list[str]) -> None:
    """A game of one deal by each player: the ``i``-th deal (from 0), dealt by seat ``dealer``, is noted if that
    player already dealt one (``dealt``: each seat's first deal, from 1, kept here), as the deals are then not
    one game.

    >>> from referee.records.source import load_text
    >>> r, dealt = Reader(load_text("{}")), {}
    >>> deals_once(r, dealt, 0, 1, ["Anna", "Boris"]); deals_once(r, dealt, 1, 1, ["Anna", "Boris"])
    >>> dealt, [str(e.message) for e in r.errors]  # doctest: +NORMALIZE_WHITESPACE
    ({1: 1}, ['Boris already dealt deal 1; a game is one deal by each player, so nobody deals twice.'])
    """
    if dealer in dealt:
        r.fail(
            ("deals", i, "dealer"),
            t(
                "{player} already dealt deal {deal}; a game is one deal by each player, so "
                "nobody deals twice.",
                player=players[dealer],
                deal=dealt[dealer],
            ),
            "record.dealer_twice",
            "game",
        )
    dealt.setdefault(dealer, i + 1)
