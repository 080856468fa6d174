"""Replaying the tricks of a full-play record against the rules.

A record lists each trick as its cards in play order; whose card is whose follows from the hands
as dealt, so the record cannot disagree with itself about who played. The replay reports every
broken rule (not following suit, not trumping) as a finding and goes on, the way a tournament
director would. A wrong turn (a lead out of turn, cards not played clockwise, a card from a player
who has left the deal) is a finding too, but the replay judges nothing after it (DECISIONS.md,
round 3): :attr:`Replay.stopped` names the trick, and the later tricks of an uncapped deal only
count as recorded. Facts that cannot be true (a card nobody was dealt, a card played twice, a
trick with more cards than players) make the record unusable.
"""

from __future__ import annotations

import functools
from collections.abc import Iterable, Iterator, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from typing import ClassVar

from referee.cards import Card, Suit
from referee.engines.game import STOPPED_HERE, Finding, wrong_turn
from referee.engines.reader import Reader
from referee.engines.trick_rules import NO_SUIT, Trick, TrickRules
from referee.errors import IllegalPlayError, NotationError, Where
from referee.messages import Message, t, tn
from referee.notation import card_tuple, cards_cache, parse_cards
from referee.records.source import Path
from referee.values import MISSING, Value, attr

new_trick = tuple.__new__
"""A :class:`Trick` made without the Python-level ``__new__`` of a named tuple (a replay makes one per trick)."""

STOPPED = "stopped"
"""What a step of a replay (a lead, a lay-down, a phase) gives when it holds a wrong turn: the replay
stops there, and its caller says :data:`~referee.engines.game.STOPPED_HERE`."""


class Replay(Value):
    """What the tricks of one deal came to."""

    tricks: list[Trick] = attr(factory=list)
    findings: list[Finding] = attr(factory=list)
    steps: list[Message] = attr(factory=list)
    offenders: list[int] = attr(factory=list)
    left: list[tuple[int, int]] = attr(factory=list)
    """With caps: (seat, the number of the trick after which it left the deal), in order."""
    dead: dict[int, list[Card]] = attr(factory=dict)
    """With caps: the cards never played, by seat."""
    stopped: int | None = None
    """The trick (from 1) with the first wrong turn: nothing after it is judged. None: no wrong turn."""

    _won: ClassVar[tuple[int, dict[int, list[Card]]]] = (-1, {})

    def __init__(
        self,
        tricks: list[Trick] = MISSING,
        findings: list[Finding] = MISSING,
        steps: list[Message] = MISSING,
        offenders: list[int] = MISSING,
        left: list[tuple[int, int]] = MISSING,
        dead: dict[int, list[Card]] = MISSING,
        stopped: int | None = None,
    ) -> None:
        # written out (Value's own walks its fields): a check makes one for every deal
        self.tricks = [] if tricks is MISSING else tricks
        self.findings = [] if findings is MISSING else findings
        self.steps = [] if steps is MISSING else steps
        self.offenders = [] if offenders is MISSING else offenders
        self.left = [] if left is MISSING else left
        self.dead = {} if dead is MISSING else dead
        self.stopped = stopped

    """The tricks counted and the cards each seat won in them (:meth:`won_by`), set on an instance."""

    def won_by(self, seat: int) -> list[Card]:
        """The cards in the tricks ``seat`` took (a new list; sorted out once for every seat)."""
        if self._won[0] != len(
            self.tricks
        ):  # games ask once per seat and more: one pass over the tricks
            won: dict[int, list[Card]] = {}
            for tr in self.tricks:
                won.setdefault(tr.winner, []).extend(tr.cards)
            self._won = (len(self.tricks), won)
        return list(self._won[1].get(seat, ()))

    def won_cards(self, players: int) -> list[list[Card]]:
        """By seat, the cards in the tricks it took (new lists), sorted out in one pass over the tricks.

        >>> from referee.notation import parse_cards
        >>> tricks = [Trick(0, tuple(parse_cards("AS KS")), 1), Trick(1, tuple(parse_cards("QH JH")), 1)]
        >>> [[str(c) for c in won] for won in Replay(tricks=tricks).won_cards(2)]
        [[], ['A♠', 'K♠', 'Q♥', 'J♥']]
        """
        won: list[list[Card]] = [[] for _ in range(players)]
        for tr in self.tricks:
            won[tr.winner] += tr.cards
        return won

    def tricks_won(self, players: int) -> list[int]:
        """Tricks per seat."""
        counts = [0] * players
        for tr in self.tricks:
            counts[tr.winner] += 1
        return counts


def counts_of(players: Sequence[str], counts: Iterable[int]) -> list[Message]:
    """Each player with his number (tricks won, a quota), in seat order, for a message that lists them.

    >>> [str(m) for m in counts_of(["Anna", "Boris"], [3, 5])]
    ['Anna 3', 'Boris 5']
    """
    return [t("{player} {n}", player=p, n=k) for p, k in zip(players, counts, strict=True)]


# Set while a page draws a worked example: every replay is handed to it, with the players' names, so
# that its trick pictures say who led and who won without each game passing them on.
_WATCHERS: ContextVar[list[tuple[list[str], Replay]] | None] = ContextVar(
    "replay_watchers", default=None
)


@contextmanager
def watched() -> Iterator[list[tuple[list[str], Replay]]]:
    """Collect the replays made inside the ``with`` block, in order, each with the players' names.

    >>> with watched() as seen:
    ...     pass
    >>> seen
    []
    """
    seen: list[tuple[list[str], Replay]] = []
    token = _WATCHERS.set(seen)
    try:
        yield seen
    finally:
        _WATCHERS.reset(token)


def replay_tricks(
    reader: Reader,
    path: Path,
    rules: TrickRules,
    hands: Sequence[Sequence[Card]],
    names: list[str],
    leader: int,
    trump: Suit | None,
    deal_number: int,
    caps: Sequence[int | None] | None = None,
) -> Replay | None:
    """Check every trick at ``path``; None (with problems noted) if the tricks cannot be true.

    ``caps`` (one per seat, None for no cap): a seat that has taken its cap of tricks leaves the
    deal, as in :class:`~referee.engines.tricks.TrickPlay`; see :func:`replay_capped`.

    Each seat's cards are counted by the suit they play in, so a card off the suit led is a rule
    break only when those counts say so (the seat still held the suit led, or a trump it had to
    play); only then is the full explanation (:meth:`TrickRules.why_illegal`) worked out. Rules
    with other duties (``rules.standard`` false) are asked about every card instead.
    """
    if caps is not None:
        return replay_capped(reader, path, rules, hands, names, leader, trump, deal_number, caps)
    tricks_value = reader.sequence(path)
    if tricks_value is None:
        return None
    n = len(names)
    expected_tricks = len(hands[0])
    if len(tricks_value) != expected_tricks:
        reader.fail(
            path,
            t(
                "A deal has {expected} tricks, but the record lists {n}.",
                expected=expected_tricks,
                n=len(tricks_value),
            ),
            "record.trick_count",
            "play",
        )
        return None
    table = rules.table(trump)
    suit, slot = table.suit, table.slot
    held = [set(h) for h in hands]  # sets: membership and removal in constant time
    owner = {card: seat for seat, hand in enumerate(hands) for card in hand}
    counts = _suit_counts(hands, slot)
    replay = Replay()
    why_illegal, bids = rules.why_illegal, table.bids
    must_trump = rules.must_trump and trump is not None
    trump_slot = table.trump_slot
    explain_all = (
        not rules.standard
    )  # other duties: ask the rules about every card off the suit led
    broken = not rules.trump_breaking
    clockwise = _clockwise(n)
    notation, seat_of = reader.notation, owner.__getitem__
    # a trick's text read before (nearly always: the cache is shared) is looked up without a call
    read = cards_cache(notation).get
    add_trick = replay.tricks.append
    for i, raw in enumerate(tricks_value):
        try:  # the cards and their seats; a card that cannot be read or was dealt to nobody is noted
            cards = (type(raw) is str and read(raw)) or card_tuple(raw, notation)
            seats = list(map(seat_of, cards))
        except (NotationError, KeyError):
            _trick_cards(reader, (*path, i), raw, owner)
            return None
        # One card from each seat clockwise from the first, as nearly every trick is; the shape is
        # only looked into further when it is not.
        in_turn = len(seats) == n and seats == clockwise[seats[0]]
        if not in_turn and (len(cards) != n or len(set(seats)) != n):
            reader.fail(
                (*path, i),
                t(
                    "A trick needs one card from each of the {n} players; this one has {cards}.",
                    n=n,
                    cards=_cards_of(cards, seats, names),
                ),
                "record.trick_shape",
                "play",
            )
            return None
        first = seats[0]
        if replay.stopped is None and (first != leader or not in_turn):
            _wrong_turn(replay, reader, path, i, deal_number, first, leader, names, not in_turn)
            # judge nothing after the wrong turn: no rule is asked about a later card
            explain_all = False
            must_trump, broken = False, True
            why_illegal = _no_rule_judged
        card = cards[0]
        hand = held[first]
        if card not in hand:
            reader.fail(
                (*path, i), t("{card} is played twice.", card=card), "record.card_twice", "play"
            )
            return None
        index = card.index
        led, led_slot = suit[index], slot[index]
        seat_counts = counts[first]
        # A trump led before trumps were broken, by a player who held another suit (or any lead the
        # rules of a game with other duties refuse).
        if explain_all or (not broken and led is trump and len(hand) > seat_counts[trump_slot]):
            _report(
                replay,
                why_illegal(card, hand, None, trump, names[first], broken=broken),
                first,
                reader,
                path,
                i,
                deal_number,
            )
        hand.discard(card)
        seat_counts[led_slot] -= 1
        # The trick's winner is found as the cards are checked: the highest bid for the suit led
        # (TrumpTable.winner, one pass instead of two).
        bid_for = bids[led_slot]
        best, top = 0, bid_for[index]
        for k in range(1, n):
            card = cards[k]
            seat = seats[k]
            hand = held[seat]
            if card not in hand:
                reader.fail(
                    (*path, i), t("{card} is played twice.", card=card), "record.card_twice", "play"
                )
                return None
            index = card.index
            if suit[index] is led and not explain_all:
                # Following suit breaks no rule under the standard duties: the common case, kept short.
                counts[seat][led_slot] -= 1
            else:
                in_suit = suit[index]
                seat_counts = counts[seat]
                # Under the standard duties only a card off the suit led can break a rule, and only if
                # the seat still held the suit led, or a trump it had to play.
                if explain_all or (
                    in_suit is not led
                    and replay.stopped is None
                    and (
                        seat_counts[led_slot]
                        or (must_trump and in_suit is not trump and seat_counts[trump_slot])
                    )
                ):
                    _report(
                        replay,
                        why_illegal(card, hand, led, trump, names[seat]),
                        seat,
                        reader,
                        path,
                        i,
                        deal_number,
                    )
                if (
                    not broken and in_suit is not led
                ):  # a trump played on another suit breaks trumps, even in a revoke
                    broken = rules.breaks_trumps(card, led, trump)  # type: ignore[arg-type]
                seat_counts[slot[index]] -= 1
            hand.discard(card)
            if bid_for[index] > top:
                best, top = k, bid_for[index]
        won = seats[best]
        add_trick(new_trick(Trick, (first, cards, won)))
        leader = won
    watchers = _WATCHERS.get()
    if watchers is not None:
        watchers.append((list(names), replay))
    return replay


def replay_capped(
    reader: Reader,
    path: Path,
    rules: TrickRules,
    hands: Sequence[Sequence[Card]],
    names: list[str],
    leader: int,
    trump: Suit | None,
    deal_number: int,
    caps: Sequence[int | None],
) -> Replay | None:
    """:func:`replay_tricks` when players leave the deal on reaching their cap of tricks.

    A trick needs one card from each seat still in play; a winner who leaves passes the lead to
    the next seat in play clockwise; once fewer than two seats remain the play ends. A card off
    the suit led (every card, under rules with other duties) is checked against
    :meth:`TrickRules.why_illegal`. The record must list exactly the tricks played.
    """
    tricks_value = reader.sequence(path)
    if tricks_value is None:
        return None
    n = len(names)
    held = [set(h) for h in hands]
    owner = {card: seat for seat, hand in enumerate(hands) for card in hand}
    in_play = list(range(n))
    won_count = [0] * n
    replay = Replay()
    table = rules.table(trump)
    suit, slot, standard = table.suit, table.slot, rules.standard

    def after(seat: int) -> int:
        seat = (seat + 1) % n
        while seat not in in_play:
            seat = (seat + 1) % n
        return seat

    def over() -> bool:
        return len(in_play) < 2 or not any(map(held.__getitem__, in_play))

    counts = _suit_counts(hands, slot)  # by seat, the cards still held in each suit in play
    must_trump, trump_slot = rules.must_trump and trump is not None, table.trump_slot
    clockwise = _clockwise(n)
    order_from = clockwise  # the seats in play clockwise from each seat (kept as seats leave)
    bids = table.bids
    notation, seat_of = reader.notation, owner.__getitem__
    # a trick's text read before (nearly always: the cache is shared) is looked up without a call
    read = cards_cache(notation).get
    for i, raw in enumerate(tricks_value):
        try:  # the cards and their seats; a card that cannot be read or was dealt to nobody is noted
            cards = (type(raw) is str and read(raw)) or card_tuple(raw, notation)
            seats = list(map(seat_of, cards))
        except (NotationError, KeyError):
            _trick_cards(reader, (*path, i), raw, owner)
            return None
        # One card from each seat in play, clockwise from the first, as nearly every trick is: then
        # nobody who has left plays and the trick has its shape; otherwise each is looked into.
        in_turn = bool(seats) and seats == order_from[seats[0]]
        gone = (
            None  # while every seat is in play (or the trick goes round them), nobody has left
            if in_turn or len(in_play) == n
            else next((k for k, s in enumerate(seats) if s not in in_play), None)
        )
        if (
            gone is not None
            and len(cards) <= n
            and len(set(seats)) == len(seats)
            and cards[gone] in held[seats[gone]]
        ):
            # A player who has left the deal (quota reached, or the play over) plays: a wrong turn.
            replay.findings.append(
                wrong_turn(
                    _where(reader, path, i, deal_number),
                    t(
                        "{player} has left the deal and cannot play {card}.",
                        player=names[seats[gone]],
                        card=cards[gone],
                    ),
                    "play.left_the_deal",
                )
            )
            replay.offenders.append(seats[gone])
            replay.stopped = i + 1
            replay.findings.append(
                Finding(
                    "play.not_judged", "warning", _where(reader, path, i, deal_number), STOPPED_HERE
                )
            )
            break
        if over():
            reader.fail(
                (*path, i),
                tn(
                    "The play ended after {n} trick, but the record lists {count}.",
                    "The play ended after {n} tricks, but the record lists {count}.",
                    i,
                    count=len(tricks_value),
                ),
                "record.trick_count",
                "play",
            )
            return None
        if not in_turn and (len(cards) != len(in_play) or set(seats) != set(in_play)):
            reader.fail(
                (*path, i),
                t(
                    "This trick needs one card from each player still in the deal ({players}); "
                    "it has {cards}.",
                    players=[names[s] for s in in_play],
                    cards=_cards_of(cards, seats, names),
                ),
                "record.trick_shape",
                "play",
            )
            return None
        first = seats[0]
        if first != leader or not in_turn:
            _wrong_turn(
                replay,
                reader,
                path,
                i,
                deal_number,
                first,
                leader,
                names,
                not in_turn,
                STOPPED_HERE,
            )
            break
        led: Suit | None = None
        led_slot = NO_SUIT
        for card, seat in zip(cards, seats, strict=True):
            if card not in held[seat]:
                reader.fail(
                    (*path, i), t("{card} is played twice.", card=card), "record.card_twice", "play"
                )
                return None
            index = card.index
            in_suit = suit[index]
            seat_counts = counts[seat]
            # Under the standard duties a lead and a card of the suit led are legal (trumps count
            # as broken here): only another card can break a rule, and only if the seat still held
            # the suit led, or a trump it had to play; then the rules explain the refusal.
            if not standard or (
                led is not None
                and in_suit is not led
                and (
                    seat_counts[led_slot]
                    or (must_trump and in_suit is not trump and seat_counts[trump_slot])
                )
            ):
                _report(
                    replay,
                    rules.why_illegal(card, held[seat], led, trump, names[seat]),
                    seat,
                    reader,
                    path,
                    i,
                    deal_number,
                )
            held[seat].discard(card)
            seat_counts[slot[index]] -= 1
            if led is None:
                led, led_slot = in_suit, slot[index]
        # The highest bid for the suit led takes the trick (TrumpTable.winner, without the call).
        bid_for = bids[slot[cards[0].index]]
        powers = [bid_for[card.index] for card in cards]
        won = seats[powers.index(max(powers))]
        replay.tricks.append(new_trick(Trick, (first, cards, won)))
        won_count[won] += 1
        leader = won
        cap = caps[won]
        if cap is not None and won_count[won] >= cap:
            leader = after(won)
            in_play.remove(won)
            replay.left.append((won, i + 1))
            if len(in_play) < 2:
                in_play.clear()
            order_from = [[s for s in clockwise[f] if s in in_play] for f in range(n)]
    if replay.stopped is None and not over():
        reader.fail(
            path,
            tn(
                "The play goes on: the record lists {n} trick, and the players still in the deal hold cards.",
                "The play goes on: the record lists {n} tricks, and the players still in the deal "
                "hold cards.",
                len(tricks_value),
                n=len(tricks_value),
            ),
            "record.trick_count",
            "play",
        )
        return None
    for seat in range(n):
        if held[seat]:
            replay.dead[seat] = [c for c in hands[seat] if c in held[seat]]
    return replay


@functools.cache
def _clockwise(n: int) -> list[list[int]]:
    """The seats of ``n`` players clockwise from each seat (made once per table size; never changed)."""
    return [[(first + k) % n for k in range(n)] for first in range(n)]


def _suit_counts(hands: Sequence[Sequence[Card]], slot: Sequence[int]) -> list[list[int]]:
    """By seat, the cards held in each suit in play (``slot``: a card's suit slot by its index)."""
    counts: list[list[int]] = []
    for hand in hands:
        held_in = [0] * (NO_SUIT + 1)
        for card in hand:
            held_in[slot[card.index]] += 1
        counts.append(held_in)
    return counts


def _cards_of(cards: Sequence[Card], seats: Sequence[int], names: Sequence[str]) -> list[Message]:
    """A trick's cards, each with the name of the player who played it, for a message that lists them."""
    return [
        t("{card} ({player})", card=c, player=names[s]) for c, s in zip(cards, seats, strict=False)
    ]


def _trick_cards(
    reader: Reader,
    path: Path,
    raw: object,
    owner: dict[Card, int],
) -> tuple[list[Card], list[int]] | None:
    """One trick's cards and the seat each was dealt to; None (with the problem noted) if unreadable."""
    try:
        cards = parse_cards(raw, reader.notation)
    except NotationError as err:
        reader.add(err, path)
        return None
    try:
        return cards, [owner[card] for card in cards]
    except KeyError as missing:
        reader.fail(
            path,
            t("{card} was dealt to nobody.", card=missing.args[0]),
            "record.card_not_dealt",
            "deal",
        )
        return None


COUNTED_AS_RECORDED = t(
    "After this wrong turn the referee judges no rule; the later tricks count as recorded."
)
"""The step of an uncapped replay that stopped judging: who won the later tricks is still read from the cards."""


def _wrong_turn(
    replay: Replay,
    reader: Reader,
    path: Path,
    i: int,
    deal_number: int,
    first: int,
    leader: int,
    names: list[str],
    not_clockwise: bool,
    note: Message = COUNTED_AS_RECORDED,
) -> None:
    """Trick ``i`` was led out of turn or not played clockwise: the finding, and the replay stops judging."""
    where = _where(reader, path, i, deal_number)
    if first != leader:
        replay.findings.append(
            wrong_turn(
                where,
                t(
                    "{seat} leads, but it was {leader}'s lead.",
                    seat=names[first],
                    leader=names[leader],
                ),
                lead_code(replay, i),
            )
        )
        replay.offenders.append(first)
    if not_clockwise:
        replay.findings.append(
            wrong_turn(where, t("The cards were not played clockwise from the leader."))
        )
    replay.stopped = i + 1
    replay.findings.append(Finding("play.not_judged", "warning", where, note))


def lead_code(replay: Replay, i: int) -> str:
    """The code of a wrong lead to trick ``i``: each names the rule that gave another player the lead.

    The first trick's leader is the game's first-lead rule (``play.lead_out_of_turn``); a later one is
    the last trick's winner (``play.lead_not_winner``), or the next player in play when that winner
    has just left the deal (``play.lead_after_leaving``).
    """
    if i == 0:
        return "play.lead_out_of_turn"
    if replay.left and replay.left[-1][1] == i:
        return "play.lead_after_leaving"
    return "play.lead_not_winner"


def first_lead_as(replay: Replay, code: str) -> Replay:
    """The replay with a wrong first lead named ``code``: for a game whose first leader another rule
    gives (a reign's, a house rule's)."""
    replay.findings = [
        f.replace(code=code) if f.code == "play.lead_out_of_turn" else f for f in replay.findings
    ]
    return replay


def _no_rule_judged(*args: object, **kwargs: object) -> None:
    """After a wrong turn no card is judged (the replay only counts the tricks as recorded)."""
    return None


def _report(
    replay: Replay,
    error: IllegalPlayError | None,
    seat: int,
    reader: Reader,
    path: Path,
    i: int,
    deal_number: int,
) -> None:
    """A broken rule as a finding (located at trick ``i``), and the seat among the offenders."""
    if error is not None:
        replay.findings.append(Finding.from_error(error.at(_where(reader, path, i, deal_number))))
        replay.offenders.append(seat)


def _where(reader: Reader, path: Path, i: int, deal_number: int) -> Where:
    return reader.doc.where((*path, i), deal=deal_number, trick=i + 1)
