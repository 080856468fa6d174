"""A deal of Korol: the pack, the titles and their quotas, and :class:`KorolDeals`, which reads a
record's deal (the first phase, the exchanges with the King and the reign, as a summary or trick
by trick) into its scores (:mod:`referee.games.korol` checks the whole game with it).
"""

from __future__ import annotations

from operator import attrgetter
from typing import Any, NamedTuple

from referee.cards import Card, Suit, deck
from referee.engines.deals import Deal, parsed, read_card, read_suit, whole_pack
from referee.engines.dealt_hands import read_hands
from referee.engines.game import STOPPED_HERE, DealResult, Finding
from referee.engines.reader import Reader
from referee.engines.replay import (
    STOPPED,
    Replay,
    counts_of,
    first_lead_as,
    replay_tricks,
)
from referee.engines.trick_counts import trick_counts
from referee.engines.trick_rules import ORDER_6_TO_A, TrickRules
from referee.errors import Where
from referee.messages import Message, t, tn
from referee.notation import parse_card
from referee.records.source import Path

DECK: tuple[Card, ...] = tuple(c for c in deck() if c.rank >= 6)
PLAYERS = 4
HAND = 9
"""Cards per player, and tricks in a deal when nobody leaves it."""
TITLES: tuple[str, ...] = ("king", "prince", "soldier", "peasant")
"""Highest first: a lower title has a higher index."""
_TITLE_RANK: dict[str, int] = {title: i for i, title in enumerate(TITLES)}
"""Each title's index in TITLES, looked up without a search."""
_TITLE_SET = frozenset(TITLES)
"""The keys a deal's quotas may have."""
DEFAULT_QUOTAS: dict[str, int] = {"king": 9, "prince": 7, "soldier": 5, "peasant": 3}
TITLE_NAMES: dict[str, Message] = {
    "king": t("King"),
    "prince": t("Prince"),
    "soldier": t("Soldier"),
    "peasant": t("Peasant"),
}


RULES: dict[tuple[bool, bool], TrickRules] = {
    (must, free): TrickRules(ORDER_6_TO_A, must_trump=must, follow_suit=not free)
    for must in (False, True)
    for free in (False, True)
}


PACK_MISMATCH = t(
    "The hands must make up the pack of {n} cards (missing: {missing}; not in this pack: {foreign})."
)
"""The problem of hands that are not the pack (made once: most deals have none)."""


_INDEX = attrgetter("index")
"""Cards sorted by index: the order of Card's own comparison, without a Python call per comparison.
Within one suit it is also the order of ``ORDER_6_TO_A`` (6 low, ace high), so trumps are ranked by it."""

_EXCHANGERS = frozenset({"soldier", "peasant"})
"""The keys of a deal's ``exchanges``: the titles that give the King a card."""
_EXCHANGE_KEYS = frozenset({"gives", "gets"})
"""The keys of one exchange."""


def _position(cards: list[Card], card: Card) -> int | None:
    """Where ``card`` is in ``cards`` (None: not there): found by identity, as cards are interned, for
    ``list.index`` compares each card before it slowly (Card defines ``__lt__`` in Python). One pass
    both tells whether a hand holds the card and finds it, without a set made of the hand first.

    >>> from referee.notation import parse_cards
    >>> _position(parse_cards("AS KS QS"), parse_cards("QS")[0]), _position(parse_cards("AS"), parse_cards("QS")[0])
    (2, None)
    """
    try:
        return list(map(id, cards)).index(id(card))
    except ValueError:
        return None


def _exchanged(r: Reader, path: Path, value: dict[str, Any], key: str) -> Card | None:
    """The card an exchange ``gives`` or ``gets`` (``key``), read from the exchange's mapping ``value``
    in hand, not found again from the record's top: :func:`read_card` when it is left out, to say so."""
    token = value.get(key)
    if token is None:
        return read_card(r, path + (key,))
    return parsed(r, path + (key,), parse_card, token)


def title_name(title: str) -> Message:
    """The title as the pages name it."""
    return TITLE_NAMES[title]


def reign_titles(tricks: dict[str, int], titles: dict[str, str]) -> dict[str, str]:
    """The reign's titles, most tricks first; among equal counts the lower old title ranks higher.

    >>> reign_titles({"A": 2, "B": 2, "C": 2, "D": 3}, {"A": "king", "B": "prince", "C": "soldier", "D": "peasant"})
    {'D': 'king', 'C': 'prince', 'B': 'soldier', 'A': 'peasant'}
    """
    order = sorted(tricks, key=lambda p: (-tricks[p], -_TITLE_RANK[titles[p]]))
    return {p: TITLES[i] for i, p in enumerate(order)}


def reign_winner(tricks: dict[str, int], titles: dict[str, str]) -> str:
    """Most tricks in the reign; among equal counts, the lowest title.

    >>> reign_winner({"A": 3, "B": 2, "C": 2, "D": 2}, {"A": "king", "B": "prince", "C": "soldier", "D": "peasant"})
    'A'
    """
    return min(tricks, key=lambda p: (-tricks[p], -_TITLE_RANK[titles[p]]))


def summary_tricks_possible(counts: list[int], quotas: list[int]) -> bool:
    """Whether first-phase trick counts can be true with these quotas as caps.

    Nobody takes more than his quota; the tricks make the whole deal (9), unless three players
    reached their quotas, which ends the phase early: so the fourth never reaches his.

    >>> summary_tricks_possible([3, 2, 4, 0], [3, 9, 7, 5]), summary_tricks_possible([1, 1, 1, 1], [1, 1, 1, 9])
    (True, True)
    >>> summary_tricks_possible([4, 2, 3, 0], [3, 9, 7, 5]), summary_tricks_possible([1, 1, 1, 1], [9, 9, 9, 9])
    (False, False)
    >>> summary_tricks_possible([3, 2, 2, 2], [3, 2, 2, 2]), summary_tricks_possible([1, 1, 1, 1], [1, 1, 1, 1])
    (False, False)
    """
    if any(c > q for c, q in zip(counts, quotas, strict=True)):
        return False
    total = sum(counts)
    reached = sum(c == q for c, q in zip(counts, quotas, strict=True))
    return reached < PLAYERS and (total == HAND or (total < HAND and reached == PLAYERS - 1))


class KorolDeal(NamedTuple):
    """One deal of Korol under check: the record's deal (its reader, path, number and findings), the
    players, what the deal's head says (the dealer, the titles, the quotas: None where they cannot be
    read) and the steps said so far. Each part of the check of a deal is handed it."""

    deal: Deal
    players: list[str]
    dealer: str | None
    titles: dict[str, str] | None
    quotas: dict[str, int] | None
    steps: list[Message]


class KorolDeals:
    """The reading of a deal, which :class:`~referee.games.korol.Korol` inherits."""

    def _deal(
        self,
        r: Reader,
        i: int,
        players: list[str],
        options: dict[str, Any],
        findings: list[Finding],
        previous_winner: str | None,
    ) -> tuple[DealResult, str | None] | None:
        deal = Deal.open(r, i, self.record, findings)
        if deal is None:
            return None
        path, number, full = deal.path, deal.number, deal.full
        dealer = r.name(path + ("dealer",), players)
        titles = self._titles(r, path + ("titles",), players)
        quotas = self._quotas(r, path + ("quotas",))
        claim = r.name(path + ("claim",), players, required=False)
        trump = read_suit(r, path + ("trump",), required=False)
        steps: list[Message] = []
        k = KorolDeal(deal, players, dealer, titles, quotas, steps)
        if full:
            got = self._full(k, options)
        else:
            reign_trump = read_suit(r, path + ("reign_trump",), required=False)
            got = self._summary(k, trump, reign_trump)
        if got is None or dealer is None:
            return None
        reign, reign_tricks = got
        if reign is None or reign_tricks is None:  # stopped at a wrong turn: nothing to score
            steps.append(STOPPED_HERE)
            return DealResult(
                number, {p: 0 for p in players}, steps, mode="broken"
            ), previous_winner
        if previous_winner is not None and dealer != previous_winner:
            findings.append(
                Finding(
                    "deal.dealer_order",
                    "warning",
                    r.doc.where(path + ("dealer",), deal=number),
                    t(
                        "The winner of the last reign deals the next game: {expected} should deal, "
                        "not {dealer}.",
                        expected=previous_winner,
                        dealer=dealer,
                    ),
                )
            )
        winner = reign_winner(reign_tricks, reign)
        best = reign_tricks[winner]
        tied = [p for p in players if reign_tricks[p] == best]
        if len(tied) > 1:
            steps.append(
                tn(
                    "{players} took {n} trick each in the reign; the lower title wins: {player}, {title}.",
                    "{players} took {n} tricks each in the reign; the lower title wins: {player}, "
                    "{title}.",
                    best,
                    players=tied,
                    n=best,
                    player=winner,
                    title=title_name(reign[winner]),
                )
            )
        else:
            steps.append(
                tn(
                    "{player} took the most tricks in the reign, {n}, and wins.",
                    "{player} took the most tricks in the reign, {n}, and wins.",
                    best,
                    player=winner,
                )
            )
        steps.append(t("{player} deals the next game.", player=winner))
        scores = {p: int(p == winner) for p in players}
        claimed = None if claim is None else {p: int(p == claim) for p in players}
        where = deal.where("claim") if claim is not None else None
        return DealResult(
            number, scores, steps, claimed, mode="full" if full else "summary", claim_where=where
        ), winner

    def _titles(self, r: Reader, path: Path, players: list[str]) -> dict[str, str] | None:
        value = r.mapping(path)
        if value is None or not r.names_match(path, value, players):
            return None
        titles = {str(k): str(v).strip().lower() for k, v in value.items()}
        for name, title in titles.items():
            if title not in TITLES:
                r.fail(
                    path + (name,),
                    t(
                        "A title is king, prince, soldier or peasant, not {value!r}.",
                        value=str(value[name]),
                    ),
                    "record.bad_title",
                    "titles",
                )
                return None
        if len(set(titles.values())) != len(TITLES):
            r.fail(
                path, t("Each title goes to exactly one player."), "record.title_twice", "titles"
            )
            return None
        return titles

    def _quotas(self, r: Reader, path: Path) -> dict[str, int] | None:
        value = r.get(path)
        if value is None:
            return dict(DEFAULT_QUOTAS)
        if not isinstance(value, dict):
            r.fail(
                path,
                t("{field} must be a mapping of names to values.", field="quotas"),
                "record.shape",
            )
            return None
        if not _TITLE_SET.issuperset(value):  # nearly always: every key is a title
            r.known_keys(path, _TITLE_SET)
        quotas: dict[str, int] = {}
        for title in TITLES:
            if value.get(title) is None:  # a title left out keeps its usual quota
                quotas[title] = DEFAULT_QUOTAS[title]
                continue
            got = r.integer(path + (title,), minimum=1, value=value[title])
            if got is None:
                return None
            quotas[title] = got
        return quotas

    def _summary(
        self, k: KorolDeal, trump: Suit | None, reign_trump: Suit | None
    ) -> tuple[dict[str, str], dict[str, int]] | None:
        # Possible or exit 2: dealer and claim name players; the titles are the four, one each; quotas
        # are whole numbers of at least 1; the first phase's tricks as summary_tricks_possible says
        # (record.tricks_sum); the reign's make 9 (record.tricks_sum). Trumps: any suit.
        r, path, players, titles, quotas = k.deal.r, k.deal.path, k.players, k.titles, k.quotas
        first = self._first_phase(k)
        reign_tricks = r.scores(path + ("reign_tricks",), players, minimum=0)
        if first is None or reign_tricks is None or titles is None or quotas is None:
            return None
        if trick_counts(r, path + ("reign_tricks",), players, HAND) is None:
            return None
        if trump is not None:
            k.steps.append(t("First phase, trumps: {suit}.", suit=trump))
        return self._titles_steps(players, titles, quotas, first, k.steps), reign_tricks

    def _first_phase(self, k: KorolDeal) -> dict[str, int] | None:
        """The first phase's tricks per player, as a summary gives them; None if they cannot be."""
        r, path, players, titles, quotas = k.deal.r, k.deal.path, k.players, k.titles, k.quotas
        first = r.scores(path + ("tricks",), players, minimum=0)
        if first is None or titles is None or quotas is None:
            return None
        caps, counts = [quotas[titles[p]] for p in players], [first[p] for p in players]
        if not summary_tricks_possible(counts, caps):
            said = counts_of(players, caps)
            r.fail(
                path + ("tricks",),
                t(
                    "These first-phase tricks cannot be: the phase ends when a third player "
                    "reaches his quota, so the fourth never reaches his ({quotas}).",
                    quotas=said,
                )
                if counts == caps
                else t(
                    "These first-phase tricks cannot be: nobody takes more than his quota "
                    "({quotas}), and the tricks make 9 unless at least three players reached "
                    "their quotas.",
                    quotas=said,
                ),
                "record.tricks_sum",
                "quotas",
            )
            return None
        return first

    def _titles_steps(
        self,
        players: list[str],
        titles: dict[str, str],
        quotas: dict[str, int],
        first: dict[str, int],
        steps: list[Message],
        left_said: bool = False,
    ) -> dict[str, str]:
        """Say who reached his quota (unless the replay said so) and what the reign's titles are; return them."""
        for p in [] if left_said else players:
            quota = quotas[titles[p]]
            if first[p] >= quota:
                steps.append(
                    tn(
                        "{player} ({title}) reached the quota of {n} trick and left the first phase.",
                        "{player} ({title}) reached the quota of {n} tricks and left the first phase.",
                        quota,
                        player=p,
                        title=title_name(titles[p]),
                    )
                )
        steps.append(
            t(
                "First phase, tricks: {tricks}.",
                tricks=counts_of(players, [first[p] for p in players]),
            )
        )
        reign = reign_titles(first, titles)
        steps.append(
            t(
                "Titles in the reign: {titles}.",
                titles=[
                    t("{title} {player}", title=title_name(v), player=p) for p, v in reign.items()
                ],
            )
        )
        return reign

    def _full(
        self, k: KorolDeal, options: dict[str, Any]
    ) -> tuple[dict[str, str] | None, dict[str, int] | None] | None:
        r, path, players, titles, quotas = k.deal.r, k.deal.path, k.players, k.titles, k.quotas
        rules = RULES[(options["must_trump_when_void"], options["free_play"])]
        # G8-D01; read from the deal's mapping in hand, not found again from the record's top
        summed_up = k.deal.value.get("hands") is None and isinstance(
            k.deal.value.get("tricks"), dict
        )
        first_tricks = self._first_phase(k) if summed_up else None
        hands = None if summed_up else self._pack(r, path + ("hands",), players)
        card = None if summed_up else read_card(r, path + ("trump_card",))
        reign_hands = self._pack(r, path + ("reign_hands",), players)
        reign_card = read_card(r, path + ("reign_trump_card",))
        if summed_up:
            reign = (
                None
                if first_tricks is None
                else self._titles_steps(players, titles, quotas, first_tricks, k.steps)
            )
        else:
            reign = self._first_played(k, hands, card, rules)
        if (
            reign is None or reign == STOPPED
        ):  # unreadable, or a wrong turn: the reign's titles are unknown
            return None if reign is None else (None, None)
        if reign_hands is None or reign_card is None:
            return None
        reign_tricks = self._reign(k, reign, reign_hands, reign_card, rules)
        return None if reign_tricks is None else (reign, reign_tricks)

    def _first_played(
        self, k: KorolDeal, hands: list[list[Card]] | None, card: Card | None, rules: TrickRules
    ) -> dict[str, str] | str | None:
        """The first phase replayed trick by trick: the reign's titles (None: unreadable; STOPPED: a wrong turn)."""
        r, path, number, steps = k.deal.r, k.deal.path, k.deal.number, k.steps
        players, dealer, titles, quotas = k.players, k.dealer, k.titles, k.quotas
        if hands is None or card is None or dealer is None or titles is None or quotas is None:
            return None
        d = players.index(dealer)
        if card not in set(hands[d]):  # a set: a card missed in a list is compared slowly
            r.fail(
                path + ("trump_card",),
                t(
                    "The trump card is the last card dealt, so it is in the dealer's hand "
                    "({player}); {card} is not.",
                    player=dealer,
                    card=card,
                ),
                "record.trump_card",
                "deal",
            )
            return None
        trump = card.suit
        steps.append(
            t(
                "First phase, trumps: {suit} ({card}, kept by {player}).",
                suit=trump,
                card=card,
                player=dealer,
            )
        )
        caps = [quotas[titles[p]] for p in players]
        leader = (d + 1) % PLAYERS
        first = replay_tricks(
            r, path + ("tricks",), rules, hands, players, leader, trump, number, caps=caps
        )
        if first is None:
            return None
        k.deal.findings.extend(first.findings)
        if first.stopped is not None:  # a wrong turn: the titles of the reign cannot be known
            steps.append(
                t(
                    "Trick {k} of the first phase is a wrong turn; the reign is not judged.",
                    k=first.stopped,
                )
            )
            return STOPPED
        for seat, after in first.left:
            steps.append(
                tn(
                    "{player} ({title}) reached the quota of {n} trick at trick {trick} and left the first "
                    "phase.",
                    "{player} ({title}) reached the quota of {n} tricks at trick {trick} and left "
                    "the first phase.",
                    caps[seat],
                    player=players[seat],
                    title=title_name(titles[players[seat]]),
                    trick=after,
                )
            )
        for seat, cards in first.dead.items():
            steps.append(
                t(
                    "Dead cards of {player}: {cards}.",
                    player=players[seat],
                    cards=sorted(cards, key=_INDEX),
                )
            )
        won = first.tricks_won(PLAYERS)
        return self._titles_steps(
            players, titles, quotas, dict(zip(players, won, strict=True)), steps, left_said=True
        )

    def _pack(self, r: Reader, path: Path, players: list[str]) -> list[list[Card]] | None:
        hands = read_hands(r, path, players, HAND)
        return (
            None
            if hands is None
            or not whole_pack(r, path, [c for h in hands for c in h], DECK, PACK_MISMATCH)
            else hands
        )

    def _reign(
        self,
        k: KorolDeal,
        reign: dict[str, str],
        hands: list[list[Card]],
        card: Card,
        rules: TrickRules,
    ) -> dict[str, int] | None:
        r, path, number, players, steps = k.deal.r, k.deal.path, k.deal.number, k.players, k.steps
        seat_of = {title: players.index(p) for p, title in reign.items()}
        peasant = seat_of["peasant"]
        if card not in set(hands[peasant]):
            r.fail(
                path + ("reign_trump_card",),
                t(
                    "The reign's trump card is the last card dealt, so it is in the "
                    "Peasant's hand ({player}); {card} is not.",
                    player=players[peasant],
                    card=card,
                ),
                "record.trump_card",
                "deal",
            )
            return None
        trump = card.suit
        assert trump is not None
        steps.append(
            t(
                "The reign: {player}, the Peasant, deals; trumps: {suit} ({card}).",
                player=players[peasant],
                suit=trump,
                card=card,
            )
        )
        held = [list(h) for h in hands]
        # the deal's mapping is in hand: its fields are read from it, not found again from the top
        exchanges = k.deal.value.get("exchanges")
        if not isinstance(exchanges, dict):
            if exchanges is not None:
                r.mapping(path + ("exchanges",))  # says it must be a mapping
        elif not _EXCHANGERS.issuperset(exchanges):
            r.known_keys(path + ("exchanges",), _EXCHANGERS)
        for title in ("soldier", "peasant"):
            if not self._exchange(k, title, held, seat_of, trump):
                return None
        top = max((c for h in held for c in h if c.suit is trump), key=_INDEX)
        leader = next(s for s, h in enumerate(held) if top in set(h))
        steps.append(
            t(
                "{player} holds {card}, the highest trump, and leads.",
                player=players[leader],
                card=top,
            )
        )
        replay: Replay | None = replay_tricks(
            r, path + ("reign_tricks",), rules, held, players, leader, trump, number
        )
        if replay is None:
            return None
        k.deal.findings.extend(first_lead_as(replay, "play.reign_lead").findings)
        won = replay.tricks_won(PLAYERS)
        steps.append(t("Tricks in the reign: {tricks}.", tricks=counts_of(players, won)))
        return dict(zip(players, won, strict=True))

    def _exchange(
        self,
        k: KorolDeal,
        title: str,
        held: list[list[Card]],
        seat_of: dict[str, int],
        trump: Suit,
    ) -> bool:
        """One exchange with the King (``title`` gives), checked on the hands ``held``; False if the
        record cannot be true."""
        r, number, players, findings, steps = (
            k.deal.r,
            k.deal.number,
            k.players,
            k.deal.findings,
            k.steps,
        )
        path = k.deal.at("exchanges", title)
        seat, king = seat_of[title], seat_of["king"]
        name = players[seat]
        trumps = sorted((c for c in held[seat] if c.suit is trump), key=_INDEX)
        exchanges = k.deal.value.get("exchanges")
        value = exchanges.get(title) if isinstance(exchanges, dict) else None

        def where() -> Where:  # worked out only for a finding: a legal exchange has none
            return r.doc.where(path if value is not None else path[:-1], deal=number)

        if value is None:
            if trumps:
                findings.append(
                    Finding(
                        f"exchange.{title}_missing",
                        "error",
                        where(),
                        t(
                            "{player}, {title}, holds a trump ({cards}) and must give one to "
                            "the King, but the record shows "
                            "no exchange.",
                            player=name,
                            title=title_name(title),
                            cards=trumps,
                        ),
                    )
                )
            else:
                steps.append(
                    t(
                        "{player}, {title}, holds no trump and exchanges nothing.",
                        player=name,
                        title=title_name(title),
                    )
                )
            return True
        if not isinstance(value, dict):
            r.mapping(path)  # says it must be a mapping
            return False
        if not _EXCHANGE_KEYS.issuperset(value):
            r.known_keys(path, _EXCHANGE_KEYS)
        gives, gets = _exchanged(r, path, value, "gives"), _exchanged(r, path, value, "gets")
        if gives is None or gets is None:
            return False
        at = _position(held[seat], gives)
        if at is None:
            r.fail(
                path + ("gives",),
                t("{player} gives {card}, which is not in their hand.", player=name, card=gives),
                "record.not_held",
                "exchange",
            )
            return False
        del held[seat][at]
        held[king].append(gives)
        at = _position(held[king], gets)
        if at is None:
            r.fail(
                path + ("gets",),
                t(
                    "The King, {player}, gives back {card}, which is not in their hand.",
                    player=players[king],
                    card=gets,
                ),
                "record.not_held",
                "exchange",
            )
            return False
        del held[king][at]
        held[seat].append(gets)
        steps.append(
            t(
                "{player}, {title}, gives the King {card} and gets {back}.",
                player=name,
                title=title_name(title),
                card=gives,
                back=gets,
            )
        )
        if gives.suit is not trump:
            findings.append(
                Finding(
                    f"exchange.{title}_not_trump",
                    "error",
                    where(),
                    t(
                        "{player}, {title}, must give the King a trump, not {card}.",
                        player=name,
                        title=title_name(title),
                        card=gives,
                    ),
                )
            )
        elif title == "soldier" and gives is not trumps[-1]:  # cards are interned
            findings.append(
                Finding(
                    "exchange.soldier_not_highest",
                    "error",
                    where(),
                    t(
                        "{player}, the Soldier, must give the King his highest trump, {best}, not {card}.",
                        player=name,
                        best=trumps[-1],
                        card=gives,
                    ),
                )
            )
        return True
