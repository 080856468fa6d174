"""Computer players that play like people: the shared trick-play heuristic.

A computer player only ever chooses among the legal plays the engine lists, so it is legal by
construction. Among them it plays as a sensible player would, from what a player at the table
knows (his hand, the cards played, the pack): win a trick cheaply when it can, throw its lowest
card when it cannot or when its partner is already winning, lead a card that is the highest left
in its suit, else a low card of its longest plain suit; a player who wants no tricks (a low hand,
Thirteen Under) ducks instead. Each game's own decisions (bids, discards, what to take) live in
that game's module beside its random play.

>>> from referee.notation import parse_cards
>>> from referee.engines.tricks import TrickPlay
>>> from referee.engines.trick_rules import ORDER_2_TO_A, TrickRules
>>> hands = [parse_cards(h) for h in ("2H KH", "QH 3S", "AH 4S", "5H 6S")]
>>> play = TrickPlay(TrickRules(ORDER_2_TO_A), hands, leader=1, trump=None)
>>> _ = play.play(parse_cards("QH")[0])
>>> str(trick_card(play, play.legal_plays()))   # AH beats the queen cheaper than nothing else: the only winner
'A♥'
>>> play = TrickPlay(TrickRules(ORDER_2_TO_A), hands, leader=1, trump=None)
>>> _ = play.play(parse_cards("QH")[0]), play.play(parse_cards("AH")[0])
>>> str(trick_card(play, play.legal_plays()))   # cannot beat the ace: throw the lowest
'5♥'
"""

from __future__ import annotations

from collections.abc import Callable

from referee.cards import Card
from referee.engines.passing_tricks import PassingTrickPlay
from referee.engines.tricks import TrickPlay


def trick_seats(play: TrickPlay | PassingTrickPlay) -> list[int]:
    """The seats of the cards of the trick under way, in play order (the leader first)."""
    if isinstance(play, PassingTrickPlay):
        return [s for s, _ in play.current]
    if not play.current:
        return []
    seats = [play.leader]
    while len(seats) < len(play.current):
        seats.append(play.next_in_play(seats[-1]) if play.left else (seats[-1] + 1) % play.players)
    return seats


def current_cards(play: TrickPlay | PassingTrickPlay) -> list[Card]:
    """The cards of the trick under way, in play order."""
    if isinstance(play, PassingTrickPlay):
        return [c for _, c in play.current]
    return list(play.current)


def unseen(play: TrickPlay | PassingTrickPlay, seat: int) -> set[Card]:
    """The cards still in other players' hands, as ``seat`` can work them out (the pack less what he saw)."""
    played = {c for tr in play.tricks for c in tr.cards} | set(current_cards(play))
    pack = {c for h in play.hands for c in h} | played
    return pack - played - set(play.hands[seat])


def trick_card(
    play: TrickPlay | PassingTrickPlay,
    legal: list[Card],
    wants: bool = True,
    partner: int | None = None,
    value: Callable[[Card], int] | None = None,
) -> Card:
    """The card a sensible player plays now, among ``legal`` (never empty).

    ``wants``: he wants tricks (False: he ducks); ``partner``: the seat of his partner, whose winning
    card he does not overtake; ``value``: the points a card carries, which he keeps out of other hands.
    """
    if len(legal) == 1:
        return legal[0]
    table, trump = play.table, play.trump
    worth = value or (lambda c: 0)

    def cost(card: Card) -> tuple[bool, int, int]:  # what throwing the card away gives up
        return (table.suit[card.index] is trump, worth(card), table.lead_power[card.index])

    current = current_cards(play)
    if current:
        bid = table.bids[table.slot[current[0].index]]
        powers = [bid[c.index] for c in current]
        best = max(powers)
        winner = trick_seats(play)[powers.index(best)]
        beating = [c for c in legal if bid[c.index] > best]
        if not wants:
            ducking = [c for c in legal if bid[c.index] < best]
            if ducking:
                return max(ducking, key=lambda c: (bid[c.index], worth(c)))
            return min(legal, key=lambda c: bid[c.index])
        if beating and winner != partner:
            return min(beating, key=lambda c: (bid[c.index], worth(c)))
        if (
            winner == partner
        ):  # the partner wins: give him a plain card that counts, if there is one
            pointed = [c for c in legal if worth(c) and table.suit[c.index] is not trump]
            if pointed:
                return max(pointed, key=worth)
        return min(legal, key=cost)
    if not wants:
        return min(legal, key=lambda c: (table.lead_power[c.index], worth(c)))
    others = unseen(play, play.turn)
    masters = [
        c
        for c in legal
        if table.suit[c.index] is not trump
        and not any(
            table.slot[o.index] == table.slot[c.index]
            and table.lead_power[o.index] > table.lead_power[c.index]
            for o in others
        )
    ]
    if masters:
        return max(masters, key=lambda c: table.lead_power[c.index])
    plain = [c for c in legal if table.suit[c.index] is not trump] or legal
    length: dict[int, int] = {}
    for c in plain:
        length[table.slot[c.index]] = length.get(table.slot[c.index], 0) + 1
    return min(
        plain, key=lambda c: (-length[table.slot[c.index]], table.lead_power[c.index], worth(c))
    )
