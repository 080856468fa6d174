"""Two sides of partners in alternating seats: who scores, read from a record's ``teams``.

A game in which four or six may play in two partnerships (a house rule, as in Catch the Ten) keeps
its score per side; one in which everyone plays alone keeps it per player. :func:`read_sides` reads
``teams`` into a :class:`Table` either way, so that the game counts and scores under
``table.entrants`` and finds each player's side with ``table.side_of``.

>>> from referee.engines.reader import Reader
>>> from referee.records.source import load_text
>>> r = Reader(load_text("teams: {North: [Anna, Vera], South: [Boris, Gleb]}\\n"))
>>> table = read_sides(r, ["Anna", "Boris", "Vera", "Gleb"], True, (4, 6))
>>> table.entrants, table.side_of["Gleb"], table.members, r.errors
(['North', 'South'], 'South', {'North': 2, 'South': 2}, [])
>>> read_sides(r, ["Anna", "Boris", "Vera", "Gleb"], False, (4, 6)).entrants, [e.code for e in r.errors]
(['Anna', 'Boris', 'Vera', 'Gleb'], ['record.teams_without_partnerships'])
"""

from __future__ import annotations

from typing import TypeVar

from referee.engines.reader import Reader
from referee.messages import t, tn
from referee.values import Value

T = TypeVar("T")


class Table(Value):
    """Who scores at this table: the players, or the two sides of a partnership game."""

    entrants: list[str]  # the names scores are kept under, in order
    side_of: dict[str, str]  # every player (in seating order) -> the name he scores under
    members: dict[str, int]  # entrant -> how many players it is

    def pool(self, by_player: dict[str, T], empty: T) -> dict[str, T]:
        """What each entrant holds: the sum of what its players hold (``empty`` for none), in entrant order.

        >>> Table(["We", "They"], {"A": "We", "B": "They", "C": "We"}, {"We": 2, "They": 1}).pool(
        ...     {"A": [1], "B": [2], "C": [3]}, [])
        {'We': [1, 3], 'They': [2]}
        """
        out = dict.fromkeys(self.entrants, empty)
        for player, entrant in self.side_of.items():
            out[entrant] = out[entrant] + by_player[player]  # type: ignore[operator]
        return out


def read_sides(r: Reader, players: list[str], partnerships: bool, counts: tuple[int, ...]) -> Table:
    """Who scores: every player, or (option ``partnerships``) the two sides named under ``teams``.

    Partnerships are played by ``counts`` players; partners sit in every second seat. A problem is
    noted (rule ``partnerships``) and everyone plays alone if ``teams`` cannot be read.
    """
    alone = Table(list(players), {p: p for p in players}, dict.fromkeys(players, 1))
    if not partnerships:
        if r.get(("teams",)) is not None:
            r.fail(
                ("teams",),
                t(
                    "teams are only for partnerships; set the option partnerships to true, or "
                    "leave teams out."
                ),
                "record.teams_without_partnerships",
                "partnerships",
            )
        return alone
    if players and len(players) not in counts:
        r.fail(
            ("options", "partnerships"),
            t(
                "Partnerships are played by {counts} players, not {n}.",
                counts=" / ".join(map(str, counts)),
                n=len(players),
            ),
            "record.partnership_count",
            "partnerships",
        )
        return alone
    value = r.mapping(("teams",))
    if value is None or not players:
        return alone
    size = len(players) // 2
    if len(value) != 2:
        r.fail(
            ("teams",), t("teams must name exactly two sides."), "record.team_count", "partnerships"
        )
        return alone
    side_of: dict[str, str] = {}
    for key, members in value.items():
        p = ("teams", key)
        if (
            not isinstance(members, list)
            or len(members) != size
            or not all(str(m) in players for m in members)
        ):
            r.fail(
                p,
                tn(
                    "A side is {n} player at the table ({names}).",
                    "A side is {n} players at the table ({names}).",
                    size,
                    names=players,
                ),
                "record.team_shape",
                "partnerships",
            )
            return alone
        for m in members:
            if str(m) in side_of:
                r.fail(
                    ("teams",),
                    t("Every player must be on exactly one side."),
                    "record.team_shape",
                    "partnerships",
                )
                return alone
            side_of[str(m)] = str(key)
        seats = sorted(players.index(str(m)) for m in members)
        if len({s % 2 for s in seats}) != 1:
            r.fail(
                p,
                t(
                    "Partners sit in every second seat, so that the sides alternate round the table; "
                    "{names} do not.",
                    names=[players[s] for s in seats],
                ),
                "record.partners_adjacent",
                "partnerships",
            )
            return alone
    sides = [str(k) for k in value]
    return Table(sides, {p: side_of[p] for p in players}, dict.fromkeys(sides, size))
