"""The rules of play of Comet: :class:`CometDeal`, a hand in play (whose turn it is, which moves
are legal, what a move does), and the numbers and helpers it plays by
(:mod:`referee.games.comet` replays a record with it).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from operator import attrgetter
from typing import NamedTuple

from referee.cards import Card, Rank, Suit, deck
from referee.engines.turns import IllegalMoveError, Outcome, TurnState, WordedMove
from referee.messages import N_, Message, t, tn

DECK: tuple[Card, ...] = tuple(deck())
NINE_OF_DIAMONDS = Card(Rank.NINE, Suit.DIAMONDS)


def next_card(card: Card, ace: str) -> Card | None:
    """The card that continues a run after ``card``; None after a king or an ace led high.

    >>> from referee.notation import parse_card
    >>> [str(next_card(parse_card(c), ace)) for c, ace in (("9D", "lead_only"), ("KD", "low"), ("AD", "low"))]
    ['10♦', 'None', '2♦']
    >>> next_card(parse_card("AD"), "lead_only") is None
    True
    """
    assert card.suit is not None
    if card.rank is Rank.KING:
        return None
    if card.rank is Rank.ACE:
        return Card(Rank.TWO, card.suit) if ace == "low" else None
    return Card(Rank(card.rank + 1), card.suit)


NEXT_CARD: dict[str, dict[Card, Card | None]] = {
    ace: {c: next_card(c, ace) for c in DECK} for ace in ("low", "lead_only")
}
""":func:`next_card` of every card, looked up (a deal asks it once a card)."""


@dataclass(frozen=True)
class Play(WordedMove):
    """A card played: led, or the next card of a run (``plays 7♥``)."""

    card: Card
    words = N_("plays {card}")


@dataclass(frozen=True)
class Pass(WordedMove):
    """The holder of the next card keeps it, only with ``compulsory_play: false`` (``passes``)."""

    words = N_("passes")


CometMove = Play | Pass
"""A move of Comet: a card played, or a pass."""

PLAYS: dict[Card, Play] = {c: Play(c) for c in DECK}
"""Every card's play, made once (random play picks among them)."""
PASS = Pass()
CARD_INDEX = attrgetter("index")


class Turn(NamedTuple):
    """One move as it happened: the seat that made it, the move, and whether it was a lead.

    A named tuple, not a frozen dataclass: a check reads one per card played, and a tuple is made
    in a fraction of a dataclass's time.
    """

    seat: int
    move: CometMove
    lead: bool
    stop: Message | None = None
    """Why the run stopped after this move (None: it went on)."""


def settle(
    out: str, left: dict[str, int], nine: str | None, rule: str
) -> tuple[dict[str, int], list[Message]]:
    """Chips for one deal: every other player pays the player who went out; the steps show each payment.

    >>> settle("Anna", {"Boris": 3}, "Boris", "doubles_hand")[0], settle("Anna", {"Boris": 3}, "Boris", "two_extra")[0]
    ({'Anna': 6, 'Boris': -6}, {'Anna': 5, 'Boris': -5})
    """
    scores = {out: 0}
    steps: list[Message] = []
    for payer, cards in left.items():
        if payer == out:
            continue
        cards_left = tn("{n} card left", "{n} cards left", cards)
        if payer != nine:
            chips, why = cards, cards_left
        elif rule == "counts_two":
            chips, why = cards + 1, t("{cards}, the 9♦ among them counting two", cards=cards_left)
        elif rule == "two_extra":
            chips, why = cards + 2, t("{cards}, and two more for the 9♦", cards=cards_left)
        else:
            chips, why = cards * 2, t("{cards}, doubled for the 9♦", cards=cards_left)
        scores[payer] = -chips
        scores[out] += chips
        steps.append(
            t(
                "{payer} pays {player} {chips}: {why}.",
                payer=payer,
                player=out,
                chips=tn("{n} chip", "{n} chips", chips),
                why=why,
            )
        )
    steps.append(
        t(
            "{player} receives {chips} in all; the chips of the deal add up to zero.",
            player=out,
            chips=tn("{n} chip", "{n} chips", scores[out]),
        )
    )
    return scores, steps


class CometDeal(TurnState[CometMove]):
    """One deal of Comet, from the hands as dealt (seat 0 is the dealer's left, who leads first)."""

    def __init__(
        self,
        players: Sequence[str],
        hands: Sequence[Sequence[Card]],
        run_order: str = "holder",
        compulsory_play: bool = True,
        ace: str = "lead_only",
        nine_of_diamonds: str = "counts_two",
    ):
        super().__init__(players, 0)
        self.hands: list[set[Card]] = [set(h) for h in hands]
        self.owner: dict[Card, int] = {c: s for s, h in enumerate(hands) for c in h}
        self.played: set[Card] = set()
        self.run_order, self.compulsory, self.ace, self.nine_rule = (
            run_order,
            compulsory_play,
            ace,
            nine_of_diamonds,
        )
        self._next = NEXT_CARD.get(ace) or {c: next_card(c, ace) for c in DECK}
        self.need: Card | None = None
        """The card that must come next in the current run; None when the player to move leads."""
        self.last_seat = 0
        self._history: list[Turn] = []
        self._rows: list[tuple[int, CometMove, bool, Message | None]] = []
        """Turns not yet read as :class:`Turn` objects: :attr:`history` makes them when asked."""

    def legal_moves(self) -> list[CometMove]:
        """A lead: any card in hand. In a run: the next card (or a pass, when play is not compulsory)."""
        if self.is_over():
            return []
        if self.need is None:
            return [Play(c) for c in sorted(self.hands[self.to_move])]
        return [Play(self.need)] if self.compulsory else [Play(self.need), Pass()]

    @property
    def history(self) -> list[Turn]:
        """Every move so far as it happened (who, what, whether a lead, why a run stopped)."""
        if self._rows:
            self._history.extend([Turn(*row) for row in self._rows])
            self._rows.clear()
        return self._history

    def random_move(self, rng: random.Random) -> CometMove | None:
        """As :meth:`legal_moves` would give it, without listing a lead's every card: the card drawn of
        the hand in order; a run's next card without a draw when play is compulsory."""
        if self._outcome is not None:
            return None
        need = self.need
        if need is not None:
            if self.compulsory:
                return PLAYS[need]
            return (PLAYS[need], PASS)[int(rng.random() * 2)]
        hand = self.hands[self.to_move]
        if len(hand) < 2:
            return PLAYS[next(iter(hand))] if hand else None
        return PLAYS[sorted(hand, key=CARD_INDEX)[int(rng.random() * len(hand))]]

    def is_legal(self, move: CometMove) -> bool:
        """Faster than listing the moves: a lead needs the card in hand, a run the next card."""
        if isinstance(move, Pass):
            return self.need is not None and not self.compulsory
        if self.need is None:
            return move.card in self.hands[self.to_move]
        return move.card is self.need

    def why_illegal(self, move: CometMove) -> IllegalMoveError:
        """The rule the move breaks: the run must go on, the card is not the leader's, play is compulsory."""
        player = self.players[self.to_move]
        legal = tuple(self.legal_moves())
        if isinstance(move, Pass):
            if self.need is None:
                return IllegalMoveError(
                    t(
                        "{player} has the lead and must lead a card; only the holder of the "
                        "next card of a run may pass.",
                        player=player,
                    ),
                    code="comet.pass_on_lead",
                    rule="lead",
                    legal=legal,
                )
            return IllegalMoveError(
                t("Play is compulsory: {player} must play {card}.", player=player, card=self.need),
                code="comet.compulsory",
                rule="compulsory_play",
                legal=legal,
            )
        card = move.card
        if card in self.played:
            return IllegalMoveError(
                t("{card} has already been played.", card=card),
                code="comet.played_twice",
                rule="hand",
                legal=legal,
            )
        if self.need is not None:
            return IllegalMoveError(
                t(
                    "The run goes on with {need}: {player} holds it and must play it.",
                    need=self.need,
                    player=player,
                ),
                code="comet.run_continues",
                rule="run",
                legal=legal,
            )
        holder = self.players[self.owner[card]] if card in self.owner else None
        return IllegalMoveError(
            t(
                "It is {player}'s lead, but {card} is in {holder}'s hand.",
                player=player,
                card=card,
                holder=holder or "—",
            ),
            code=self._wrong_lead_code(card),
            rule="lead",
            legal=legal,
        )

    def _wrong_lead_code(self, card: Card) -> str:
        """The code of a card played when another player has the lead: it names the rule that gave him
        the lead (the first lead, the king's stop, the ace's, the card below the opening card) or that
        keeps an ace out of a run."""
        if not self.history:
            return "comet.first_lead"
        if card.rank is Rank.ACE and self.ace == "lead_only":
            return "comet.ace_not_led"
        last = self.history[-1].move
        if isinstance(last, Pass):
            return "comet.not_his_card"
        if last.card.rank is Rank.KING:
            return "comet.lead_after_king"
        if last.card.rank is Rank.ACE:
            return "comet.lead_after_ace"
        following = next_card(last.card, self.ace)
        if following is not None and following in self.played:
            return "comet.lead_after_stop"
        return "comet.not_his_card"

    def apply(self, move: CometMove) -> None:
        """Play the card (or pass), then find who moves next: the holder of the next card, or the stop's player."""
        seat = self.to_move
        lead = self.need is None
        if isinstance(move, Pass):
            stop = t(
                "{player} passes instead of playing {card}, which stops the run, and {last} leads",
                player=self.players[seat],
                card=self.need,
                last=self.players[self.last_seat],
            )
            self._rows.append((seat, move, lead, stop))
            self.need, self.to_move = None, self.last_seat
            return
        card = move.card
        self.hands[seat].discard(card)
        self.played.add(card)
        self.last_seat = seat
        if not self.hands[seat]:
            player = self.players[seat]
            left = {self.players[s]: len(h) for s, h in enumerate(self.hands) if s != seat}
            nine = self.owner.get(NINE_OF_DIAMONDS)
            holder = (
                self.players[nine]
                if nine is not None and NINE_OF_DIAMONDS not in self.played
                else None
            )
            scores, _ = settle(player, left, holder, self.nine_rule)
            self._rows.append(
                (seat, move, lead, t("{player} has no cards left and is out", player=player))
            )
            self.finish(
                Outcome((player,), "deal.out", t("{player} went out.", player=player), scores)
            )
            return
        following = self._next[card]
        stop: Message | None = None
        if following is None:
            stop = (
                t("the king stops the run")
                if card.rank is Rank.KING
                else t("the ace stops the run")
            )
        elif following in self.played:
            stop = t("{card} is already played, so {last} is a stop", card=following, last=card)
        elif self.run_order == "clockwise" and self.owner[following] == seat:
            stop = t(
                "nobody else holds {card}, so the turn comes back to {player} and the run has stopped",
                card=following,
                player=self.players[seat],
            )
        if stop is None:
            self.need, self.to_move = following, self.owner[following]
        else:
            self.need, self.to_move = None, seat
        self._rows.append((seat, move, lead, stop))

    def left(self) -> dict[str, int]:
        """Cards still in each hand."""
        return {p: len(h) for p, h in zip(self.players, self.hands, strict=True)}
