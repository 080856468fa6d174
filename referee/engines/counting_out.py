"""Counting out: who reaches the target first when a deal takes several players past it.

Games that score a deal item by item (a ten, the extra cards, the ace, …) and end at a target can
break a tie by *counting out*: from the totals before the deal, each item is added in a fixed order,
and the first player to reach the target wins. The game names its items and their order; the
counting is the same everywhere.

>>> order = ("ten", "ace")
>>> items = {"Anna": {"ace": 4}, "Boris": {"ten": 10}}
>>> winner, steps = count_out({"Anna": 38, "Boris": 33}, items, order, lambda item: item, 41)
>>> winner, [str(s) for s in steps][-1]
('Boris', 'Boris reaches 41 first and wins.')
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from typing import Any, TypeVar

from referee.messages import Message, t, tn

Item = TypeVar("Item", bound=Hashable)


def count_out(
    before: dict[str, int],
    items: dict[str, dict[Item, int]],
    order: Sequence[Item],
    name_of: Callable[[Item], Any],
    target: int,
) -> tuple[str | None, list[Message]]:
    """Count the deal out item by item, in ``order`` (``name_of`` words an item); the first to reach
    ``target`` wins.

    Two players reaching it at the same step: the higher running total wins, then the higher final
    total; still equal, nobody wins and another deal is played.
    """
    running = {p: before[p] for p in items}
    steps = [
        t(
            "Counting out from the totals before the deal: {totals}.",
            totals=[f"{p} {v}" for p, v in running.items()],
        )
    ]
    for step in order:
        reached = []
        for player, its in items.items():
            gain = its.get(step, 0)
            if gain:
                running[player] += gain
                steps.append(
                    t(
                        "{item}: {player} +{gain} → {total}.",
                        item=name_of(step),
                        player=player,
                        gain=gain,
                        total=running[player],
                    )
                )
                if running[player] >= target:
                    reached.append(player)
        if len(reached) == 1:
            steps.append(
                tn(
                    "{player} reaches {target} first and wins.",
                    "{player} reaches {target} first and wins.",
                    target,
                    player=reached[0],
                    target=target,
                )
            )
            return reached[0], steps
        if reached:
            best = max(running[p] for p in reached)
            leaders = [p for p in reached if running[p] == best]
            if len(leaders) == 1:
                steps.append(
                    tn(
                        "{players} reach {target} at the same step; {player} has the higher total and "
                        "wins.",
                        "{players} reach {target} at the same step; {player} has the higher total "
                        "and wins.",
                        target,
                        players=reached,
                        target=target,
                        player=leaders[0],
                    )
                )
                return leaders[0], steps
            final = {p: before[p] + sum(items[p].values()) for p in leaders}
            top = max(final.values())
            winners = [p for p in leaders if final[p] == top]
            if len(winners) == 1:
                steps.append(
                    t(
                        "{players} are level at this step; {player} has the higher final total and wins.",
                        players=leaders,
                        player=winners[0],
                    )
                )
                return winners[0], steps
            steps.append(
                t("{players} are level in every way; another deal is played.", players=leaders)
            )
            return None, steps
    return None, steps  # pragma: no cover - a player at the target reaches it at some step
