"""Random legal deals of Comet: shuffle, deal the whole pack from the dealer's left, random leads.

>>> import random
>>> deal = comet_deal(random.Random(1), ["A", "B", "C"], dealer=2)
>>> sorted(deal), [len(h.split()) for h in deal["hands"].values()]
(['dealer', 'hands', 'plays'], [18, 17, 17])
>>> comet_play(random.Random(1), 3, 2).is_over()
True
"""

from __future__ import annotations

import random
from typing import Any

from referee.engines.turns import random_playout
from referee.games import comet
from referee.games.play import comet as play_comet
from referee.notation import card_separator
from referee.simulate.play import shuffled, write_cards


def comet_play(rng: random.Random, n: int, dealer: int, **options: Any) -> comet.CometDeal:
    """One random legal deal of Comet, played to the end; seat 0 of the state is the dealer's left.

    ``options`` are the referee's options (``run_order``, ``compulsory_play``, ``ace``, ``nine_of_diamonds``).
    """
    cards = shuffled(comet.DECK, rng)
    sizes = comet.hand_sizes(n)
    hands: list[list[Any]] = [[] for _ in range(n)]
    for i, card in enumerate(cards):  # one card at a time, from the dealer's left
        hands[i % n].append(card)
    assert [len(h) for h in hands] == sizes
    names = [str((dealer + 1 + k) % n) for k in range(n)]
    return random_playout(comet.CometDeal(names, hands, **options), rng)  # type: ignore[return-value]


def comet_deal(
    rng: random.Random, players: list[str], dealer: int, notation: str = "en", **options: Any
) -> dict[str, Any]:
    """One random legal deal as full-play record data (hands by player name, every play in order)."""
    n = len(players)
    state = comet_play(rng, n, dealer, **options)
    played = set(comet.DECK) - {c for h in state.hands for c in h}
    hands_as_dealt = [
        sorted(h | {c for c in played if state.owner[c] == s}) for s, h in enumerate(state.hands)
    ]
    tokens = [
        write_cards([m.card], notation) if isinstance(m, comet.Play) else "pass"
        for m in state.moves
    ]
    sep = card_separator(notation)
    return {
        "dealer": players[dealer],
        "hands": {
            p: write_cards(hands_as_dealt[(players.index(p) - dealer - 1) % n], notation)
            for p in players
        },
        "plays": sep.join(tokens),
    }


def run_length(card: Any, hand: set[Any], ace: str = "lead_only") -> int:
    """How many cards of ``hand`` follow ``card`` in an unbroken run (the cards its lead sheds at once)."""
    count, need = 0, play_comet.next_card(card, ace)
    while need is not None and need in hand:
        count, need = count + 1, play_comet.next_card(need, ace)
    return count


def comet_move(state: comet.CometDeal, legal: list[Any]) -> Any:
    """A computer player's move: play on in a run (never pass); lead the card that starts the longest run
    of its own hand, the 9♦ first when it would cost double."""
    plays = [m for m in legal if isinstance(m, comet.Play)]
    if state.need is not None or len(plays) == 1:
        return plays[0] if plays else legal[0]
    hand = state.hands[state.to_move]
    nine = comet.NINE_OF_DIAMONDS
    return max(
        plays, key=lambda m: (m.card is nine, run_length(m.card, hand, state.ace), -m.card.rank)
    )
